"""Lines of sight from the summoned being (the Sylvan deck's shots; tk-a's shots along an
indicated direction may take their place at merge): the first piece in each direction.

    sight           the first piece in each of the 8 directions from the being
    diagonal-sight  the first piece in each of the 4 diagonal directions
    ahead           the first piece beyond the being in the direction of its last move

"Choose a direction and destroy the first piece in it" is `destroy a piece on sight`:
choosing among the first pieces is choosing the direction (two directions never share a
first piece)."""
from __future__ import annotations

from . import board as B

DIAGONALS = tuple(d for d in B.DIRECTIONS.values() if d[0] and d[1])


def first_piece(owner, s: int, d: tuple) -> int:
    """The first square with a piece from s (excluded) in direction d, or -1."""
    t = B.step(s, d)
    while t >= 0:
        if owner[t] >= 0:
            return t
        t = B.step(t, d)
    return -1


def sight(owner, s: int, dirs) -> list:
    out = []
    for d in dirs:
        t = first_piece(owner, s, d)
        if t >= 0:
            out.append(t)
    return out


def heading(s: int, t: int):
    """The direction (dx, dy) of a one-square move from s to t, or None."""
    (sx, sy), (tx, ty) = B.xy(s), B.xy(t)
    dx, dy = tx - sx, ty - sy
    return (dx, dy) if max(abs(dx), abs(dy)) == 1 else None


def zone(ctx, owner, name: str) -> list:
    s = ctx.being
    if name == "sight":
        return sight(owner, s, B.DIRECTIONS.values())
    if name == "diagonal-sight":
        return sight(owner, s, DIAGONALS)
    if name == "ahead":
        return [] if ctx.heading is None else sight(owner, s, (ctx.heading,))
    raise KeyError(name)


ZONES = ("sight", "diagonal-sight", "ahead")
