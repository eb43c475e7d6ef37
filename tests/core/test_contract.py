"""The Game/State contract (runtime/core/contract.py, machine.py), on Innovation: pending
decisions as data, apply, clone at any decision, save and load mid-effect, play-outs equal to
answering every decision, refusals with reasons."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runtime.core import registry
from runtime.core.agents import RandomAgent
from runtime.core.errors import BadOptions, BadSave, IllegalMove, UnknownGame
from runtime.core.rng import Rng

from tests.conftest import modes

GAME = registry.get("innovation")


def entries(log) -> list:
    return [dict(e) for e in log]


def play(state, agents, limit=100000) -> int:
    """Answer every pending decision of `state` with the seat's agent; the decisions made."""
    n = 0
    while not state.is_terminal() and n < limit:
        d = state.pending()
        state.apply(agents[d.player].choose(state, d))
        n += 1
    return n


def test_registry_finds_games_by_name_with_a_did_you_mean():
    assert "innovation" in registry.names()
    assert registry.get("innovation") is GAME
    with pytest.raises(UnknownGame, match="did you mean 'innovation'"):
        registry.get("inovation")


def test_options_are_checked_with_reasons():
    assert GAME.options({"players": 3})["players"] == 3
    with pytest.raises(BadOptions, match="did you mean 'players'"):
        GAME.options({"player": 3})
    with pytest.raises(BadOptions, match="2 to 4"):
        GAME.options({"players": 5})
    with pytest.raises(BadOptions, match="team play needs 4 players"):
        GAME.options({"players": 2, "teams": True})
    with pytest.raises(BadOptions, match="not playable yet"):
        GAME.options({"sets": ["base", "figures"]})
    with pytest.raises(BadOptions, match="unknown '../../etc'"):
        GAME.options({"sets": ["base", "../../etc"]})


def test_pending_is_data_with_stable_ids_and_english():
    s = GAME.new_state({"players": 2}, seed=3)
    d = s.pending()
    assert s.current_player() == d.player == 0 and d.kind == "card"
    ids = [o.id for o in d.options]
    assert len(set(ids)) == len(ids) and all(isinstance(i, str) and i for i in ids)
    assert all(o.text for o in d.options)
    # the same position has the same ids in a copy and in a fresh game of the same seed
    assert [o.id for o in s.clone().pending().options] == ids
    assert [o.id for o in GAME.new_state({"players": 2}, seed=3).pending().options] == ids


def test_an_illegal_answer_is_refused_naming_the_options_and_changes_nothing():
    s = GAME.new_state({"players": 2}, seed=3)
    before = s.to_json()
    with pytest.raises(IllegalMove, match="the options are"):
        s.apply("Not A Card")
    with pytest.raises(IllegalMove):
        s.apply([])  # one card must be chosen
    assert s.to_json() == before
    s.apply(s.pending().options[0].id)  # by id
    assert s.current_player() == 1


def test_answers_by_option_id_text_or_value_are_the_same():
    a, b, c = (GAME.new_state({"players": 2}, seed=9) for _ in range(3))
    o = a.pending().options[1]
    a.apply(o.id)
    b.apply(o.text)
    c.apply(o.value)
    assert entries(a.log) == entries(b.log) == entries(c.log)


@pytest.mark.parametrize("mode", modes())
def test_play_out_is_the_same_game_as_answering_every_pending_decision(mode):
    for seed in range(4):
        s = GAME.new_state({"players": 2 + seed % 3}, seed=seed, mode=mode)
        n = s.engine.n_players
        play(s, [RandomAgent(seed * 10 + q) for q in range(n)])
        fast = GAME.new_state({"players": 2 + seed % 3}, seed=seed, mode=mode).play_out(
            [RandomAgent(seed * 10 + q) for q in range(n)])
        assert entries(s.log) == entries(fast.log)
        assert s.result() == fast.result()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 400), other=st.integers(0, 10**6))
def test_a_clone_at_any_decision_plays_on_independently(seed, cut, other):
    clone_plays_on_independently({"players": 2}, seed, cut, other)


