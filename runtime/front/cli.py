"""`cardlang`: one entry point (Typer + Rich). Exit codes: 0 success, 1 errors or failures,
2 bad usage. No command prints a Python traceback for bad input."""
from __future__ import annotations

import contextlib
import json
import sys
import time
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console
from rich.text import Text

from dsl.errors import CardlangError

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Cardlang: check, render, format, test and compile card files; run "
                       "scenarios; play, replay and simulate games.")
scenario_app = typer.Typer(no_args_is_help=True, help="Scenario files (format v1).")
app.add_typer(scenario_app, name="scenario")
# What is printed is data (card names, paths, messages), never markup or emoji codes: a card
# named "[/bold] x" or a line "g.json:100:" prints as it is written. Styles are Text's.
out = Console(highlight=False, soft_wrap=True, markup=False, emoji=False)
err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False, emoji=False)


def _tag(word: str, style: str, rest: str = "") -> Text:
    return Text(word, style=style) + Text(rest)


def _print_diags(diags, console=err) -> None:
    for d in diags:
        console.print(d.format(), markup=False)


SETS_HELP = "the card sets in play, comma-separated (Innovation: base,echoes); the game's default: base"
MODE_HELP = "interpreted (dsl/interp.py) or compiled (the set's generated Cython module)"


def _check_mode(mode: str) -> None:
    if mode not in ("interpreted", "compiled"):
        err.print(f"error: --mode must be interpreted or compiled, not '{mode}'")
        raise typer.Exit(2)


@app.command()
def games(as_json: bool = typer.Option(False, "--json", help="machine-readable list")):
    """List the installed games (the `cardlang.games` entry points) with their options."""
    from runtime.core import registry
    found = registry.games()
    if as_json:
        print(json.dumps([{"name": g.name, "title": g.title, "players": [g.min_players, g.max_players],
                           "options": [{"name": s.name, "default": s.default, "doc": s.doc,
                                        "choices": list(s.choices)} for s in g.option_specs]}
                          for g in found], indent=1))
        return
    for g in found:
        for line in g.describe():
            out.print(line, markup=False)


@app.command()
def check(paths: List[Path] = typer.Argument(..., help="card files or folders (recursive)"),
          quiet: bool = typer.Option(False, "--quiet", "-q", help="no warnings, no summary"),
          as_json: bool = typer.Option(False, "--json", help="machine-readable report")):
    """Check card files against their game's vocabulary; report every error in every file."""
    from dsl.load import load
    t0 = time.perf_counter()
    res = load(paths)
    if as_json:
        print(json.dumps({"files": res.files, "cards": len(res.cards),
                          "errors": [d.__dict__ for d in res.errors],
                          "warnings": [d.__dict__ for d in res.warnings]}, indent=1))
        raise typer.Exit(1 if res.errors or not res.files else 0)
    _print_diags(res.errors)
    if not quiet:
        _print_diags(res.warnings)
    if res.files == 0:
        err.print("error: no .card files found under " + ", ".join(map(str, paths)))
        raise typer.Exit(1)
    if not quiet:
        n_err = len(res.errors)
        msg = (f"{res.files} file(s), {len(res.cards)} card(s): "
               f"{n_err} error(s), {len(res.warnings)} warning(s) in {time.perf_counter() - t0:.2f}s")
        (err if n_err else out).print(msg)
    raise typer.Exit(1 if res.errors else 0)


def _find_cards(target: str):
    """A path (file or folder) or a card name looked up in the cards folder."""
    from dsl.load import load
    from .testing import CARDS_ROOT
    p = Path(target)
    if p.exists():
        res = load([p])
    else:
        res = load([CARDS_ROOT])
        res.cards = [c for c in res.cards if c.name.casefold() == target.casefold()]
        if not res.cards and not res.errors:
            err.print(f"error: no card file or card named '{target}'")
            raise typer.Exit(1)
    if res.errors:
        _print_diags(res.errors)
        raise typer.Exit(1)
    return res.cards


