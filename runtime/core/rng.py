"""Seeded deterministic RNG (PCG32, XSH-RR), pure integer Python.

Identical output on every machine and under Cython; Python's `random` is not used so that a
game is reproducible from its seed whatever the interpreter version.
"""
from __future__ import annotations

_MASK64 = 0xFFFFFFFFFFFFFFFF
_MASK32 = 0xFFFFFFFF
_TWO32 = 0x100000000
_MULT = 6364136223846793005
_N_THRESHOLDS = 64
_THRESHOLDS = tuple((_TWO32 - n) % n if n else 0 for n in range(_N_THRESHOLDS))


class Rng:
    __slots__ = ("state", "inc")

    def __init__(self, seed: int = 0, stream: int = 0x5A17):
        self.state = 0
        self.inc = ((stream << 1) | 1) & _MASK64
        self.next_u32()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self.next_u32()

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((32 - rot) & 31))) & _MASK32

    def advance(self) -> None:
        """next_u32() without its output: the draw of `below(1)`, whose answer is always 0."""
        self.state = (self.state * _MULT + self.inc) & _MASK64

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        # the rejection threshold (2^32 - n) % n, from a table for the small n of games
        threshold = _THRESHOLDS[n] if n < _N_THRESHOLDS else (_TWO32 - n) % n
        while True:
            # next_u32(), inline: a Python call per draw was a third of the draw's time. The
            # rotation masks the left part only (for rot 0 it is shifted out: x | 0).
            old = self.state
            self.state = (old * _MULT + self.inc) & _MASK64
            xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
            rot = old >> 59
            r = (xorshifted >> rot) | ((xorshifted << (32 - rot)) & _MASK32)
            if r >= threshold:
                return r % n

    def shuffle(self, xs: list) -> None:
        """Fisher-Yates in place."""
        i = len(xs) - 1
        while i > 0:
            j = self.below(i + 1)
            xs[i], xs[j] = xs[j], xs[i]
            i -= 1

    def choice(self, xs):
        return xs[self.below(len(xs))]

    def sample(self, xs, k: int) -> list:
        if k == 1:  # the common case: the one draw the loop below would make, without the copy
            return [xs[self.below(len(xs))]]
        pool = list(xs)
        out = []
        for _ in range(k):
            out.append(pool.pop(self.below(len(pool))))
        return out

    def getstate(self) -> tuple:
        return (self.state, self.inc)

    def setstate(self, st: tuple) -> None:
        self.state, self.inc = st
