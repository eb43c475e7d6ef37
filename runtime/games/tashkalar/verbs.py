"""Tash-Kalar's verbs, tests, functions and where its pieces and squares are, for the card
language (004 术语: moves, jumps, destroy, upgrade, downgrade; 召唤: place).

A piece is named by its square (an int, board.py); `being` is the summoned being's square.
Zones are read from the being: `adjacent` (its eight neighbours), `diagonal`, `orthogonal`,
`marked` (the pattern's marked squares as summoned), `pattern` (the squares of the pieces that
summoned it), and `board`."""
from __future__ import annotations

from dsl.interp import EffectError
from dsl.vocab import function, test, verb

from . import board as B
from .patterns import COMMON, HEROIC, LEGENDARY

RANK_WORDS = {"common": COMMON, "heroic": HEROIC, "legendary": LEGENDARY}


def square_of(env, x) -> int:
    if x == "being":
        s = env.ctx.being
        if s < 0:
            raise EffectError("'being' names the summoned being's square: none here")
        return s
    return x


def squares(env, items) -> list:
    if type(items) is not list:
        items = [items]
    return [square_of(env, x) for x in items]


# ------------------------------------------------------------------ where things are
AROUND = {"adjacent": B.NEIGHBOURS, "diagonal": B.DIAGONAL, "orthogonal": B.ORTHOGONAL,
          "near": B.WITHIN_TWO}


def lister(env, noun: str, zone: str, players, position) -> list:
    g, ctx = env.game, env.ctx
    if zone == "board":
        sqs = B.SQUARES
    elif zone == "marked":
        sqs = ctx.marked
    elif zone == "pattern":
        sqs = ctx.used
    else:
        s = ctx.being
        if s < 0:
            raise EffectError(f"'{zone}' squares are read from a summoned being: none here")
        sqs = AROUND[zone][s]
    if noun == "piece":
        owner = g.owner
        out = []
        for t in sqs:
            if owner[t] >= 0:
                out.append(t)
        return out
    if noun == "direction":
        return list(B.DIRECTION_NAMES)
    return list(sqs)


def every_direction(env) -> list:
    return list(B.DIRECTION_NAMES)


def every_rank(env) -> list:
    return ["common", "heroic", "legendary"]


DOMAINS = {"direction": every_direction, "rank": every_rank}


# ------------------------------------------------------------------ tests (adjectives)
# The tests below, and piece_test: the same tests by number, their compiled form (each test's
# `inline`: compiled card modules call it through C, runtime/games/tashkalar/inline.py). The
# interpreter runs the tests themselves; tests/tashkalar/test_tk_compiled.py holds both alike.
RANK_T, UPGRADED_T, ENEMY_T, OWN_T, EMPTY_T, BEING_T, COLOR_T, UPGRADABLE_T, DOWNGRADABLE_T = \
    0, 1, 2, 3, 4, 5, 6, 7, 8


def piece_test(env, x, which: int, arg) -> bool:
    """Test number `which` of the piece or square x (a square, or `being`)."""
    g = env.game
    s = square_of(env, x)
    o = g.owner[s]
    if which == RANK_T:
        return o >= 0 and g.rank[s] == RANK_WORDS[arg]
    if which == UPGRADED_T:
        return o >= 0 and g.rank[s] > COMMON
    if which == ENEMY_T:
        return o >= 0 and o != env.executor
    if which == OWN_T:
        return o == env.executor
    if which == EMPTY_T:
        return o < 0
    if which == BEING_T:
        return s == env.ctx.being
    if which == COLOR_T:
        return s in (B.RED if arg == "red" else B.GREEN)
    if which == UPGRADABLE_T:
        return o >= 0 and g.rank[s] == COMMON
    return o >= 0 and g.rank[s] == HEROIC   # DOWNGRADABLE_T


def _inline(code: int) -> str:
    return f"piece_test(env, {{item}}, {code}, {{arg}})"


