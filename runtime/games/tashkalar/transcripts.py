"""Tash-Kalar's whole-game transcripts: options, seed, decision log and the expected final
state by card and square names (as Innovation's, runtime/games/innovation/transcripts.py).

Replaying a stored transcript's log must reproduce its final state exactly, in interpreted
and in compiled mode (tests/test_transcripts.py); `record` plays a game of bots and writes
one (tests/transcripts/regenerate.py tashkalar)."""
from __future__ import annotations

import json

from runtime.core.agents import RandomAgent
from runtime.core.agents.greedy import GreedyAgent

from . import board as B
from .patterns import RANKS


def final_state(g) -> dict:
    """Every zone of the game by names: pieces by square, hands, decks in order, discards,
    the legends summoned (out of the game), the task queue, the scores (task points and legends, or Deathmatch's colours)."""
    name = g.table.cards
    players = {}
    for p in range(g.n_players):
        zones = {"pieces": [f"{B.name(s)} {RANKS[g.rank[s]]}" for s in B.SQUARES
                            if g.owner[s] == p],
                 "hand": sorted(name[c].name for c in g.hand[p]),
                 "legends": sorted(name[c].name for c in g.legends[p]),
                 "flares": sorted(name[c].name for c in g.flares[p]),
                 "deck": [name[c].name for c in g.deck[p]],
                 "discards": [name[c].name for c in g.discards[p]],
                 "summoned legends": [name[c].name for c in g.gone[p]],
                 "claimed": [name[c].name for c in g.claimed[p]],
                 "score": g.score(p)}
        if g.frozen[p]:   # Everfrost (004 扩展 永霜): the stored frozen effect's card
            zones["frozen"] = [name[c].name for c in g.frozen[p]]
        if g.pending[p]:   # Etherweave (004 扩展 以太编织): the card in warp
            zones["pending"] = [name[c].name for c in g.pending[p]]
        if g.deathmatch:
            zones["colours"] = {f"p{q + 1}": g.colour[p][q] for q in range(g.n_players) if q != p}
        players[f"p{p + 1}"] = zones
    r = g.result()
    out = {"players": players,
           "tasks": [name[c].name for c in g.tasks],
           "turn": g.turn,
           "game_over": None if r is None else {"winners": [f"p{w + 1}" for w in r.winners],
                                                "reason": r.reason, "scores": list(r.scores)},
           "decisions": len(g.log)}
    if g.portals:   # Nethervoid (004 扩展 虚空): the Gateway's square
        out["gateway"] = B.name(g.portal) if g.portal >= 0 else "none"
    return out


def make_agent(spec: str, seed: int):
    return GreedyAgent(seed) if spec.split(":")[0] == "greedy" else RandomAgent(seed)


def record(options: dict, seed: int, agents: list, mode: str = "interpreted") -> dict:
    """A whole game of the named agents (the greedy one reads the contract only)."""
    from .definition import GAME
    end = GAME.new_state(options, seed, mode).play_out(
        [make_agent(a, seed * 31 + i) for i, a in enumerate(agents)])
    return {"seed": seed, "agents": agents, "options": options,
            "cards": [c.name for c in end.engine.table.cards],
            "save": json.loads(end.to_json()), "final": final_state(end.engine)}


def replay_diffs(transcript: dict, mode: str = "interpreted") -> list:
    """What differs between the transcript's final state and its log replayed in `mode`."""
    from .definition import GAME
    st = GAME.load_state(json.dumps(transcript["save"]), mode)
    got, want = final_state(st.engine), transcript["final"]
    diffs = []
    names = [c.name for c in st.engine.table.cards]
    # cards added after the transcript's (an expansion deck: cardset.EXPANSIONS) keep every
    # id it names, so it still replays the same game; another change reshuffles the decks
    if "cards" in transcript and names[:len(transcript["cards"])] != transcript["cards"]:
        new = sorted(set(names) - set(transcript["cards"]))
        gone = sorted(set(transcript["cards"]) - set(names))
        diffs.append(f"the card set changed since this transcript was recorded (new: {new}, "
                     f"gone: {gone}): the decks shuffle differently; review, then record again "
                     "with python tests/transcripts/regenerate.py tashkalar")
    for key in want:
        if key == "players":
            for p, zones in want["players"].items():
                for z, v in zones.items():
                    if got["players"][p].get(z) != v:
                        diffs.append(f"{p} {z}: expected {v}, got {got['players'][p].get(z)}")
        elif got.get(key) != want[key]:
            diffs.append(f"{key}: expected {want[key]}, got {got.get(key)}")
    if not st.is_terminal():
        diffs.append("the replayed game is not over")
    return diffs
