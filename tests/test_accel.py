"""The acceleration layer (dsl/accel.py; Innovation's in runtime/games/innovation/accel/) can be
switched off and cannot lie: the same seeded games with every kept answer and skipped check
off give the same decision logs (500 games compiled, 150 interpreted), and the check mode,
which recomputes every kept answer and skipped check, finds nothing in whole games and does
catch a kept answer that is wrong."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from runtime.core.agents import RandomAgent
from runtime.front.testing import game_cards
from runtime.games.innovation.cardset import build_cardset
from runtime.games.innovation.game import Options

from tests.conftest import modes

ROOT = Path(__file__).resolve().parent.parent


def logs(cs, seeds, players=2) -> list:
    out = []
    rt = cs.runtime
    agent = rt.RandomAgent if rt is not None else RandomAgent
    for s in seeds:
        g = cs.game_class(cs.table, cs.effects, cs.specials, Options(players=players), seed=s,
                          agents=[agent(s * 7 + q) for q in range(players)], record_events=False)
        g.play()
        out.append(([dict(e) for e in g.log], g.result()))
    return out


@pytest.mark.parametrize("mode", modes())
def test_games_are_the_same_with_the_acceleration_off(mode):
    cards = list(game_cards("innovation"))
    on, off = (build_cardset(cards, mode=mode, accel=a) for a in ("on", "off"))
    assert off.specials[0].inputs is None and on.specials[0].inputs is not None
    n = 500 if mode == "compiled" else 150
    for players in (2, 3, 4):
        seeds = range(players * 1000, players * 1000 + n // 3)
        assert logs(on, seeds, players) == logs(off, seeds, players)


CHECKED = """
import sys
from runtime.core.agents import RandomAgent
from runtime.front.testing import cardset
from runtime.games.innovation.game import Options
for mode in sys.argv[1:]:
    cs = cardset("innovation", mode=mode)
    agent = cs.runtime.RandomAgent if cs.runtime is not None else RandomAgent
    for s in range(60):
        n = 2 + s % 3
        g = cs.game_class(cs.table, cs.effects, cs.specials, Options(players=n), seed=s,
                          agents=[agent(s + q) for q in range(n)], record_events=False)
        g.play()
print("checked")
"""


def run_checked(program: str, *args) -> subprocess.CompletedProcess:
    env = dict(os.environ, CARDLANG_ACCEL="check")
    return subprocess.run([sys.executable, "-c", program, *args], cwd=str(ROOT), env=env,
                          capture_output=True, text=True, timeout=600)


def test_the_check_mode_finds_nothing_in_whole_games():
    r = run_checked(CHECKED, *modes())
    assert r.returncode == 0 and "checked" in r.stdout, r.stderr[-3000:]


LYING = """
from runtime.core.agents import RandomAgent
from runtime.front.testing import cardset
from runtime.games.innovation.accel.conditions import Tabled
from runtime.games.innovation.game import Options
cs = cardset("innovation", mode="interpreted")
for sp in cs.specials:  # a kept answer that is wrong: every count of it "holds"
    for part in sp.condition.parts:
        if isinstance(part, Tabled):
            for v in range(len(part.table)):
                part.table[v] = 1
g = cs.game_class(cs.table, cs.effects, cs.specials, Options(players=2), seed=3,
                  agents=[RandomAgent(1), RandomAgent(2)], record_events=False)
g.play()
"""


def test_the_check_mode_catches_a_kept_answer_that_lies():
    r = run_checked(LYING)
    assert r.returncode != 0 and "AccelMismatch" in r.stderr, r.stderr[-3000:]
    assert "Tabled answered True" in r.stderr


def test_the_setting_is_checked():
    env = dict(os.environ, CARDLANG_ACCEL="fast")
    r = subprocess.run([sys.executable, "-c", "import dsl.accel"], cwd=str(ROOT), env=env,
                       capture_output=True, text=True)
    assert r.returncode != 0 and "CARDLANG_ACCEL must be one of on, off, check" in r.stderr
