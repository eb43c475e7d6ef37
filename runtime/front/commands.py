"""The Typer commands `play`, `replay` and `simulate`, registered by runtime/front/cli.py.

They find the game by name (any registered game), check its options, and hand over to the
terminal, the replay or the simulation; every user error is one line `error: ...` and exit 1.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer

from .bots import BOTS, bot_seed, parse_bots
from .states import PlayError, find_game
from .terminal import console

out = console()
err = console(stderr=True)

MODE_HELP = "card effects: interpreted, or compiled (built when needed); auto: compiled when " \
            "it can be built, else interpreted"
SETS_HELP = "the card sets in play, comma-separated, e.g. --sets base,echoes (the same as --option sets=...)"
OPTION_HELP = "a game option NAME=VALUE (repeatable; `cardlang games` lists them), e.g. --option edition=1"


def _fail(e: Exception) -> None:
    err.print(f"error: {e}")
    raise typer.Exit(1)


def with_sets(option: List[str], sets: Optional[str]) -> List[str]:
    """The --option list with --sets as `sets=...`."""
    return list(option or []) + ([f"sets={sets}"] if sets else [])


def refuse_other_options(saved, given: List[str]) -> None:
    """A save is continued with the options it was started with: options given with --load
    that differ from the save's (a base game loaded with other sets) are refused, with the
    reason."""
    from runtime.core import registry
    g = registry.get(saved.header.get("game", ""))
    raw = dict(saved.header.get("options") or {})
    if "expansions" in raw and "sets" not in raw:  # (Innovation's saves name the sets so)
        raw["sets"] = raw.pop("expansions")
    had = g.options(raw)
    want = game_options(g, None, False, given)
    for name, value in want.items():
        was = had.get(name)
        same = (list(value) == list(was)) if isinstance(value, (list, tuple)) else value == was
        if not same:
            show = (lambda v: ",".join(v) if isinstance(v, (list, tuple)) else v)
            raise PlayError(f"the save was played with {name} {show(was)}; it cannot be loaded "
                            f"with {name} {show(value)} (a game's options are fixed when it starts)")


def game_options(game, players: Optional[int], teams: bool, given: List[str]) -> dict:
    """The game's options from the command line: --players, --teams and -o NAME=VALUE, each
    value read as the option's type (a list: comma-separated)."""
    specs = {s.name: s for s in game.option_specs}
    opts: dict = {}
    if players is not None:
        opts["players"] = players
    if teams:
        opts["teams"] = True
    for item in given or []:
        name, eq, text = item.partition("=")
        name = name.strip()
        if not eq or not name:
            raise PlayError(f"--option takes NAME=VALUE, not {item!r}")
        spec = specs.get(name)
        default = spec.default if spec is not None else ""
        if isinstance(default, bool):
            value = {"true": True, "yes": True, "1": True, "false": False, "no": False,
                     "0": False}.get(text.strip().lower(), text)
        elif isinstance(default, int):
            value = int(text) if text.strip().lstrip("-").isdigit() and len(text) < 20 else text
        elif isinstance(default, tuple):
            value = [x.strip() for x in text.split(",") if x.strip()]
        else:
            value = text
        opts[name] = value
    from runtime.core.errors import BadOptions
    try:
        game.options(opts)
    except BadOptions as e:
        raise PlayError(str(e)) from None
    return opts


