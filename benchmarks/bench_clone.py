"""What a search costs, from mid-game states, per mode:

    python benchmarks/bench_clone.py --mode both --json
    cardlang bench innovation --clone --mode both

* clones/s        state.clone() (the contract's copy: it shares the step's checkpoint)
* copies/s        the rules' own copy (the engine's clone(): what every apply() and run makes)
* applies/s       clone() then apply() of a random legal answer (one step of a tree search)
* determinize/s   state.determinize(player, rng) (a re-deal of what the player cannot see)
* playouts/s      clone() and a random play-out to the end of the game (play_out)
* mcts iter/s     iterations of the MCTS agent (determinize, tree, play-out, value)

The states: `states` random games (seeds seed..), each stopped after `steps` steps (mid-game:
the base game's 2-player random games last ~60 steps). Each figure is the median of `repeats`
runs, a run lasting at least `min_time` seconds.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

MIN_TIME = 0.3


def mid_game_states(game, mode: str, players: int, states: int, steps: int, seed: int) -> list:
    out = []
    s = seed
    while len(out) < states:
        st = game.new_state({"players": players}, s, mode)
        mid = st.play_out([st.random_agent(s * 31 + q) for q in range(players)], max_steps=steps)
        s += 1
        if not mid.is_terminal():
            mid.pending()
            out.append(mid)
    return out


def rate(fn, items: list, min_time: float) -> float:
    """Calls of fn(item) per second, cycling over items for at least min_time seconds."""
    n = 0
    t0 = time.perf_counter()
    while True:
        for it in items:
            fn(it)
        n += len(items)
        dt = time.perf_counter() - t0
        if dt >= min_time:
            return n / dt


def measures(states: list, players: int, seed: int) -> dict:
    from runtime.core.agents import RandomAgent
    from runtime.core.agents.mcts import MctsAgent, Node
    from runtime.core.rng import Rng
    rng = Rng(seed)
    rnd = RandomAgent(seed)
    agents = [st.random_agent(seed + i) for i, st in enumerate(states)]
    mcts = MctsAgent(seed, playouts=1)
    k = [0]

    def apply_one(st):
        c = st.clone()
        p = c.pending()
        c.apply(rnd.choose(c, p))

    def playout(st):
        k[0] += 1
        st.clone().play_out([agents[k[0] % len(agents)]] * players)

    def iteration(st):  # one iteration from a fresh root
        mcts._iterate(Node(-1), st.determinize(st.pending().player, rng))

    return {
        "clones/s": lambda st: st.clone(),
        "copies/s": lambda st: st.engine.clone(),
        "applies/s": apply_one,
        "determinize/s": lambda st: st.determinize(st.pending().player, rng),
        "playouts/s": playout,
        "mcts iter/s": iteration,
    }


def run_clone_bench(modes, game: str = "innovation", players: int = 2, states: int = 20,
                    steps: int = 20, repeats: int = 3, seed: int = 0,
                    min_time: float = MIN_TIME, progress=None) -> dict:
    from runtime.core import registry
    g = registry.get(game)
    report: dict = {}
    for m in modes:
        sts = mid_game_states(g, m, players, states, steps, seed)
        ms = measures(sts, players, seed)
        row = {}
        for name, fn in ms.items():
            row[name] = round(statistics.median(rate(fn, sts, min_time) for _ in range(repeats)), 1)
            if progress:
                progress(f"{m}: {name} {row[name]:,.0f}")
        report[m] = row
    return report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="innovation")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--states", type=int, default=20)
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--mode", choices=("interpreted", "compiled", "both"), default="both")
    ap.add_argument("--min-time", type=float, default=MIN_TIME)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    modes = ["interpreted", "compiled"] if a.mode == "both" else [a.mode]
    report = run_clone_bench(modes, a.game, a.players, a.states, a.steps, a.repeats, a.seed,
                             a.min_time, None if a.json else print)
    if a.json:
        print(json.dumps(report))
    else:
        print_report(report, print)


def print_report(report: dict, out) -> None:
    for m, row in report.items():
        out(f"{m:12s} " + "  ".join(f"{v:,.0f} {k}" for k, v in row.items()))


if __name__ == "__main__":
    main()
