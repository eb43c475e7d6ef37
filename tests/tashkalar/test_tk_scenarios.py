"""Tash-Kalar's rule scenarios (tests/scenarios/tashkalar/*.json), each citing the seed
(004_5b1005269f6a162c.txt) and its heading, run by the core's scenario runner; and the illegal
ones (tests/scenarios/tashkalar_illegal/): the LAST action step is refused with the rules'
reason (which pattern square does not match, the being's square, the legend limit...) and
nothing else differs."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from runtime.core.scenario import run_scenario
from runtime.front.testing import zones

HERE = Path(__file__).resolve().parents[1] / "scenarios"


def _load(folder: str) -> list:
    out = []
    for path in sorted((HERE / folder).glob("*.json")):
        for i, sc in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            out.append(pytest.param(sc, id=f"{path.stem}-{i:02d}"))
    return out


GOOD, ILLEGAL = _load("tashkalar"), _load("tashkalar_illegal")

REASONS = {   # a word of the reason each illegal scenario must give
    "a pattern square without your piece": "e6 needs your common piece",
    "cannot jump onto a heroic piece": "cannot jump onto the heroic piece on e5",
    "must hold your own common piece": "the being's square e5 needs your common piece",
    "only on an empty square": "e5 is not empty",
    "one discard a turn": "discarded this turn already",
    "conditions do not hold": "neither of the flare's conditions holds",
    "single action": "p1 acts but it is p2's turn",
    "a fourth legend": "three legendary pieces",
    "second improvised summon": "improvised with p2's pieces already",
    "frozen effect not stored": "frozen effect is not stored",
    "one action less": "it is p1's turn",
    "not yours": "uses p2's pieces instead of yours",
    "a further action is refused": "it is p2's turn",
    "no warp on the game's first turn": "on the game's first turn",
    "no other warp may be played": "is in warp already",
    "has none to play": "has no warp effect",
}


def test_enough_scenarios():
    assert len(GOOD) + len(ILLEGAL) >= 40
    assert all(sc.values[0]["name"].startswith("004") for sc in GOOD + ILLEGAL)


@pytest.mark.parametrize("data", GOOD)
def test_scenario(data):
    r = run_scenario(data, zones("tashkalar", "interpreted"))
    assert r.passed, "\n".join([data["name"]] + r.diffs + r.notes)


@pytest.mark.parametrize("data", ILLEGAL)
def test_illegal_scenario(data):
    r = run_scenario(data, zones("tashkalar", "interpreted"))
    last = max(i for i, s in enumerate(data["steps"], 1) if "action" in s)
    assert not r.passed and len(r.diffs) == 1, r.diffs
    assert r.diffs[0].startswith(f"step {last}: ")
    word = next(v for k, v in REASONS.items() if k in data["name"])
    assert word in r.diffs[0], r.diffs[0]
