"""Save files of `cardlang play`: a State's JSON (the game's configuration and every decision,
runtime/core/contract.py) plus the front end's own fields, one decision a line:

    {"version": 1,
     "header": {"game": "innovation", "options": {...}, "seed": 3,
                "cards": "fc682c8ebb40", "seats": ["human", "greedy"], "bot_seeds": [...]},
     "decisions": [
     {"player": 0, "kind": "card", "answer": [9]},
     ...
     ]}

`cards` fingerprints the card names (decisions name cards by id), `seats` says who sat where,
`bot_seeds` seeds the bots. Reading checks the whole file against this schema before anything
is played, then replays every decision through the contract: a truncated, corrupted, hostile
or hand-edited file is refused as `FILE:LINE: why`, never half-loaded, never a traceback.
Writing is atomic and only over regular files (files.py).
"""
from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass, field

from .bots import BOTS, is_bot
from .files import WriteRefused, atomic_write
from .states import PlayError, find_game, load_state

MAX_BYTES = 8 * 2 ** 20     # a save of a 5,000-action game is ~200 KB
MAX_DEPTH = 16              # a save nests 5 deep
MAX_DIGITS = 30             # seeds are below 2**64 (20 digits)
STATE_FIELDS = ("game", "options", "seed")
FRONT_FIELDS = ("cards", "seats", "bot_seeds")
ENTRY_FIELDS = {"player", "kind", "answer"}
# one token of the scan that precedes parsing: a string, a bracket, a line end, a long number
_TOKENS = re.compile(r'"(?:[^"\\\n]|\\.)*"|[\[\]{}\n]|\d{%d,}' % (MAX_DIGITS + 1))


class SaveError(PlayError):
    def __init__(self, path, line, why: str):
        where = f"{path}:{line}" if line else str(path)
        super().__init__(f"{where}: {why}")
        self.path, self.line, self.why = path, line, why


@dataclass
class Saved:
    path: str
    header: dict
    entries: list                               # the decisions, as in the file
    lines: list = field(default_factory=list)   # the line each decision starts on
    text: str = ""

    def key_line(self, key: str) -> int | None:
        """The line of a header field (for errors about it)."""
        start = self.text.find('"header"')
        m = re.compile(r'"%s"\s*:' % re.escape(key)).search(self.text, max(start, 0))
        return self.text.count("\n", 0, m.start()) + 1 if m else None

    def entry_line(self, i: int) -> int | None:
        return self.lines[i] if i < len(self.lines) else None

    @property
    def game(self) -> str:
        return self.header["game"]


# ------------------------------------------------------------------------------ writing
def dumps(state_json: str, extra: dict) -> str:
    """The save text of a State's JSON with the front end's fields added to its header."""
    data = json.loads(state_json)
    header = dict(data["header"], **extra)
    decisions = data["decisions"]
    body = ",\n".join(" " + json.dumps(e) for e in decisions)
    return ('{"version": 1,\n "header": ' + json.dumps(header) + ',\n "decisions": [\n'
            + body + ("\n" if decisions else "") + ' ]}\n')


def write_save(path, state, extra: dict, force: bool = False) -> int:
    """Save `state` (with the front end's `extra` header fields) to `path`; returns the number
    of decisions saved. PlayError says why nothing was written."""
    text = dumps(state.to_json(), extra)
    try:
        atomic_write(path, text, force)
    except WriteRefused as e:
        raise PlayError(str(e)) from None
    except OSError as e:
        raise PlayError(f"cannot save to {path}: {e.strerror or e} (nothing was written)") from None
    return text.count('"player"')


