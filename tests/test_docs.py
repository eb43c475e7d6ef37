"""The documentation stands alone (issue 24 item 8): every relative link of README.md and docs/
resolves (its file, and its #anchor to a heading there), every repository path it quotes
(`runtime/core/scenario.py`) exists, it points to no design document outside the repository,
and the scenario it shows as the format's example passes."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
LINK = re.compile(r"(?<!\!)\[[^\]\n]*\]\(([^)\s]+)\)")
QUOTED = re.compile(r"`([^`\n]+)`")
TOP = {p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".")}


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return {slug(m.group(1)) for m in re.finditer(r"^#+\s+(.+)$", text, re.M)}


def _line(text: str, at: int) -> int:
    return text.count("\n", 0, at) + 1


@pytest.mark.parametrize("doc", DOCS, ids=[str(p.relative_to(ROOT)) for p in DOCS])
def test_every_relative_link_resolves(doc):
    text = doc.read_text(encoding="utf-8")
    bad = []
    for m in LINK.finditer(text):
        target = m.group(1)
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        file, _, anchor = target.partition("#")
        dest = (doc.parent / file).resolve() if file else doc
        if not dest.exists():
            bad.append(f"line {_line(text, m.start())}: {target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            bad.append(f"line {_line(text, m.start())}: {target}: no heading #{anchor}")
    assert not bad, f"{doc.relative_to(ROOT)}: " + "; ".join(bad)


@pytest.mark.parametrize("doc", DOCS, ids=[str(p.relative_to(ROOT)) for p in DOCS])
def test_every_quoted_repository_path_exists(doc):
    text = doc.read_text(encoding="utf-8")
    bad = []
    for m in QUOTED.finditer(text):
        quoted = m.group(1).strip()
        if any(c in quoted for c in " <>*{}$") or "/" not in quoted:
            continue  # not a path, or a pattern
        path = quoted.split(":")[0].split("#")[0]
        if path.split("/")[0] in TOP and not (ROOT / path).exists():
            bad.append(f"line {_line(text, m.start())}: {quoted}")
    assert not bad, f"{doc.relative_to(ROOT)} quotes paths that do not exist: " + "; ".join(bad)


def test_no_document_points_to_the_design_document_outside_the_repository():
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        assert "DESIGN" not in text, f"{doc.relative_to(ROOT)} refers to DESIGN, which is not here"


def test_the_scenario_format_example_passes():
    from runtime.core.scenario import run_scenario
    from runtime.front.testing import zones
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    block = re.search(r"## Scenario format \(version 1\).*?```json\n(.*?)```", text, re.S)
    r = run_scenario(json.loads(block.group(1)), zones("innovation", "interpreted"))
    assert r.passed, r.diffs
