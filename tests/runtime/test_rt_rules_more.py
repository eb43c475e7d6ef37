"""More base-rule details from the seeds' worked examples and keyword notes."""
import pytest

from runtime.core import IllegalMove
from tests.runtime.conftest import ids, scenario_game


def test_achieve_example_from_rules(table):
    """001 "统御(ACHIEVE)" example: 15 points (4+4+4+3), highest top card 2, the 1 already
    taken: only the 2 can be achieved although 15 points would cover a 3."""
    g, _ = scenario_game(table, {"players": {"p1": {
        "board": {"blue": {"cards": ["blue2a"]}},
        "score": ["red4a", "blue4a", "green4a", "red3a"]},
        "p2": {"achievements": ["yellow1a"]}},
        "achievements": ["yellow2a", "yellow3a"]})
    assert [a for a in g.legal_actions() if a[0] == "achieve"] == [("achieve", 2)]


def test_special_achievements_cannot_be_taken_by_the_action(table):
    """000 "成就": special achievements "不能通过此行动获取"."""
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"blue": {"cards": ["blue2a"]}},
                                                    "score": ["red5a"]}},
                                 "achievements": ["SpecA"]})
    assert not [a for a in g.legal_actions() if a[0] == "achieve"]
    with pytest.raises(IllegalMove):
        g.apply(("achieve", 0))


def test_team_achieve_uses_own_score_only(table):
    """000 "团队游戏": "然而，你必须只使用自己的分数来获得成就"."""
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"blue": {"cards": ["blue2a"]}}},
                                             "p3": {"score": ["red5a", "blue5a"]}},
                                 "achievements": ["yellow1a"]}, players=4, teams=True)
    with pytest.raises(IllegalMove) as e:
        g.apply(("achieve", 1))
    assert "score" in e.value.reason


def test_opponents_exclude_teammates(table):
    """000 "团队游戏": "任何引用你'对手'的效果不会影响你的队友"."""
    g, _ = scenario_game(table, {}, players=4, teams=True)
    assert g.opponents(0) == [1, 3] and g.teammates(0) == [2] and g.team(3) == [1, 3]
    g2, _ = scenario_game(table, {}, players=4)
    assert g2.opponents(2) == [3, 0, 1] and g2.teammates(2) == []


def test_draw_of_value_zero_draws_a_one(table):
    """000 "摸牌 [及...]": a value taken from a missing card is 0; there is no 0 pile, so 1."""
    g, _ = scenario_game(table, {"decks": {"base": {"1": ["green1b"]}}})
    assert g.draw(0, 0) == table.id_of("green1b")


def test_single_card_pile_is_top_and_bottom(table):
    """000 "说明和其他关键词 / 顶部/底部"."""
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"red": {"cards": ["red1a"]}}}}})
    assert g.top(0, "red") == g.bottom(0, "red") == table.id_of("red1a")


def test_meld_needs_a_hand(table):
    """000 "融合": "如果你手牌中没有牌，你不能执行融合行动"."""
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"red": {"cards": ["red1a"]}}}}})
    assert {a[0] for a in g.legal_actions()} == {"draw", "dogma"}


def test_draw_from_an_expansion_set():
    """000 "使用扩展进行游戏": an empty expansion pile draws base; an empty base pile makes the
    expansion pile of that age count as empty too."""
    from runtime.games.innovation import CardInfo, CardTable
    from tests.runtime.conftest import synthetic_infos
    extra = [CardInfo(f"ex{a}", "echoes", a, "blue", ("hex", "crown", "crown", "crown"), "crown")
             for a in range(1, 11)]
    t = CardTable(synthetic_infos() + extra)
    g, _ = scenario_game(t, {"decks": {"base": {"2": {"exactly": []}, "3": ["red3a"]}}},
                         expansions=["base", "echoes"])
    assert g.draw(0, 1, "echoes") == t.id_of("ex1")
    assert g.draw(0, 1, "echoes") != t.id_of("ex1")  # ex1 gone: falls back to base 1
    assert t.set[g.hand(0)[-1]] == "base"
    assert g.draw(0, 2, "echoes") == t.id_of("ex3")  # base 2 empty: skip to 3
