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


def test_mcts_is_a_bot_of_simulate_with_its_play_outs_in_its_name(tmp_path):
    """`--bots mcts:4,random` through simulate: the games are played and the run records the
    bot as named, with MCTS's version."""
    import json

    from runtime.front import simulate as sim
    cfg = sim.Config(n=2, bots=["mcts:4", "random"], seed=3, options={"players": 2},
                     mode=modes()[-1])
    summary = sim.run(cfg, tmp_path, workers=1, plots=False)
    run = json.loads((tmp_path / sim.RUN_FILE).read_text())
    assert run["bots"] == ["mcts:4", "random"] and run["bot_versions"] == ["1", "1"]
    recs = [json.loads(x) for x in (tmp_path / sim.GAMES_FILE).read_text().splitlines()]
    assert len(recs) == 2 and all(r["reason"] != "error" and r["winners"] for r in recs)
    assert summary


@pytest.mark.parametrize("spec,why", [
    ("mcts:0", "from 1 to"), ("mcts:abc", "whole number"), ("mcts:-3", "whole number"),
    ("greedy:5", "takes no number"), ("mtcs", "unknown bot 'mtcs'"),
])
def test_a_bad_bot_is_refused_with_the_reason(spec, why):
    from runtime.front.bots import parse_bots
    from runtime.front.states import PlayError
    with pytest.raises(PlayError, match=why):
        parse_bots(spec, 2)


def test_mcts_n_sets_the_play_outs():
    from runtime.front.bots import make_bot, parse_bots
    s = GAME.new_state({"players": 2}, 1)
    assert parse_bots("mcts:250,random", 2) == ["mcts:250", "random"]
    assert make_bot("mcts:250", 7, s).playouts == 250
    assert make_bot("mcts", 7, s).playouts == MctsAgent(0).playouts


def test_cardlang_play_auto_with_mcts():
    from typer.testing import CliRunner

    from runtime.front.cli import app
    r = CliRunner().invoke(app, ["play", "innovation", "--auto", "--bots", "mcts:3,random",
                                 "--seed", "1", "--mode", modes()[-1]])
    assert r.exit_code == 0, r.output
    assert "wins" in r.output.lower() or "won" in r.output.lower()


def test_mcts_refuses_a_game_that_cannot_be_determinized():
    """A game whose engine does not say what a player cannot see has no fair re-deal: the mcts
    bot is refused with the reason, not run on the true state."""
    from runtime.front.bots import make_bot
    from runtime.front.states import PlayError
    assert GAME.new_state({"players": 2}, 1).can_determinize()
    others = [n for n in registry.names() if n != "innovation"]
    for name in others:
        s = registry.get(name).new_state({}, 1)
        if not s.can_determinize():
            with pytest.raises(PlayError, match="cannot play"):
                make_bot("mcts", 1, s)
            with pytest.raises(NotImplementedError, match="no fair search"):
                s.determinize(s.pending().player, None)
