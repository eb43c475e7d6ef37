"""`cardlang simulate`: many bot-vs-bot games, on all local cores or on Ray, into a folder.

Game i of a run plays with seed S+i and bots seeded from it, on the fast path of the contract
(`state.play_out(bots)`), so a run's results do not depend on how it is spread (1 worker, K
workers, Ray) and are written in game order. The folder:

    run.json      what was simulated and by what: game, options, bots and their versions,
                  seed, the engine's version, the card set's hashes, the mode (checked on --resume)
    games.jsonl   one record per game, in game order (stats.py), appended as games finish
    cards.csv     per-card statistics          summary.json   totals, rates, speed
    end_reasons.png, game_length.png, card_lift.png

An interrupted run (Ctrl-C) keeps every game already written; `--resume` plays the missing ones,
and refuses a folder made by another engine, card set, mode or bot version. A folder is never
written into without --force when it holds a simulation or other files, and a games.jsonl or
run.json that is not what this program wrote is refused with its first bad line and why.
"""
from __future__ import annotations

import csv
import io
import json
import multiprocessing as mp
import os
import signal
import time
from dataclasses import dataclass, field

from .bots import BOTS, bot_seed, bot_version, is_bot, make_bot
from .files import WriteRefused, atomic_write
from .states import PlayError, find_game, new_state
from .stats import Aggregate, check_record, error_record

RUN_FILE, GAMES_FILE, CARDS_FILE, SUMMARY_FILE = "run.json", "games.jsonl", "cards.csv", "summary.json"
OUR_FILES = (RUN_FILE, GAMES_FILE, CARDS_FILE, SUMMARY_FILE,
             "end_reasons.png", "game_length.png", "card_lift.png")
RUN_VERSION = 2
MAX_STEPS = 5000  # a game still running after this many steps is recorded "unfinished"


@dataclass
class Config:
    n: int
    bots: list = field(default_factory=lambda: ["greedy", "random"])
    seed: int = 0
    game: str = "innovation"
    options: dict = field(default_factory=dict)   # the game's options (players, teams...)
    mode: str = "auto"


class SimulationError(PlayError):
    pass


class Interrupted(Exception):
    def __init__(self, done: int):
        self.done = done


# ------------------------------------------------------------------------------ one game
_WORKER: dict = {}


def _init_worker(cfg: Config, ignore_sigint: bool = True) -> None:
    if ignore_sigint:
        signal.signal(signal.SIGINT, signal.SIG_IGN)   # the parent handles Ctrl-C
    game = find_game(cfg.game)
    _WORKER.update(cfg=cfg, game=game, view=game.view(),
                   probe=new_state(game, cfg.options, 0, cfg.mode))  # (its random_agent)


def play_one(i: int) -> dict:
    """Game i of the configured run (a pure function of the config and i)."""
    cfg, game, view = _WORKER["cfg"], _WORKER["game"], _WORKER["view"]
    seed = cfg.seed + i
    try:
        state = game.new_state(cfg.options, seed, cfg.mode, record_events=True)
        bots = [make_bot(b, bot_seed(seed, q), _WORKER["probe"]) for q, b in enumerate(cfg.bots)]
        end = state.play_out(bots, max_steps=MAX_STEPS)
        return {"game": i, "seed": seed, **view.record(end)}
    except Exception as e:  # an engine error in one game is a result, not the end of the run
        return error_record(i, seed, e, view.length)


