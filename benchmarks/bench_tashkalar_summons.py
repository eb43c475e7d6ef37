"""Tash-Kalar: the legal-summon search (004 召唤: every card a player could summon, each
pattern's distinct orientations, on bitboards) on a full random board, interpreted and compiled.

    python benchmarks/bench_tashkalar_summons.py [--mode interpreted|compiled|both]
        [--searches N] [--instructions] [--json]

The position: every square of the board holds a piece (a seeded random colour of two and rank),
player 1 holds all the deck beings and all the legends, with one legendary piece left. A search
is `TashKalarGame.legal_summons(0)` (the normal summons; `--improvised` adds the improvised
ones, 004 即兴召唤). Times are user CPU per search (the median of 5 runs); `--instructions`
counts each mode's instructions per search under valgrind's cachegrind (two runs, with N and
with no searches: the difference over N), which do not move with the machine's load.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, REPO)


def position(mode: str, seed: int = 5):
    """The engine of the full-board position in `mode`."""
    from runtime.games.tashkalar import board as B
    from runtime.games.tashkalar.definition import GAME
    e = GAME.engine({}, 1, mode)
    e.setup()
    rnd = random.Random(seed)
    for s in B.SQUARES:
        e.owner[s] = rnd.randrange(2)
        e.rank[s] = rnd.choice([0, 0, 0, 1, 1, 2])
    e.board_changed()
    e.hand[0] = e.table.ids("being")
    e.legends[0] = e.table.ids("legend")
    e.legend_supply[0] = 1
    return e


def search(e, n: int, improvised: bool) -> int:
    found = 0
    for _ in range(n):
        found = len(e.legal_summons(0))
        if improvised:
            found += len(e.legal_summons(0, improvised=True))
    return found


def timed(mode: str, n: int, improvised: bool) -> dict:
    e = position(mode)
    found = search(e, 10, improvised)
    runs = []
    for _ in range(5):
        t = time.process_time()
        search(e, n, improvised)
        runs.append((time.process_time() - t) / n)
    cards = len(e.hand[0]) + len(e.legends[0])
    return {"cards": cards, "summons": found, "us_per_search": statistics.median(runs) * 1e6}


PROGRAM = """
import sys
sys.path.insert(0, {repo!r})
from benchmarks.bench_tashkalar_summons import position, search
e = position({mode!r})
search(e, 1, {improvised!r})
search(e, {n}, {improvised!r})
"""


def instructions(mode: str, n: int, improvised: bool) -> float:
    """Instructions per search: cachegrind's count with n searches minus with none, over n."""
    def count(k: int) -> int:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "cg.out")
            prog = PROGRAM.format(repo=REPO, mode=mode, n=k, improvised=improvised)
            r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                                f"--cachegrind-out-file={out}", sys.executable, "-c", prog],
                               capture_output=True, text=True,
                               env={**os.environ, "PYTHONHASHSEED": "0"})
            if r.returncode != 0:
                raise SystemExit(f"valgrind failed:\n{r.stderr[-2000:]}")
            return int(re.search(r"I\s+refs:\s+([\d,]+)", r.stderr).group(1).replace(",", ""))
    return (count(n) - count(0)) / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=("interpreted", "compiled", "both"), default="both")
    ap.add_argument("--searches", type=int, default=2000)
    ap.add_argument("--improvised", action="store_true")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions per search under valgrind (about a minute)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    modes = ("interpreted", "compiled") if a.mode == "both" else (a.mode,)
    if a.instructions and shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    report = {}
    for m in modes:
        report[m] = timed(m, a.searches, a.improvised)
        if a.instructions:
            report[m]["instructions_per_search"] = round(
                instructions(m, max(200, a.searches // 10), a.improvised))
    if len(modes) == 2:
        report["ratio"] = report["interpreted"]["us_per_search"] / \
            report["compiled"]["us_per_search"]
    if a.json:
        print(json.dumps(report, indent=1))
        return
    for m in modes:
        r = report[m]
        extra = (f", {r['instructions_per_search']:,} instructions" if "instructions_per_search"
                 in r else "")
        print(f"{m:12s} {r['cards']} cards, full board: {r['summons']} legal summons, "
              f"{r['us_per_search']:.1f} us per search{extra}")
    if "ratio" in report:
        print(f"ratio        {report['ratio']:.1f}x")


if __name__ == "__main__":
    main()
