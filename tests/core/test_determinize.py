"""Fair determinization (contract.State.determinize; machine.EngineState.determinize with
Innovation's runtime/games/innovation/determinize.py).

What a player sees is 000 "开始游戏" and "计分": hands and score piles face down showing the
age (and set) on their backs, boards face up, supply piles only by size. A re-deal keeps all
that and changes what is hidden."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runtime.core import registry
from runtime.core.agents import RandomAgent
from runtime.core.machine import DETERMINIZE_STATS
from runtime.core.rng import Rng

from tests.conftest import modes

GAME = registry.get("innovation")


def advance(state, decisions: int, seed: int):
    """`state` after at most `decisions` random answers through the contract."""
    agents = [RandomAgent(seed + q) for q in range(2)]
    for _ in range(decisions):
        if state.is_terminal():
            break
        d = state.pending()
        state.apply(agents[d.player].choose(state, d))
    return state


def hidden(state, viewer: int) -> tuple:
    """What `viewer` cannot see: the other's hand and score pile, the supply piles in order,
    the achievements (read from the rules' state: the test may look, the agent may not)."""
    s = state.engine.state
    other = 1 - viewer
    return (tuple(sorted(s.hand[other])), tuple(sorted(s.score[other])),
            tuple(tuple(p) for per_set in s.supply for p in per_set), tuple(s.available))


@pytest.mark.parametrize("mode", modes())
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 120), draw=st.integers(0, 2**32 - 1))
def test_a_determinized_state_looks_the_same_to_its_player_and_plays_on(mode, seed, cut, draw):
    s = advance(GAME.new_state({"players": 2}, seed, mode), cut, seed)
    if s.is_terminal():
        return
    before = s.to_json()
    me = s.pending().player
    d = s.determinize(me, Rng(draw))
    assert d.observation(me) == s.observation(me)
    p, q = s.pending(), d.pending()
    assert (q.player, q.kind, len(q.options)) == (p.player, p.kind, len(p.options))
    assert s.to_json() == before  # the true state is untouched
    advance(d, 400, draw)  # the re-dealt world is a game that plays on legally
    assert s.to_json() == before


@pytest.mark.parametrize("mode", modes())
def test_determinizations_differ_in_hidden_content_over_seeds_even_mid_effect(mode):
    calls = DETERMINIZE_STATS["calls"]
    kept = DETERMINIZE_STATS["kept"]
    mid_effect = 0
    for seed in range(4):
        s = GAME.new_state({"players": 2}, seed, mode)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        while not s.is_terminal() and len(s.log) < 90:
            p = s.pending()
            me = p.player
            worlds = set()
            for k in range(6):
                d = s.determinize(me, Rng(k))
                assert d.observation(me) == s.observation(me)
                worlds.add(hidden(d, me))
            # six draws of a game in which the other player holds cards and the decks are
            # shuffled: more than one world (the chance that six shuffles agree is nil)
            assert len(worlds) > 1
            mid_effect += bool(s._answers)  # answers already given in this step
            s.apply(agents[me].choose(s, p))
    assert mid_effect >= 5, "no decision in the middle of an effect was determinized"
    assert DETERMINIZE_STATS["calls"] > calls
    assert DETERMINIZE_STATS["kept"] == kept  # every re-deal found a consistent world


def test_the_set_up_decision_re_deals_the_other_hand_but_not_ones_own():
    s = GAME.new_state({"players": 2}, 7)
    me = s.pending().player
    own = sorted(s.engine.state.hand[me])
    others = set()
    for k in range(10):
        d = s.determinize(me, Rng(k))
        assert sorted(d.engine.state.hand[me]) == own
        others.add(tuple(sorted(d.engine.state.hand[1 - me])))
        assert d.observation(me) == s.observation(me)
    assert len(others) > 1


def test_a_determinized_state_has_no_history_and_renames_the_step_under_way():
    """The copy's decision log holds only the step under way, its cards renamed: the other
    player's hidden choice (the card he chose to meld at the set-up, not melded yet) is not
    the true one in every copy."""
    s = GAME.new_state({"players": 2}, 11)
    s.apply(s.pending().options[0].id)  # player 1 chose a card, not melded yet
    assert s.pending().player == 1
    true_choice = s.log[0]["answer"][0]
    choices = set()
    for k in range(10):
        d = s.determinize(1, Rng(k))
        assert len(d.log) == 1
        choices.add(d.log[0]["answer"][0])
    assert len(choices) > 1 and choices != {true_choice}
    later = advance(s, 30, 11)
    if not later.is_terminal():
        assert len(later.determinize(later.pending().player, Rng(1)).log) < len(later.log)
