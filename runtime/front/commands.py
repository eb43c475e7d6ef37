"""The Typer commands `play`, `replay` and `simulate`, registered by runtime/front/cli.py."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from .cards import BOTS, PlayError, available_modes, load_cardset, parse_bots

out = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)

MODE_HELP = "card effects: interpreted, or compiled when the compiler is available (default: auto)"


def _fail(e: Exception) -> None:
    err.print(f"error: {e}", markup=False)
    raise typer.Exit(1)


def play(game: Optional[str] = typer.Argument(None, help="the game (innovation); not needed with --load"),
         players: int = typer.Option(2, "--players", "-p", min=2, max=4, help="2 to 4"),
         teams: bool = typer.Option(False, "--teams", help="team play (4 players: seats 1+3 and 2+4)"),
         seat: int = typer.Option(1, "--seat", help="your seat, 1..players"),
         bots: str = typer.Option("greedy", "--bots", help=f"bots for the other seats, comma-separated ({', '.join(BOTS)}); the last repeats"),
         seed: int = typer.Option(0, "--seed", help="the game's seed (setup and shuffles)"),
         auto: bool = typer.Option(False, "--auto", help="no person: bots in every seat (--bots lists them all)"),
         verbose: bool = typer.Option(False, "--verbose", "-v", help="with --auto: every event, not one line per action"),
         load: Optional[Path] = typer.Option(None, "--load", help="continue a saved game"),
         mode: str = typer.Option("auto", "--mode", help=MODE_HELP)):
    """Play Innovation in the terminal against bots (or watch bots play with --auto)."""
    from runtime.games.innovation import Options
    from .savefile import check_replays, read_save
    from .terminal import PlaySession
    try:
        if load is None and game is None:
            raise PlayError("name the game (cardlang play innovation) or give --load FILE")
        cs = load_cardset(game or "innovation", mode)
        entries = None
        if load is not None:
            saved = read_save(load, cs)
            check_replays(load, saved, cs)
            h = saved.header
            options = Options.from_dict(h["options"])
            seed = h["seed"]
            seats = h.get("seats") or (["human"] + ["greedy"] * (options.players - 1))
            if auto:
                seats = [s if s != "human" else "greedy" for s in seats]
            entries = saved.entries
            out.print(f"loaded {load}: {len(entries)} decisions, seed {seed}, seats "
                      + ", ".join(seats), markup=False, soft_wrap=True)
        else:
            if teams and players != 4:
                raise PlayError("--teams needs --players 4")
            options = Options(players=players, teams=teams)
            if auto:
                seats = parse_bots(bots, players)
            else:
                if not 1 <= seat <= players:
                    raise PlayError(f"--seat must be between 1 and {players}")
                others = parse_bots(bots, players - 1)
                seats = others[:seat - 1] + ["human"] + others[seat - 1:]
        session = PlaySession(cs, options, seed, seats, console=out, entries=entries, verbose=verbose)
        code = session.run()
    except PlayError as e:
        _fail(e)
    raise typer.Exit(code)


def replay(file: Path = typer.Argument(..., help="a save file (from `save FILE` in cardlang play)"),
           step: bool = typer.Option(False, "--step", help="wait for Enter between decisions"),
           mode: str = typer.Option("auto", "--mode", help=MODE_HELP)):
    """Show a saved game decision by decision."""
    from .replay import run_replay
    try:
        cs = load_cardset("innovation", mode)
        code = run_replay(file, cs, out, step=step)
    except PlayError as e:
        _fail(e)
    raise typer.Exit(code)


def _rate_column():
    from rich.progress import ProgressColumn
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task):
            sp = task.finished_speed or task.speed
            return Text(f"{sp:.1f} games/s" if sp else "- games/s", style="cyan")
    return RateColumn()


def simulate(game: str = typer.Argument("innovation", help="the game (innovation)"),
             n: int = typer.Option(100, "-n", "--games", min=0, help="number of games"),
             players: int = typer.Option(2, "--players", "-p", min=2, max=4, help="2 to 4"),
             bots: str = typer.Option("greedy,random", "--bots", help=f"one bot per seat, comma-separated ({', '.join(BOTS)}); the last repeats"),
             seed: int = typer.Option(0, "--seed", help="game i is played with seed SEED+i"),
             teams: bool = typer.Option(False, "--teams", help="team play (4 players)"),
             workers: Optional[int] = typer.Option(None, "--workers", "-w", min=1, help="processes (default: all cores); with --ray, Ray actors (default: the cluster's CPUs)"),
             ray: Optional[str] = typer.Option(None, "--ray", help="run on Ray: 'local' starts a local cluster, else a cluster ADDRESS"),
             out_dir: Path = typer.Option(..., "--out", "-o", help="output folder"),
             resume: bool = typer.Option(False, "--resume", help="continue the games already in OUT/games.jsonl"),
             force: bool = typer.Option(False, "--force", help="overwrite a simulation already in OUT"),
             mode: str = typer.Option("auto", "--mode", help=MODE_HELP),
             no_plots: bool = typer.Option(False, "--no-plots", help="skip the PNG plots"),
             quiet: bool = typer.Option(False, "--quiet", "-q", help="no progress bar, no table"),
             as_json: bool = typer.Option(False, "--json", help="print summary.json instead of the table")):
    """Simulate many bot-vs-bot games: per-game results, per-card statistics and plots in OUT."""
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    from . import simulate as sim
    try:
        if teams and players != 4:
            raise PlayError("--teams needs --players 4")
        cfg = sim.Config(n=n, players=players, bots=parse_bots(bots, players), seed=seed,
                         teams=teams, game=game, mode=mode)
        if not quiet and err.is_terminal:
            err.print("loading the card set...", end="\r")
        load_cardset(game, mode)
        progress = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                            _rate_column(), TextColumn("elapsed"), TimeElapsedColumn(),
                            TextColumn("eta"), TimeRemainingColumn(), console=err,
                            disable=quiet, transient=False)
        task = None

        def on_start(done, total):
            nonlocal task
            if done and not quiet:
                err.print(f"resuming: {done} game(s) already in {out_dir / sim.GAMES_FILE}")
            task = progress.add_task("games", total=total - done)

        def on_record(rec, done, total):
            progress.advance(task)

        with progress:
            try:
                summary = sim.run(cfg, out_dir, workers=workers, ray=ray, resume=resume,
                                  force=force, on_record=on_record, on_start=on_start,
                                  plots=not no_plots)
            except sim.Interrupted as e:
                progress.stop()
                err.print(f"\ninterrupted: {e.done} of {cfg.n} games are kept in "
                          f"{out_dir / sim.GAMES_FILE}. To continue:", markup=False)
                err.print("  " + _resume_command(game, cfg, workers, ray, out_dir, mode), markup=False)
                raise typer.Exit(130)
    except PlayError as e:
        _fail(e)
    if as_json:
        import json
        print(json.dumps({k: v for k, v in summary.items() if not k.startswith("_")}, indent=1))
    elif not quiet:
        print_summary(summary, out_dir)


def _resume_command(game, cfg, workers, ray, out_dir, mode) -> str:
    parts = ["cardlang simulate", game, f"-n {cfg.n}", f"--players {cfg.players}",
             f"--bots {','.join(cfg.bots)}", f"--seed {cfg.seed}"]
    if cfg.teams:
        parts.append("--teams")
    if workers:
        parts.append(f"--workers {workers}")
    if ray:
        parts.append(f"--ray {ray}")
    if mode and mode != "auto":
        parts.append(f"--mode {mode}")
    parts += [f"--out {out_dir}", "--resume"]
    return " ".join(parts)


def print_summary(s: dict, out_dir: Path) -> None:
    from rich.table import Table
    t = Table(title=f"{s['games']} games of {s['game']}, {s['players']} players "
                    f"({', '.join(s['bots'])}), seeds {s['seed']}..{s['seed'] + s['games'] - 1}",
              title_justify="left")
    t.add_column("")
    t.add_column("value")
    reasons = ", ".join(f"{k} {v} ({v / s['games']:.0%})" for k, v in s["reasons"].items()) if s["games"] else "-"
    t.add_row("end reasons", reasons)
    t.add_row("ties", str(s["ties"]))
    t.add_row("win rate by seat", ", ".join(f"p{i + 1} ({b}) {r:.1%}" if r is not None else f"p{i + 1} -"
                                            for i, (b, r) in enumerate(zip(s["bots"], s["win_rate_by_seat"]))))
    ln = s["length"]
    if ln["actions_mean"] is not None:
        t.add_row("length (actions)", f"mean {ln['actions_mean']}, median {ln['actions_median']}, "
                                      f"min {ln['actions_min']}, max {ln['actions_max']}")
        t.add_row("decisions per game", f"mean {ln['decisions_mean']}")
    if s.get("games_per_s"):
        t.add_row("speed", f"{s['games_per_s']} games/s ({s['games_this_run']} games, "
                           f"{s['elapsed_s']} s in all; {s['backend']}, "
                           f"{s.get('workers') or 'all'} workers, {s['mode']})")
    rows = [r for r in s.get("_rows", []) if r["lift"] is not None
            and r["melded_by"] >= s.get("lift_min_melded_by", 1)]
    rows.sort(key=lambda r: r["lift"])
    if rows:
        fmt = lambda rs: ", ".join(f"{r['card']} {r['lift']:.2f}" for r in rs)
        t.add_row("highest lift", fmt(rows[::-1][:5]))
        t.add_row("lowest lift", fmt(rows[:5]))
    out.print(t)
    out.print(f"results: {out_dir}/games.jsonl, {out_dir}/cards.csv, {out_dir}/summary.json",
              markup=False, soft_wrap=True)
    if s.get("plots"):
        out.print("plots:   " + ", ".join(f"{out_dir}/{p}" for p in s["plots"]), markup=False,
                  soft_wrap=True)