@app.command()
def render(targets: List[str] = typer.Argument(..., help="card files, folders, or card names"),
           as_json: bool = typer.Option(False, "--json")):
    """Print cards' effects as English, in the style of printed card text."""
    from dsl.render import render_card
    cards = [c for t in targets for c in _find_cards(t)]
    if as_json:
        print(json.dumps([{"name": c.name, "text": render_card(c)} for c in cards], indent=1))
        return
    for c in cards:
        a = c.attrs
        head = f"{c.name}"
        if a.get("age"):
            head += f" (age {a['age']}, {a.get('color')}"
            head += f", {a['dogma']})" if a.get("dogma") and a.get("dogma") != "none" else ")"
        out.print(Text(head, style="bold"))
        out.print(render_card(c), markup=False)
        out.print()


@app.command()
def fmt(paths: List[Path] = typer.Argument(..., help="card files or folders"),
        check_only: bool = typer.Option(False, "--check", help="only report files that would change")):
    """Rewrite card files in canonical form (comments and the layout of lines are kept)."""
    from dsl.fmt import format_text
    from dsl.load import card_files, read_card
    changed = 0
    failed = False
    for path in card_files(paths):
        try:
            text = read_card(path)  # regular files only: a FIFO or a link loop is an error
            new = format_text(text, str(path))
        except CardlangError as e:
            _print_diags(e.diagnostics)
            failed = True
            continue
        if new != text:
            changed += 1
            if check_only:
                out.print(f"would reformat {path}")
            else:
                try:
                    _write_atomically(path, new)
                except OSError as e:
                    err.print(f"{path}: error: cannot write: {e.strerror or e}", markup=False)
                    failed = True
                    continue
                out.print(f"reformatted {path}")
    if failed or (check_only and changed):
        raise typer.Exit(1)


def _write_atomically(path: Path, text: str) -> None:
    """Replace a file's text all at once (a temporary file renamed over it): an interrupted
    write never leaves half a card."""
    import os
    import tempfile
    fd, tmp = tempfile.mkstemp(dir=str(path.parent), prefix=".fmt-", suffix=".card")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


@app.command("test")
def test_cmd(paths: List[Path] = typer.Argument(None, help="card files or folders (default: cards/)"),
             verbose: bool = typer.Option(False, "--verbose", "-v"),
             mode: str = typer.Option("interpreted", "--mode", help=MODE_HELP)):
    """Run the examples written in card files."""
    _check_mode(mode)
    from dsl.load import load
    from .testing import CARDS_ROOT, run_example
    res = load(paths or [CARDS_ROOT])
    if res.errors:
        _print_diags(res.errors)
        raise typer.Exit(1)
    passed = failed = 0
    for card in res.cards:
        for ex in card.examples:
            try:
                r = run_example(card, ex, mode=mode)
            except CardlangError as e:
                _print_diags(e.diagnostics)
                raise typer.Exit(1)
            except Exception as e:  # an example that crashes the engine is a failure, not a traceback
                failed += 1
                out.print(_tag("FAIL", "red", f" {card.name}: {ex.name} ({card.path}:{ex.span.line})"))
                out.print(f"    error: {type(e).__name__}: {e}", markup=False)
                continue
            if r.passed:
                passed += 1
                if verbose:
                    out.print(_tag("ok", "green", f"   {r.name}"))
            else:
                failed += 1
                out.print(_tag("FAIL", "red", f" {r.name} ({card.path}:{ex.span.line})"))
                for d in r.diffs:
                    out.print("    " + d, markup=False)
            for n in r.notes if (verbose or not r.passed) else ():
                out.print("    note: " + n, markup=False)
    out.print(f"{passed} passed, {failed} failed")
    raise typer.Exit(1 if failed else 0)


