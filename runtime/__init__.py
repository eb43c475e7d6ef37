"""Cardlang shared runtime: game-agnostic core plus one package per game."""
