"""Trivial synthetic card effects (Python, tests only) that exercise every runtime verb, and
synthetic special-achievement conditions, for property tests and random games."""
from __future__ import annotations

from runtime.core import Rng
from runtime.games.innovation import COLORS, Effect, SpecialAchievement


def e_draw(ctx):
    ctx.game.draw(ctx.executor, ctx.game.cards.age[ctx.card])


def e_score_from_hand(ctx):
    g = ctx.game
    for c in g.choose(ctx.executor, "card", g.hand(ctx.executor), 0, 1, "you may score"):
        g.score(ctx.executor, c)


def e_tuck_from_hand(ctx):
    g = ctx.game
    for c in g.choose(ctx.executor, "card", g.hand(ctx.executor), 1, 2, "tuck one or two"):
        g.tuck(ctx.executor, c)


def e_splay(ctx):
    g = ctx.game
    p = ctx.executor
    colors = [c for c in COLORS if len(g.pile(p, c)) >= 2]
    for c in g.choose(p, "color", colors, 0, 1, "you may splay"):
        d = g.choose(p, "splay", ("left", "right", "up"), 1, 1, "direction")[0]
        g.splay(p, c, d)


def e_return_some(ctx):
    g = ctx.game
    picked = g.choose(ctx.executor, "card", g.hand(ctx.executor), 0, 3, "return up to three")
    if g.return_cards(ctx.executor, picked) and picked:
        g.meld(ctx.executor, g.draw(ctx.executor, len(picked)))


def e_meld_from_hand(ctx):
    g = ctx.game
    for c in g.choose(ctx.executor, "card", g.hand(ctx.executor), 1, 1, "meld"):
        g.meld(ctx.executor, c)


def e_exchange(ctx):
    g = ctx.game
    p = ctx.executor
    if g.choose_yes_no(p, "exchange hand and score?"):
        g.exchange(g.hand(p), (p, "hand"), g.score(p), (p, "score"))


def e_achieve(ctx):
    g = ctx.game
    ages = sorted({g.cards.age[c] for c in g.available_achievements() if not g.is_special(c)})
    ok = [a for a in ages if a <= g.highest_top_age(ctx.executor)]
    for a in g.choose(ctx.executor, "value", ok, 0, 1, "you may achieve"):
        g.achieve(ctx.executor, g.achievement_of_age(a))


def d_transfer_hand(ctx):
    g = ctx.game
    for c in g.choose(ctx.executor, "card", g.hand(ctx.executor), 1, 1, "give a card"):
        g.transfer(c, ctx.activator, "hand")


def d_transfer_top(ctx):
    g = ctx.game
    tops = g.top_cards(ctx.executor)
    for c in g.choose(ctx.executor, "card", tops, 1, 1, "give a top card"):
        g.transfer(c, ctx.activator, "score")


def e_unsplay_other(ctx):
    g = ctx.game
    for q in g.choose(ctx.executor, "player", g.opponents(ctx.executor), 0, 1, "unsplay whom"):
        for c in COLORS:
            g.unsplay(q, c)


def e_win_if_rich(ctx):
    g = ctx.game
    if g.score_points(ctx.executor) >= 20:
        g.win([ctx.executor], "dogma")


MENU = [("effect", e_draw), ("effect", e_score_from_hand), ("effect", e_tuck_from_hand),
        ("effect", e_splay), ("effect", e_return_some), ("effect", e_meld_from_hand),
        ("effect", e_exchange), ("effect", e_achieve), ("demand", d_transfer_hand),
        ("demand", d_transfer_top), ("effect", e_unsplay_other), ("echo", e_draw),
        ("effect", e_win_if_rich)]


def synthetic_effects(table, seed: int = 0) -> dict:
    """Give each normal card one to three effects from MENU, chosen by a seeded RNG."""
    r = Rng(seed)
    out = {}
    for c in range(table.n):
        if table.kind[c] != "card":
            continue
        k = 1 + r.below(3)
        out[c] = [Effect(kind, fn, fn.__name__) for kind, fn in r.sample(MENU, k)]
    return out


def synthetic_specials(table) -> list:
    conds = [
        lambda g, p: sum(1 for c in COLORS if g.top(p, c) >= 0) == 5,
        lambda g, p: g.tucked_this_turn(p) >= 3 or g.scored_this_turn(p) >= 3,
        lambda g, p: g.icon_count(p, "crown") >= 8,
        lambda g, p: sum(1 for c in COLORS if g.splay_of(p, c) != "none") >= 3,
        lambda g, p: g.score_points(p) >= 25,
    ]
    return [SpecialAchievement(table.id_of(n), n, cond)
            for n, cond in zip(("SpecA", "SpecB", "SpecC", "SpecD", "SpecE"), conds)]
