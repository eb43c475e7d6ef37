"""Card examples -> scenarios (format v1), for every game. An example is a scenario written
inside the card it tests:

    example "a crown card is transferred":
        given:
            p1 board: Oars              # the game's zone lines: `pN ZONE: ITEMS` and others
            p2 hand: Sailing, "The Wheel"
            players: 3                  # any of the game's options; also `seed: N`
        do:
            p1 dogma: Oars              # `pN ACTION: ...`: the game's actions
            p2 choose: Sailing          # an answer: options by id or text; nothing declines
            unscripted: first legal     # opt in: unscripted decisions take the first options
        expect:
            p1 score: Sailing
            game over: p1, dogma        # or omitted: the game is not over

Here: the parts, players, `choose`, options, `seed`, `unscripted` and `game over`. The game's
Words (Zones.example_words()) read its own lines: zones, supply piles, its actions.

A translation records where each value came from (the item or line of the card file), so
that every problem the scenario's checks find (runtime/core/scenario_schema.py and the game's
Zones) is reported at its place in the card: `check_example` gives them all, located.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from dsl.errors import did_you_mean

from .scenario_schema import UNSCRIPTED, check_scenario

PLAYER = re.compile(r"p[0-9]+")
YES, NO = ("yes", "true"), ("no", "false")


class ExampleErrors(Exception):
    """Several ExampleErrors of one line (a line naming two unknown cards)."""

    def __init__(self, errors: list):
        super().__init__(f"{len(errors)} errors")
        self.errors = errors


class ExampleError(Exception):
    """A line of an example that cannot be read: its span (dsl.ast.Span), what is wrong,
    what was expected and a did-you-mean."""

    def __init__(self, span, message: str, expected: str = "", suggestion: str = ""):
        super().__init__(message)
        self.span, self.message = span, message
        self.expected, self.suggestion = expected, suggestion or ""


@dataclass
class Scenario:
    """A scenario being written from an example, and the span each of its values came from."""
    data: dict
    spans: dict = field(default_factory=dict)   # path -> span

    def node(self, path: tuple, span=None, default=dict):
        """The container at `path`, made (as `default()`) if missing."""
        if not path:
            return self.data
        d = self.data
        for k in path[:-1]:
            d = d[k] if isinstance(d, list) else d.setdefault(k, {})
        if span is not None:
            self.spans.setdefault(tuple(path), span)
        return d[path[-1]] if isinstance(d, list) else d.setdefault(path[-1], default())

    def put(self, path: tuple, value, span) -> None:
        self.node(path[:-1], span)[path[-1]] = value
        self.spans[tuple(path)] = span

    def add(self, path: tuple, items, line_span) -> None:
        """Append the items' texts to the list at `path`, each with its span."""
        lst = self.node(path, line_span, list)
        for it in items:
            self.spans[tuple(path) + (len(lst),)] = it.span
            lst.append(it.text)

    def span_of(self, path: tuple, fallback):
        path = tuple(path)
        while path and path not in self.spans:
            path = path[:-1]
        return self.spans.get(path, fallback)


class Words:
    """What a game gives the translation (its Zones.example_words()). `actions`: the action
    words of `pN ACTION:` lines; the methods raise ExampleError for a line they cannot read."""

    game = None
    actions: tuple = ()
    player_lines: str = ""      # for messages: the player lines the game reads
    other_lines: str = ""       # for messages: its other lines
    other_keys: tuple = ()      # their first words (did-you-mean)
    game_over_default: str = ""  # the reason of a `game over:` line that names none

    def player_line(self, part: str, player: str, key: list, items: tuple, line, out: Scenario):
        """A `pN WORDS: ITEMS` line of a given (part "setup") or expect (part "expect")."""
        raise NotImplementedError

    def other_line(self, part: str, key: list, items: tuple, line, out: Scenario) -> bool:
        """Any other line of given/expect: read it and say True, or say False (unknown)."""
        return False

    def action(self, step: dict, items: tuple, line, out: Scenario, path: tuple) -> None:
        """Fill the action step at `path` (actor and action are set) from the line's items."""

    def options_of(self, card) -> dict:
        """Options the card itself implies (a first-edition card plays edition 1)."""
        return {}


def to_scenario(example, card, words: Words) -> tuple[Scenario, list]:
    """The scenario an example (dsl.ast.Example) of `card` writes, and the ExampleErrors of
    the lines that could not be read (every one of them)."""
    out = Scenario({"name": f"{card.name}: {example.name}", "game": words.game.name,
                    "options": dict(words.options_of(card)), "setup": {}, "steps": [],
                    "expect": {"game_over": None}})
    out.spans[()] = example.span
    errors = []
    for part in example.parts:
        for line in part.lines:
            if not line.key:
                continue  # a line the parser already reported
            try:
                _line(part.kind, line, words, out)
            except ExampleError as e:
                errors.append(e)
            except ExampleErrors as e:
                errors.extend(e.errors)
    return out, errors


