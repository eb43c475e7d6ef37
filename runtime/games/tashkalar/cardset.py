"""The checked cards of cards/tashkalar (dsl IR) made into the table and effects the rules
play with, interpreted (dsl/interp.py runs each effect's core IR)."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from dsl.lower import Lowering

from .cards import CardInfo, CardTable
from .patterns import from_grid

RANK = {"common": 0, "heroic": 1, "legendary": 2}
NUMBER = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


@dataclass
class CardSet:
    table: CardTable
    effects: dict = field(default_factory=dict)   # card id -> [(kind, run, text)]
    ir: dict = field(default_factory=dict)


def vocabulary():
    from dsl.vocab import get
    return get("tashkalar")


def card_info(c) -> CardInfo:
    a = c.attrs
    kind = a.get("kind", "being")
    kind = "being" if kind == "card" else kind
    grid = a.get("pattern")
    params = tuple(NUMBER[w] for w in a.get("params", []) or [])
    return CardInfo(name=c.name, kind=kind, deck=a.get("set", ""),
                    rank=RANK.get(a.get("rank") or ("legendary" if kind == "legend" else "common")),
                    pattern=from_grid(grid) if grid else None,
                    upper=a.get("upper") or 0, lower=a.get("lower") or 0,
                    points=a.get("points") or 0, difficulty=a.get("difficulty") or "simple",
                    group=a.get("group") or "", test=a.get("test") or "",
                    params=params + (0,) * (3 - len(params)), region=a.get("region") or "any")


def build_cardset(cards: list, mode: str = "interpreted") -> CardSet:
    if mode not in ("interpreted", "compiled"):
        raise ValueError(f"mode must be interpreted or compiled, got {mode!r}")
    from dsl.interp import runner
    from dsl.render import renderer_for
    vocab = vocabulary()
    render = renderer_for(vocab)
    lowering = Lowering(vocab, labels=render.either_label)
    cards = sorted(cards, key=lambda c: (c.attrs.get("kind", "being"), c.attrs.get("set", ""),
                                         c.name))
    table = CardTable([card_info(c) for c in cards])
    effects, ir = {}, {}
    for cid, c in enumerate(cards):
        ir[c.name] = c
        effs = []
        for eff in c.effects:
            text = render.effect(eff, c)
            effs.append((eff.kind, runner(lowering.effect(c, eff, text)), text))
        if effs:
            effects[cid] = effs
    return CardSet(table, effects, ir)


@functools.lru_cache(maxsize=4)
def load_cardset(mode: str = "interpreted") -> CardSet:
    from runtime.core.cardfiles import CARDS_ROOT, game_cards
    return build_cardset(list(game_cards("tashkalar", str(CARDS_ROOT))), mode)
