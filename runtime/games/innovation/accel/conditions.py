"""Special-achievement conditions without needless re-evaluation.

`_check_specials` asks every available special achievement's condition for every player after
every change. Most conditions read only the player's own board (Empire, World, Wonder,
Universe) or this turn's tuck/score counters (Monument), and most changes touch neither.
`dependencies` reads a condition's IR once and names what it reads of the player it is asked
about: "icon:NAME" (one icon's count), "icons" (the icon counts), "colors" (which colours are on
the board), "tops" (the top cards), "splays", "board" (anything else of the board), "tucked",
"scored". `memo` keeps the answers of a part that reads one value only (Empire's "three or
more [crown]", Monument's tuck count) in a table by value (`Tabled`), and of one that reads only
the board's colours and splays (Wonder, Universe's "five colours") in a table by that shape
(`TabledShape`), both shared by all players and games; any other part's last answer is
remembered in the state (`cond_memo`) with its inputs, as revision numbers the state bumps when
they change (State.refresh_pile) or as values, and reused while they are unchanged
(`Remembered`).
Conditions are remembered part by part (the parts of a top-level `and` or `or`,
dsl.ir.condition_parts), so Universe's "five colours" part, false most of the game, is not
re-read after every meld, nor Monument's tuck count after a score.
The answer is the one evaluation would give (a condition is a pure function of what it
reads), so the game is the same, interpreted or compiled; it is only not recomputed.
Conditions reading anything else are evaluated every time. `input_mask` turns the inputs into
the State.changed bits with which `_check_specials` skips the specials nothing woke.
"""
from __future__ import annotations

import itertools

import cython

from dsl import ir as I
from dsl.accel import CHECK, AccelMismatch

from ..cards import COLORS, N_ICON_SLOTS, icon_id
from ..effects import Predicate
from ..state import (IN_ALL, IN_BOARD, IN_COLORS, IN_FORECAST, IN_ICONS, IN_SCORED, IN_SPLAYS,
                    IN_TOPS, IN_TUCKED, N_COLORS, int_array, int_filled)

# functions whose value depends only on their arguments
PURE_FNS = {"count", "any", "none", "value", "color", "name", "highest", "lowest", "max", "min",
            "values"}
# functions that read the executing player's board (when given no other player): the number
# of arguments before the player's (Echoes' bonuses and visible slots are read off the board)
BOARD_FNS = {"icons": 1, "colors": 1, "splay": 1, "top": 1, "pile": 1, "pile_icons": 2,
             "pile_slots": 2, "piles_with": 2, "bonus_count": 0, "bonus": 0, "bonuses": 0}
# nouns whose list is fixed (no zone): the icon types
FIXED_NOUNS = {"icon"}
COUNTER_FNS = {"tucked_this_turn": "tucked", "scored_this_turn": "scored"}
PURE_PREDS = {"position", "where", "other_than"}
PURE_TESTS = {"color", "has", "value"}  # game tests of the item alone


def dependencies(e) -> frozenset | None:
    """What a condition reads of the player it is evaluated for: a subset of {"icon:NAME",
    "board", "icons", "colors", "tops", "splays", "tucked", "scored"}; None if it reads anything
    else (other players, hands, bindings...)."""
    deps: set = set()
    return frozenset(deps) if _deps(e, deps) else None


def _you(e) -> bool:
    return isinstance(e, I.Const) and e.type == "player" and e.value == "you"


def _zone_mine(ref) -> bool:
    return isinstance(ref, I.ZoneRef) and ref.zone == "board" and ref.whose == "executor"


def _forecast_mine(ref) -> bool:
    return isinstance(ref, I.ZoneRef) and ref.zone == "forecast" and ref.whose == "executor"


