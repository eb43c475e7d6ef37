"""Per-game records (one line of games.jsonl) and the statistics computed from them.

A record:
    {"game": i, "seed": S+i, "winners": [seats, 0-based], "reason": "achievements" | "high draw" |
     "dogma" | "unfinished" | "error", "actions": n, "decisions": n, "turns": n,
     "cards": {name: [melded, dogma, shared, demanded, [seats that melded it]]}}
("error" records carry "error": the message.) `melded` counts meld events (setup melds and
melds by effects too), `dogma` counts the card's dogma actions, `shared` the dogma actions of
it in which at least one other player shared an effect, `demanded` those in which at least one
opponent was affected by a demand. Everything in cards.csv and summary.json is computed from
these records, so a resumed simulation's statistics cover all its games.
"""
from __future__ import annotations

import statistics
from collections import Counter

REASONS = ("achievements", "high draw", "dogma", "unfinished", "error")
RECORD_KEYS = {"game": int, "seed": int, "winners": list, "reason": str, "actions": int,
               "decisions": int, "turns": int, "cards": dict}


def game_record(game, index: int, seed: int) -> dict:
    t = game.cards
    melded: Counter = Counter()
    melders: dict = {}
    dogma: Counter = Counter()
    shared: Counter = Counter()
    demanded: Counter = Counter()
    seen_share: set = set()
    seen_demand: set = set()
    for e in game.events:
        tag = e[0]
        if tag == "meld":
            c = e[2]
            melded[c] += 1
            melders.setdefault(c, set()).add(e[1])
        elif tag == "dogma":
            dogma[e[2]] += 1
            seen_share.clear()
            seen_demand.clear()
        elif tag == "share":
            if e[2] not in seen_share:
                seen_share.add(e[2])
                shared[e[2]] += 1
        elif tag == "demand":
            if e[2] not in seen_demand:
                seen_demand.add(e[2])
                demanded[e[2]] += 1
    cards = {}
    for c in set(melded) | set(dogma) | set(shared) | set(demanded):
        cards[t.name[c]] = [melded[c], dogma[c], shared[c], demanded[c], sorted(melders.get(c, ()))]
    r = game.result()
    actions = sum(1 for e in game.log if e["kind"] == "action")
    return {"game": index, "seed": seed, "winners": list(r.winners) if r else [],
            "reason": r.reason if r else "unfinished", "actions": actions,
            "decisions": len(game.log), "turns": game.state.turn + 1,
            "cards": dict(sorted(cards.items()))}


def error_record(index: int, seed: int, exc: BaseException) -> dict:
    return {"game": index, "seed": seed, "winners": [], "reason": "error", "actions": 0,
            "decisions": 0, "turns": 0, "cards": {}, "error": f"{type(exc).__name__}: {exc}"}


def check_record(rec, index: int, seed: int, players: int) -> str | None:
    """Why a games.jsonl line is not the record of game `index`, or None."""
    if not isinstance(rec, dict):
        return "not a JSON object"
    for k, typ in RECORD_KEYS.items():
        if k not in rec:
            return f"missing field {k!r}"
        v = rec[k]
        if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
            return f"field {k!r} should be {typ.__name__}, got {v!r}"
    if rec["game"] != index:
        return f"expected game {index} here (games are written in order), found game {rec['game']}"
    if rec["seed"] != seed:
        return f"game {index} should have seed {seed}, found {rec['seed']}"
    if rec["reason"] not in REASONS:
        return f"unknown reason {rec['reason']!r}"
    if any(not isinstance(w, int) or not 0 <= w < players for w in rec["winners"]):
        return f"winners {rec['winners']!r} are not seats 0..{players - 1}"
    if rec["reason"] not in ("unfinished", "error") and not rec["winners"]:
        return "a finished game needs winners"
    for name, v in rec["cards"].items():
        if not (isinstance(v, list) and len(v) == 5 and all(isinstance(x, int) for x in v[:4])
                and isinstance(v[4], list)):
            return f"card {name!r}: expected [melded, dogma, shared, demanded, [seats]]"
    return None


