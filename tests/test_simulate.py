"""`cardlang simulate`: determinism across workers (and Ray), resume after an interruption,
refusal of damaged output folders and of resuming under another engine, card set, mode or bot
version, no overwrite without --force, unwritable folders and compiled caches told, the
outputs' schema, lift compared within age and bot, integer-aligned length bins."""
from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from runtime.core import registry
from runtime.front.cli import app
from runtime.front import simulate as sim
from runtime.front.plots import length_bins
from runtime.front.stats import Aggregate

MODE = "interpreted"
BIN = Path(sys.executable).parent / "cardlang"
runner = CliRunner()


VIEW = registry.get("innovation").view()


def cfg(n=6, seed=11, players=2, bots=("greedy", "random")):
    return sim.Config(n=n, bots=list(bots), seed=seed, options={"players": players}, mode=MODE)


def lines(d):
    return (Path(d) / "games.jsonl").read_text().splitlines()


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """6 games on one worker, in this process: the results every other way must reproduce."""
    d = tmp_path_factory.mktemp("ref")
    summary = sim.run(cfg(), d, workers=1, plots=True)
    return d, summary


def test_outputs_schema(reference):
    d, summary = reference
    recs = [json.loads(x) for x in lines(d)]
    assert [r["game"] for r in recs] == list(range(6))
    assert [r["seed"] for r in recs] == list(range(11, 17))
    for r in recs:
        assert set(r) == {"game", "seed", "winners", "reason", "actions", "decisions", "turns", "cards"}
        assert r["reason"] in ("achievements", "high draw", "dogma")
        assert r["winners"] and all(0 <= w < 2 for w in r["winners"])
        assert 0 < r["actions"] <= r["decisions"]
        for name, (m, dg, sh, dm, by) in r["cards"].items():
            assert min(m, dg, sh, dm) >= 0 and set(by) <= {0, 1}
    rows = list(csv.DictReader((d / "cards.csv").open()))
    assert list(rows[0]) == ["card", "age", "color", "melded", "dogma", "shared", "demanded",
                             "melded_by", "melded_by_wins", "win_rate", "expected_wins", "lift",
                             "raw_lift"]
    names = {r["card"] for r in rows}
    assert all(name in names for rec in recs for name in rec["cards"])
    assert len(rows) == 105
    assert sum(int(r["melded"]) for r in rows) >= 6 * 2  # at least the setup melds
    assert any(int(r["shared"]) for r in rows) and any(int(r["demanded"]) for r in rows)
    s = json.loads((d / "summary.json").read_text())
    assert s["games"] == 6 and s["complete"] is True and sum(s["reasons"].values()) == 6
    assert set(s["length"]) >= {"actions_mean", "actions_median"}
    assert s["win_rate_by_bot"].keys() == {"greedy", "random"}
    for p in ("end_reasons.png", "game_length.png", "card_lift.png"):
        assert (d / p).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    run = json.loads((d / "run.json").read_text())
    assert run["seed"] == 11 and run["bots"] == ["greedy", "random"]
    assert run["bot_versions"] == ["2", "1"] and run["mode"] == MODE
    assert run["engine"] and run["card_set"] and run["cards"] and run["options"]["players"] == 2


def test_same_results_on_two_workers(reference, tmp_path):
    sim.run(cfg(), tmp_path, workers=2, plots=False)
    assert lines(tmp_path) == lines(reference[0])


def test_resume_after_interruption(reference, tmp_path):
    def stop_after_3(rec, done, total):
        if done == 3:
            raise KeyboardInterrupt
    with pytest.raises(sim.Interrupted) as e:
        sim.run(cfg(), tmp_path, workers=2, plots=False, on_record=stop_after_3)
    assert e.value.done == 3
    assert lines(tmp_path) == lines(reference[0])[:3]
    assert json.loads((tmp_path / "summary.json").read_text())["complete"] is False
    sim.run(cfg(), tmp_path, workers=1, resume=True, plots=False)
    assert lines(tmp_path) == lines(reference[0])
    # resuming a finished run plays nothing and changes nothing
    sim.run(cfg(), tmp_path, workers=1, resume=True, plots=False)
    assert lines(tmp_path) == lines(reference[0])


