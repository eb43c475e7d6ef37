"""A decision put to a player: the one shape every choice in every game takes."""
from __future__ import annotations

import cython

from .errors import IllegalMove


@cython.freelist(16)  # compiled: memory reused (one is made for every choice)
@cython.cclass
class Decision:
    """`options` are plain hashable values (card ids, colour names, ints, action tuples...).

    An answer is a list of chosen options, between `min` and `max` long, without repeats.
    For kind "order" the answer is a permutation of all options. With `all_or_none` the answer
    is empty or exactly `max` long ("you may return three cards": all three, or none).
    A value object, never changed once made (a plain class rather than a frozen dataclass: one
    is made per decision, and the compiled runtime types it, decision.pxd).
    """

    __slots__ = ("player", "kind", "options", "min", "max", "prompt", "all_or_none")

    def __init__(self, player: int, kind: str, options: tuple, min: int = 1, max: int = 1,
                 prompt: str = "", all_or_none: bool = False):
        self.player = player
        self.kind = kind
        self.options = tuple(options)
        self.min = min
        self.max = max
        self.prompt = prompt
        self.all_or_none = all_or_none

    def _fields(self) -> tuple:
        return (self.player, self.kind, self.options, self.min, self.max, self.prompt,
                self.all_or_none)

    def __eq__(self, other) -> bool:
        return isinstance(other, Decision) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return ("Decision(player={!r}, kind={!r}, options={!r}, min={!r}, max={!r}, "
                "prompt={!r}, all_or_none={!r})".format(*self._fields()))


def new_decision(player: int, kind: str, options: tuple, min: int, max: int, prompt: str,
                 all_or_none: bool = False) -> Decision:
    """Decision(...) with `options` already a tuple, made without the call's argument parsing
    in the compiled twin (one is made for every choice)."""
    d = Decision.__new__(Decision)
    d.player = player
    d.kind = kind
    d.options = options
    d.min = min
    d.max = max
    d.prompt = prompt
    d.all_or_none = all_or_none
    return d


def first_legal_answer(d: Decision) -> list:
    """The answer a non-thinking agent gives: the first options, as few as allowed but at least
    one when one may be taken (so an optional step is done rather than declined)."""
    if d.kind == "order":
        return list(d.options)
    if d.all_or_none:
        return list(d.options[:d.max])
    k = d.min if d.min > 0 else (1 if d.max >= 1 and d.options else 0)
    return list(d.options[:k])


def validate_answer(d: Decision, answer) -> list:
    """Return the answer as a list, or raise IllegalMove saying why it is not legal."""
    if not isinstance(answer, (list, tuple)):
        raise IllegalMove(f"answer must be a list of options, got {answer!r}")
    ans = list(answer)
    if d.all_or_none and len(ans) not in (0, d.max):
        raise IllegalMove(f"{d.kind} decision needs exactly {d.max} choices or none, got {len(ans)}")
    if len(ans) == 1 and d.min <= 1 <= d.max and d.kind != "order":  # the common case
        a = ans[0]
        for o in d.options:  # an agent usually answers with the option itself
            if o is a:
                return ans
        if a in d.options:
            return ans
        raise IllegalMove(f"{a!r} is not one of the options {list(d.options)!r}")
    if len(ans) < d.min or len(ans) > d.max:
        raise IllegalMove(
            f"{d.kind} decision needs between {d.min} and {d.max} choices, got {len(ans)}")
    seen = []
    for a in ans:
        if a not in d.options:
            raise IllegalMove(f"{a!r} is not one of the options {list(d.options)!r}")
        if a in seen:
            raise IllegalMove(f"{a!r} chosen twice")
        seen.append(a)
    if d.kind == "order" and len(ans) != len(d.options):
        raise IllegalMove("an order must list every option once")
    return ans