def play(game: Optional[str] = typer.Argument(None, help="the game (cardlang games lists them); not needed with --load"),
         players: Optional[int] = typer.Option(None, "--players", "-p", help="number of players (the game's default: 2)"),
         teams: bool = typer.Option(False, "--teams", help="team play (Innovation: 4 players, seats 1+3 and 2+4)"),
         option: List[str] = typer.Option([], "--option", help=OPTION_HELP),
         sets: Optional[str] = typer.Option(None, "--sets", help=SETS_HELP),
         seat: int = typer.Option(1, "--seat", help="your seat, 1..players"),
         bots: str = typer.Option("greedy", "--bots", help=f"bots for the other seats, comma-separated ({', '.join(BOTS)}; mcts:N for N play-outs per decision); the last repeats"),
         seed: int = typer.Option(0, "--seed", help="the game's seed (setup and shuffles)"),
         auto: bool = typer.Option(False, "--auto", help="no person: bots in every seat (--bots lists them all)"),
         verbose: bool = typer.Option(False, "--verbose", "-v", help="with --auto: every event, not one line per action"),
         load: Optional[Path] = typer.Option(None, "--load", help="continue a saved game"),
         mode: str = typer.Option("auto", "--mode", help=MODE_HELP)):
    """Play a game in the terminal against bots (or watch bots play with --auto)."""
    from . import savefile
    from .states import new_state
    from .terminal import PlaySession
    try:
        position = 0
        if load is not None:
            saved = savefile.read_save(load)
            if sets or option:
                refuse_other_options(saved, with_sets(option, sets))
            g, state = savefile.start(saved, mode, record_events=True)
            state = savefile.replay(saved, state)
            n = len(state.returns())
            seats = saved.header.get("seats") or (["human"] + ["greedy"] * (n - 1))
            if auto:
                seats = [s if s != "human" else "greedy" for s in seats]
            seed = saved.header["seed"]
            seeds = saved.header.get("bot_seeds") or [bot_seed(seed, i) for i in range(n)]
            position = len(saved.entries)
            out.print(f"loaded {load}: {position} decisions, seed {seed}, seats {', '.join(seats)}")
        else:
            if game is None:
                raise PlayError("name the game (cardlang play innovation) or give --load FILE")
            g = find_game(game)
            state = new_state(g, game_options(g, players, teams, with_sets(option, sets)), seed,
                              mode, record_events=True)
            n = len(state.returns())
            if auto:
                seats = parse_bots(bots, n)
            else:
                if not 1 <= seat <= n:
                    raise PlayError(f"--seat must be between 1 and {n}")
                others = parse_bots(bots, n - 1)
                seats = others[:seat - 1] + ["human"] + others[seat - 1:]
            seeds = [bot_seed(seed, i) for i in range(n)]
        session = PlaySession(g, state, seats, seeds, out=out, verbose=verbose,
                              position=position)
        code = session.run()
    except PlayError as e:
        _fail(e)
    raise typer.Exit(code)


def replay(file: Path = typer.Argument(..., help="a save file (from `save FILE` in cardlang play)"),
           step: bool = typer.Option(False, "--step", help="wait for Enter between decisions"),
           mode: str = typer.Option("auto", "--mode", help=MODE_HELP)):
    """Show a saved game decision by decision, with what happened between the decisions."""
    from .replay import run_replay
    try:
        code = run_replay(file, mode, out, step=step)
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


def simulate(game: str = typer.Argument("innovation", help="the game (cardlang games lists them)"),
             n: int = typer.Option(100, "-n", "--games", min=0, help="number of games"),
             players: Optional[int] = typer.Option(None, "--players", "-p", help="number of players (the game's default: 2)"),
             bots: str = typer.Option("greedy,random", "--bots", help=f"one bot per seat, comma-separated ({', '.join(BOTS)}; mcts:N for N play-outs per decision); the last repeats"),
             seed: int = typer.Option(0, "--seed", help="game i is played with seed SEED+i"),
             teams: bool = typer.Option(False, "--teams", help="team play (Innovation: 4 players)"),
             option: List[str] = typer.Option([], "--option", help=OPTION_HELP),
             sets: Optional[str] = typer.Option(None, "--sets", help=SETS_HELP),
             workers: Optional[int] = typer.Option(None, "--workers", "-w", min=1, help="processes (default: all cores); with --ray, Ray actors (default: the cluster's CPUs)"),
             ray: Optional[str] = typer.Option(None, "--ray", help="run on Ray: 'local' starts a local cluster, else a cluster ADDRESS (host:port)"),
             out_dir: Path = typer.Option(..., "--out", "-o", help="output folder"),
             resume: bool = typer.Option(False, "--resume", help="continue the games already in OUT/games.jsonl"),
             force: bool = typer.Option(False, "--force", help="write into OUT even if it holds a simulation (replaced) or other files (kept)"),
             mode: str = typer.Option("auto", "--mode", help=MODE_HELP),
             no_plots: bool = typer.Option(False, "--no-plots", help="skip the PNG plots"),
             quiet: bool = typer.Option(False, "--quiet", "-q", help="no progress bar, no table"),
             as_json: bool = typer.Option(False, "--json", help="print summary.json instead of the table")):
    """Simulate many bot-vs-bot games: per-game results, per-card statistics and plots in OUT."""
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    from . import simulate as sim
    from .states import check_mode, check_seed
    try:
        g = find_game(game)
        opts = game_options(g, players, teams, with_sets(option, sets))
        check_mode(mode)
        check_seed(seed)
        seats = g.options(opts).get("players", len(bots.split(",")))
        cfg = sim.Config(n=n, bots=parse_bots(bots, seats), seed=seed, game=game, options=opts,
                         mode=mode)
        if not quiet and err.is_terminal:
            err.print("loading the card set...", end="\r")
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
                          f"{out_dir / sim.GAMES_FILE}. To continue:")
                err.print("  " + _resume_command(game, cfg, workers, ray, out_dir, mode))
                raise typer.Exit(130)
    except PlayError as e:
        _fail(e)
    if as_json:
        print(json.dumps({k: v for k, v in summary.items() if not k.startswith("_")}, indent=1))
    elif not quiet:
        print_summary(summary, out_dir)


