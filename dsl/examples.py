"""Card examples (given / do / expect) -> scenario format v1 (shared/DESIGN.md) -> the game's
scenario runner. An example is a scenario written inside the card it tests:

    example "a crown card is transferred":
        given:
            p1 board: Oars              # cards go to the piles of their colours, top first
            p1 red splay: left          # a pile's splay
            p2 hand: Sailing, "The Wheel"
            deck 1: Clothing            # pins the top of the age-1 supply pile
            deck 2 exactly:             # the age-2 pile is empty
        do:
            p1 dogma: Oars
            p2 choose: Sailing          # `p2 choose:` with nothing declines an optional choice
        expect:
            p1 score: Sailing
            game over: p1, dogma        # or omitted: the game is not over
"""
from __future__ import annotations

from . import ast as A
from .errors import Diagnostic

ZONES = ("hand", "score", "achievements", "forecast", "display")
COLORS = ("blue", "red", "green", "yellow", "purple")
ACTIONS = ("dogma", "meld", "draw", "achieve", "endorse", "inspire", "decree")


class ExampleError(Exception):
    def __init__(self, span: A.Span, message: str):
        self.span, self.message = span, message


def _names(items) -> list[str]:
    return [i.text for i in items]


def _is_player(w: str) -> bool:
    return w.startswith("p") and w[1:].isdigit()


def to_scenario(ex: A.Example, card_name: str, game: str = "innovation",
                color_of=None) -> dict:
    """Translate one example; `color_of(name)` gives a card's colour for `pN board:` lines."""
    setup: dict = {"players": {}}
    options: dict = {"players": 2}
    steps: list = []
    expect: dict = {"players": {}, "game_over": None}
    for part in ex.parts:
        for line in part.lines:
            key = [k.text for k in line.key]
            items = _names(line.items)
            if part.kind == "do":
                steps.append(_step(key, items, line))
            else:
                target = setup if part.kind == "given" else expect
                _zone_line(part.kind, key, items, line, target, options, color_of)
    # a player who has no listed zones in `expect` is not checked; make listed ones exist
    return {"name": f"{card_name}: {ex.name}", "game": game, "options": options,
            "setup": setup, "steps": steps, "expect": expect}


def _player(setup_or_expect: dict, p: str) -> dict:
    return setup_or_expect.setdefault("players", {}).setdefault(p, {})


def _zone_line(kind, key, items, line, target, options, color_of) -> None:
    k0 = key[0]
    if _is_player(k0):
        zones = _player(target, k0)
        rest = key[1:]
        if len(rest) == 1 and rest[0] in ZONES:
            zones.setdefault(rest[0], []).extend(items)
            return
        if rest == ["board"]:
            board = zones.setdefault("board", {})
            for name in items:
                color = color_of(name) if color_of else None
                if color is None:
                    raise ExampleError(line.span, f"unknown card \"{name}\"")
                board.setdefault(color, {"cards": []})["cards"].append(name)
            return
        if len(rest) == 1 and rest[0] in COLORS:
            zones.setdefault("board", {}).setdefault(rest[0], {"cards": []})["cards"].extend(items)
            return
        if len(rest) == 2 and rest[0] in COLORS and rest[1] == "splay":
            if len(items) != 1:
                raise ExampleError(line.span, "a splay line takes one direction")
            zones.setdefault("board", {}).setdefault(rest[0], {"cards": []})["splay"] = items[0]
            return
        raise ExampleError(line.span, f"unknown {kind} line '{' '.join(key)}'; expected "
                                      f"'pN hand|score|achievements|board|<colour>|<colour> splay:'")
    if kind == "given":
        if k0 == "deck" and len(key) >= 2 and key[1].isdigit():
            decks = target.setdefault("decks", {}).setdefault(key[2] if len(key) > 2 and key[2] != "exactly" else "base", {})
            if key[-1] == "exactly":
                decks[key[1]] = {"exactly": items}
            else:
                decks[key[1]] = items
            return
        if key == ["achievements"]:
            target["achievements"] = items
            return
        if key == ["current"]:
            target["current_player"] = items[0]
            return
        if key == ["actions"]:
            target["actions_left"] = int(items[0])
            return
        if key in (["players"], ["edition"]):
            options[k0] = int(items[0])
            return
        if key == ["teams"]:
            options["teams"] = items[0] == "yes"
            return
    if kind == "expect" and key == ["game", "over"]:
        # `game over: p1, dogma` / `game over: p1, p2, high draw` / `game over: achievements`
        words = [w for i in items for w in i.split()]
        winners = [w for w in words if _is_player(w)]
        reason = " ".join(w for w in words if not _is_player(w)) or "dogma"
        if reason not in ("dogma", "achievements", "high draw"):
            raise ExampleError(line.span, f"unknown game-over reason '{reason}'; expected "
                                          "dogma, achievements or high draw")
        target["game_over"] = {"winners": winners, "reason": reason}
        return
    raise ExampleError(line.span, f"unknown {kind} line '{' '.join(key)}'")


def _step(key, items, line) -> dict:
    if len(key) != 2 or not _is_player(key[0]):
        raise ExampleError(line.span, "a 'do' line is 'pN ACTION: ...' or 'pN choose: ...'")
    actor, what = key
    if what == "choose":
        return {"actor": actor, "choose": items}
    if what not in ACTIONS:
        raise ExampleError(line.span, f"unknown action '{what}'; expected one of "
                                      + ", ".join(ACTIONS) + " or choose")
    step = {"actor": actor, "action": what}
    if what in ("dogma", "meld", "endorse") and items:
        if items[0] in COLORS:
            step["color"] = items[0]
        else:
            step["card"] = items[0]
    elif what == "achieve" and items:
        step["age"] = int(items[0])
    elif what in ("inspire",) and items:
        step["color"] = items[0]
    return step


def example_diagnostic(path: str, err: ExampleError, text_line: str | None) -> Diagnostic:
    return Diagnostic(path, err.span.line, err.span.col, err.message, source_line=text_line)
