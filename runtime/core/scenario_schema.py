"""The shape of a scenario (format v1, docs/scenarios.md "Scenario format"), checked before
anything runs, so that a malformed file gets located errors instead of a traceback deep in the
runner, and a number like "players": 100000000 is refused instead of tried.

The generic part is checked here: the top-level keys, options (through the Game), the seed,
the steps' shape and actors, `expect.game_over`. A game's Zones (runtime/core/scenario.py)
checks its own part: the zones of `setup` and `expect`, and the fields of its actions.

Every problem names its place as a path into the scenario (("setup", "players", "p1",
"hand", 0)); whoever read the scenario maps the path to a file position (jsonpos, or the
card-example lines a scenario was written from).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Optional

from dsl.errors import did_you_mean

from .errors import BadOptions

MAX_SEED = 2 ** 64 - 1
UNSCRIPTED = ("fail", "first legal")  # what an unscripted decision does (default: fail)
_PLAYER = re.compile(r"p([1-9][0-9]{0,2})")

TOP_KEYS = {
    "name": "the scenario's name (cite the rule it tests)",
    "game": "the game's name",
    "options": "the game's options",
    "seed": "the seed of the shuffles",
    "setup": "the position",
    "steps": "actions and answers",
    "expect": "the position expected at the end",
    "unscripted": "what a decision without a scripted answer does: fail or first legal",
}
STEP_KEYS = ("actor", "action", "choose")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a scenario: where (a path into it), what, what was expected and a
    did-you-mean. `at_key`: the place is the key at `path` (an unknown key), not its value."""
    path: tuple
    message: str
    expected: str = ""
    suggestion: str = ""
    at_key: bool = False

    def where(self) -> str:
        return dotted(self.path)

    def line(self) -> str:
        """One line: the place, the message, what was expected and the suggestion."""
        s = f"{self.where()}: {self.message}"
        if self.expected:
            s += f" (expected {self.expected})"
        if self.suggestion:
            s += f"; {self.suggestion}"
        return s


def dotted(path) -> str:
    """A path as people write it: setup.players.p1.hand[0]."""
    out = ""
    for k in path:
        out += f"[{k}]" if isinstance(k, int) else (f".{k}" if out else str(k))
    return out or "the scenario"


def show(v) -> str:
    """A value as a problem quotes it: short, on one line."""
    s = repr(v) if not isinstance(v, str) else "'" + v + "'"
    s = s.replace("\n", "\\n")
    return s if len(s) <= 40 else s[:37] + "..."