@app.command()
def validate(game: str = typer.Argument("innovation", metavar="game",
                                        help="the game (cardlang games lists them)"),
             reference: Path = typer.Option(..., "--reference", help="reference table (TSV)"),
             set_name: Optional[str] = typer.Option(None, "--set",
                                                    help="the set to compare (Innovation: Base)"),
             threshold: float = typer.Option(0.6, "--threshold", help="similarity below this is listed"),
             md: Optional[Path] = typer.Option(None, "--markdown", help="write the card table as Markdown"),
             as_json: bool = typer.Option(False, "--json")):
    """Compare a game's cards with a reference table: each card's rendered English with the
    printed text, and what else the game checks (Tash-Kalar: names, ranks, patterns)."""
    from rich.table import Table
    from dsl.load import load
    from .testing import CARDS_ROOT
    from .validate import keep_tail, markdown, read_reference, validate as run_validate
    from runtime.core import registry
    from runtime.core.errors import BadReference, UnknownGame
    try:
        g = registry.get(game)
    except UnknownGame as e:
        err.print(f"error: {e}")
        raise typer.Exit(2)
    try:
        report = g.validate(str(reference), set_name, threshold)
        ref_rows = None if report is not None else read_reference(str(reference), set_name or "Base")
    except BadReference as e:
        err.print(f"error: {e}")
        raise typer.Exit(1)
    if report is not None:
        _show_report(report, md, as_json)
        return
    set_name = set_name or "Base"
    res = load([CARDS_ROOT / g.name / set_name.lower()])
    if res.errors:
        _print_diags(res.errors)
        raise typer.Exit(1)
    rows = run_validate(res.cards, ref_rows, threshold)
    if as_json:
        print(json.dumps([r.__dict__ for r in rows], indent=1))
    else:
        table = Table(title=f"{set_name}: rendered text vs reference")
        for col in ("card", "ed.", "examples", "similarity", "status"):
            table.add_column(col)
        for r in rows:
            style = {"ok": "green", "justified": "green", "differs": "red"}.get(r.status, "yellow")
            table.add_row(Text(r.name), str(r.edition), str(r.examples), f"{r.score:.2f}",
                          Text(r.status, style=style))
        out.print(table)
        for r in rows:
            if r.status == "differs":
                out.print(Text("\n") + _tag(r.name, "bold", f" ({r.score:.2f})"))
                out.print("  engine:    " + r.rendered.replace("\n", "\n             "), markup=False)
                out.print("  reference: " + r.reference.replace("\n", "\n             "), markup=False)
    if md:
        notes = {c.name: c.attrs["note"] for c in res.cards if c.attrs.get("note")}
        md.parent.mkdir(parents=True, exist_ok=True)
        tail = keep_tail(md.read_text()) if md.exists() else ""
        md.write_text(markdown(rows, set_name, threshold, notes) + tail)
        out.print(f"wrote {md}")
    counts = {s: sum(r.status == s for r in rows)
              for s in ("ok", "justified", "differs", "not encoded", "missing")}
    (err if as_json else out).print(
        f"{counts['ok']} ok, {counts['justified']} justified, {counts['differs']} differ, "
        f"{counts['not encoded']} not encoded, {counts['missing']} missing")
    raise typer.Exit(1 if counts["differs"] or counts["not encoded"] or counts["missing"] else 0)


def _show_report(report, md, as_json: bool) -> None:
    """A game's ValidationReport: its table, the problems, the counts; exit 1 if it failed."""
    from rich.table import Table
    if as_json:
        print(json.dumps([dict(zip(report.columns, r)) for r in report.rows], indent=1,
                         ensure_ascii=False))
    else:
        table = Table(title=report.title)
        for col in report.columns:
            table.add_column(col)
        for r, status in zip(report.rows, report.status):
            style = {"ok": "green", "justified": "green", "differs": "red"}.get(status, "yellow")
            table.add_row(*[Text(str(x), style=style if x == status else "") for x in r])
        out.print(table)
        for name, text in report.problems:
            out.print(_tag(name, "bold", ": ") + Text(text))
    if md:
        md.parent.mkdir(parents=True, exist_ok=True)
        md.write_text(report.markdown)
        out.print(f"wrote {md}")
    counts = {}
    for s in report.status:
        counts[s] = counts.get(s, 0) + 1
    out.print(", ".join(f"{n} {s}" for s, n in sorted(counts.items())))
    raise typer.Exit(1 if report.failed else 0)


