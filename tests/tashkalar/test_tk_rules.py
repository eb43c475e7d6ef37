"""Tash-Kalar's rules, each test citing the seed (shared/seeds/004_5b1005269f6a162c.txt,
Gamehelptashkalar) by its heading."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from runtime.core.agents.basic import RandomAgent, ScriptedAgent
from runtime.core.errors import BadSave
from runtime.core.registry import get
from runtime.games.tashkalar import board as B
from runtime.games.tashkalar.definition import GAME

S = B.parse


def engine(answers=(), seed=0, setup=True, tasks=False):
    e = GAME.engine({"tasks": tasks}, seed)
    e.agents = [ScriptedAgent(list(answers)), ScriptedAgent(list(answers))]
    if setup:
        e.setup()
    return e


def put(e, square, p, r=0):
    s = S(square)
    e.owner[s], e.rank[s] = p, r
    e.board_changed()   # set from outside the game's methods: its bitboards made afresh
    if r == 2:
        e.legend_supply[p] -= 1
    else:
        e.supply[p] -= 1
    return s


def card(e, name):
    return e.table.by_name[name]


def test_setup_hands_and_first_single_action():
    """设置: 3 cards of one's own deck, 2 legends, 1 flare; 轮次: the first player takes a
    single action, then two a turn."""
    e = engine()
    for p in range(2):
        assert (len(e.hand[p]), len(e.legends[p]), len(e.flares[p])) == (3, 2, 1)
    assert e.actions_left == 1
    e.do_action(0, ("place", S("e5")))
    assert e.actions_left == 0
    e.step()   # no action left and no flare to play: the turn ends
    assert (e.current, e.actions_left) == (1, 2)


def test_high_form_task_queue_rules():
    """设置: four tasks, the first three available, no advanced one among them, no three of
    one type among the four."""
    for seed in range(30):
        e = engine(seed=seed, tasks=True)
        infos = [e.table.cards[c] for c in e.tasks]
        assert len(infos) == 4
        assert all(i.difficulty == "simple" for i in infos[:3])
        assert max([i.group for i in infos].count(g) for g in {i.group for i in infos}) <= 2


def test_standard_and_combat_moves():
    """术语: standard onto empty or a lower rank; combat onto the same rank or lower; the
    piece there is destroyed, one's own included."""
    e = engine()
    h = put(e, "e5", 0, 1)
    put(e, "e4", 1, 1)
    put(e, "f5", 1, 0)
    put(e, "d5", 0, 0)
    put(e, "e6", 1, 2)
    std = set(e.destinations(h, combat=False, jump=False))
    cmb = set(e.destinations(h, combat=True, jump=False))
    assert S("e4") not in std and S("e4") in cmb       # heroic onto heroic: combat only
    assert S("f5") in std and S("d5") in std           # lower ranks, own too
    assert S("e6") not in cmb                          # never onto a higher rank
    e.move(0, h, S("d5"))
    assert e.owner[S("d5")] == 0 and e.rank[S("d5")] == 1 and e.supply[0] == 18 - 1


def test_upgrade_and_downgrade_are_one_step():
    """术语: upgrading and downgrading change a rank by one step; no destruction."""
    e = engine()
    s = put(e, "e5", 0, 0)
    assert e.upgrade(s) and e.rank[s] == 1
    assert not e.upgrade(s) and e.rank[s] == 1
    assert e.downgrade(s) and e.rank[s] == 0
    assert e.destroyed_turn == [[], []]


def test_summon_swordmaster_and_its_effect():
    """召唤: the being appears on its square when your pieces stand in its pattern (here
    rotated a quarter turn), then its effect runs: Swordmaster destroys a diagonally adjacent
    common enemy piece and is upgraded."""
    e = engine(answers=[[S("f6")]])
    sw = card(e, "Swordmaster")
    e.hand[0] = [sw]
    put(e, "d5", 0)
    put(e, "f5", 0)
    put(e, "f6", 1)
    summons = [a for a in e.legal_actions(0) if a[0] == "summon"]
    assert {(a[1], a[2]) for a in summons} == {(sw, S("e5"))}
    e.do_action(0, summons[0])
    assert e.owner[S("e5")] == 0 and e.rank[S("e5")] == 1     # upgraded
    assert e.owner[S("f6")] == -1 and e.destroyed_turn[0] == [0]
    assert sw in e.discards[0]


def test_a_higher_piece_counts_as_a_lower_one_and_the_being_jumps():
    """术语: a higher-ranked piece counts as a lower one; 召唤: the being arrives by combat
    jump, so it may replace a piece of its rank or lower, never a higher one."""
    e = engine(answers=[["no"]])
    sw = card(e, "Swordmaster")
    e.hand[0] = [sw]
    put(e, "d5", 0, 1)           # heroic counts as common
    put(e, "f5", 0, 2)           # legendary too
    put(e, "e5", 1, 0)           # an enemy common on the being's square: jumped onto
    assert (sw, S("e5"), 1) in [(c, s, o) for c, s, o in e.legal_summons(0)] or \
        any(c == sw and s == S("e5") for c, s, o in e.legal_summons(0))
    e.rank[S("e5")] = 1          # a heroic one: a common being cannot jump onto it
    e.board_changed()
    assert not any(s == S("e5") for c, s, o in e.legal_summons(0))


def test_at_most_three_legends_and_legend_vp():
    """传奇: each legendary piece on the board is 1 VP, lost when destroyed; at most 3 a
    player."""
    e = engine()
    for sq in ("a5", "b5", "c5"):
        put(e, sq, 0, 2)
    assert e.score(0) == 3
    assert e.legends[0] and all(c not in e.summonable_cards(0) for c in e.legends[0])
    e.destroy(1, S("a5"))
    assert e.score(0) == 2 and e.destroyed_turn[1] == [2]
    assert all(c in e.summonable_cards(0) for c in e.legends[0])


