"""A being's pattern (004 召唤: the shape on the card, in any orientation or mirror image)
as cells relative to the being's square, its 8 symmetries, and the search of a board for it
with bitboards.

A pattern is read from its card's grid (the `pattern` attribute): `c` `H` `L` your piece of
at least that rank (004 术语: a higher-ranked piece counts as a lower one), `B` the being's
square (empty or any piece the being may combat-jump onto), `b` / `B^` the being's square on
your own piece of at least common / heroic rank, `m` a marked square, `.` any square."""
from __future__ import annotations

from dataclasses import dataclass

import cython

from . import board as B

COMMON, HEROIC, LEGENDARY = 0, 1, 2
RANKS = ("common", "heroic", "legendary")
RANK_OF = {"c": COMMON, "H": HEROIC, "L": LEGENDARY}
BEING = {"B": -1, "b": COMMON, "B^": HEROIC}   # the being square: own piece needed (-1 none)
SYMBOLS = (("c", "your common (or higher) piece"), ("H", "your heroic (or legendary) piece"),
           ("L", "your legendary piece"), ("B", "the being's square"),
           ("b", "the being's square, on your common (or higher) piece"),
           ("B^", "the being's square, on your heroic (or higher) piece"),
           ("m", "a marked square"),
           ("n", "a square of a second marked set (zone marked2: Gate of Oblivion)"),
           (".", "any square"))

# the 8 symmetries of the square: (dx, dy) -> transformed
TRANSFORMS = (lambda x, y: (x, y), lambda x, y: (-y, x), lambda x, y: (-x, -y),
              lambda x, y: (y, -x), lambda x, y: (-x, y), lambda x, y: (y, x),
              lambda x, y: (x, -y), lambda x, y: (-y, -x))


@dataclass(frozen=True)
class Orientation:
    index: int                      # which of TRANSFORMS
    cells: tuple                    # ((dx, dy, rank), ...) pieces relative to the being square
    marked: tuple                   # ((dx, dy), ...)
    marked2: tuple = ()             # the second marked set's ((dx, dy), ...)


@dataclass(frozen=True)
class Pattern:
    cells: tuple                    # ((dx, dy, rank), ...) in the card's orientation
    being_needs: int                # -1: empty or any piece; else own piece of >= this rank
    marked: tuple
    orientations: tuple             # the distinct ones among the 8 symmetries
    marked2: tuple = ()             # a second set of marked squares (`n` cells)

    @property
    def width(self):
        return len(self.orientations)


def from_grid(rows) -> Pattern:
    """The pattern of a checked grid (rows of symbols; exactly one being square)."""
    cells, marked, marked2, being, needs = [], [], [], None, -1
    for y, row in enumerate(rows):
        for x, sym in enumerate(row):
            if sym in BEING:
                being, needs = (x, y), BEING[sym]
    if being is None:
        raise ValueError("a pattern needs a being square")
    bx, by = being
    for y, row in enumerate(rows):
        for x, sym in enumerate(row):
            if sym in RANK_OF:
                cells.append((x - bx, y - by, RANK_OF[sym]))
            elif sym == "m":
                marked.append((x - bx, y - by))
            elif sym == "n":
                marked2.append((x - bx, y - by))
    return make(tuple(cells), needs, tuple(marked), tuple(marked2))


def make(cells: tuple, needs: int = -1, marked: tuple = (), marked2: tuple = ()) -> Pattern:
    seen, out = set(), []
    for i, t in enumerate(TRANSFORMS):
        oc = tuple(sorted((*t(dx, dy), r) for dx, dy, r in cells))
        om = tuple(sorted(t(dx, dy) for dx, dy in marked))
        om2 = tuple(sorted(t(dx, dy) for dx, dy in marked2))
        if (oc, om, om2) in seen:
            continue
        seen.add((oc, om, om2))
        out.append(Orientation(i, oc, om, om2))
    return Pattern(tuple(cells), needs, tuple(marked), tuple(out), tuple(marked2))


