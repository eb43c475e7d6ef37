"""Etherweave (shared/seeds/004_5b1005269f6a162c.txt, "以太编织"): warp effects (扭曲), a free
action played from a card of the hand whether or not its pattern is on the board; the card
stays in the hand, in warp, until it is summoned: no other warp meanwhile, 2 points less, none
on the game's first turn; swaps and pieces taken off the board for a while are not
destructions. The cards' own examples are `cardlang test cards/tashkalar/etherweave`, the rule
scenarios tests/scenarios/tashkalar/etherweave.json (and tashkalar_illegal/)."""
from __future__ import annotations

import random

from runtime.core.agents.basic import RandomAgent
from runtime.games.tashkalar import board as B
from runtime.games.tashkalar.definition import GAME
from runtime.games.tashkalar.game import COLORLESS
from runtime.games.tashkalar.patterns import COMMON, from_grid, matches, matches_void
from tests.tashkalar.test_tk_nethervoid import engine  # a set-up game with an empty board
from tests.tashkalar.test_tk_rules import put

S = B.parse




def card(e, name):
    return e.table.by_name[name]


def warps(e, p=0):
    return [a for a in e.legal_actions(p) if a[0] == "warp"]


def test_the_deck_option_deals_etherweave_beings():
    e = engine({"deck": "etherweave", "deck2": "imperial"})
    own = set(e.table.ids("being", "etherweave"))
    assert len(own) == 18 and set(e.hand[0]) <= own and len(e.hand[0]) == 3
    assert not set(e.hand[1]) & own


def test_warps_are_offered_for_the_hand_s_cards_with_one_not_on_the_first_turn():
    """004 以太编织: a free action from the hand (with actions left or after the last one);
    (注意) not on the game's first turn; a card without a warp effect has none."""
    e = engine({"deck": "etherweave"})
    e.hand[0] = [card(e, "Translocationist"), card(e, "Doppelganger")]
    assert e.turn == 0 and warps(e) == []
    e.turn, e.current = 2, 0
    assert warps(e) == [("warp", card(e, "Translocationist"))]
    e.actions_left = 0   # after the last action: like a flare, with "end"
    assert set(e.legal_actions(0)) == {("warp", card(e, "Translocationist")), ("end",)}


def test_a_warp_keeps_the_card_in_hand_blocks_others_and_costs_two_points():
    e = engine({"deck": "etherweave"})
    e.turn, e.current = 2, 0
    t, g = card(e, "Translocationist"), card(e, "Greater Shadow Twin")
    e.hand[0] = [t, g]
    e.vp[0] = 5
    e.actions_left = 2
    e.do_action(0, ("warp", t))
    assert e.pending[0] == [t] and t in e.hand[0] and e.actions_left == 3   # gain action
    assert e.score(0) == 3 and warps(e) == []       # no other warp while one is pending
    e.unwarp(0)
    assert e.score(0) == 5 and ("warp", g) in warps(e)


def test_summoning_the_card_in_warp_removes_the_penalty():
    e = engine({"deck": "etherweave"})
    e.turn, e.current = 2, 0
    t = card(e, "Translocationist")
    e.hand[0] = [t]
    e.pending[0] = [t]
    for sq in ("f4", "d5", "d6", "e6"):
        put(e, sq, 0, COMMON)
    assert e.score(0) == -2
    e.do_action(0, ("summon", t, S("e5"), 0))
    assert e.pending[0] == [] and t in e.discards[0] and e.score(0) == 0


def test_the_discard_action_may_discard_the_card_in_warp_but_not_a_kept_one():
    e = engine({"deck": "etherweave"})
    m, t = card(e, "Merchant of Time"), card(e, "Translocationist")
    e.hand[0] = [m, t]
    e.pending[0] = [t]
    assert t in e.discardable(0)
    e.pending[0] = [m]   # Merchant of Time: `keep warp`
    assert e.discardable(0) == [t] + e.legends[0] + e.flares[0]
    assert e.unwarp(0) == [] and e.pending[0] == [m]


def test_time_traveler_arrives_on_any_empty_colorless_square_once_its_pattern_stands():
    e = engine({"deck": "etherweave"})
    tt = card(e, "Time Traveler")
    e.hand[0] = [tt]
    assert e.legal_summons(0) == []
    for sq in ("d4", "e5", "f6"):
        put(e, sq, 0, COMMON)
    got = e.legal_summons(0)
    empty = [s for s in COLORLESS if e.owner[s] < 0]
    assert [s for _c, s, _o in got] == empty and S("e5") not in empty


