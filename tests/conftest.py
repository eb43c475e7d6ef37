"""Shared test helpers: where the reference data lives (tests skip with a reason without it)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = Path(os.environ.get("CARDLANG_SHARED_DATA", ROOT.parent / "shared" / "data"))
INNOVATION_TSV = SHARED_DATA / "innovation_cards.tsv"


@pytest.fixture
def innovation_tsv():
    if not INNOVATION_TSV.exists():
        pytest.skip(f"reference data {INNOVATION_TSV} is absent (it is never committed)")
    return INNOVATION_TSV
