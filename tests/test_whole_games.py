"""Whole games with the full base set: every game ends by a legal condition, in every player
configuration, and the greedy agent beats the random one. CI plays a sample; the full counts
(10,000 two-player games, 1,000 each of 3, 4 and team games; 1,000 greedy-vs-random games) run
with `python benchmarks/soak.py` and are reported in docs/cards/base-games.md."""
from __future__ import annotations

import pytest

from runtime.core import registry
from runtime.core.agents import RandomAgent
from runtime.core.agents.greedy import GreedyAgent
from runtime.front.testing import cardset
from runtime.games.innovation.game import Options

REASONS = {"achievements", "high draw", "dogma"}


def play(seed, players=2, teams=False, agents=None):
    cs = cardset("innovation")
    agents = agents or [RandomAgent(seed * 10 + i) for i in range(players)]
    g = cs.game_class(cs.table, cs.effects, cs.specials, Options(players=players, teams=teams),
                      seed, agents, record_events=False)
    r = g.play()
    g.state.check_conservation()
    return g, r


@pytest.mark.parametrize("players,teams,n", [(2, False, 60), (3, False, 20), (4, False, 20), (4, True, 20)])
def test_random_games_end_by_a_legal_condition(players, teams, n):
    for seed in range(n):
        g, r = play(seed, players, teams)
        assert r is not None and r.reason in REASONS, f"seed {seed}: {r}"
        assert r.winners and all(0 <= w < players for w in r.winners)
        if r.reason == "achievements":
            assert max(sum(len(g.achievements(q)) for q in g.team(w)) for w in r.winners) >= g.needed


def test_greedy_beats_random():
    """The contract's greedy agent (runtime/core/agents/greedy.py), in the seat it is given
    half the time, on the contract's fast path."""
    game = registry.get("innovation")
    wins = 0
    n = 60
    for seed in range(n):
        greedy_seat = seed % 2
        state = game.new_state({"players": 2}, 5000 + seed)
        agents = [None, None]
        agents[greedy_seat] = GreedyAgent(seed)
        agents[1 - greedy_seat] = state.random_agent(seed)
        end = state.play_out(agents)
        wins += end.returns()[greedy_seat] == 1.0
    assert wins > 0.6 * n, f"greedy won {wins} of {n}"
