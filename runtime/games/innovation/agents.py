"""Innovation-specific agents."""
from __future__ import annotations

from ...core.agents import Agent, RandomAgent
from ...core.decision import Decision
from .cards import BASIC_ICONS


class LookaheadAgent(Agent):
    """The greedy agent of the issue tracker: for each legal action it plays the action on a copy
    of the game (sub-decisions answered at random), scores the resulting position and takes the
    best: achieving, then scoring, then a dogma with a sharing advantage come out on top because
    they raise the evaluation most. Its own sub-decisions: yes to optional steps, else random."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.fallback = RandomAgent(seed)
        self.seed = seed
        self.n = 0

    def choose(self, game, d: Decision) -> list:
        if d.kind == "yesno":
            return ["yes"]
        if d.kind != "action" or len(d.options) == 1:
            return self.fallback.choose(game, d)
        best, best_v = None, None
        for a in d.options:
            self.n += 1
            g = game.clone()
            g.agents = [RandomAgent(self.seed * 7919 + self.n)] * g.n_players
            g.record_events = False
            g.transactional = False
            g.apply(a)
            v = evaluate(g, d.player)
            if best_v is None or v > best_v:
                best, best_v = a, v
        return [best]


def position(g, p: int) -> float:
    """How well player p stands: achievements first, then score, top ages, icons, hand."""
    icons = sum(g.icon_count(p, i) for i in BASIC_ICONS)
    achieved = g.achievements(p)
    # a higher achievement first keeps the lower ones within reach
    return (10 * len(achieved) + 0.1 * sum(g.cards.age[c] for c in achieved) + g.score_points(p)
            + 2 * g.highest_top_age(p) + 0.15 * icons + 0.4 * len(g.hand(p)))


def evaluate(g, p: int) -> float:
    if g.over:
        r = g.result()
        mine = {g.team_of[p]}
        won = r is not None and {g.team_of[w] for w in r.winners} == mine
        return 1e6 if won else -1e6
    return position(g, p) - max(position(g, q) for q in g.opponents(p))


class HeuristicAgent(Agent):
    """A cheap heuristic player: achieve if possible (highest age), else a dogma that scores
    (judged from the effects' text) with a sharing advantage, else any dogma with a sharing
    advantage (no non-teammate opponent shares, and if it demands someone is hit), else meld a
    card that raises a pile's age, else draw. Other decisions are answered at random."""

    name = "heuristic"

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


GreedyAgent = LookaheadAgent
