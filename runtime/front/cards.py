"""The card set a game is played with, and the bots by name.

`load_cardset(game, mode)` builds the checked card set once per process. `mode` is passed to
the card-set builder when it supports one ("interpreted" / "compiled"); by default the compiled
mode is used when available, else the interpreter. `card_fingerprint(cs)` names the card set in a
save file, so that a save made with other cards is refused rather than replayed wrongly.
"""
from __future__ import annotations

import functools
import hashlib
import inspect

GAMES = ("innovation",)
BOTS = ("greedy", "random", "first")


class PlayError(Exception):
    """A user-facing error: printed without a traceback, exit code 1."""


def _supports_mode(fn) -> bool:
    try:
        return "mode" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def available_modes() -> tuple:
    """The modes the card-set builder accepts: ("interpreted",) until a compiled mode exists."""
    from . import testing
    return ("auto", "interpreted", "compiled") if _supports_mode(testing.cardset) else ("interpreted",)


@functools.lru_cache(maxsize=4)
def load_cardset(game: str = "innovation", mode: str | None = None):
    if game not in GAMES:
        raise PlayError(f"unknown game '{game}' (known: {', '.join(GAMES)})")
    from . import testing
    from dsl.errors import CardlangError
    if mode not in (None, "auto", "interpreted", "compiled"):
        raise PlayError(f"--mode must be auto, interpreted or compiled, not '{mode}'")
    try:
        if _supports_mode(testing.cardset):
            return testing.cardset(game, mode=mode if mode not in (None, "auto") else "compiled")
        if mode not in (None, "auto", "interpreted"):
            raise PlayError(f"mode '{mode}' is not available yet: only the interpreter is")
        return testing.cardset(game)
    except CardlangError as e:
        raise PlayError("the card set has errors:\n" + "\n".join(d.format() for d in e.diagnostics))


def mode_name(cs, requested: str | None) -> str:
    """The mode the card set was built in (compiled falls back to the interpreter, with a
    warning, where there is no C compiler)."""
    from . import testing
    if not _supports_mode(testing.cardset):
        return "interpreted"
    return requested if requested in ("interpreted", "compiled") else "compiled"


def card_fingerprint(cs) -> str:
    """A short hash of the card names in id order: saves refer to cards by id."""
    names = "\n".join(cs.table.name)
    return hashlib.sha256(names.encode()).hexdigest()[:12]


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


def make_bot(name: str, seed: int, runtime=None):
    """A bot; with a compiled card set's `runtime` the random bot is its compiled twin (the
    same answers, faster)."""
    from runtime.core.agents import FirstLegalAgent, RandomAgent
    from runtime.games.innovation.agents import GreedyAgent
    if name == "greedy":
        return GreedyAgent(seed)
    if name == "random":
        return (runtime.RandomAgent if runtime is not None else RandomAgent)(seed)
    if name == "first":
        return FirstLegalAgent()
    raise PlayError(f"unknown bot '{name}' (known: {', '.join(BOTS)})")


def bot_seed(game_seed: int, seat: int) -> int:
    """Each bot's own RNG seed, a function of the game's seed and its seat only."""
    return (game_seed * 7919 + seat * 104729 + 12345) & 0xFFFFFFFF


class PositionSeededBot:
    """A bot whose answer depends only on (its seed, the position in the decision log): after
    an undo or a load the bots answer exactly as they did before. Used by `cardlang play`."""

    def __init__(self, name: str, seed: int):
        self.name = name
        self.seed = seed

    def choose(self, game, d):
        return make_bot(self.name, (self.seed * 31 + len(game.log) * 1000003) & 0xFFFFFFFF).choose(game, d)