@scenario_app.command("run")
def scenario_run(files: List[Path] = typer.Argument(..., help="scenario JSON files or folders"),
                 json_out: Optional[Path] = typer.Option(None, "--json", help="write a JSON report here"),
                 mode: str = typer.Option("interpreted", "--mode", help=MODE_HELP),
                 sets: Optional[str] = typer.Option(
                     None, "--sets", help="play every scenario with these card sets, comma-"
                     "separated (replacing its own `sets` option), e.g. base,echoes")):
    """Run scenario files (format v1) through the runner of each scenario's game."""
    from runtime.core.scenario_files import run_files
    from .testing import zones
    _check_mode(mode)
    chosen = [x.strip() for x in sets.split(",") if x.strip()] if sets is not None else None
    if chosen is not None:
        from runtime.core import registry
        known = sorted({c for g in registry.games() for o in g.option_specs if o.name == "sets"
                        for c in o.choices})
        bad = [x for x in chosen if x not in known] or ([] if chosen else ["(none)"])
        if bad:
            err.print(f"error: --sets: unknown set {bad[0]!r} (known: {', '.join(known)})")
            raise typer.Exit(2)
    if json_out is not None and (json_out.is_dir() or not json_out.parent.is_dir()):
        err.print(f"error: --json {json_out}: " + ("a folder, not a file" if json_out.is_dir()
                                                   else "its folder does not exist"),
                  markup=False)
        raise typer.Exit(1)
    try:
        results, errors = run_files(files, lambda game: zones(game, mode),
                                    options={"sets": chosen} if chosen else None)
    except CardlangError as e:  # the game's cards do not check
        _print_diags(e.diagnostics)
        raise typer.Exit(1)
    _print_diags(errors)
    passed = sum(r.passed for r in results)
    for r in results:
        if not r.passed and not r.problems:  # (invalid input: printed above, located)
            out.print(_tag("FAIL", "red", f" {r.name} ({r.path})"))
            for d in r.diffs:
                out.print("    " + d, markup=False)
            for n in r.notes:
                out.print("    note: " + n, markup=False)
    if json_out:
        try:
            json_out.write_text(json.dumps([r.to_dict() for r in results], indent=1))
        except OSError as e:
            err.print(f"error: cannot write {json_out}: {e.strerror or e}", markup=False)
            raise typer.Exit(1)
    invalid = sum(bool(r.problems) for r in results)
    out.print(f"{passed} passed, {len(results) - passed} failed"
              + (f" ({invalid} not valid)" if invalid else ""))
    raise typer.Exit(0 if results and passed == len(results) and not errors else 1)


# play, replay, simulate: runtime/front (terminal front end, replays, simulations)
from . import commands as _play  # noqa: E402

app.command("play")(_play.play)
app.command("replay")(_play.replay)
app.command("simulate")(_play.simulate)


@app.command("compile")
def compile_cmd(card_set: str = typer.Argument(..., help="GAME/SET, e.g. innovation/base, or a folder"),
                force: bool = typer.Option(False, "--force", help="rebuild even if cached")):
    """Build the game's compiled runtime (once per runtime version), then the set's Cython
    modules typed against it (compiled/, a few per set, each cached by a hash of its cards)."""
    from dsl.codegen import BuildError, CompilerUnavailable
    from dsl.load import load
    from runtime.core import registry
    from runtime.core.errors import UnknownGame
    from .testing import CARDS_ROOT
    folder = Path(card_set) if Path(card_set).is_dir() else CARDS_ROOT / card_set
    folders = [folder]
    if not folder.is_dir() and card_set.count("/") == 1:
        # a game may name a set made of several folders (tashkalar/base: all its decks)
        name, set_name = card_set.split("/")
        try:
            folders = registry.get(name).card_folders(set_name)
        except UnknownGame:
            pass
    if not all(f.is_dir() for f in folders):
        err.print(f"error: no card set '{card_set}' (looked for {folder})", markup=False)
        raise typer.Exit(1)
    res = load(folders)
    if res.errors:
        _print_diags(res.errors)
        raise typer.Exit(1)
    label = "/".join(folder.resolve().parts[-2:]) if folders == [folder] else card_set
    try:
        game = registry.get(label.split("/")[0])
    except UnknownGame as e:
        err.print(f"error: {e}", markup=False)
        raise typer.Exit(1)
    t0 = time.perf_counter()
    try:
        with _progress(f"compiling {label} ({len(res.cards)} cards)") as say:
            (root, cached), results = game.compile(res.cards, label, progress=say, force=force)
    except CompilerUnavailable as e:
        err.print(f"warning: {e}; nothing compiled, card effects run in the interpreter",
                  markup=False)
        raise typer.Exit(0)
    except (BuildError, NotImplementedError) as e:
        err.print(f"error: {e}", markup=False)
        raise typer.Exit(1)
    built = [r for r in results if not r.cached]
    size = sum(r.size for r in results)
    out.print(f"{label}: {len(built)} of {len(results)} module(s) built, the others cached "
              f"({size / 1e6:.2f} MB) in {time.perf_counter() - t0:.1f}s; sources in "
              f"{results[0].pyx.parent}", markup=False)
    rt_size = sum(f.stat().st_size for f in root.rglob("*.so"))
    out.print(f"runtime: {'cached' if cached else 'built'} {root.name} ({rt_size / 1e6:.2f} MB)",
              markup=False)