@test("rank", doc="a piece of exactly this rank", inline=_inline(RANK_T))
def rank_is(env, s, arg) -> bool:
    s = square_of(env, s)
    return env.game.owner[s] >= 0 and env.game.rank[s] == RANK_WORDS[arg]


@test("upgraded", doc="a heroic or legendary piece (004 术语)", inline=_inline(UPGRADED_T))
def upgraded(env, s, arg) -> bool:
    s = square_of(env, s)
    return env.game.owner[s] >= 0 and env.game.rank[s] > COMMON


@test("enemy", doc="a piece of another player's colour", inline=_inline(ENEMY_T))
def enemy(env, s, arg) -> bool:
    o = env.game.owner[square_of(env, s)]
    return o >= 0 and o != env.executor


@test("own", doc="a piece of your colour", inline=_inline(OWN_T))
def own(env, s, arg) -> bool:
    return env.game.owner[square_of(env, s)] == env.executor


@test("empty", doc="a square without a piece", inline=_inline(EMPTY_T))
def empty(env, s, arg) -> bool:
    return env.game.owner[square_of(env, s)] < 0


@test("being", doc="the summoned being's piece", inline=_inline(BEING_T))
def is_being(env, s, arg) -> bool:
    return square_of(env, s) == env.ctx.being


@test("square_color", doc="a red or green square of the board (High Form)",
      inline=_inline(COLOR_T))
def square_color(env, s, arg) -> bool:
    s = square_of(env, s)
    return s in (B.RED if arg == "red" else B.GREEN)


# ------------------------------------------------------------------ functions
@function("rank", ("square",), "rank", phrase="the rank of {0}")
def rank_of(env, s):
    s = square_of(env, s if type(s) is not list else (s[0] if s else -1))
    if s < 0 or env.game.owner[s] < 0:
        return "none"
    return ("common", "heroic", "legendary")[env.game.rank[s]]


@function("last_action", (), "bool", phrase="this is your last action this turn")
def last_action(env):
    return env.game.actions_left == 0


# ------------------------------------------------------------------ verbs
@verb("destroy", "pieces", yields="pieces", phrase="{verbs} {obj}{args}",
      doc="004 术语: the piece leaves the board, back to its owner's stock")
def destroy(env, items, call) -> list:
    g = env.game
    return [s for s in squares(env, items) if g.destroy(env.executor, s)]


@verb("upgrade", "pieces", yields="pieces", phrase="{verbs} {obj}{args}", able="upgradable",
      doc="004 术语: one rank up, common to heroic")
def upgrade(env, items, call) -> list:
    g = env.game
    return [s for s in squares(env, items) if g.upgrade(s)]


@test("upgradable", doc="a common piece (one rank up makes it heroic)",
      inline=_inline(UPGRADABLE_T))
def upgradable(env, s, arg) -> bool:
    s = square_of(env, s)
    return env.game.owner[s] >= 0 and env.game.rank[s] == COMMON


@verb("downgrade", "pieces", yields="pieces", phrase="{verbs} {obj}{args}", able="downgradable",
      doc="004 术语: one rank down, heroic to common")
def downgrade(env, items, call) -> list:
    g = env.game
    return [s for s in squares(env, items) if g.downgrade(s)]


@test("downgradable", doc="a heroic piece", inline=_inline(DOWNGRADABLE_T))
def downgradable(env, s, arg) -> bool:
    s = square_of(env, s)
    return env.game.owner[s] >= 0 and env.game.rank[s] == HEROIC


def _place_phrase(r, act) -> str:
    s = f"place a {r.expr(act.obj)} piece of your color"
    for prep, val in act.kwargs:
        s += f" on {r.obj(val)}"
    return s


@verb("place", "rank", yields="pieces", kwargs=(("onto", "squares", True),), phrase=_place_phrase,
      doc="a piece of your colour of this rank on each square (004 棋子用尽: from the board "
          "when the stock is out)")
