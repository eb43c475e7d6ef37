"""Regenerate the stored whole-game transcripts (run after an intended rule or card change, and
review the diff): python tests/transcripts/regenerate.py [innovation|echoes|artifacts|tashkalar]
(all by default). `echoes` (base + Echoes games, tests/transcripts/innovation_echoes/) must be
rerun whenever Echoes cards are added or changed: a new card in the supply changes every game;
`artifacts` (base + Artifacts and base + Echoes + Artifacts games, with and without the relics,
tests/transcripts/innovation_artifacts/) whenever Artifacts (or Echoes) cards change."""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

PLAN = ([(2, False, ["random", "random"])] * 10 + [(2, False, ["greedy", "random"])] * 4
        + [(3, False, ["random", "greedy", "random"])] * 4 + [(4, False, ["random"] * 4)] * 3
        + [(4, True, ["greedy", "random", "random", "greedy"])] * 3)

# base + Echoes: 2, 3 and 4 players, team play among them (issue 22)
ECHOES_PLAN = ([(2, False, ["random", "random"])] * 2 + [(2, False, ["greedy", "random"])] * 2
               + [(3, False, ["random", "greedy", "random"])] * 2 + [(4, False, ["random"] * 4)] * 2
               + [(4, True, ["greedy", "random", "random", "greedy"])] * 2)

# base + Artifacts (issue 23): with and without Echoes, with and without the relics, 2-4 players
ARTIFACTS_PLAN = [(2, False, ["random", "random"], ("base", "artifacts"), False),
                  (2, False, ["greedy", "random"], ("base", "artifacts"), True),
                  (3, False, ["random", "greedy", "random"], ("base", "artifacts"), True),
                  (4, True, ["greedy", "random", "random", "greedy"], ("base", "artifacts"), False),
                  (2, False, ["random", "random"], ("base", "echoes", "artifacts"), False),
                  (2, False, ["random", "greedy"], ("base", "echoes", "artifacts"), True),
                  (3, False, ["random"] * 3, ("base", "echoes", "artifacts"), True),
                  (4, False, ["random"] * 4, ("base", "echoes", "artifacts"), False)]

DM = "deathmatch"
TASHKALAR_PLAN = [({}, ["random", "random"]), ({}, ["random", "random"]),
                  ({}, ["greedy", "random"]),
                  ({"variant": DM}, ["random", "random"]), ({"variant": DM}, ["greedy", "random"]),
                  ({"variant": DM, "players": 3}, ["random"] * 3),
                  ({"variant": DM, "players": 3}, ["random", "greedy", "random"]),
                  ({"variant": DM, "players": 4}, ["random"] * 4),
                  ({"variant": DM, "players": 4}, ["greedy", "random", "random", "random"]),
                  # Everfrost (004 扩展 永霜): any deck against any other
                  ({"deck": "everfrost", "deck2": "imperial"}, ["random", "random"]),
                  ({"deck": "sylvan", "deck2": "everfrost"}, ["greedy", "random"]),
                  ({"variant": DM, "players": 3, "deck": "everfrost", "deck2": "highland",
                    "deck3": "everfrost"}, ["random"] * 3),
                  # Nethervoid (004 扩展 虚空): the Gateway
                  ({"deck": "nethervoid", "deck2": "imperial"}, ["random", "random"]),
                  ({"deck": "highland", "deck2": "nethervoid"}, ["greedy", "random"]),
                  ({"variant": DM, "players": 4, "deck": "nethervoid", "deck2": "sylvan",
                    "deck3": "nethervoid", "deck4": "everfrost"}, ["random"] * 4),
                  # Etherweave (004 扩展 以太编织): warp effects, cards in warp
                  ({"deck": "etherweave", "deck2": "imperial"}, ["random", "random"]),
                  ({"deck": "sylvan", "deck2": "etherweave"}, ["greedy", "random"]),
                  ({"variant": DM, "players": 3, "deck": "etherweave", "deck2": "nethervoid",
                    "deck3": "etherweave"}, ["random"] * 3)]


def innovation():
    from runtime.front.testing import cardset
    from runtime.games.innovation.game import Options
    from runtime.games.innovation.transcripts import record
    cs = cardset("innovation")
    out = Path(__file__).resolve().parent / "innovation"
    out.mkdir(exist_ok=True)
    for i, (n, teams, agents) in enumerate(PLAN):
        t = record(cs, 1000 + i, Options(players=n, teams=teams), agents)
        (out / f"game_{i:02d}.json").write_text(json.dumps(t, indent=1) + "\n")
        print(i, n, teams, t["final"]["game_over"], t["final"]["decisions"])


def _innovation_games(folder: str, first_seed: int, plan: list) -> None:
    """Record the plan's games ((Options, agents) each, seeds from first_seed) into
    tests/transcripts/FOLDER, replacing the games stored there."""
    from runtime.front.testing import cardset
    from runtime.games.innovation.transcripts import record
    cs = cardset("innovation")
    out = Path(__file__).resolve().parent / folder
    out.mkdir(exist_ok=True)
    for old in out.glob("game_*.json"):
        old.unlink()
    for i, (options, agents) in enumerate(plan):
        t = record(cs, first_seed + i, options, agents)
        (out / f"game_{i:02d}.json").write_text(json.dumps(t, indent=1) + "\n")
        print(i, options, t["final"]["game_over"], t["final"]["decisions"])


def echoes():
    from runtime.games.innovation.game import Options
    _innovation_games("innovation_echoes", 5000, [
        (Options(players=n, teams=teams, expansions=("base", "echoes")), agents)
        for n, teams, agents in ECHOES_PLAN])


def artifacts():
    from runtime.games.innovation.game import Options
    _innovation_games("innovation_artifacts", 7000, [
        (Options(players=n, teams=teams, expansions=sets, relics=relics), agents)
        for n, teams, agents, sets, relics in ARTIFACTS_PLAN])


def tashkalar():
    from runtime.games.tashkalar.transcripts import record
    out = Path(__file__).resolve().parent / "tashkalar"
    out.mkdir(exist_ok=True)
    for i, (options, agents) in enumerate(TASHKALAR_PLAN):
        t = record(options, 3000 + i, agents)
        (out / f"game_{i:02d}.json").write_text(json.dumps(t, indent=1, ensure_ascii=False)
                                                + "\n")
        print(i, options, t["final"]["game_over"], t["final"]["decisions"])


if __name__ == "__main__":
    games = sys.argv[1:] or ["innovation", "echoes", "artifacts", "tashkalar"]
    for name in games:
        {"innovation": innovation, "echoes": echoes, "artifacts": artifacts,
         "tashkalar": tashkalar}[name]()
