"""The small interface every game implements (after OpenSpiel's): agents, simulation, the CLI
and a future RL adapter need nothing game-specific beyond it."""
from __future__ import annotations

from typing import Protocol


class Game(Protocol):
    n_players: int
    log: list  # the decision log

    def legal_actions(self) -> list: ...

    def apply(self, action) -> None: ...

    def step(self) -> None: ...

    def is_over(self) -> bool: ...

    def result(self): ...

    def clone(self) -> "Game": ...

    def save(self) -> str: ...

    @property
    def current_player(self) -> int: ...
