"""Echoes (issue 22) through the tools: `cardlang scenario run --sets`, the options the seed
refuses, and the scenario corpus's coverage of the Echoes rules (each scenario cites 000/001)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from runtime.core import registry
from runtime.core.errors import BadOptions
from runtime.core.scenario_files import run_files
from runtime.front.testing import zones

HERE = Path(__file__).resolve().parent
CARDLANG = str(Path(sys.executable).parent / "cardlang")
GAME = registry.get("innovation")

# 000/001 "抽取回响牌": a hand of base cards only: with Echoes in play the draw is an Echoes card
DRAW = {"name": "a draw with a base card in hand", "game": "innovation", "options": {"players": 2},
        "setup": {"players": {"p1": {"board": {"red": {"cards": ["Oars"]}}, "hand": ["Agriculture"]}},
                  "decks": {"base": {"1": ["Tools"]}}, "current_player": "p1", "actions_left": 2},
        "steps": [{"actor": "p1", "action": "draw"}],
        "expect": {"players": {"p1": {"board": {"red": {"cards": ["Oars"]}},
                                      "hand": ["Agriculture", "Tools"]}}}}


def _zones(game):
    return zones(game, "interpreted")


def test_scenario_run_sets_replaces_each_scenarios_sets(tmp_path):
    path = tmp_path / "draw.json"
    path.write_text(json.dumps([DRAW]), encoding="utf-8")
    (base,), errors = run_files([path], _zones)
    assert base.passed and not errors
    (mixed,), errors = run_files([path], _zones, options={"sets": ["base", "echoes"]})
    assert not mixed.passed and not errors
    assert any("unexpected" in d and "Tools" in d for d in mixed.diffs), mixed.diffs


def test_scenario_run_sets_on_the_command_line(tmp_path):
    path = tmp_path / "draw.json"
    path.write_text(json.dumps([DRAW]), encoding="utf-8")
    run = subprocess.run([CARDLANG, "scenario", "run", str(path)], capture_output=True, text=True)
    assert run.returncode == 0 and "1 passed, 0 failed" in run.stdout
    run = subprocess.run([CARDLANG, "scenario", "run", str(path), "--sets", "base,echoes"],
                         capture_output=True, text=True)
    assert run.returncode == 1 and "0 passed, 1 failed" in run.stdout
    # the Echoes scenarios without Echoes: each names the card and the option to add
    run = subprocess.run([CARDLANG, "scenario", "run", str(HERE / "scenarios" / "innovation" /
                                                           "echoes_play.json"), "--sets", "base"],
                         capture_output=True, text=True)
    assert run.returncode == 1
    assert "is a card of the echoes set, which this game does not play" in run.stderr
    assert "echoes_play.json:" in run.stderr                       # located
    run = subprocess.run([CARDLANG, "scenario", "run", str(path), "--sets", "base,bogus"],
                         capture_output=True, text=True)
    assert run.returncode == 2 and "unknown set 'bogus'" in run.stderr
    assert "Traceback" not in run.stderr


def test_the_first_edition_plays_the_base_set_only():
    """000 "游戏版本和差异": the expansions are compatible with the latest rules only."""
    with pytest.raises(BadOptions, match="first edition plays the base set only"):
        GAME.options({"edition": 1, "sets": ["base", "echoes"]})
    assert GAME.options({"edition": 1})["edition"] == 1
    assert list(GAME.options({"edition": 3, "sets": ["base", "echoes"]})["sets"]) == ["base", "echoes"]


def test_the_first_edition_with_echoes_is_refused_on_the_command_line():
    run = subprocess.run([CARDLANG, "play", "innovation", "--auto", "--bots", "random,random",
                          "--sets", "base,echoes", "--option", "edition=1"],
                         capture_output=True, text=True)
    assert run.returncode != 0 and "first edition plays the base set only" in run.stderr
    assert "Traceback" not in run.stderr


def _echoes_scenarios():
    out = []
    for folder in ("innovation", "innovation_illegal"):
        for path in sorted((HERE / "scenarios" / folder).glob("*.json")):
            for sc in json.loads(path.read_text(encoding="utf-8")):
                if "echoes" in sc.get("options", {}).get("sets", []):
                    out.append(sc)
    return out


def test_the_echoes_rules_have_scenarios_citing_the_seeds():
    """Issue 22: >= 30 rule scenarios, each citing its seed section, covering every rule."""
    found = _echoes_scenarios()
    assert len(found) >= 30
    assert all(sc["name"][:3] in ("000", "001") for sc in found)
    names = " ".join(sc["name"] for sc in found)
    for section in ("抽取回响牌", "回响效果", "预兆", "奖励", "重复", "团队游戏", "通过成就",
                    "返回的牌会返回到它们来自的特定牌库", "特殊成就"):
        assert section in names, section
    shapes = {(sc["options"].get("players", 2), bool(sc["options"].get("teams"))) for sc in found}
    assert {(2, False), (3, False), (4, False), (4, True)} <= shapes
