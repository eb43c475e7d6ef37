"""The Tash-Kalar board (004 Gamehelptashkalar; its squares from the reference board): a 9x9
grid with three squares cut from each corner (69 squares), the High Form's red and green
squares, the central 3x3 and the duel's start squares. A square is an int y*9 + x (x, y from 0,
y down the board); its name is a column letter and a row number, "a1" top left to "i9".
Bitboards: a set of squares is an int whose bit s is square s."""
from __future__ import annotations

W = 9
N = W * W
COLS = "abcdefghi"


def on_board(x: int, y: int) -> bool:
    """The reference board's cut corners, 1-based: x+y>3, x+y<17, |x-y|<7."""
    if not (0 <= x < W and 0 <= y < W):
        return False
    X, Y = x + 1, y + 1
    return X + Y > 3 and X + Y < 17 and abs(X - Y) < 7


SQUARES = tuple(y * W + x for y in range(W) for x in range(W) if on_board(x, y))
ON_BOARD = 0
for _s in SQUARES:
    ON_BOARD |= 1 << _s


def sq(x: int, y: int) -> int:
    return y * W + x


def xy(s: int) -> tuple:
    return s % W, s // W


def name(s: int) -> str:
    x, y = xy(s)
    return f"{COLS[x]}{y + 1}"


def parse(text: str) -> int:
    """A square's name ("e5") as its number; ValueError with the reason otherwise."""
    t = text.strip().lower()
    if len(t) < 2 or t[0] not in COLS or not t[1:].isdigit():
        raise ValueError(f"'{text}' is not a square: a column a-i and a row 1-9, such as e5")
    x, y = COLS.index(t[0]), int(t[1:]) - 1
    if not on_board(x, y):
        raise ValueError(f"'{text}' is off the board (the board's corners are cut)")
    return sq(x, y)


# 1-based (x, y) of the reference board
RED = frozenset(sq(x - 1, y - 1) for x, y in ((3, 8), (4, 2), (5, 5), (8, 6)))
GREEN = frozenset(sq(x - 1, y - 1) for x, y in ((1, 5), (3, 3), (6, 8), (7, 3), (9, 4)))
CENTRAL = frozenset(sq(x, y) for x in (3, 4, 5) for y in (3, 4, 5))
DUEL_START = (sq(2, 4), sq(6, 4))
# Deathmatch start squares by number of players (004 死斗规则). The duel's are the reference
# board's, (3,5) and (7,5). The diamond symbols of 3-4 players are not in our data: our
# assumption is the central cross's four ends, west, north, east, south in turn order (each
# player's neighbours in turn order on either side)
START = {2: DUEL_START,
         3: (sq(2, 4), sq(4, 2), sq(6, 4)),
         4: (sq(2, 4), sq(4, 2), sq(6, 4), sq(4, 6))}

# the eight directions: name -> (dx, dy); y grows down the board
DIRECTIONS = {"north": (0, -1), "northeast": (1, -1), "east": (1, 0), "southeast": (1, 1),
              "south": (0, 1), "southwest": (-1, 1), "west": (-1, 0), "northwest": (-1, -1)}
DIRECTION_NAMES = tuple(DIRECTIONS)


def step(s: int, d: tuple) -> int:
    """The square one step from s in direction d, or -1 off the board."""
    x, y = xy(s)
    x, y = x + d[0], y + d[1]
    return sq(x, y) if on_board(x, y) else -1


NEIGHBOURS = tuple(tuple(t for t in (step(s, d) for d in DIRECTIONS.values()) if t >= 0)
                   if (s in SQUARES) else () for s in range(N))
DIAGONAL = tuple(tuple(t for t in (step(s, d) for d in DIRECTIONS.values() if d[0] and d[1])
                       if t >= 0) if (s in SQUARES) else () for s in range(N))
ORTHOGONAL = tuple(tuple(t for t in (step(s, d) for d in DIRECTIONS.values()
                                     if not (d[0] and d[1])) if t >= 0)
                   if (s in SQUARES) else () for s in range(N))


def bits(squares) -> int:
    b = 0
    for s in squares:
        b |= 1 << s
    return b


def squares_of(b: int) -> list:
    out = []
    while b:
        low = b & -b
        out.append(low.bit_length() - 1)
        b ^= low
    return out

WITHIN_TWO = tuple(tuple(t for t in SQUARES if t != s and max(abs(xy(t)[0] - xy(s)[0]),
                                                              abs(xy(t)[1] - xy(s)[1])) <= 2)
                   if s in SQUARES else () for s in range(N))


# ---- the High Form's pattern tasks (tashkalar_tasks.tsv; the seed names no geometry: ours)
CENTRE = sq(4, 4)
CROSS_PLUS = frozenset((CENTRE,) + ORTHOGONAL[CENTRE])     # Center Cross: "+"
CROSS_X = frozenset((CENTRE,) + DIAGONAL[CENTRE])          # Center Cross: "x"
# Line Dominance: the rows and columns through the central squares, each across the board
LINES = tuple(frozenset(s for s in SQUARES if xy(s)[1] == k) for k in (3, 4, 5)) + \
    tuple(frozenset(s for s in SQUARES if xy(s)[0] == k) for k in (3, 4, 5))
# Diagonals: the board's two long diagonals (seven squares each: their ends are cut)
DIAGONALS = (frozenset(s for s in SQUARES if xy(s)[0] == xy(s)[1]),
             frozenset(s for s in SQUARES if xy(s)[0] + xy(s)[1] == W - 1))
# Side Chain: the four straight sides (row 1, row 9, column a, column i), opposite in pairs
SIDES = ((frozenset(s for s in SQUARES if xy(s)[1] == 0),
          frozenset(s for s in SQUARES if xy(s)[1] == W - 1)),
         (frozenset(s for s in SQUARES if xy(s)[0] == 0),
          frozenset(s for s in SQUARES if xy(s)[0] == W - 1)))
# Corner Chain: the three squares of each cut corner's edge, opposite in pairs
_CORNER = {"nw": frozenset(s for s in SQUARES if sum(xy(s)) == 2),
           "se": frozenset(s for s in SQUARES if sum(xy(s)) == 2 * (W - 1) - 2),
           "ne": frozenset(s for s in SQUARES if xy(s)[0] - xy(s)[1] == W - 3),
           "sw": frozenset(s for s in SQUARES if xy(s)[1] - xy(s)[0] == W - 3)}
CORNERS = ((_CORNER["nw"], _CORNER["se"]), (_CORNER["ne"], _CORNER["sw"]))
