"""Interpreted and compiled card sets play identical whole games: same events, same decisions
(hypothesis over seeds, agent seeds and 2-4 players). The compiled module is built once (cached
in compiled/) and shared by the session."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from dsl.codegen import have_c_compiler
from runtime.front.testing import cardset
from runtime.core.agents import RandomAgent
from runtime.games.innovation.game import InnovationGame, Options

if not have_c_compiler():
    pytest.skip("no C compiler", allow_module_level=True)


def _play(cs, players: int, seed: int, agent_seed: int, teams: bool,
          record_events: bool = True, by_decision: bool = False):
    Game, Opts, Agent = InnovationGame, Options, RandomAgent
    if cs.runtime is not None:  # compiled mode plays on the Cython-built runtime
        Game, Opts, Agent = cs.runtime.InnovationGame, cs.runtime.Options, cs.runtime.RandomAgent
    if by_decision:  # a subclass: the game asks it through Decisions, not by position
        base = Agent
        Agent = type("DecisionRandomAgent", (base,),
                     {"choose": lambda self, game, d: base.choose(self, game, d)})
    agents = [Agent(agent_seed * 31 + q) for q in range(players)]
    g = Game(cs.table, cs.effects, cs.specials, Opts(players=players, teams=teams),
             seed=seed, agents=agents, record_events=record_events)
    err = None
    try:
        g.play(max_actions=2000)
    except Exception as e:  # the same failure in both modes is the same behaviour
        err = f"{type(e).__name__}: {e}"
    r = g.result()
    return g.events, g.log, (r.winners, r.reason) if r else None, err


def test_compiled_effects_are_compiled():
    cs = cardset("innovation", mode="compiled")
    runs = {type(e.run).__name__ for effs in cs.effects.values() for e in effs}
    assert runs == {"CompiledEffect"}
    assert cs.runtime is not None and cs.runtime.InnovationGame.__module__.endswith(".cgame")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), agent_seed=st.integers(0, 2**16),
       players=st.integers(2, 4), teams=st.booleans())
def test_interpreted_and_compiled_games_are_identical(seed, agent_seed, players, teams):
    teams = teams and players == 4
    a = _play(cardset("innovation", mode="interpreted"), players, seed, agent_seed, teams)
    b = _play(cardset("innovation", mode="compiled"), players, seed, agent_seed, teams)
    assert a[3] == b[3]
    assert a[1] == b[1]          # decision log
    assert a[0] == b[0]          # event log
    assert a[2] == b[2]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), agent_seed=st.integers(0, 2**16),
       players=st.integers(2, 4))
def test_games_that_record_no_events_are_the_same_games(seed, agent_seed, players):
    # the frequent verbs make no event when nobody reads events (InnovationGame._heard), but
    # still count the change that a sharing bonus depends on (000 "教义" (4)): the same
    # decisions and result with and without recording, in both modes
    for mode in ("interpreted", "compiled"):
        cs = cardset("innovation", mode=mode)
        heard = _play(cs, players, seed, agent_seed, False)
        quiet = _play(cs, players, seed, agent_seed, False, record_events=False)
        assert quiet[0] == [] and heard[0]
        assert quiet[1:] == heard[1:]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), agent_seed=st.integers(0, 2**16),
       players=st.integers(2, 4), teams=st.booleans())
def test_the_random_agent_picking_by_position_plays_the_same_games(seed, agent_seed, players,
                                                                   teams):
    # the game asks its own RandomAgent for positions (InnovationGame.step/.choose and
    # RandomAgent.pick_one: no legal-actions list, no Decision); a subclass is asked through
    # Decisions like any agent: the same decisions, events and result, in both modes
    teams = teams and players == 4
    for mode in ("interpreted", "compiled"):
        cs = cardset("innovation", mode=mode)
        fast = _play(cs, players, seed, agent_seed, teams)
        asked = _play(cs, players, seed, agent_seed, teams, by_decision=True)
        assert len(fast[1]) > 20
        assert fast == asked
