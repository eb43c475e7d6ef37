"""`cardlang simulate tashkalar` and `cardlang replay` for both variants (High Form; Deathmatch,
004 死斗规则) and 2, 3 and 4 players, in interpreted mode, and in compiled mode where Tash-Kalar
has a compiled runtime (skipped with the reason otherwise)."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from runtime.front.cli import app
from runtime.front.testing import cardset
from runtime.games.tashkalar.transcripts import record

runner = CliRunner()
CASES = [("high-form", 2), ("deathmatch", 2), ("deathmatch", 3), ("deathmatch", 4)]


def mode_or_skip(mode):
    if mode == "compiled" and getattr(cardset("tashkalar", mode="compiled"), "runtime",
                                      None) is None:
        pytest.skip("Tash-Kalar has no compiled runtime here (no compiled mode, or no C "
                    "compiler)")
    return mode


@pytest.mark.parametrize("mode", ["interpreted", "compiled"])
@pytest.mark.parametrize("variant,n", CASES)
def test_simulate(tmp_path, variant, n, mode):
    mode_or_skip(mode)
    r = runner.invoke(app, ["simulate", "tashkalar", "-n", "2", "-p", str(n), "--option",
                            f"variant={variant}", "--bots", "random,greedy", "-o",
                            str(tmp_path / "out"), "--no-plots", "-q", "-w", "1", "--json",
                            "--mode", mode])
    assert r.exit_code == 0, r.output[-2000:]
    games = [json.loads(x) for x in (tmp_path / "out" / "games.jsonl").read_text().splitlines()]
    assert len(games) == 2
    assert all(g["winners"] and all(0 <= w < n for w in g["winners"]) for g in games)
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["players"] == n and len(summary["win_rate_by_seat"]) == n
    assert summary["options"]["variant"] == variant and summary["finished"] == 2
    assert summary["mode"] == mode


def test_simulate_refuses_a_high_form_for_three():
    r = runner.invoke(app, ["simulate", "tashkalar", "-n", "1", "-p", "3", "-o", "/nonexistent",
                            "-q", "--mode", "interpreted"])
    assert r.exit_code != 0 and "High Form is for 2 players" in r.output


@pytest.mark.parametrize("mode", ["interpreted", "compiled"])
@pytest.mark.parametrize("variant,n", CASES)
def test_replay(tmp_path, variant, n, mode):
    mode_or_skip(mode)
    t = record({"variant": variant, "players": n}, 11, ["random"] * n)
    save = tmp_path / "game.json"
    save.write_text(json.dumps(t["save"]))
    r = runner.invoke(app, ["replay", str(save), "--mode", mode])
    assert r.exit_code == 0, r.output[-2000:]
    title = "Deathmatch" if variant == "deathmatch" else "High Form"
    assert f"Tash-Kalar, {title}, {n} players, seed 11" in r.output
    assert r.output.strip().splitlines()[-1].startswith("Game over: ")
    if variant == "deathmatch":
        assert "[by colour: " in r.output
