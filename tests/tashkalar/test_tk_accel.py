"""Tash-Kalar's acceleration layer (dsl/accel.py, CARDLANG_ACCEL; game.py's fast_actions on
patterns.Boards and patterns.Search) can be switched off and cannot lie: with it off the legal
actions are the reference's (each pattern's `matches` on bitboards made afresh, 004 召唤; the
pieces counted square by square, 004 播放耀斑), and seeded games give the same decision logs on
and off, in both modes; the check mode computes both at every action and finds nothing in whole
games of both variants, and it catches a search that lies."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import modes

ROOT = Path(__file__).resolve().parents[2]

GAMES = """
import hashlib, json, sys
from runtime.games.tashkalar.cardset import load_cardset
from runtime.games.tashkalar.definition import GAME
out = {}
for mode in sys.argv[2:]:
    cs = load_cardset(mode)
    agent = cs.runtime.RandomAgent if cs.runtime is not None else None
    if agent is None:
        from runtime.core.agents import RandomAgent as agent
    logs = []
    for s in range(int(sys.argv[1])):
        n = 2 + s % 3
        opts = {"players": 2} if s % 4 == 0 else {"players": n, "variant": "deathmatch"}
        g = GAME.engine(opts, s, mode)
        g.agents = [agent(s * 13 + q) for q in range(g.n_players)]
        g.setup()
        g.play()
        logs.append([(e.player, e.kind, repr(list(e.answer))) for e in g.log])
    out[mode] = hashlib.sha256(repr(logs).encode()).hexdigest()
print(json.dumps(out))
"""


def run(program: str, accel: str, *args) -> subprocess.CompletedProcess:
    env = dict(os.environ, CARDLANG_ACCEL=accel)
    return subprocess.run([sys.executable, "-c", program, *args], cwd=str(ROOT), env=env,
                          capture_output=True, text=True, timeout=1200)


def test_games_are_the_same_with_the_acceleration_off():
    got = {}
    for accel in ("on", "off"):
        r = run(GAMES, accel, "40", *modes())
        assert r.returncode == 0, r.stderr[-3000:]
        got[accel] = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["on"] == got["off"]
    assert len(set(got["on"].values())) == 1   # and the modes play the same games


def test_the_check_mode_finds_nothing_in_whole_games():
    r = run(GAMES, "check", "16", *modes())
    assert r.returncode == 0, r.stderr[-3000:]


DECK_GAMES = """
import sys
from runtime.games.tashkalar.cardset import load_cardset
from runtime.games.tashkalar.definition import DECKS, GAME
for mode in sys.argv[2:]:
    cs = load_cardset(mode)
    agent = cs.runtime.RandomAgent if cs.runtime is not None else None
    if agent is None:
        from runtime.core.agents import RandomAgent as agent
    for s in range(int(sys.argv[1])):
        n = 2 + s % 3
        decks = {k: DECKS[(s + 2 * i) % len(DECKS)]
                 for i, k in enumerate(("deck", "deck2", "deck3", "deck4"))}
        opts = dict(decks, players=2) if s % 3 == 0 else \
            dict(decks, players=n, variant="deathmatch")
        g = GAME.engine(opts, s, mode)
        g.agents = [agent(s * 13 + q) for q in range(g.n_players)]
        g.setup()
        g.play()
print("ok")
"""


def test_the_check_mode_finds_nothing_with_every_deck():
    """The expansion decks' verbs change pieces in more ways (swap, lift, drop, exalt,
    convert): the bitboards kept up to date by each change equal those made afresh at every
    search (check_boards), and the searches the reference's."""
    r = run(DECK_GAMES, "check", "12", *modes())
    assert r.returncode == 0, r.stderr[-3000:]


STALE = """
import sys
from runtime.games.tashkalar import board as B
from runtime.games.tashkalar.definition import GAME
g = GAME.engine({"players": 2}, 3, sys.argv[1])
g.setup()
g.owner[B.parse("e5")], g.rank[B.parse("e5")] = 0, 1   # set from outside, board_changed() not
g.legal_actions(0)
"""


def test_the_check_mode_catches_bitboards_out_of_date():
    for mode in modes():
        r = run(STALE, "check", mode)
        assert r.returncode != 0 and "AccelMismatch" in r.stderr, r.stderr[-3000:]
        assert "kept up to date differ" in r.stderr


LYING = """
import sys
from runtime.games.tashkalar import board as B
from runtime.games.tashkalar.definition import GAME
mode = sys.argv[1]
g = GAME.engine({"players": 2}, 3, mode)
g.setup()
for s in B.SQUARES:   # two squares of three: player 1's common pieces
    if s % 3:
        g.owner[s], g.rank[s] = 0, 0
g.board_changed()
sword = g.table.by_name["Swordmaster"]
g.hand[0] = [sword]
lie = g.searches[g.table.by_name["Bomb"]]   # Bomb's search answers for Swordmaster
g.searches = list(g.searches)
g.searches[sword] = lie
g.legal_actions(0)
"""


def test_the_check_mode_catches_a_search_that_lies():
    for mode in modes():
        r = run(LYING, "check", mode)
        assert r.returncode != 0 and "AccelMismatch" in r.stderr, r.stderr[-3000:]
        assert "differ from the reference" in r.stderr
        assert run(LYING, "on", mode).returncode == 0   # unchecked, the lie goes unseen
