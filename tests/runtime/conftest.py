"""Shared fixtures: a synthetic card table (no real card data needed) and helpers."""
from __future__ import annotations

import os

import pytest

from runtime.core import FirstLegalAgent, ScriptedAgent
from runtime.games.innovation import (COLORS, CardInfo, CardTable, Effect, InnovationGame,
                                      Options, SpecialAchievement, load_card_table)
from runtime.games.innovation.scenario import build_game

from runtime.games.innovation.simulate import DEFAULT_TSV as TSV

# Icon patterns (slot 1..4). Each has one hex, like the printed cards.
PATTERNS = [
    ("hex", "castle", "castle", "castle"),
    ("crown", "hex", "leaf", "crown"),
    ("leaf", "lightbulb", "hex", "leaf"),
    ("lightbulb", "factory", "clock", "hex"),
    ("hex", "clock", "crown", "castle"),
    ("factory", "leaf", "hex", "factory"),
    ("castle", "hex", "lightbulb", "clock"),
]
SPECIAL_NAMES = ["SpecA", "SpecB", "SpecC", "SpecD", "SpecE"]


def synthetic_infos():
    """Ages 1..10; 15 cards of age 1, 10 of each other age; two per colour per age (three
    for age 1). Names: colour + age + letter, e.g. "blue1a", "red10b"."""
    infos = []
    for age in range(1, 11):
        per = 15 if age == 1 else 10
        for i in range(per):
            color = COLORS[i % 5]
            icons = PATTERNS[(age * 3 + i) % len(PATTERNS)]
            dogma = next(t for t in icons if t != "hex")
            infos.append(CardInfo(f"{color}{age}{'abc'[i // 5]}", "base", age, color, icons,
                                  dogma))
    for name in SPECIAL_NAMES:
        infos.append(CardInfo(name, "base", 0, "blue", (), "", "special_achievement"))
    return infos


@pytest.fixture(scope="session")
def table() -> CardTable:
    return CardTable(synthetic_infos())


@pytest.fixture(scope="session")
def base_table() -> CardTable:
    if not os.path.exists(TSV):
        pytest.skip(f"real card data not present ({TSV}); synthetic tables cover the rules")
    return load_card_table(TSV)


def ids(table, *names):
    return [table.id_of(n) for n in names]


def scenario_game(table, setup: dict, effects=None, specials=None, players=2, teams=False,
                  seed=0, **opts):
    """A game in the position described by a scenario `setup` dict; decks pinned as given."""
    data = {"game": "innovation", "seed": seed,
            "options": {"players": players, "teams": teams, **opts}, "setup": setup}
    g, agents = build_game(data, table, effects or {}, specials or [])
    return g, agents


def run(fn):
    """Shorthand: a non-demand effect from a function of the context."""
    return Effect("effect", fn, "")


def demand(fn):
    return Effect("demand", fn, "")
