"""Verbs that move cards between zones: return (000 "归还"), transfer (000 "转移"),
exchange (000 "交换") and place-on-top (Echoes: "place a card on top of its deck")."""
from __future__ import annotations

from dsl.interp import EffectError
from dsl.vocab import verb


@verb("return", "cards", phrase="{verbs} {obj}{args}", inline="return_items(env, {items})")
def return_(env, items, call) -> list:
    return return_items(env, items)


def return_items(env, items: list) -> list:
    """Returned to their supply piles; the returner orders the cards bound for one pile
    (InnovationGame.return_cards). Counted for returned_this_dogma."""
    g, p = env.game, env.executor
    g.return_cards(p, items)  # (which reads the list before it returns any card)
    ctx = env.ctx  # (typed in the compiled twin: its dogma_vars read through C)
    dv = ctx.dogma_vars
    tally = dv.get("__returned__")
    if tally is None:
        tally = dv["__returned__"] = {}
    tally[p] = tally.get(p, 0) + len(items)
    return items  # (not a copy: a step's binding copies what it keeps; nothing changes it)


@verb("transfer", "cards", kwargs=(("to", "place", True),), phrase="{verbs} {obj}{args}",
      inline="transfer_items(env, {items}, {to.players}, {to.zone})")
def transfer(env, items, call) -> list:
    place = call.arg("to")
    return transfer_items(env, items, place.players, place.zone)


def transfer_items(env, items: list, players: list, zone: str) -> list:
    """Each card to `zone` of the one receiving player; not a meld or score for anything
    that counts them."""
    if len(players) != 1:
        raise EffectError("transfer needs exactly one receiving player")
    g = env.game
    for c in items:
        g.transfer(c, players[0], zone)
    return items  # (as return_items)


def exchange_phrase(r, act) -> str:
    s = " and ".join(act.verbs)
    if act.obj is not None:
        s += " " + r.obj(act.obj)
    for prep, val in act.kwargs:
        s += f" {'with' if prep == 'for' else prep} {r.obj(val)}"
    return s


@verb("exchange", "cards", kwargs=(("for", "cards", True),), phrase=exchange_phrase,
      inline="exchange_items(env, {items}, {for.value}, {obj.place}, {for.place})")
def exchange(env, items, call) -> list:
    """Both sides move at once; the other side is chosen after this one."""
    other = call.arg("for")
    return exchange_items(env, items, other, call.place("obj"), call.place("for"))


def exchange_items(env, items: list, other, za, zb) -> list:
    """exchange given the other side (a list, one card or None) and the Places the two sides
    came from (None: not a zone's cards); compiled code gives them (the verb's inline form)."""
    other = other if isinstance(other, list) else ([] if other is None else [other])
    if za is None or zb is None:
        raise EffectError("exchange needs cards from a zone on each side")
    if not items and not other:
        return []
    g = env.game  # (typed in the compiled twin: exchange called through C)
    g.exchange(list(items), (za.players[0], za.zone), list(other), (zb.players[0], zb.zone))
    return list(items) + list(other)


def place_on_top_phrase(r, act) -> str:
    return f"place {r.obj(act.obj)} on top of its deck"


@verb("place-on-top", "cards", each=True, produces=True, phrase=place_on_top_phrase,
      doc="put cards on top of their own supply piles (not a return: a return goes under)")
def place_on_top(env, c) -> bool:
    return place_on_top_card(env, c)


def place_on_top_card(env, c) -> bool:
    """Echoes (Telescope: "place a card from your forecast on top of its deck"): a transfer
    (000 "转移") to the supply pile of the card's own set and age, on top, where the next draw
    of that pile takes it; a return (000 "归还") would put it at the bottom."""
    return env.game.transfer(c, -1, "supply")
