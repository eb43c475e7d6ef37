"""Shared test helpers: where the reference data lives (tests skip with a reason without it)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

# The tests' own card files outside cards/<game>/ (tmp folders, tests/*/cards) are Innovation
# cards: with a second game installed there is no default game (dsl/load.py default_game).
os.environ.setdefault("CARDLANG_GAME", "innovation")

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = Path(os.environ.get("CARDLANG_SHARED_DATA", ROOT.parent / "shared" / "data"))
INNOVATION_TSV = SHARED_DATA / "innovation_cards.tsv"


@pytest.fixture
def innovation_tsv():
    if not INNOVATION_TSV.exists():
        pytest.skip(f"reference data {INNOVATION_TSV} is absent (it is never committed)")
    return INNOVATION_TSV


def game_steps(cs, seed: int, players: int, steps: int):
    """A random game of the card set on its own runtime (the compiled one for a compiled set),
    yielded before each of its first `steps` steps while it lasts, then once more at the end."""
    from runtime.core.agents import RandomAgent
    from runtime.games.innovation.game import InnovationGame, Options
    rt = cs.runtime
    game_cls, options, agent = ((rt.InnovationGame, rt.Options, rt.RandomAgent) if rt else
                                (InnovationGame, Options, RandomAgent))
    g = game_cls(cs.table, cs.effects, cs.specials, options(players=players), seed=seed,
                 agents=[agent(seed + q) for q in range(players)])
    for _ in range(steps):
        if g.over:
            break
        yield g
        g.step()
    yield g


def modes() -> list:
    """The card-effect modes a test can play in: interpreted, and compiled where a C compiler
    exists (without one the compiled mode would only repeat the interpreted games)."""
    from dsl.codegen import have_c_compiler
    return ["interpreted", "compiled"] if have_c_compiler() else ["interpreted"]
