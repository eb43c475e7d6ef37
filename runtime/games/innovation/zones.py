"""Where Innovation's cards and other things are, for queries (vocab.lister and domains):
a player's hand, score pile, achievements, forecast and display; the board pile by pile in
colour order, each top to bottom (`top`/`bottom`: that card of each pile); the colours on a
board; every colour, value, player or icon when a query names no zone."""
from __future__ import annotations

import cython

from dsl.interp import EffectError

from .cards import BASIC_ICONS as _ICON_IDS, COLORS
from .state import N_COLORS

BASIC_ICONS = ("crown", "leaf", "lightbulb", "castle", "factory", "clock")
_N_COLORS = N_COLORS  # (a C constant in the compiled twin, accel/zones.pxd)
# the colour names of each set of colour bits (State.shape & 31), in colour order
_COLOR_LISTS = [[c for i, c in enumerate(COLORS) if bits >> i & 1]
                for bits in range(1 << len(COLORS))]


def lister(env, noun: str, zone: str, players, position) -> list:
    """The things of type `noun` in `zone` of `players` (one player or a list)."""
    if noun == "color":  # the colours of the piles there
        return colors_on(env.game, players if type(players) is list else [players])
    if type(players) is int:
        return cards_of(env, zone, players, position)
    return cards_in(env, zone, players, position)


def colors_of_shape(shape: int) -> list:
    """The colour names whose bits are set in a board shape (State.shape), in colour order."""
    names = _COLOR_LISTS[shape & (len(_COLOR_LISTS) - 1)]
    return names[:]


def colors_on(g, players: list) -> list:
    """The colours of which one of `players` has a pile."""
    shape = g.state.shape
    bits = 0
    for p in players:
        bits |= shape[p]
    return colors_of_shape(bits)


def cards_of(env, zone: str, p: int, position) -> list:
    """cards_in of one player (the common case: one player's own zone)."""
    g = env.game
    st = g.state
    if zone == "hand":
        return list(st.hand[p])
    if zone == "score":
        return list(st.score[p])
    if zone == "board" and position == "top":
        if cython.compiled:  # the tops State.refresh_pile keeps, in colour order (C)
            return cl_present_list(cython.address(st.seen_top[p * _N_COLORS]), _N_COLORS)
        board = st.board[p]
        k = 0
        for pile in board:
            if pile:
                k += 1
        out = [None] * k  # (made at its length: appending would grow it)
        k = 0
        for pile in board:
            if pile:
                out[k] = pile[-1]
                k += 1
        return out
    return cards_in(env, zone, [p], position)


def cards_seen(env, zone: str, p: int, position) -> list:
    """cards_of for a reader that only looks at the cards (a query's filter loop, which makes
    its own list of the ones kept): one player's hand or score pile is that zone's own list,
    not a copy; the caller must not change it nor keep it."""
    g = env.game
    st = g.state
    if zone == "hand":
        return st.hand[p]
    if zone == "score":
        return st.score[p]
    return cards_of(env, zone, p, position)


def cards_in(env, zone: str, players: list, position) -> list:
    """The cards in `zone` of each of `players`, in turn: a board pile by pile in colour
    order, each top to bottom (`position` "top" or "bottom": that card of each pile)."""
    g = env.game
    st = g.state
    if len(players) == 1:  # (the common case: one player's hand or score, one copy)
        if zone == "hand":
            return list(st.hand[players[0]])
        if zone == "score":
            return list(st.score[players[0]])
    out = []
    if zone == "supply":  # the supply piles, everyone's: each pile bottom to top
        for piles in st.supply:
            for pile in piles:
                out.extend(pile)
        return out
    if zone == "available":  # the available achievements, nobody's
        out.extend(st.available)
        return out
    for p in players:
        if zone == "board":
            for pile in st.board[p]:
                if not pile:
                    continue
                if position == "top":
                    out.append(pile[-1])
                elif position == "bottom":
                    out.append(pile[0])
                else:
                    out.extend(reversed(pile))
        elif zone == "hand":
            out.extend(st.hand[p])
        elif zone == "score":
            out.extend(st.score[p])
        elif zone == "achievements":
            out.extend(st.achievements[p])
        elif zone == "forecast":
            out.extend(st.forecast[p])
        elif zone == "display":
            out.extend(st.display[p])
        elif zone == "revealed":
            out.extend(env.vars.get("__revealed__", []))
        else:
            raise EffectError(f"cards cannot be looked for in '{zone}'")
    return out


def every_color(env) -> list:
    return list(COLORS)


def every_value(env) -> list:
    return list(range(1, env.game.max_age + 1))


def every_player(env) -> list:
    return env.game.players_in_order(env.executor)


def every_icon(env) -> list:
    return list(BASIC_ICONS)


DOMAINS = {"color": every_color, "value": every_value, "player": every_player,
           "icon": every_icon}
