"""`cardlang bench` (benchmarks/bench_games.py): the JSON the issue names, both modes playing the
same games, repeats that last at least --min-time, and refused options. Speed itself is never
asserted here (docs/performance.md has the figures)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from runtime.front.cli import app
from dsl.codegen import have_c_compiler

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import bench_games  # noqa: E402

runner = CliRunner()
KEYS = {"games_per_s", "decisions_per_s", "decisions_per_game", "cpu_games_per_s"}


def _bench(*args, game="innovation"):
    r = runner.invoke(app, ["bench", game, "--games", "2", "--repeats", "1",
                            "--min-time", "0", "--json", *args])
    return r.exit_code, r.stdout, r.stderr


def test_one_mode_reports_its_figures_and_no_ratio():
    code, out, _ = _bench("--mode", "interpreted")
    assert code == 0, out
    report = json.loads(out)
    assert set(report) == {"interpreted"} and set(report["interpreted"]) == KEYS
    r = report["interpreted"]
    assert r["games_per_s"] > 0 and r["decisions_per_game"] > 10
    assert r["decisions_per_s"] == pytest.approx(r["games_per_s"] * r["decisions_per_game"],
                                                 rel=0.02)


@pytest.mark.skipif(not have_c_compiler(), reason="no C compiler")
def test_both_modes_play_the_same_games_and_give_their_ratio():
    code, out, _ = _bench("--mode", "both", "--players", "3")
    assert code == 0, out
    report = json.loads(out)
    assert set(report) == {"interpreted", "compiled", "ratio", "cpu_ratio"}
    i, c = report["interpreted"], report["compiled"]
    assert i["decisions_per_game"] == c["decisions_per_game"]  # the same games
    assert report["ratio"] == round(c["games_per_s"] / i["games_per_s"], 2)
    assert report["cpu_ratio"] == round(c["cpu_games_per_s"] / i["cpu_games_per_s"], 2)


def test_a_repeat_plays_its_games_again_until_its_minimum_time(monkeypatch):
    played = []

    def play(cs, players, seeds):
        played.append(list(seeds))
        return len(seeds), 10 * len(seeds)
    monkeypatch.setattr(bench_games, "play", play)
    clock = iter(range(100))
    monkeypatch.setattr(bench_games.time, "perf_counter", lambda: next(clock) * 0.1)
    cpu = iter(range(100))
    monkeypatch.setattr(bench_games.time, "process_time", lambda: next(cpu) * 0.05)
    games, decisions, seconds, cpu_s = bench_games.timed(None, 2, range(3, 6), min_time=0.25)
    assert played == [[3, 4, 5]] * 3  # 0.1, 0.2, 0.3 s: the same games three times
    assert (games, decisions) == (9, 90) and seconds == pytest.approx(0.3)
    assert cpu_s == pytest.approx(0.05)  # the process's own time, read at the start and the end
    played.clear()
    assert bench_games.timed(None, 2, range(2), min_time=0)[:2] == (2, 20) and len(played) == 1


@pytest.mark.parametrize("args, message", [
    (["--mode", "fast"], "--mode must be interpreted, compiled or both"),
    (["--games", "0"], "--games and --repeats must be at least 1"),
    (["--players", "5"], "--players 2 to 4"),
])
def test_bad_options_are_refused_with_a_reason(args, message):
    code, out, err = _bench(*args)
    assert code == 2 and message in err and "Traceback" not in out + err


def test_another_game_is_refused():
    r = runner.invoke(app, ["bench", "arnak", "--json"])
    assert r.exit_code == 2 and "no benchmark for 'arnak'" in r.stderr


def test_game_options_pick_the_decks_and_bad_ones_are_refused():
    """`--option NAME=VALUE` (as `cardlang play` and `simulate`): Tash-Kalar's expansion decks."""
    code, out, err = _bench("--mode", "interpreted", "--option", "deck=nethervoid",
                            "--option", "deck2=everfrost", game="tashkalar")
    assert code == 0, out + err
    assert json.loads(out)["interpreted"]["decisions_per_game"] > 10
    code, out, err = _bench("--option", "deck=nowhere", game="tashkalar")
    assert code == 2 and "nowhere" in err and "Traceback" not in out + err


def test_an_option_that_needs_a_set_sees_the_sets():
    """--sets and --option are checked together: relics need Artifacts among the sets (they
    were checked before the sets were added, so every relics bench was refused)."""
    code, out, err = _bench("--mode", "interpreted", "--sets", "base,artifacts",
                            "--option", "relics=true")
    assert code == 0, out + err
    assert json.loads(out)["interpreted"]["decisions_per_game"] > 10
    code, out, err = _bench("--option", "relics=true")
    assert code == 2 and "Artifacts" in err and "Traceback" not in out + err
