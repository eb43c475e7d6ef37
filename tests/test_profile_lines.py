"""benchmarks/profile_lines.py folds a callgrind profile of compiled games onto the Python lines
Cython compiled (docs/performance.md, finding 22): checked on a small profile written here."""
from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _tool(out_dir: Path):
    spec = importlib.util.spec_from_file_location("profile_lines",
                                                  REPO / "benchmarks" / "profile_lines.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.OUT_DIR = str(out_dir)
    return mod


def test_costs_are_folded_onto_the_source_lines(tmp_path):
    tool = _tool(tmp_path)
    c_file = tmp_path / "cstate.c"
    c_file.write_text("\n".join([
        "static int f(void) {",                   # 1: before any line marker
        '  /* "runtime/state.py":10',             # 2
        "  a = 1;",                               # 3
        "  b = PyList_New(0);",                   # 4
        '  /* "runtime/state.py":12',             # 5
        "  c = g();",                             # 6
        "}",                                      # 7
        "/* --- Runtime support code --- */",     # 8
        "static int helper(void) { return 0; }",  # 9
    ]) + "\n")
    so = tmp_path / "cstate.cpython-311-x86_64-linux-gnu.so"
    profile = tmp_path / "callgrind.out"
    profile.write_text("\n".join([
        "events: Ir",
        f"ob=(1) {so}",
        f"fl=(1) {c_file}",
        "fn=(1) f",
        "1 5",
        "3 7",
        "cob=(2) /usr/lib/libpython3.11.so.1.0",
        "cfn=(2) PyList_New",
        "calls=2 0",
        "4 100",                                  # 50 a call into libpython: the line's
        "4 3",
        "calls=1 0",
        "6 40",                                   # a call within the module: counted there
        "cob=(2)",
        "cfn=(3) PyObject_Call",
        "calls=1 0",
        "6 9000",                                 # back into compiled code through libpython
        "6 2",
        "fn=(4) helper",
        "9 11",
    ]) + "\n")
    cost = tool.c_line_costs(str(profile))
    lines = tool.by_source_line(cost)
    assert lines["runtime/state.py:10"] == 7 + 100 + 3
    assert lines["runtime/state.py:12"] == 2
    assert lines["f (outside any line)"] == 5
    assert lines["helper (outside any line)"] == 11
