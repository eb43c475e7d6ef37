"""`cardlang play` and `cardlang replay`: a person (scripted stdin) plays a whole game against
bots; undo, save and --load give the same game; bad saves are refused with their first bad line;
a real terminal (tmux) game when tmux is installed."""
from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from runtime.front.cli import app
from runtime.front.cards import load_cardset
from runtime.front.savefile import read_save
from runtime.front.terminal import PlaySession
from runtime.games.innovation import Options

MODE = "interpreted"
BIN = Path(sys.executable).parent / "cardlang"
runner = CliRunner()
ONES = "1\n" * 3000


@pytest.fixture(scope="module")
def cs():
    return load_cardset("innovation", MODE)


def session(cs, script, seed=2, seats=("human", "greedy"), entries=None, players=2):
    buf = io.StringIO()
    s = PlaySession(cs, Options(players=players), seed, list(seats),
                    console=Console(file=buf, width=100, highlight=False),
                    stdin=io.StringIO(script), entries=entries)
    code = s.run()
    return s, code, buf.getvalue()


def test_scripted_stdin_plays_a_whole_game():
    r = runner.invoke(app, ["play", "innovation", "--seed", "2", "--bots", "greedy", "--mode", MODE],
                      input=ONES)
    assert r.exit_code == 0, r.output[-2000:]
    last = r.output.strip().splitlines()[-1]
    assert last.startswith("Game over: ") and " by " in last
    assert "p1 (you): choose an action" in r.output and "Dogma " in r.output
    assert "supply piles:" in r.output and "icons: crown" in r.output