def test_flare_conditions_and_halves_top_first():
    """播放耀斑: the upper half if an opponent has X more upgraded pieces, the lower if Y
    more pieces; effects top to bottom."""
    e = engine()
    f = card(e, "Flare of Training")       # X 4, Y 6
    e.flares[0] = [f]
    assert e.flare_halves(0, f) == []
    for i, sq in enumerate(("a5", "b5", "c5", "d5", "e5", "f5")):
        put(e, sq, 1, 1 if i < 4 else 0)
    assert e.flare_halves(0, f) == ["upper", "lower"]
    assert ("flare", f) in e.legal_actions(0)
    e.actions_left = 2
    e.agents[0] = ScriptedAgent([[S("e9")]])
    e.play_flare(0, f)
    # upper: a common piece placed; lower: a common piece upgraded and an action gained
    assert e.owner[S("e9")] == 0
    assert sum(1 for s in B.SQUARES if e.owner[s] == 0 and e.rank[s] == 1) == 1
    assert e.actions_left == 3


def test_discard_once_a_turn_and_cards_back_to_the_bottom():
    """弃牌: one card discarded, others back to the bottom of their decks, once a turn; the
    hand is refilled after the turn."""
    e = engine()
    e.turn, e.current, e.actions_left = 1, 0, 2
    first, second = e.hand[0][0], e.hand[0][1]
    e.agents[0] = ScriptedAgent([[first], [second]])
    e.do_action(0, ("discard",))
    assert first in e.discards[0] and e.deck[0][0] == second
    assert ("discard",) not in e.legal_actions(0)
    e.actions_left = 0
    e.end_turn()
    assert len(e.hand[0]) == 3


def test_running_out_of_pieces_takes_one_back():
    """棋子用尽: with no piece in stock, one's own is taken from the board first."""
    e = engine()
    s = put(e, "e5", 0, 0)
    e.supply[0] = 0
    e.agents[0] = ScriptedAgent([[s]])
    assert e.place(0, S("a5"), 0)
    assert e.owner[s] == -1 and e.owner[S("a5")] == 0 and e.supply[0] == 0


def test_end_at_nine_vp_after_one_more_turn_each():
    """游戏结束和计分: 9 VP triggers the end; everyone, the trigger's player included, plays
    one more turn."""
    e = engine()
    e.turn, e.current, e.actions_left = 3, 1, 2
    e.vp[1] = 9
    e.check_score_end(1)
    assert e.final_turn == 5
    e.actions_left = 0
    e.end_turn()      # turn 3 (p2's) ends: p1 then p2 play once more
    assert not e.over
    e.actions_left = 0
    e.end_turn()
    assert not e.over
    e.actions_left = 0
    e.end_turn()
    assert e.over and e.result().winners == [1]


def test_ties_broken_by_upgraded_then_all_pieces():
    """游戏结束和计分: ties go to more upgraded pieces, then more pieces."""
    e = engine()
    put(e, "a5", 0, 1)
    put(e, "b5", 1, 0)
    put(e, "c5", 1, 0)
    e.finish("score")
    assert e.result().winners == [0]
    e = engine()
    put(e, "a5", 0, 1)
    put(e, "b5", 1, 1)
    put(e, "c5", 1, 0)
    e.finish("score")
    assert e.result().winners == [1]


def test_deck_exhausted_triggers_the_end():
    """游戏结束和计分: drawing the last card of one's deck triggers the end."""
    e = engine()
    e.deck[0] = [e.deck[0][0]]
    e.hand[0] = e.hand[0][:2]
    e.refill(0)
    assert e.final_turn == e.turn + 2


def test_random_games_conserve_pieces_and_cards():
    """Conservation: a colour's pieces (18 common/heroic, 3 legendary) are on the board or in
    stock, and every card is in one place, at every step of random games."""
    for seed in range(4):
        e = engine(seed=seed, tasks=True)
        e.agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        n = 0
        while not e.over and n < 3000:
            e.step()
            n += 1
            for p in range(2):
                on = [s for s in B.SQUARES if e.owner[s] == p]
                assert sum(1 for s in on if e.rank[s] < 2) + e.supply[p] == 18
                assert sum(1 for s in on if e.rank[s] == 2) + e.legend_supply[p] == 3
            places = (e.deck + e.hand + e.legends + e.flares + e.discards + e.gone + e.claimed
                      + [e.legend_deck, e.flare_deck, e.task_deck, e.tasks])
            seen = Counter(c for zone in places for c in zone)
            # both players play the Imperial deck: each of its beings twice, the rest once
            # (the other decks' beings are not in this game)
            assert seen == Counter({c: 2 if info.kind == "being" else 1
                                    for c, info in enumerate(e.table.cards)
                                    if info.kind != "being" or info.deck == "imperial"})
        assert e.over


def test_save_and_load_and_a_foreign_save_refused():
    """The contract: a game is (options, seed, answers); a save of another game is refused."""
    g = get("tashkalar")
    st = g.new_state({}, 3)
    for _ in range(12):
        pend = st.pending()
        st.apply([pend.options[-1].id])
    back = g.load_state(st.to_json())
    assert back.pending() == st.pending()
    other = json.loads(st.to_json())
    other["header"]["game"] = "innovation"
    with pytest.raises(BadSave):
        g.load_state(json.dumps(other))
