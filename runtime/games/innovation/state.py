"""Compact Innovation state: every card is an int that sits in exactly one zone.

`zone_of[card]`/`owner_of[card]` make location queries O(1). Per-player icon counts are kept
incrementally: each board change recomputes only the touched pile and applies the difference.
"""
from __future__ import annotations

from array import array

import cython

from .cards import N_ICON_SLOTS, CardTable

# zone codes
SUPPLY, HAND, BOARD, SCORE, ACHIEVEMENTS, AVAILABLE, REMOVED, DISPLAY, FORECAST, LIMBO = range(10)
ZONE_NAMES = ("supply", "hand", "board", "score", "achievements", "available", "removed",
              "display", "forecast", "limbo")
ZONE_INDEX = {n: i for i, n in enumerate(ZONE_NAMES)}

SPLAY_NONE, SPLAY_LEFT, SPLAY_RIGHT, SPLAY_UP = 0, 1, 2, 3
SPLAY_NAMES = ("none", "left", "right", "up")
SPLAY_INDEX = {n: i for i, n in enumerate(SPLAY_NAMES)}
# 0-based slots visible on a non-top card (README-innovation: left 4 and 6, right 1 and 2,
# up 2 3 4). The top card shows every slot.
VISIBLE_SLOTS = ((), (3, 5), (0, 1), (1, 2, 3))

MAX_AGE = 11  # supply piles are indexed by age 0..11
N_COLORS = 5

# What changed of a player since his last special-achievement check (State.changed bits); the
# inputs a condition reads (conditions.input_mask) are tested against them.
IN_BOARD, IN_ICONS, IN_COLORS, IN_TOPS, IN_SPLAYS, IN_TUCKED, IN_SCORED = 1, 2, 4, 8, 16, 32, 64
IN_FORECAST = 128
IN_ALL = 255

# The same numbers under private names, which the compiled twin declares as C constants
# (state.pxd), so that its hot methods below compare C ints rather than look up Python ones.
_SUPPLY, _HAND, _BOARD, _SCORE, _ACHIEVEMENTS = SUPPLY, HAND, BOARD, SCORE, ACHIEVEMENTS
_AVAILABLE, _REMOVED, _DISPLAY, _FORECAST = AVAILABLE, REMOVED, DISPLAY, FORECAST
_IN_BOARD, _IN_ICONS, _IN_COLORS, _IN_TOPS = IN_BOARD, IN_ICONS, IN_COLORS, IN_TOPS
_IN_SPLAYS, _IN_TUCKED, _IN_SCORED, _IN_ALL = IN_SPLAYS, IN_TUCKED, IN_SCORED, IN_ALL
_IN_FORECAST = IN_FORECAST
_N_SLOTS, _SPLAY_NONE, _N_COLORS = N_ICON_SLOTS, SPLAY_NONE, N_COLORS


def pile_icon_counts(icons: list, pile: list, splay: int) -> list:
    """Visible icon counts of one pile (bottom->top list); `icons` the card table's icon
    slots (CardTable.icons)."""
    counts = [0] * _N_SLOTS
    if not pile:
        return counts
    top = pile[-1]
    for ic in icons[top]:
        if 1 <= ic <= 6:
            counts[ic] += 1
    slots = VISIBLE_SLOTS[splay]
    if slots:
        for i in range(len(pile) - 1):
            ci = icons[pile[i]]
            n = len(ci)
            for s in slots:
                if s < n:
                    ic = ci[s]
                    if 1 <= ic <= 6:
                        counts[ic] += 1
    return counts


# Each pile's visible icon counts packed into one int (State.pile_icons): the count of icon i
# (1..6) in bits ICON_BITS * (i - 1) onwards. A pile of one colour shows fewer than 1024 of
# one icon (every set together has under 150 cards of a colour, each showing at most 6).
ICON_BITS, ICON_MASK = 10, 1023


def pack_icons(icons: tuple, slots) -> int:
    """The packed counts of the icons 1..6 in the given slots of a card (None: every slot)."""
    packed = 0
    for s, ic in enumerate(icons):
        if 1 <= ic <= 6 and (slots is None or s in slots):
            packed += 1 << (ICON_BITS * (ic - 1))
    return packed


