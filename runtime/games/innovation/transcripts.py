"""Whole-game transcripts: seed + decision log + the expected final state, by card names.

A stored transcript is the regression net for every later change: replaying its decision log
must reproduce its final state exactly (tests/test_transcripts.py). `record` plays a game and
writes one; `final_state` describes a game's zones by card names, independent of card ids.
"""
from __future__ import annotations

import json

from ...core.agents import RandomAgent
from ...core.agents.greedy import GreedyAgent
from ...core.machine import EngineState
from .cards import COLORS
from .game import InnovationGame, Options


def final_state(g: InnovationGame) -> dict:
    name = g.cards.name
    players = {}
    for p in range(g.n_players):
        board = {}
        for c in COLORS:
            pile = g.pile(p, c)
            if pile:
                board[c] = {"cards": [name[x] for x in reversed(pile)], "splay": g.splay_of(p, c)}
        players[f"p{p + 1}"] = {"hand": sorted(name[x] for x in g.hand(p)),
                                "score": sorted(name[x] for x in g.score_pile(p)),
                                "achievements": sorted(name[x] for x in g.achievements(p)),
                                "board": board}
        if len(g.options.expansions) > 1:   # (a base game has no forecast: its files unchanged)
            players[f"p{p + 1}"]["forecast"] = sorted(name[x] for x in g.forecast(p))
        if "artifacts" in g.options.expansions:  # (Artifacts: the display)
            players[f"p{p + 1}"]["display"] = sorted(name[x] for x in g.display(p))
    r = g.result()
    out = {"players": players,
           "game_over": None if r is None else {"winners": [f"p{w + 1}" for w in r.winners],
                                                "reason": r.reason},
           "decisions": len(g.log), "events": len(g.events)}
    if g.options.relics:  # (Artifacts' relics: those left in the available relics area)
        kind = g.cards.kind
        out["relic_area"] = sorted(name[c] for c in g.state.limbo if kind[c] == "relic")
    return out


def make_agent(spec: str, seed: int):
    kind = spec.split(":")[0]
    return GreedyAgent(seed) if kind == "greedy" else RandomAgent(seed)


def record(cs, seed: int, options: Options, agents: list[str]) -> dict:
    """A whole game of the named agents (played through the contract: the greedy agent reads
    nothing else) and its transcript."""
    from .definition import GAME
    g = cs.game_class(cs.table, cs.effects, cs.specials, options, seed, auto_setup=False,
                      triggers=cs.triggers)
    end = EngineState(GAME, g).play_out([make_agent(a, seed * 31 + i)
                                         for i, a in enumerate(agents)])
    g = end.engine
    return {"seed": seed, "agents": agents, "save": json.loads(g.save()), "final": final_state(g)}


def replay_diffs(cs, transcript: dict) -> list[str]:
    g = cs.game_class.replay(cs.table, cs.effects, cs.specials, json.dumps(transcript["save"]),
                             triggers=cs.triggers)
    got, want = final_state(g), transcript["final"]
    diffs = []
    for key in want:
        if key == "players":
            for p, zones in want["players"].items():
                for z, v in zones.items():
                    if got["players"][p][z] != v:
                        diffs.append(f"{p} {z}: expected {v}, got {got['players'][p][z]}")
        elif got[key] != want[key]:
            diffs.append(f"{key}: expected {want[key]}, got {got[key]}")
    return diffs
