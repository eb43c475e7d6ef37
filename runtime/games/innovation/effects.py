"""What the card-language interpreter hands the runtime: effects and special achievements."""
from __future__ import annotations

import cython

from dataclasses import dataclass, field
from typing import Callable, Optional

EFFECT_KINDS = ("effect", "demand", "compel", "echo")


@dataclass(frozen=True)
class Effect:
    """One printed effect. `run(ctx)` performs it for `ctx.executor`."""

    kind: str
    run: Callable
    text: str = ""

    def __post_init__(self):
        if self.kind not in EFFECT_KINDS:
            raise ValueError(f"effect kind must be one of {EFFECT_KINDS}, got {self.kind!r}")


@cython.cclass
class Runner:
    """The base of a compiled effect (the card module's CompiledEffect): the compiled runtime
    runs it through C, `run(ctx)`, instead of calling it as a Python object (see run_effect).
    Interpreted effects are plain functions of ctx and need no base."""

    def run(self, ctx) -> None:
        raise NotImplementedError

    def __call__(self, ctx) -> None:
        self.run(ctx)


@cython.cclass
class Predicate:
    """The base of a compiled special-achievement condition (CompiledCondition): asked through
    C, `test(game, player)`, by the compiled conditions (conditions.Part)."""

    def test(self, game, player: int) -> bool:
        raise NotImplementedError

    def __call__(self, game, player) -> bool:
        return self.test(game, player)


@cython.freelist(16)  # compiled: memory reused (one is made for every execution of an effect)
@cython.cclass
class EffectContext:
    """Who runs which effect of which card within which dogma.

    `dogma_vars` is one dict shared by every execution within one dogma action (the
    interpreter stores demand results there, e.g. "a card was transferred due to the demand").
    """

    __slots__ = ("game", "executor", "activator", "card", "kind", "dogma_vars", "shared",
                 "subject")

    def __init__(self, game, executor: int, activator: int, card: int, kind: str,
                 dogma_vars: dict, shared: bool, subject=None):
        self.game = game
        self.executor = executor
        self.activator = activator
        self.card = card
        self.kind = kind
        self.dogma_vars = dogma_vars
        self.shared = shared
        self.subject = subject  # what triggered a triggered effect (its `it`), else None

    def __repr__(self) -> str:
        return (f"EffectContext(executor={self.executor}, activator={self.activator}, "
                f"card={self.card}, kind={self.kind!r}, shared={self.shared})")


def new_context(game, executor: int, activator: int, card: int, kind: str, dogma_vars: dict,
                shared: bool) -> EffectContext:
    """EffectContext(...), made without the call's argument parsing in the compiled twin (one
    is made for every execution of an effect)."""
    c = EffectContext.__new__(EffectContext)
    c.game = game
    c.executor = executor
    c.activator = activator
    c.card = card
    c.kind = kind
    c.dogma_vars = dogma_vars
    c.shared = shared
    c.subject = None
    return c


@dataclass(frozen=True)
class SpecialAchievement:
    """A special achievement claimed automatically the moment `condition(game, player)` holds.

    `triggers` optionally narrows when it is checked, to a subset of the change categories
    "board" (meld/tuck/splay/transfer to or from a board), "score", "tuck", "hand",
    "achievements"; None means after every change. `inputs` is what the condition reads of the
    player it is asked about (conditions.dependencies), or None when it reads anything else;
    when every special's inputs are known, a check is skipped while none of them changed since
    the last one.
    """

    card_id: int
    name: str
    condition: Callable
    triggers: Optional[frozenset] = field(default=None)
    inputs: Optional[frozenset] = field(default=None)
