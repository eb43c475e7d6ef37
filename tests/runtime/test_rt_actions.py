"""The four actions and turn flow.

000_0facc20b6f4138b7.txt "在一个普通回合中" (two actions a turn, the same one twice allowed),
"摸牌", "融合", "教义", "成就"; 001_e2be08ce61e35573.txt "抽牌(DRAW)", "打入(MELD)",
"条例(DOGMA)", "统御(ACHIEVE)".
"""
import pytest

from runtime.core import IllegalMove
from tests.runtime.conftest import ids, scenario_game

from runtime.games.innovation.state import HAND


def test_legal_actions_list(table):
    g, _ = scenario_game(table, {
        "players": {"p1": {"board": {"blue": {"cards": ["blue2a"]}}, "hand": ["red1a", "blue1a"],
                           "score": ["red2a", "blue2b", "green1a"]}}})
    acts = g.legal_actions()
    r1, b1, b2 = ids(table, "red1a", "blue1a", "blue2a")
    assert ("draw",) in acts
    assert {a for a in acts if a[0] == "meld"} == {("meld", r1), ("meld", b1)}
    assert [a for a in acts if a[0] == "dogma"] == [("dogma", b2)]
    # score 5 >= 5x1 and a top card of age 2 >= 1: the 1 only (score 5 < 10)
    assert [a for a in acts if a[0] == "achieve"] == [("achieve", 1)]


def test_draw_action_draws_at_highest_top_card(table):
    g, _ = scenario_game(table, {"players": {"p1": {"board": {
        "blue": {"cards": ["blue3a"]}, "red": {"cards": ["red1a"]}}}},
        "decks": {"base": {"3": ["green3a"]}}})
    g.apply(("draw",))
    assert g.hand(0) == ids(table, "green3a")


def test_draw_action_with_empty_board_draws_a_1(table):
    """000 "摸牌" with value 0 -> 1 (RULES-NOTES: a draw starts at max(v, 1))."""
    g, _ = scenario_game(table, {"decks": {"base": {"1": ["red1b"]}}})
    g.apply(("draw",))
    assert g.hand(0) == ids(table, "red1b")


def test_draw_skips_empty_piles_upward(table):
    """000 "摸牌": "如果对应的牌堆是空的，则改为从下一个更高时代的牌堆摸牌"."""
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"blue": {"cards": ["blue2a"]}}}},
                                 "decks": {"base": {"2": {"exactly": []}, "3": {"exactly": []},
                                                    "4": ["red4a"]}}})
    c = g.draw(0, 2)
    assert c == table.id_of("red4a") and g.location(c) == ("hand", 0, None)


def test_meld_action_and_illegal_meld(table):
    g, _ = scenario_game(table, {"players": {"p1": {"hand": ["red1a"]},
                                             "p2": {"hand": ["blue1a"]}}})
    with pytest.raises(IllegalMove) as e:
        g.apply(("meld", table.id_of("blue1a")))
    assert "not in your hand" in e.value.reason
    g.apply(("meld", table.id_of("red1a")))
    assert g.top(0, "red") == table.id_of("red1a") and g.hand(0) == []


def test_meld_on_top_keeps_splay(table):
    """000 "融合": "如果牌堆已经展开……该展开方式会被新牌保持"."""
    g, _ = scenario_game(table, {"players": {"p1": {
        "board": {"red": {"cards": ["red2a", "red1a"], "splay": "left"}}, "hand": ["red1b"]}}})
    g.apply(("meld", table.id_of("red1b")))
    assert g.pile(0, "red") == ids(table, "red1a", "red2a", "red1b")
    assert g.splay_of(0, "red") == "left"


def test_dogma_only_on_own_top_cards(table):
    """000 "教义" (1): a top card of your board; no dogma on an empty board."""
    g, _ = scenario_game(table, {"players": {
        "p1": {"board": {"red": {"cards": ["red2a", "red1a"]}}},
        "p2": {"board": {"blue": {"cards": ["blue1a"]}}}}})
    for bad in ("red1a", "blue1a"):
        with pytest.raises(IllegalMove) as e:
            g.apply(("dogma", table.id_of(bad)))
        assert "top cards" in e.value.reason
    g.apply(("dogma", table.id_of("red2a")))  # no effects: a legal "pass"
    g2, _ = scenario_game(table, {})
    assert not [a for a in g2.legal_actions() if a[0] == "dogma"]


