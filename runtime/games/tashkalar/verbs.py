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
    if type(x) is int:   # a square (most calls): no comparison with the word
        return x
    if x == "being":
        s = env.ctx.being
        if s < 0:
            raise EffectError("'being' names the summoned being's square: none here")
        return s
    return x


# the square one step from each square in each direction (-1: off the board), by direction name:
# board.step as a table (typed in the compiled twin: no Python call per step)
_NEXT = {d: tuple(B.step(s, v) for s in range(B.N)) for d, v in B.DIRECTIONS.items()}


def _step(s: int, d: str) -> int:
    """board.step(s, DIRECTIONS[d])."""
    return _NEXT[d][s]


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
    elif zone == "marked2":   # a second marked set (the pattern's `n` cells)
        sqs = ctx.marked2
    elif zone == "pattern":
        sqs = ctx.used
    elif zone == "here":
        sqs = (ctx.being,) if ctx.being >= 0 else ()
    elif zone == "gateway":   # 004 扩展 虚空: the Gateway's square
        sqs = (g.portal,) if g.portal >= 0 else ()
    elif zone == "beside_gateway":   # the squares adjacent to the Gateway
        sqs = B.NEIGHBOURS[g.portal] if g.portal >= 0 else ()
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
    if which == COLOR_T:   # `colored`: red or green (square_color's reading)
        if arg == "colored":
            return s in B.RED or s in B.GREEN
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
    if arg == "colored":
        return s in B.RED or s in B.GREEN
    return s in (B.RED if arg == "red" else B.GREEN)


@test("central", doc="a square of the board's central 3x3")
def central(env, s, arg) -> bool:
    return square_of(env, s) in B.CENTRAL


# ------------------------------------------------------------------ functions
@function("rank", ("square|pieces",), "rank", phrase="the rank of {0}")
def rank_of(env, s):
    if s is None:   # a declined choice's binding: no piece
        return "none"
    s = square_of(env, s if type(s) is not list else (s[0] if s else -1))
    if s < 0 or env.game.owner[s] < 0:
        return "none"
    return ("common", "heroic", "legendary")[env.game.rank[s]]


@function("last_action", (), "bool", phrase="this is your last action this turn")
def last_action(env):
    return env.game.actions_left == 0


# ------------------------------------------------------------------ verbs
@verb("destroy", "pieces", yields="squares", phrase="{verbs} {obj}{args}",
      doc="004 术语: the piece leaves the board, back to its owner's stock; yields the "
          "squares it was on (no longer pieces)")
def destroy(env, items, call) -> list:
    g, ctx = env.game, env.ctx
    done = [s for s in squares(env, items) if g.destroy(env.executor, s)]
    if done and ctx.used:   # a destroyed piece is no longer one of the pieces used
        ctx.used = tuple(x for x in ctx.used if x not in done)
    return done


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
          "when the stock is out)", inline="tk_place(env, {items}, {onto.value})")
def place(env, rank, call) -> list:
    return place_on(env, rank, call.arg("onto"))


def place_on(env, rank, where) -> list:
    """`place`, `where` the value of its `onto` (its compiled form: the card's code
    evaluates `onto`)."""
    g, p = env.game, env.executor
    where = where if type(where) is list else ([] if where is None else [where])
    r = RANK_WORDS[rank[0] if type(rank) is list else rank]
    return [s for s in squares(env, where) if g.owner[s] < 0 and g.place(p, s, r)]


def _moves(env, items, call, jump: bool) -> list:
    style = call.adverb
    return moves(env, items, style, call.arg("onto") if call.step.args else None, jump)


def moves(env, items, style, onto, jump: bool) -> list:
    """`move` / `jump` of these pieces, `style` the adverb's value (None: standard), `onto`
    the squares allowed (None: any): the verbs' run, and their compiled form (the adverb and
    `onto` evaluated by the card's compiled code, in the order run() asks them)."""
    g, p = env.game, env.executor
    combat = style == "combat"
    allowed = None
    if onto is not None:   # the allowed squares as flags by square
        allowed = [False] * _N
        for x in (onto if type(onto) is list else [onto]):
            a = square_of(env, x)
            if 0 <= a < _N:
                allowed[a] = True
    done = []
    for s in squares(env, items):
        if g.owner[s] < 0:
            continue
        dests = [t for t in g.destinations(s, combat, jump) if allowed is None or allowed[t]]
        if not dests:
            continue
        t = g.choose(p, "square", dests, 1, 1,
                     f"{'jump' if jump else 'move'} {B.name(s)} to")[0]
        done.append(g.move(p, s, t))
        _follow(env.ctx, s, t, None if jump else _direction_of(s, t))
    return done


