"""Innovation's words in card examples (runtime/core/examples.py translates the rest):

    given / expect:
        p1 board: Oars, Sailing      # each card to the pile of its colour, top first
        p1 red: Oars, Archery        # one pile, top first
        p1 red splay: left           # a pile's splay
        p1 hand: ...                 # also score, achievements, forecast, display
        deck 1: Clothing             # the top of the base age-1 supply pile, top first
        deck 2 exactly:              # the whole pile (here: empty); `deck 3 echoes: ...`
        achievements: Monument       # the available achievements
        current: p2                  # given only: whose turn; `actions: 1`, `turn: 0`
    do:
        p1 dogma: Oars               # or a colour: `p1 dogma: red`; meld CARD, draw, achieve N

`check_examples` is what `cardlang check` runs on each card's examples (the vocabulary's
check_examples): every line read, every card, player, zone and action checked, located.
"""
from __future__ import annotations

from pathlib import Path

from dsl.errors import did_you_mean

from runtime.core.examples import ExampleError, ExampleErrors, Words, check_example

from . import catalogue as cat_mod
from .scenario_check import ACTIONS, CARD_ZONES, COLORS

PILE_LINES = [f"{c} splay" for c in COLORS]


class InnovationWords(Words):
    actions = tuple(ACTIONS)
    player_lines = "pN " + "|".join(CARD_ZONES) + "|board|COLOUR|COLOUR splay"
    other_lines = "deck N [SET] [exactly], achievements, current, actions, turn"
    other_keys = ("deck", "achievements", "current", "actions", "turn")
    game_over_default = "dogma"

    def __init__(self, catalogue):
        from .definition import GAME
        self.game, self.cat = GAME, catalogue

    # ---- given / expect
    def player_line(self, part, player, key, items, line, out):
        base = (part, "players", player)
        if len(key) == 1 and key[0] in CARD_ZONES:
            out.add(base + (key[0],), items, line.span)
        elif key == ["board"]:
            self.board(base, items, line, out)
        elif len(key) == 1 and key[0] in COLORS:
            out.add(base + ("board", key[0], "cards"), items, line.span)
        elif len(key) == 2 and key[0] in COLORS and key[1] == "splay":
            if len(items) != 1:
                raise ExampleError(line.span, "a splay line takes one direction",
                                   f"'{player} {key[0]} splay: left' (left, right, up, none)")
            out.node(base + ("board", key[0], "cards"), line.span, list)
            out.put(base + ("board", key[0], "splay"), items[0].text, items[0].span)
        else:
            words = " ".join(key)
            known = list(CARD_ZONES) + ["board"] + list(COLORS) + PILE_LINES
            raise ExampleError(line.key[min(1, len(line.key) - 1)].span,
                               f"unknown zone '{words}' of {player}", self.player_lines,
                               did_you_mean(words, known))

    def board(self, base, items, line, out) -> None:
        """`pN board: ...`: each card goes on the pile of its colour."""
        errors = []
        for it in items:
            f = self.cat.get(it.text)
            if f is None:
                errors.append(ExampleError(it.span, f"unknown card '{it.text}'",
                                           "a card name as printed",
                                           did_you_mean(it.text, self.cat.names())))
            elif f.color is None:
                errors.append(ExampleError(it.span, f"'{it.text}' is a special achievement, "
                                           "not a card of a pile", "a card with a colour"))
            else:
                out.add(base + ("board", f.color, "cards"), [it], line.span)
        if errors:
            raise ExampleErrors(errors)

    def other_line(self, part, key, items, line, out) -> bool:
        if key[0] == "deck":
            self.deck(part, key, items, line, out)
            return True
        if key == ["achievements"]:
            out.add((part, "achievements"), items, line.span)
            return True
        single = {"current": "current_player", "actions": "actions_left", "turn": "turn"}
        if part == "setup" and len(key) == 1 and key[0] in single:
            if len(items) != 1:
                raise ExampleError(line.span, f"'{key[0]}' takes one item",
                                   "'current: p2'" if key[0] == "current" else "a number")
            text = items[0].text
            value = text if key[0] == "current" else int(text) if text.isdigit() and \
                len(text) < 10 else text
            out.put(("setup", single[key[0]]), value, items[0].span)
            return True
        return False

    def deck(self, part, key, items, line, out) -> None:
        """`deck N [SET] [exactly]: cards`."""
        rest = key[1:]
        exactly = bool(rest) and rest[-1] == "exactly"
        if exactly:
            rest = rest[:-1]
        if not rest or not rest[0].isdigit() or len(rest) > 2:
            raise ExampleError(line.key[0].span, f"unknown deck line '{' '.join(key)}'",
                               "'deck N: ...', 'deck N exactly: ...' or 'deck N SET: ...'")
        age, card_set = rest[0], rest[1] if len(rest) == 2 else "base"
        path = (part, "decks", card_set, age)
        out.spans.setdefault((part, "decks", card_set), line.key[-1].span)
        if exactly:
            out.put(path, {"exactly": []}, line.span)
            out.add(path + ("exactly",), items, line.span)
        else:
            out.add(path, items, line.span)

    # ---- do
    def action(self, step, items, line, out, path) -> None:
        what = step["action"]
        if what == "draw":
            if items:
                raise ExampleError(items[0].span, "a draw action names nothing",
                                   f"'{step['actor']} draw:'")
            return
        if len(items) != 1:
            raise ExampleError(line.span, f"a {what} action names one "
                               + ("age" if what == "achieve" else "card"),
                               f"'{step['actor']} {what}: "
                               + ("3'" if what == "achieve" else "Oars'"))
        it = items[0]
        if what == "achieve":
            step["age"] = int(it.text) if it.text.isdigit() and len(it.text) < 10 else it.text
            out.spans[path + ("age",)] = it.span
        elif what == "dogma" and it.text in COLORS:
            step["color"] = it.text
            out.spans[path + ("color",)] = it.span
        else:
            step["card"] = it.text
            out.spans[path + ("card",)] = it.span

    def options_of(self, card) -> dict:
        edition = _attr(card, "edition")
        out = {"edition": int(edition)} if edition is not None else {}
        card_set = _attr(card, "set")
        if card_set is None:  # a parsed card: its set is its folder's (the catalogue's facts)
            f = self.cat.get(card.name)
            card_set = None if f is None else f.set
        if _attr(card, "kind") == "relic":  # a relic plays with Artifacts and the relics
            # (000 "遗物卡（可选）"), and with its own type's set when that set is playable
            out["sets"] = ["base"] + (["echoes"] if card_set == "echoes" else []) + ["artifacts"]
            out["relics"] = True
            return out
        if card_set not in (None, "base"):  # an expansion's card plays with its set
            out["sets"] = ["base", card_set]
        return out