def _copy(src, dst):
    dst.mkdir(exist_ok=True)
    for f in ("run.json", "games.jsonl"):
        (dst / f).write_bytes((src / f).read_bytes())
    return dst


def _resume(d, *extra):
    return runner.invoke(app, ["simulate", "innovation", "-n", "6", "--bots", "greedy,random",
                               "--seed", "11", "--workers", "1", "--mode", MODE, "--no-plots",
                               "--out", str(d), "--resume", *extra])


@pytest.mark.parametrize("damage,line,why", [
    (lambda ls: ls[:1] + ['{"game": 1, "seed": 12, "winners": [0'] + ls[2:], 2, "not valid JSON"),
    (lambda ls: ls[:2] + [ls[2][: len(ls[2]) // 2]], 3, "incomplete"),
    (lambda ls: ls[:1] + [ls[1].replace('"seed":12', '"seed":99')] + ls[2:], 2, "should have seed 12"),
    (lambda ls: ls[:1] + [ls[2]] + ls[2:], 2, "expected game 1"),
    (lambda ls: ls[:3] + [ls[3].replace('"reason":"', '"reason":"x')] + ls[4:], 4, "unknown reason"),
    (lambda ls: ls[:1] + ["[1, 2, 3]"] + ls[2:], 2, "not a JSON object"),
])
def test_damaged_games_file_is_refused_with_first_bad_line(reference, tmp_path, damage, line, why):
    d = _copy(reference[0], tmp_path / "out")
    ls = lines(d)
    new = damage(ls)
    text = "\n".join(new) + ("\n" if why != "incomplete" else "")
    (d / "games.jsonl").write_text(text)
    before = (d / "games.jsonl").read_text()
    r = _resume(d)
    assert r.exit_code == 1, r.output
    assert f"games.jsonl:{line}:" in r.output and why in r.output, r.output
    assert (d / "games.jsonl").read_text() == before  # nothing touched


def test_resume_refuses_other_settings_and_damaged_run_file(reference, tmp_path):
    d = _copy(reference[0], tmp_path / "out")
    r = runner.invoke(app, ["simulate", "innovation", "-n", "6", "--bots", "random",
                            "--seed", "11", "--mode", MODE, "--out", str(d), "--resume"])
    assert r.exit_code == 1 and "other settings" in r.output and "bots" in r.output, r.output
    (d / "run.json").write_text('{"version": 1, "game": "innov')
    r = _resume(d)
    assert r.exit_code == 1 and "run.json:1" in r.output and "damaged" in r.output, r.output


def test_no_overwrite_without_force(reference, tmp_path):
    d = _copy(reference[0], tmp_path / "out")
    before = (d / "games.jsonl").read_bytes()
    args = ["simulate", "innovation", "-n", "2", "--seed", "3", "--workers", "1", "--mode", MODE,
            "--no-plots", "--out", str(d)]
    r = runner.invoke(app, args)
    assert r.exit_code == 1 and "--force" in r.output and "--resume" in r.output, r.output
    assert (d / "games.jsonl").read_bytes() == before
    (d / "notes.txt").write_text("mine")
    r = runner.invoke(app, args + ["--force"])
    assert r.exit_code == 0, r.output
    assert len(lines(d)) == 2 and (d / "notes.txt").read_text() == "mine"
    assert "end reasons" in r.output and "cards.csv" in r.output


def test_ctrl_c_keeps_games_and_prints_resume(reference, tmp_path):
    """A real SIGINT to the command (2 worker processes): finished games are kept, the resume
    command is printed, and resuming completes the same games as an uninterrupted run."""
    d = tmp_path / "out"
    cmd = [str(BIN), "simulate", "innovation", "-n", "6", "--bots", "greedy,random", "--seed", "11",
           "--workers", "2", "--mode", MODE, "--no-plots", "--out", str(d)]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    games = d / "games.jsonl"
    deadline = time.time() + 60
    while time.time() < deadline and p.poll() is None:
        if games.exists() and games.read_text().count("\n") >= 1:
            break
        time.sleep(0.05)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    if p.returncode == 0:
        pytest.skip("the run finished before the interrupt arrived")
    assert p.returncode == 130, err
    assert "--resume" in err and "interrupted" in err, err
    kept = lines(d)
    assert 1 <= len(kept) < 6 and kept == lines(reference[0])[:len(kept)]
    r = _resume(d)
    assert r.exit_code == 0, r.output
    assert lines(d) == lines(reference[0])


_real_play_one = sim.play_one


def _dies_at_game_2(i):
    if i == 2:
        os._exit(3)   # a worker killed mid-game (a crash in compiled code, the OOM killer...)
    return _real_play_one(i)


def test_a_dead_worker_stops_the_run_cleanly(reference, tmp_path, monkeypatch):
    monkeypatch.setattr(sim, "play_one", _dies_at_game_2)
    # the error names the first game still in flight when the worker died: 0, 1 or 2
    with pytest.raises(sim.SimulationError, match="worker process died during game [012]"):
        sim.run(cfg(), tmp_path, workers=2, plots=False)
    kept = lines(tmp_path)
    assert kept == lines(reference[0])[:len(kept)] and len(kept) <= 2
    assert json.loads((tmp_path / "summary.json").read_text())["games"] == len(kept)


def test_ray_local_gives_the_same_results(reference, tmp_path):
    pytest.importorskip("ray", reason="ray is not installed (pip install 'cardlang[ray]'); "
                                      "the --ray back end is not tested")
    sim.run(cfg(n=3), tmp_path, workers=2, ray="local", plots=False)
    assert lines(tmp_path) == lines(reference[0])[:3]


@pytest.mark.parametrize("field,value", [("engine", "0.0.1+000000000000"), ("mode", "compiled"),
                                         ("card_set", "0123456789ab"),
                                         ("bot_versions", ["1", "1"])])
def test_resume_under_another_engine_card_set_mode_or_bot_version_is_refused(reference, tmp_path,
                                                                             field, value):
    d = _copy(reference[0], tmp_path / "out")
    run = json.loads((d / "run.json").read_text())
    run[field] = value
    (d / "run.json").write_text(json.dumps(run))
    before = (d / "games.jsonl").read_text()
    r = _resume(d)
    assert r.exit_code == 1 and "cannot resume" in r.output and f"{field}:" in r.output, r.output
    assert (d / "games.jsonl").read_text() == before


def test_resume_of_a_run_of_an_older_version_is_refused(reference, tmp_path):
    d = _copy(reference[0], tmp_path / "out")
    run = json.loads((d / "run.json").read_text())
    (d / "run.json").write_text(json.dumps(dict(run, version=1)))
    r = _resume(d)
    assert r.exit_code == 1 and "another version of cardlang" in r.output, r.output


def test_a_folder_of_other_files_is_not_written_into_without_force(tmp_path):
    d = tmp_path / "mine"
    d.mkdir()
    (d / "thesis.tex").write_text("precious")
    args = ["simulate", "innovation", "-n", "1", "--bots", "random", "--workers", "1",
            "--mode", MODE, "--no-plots", "--out", str(d)]
    r = runner.invoke(app, args)
    assert r.exit_code == 1 and "is not empty (thesis.tex)" in r.output, r.output
    assert sorted(p.name for p in d.iterdir()) == ["thesis.tex"]
    r = runner.invoke(app, args + ["--force"])
    assert r.exit_code == 0 and (d / "thesis.tex").read_text() == "precious", r.output


def _unwritable(tmp_path) -> Path:
    """A folder this process cannot create files in (root ignores permission bits: /sys)."""
    if os.geteuid() != 0:
        ro = tmp_path / "ro"
        ro.mkdir(mode=0o555)
        return ro / "out"
    if not Path("/sys/kernel").is_dir():
        pytest.skip("no read-only place to write to (root, and no /sys)")
    return Path("/sys/kernel/cardlang-test-out")


def test_an_unwritable_out_folder_is_an_error_not_a_traceback(tmp_path):
    out = _unwritable(tmp_path)
    p = subprocess.run([str(BIN), "simulate", "innovation", "-n", "1", "--bots", "random",
                        "--workers", "1", "--mode", MODE, "--no-plots", "--out", str(out)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1, p.stderr
    assert "cannot write the simulation into" in p.stderr and "Traceback" not in p.stderr


def test_an_unwritable_compiled_cache_is_told_or_played_interpreted(tmp_path):
    from dsl.codegen import have_c_compiler
    if not have_c_compiler():
        pytest.skip("no C compiler: compiled mode is the interpreter")
    env = dict(os.environ, CARDLANG_COMPILED_DIR=str(_unwritable(tmp_path)))
    cmd = [str(BIN), "simulate", "innovation", "-n", "1", "--bots", "random", "--workers", "1",
           "--no-plots", "--quiet"]
    p = subprocess.run(cmd + ["--mode", "compiled", "--out", str(tmp_path / "a")], env=env,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 1 and "the compiled card set cannot be built" in p.stderr, p.stderr
    assert "--mode interpreted" in p.stderr and "Traceback" not in p.stderr
    p = subprocess.run(cmd + ["--mode", "auto", "--out", str(tmp_path / "b")], env=env,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0 and "playing with the interpreter" in p.stderr, p.stderr
    assert json.loads((tmp_path / "b" / "run.json").read_text())["mode"] == "interpreted"


class _View:
    counters = ("melded",)
    played = "melded"
    lift_group = "age"
    length = "actions"


def _rec(i, winners, cards):
    return {"game": i, "seed": i, "winners": winners, "reason": "achievements", "actions": 10,
            "decisions": 10, "cards": {n: [1, seats] for n, seats in cards.items()}}


def test_lift_compares_a_card_within_its_age_and_bot():
    """A strong bot (seat 0) wins every game; "Late" (age 9) is melded only by it, "Early"
    (age 1) by both. Raw lift ranks Late top for who melds it; within age and bot it is 1."""
    cat = [{"card": "Early", "age": 1}, {"card": "Late", "age": 9}, {"card": "Lucky", "age": 9}]
    agg = Aggregate(["strong", "weak"], _View, cat)
    for i in range(20):
        cards = {"Early": [0, 1], "Late": [0]}
        if i % 2:
            cards["Lucky"] = [1]  # the weak bot wins exactly the games it melds Lucky in
        agg.add(_rec(i, [0, 1] if i % 2 else [0], cards))
    rows = {r["card"]: r for r in agg.card_rows()}
    assert rows["Late"]["raw_lift"] > 1.3 and rows["Late"]["lift"] == 1.0
    assert rows["Early"]["lift"] == 1.0
    assert rows["Lucky"]["lift"] == 1.0  # its bot wins every game in which it melds an age 9
    assert rows["Late"]["expected_wins"] == 20.0


def test_length_bins_are_integer_aligned_and_equally_wide():
    for xs in ([5], [3, 4], list(range(23, 188)), [40, 41, 43, 200, 201]):
        edges = length_bins(xs)
        widths = {round(b - a, 9) for a, b in zip(edges, edges[1:])}
        assert len(widths) == 1 and widths.pop() == int(edges[1] - edges[0])
        assert all(e - 0.5 == int(e - 0.5) for e in edges)
        assert edges[0] < min(xs) and edges[-1] > max(xs) and len(edges) <= 42
