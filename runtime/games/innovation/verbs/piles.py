"""Verbs on a player's piles: splay and unsplay (000 "基本关键词 / 展开") and rearrange."""
from __future__ import annotations

from dsl import ir as I
from dsl.vocab import test, verb

from ..cards import color_id


def splay_phrase(r, act) -> str:
    """"splay your red cards left", "splay right any one color of your cards ...",
    "splay left a color of that player's cards" (`for PLAYER`: that player's pile)."""
    owner = next((val for prep, val in act.kwargs if prep == "for"), None)
    if owner is not None:
        where = "" if isinstance(act.obj, I.Query) and act.obj.zone is not None \
            else f" on {r.possessive(owner)} board"  # (a query names the board already)
        return f"splay {r.expr(act.adverb)} {r.obj(act.obj)}{where}"
    if isinstance(act.obj, I.Query) and not r.color_choices(act.obj):
        return f"splay {r.expr(act.adverb)} {r.colors_phrase(act.obj)}"
    return f"splay {r.colors_phrase(act.obj)} {r.expr(act.adverb)}"


@verb("splay", "color", adverb="direction", adverb_required=True, phrase=splay_phrase,
      kwargs=(("for", "player", False),),
      inline="splay_items(env, {items}, {adverb})", able="splayable")
def splay(env, items, call) -> list:
    owner = call.arg("for")
    if owner is not None:  # Kobukson: "splay left one color on any player's board"
        g = env.game
        return [c for c in items if g.splay(first_player(owner), c, call.adverb)]
    return splay_items(env, items, call.adverb)


def first_player(who) -> int:
    """A player argument evaluated as one player (a bound name may hold a list of one)."""
    return who[0] if type(who) is list else who


def splay_items(env, items: list, direction) -> list:
    """The executor's piles of these colours splayed (direction "none": unsplayed); the
    colours whose splay changed."""
    g, p = env.game, env.executor
    return [c for c in items if g.splay(p, c, direction)]


def unsplay_phrase(r, act) -> str:
    return f"unsplay {r.colors_phrase(act.obj)}"


@verb("unsplay", "color", phrase=unsplay_phrase, inline="splay_items(env, {items}, 'none')")
def unsplay(env, items, call) -> list:
    return splay_items(env, items, "none")


@verb("rearrange", "color", phrase="{verbs} {obj}{args}",
      doc="put the cards of one of your piles in an order you choose")
def rearrange(env, items, call) -> list:
    g, p = env.game, env.executor
    return [c for c in items if rearrange_pile(g, p, c)]


def rearrange_pile(g, p, color) -> bool:
    """p lists the pile's cards top first; the splay is kept. True if the order changed."""
    pile = g.pile(p, color)
    if len(pile) < 2:
        return False
    top_first = g.choose(p, "order", list(reversed(pile)), len(pile), len(pile),
                         "order of the pile, top first")
    return g.rearrange(p, color, list(reversed(top_first)))


@test("splayable", inline="splayable(env, {item}, {arg})",
      doc="a pile of two cards or more (001 \"说明与其他关键字\": at least two cards to splay); "
          "the argument: whose pile (`splay ... for PLAYER`), else the executor's")
def can_splay(env, color, arg) -> bool:
    return splayable(env, color, arg)


def splayable(env, color, who=None) -> bool:
    """A pile of fewer than two cards cannot be splayed: it is not offered to a splay, and
    "you may splay" it is not asked (001 "说明与其他关键字": "要有至少两张牌才能展开"; 000
    "说明和其他关键词": "你可以 [做 X]" that cannot be done is ignored)."""
    p = env.executor if who is None else first_player(who)
    g = env.game  # (typed in the compiled twin: the state and board read through C)
    return len(g.state.board[p][color_id(color)]) >= 2
