"""Random playouts: `play_random_games(n, players, seed)` reports how games end."""
from __future__ import annotations

import os
from collections import Counter

from ...core.agents import RandomAgent
from .cards import CardTable, load_card_table
from .game import InnovationGame, Options

# The shared research table sits beside the repository (../shared/data); never committed.
_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
DEFAULT_TSV = os.environ.get("CARDLANG_INNOVATION_TSV",
                             os.path.join(os.path.dirname(_REPO), "shared", "data", "innovation_cards.tsv"))


def play_random_games(n: int, players: int = 2, seed: int = 0, teams: bool = False,
                      cards: CardTable | None = None, effects: dict | None = None,
                      specials: list | None = None) -> dict:
    """Play n games between RandomAgents; return {"games", "reasons": {reason: count},
    "ties", "actions"}. Without `cards` the base table is read from the shared TSV."""
    if cards is None:
        cards = load_card_table(DEFAULT_TSV)
    reasons: Counter = Counter()
    ties = 0
    actions = 0
    for i in range(n):
        s = seed + i
        agents = [RandomAgent(s * 7919 + q) for q in range(players)]
        g = InnovationGame(cards, effects or {}, specials or [],
                           Options(players=players, teams=teams), seed=s, agents=agents,
                           record_events=False)
        g.transactional = False  # random agents never answer illegally: skip snapshots
        r = g.play()
        reasons[r.reason if r else "unfinished"] += 1
        if r and len({g.team_of[w] for w in r.winners}) > 1:
            ties += 1
        actions += sum(1 for e in g.log if e["kind"] == "action")
    return {"games": n, "reasons": dict(reasons), "ties": ties, "actions": actions}
