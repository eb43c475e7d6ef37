"""Where the compiled games spend their instructions, by line of the runtime's Python sources and
of the generated card module: a callgrind profile of compiled games, folded onto the lines
Cython compiled each piece of C from.

    python benchmarks/profile_lines.py --games 40 [--top 60] [--by line|function]
    python benchmarks/profile_lines.py --reuse --function State_take   # its C lines

It builds the card set and the runtime with `CC="cc -g"` and `CARDLANG_KEEP_C=1` into a compiled
directory of its own (first run: a few minutes), then plays the games under valgrind's callgrind,
counting only inside `InnovationGame.play`. A line's figure is the instructions of its C code
plus those of the libpython functions that code calls (list, dict, int operations, allocation):
what the line costs, without the Cython functions it calls, which have lines of their own.
Allocations also carry the cyclic GC collections they happen to trigger.
Needs valgrind. docs/performance.md says how the findings were used.
"""
from __future__ import annotations

import argparse
import collections
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, REPO)
from benchmarks.bench_instructions import PLAY  # noqa: E402  (the games bench_instructions plays)

OUT_DIR = os.path.join(REPO, "compiled", "profile")  # the debug builds (under compiled/, ignored)
PROFILE = os.path.join(OUT_DIR, "callgrind.out")

MARKER = re.compile(r'^\s*/\* "(.+?)":(\d+)$')  # Cython's note of the source line below it
MAX_LIBPYTHON_CALL = 3000  # a call costing more per call went back into compiled code


def build_and_profile(games: int) -> None:
    env = {**os.environ, "CARDLANG_COMPILED_DIR": OUT_DIR, "CARDLANG_KEEP_C": "1",
           "CC": os.environ.get("CC", "cc") + " -g", "PYTHONHASHSEED": "0"}
    os.makedirs(OUT_DIR, exist_ok=True)
    subprocess.run([sys.executable, "-m", "runtime.front.cli", "compile", "innovation/base"], env=env,
                   check=True, cwd=REPO)
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={PROFILE}",
           "--toggle-collect=*InnovationGame_*play", sys.executable, "-c",
           PLAY.format(repo=REPO, mode="compiled", games=games, players=2,
                       game="innovation", options=None)]
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"valgrind failed:\n{r.stderr[-2000:]}")


def c_line_costs(path: str) -> collections.Counter:
    """{(C file, C line, function): instructions} for the lines of compiled modules."""
    names: dict = {}

    def name(kind, v):
        m = re.match(r"\((\d+)\)(?: (.*))?", v)
        if not m:
            return v
        if m.group(2) is not None:
            names[(kind, m.group(1))] = m.group(2)
        return names[(kind, m.group(1))]

    def compiled(obj):
        return obj is not None and obj.endswith(".so") and OUT_DIR in obj

    cost: collections.Counter = collections.Counter()
    ob = fl = fn = cob = None
    line, calls = 0, 0
    with open(path) as f:
        for raw in f:
            raw = raw.rstrip("\n")
            if not raw:
                continue
            head = raw[:4]
            if head.startswith("ob="):
                ob = name("ob", raw[3:])
            elif head[:3] in ("fl=", "fi=", "fe="):
                fl = name("fl", raw[3:])
            elif head.startswith("fn="):
                fn = name("fn", raw[3:])
            elif head == "cob=":
                cob = name("ob", raw[4:])
            elif head in ("cfi=", "cfl="):
                name("fl", raw[4:])
            elif head == "cfn=":
                name("fn", raw[4:])
            elif raw.startswith("calls="):
                calls = int(raw[6:].split()[0])
            elif raw[0] in "0123456789+-*":
                parts = raw.split()
                pos = parts[0]
                if pos[0] in "+-":
                    line += int(pos)
                elif pos != "*":
                    line = int(pos)
                c = int(parts[1]) if len(parts) > 1 else 0
                if calls:  # the inclusive cost of the calls made from this line
                    callee = cob if cob is not None else ob
                    n, calls, cob = calls, 0, None
                    if compiled(callee) or c > MAX_LIBPYTHON_CALL * n:
                        continue
                if fl and fl.endswith(".c") and OUT_DIR in fl:
                    cost[(fl, line, fn)] += c
    return cost


def source_of(c_file: str) -> str:
    """The kept C file (a build directory is renamed when complete)."""
    if os.path.exists(c_file):
        return c_file
    tail = re.sub(r".*?/\.build-runtime-\w+/", "", c_file)
    for d in glob.glob(os.path.join(OUT_DIR, "runtime-*")):
        if os.path.exists(os.path.join(d, tail)):
            return os.path.join(d, tail)
    return os.path.join(OUT_DIR, os.path.basename(c_file))


def by_source_line(cost: collections.Counter) -> collections.Counter:
    files = collections.defaultdict(list)
    for (f, ln, fn), c in cost.items():
        files[f].append((ln, c, fn))
    out: collections.Counter = collections.Counter()
    for f, rows in files.items():
        try:
            with open(source_of(f)) as fh:
                text = fh.read().split("\n")
        except FileNotFoundError:  # Cython's shared utility module keeps no C file: no lines
            text = []
        here = [None] * (len(text) + 2)
        m = None
        for i, t in enumerate(text, 1):
            mm = MARKER.match(t)
            if mm:
                m = f"{mm.group(1)}:{mm.group(2)}"
            elif t.startswith("/* --- Runtime support code"):
                m = None  # Cython's utility functions follow
            here[i] = m
        for ln, c, fn in rows:
            out[(here[ln] if ln < len(here) else None) or f"{fn} (outside any line)"] += c
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--top", type=int, default=60)
    ap.add_argument("--by", choices=("line", "function"), default="line")
    ap.add_argument("--function", help="the C lines of the functions whose name contains this")
    ap.add_argument("--reuse", action="store_true", help="read the last profile again")
    a = ap.parse_args()
    if not a.reuse:
        build_and_profile(a.games)
    cost = c_line_costs(PROFILE)
    if a.function:
        rows = sorted(((c, f, ln) for (f, ln, fn), c in cost.items() if a.function in (fn or "")),
                      reverse=True)
        texts: dict = {}
        for c, f, ln in rows[:a.top]:
            src = source_of(f)
            if src not in texts:
                with open(src) as fh:
                    texts[src] = fh.read().split("\n")
            print(f"{c:>12,} {ln:>7}  {texts[src][ln - 1].strip()[:110]}")
        return
    if a.by == "function":
        agg: collections.Counter = collections.Counter()
        for (_, _, fn), c in cost.items():
            agg[fn] += c
    else:
        agg = by_source_line(cost)
    total = sum(agg.values())
    for key, c in agg.most_common(a.top):
        print(f"{c:>12,} {100 * c / total:5.2f}%  {key}")


if __name__ == "__main__":
    main()
