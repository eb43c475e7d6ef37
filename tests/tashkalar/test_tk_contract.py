"""The core's contract holds for Tash-Kalar as for Innovation (tests/core/test_contract.py):
play-outs are the same games as answering every pending decision, a clone at any decision
plays on independently (Hypothesis), a save in the middle of an effect loads to the same
decision, observation hides the other hand and the decks' order, the greedy agent plays it."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from runtime.core import registry
from runtime.core.agents import RandomAgent
from runtime.core.agents.greedy import GreedyAgent

GAME = registry.get("tashkalar")


def entries(log) -> list:
    return [dict(e) for e in log]


def play(state, agents, limit=100000) -> int:
    n = 0
    while not state.is_terminal() and n < limit:
        d = state.pending()
        state.apply(agents[d.player].choose(state, d))
        n += 1
    return n


def test_play_out_is_the_same_game_as_answering_every_pending_decision():
    for seed in range(2):
        s = GAME.new_state({}, seed=seed)
        play(s, [RandomAgent(seed * 10 + q) for q in range(2)])
        fast = GAME.new_state({}, seed=seed).play_out([RandomAgent(seed * 10 + q)
                                                       for q in range(2)])
        assert s.is_terminal() and entries(s.log) == entries(fast.log)
        assert s.returns() == fast.returns()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 300), other=st.integers(0, 10**6))
def test_a_clone_at_any_decision_plays_on_independently(seed, cut, other):
    s = GAME.new_state({}, seed=seed % 1000)
    play(s, [RandomAgent(seed), RandomAgent(seed + 1)], limit=cut)
    if s.is_terminal():
        return
    saved = s.to_json()
    c, c2 = s.clone(), s.clone()
    play(c, [RandomAgent(other), RandomAgent(other + 1)])
    play(c2, [RandomAgent(other), RandomAgent(other + 1)])
    assert entries(c.log) == entries(c2.log)
    assert s.to_json() == saved
    play(s.clone(), [RandomAgent(other + 7), RandomAgent(other + 8)])
    assert s.to_json() == saved


def test_save_and_load_in_the_middle_of_an_effect():
    for seed in range(40):
        s = GAME.new_state({}, seed=seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        n = 0
        while not s.is_terminal() and s.pending().kind in ("action", "card", "task") and n < 3000:
            d = s.pending()
            s.apply(agents[d.player].choose(s, d))
            n += 1
        if s.is_terminal() or s.pending().kind in ("action", "card", "task"):
            continue
        loaded = GAME.load_state(s.to_json())
        assert loaded.pending() == s.pending()
        d = s.pending()
        a = agents[d.player].choose(s, d)
        s.apply(a)
        loaded.apply(a)
        assert loaded.to_json() == s.to_json()
        return
    raise AssertionError("no decision inside an effect in 40 games")


def test_observation_hides_the_other_hand():
    s = GAME.new_state({}, seed=4)
    o = s.observation(0)
    text = json.dumps(o)
    eng = s.engine
    assert all(eng.table.cards[c].name in o["hand"] for c in eng.hand[0])
    assert "deck" not in text and o["hand sizes"] == [6, 6]


def test_the_greedy_agent_plays_tashkalar():
    s = GAME.new_state({}, seed=5)
    end = s.play_out([GreedyAgent(1), RandomAgent(2)])
    assert end.is_terminal()
