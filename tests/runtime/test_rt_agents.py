"""Agents on Innovation positions (the contract's greedy agent, the random agent's fast path)
and the random-playout helper."""
import pytest
from hypothesis import given, strategies as st

from runtime.core import Decision, RandomAgent
from runtime.core import registry
from runtime.core.agents.greedy import GreedyAgent
from runtime.core.machine import STEPS, EngineState
from runtime.games.innovation import Effect, InnovationGame, Options
from runtime.games.innovation.simulate import play_random_games
from tests.runtime.conftest import ids, scenario_game
from tests.runtime.synthetic_effects import synthetic_effects, synthetic_specials


def greedy_action(g):
    """The greedy agent's action in the position of engine `g` (at a turn's start), asked
    through the contract as any agent is."""
    state = EngineState(registry.get("innovation"), g, STEPS)
    d = state.pending()
    assert d.kind == "action"
    return [o.value for o in GreedyAgent().choose(state, d)]


def test_greedy_prefers_achieving(table):
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"blue": {"cards": ["blue3a"]}},
                                                    "score": ["red5a", "blue5a"],
                                                    "hand": ["red4a"]}}})
    assert greedy_action(g) == [("achieve", 2)]


def test_greedy_prefers_a_dogma_that_scores(table):
    """The lookahead plays each action on a copy: the dogma that scores a card from hand raises
    the position most."""
    p1 = table.id_of("purple1a")
    red = table.id_of("red2a")

    def score_from_hand(ctx):
        for c in ctx.game.hand(ctx.executor):
            ctx.game.score(ctx.executor, c)

    effects = {p1: [Effect("effect", lambda c: None, "Nothing.")],
               red: [Effect("effect", score_from_hand, "Score all cards from your hand.")]}
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"purple": {"cards": ["purple1a"]},
                                                              "red": {"cards": ["red2a"]}},
                                                    "hand": ["blue1a", "blue1b"]}}}, effects)
    assert greedy_action(g) == [("dogma", red)]


def test_greedy_avoids_dogma_an_opponent_shares(table):
    p1 = table.id_of("purple1a")
    effects = {p1: [Effect("effect", lambda c: None, "Draw.")]}
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"purple": {"cards": ["purple1a"]}},
                                                    "hand": ["red2a"]},
                                             "p2": {"board": {"red": {"cards": ["red1c"]}}}}},
                         effects)
    assert greedy_action(g) == [("meld", table.id_of("red2a"))]


def test_greedy_and_random_play_full_games(table):
    effects = synthetic_effects(table, 5)
    for seed in range(3):
        g = InnovationGame(table, effects, synthetic_specials(table), Options(3), seed=seed,
                           auto_setup=False)
        state = EngineState(registry.get("innovation"), g)
        end = state.play_out([GreedyAgent(seed), RandomAgent(seed), GreedyAgent(seed + 9)],
                             max_steps=3000)
        assert end.is_terminal()


@pytest.mark.parametrize("players,teams", [(2, False), (4, True)])
def test_play_random_games_reports_reasons(table, players, teams):
    rep = play_random_games(6, players, seed=3, teams=teams, cards=table,
                            effects=synthetic_effects(table, 1),
                            specials=synthetic_specials(table))
    assert rep["games"] == 6 and sum(rep["reasons"].values()) == 6
    assert set(rep["reasons"]) <= {"achievements", "high draw", "dogma"}


def test_play_random_games_on_real_table(base_table):
    rep = play_random_games(2, 2, seed=0, cards=base_table)
    assert rep["reasons"] == {"high draw": 2}  # no effects: nobody scores, the supply runs out


@given(seed=st.integers(0, 2**32 - 1), least=st.integers(0, 1), n=st.integers(1, 40),
       rounds=st.integers(1, 5))
def test_pick_one_is_the_answer_choose_gives(seed, least, n, rounds):
    # the game asks its own RandomAgent by position for decisions taking at most one option
    # (InnovationGame.step/.choose): the same answer from the same draws as choose()
    by_position, asked = RandomAgent(seed), RandomAgent(seed)
    options = tuple(range(100, 100 + n))
    for _ in range(rounds):
        i = by_position.pick_one(least, n)
        answer = asked.choose(None, Decision(0, "card", options, least, 1))
        assert answer == ([options[i]] if i >= 0 else [])
        assert least == 0 or i >= 0
    assert by_position.rng.getstate() == asked.rng.getstate()
