"""The greedy agent reads nothing but the contract: it plays a toy game that has nothing else,
takes a win when it sees one, and asked inside a fast play-out (with the State at its decision)
it plays the same game as when every decision is answered through pending()/apply()."""
from __future__ import annotations

import json

import pytest

from runtime.core import registry
from runtime.core.agents import RandomAgent
from runtime.core.agents.greedy import LOST, WON, GreedyAgent, candidates, value
from runtime.core.contract import Option, Pending, State
from runtime.core.errors import IllegalMove

from tests.conftest import modes


class Race(State):
    """Race to 10: each player in turn adds 1 or 2; who reaches 10 wins. Only the contract
    (and play_out, heuristic, random_agent) exists here: an agent reading anything else fails."""

    def __init__(self, total=0, player=0):
        self.total, self.player = total, player

    def pending(self):
        if self.is_terminal():
            return None
        steps = [s for s in (1, 2) if self.total + s <= 10]
        return Pending(self.player, "add", "add 1 or 2",
                       tuple(Option(str(s), s, f"add {s}") for s in steps))

    def apply(self, answer) -> None:
        (s,) = self.pending().resolve(answer)
        self.total += s
        if not self.is_terminal():
            self.player = 1 - self.player

    def clone(self):
        return Race(self.total, self.player)

    def is_terminal(self) -> bool:
        return self.total >= 10

    def returns(self) -> tuple:
        if not self.is_terminal():
            return (0.0, 0.0)
        return (1.0, 0.0) if self.player == 0 else (0.0, 1.0)

    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.player

    def play_out(self, agents, max_steps=100000):
        """A step is one move."""
        s = self.clone()
        for _ in range(1 + max_steps):
            if s.is_terminal():
                break
            d = s.pending()
            s.apply(agents[d.player].choose(s, d))
        return s

    def heuristic(self, player: int) -> float:
        return 0.0

    def random_agent(self, seed: int):
        return RandomAgent(seed)


def test_greedy_takes_the_winning_move_reading_only_the_contract():
    for total in (8, 9):
        s = Race(total, 1)
        d = s.pending()
        (o,) = GreedyAgent(3).choose(s, d)
        assert o.value == 10 - total
        s.apply([o])
        assert s.is_terminal() and s.returns() == (0.0, 1.0)


def test_value_a_win_is_best_and_a_loss_worst():
    won, lost = Race(10, 0), Race(10, 1)
    assert value(won, 0) == WON and value(lost, 0) == LOST
    assert LOST < value(Race(5, 0), 0) < WON


def test_candidates_are_single_options_and_none_when_allowed():
    opts = tuple(Option(str(i), i, str(i)) for i in range(3))
    assert candidates(Pending(0, "card", "", opts, 1, 1)) == [(0,), (1,), (2,)]
    assert candidates(Pending(0, "card", "", opts, 0, 1)) == [(0,), (1,), (2,), ()]
    assert candidates(Pending(0, "order", "", opts, 3, 3)) == []
    assert candidates(Pending(0, "card", "", opts, 2, 2)) == []


@pytest.mark.parametrize("mode", modes())
def test_greedy_in_a_play_out_plays_the_game_answered_through_pending(mode):
    game = registry.get("innovation")
    for seed in (3, 8):
        slow = game.new_state({"players": 2}, seed, mode)
        agents = [GreedyAgent(seed), RandomAgent(seed + 1)]
        while not slow.is_terminal():
            d = slow.pending()
            slow.apply(agents[d.player].choose(slow, d))
        fast = game.new_state({"players": 2}, seed, mode).play_out(
            [GreedyAgent(seed), RandomAgent(seed + 1)])
        assert json.loads(fast.to_json()) == json.loads(slow.to_json())
        assert fast.returns() == slow.returns()


def test_an_answer_that_is_not_an_option_is_refused():
    with pytest.raises(IllegalMove):
        Race(0, 0).apply("3")