class Aggregate:
    """Statistics over records; `add` them in any order."""

    def __init__(self, players: int, bots: list, table=None):
        self.players = players
        self.bots = bots
        self.table = table
        self.games = 0
        self.reasons: Counter = Counter()
        self.seat_wins = [0] * players
        self.finished = 0
        self.ties = 0
        self.actions: list = []
        self.decisions: list = []
        self.cards: dict = {}  # name -> [melded, dogma, shared, demanded, melded_by, melded_wins]

    def add(self, rec: dict) -> None:
        self.games += 1
        self.reasons[rec["reason"]] += 1
        if rec["reason"] in ("unfinished", "error"):
            return
        self.finished += 1
        winners = set(rec["winners"])
        if len(winners) > 1:
            self.ties += 1
        for w in winners:
            self.seat_wins[w] += 1
        self.actions.append(rec["actions"])
        self.decisions.append(rec["decisions"])
        for name, (m, d, s, x, by) in rec["cards"].items():
            row = self.cards.setdefault(name, [0, 0, 0, 0, 0, 0])
            row[0] += m
            row[1] += d
            row[2] += s
            row[3] += x
            row[4] += len(by)
            row[5] += sum(1 for p in by if p in winners)

    def base_win_rate(self) -> float:
        seats = self.finished * self.players
        return sum(self.seat_wins) / seats if seats else 0.0

    def card_rows(self) -> list:
        """One row per card of the table (or per card seen), sorted by age and name."""
        base = self.base_win_rate()
        names = []
        info = {}
        if self.table is not None:
            t = self.table
            for c in range(t.n):
                if t.kind[c] == "card":
                    names.append(t.name[c])
                    info[t.name[c]] = (t.age[c], ("blue", "red", "green", "yellow", "purple")[t.color[c]])
        for n in self.cards:
            if n not in info:
                names.append(n)
                info[n] = (0, "")
        rows = []
        for n in names:
            m, d, s, x, by, wins = self.cards.get(n, [0, 0, 0, 0, 0, 0])
            wr = wins / by if by else None
            lift = (wr / base) if (wr is not None and base) else None
            age, color = info[n]
            rows.append({"card": n, "age": age, "color": color, "melded": m, "dogma": d,
                         "shared": s, "demanded": x, "melded_by": by, "melded_by_wins": wins,
                         "win_rate": None if wr is None else round(wr, 4),
                         "lift": None if lift is None else round(lift, 4)})
        rows.sort(key=lambda r: (r["age"], r["card"]))
        return rows

    def summary(self) -> dict:
        by_bot: dict = {}
        for seat, name in enumerate(self.bots):
            w, n = by_bot.get(name, (0, 0))
            by_bot[name] = (w + self.seat_wins[seat], n + self.finished)
        acts = self.actions
        return {
            "games": self.games, "finished": self.finished,
            "reasons": {r: self.reasons[r] for r in REASONS if self.reasons[r]},
            "ties": self.ties,
            "base_win_rate": round(self.base_win_rate(), 4),
            "win_rate_by_seat": [round(w / self.finished, 4) if self.finished else None
                                 for w in self.seat_wins],
            "win_rate_by_bot": {k: round(w / n, 4) if n else None for k, (w, n) in by_bot.items()},
            "length": {
                "actions_mean": round(statistics.fmean(acts), 2) if acts else None,
                "actions_median": statistics.median(acts) if acts else None,
                "actions_min": min(acts) if acts else None,
                "actions_max": max(acts) if acts else None,
                "decisions_mean": round(statistics.fmean(self.decisions), 2) if acts else None,
            },
        }


CSV_COLUMNS = ("card", "age", "color", "melded", "dogma", "shared", "demanded", "melded_by",
               "melded_by_wins", "win_rate", "lift")
