"""Rule scenarios (docs/scenarios.md) for Innovation's base rules.

Every scenario in tests/scenarios/innovation/*.json runs through the scenario runner with the
project's card set; each scenario's name cites the seed file (000/001) and the section it tests.

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


def _load(folder: Path) -> list:
    out = []
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for i, sc in enumerate(data if isinstance(data, list) else [data]):
            out.append(pytest.param(sc, id=f"{folder.name}/{path.stem}-{i:02d}"))
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
