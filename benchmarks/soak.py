"""Whole-game soak run with the full base set: N random games per configuration must all end by a
legal condition; the greedy agent plays the random one. Prints a Markdown report.

    python benchmarks/soak.py [--two 10000] [--more 1000] [--greedy 1000] [--workers 2]
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def run_chunk(args):
    players, teams, seeds, mode = args
    from runtime.core import registry
    from runtime.core.agents import RandomAgent
    from runtime.core.agents.greedy import GreedyAgent
    from runtime.front.testing import cardset
    from runtime.games.innovation.game import InnovationGame, Options
    cs = cardset("innovation")
    game = registry.get("innovation")
    reasons, errors, greedy_wins = Counter(), [], 0
    for seed in seeds:
        try:
            if mode == "greedy":  # through the contract, as the greedy agent reads nothing else
                seat = seed % 2
                agents = [GreedyAgent(seed) if i == seat else RandomAgent(seed) for i in range(2)]
                g = game.new_state({"players": 2}, seed).play_out(agents).engine
                r = g.result()
            else:
                agents = [RandomAgent(seed * 10 + i) for i in range(players)]
                g = InnovationGame(cs.table, cs.effects, cs.specials,
                                   Options(players=players, teams=teams), seed, agents,
                                   record_events=False)
                r = g.play()
            g.state.check_conservation()
            if r is None or r.reason not in ("achievements", "high draw", "dogma"):
                errors.append((seed, f"ended without a legal condition: {r}"))
                continue
            reasons[r.reason] += 1
            if mode == "greedy" and r.winners == (seed % 2,):
                greedy_wins += 1
        except Exception as e:  # reported, never hidden
            errors.append((seed, f"{type(e).__name__}: {e}"))
    return reasons, errors, greedy_wins


def run(players, teams, n, workers, mode="random", base=0):
    seeds = list(range(base, base + n))
    chunks = [(players, teams, seeds[i::workers], mode) for i in range(workers)]
    with mp.Pool(workers) as pool:
        parts = pool.map(run_chunk, chunks)
    reasons, errors, wins = Counter(), [], 0
    for r, e, w in parts:
        reasons.update(r)
        errors.extend(e)
        wins += w
    return reasons, errors, wins


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--two", type=int, default=10000)
    ap.add_argument("--more", type=int, default=1000)
    ap.add_argument("--greedy", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    print("| configuration | games | achievements | high draw | dogma | errors | seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    bad = []
    for label, players, teams, n in (("2 players", 2, False, a.two), ("3 players", 3, False, a.more),
                                      ("4 players", 4, False, a.more), ("4 players, teams", 4, True, a.more)):
        t = time.time()
        reasons, errors, _ = run(players, teams, n, a.workers)
        bad.extend(errors)
        print(f"| {label} | {n} | {reasons['achievements']} | {reasons['high draw']} | {reasons['dogma']} "
              f"| {len(errors)} | {time.time() - t:.0f} |", flush=True)
    t = time.time()
    reasons, errors, wins = run(2, False, a.greedy, a.workers, "greedy", base=100000)
    bad.extend(errors)
    print(f"\nGreedy vs random, {a.greedy} games (seats alternate): greedy won {wins} "
          f"({100 * wins / max(1, a.greedy):.1f}%) in {time.time() - t:.0f} s", flush=True)
    for seed, msg in bad[:20]:
        print(f"error: seed {seed}: {msg}")
    sys.exit(1 if bad else 0)