def _resume_command(game, cfg, workers, ray, out_dir, mode) -> str:
    parts = ["cardlang simulate", game, f"-n {cfg.n}", f"--bots {','.join(cfg.bots)}",
             f"--seed {cfg.seed}"]
    for k, v in cfg.options.items():
        if k == "players":
            parts.append(f"--players {v}")
        elif k == "teams":
            parts.append("--teams" if v else "")
        else:
            parts.append(f"--option {k}={','.join(map(str, v)) if isinstance(v, (list, tuple)) else v}")
    if workers:
        parts.append(f"--workers {workers}")
    if ray:
        parts.append(f"--ray {ray}")
    if mode and mode != "auto":
        parts.append(f"--mode {mode}")
    parts += [f"--out {out_dir}", "--resume"]
    return " ".join(p for p in parts if p)


def print_summary(s: dict, out_dir: Path) -> None:
    from rich.table import Table
    from rich.text import Text
    t = Table(title=Text(f"{s['games']} games of {s['game']}, {s['players']} players "
                         f"({', '.join(s['bots'])}), seeds {s['seed']}..{s['seed'] + s['games'] - 1}"),
              title_justify="left")
    t.add_column("")
    t.add_column("value")

    def row(k, v):
        t.add_row(Text(k), Text(v))
    reasons = ", ".join(f"{k} {v} ({v / s['games']:.0%})" for k, v in s["reasons"].items()) \
        if s["games"] else "-"
    row("end reasons", reasons)
    row("ties", str(s["ties"]))
    row("win rate by seat", ", ".join(f"p{i + 1} ({b}) {r:.1%}" if r is not None else f"p{i + 1} -"
                                      for i, (b, r) in enumerate(zip(s["bots"], s["win_rate_by_seat"]))))
    ln = s["length"]
    key = next((k[:-5] for k in ln if k.endswith("_mean") and k != "decisions_mean"), "actions")
    if ln.get(f"{key}_mean") is not None:
        row(f"length ({key})", f"mean {ln[key + '_mean']}, median {ln[key + '_median']}, "
                               f"min {ln[key + '_min']}, max {ln[key + '_max']}")
        row("decisions per game", f"mean {ln['decisions_mean']}")
    if s.get("games_per_s"):
        row("speed", f"{s['games_per_s']} games/s ({s['games_this_run']} games, "
                     f"{s['elapsed_s']} s in all; {s['backend']}, "
                     f"{s.get('workers') or 'all'} workers, {s['mode']})")
    played = next((k for k in (s.get("_rows") or [{}])[0] if k.endswith("_by")), None)
    rows = [r for r in s.get("_rows", []) if r.get("lift") is not None and played
            and r[played] >= s.get("lift_min_played", 1)]
    rows.sort(key=lambda r: r["lift"])
    if rows:
        fmt = lambda rs: ", ".join(f"{r['card']} {r['lift']:.2f}" for r in rs)  # noqa: E731
        row("highest lift", fmt(rows[::-1][:5]) + f"  (within {s.get('lift_group')} and bot)")
        row("lowest lift", fmt(rows[:5]))
    out.print(t)
    out.print(f"results: {out_dir}/games.jsonl, {out_dir}/cards.csv, {out_dir}/summary.json")
    if s.get("plots"):
        out.print("plots:   " + ", ".join(f"{out_dir}/{p}" for p in s["plots"]))
