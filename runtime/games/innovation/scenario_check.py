"""Innovation's part of checking a scenario (runtime/core/scenario_schema.py checks the rest):
the zones of `setup` and `expect`, and the fields of its actions. Card names are checked
against a Catalogue (catalogue.py), so that the same checks serve scenario files (the card
set's table) and `cardlang check` of card examples (the card files).

    setup:  players: {pN: {board: {COLOUR: [cards] | {cards, splay}}, hand, score,
            achievements, forecast, display: [cards]}}, decks: {SET: {AGE: [cards] |
            {exactly: [cards]}}}, achievements: [cards], current_player, actions_left, turn
    expect: players (the same zones), decks, achievements
    steps:  dogma (card or color), meld (card), draw, achieve (age)
"""
from __future__ import annotations

from dsl.errors import did_you_mean

from runtime.core.scenario_schema import Checker, dotted, show, type_name

COLORS = ("blue", "red", "green", "yellow", "purple")
SPLAYS = ("none", "left", "right", "up")
CARD_ZONES = ("hand", "score", "achievements", "forecast", "display")
PLAYER_ZONES = ("board",) + CARD_ZONES
MAX_AGE = 11

SETUP_KEYS = {"players": "each player's zones", "decks": "the top of supply piles",
              "achievements": "the available achievements", "current_player": "whose turn",
              "actions_left": "actions left in the turn", "turn": "the turn number"}
EXPECT_KEYS = {"players": "each player's zones", "decks": "the top of supply piles",
               "achievements": "the available achievements"}
# the zones of an expansion: named only in a game that plays it (Echoes' forecast, 000 "新关键
# 词：预兆"; Artifacts' display, 000 "展示的牌")
ZONE_SETS = {"forecast": "echoes", "display": "artifacts"}
ACTIONS = {"dogma": ("card", "color"), "meld": ("card",), "draw": (), "achieve": ("age",)}


class ZoneChecks:
    """The checks of one scenario against a catalogue of cards."""

    def __init__(self, catalogue, chk: Checker, n: int, placing: bool, sets=None):
        self.cat, self.chk, self.n = catalogue, chk, n
        self.sets = sets                # the sets in play (None: not checked)
        self.placing = placing          # setup: every card once, splays need two cards
        self.placed: dict = {}          # card name -> where it was first placed

    # ---- cards
    def card(self, name, path, special_ok: bool = False):
        """The facts of a known card, or None after a problem."""
        chk = self.chk
        if not isinstance(name, str):
            chk.error(path, f"a card is named by a string, not {show(name)}", 'e.g. "Oars"')
            return None
        f = self.cat.get(name)
        if f is None:
            chk.error(path, f"unknown card {show(name)}", "a card name as printed",
                      did_you_mean(name, self.cat.names()))
            return None
        if f.special and not special_ok:
            chk.error(path, f"{show(name)} is a special achievement: only achievements hold it",
                      "a card of a supply pile")
            return None
        if self.placing:
            first = self.placed.setdefault(name, path)
            if first is not path:
                chk.error(path, f"card {show(name)} is placed twice (also at {dotted(first)})",
                          "each card in one place")
        return f

    def cards(self, v, path, what: str, special_ok: bool = False) -> list:
        if not self.chk.lst(v, path, what):
            return []
        return [self.card(x, path + (i,), special_ok) for i, x in enumerate(v)]

    # ---- players
    def players(self, v, path) -> None:
        if not isinstance(v, dict):
            self.chk.error(path, f"players must be an object, not {type_name(v)}",
                           '{"p1": {"hand": [...]}, ...}')
            return
        for pname, zones in v.items():
            if self.chk.player(pname, path + (pname,), self.n, at_key=True) is None:
                continue
            self.zones(zones, path + (pname,), pname)

    def zones(self, v, path, pname) -> None:
        if not self.chk.obj(v, path, PLAYER_ZONES, f"{pname}'s zones"):
            return
        for z in CARD_ZONES:
            need = ZONE_SETS.get(z)
            if z in v and need and self.sets is not None and need not in self.sets:
                self.chk.error(path + (z,), f"{pname}'s {z} is a zone of the {need} set, which "
                               f"this game does not play (sets: {', '.join(self.sets)})",
                               f"add the option sets: base, {need}")
                continue
            if z in v:
                self.cards(v[z], path + (z,), f"{pname}'s {z}", special_ok=z == "achievements")
        if "board" in v and self.chk.obj(v["board"], path + ("board",), COLORS,
                                         f"{pname}'s board"):
            for color, pile in v["board"].items():
                if color in COLORS:
                    self.pile(pile, path + ("board", color), color)

    def pile(self, v, path, color) -> None:
        chk = self.chk
        if isinstance(v, dict):
            if not chk.obj(v, path, ("cards", "splay"), f"the {color} pile"):
                return
            names, at = v.get("cards", []), path + ("cards",)
        else:
            names, at = v, path
        for i, f in enumerate(self.cards(names, at, f"the {color} pile")):
            if f is not None and f.color != color:
                chk.error(at + (i,), f"{show(f.name)} is {f.color}, not {color}",
                          f"a {color} card")
        if isinstance(v, dict) and "splay" in v:
            if chk.word(v["splay"], path + ("splay",), SPLAYS, "splay") and self.placing \
                    and v["splay"] != "none" and isinstance(names, list) and len(names) < 2:
                chk.error(path + ("splay",), f"a pile of {len(names)} card(s) cannot be "
                          "splayed (a pile of fewer than two cards is never splayed)",
                          "two or more cards, or splay none")

    # ---- supply piles and achievements
    def decks(self, v, path, sets) -> None:
        chk = self.chk
        if not chk.obj(v, path, sets, "decks"):
            return
        for s, ages in v.items():
            if s not in sets:
                continue
            if not chk.obj(ages, path + (s,), [str(a) for a in range(1, MAX_AGE + 1)],
                           f"the {s} decks"):
                continue
            for age, pile in ages.items():
                if not (age.isdigit() and 1 <= int(age) <= MAX_AGE):
                    continue
                at = path + (s, age)
                if isinstance(pile, dict):
                    if not chk.obj(pile, at, ("exactly",), f"the {s} {age} pile"):
                        continue
                    pile, at = pile.get("exactly", []), at + ("exactly",)
                for i, f in enumerate(self.cards(pile, at, f"the {s} {age} pile")):
                    if f is not None and (f.age != int(age) or f.set != s):
                        chk.error(at + (i,), f"{show(f.name)} is a {f.set} {f.age}, not a "
                                  f"{s} {age}", f"a card of the {s} {age} pile")


