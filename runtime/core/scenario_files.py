"""Scenario files: finding them, reading them with positions, running each scenario through
the runner of its game, and reporting a file's problems at their line and column.

A file holds one scenario (a JSON object) or a list of them. Nothing here raises on bad
input: a file that cannot be read, is not JSON or does not have a scenario's shape becomes
located diagnostics (dsl.errors.Diagnostic), and the other files still run.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from dsl.errors import Diagnostic

from . import jsonpos
from .errors import UnknownGame
from .scenario import ScenarioResult, run_scenario, scenario_name
from .scenario_schema import Problem

MAX_BYTES = 20_000_000  # a scenario file is small; a bigger one is a mistake, not read


def scenario_files(paths) -> tuple[list[Path], list[Diagnostic]]:
    """The *.json files named or found under folders (sorted, each once), and a diagnostic
    for each path that is not a readable regular file or folder."""
    files, errors, seen = [], [], set()
    for p in map(Path, paths):
        try:
            if p.is_dir():
                found = [f for f in sorted(p.rglob("*.json")) if f.is_file()]
            elif p.is_file():
                found = [p]
            else:
                what = "no such file or folder" if not p.exists() and not p.is_symlink() \
                    else "not a regular file or folder"
                errors.append(Diagnostic(str(p), 0, 0, what))
                continue
        except OSError as e:  # a symbolic link loop, a folder that cannot be listed
            errors.append(Diagnostic(str(p), 0, 0, f"cannot read: {e.strerror or e}"))
            continue
        for f in found:
            key = f.resolve()
            if key not in seen:
                seen.add(key)
                files.append(f)
    return files, errors


def read_file(path: Path):
    """(Document, None) or (None, Diagnostic) for one scenario file."""
    name = str(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        return None, Diagnostic(name, 0, 0, f"cannot read: {e.strerror or e}")
    if len(raw) > MAX_BYTES:
        return None, Diagnostic(name, 0, 0, f"larger than {MAX_BYTES} bytes: not read")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        before = raw[:e.start].decode("utf-8", "replace")
        line = before.count("\n") + 1
        col = len(before) - (before.rfind("\n") + 1) + 1
        return None, Diagnostic(name, line, col, f"not UTF-8: byte 0x{raw[e.start]:02x}",
                                expected="a UTF-8 text file")
    try:
        return jsonpos.parse(text), None
    except jsonpos.JsonError as e:
        lines = text.split("\n")
        src = lines[e.line - 1] if 0 < e.line <= len(lines) else None
        return None, Diagnostic(name, e.line, e.col, f"not JSON: {e.message}",
                                expected=e.expected or None, source_line=src)


def located(path: str, doc: jsonpos.Document, prefix: tuple, p: Problem) -> Diagnostic:
    """A scenario's problem at its place in the file."""
    line, col, end = doc.where(prefix + p.path, key=p.at_key)
    return Diagnostic(path, line, col, p.message, end_col=end, expected=p.expected or None,
                      suggestion=p.suggestion or None, source_line=doc.line_text(line))


def run_files(paths, zones_for: Callable, progress: Callable | None = None,
              options: dict | None = None):
    """Run every scenario of these files and folders. `zones_for(game_name)` gives that
    game's Zones (raising UnknownGame for a game not installed). `options` (e.g. the card
    sets of `scenario run --sets`) replace the same options of every scenario. Returns
    (results, errors): one result per scenario, and the located diagnostics of the files and
    scenarios that could not run."""
    files, errors = scenario_files(paths)
    results: list[ScenarioResult] = []
    for f in files:
        doc, err = read_file(f)
        if err is not None:
            errors.append(err)
            results.append(ScenarioResult(f.name, False, [err.message], [], str(f),
                                          [Problem((), err.message)]))
            continue
        v = doc.value
        items = [((i,), d) for i, d in enumerate(v)] if isinstance(v, list) else [((), v)]
        found = []
        for prefix, data in items:
            if progress:
                progress(f"{f}: {scenario_name(data)}")
            if options and isinstance(data, dict):
                data = {**data, "options": {**(data.get("options") or {}), **options}}
            r = _run_one(data, zones_for)
            r.path = str(f)
            found.extend(located(str(f), doc, prefix, p) for p in r.problems)
            results.append(r)
        errors.extend(sorted(found, key=lambda d: (d.line, d.col)))
    return results, errors


def _run_one(data, zones_for) -> ScenarioResult:
    name = scenario_name(data)
    game = data.get("game") if isinstance(data, dict) else None
    problem = None
    if not isinstance(data, dict):
        problem = Problem((), "a scenario must be an object", '{"name": ..., "game": ..., ...}')
    elif not isinstance(game, str):
        problem = Problem(("game",) if "game" in data else (), "which game is this scenario of?",
                          '"game": "innovation"')
    else:
        try:
            zones = zones_for(game)
        except UnknownGame as e:
            problem = Problem(("game",), str(e))
    if problem is not None:
        return ScenarioResult(name, False, [problem.line()], [], "", [problem])
    return run_scenario(data, zones)
