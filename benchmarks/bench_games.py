"""Random-agent playouts of complete games, interpreted and compiled, in one run.

    python benchmarks/bench_games.py --games 50 --mode both --json
    cardlang bench innovation --players 2 --games 50 --mode both --json

Each game goes through the contract, as every front end does: `Game.new_state(options, seed,
mode).play_out(agents)`, the agents being the state's own random agents
(`state.random_agent(seed)`: the compiled one in compiled mode, which the rules ask through C).
Each repeat plays the same `games` seeds in every mode (modes interleaved, so both see the same
machine load); a mode's figure is the median over repeats. A repeat lasts at least `min_time`
seconds (0.3): a mode that plays its games sooner plays them again, the same games, so that
the compiled mode's figure (50 games take it ~35 ms) is not one short slice of a shared,
noisy machine while the interpreted one (~0.4 s) averages over many. Both modes must play exactly the
same games (same decisions), which the harness checks. Building the card set (and the compiled
module, cached in compiled/) is not timed. Events are not recorded, as in simulations of
random games. The long-lived objects (card sets, IR) are frozen out of the cyclic GC before
timing.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

MIN_TIME = 0.3  # seconds: the shortest repeat of a mode


class Setup:
    """What a mode's games are played with: the game, the mode, and the random agents' maker
    (the state's own random agent: its class is found once, on a probe state)."""

    def __init__(self, game: str, mode: str, players: int, options: dict | None = None):
        from runtime.core import registry
        self.game = registry.get(game)
        self.mode = mode
        self.options = {"players": players, **(options or {})}
        probe = self.game.new_state(self.options, 0, mode)
        self.random_agent = probe.random_agent
        self.compiled = self.game.view().fingerprint(probe)["mode"] == "compiled"


def play(setup: Setup, players: int, seeds) -> tuple[int, int]:
    """Play one complete game per seed; returns (games, decisions)."""
    new_state, agent, options, mode = (setup.game.new_state, setup.random_agent, setup.options,
                                       setup.mode)
    decisions = 0
    n = 0
    for s in seeds:
        end = new_state(options, s, mode).play_out([agent(s * 7919 + q) for q in range(players)])
        decisions += len(end.log)
        n += 1
    return n, decisions


def timed(setup, players: int, seeds, min_time: float) -> tuple[int, int, float, float]:
    """One repeat of one mode: the seeds' games, played again (the same games) until at least
    `min_time` seconds have passed; (games, decisions, seconds, CPU seconds). The CPU seconds
    are this process's own (time.process_time): on a shared machine the wall clock also counts
    the time the process waited for a core, which moves a whole run by 2x (docs/performance.md,
    "Wall clock and CPU time")."""
    games = decisions = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while True:
        n, dec = play(setup, players, seeds)
        games += n
        decisions += dec
        dt = time.perf_counter() - t0
        if dt >= min_time:
            return games, decisions, dt, max(time.process_time() - c0, 1e-9)


def run_bench(modes, players: int = 2, games: int = 50, repeats: int = 3, seed: int = 0,
              progress=None, min_time: float = MIN_TIME, game: str = "innovation",
              options: dict | None = None) -> dict:
    """`options`: the game's options beyond the players (Innovation: {"sets": [...]})."""
    sets = {m: Setup(game, m, players, options) for m in modes}
    if "compiled" in sets and not sets["compiled"].compiled:
        print("warning: no compiled runtime (no C compiler?): 'compiled' ran interpreted",
              file=sys.stderr)
    gc.collect()
    gc.freeze()  # the card sets and the IR live for the whole run: keep them out of GC passes
    rates: dict = {m: [] for m in modes}
    per_game: dict = {}
    seeds = range(seed, seed + games)
    for r in range(repeats):
        for m in modes:
            n, dec, dt, cpu = timed(sets[m], players, seeds, min_time)
            rates[m].append((n / dt, dec / dt, n / cpu))
            per_game[m] = dec / n
            if progress:
                progress(f"repeat {r + 1}/{repeats} {m}: {n / dt:.1f} games/s")
    if len(set(per_game.values())) > 1:
        raise AssertionError(f"modes played different games: decisions per game {per_game}")
    report: dict = {}
    for m in modes:
        report[m] = {"games_per_s": round(statistics.median(r[0] for r in rates[m]), 2),
                     "decisions_per_s": round(statistics.median(r[1] for r in rates[m]), 1),
                     "decisions_per_game": round(per_game[m], 2),
                     "cpu_games_per_s": round(statistics.median(r[2] for r in rates[m]), 2)}
    if "interpreted" in report and "compiled" in report:
        i, c = report["interpreted"], report["compiled"]
        report["ratio"] = round(c["games_per_s"] / i["games_per_s"], 2)
        report["cpu_ratio"] = round(c["cpu_games_per_s"] / i["cpu_games_per_s"], 2)
    return report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--mode", choices=("interpreted", "compiled", "both"), default="both")
    ap.add_argument("--min-time", type=float, default=MIN_TIME)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    modes = ["interpreted", "compiled"] if a.mode == "both" else [a.mode]
    rep = run_bench(modes, a.players, a.games, a.repeats, a.seed,
                    None if a.json else (lambda m: print(m, file=sys.stderr)), a.min_time)
    print(json.dumps(rep) if a.json else json.dumps(rep, indent=1))


if __name__ == "__main__":
    main()
