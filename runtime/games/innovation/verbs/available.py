"""Echoes words for the supply piles and the available achievements: a supply pile's bottom
and top cards (`deck_bottom(v)`, `deck_top(v)`), looking at a card (`look-at`) and putting
cards among the available achievements (`make-available`).

Seeds: shared/seeds/000_0facc20b6f4138b7.txt "说明和其他关键词 / 转移" (a transfer is not an
achieve), "成就" (the available achievements are the standard achievements anyone may claim);
the Echoes cards Chopsticks, Toothbrush and Seed Drill move "the [N] deck's bottom card" there.
"""
from __future__ import annotations

from dsl.interp import as_list
from dsl.vocab import function, verb

from ..cards import icon_id
from ..echoes import visible_bonuses
from ..zones import BASIC_ICONS


def deck_bottom_phrase(r, fn) -> str:
    return f"the bottom card of the [{r.expr(fn.args[0])}] deck"


@function("deck_bottom", ("value",), "card", phrase=deck_bottom_phrase,
          doc="the bottom card of the base supply pile of a value (none if that pile is empty)")
def deck_bottom(env, v) -> list:
    return deck_bottom_card(env.game, v)


def deck_bottom_card(g, v) -> list:
    """The [v] deck is the base supply pile of that age (the draw pile, 000 "摸牌"); its
    bottom card is the first of the pile's list (piles are kept bottom to top)."""
    if v < 1 or v > g.max_age:
        return []
    pile = g.state.supply[0][v]
    return [pile[0]] if pile else []


def deck_top_phrase(r, fn) -> str:
    return f"the top card of the [{r.expr(fn.args[0])}] deck"


@function("deck_top", ("value",), "card", phrase=deck_top_phrase,
          doc="the top card of the base supply pile of a value (none if that pile is empty)")
def deck_top(env, v) -> list:
    g = env.game
    if v < 1 or v > g.max_age:
        return []
    pile = g.state.supply[0][v]
    return [pile[-1]] if pile else []


def look_phrase(r, act) -> str:
    return f"look at {r.obj(act.obj)}"


@verb("look-at", "cards", each=True, phrase=look_phrase,
      doc="Echoes: look at cards (only you see them); they stay where they are")
def look_at(env, c) -> bool:
    """Tuning Fork's "look at the top card of a deck, then place it back on top": the card
    is shown to the executor alone (the `look` event) and does not move."""
    return env.game.look(env.executor, c)


def make_available_phrase(r, act) -> str:
    return f"transfer {r.obj(act.obj)} to the available achievements"


@verb("make-available", "cards", each=True, produces=True, phrase=make_available_phrase,
      doc="Echoes: transfer cards to the available achievements (not an achieve)")
def make_available(env, c) -> bool:
    return make_available_card(env, c)


def make_available_card(env, c) -> bool:
    """A transfer (000 "转移"): the card becomes an available standard achievement of its
    value, which any player may then achieve."""
    return env.game.transfer(c, -1, "available")


def deck_count_phrase(r, fn) -> str:
    return f"the number of cards in the [{r.expr(fn.args[0])}] deck"


@function("deck_count", ("value",), "int", phrase=deck_count_phrase,
          doc="how many cards the base supply pile of a value holds")
def deck_count(env, v) -> int:
    g = env.game
    return len(g.state.supply[0][v]) if 1 <= v <= g.max_age else 0


def bonus_copies_phrase(r, fn) -> str:
    who = r.possessive(fn.args[1]) if len(fn.args) > 1 else "your"
    return f"the number of [{r.expr(fn.args[0])}] bonuses on {who} board"


@function("bonus_copies", ("value", "player?"), "int", phrase=bonus_copies_phrase,
          defaults=("_executor(env)",),
          doc="Echoes: how many visible bonuses of a value a player's board shows")
def bonus_copies(env, v, who=None) -> int:
    return visible_bonuses(env.game, env.executor if who is None else who).count(v)


def shared_icons_phrase(r, fn) -> str:
    return f"the icons common to {r.expr(fn.args[0], plural=True)}"


@function("shared_icons", ("cards",), "icons", pure=True, zones=True, phrase=shared_icons_phrase,
          doc="the icons every one of the cards shows (none for no cards): Novel's "
              "\"share a common icon\"")
def shared_icons(env, cards) -> list:
    cs = as_list(cards)
    if not cs:
        return []
    icons = env.game.cards.icons
    return [name for name in BASIC_ICONS if all(icon_id(name) in icons[c] for c in cs)]
