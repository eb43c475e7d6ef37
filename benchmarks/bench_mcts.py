"""MCTS's win rates (issue 18: >= 90% against random, >= 60% against greedy), 2-player base
games, seats alternated: the same `games / 2` deals (seeds seed..) are played once with MCTS in
seat 1 and once in seat 2, through `cardlang simulate` (runtime/front/simulate.py: its worker
processes, its records), in compiled mode.

    python benchmarks/bench_mcts.py --games 200 --playouts 100 --workers 2 --against random,greedy

The equivalent commands (then count MCTS's wins in each OUT/games.jsonl):

    cardlang simulate innovation -n 100 --bots mcts:100,random --seed 0 --workers 2 --mode compiled --out out/m1
    cardlang simulate innovation -n 100 --bots random,mcts:100 --seed 0 --workers 2 --mode compiled --out out/m2

A tie counts 1/k to each of k winners. Prints one line per opponent: wins, rate, the time per
game (wall clock, and per process: wall x workers / games), and writes --json if asked.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def mcts_points(records: list, seat: int) -> float:
    pts = 0.0
    for r in records:
        w = r["winners"]
        if seat in w:
            pts += 1.0 / len(w)
    return pts


def run(against: str, games: int, playouts: int, workers: int, seed: int, mode: str,
        out: Path, progress=print) -> dict:
    from runtime.front import simulate as sim
    half = games // 2
    bot = f"mcts:{playouts}"
    points, records, t0 = 0.0, 0, time.perf_counter()
    errors = 0
    for seat, bots in ((0, [bot, against]), (1, [against, bot])):
        folder = out / f"{against}-seat{seat + 1}"
        cfg = sim.Config(n=half, bots=bots, seed=seed, game="innovation",
                         options={"players": 2}, mode=mode)
        sim.run(cfg, folder, workers=workers, force=True, plots=False)
        recs = [json.loads(line) for line in (folder / sim.GAMES_FILE).read_text().splitlines()
                if line.strip()]
        errors += sum(1 for r in recs if r["reason"] == "error")
        points += mcts_points(recs, seat)
        records += len(recs)
        if progress:
            progress(f"  vs {against}, MCTS in seat {seat + 1}: {mcts_points(recs, seat):g} of "
                     f"{len(recs)} ({time.perf_counter() - t0:.0f} s so far)")
    wall = time.perf_counter() - t0
    return {"against": against, "games": records, "mcts_wins": points,
            "win_rate": round(points / records, 4) if records else None, "errors": errors,
            "playouts": playouts, "workers": workers, "mode": mode, "seed": seed,
            "wall_s": round(wall, 1), "s_per_game": round(wall * workers / records, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="per opponent (half in each seat)")
    ap.add_argument("--playouts", type=int, default=100)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--mode", default="compiled")
    ap.add_argument("--against", default="random,greedy")
    ap.add_argument("--out", default=None, help="where the simulations go (default: a temp dir)")
    ap.add_argument("--json", default=None, help="write the results to this file")
    a = ap.parse_args()
    out = Path(a.out) if a.out else Path(tempfile.mkdtemp(prefix="bench_mcts_"))
    results = []
    for opp in a.against.split(","):
        r = run(opp.strip(), a.games, a.playouts, a.workers, a.seed, a.mode, out)
        results.append(r)
        print(f"mcts:{a.playouts} vs {r['against']}: {r['mcts_wins']:g}/{r['games']} = "
              f"{100 * r['win_rate']:.1f}%  ({r['wall_s']} s wall, {r['s_per_game']} s per game "
              f"per process, {r['errors']} errors)", flush=True)
        if a.json:
            Path(a.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