def test_piped_stdin_to_the_command(tmp_path):
    p = subprocess.run([str(BIN), "play", "innovation", "--seed", "7", "--seat", "2",
                        "--bots", "random", "--mode", MODE], input=ONES, text=True,
                       capture_output=True, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.strip().splitlines()[-1].startswith("Game over: ")
    assert "p2 (you)" in p.stdout and "p1 (random)" in p.stdout


def test_auto_four_players_teams():
    r = runner.invoke(app, ["play", "innovation", "--auto", "--players", "4", "--teams",
                            "--bots", "greedy,random", "--seed", "1", "--mode", MODE])
    assert r.exit_code == 0, r.output[-2000:]
    assert "turn 1: " in r.output and r.output.strip().splitlines()[-1].startswith("Game over: ")


def test_undo_gives_the_same_game_as_not_making_the_move(cs, tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    # A: answer 1 three times.  B: answer 2 twice, undo twice (back to the second decision),
    # then 1, 1; both then save: the decision logs must be identical.
    _, code, _ = session(cs, f"1\n1\n1\nsave {a}\nquit\n")
    assert code == 1
    s, code, text = session(cs, f"1\n2\n2\nundo\nundo\n1\n1\nsave {b}\nquit\n")
    assert "undo: back to your previous decision" in text
    assert a.read_text() == b.read_text()
    assert "nothing to undo" in session(cs, "undo\nquit\n")[2]


def test_save_load_continues_the_same_game(cs, tmp_path):
    straight, code, text = session(cs, ONES, seed=5)
    assert code == 0
    f = tmp_path / "g.json"
    _, code, _ = session(cs, "1\n" * 12 + f"save {f}\nquit\n", seed=5)
    assert code == 1
    saved = read_save(f, cs)
    assert saved.header["seats"] == ["human", "greedy"]
    loaded, code, text2 = session(cs, ONES, seed=5, entries=saved.entries)
    assert code == 0
    assert loaded.game.log == straight.game.log
    assert loaded.game.result() == straight.game.result()
    # the CLI's --load, and the refusal to overwrite a save
    r = runner.invoke(app, ["play", "--load", str(f), "--mode", MODE], input=f"save {f}\nquit\n")
    assert "exists: not overwritten" in r.output and "--force" in r.output
    r = runner.invoke(app, ["play", "--load", str(f), "--mode", MODE], input=ONES)
    assert r.exit_code == 0 and r.output.strip().splitlines()[-1] == \
        text.strip().splitlines()[-1], r.output[-1500:]


def test_replay_prints_every_decision(cs, tmp_path):
    f = tmp_path / "g.json"
    session(cs, "1\n" * 10 + f"save {f}\nquit\n", seed=3)
    n = len(read_save(f, cs).entries)
    r = runner.invoke(app, ["replay", str(f), "--mode", MODE])
    assert r.exit_code == 0, r.output
    assert f"#{n} " in r.output and f"#{n + 1} " not in r.output
    assert "the log ends here" in r.output and "cardlang play --load" in r.output
    r2 = runner.invoke(app, ["replay", str(f), "--step", "--mode", MODE], input="\n" * (n + 1))
    assert r2.exit_code == 0 and r2.output.count("Enter for the next decision") == n
    # a finished game replays to its result line
    f2 = tmp_path / "done.json"
    s, _, text = session(cs, ONES, seed=3)
    from runtime.front.savefile import write_save
    write_save(f2, s.header(), s.game.log)
    r3 = runner.invoke(app, ["replay", str(f2), "--mode", MODE])
    assert r3.output.strip().splitlines()[-1] == text.strip().splitlines()[-1]


def _bad(tmp_path, cs, edit):
    f = tmp_path / "g.json"
    if not f.exists():
        session(cs, "1\n" * 10 + f"save {f}\nquit\n", seed=3)
    lines = f.read_text().splitlines(keepends=True)
    g = tmp_path / f"bad{uuid.uuid4().hex[:6]}.json"
    g.write_text(edit(lines))
    return g


@pytest.mark.parametrize("edit,line,why", [
    (lambda ls: "".join(ls)[: len("".join(ls)) * 2 // 3], None, "truncated"),
    (lambda ls: "".join(ls[:4]) + ls[4].replace('"answer": [', '"answer": [999, ') + "".join(ls[5:]),
     5, "does not fit the game"),
    (lambda ls: "".join(ls[:5]) + ls[5].replace('"kind": "', '"kind": "x') + "".join(ls[6:]),
     6, "does not fit the game"),
    (lambda ls: "".join(ls[:4]) + ls[4].replace('"player"', '"payer"') + "".join(ls[5:]),
     5, "must be an object with player, kind, answer"),
    (lambda ls: "".join(ls).replace('"seed": 3', '"seed": "3"'), 2, "seed must be an integer"),
    (lambda ls: "".join(ls).replace('"cards": "', '"cards": "0'), 2, "another card set"),
    (lambda ls: "", 1, "empty"),
])
def test_bad_saves_are_refused_with_first_bad_line(cs, tmp_path, edit, line, why):
    g = _bad(tmp_path, cs, edit)
    for args in (["replay", str(g)], ["play", "--load", str(g)]):
        r = runner.invoke(app, args + ["--mode", MODE], input="quit\n")
        assert r.exit_code == 1, r.output
        msg = r.output
        assert why in msg, msg
        if line is not None:
            assert f"{g}:{line}:" in msg, msg
        else:
            assert f"{g}:" in msg, msg


def test_decisions_after_the_end_are_refused(cs, tmp_path):
    s, _, _ = session(cs, ONES, seed=3)
    from runtime.front.savefile import write_save
    f = tmp_path / "over.json"
    write_save(f, s.header(), s.game.log + [s.game.log[-1]])
    r = runner.invoke(app, ["replay", str(f), "--mode", MODE])
    assert r.exit_code == 1 and "comes after the game ended" in r.output, r.output


@pytest.mark.skipif(shutil.which("tmux") is None,
                    reason="tmux is not installed (apt-get install tmux): no real-terminal test")
def test_real_terminal_with_tmux(tmp_path):
    name = "cardlang-test-" + uuid.uuid4().hex[:8]
    marker = tmp_path / "exit"
    cmd = (f"{BIN} play innovation --seed 4 --bots greedy --mode {MODE}; "
           f"echo $? > {marker}; sleep 30")
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "110", "-y", "50", cmd],
                   check=True)
    try:
        deadline = time.time() + 90
        screen = ""
        while time.time() < deadline and not marker.exists():
            screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", name],
                                    capture_output=True, text=True).stdout
            if screen.rstrip().endswith(">"):
                subprocess.run(["tmux", "send-keys", "-t", name, "1", "Enter"])
            time.sleep(0.05)
        screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", name, "-S", "-60"],
                                capture_output=True, text=True).stdout
        assert marker.exists(), screen
        assert marker.read_text().strip() == "0", screen
        assert "Game over: " in screen
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)