def _attr(card, name):
    """An attribute of a checked card (dict attrs) or a parsed one (attribute lines)."""
    if isinstance(card.attrs, dict):
        return card.attrs.get(name)
    for a in card.attrs:
        if a.name.text == name and a.values:
            v = a.values[0].text
            return int(v) if v.isdigit() and len(v) < 10 else v
    return None


def check_examples(card, path: str) -> list:
    """The problems of a parsed card's examples, each (span, message, expected, suggestion):
    what `cardlang check` reports (dsl/check.py asks the vocabulary's check_examples)."""
    if not card.examples:
        return []
    from runtime.core.cardfiles import CARDS_ROOT
    from .scenario import InnovationScenarios
    folder = Path(path).resolve().parent
    cat = cat_mod.of_folder(str(CARDS_ROOT / "innovation"))
    if CARDS_ROOT.resolve() not in folder.parents:  # a card outside cards/: its neighbours too
        cat = cat.with_cards(cat_mod.of_folder(str(folder)).by_name.values())
    from dsl.load import game_and_set
    cat = cat.with_cards([cat_mod.facts_of_ast(card, game_and_set(Path(path))[1] or "base")])
    words = InnovationWords(cat)
    zones = InnovationScenarios(catalogue=cat)
    out = []
    for ex in card.examples:
        out.extend(check_example(ex, card, words, zones))
    return out
