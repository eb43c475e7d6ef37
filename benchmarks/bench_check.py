"""Benchmark: parse + check a whole card set (default: cards/innovation/base).

Reports the one-off grammar build, then the median of repeated parse+check runs of every file,
as total milliseconds and per card. Run: `make bench` or `python benchmarks/bench_check.py [DIR]`.
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dsl.check import check_file  # noqa: E402
from dsl.load import card_files, game_and_set  # noqa: E402
from dsl.parse import decode, parse_text, parser  # noqa: E402
from dsl.vocab import get as get_vocab  # noqa: E402


def run(folder: Path, repeats: int = 7) -> dict:
    t0 = time.perf_counter()
    parser()
    build = time.perf_counter() - t0
    files = [(p, decode(p.read_bytes(), str(p))) for p in card_files([folder])]
    vocab = get_vocab("innovation")
    times = []
    n_cards = 0
    for _ in range(repeats):
        t = time.perf_counter()
        n_cards = 0
        for path, text in files:
            f = parse_text(text, str(path))
            n_cards += len(check_file(f, vocab, text, game_and_set(path)[1]).cards)
        times.append(time.perf_counter() - t)
    med = statistics.median(times)
    return {"files": len(files), "cards": n_cards, "grammar_build_s": round(build, 4),
            "parse_check_s": round(med, 4), "per_card_ms": round(1000 * med / max(1, n_cards), 3),
            "repeats": repeats}


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "cards" / "innovation" / "base"
    r = run(folder)
    print(json.dumps(r, indent=1))
