"""Nethervoid (shared/seeds/004_5b1005269f6a162c.txt, "扩展 虚空"): the Gateway (传送门), a
marker on one piece, created and moved by summons, following its piece, gone with it or when it
becomes legendary; the words its beings use. The cards' own examples are `cardlang test
cards/tashkalar/nethervoid`, the rule scenarios tests/scenarios/tashkalar/nethervoid.json."""
from __future__ import annotations

import pytest

from runtime.core.agents.basic import RandomAgent, ScriptedAgent
from runtime.games.tashkalar import board as B
from runtime.games.tashkalar.definition import GAME
from runtime.games.tashkalar.patterns import COMMON, HEROIC, LEGENDARY
from tests.tashkalar.test_tk_rules import put

S = B.parse


def engine(opts=None, seed=0, answers=()):
    e = GAME.engine(dict(opts or {}), seed)
    e.agents = [ScriptedAgent(list(answers)) for _ in range(e.n_players)]
    e.setup()
    for s in B.SQUARES:   # an empty board
        if e.owner[s] >= 0:
            e.remove(s)
    return e


def test_the_gateway_is_kept_only_with_a_nethervoid_seat():
    """004 扩展 虚空: the Gateway belongs to the Nethervoid deck: a game without it has none."""
    assert engine({"deck": "imperial", "deck2": "sylvan"}).portals is False
    assert engine({"deck": "imperial", "deck2": "nethervoid"}).portals is True


def test_summons_create_and_move_the_gateway_by_the_seed():
    """004 扩展 虚空: no Gateway -> the next common or heroic being; a common Gateway moves to a
    heroic being; a heroic one stays for a heroic being; legends never."""
    e = engine({"deck": "nethervoid"})
    e.portal_summoned(S("e5"), LEGENDARY)
    assert e.portal == -1
    put(e, "e5", 0, COMMON)
    e.portal_summoned(S("e5"), COMMON)
    assert e.portal == S("e5")
    put(e, "c3", 1, COMMON)
    e.portal_summoned(S("c3"), COMMON)        # common over common: stays
    assert e.portal == S("e5")
    put(e, "g7", 1, HEROIC)
    e.portal_summoned(S("g7"), HEROIC)        # heroic over common: moves
    assert e.portal == S("g7")
    put(e, "b5", 0, HEROIC)
    e.portal_summoned(S("b5"), HEROIC)        # heroic over heroic: stays
    assert e.portal == S("g7")


def test_the_gateway_follows_its_piece_and_leaves_with_it():
    e = engine({"deck": "nethervoid"})
    s = put(e, "e5", 0, HEROIC)
    e.set_portal(s)
    e.move(0, s, S("e6"))
    assert e.portal == S("e6")
    put(e, "e7", 1, COMMON)
    e.move(0, S("e6"), S("e7"))               # the Gateway's piece destroys another: still it
    assert e.portal == S("e7")
    e.destroy(1, S("e7"))
    assert e.portal == -1


def test_a_gateway_made_legendary_loses_the_marker_and_a_legend_cannot_be_one():
    e = engine({"deck": "nethervoid"})
    s = put(e, "e5", 0, HEROIC)
    e.set_portal(s)
    assert e.exalt(s) and e.rank[s] == LEGENDARY and e.portal == -1
    e.set_portal(s)                           # a legendary piece never becomes the Gateway
    assert e.portal == -1
    assert e.legend_supply[0] == 2 and e.supply[0] == 18


def test_exalt_keeps_a_heroic_piece_heroic_without_a_legendary_piece_left():
    """004 传奇: at most three legendary pieces a player."""
    e = engine({"deck": "nethervoid"})
    for sq in ("a5", "b5", "c5"):
        put(e, sq, 0, LEGENDARY)
    s = put(e, "e5", 0, HEROIC)
    assert not e.exalt(s) and e.rank[s] == HEROIC


def test_clone_keeps_the_gateway_and_the_borrowed_colour():
    e = engine({"deck": "nethervoid"})
    e.set_portal(put(e, "e5", 0, COMMON))
    e.borrowed = 1
    c = e.clone()
    assert (c.portals, c.portal, c.borrowed) == (True, S("e5"), 1)


def test_the_borrowed_colour_ends_with_the_turn():
    e = engine({"deck": "nethervoid"})
    e.borrowed = 1
    e.end_turn()
    assert e.borrowed == -1


@pytest.mark.parametrize("players,variant", [(2, "high-form"), (2, "deathmatch"),
                                             (3, "deathmatch"), (4, "deathmatch")])
def test_random_nethervoid_games_keep_the_gateway_on_a_non_legendary_piece(players, variant):
    """Random games with every seat Nethervoid: the Gateway, when there is one, is always on a
    piece that is not legendary; once a non-legend being has been summoned there is one until
    its piece is destroyed; the borrowed colour never outlives its turn."""
    opts = {"players": players, "variant": variant}
    for k in ("deck", "deck2", "deck3", "deck4")[:players]:
        opts[k] = "nethervoid"
    for seed in range(3):
        e = GAME.engine(opts, seed)
        e.agents = [RandomAgent(seed * 10 + q) for q in range(players)]
        e.setup()
        seen = 0
        steps = 0
        while not e.over and steps < 4000:
            turn = e.turn
            e.step()
            steps += 1
            if e.portal >= 0:
                seen += 1
                assert e.owner[e.portal] >= 0 and e.rank[e.portal] != LEGENDARY
            if e.turn != turn:
                assert e.borrowed == -1
        assert e.over and seen > 0


@pytest.mark.parametrize("deck_empty,kept", [(False, False), (True, True)])
def test_hell_hound_goes_under_the_deck_only_while_the_deck_has_cards(deck_empty, kept):
    """Hell Hound (the card): 'if your deck is not out of cards, put this card on the bottom of
    your deck'. Nothing destroyed (the choice declined): no legendary piece destroyed."""
    e = engine({"deck": "nethervoid"}, answers=[[]])
    c = e.table.by_name["Hell Hound"]
    for sq in ("d5", "e5", "c6", "f6"):
        put(e, sq, 0, COMMON)
    e.hand[0] = [c]
    e.discards[0] = []
    if deck_empty:
        e.deck[0] = []
    e.summon(0, c, S("f5"), 0)
    assert (c in e.discards[0]) == kept
    assert (e.deck[0][:1] == [c]) == (not kept)
