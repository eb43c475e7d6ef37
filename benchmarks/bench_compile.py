"""Compile speed for authors: what a card author waits for, in a fresh build cache.

    python benchmarks/bench_compile.py [--game innovation --set base] [--json]

Steps, each a whole `cardlang` process timed from start to end, on a copy of cards/ (the
project's files are never touched) and a build cache of its own:

    cold        `cardlang compile GAME/SET` with nothing built: the compiled runtime (once per
                runtime version) and every module of the set
    cached      the same again: nothing to build
    edit        one card's effect changed, `cardlang compile GAME/SET`: only its module
    test        another card changed, `cardlang test --mode compiled FILE` of that card

Targets (issue "The language and compiler serve every game"): edit <= 15 s and test <= 20 s
on 2 cores. The machine is shared: run it when it is quiet, or several times.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDLANG = [sys.executable, "-m", "runtime.front.cli"]


def timed(cmd: list, env: dict, ok=(0,)) -> tuple[float, str]:
    t0 = time.perf_counter()
    r = subprocess.run(cmd, cwd=str(ROOT), env=env, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    if r.returncode not in ok:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}")
    return dt, r.stdout + r.stderr


def edit(card: Path) -> None:
    """Change a card's effect (the first `draw N` becomes `draw N+1`): a new module for it."""
    text = card.read_text()
    m = re.search(r"draw (\d+)", text)
    if m is None:
        raise SystemExit(f"{card} has no `draw N` to change")
    card.write_text(text[:m.start(1)] + str(int(m.group(1)) % 9 + 1) + text[m.end(1):])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="innovation")
    ap.add_argument("--set", default="base")
    ap.add_argument("--edit", default="oars.card", help="the card edited before `compile`")
    ap.add_argument("--test", default="pottery.card", help="the card edited before `test`")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="cardlang-bench-compile-") as tmp:
        tmp = Path(tmp)
        shutil.copytree(ROOT / "cards", tmp / "cards")
        env = dict(os.environ, CARDLANG_COMPILED_DIR=str(tmp / "compiled"),
                   CARDLANG_CARDS=str(tmp / "cards"), CARDLANG_NO_CACHE="1")
        folder = tmp / "cards" / a.game / a.set
        report = {}
        report["cold"], _ = timed(CARDLANG + ["compile", str(folder)], env)
        report["cached"], _ = timed(CARDLANG + ["compile", str(folder)], env)
        edit(folder / a.edit)
        report["edit"], out = timed(CARDLANG + ["compile", str(folder)], env)
        report["edit_modules_built"] = int(re.search(r"(\d+) of \d+ module", out).group(1))
        edit(folder / a.test)
        # (the edited card's examples may fail now: what is timed is the wait)
        report["test"], _ = timed(CARDLANG + ["test", "--mode", "compiled",
                                              str(folder / a.test)], env, ok=(0, 1))
    report = {k: round(v, 2) if isinstance(v, float) else v for k, v in report.items()}
    if a.json:
        print(json.dumps(report))
    else:
        for k, v in report.items():
            print(f"{k:20s} {v}")


if __name__ == "__main__":
    main()