def check_setup(cat, setup: dict, path: tuple, chk: Checker, n: int, options: dict) -> None:
    z = ZoneChecks(cat, chk, n, placing=True, sets=tuple(options.get("sets", ("base",))))
    if "players" in setup:
        z.players(setup["players"], path + ("players",))
    if "decks" in setup:
        z.decks(setup["decks"], path + ("decks",), tuple(options.get("sets", ("base",))))
    if "achievements" in setup:
        z.cards(setup["achievements"], path + ("achievements",), "the achievements", True)
    if "current_player" in setup:
        chk.player(setup["current_player"], path + ("current_player",), n)
    if "actions_left" in setup:
        chk.integer(setup["actions_left"], path + ("actions_left",), 1, 2, "actions_left")
    if "turn" in setup:
        chk.integer(setup["turn"], path + ("turn",), 0, 1_000_000, "turn")


def check_expect(cat, expect: dict, path: tuple, chk: Checker, n: int, options: dict) -> None:
    z = ZoneChecks(cat, chk, n, placing=False, sets=tuple(options.get("sets", ("base",))))
    if "players" in expect:
        z.players(expect["players"], path + ("players",))
    if "decks" in expect:
        z.decks(expect["decks"], path + ("decks",), tuple(options.get("sets", ("base",))))
    if "achievements" in expect:
        z.cards(expect["achievements"], path + ("achievements",), "the achievements", True)


def check_action(cat, step: dict, path: tuple, chk: Checker) -> None:
    kind = step["action"]
    z = ZoneChecks(cat, chk, 0, placing=False)
    if kind in ("dogma", "meld"):
        if "card" in step:
            z.card(step["card"], path + ("card",))
        elif kind == "meld" or "color" not in step:
            chk.error(path, f"a {kind} step names its card", '"card": "Oars"'
                      + (' or "color": "red"' if kind == "dogma" else ""))
        if "color" in step:
            if "card" in step:
                chk.error(path + ("color",), "a dogma step names a card or a colour, not both")
            else:
                chk.word(step["color"], path + ("color",), COLORS, "colour")
    elif kind == "achieve":
        age = step.get("age")
        if age is None:
            chk.error(path, "an achieve step names the age", '"age": 3')
        elif isinstance(age, str) and age.isdigit() and len(age) < 4:
            chk.integer(int(age), path + ("age",), 1, MAX_AGE, "the age")
        else:
            chk.integer(age, path + ("age",), 1, MAX_AGE, "the age")