# ------------------------------------------------------------------------------ back ends
def _local(cfg: Config, indices: list, workers: int):
    """Yield records in game order on `workers` local processes (1: this process)."""
    if workers <= 1 or len(indices) <= 1:
        _init_worker(cfg, ignore_sigint=False)
        for i in indices:
            yield play_one(i)
        return
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    methods = mp.get_all_start_methods()
    ctx = mp.get_context("fork" if "fork" in methods else "spawn")
    if ctx.get_start_method() == "fork":
        _init_worker(cfg, ignore_sigint=False)    # children inherit the loaded card set
    pool = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_init_worker, initargs=(cfg,))
    try:
        todo = iter(indices)
        inflight: deque = deque()
        for i in todo:                     # a bounded window, results taken in game order
            inflight.append((i, pool.submit(play_one, i)))
            if len(inflight) >= 4 * workers:
                break
        while inflight:
            i, fut = inflight.popleft()
            try:
                rec = fut.result()
            except BrokenProcessPool:
                raise SimulationError(
                    f"a worker process died during game {i} (seed {cfg.seed + i}) or a game in "
                    f"flight with it; games 0..{i - 1} are kept. --workers 1 shows the error; "
                    "--resume continues")
            yield rec
            nxt = next(todo, None)
            if nxt is not None:
                inflight.append((nxt, pool.submit(play_one, nxt)))
    finally:
        procs = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for p in procs:  # do not wait for the games in flight
            if p.is_alive():
                p.terminate()
        for p in procs:
            p.join(5)


class _RayPlayer:
    def __init__(self, cfg):
        _init_worker(cfg, ignore_sigint=False)

    def play(self, i):
        return play_one(i)

    def ready(self):
        return True