_ICON_BITS, _ICON_MASK = ICON_BITS, ICON_MASK


def unpack_icons(packed: int) -> list:
    """Packed icon counts as a list indexed by icon id (index 0 unused, like State.icons)."""
    return [0] + [(packed >> (ICON_BITS * (i - 1))) & ICON_MASK for i in range(1, N_ICON_SLOTS)]


def icon_packs(cards: CardTable) -> tuple:
    """(whole, by_splay): each card's packed icons as a top card, and as a card under the top
    of a pile splayed each way (by_splay[splay * cards.n + card]); made once per card table."""
    packs = getattr(cards, "_icon_packs", None)
    if packs is None:
        whole = [pack_icons(ic, None) for ic in cards.icons]
        by_splay = [pack_icons(ic, slots) for slots in VISIBLE_SLOTS for ic in cards.icons]
        packs = cards._icon_packs = (whole, by_splay)
    return packs


def int_array(values):
    """A list of ints as the State keeps it: a list when interpreted; when compiled, an array
    of C longs, which the twin holds as a typed memoryview (state.pxd), so that reading and
    writing an element is a C access. Python code indexes, assigns, iterates and measures
    both alike (compare `list(x)`, not `x`: a memoryview does not equal a list)."""
    if cython.compiled:
        return array("l", values)
    return list(values)


_ONE: dict = {}  # value -> a one-item array of it, repeated by int_filled


def int_filled(n: int, value: int):
    """int_array([value] * n), made by repeating one item (a C copy when compiled)."""
    if cython.compiled:
        one = _ONE.get(value)
        if one is None:
            one = _ONE[value] = array("l", [value])
        return one * n
    return [value] * n


def shared_view(values):
    """An int_array that every game only reads (a card table's column, a card set's special
    achievements), kept as games hold it: when compiled, as the typed memoryview itself, which
    a State or a game takes without acquiring a new buffer (making a memoryview of an array
    costs ~0.4 us: a dozen per game were ~1% of a compiled game); the array when interpreted."""
    if cython.compiled:
        view = values  # (long[::1], state.pxd): returned as the memoryview object
        return view
    return values


def column(cards: CardTable, name: str):
    """The card table's list of ints `name` (a column by card id) as an int_array, made once
    per table (the list itself when interpreted)."""
    if not cython.compiled:
        return getattr(cards, name)
    cols = cards.__dict__.setdefault("_int_columns", {})
    col = cols.get(name)
    if col is None:
        col = cols[name] = shared_view(int_array(getattr(cards, name)))
    return col


def _columns(cards: CardTable) -> tuple:
    """The card table's columns the State reads on every move (colour, age, set, and the
    packed icons as top card and under each splay), as int_arrays made once per table (the
    lists themselves when interpreted)."""
    if not cython.compiled:
        return (cards.color, cards.age, cards.set_index) + icon_packs(cards)
    cols = cards.__dict__.get("_state_columns")
    if cols is None:
        whole, by_splay = icon_packs(cards)
        cols = cards._state_columns = (
            column(cards, "color"), column(cards, "age"), column(cards, "set_index"),
            shared_view(int_array(whole)), shared_view(int_array(by_splay)))
    return cols


def shape_of(piles: list, splays: list) -> int:
    """A board's shape (State.shape) from its piles and splays."""
    key = 0
    for c in range(N_COLORS):
        if piles[c]:
            key |= 1 << c
        key |= splays[c] << (N_COLORS + 2 * c)
    return key


_PLACES: dict = {}


def _places(n_players: int) -> list:
    """places[zone][owner + 1] is the tuple (zone, owner) that `take` returns: made once per
    number of players (tuples: shared by every State), so that a move makes none."""
    made = _PLACES.get(n_players)
    if made is None:
        made = _PLACES[n_players] = [[(z, o) for o in range(-1, n_players)]
                                     for z in range(len(ZONE_NAMES))]
    return made


