"""What the card-language interpreter hands Tash-Kalar's rules: the context of one execution
of a card's effect, and the bases of compiled effects (the card modules' CompiledEffect, run by
the compiled runtime through C)."""
from __future__ import annotations

import cython

NO_SQUARE = -1


@cython.cclass
class Runner:
    """The base of a compiled effect: the compiled runtime runs it through C, `run(ctx)`.
    Interpreted effects are plain functions of ctx and need no base."""

    def run(self, ctx) -> None:
        raise NotImplementedError

    def __call__(self, ctx) -> None:
        self.run(ctx)


@cython.cclass
class Predicate:
    """The base of a compiled condition (a card module's CompiledCondition); Tash-Kalar's
    cards have none today, the compiled card modules are typed against it all the same."""

    def test(self, game, player: int) -> bool:
        raise NotImplementedError

    def __call__(self, game, player) -> bool:
        return self.test(game, player)


@cython.cclass
class Context:
    """One execution of a card's effect: who, which card, the being's square, the pattern's
    squares (its pieces and marked squares) as summoned (dsl.interp reads game, executor,
    activator, card, kind, dogma_vars)."""
    __slots__ = ("game", "executor", "activator", "card", "kind", "dogma_vars", "shared",
                 "subject", "being", "marked", "used", "heading", "marked2")

    def __init__(self, game, executor, card, kind, being=NO_SQUARE, marked=(), used=()):
        self.game = game
        self.executor = executor
        self.activator = executor
        self.card = card
        self.kind = kind
        self.dogma_vars = {}
        self.shared = False
        self.subject = None
        self.being = being
        self.marked = marked
        self.used = used
        self.heading = None     # the direction name of the being's last move (`heading()`)
        self.marked2 = ()       # a second set of marked squares (the pattern's `n` cells)