def _deps(e, deps: set) -> bool:
    if e is None:
        return True
    if isinstance(e, I.Const):
        return e.type not in ("players", "card") and (e.type != "player" or e.value == "you")
    if isinstance(e, I.ItRef):
        return True
    if isinstance(e, (I.Arith, I.Cmp)):
        return _deps(e.left, deps) and _deps(e.right, deps)
    if isinstance(e, (I.Neg, I.Not)):
        return _deps(e.expr, deps)
    if isinstance(e, I.Logic):
        return all(_deps(p, deps) for p in e.parts)
    if isinstance(e, I.Has):
        return _deps(e.subject, deps) and _deps(e.what, deps)
    if isinstance(e, I.In):
        return _deps(e.item, deps) and _deps(e.collection, deps)
    if isinstance(e, I.ZoneRefExpr):
        if _zone_mine(e.ref):
            deps.add("board")
            return True
        return False
    if isinstance(e, I.Fn):
        args = e.args
        if e.name in COUNTER_FNS:
            if len(args) > 1 or (args and not _you(args[0])):
                return False
            deps.add(COUNTER_FNS[e.name])
            return True
        if e.name in BOARD_FNS:
            k = BOARD_FNS[e.name]
            if len(args) > k and not all(_you(a) for a in args[k:]):
                return False
            if e.name == "icons" and len(args) > 1 and args[1].type in ("card", "cards"):
                return False
            if e.name == "icons" and len(args) == 1 and isinstance(args[0], I.Const):
                deps.add("icon:" + str(args[0].value))  # one icon's count, read as a value
            elif e.name in ("icons", "splay", "top"):
                deps.add({"icons": "icons", "splay": "splays", "top": "tops"}[e.name])
            elif e.name == "colors" and isinstance(args[0], I.ZoneRefExpr) \
                    and _zone_mine(args[0].ref):
                deps.add("colors")
                return True
            else:
                deps.add("board")
            return all(_deps(a, deps) for a in args[:k])
        if e.name in PURE_FNS:
            return all(_deps(a, deps) for a in args)
        return False
    if isinstance(e, I.Query):
        if e.noun == "card" and _forecast_mine(e.zone):
            deps.add("forecast")  # (the cards of one's forecast: Echoes' Destiny)
            return (not e.preds and e.rank is None
                    and all(_deps(x, deps) for x in (e.min, e.max, e.all_but)))
        if e.noun in FIXED_NOUNS and e.zone is None:
            pass
        elif e.noun == "card":
            if not _zone_mine(e.zone):
                return False
        elif e.noun == "color":
            if e.zone is not None and not _zone_mine(e.zone):
                return False
        else:
            return False
        if e.noun == "color" and e.zone is not None:
            deps.add("colors")  # the colours listed are the non-empty piles
        elif e.zone is not None:
            top = any(p.kind == "position" and p.arg == "top" for p in e.preds)
            deps.add("tops" if top else "board")
        for p in e.preds:
            if p.kind not in PURE_PREDS and not (p.kind == "test" and p.test in PURE_TESTS):
                return False
            if isinstance(p.arg, (I.Const, I.Var, I.ItRef, I.Flag, I.Fn, I.Arith, I.Neg, I.Cmp,
                                  I.Has, I.In, I.Not, I.Logic, I.Query, I.ZoneRefExpr)):
                if not _deps(p.arg, deps):
                    return False
        if e.rank is not None and not _deps(e.rank[1], deps):
            return False
        return all(_deps(x, deps) for x in (e.min, e.max, e.all_but))
    return False


# functions that read one pile of a player: the position of the colour argument (the player's
# follows it); a pile's cards, splay and visible slots change only with its State.pile_rev
PILE_FNS = {"pile_slots": 1, "pile_icons": 1, "splay": 0, "top": 0, "pile": 0}


def pile_form(cond):
    """(any, query) when a condition's part is any(...) or none(...) of all colours with only
    where-tests that read nothing but the pile of that colour (`it`) of the player asked, and
    constants (Heritage's "a pile showing eight hexes"); None otherwise. Such a part is
    answered pile by pile (PileTested)."""
    if not (isinstance(cond, I.Fn) and cond.name in ("any", "none") and len(cond.args) == 1):
        return None
    q = cond.args[0]
    if not (isinstance(q, I.Query) and q.noun == "color" and q.zone is None and q.rank is None
            and q.min is None and q.max is None and q.all_but is None and q.preds):
        return None
    if not all(p.kind == "where" and _pile_local(p.arg) for p in q.preds):
        return None
    return cond.name == "any", q


def _pile_local(e) -> bool:
    """Whether e reads nothing but the pile of colour `it` of the player asked (and
    constants): the test of one pile."""
    if isinstance(e, I.Const):
        return e.type not in ("players", "card", "cards") and \
            (e.type != "player" or e.value == "you")
    if isinstance(e, I.ItRef):
        return True
    if isinstance(e, (I.Arith, I.Cmp)):
        return _pile_local(e.left) and _pile_local(e.right)
    if isinstance(e, (I.Neg, I.Not)):
        return _pile_local(e.expr)
    if isinstance(e, I.Logic):
        return all(_pile_local(p) for p in e.parts)
    if isinstance(e, I.Fn):
        args = e.args
        k = PILE_FNS.get(e.name)
        if k is not None:
            return (len(args) > k and isinstance(args[k], I.ItRef)
                    and all(_you(a) for a in args[k + 1:])
                    and all(isinstance(a, I.Const) and _pile_local(a) for a in args[:k]))
        if e.name in PURE_FNS:
            return all(_pile_local(a) for a in args)
    return False


