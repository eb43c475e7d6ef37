"""Regenerate the stored whole-game transcripts (run after an intended rule or card change, and
review the diff): python tests/transcripts/regenerate.py"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from runtime.front.testing import cardset  # noqa: E402
from runtime.games.innovation.game import Options  # noqa: E402
from runtime.games.innovation.transcripts import record  # noqa: E402

PLAN = ([(2, False, ["random", "random"])] * 10 + [(2, False, ["greedy", "random"])] * 4
        + [(3, False, ["random", "greedy", "random"])] * 4 + [(4, False, ["random"] * 4)] * 3
        + [(4, True, ["greedy", "random", "random", "greedy"])] * 3)

if __name__ == "__main__":
    cs = cardset("innovation")
    out = Path(__file__).resolve().parent / "innovation"
    out.mkdir(exist_ok=True)
    for i, (n, teams, agents) in enumerate(PLAN):
        t = record(cs, 1000 + i, Options(players=n, teams=teams), agents)
        (out / f"game_{i:02d}.json").write_text(json.dumps(t, indent=1) + "\n")
        print(i, n, teams, t["final"]["game_over"], t["final"]["decisions"])
