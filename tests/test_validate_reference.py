"""`cardlang validate GAME --reference PATH` with a wrong PATH: a folder, a missing file, another
game's table, a file that is not UTF-8 text. Each is one located line on stderr and exit 1, never a
traceback (the brief's bad-input standard); the Tash-Kalar validator also accepts the data folder
itself, reading its beings table there."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from runtime.core.errors import BadReference
from runtime.core.reference import read_table
from runtime.front.cli import app

runner = CliRunner()
INNOVATION_HEADER = "set\tkind\tid\tname\tage\tcolor\teffects\n"
TK_HEADER = "deck\tname\trank\tpattern_json_dx_dy_rank\ttext\n"


def run(*args):
    res = runner.invoke(app, ["validate", *args])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.output


@pytest.mark.parametrize("game", ["innovation", "tashkalar"])
def test_a_missing_table_is_named(game, tmp_path):
    code, out = run(game, "--reference", str(tmp_path / "nope.tsv"))
    assert code == 1
    assert "nope.tsv does not exist: expected" in out and "Traceback" not in out


def test_a_folder_lists_the_tables_in_it(tmp_path):
    (tmp_path / "innovation_cards.tsv").write_text(INNOVATION_HEADER)
    code, out = run("innovation", "--reference", str(tmp_path))
    assert code == 1
    assert "is a folder: expected a card table" in out
    assert "tables there: innovation_cards.tsv" in out


@pytest.mark.parametrize("game,header,missing", [
    ("innovation", TK_HEADER, "missing the columns set, effects"),
    ("tashkalar", INNOVATION_HEADER, "missing the columns deck, rank"),
])
def test_another_games_table_names_the_missing_columns(game, header, missing, tmp_path):
    p = tmp_path / "table.tsv"
    p.write_text(header + "x\ty\tz\tw\tv\n")
    code, out = run(game, "--reference", str(p))
    assert code == 1
    flat = " ".join(out.split())
    assert f"{p}:1:1: expected" in flat and missing in flat and "its header has" in flat


def test_a_binary_file_is_refused(tmp_path):
    p = tmp_path / "cards.tsv"
    p.write_bytes(b"set\tname\teffects\n\xff\xfe\x00")
    code, out = run("innovation", "--reference", str(p))
    assert code == 1 and "not UTF-8 text" in out


def test_tashkalar_reads_its_other_tables_beside_the_beings_table(tmp_path):
    """The flares and tasks tables live beside the beings table: without them the error says
    which file and where, not a FileNotFoundError."""
    p = tmp_path / "beings.tsv"
    p.write_text("\t".join(("deck", "name", "rank", "rotations_needed", "pattern_json_dx_dy_rank",
                            "being_square_needs_own_piece_of_rank", "marked_squares", "text",
                            "frozen_or_warp_text")) + "\n")
    code, out = run("tashkalar", "--reference", str(p))
    assert code == 1
    flat = " ".join(out.split())
    assert "tashkalar_flares.tsv does not exist: expected the Tash-Kalar flares table" in flat


def test_read_table_returns_rows_with_the_columns(tmp_path):
    p = tmp_path / "t.tsv"
    p.write_text("name\tage\nA\t1\nB\t2\n")
    assert read_table(p, ("name",), "a table") == [{"name": "A", "age": "1"},
                                                   {"name": "B", "age": "2"}]
    with pytest.raises(BadReference, match="missing the column color"):
        read_table(p, ("name", "color"), "a table")


def test_the_data_folder_itself_serves_tashkalar(tashkalar_beings):
    code, out = run("tashkalar", "--reference", str(tashkalar_beings.parent))
    assert code == 0, out
    assert " ok" in out