def test_void_summons_are_the_patterns_with_one_or_two_empty_squares_as_common_pieces():
    """matches_void against a square-by-square count on random boards."""
    rng = random.Random(3)
    pat = from_grid(('c . c', '. B .', 'c . c'))
    for _ in range(60):
        own = {s for s in B.SQUARES if rng.random() < 0.3}
        full = {s for s in B.SQUARES if s not in own and rng.random() < 0.3}
        empty_bb = sum(1 << s for s in B.SQUARES if s not in own and s not in full)
        ge = (sum(1 << s for s in own),) * 3
        ok = empty_bb
        want = []
        for o in pat.orientations:
            for s in B.squares_of(ok):
                x, y = B.xy(s)
                cells = [(x + dx, y + dy) for dx, dy, _r in o.cells]
                if not all(B.on_board(*c) for c in cells):
                    continue
                sq = [B.sq(*c) for c in cells]
                if any(t in full for t in sq):
                    continue
                if 1 <= sum(1 for t in sq if t not in own) <= 2:
                    want.append((s, o.index))
        assert matches_void(pat, ge, empty_bb, ok, 2) == want
        assert not set(want) & set(matches(pat, ge, ok))


def test_random_etherweave_games_run_and_warp():
    """Random games with Etherweave decks (High Form, Deathmatch for 3) end; warps are
    played; a card in warp is always a card of its player's hand."""
    played = 0
    for opts in ({"deck": "etherweave", "deck2": "etherweave"},
                 {"deck": "etherweave", "deck2": "sylvan", "deck3": "etherweave",
                  "players": 3, "variant": "deathmatch"}):
        for seed in range(3):
            e = GAME.engine(opts, seed, record_events=True)
            e.agents = [RandomAgent(seed * 7 + q) for q in range(e.n_players)]
            e.setup()
            steps = 0
            while not e.over and steps < 5000:
                e.step()
                steps += 1
                for p in range(e.n_players):
                    assert len(e.pending[p]) <= 1 and set(e.pending[p]) <= set(e.hand[p])
            assert e.over
            played += sum(1 for ev in e.events if ev[0] == "warp")
    assert played > 0


def _void_square_by_square(p, own_ge, empty, being_ok, n):
    """matches_void's former form, square by square: the reference of its bitboard form."""
    out = []
    for o in p.orientations:
        for s in B.squares_of(being_ok):
            x, y = B.xy(s)
            need = 0
            for dx, dy, r in o.cells:
                if not B.on_board(x + dx, y + dy):
                    need = n + 1
                    break
                t = B.sq(x + dx, y + dy)
                if own_ge[r] >> t & 1:
                    continue
                if r == COMMON and empty >> t & 1:
                    need += 1
                    if need > n:
                        break
                    continue
                need = n + 1
                break
            if 1 <= need <= n:
                out.append((s, o.index))
    return out


def test_void_summons_with_ranked_cells_and_any_count_match_the_square_by_square_count():
    """The bitboard form of matches_void (a counter by bits) gives the square-by-square
    answer for patterns with heroic cells (never an empty square: only common pieces may be
    counted, Void Summoner) and for one to three squares allowed."""
    rng = random.Random(11)
    pats = [from_grid(('c.c', '.B.', 'c.c')), from_grid(('BHc', '.c.')),
            from_grid(('cccc', '.B..')), from_grid(('cLc', 'cBc'))]
    for _ in range(40):
        own = {s: rng.choice((0, 0, 1, 2)) for s in B.SQUARES if rng.random() < 0.45}
        full = {s for s in B.SQUARES if s not in own and rng.random() < 0.25}
        empty_bb = sum(1 << s for s in B.SQUARES if s not in own and s not in full)
        ge = tuple(sum(1 << s for s, r in own.items() if r >= k) for k in range(3))
        ok = empty_bb | sum(1 << s for s in full if rng.random() < 0.5)
        for pat in pats:
            for n in (1, 2, 3):
                assert matches_void(pat, ge, empty_bb, ok, n) == \
                    _void_square_by_square(pat, ge, empty_bb, ok, n)