def _shift_masks():
    """For each (dx, dy): the squares s such that s + (dx, dy) is on the board."""
    masks = {}
    for dx in range(-8, 9):
        for dy in range(-8, 9):
            m = 0
            for s in B.SQUARES:
                x, y = B.xy(s)
                if B.on_board(x + dx, y + dy):
                    m |= 1 << s
            masks[dx, dy] = m
    return masks


SHIFT_OK = _shift_masks()


def shifted(bb: int, dx: int, dy: int) -> int:
    """The squares s whose square s + (dx, dy) is in bb (and on the board)."""
    d = dy * B.W + dx
    moved = bb >> d if d >= 0 else bb << -d
    return moved & SHIFT_OK[dx, dy]


def matches(p: Pattern, own_ge: tuple, being_ok: int) -> list:
    """Every (being square, orientation) where the pattern stands: `own_ge[r]` the bitboard of
    the player's pieces of rank >= r, `being_ok` the squares the being may appear on (empty or
    a piece it may combat-jump onto; for a being square on your piece, your pieces that may)."""
    out = []
    for o in p.orientations:
        cand = being_ok
        for dx, dy, r in o.cells:
            cand &= shifted(own_ge[r], dx, dy)
            if not cand:
                break
        for s in B.squares_of(cand):
            out.append((s, o.index))
    return out


def matches_void(p: Pattern, own_ge: tuple, empty: int, being_ok: int, n: int) -> list:
    """Void Summoner: every (being square, orientation) where the pattern stands when one to
    n empty squares (not the being's) count as the player's common pieces, and not without
    them (those are `matches`'), in `matches`' order. On bitboards, as `matches`: a cell is
    the player's piece of its rank or more, or (a common cell) an empty square; `least[k]`
    holds the being squares with k or more of the cells so far empty (a counter by bits)."""
    out = []
    for o in p.orientations:
        cand = being_ok
        least = [being_ok] + [0] * (n + 1)
        for dx, dy, r in o.cells:
            gap = shifted(empty, dx, dy) if r == COMMON else 0
            cand &= shifted(own_ge[r], dx, dy) | gap
            if not cand:
                break
            if gap:
                for k in range(n + 1, 0, -1):
                    least[k] |= least[k - 1] & gap
        cand &= least[1] & ~least[n + 1]
        for s in B.squares_of(cand):
            out.append((s, o.index))
    return out


def matches_improvised(p: Pattern, own_ge: tuple, enemy_ge: tuple, being_ok: int) -> list:
    """004 即兴召唤: where the pattern stands with exactly one of its pieces an opponent's
    (of at least the cell's rank) and the others the player's, and not without it."""
    out = []
    for o in p.orientations:
        cells = o.cells
        normal = being_ok
        for dx, dy, r in cells:
            normal &= shifted(own_ge[r], dx, dy)
        found = 0
        for i in range(len(cells)):
            cand = being_ok & ~normal
            for j, (dx, dy, r) in enumerate(cells):
                cand &= shifted(enemy_ge[r] if i == j else own_ge[r], dx, dy)
                if not cand:
                    break
            found |= cand
        for s in B.squares_of(found):
            out.append((s, o.index))
    return out


def marked2_at(p: Pattern, being: int, index: int) -> tuple:
    """The second marked set's squares on the board of the pattern summoned at `being` in
    orientation `index` (Gate of Oblivion's `n` cells)."""
    t = TRANSFORMS[index]
    x, y = B.xy(being)
    out = []
    for dx, dy in p.marked2:
        ox, oy = t(dx, dy)
        if B.on_board(x + ox, y + oy):
            out.append(B.sq(x + ox, y + oy))
    return tuple(out)


def squares_at(p: Pattern, being: int, index: int) -> tuple:
    """(piece squares, marked squares on the board) of the pattern summoned at `being` in
    orientation `index`."""
    t = TRANSFORMS[index]
    x, y = B.xy(being)
    cells = []
    for dx, dy, _ in p.cells:
        ox, oy = t(dx, dy)
        cells.append(B.sq(x + ox, y + oy))
    marked = []
    for dx, dy in p.marked:
        ox, oy = t(dx, dy)
        if B.on_board(x + ox, y + oy):
            marked.append(B.sq(x + ox, y + oy))
    return tuple(cells), tuple(marked)


