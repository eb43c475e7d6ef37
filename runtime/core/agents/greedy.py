"""GreedyAgent: one step of lookahead on the contract, judged by the game's heuristic.

At a decision of its own with several answers it plays each answer on a copy of the state,
finishes the current step with random answers, and keeps the answer whose result is best for
it: a won game best, a lost one worst, otherwise the game's `heuristic(me)`. It reads nothing
but the State (the contract's pending, is_terminal and returns, and the machine's play_out,
heuristic and random_agent), so it plays every game that has a heuristic. (It finishes the
step with an agent that answers the pending decision first: `clone(); apply(answer);
play_out(max_steps=0)` would play one step more whenever the answer ends the step.)
"""
from __future__ import annotations

from .basic import Agent, RandomAgent

WON, LOST = 1e9, -1e9
MAX_TRIED = 64  # answers tried at one decision; beyond, the first MAX_TRIED are (rare)


def candidates(d) -> list:
    """The answers worth trying, as tuples of option positions: each single option, and none
    when that is allowed. A choice of several (or an order) is left to chance: their
    combinations are too many to try one by one."""
    n = len(d.options)
    if d.kind == "order" or d.all_or_none or d.min > 1:
        return []
    out = [(i,) for i in range(n)] if d.max >= 1 else []
    if d.min == 0:
        out.append(())
    return out[:MAX_TRIED]


class _Answer(Agent):
    """Every seat of one try: the first decision it is asked (the pending one) gets the
    answer being tried, every later one a random answer."""

    name = "try"

    def __init__(self, positions: tuple, then):
        self.positions = positions
        self.then = then
        self.first = True

    def choose(self, game, d) -> list:
        if self.first:
            self.first = False
            return [d.options[i] for i in self.positions]
        return self.then.choose(game, d)


class GreedyAgent(Agent):
    """See the module's docstring. `seed` seeds the random answers of its tries and of the
    decisions it does not judge."""

    name = "greedy"
    version = 2            # 1 was Innovation's LookaheadAgent (actions only, on the engine)
    wants_state = True     # in a play-out, asked with the State at its decision

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.tries = 0
        self.fallback = RandomAgent(seed)

    def choose(self, state, d) -> list:
        tries = candidates(d)
        if len(tries) < 2:
            return self.fallback.choose(state, d)
        me = d.player
        seats = len(state.returns())
        play_out, random_agent = state.play_out, state.random_agent
        best, best_value = None, None
        for positions in tries:
            self.tries += 1
            rnd = random_agent((self.seed * 7919 + self.tries) & 0xFFFFFFFF)
            v = value(play_out([_Answer(positions, rnd)] * seats, max_steps=0), me)
            if best_value is None or v > best_value:
                best, best_value = positions, v
        return [d.options[i] for i in best]


def value(state, me: int) -> float:
    """How good `state` is for player `me`: a won game best (a shared win by its share), a
    lost one worst, otherwise the game's heuristic."""
    if state.is_terminal():
        r = state.returns()[me]
        return WON * r if r > 0 else LOST
    return state.heuristic(me)
