"""Benchmark: parse + check a whole card set (default: cards/innovation/base).

Reports the one-off grammar build, then the median of repeated parse+check runs of every file:
cold (every file parsed by Lark), warm (ASTs from the cache of dsl/cache.py, as on a second
`cardlang check`), and cold for the cards without their examples (the effects alone). Run:
`make bench` or `python benchmarks/bench_check.py [DIR]`.
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import re  # noqa: E402

from dsl.check import check_file  # noqa: E402
from dsl.load import card_files, game_and_set, parse_cached  # noqa: E402
from dsl.parse import decode, parse_text, parser  # noqa: E402
from dsl.vocab import get as get_vocab  # noqa: E402


def without_examples(text: str) -> str:
    out, skipping = [], False
    for line in text.split("\n"):
        if re.match(r"\s+example ", line):
            skipping = True
            continue
        if skipping and (line.startswith("        ") or not line.strip()):
            continue
        skipping = False
        out.append(line)
    return "\n".join(out)


def timed(files, parse, vocab, repeats):
    times, n_cards = [], 0
    for _ in range(repeats):
        t = time.perf_counter()
        n_cards = 0
        for path, text in files:
            f = parse(text, str(path))
            n_cards += len(check_file(f, vocab, text, game_and_set(path)[1]).cards)
        times.append(time.perf_counter() - t)
    return statistics.median(times), n_cards


def run(folder: Path, repeats: int = 7) -> dict:
    t0 = time.perf_counter()
    parser()
    build = time.perf_counter() - t0
    files = [(p, decode(p.read_bytes(), str(p))) for p in card_files([folder])]
    vocab = get_vocab("innovation")
    cold, n_cards = timed(files, parse_text, vocab, repeats)
    timed(files, parse_cached, vocab, 1)  # fill the cache
    warm, _ = timed(files, parse_cached, vocab, repeats)
    bare, _ = timed([(p, without_examples(t)) for p, t in files], parse_text, vocab, repeats)
    return {"files": len(files), "cards": n_cards, "grammar_build_s": round(build, 4),
            "parse_check_s": round(cold, 4), "per_card_ms": round(1000 * cold / max(1, n_cards), 3),
            "parse_check_warm_s": round(warm, 4), "effects_only_parse_check_s": round(bare, 4),
            "repeats": repeats}


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "cards" / "innovation" / "base"
    r = run(folder)
    print(json.dumps(r, indent=1))
