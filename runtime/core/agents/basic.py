"""The basic agents: `agent.choose(state, decision) -> list` of the decision's options.

They read only the decision's shape (`options`, `min`, `max`, `kind`, `all_or_none`), so they
answer a State's `pending()` (contract.Pending, whose options are contract.Option) and the
rules' own decisions inside a fast play-out (runtime/core/machine.py) alike, with the same
draws; the answer is a list of the decision's options."""
from __future__ import annotations

import cython

from ..decision import Decision, first_legal_answer
from ..errors import ReplayMismatch
from ..rng import Rng


class Agent:
    """Base class. Game-specific agents (e.g. innovation.agents.GreedyAgent) subclass this and
    may look at `game` freely; they must return a legal answer."""

    name = "agent"

    def choose(self, game, d: Decision) -> list:  # pragma: no cover - interface
        raise NotImplementedError


def ask(agent, game, d: Decision):
    """agent.choose(game, d): through C for the compiled runtime's own agents (a subclass that
    overrides choose in Python is still called through Python), by name for any other. The
    answer is unchecked (validate_answer)."""
    if cython.compiled and isinstance(agent, Agent):
        a = cython.cast(Agent, agent)
        return a.choose(game, d)
    return agent.choose(game, d)


class FirstLegalAgent(Agent):
    name = "first"

    def choose(self, game, d: Decision) -> list:
        return first_legal_answer(d)


class RandomAgent(Agent):
    """Uniformly random legal answers from its own seeded RNG (independent of the game's)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed, stream=0xA6E7)

    def choose(self, game, d: Decision) -> list:
        dd = d  # (typed in the compiled twin: the decision's fields read through C)
        if dd.kind == "order":
            opts = list(dd.options)
            self.rng.shuffle(opts)
            return opts
        if dd.all_or_none:
            k = dd.max if self.rng.below(2) else 0
        else:
            k = dd.min + self.rng.below(dd.max - dd.min + 1)
        return self.rng.sample(dd.options, k)

    def pick_one(self, least: int, n: int) -> int:
        """What choose() answers to a decision of n options taking at most one (at least
        `least`: 0 or 1, not all-or-none, not an order), as a position, -1 for none: the same
        draws. The game asks its own RandomAgent this way and skips the Decision and the
        options list (InnovationGame.step, .choose); the games are the same."""
        if least:
            self.rng.advance()  # choose()'s below(1): always 0, one draw
        elif self.rng.below(2) == 0:
            return -1
        return self.rng.below(n)


class ScriptedAgent(Agent):
    """Answers from a list in order; when the list runs out it takes the first legal answer
    and records the decision in `fallbacks`. `translate(game, decision, raw)` may turn a
    scripted raw answer (e.g. names) into option values."""

    name = "scripted"

    def __init__(self, answers=None, translate=None):
        self.answers = list(answers or [])
        self.translate = translate
        self.fallbacks: list[Decision] = []
        self.used = 0

    def push(self, answer) -> None:
        self.answers.append(answer)

    def choose(self, game, d: Decision) -> list:
        if self.answers:
            raw = self.answers.pop(0)
            self.used += 1
            return self.translate(game, d, raw) if self.translate else list(raw)
        self.fallbacks.append(d)
        return first_legal_answer(d)


class ReplayAgent(Agent):
    """Feeds a decision log back to a game; one shared instance sits in every seat."""

    name = "replay"

    def __init__(self, entries: list):
        self.entries = list(entries)
        self.pos = 0

    def remaining(self) -> int:
        return len(self.entries) - self.pos

    def choose(self, game, d: Decision) -> list:
        if self.pos >= len(self.entries):
            raise ReplayMismatch(f"log exhausted at a {d.kind} decision of player {d.player}")
        e = self.entries[self.pos]
        self.pos += 1
        if e["player"] != d.player or e["kind"] != d.kind:
            raise ReplayMismatch(
                f"log entry {self.pos - 1} is a {e['kind']} decision of player {e['player']}, "
                f"game asks a {d.kind} decision of player {d.player}")
        return list(e["answer"])