def _follow(ctx, s: int, t: int, heading=None) -> None:
    """A piece moved from s to t: the being's square and the pattern's pieces (the pieces
    used to summon it) follow their pieces; a piece destroyed on t is no longer used. A
    being's move in a direction (`heading`: its name, None for a jump) is its last move's
    direction (`heading()`)."""
    if ctx.being == s:   # what is read from the being follows it
        ctx.being = t
        ctx.heading = heading
    if s in ctx.used or t in ctx.used:
        used = [x for x in ctx.used if x != t]   # a used piece on t was destroyed
        if s in used:
            used[used.index(s)] = t
        ctx.used = tuple(used)


def _move_phrase(word):
    def phrase(r, act) -> str:
        s = f"{word} {r.obj(act.obj)} ({r.expr(act.adverb) if act.adverb else 'standard'})"
        for prep, val in act.kwargs:
            s += f" onto {r.obj(val)}"
        return s
    return phrase


@verb("move", "pieces", yields="pieces", adverb="style", kwargs=(("onto", "squares", False),),
      phrase=_move_phrase("move"), produces=True,
      inline="tk_moves(env, {items}, {adverb}, {onto.value}, False)",
      doc="004 术语: one square in any direction; standard onto an empty square or a lower "
          "rank, combat onto the same rank or lower; the piece there is destroyed")
def move(env, items, call) -> list:
    return _moves(env, items, call, False)


@verb("jump", "pieces", yields="pieces", adverb="style", kwargs=(("onto", "squares", False),),
      phrase=_move_phrase("jump"), produces=True,
      inline="tk_moves(env, {items}, {adverb}, {onto.value}, True)",
      doc="004 术语: from any square to any other, as a move's rules")
def jump(env, items, call) -> list:
    return _moves(env, items, call, True)


def _gain_phrase(r, act) -> str:
    word = getattr(act.obj, "value", "action")
    return {"turn": "take an extra turn after this one",
            "card": "draw an extra card from your deck at the end of this turn",
            "legend": "draw an extra card from the legendary deck at the end of this turn",
            "improvisation": "your next summon this turn may count one enemy piece of its "
                             "pattern as your own",
            }.get(word, "gain an action")


@verb("gain", "reward", phrase=_gain_phrase,
      doc="`gain action`: one more action this turn; `gain turn`: an extra turn after this "
          "one; `gain improvisation`: the next summon this turn may use one enemy piece as "
          "one's own (besides 004 即兴召唤's once per opponent); `gain card` / `gain legend`: "
          "one more card drawn from your deck / the legendary deck at the end of this turn")
def gain(env, items, call) -> list:
    word = items[0] if type(items) is list and items else items
    g, p = env.game, env.executor
    if word == "improvisation":
        g.bonus_improvisation = True
        return ["improvisation"]
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
    count, moves, which = "any number of", "moves", "one direction"
    for prep, val in act.kwargs:
        if prep == "for":
            count = f"up to {r.expr(val)}"
            moves = "move" if count in ("up to 1", "up to one") else "moves"
        elif prep == "using":
            which = f"the direction {r.expr(val)}"
    return f"charge with {r.obj(act.obj)}: {count} {style} {moves} in {which}"


@verb("charge", "pieces", adverb="style", phrase=_charge_phrase, yields="pieces",
      kwargs=(("for", "int", False), ("using", "directions", False)),
      doc="the player chooses a direction (`using DIRECTIONS`: one of these); the piece may do "
          "any number of moves in it (`for N`: up to N), one at a time (a combat charge stops when it destroys a legendary "
          "piece); yields where each piece ends")
def charge(env, items, call) -> list:
    g, p = env.game, env.executor
    combat = (call.adverb or "standard") == "combat"
    limit = call.arg("for") if call.step.args else None
    limit = B.N if limit is None else limit
    only = call.arg("using") if call.step.args else None   # `using DIRECTIONS`: among these
    only = None if only is None else _words(only)
    done = []
    for s in squares(env, items):
        if g.owner[s] < 0:
            continue
        r = g.rank[s]
        dirs = [d for d in B.DIRECTION_NAMES
                if g.can_enter(r, _step(s, d), combat)
                and (only is None or d in only)]
        if not dirs or limit <= 0:
            done.append(s)
            continue
        name = g.choose(p, "direction", dirs, 1, 1, f"charge {B.name(s)} toward")[0]
        steps = 0
        while steps < limit:
            steps += 1
            t = _step(s, name)
            if not g.can_enter(r, t, combat) or not g.choose_yes_no(p, f"move {B.name(s)} on?"):
                break
            hit = g.rank[t] if g.owner[t] >= 0 else -1
            g.move(p, s, t)
            _follow(env.ctx, s, t, name)
            s = t
            if hit == LEGENDARY:
                break
        done.append(s)
    return done


# ------------------------------------------------------------------ lines, groups, distances
# Where a being's effect reaches along the board: the squares adjacent to some pieces (a
# connected group is grown one adjacent piece at a time), the directions toward some squares
# (a card's indicated directions are its marked squares beside the being), a line of squares
# from the being in some directions, and the distance between two squares (004 术语: a move
# is one square in any of the 8 directions, so the distance counts such steps).
def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


