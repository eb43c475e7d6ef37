"""The MCTS agent (runtime/core/agents/mcts.py): fair (it reads the true state only through
pending() and determinize()), seeded, and stronger than random."""
from __future__ import annotations

import pytest

from runtime.core import registry
from runtime.core.agents.mcts import MctsAgent

from tests.conftest import modes
from tests.core.test_determinize import advance

GAME = registry.get("innovation")


class OnlyPendingAndDeterminize:
    """A State that lets an agent read nothing but its decision and its re-deals."""

    def __init__(self, state):
        self._state = state
        self.used = []

    def pending(self):
        self.used.append("pending")
        return self._state.pending()

    def determinize(self, player, rng):
        self.used.append("determinize")
        return self._state.determinize(player, rng)

    def __getattr__(self, name):
        raise AssertionError(f"the agent read the true state's '{name}'")


def test_mcts_never_reads_the_true_state_only_its_re_deals():
    s = advance(GAME.new_state({"players": 2}, 5), 12, 5)
    d = s.pending()
    spy = OnlyPendingAndDeterminize(s)
    agent = MctsAgent(seed=3, playouts=12, depth=4)
    answer = agent.choose(spy, d)
    assert all(o in d.options for o in answer)
    assert spy.used.count("determinize") == 12


def test_mcts_is_seeded_and_reproducible():
    s = advance(GAME.new_state({"players": 2}, 9), 20, 9)
    d = s.pending()
    a = MctsAgent(seed=1, playouts=20).choose(s, d)
    b = MctsAgent(seed=1, playouts=20).choose(s.clone(), d)
    assert a == b


@pytest.mark.parametrize("mode", modes()[-1:])
def test_mcts_beats_random_in_seeded_games(mode):
    """A handful of games with few play-outs, seats alternated, seeded (the same games every
    run): MCTS wins them all (measured: benchmarks/bench_mcts.py for the 200-game figures)."""
    wins = 0
    for seed in range(4):
        s = GAME.new_state({"players": 2}, seed, mode)
        me = seed % 2
        bots = [None, None]
        bots[me] = MctsAgent(seed, playouts=24, depth=6)
        bots[1 - me] = s.random_agent(seed + 100)
        wins += s.play_out(bots).returns()[me]
    assert wins >= 3