@contextlib.contextmanager
def _progress(title: str):
    """say(message): on a terminal a live status line; elsewhere (logs, CI) one line per
    step with the time since the start, so that a long build never looks hung."""
    t0 = time.perf_counter()
    if err.is_terminal:
        with err.status(title) as status:
            yield lambda m: status.update(f"{title}: {m}")
        return
    err.print(title, markup=False)
    yield lambda m: err.print(f"  {time.perf_counter() - t0:5.1f}s {m}", markup=False)


@app.command()
def bench(game: str = typer.Argument("innovation"),
          players: int = typer.Option(2, "--players"),
          games: int = typer.Option(50, "--games", help="complete games per repeat"),
          mode: str = typer.Option("both", "--mode", help="interpreted | compiled | both"),
          repeats: int = typer.Option(3, "--repeats", help="the median of this many runs"),
          seed: int = typer.Option(0, "--seed"),
          sets: Optional[str] = typer.Option(None, "--sets", help=SETS_HELP),
          option: List[str] = typer.Option([], "--option",
                                           help="a game option NAME=VALUE (repeatable), e.g. "
                                                "tashkalar --option deck=nethervoid"),
          min_time: float = typer.Option(0.3, "--min-time",
                                         help="seconds a repeat lasts at least (its games "
                                              "played again until then)"),
          clone: bool = typer.Option(False, "--clone",
                                     help="what a search costs, from mid-game states: clones/s, "
                                          "applies/s, determinize/s, playouts/s, MCTS "
                                          "iterations/s (benchmarks/bench_clone.py)"),
          as_json: bool = typer.Option(False, "--json")):
    """Random-agent playouts of complete games: games/s and decisions/s per mode, and the ratio.
    With --clone: what a search costs from mid-game states (clones/s, playouts/s...)."""
    from runtime.core import registry
    from runtime.core.errors import UnknownGame
    try:
        registry.get(game)
    except UnknownGame as e:
        err.print(f"error: no benchmark for '{game}': {e}")
        raise typer.Exit(2)
    if mode not in ("interpreted", "compiled", "both"):
        err.print(f"error: --mode must be interpreted, compiled or both, not '{mode}'")
        raise typer.Exit(2)
    if games < 1 or repeats < 1 or min_time < 0 or not 2 <= players <= 4:
        err.print("error: --games and --repeats must be at least 1, --min-time not negative, "
                  "--players 2 to 4")
        raise typer.Exit(2)
    options = {}
    if option or sets:
        # the sets with the other options: an option may need a set (relics need Artifacts)
        from .commands import PlayError, game_options
        given = list(option or []) + ([f"sets={sets}"] if sets else [])
        try:
            options = game_options(registry.get(game), players, False, given)
        except PlayError as e:
            err.print(f"error: {e}")
            raise typer.Exit(2)
        options.pop("players", None)
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    modes = ["interpreted", "compiled"] if mode == "both" else [mode]
    if clone:
        from bench_clone import print_report, run_clone_bench
        report = run_clone_bench(modes, game=game, players=players, seed=seed, repeats=repeats,
                                 min_time=min_time,
                                 progress=None if as_json else (lambda m: err.print(m, markup=False)))
        if as_json:
            print(json.dumps(report))
        else:
            print_report(report, lambda line: out.print(line, markup=False))
        return
    from bench_games import run_bench
    report = run_bench(modes, game=game, players=players, games=games, repeats=repeats, seed=seed,
                       progress=None if as_json else (lambda m: err.print(m, markup=False)),
                       min_time=min_time, options=options)
    if as_json:
        print(json.dumps(report))
        return
    for m in modes:
        r = report[m]
        out.print(f"{m:12s} {r['games_per_s']:9.1f} games/s {r['decisions_per_s']:11.0f} decisions/s "
                  f"{r['decisions_per_game']:7.1f} decisions/game "
                  f"({r['cpu_games_per_s']:.1f} games per CPU second)")
    if "ratio" in report:
        out.print(f"compiled / interpreted: {report['ratio']:.2f}x "
                  f"(by CPU time: {report['cpu_ratio']:.2f}x)")


def main() -> None:
    try:
        app()
    except CardlangError as e:
        _print_diags(e.diagnostics)
        sys.exit(1)
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
