"""Running card examples: each example is translated to a scenario (runtime/core/examples.py,
with the game's words) and run by the core's scenario runner on the game's card set."""
from __future__ import annotations

import functools
import os

from dsl.errors import CardlangError, Diagnostic

from runtime.core import registry
from runtime.core.cardfiles import CARDS_ROOT, game_cards
from runtime.core.examples import to_scenario
from runtime.core.scenario import run_scenario

MODES = ("interpreted", "compiled")
__all__ = ["CARDS_ROOT", "MODES", "cardset", "default_mode", "game_cards", "run_example",
           "zones"]


def default_mode() -> str:
    """$CARDLANG_MODE (interpreted|compiled), else interpreted."""
    mode = os.environ.get("CARDLANG_MODE") or "interpreted"
    if mode not in MODES:
        raise ValueError(f"CARDLANG_MODE must be one of {MODES}, got {mode!r}")
    return mode


def cardset(game: str = "innovation", root: str = str(CARDS_ROOT), mode: str | None = None,
            **options):
    """The game's card set (Game.cardset), with interpreted or compiled (dsl/codegen)
    effects; built once per process for each (game, root, mode, options)."""
    return _cardset(game, root, mode or default_mode(), tuple(sorted(options.items())))


@functools.lru_cache(maxsize=16)
def _cardset(game: str, root: str, mode: str, options: tuple):
    cards = None if root == str(CARDS_ROOT) else list(game_cards(game, root))
    return registry.get(game).cardset(mode, cards, **dict(options))


@functools.lru_cache(maxsize=8)
def zones(game: str = "innovation", mode: str | None = None):
    """The game's part of the scenario runner (Game.scenarios), for card effects in `mode`."""
    return registry.get(game).scenarios(mode or default_mode())


def run_example(card, example, game: str | None = None, mode: str | None = None,
                root: str = str(CARDS_ROOT)):
    """Run one example of a checked card; returns the runner's ScenarioResult. An example
    whose lines cannot be read raises CardlangError with every problem located (`cardlang
    check` reports the same ones). `root`: another cards/ folder to play with. `game`: the
    card's own (by its file's place) unless given."""
    if game is None:
        from dsl.load import game_of
        game = game_of(card)
    if root == str(CARDS_ROOT):
        z = zones(game, mode or default_mode())
    else:
        z = registry.get(game).scenarios(mode or default_mode(), cards=game_cards(game, root))
    sc, errors = to_scenario(example, card, z.example_words())
    found = [(e.span, e.message, e.expected, e.suggestion) for e in errors]
    if not found:
        r = run_scenario(sc.data, z, card.path)
        found = [(sc.span_of(p.path, example.span), p.message, p.expected, p.suggestion)
                 for p in r.problems]
        if not found:
            return r
    raise CardlangError([_located(card.path, *f) for f in found])


def _located(path: str, span, message: str, expected: str, suggestion: str) -> Diagnostic:
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except (OSError, UnicodeDecodeError):
        lines = []
    source = lines[span.line - 1] if 0 < span.line <= len(lines) else None
    return Diagnostic(path, span.line, span.col, message,
                      end_col=span.end_col if span.end_line == span.line else None,
                      expected=expected or None, suggestion=suggestion or None,
                      source_line=source)