_PROTOS: dict = {}  # (players, cards) -> _int_prototype's answer
_ALL_CARDS: dict = {}  # cards -> tuple(range(cards)): the first limbo, copied


def _int_prototype(n_players: int, n_cards: int):
    """The first values of a State's int_arrays end to end, in State._fresh_ints's order."""
    n, pc = n_players, n_players * N_COLORS
    return int_array([0] * (MAX_AGE + 1 + n * N_ICON_SLOTS + pc) + [LIMBO] * n_cards
                     + [-1] * n_cards + [0] * (9 * n + pc) + [-1] * pc + [0] * (pc + n)
                     + [IN_ALL] * n)


def _all_cards(n_cards: int) -> tuple:
    made = _ALL_CARDS.get(n_cards)
    if made is None:
        made = _ALL_CARDS[n_cards] = tuple(range(n_cards))
    return made


class State:
    def __init__(self, cards: CardTable, n_players: int):
        self.cards = cards
        # the card table's columns read on every move
        self.color_of, self.age_of, self.set_of, self.top_pack, self.under_pack = \
            _columns(cards)
        self.icons_of = cards.icons
        self.special_of = column(cards, "is_special")
        self.n_players = n_players
        np_ = range(n_players)
        self.hand = [[] for _ in np_]
        self.score = [[] for _ in np_]
        self.achievements = [[] for _ in np_]
        self.board = [[[] for _ in range(N_COLORS)] for _ in np_]
        self.splay = [[0] * N_COLORS for _ in np_]
        self.display = [[] for _ in np_]
        self.forecast = [[] for _ in np_]
        # supply[set_index][age]: bottom->top (draw pops the end)
        self.supply = [[[] for _ in range(MAX_AGE + 1)] for _ in cards.set_names]
        self.available: list[int] = []
        self.avail_ages = 0
        self.removed: list[int] = []
        self.limbo = list(_all_cards(cards.n))
        # turn bookkeeping
        self.current = 0
        self.actions_left = 0
        self.turn = 0
        self.first_player = 0
        self._fresh_ints(n_players, cards.n)
        self.cond_memo: dict = {}
        self.changed_any = IN_ALL  # every player's changed bits together: a check is due
        # grows with every change to a zone, a pile's order or a splay (take, put,
        # refresh_pile): equal before and after a run of effects, nothing moved (The Big Bang's
        # "if this caused any change", verbs/cards.py execute_noting, reads it)
        self.version = 0
        self.places = _places(n_players)
        # the cards whose place on a board arms hooks (a karma's card: watch_cards), None when
        # none, and how many of them are on boards now (kept by take/put): a game consults
        # hooks that only such a card can fire while `watched` is not 0
        self.watch = None
        self.watched = 0

    def _fresh_ints(self, n_players: int, n_cards: int) -> None:
        """The State's int_arrays at their first values, each a slice of one array copied from
        the prototype of (players, cards) (_int_prototype): compiled, one array and one
        memoryview per State instead of one of each per field (~1,700 instructions each;
        a slice of a typed memoryview is a C struct sharing its buffer)."""
        proto = _PROTOS.get((n_players, n_cards))
        if proto is None:
            proto = _PROTOS[(n_players, n_cards)] = _int_prototype(n_players, n_cards)
        ints = proto[:]  # (a copy, array or list; compiled, taken as a typed memoryview)
        n, pc = n_players, n_players * N_COLORS
        # the standard (not special) achievements available, as a count per age and a bit per
        # age with any (avail_ages), kept by take/put: the turn reads the achievable ages here
        self.avail_count = ints[0:MAX_AGE + 1]
        a = MAX_AGE + 1
        # each player's visible icon counts, icons[p * N_ICON_SLOTS + icon] (icon 1..6)
        self.icons = ints[a:a + n * N_ICON_SLOTS]
        a += n * N_ICON_SLOTS
        # each pile's packed icon counts (pack_icons), pile_icons[p * N_COLORS + colour]
        self.pile_icons = ints[a:a + pc]
        a += pc
        self.zone_of = ints[a:a + n_cards]  # (LIMBO)
        a += n_cards
        self.owner_of = ints[a:a + n_cards]  # (-1)
        a += n_cards
        self.tucked_this_turn = ints[a:a + n]
        self.scored_this_turn = ints[a + n:a + 2 * n]
        self.score_sum = ints[a + 2 * n:a + 3 * n]  # each score pile's ages, kept by take/put
        a += 3 * n
        # Revisions of each player's board, for remembered special-achievement answers
        # (conditions.py, kept in cond_memo), all kept by refresh_pile: board_rev grows with
        # every change to the board, icons_rev when its icon counts change, colors_rev when a
        # colour appears on it or leaves it, tops_rev when a top card changes, splays_rev when
        # a splay changes. seen_top/seen_splay are each pile's top and splay at its last refresh
        # ([p * N_COLORS + colour]). forecast_rev grows with every change to the forecast
        # (take/put: Echoes' Destiny reads it). pile_rev[p * N_COLORS + colour] grows with every
        # change to one pile (Echoes' counts of a pile's visible slots are kept by it).
        self.board_rev = ints[a:a + n]
        self.icons_rev = ints[a + n:a + 2 * n]
        self.colors_rev = ints[a + 2 * n:a + 3 * n]
        self.tops_rev = ints[a + 3 * n:a + 4 * n]
        self.splays_rev = ints[a + 4 * n:a + 5 * n]
        self.forecast_rev = ints[a + 5 * n:a + 6 * n]
        a += 6 * n
        self.pile_rev = ints[a:a + pc]
        self.seen_top = ints[a + pc:a + 2 * pc]  # (-1)
        self.seen_splay = ints[a + 2 * pc:a + 3 * pc]
        a += 3 * pc
        # Each board's shape as one int (shape_of): bit c when colour c has a pile, and two
        # bits at N_COLORS + 2c for its splay. Kept by refresh_pile, read by TabledShape.
        self.shape = ints[a:a + n]
        self.changed = ints[a + n:a + 2 * n]  # IN_* bits since the last check (IN_ALL)
        # counts of each pile an expansion remembers under the pile's revision (Echoes' visible
        # hexes, echo effects and bonuses: echoes.pile_memo, which makes it at its first count)
        self.slot_memo = None
        # the kept answers of the special achievements' parts, each with the revision it was
        # given under (accel/conditions.PileTested by pile, Remembered by player; made at the
        # first answer)
        self.cond_answers = None

    # ---- copying (snapshots for transactional apply, tests) ----
    def clone(self) -> "State":
        # (an int_array copies itself with .copy(): a list's, or a C copy of a memoryview)
        s = State.__new__(State)
        s.cards = self.cards
        s.color_of, s.age_of, s.set_of = self.color_of, self.age_of, self.set_of
        s.top_pack, s.under_pack = self.top_pack, self.under_pack
        s.icons_of = self.icons_of
        s.special_of = self.special_of
        s.n_players = self.n_players
        s.hand = [list(x) for x in self.hand]
        s.score = [list(x) for x in self.score]
        s.achievements = [list(x) for x in self.achievements]
        s.board = [[list(p) for p in b] for b in self.board]
        s.splay = [list(x) for x in self.splay]
        s.display = [list(x) for x in self.display]
        s.forecast = [list(x) for x in self.forecast]
        s.supply = [[list(p) for p in st] for st in self.supply]
        s.available = list(self.available)
        s.avail_count = self.avail_count.copy()
        s.avail_ages = self.avail_ages
        s.removed = list(self.removed)
        s.limbo = list(self.limbo)
        s.icons = self.icons.copy()
        s.pile_icons = self.pile_icons.copy()
        s.zone_of = self.zone_of.copy()
        s.owner_of = self.owner_of.copy()
        s.current = self.current
        s.actions_left = self.actions_left
        s.turn = self.turn
        s.first_player = self.first_player
        s.tucked_this_turn = self.tucked_this_turn.copy()
        s.scored_this_turn = self.scored_this_turn.copy()
        s.score_sum = self.score_sum.copy()
        s.board_rev = self.board_rev.copy()
        s.icons_rev = self.icons_rev.copy()
        s.colors_rev = self.colors_rev.copy()
        s.tops_rev = self.tops_rev.copy()
        s.splays_rev = self.splays_rev.copy()
        s.forecast_rev = self.forecast_rev.copy()
        s.pile_rev = self.pile_rev.copy()
        s.seen_top = self.seen_top.copy()
        s.seen_splay = self.seen_splay.copy()
        s.shape = self.shape.copy()
        s.cond_memo = dict(self.cond_memo)  # same boards, same revisions: still valid
        s.slot_memo = None if self.slot_memo is None else self.slot_memo.copy()
        s.cond_answers = None if self.cond_answers is None else self.cond_answers.copy()
        s.changed = self.changed.copy()
        s.changed_any = self.changed_any
        s.version = self.version
        s.places = self.places
        s.watch = self.watch
        s.watched = self.watched
        return s

    def signature(self) -> tuple:
        """Everything observable, as one comparable value (for replay tests)."""
        return (tuple(map(tuple, self.hand)), tuple(map(tuple, self.score)),
                tuple(map(tuple, self.achievements)),
                tuple(tuple(map(tuple, b)) for b in self.board), tuple(map(tuple, self.splay)),
                tuple(tuple(map(tuple, st)) for st in self.supply), tuple(self.available),
                tuple(self.removed), tuple(self.limbo), self.current, self.actions_left,
                self.turn, tuple(map(tuple, self.display)), tuple(map(tuple, self.forecast)))

    # ---- zone lists ----
    def _zone_list(self, zone: int, owner: int, card: int) -> list:
        if zone == _HAND:
            return self.hand[owner]
        if zone == _SCORE:
            return self.score[owner]
        if zone == _BOARD:
            color = self.color_of[card]
            return self.board[owner][color]
        if zone == _ACHIEVEMENTS:
            return self.achievements[owner]
        if zone == _SUPPLY:
            return self.supply[self.set_of[card]][self.age_of[card]]
        if zone == _AVAILABLE:
            return self.available
        if zone == _REMOVED:
            return self.removed
        if zone == _DISPLAY:
            return self.display[owner]
        if zone == _FORECAST:
            return self.forecast[owner]
        return self.limbo

    def take(self, card: int) -> tuple:
        """Remove `card` from wherever it is; returns (zone, owner) it came from."""
        zone = self.zone_of[card]
        owner = self.owner_of[card]
        self.version += 1
        if zone == _HAND:  # (the most frequent zones without a call to _zone_list)
            lst = self.hand[owner]
        elif zone == _SUPPLY:
            lst = self.supply[self.set_of[card]][self.age_of[card]]
        else:
            lst = self._zone_list(zone, owner, card)
        if cython.compiled:  # a C search from the end (piles lose their top) and one memmove
            # (state.pxd: list.remove would compare from the front through Python, and pop
            # would call back into Python to shrink the list)
            if cl_remove_card(lst, card) < 0:
                raise ValueError(f"card {card} is not in its zone's list")
        else:
            lst.remove(card)
        if zone == _SCORE:
            self.score_sum[owner] -= self.age_of[card]
        elif zone == _BOARD:
            if self.watch is not None and card in self.watch:
                self.watched -= 1
            color = self.color_of[card]
            if len(self.board[owner][color]) < 2:
                self.splay[owner][color] = _SPLAY_NONE  # a pile of 0/1 card forgets its splay
            self.refresh_pile(owner, color)
        elif zone == _FORECAST:
            self.forecast_changed(owner)
        elif zone == _AVAILABLE and not self.special_of[card]:
            age = self.age_of[card]
            self.avail_count[age] -= 1
            if self.avail_count[age] == 0:
                self.avail_ages &= ~(1 << age)
        return self.places[zone][owner + 1]

    def put(self, card: int, zone: int, owner: int = -1, bottom: bool = False) -> None:
        """Place a card (not in any zone) into `zone`; `bottom` for tuck / return."""
        if zone == _HAND:  # (the zones most cards go to, without a call to _zone_list)
            lst = self.hand[owner]
        elif zone == _BOARD:
            lst = self.board[owner][self.color_of[card]]
        else:
            lst = self._zone_list(zone, owner, card)
        if bottom:
            lst.insert(0, card)
        else:
            lst.append(card)
        self.zone_of[card] = zone
        self.owner_of[card] = owner
        self.version += 1
        if zone == _SCORE:
            self.score_sum[owner] += self.age_of[card]
        elif zone == _AVAILABLE:  # an achievement available again: anyone may qualify for it
            for q in range(self.n_players):
                self.changed[q] = _IN_ALL
            self.changed_any = _IN_ALL
            if not self.special_of[card]:
                age = self.age_of[card]
                self.avail_count[age] += 1
                self.avail_ages |= 1 << age
        if zone == _BOARD:
            if self.watch is not None and card in self.watch:
                self.watched += 1
            self.refresh_pile(owner, self.color_of[card])
        elif zone == _FORECAST:
            self.forecast_changed(owner)

    def watch_cards(self, cards) -> None:
        """Watch these cards too (`watched` counts those on boards: a game's hooks that only
        they can fire are consulted while it is not 0)."""
        self.watch = frozenset(cards) | (self.watch or frozenset())
        n = 0
        for c in self.watch:
            if self.zone_of[c] == _BOARD:
                n += 1
        self.watched = n

    def forecast_changed(self, p: int) -> None:
        self.forecast_rev[p] += 1
        self.changed[p] |= _IN_FORECAST
        self.changed_any |= _IN_FORECAST

    def move(self, card: int, zone: int, owner: int = -1, bottom: bool = False) -> tuple:
        src = self.take(card)
        self.put(card, zone, owner, bottom)
        return src

    # ---- icons ----
    def refresh_pile(self, p: int, color: int) -> None:
        """After any change to one pile: its icon counts, the board's revisions and the
        player's changed bits (and the State's version: a splay or a new order of a pile is
        a change)."""
        self.version += 1
        self.board_rev[p] += 1
        changed = _IN_BOARD
        pile = self.board[p][color]
        top = pile[-1] if pile else -1
        at = p * _N_COLORS + color  # this pile's place in seen_top, seen_splay, pile_icons
        self.pile_rev[at] += 1
        seen = self.seen_top[at]
        if top != seen:
            self.tops_rev[p] += 1
            changed |= _IN_TOPS
            if top < 0 or seen < 0:
                self.colors_rev[p] += 1
                changed |= _IN_COLORS
            self.seen_top[at] = top
        splay = self.splay[p][color]
        if splay != self.seen_splay[at]:
            self.splays_rev[p] += 1
            changed |= _IN_SPLAYS
            self.seen_splay[at] = splay
        if changed & (_IN_COLORS | _IN_SPLAYS):
            sh = self.shape[p] & ~((1 << color) | (3 << (_N_COLORS + 2 * color)))
            if top >= 0:
                sh |= 1 << color
            self.shape[p] = sh | (splay << (_N_COLORS + 2 * color))
        new = 0
        if top >= 0:
            new = self.top_pack[top]
            if splay:
                under = self.under_pack
                base = splay * len(self.zone_of)  # under_pack[splay * n_cards + card]
                for i in range(len(pile) - 1):
                    c = pile[i]
                    new += under[base + c]
        old = self.pile_icons[at]
        if new != old:
            self.pile_icons[at] = new
            i = p * _N_SLOTS + 1  # this player's count of icon 1 in icons, then 2...
            while new != old:  # field by field, until the rest of the fields are equal
                d = (new & _ICON_MASK) - (old & _ICON_MASK)
                if d:
                    self.icons[i] += d
                new >>= _ICON_BITS
                old >>= _ICON_BITS
                i += 1
            self.icons_rev[p] += 1
            changed |= _IN_ICONS
        self.changed[p] |= changed
        self.changed_any |= changed

    def clear_changed(self) -> None:
        """After a special-achievement check: nothing changed since."""
        for q in range(self.n_players):
            self.changed[q] = 0
        self.changed_any = 0

    # ---- this turn's counters ----
    def count_tuck(self, p: int) -> None:
        self.tucked_this_turn[p] += 1
        self.changed[p] |= _IN_TUCKED
        self.changed_any |= _IN_TUCKED

    def count_score(self, p: int) -> None:
        self.scored_this_turn[p] += 1
        self.changed[p] |= _IN_SCORED
        self.changed_any |= _IN_SCORED

    def reset_counters(self) -> None:
        for q in range(self.n_players):
            if self.tucked_this_turn[q] or self.scored_this_turn[q]:
                self.changed[q] |= _IN_TUCKED | _IN_SCORED
                self.changed_any |= _IN_TUCKED | _IN_SCORED
            self.tucked_this_turn[q] = 0
            self.scored_this_turn[q] = 0

    def recount(self) -> list:
        """Icon counts from scratch, laid out as `icons` (tests compare the two)."""
        out = []
        for p in range(self.n_players):
            tot = [0] * N_ICON_SLOTS
            for color in range(N_COLORS):
                c = pile_icon_counts(self.icons_of, self.board[p][color], self.splay[p][color])
                for i in range(N_ICON_SLOTS):
                    tot[i] += c[i]
            out.extend(tot)
        return out

    def icon_total(self, p: int, icon: int) -> int:
        """Player p's visible count of icon 1..6."""
        return self.icons[p * _N_SLOTS + icon]

    def pile_icon(self, p: int, color: int, icon: int) -> int:
        """The visible count of icon 1..6 on one pile."""
        return (self.pile_icons[p * _N_COLORS + color] >> (_ICON_BITS * (icon - 1))) & _ICON_MASK

    def set_splay(self, p: int, color: int, direction: int) -> None:
        self.splay[p][color] = direction
        self.refresh_pile(p, color)

    # ---- checks ----
    def check_conservation(self) -> None:
        """Every card is in exactly one zone, zone_of/owner_of agree with the lists, the
        score sums with the score piles, the available achievements' counts with the list of
        them, and changed_any with the players' changed bits."""
        seen = [0] * self.cards.n

        def mark(lst, zone, owner):
            for c in lst:
                seen[c] += 1
                assert self.zone_of[c] == zone, (c, zone, self.zone_of[c])
                assert zone in (SUPPLY, AVAILABLE, REMOVED, LIMBO) or self.owner_of[c] == owner

        for p in range(self.n_players):
            mark(self.hand[p], HAND, p)
            mark(self.score[p], SCORE, p)
            mark(self.achievements[p], ACHIEVEMENTS, p)
            mark(self.display[p], DISPLAY, p)
            mark(self.forecast[p], FORECAST, p)
            for color in range(N_COLORS):
                pile = self.board[p][color]
                mark(pile, BOARD, p)
                for c in pile:
                    assert self.cards.color[c] == color
                if len(pile) < 2:
                    assert self.splay[p][color] == SPLAY_NONE
            assert self.score_sum[p] == sum(self.cards.age[c] for c in self.score[p])
            assert self.shape[p] == shape_of(self.board[p], self.splay[p])
            for color in range(N_COLORS):
                assert unpack_icons(self.pile_icons[p * N_COLORS + color]) == pile_icon_counts(
                    self.icons_of, self.board[p][color], self.splay[p][color])
        for st in self.supply:
            for pile in st:
                mark(pile, SUPPLY, -1)
        mark(self.available, AVAILABLE, -1)
        ages = [self.cards.age[c] for c in self.available if not self.cards.is_special[c]]
        assert list(self.avail_count) == [ages.count(a) for a in range(MAX_AGE + 1)]
        assert self.avail_ages == sum(1 << a for a in set(ages))
        together = 0
        for bits in self.changed:
            together |= bits
        assert self.changed_any == together
        mark(self.removed, REMOVED, -1)
        mark(self.limbo, LIMBO, -1)
        bad = [c for c in range(self.cards.n) if seen[c] != 1]
        assert not bad, f"cards not in exactly one zone: {bad}"
