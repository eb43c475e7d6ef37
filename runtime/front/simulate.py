"""`cardlang simulate`: many bot-vs-bot games, on all local cores or on Ray, into a folder.

Game i of a run plays with seed S+i and bots seeded from it, so a run's results do not depend
on how it is spread (1 worker, K workers, Ray) and are written in game order. The folder:

    run.json      what was simulated (game, players, bots, seed, teams, card set): checked on --resume
    games.jsonl   one record per game, in game order (see stats.py), appended as games finish
    cards.csv     per-card statistics          summary.json   totals, rates, speed
    end_reasons.png, game_length.png, card_lift.png

An interrupted run (Ctrl-C) keeps every game already written; `--resume` plays the missing ones.
A folder that already holds a run is never overwritten without --force, and a games.jsonl or
run.json that is not what this program wrote (truncated, corrupted, edited) is refused with
its first bad line and why.
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

from .cards import PlayError, bot_seed, card_fingerprint, load_cardset, make_bot, mode_name
from .stats import CSV_COLUMNS, Aggregate, check_record, error_record, game_record

RUN_FILE, GAMES_FILE, CARDS_FILE, SUMMARY_FILE = "run.json", "games.jsonl", "cards.csv", "summary.json"
MAX_ACTIONS = 5000


@dataclass
class Config:
    n: int
    players: int = 2
    bots: list = field(default_factory=lambda: ["greedy", "random"])
    seed: int = 0
    teams: bool = False
    game: str = "innovation"
    mode: str | None = None

    def run_header(self, cs) -> dict:
        """What must match for --resume (n may grow; the mode does not change results)."""
        return {"version": 1, "game": self.game, "players": self.players, "bots": list(self.bots),
                "seed": self.seed, "teams": self.teams, "cards": card_fingerprint(cs)}


class SimulationError(PlayError):
    pass


class Interrupted(Exception):
    def __init__(self, done: int):
        self.done = done


# ------------------------------------------------------------------------------ one game
_STATE: dict = {}


def _init_worker(cfg: Config, ignore_sigint: bool = True) -> None:
    if ignore_sigint:
        signal.signal(signal.SIGINT, signal.SIG_IGN)   # the parent handles Ctrl-C
    _STATE["cfg"] = cfg
    _STATE["cs"] = load_cardset(cfg.game, cfg.mode)


def play_one(i: int) -> dict:
    """Game i of the configured run (a pure function of the config and i)."""
    from runtime.games.innovation import InnovationGame, Options
    cfg, cs = _STATE["cfg"], _STATE["cs"]
    rt = cs.runtime   # a compiled card set plays on the compiled runtime
    if rt is not None:
        InnovationGame, Options = rt.InnovationGame, rt.Options
    seed = cfg.seed + i
    try:
        agents = [make_bot(b, bot_seed(seed, q), rt) for q, b in enumerate(cfg.bots)]
        g = InnovationGame(cs.table, cs.effects, cs.specials,
                           Options(players=cfg.players, teams=cfg.teams), seed=seed, agents=agents)
        g.transactional = False   # bots answer legally: no snapshots needed
        g.play(max_actions=MAX_ACTIONS)
        return game_record(g, i, seed)
    except Exception as e:  # an engine error in one game is a result, not the end of the run
        return error_record(i, seed, e)


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
        if address == "local":
            ray.init(num_cpus=workers or None, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
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
def _read_json(path, what: str) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise SimulationError(f"{path}: cannot read {what}: {e}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SimulationError(f"{path}:{e.lineno}: not valid JSON ({e.msg}); {what} is damaged")
    if not isinstance(data, dict):
        raise SimulationError(f"{path}:1: {what} must be a JSON object")
    return data


def read_games(path, cfg: Config) -> list:
    """Every record of games.jsonl, checked; the first bad line is refused with why."""
    recs = []
    try:
        f = open(path, encoding="utf-8", newline="")
    except OSError as e:
        raise SimulationError(f"{path}: cannot read: {e}")
    with f:
        data = f.read()
    lines = data.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    elif lines:
        ln = len(lines)
        raise SimulationError(
            f"{path}:{ln}: the last line is incomplete (no end of line): the file was cut short. "
            f"Delete line {ln} to resume from game {ln - 1}, or --force to start over")
    for ln, line in enumerate(lines, 1):
        i = ln - 1
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            why = f"not valid JSON ({e.msg} at column {e.colno})"
        else:
            why = check_record(rec, i, cfg.seed + i, cfg.players)
        if why:
            raise SimulationError(
                f"{path}:{ln}: {why}. Fix or delete line {ln} and the lines after it to resume "
                f"from game {i}, or --force to start over")
        recs.append(rec)
    return recs


OUR_FILES = ("run.json", "games.jsonl", "cards.csv", "summary.json",
             "end_reasons.png", "game_length.png", "card_lift.png")


def prepare(out_dir, cfg: Config, cs, resume: bool, force: bool) -> list:
    """Make the folder ready; return the records already there (resume) or []."""
    out = os.fspath(out_dir)
    if os.path.exists(out) and not os.path.isdir(out):
        raise SimulationError(f"{out} exists and is not a folder")
    os.makedirs(out, exist_ok=True)
    ours = [f for f in OUR_FILES if os.path.exists(os.path.join(out, f))]
    header = cfg.run_header(cs)
    if resume and not force:
        run_path = os.path.join(out, RUN_FILE)
        if not os.path.exists(run_path):
            if ours:
                raise SimulationError(f"{out} has no {RUN_FILE}: not a simulation folder to resume "
                                      f"(--force to start over)")
            _write_run(out, cfg, header)
            open(os.path.join(out, GAMES_FILE), "w").close()
            return []
        run = _read_json(run_path, RUN_FILE)
        old = {k: run.get(k) for k in header}
        if old != header:
            diff = ", ".join(f"{k}: {old[k]!r} in {RUN_FILE}, {header[k]!r} now"
                             for k in header if old[k] != header[k])
            raise SimulationError(f"cannot resume {out}: it was run with other settings ({diff})")
        games = os.path.join(out, GAMES_FILE)
        recs = read_games(games, cfg) if os.path.exists(games) else []
        if not os.path.exists(games):
            open(games, "w").close()
        return recs
    if ours and not force:
        raise SimulationError(f"{out} already holds a simulation ({', '.join(ours)}): nothing is "
                              "overwritten; --resume continues it, --force starts over")
    for f in ours:
        os.remove(os.path.join(out, f))
    _write_run(out, cfg, header)
    open(os.path.join(out, GAMES_FILE), "w").close()
    return []


def _write_run(out, cfg, header):
    data = dict(header, n=cfg.n)
    _atomic_write(os.path.join(out, RUN_FILE), json.dumps(data, indent=1) + "\n")


def _atomic_write(path, text: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    os.replace(tmp, path)


def write_outputs(out_dir, cfg: Config, cs, recs: list, extra: dict, plots: bool = True) -> dict:
    """cards.csv, summary.json and the plots from every record; returns the summary."""
    out = os.fspath(out_dir)
    agg = Aggregate(cfg.players, cfg.bots, cs.table)
    for r in recs:
        agg.add(r)
    rows = agg.card_rows()
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: ("" if v is None else v) for k, v in r.items()})
    _atomic_write(os.path.join(out, CARDS_FILE), buf.getvalue())
    summary = {"game": cfg.game, "players": cfg.players, "teams": cfg.teams, "bots": cfg.bots,
               "seed": cfg.seed, **agg.summary(), **extra}
    min_by = max(5, agg.finished * cfg.players // 100)
    summary["plots"] = []
    if plots and recs:
        from .plots import write_plots
        summary["plots"] = [os.path.basename(p) for p in
                            write_plots(out, summary, agg.actions, rows, min_by)]
    summary["lift_min_melded_by"] = min_by
    _atomic_write(os.path.join(out, SUMMARY_FILE), json.dumps(summary, indent=1) + "\n")
    summary["_rows"] = rows
    return summary


# ------------------------------------------------------------------------------ the run
def run(cfg: Config, out_dir, workers: int | None = None, ray: str | None = None,
        resume: bool = False, force: bool = False, on_record=None, plots: bool = True,
        on_start=None) -> dict:
    """Simulate cfg.n games into out_dir. `on_record(rec, done, total)` is called after each
    game is written (the progress bar; a test may raise KeyboardInterrupt there). Raises
    Interrupted(done) after Ctrl-C, with every finished game kept and the outputs written."""
    if cfg.n < 0:
        raise SimulationError("-n must be 0 or more")
    cs = load_cardset(cfg.game, cfg.mode)
    if len(cfg.bots) != cfg.players:
        raise SimulationError(f"{len(cfg.bots)} bots for {cfg.players} players")
    recs = prepare(out_dir, cfg, cs, resume, force)
    done0 = len(recs)
    total = max(cfg.n, done0)
    if total != cfg.n:
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
    path = os.path.join(os.fspath(out_dir), GAMES_FILE)
    interrupted = False
    failed = None
    new = 0
    with open(path, "a", encoding="utf-8", newline="") as f:
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
             "mode": mode_name(cs, cfg.mode), "elapsed_s": round(elapsed, 2),
             "games_this_run": new,
             "games_per_s": round(new / playing, 2) if playing > 0 and new else None}
    summary = write_outputs(out_dir, cfg, cs, recs, extra, plots=plots)
    if failed is not None:
        raise failed
    if interrupted:
        raise Interrupted(len(recs))
    return summary