def place(env, rank, call) -> list:
    g, p = env.game, env.executor
    where = call.arg("onto")
    where = where if type(where) is list else ([] if where is None else [where])
    r = RANK_WORDS[rank[0] if type(rank) is list else rank]
    return [s for s in squares(env, where) if g.owner[s] < 0 and g.place(p, s, r)]


def _moves(env, items, call, jump: bool) -> list:
    g, p = env.game, env.executor
    style = call.adverb or "standard"
    combat = style == "combat"
    onto = call.arg("onto") if call.step.args else None
    allowed = None if onto is None else set(squares(env, onto if type(onto) is list else [onto]))
    done = []
    for s in squares(env, items):
        if g.owner[s] < 0:
            continue
        dests = [t for t in g.destinations(s, combat, jump) if allowed is None or t in allowed]
        if not dests:
            continue
        t = g.choose(p, "square", dests, 1, 1,
                     f"{'jump' if jump else 'move'} {B.name(s)} to")[0]
        done.append(g.move(p, s, t))
        if env.ctx.being == s:   # the being's piece moved: what is read from it follows it
            env.ctx.being = t
    return done


def _move_phrase(word):
    def phrase(r, act) -> str:
        s = f"{word} {r.obj(act.obj)} ({r.expr(act.adverb) if act.adverb else 'standard'})"
        for prep, val in act.kwargs:
            s += f" onto {r.obj(val)}"
        return s
    return phrase


@verb("move", "pieces", yields="pieces", adverb="style", kwargs=(("onto", "squares", False),),
      phrase=_move_phrase("move"), produces=True,
      doc="004 术语: one square in any direction; standard onto an empty square or a lower "
          "rank, combat onto the same rank or lower; the piece there is destroyed")
def move(env, items, call) -> list:
    return _moves(env, items, call, False)


@verb("jump", "pieces", yields="pieces", adverb="style", kwargs=(("onto", "squares", False),),
      phrase=_move_phrase("jump"), produces=True,
      doc="004 术语: from any square to any other, as a move's rules")
def jump(env, items, call) -> list:
    return _moves(env, items, call, True)


def _gain_phrase(r, act) -> str:
    word = getattr(act.obj, "value", "action")
    return "take an extra turn after this one" if word == "turn" else "gain an action"


@verb("gain", "reward", phrase=_gain_phrase,
      doc="`gain action`: one more action this turn; `gain turn`: an extra turn after this one")
def gain(env, items, call) -> list:
    word = items[0] if type(items) is list and items else items
    if word == "turn":
        env.game.extra_turn = True
        return ["turn"]
    env.game.actions_left += 1
    return ["action"]


def _charge_phrase(r, act) -> str:
    style = r.expr(act.adverb) if act.adverb else "standard"
    return f"charge with {r.obj(act.obj)}: any number of {style} moves in one direction"


@verb("charge", "pieces", adverb="style", phrase=_charge_phrase, yields="pieces",
      doc="the player chooses a direction; the piece may do any number of moves in it (a "
          "combat charge stops when it destroys a legendary piece)")
def charge(env, items, call) -> list:
    g, p = env.game, env.executor
    combat = (call.adverb or "standard") == "combat"
    done = []
    for s in squares(env, items):
        if g.owner[s] < 0:
            continue
        r = g.rank[s]
        dirs = [d for d in B.DIRECTION_NAMES
                if g.can_enter(r, B.step(s, B.DIRECTIONS[d]), combat)]
        if not dirs:
            continue
        d = B.DIRECTIONS[g.choose(p, "direction", dirs, 1, 1, f"charge {B.name(s)} toward")[0]]
        while True:
            t = B.step(s, d)
            if not g.can_enter(r, t, combat) or not g.choose_yes_no(p, f"move {B.name(s)} on?"):
                break
            hit = g.rank[t] if g.owner[t] >= 0 else -1
            g.move(p, s, t)
            if env.ctx.being == s:
                env.ctx.being = t
            s = t
            if hit == LEGENDARY:
                break
        done.append(s)
    return done
