"""A being's pattern (004 召唤: the shape on the card, in any orientation or mirror image)
as cells relative to the being's square, its 8 symmetries, and the search of a board for it
with bitboards.

A pattern is read from its card's grid (the `pattern` attribute): `c` `H` `L` your piece of
at least that rank (004 术语: a higher-ranked piece counts as a lower one), `B` the being's
square (empty or any piece the being may combat-jump onto), `b` / `B^` the being's square on
your own piece of at least common / heroic rank, `m` a marked square, `.` any square."""
from __future__ import annotations

from dataclasses import dataclass

from . import board as B

COMMON, HEROIC, LEGENDARY = 0, 1, 2
RANKS = ("common", "heroic", "legendary")
RANK_OF = {"c": COMMON, "H": HEROIC, "L": LEGENDARY}
BEING = {"B": -1, "b": COMMON, "B^": HEROIC}   # the being square: own piece needed (-1 none)
SYMBOLS = (("c", "your common (or higher) piece"), ("H", "your heroic (or legendary) piece"),
           ("L", "your legendary piece"), ("B", "the being's square"),
           ("b", "the being's square, on your common (or higher) piece"),
           ("B^", "the being's square, on your heroic (or higher) piece"),
           ("m", "a marked square"), (".", "any square"))

# the 8 symmetries of the square: (dx, dy) -> transformed
TRANSFORMS = (lambda x, y: (x, y), lambda x, y: (-y, x), lambda x, y: (-x, -y),
              lambda x, y: (y, -x), lambda x, y: (-x, y), lambda x, y: (y, x),
              lambda x, y: (x, -y), lambda x, y: (-y, -x))


@dataclass(frozen=True)
class Orientation:
    index: int                      # which of TRANSFORMS
    cells: tuple                    # ((dx, dy, rank), ...) pieces relative to the being square
    marked: tuple                   # ((dx, dy), ...)


@dataclass(frozen=True)
class Pattern:
    cells: tuple                    # ((dx, dy, rank), ...) in the card's orientation
    being_needs: int                # -1: empty or any piece; else own piece of >= this rank
    marked: tuple
    orientations: tuple             # the distinct ones among the 8 symmetries

    @property
    def width(self):
        return len(self.orientations)


def from_grid(rows) -> Pattern:
    """The pattern of a checked grid (rows of symbols; exactly one being square)."""
    cells, marked, being, needs = [], [], None, -1
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
    return make(tuple(cells), needs, tuple(marked))


def make(cells: tuple, needs: int = -1, marked: tuple = ()) -> Pattern:
    seen, out = set(), []
    for i, t in enumerate(TRANSFORMS):
        oc = tuple(sorted((*t(dx, dy), r) for dx, dy, r in cells))
        om = tuple(sorted(t(dx, dy) for dx, dy in marked))
        if (oc, om) in seen:
            continue
        seen.add((oc, om))
        out.append(Orientation(i, oc, om))
    return Pattern(tuple(cells), needs, tuple(marked), tuple(out))


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
