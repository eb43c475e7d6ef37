"""The decks of the sets in play: the `set` noun's things (a card type: `choose a set as s`) and
the top card of a supply pile of any set (`deck_top(v, s)`).

Seeds: shared/seeds/000_0facc20b6f4138b7.txt "说明和其他关键词" ("牌组": the base deck, the
Echoes deck, the Artifacts deck... every set in play keeps its own supply piles, 000 "使用扩展进行
游戏"); Tuning Fork's echo "look at the top card of any deck" (any set in play, any value).
Not a compiled runtime module (cardset.RUNTIME_MODULES): these words are rare, not hot.
"""
from __future__ import annotations

from dsl.vocab import function


def sets_in_play(g) -> list:
    """The sets (card types) in play, in supply order (base first): the card table's sets that
    the game plays (base, and each expansion of its options); the same list, in the same order,
    as `InnovationGame.choose_set` offers."""
    in_play = g.options.expansions
    return [s for s in g.cards.set_names if s == "base" or s in in_play]


def every_set(env) -> list:
    """The domain of the `set` noun: `choose a set as s` offers the sets in play (a decision of
    kind `set`, answered `base`, `echoes`, `artifacts`; with base alone it is not asked)."""
    return sets_in_play(env.game)


def deck_top_set_phrase(r, fn) -> str:
    return f"the top card of the [{r.expr(fn.args[0])}] deck of {r.expr(fn.args[1])}"


@function("deck_top", ("value", "set"), "card", phrase=deck_top_set_phrase, variant=True,
          doc="the top card of a set's supply pile of a value (none if that pile is empty or "
              "the set is not in play): `deck_top(v, s)`, s a set chosen with `choose a set as s`")
def deck_top_of_set(env, v, s) -> list:
    g = env.game
    if v < 1 or v > g.max_age or s not in sets_in_play(g):
        return []
    pile = g.state.supply[g.cards.set_names.index(s)][v]
    return [pile[-1]] if pile else []
