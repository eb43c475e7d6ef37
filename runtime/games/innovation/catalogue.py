"""The card facts that scenarios and card examples are checked against: each card's name,
colour, age, set and whether it is a special achievement.

At run time they come from the card set's CardTable; when `cardlang check` checks a card's
examples they come from the card files themselves, parsed but not checked (the card set is
made of checked cards, and checking is what is going on).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from .cards import COLORS


@dataclass(frozen=True)
class Facts:
    name: str
    color: Optional[str]   # None for a card without one (a special achievement)
    age: int
    set: str
    special: bool


class Catalogue:
    def __init__(self, facts):
        self.by_name: dict[str, Facts] = {}
        for f in facts:
            self.by_name.setdefault(f.name, f)
        self.sets = tuple(sorted({f.set for f in self.by_name.values()}))

    def get(self, name) -> Optional[Facts]:
        return self.by_name.get(name) if isinstance(name, str) else None

    def names(self) -> list[str]:
        return list(self.by_name)

    def with_cards(self, facts) -> "Catalogue":
        return Catalogue(list(facts) + list(self.by_name.values()))


@functools.lru_cache(maxsize=8)
def _of_table(table) -> Catalogue:
    return Catalogue(Facts(table.name[c], COLORS[table.color[c]]
                           if table.color[c] >= 0 and not table.is_special[c] else None,
                           table.age[c], table.set[c], bool(table.is_special[c]))
                     for c in range(table.n))


def of_table(table) -> Catalogue:
    """The facts of a CardTable (made once per table)."""
    return _of_table(table)


def facts_of_ast(card, default_set: str = "base") -> Facts:
    """The facts of a parsed card (dsl.ast.Card), read from its attribute lines."""
    attrs = {a.name.text: [v.text for v in a.values] for a in card.attrs}
    one = lambda k: attrs[k][0] if attrs.get(k) else None  # noqa: E731
    age = one("age")
    special = one("kind") == "special"
    return Facts(card.name, None if special else one("color"),
                 int(age) if age and age.isdigit() else 0, one("set") or default_set, special)


@functools.lru_cache(maxsize=16)
def of_folder(folder: str) -> Catalogue:
    """The facts of every card file under `folder` that parses (others are left out: their
    own check reports them)."""
    from dsl.errors import CardlangError
    from dsl.load import card_files, game_and_set, parse_cached
    from dsl.parse import decode
    facts = []
    root = Path(folder)
    if root.is_dir():
        for path in card_files([root]):
            try:
                text = decode(path.read_bytes(), str(path))
                parsed = parse_cached(text, str(path))
            except (CardlangError, OSError, RecursionError):
                continue
            card_set = game_and_set(path)[1] or "base"
            facts.extend(facts_of_ast(c, card_set) for c in parsed.cards)
    return Catalogue(facts)