def mismatch(p: Pattern, being: int, index: int, owner, rank, player: int, being_rank: int):
    """Why the pattern does not stand at `being` in orientation `index` (None if it does):
    the first square that does not match, in English."""
    t = TRANSFORMS[index]
    x, y = B.xy(being)
    if being not in B.SQUARES:
        return f"{B.name(being)} is not on the board"
    o, r = owner[being], rank[being]
    if p.being_needs >= 0:
        if o != player or r < p.being_needs:
            return (f"the being's square {B.name(being)} needs your {RANKS[p.being_needs]} "
                    "piece")
    if o >= 0 and r > being_rank:
        return f"the being cannot jump onto the {RANKS[r]} piece on {B.name(being)}"
    for dx, dy, need in p.cells:
        ox, oy = t(dx, dy)
        if not B.on_board(x + ox, y + oy):
            return f"the pattern's square ({dx:+d}, {dy:+d}) is off the board"
        s = B.sq(x + ox, y + oy)
        if owner[s] != player or rank[s] < need:
            return f"{B.name(s)} needs your {RANKS[need]} piece"
    return None


# ------------------------------------------------------------------ the game's search
# The rules search every card in hand at every action (legal actions), so the search the
# game runs is `Search` over `Boards`: the same bitboards and the same order of results as
# `matches` and `matches_improvised` above (the reference, tested against each other), with
# each orientation's cells flattened into arrays. In the compiled runtime (accel/patterns.pxd)
# a bitboard is a C unsigned 128-bit integer and these are C arrays: no Python integer is
# made during a search.

def _table(values) -> tuple:
    return tuple(values)


BIT = _table(1 << s for s in range(B.N))          # BIT[s]: the bitboard of square s
SQ = _table(B.SQUARES)                              # the board's squares, as a C array
N_SQ = len(B.SQUARES)
SHIFT_AT = _table(SHIFT_OK[dx, dy] for dy in range(-8, 9) for dx in range(-8, 9))
MAX_CELLS = 128       # cells of all orientations of one pattern (8 x 16)
PLACE = tuple(("place", s) for s in range(B.N))   # the rules' place actions, made once
# the 8 directions as shifts of a bitboard: the squares next to a set of squares
NEAR_D = _table(dy * B.W + dx for dx, dy in B.DIRECTIONS.values())
NEAR_MASK = _table(SHIFT_OK[dx, dy] for dx, dy in B.DIRECTIONS.values())


def _shift_index(dx: int, dy: int) -> int:
    return (dy + 8) * 17 + dx + 8


def _low_square(low) -> int:
    """The square of a bitboard's single bit."""
    if cython.compiled:   # the C compiler's count of trailing zeros, on each 64-bit half
        half = cython.cast(cython.ulonglong, low)
        if half:
            return __builtin_ctzll(half)
        return 64 + __builtin_ctzll(cython.cast(cython.ulonglong, low >> 64))
    return low.bit_length() - 1


def _count(b) -> int:
    """The number of squares of a bitboard."""
    if cython.compiled:   # the C compiler's population count, on each 64-bit half
        return (__builtin_popcountll(cython.cast(cython.ulonglong, b))
                + __builtin_popcountll(cython.cast(cython.ulonglong, b >> 64)))
    return bin(b).count("1")


