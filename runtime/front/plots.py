"""PNG plots of a simulation (matplotlib, headless)."""
from __future__ import annotations

import os

PLOTS = ("end_reasons.png", "game_length.png", "card_lift.png")


def write_plots(out_dir, summary: dict, actions: list, card_rows: list, min_melded_by: int = 0) -> list:
    """Write the three plots into out_dir; returns their paths. Cards melded by fewer than
    `min_melded_by` player-games are left out of the lift plot (too noisy)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths = []
    # end reasons
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

    # game length
    fig, ax = plt.subplots(figsize=(6, 3.5))
    if actions:
        ax.hist(actions, bins=min(40, max(5, len(set(actions)))), color="#55a868")
    ax.set_title("Game length")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    fig.tight_layout()
    paths.append(_save(fig, out_dir, PLOTS[1]))

    # card lift: 20 highest and 20 lowest
    rows = [r for r in card_rows if r["lift"] is not None and r["melded_by"] >= max(1, min_melded_by)]
    rows.sort(key=lambda r: r["lift"])
    low, high = rows[:20], rows[-20:][::-1]
    fig, axes = plt.subplots(1, 2, figsize=(12, 6.5))
    for ax, part, title, color in ((axes[0], high, "20 highest win-rate lifts", "#55a868"),
                                   (axes[1], low, "20 lowest win-rate lifts", "#c44e52")):
        names = [f"{r['card']} [{r['age']}]" for r in part][::-1]
        vals = [r["lift"] for r in part][::-1]
        ax.barh(names, vals, color=color)
        ax.axvline(1.0, color="black", linewidth=0.8)
        ax.set_title(title)
        ax.set_xlabel("win rate of players who melded it / base win rate")
        ax.tick_params(axis="y", labelsize=8)
    fig.suptitle(f"Cards: win-rate lift when melded (cards melded in >= {max(1, min_melded_by)} player-games)")
    fig.tight_layout()
    paths.append(_save(fig, out_dir, PLOTS[2]))
    return paths


def _save(fig, out_dir, name) -> str:
    import matplotlib.pyplot as plt
    path = os.path.join(os.fspath(out_dir), name)
    tmp = path + ".tmp.png"
    fig.savefig(tmp, dpi=100)
    plt.close(fig)
    os.replace(tmp, path)
    return path
