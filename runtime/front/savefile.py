"""Save files: the decision log of runtime.core.replay, one decision a line.

    {"version": 1, "header": {"game", "options", "seed", "cards", "seats", "bot_seeds"},
     "decisions": [
      {"player": 0, "kind": "card", "answer": [9]},
      ...
     ]}

The runtime reads it as it is (`InnovationGame.replay`). `read_save` refuses a file that is not
such a log, or whose decisions do not fit the game they claim to replay, naming the first bad
line and why: a truncated, corrupted or hand-edited save is never half-loaded.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field

from runtime.core.decision import validate_answer
from runtime.core.errors import IllegalMove, ReplayMismatch
from runtime.core import replay as core_replay

from .cards import BOTS, GAMES, PlayError, card_fingerprint


class SaveError(PlayError):
    def __init__(self, path, line: int | None, why: str):
        where = f"{path}:{line}" if line else str(path)
        super().__init__(f"{where}: {why}")
        self.path, self.line, self.why = path, line, why


@dataclass
class Saved:
    header: dict
    entries: list
    lines: list = field(default_factory=list)   # source line of each decision


def dumps(header: dict, log: list) -> str:
    ents = core_replay.to_jsonable(log)
    body = ",\n".join(" " + json.dumps(e) for e in ents)
    return ('{"version": 1,\n "header": ' + json.dumps(header) + ',\n "decisions": [\n'
            + body + ("\n" if ents else "") + ' ]}\n')


def write_save(path, header: dict, log: list, force: bool = False) -> None:
    """Write atomically; an existing file is kept unless `force`."""
    path = os.fspath(path)
    if os.path.exists(path) and not force:
        raise PlayError(f"{path} exists: not overwritten (use --force to overwrite)")
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(dumps(header, log))
    os.replace(tmp, path)


def _decision_lines(text: str) -> list:
    """Line numbers where each object of the top-level "decisions" array starts (a tiny scanner:
    strings, depth, the key before the array)."""
    lines, depth, line, i, n = [], 0, 1, 0, len(text)
    last_str, in_dec, dec_depth = None, False, -1
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            last_str = text[i + 1:j]
            i = j
        elif ch in "[{":
            if ch == "[" and depth == 1 and last_str == "decisions":
                in_dec, dec_depth = True, depth + 1
            elif ch == "{" and in_dec and depth == dec_depth:
                lines.append(line)
            depth += 1
        elif ch in "]}":
            depth -= 1
            if in_dec and depth < dec_depth:
                in_dec = False
        i += 1
    return lines


def parse_save(text: str, path="save") -> Saved:
    """Check the file's shape (not yet whether the decisions fit the game)."""
    if not text.strip():
        raise SaveError(path, 1, "the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        trunc = " (the file looks truncated)" if e.pos >= len(text.rstrip()) else ""
        raise SaveError(path, e.lineno, f"not valid JSON: {e.msg} at column {e.colno}{trunc}")
    if not isinstance(data, dict):
        raise SaveError(path, 1, "not a save file: expected a JSON object with version, header, decisions")
    if data.get("version") != 1:
        raise SaveError(path, 1, f"unsupported save version {data.get('version')!r} (expected 1)")
    h = data.get("header")
    if not isinstance(h, dict):
        raise SaveError(path, 2, "the header is missing or not an object")
    if h.get("game") not in GAMES:
        raise SaveError(path, 2, f"unknown game {h.get('game')!r}")
    if not isinstance(h.get("seed"), int) or isinstance(h.get("seed"), bool):
        raise SaveError(path, 2, f"the seed must be an integer, not {h.get('seed')!r}")
    opts = h.get("options")
    if not isinstance(opts, dict) or not isinstance(opts.get("players"), int) \
            or not 2 <= opts["players"] <= 4:
        raise SaveError(path, 2, f"bad options {opts!r}: players must be 2 to 4")
    if opts.get("teams") and opts["players"] != 4:
        raise SaveError(path, 2, "team play needs 4 players")
    seats = h.get("seats")
    if seats is not None:
        if not isinstance(seats, list) or len(seats) != opts["players"] or \
                any(s != "human" and s not in BOTS for s in seats):
            raise SaveError(path, 2, f"bad seats {seats!r}: one of human/{'/'.join(BOTS)} per player")
    decs = data.get("decisions")
    if not isinstance(decs, list):
        raise SaveError(path, 3, "the decisions are missing or not a list")
    lines = _decision_lines(text)
    if len(lines) != len(decs):
        lines = [None] * len(decs)
    n = opts["players"]
    for i, e in enumerate(decs):
        ln = lines[i]
        if not isinstance(e, dict) or set(e) != {"player", "kind", "answer"}:
            raise SaveError(path, ln, f"decision {i + 1} must be an object with player, kind, answer")
        if not isinstance(e["player"], int) or not 0 <= e["player"] < n:
            raise SaveError(path, ln, f"decision {i + 1}: player {e['player']!r} is not a seat 0..{n - 1}")
        if not isinstance(e["kind"], str) or not isinstance(e["answer"], list):
            raise SaveError(path, ln, f"decision {i + 1}: kind must be a string and answer a list")
        if e["kind"] == "action" and not all(isinstance(a, list) and a for a in e["answer"]):
            raise SaveError(path, ln, f"decision {i + 1}: an action answer is a list of actions")
    return Saved(h, core_replay.from_jsonable(decs), lines)


def read_save(path, cardset=None) -> Saved:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise PlayError(f"{path}: no such file")
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(path, None, f"cannot read: {e}")
    saved = parse_save(text, path)
    fp = saved.header.get("cards")
    if cardset is not None and fp is not None and fp != card_fingerprint(cardset):
        raise SaveError(path, 2, f"the save was made with another card set ({fp}); this one is "
                                 f"{card_fingerprint(cardset)}: card ids would not match")
    return saved


class LogExhausted(Exception):
    """The log ended where the game asks a decision and nobody plays live."""


class LogAgent:
    """Sits in every seat: answers from the log first, then asks `live[player]` (if given).
    `on_entry(game, decision, answer, index)` is called for every logged answer it gives."""

    name = "log"

    def __init__(self, entries: list, live: list | None = None, on_entry=None):
        self.entries = entries
        self.pos = 0
        self.live = live
        self.on_entry = on_entry
        self.asked_live = False

    def replaying(self) -> bool:
        return self.pos < len(self.entries)

    def choose(self, game, d):
        if self.pos < len(self.entries):
            e = self.entries[self.pos]
            self.pos += 1
            if e["player"] != d.player or e["kind"] != d.kind:
                raise ReplayMismatch(f"the log has a {e['kind']} decision of p{e['player'] + 1} "
                                     f"where the game asks a {d.kind} decision of p{d.player + 1}")
            answer = validate_answer(d, list(e["answer"]))  # IllegalMove with the reason
            if self.on_entry is not None:
                self.on_entry(game, d, answer, self.pos - 1)
            return answer
        if self.live is None:
            raise LogExhausted()
        self.asked_live = True
        return self.live[d.player].choose(game, d)


def replay_log(make_game, saved: Saved, path="save", live: list | None = None, on_entry=None,
               on_step=None):
    """Replay `saved` through `make_game(agent)` (a game built with auto_setup=False and `agent`
    in every seat); with `live`, go on playing after the log.
    Returns (game, agent). A decision that does not fit raises SaveError at its line. Without
    `live` the replay stops where the log ends (possibly inside an action: a pending decision)."""
    agent = LogAgent(saved.entries, live, on_entry)

    def bad(why):
        i = max(agent.pos - 1, 0)
        ln = saved.lines[i] if i < len(saved.lines) else None
        return SaveError(path, ln, f"decision {i + 1} does not fit the game: {why}")

    game = None
    try:
        game = make_game(agent)
        game.setup()
        while not game.over:
            if live is None and not agent.replaying():
                break
            game.step()
            if on_step is not None:
                on_step(game)
    except (ReplayMismatch, IllegalMove) as e:
        raise bad(getattr(e, "reason", None) or str(e))
    except LogExhausted:
        return game, agent
    except (TypeError, ValueError, IndexError, KeyError) as e:
        if not agent.asked_live:  # a hand-edited answer the engine cannot even use
            raise bad(f"{type(e).__name__}: {e}")
        raise
    if game.over and agent.replaying():
        i = agent.pos
        ln = saved.lines[i] if i < len(saved.lines) else None
        raise SaveError(path, ln, f"decision {i + 1} comes after the game ended")
    return game, agent


def check_replays(path, saved: Saved, cardset) -> None:
    """Replay the whole log (no live players): SaveError at the first decision that does not fit."""
    from runtime.games.innovation import Options
    opts = Options.from_dict(saved.header["options"])

    def make(agent):
        return cardset.game_class(cardset.table, cardset.effects, cardset.specials, opts,
                                  seed=saved.header["seed"], agents=[agent] * opts.players,
                                  auto_setup=False, record_events=False)
    replay_log(make, saved, path, live=None)
