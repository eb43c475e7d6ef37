"""Immutable card table: cards are small ints indexing parallel lists.

Only identity facts live here (name, set, age, colour, icon slots, featured icon); card effects
come from card files through the interpreter. `load_card_table` reads the shared research TSV
(ids, names, ages, colours, icons only; never effect text).
"""
from __future__ import annotations

import csv
from dataclasses import dataclass

COLORS = ("blue", "red", "green", "yellow", "purple")
COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}

# Icon ids follow BGA's numbering for the six basic icons (1..6), so slot data maps directly.
ICON_NAMES = {
    "hex": 0, "crown": 1, "leaf": 2, "lightbulb": 3, "castle": 4, "factory": 5, "clock": 6,
    "avatar": 7, "flag": 8, "fountain": 9, "echo": 10, "arrow-left": 11, "arrow-right": 12,
    "arrow-up": 13, "plus": 14, "junk": 15, "uplift": 16, "unsplay": 17, "inspire": 18,
    "music note": 19, "blank": -1, "-": -1,  # an empty slot (Battleship Yamato)
}
ICON_BY_ID = {v: k for k, v in ICON_NAMES.items()}
HEX, CROWN, LEAF, LIGHTBULB, CASTLE, FACTORY, CLOCK = 0, 1, 2, 3, 4, 5, 6
BASIC_ICONS = (CROWN, LEAF, LIGHTBULB, CASTLE, FACTORY, CLOCK)
FIRST_COUNTED, LAST_COUNTED = 1, 6  # hexes (0) and city/special icons (>6) are not icons
N_ICON_SLOTS = 7  # size of a per-player icon-count array (index 0 unused)

ICON_BIT_LIMIT = 62  # icon ids below it are kept as bits too (CardTable.icon_bits)

KIND_CARD = "card"
KIND_SPECIAL = "special_achievement"


# The same tables under private names, which the compiled twin declares as C-typed dicts
# (cards.pxd): icon_id and color_id then look a name up without the module's global lookup.
_ICON_NAMES, _COLOR_INDEX = ICON_NAMES, COLOR_INDEX
# The names most asked (the colours; the hex and the six icons, ids 0..6), compared by identity
# before the dict: the names a card module loops over ("all colors", "all icons_") are the same
# interned strings, and a pointer comparison costs less than a dict lookup.
_COLOR_NAMES = COLORS
_FIRST_ICONS = ("hex", "crown", "leaf", "lightbulb", "castle", "factory", "clock")


def icon_id(icon) -> int:
    """Icon name or id -> id. Bonus icons 'bonusN' are 100+N."""
    if type(icon) is int:
        return icon
    for j in range(7):
        if icon is _FIRST_ICONS[j]:
            return j
    i = _ICON_NAMES.get(icon)
    if i is not None:
        return i
    if icon.startswith("bonus"):
        return 100 + int(icon[5:])
    raise KeyError(icon)


def color_id(color) -> int:
    if type(color) is int:
        return color
    for j in range(5):
        if color is _COLOR_NAMES[j]:
            return j
    return _COLOR_INDEX[color]


@dataclass(frozen=True)
class CardInfo:
    name: str
    set: str = "base"
    age: int = 0
    color: str = "blue"
    icons: tuple = ()          # slot tokens (names), slots 1..4 (or 1..6 for cities)
    dogma_icon: str = ""       # featured icon name, "" for none
    kind: str = KIND_CARD      # "card" or "special_achievement" (or an expansion's kind)
    face: int = 0              # the value shown face up when it is not the age (0: the age)


class CardTable:
    """Parallel lists indexed by card id (0..n-1, in the order given)."""

    def __init__(self, infos: list[CardInfo]):
        n = len(infos)
        self.infos = list(infos)
        self.n = n
        self.name = [c.name for c in infos]
        self.set = [c.set.lower() for c in infos]
        self.age = [int(c.age) for c in infos]
        self.max_age = max(self.age, default=0)
        # the value a card counts as face up (on a board, on display): its face, else its age
        self.face = [int(c.face) or int(c.age) for c in infos]
        # the sets with such a card (Artifacts: Battleship Yamato), so a game without them
        # never asks where a card lies for its value
        self.face_sets = frozenset(c.set.lower() for c in infos if c.face and c.face != c.age)
        self.color = [COLOR_INDEX.get(c.color, -1) for c in infos]
        self.icons = [tuple(icon_id(t) for t in c.icons) for c in infos]
        # each card's icons as bits (bit i: icon i): "has icon" without a search of its icons
        self.icon_bits = [icon_bits(ids) for ids in self.icons]
        self.dogma_icon = [icon_id(c.dogma_icon) if c.dogma_icon else -1 for c in infos]
        self.kind = [c.kind for c in infos]
        self.set_names: list[str] = []
        for s in self.set:
            if s not in self.set_names:
                self.set_names.append(s)
        if "base" in self.set_names:  # base is set 0 so draws default to it
            self.set_names.remove("base")
            self.set_names.insert(0, "base")
        self.set_index = [self.set_names.index(s) for s in self.set]
        self.by_name: dict[str, int] = {}
        for i, c in enumerate(infos):
            self.by_name.setdefault(c.name, i)
        self.is_special = [k == KIND_SPECIAL for k in self.kind]
        # not a standard achievement: a special one, or a relic (000 "遗物卡（可选）": a relic
        # in achievements "不受任何影响标准成就的规则或效果的影响": only the relic rules reach it)
        self.not_standard = [k == KIND_SPECIAL or k == "relic" for k in self.kind]
        self.relics = [i for i, k in enumerate(self.kind) if k == "relic"]  # (in id order)

    def __len__(self) -> int:
        return self.n

    def id_of(self, name: str) -> int:
        try:
            return self.by_name[name]
        except KeyError:
            raise KeyError(f"unknown card {name!r}") from None

    def has_icon(self, card: int, icon) -> bool:
        return icon_id(icon) in self.icons[card]


def icon_bits(ids) -> int:
    """The icon ids below ICON_BIT_LIMIT among `ids`, as bits (bit i for icon i)."""
    bits = 0
    for i in ids:
        if 0 <= i < ICON_BIT_LIMIT:
            bits |= 1 << i
    return bits


def load_card_table(path: str, sets=("Base",), kinds=("card", "special_achievement")) -> CardTable:
    """Build a CardTable from innovation_cards.tsv, keeping rows of `sets` and `kinds` in file
    order (so for the base game card ids equal the file's ids 0..109)."""
    infos = []
    wanted_sets = {s.lower() for s in sets}
    with open(path, encoding="utf-8", newline="") as f:
        rows = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(rows)
        col = {h: i for i, h in enumerate(header)}
        for r in rows:
            if r[col["set"]].lower() not in wanted_sets or r[col["kind"]] not in kinds:
                continue
            if "4" == r[col["editions"]]:
                continue  # 4th-edition-only rows (age 11) are not part of the 3E game
            age = r[col["age"]]
            infos.append(CardInfo(
                name=r[col["name"]], set=r[col["set"]].lower(), age=int(age) if age else 0,
                color=r[col["color"]] or "blue", icons=tuple(r[col["icons"]].split()),
                dogma_icon=r[col["dogma_icon"]], kind=r[col["kind"]]))
    return CardTable(infos)
