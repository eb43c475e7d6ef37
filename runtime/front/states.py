"""The game a command plays: found by name in the registry, its options checked, its states
made in the mode asked for.

Front ends know no game (tests/test_front_imports.py): they speak to it through the contract
(runtime/core/contract.py) and its view (`game.view()`). What can go wrong on the way (an
unknown game, bad options, a compiled mode that cannot be built) becomes a PlayError whose
message says why.
"""
from __future__ import annotations

import sys

MODES = ("auto", "interpreted", "compiled")
MAX_SEED = 2 ** 64 - 1


class PlayError(Exception):
    """A user-facing error: printed without a traceback, exit code 1."""


def find_game(name: str):
    """The registered Game called `name` (a did-you-mean otherwise)."""
    from runtime.core import registry
    from runtime.core.errors import UnknownGame
    try:
        return registry.get(name)
    except UnknownGame as e:
        raise PlayError(str(e)) from None


def check_seed(seed, what: str = "--seed") -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise PlayError(f"{what} must be a whole number from 0 to 2**64 - 1, not {seed!r}")
    return seed


def check_mode(mode: str) -> str:
    if mode not in MODES:
        raise PlayError(f"--mode must be auto, interpreted or compiled, not '{mode}'")
    return mode


def new_state(game, options: dict, seed: int, mode: str = "auto", record_events: bool = False):
    """A new state of `game`. Mode `auto` is compiled when the compiled card set can be had
    (built, or buildable), else the interpreter with a warning on stderr."""
    from runtime.core.errors import BadOptions
    check_mode(mode)
    check_seed(seed)
    try:
        return _made(lambda m: game.new_state(options, seed, m, record_events=record_events),
                     mode)
    except BadOptions as e:
        raise PlayError(str(e)) from None


def load_state(game, text: str, mode: str = "auto", record_events: bool = False):
    """game.load_state in `mode` (auto as in new_state); BadSave propagates."""
    check_mode(mode)
    return _made(lambda m: game.load_state(text, m, record_events=record_events), mode)


def _made(make, mode: str):
    """make(mode), the compiled mode's build failures told (or, for auto, the interpreter)."""
    from dsl.codegen import BuildError
    from dsl.errors import CardlangError
    try:
        try:
            return make("compiled" if mode == "auto" else mode)
        except (OSError, BuildError) as e:
            if mode != "auto":
                raise
            print(f"warning: the compiled card set cannot be built ({_why(e)}); playing "
                  "with the interpreter", file=sys.stderr)
            return make("interpreted")
    except (OSError, BuildError) as e:
        raise PlayError(f"the compiled card set cannot be built: {_why(e)} "
                        "(--mode interpreted plays without it)") from None
    except CardlangError as e:
        raise PlayError("the card set has errors:\n"
                        + "\n".join(d.format() for d in e.diagnostics)) from None


def _why(e: Exception) -> str:
    if isinstance(e, OSError) and e.strerror:
        return f"{e.strerror}: {e.filename}" if e.filename else e.strerror
    return str(e)
