"""The bots a person may name (`--bots greedy,random`), their versions and their seeds.

Every bot is an agent of runtime/core/agents, written against the contract, so it plays any
game. "random" is the state's own random agent (`state.random_agent`: the compiled one when
the state plays compiled, asked through C), which answers as agents.RandomAgent does. "mcts"
searches (agents/mcts.py); "mcts:200" sets its play-outs per decision.
"""
from __future__ import annotations

from runtime.core.agents import FirstLegalAgent
from runtime.core.agents.greedy import GreedyAgent
from runtime.core.agents.mcts import PLAYOUTS, MctsAgent

from .states import PlayError

# name -> version: a simulation records them, and refuses to resume under other versions
BOTS = {"greedy": str(GreedyAgent.version), "random": "1", "first": "1",
        "mcts": str(MctsAgent.version)}
TUNED = {"mcts": "play-outs per decision"}  # bots that take a number: "mcts:200"
MAX_PLAYOUTS = 1000000


def split_bot(name: str) -> tuple:
    """'mcts:200' -> ("mcts", 200); 'greedy' -> ("greedy", None); PlayError for a bot that does
    not exist, a number given to a bot that takes none, or a number that is not one."""
    base, sep, arg = name.partition(":")
    if base not in BOTS:
        raise PlayError(f"unknown bot '{base}' (known: {', '.join(BOTS)}; "
                        f"mcts:N for N play-outs per decision)")
    if not sep:
        return base, None
    if base not in TUNED:
        raise PlayError(f"bot '{base}' takes no number (only {', '.join(TUNED)} does: "
                        f"{base}:N is not a bot)")
    if not arg.isdigit() or not 1 <= int(arg) <= MAX_PLAYOUTS:
        raise PlayError(f"'{name}': {base}:N takes a whole number of {TUNED[base]} from 1 to "
                        f"{MAX_PLAYOUTS}")
    return base, int(arg)


def is_bot(name) -> bool:
    """Whether `name` names a bot ('greedy', 'mcts', 'mcts:200'...)."""
    try:
        split_bot(name)
    except PlayError:
        return False
    return True


def bot_version(name: str) -> str:
    """The version a simulation records for a bot (its number, if any, is in its name)."""
    return BOTS[split_bot(name)[0]]


def parse_bots(spec: str, count: int) -> list:
    """'greedy,random' -> exactly `count` bot names (the last one repeats)."""
    names = [s.strip().lower() for s in (spec or "").split(",") if s.strip()]
    if not names:
        names = ["greedy"]
    for n in names:
        split_bot(n)
    if len(names) > count:
        raise PlayError(f"{len(names)} bots given for {count} seat(s): {spec}")
    return names + [names[-1]] * (count - len(names))


def make_bot(name: str, seed: int, state):
    """A bot for a game of `state` (whose random agent "random" is)."""
    base, number = split_bot(name)
    if base == "greedy":
        return GreedyAgent(seed)
    if base == "random":
        return state.random_agent(seed)
    if base == "first":
        return FirstLegalAgent()
    if base == "mcts":
        if not state.can_determinize():
            raise PlayError(f"the mcts bot cannot play {state.game.name}: the game does not say "
                            f"what a player cannot see (State.determinize), and MCTS searches "
                            f"only what its player may know")
        return MctsAgent(seed, playouts=number or PLAYOUTS)
    raise PlayError(f"unknown bot '{name}' (known: {', '.join(BOTS)})")


def bot_seed(game_seed: int, seat: int) -> int:
    """Each bot's own RNG seed, a function of the game's seed and its seat only."""
    return (game_seed * 7919 + seat * 104729 + 12345) & 0xFFFFFFFF


def position_seed(seed: int, position: int) -> int:
    """The seed of a bot's answer at a position of the decision log (cardlang play): after an
    undo or a load the bots answer exactly as they did before."""
    return (seed * 31 + position * 1000003) & 0xFFFFFFFF