def _ray(cfg: Config, indices: list, workers: int, address: str, on_ready=None):
    try:
        import ray
    except ImportError:
        raise SimulationError("Ray is not installed: pip install 'cardlang[ray]' (or drop --ray)")
    started = False
    if not ray.is_initialized():
        try:
            if address == "local":
                ray.init(num_cpus=workers or None, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except Exception as e:  # (Ray's own errors: no cluster at that address...)
            raise SimulationError(f"cannot join the Ray cluster at {address}: {e}") from None
        started = True
    try:
        n_act = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        n_act = max(1, min(n_act, len(indices)))
        Player = ray.remote(num_cpus=1)(_RayPlayer)
        actors = [Player.remote(cfg) for _ in range(n_act)]
        ray.get([a.ready.remote() for a in actors])   # cluster up, card sets loaded
        if on_ready is not None:
            on_ready()
        todo = list(indices)
        pending: dict = {}
        buf: dict = {}
        nxt = 0

        def submit(actor):
            if todo:
                i = todo.pop(0)
                pending[actor.play.remote(i)] = (i, actor)

        for a in actors:
            submit(a)
            submit(a)
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                i, actor = pending.pop(ref)
                buf[i] = ray.get(ref)
                submit(actor)
            while nxt < len(indices) and indices[nxt] in buf:
                yield buf.pop(indices[nxt])
                nxt += 1
    finally:
        if started:
            ray.shutdown()


# ------------------------------------------------------------------------------ the folder
def run_header(cfg: Config, game, probe) -> dict:
    """What must match for --resume (n may grow)."""
    fp = game.view().fingerprint(probe)
    header = {"version": RUN_VERSION, "game": cfg.game, "options": game.options(cfg.options),
              "bots": list(cfg.bots), "bot_versions": [bot_version(b) for b in cfg.bots],
              "seed": cfg.seed, "engine": fp["engine"], "cards": fp["cards"],
              "card_set": fp["card_set"], "mode": fp["mode"]}
    return json.loads(json.dumps(header))  # (tuples as lists: as it reads back)


def _read_json(path, what: str) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise SimulationError(f"{path}: cannot read {what}: {e}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        line = getattr(e, "lineno", 1)
        raise SimulationError(f"{path}:{line}: not valid JSON ({getattr(e, 'msg', e)}); "
                              f"{what} is damaged")
    if not isinstance(data, dict):
        raise SimulationError(f"{path}:1: {what} must be a JSON object")
    return data


def read_games(path, cfg: Config, view) -> list:
    """Every record of games.jsonl, checked; the first bad line is refused with why."""
    try:
        with open(path, encoding="utf-8", newline="") as f:
            data = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise SimulationError(f"{path}: cannot read: {e}")
    lines = data.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    elif lines:
        ln = len(lines)
        raise SimulationError(
            f"{path}:{ln}: the last line is incomplete (no end of line): the file was cut short. "
            f"Delete line {ln} to resume from game {ln - 1}, or --force to start over")
    recs = []
    for ln, line in enumerate(lines, 1):
        i = ln - 1
        try:
            rec = json.loads(line)
        except (ValueError, RecursionError) as e:
            why = f"not valid JSON ({getattr(e, 'msg', e)})"
        else:
            why = check_record(rec, i, cfg.seed + i, len(cfg.bots), view)
        if why:
            raise SimulationError(
                f"{path}:{ln}: {why}. Fix or delete line {ln} and the lines after it to resume "
                f"from game {i}, or --force to start over")
        recs.append(rec)
    return recs


def prepare(out: str, cfg: Config, header: dict, view, resume: bool, force: bool) -> list:
    """Make the folder ready; return the records already there (resume) or []."""
    if os.path.exists(out) and not os.path.isdir(out):
        raise SimulationError(f"{out} exists and is not a folder")
    os.makedirs(out, exist_ok=True)
    present = sorted(os.listdir(out))
    ours = [f for f in OUR_FILES if f in present]
    others = [f for f in present if f not in OUR_FILES and not f.startswith(".")]
    run_path = os.path.join(out, RUN_FILE)
    games = os.path.join(out, GAMES_FILE)
    if resume and not force and os.path.exists(run_path):
        run = _read_json(run_path, RUN_FILE)
        if run.get("version") != RUN_VERSION:
            raise SimulationError(f"cannot resume {out}: {RUN_FILE} was written by another "
                                  f"version of cardlang (run.json version {run.get('version')!r}, "
                                  f"now {RUN_VERSION}); its games may differ. --force starts over")
        old = {k: run.get(k) for k in header}
        if old != header:
            diff = "; ".join(f"{k}: {old[k]!r} in {RUN_FILE}, {header[k]!r} now"
                             for k in header if old[k] != header[k])
            raise SimulationError(f"cannot resume {out}: it was run with other settings or "
                                  f"another engine ({diff}); --force starts over")
        recs = read_games(games, cfg, view) if os.path.exists(games) else []
        if not os.path.exists(games):
            open(games, "w").close()
        return recs
    if resume and not force and ours:
        raise SimulationError(f"{out} has no {RUN_FILE}: not a simulation folder to resume "
                              f"(--force to start over)")
    if not force and ours:
        raise SimulationError(f"{out} already holds a simulation ({', '.join(ours)}): nothing is "
                              "overwritten; --resume continues it, --force starts over")
    if not force and others:
        shown = ", ".join(others[:5]) + (f" and {len(others) - 5} more" if len(others) > 5 else "")
        raise SimulationError(f"{out} is not empty ({shown}): simulate writes into a new or empty "
                              "folder; --force writes its files beside these")
    for f in ours:
        os.remove(os.path.join(out, f))
    atomic_write(run_path, json.dumps(dict(header, n=cfg.n), indent=1) + "\n")
    open(games, "w").close()
    return []


def write_outputs(out: str, cfg: Config, view, catalogue: list, recs: list, extra: dict,
                  plots: bool = True) -> dict:
    """cards.csv, summary.json and the plots from every record; returns the summary."""
    agg = Aggregate(cfg.bots, view, catalogue)
    for r in recs:
        agg.add(r)
    rows = agg.card_rows()
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=agg.columns(), lineterminator="\n", extrasaction="ignore")
    w.writeheader()
    for r in rows:
        w.writerow({k: ("" if v is None else v) for k, v in r.items()})
    atomic_write(os.path.join(out, CARDS_FILE), buf.getvalue())
    summary = {"game": cfg.game, "options": cfg.options, "players": len(cfg.bots),
               "bots": cfg.bots, "seed": cfg.seed, **agg.summary(), **extra}
    min_played = max(5, agg.finished * len(cfg.bots) // 100)
    summary["plots"] = []
    if plots and recs:
        from .plots import write_plots
        summary["plots"] = [os.path.basename(p) for p in
                            write_plots(out, summary, agg.lengths, rows, view, min_played)]
    summary["lift_min_played"] = min_played
    summary["lift_group"] = view.lift_group
    summary["lift"] = (f"observed / expected wins, compared within {view.lift_group} and bot "
                       f"(see cards.csv: lift; raw_lift is win_rate / base_win_rate)")
    atomic_write(os.path.join(out, SUMMARY_FILE), json.dumps(summary, indent=1) + "\n")
    summary["_rows"] = rows
    return summary


# ------------------------------------------------------------------------------ the run
def run(cfg: Config, out_dir, workers: int | None = None, ray: str | None = None,
        resume: bool = False, force: bool = False, on_record=None, plots: bool = True,
        on_start=None) -> dict:
    """Simulate cfg.n games into out_dir. `on_record(rec, done, total)` is called after each
    game is written (the progress bar; a test may raise KeyboardInterrupt there). Raises
    Interrupted(done) after Ctrl-C, with every finished game kept and the outputs written."""
    out = os.fspath(out_dir)
    try:
        return _run(cfg, out, workers, ray, resume, force, on_record, plots, on_start)
    except (OSError, WriteRefused) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        where = getattr(e, "filename", None) or out
        raise SimulationError(f"cannot write the simulation into {out}: {why} ({where})") from None


def _run(cfg, out, workers, ray, resume, force, on_record, plots, on_start) -> dict:
    if cfg.n < 0:
        raise SimulationError("-n must be 0 or more")
    for b in cfg.bots:
        if not is_bot(b):
            raise SimulationError(f"unknown bot '{b}' (known: {', '.join(BOTS)}; mcts:N)")
    game = find_game(cfg.game)
    view = game.view()
    probe = new_state(game, cfg.options, cfg.seed, cfg.mode)
    seats = len(probe.returns())
    if len(cfg.bots) != seats:
        raise SimulationError(f"{len(cfg.bots)} bots for {seats} players")
    header = run_header(cfg, game, probe)
    cfg.mode = header["mode"]  # what auto became: every worker plays the same
    recs = prepare(out, cfg, header, view, resume, force)
    done0 = len(recs)
    total = max(cfg.n, done0)
    cfg.n = total
    indices = list(range(done0, total))
    workers = workers or (0 if ray else (os.cpu_count() or 1))
    backend = f"ray ({ray})" if ray else ("local" if workers > 1 else "in-process")
    if on_start is not None:
        on_start(done0, total)
    t0 = time.perf_counter()
    started = [t0]

    def on_ready():  # games/s counts from when the workers are up (a Ray cluster takes a while)
        started[0] = time.perf_counter()
    interrupted, failed, new = False, None, 0
    with open(os.path.join(out, GAMES_FILE), "a", encoding="utf-8", newline="") as f:
        gen = _ray(cfg, indices, workers, ray, on_ready) if ray else _local(cfg, indices, workers)
        try:
            for rec in gen:
                f.write(json.dumps(rec, separators=(",", ":")) + "\n")
                f.flush()
                recs.append(rec)
                new += 1
                if on_record is not None:
                    on_record(rec, len(recs), total)
        except KeyboardInterrupt:
            interrupted = True
        except SimulationError as e:
            failed = e
        finally:
            gen.close()
    now = time.perf_counter()
    elapsed, playing = now - t0, now - started[0]
    extra = {"complete": len(recs) >= total, "workers": workers or None, "backend": backend,
             "mode": cfg.mode, "elapsed_s": round(elapsed, 2), "games_this_run": new,
             "games_per_s": round(new / playing, 2) if playing > 0 and new else None}
    summary = write_outputs(out, cfg, view, view.catalogue(probe), recs, extra, plots=plots)
    if failed is not None:
        raise failed
    if interrupted:
        raise Interrupted(len(recs))
    return summary
