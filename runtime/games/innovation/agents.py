"""Innovation-specific agents."""
from __future__ import annotations

from ...core.agents import Agent, RandomAgent
from ...core.decision import Decision


class GreedyAgent(Agent):
    """A cheap heuristic player: achieve if possible (highest age), else a dogma that scores
    (judged from the effects' text) with a sharing advantage, else any dogma with a sharing
    advantage (no non-teammate opponent shares, and if it demands someone is hit), else meld a
    card that raises a pile's age, else draw. Other decisions are answered at random."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.fallback = RandomAgent(seed)

    def choose(self, game, d: Decision) -> list:
        if d.kind != "action":
            return self.fallback.choose(game, d)
        acts = list(d.options)
        achieves = [a for a in acts if a[0] == "achieve"]
        if achieves:
            return [max(achieves, key=lambda a: a[1])]
        p = d.player
        best = None
        best_key = None
        for a in acts:
            if a[0] != "dogma":
                continue
            adv, scores = self._dogma_value(game, p, a[1])
            if adv <= 0:
                continue
            key = (scores, adv, game.cards.age[a[1]])
            if best_key is None or key > best_key:
                best, best_key = a, key
        if best is not None:
            return [best]
        melds = [a for a in acts if a[0] == "meld"]
        raising = [a for a in melds
                   if game.cards.age[a[1]] > game.cards.age[game.top(p, game.cards.color[a[1]])]
                   or game.top(p, game.cards.color[a[1]]) < 0]
        if raising:
            return [max(raising, key=lambda a: game.cards.age[a[1]])]
        return [("draw",)]

    @staticmethod
    def _dogma_value(game, p: int, card: int) -> tuple:
        effs = game.effects.get(card, ())
        if not effs:
            return 0, 0
        icon = game.cards.dogma_icon[card]
        mine = game.icon_count(p, icon) if icon >= 0 else 0
        sharers = hit = 0
        for q in game.opponents(p):
            if (game.icon_count(q, icon) if icon >= 0 else 0) >= mine:
                sharers += 1
            else:
                hit += 1
        has_demand = any(e.kind == "demand" for e in effs)
        has_own = any(e.kind in ("effect", "echo") for e in effs)
        adv = (hit if has_demand else 0) + (1 if has_own and sharers == 0 else 0)
        scores = int(any("score" in e.text.lower() for e in effs if e.kind != "demand"))
        return adv, scores
