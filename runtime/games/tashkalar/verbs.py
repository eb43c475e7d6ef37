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
from . import lines as L
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
def lister(env, noun: str, zone: str, players, position) -> list:
    g, ctx = env.game, env.ctx
    if zone == "board":
        sqs = B.SQUARES
    elif zone == "marked":
        sqs = ctx.marked
    elif zone == "pattern":
        sqs = ctx.used
    elif zone in L.ZONES:
        if ctx.being < 0:
            raise EffectError(f"'{zone}' is read from a summoned being: none here")
        sqs = L.zone(ctx, g.owner, zone)
    else:
        s = ctx.being
        if s < 0:
            raise EffectError(f"'{zone}' squares are read from a summoned being: none here")
        sqs = {"adjacent": B.NEIGHBOURS, "diagonal": B.DIAGONAL,
               "orthogonal": B.ORTHOGONAL, "near": B.WITHIN_TWO}[zone][s]
    if noun == "piece":
        return [s for s in sqs if g.owner[s] >= 0]
    if noun == "direction":
        return list(B.DIRECTION_NAMES)
    return list(sqs)


def every_direction(env) -> list:
    return list(B.DIRECTION_NAMES)


def every_rank(env) -> list:
    return ["common", "heroic", "legendary"]


DOMAINS = {"direction": every_direction, "rank": every_rank}


# ------------------------------------------------------------------ tests (adjectives)
def _rank_is(env, s, arg) -> bool:
    s = square_of(env, s)
    return env.game.owner[s] >= 0 and env.game.rank[s] == RANK_WORDS[arg]


@test("rank", doc="a piece of exactly this rank")
def rank_is(env, s, arg) -> bool:
    return _rank_is(env, s, arg)


@test("upgraded", doc="a heroic or legendary piece (004 术语)")
def upgraded(env, s, arg) -> bool:
    s = square_of(env, s)
    return env.game.owner[s] >= 0 and env.game.rank[s] > COMMON


@test("enemy", doc="a piece of another player's colour")
def enemy(env, s, arg) -> bool:
    o = env.game.owner[square_of(env, s)]
    return o >= 0 and o != env.executor


@test("own", doc="a piece of your colour")
def own(env, s, arg) -> bool:
    return env.game.owner[square_of(env, s)] == env.executor


@test("empty", doc="a square without a piece")
def empty(env, s, arg) -> bool:
    return env.game.owner[square_of(env, s)] < 0


@test("being", doc="the summoned being's piece")
def is_being(env, s, arg) -> bool:
    return square_of(env, s) == env.ctx.being


@test("square_color", doc="a red or green square of the board (High Form)")
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


@test("upgradable", doc="a common piece (one rank up makes it heroic)")
def upgradable(env, s, arg) -> bool:
    s = square_of(env, s)
    return env.game.owner[s] >= 0 and env.game.rank[s] == COMMON


@verb("downgrade", "pieces", yields="pieces", phrase="{verbs} {obj}{args}", able="downgradable",
      doc="004 术语: one rank down, heroic to common")
def downgrade(env, items, call) -> list:
    g = env.game
    return [s for s in squares(env, items) if g.downgrade(s)]


@test("downgradable", doc="a heroic piece")
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
            env.ctx.heading = None if jump else L.heading(s, t)
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
    return {"turn": "take an extra turn after this one",
            "card": "draw an extra card from your deck at the end of this turn",
            "legend": "draw an extra card from the legendary deck at the end of this turn",
            }.get(word, "gain an action")


@verb("gain", "reward", phrase=_gain_phrase,
      doc="`gain action`: one more action this turn; `gain turn`: an extra turn after this one; "
          "`gain card` / `gain legend`: one more card drawn from your deck / the legendary "
          "deck at the end of this turn")
def gain(env, items, call) -> list:
    word = items[0] if type(items) is list and items else items
    g, p = env.game, env.executor
    if word == "turn":
        g.extra_turn = True
        return ["turn"]
    if word in ("card", "legend"):
        g.extra_draws[p].append(word)
        return [word]
    g.actions_left += 1
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
                env.ctx.heading = d
            s = t
            if hit == LEGENDARY:
                break
        done.append(s)
    return done


# ------------------------------------------------------------------ the Sylvan deck's words
def _convert_phrase(r, act) -> str:
    s = f"convert {r.obj(act.obj)} to your"
    for prep, val in act.kwargs:
        return s + f" {r.expr(val)} piece"
    return s + " piece of the same rank"


@verb("convert", "pieces", yields="pieces", kwargs=(("into", "rank", False),),
      phrase=_convert_phrase, able="convertible",
      doc="004 术语: the piece becomes yours, of the same rank or the rank `into` says; "
          "converting counts as destroying the piece ('将一枚棋子“转化”为不同颜色算作摧毁')")
def convert(env, items, call) -> list:
    g, p = env.game, env.executor
    into = call.arg("into")
    into = into[0] if type(into) is list and into else into
    done = []
    for s in squares(env, items):
        o = g.owner[s]
        if o < 0 or o == p:
            continue
        r = g.rank[s] if into is None else RANK_WORDS[into]
        g.destroy(p, s)
        if g.place(p, s, r):
            done.append(s)
    return done


