"""`cardlang play tashkalar`: the board as a 9x9 grid with ranks and colours, the numbered legal
summons, a whole game played from stdin, and an illegal summon or placement typed in the
terminal refused with the reason (which pattern square does not match)."""
from __future__ import annotations

from typer.testing import CliRunner

from runtime.front.cli import app

runner = CliRunner()


def test_a_whole_game_from_stdin_shows_the_board():
    r = runner.invoke(app, ["play", "tashkalar", "--seed", "3", "--bots", "random",
                            "--mode", "interpreted"], input="1\n" * 3000)
    assert r.exit_code == 0, r.output[-2000:]
    assert r.output.strip().splitlines()[-1].startswith("Game over: ")
    assert "     a   b   c   d   e   f   g   h   i" in r.output
    assert " 5   *   .   .   .   *   .   .   .   ." in r.output    # red/green squares, empty
    assert "legal summons:\n1. " in r.output


def test_an_illegal_summon_typed_is_refused_with_the_square():
    r = runner.invoke(app, ["play", "tashkalar", "--seed", "3", "--bots", "random",
                            "--mode", "interpreted"],
                      input="summon Bomb e5\nsummon Bomb z9\nplace e5\nplace e5\nq\n")
    assert ("refused: Bomb does not stand on e5: orientation 0: f6 needs your common piece"
            in r.output)
    assert "refused: 'z9' is not a square" in r.output
    assert "p1 places a common piece on e5" in r.output or "1c" in r.output
