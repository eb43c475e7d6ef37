"""Rule scenarios (shared/DESIGN.md "Scenario format (version 1)") for Innovation's base rules.

Every scenario in tests/scenarios/innovation/*.json runs through the scenario runner with the
project's card set; each scenario's name cites the seed file (000/001) and the section it tests.

- pending_engine_bugs.json holds scenarios that fail because of an engine bug: xfail(strict=True),
  so that the fix turns them into an XPASS failure that asks for them to be moved to a topic file.
- tests/scenarios/innovation_illegal/ holds positions whose LAST action step, or an answer to it,
  is illegal. The runner must report exactly that step ("step N: illegal ...", "step N: pX acts
  but it is pY's turn" or "step M: pX's answer ... is refused") and nothing else: the refused
  action or answer leaves the position as `expect` describes.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from runtime.core.scenario import run_scenario
from runtime.front.testing import zones

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE / "scenarios" / "innovation"
ILLEGAL = HERE / "scenarios" / "innovation_illegal"
PENDING = "pending_engine_bugs.json"

# Why each pending scenario fails today (by scenario name; the file's default otherwise).
PENDING_REASONS = {
    "000 说明和其他关键词 '你可以 [做 X]，如果你做了，[Y]' 例 1: without enough cards to do X in full "
    "the effect is ignored (Tools: may return three cards, with two in hand nothing is returned)":
        "engine bug: 'may return three cards' with two cards in hand still asks and returns a partial "
        "set (seed 000: without enough cards to do X in full the effect must be ignored)",
    "000 说明和其他关键词 '你可以 [X]': a player who chooses to do X must do it in full: returning two "
    "of four cards for 'may return three cards' is refused (Tools)":
        "engine bug: the 'may return three cards' decision allows 0..3 cards instead of 0 or 3 "
        "(seed 000: a player who chooses X must do it fully, or as much as possible)",
}
DEFAULT_PENDING = "engine bug, see the scenario name (pending_engine_bugs.json)"


def _load(folder: Path) -> list:
    out = []
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for i, sc in enumerate(data if isinstance(data, list) else [data]):
            marks = []
            if path.name == PENDING:
                name = sc.get("name", "")
                reason = PENDING_REASONS.get(name, DEFAULT_PENDING)
                marks.append(pytest.mark.xfail(strict=True, reason=reason))
            out.append(pytest.param(sc, id=f"{folder.name}/{path.stem}-{i:02d}", marks=marks))
    return out


@pytest.fixture(scope="module", params=["interpreted", "compiled"])
def runner(request):
    # compiled: the compiled card set on the compiled runtime (interpreted without a C compiler)
    return zones("innovation", request.param)


def _run(zones, data):
    return run_scenario(data, zones)


def _report(data, result) -> str:
    lines = [data.get("name", "<unnamed>")]
    lines += ["  diff: " + d for d in result.diffs]
    lines += ["  note: " + n for n in result.notes]
    return "\n".join(lines)


@pytest.mark.parametrize("data", _load(SCENARIOS))
def test_scenario(runner, data):
    result = _run(runner, data)
    assert result.passed, _report(data, result)


def _last_action_step(data) -> int:
    steps = data["steps"]
    return max(i for i, s in enumerate(steps, 1) if "action" in s)


@pytest.mark.parametrize("data", _load(ILLEGAL))
def test_illegal_step_is_reported(runner, data):
    result = _run(runner, data)
    n = _last_action_step(data)
    pattern = re.compile(rf"^(step {n}: (illegal \w+: |p\d acts but it is p\d's turn)"
                         rf"|step (\d+): p\d's answer .* is refused: )")
    assert not result.passed, "the illegal step was accepted\n" + _report(data, result)
    m = pattern.match(result.diffs[0]) if len(result.diffs) == 1 else None
    assert m and (m.group(3) is None or int(m.group(3)) > n), (
        f"expected exactly one diff reporting step {n} as illegal, with the position unchanged\n"
        + _report(data, result))


def test_every_scenario_cites_a_seed():
    for folder in (SCENARIOS, ILLEGAL):
        for path in sorted(folder.glob("*.json")):
            for sc in json.loads(path.read_text(encoding="utf-8")):
                assert re.match(r"^00[01] \S", sc.get("name", "")), f"{path.name}: {sc.get('name')!r}"
