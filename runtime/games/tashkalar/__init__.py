"""Tash-Kalar: its Game (definition.py, the registry's entry point), vocabulary, rules, cards.
Light to import: the rules are imported when a state is made."""
from .definition import GAME, TashKalar

__all__ = ["GAME", "TashKalar"]
