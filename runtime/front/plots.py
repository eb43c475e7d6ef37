"""PNG plots of a simulation (matplotlib, headless), each saying what it compares."""
from __future__ import annotations

import math
import os
import textwrap

PLOTS = ("end_reasons.png", "game_length.png", "card_lift.png")


def length_bins(values: list, most: int = 40) -> list:
    """Histogram bin edges on half-integers, each bin the same whole number of values wide:
    no bin holds more distinct integers than another (no comb)."""
    lo, hi = min(values), max(values)
    width = max(1, math.ceil((hi - lo + 1) / most))
    edges = [lo - 0.5]
    while edges[-1] < hi + 0.5:
        edges.append(edges[-1] + width)
    return edges


def write_plots(out_dir, summary: dict, lengths: list, card_rows: list, view,
                min_played: int = 0) -> list:
    """Write the three plots into out_dir; returns their paths. Cards played in fewer than
    `min_played` player-games are left out of the lift plot (too noisy)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths = []
    reasons = summary.get("reasons", {})
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.bar(list(reasons), list(reasons.values()), color="#4c72b0")
    ax.set_title(f"How {summary.get('games', 0)} games ended")
    ax.margins(y=0.12)
    ax.set_ylabel("games")
    for i, v in enumerate(reasons.values()):
        ax.text(i, v, str(v), ha="center", va="bottom")
    fig.tight_layout()
    paths.append(_save(fig, out_dir, PLOTS[0]))

    fig, ax = plt.subplots(figsize=(6, 3.5))
    if lengths:
        edges = length_bins(lengths)
        ax.hist(lengths, bins=edges, color="#55a868")
        width = int(edges[1] - edges[0])
        ax.set_title("Game length" + (f" (bins of {width})" if width > 1 else ""))
    else:
        ax.set_title("Game length")
    ax.set_xlabel(f"{view.length} per game")
    ax.set_ylabel("games")
    fig.tight_layout()
    paths.append(_save(fig, out_dir, PLOTS[1]))

    played = f"{view.played}_by"
    least = max(1, min_played)
    rows = [r for r in card_rows if r["lift"] is not None and r[played] >= least]
    rows.sort(key=lambda r: r["lift"])
    low, high = rows[:20], rows[-20:][::-1]
    group = view.lift_group
    fig, axes = plt.subplots(1, 2, figsize=(12, 7))
    for ax, part, title, color in ((axes[0], high, "20 highest lifts", "#55a868"),
                                   (axes[1], low, "20 lowest lifts", "#c44e52")):
        names = [f"{r['card']} [{r.get(group, '')}]" for r in part][::-1]
        vals = [r["lift"] for r in part][::-1]
        ax.barh(names, vals, color=color)
        ax.axvline(1.0, color="black", linewidth=0.8)
        ax.set_title(title)
        ax.set_xlabel("observed wins / expected wins")
        ax.tick_params(axis="y", labelsize=8)
    how = (f"Expected wins: each player-game that {view.played} the card wins as often as the "
           f"same bot's player-games that {view.played} any card of the same {group}. Cards "
           f"{view.played} in >= {least} player-games.")
    fig.suptitle(f"Win-rate lift of {view.played} cards, compared within {group} and bot\n"
                 + textwrap.fill(how, 120), fontsize=10)
    fig.tight_layout()
    paths.append(_save(fig, out_dir, PLOTS[2]))
    return paths


def _save(fig, out_dir, name) -> str:
    import matplotlib.pyplot as plt
    path = os.path.join(os.fspath(out_dir), name)
    tmp = os.path.join(os.fspath(out_dir), "." + name + ".tmp.png")
    try:
        fig.savefig(tmp, dpi=100)
        os.replace(tmp, path)
    finally:
        plt.close(fig)
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path