def clone_plays_on_independently(options: dict, seed: int, cut: int, other: int,
                                 mode: str = "interpreted") -> None:
    """A game of `options` played `cut` decisions, then cloned: clones given the same answers
    play the same game, and no clone's game touches the original (tests/test_artifacts.py uses
    it for mixed-set games)."""
    s = GAME.new_state(options, seed=seed % 1000, mode=mode)
    n = s.engine.n_players

    def agents(base):
        return [RandomAgent(base + q) for q in range(n)]
    play(s, agents(seed), limit=cut)
    if s.is_terminal():
        return
    c = s.clone()
    saved = s.to_json()
    # the same answers give the same game
    c2 = s.clone()
    play(c, agents(other))
    play(c2, agents(other))
    assert entries(c.log) == entries(c2.log)
    assert s.to_json() == saved  # the original is untouched by its clones' games
    # other answers give another game, and still leave the original untouched
    c3 = s.clone()
    play(c3, agents(other + 7))
    assert s.to_json() == saved
    play(s, agents(other))
    assert entries(s.log) == entries(c.log)


def test_save_and_load_in_the_middle_of_an_effect():
    s = GAME.new_state({"players": 2}, seed=11)
    agents = [RandomAgent(1), RandomAgent(2)]
    # find a decision inside a step (not an action): an effect's choice
    while not s.is_terminal() and (s.pending().kind in ("action", "card") and len(s.log) < 3
                                   or s.pending().kind == "action"):
        d = s.pending()
        s.apply(agents[d.player].choose(s, d))
    assert not s.is_terminal() and s.pending().kind != "action"
    loaded = GAME.load_state(s.to_json())
    assert loaded.pending() == s.pending()
    assert entries(loaded.log) == entries(s.log)
    assert loaded.observation(0) == s.observation(0)
    # both play on alike
    play(s, [RandomAgent(5), RandomAgent(6)])
    play(loaded, [RandomAgent(5), RandomAgent(6)])
    assert entries(loaded.log) == entries(s.log)


@pytest.mark.parametrize("text,why", [
    ("{", "not JSON"),
    ('{"version": 1, "header": {"game": "chess"}, "decisions": []}', "not of 'innovation'"),
    ('{"version": 7, "header": {}, "decisions": []}', "not a saved state"),
    ('{"version": 1, "header": {"game": "innovation", "options": {"players": 9}, "seed": 1},'
     ' "decisions": []}', "options"),
    ('{"version": 1, "header": {"game": "innovation", "options": {}, "seed": "1"},'
     ' "decisions": []}', "seed"),
    ('{"version": 1, "header": {"game": "innovation", "options": {}, "seed": 1},'
     ' "decisions": [{"player": 1, "kind": "card", "answer": [0]}]}', "decision 0"),
    ('{"version": 1, "header": {"game": "innovation", "options": {}, "seed": 1},'
     ' "decisions": [{"player": 0, "kind": "card", "answer": [99999]}]}', "decision 0"),
    ("[" * 100000 + "]" * 100000, "not JSON"),
])
def test_a_corrupt_or_foreign_state_is_refused_with_a_reason(text, why):
    with pytest.raises(BadSave, match=why):
        GAME.load_state(text)


def test_observation_hides_other_hands_and_deck_order():
    s = GAME.new_state({"players": 2}, seed=4)
    play(s, [RandomAgent(1), RandomAgent(2)], limit=30)
    mine, theirs = s.observation(0), s.observation(1)
    st_ = s.engine.state
    names = s.engine.cards.name
    assert mine["players"][0]["hand"] == sorted(names[c] for c in st_.hand[0]) or \
        sorted(mine["players"][0]["hand"]) == sorted(names[c] for c in st_.hand[0])
    assert all(isinstance(c, dict) and set(c) == {"set", "age"} for c in mine["players"][1]["hand"])
    assert all(isinstance(c, dict) for c in theirs["players"][0]["hand"])
    text = json.dumps(mine)
    assert "supply" in mine and all(isinstance(n, int) for ages in mine["supply"].values()
                                    for n in ages.values())
    for c in st_.hand[1]:
        assert json.dumps(names[c]) not in text or any(
            names[c] in json.dumps(p["board"]) for p in mine["players"])


def test_returns_at_the_end():
    s = GAME.new_state({"players": 3}, seed=2)
    play(s, [RandomAgent(q) for q in range(3)])
    r = s.returns()
    assert s.is_terminal() and s.current_player() == -1 and s.pending() is None
    assert len(r) == 3 and abs(sum(r) - 1.0) < 1e-9
    with pytest.raises(IllegalMove, match="over"):
        s.apply("draw")


def test_rng_lives_in_the_state():
    """Two states of the same seed and answers are the same game, whatever else ran between."""
    a = GAME.new_state({"players": 2}, seed=21)
    Rng(5).below(10)  # no global RNG is consulted
    b = GAME.new_state({"players": 2}, seed=21)
    play(a, [RandomAgent(3), RandomAgent(4)])
    play(b, [RandomAgent(3), RandomAgent(4)])
    assert entries(a.log) == entries(b.log)