# ------------------------------------------------------------------------------ reading
def read_save(path) -> Saved:
    """The checked contents of a save file, or SaveError: FILE:LINE: why."""
    text = _read_text(path)
    _scan(text, path)
    if not text.strip():
        raise SaveError(path, 1, "the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        end = text.rstrip()
        cut = " (the file looks truncated)" if e.pos >= len(end) or not end.endswith("}") else ""
        raise SaveError(path, e.lineno, f"not valid JSON: {e.msg} at column {e.colno}{cut}")
    except (ValueError, RecursionError) as e:
        raise SaveError(path, 1, f"not valid JSON: {e}")
    return _check_shape(data, text, path)


def _read_text(path) -> str:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise PlayError(f"{path}: no such file") from None
    except OSError as e:
        raise SaveError(path, None, f"cannot read: {e.strerror or e}") from None
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(path, None, "not a regular file (a folder, device or pipe)")
    if st.st_size > MAX_BYTES:
        raise SaveError(path, None, f"{st.st_size:,} bytes: too big for a save (at most "
                                    f"{MAX_BYTES:,})")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise SaveError(path, None, f"cannot read: {e.strerror or e}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise SaveError(path, line, f"not UTF-8 text: byte 0x{data[e.start]:02x} at column "
                                    f"{col} ({e.reason})") from None


def _scan(text: str, path) -> None:
    """Refuse, at their line, what the JSON parser would choke on: nesting deeper than a save
    ever is, and numbers too long to be a seed."""
    depth, line = 0, 1
    for m in _TOKENS.finditer(text):
        tok = m.group()
        c = tok[0]
        if c == "\n":
            line += 1
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise SaveError(path, line, f"nested too deeply (more than {MAX_DEPTH} levels)")
        elif c in "]}":
            depth -= 1
        elif c.isdigit():
            raise SaveError(path, line, f"a number of {len(tok)} digits (at most {MAX_DIGITS})")


def _check_shape(data, text: str, path) -> Saved:
    """The schema: version 1; header {game, options, seed, cards?, seats?, bot_seeds?};
    decisions [{player, kind, answer}]. (Whether options, seed and decisions fit the game is
    checked when it is started and replayed.)"""
    if not isinstance(data, dict):
        raise SaveError(path, 1, "not a save file: expected a JSON object with version, header "
                                 "and decisions")
    extra = set(data) - {"version", "header", "decisions"}
    if extra:
        raise SaveError(path, 1, f"unknown field(s) {sorted(extra)}: a save has version, "
                                 "header and decisions")
    if data.get("version") != 1 or isinstance(data.get("version"), bool):
        raise SaveError(path, 1, f"unsupported save version {data.get('version')!r} (expected 1)")
    h = data.get("header")
    saved = Saved(str(path), h, [], [], text)
    hline = text.count("\n", 0, max(text.find('"header"'), 0)) + 1
    if not isinstance(h, dict):
        raise SaveError(path, hline, "the header is missing or not an object")
    for k in h:
        if k not in STATE_FIELDS + FRONT_FIELDS:
            raise SaveError(path, saved.key_line(k) or hline,
                            f"unknown header field {k!r} (known: {', '.join(STATE_FIELDS + FRONT_FIELDS)})")
    for k in STATE_FIELDS:
        if k not in h:
            raise SaveError(path, hline, f"the header has no {k!r}")
    at = lambda k: saved.key_line(k) or hline  # noqa: E731
    if not isinstance(h["game"], str):
        raise SaveError(path, at("game"), f"the game must be a name, not {h['game']!r}")
    if not isinstance(h["options"], dict):
        raise SaveError(path, at("options"), f"the options must be an object, not {h['options']!r}")
    if isinstance(h["seed"], bool) or not isinstance(h["seed"], int) or \
            not 0 <= h["seed"] < 2 ** 64:
        raise SaveError(path, at("seed"), f"the seed must be a whole number from 0 to 2**64 - 1, "
                                          f"not {h['seed']!r}")
    if "cards" in h and not isinstance(h["cards"], str):
        raise SaveError(path, at("cards"), f"cards must be a fingerprint (text), not {h['cards']!r}")
    seats = h.get("seats")
    if seats is not None and (not isinstance(seats, list) or any(
            not isinstance(s, str) or (s != "human" and not is_bot(s)) for s in seats)):
        raise SaveError(path, at("seats"), f"bad seats {seats!r}: one of human, "
                                           f"{', '.join(BOTS)} per player")
    seeds = h.get("bot_seeds")
    if seeds is not None and (not isinstance(seeds, list) or any(
            isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < 2 ** 32 for s in seeds)):
        raise SaveError(path, at("bot_seeds"), f"bad bot_seeds {seeds!r}: a whole number from 0 "
                                               "to 2**32 - 1 per player")
    decs = data.get("decisions")
    if not isinstance(decs, list):
        raise SaveError(path, text.count("\n", 0, max(text.find('"decisions"'), 0)) + 1,
                        "the decisions are missing or not a list")
    lines = decision_lines(text)
    saved.lines = lines if len(lines) == len(decs) else [None] * len(decs)
    for i, e in enumerate(decs):
        ln = saved.lines[i]
        if not isinstance(e, dict) or set(e) != ENTRY_FIELDS:
            raise SaveError(path, ln, f"decision {i + 1} must be an object with player, kind, answer")
        if isinstance(e["player"], bool) or not isinstance(e["player"], int) or e["player"] < 0:
            raise SaveError(path, ln, f"decision {i + 1}: player {e['player']!r} is not a seat")
        if not isinstance(e["kind"], str) or not isinstance(e["answer"], list):
            raise SaveError(path, ln, f"decision {i + 1}: kind must be text and answer a list")
    saved.entries = decs
    return saved


def decision_lines(text: str) -> list:
    """The line where each object of the top-level "decisions" array starts."""
    lines, depth, line = [], 0, 1
    last, inside, level = None, False, -1
    for m in _TOKENS.finditer(text):
        tok = m.group()
        c = tok[0]
        if c == "\n":
            line += 1
        elif c == '"':
            last = tok[1:-1]
        elif c in "[{":
            if c == "[" and depth == 1 and last == "decisions":
                inside, level = True, depth + 1
            elif c == "{" and inside and depth == level:
                lines.append(line)
            depth += 1
        elif c in "]}":
            depth -= 1
            if inside and depth < level:
                inside = False
    return lines


# ------------------------------------------------------------------------------ playing it
def start(saved: Saved, mode: str = "auto", record_events: bool = False):
    """(game, state): the saved game before its first decision, its header checked against
    the game (options, seed, card set, seats); SaveError at the line that does not fit."""
    from runtime.core.errors import BadSave
    path, h = saved.path, saved.header
    try:
        game = find_game(h["game"])
    except PlayError as e:
        raise SaveError(path, saved.key_line("game"), str(e)) from None
    head = json.dumps({"version": 1, "header": {k: h[k] for k in STATE_FIELDS},
                       "decisions": []})
    try:
        state = load_state(game, head, mode, record_events)
    except BadSave as e:
        why = str(e)
        key = "options" if why.startswith("options") else "seed" if "seed" in why else "game"
        raise SaveError(path, saved.key_line(key), why) from None
    n = len(state.returns())
    for k in ("seats", "bot_seeds"):
        if h.get(k) is not None and len(h[k]) != n:
            raise SaveError(path, saved.key_line(k), f"{k}: {len(h[k])} given for {n} players")
    fp = h.get("cards")
    if fp is not None and fp != game.view().fingerprint(state)["cards"]:
        raise SaveError(path, saved.key_line("cards"),
                        f"the save was made with another card set ({fp}); this one is "
                        f"{game.view().fingerprint(state)['cards']}: card ids would not match")
    for i, e in enumerate(saved.entries):
        if e["player"] >= n:
            raise SaveError(path, saved.entry_line(i),
                            f"decision {i + 1}: player {e['player']} is not a seat 0..{n - 1}")
    return game, state


def replay(saved: Saved, state, each=None):
    """Answer the saved decisions from `state` (start's); `each(i, state, pending, options)`
    is called before decision i is applied. Returns the state after the last one; SaveError
    at the first decision that does not fit the game."""
    from runtime.core.errors import IllegalMove
    path = saved.path
    for i, e in enumerate(saved.entries):
        ln = saved.entry_line(i)
        p = state.pending()
        if p is None:
            raise SaveError(path, ln, f"decision {i + 1} comes after the game ended")
        if e["player"] != p.player or e["kind"] != p.kind:
            raise SaveError(path, ln, f"decision {i + 1} does not fit the game: the save has a "
                                      f"{e['kind']!r} decision of p{e['player'] + 1} where the "
                                      f"game asks a {p.kind!r} decision of p{p.player + 1}")
        try:
            chosen = [p.find(a) for a in e["answer"]]
            if None in chosen:
                bad = e["answer"][chosen.index(None)]
                raise IllegalMove(f"{_short(bad)} is not one of the options "
                                  f"({p.legal_ids()})")
            if each is not None:
                each(i, state, p, chosen)
            state.apply(chosen)
        except IllegalMove as err:
            raise SaveError(path, ln, f"decision {i + 1} does not fit the game: "
                                      f"{err.reason}") from None
    return state


def _short(x) -> str:
    s = json.dumps(x)
    return s if len(s) <= 60 else s[:57] + "..."
