"""Running card examples: load a game's whole card set once, turn each example into a scenario
and run it through the game's scenario runner."""
from __future__ import annotations

import functools
import importlib
import os
import sys
from pathlib import Path

from dsl.errors import CardlangError
from dsl.examples import ExampleError, to_scenario
from dsl.load import load

CARDS_ROOT = Path(__file__).resolve().parents[2] / "cards"


@functools.lru_cache(maxsize=8)
def game_cards(game: str = "innovation", root: str = str(CARDS_ROOT)):
    """Every checked card of a game (all sets). A file with errors is left out of the game with a
    warning, so that one broken card does not stop the examples of every other card."""
    loaded = load([Path(root) / game], game=game)
    if loaded.errors:
        bad = sorted({d.path for d in loaded.errors})
        print(f"warning: {len(bad)} card file(s) with errors left out of the {game} card set: "
              + ", ".join(bad), file=sys.stderr)
    return tuple(loaded.cards)


MODES = ("interpreted", "compiled")


def default_mode() -> str:
    """$CARDLANG_MODE (interpreted|compiled), else interpreted."""
    mode = os.environ.get("CARDLANG_MODE") or "interpreted"
    if mode not in MODES:
        raise ValueError(f"CARDLANG_MODE must be one of {MODES}, got {mode!r}")
    return mode


def cardset(game: str = "innovation", edition: int = 3, root: str = str(CARDS_ROOT),
            mode: str | None = None):
    """The game's card set, with interpreted or compiled (dsl/codegen) effects; built once per
    process for each (game, edition, root, mode)."""
    return _cardset(game, edition, root, mode or default_mode())


@functools.lru_cache(maxsize=16)
def _cardset(game: str, edition: int, root: str, mode: str):
    mod = importlib.import_module(f"runtime.games.{game}.cardset")
    return mod.build_cardset(list(game_cards(game, root)), edition, mode=mode)


def run_example(card, example, game: str = "innovation", root: str = str(CARDS_ROOT),
                mode: str | None = None):
    """Run one example of a checked card; returns the runner's ScenarioResult."""
    edition = card.attrs.get("edition") or 3
    cs = cardset(game, edition, root, mode)
    color_of = lambda name: _color_of(cs, name)
    data = to_scenario(example, card.name, game, color_of)
    data["options"]["edition"] = edition
    return scenario_runner(game).run_scenario(data, cs.table, cs.effects, cs.specials, cs.runtime)


def scenario_runner(game: str = "innovation"):
    """The game's scenario runner, found by the game's name (the front ends import no game)."""
    return importlib.import_module(f"runtime.games.{game}.scenario")


def _color_of(cs, name):
    card = cs.ir.get(name)  # (the card table's colour: the card's, blue when it has none)
    return (card.attrs.get("color") or "blue") if card is not None else None