def _line(kind: str, line, words: Words, out: Scenario) -> None:
    key = [k.text for k in line.key]
    items = line.items
    if kind == "do":
        return _do_line(key, items, line, words, out)
    part = "setup" if kind == "given" else "expect"
    if PLAYER.fullmatch(key[0]):
        out.spans.setdefault((part, "players", key[0]), line.key[0].span)
        return words.player_line(part, key[0], key[1:], items, line, out)
    if kind == "given" and _option_line(key, items, line, words, out):
        return None
    if kind == "expect" and key == ["game", "over"]:
        return _game_over(items, line, words, out)
    if words.other_line(part, key, items, line, out):
        return None
    if kind == "given":
        generic = [o.name for o in words.game.option_specs] + ["seed"]
        expected = (f"{words.player_lines}, {words.other_lines}, or an option: "
                    + ", ".join(generic))
    else:
        generic = ["game over"]
        expected = f"{words.player_lines}, {words.other_lines} or game over"
    raise ExampleError(line.key[0].span, f"unknown {kind} line '{' '.join(key)}'", expected,
                       did_you_mean(key[0], generic + list(words.other_keys)))


def _do_line(key, items, line, words: Words, out: Scenario) -> None:
    if key == ["unscripted"]:
        text = " ".join(i.text for i in items)
        if text not in UNSCRIPTED:
            raise ExampleError(line.span, f"unknown unscripted behaviour '{text}'",
                               " or ".join(UNSCRIPTED), did_you_mean(text, UNSCRIPTED))
        out.put(("unscripted",), text, line.span)
        return
    if len(key) != 2 or not PLAYER.fullmatch(key[0]):
        raise ExampleError(line.key[0].span, f"unknown do line '{' '.join(key)}'",
                           "'pN ACTION: ...' (" + ", ".join(words.actions)
                           + "), 'pN choose: ...' or 'unscripted: first legal'")
    actor, what = key
    path = ("steps", len(out.data["steps"]))
    if what == "choose":
        out.data["steps"].append({"actor": actor, "choose": []})
        out.spans[path] = line.span
        out.add(path + ("choose",), items, line.span)
    else:
        if what not in words.actions:
            raise ExampleError(line.key[1].span, f"unknown action '{what}'",
                               "one of " + ", ".join(words.actions) + " or choose",
                               did_you_mean(what, list(words.actions) + ["choose"]))
        out.data["steps"].append({"actor": actor, "action": what})
        out.spans[path] = line.span
        out.spans[path + ("action",)] = line.key[1].span
        words.action(out.data["steps"][-1], items, line, out, path)
    out.spans[path + ("actor",)] = line.key[0].span


def _option_line(key, items, line, words: Words, out: Scenario) -> bool:
    """`players: 3`, `teams: yes`, `edition: 1`...: the game's options; `seed: N`."""
    if len(key) != 1:
        return False
    spec = next((s for s in words.game.option_specs if s.name == key[0]), None)
    if spec is None and key[0] != "seed":
        return False
    texts = [i.text for i in items]
    d = 0 if spec is None else spec.default
    if isinstance(d, bool):
        if len(texts) != 1 or texts[0] not in YES + NO:
            raise ExampleError(line.span, f"'{key[0]}' is yes or no", "yes or no")
        value = texts[0] in YES
    elif isinstance(d, int):
        if len(texts) != 1 or not texts[0].isdigit() or len(texts[0]) > 20:
            raise ExampleError(line.span, f"'{key[0]}' takes one whole number", "a number")
        value = int(texts[0])
    elif isinstance(d, tuple):
        value = texts
    else:
        value = " ".join(texts)
    if spec is None:
        out.put(("seed",), value, line.span)
    else:
        out.put(("options", key[0]), value, line.items[0].span if line.items else line.span)
    return True


def _game_over(items, line, words: Words, out: Scenario) -> None:
    """`game over: p1, dogma`, `game over: p1, p2, high draw`: the winners, then the reason
    (left out: the game's default reason)."""
    winners, reason = [], []
    for it in items:
        for w in it.text.split():
            (winners if PLAYER.fullmatch(w) else reason).append(w)
    text = " ".join(reason) or words.game_over_default
    path = ("expect", "game_over")
    out.put(path, {"winners": winners, "reason": text}, line.span)
    for i, it in enumerate(x for x in items if PLAYER.fullmatch(x.text)):
        out.spans[path + ("winners", i)] = it.span
    if reason:
        out.spans[path + ("reason",)] = items[-1].span


def check_example(example, card, words: Words, zones) -> list:
    """Every problem of an example: its unreadable lines and what the scenario's checks find,
    each as (span, message, expected, suggestion) at its place in the card."""
    sc, errors = to_scenario(example, card, words)
    out = [(e.span, e.message, e.expected, e.suggestion) for e in errors]
    for p in check_scenario(sc.data, zones):
        out.append((sc.span_of(p.path, example.span), p.message, p.expected, p.suggestion))
    return out
