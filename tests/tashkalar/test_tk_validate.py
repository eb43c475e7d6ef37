"""`cardlang validate tashkalar`: the cards against the reference table (../shared/data,
never committed; these tests skip with the reason without it). Names, ranks and patterns
exactly, a pattern modulo the 8 symmetries (004 召唤: 以任何方向或镜像), flares by X/Y, tasks by
points, difficulty, type and numbers; the text similarity is reported."""
from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from runtime.front.cli import app
from runtime.games.tashkalar.cardset import load_cardset
from runtime.games.tashkalar.patterns import TRANSFORMS, make
from runtime.games.tashkalar.validate import check, pattern_problems, report

runner = CliRunner()


def rows_by_name(path):
    with open(path, encoding="utf-8", newline="") as f:
        return {r["name"]: r for r in csv.DictReader(f, delimiter="\t")}


def test_every_written_card_matches_the_table(tashkalar_beings):
    rows = check(load_cardset("interpreted"), tashkalar_beings.parent)
    ours = [r for r in rows if r["status"] != "absent"]
    assert len(ours) == len(load_cardset("interpreted").table.cards)
    assert [(r["name"], r["problems"]) for r in ours if r["problems"]] == []
    beings = [r for r in ours if r["kind"] in ("being", "legend")]
    assert beings and all("pattern" in r["checks"] for r in beings)
    assert all(0 <= r["similarity"] <= 1 for r in beings)
    # the table's cards not written yet are listed, not failed
    assert all(not r["problems"] for r in rows if r["status"] == "absent")


@pytest.mark.parametrize("t", range(8))
def test_a_pattern_in_any_symmetry_is_the_tables(tashkalar_beings, t):
    ref = rows_by_name(tashkalar_beings)["Gun Tower"]
    cells = [tuple(c) for c in json.loads(ref["pattern_json_dx_dy_rank"])]
    marked = [tuple(m) for m in json.loads(ref["marked_squares"])]
    f = TRANSFORMS[t]
    p = make(tuple((*f(dx, dy), r) for dx, dy, r in cells), -1,
             tuple(f(dx, dy) for dx, dy in marked))
    assert pattern_problems(p, ref) == []


def test_a_wrong_pattern_rank_or_being_square_is_reported(tashkalar_beings):
    table = rows_by_name(tashkalar_beings)
    ref = table["Swordmaster"]        # c / B / c
    assert pattern_problems(make(((0, -1, 0), (0, 1, 0))), ref) == []
    assert "any of the 8 symmetries" in pattern_problems(make(((0, -1, 0), (1, 1, 0))), ref)[0]
    assert "any of the 8 symmetries" in pattern_problems(make(((0, -1, 1), (0, 1, 0))), ref)[0]
    assert "the being's square" in pattern_problems(make(((0, -1, 0), (0, 1, 0)), 0), ref)[0]
    gun = table["Gun Tower"]
    cells = tuple(tuple(c) for c in json.loads(gun["pattern_json_dx_dy_rank"]))
    assert "marked squares" in pattern_problems(make(cells, -1, ((-1, 0), (2, 0))), gun)[0]


def test_the_report_and_the_command(tashkalar_beings):
    rep = report(str(tashkalar_beings))
    assert not rep.failed and "| Swordmaster | being | imperial |" in rep.markdown
    assert set(rep.status) <= {"ok", "justified", "text differs", "absent"}
    r = runner.invoke(app, ["validate", "tashkalar", "--reference", str(tashkalar_beings),
                            "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output[:r.output.rindex("]") + 1])
    assert {"card", "kind", "deck", "checks", "similarity", "status"} == set(data[0])
    only = runner.invoke(app, ["validate", "tashkalar", "--reference", str(tashkalar_beings),
                               "--set", "flare"])
    assert only.exit_code == 0 and "Flare of Haste" in only.output
    assert "Swordmaster" not in only.output


def test_a_missing_reference_is_an_error_not_a_traceback(tmp_path):
    r = runner.invoke(app, ["validate", "tashkalar", "--reference", str(tmp_path / "no.tsv")])
    assert r.exit_code == 1 and "does not exist" in r.output
    r = runner.invoke(app, ["validate", "tashkalr", "--reference", str(tmp_path / "no.tsv")])
    assert r.exit_code == 2 and "tashkalar" in r.output   # the did-you-mean
