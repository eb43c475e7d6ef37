"""Where the time of a random-agent game goes, by taking parts away: the same seeds played with
the full card set, without special achievements, and without effects or specials (the bare
turn loop: legal actions, the agent, apply, draw/meld). Games without effects last longer, so
microseconds per decision is the comparable figure. Interpreted and compiled, one run.

    python benchmarks/bench_floor.py --games 40
"""
from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def play(cs, players: int, seeds) -> tuple[int, int]:
    """One game per seed on the card set's own runtime, the parts taken away from `cs` (the
    engine itself: these variants are not games a Game of the registry makes)."""
    from runtime.core.agents import RandomAgent
    from runtime.games.innovation.game import InnovationGame, Options
    if cs.runtime is not None:
        InnovationGame, Options, RandomAgent = (cs.runtime.InnovationGame, cs.runtime.Options,
                                                cs.runtime.RandomAgent)
    n = decisions = 0
    for s in seeds:
        g = InnovationGame(cs.table, cs.effects, cs.specials, Options(players=players), seed=s,
                           agents=[RandomAgent(s * 7919 + q) for q in range(players)],
                           record_events=False)
        g.transactional = False
        g.play()
        decisions += len(g.log)
        n += 1
    return n, decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=2)
    a = ap.parse_args()
    from runtime.front.testing import cardset
    print(f"{'mode':<12} {'card set':<22} {'games/s':>8} {'decisions/game':>15} {'us/decision':>12}")
    for mode in ("interpreted", "compiled"):
        cs = cardset("innovation", mode=mode)
        variants = (("full", cs), ("no specials", dataclasses.replace(cs, specials=[])),
                    ("no effects, no specials", dataclasses.replace(cs, specials=[], effects={})))
        for label, c in variants:
            play(c, a.players, range(5))  # warm up (first games allocate, caches fill)
            gc.collect()
            gc.freeze()
            t = time.perf_counter()
            n, d = play(c, a.players, range(a.games))
            dt = time.perf_counter() - t
            print(f"{mode:<12} {label:<22} {n / dt:8.1f} {d / n:15.1f} {dt / d * 1e6:12.2f}")


if __name__ == "__main__":
    main()
