"""A decision put to a player: the one shape every choice in every game takes."""
from __future__ import annotations

from collections.abc import Mapping

import cython

from .errors import IllegalMove


@cython.freelist(16)  # compiled: memory reused (one is made for every choice)
@cython.no_gc  # compiled: plain data (ints, strings, the options), never in a reference cycle
@cython.cclass
class Decision:
    """`options` are plain hashable values (card ids, colour names, ints, action tuples...).

    An answer is a list of chosen options, between `min` and `max` long, without repeats.
    For kind "order" the answer is a permutation of all options. With `all_or_none` the answer
    is empty or exactly `max` long ("you may return three cards": all three, or none).
    A value object, never changed once made (a plain class rather than a frozen dataclass: one
    is made per decision, and the compiled runtime types it, decision.pxd).
    """

    __slots__ = ("player", "kind", "options", "min", "max", "prompt", "all_or_none", "labels")

    def __init__(self, player: int, kind: str, options: tuple, min: int = 1, max: int = 1,
                 prompt: str = "", all_or_none: bool = False, labels=None):
        self.player = player
        self.kind = kind
        self.options = tuple(options)
        self.min = min
        self.max = max
        self.prompt = prompt
        self.all_or_none = all_or_none
        self.labels = labels  # None, or each option's English when the rules know it better

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
                 all_or_none: bool = False, labels=None) -> Decision:
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
    d.labels = labels
    return d


LOG_KEYS = ("player", "kind", "answer")


@cython.freelist(64)  # compiled: memory reused (one is made for every answered decision)
@cython.no_gc  # compiled: plain data, so not tracked by the cyclic GC (a game logs hundreds)
@cython.cclass
class LogEntry:
    """One answered decision of a game's log, which is the save file's body (core.replay):
    read as the mapping {"player": .., "kind": .., "answer": [..]} it is saved as
    (`entry["kind"]`, `dict(entry)`, equal to that dict). A small object rather than a dict:
    a dict of three keys costs the compiled runtime eight times as many instructions.
    An answer of one option (most of them: every action) is kept as that option, and its
    list is made when something reads `answer` (new_entry_one): a game reads few of them."""

    __slots__ = ("player", "kind", "_answer", "_one")

    def __init__(self, player: int, kind: str, answer: list):
        self.player = player
        self.kind = kind
        self._answer = answer
        self._one = None

    @property
    def answer(self) -> list:
        a = self._answer
        if a is None:  # one option: its list, made once
            a = self._answer = [self._one]
            self._one = None
        return a

    def __getitem__(self, key: str):
        if key == "player":
            return self.player
        if key == "kind":
            return self.kind
        if key == "answer":
            return self.answer
        raise KeyError(key)

    def get(self, key: str, default=None):
        return self[key] if key in LOG_KEYS else default

    def keys(self) -> tuple:
        return LOG_KEYS

    def items(self) -> list:
        return [(k, self[k]) for k in LOG_KEYS]

    def __iter__(self):
        return iter(LOG_KEYS)

    def __len__(self) -> int:
        return 3

    def __contains__(self, key) -> bool:
        return key in LOG_KEYS

    def as_dict(self) -> dict:
        return {"player": self.player, "kind": self.kind, "answer": self.answer}

    def __eq__(self, other) -> bool:
        if isinstance(other, LogEntry):
            return (self.player == other.player and self.kind == other.kind
                    and self.answer == other.answer)
        if isinstance(other, Mapping):  # a dict, or the other runtime's entry
            return self.as_dict() == dict(other)
        return NotImplemented

    def __ne__(self, other) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # mutable, like the dict it stands for

    def __repr__(self) -> str:
        return repr(self.as_dict())


Mapping.register(LogEntry)


def new_entry(player: int, kind: str, answer: list) -> LogEntry:
    """LogEntry(...) without the call's argument parsing in the compiled twin."""
    e = LogEntry.__new__(LogEntry)
    e.player = player
    e.kind = kind
    e._answer = answer
    return e


def new_entry_one(player: int, kind: str, option) -> LogEntry:
    """new_entry(player, kind, [option]) without making the list until it is read."""
    e = LogEntry.__new__(LogEntry)
    e.player = player
    e.kind = kind
    e._answer = None
    e._one = option
    return e


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
    """Return the answer as a list (the agent's own list when it gave one, else a copy), or
    raise IllegalMove saying why it is not legal."""
    if type(answer) is list:
        ans = answer  # (a copy would cost a fifth of this check; the log keeps its own copy)
    elif isinstance(answer, (list, tuple)):
        ans = list(answer)
    else:
        raise IllegalMove(f"answer must be a list of options, got {answer!r}")
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
