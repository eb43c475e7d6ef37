"""The English of every card stays what it was (golden files): the renderer is generic plus a
game's phrasebook and each word's own phrase, and a change to any of them that changes a
card's text must be deliberate (regenerate: python tests/test_golden.py)."""
from __future__ import annotations

import sys
from pathlib import Path

from dsl.load import load
from dsl.render import render_card

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "golden"


def rendered(game: str) -> str:
    res = load([ROOT / "cards" / game])
    assert not res.errors, [d.format() for d in res.errors]
    out = []
    for c in sorted(res.cards, key=lambda c: (c.path, c.attrs.get("edition") or 0, c.name)):
        out.append(f"## {Path(c.path).name} {c.name} edition={c.attrs.get('edition')}")
        out.append(render_card(c))
    return "\n".join(out) + "\n"


def test_every_innovation_card_renders_as_before():
    assert rendered("innovation") == (GOLDEN / "render_innovation.txt").read_text()


def test_the_validate_table_of_the_base_set_is_unchanged(innovation_tsv):
    from runtime.front.validate import markdown, read_reference, validate
    res = load([ROOT / "cards" / "innovation" / "base"])
    rows = validate(res.cards, read_reference(str(innovation_tsv), "Base"), 0.6)
    notes = {c.name: c.attrs["note"] for c in res.cards if c.attrs.get("note")}
    assert markdown(rows, "Base", 0.6, notes) == (GOLDEN / "validate_base.md").read_text()


if __name__ == "__main__":  # regenerate after a deliberate change, then review the diff
    for game in sys.argv[1:] or ["innovation"]:
        (GOLDEN / f"render_{game}.txt").write_text(rendered(game))
