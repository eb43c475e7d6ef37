"""The game registry: every command finds games by name here.

Games are Python entry points of the group `cardlang.games` (pyproject.toml), each naming a
`runtime.core.contract.Game` object, so that a separate package adds a game by declaring one
entry point. Tests may also register a game in-process (`register`).
"""
from __future__ import annotations

from importlib.metadata import entry_points

from dsl import vocab as _vocab
from dsl.errors import did_you_mean

from .errors import UnknownGame

GROUP = "cardlang.games"
_GAMES: dict = {}       # name -> Game (loaded entry points and in-process registrations)
_SCANNED = False


def _scan() -> None:
    global _SCANNED
    if _SCANNED:
        return
    _SCANNED = True
    for ep in entry_points(group=GROUP):
        _GAMES.setdefault(ep.name, ep)  # loaded on first use


def names() -> list[str]:
    """Every registered game's name, sorted."""
    _scan()
    return sorted(_GAMES)


def get(name: str):
    """The Game called `name`; an unknown name raises UnknownGame with a did-you-mean."""
    _scan()
    game = _GAMES.get(name)
    if game is None:
        known = sorted(_GAMES)
        hint = did_you_mean(name, known)
        raise UnknownGame(f"unknown game '{name}'" + (f"; {hint}" if hint else "")
                          + f" (known: {', '.join(known) or 'none'})")
    if not hasattr(game, "new_state"):  # an entry point not loaded yet
        game = _GAMES[name] = game.load()
    return game


def games() -> list:
    """Every registered Game, by name."""
    return [get(n) for n in names()]


def register(game) -> None:
    """Register a Game in this process (tests, tools); its vocabulary becomes known to the
    checker under the game's name."""
    _scan()
    _GAMES[game.name] = game
    _vocab.register_source(game.name, game.vocabulary)