_INPUT_BITS = {"board": IN_BOARD, "icons": IN_ICONS, "colors": IN_COLORS, "tops": IN_TOPS,
               "splays": IN_SPLAYS, "tucked": IN_TUCKED, "scored": IN_SCORED,
               "forecast": IN_FORECAST}


def input_mask(inputs) -> int:
    """The State.changed bits that can change a condition reading `inputs`: all when they are
    unknown, or none (a constant condition, asked whenever anything changed)."""
    if inputs is None:
        return IN_ALL
    mask = 0
    for d in inputs:
        mask |= IN_ICONS if d.startswith("icon:") else _INPUT_BITS[d]
    return mask or IN_ALL


VALUE_DEPS = ("tucked", "scored")  # with "icon:NAME": inputs read as plain values
SHAPE_DEPS = frozenset(("colors", "splays"))  # the board's shape: its colours and their splays


def memo(holds, cond, tops=None, piles=None) -> "Part":
    """`holds(game, player)` as a Part: a table of answers by value when it reads only values
    (one icon's count, the turn counters); else its last answer per state and player with the
    inputs it read (board parts by revision number); evaluated every time when what it reads
    is not known. `tops` (any, test_card): the part is "any/none of your top cards where..."
    with tests that read only the card (cardset.tops_form), answered card by card (TopsTested).
    `piles` (any, test_pile): the part is "any/none of all colours where..." with tests that
    read only that colour's pile (pile_form), answered pile by pile (PileTested)."""
    if tops is not None:
        return TopsTested(holds, tops[0], tops[1])
    if piles is not None and piles[1] is not None:
        return PileTested(holds, piles[0], piles[1])
    deps = dependencies(cond)
    if not deps:
        return Part(holds)
    if len(deps) == 1 and all(d.startswith("icon:") or d in VALUE_DEPS for d in deps):
        return Tabled(holds, next(iter(deps)))
    if deps <= SHAPE_DEPS:
        return TabledShape(holds, "splays" in deps)
    return Remembered(holds, deps)


_CHECK = CHECK  # (a C constant in the compiled twin, accel/conditions.pxd)
_SLOTS = itertools.count(0, 8)  # each Remembered's keys in State.cond_memo: slot + player
# each PileTested's and Remembered's region in State.cond_answers (len(State.pile_rev) ints:
# one per pile, or one per player)
_REGIONS = itertools.count()
_N_ICON_SLOTS = N_ICON_SLOTS  # (C constants in the compiled twin, conditions.pxd)
_N_COLORS = N_COLORS


class Part:
    """One part of a special achievement's condition, evaluated every time it is asked. The
    remembered kinds below are asked only when the game has no hooks (icon modifiers,
    replacement effects), which their tables and revisions cannot see."""

    __slots__ = ("holds",)

    def __init__(self, holds):
        self.holds = holds

    def ask(self, game, st, player) -> bool:
        return self.truth(game, player)

    def truth(self, game, player) -> bool:
        """holds(game, player): through C for a compiled condition (effects.Predicate) when
        the runtime is compiled, as a Python call for anything else."""
        h = self.holds
        if cython.compiled and isinstance(h, Predicate):
            return cython.cast(Predicate, h).test(game, player)
        return bool(h(game, player))