@pytest.mark.parametrize("score,top,age,ok", [
    (["red2a", "blue2b", "green1a"], "blue1a", 1, True),    # 5 points, top 1
    (["red2a", "blue2b"], "blue1a", 1, False),              # 4 points < 5
    (["red5a", "blue5a"], "blue1a", 2, False),              # 10 points but top card 1 < 2
    (["red5a", "blue5a"], "blue2a", 2, True),
    (["red5a", "blue5a"], "blue3a", 2, True),               # top card above the age is fine
])
def test_achieve_conditions(table, score, top, age, ok):
    """000 "成就": score >= 5 x age AND a top card of at least that age."""
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"blue": {"cards": [top]}},
                                                    "score": score}}})
    if ok:
        g.apply(("achieve", age))
        assert len(g.achievements(0)) == 1 and table.age[g.achievements(0)[0]] == age
        assert g.score_points(0) == sum(table.age[c] for c in ids(table, *score))  # kept
    else:
        with pytest.raises(IllegalMove):
            g.apply(("achieve", age))


def test_achieve_only_available_achievements(table):
    """000 "成就": "你只能获取被标记为'可用'的成就"."""
    g, _ = scenario_game(table, {"players": {
        "p1": {"board": {"blue": {"cards": ["blue3a"]}}, "score": ["red5a", "blue5a", "red3a"]},
        "p2": {"achievements": ["green1a"]}}, "achievements": ["green2a"]})
    with pytest.raises(IllegalMove) as e:
        g.apply(("achieve", 1))
    assert "available" in e.value.reason
    g.apply(("achieve", 2))
    assert g.achievements(0) == ids(table, "green2a")


def test_two_actions_per_turn_then_next_player(table):
    g, _ = scenario_game(table, {"players": {"p1": {}, "p2": {}}, "actions_left": 2})
    g.apply(("draw",))
    assert g.current_player == 0 and g.actions_left == 1
    g.apply(("draw",))  # the same action twice is allowed
    assert g.current_player == 1 and g.actions_left == 2


def test_illegal_action_shapes(table):
    g, _ = scenario_game(table, {})
    for bad in [("fly",), ("meld",), ("meld", "x"), ("achieve", "1"), ("dogma", 9999), ()]:
        with pytest.raises(IllegalMove):
            g.apply(bad)


def test_illegal_answer_mid_effect_leaves_state_unchanged(table):
    """A bad answer is refused with a reason and the whole action is undone."""
    from tests.runtime.conftest import run

    def eff(ctx):
        g = ctx.game
        g.draw(ctx.executor, 1)
        g.draw(ctx.executor, 1)
        c = g.choose(ctx.executor, "card", g.hand(ctx.executor), 1, 1, "score one")[0]
        g.score(ctx.executor, c)

    b2 = table.id_of("blue2a")
    g, agents = scenario_game(table, {"players": {"p1": {"board": {"blue": {"cards": ["blue2a"]}}}}},
                              effects={b2: [run(eff)]})
    before = g.state.signature()
    n_events, n_log = len(g.events), len(g.log)
    agents[0].push(["red9a"])  # not an option
    with pytest.raises(IllegalMove) as e:
        g.apply(("dogma", b2))
    assert "not an option" in e.value.reason
    assert g.state.signature() == before
    assert (len(g.events), len(g.log)) == (n_events, n_log)
    g.state.check_conservation()
    assert g.state.recount() == g.state.icons


def test_clone_is_independent(table):
    g, _ = scenario_game(table, {"players": {"p1": {"hand": ["red1a"]}}})
    h = g.clone()
    h.apply(("meld", table.id_of("red1a")))
    assert g.hand(0) == ids(table, "red1a") and h.hand(0) == []
    assert len(g.log) == 0 and len(h.log) == 1
