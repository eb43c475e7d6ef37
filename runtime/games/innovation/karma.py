"""Figures' karma, run through the core's triggered effects (runtime/core/hooks.py).

002 "因果(Karma)" (PAGE.6): a figure's karma effects act while it is a top card of its
owner's board; "When ..." runs after the action it names, "If you would ..." before it,
`instead` replacing it, `first` letting it happen after; karma effects do not chain (no karma
fires while another runs), and when several fire at once the player chooses one to run and
ignores the others. (Karma's "Each ..." static effects are not playable yet: vocabulary.py.)

A game whose card set has triggered effects gets a replacement hook ("would") and an event
hook ("when") per verb they name; a game without any pays nothing.
"""
from __future__ import annotations

from runtime.core.hooks import Busy, Rules, Triggered, fire

from .state import BOARD

# where the acting player and the subject are in a verb's replacement arguments (game.py
# `_replace`) and in its event (events.py): (player index, subject index or None)
_ARGS = {"meld": (0, 1), "tuck": (0, 1), "score": (0, 1), "return": (0, 1), "achieve": (0, 1),
         "draw": (0, None), "splay": (0, 1)}
_EVENTS = {"meld": (1, 2), "tuck": (1, 2), "score": (1, 2), "return": (1, 2),
           "achieve": (1, 2), "draw": (1, 2), "splay": (1, 2)}
POINTS = tuple(_ARGS)


def triggered(card, cid: int, lowering, render, make_run, env_class, context_class,
              passes) -> list:
    """The Triggered rows of a card's triggered effects, run by `make_run(card, effect,
    core_effect)`."""
    rows = []
    envs: dict = {}
    for eff in card.effects:
        if eff.trigger is None:
            continue
        text = render.effect(eff, card)
        core = lowering.effect(card, eff, text)
        t = core.trigger
        rows.append(Triggered(cid, eff.kind, t.point, t.mode, t.would_mode,
                              _matcher(t, cid, envs, env_class, context_class, passes),
                              make_run(card, eff, core), text))
    return rows


def _matcher(t, cid: int, envs: dict, env_class, context_class, passes):
    """matches(game, owner, subject): `this` card, or every test of the pattern passes."""
    if t.this:
        return lambda game, owner, subject: subject == cid
    filters = t.filters

    def matches(game, owner, subject) -> bool:
        if not filters:
            return True
        if subject is None:
            return False
        env = envs.get(owner)
        if env is None or env.game is not game:
            env = envs[owner] = env_class(context_class(game, owner, owner, cid, "karma", {},
                                                        False))
        for f in filters:
            if passes(f, subject, env) == f.negated:
                return False
        return True
    return matches


def install(game, triggers: dict, context_class, proceed) -> None:
    """Hook a game's verbs to the triggered effects of its card set (`triggers`: card id ->
    [Triggered]); `proceed` is the game's PROCEED."""
    busy = Busy()
    # a triggered effect changes what a special achievement's condition reads only through
    # the verbs it runs, whose State.move sets the changed bits that wake the specials (as a
    # dig or a seize does): the conditions' known inputs stay known (CARDLANG_ACCEL=check
    # verifies it). (Karma's static "Each ..." effects would modify counts: an icon modifier,
    # add_icon_modifier, which makes them evaluated afresh.)
    game._hooks.setdefault("conditions see", [False])

    def active(g, player: int, point: str) -> list:
        st = g.state
        out = []
        for pile in st.board[player]:
            if pile:
                for t in triggers.get(pile[-1], ()):
                    if t.point == point:
                        out.append(t)
        return out

    def context(g, owner: int, card: int, kind: str, subject):
        return context_class(g, owner, owner, card, kind, {}, False, subject)

    def choose(g, player: int, rows: list):
        cards = [t.card for t in rows]
        pick = g.choose(player, "card", cards, 1, 1, "choose the karma effect to run")
        return rows[cards.index(pick[0])]

    rules = Rules(active, context, chain=False, choose=choose)
    # the cards with a triggered effect at each point, in id order: a verb fires none unless
    # one of them is on the acting player's board (`active` only looks at top cards), which
    # the hooks ask first; and the game consults the hooks at all only while one of them is
    # on some board (`watch`: the State counts them there; a relic of the Figures type is
    # rarely on a board, and its karma would hook every meld and score of a relics game)
    at_point: dict = {}
    for c in sorted(triggers):
        for t in triggers[c]:
            if c not in at_point.setdefault(t.point, []):
                at_point[t.point].append(c)
    for point in sorted(set(at_point) & set(_ARGS)):
        p_at, s_at = _ARGS[point]
        cards = tuple(at_point[point])

        def would(g, verb, args, p_at=p_at, s_at=s_at, cards=cards):
            p = args[p_at]
            if not _on_board(g.state, cards, p):
                return proceed
            subject = None if s_at is None else args[s_at]
            return False if fire(g, rules, busy, verb, "would", p, subject) else proceed
        game.add_replacement(point, would, watch=cards)
        e_p, e_s = _EVENTS[point]

        def when(g, event, e_p=e_p, e_s=e_s, cards=cards):
            p = event[e_p]
            if _on_board(g.state, cards, p):
                fire(g, rules, busy, event[0], "when", p, event[e_s])
        game.add_trigger(point, when, watch=cards)


def _on_board(st, cards: tuple, p: int) -> bool:
    """Whether one of `cards` is on p's board."""
    for c in cards:
        if st.zone_of[c] == BOARD and st.owner_of[c] == p:
            return True
    return False