def type_name(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true or false"
    return {dict: "an object", list: "a list", str: "a string", int: "a number",
            float: "a number"}.get(type(v), type(v).__name__)


class Checker:
    """Collects the problems of one scenario; each test returns whether the value passed, so
    that the callers go deeper only into values of the right shape."""

    def __init__(self):
        self.problems: list[Problem] = []

    def error(self, path, message: str, expected: str = "", suggestion: str = "",
              at_key: bool = False) -> bool:
        self.problems.append(Problem(tuple(path), message, expected, suggestion or "", at_key))
        return False

    def obj(self, v, path, known: dict | Iterable[str], what: str) -> bool:
        """`v` is an object whose keys are all `known`."""
        if not isinstance(v, dict):
            return self.error(path, f"{what} must be an object, not {type_name(v)}",
                              "{...}")
        known = list(known)
        for k in v:
            if k not in known:
                self.error(tuple(path) + (k,), f"unknown key '{k}' in {what}",
                           "one of " + ", ".join(known), did_you_mean(k, known), at_key=True)
        return True

    def lst(self, v, path, what: str) -> bool:
        if not isinstance(v, list):
            return self.error(path, f"{what} must be a list, not {type_name(v)}", "[...]")
        return True

    def text(self, v, path, what: str) -> bool:
        if not isinstance(v, str):
            return self.error(path, f"{what} must be a string, not {type_name(v)}")
        return True

    def integer(self, v, path, lo: int, hi: int, what: str) -> bool:
        if isinstance(v, bool) or not isinstance(v, int):
            return self.error(path, f"{what} must be a whole number, not {type_name(v)}",
                              f"{lo} to {hi}")
        if not lo <= v <= hi:
            return self.error(path, f"{what} {show(v)} is out of range", f"{lo} to {hi}")
        return True

    def word(self, v, path, choices, what: str) -> bool:
        """`v` is one of `choices` (strings)."""
        if not isinstance(v, str):
            return self.error(path, f"{what} must be a string, not {type_name(v)}",
                              "one of " + ", ".join(choices))
        if v not in choices:
            return self.error(path, f"unknown {what} {show(v)}", "one of " + ", ".join(choices),
                              did_you_mean(v, choices))
        return True

    def player(self, v, path, n: int, at_key: bool = False) -> Optional[int]:
        """The seat of the player named `v` ("p1".."pN"), or None after a problem."""
        m = _PLAYER.fullmatch(v) if isinstance(v, str) else None
        if m is None or int(m.group(1)) > n:
            self.error(path, f"unknown player {show(v)}", f"p1 to p{n} ({n} players)",
                       at_key=at_key)
            return None
        return int(m.group(1)) - 1


def player_count(game, options: dict) -> int:
    """How many players a scenario's (checked) options give."""
    n = options.get("players")
    return n if isinstance(n, int) and not isinstance(n, bool) else game.min_players


def check_options(raw, game, aliases: dict, chk: Checker) -> dict:
    """The game's options with defaults (Game.options), each given one checked where it is
    written. After a problem, the options that passed with defaults for the others, so that
    the rest of the scenario is still checked."""
    if raw is None:
        raw = {}
    if not chk.obj(raw, ("options",), list(_option_names(game)) + list(aliases), "options"):
        return game.options({})
    specs = {s.name: s for s in game.option_specs}
    given, ok = {}, True
    for k, v in raw.items():
        spec = specs.get(aliases.get(k, k))
        if spec is None:
            continue
        try:
            given[spec.name] = spec.check(v)
        except BadOptions as e:
            ok = chk.error(("options", k), str(e))
    try:
        return game.options(given)
    except BadOptions as e:
        if ok:
            chk.error(("options",), str(e))
        return game.options({})


def _option_names(game) -> list:
    return [s.name for s in game.option_specs]


def check_scenario(data, zones) -> list[Problem]:
    """Every problem of a scenario (an empty list: it may run). `zones` is the game's
    Zones (runtime/core/scenario.py), which checks the game's part."""
    chk = Checker()
    if not chk.obj(data, (), TOP_KEYS, "a scenario"):
        return chk.problems
    game = zones.game
    if "name" in data:
        chk.text(data["name"], ("name",), "the name")
    if "game" in data and chk.text(data["game"], ("game",), "the game") \
            and data["game"] != game.name:
        chk.error(("game",), f"a scenario of '{data['game']}' given to the {game.name} runner",
                  f"'{game.name}'")
    options = check_options(data.get("options"), game, zones.option_aliases, chk)
    n = player_count(game, options)
    if "seed" in data:
        chk.integer(data["seed"], ("seed",), 0, MAX_SEED, "the seed")
    if "unscripted" in data:
        chk.word(data["unscripted"], ("unscripted",), UNSCRIPTED, "unscripted behaviour")
    setup = data.get("setup", {})
    if chk.obj(setup, ("setup",), zones.setup_keys, "setup"):
        zones.check_setup(setup, ("setup",), chk, n, options)
    steps = data.get("steps", [])
    if chk.lst(steps, ("steps",), "steps"):
        for i, step in enumerate(steps):
            _check_step(step, ("steps", i), zones, chk, n)
    expect = data.get("expect", {})
    if chk.obj(expect, ("expect",), dict(zones.expect_keys, game_over="the end of the game"),
               "expect"):
        if "game_over" in expect:
            _check_game_over(expect["game_over"], ("expect", "game_over"), zones, chk, n)
        zones.check_expect({k: v for k, v in expect.items() if k != "game_over"},
                           ("expect",), chk, n, options)
    return chk.problems


def _check_step(step, path, zones, chk: Checker, n: int) -> None:
    if not isinstance(step, dict):
        chk.error(path, f"a step must be an object, not {type_name(step)}",
                  '{"actor": "p1", "action": "draw"} or {"actor": "p2", "choose": ["Oars"]}')
        return
    if "actor" not in step:
        chk.error(path, "a step without an 'actor'", '"actor": "p1"')
    else:
        chk.player(step["actor"], path + ("actor",), n)
    if "choose" in step and "action" in step:
        chk.error(path, "a step is an action or an answer, not both",
                  'separate steps: {"actor": ..., "action": ...}, {"actor": ..., "choose": [...]}')
    elif "choose" in step:
        if not chk.obj(step, path, ("actor", "choose"), "an answer step"):
            return
        _check_answer(step["choose"], path + ("choose",), chk)
    elif "action" in step:
        if chk.word(step["action"], path + ("action",), tuple(zones.actions), "action"):
            fields = zones.actions[step["action"]]
            if chk.obj(step, path, ("actor", "action") + tuple(fields),
                       f"a {step['action']} step"):
                zones.check_action(step, path, chk, n)
    else:
        chk.error(path, "a step is an action or an answer",
                  "an 'action' (" + ", ".join(zones.actions) + ") or 'choose'")


def _check_answer(answer, path, chk: Checker) -> None:
    """An answer names options by id or text: a string (a number is read as its digits), or a
    list of them ([] declines an optional choice)."""
    items = answer if isinstance(answer, list) else [answer]
    for i, a in enumerate(items):
        at = path + (i,) if isinstance(answer, list) else path
        if isinstance(a, bool) or not isinstance(a, (str, int)):
            chk.error(at, f"an answer names an option, not {type_name(a)}",
                      'an option\'s id or text, e.g. "Oars", "red", "3", "yes", "option 1"')


def _check_game_over(v, path, zones, chk: Checker, n: int) -> None:
    if v is None:
        return
    if not chk.obj(v, path, ("winners", "reason"), "game_over"):
        return
    winners = v.get("winners", [])
    if chk.lst(winners, path + ("winners",), "the winners"):
        for i, w in enumerate(winners):
            chk.player(w, path + ("winners", i), n)
    if "reason" in v:
        chk.word(v["reason"], path + ("reason",), zones.game_over_reasons, "reason")