class Remembered(Part):
    """A part that reads only `deps` of its player, remembered in State.cond_memo."""

    __slots__ = ("board", "icons", "colors", "tops", "splays", "forecast", "tucked", "scored",
                 "icon_ids", "values", "slot", "index")

    def __init__(self, holds, deps: frozenset):
        Part.__init__(self, holds)
        self.icon_ids = sorted(icon_id(d[5:]) for d in deps if d.startswith("icon:"))
        self.board, self.icons, self.colors = "board" in deps, "icons" in deps, "colors" in deps
        self.tops, self.splays = "tops" in deps, "splays" in deps
        self.forecast = "forecast" in deps
        self.tucked, self.scored = "tucked" in deps, "scored" in deps
        self.values = self.tucked or self.scored or bool(self.icon_ids)
        self.slot = next(_SLOTS)
        self.index = next(_REGIONS)

    def ask(self, game, st, player) -> bool:
        # The revisions read, summed: each only grows, so the sum is unchanged exactly when
        # every one of them is. Values (counters, icon counts) go up and down: kept as they are.
        rev = 0
        if self.board:
            rev += st.board_rev[player]
        if self.icons:
            rev += st.icons_rev[player]
        if self.colors:
            rev += st.colors_rev[player]
        if self.tops:
            rev += st.tops_rev[player]
        if self.splays:
            rev += st.splays_rev[player]
        if self.forecast:
            rev += st.forecast_rev[player]
        if not self.values:  # kept as one int in State.cond_answers, (rev + 1) * 2 + answer
            n = len(st.pile_rev)
            at = self.index * n + player
            if st.cond_answers is None or len(st.cond_answers) < self.index * n + n:
                _grow_cond_answers(st, self.index * n + n)
            packed = st.cond_answers[at]
            if packed >> 1 == rev + 1:  # (0: never answered)
                return (packed & 1) == 1
            r = self.truth(game, player)
            st.cond_answers[at] = (rev + 1) * 2 + (1 if r else 0)
            return r
        key = self.slot + player
        values = (st.tucked_this_turn[player] if self.tucked else -1,
                  st.scored_this_turn[player] if self.scored else -1,
                  tuple([st.icons[player * _N_ICON_SLOTS + i] for i in self.icon_ids]))
        hit = st.cond_memo.get(key)
        if hit is not None and hit[0] == rev and hit[1] == values:
            return hit[2]
        r = self.truth(game, player)
        st.cond_memo[key] = (rev, values, r)
        return r


TABLE_SIZE = 64  # values 0..63 are tabled; a larger count is evaluated every time


class Tabled(Part):
    """A part that reads one value of its player (one icon's count, the tucks or scores of this
    turn) and nothing else: a pure function of that value, so its answers are kept in a table
    by value, shared by every player, state and game of the card set ("three or more [crown]"
    is evaluated once for each count seen, then looked up)."""

    __slots__ = ("icon", "tucked", "table")

    def __init__(self, holds, dep: str):
        Part.__init__(self, holds)
        self.icon = icon_id(dep[5:]) if dep.startswith("icon:") else -1
        self.tucked = dep == "tucked"
        self.table = int_array([-1] * TABLE_SIZE)  # -1 unknown, else 0/1

    def ask(self, game, st, player) -> bool:
        if self.icon >= 0:
            v = st.icons[player * _N_ICON_SLOTS + self.icon]  # (State.icon_total)
        elif self.tucked:
            v = st.tucked_this_turn[player]
        else:
            v = st.scored_this_turn[player]
        if v >= len(self.table):  # (TABLE_SIZE)
            return self.truth(game, player)
        r = self.table[v]
        if r < 0:
            r = self.table[v] = 1 if self.truth(game, player) else 0
        return r == 1


def _tabled_ask(t, game, st, player) -> bool:
    """Tabled.ask(t, ...) as inline C, for Combination.holds in the compiled twin (the same
    reads; the method stays as it is for the interpreter, which would pay a call here)."""
    if t.icon >= 0:
        v = st.icons[player * _N_ICON_SLOTS + t.icon]
    elif t.tucked:
        v = st.tucked_this_turn[player]
    else:
        v = st.scored_this_turn[player]
    if v >= len(t.table):
        return t.truth(game, player)
    r = t.table[v]
    if r < 0:
        r = t.table[v] = 1 if t.truth(game, player) else 0
    return r == 1


class TopsTested(Part):
    """A part "any (or none) of your top cards where TESTS" whose tests read only the card
    (Universe's "no top card of value below 8"): answered from the player's top cards
    (State.seen_top), each card's answer to the tests kept in a table by card id, evaluated
    once per card and card table (`test_card(game, player, card)`), shared by every player,
    state and game. Remembering the whole answer by revision would not help: the special is
    asked again only when a top card changed."""

    __slots__ = ("any", "test_card", "cards", "table")

    def __init__(self, holds, any_: bool, test_card):
        Part.__init__(self, holds)
        self.any = any_
        self.test_card = test_card
        self.cards = None  # the card table of `table`
        self.table = int_array([])  # by card id: -1 unknown, else 1 when it passes the tests

    def ask(self, game, st, player) -> bool:
        if st.cards is not self.cards:  # another card set's table: its own answers
            self.table = int_filled(len(st.zone_of), -1)
            self.cards = st.cards
        for i in range(player * _N_COLORS, (player + 1) * _N_COLORS):
            c = st.seen_top[i]
            if c >= 0:
                r = self.table[c]
                if r < 0:
                    r = self.table[c] = 1 if self.test_card(game, player, c) else 0
                if r == 1:
                    return self.any
        return not self.any


_COLOR_NAMES = COLORS  # (the items a part over all colours tests: the colours' names)


