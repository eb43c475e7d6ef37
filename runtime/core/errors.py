"""Exceptions shared by every game."""
from __future__ import annotations


class IllegalMove(Exception):
    """A refused action or answer. The game state is left as it was before the call."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class GameOver(Exception):
    """Raised the moment the game ends, even deep inside an effect; unwinds to the top.

    Card-effect code must let it propagate (never catch it).
    """

    def __init__(self, winners: tuple, reason: str):
        super().__init__(f"game over: winners={list(winners)} reason={reason}")
        self.winners = tuple(winners)
        self.reason = reason


class ReplayMismatch(Exception):
    """A replayed decision log does not fit the game being replayed."""


class UnknownGame(Exception):
    """No game of that name is registered (the message has a did-you-mean)."""


class BadOptions(ValueError):
    """Game options that the game does not accept (the message says which and why)."""


class BadSave(ValueError):
    """A saved state that cannot be loaded: corrupt, of another game or version (with the
    reason); nothing was changed."""


class BadReference(ValueError):
    """A reference table for `cardlang validate` that cannot be read: missing, a folder, not
    UTF-8, or without the columns the game compares (the message says which and suggests)."""
