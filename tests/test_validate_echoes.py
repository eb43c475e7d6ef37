"""`cardlang validate --set Echoes`: the Echoes cards' rendered English against the reference table
(issue 22, item 2). The table's echo text is part of a card's reference ("Echo: ..." first, as the
engine renders an `echo:` section), a card with no dogma effect ("No effect.") has none, and every
reference card without a file is listed as missing (the set is written by other hands meanwhile)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from dsl.load import load
from runtime.front.validate import KEEP, keep_tail, markdown, read_reference, reference_text, validate

ROOT = Path(__file__).resolve().parent.parent
CARDLANG = str(Path(sys.executable).parent / "cardlang")


def echoes_rows(tsv):
    res = load([ROOT / "cards" / "innovation" / "echoes"])
    assert not res.errors, [d.format() for d in res.errors]
    ref = read_reference(str(tsv), "Echoes")
    return res.cards, ref, validate(res.cards, ref, 0.6)


def test_every_third_edition_echoes_card_has_a_row(innovation_tsv):
    cards, ref, rows = echoes_rows(innovation_tsv)
    # 105 cards of ages 1-10 and the 5 special achievements; the age-11 rows are 4th edition only
    assert len(ref) == 110 and not any(r["age"] == "11" for r in ref.values())
    assert {r.name for r in rows} == set(ref)
    written = {c.name for c in cards}
    assert {r.name for r in rows if r.status == "missing"} == set(ref) - written
    assert all(r.examples > 0 for r in rows if r.status != "missing")


def test_the_echo_text_is_part_of_the_reference(innovation_tsv):
    ref = read_reference(str(innovation_tsv), "Echoes")
    assert reference_text(ref["Ruler"]) == "Echo: Draw a [2]."          # effects cell: "No effect."
    assert reference_text(ref["Puppet"]) == ""                          # a bonus, no effect at all
    perfume = reference_text(ref["Perfume"]).splitlines()
    assert perfume[0].startswith("Echo: ") and perfume[1].startswith("I demand")
    _, _, rows = echoes_rows(innovation_tsv)
    by = {r.name: r for r in rows}
    assert by["Ruler"].status == "ok" and by["Ruler"].score == 1.0
    assert by["Puppet"].status == "ok"                                  # nothing to say, said


def test_markdown_lists_the_missing_cards_and_keeps_the_hand_written_part(innovation_tsv):
    cards, _, rows = echoes_rows(innovation_tsv)
    md = markdown(rows, "Echoes", 0.6, {})
    assert md.startswith("# Echoes: rendered card text")
    assert "| Ruler | 3 |" in md
    missing = [r.name for r in rows if r.status == "missing"]
    if missing:
        assert f"Missing ({len(missing)}): " in md and missing[0] in md
    old = "# old table\n| x |\n" + KEEP + "\n\n## Notes\n\nmine\n"
    assert keep_tail(old) == "\n" + KEEP + "\n\n## Notes\n\nmine\n"
    assert keep_tail("# no marker\n") == ""


def test_the_command_reports_and_writes_the_table(innovation_tsv, tmp_path):
    target = tmp_path / "echoes.md"
    target.write_text("stale\n" + KEEP + "\nkept\n")
    run = subprocess.run([CARDLANG, "validate", "innovation",
                          "--reference", str(innovation_tsv), "--set", "Echoes",
                          "--markdown", str(target)], capture_output=True, text=True, cwd=ROOT)
    assert " missing" in run.stdout, run.stderr
    text = target.read_text()
    assert text.startswith("# Echoes: rendered card text") and text.endswith(KEEP + "\nkept\n")
    assert "stale" not in text
    _, _, rows = echoes_rows(innovation_tsv)
    assert run.returncode == (0 if all(r.status in ("ok", "justified") for r in rows) else 1)
    as_json = subprocess.run([CARDLANG, "validate", "innovation",
                              "--reference", str(innovation_tsv), "--set", "Echoes", "--json"],
                             capture_output=True, text=True, cwd=ROOT)
    assert len(json.loads(as_json.stdout)) == 110
