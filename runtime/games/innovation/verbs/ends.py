"""Claiming achievements and ending the game: claim (a special achievement by name, or an
achievement card), win and lose (000 "游戏结束 / 通过教义"; teammates win and lose together)."""
from __future__ import annotations

from dsl import ir as I
from dsl.vocab import verb


def claim_phrase(r, act) -> str:
    o = act.obj
    if isinstance(o, I.Const):
        return f"claim the {o.value} achievement"
    return "claim " + r.obj(o)


@verb("claim", "achievement", phrase=claim_phrase,
      doc="claim a special achievement by name, or an achievement card")
def claim(env, items, call) -> list:
    g, p = env.game, env.executor
    done = []
    for a in items:
        ok = g.claim_special(p, a) if isinstance(a, str) else g.achieve(p, a)
        if ok:
            done.append(a)
    return done


def end_phrase(r, act) -> str:
    v0 = act.verbs[0]
    if act.obj is None:
        return "you " + v0
    who = r.obj(act.obj)
    if who in ("me", "you"):  # "I win" (a demand's activating player), "you win"
        return ("I" if who == "me" else "you") + " " + v0
    return f"{who} {v0}s"


@verb("win", "player", object_required=False, optional_ok=False, ends_block=True,
      phrase=end_phrase)
def win(env, items, call) -> list:
    """The executor wins, or the given players; the game ends at once."""
    winners = items if call.has_object else [env.executor]
    if winners:
        env.game.win(winners, "dogma")
    return winners


@verb("lose", "player", object_required=False, optional_ok=False, ends_block=True,
      phrase=end_phrase)
def lose(env, items, call) -> list:
    """The executor (or the given players) and their teams lose: everyone else wins."""
    g, p = env.game, env.executor
    losers = items if call.has_object else [p]
    lost_teams = [g.team_of[q] for q in losers]
    others = [q for q in range(g.n_players) if q not in losers
              and g.team_of[q] not in lost_teams]
    if others:
        g.win(others, "dogma")
    return losers
