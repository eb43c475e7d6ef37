"""The card table the rules read: each card's name, kind (being, legend, flare, task), deck,
rank, pattern and, for flares, the X/Y thresholds; for tasks their points and test."""
from __future__ import annotations

from dataclasses import dataclass, field

from .patterns import Pattern

KINDS = ("being", "legend", "flare", "task")


@dataclass(frozen=True)
class CardInfo:
    name: str
    kind: str                       # being / legend / flare / task
    deck: str = ""                  # imperial, highland, sylvan (beings); legends, flares, tasks
    rank: int = 0                   # the summoned piece's rank (beings, legends)
    pattern: Pattern | None = None
    upper: int = 0                  # flares: X (upgraded pieces behind) and Y (pieces behind)
    lower: int = 0
    points: int = 0                 # tasks
    difficulty: str = "simple"      # tasks: simple / advanced
    group: str = ""                 # tasks: their type (destruction, colored, ...)
    test: str = ""                  # tasks: the rules' test (game.TASK_TESTS)
    params: tuple = ()              # tasks: the test's numbers
    region: str = ""                # tasks: the squares it reads (red, green, colored, central)
    arrival: str = ""               # "colorless": arrives on any empty colorless square
    keep: str = ""                  # "warp": in warp, not discarded, returned nor copied


@dataclass
class CardTable:
    cards: list = field(default_factory=list)

    def __post_init__(self):
        self.by_name = {c.name: i for i, c in enumerate(self.cards)}

    @property
    def n(self) -> int:
        return len(self.cards)

    def ids(self, kind: str, deck: str | None = None) -> list:
        return [i for i, c in enumerate(self.cards)
                if c.kind == kind and (deck is None or c.deck == deck)]
