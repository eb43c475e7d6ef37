"""Instructions per game, counted by valgrind's cachegrind: the machine-independent companion of
`cardlang bench` on a shared, noisy machine, where games/s move by 2x from one minute to the
next but instruction counts do not move at all (string hashing is fixed with PYTHONHASHSEED=0;
otherwise dict probes move them by ~1%). Each mode runs twice under cachegrind (loading only,
then loading and N games); the difference divided by N is the cost of one game.

    python benchmarks/bench_instructions.py --games 30 [--mode interpreted|compiled|both] [--json]
    python benchmarks/bench_instructions.py --games 30 --sets base,echoes
    python benchmarks/bench_instructions.py --games 10 --sets base,artifacts --option relics=true
    python benchmarks/bench_instructions.py --game tashkalar --games 20
    python benchmarks/bench_instructions.py --game tashkalar --games 20 --option deck=nethervoid

Needs valgrind; about a minute per mode.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

PLAY = """
import gc, sys
sys.path.insert(0, {repo!r})
from benchmarks.bench_games import Setup, play
setup = Setup({game!r}, {mode!r}, {players}, {options!r})
gc.collect(); gc.freeze()
play(setup, {players}, range({games}))
"""


def instructions(mode: str, games: int, players: int, game: str = "innovation",
                 sets: str | None = None, extra: dict | None = None) -> int:
    """Instructions executed by a process that loads the card set and plays `games` games."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cachegrind.out")
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
               sys.executable, "-c", PLAY.format(repo=REPO, mode=mode, games=games,
                                                 players=players, game=game, options=(
                                                     dict({"sets": sets.split(",")} if sets
                                                          else {}, **(extra or {})) or None))]
        # string hashing is seeded per process: fixed, so that dict probes repeat exactly
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        r = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if r.returncode != 0:
            raise SystemExit(f"valgrind failed:\n{r.stderr[-2000:]}")
        m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
        return int(m.group(1).replace(",", ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="innovation")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--mode", choices=("interpreted", "compiled", "both"), default="both")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--sets", default=None, help="the card sets in play, e.g. base,echoes")
    ap.add_argument("--option", action="append", default=[],
                    help="a game option NAME=VALUE (repeatable), e.g. deck=nethervoid")
    a = ap.parse_args()
    # each value read as the option's type (relics=true a bool), as `cardlang bench` reads it
    sys.path.insert(0, REPO)
    from runtime.core import registry
    from runtime.front.commands import game_options, with_sets
    # the sets checked with the other options (relics need Artifacts), then passed apart
    extra = game_options(registry.get(a.game), None, False, with_sets(a.option, a.sets))
    extra.pop("sets", None)
    modes = ("interpreted", "compiled") if a.mode == "both" else (a.mode,)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    report = {}
    for mode in modes:
        base = instructions(mode, 0, a.players, a.game, a.sets, extra)
        total = instructions(mode, a.games, a.players, a.game, a.sets, extra)
        report[mode] = {"instructions_per_game": round((total - base) / a.games)}
    if len(modes) == 2:
        report["ratio"] = round(report["interpreted"]["instructions_per_game"]
                                / report["compiled"]["instructions_per_game"], 2)
    if a.json:
        print(json.dumps(report))
        return
    for mode in modes:
        print(f"{mode:12s} {report[mode]['instructions_per_game'] / 1e6:8.2f} M instructions/game")
    if "ratio" in report:
        print(f"ratio        {report['ratio']:8.2f}")


if __name__ == "__main__":
    main()
