"""Innovation's estimate of a position (`InnovationGame.heuristic`): what the contract's greedy
agent (runtime/core/agents/greedy.py) and search agents maximise. (The greedy agent that played
Innovation's engine directly, LookaheadAgent, is replaced by that generic one.)"""
from __future__ import annotations

from .cards import BASIC_ICONS, N_ICON_SLOTS


def position(g, p: int) -> float:
    """How well player p stands: achievements first, then score, top ages, icons, hand.
    (Read from the state's arrays: the greedy agent asks it for every answer it tries.)"""
    st = g.state
    if g._hooks:  # icon modifiers: counted as the rules count them
        icons = sum(g.icon_count(p, i) for i in BASIC_ICONS)
    else:
        counts = st.icons
        base = p * N_ICON_SLOTS
        icons = (counts[base + 1] + counts[base + 2] + counts[base + 3] + counts[base + 4]
                 + counts[base + 5] + counts[base + 6])
    achieved = st.achievements[p]
    age = g.age_of
    ages = 0
    for c in achieved:
        ages += age[c]
    # a higher achievement first keeps the lower ones within reach
    return (10 * len(achieved) + 0.1 * ages + st.score_sum[p]
            + 2 * g.highest_top_age(p) + 0.15 * icons + 0.4 * len(st.hand[p]))


def evaluate(g, p: int) -> float:
    if g.over:
        r = g.result()
        mine = {g.team_of[p]}
        won = r is not None and {g.team_of[w] for w in r.winners} == mine
        return 1e6 if won else -1e6
    return position(g, p) - max(position(g, q) for q in g.opponents(p))
