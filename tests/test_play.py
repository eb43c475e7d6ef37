"""`cardlang play` and `cardlang replay` on the contract: a person (scripted stdin) plays a whole
game against bots; undo, save and --load give the same game; the replay tells the story and
names each answer by its option's text; bad saves are refused with their first bad line; a
real terminal (tmux) game when tmux is installed."""
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
from typer.testing import CliRunner

from runtime.core import registry
from runtime.front import savefile
from runtime.front.bots import bot_seed
from runtime.front.cli import app
from runtime.front.terminal import PlaySession, console

MODE = "interpreted"
GAME = registry.get("innovation")
BIN = Path(sys.executable).parent / "cardlang"
runner = CliRunner()
ONES = "1\n" * 3000


def session(script, seed=2, seats=("human", "greedy"), saved=None):
    buf = io.StringIO()
    position = 0
    if saved is not None:
        _, state = savefile.start(saved, MODE, record_events=True)
        state = savefile.replay(saved, state)
        seeds, position = saved.header["bot_seeds"], len(saved.entries)
    else:
        state = GAME.new_state({"players": len(seats)}, seed, MODE, record_events=True)
        seeds = [bot_seed(seed, i) for i in range(len(seats))]
    s = PlaySession(GAME, state, list(seats), seeds, out=console(buf, 100),
                    stdin=io.StringIO(script), position=position)
    code = s.run()
    return s, code, buf.getvalue()


def decisions(state) -> list:
    return json.loads(state.to_json())["decisions"]


def test_scripted_stdin_plays_a_whole_game():
    r = runner.invoke(app, ["play", "innovation", "--seed", "2", "--bots", "random", "--mode", MODE],
                      input=ONES)
    assert r.exit_code == 0, r.output[-2000:]
    last = r.output.strip().splitlines()[-1]
    assert last.startswith("Game over: ") and " by " in last
    assert "p1 (you): choose an action" in r.output and "Dogma " in r.output
    assert "supply piles:" in r.output and "icons: crown" in r.output


