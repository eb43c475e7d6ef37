"""Stored whole games (seed + decision log + final state by card names) replay exactly: the
regression net for every rule and card change. Regenerate deliberately with
tests/transcripts/regenerate.py and review the diff."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from runtime.front.testing import cardset
from runtime.games.innovation.transcripts import replay_diffs

FILES = sorted((Path(__file__).parent / "transcripts" / "innovation").glob("*.json"))


def test_there_are_at_least_twenty_transcripts():
    assert len(FILES) >= 20


@pytest.mark.parametrize("mode", ["interpreted", "compiled"])
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_transcript_replays_exactly(path, mode):
    # compiled: the compiled card set on the compiled runtime (interpreted without a C compiler)
    t = json.loads(path.read_text())
    assert replay_diffs(cardset("innovation", mode=mode), t) == []