_W = B.W
_N = B.N
# the direction's name of a step (dx, dy) of -1, 0 or 1 each, by (dx + 1) * 3 + dy + 1
_HEADINGS = tuple(next((n for n, v in B.DIRECTIONS.items() if v == (dx, dy)), None)
                  for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def _direction_of(s: int, t: int):
    """The direction from s to t when t is in a line from s (a row, column or diagonal), else
    None (t == s too). Typed in the compiled twin (accel/verbs.pxd): a C call, no tuples."""
    dx = t % _W - s % _W
    dy = t // _W - s // _W
    if (dx == 0 and dy == 0) or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return None
    return _HEADINGS[(_sign(dx) + 1) * 3 + _sign(dy) + 1]


def _words(x) -> list:
    return list(x) if type(x) is list else ([] if x is None else [x])


@function("adjacent_to", ("squares|pieces",), "squares", zones=True,
          phrase="the squares adjacent to {0}",
          doc="the squares next to any of these squares (8 directions), not these ones: a "
              "connected group grows by a piece on adjacent_to(the group so far)")
def adjacent_to(env, items) -> list:
    src = [s for s in squares(env, _words(items)) if type(s) is int and 0 <= s < B.N]
    near = [False] * B.N   # by square: next to one of them (their neighbours marked)
    for s in src:
        for t in B.NEIGHBOURS[s]:
            near[t] = True
    for s in src:
        near[s] = False
    return [t for t in B.SQUARES if near[t]]


@function("within", ("squares|pieces", "int"), "squares",
          phrase="the squares within distance {1} of {0}",
          doc="these squares and every square up to that distance from one of them: "
              "`within(all red squares on board, 1)` is on or adjacent to a red square")
def within(env, items, n) -> list:
    src = [B.xy(s) for s in squares(env, _words(items))]
    out = []
    for t in B.SQUARES:
        x, y = t % B.W, t // B.W
        for u, v in src:
            if abs(x - u) <= n and abs(y - v) <= n:
                out.append(t)
                break
    return out


@function("distance", ("square", "square"), "int", phrase="the distance from {0} to {1}",
          doc="the number of moves between two squares (any of the 8 directions)")
def distance(env, a, b) -> int:
    a = square_of(env, a[0] if type(a) is list else a)
    b = square_of(env, b[0] if type(b) is list else b)
    (x, y), (u, v) = B.xy(a), B.xy(b)
    return max(abs(x - u), abs(y - v))


@function("toward", ("squares|pieces",), "directions", zones=True,
          phrase="the being's directions toward {0}",
          doc="the directions from the being to these squares (a card's indicated "
              "directions: `toward(marked)`)")
def toward(env, items) -> list:
    s = square_of(env, "being")
    out = []
    for t in squares(env, _words(items)):
        d = _direction_of(s, t)
        if d is not None and d not in out:
            out.append(d)
    return [d for d in B.DIRECTION_NAMES if d in out]


@function("fan", ("directions",), "directions", pure=True,
          phrase="{0} and the directions at 45 degrees to it",
          doc="each direction and the two at 45 degrees to it")
def fan(env, dirs) -> list:
    names = B.DIRECTION_NAMES
    out = set()
    for d in _words(dirs):
        i = names.index(d)
        out.update((names[(i - 1) % 8], d, names[(i + 1) % 8]))
    return [d for d in names if d in out]


@function("line", ("directions", "int?"), "squares", defaults=("0",),
          phrase=lambda r, fn: (f"the squares beyond the being in {r.expr(fn.args[0])}"
                                + (f" up to distance {r.expr(fn.args[1])}"
                                   if len(fn.args) > 1 else " to the board's edge")),
          doc="the squares from the being in these directions, up to a distance (default: "
              "to the board's edge), over pieces and empty squares alike")
def line(env, dirs, n=0) -> list:
    s0 = square_of(env, "being")
    n = n or B.W
    out = []
    for d in _words(dirs):
        s = s0
        for _ in range(n):
            s = _step(s, d)
            if s < 0:
                break
            out.append(s)
    return out


@function("shot", ("directions", "int?"), "pieces", defaults=("1",),
          phrase=lambda r, fn: ("the first piece" if len(fn.args) < 2 else
                                f"the first {r.expr(fn.args[1])} pieces")
          + f" beyond the being in {r.expr(fn.args[0])}",
          doc="a shot: the first N pieces (default: one) from the being in each of these "
              "directions, over empty squares, whatever their rank: the card says what it "
              "destroys. Gun Tower's 'a legendary piece cannot be destroyed and stops the "
              "shot' is two shots of one piece each, `repeat 2 times:` / `destroy all "
              "non-legendary pieces on board where it in shot(aim)` (a legendary piece stays "
              "first); Kiskin Leafsplitter's 'the first piece' may be legendary")
def shot(env, dirs, n=1) -> list:
    g = env.game
    s0 = square_of(env, "being")
    out = []
    for d in _words(dirs):
        s, hit = s0, 0
        while hit < n:
            s = _step(s, d)
            if s < 0:
                break
            if g.owner[s] >= 0:
                out.append(s)
                hit += 1
    return out


@function("heading", (), "directions", phrase="the direction of the being's last move",
          doc="the direction of the being's last move (a move or a charge of this effect; "
              "none before it moves, or after a jump)")
def heading(env) -> list:
    return [] if env.ctx.heading is None else [env.ctx.heading]


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


@function("owner", ("square|pieces",), "player", phrase="the owner of {0}",
          doc="the player whose piece it is (none on an empty square): pieces of one colour "
              "are `where owner(it) == foe` (Hypnotist)")
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
        t = _step(s, d)
        if g.owner[s] < 0 or not g.can_enter(g.rank[s], t, combat):
            continue
        done.append(g.move(p, s, t))
        _follow(env.ctx, s, t, d)
    return done


@test("advanceable", doc="a piece that can move one square in the being's last direction")
def advanceable(env, s, arg) -> bool:
    g = env.game
    s = square_of(env, s)
    d = env.ctx.heading
    # a combat move may enter a square of the same rank: the verb's adverb decides at the
    # move; here a square it could enter at all (combat's rules) is enough to be offered
    return d is not None and g.owner[s] >= 0 and g.can_enter(g.rank[s], _step(s, d), True)


# ------------------------------------------------------------------ Everfrost (004 扩展 永霜)
@verb("freeze", None, phrase=lambda r, act: "put a frozen effect of your discard pile into "
      "play (one stored at a time)",
      doc="a card of your discard pile with a frozen effect, chosen, has its frozen effect "
          "stored as if just summoned (004 扩展 永霜: one stored at a time: with one stored, "
          "keep one of the two) (Frozen Chest)")
def freeze(env, items, call) -> list:
    g, p = env.game, env.executor
    pile = [c for c in _pile(env)
            if any(k == "frozen" for k, _r, _t in g.effects.get(c, ()))]
    if not pile:
        return []
    c = g.choose(p, "card", pile, 1, 1, "a frozen effect of your discard pile to put into play")[0]
    g.store_frozen(p, c)
    return [c]


def _discard_phrase(r, act) -> str:
    word = getattr(act.obj, "value", "flare")
    return {"pending": "discard your pending being (the card in warp)",
            "any-card": "discard a card of any type from your hand",
            "legends": "discard all your legendary cards"}.get(word, "discard one of your flares")


@verb("discard", "loss", phrase=_discard_phrase, able="discardable",
      doc="`discard flare`: one flare of your hand, chosen, to the bottom of the flare deck "
          "(refilled at the turn's end, 004 弃牌) (Winter Whisperer); `discard pending`: the "
          "card in warp to your discard pile (004 扩展 以太编织: its penalty ends) (Paradox "
          "Worm, Reality Patch); `discard any-card`: a card of your hand of any kind, chosen "
          "(004 弃牌's way: a being to your discard pile, a legend or flare to the bottom of "
          "its deck) (Reality Patch); `discard legends`: every legend of your hand to the "
          "bottom of the legendary deck (Iris of Eternity)")
def discard(env, items, call) -> list:
    g, p = env.game, env.executor
    word = items[0] if type(items) is list and items else items
    if word == "discarded":   # a card of the discard pile is discarded already
        return []
    if word == "pending":
        out = [c for c in g.pending[p] if not g.kept[c]]   # `keep warp`: it stays
        for c in out:
            g._out_of_hand(p, c)
            g.discards[p].append(c)
        return out
    if word == "any-card":
        cards = g.discardable(p)
        if not cards:
            return []
        c = g.choose(p, "card", cards, 1, 1, "a card of your hand to discard")[0]
        g._out_of_hand(p, c)
        g._to_bottom(p, c, discard=True)
        return [c]
    if word == "legends":
        out = list(g.legends[p])
        for c in out:
            g._out_of_hand(p, c)
            g._to_bottom(p, c)
        return out
    if not g.flares[p]:
        return []
    c = g.choose(p, "card", list(g.flares[p]), 1, 1, "a flare to discard")[0]
    g.flares[p].remove(c)
    g.flare_deck.insert(0, c)
    return [c]


@test("discardable", subject="loss",
      doc="`discard` has something to discard: a flare in your hand (flare), a card in warp "
          "not kept there (pending), a card of your hand (any-card), a legend (legends); "
          "`may discard ...` of nothing is not asked (as Innovation's `may` of nothing)")
def discardable(env, word, arg) -> bool:
    g, p = env.game, env.executor
    if word == "flare":
        return len(g.flares[p]) > 0
    if word == "pending":
        return any(not g.kept[c] for c in g.pending[p])
    if word == "any-card":
        return len(g.discardable(p)) > 0
    if word == "legends":
        return len(g.legends[p]) > 0
    return False   # "discarded": a card of the discard pile is discarded already


@function("arrival_destroyed", (), "bool",
          phrase="the being's arrival destroyed a piece",
          doc="whether the summoned being's arrival (004 召唤: a combat jump onto its square) "
              "destroyed a piece (Royal Reindeer)")
def arrival_destroyed(env):
    return env.ctx.being >= 0 and env.game.summon_hit >= 0


@function("arrival_destroyed_enemy", (), "bool",
          phrase="the being's arrival destroyed an enemy piece",
          doc="whether the summoned being's arrival destroyed an enemy piece (Everfrost "
              "Sentinel)")
def arrival_destroyed_enemy(env):
    hit = env.game.summon_hit
    return env.ctx.being >= 0 and hit >= 0 and hit != env.executor


@verb("slow", None, phrase=lambda r, act: "each other player has one action less on their "
      "next turn",
      doc="each opponent takes one action fewer on their next turn (Everfrost Sentinel)")
def slow(env, items, call) -> list:
    g, p = env.game, env.executor
    out = []
    for q in g.opponents(p):
        g.lost_actions[q] += 1
        out.append(q)
    return out


@verb("obliterate", "pieces", yields="squares", phrase="destroy {obj}, counted as two "
      "destroyed pieces, and remove it from the game",
      doc="destroy (004 术语) counted twice (tasks, Deathmatch's score), and the piece leaves "
          "the game: it does not return to its owner's stock (Deathbringer)")
def obliterate(env, items, call) -> list:
    g, p = env.game, env.executor
    done = []
    for s in squares(env, items):
        o = g.owner[s]
        if o < 0:
            continue
        r = g.rank[s]
        if g.destroy(p, s):
            if o != p:   # counted as two destroyed pieces
                g.destroyed_turn[p].append(r)
                g.killed[p].append((o, r))
            if r == LEGENDARY:
                g.legend_supply[o] -= 1
                g.removed[o][1] += 1
            else:
                g.supply[o] -= 1
                g.removed[o][0] += 1
            done.append(s)
    return done


@function("own_beside", ("square|pieces",), "int",
          phrase="the number of your other pieces adjacent to {0}",
          doc="how many of your pieces, the being excepted, are adjacent to the square "
              "(Deathbringer)")
def own_beside(env, s):
    s = square_of(env, s if type(s) is not list else (s[0] if s else -1))
    if s < 0:
        return 0
    g, p, being = env.game, env.executor, env.ctx.being
    return sum(1 for t in B.NEIGHBOURS[s] if g.owner[t] == p and t != being)


# ------------------------------------------------------------------ Nethervoid (004 扩展 虚空)
# The Gateway (传送门) is a marker on one piece (game.portal, its square): the zone `gateway`
# (its square, none without one), the adjective `gateway` / `non-gateway` (a piece or square
# that is, or is not, the Gateway's), and the words below.
@test("gateway", doc="the Gateway's piece (004 扩展 虚空)")
def is_gateway(env, s, arg) -> bool:
    s = square_of(env, s)
    return s >= 0 and s == env.game.portal


@verb("gate", "pieces", yields="pieces",
      phrase=lambda r, act: f"{r.obj(act.obj)} becomes the Gateway",
      doc="the piece becomes the Gateway (004 扩展 虚空: one on the board; a legendary piece "
          "never does) (Gate Keeper, Demon of Pride, Demon of Gluttony, Gate Master)")
def gate(env, items, call) -> list:
    g = env.game
    done = []
    for s in squares(env, items):
        g.set_portal(s)
        if g.portal == s:
            done.append(s)
    return done[-1:]


@verb("exalt", "pieces", yields="pieces",
      phrase=lambda r, act: f"upgrade {r.obj(act.obj)} (a heroic piece becomes legendary)",
      doc="one rank up, a heroic piece to legendary too (from its owner's three legendary "
          "pieces: none left, it stays heroic); the Gateway's marker leaves a piece that "
          "becomes legendary (004 扩展 虚空) (Gate Master)")
def exalt(env, items, call) -> list:
    g = env.game
    return [s for s in squares(env, items) if g.exalt(s)]


@verb("crown", "pieces",
      phrase=lambda r, act: f"this summoning counts as summoning a legend on {r.obj(act.obj)}",
      doc="this summoning counts as summoning a legend on the piece's square: the tasks' "
          "summoned legends, Deathmatch's 1 VP for a legend (004 死斗规则) (Gate Master)")
def crown(env, items, call) -> list:
    g, p = env.game, env.executor
    done = []
    for s in squares(env, items):
        g.summoned_turn.append((s, LEGENDARY))
        if g.deathmatch:
            g.legend_vp(p)
        done.append(s)
    return done


@function("toward_gateway", ("square|pieces",), "squares",
          phrase="the squares adjacent to {0} closer to the Gateway",
          doc="the squares adjacent to the piece that are nearer the Gateway (in moves) than "
              "it is: a move 'toward the Gateway' (none without a Gateway) (Power Seeker, "
              "Demon of Lust)")
def toward_gateway(env, s) -> list:
    s = square_of(env, s if type(s) is not list else (s[0] if s else -1))
    return _toward_gateway(env.game, s, False)


def _toward_gateway(g, s: int, but_gateway: bool) -> list:
    """toward_gateway's squares (`but_gateway`: not the Gateway's own); typed in the compiled
    twin (accel/verbs.pxd): no Python call per square."""
    t = g.portal
    if s < 0 or t < 0:
        return []
    tx, ty = t % _W, t // _W
    d = max(abs(s % _W - tx), abs(s // _W - ty))
    out = []
    for u in B.NEIGHBOURS[s]:
        if max(abs(u % _W - tx), abs(u // _W - ty)) < d and not (but_gateway and u == t):
            out.append(u)
    return out


@function("toward_gateway_not_onto", ("square|pieces",), "squares",
          phrase="the squares adjacent to {0} closer to the Gateway, but the Gateway's",
          doc="toward_gateway's squares without the Gateway's own: a move toward the Gateway "
              "that must not destroy it (Demon of Lust)")
def toward_gateway_not_onto(env, s) -> list:
    s = square_of(env, s if type(s) is not list else (s[0] if s else -1))
    return _toward_gateway(env.game, s, True)


@function("outnumbered", (), "bool", phrase="an opponent has more pieces than you",
          doc="some opponent has more pieces on the board than you (Demon of Envy)")
def outnumbered(env):
    return _outnumbered(env.game, env.executor)


def _outnumbered(g, p: int) -> bool:
    mine = g.pieces(p)
    for q in g.opponents(p):
        if g.pieces(q) > mine:
            return True
    return False


@function("flares", (), "int", phrase="the number of flares in your hand",
          doc="how many flares you hold (Possessed Summoner: 'you may discard your flare')")
def flares(env):
    return len(env.game.flares[env.executor])


@function("deck_cards", (), "int", phrase="the number of cards in your deck",
          doc="how many cards are left in your deck (Hell Hound: 'if your deck is not out of "
              "cards')")
def deck_cards(env):
    return len(env.game.deck[env.executor])


@verb("shelve", None, phrase=lambda r, act: "put this card on the bottom of your deck",
      doc="this card, from your discard pile (a summoned being's card is discarded as it is "
          "summoned), onto the bottom of your deck (Hell Hound)")
def shelve(env, items, call) -> list:
    g, p, c = env.game, env.executor, env.ctx.card
    if c not in g.discards[p]:
        return []
    g.discards[p].remove(c)
    g.deck[p].insert(0, c)     # the deck's top is the list's end
    return [c]


@verb("spend", "reward", phrase=lambda r, act: "spend an action to do nothing",
      doc="`spend action`: one of this turn's remaining actions is lost (none left: nothing) "
          "(Demon of Sloth)")
def spend(env, items, call) -> list:
    g = env.game
    if g.actions_left <= 0:
        return []
    g.actions_left -= 1
    return ["action"]


@verb("infiltrate", "rank", yields="pieces", phrase=lambda r, act: (
      f"place an enemy {r.expr(act.obj)} piece on an empty square adjacent to a piece of "
      "its colour"),
      doc="a piece of an opponent's colour on an empty square adjacent to a piece of that "
          "colour: the square is chosen, then the colour among the opponents with a piece "
          "beside it (Possessed Summoner)")
def infiltrate(env, rank, call) -> list:
    g, p = env.game, env.executor
    owner = g.owner
    foes = g.opponents(p)
    targets = [s for s in B.SQUARES if owner[s] < 0
               and any(owner[t] in foes for t in B.NEIGHBOURS[s])]
    if not targets:
        return []
    s = g.choose(p, "square", targets, 1, 1, "an empty square beside an enemy piece")[0]
    colours = [q for q in foes if any(owner[t] == q for t in B.NEIGHBOURS[s])]
    q = g.choose(p, "player", colours, 1, 1, "place a piece of whose colour")[0]
    r = RANK_WORDS[rank[0] if type(rank) is list else rank]
    return [s] if g.place(q, s, r) else []


@verb("borrow", "pieces",
      phrase=lambda r, act: (f"for your next summoning this turn, use pieces of the colour of "
                             f"{r.obj(act.obj)} instead of your own"),
      doc="your next summon this turn uses the pieces of this piece's colour in place of yours "
          "(its pattern, and a being square on 'your' piece); no improvised summon with it "
          "(Possessed Summoner)")
def borrow(env, items, call) -> list:
    g = env.game
    for s in squares(env, items):
        if g.owner[s] >= 0:
            g.borrowed = g.owner[s]
            return [s]
    return []


# ------------------------------------------------------------------ Etherweave (004 扩展 以太编织)
def _warp_cards(g, cards) -> list:
    has, kept = g.has_warp, g.kept   # a card that says `keep warp` cannot be copied
    return [c for c in cards if has[c] and not kept[c]]


def _copy_phrase(r, act) -> str:
    if getattr(act.obj, "value", "pending") == "discarded":
        return "copy a warp effect on a card in your discard pile"
    return "copy the warp effect of your pending being"


@verb("copy", "loss", phrase=_copy_phrase,
      doc="`copy pending`: the warp effect of your card in warp runs again, for you (the card "
          "stays in warp) (Doppelganger); `copy discarded`: the warp effect of a card of your "
          "discard pile, chosen, runs for you (the card stays there) (Ziggurat Sentinel) "
          "(004 扩展 以太编织)")
def copy(env, items, call) -> list:
    g, p = env.game, env.executor
    word = items[0] if type(items) is list and items else items
    if word == "discarded":
        pile = _warp_cards(g, _pile(env))
        if not pile:
            return []
        c = g.choose(p, "card", pile, 1, 1, "copy the warp effect of which card")[0]
    else:
        pile = _warp_cards(g, g.pending[p])
        if not pile:
            return []
        c = pile[0]
    g.run_warp(p, c)
    return [c]


@verb("unwarp", None, phrase=lambda r, act: "return your pending being to your hand",
      doc="your card in warp becomes an ordinary card of your hand again: no penalty, and a "
          "warp may be played again (004 扩展 以太编织) (Warpmaster)")
def unwarp(env, items, call) -> list:
    g = env.game
    return g.unwarp(env.executor)


@function("pending", (), "int", phrase="the number of your cards in warp",
          doc="1 when a card of yours is in warp (a pending being), else 0 (004 扩展 以太编织)")
def pending(env):
    return len(env.game.pending[env.executor])


@function("warped", (), "bool", phrase="you have played this card's warp effect this turn",
          doc="whether this card's warp effect was played this turn (Eternal Emperor)")
def warped(env):
    return env.ctx.card in env.game.warped


@function("discarded", ("str",), "bool", phrase="{0} is in your discard pile",
          doc="a card of this name is in your discard pile (Lesser and Greater Shadow Twin)")
def discarded(env, name):
    g = env.game
    cards = g.table.cards
    return any(cards[c].name == name for c in _pile(env))


def _swap_phrase(r, act) -> str:
    s = f"swap {r.obj(act.obj)}"
    for prep, val in act.kwargs:
        s += f" with {r.obj(val)}"
    return s


@verb("swap", "pieces", yields="pieces", kwargs=(("for", "pieces", True),), phrase=_swap_phrase,
      doc="`swap A for B`: the two pieces change squares; neither is destroyed (004 扩展 "
          "以太编织: a swap is not a destruction) (Paradox Worm, Translocationist)")
def swap(env, items, call) -> list:
    g = env.game
    a = squares(env, items)
    b = call.arg("for")
    b = squares(env, b if type(b) is list else ([] if b is None else [b]))
    if not a or not b:
        return []
    s, t = a[0], b[0]
    if s == t or g.owner[s] < 0 or g.owner[t] < 0:
        return []
    g.swap(s, t)
    ctx = env.ctx
    if ctx.being in (s, t):   # the being follows its piece
        ctx.being = t if ctx.being == s else s
    if s in ctx.used or t in ctx.used:   # and so do the pieces used to summon it
        ctx.used = tuple(t if x == s else (s if x == t else x) for x in ctx.used)
    return [t]


@verb("restore", None, phrase=lambda r, act: "put the top card of your discard pile on top of "
      "your deck",
      doc="the top card of your discard pile (this card aside: it is discarded as it is "
          "summoned) onto the top of your deck (Time Traveler)")
def restore(env, items, call) -> list:
    g, p = env.game, env.executor
    pile = _pile(env)
    if not pile:
        return []
    c = pile[-1]
    g.discards[p].remove(c)
    g.deck[p].append(c)     # the deck's top is the list's end
    return [c]


@verb("double", None, phrase=lambda r, act: "for the rest of this turn, each piece you destroy "
      "counts as though you also destroyed another of the same colour and rank",
      doc="this turn, each enemy piece the current player destroys counts twice (tasks, "
          "Deathmatch's score) (Gate of Oblivion)")
def double(env, items, call) -> list:
    env.game.doubled = True
    return ["double"]


@function("own_adjacent", ("square|pieces",), "int",
          phrase="the number of your pieces adjacent to {0}",
          doc="how many of your pieces, the being included, are adjacent to the square "
              "(Greater Shadow Twin: 'adjacent to at least two of your pieces')")
def own_adjacent(env, s):
    s = square_of(env, s if type(s) is not list else (s[0] if s else -1))
    if s < 0:
        return 0
    g, p = env.game, env.executor
    return sum(1 for t in B.NEIGHBOURS[s] if g.owner[t] == p)


@function("opposite_step", ("square|pieces", "square|pieces", "square|pieces"), "squares",
          phrase="the square next to {0} opposite to the step from {1} to {2}",
          doc="the square one step from the piece (or square) in the direction opposite to "
              "the step from the second square to the third, if the piece there may enter it "
              "by a combat move (none otherwise; an empty square: as a common piece): a move "
              "'in the opposite direction' (Polarity Queen, Antimatter Spirit)")
def opposite_step(env, s, a, b) -> list:
    def one(x):
        return square_of(env, x if type(x) is not list else (x[0] if x else -1))
    s, a, b = one(s), one(a), one(b)
    if s < 0 or a < 0 or b < 0:
        return []
    (x, y), (ax, ay), (bx, by) = B.xy(s), B.xy(a), B.xy(b)
    dx, dy = bx - ax, by - ay
    if max(abs(dx), abs(dy)) != 1:
        return []
    t = B.step(s, (-dx, -dy))
    g = env.game
    r = g.rank[s] if g.owner[s] >= 0 else COMMON
    return [t] if g.can_enter(r, t, True) else []


@verb("void", None, phrase=lambda r, act: "for your next summoning this turn, you may count up "
      "to two empty squares as common pieces of your color",
      doc="this turn's next summon may count up to two empty squares (not the being's) as "
          "your common pieces (Void Summoner)")
def void(env, items, call) -> list:
    env.game.void = True
    return ["void"]


@verb("lift", "pieces", yields="pieces", phrase=lambda r, act: f"put {r.obj(act.obj)} on this card",
      doc="the piece leaves the board onto your card: not destroyed, not back in its owner's "
          "stock, until `drop` (004 扩展 以太编织: removed for a while) (Merchant of Time)")
def lift(env, items, call) -> list:
    g, p = env.game, env.executor
    return [s for s in squares(env, items) if g.lift(p, s)]


@verb("drop", None, phrase=lambda r, act: "the piece on this card does a standard leap to a "
      "colorless square",
      doc="each piece on your card (`lift`) does a standard jump onto a colorless square of "
          "the board: empty, or a lower rank's piece, destroyed (Merchant of Time)")
def drop(env, items, call) -> list:
    g = env.game
    return g.drop(env.executor)


def _slide_phrase(r, act) -> str:
    style = r.expr(act.adverb) if act.adverb else "standard"
    return (f"choose a direction: {r.obj(act.obj)} does as many {style} moves as it can in "
            "that direction")


@verb("slide", "pieces", adverb="style", phrase=_slide_phrase, yields="pieces",
      doc="the player chooses a direction in which the piece can move; it does as many moves "
          "in it as it can (a combat slide stops when it destroys a legendary piece); yields "
          "where it ends (Frost Imp)")
def slide(env, items, call) -> list:
    g, p = env.game, env.executor
    combat = (call.adverb or "standard") == "combat"
    done = []
    for s in squares(env, items):
        if g.owner[s] < 0:
            continue
        r = g.rank[s]
        dirs = [d for d in B.DIRECTION_NAMES
                if g.can_enter(r, _step(s, d), combat)]
        if not dirs:
            continue
        name = g.choose(p, "direction", dirs, 1, 1, f"slide {B.name(s)} toward")[0]
        while True:
            t = _step(s, name)
            if not g.can_enter(r, t, combat):
                break
            hit = g.rank[t] if g.owner[t] >= 0 else -1
            g.move(p, s, t)
            _follow(env.ctx, s, t, name)
            s = t
            if hit == LEGENDARY:
                break
        done.append(s)
    return done


@function("last_hit", (), "bool", phrase="that move destroyed a piece",
          doc="whether the last move or jump of a piece destroyed a piece (Polar Bear, Ice "
              "Wyvern: 'if that move destroys a piece')")
def last_hit(env):
    return env.game.last_hit


@function("mirror", ("square|pieces",), "squares",
          phrase="the mirror image of {0} across the being's pattern",
          doc="the square's mirror image across the line through the being and the pieces used "
              "to summon it (none off the board, or without such a line) (Crystal Mirror)")
def mirror(env, s) -> list:
    s = square_of(env, s if type(s) is not list else (s[0] if s else -1))
    ctx = env.ctx
    b = ctx.being
    if s < 0 or b < 0 or not ctx.used:
        return []
    (bx, by), (ux, uy), (x, y) = B.xy(b), B.xy(ctx.used[0]), B.xy(s)
    ax, ay = _sign(ux - bx), _sign(uy - by)   # the line's direction
    dx, dy = x - bx, y - by
    if ax == 0:          # a column: left and right change
        mx, my = -dx, dy
    elif ay == 0:        # a row: up and down change
        mx, my = dx, -dy
    elif ax == ay:       # the diagonal x == y
        mx, my = dy, dx
    else:                # the diagonal x == -y
        mx, my = -dy, -dx
    if not B.on_board(bx + mx, by + my):
        return []
    return [B.sq(bx + mx, by + my)]