@cython.cclass
class Boards:
    """The bitboards of one position: `ge[p * 3 + r]` player p's pieces of rank >= r, `le[r]`
    every piece of rank <= r (any colour), `empty` the empty squares."""

    def __init__(self):
        self.ge = [0] * 12
        self.le = [0] * 3
        self.empty = 0

    def compute(self, owner: list, rank: list) -> None:
        """Every board made afresh from `owner` / `rank`: each square classified by `put`."""
        for i in range(12):
            self.ge[i] = 0
        for i in range(3):
            self.le[i] = 0
        self.empty = 0
        for i in range(N_SQ):
            s = SQ[i]
            self.put(s, owner[s], rank[s])

    def copy_from(self, other: Boards) -> None:
        """The bitboards of `other` (a clone's position: the same pieces)."""
        for i in range(12):
            self.ge[i] = other.ge[i]
        for i in range(3):
            self.le[i] = other.le[i]
        self.empty = other.empty

    def put(self, s: int, o: int, r: int) -> None:
        """Square s now holds player o's piece of rank r (o < 0: nothing): its bit in every
        board, so that the game keeps its bitboards up to date as each piece changes."""
        b = BIT[s]
        keep = ~b
        for i in range(12):
            self.ge[i] &= keep
        le0 = self.le[0] & keep
        le1 = self.le[1] & keep
        le2 = self.le[2] & keep
        if o < 0:
            self.empty |= b
        else:
            self.empty &= keep
            self.ge[o * 3] |= b
            le2 |= b
            if r >= 1:
                self.ge[o * 3 + 1] |= b
                if r >= 2:
                    self.ge[o * 3 + 2] |= b
                else:
                    le1 |= b
            else:
                le1 |= b
                le0 |= b
        self.le[0] = le0
        self.le[1] = le1
        self.le[2] = le2

    def same(self, other: Boards) -> bool:
        """Whether two positions' bitboards are equal (the acceleration layer's check)."""
        for i in range(12):
            if self.ge[i] != other.ge[i]:
                return False
        for i in range(3):
            if self.le[i] != other.le[i]:
                return False
        return self.empty == other.empty

    def own(self, p: int, r: int):
        return self.ge[p * 3 + r]

    def places(self, out: list) -> None:
        """Appends ("place", s) for each empty square, in square order."""
        empty = self.empty
        while empty:
            low = empty & -empty
            out.append(PLACE[_low_square(low)])
            empty ^= low

    def squares(self, p: int, low: int, high: int, but: int) -> list:
        """The squares of p's pieces of rank low..high, but `but`, in square order."""
        b = self.ge[p * 3 + low]
        if high < 2:
            b &= ~self.ge[p * 3 + high + 1]
        out = []
        while b:
            bit = b & -b
            s = _low_square(bit)
            if s != but:
                out.append(s)
            b ^= bit
        return out

    def joined(self, p: int, a, b) -> bool:
        """Whether a chain of p's pieces, each adjacent to the next in any of the 8
        directions (as a move goes: 004 术语), joins one of the squares `a` to one of the
        squares `b` (bitboards; the chain tasks): p's pieces reached from `a` grown one step
        at a time."""
        own = self.ge[p * 3]
        reach = own & a
        while reach:
            if reach & b:
                return True
            grow = reach
            for k in range(8):
                d = NEAR_D[k]
                grow |= (reach >> d if d >= 0 else reach << -d) & NEAR_MASK[k]
            grow &= own
            if grow == reach:
                return False
            reach = grow
        return False

    def pieces(self, p: int) -> int:
        """How many pieces player p has on the board."""
        return _count(self.ge[p * 3])

    def upgraded(self, p: int) -> int:
        """How many of p's pieces are heroic or legendary."""
        return _count(self.ge[p * 3 + 1])


