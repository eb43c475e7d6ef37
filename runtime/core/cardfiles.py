"""A game's card files: cards/<game>/<set>/<card>.card, checked once per process."""
from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

from dsl.load import load

# the repository's cards/ folder ($CARDLANG_CARDS overrides it)
CARDS_ROOT = Path(os.environ.get("CARDLANG_CARDS") or Path(__file__).resolve().parents[2] / "cards")


@functools.lru_cache(maxsize=8)
def game_cards(game: str, root: str = str(CARDS_ROOT)) -> tuple:
    """Every checked card of a game (all its sets). A file with errors is left out with a
    warning, so that one broken card does not stop the others."""
    loaded = load([Path(root) / game], game=game)
    if loaded.errors:
        bad = sorted({d.path for d in loaded.errors})
        print(f"warning: {len(bad)} card file(s) with errors left out of the {game} card set: "
              + ", ".join(bad), file=sys.stderr)
    return tuple(loaded.cards)