class PileTested(Part):
    """A part "any (or none) of all colours where TESTS" whose tests read only the pile of that
    colour of the player asked (Heritage: "a pile showing eight hexes", History: "four echo
    effects"): each pile's answer is kept in the state (State.cond_answers, copied with it)
    under the pile's revision (State.pile_rev, bumped by every change to the pile), so after
    a meld only the pile melded on is tested again (`test_pile(game, player, colour name)`,
    the part's where-tests on one candidate), not the five."""

    __slots__ = ("any", "test_pile", "index")

    def __init__(self, holds, any_: bool, test_pile):
        Part.__init__(self, holds)
        self.any = any_
        self.test_pile = test_pile
        self.index = next(_REGIONS)

    def ask(self, game, st, player) -> bool:
        n = len(st.pile_rev)
        base = self.index * n
        if st.cond_answers is None or len(st.cond_answers) < base + n:
            _grow_cond_answers(st, base + n)
        for c in range(_N_COLORS):
            at = player * _N_COLORS + c
            rev = st.pile_rev[at] + 1  # (0 in cond_answers: never tested)
            v = st.cond_answers[base + at]
            if v >> 1 == rev:
                r = v & 1
            else:
                r = 1 if self.test_pile(game, player, _COLOR_NAMES[c]) else 0
                st.cond_answers[base + at] = rev * 2 + r
            if r == 1:
                return self.any
        return not self.any


def _grow_cond_answers(st, size: int) -> None:
    """State.cond_answers with room for `size` ints (the old ones kept; 0: no answer)."""
    old = st.cond_answers
    grown = int_filled(size, 0)
    if old is not None:
        for i in range(len(old)):
            grown[i] = old[i]
    st.cond_answers = grown


class TabledShape(Part):
    """A part that reads only which colours are on its player's board, and perhaps their
    splays ("exactly five colours", "each colour splayed right or up"): a pure function of
    that shape, so its answers are kept in a table by shape (at most 32 x 4^5 of them), shared
    by every player, state and game of the card set."""

    __slots__ = ("mask", "table")

    def __init__(self, holds, splays: bool):
        Part.__init__(self, holds)
        # the bits of State.shape read: the colours, and the splays too when it reads them
        self.mask = (1 << (3 * N_COLORS)) - 1 if splays else (1 << N_COLORS) - 1
        self.table = int_array([-1] * (self.mask + 1))  # -1 unknown, else 0/1

    def ask(self, game, st, player) -> bool:
        key = st.shape[player] & self.mask
        r = self.table[key]
        if r < 0:
            r = self.table[key] = 1 if self.truth(game, player) else 0
        return r == 1


class Combination:
    """A special achievement's condition: its parts (dsl.ir.condition_parts) tested in order
    until one decides. `_check_specials` calls `holds` (through C in the compiled runtime)."""

    __slots__ = ("decides", "parts")

    def __init__(self, op: str, parts: list):
        self.decides = op == "or"  # the part value that decides: true for `or`, false for `and`
        self.parts = list(parts)

    def __call__(self, game, player) -> bool:
        """Every part evaluated afresh: for games whose hooks (icon modifiers, replacement
        effects) the remembered answers cannot see."""
        for part in self.parts:
            if part.truth(game, player) == self.decides:
                return self.decides
        return not self.decides

    def holds(self, game, st, player) -> bool:
        """The remembered answers: asked only of games without hooks (_check_woken_specials).
        With CARDLANG_ACCEL=check each is compared with the part evaluated afresh."""
        for part in self.parts:
            r = part.ask(game, st, player)
            if _CHECK and r != part.truth(game, player):
                raise AccelMismatch(f"{type(part).__name__} answered {r} for player "
                                    f"{player}; evaluated afresh the part is {not r}")
            if r == self.decides:
                return self.decides
        return not self.decides

    def holds_woken(self, game, st, player) -> bool:
        """holds, as _check_woken_specials asks it. Compiled, a Tabled part (most parts: a
        count of one icon, this turn's tucks or scores) is answered in place (_tabled_ask,
        inline C) and the other kinds through their C method table; the interpreter's is
        holds itself (assigned below: no test of the mode per call)."""
        if _CHECK:
            return self.holds(game, st, player)
        for part in self.parts:
            if type(part) is Tabled:
                r = _tabled_ask(cython.cast(Tabled, part), game, st, player)
            else:
                r = part.ask(game, st, player)
            if r == self.decides:
                return self.decides
        return not self.decides


if not cython.compiled:  # (the compiled twin's Combination is a C type, its method above)
    Combination.holds_woken = Combination.holds