@cython.cclass
class Search:
    """A pattern's search: each distinct orientation's cells as (shift, mask of the squares
    the shift keeps, rank) in flat arrays; `rank` the summoned piece's rank (where the being
    may appear: 004 召唤, by combat jump)."""

    def __init__(self, p: Pattern, rank: int):
        self.n = len(p.orientations)
        self.needs = p.being_needs
        self.being_rank = rank
        self.index = [0] * 8
        self.start = [0] * 9
        self.d = [0] * 128
        self.rank = [0] * 128
        self.mask = [0] * 128
        k = 0
        for i, o in enumerate(p.orientations):
            self.index[i] = o.index
            self.start[i] = k
            for dx, dy, r in o.cells:
                if k >= MAX_CELLS:
                    raise ValueError(f"a pattern of more than {MAX_CELLS} cells in all its "
                                     "orientations")
                self.d[k] = dy * B.W + dx
                self.rank[k] = r
                self.mask[k] = SHIFT_AT[_shift_index(dx, dy)]
                k += 1
        self.start[self.n] = k
        # the compiled search's actions, each tuple made once (the first time it is found)
        # and kept in C arrays (accel/patterns.pxd: `made[s * 8 + i]` of `matches`,
        # `made_q[(s * 8 + i) * 4 + q]` of `improvised`) for `card`, the first card asked
        # (the one whose Search this is); results that are not actions are made each time
        self.card = -1

    def _summon(self, card: int, s: int, i: int):
        """("summon", card, s, orientation) of `matches` (compiled only), made once."""
        k = s * 8 + i
        if self.made[k] == cython.NULL:
            t = ("summon", card, s, self.index[i])
            if card != self.card:
                if self.card >= 0:
                    return t
                self.card = card
            Py_INCREF(t)
            self.made[k] = cython.cast(cython.pointer(PyObject), t)
            return t
        if card != self.card:
            return ("summon", card, s, self.index[i])
        return cython.cast(object, self.made[k])

    def _improvised(self, card: int, s: int, i: int, q: int):
        """("summon", card, s, orientation, q) of `improvised` (compiled only), made once."""
        k = (s * 8 + i) * 4 + q
        if self.made_q[k] == cython.NULL:
            t = ("summon", card, s, self.index[i], q)
            if card != self.card:
                if self.card >= 0:
                    return t
                self.card = card
            Py_INCREF(t)
            self.made_q[k] = cython.cast(cython.pointer(PyObject), t)
            return t
        if card != self.card:
            return ("summon", card, s, self.index[i], q)
        return cython.cast(object, self.made_q[k])

    def __dealloc__(self):
        if cython.compiled:
            k = cython.declare(cython.long)
            for k in range(648):   # (literals: at exit the modules may be gone)
                Py_XDECREF(self.made[k])
            for k in range(2592):
                Py_XDECREF(self.made_q[k])

    def being_ok(self, bb: Boards, p: int):
        """Where the being may appear (Game.being_squares)."""
        if self.needs >= 0:
            return bb.ge[p * 3 + self.needs] & bb.le[self.being_rank]
        return bb.empty | bb.le[self.being_rank]

    def matches(self, bb: Boards, p: int, card: int, action: bool, out: list) -> int:
        """Appends (card, square, orientation) of every summon that stands (("summon", card,
        square, orientation) with `action`), as `matches` finds them; returns how many."""
        ok = self.being_ok(bb, p)
        found = 0
        base = p * 3
        for i in range(self.n):
            cand = ok
            for k in range(self.start[i], self.start[i + 1]):
                d = self.d[k]
                own = bb.ge[base + self.rank[k]]
                moved = own >> d if d >= 0 else own << -d
                cand &= moved & self.mask[k]
                if not cand:
                    break
            while cand:
                low = cand & -cand
                s = _low_square(low)
                if cython.compiled and action:   # each tuple made once
                    out.append(self._summon(card, s, i))
                elif action:
                    out.append(("summon", card, s, self.index[i]))
                else:
                    out.append((card, s, self.index[i]))
                found += 1
                cand ^= low
        return found

    def improvised(self, bb: Boards, p: int, q: int, card: int, action: bool,
                   out: list) -> int:
        """Appends (card, square, orientation, q) of every summon standing only with one
        piece of q's (004 即兴召唤), as `matches_improvised` finds them."""
        ok = self.being_ok(bb, p)
        found = 0
        base, enemy = p * 3, q * 3
        for i in range(self.n):
            lo, hi = self.start[i], self.start[i + 1]
            normal = ok
            for k in range(lo, hi):
                d = self.d[k]
                own = bb.ge[base + self.rank[k]]
                moved = own >> d if d >= 0 else own << -d
                normal &= moved & self.mask[k]
            got = 0
            for j in range(lo, hi):
                cand = ok & ~normal
                for k in range(lo, hi):
                    d = self.d[k]
                    own = bb.ge[(enemy if k == j else base) + self.rank[k]]
                    moved = own >> d if d >= 0 else own << -d
                    cand &= moved & self.mask[k]
                    if not cand:
                        break
                got |= cand
            while got:
                low = got & -got
                s = _low_square(low)
                if cython.compiled and action:
                    out.append(self._improvised(card, s, i, q))
                elif action:
                    out.append(("summon", card, s, self.index[i], q))
                else:
                    out.append((card, s, self.index[i], q))
                found += 1
                got ^= low
        return found
