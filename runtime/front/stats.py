"""Per-game records (one line of games.jsonl) and the statistics computed from them.

A record is the game's own (`view.record(state)`: winners, reason, its length, decisions and
per-card counts `{name: [count..., [seats]]}` in the order of `view.counters`, the seats being
those that played the card, `view.played`), with the game's index and seed in front; a game
that did not finish has reason "unfinished", one whose engine failed "error" and the message.
Everything in cards.csv and summary.json is computed from these records, so a resumed
simulation's statistics cover all its games.

Card lift is compared within a group of cards (`view.lift_group`: Innovation's ages) and bot:
a card's lift is the wins of the player-games in which it was played over the wins expected
if each of them had won as often as the same bot does in player-games in which it played a
card of the same group (observed / expected, indirect standardisation). Raw lift (its win rate
over everyone's) is kept beside it: it mostly measures how late a card comes and who plays it.
"""
from __future__ import annotations

import statistics
from collections import Counter, defaultdict

FRONT_REASONS = ("unfinished", "error")
RECORD_KEYS = {"game": int, "seed": int, "winners": list, "reason": str, "decisions": int,
               "cards": dict}


def error_record(index: int, seed: int, exc: BaseException, length: str) -> dict:
    return {"game": index, "seed": seed, "winners": [], "reason": "error", length: 0,
            "decisions": 0, "cards": {}, "error": f"{type(exc).__name__}: {exc}"}


def check_record(rec, index: int, seed: int, players: int, view):
    """Why a games.jsonl line is not the record of game `index` (of the game whose view is
    `view`), or None."""
    length, counters = view.length, len(view.counters)
    if not isinstance(rec, dict):
        return "not a JSON object"
    for k, typ in dict(RECORD_KEYS, **{length: int}).items():
        if k not in rec:
            return f"missing field {k!r}"
        v = rec[k]
        if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
            return f"field {k!r} should be {typ.__name__}, got {v!r}"
    if rec["game"] != index:
        return f"expected game {index} here (games are written in order), found game {rec['game']}"
    if rec["seed"] != seed:
        return f"game {index} should have seed {seed}, found {rec['seed']}"
    if rec["reason"] not in tuple(view.reasons) + FRONT_REASONS:
        return f"unknown reason {rec['reason']!r}"
    if any(not isinstance(w, int) or isinstance(w, bool) or not 0 <= w < players
           for w in rec["winners"]):
        return f"winners {rec['winners']!r} are not seats 0..{players - 1}"
    if rec["reason"] not in FRONT_REASONS and not rec["winners"]:
        return "a finished game needs winners"
    for name, v in rec["cards"].items():
        if not (isinstance(v, list) and len(v) == counters + 1
                and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v[:-1])
                and isinstance(v[-1], list)
                and all(isinstance(s, int) and 0 <= s < players for s in v[-1])):
            return f"card {name!r}: expected [{counters} counts, [seats]]"
    return None


class Aggregate:
    """Statistics over records; `add` them in any order. `view` is the game's (counters,
    played, lift_group, length); `catalogue` its cards (view.catalogue)."""

    def __init__(self, bots: list, view, catalogue: list):
        self.bots = bots
        self.players = len(bots)
        self.view = view
        self.catalogue = catalogue
        self.group_of = {c["card"]: c.get(view.lift_group) for c in catalogue}
        self.games = 0
        self.finished = 0
        self.ties = 0
        self.reasons: Counter = Counter()
        self.seat_wins = [0] * self.players
        self.lengths: list = []
        self.decisions: list = []
        k = len(view.counters)
        self.counts: dict = defaultdict(lambda: [0] * k)     # card -> summed counters
        self.played: dict = defaultdict(lambda: defaultdict(lambda: [0, 0]))  # card -> bot -> [n, wins]
        self.stratum: dict = defaultdict(lambda: [0, 0])     # (bot, group) -> [n, wins]

    def add(self, rec: dict) -> None:
        self.games += 1
        self.reasons[rec["reason"]] += 1
        if rec["reason"] in FRONT_REASONS:
            return
        self.finished += 1
        winners = set(rec["winners"])
        self.ties += len(winners) > 1
        for w in winners:
            self.seat_wins[w] += 1
        self.lengths.append(rec[self.view.length])
        self.decisions.append(rec["decisions"])
        groups: dict = defaultdict(set)   # seat -> groups of the cards it played
        for name, v in rec["cards"].items():
            row = self.counts[name]
            for i, x in enumerate(v[:-1]):
                row[i] += x
            for s in v[-1]:
                cell = self.played[name][self.bots[s]]
                cell[0] += 1
                cell[1] += s in winners
                groups[s].add(self.group_of.get(name))
        for s, gs in groups.items():
            for g in gs:
                cell = self.stratum[(self.bots[s], g)]
                cell[0] += 1
                cell[1] += s in winners

    def base_win_rate(self) -> float:
        seats = self.finished * self.players
        return sum(self.seat_wins) / seats if seats else 0.0

    def card_rows(self) -> list:
        """One row per card of the catalogue (and any other card seen), in catalogue order."""
        v = self.view
        base = self.base_win_rate()
        rows = []
        known = [dict(c) for c in self.catalogue]
        seen = {c["card"] for c in known}
        known += [{"card": n} for n in sorted(set(self.counts) - seen)]
        for info in known:
            name = info["card"]
            counts = self.counts.get(name, [0] * len(v.counters))
            by_bot = self.played.get(name, {})
            n = sum(c[0] for c in by_bot.values())
            wins = sum(c[1] for c in by_bot.values())
            group = self.group_of.get(name)
            expected = 0.0
            for bot, (m, _) in by_bot.items():
                sn, sw = self.stratum.get((bot, group), (0, 0))
                expected += m * (sw / sn) if sn else 0.0
            wr = wins / n if n else None
            row = dict(info)
            row.update(zip(v.counters, counts))
            row.update({f"{v.played}_by": n, f"{v.played}_by_wins": wins,
                        "win_rate": None if wr is None else round(wr, 4),
                        "expected_wins": round(expected, 2),
                        "lift": round(wins / expected, 4) if expected > 0 else None,
                        "raw_lift": round(wr / base, 4) if wr is not None and base else None})
            rows.append(row)
        return rows

    def columns(self) -> list:
        v = self.view
        info = [k for k in (self.catalogue[0] if self.catalogue else {"card": ""})]
        return info + list(v.counters) + [f"{v.played}_by", f"{v.played}_by_wins", "win_rate",
                                          "expected_wins", "lift", "raw_lift"]

    def summary(self) -> dict:
        by_bot: dict = {}
        for seat, name in enumerate(self.bots):
            w, n = by_bot.get(name, (0, 0))
            by_bot[name] = (w + self.seat_wins[seat], n + self.finished)
        xs, key = self.lengths, self.view.length
        return {
            "games": self.games, "finished": self.finished,
            "reasons": dict(self.reasons.most_common()),
            "ties": self.ties,
            "base_win_rate": round(self.base_win_rate(), 4),
            "win_rate_by_seat": [round(w / self.finished, 4) if self.finished else None
                                 for w in self.seat_wins],
            "win_rate_by_bot": {k: round(w / n, 4) if n else None for k, (w, n) in by_bot.items()},
            "length": {
                f"{key}_mean": round(statistics.fmean(xs), 2) if xs else None,
                f"{key}_median": statistics.median(xs) if xs else None,
                f"{key}_min": min(xs) if xs else None,
                f"{key}_max": max(xs) if xs else None,
                "decisions_mean": round(statistics.fmean(self.decisions), 2) if xs else None,
            },
        }