def test_piped_stdin_to_the_command():
    p = subprocess.run([str(BIN), "play", "innovation", "--seed", "7", "--seat", "2",
                        "--bots", "random", "--mode", MODE], input=ONES, text=True,
                       capture_output=True, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.strip().splitlines()[-1].startswith("Game over: ")
    assert "p2 (you)" in p.stdout and "p1 (random)" in p.stdout


def test_auto_four_players_teams_tells_one_line_per_action():
    r = runner.invoke(app, ["play", "innovation", "--auto", "--players", "4", "--teams",
                            "--bots", "greedy,random", "--seed", "1", "--mode", MODE])
    assert r.exit_code == 0, r.output[-2000:]
    assert "in teams" in r.output and "turn 1: " in r.output
    assert r.output.strip().splitlines()[-1].startswith("Game over: ")


def test_undo_gives_the_same_game_as_not_making_the_move(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    # A: answer 1 three times.  B: answer 2 twice, undo twice (back to the second decision),
    # then 1, 1; both then save: the saves must be identical.
    _, code, _ = session(f"1\n1\n1\nsave {a}\nquit\n")
    assert code == 1
    _, code, text = session(f"1\n2\n2\nundo\nundo\n1\n1\nsave {b}\nquit\n")
    assert "undo: back to your previous decision" in text
    assert a.read_text() == b.read_text()
    assert "nothing to undo" in session("undo\nquit\n")[2]


def test_save_load_continues_the_same_game(tmp_path):
    straight, code, text = session(ONES, seed=5)
    assert code == 0
    f = tmp_path / "g.json"
    _, code, _ = session("1\n" * 12 + f"save {f}\nquit\n", seed=5)
    assert code == 1
    saved = savefile.read_save(f)
    assert saved.header["seats"] == ["human", "greedy"]
    assert saved.header["bot_seeds"] == [bot_seed(5, 0), bot_seed(5, 1)]
    loaded, code, text2 = session(ONES, saved=saved)
    assert code == 0
    assert decisions(loaded.state) == decisions(straight.state)
    assert text2.strip().splitlines()[-1] == text.strip().splitlines()[-1]
    # the CLI's --load, and the refusal to overwrite a save
    r = runner.invoke(app, ["play", "--load", str(f), "--mode", MODE], input=f"save {f}\nquit\n")
    assert "exists: not overwritten" in r.output and "--force" in r.output
    r = runner.invoke(app, ["play", "--load", str(f), "--mode", MODE], input=ONES)
    assert r.exit_code == 0 and r.output.strip().splitlines()[-1] == \
        text.strip().splitlines()[-1], r.output[-1500:]


def test_replay_shows_every_decision_with_its_option_text_and_the_story(tmp_path):
    f = tmp_path / "g.json"
    session("1\n" * 10 + f"save {f}\nquit\n", seed=3)
    n = len(savefile.read_save(f).entries)
    r = runner.invoke(app, ["replay", str(f), "--mode", MODE])
    assert r.exit_code == 0, r.output
    assert f"#{n} " in r.output and f"#{n + 1} " not in r.output
    assert "(choose an action): Draw a [1]" in r.output or "(choose an action): Meld " in r.output
    assert " from hand onto the " in r.output and " from the [1] pile into hand" in r.output
    assert "the log ends here" in r.output and "cardlang play --load" in r.output
    r2 = runner.invoke(app, ["replay", str(f), "--step", "--mode", MODE], input="\n" * (n + 1))
    assert r2.exit_code == 0 and r2.output.count("Enter for the next decision") == n
    # a finished game replays to its result line
    s, _, text = session(ONES, seed=3)
    f2 = tmp_path / "done.json"
    savefile.write_save(f2, s.state, s.extra)
    r3 = runner.invoke(app, ["replay", str(f2), "--mode", MODE])
    assert r3.output.strip().splitlines()[-1] == text.strip().splitlines()[-1]


def test_the_story_tells_what_a_dogma_did_indented_under_it():
    s, _, _ = session(ONES, seed=3, seats=("human", "random"))
    lines, end = GAME.view().story(s.state, 0, s.names)
    texts = [t for _, t in lines]
    assert end > 0 and any(t.startswith("--- turn ") for t in texts)
    dogmas = [i for i, t in enumerate(texts[:-1]) if " activates " in t]
    assert dogmas and any(texts[i + 1].startswith("  ") for i in dogmas)  # what they did
    # the person sees the others' draws as ages only
    hidden, _ = GAME.view().story(s.state, 0, s.names, viewer=0)
    assert any("p2 (random) draws a [" in t for _, t in hidden)


def _bad(tmp_path, edit):
    f = tmp_path / "g.json"
    if not f.exists():
        session("1\n" * 10 + f"save {f}\nquit\n", seed=3)
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
    (lambda ls: "".join(ls).replace('"seed": 3', '"seed": "3"'), 2, "seed must be a whole number"),
    (lambda ls: "".join(ls).replace('"cards": "', '"cards": "0'), 2, "another card set"),
    (lambda ls: "", 1, "empty"),
])
def test_bad_saves_are_refused_with_first_bad_line(tmp_path, edit, line, why):
    g = _bad(tmp_path, edit)
    for args in (["replay", str(g)], ["play", "--load", str(g)]):
        r = runner.invoke(app, args + ["--mode", MODE], input="quit\n")
        assert r.exit_code == 1, r.output
        msg = r.output
        assert why in msg, msg
        assert f"{g}:{line}:" in msg if line is not None else f"{g}:" in msg, msg
        assert "Traceback" not in msg


def test_decisions_after_the_end_are_refused(tmp_path):
    s, _, _ = session(ONES, seed=3)
    text = savefile.dumps(s.state.to_json(), s.extra)
    data = json.loads(text)
    data["decisions"].append(data["decisions"][-1])
    f = tmp_path / "over.json"
    f.write_text(savefile.dumps(json.dumps({**data, "header": {
        k: data["header"][k] for k in ("game", "options", "seed")}}),
        {k: data["header"][k] for k in ("cards", "seats", "bot_seeds")}))
    r = runner.invoke(app, ["replay", str(f), "--mode", MODE])
    assert r.exit_code == 1 and "comes after the game ended" in r.output, r.output


@pytest.mark.skipif(shutil.which("tmux") is None,
                    reason="tmux is not installed (apt-get install tmux): no real-terminal test")
def test_real_terminal_with_tmux(tmp_path):
    name = "cardlang-test-" + uuid.uuid4().hex[:8]
    marker = tmp_path / "exit"
    cmd = (f"{BIN} play innovation --seed 4 --bots random --mode {MODE}; "
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