@test("convertible", doc="a piece of another colour (one's own cannot be converted)")
def convertible(env, s, arg) -> bool:
    o = env.game.owner[square_of(env, s)]
    return o >= 0 and o != env.executor


def _plant_phrase(r, act) -> str:
    s = f"place an enemy {r.expr(act.obj)} piece"
    for prep, val in act.kwargs:
        s += f" on {r.obj(val)}"
    return s


@verb("plant", "rank", yields="pieces", kwargs=(("onto", "squares", True),),
      phrase=_plant_phrase,
      doc="a piece of an opponent's colour (the one you choose, with several) of this rank "
          "on each square")
def plant(env, rank, call) -> list:
    g, p = env.game, env.executor
    where = call.arg("onto")
    where = where if type(where) is list else ([] if where is None else [where])
    targets = [s for s in squares(env, where) if g.owner[s] < 0]
    if not targets:
        return []
    q = g.choose(p, "player", g.opponents(p), 1, 1, "place a piece of whose colour")[0]
    r = RANK_WORDS[rank[0] if type(rank) is list else rank]
    return [s for s in targets if g.place(q, s, r)]


def _distance(a: int, b: int) -> int:
    ax, ay = B.xy(a)
    bx, by = B.xy(b)
    return max(abs(ax - bx), abs(ay - by))


@function("distance", ("square",), "int", phrase="the distance between the being and {0}")
def distance(env, s):
    """Squares between the being and s counted as moves (the larger of the column and row
    differences: 004 术语, a move goes one square in any of the 8 directions)."""
    s = square_of(env, s if type(s) is not list else (s[0] if s else -1))
    b = env.ctx.being
    if b < 0 or s < 0:
        raise EffectError("'distance' is read from a summoned being: none here")
    return _distance(b, s)


@function("beside_own", ("square",), "bool",
          phrase="{0} is adjacent to one of your pieces other than the being")
def beside_own(env, s):
    g, p = env.game, env.executor
    s = square_of(env, s if type(s) is not list else (s[0] if s else -1))
    return any(g.owner[t] == p and t != env.ctx.being for t in B.NEIGHBOURS[s])


@function("more_common", ("square",), "bool",
          phrase="the owner of {0} has more common pieces than you")
def more_common(env, s):
    g, p = env.game, env.executor
    s = square_of(env, s if type(s) is not list else (s[0] if s else -1))
    o = g.owner[s]
    return o >= 0 and g.pieces(o) - g.upgraded(o) > g.pieces(p) - g.upgraded(p)


@function("more_upgraded", ("square",), "bool",
          phrase="the owner of {0} has more upgraded pieces than you")
def more_upgraded(env, s):
    g, p = env.game, env.executor
    s = square_of(env, s if type(s) is not list else (s[0] if s else -1))
    o = g.owner[s]
    return o >= 0 and g.upgraded(o) > g.upgraded(p)


def _pile(env) -> list:
    """The executor's discard pile without the card whose effect runs (a summoned being's
    card is discarded as it is summoned: its effect reads the pile as it was before)."""
    return [c for c in env.game.discards[env.executor] if c != env.ctx.card]


@function("discards", (), "int", phrase="the number of cards in your discard pile")
def discards(env):
    return len(_pile(env))


@function("owner", ("square|pieces",), "player", phrase="the owner of {0}")
def owner_of(env, s):
    s = square_of(env, s if type(s) is not list else (s[0] if s else -1))
    return env.game.owner[s] if s >= 0 else -1


@verb("recall", None, phrase=lambda r, act: "put a card of your discard pile on top of your deck",
      doc="a card of your discard pile, chosen, onto the top of your deck")
def recall(env, items, call) -> list:
    g, p = env.game, env.executor
    pile = _pile(env)
    if not pile:
        return []
    c = g.choose(p, "card", pile, 1, 1,
                 "a card of your discard pile to put on top of your deck")[0]
    g.discards[p].remove(c)
    g.deck[p].append(c)     # the deck's top is the list's end
    return [c]


def _advance_phrase(r, act) -> str:
    style = r.expr(act.adverb) if act.adverb else "standard"
    return f"do a {style} move with {r.obj(act.obj)} in the direction of the being's last move"


@verb("advance", "pieces", yields="pieces", adverb="style", phrase=_advance_phrase,
      able="advanceable",
      doc="one move in the direction of the being's last move (Centaur Chieftain)")
def advance(env, items, call) -> list:
    g, p = env.game, env.executor
    combat = (call.adverb or "standard") == "combat"
    d = env.ctx.heading
    done = []
    if d is None:
        return done
    for s in squares(env, items):
        t = B.step(s, d)
        if g.owner[s] < 0 or not g.can_enter(g.rank[s], t, combat):
            continue
        done.append(g.move(p, s, t))
        if env.ctx.being == s:
            env.ctx.being = t
    return done


@test("advanceable", doc="a piece that can move one square in the being's last direction")
def advanceable(env, s, arg) -> bool:
    g = env.game
    s = square_of(env, s)
    d = env.ctx.heading
    # a combat move may enter a square of the same rank: the verb's adverb decides at the
    # move; here a square it could enter at all (combat's rules) is enough to be offered
    return d is not None and g.owner[s] >= 0 and g.can_enter(g.rank[s], B.step(s, d), True)
