"""The bots a person may name (`--bots greedy,random`), their versions and their seeds.

Every bot is an agent of runtime/core/agents, written against the contract, so it plays any
game. "random" is the state's own random agent (`state.random_agent`: the compiled one when
the state plays compiled, asked through C), which answers as agents.RandomAgent does.
"""
from __future__ import annotations

from runtime.core.agents import FirstLegalAgent
from runtime.core.agents.greedy import GreedyAgent

from .states import PlayError

# name -> version: a simulation records them, and refuses to resume under other versions
BOTS = {"greedy": str(GreedyAgent.version), "random": "1", "first": "1"}


def parse_bots(spec: str, count: int) -> list:
    """'greedy,random' -> exactly `count` bot names (the last one repeats)."""
    names = [s.strip().lower() for s in (spec or "").split(",") if s.strip()]
    if not names:
        names = ["greedy"]
    for n in names:
        if n not in BOTS:
            raise PlayError(f"unknown bot '{n}' (known: {', '.join(BOTS)})")
    if len(names) > count:
        raise PlayError(f"{len(names)} bots given for {count} seat(s): {spec}")
    return names + [names[-1]] * (count - len(names))


def make_bot(name: str, seed: int, state):
    """A bot for a game of `state` (whose random agent "random" is)."""
    if name == "greedy":
        return GreedyAgent(seed)
    if name == "random":
        return state.random_agent(seed)
    if name == "first":
        return FirstLegalAgent()
    raise PlayError(f"unknown bot '{name}' (known: {', '.join(BOTS)})")


def bot_seed(game_seed: int, seat: int) -> int:
    """Each bot's own RNG seed, a function of the game's seed and its seat only."""
    return (game_seed * 7919 + seat * 104729 + 12345) & 0xFFFFFFFF


def position_seed(seed: int, position: int) -> int:
    """The seed of a bot's answer at a position of the decision log (cardlang play): after an
    undo or a load the bots answer exactly as they did before."""
    return (seed * 31 + position * 1000003) & 0xFFFFFFFF
