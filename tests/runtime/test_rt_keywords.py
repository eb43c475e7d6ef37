"""Keywords: splay, tuck, return, score, transfer, exchange, reveal, remove; icon visibility.

000_0facc20b6f4138b7.txt "基本关键词" (展开, 收起, 归还, 计分, 摸牌[及...]) and "说明和其他关键词"
(转移, 交换, 移除, 展示 in 001_e2be08ce61e35573.txt "说明与其他关键字"); icon slots visible under a
splay per shared/data/README-innovation.md (left 4 and 6, right 1 and 2, up 2 3 4).
"""
import pytest

from runtime.games.innovation import CardInfo, CardTable, Effect, SpecialAchievement
from tests.runtime.conftest import ids, scenario_game, synthetic_infos


@pytest.fixture(scope="module")
def slot_table():
    extra = [
        CardInfo("Blank", "base", 1, "blue", ("hex", "-", "-", "-"), "crown"),
        CardInfo("U1", "base", 1, "blue", ("crown", "leaf", "lightbulb", "castle"), "crown"),
        CardInfo("U2", "base", 1, "blue", ("crown", "leaf", "lightbulb", "castle"), "crown"),
        CardInfo("CityU", "cities", 1, "blue",
                 ("crown", "leaf", "lightbulb", "castle", "factory", "clock"), ""),
        CardInfo("CityTop", "cities", 1, "red",
                 ("flag", "plus", "arrow-left", "hex", "crown", "fountain"), ""),
    ]
    return CardTable(synthetic_infos() + extra)


def counts(g, p):
    return {i: g.icon_count(p, i) for i in
            ("crown", "leaf", "lightbulb", "castle", "factory", "clock") if g.icon_count(p, i)}


@pytest.mark.parametrize("splay,expected", [
    ("none", {}),
    ("left", {"castle": 2}),
    ("right", {"crown": 2, "leaf": 2}),
    ("up", {"leaf": 2, "lightbulb": 2, "castle": 2}),
])
def test_splay_visible_slots(slot_table, splay, expected):
    g, _ = scenario_game(slot_table, {"players": {"p1": {"board": {
        "blue": {"cards": ["Blank", "U1", "U2"], "splay": splay}}}}})
    assert counts(g, 0) == expected
    assert g.state.recount() == g.state.icons


def test_city_slots_under_left_splay_and_on_top(slot_table):
    """README-innovation: left also shows slot 6; slot 5 counts only on a top card."""
    g, _ = scenario_game(slot_table, {"players": {"p1": {"board": {
        "blue": {"cards": ["Blank", "CityU"], "splay": "left"}}}}})
    assert counts(g, 0) == {"castle": 1, "clock": 1}
    g2, _ = scenario_game(slot_table, {"players": {"p1": {"board": {
        "blue": {"cards": ["CityU"]}}}}})
    assert counts(g2, 0) == {"crown": 1, "leaf": 1, "lightbulb": 1, "castle": 1, "factory": 1,
                             "clock": 1}


def test_hexes_and_city_icons_are_not_icons(slot_table):
    """RULES-NOTES "Splay and icons": hexes and flag/fountain/plus/arrows are not counted."""
    g, _ = scenario_game(slot_table, {"players": {"p1": {"board": {
        "red": {"cards": ["CityTop"]}, "blue": {"cards": ["Blank"]}}}}})
    assert counts(g, 0) == {"crown": 1}
    for icon in ("hex", "flag", "fountain", "plus", "arrow-left"):
        assert g.icon_count(0, icon) == 0
    assert g.card_has_icon(slot_table.id_of("CityTop"), "flag")


def test_splay_rules(table):
    """000 "展开": a pile of 0/1 card is never splayed; same direction does nothing; a new
    direction replaces the old one."""
    g, _ = scenario_game(table, {"players": {"p1": {"board": {
        "red": {"cards": ["red1a"]}, "blue": {"cards": ["blue2a", "blue1a"]}}}}})
    assert g.splay(0, "red", "left") is False and g.splay_of(0, "red") == "none"
    assert g.splay(0, "green", "up") is False
    assert g.splay(0, "blue", "left") is True and g.splay_of(0, "blue") == "left"
    n = len(g.events)
    assert g.splay(0, "blue", "left") is False and len(g.events) == n
    assert g.splay(0, 0, "up") is True and g.splay_of(0, "blue") == "up"  # colours by index too
    assert g.unsplay(0, "blue") is True and g.splay_of(0, "blue") == "none"
    assert g.state.recount() == g.state.icons


def test_pile_reduced_to_one_card_forgets_splay(table):
    """000 "展开": "如果一个牌堆减少到只有一张或零张牌，它不会'记住'自己之前的展开状态"."""
    g, _ = scenario_game(table, {"players": {"p1": {"board": {
        "blue": {"cards": ["blue2a", "blue1a"], "splay": "right"}}}}})
    g.score(0, table.id_of("blue2a"))
    assert g.splay_of(0, "blue") == "none"
    g.meld(0, table.id_of("blue1b"))  # a card added to a 1-card pile: still unsplayed
    assert g.splay_of(0, "blue") == "none" and len(g.pile(0, "blue")) == 2
    assert g.state.recount() == g.state.icons


def test_tuck_goes_under_and_keeps_splay(table):
    """000 "收起": face up at the bottom of its colour pile, keeping the splay."""
    g, _ = scenario_game(table, {"players": {"p1": {
        "board": {"blue": {"cards": ["blue2a", "blue1a"], "splay": "up"}},
        "hand": ["blue1b", "red1a"]}}})
    g.tuck(0, table.id_of("blue1b"))
    g.tuck(0, table.id_of("red1a"))
    assert g.pile(0, "blue") == ids(table, "blue1b", "blue1a", "blue2a")
    assert g.splay_of(0, "blue") == "up" and g.pile(0, "red") == ids(table, "red1a")
    assert g.tucked_this_turn(0) == 2
    assert g.state.recount() == g.state.icons


def test_return_to_bottom_of_own_pile(table):
    """000 "归还": to the bottom of the supply pile it came from; an empty pile has it alone."""
    g, _ = scenario_game(table, {"players": {"p1": {"hand": ["red3a", "blue1a"]}},
                                 "decks": {"base": {"3": {"exactly": []}}}})
    g.return_card(0, table.id_of("red3a"))
    assert g.supply(3) == ids(table, "red3a")
    g.return_card(0, table.id_of("blue1a"))
    assert g.supply(1)[0] == table.id_of("blue1a")  # bottom (the list is bottom->top)
    assert g.location(table.id_of("blue1a")) == ("supply", -1, None)
    assert g.draw(1, 3) == table.id_of("red3a")  # the pile is drawable again


def test_returner_orders_several_cards(table):
    """000 "归还": "如果你必须将多张牌归还到同一个牌堆，你可以选择顺序"."""
    g, agents = scenario_game(table, {"players": {"p1": {"hand": ["red2a", "blue2a", "red3a"]}}})
    agents[0].push(["blue2a", "red2a"])
    assert g.return_cards(0, ids(table, "red2a", "blue2a", "red3a")) == 3
    assert g.supply(2)[:2] == ids(table, "red2a", "blue2a")  # last returned is lowest
    assert g.log[-1]["kind"] == "order"


def test_score_verb_and_query(table):
    g, _ = scenario_game(table, {"players": {"p1": {"hand": ["red3a"]}}})
    assert g.score(0, table.id_of("red3a")) is True
    assert g.score(0) == ids(table, "red3a") and g.score_points(0) == 3
    assert g.scored_this_turn(0) == 1


def test_transfer_is_not_meld_score_or_achieve(table):
    """000 "转移": not a meld/score/achieve for anything that cares (Monument counters,
    special achievements watching those)."""
    g, _ = scenario_game(table, {"players": {"p1": {"hand": ["red3a", "blue1a"]},
                                             "p2": {"board": {"red": {
                                                 "cards": ["red2a", "red1a"], "splay": "left"}}}}})
    r3, b1, r2 = ids(table, "red3a", "blue1a", "red2a")
    g.transfer(r3, 1, "score")
    g.transfer(b1, 1, "board")
    assert g.scored_this_turn(1) == 0 and g.tucked_this_turn(1) == 0
    assert g.score(1) == [r3] and g.top(1, "blue") == b1
    g.transfer(r2, 0, "hand")  # from a board: the pile drops to one card, loses its splay
    assert g.splay_of(1, "red") == "none" and g.hand(0) == [r2]
    assert [e[0] for e in g.events[-3:]] == ["transfer"] * 3
    g.transfer(table.id_of("red1a"), 0, "board")
    assert g.top(0, "red") == table.id_of("red1a") and g.pile(1, "red") == []
    assert g.state.recount() == g.state.icons


def test_exchange_is_simultaneous_and_may_be_lopsided(table):
    """000 "交换": transfers in both directions at once; 0 for 10 is fine."""
    g, _ = scenario_game(table, {"players": {"p1": {"hand": ["red3a", "blue1a"],
                                                    "score": ["green5a"]}}})
    hand, score = g.hand(0), g.score(0)
    g.exchange(hand, (0, "hand"), score, (0, "score"))
    assert sorted(g.score(0)) == sorted(hand) and g.hand(0) == score
    g.exchange([], (0, "hand"), g.score(0), (0, "score"))
    assert g.score(0) == [] and len(g.hand(0)) == 3
    assert g.scored_this_turn(0) == 0


def test_reveal_changes_nothing(table):
    g, _ = scenario_game(table, {"players": {"p1": {"hand": ["red3a"]}}})
    before = g.state.signature()
    changes = g.counted_changes
    assert g.reveal(0, table.id_of("red3a"))
    assert g.state.signature() == before and g.counted_changes == changes
    assert g.events[-1] == ("reveal", 0, table.id_of("red3a"))


def test_remove_all(table):
    """000 "移除": out of the game, as if the cards never existed."""
    g, _ = scenario_game(table, {"players": {
        "p1": {"hand": ["red3a"], "board": {"blue": {"cards": ["blue2a", "blue1a"],
                                                     "splay": "left"}}},
        "p2": {"score": ["green5a"], "achievements": ["yellow1a"]}}})
    assert g.remove_all() == 4
    assert g.hand(0) == [] and g.pile(0, "blue") == [] and g.score(1) == []
    assert g.achievements(1) == ids(table, "yellow1a")
    assert g.location(table.id_of("red3a"))[0] == "removed"
    assert g.splay_of(0, "blue") == "none" and g.icon_count(0, "castle") == 0
    g.state.check_conservation()


def test_location_and_queries(table):
    g, _ = scenario_game(table, {"players": {"p1": {"board": {
        "blue": {"cards": ["blue2a", "blue1a"]}}}}, "achievements": ["red1a"]})
    b2, b1 = ids(table, "blue2a", "blue1a")
    assert g.location(b2) == ("board", 0, "blue")
    assert g.top(0, "blue") == b2 and g.bottom(0, "blue") == b1 and g.top(0, "red") == -1
    assert g.top_cards(0) == [b2] and g.highest_top_age(0) == 2
    assert g.available_achievements() == ids(table, "red1a")
    assert g.achievement_of_age(1) == table.id_of("red1a") and g.achievement_of_age(2) == -1
    assert g.players_in_order(1) == [1, 0] and g.opponents(0) == [1] and g.teammates(0) == []


def test_rearrange_pile(table):
    g, _ = scenario_game(table, {"players": {"p1": {"board": {
        "blue": {"cards": ["blue2a", "blue1a", "blue1b"], "splay": "right"}}}}})
    b2, b1, b1b = ids(table, "blue2a", "blue1a", "blue1b")
    assert g.rearrange(0, "blue", [b2, b1b, b1]) is True
    assert g.pile(0, "blue") == [b2, b1b, b1] and g.splay_of(0, "blue") == "right"
    assert g.rearrange(0, "blue", [b2, b1b, b1]) is False
    assert g.state.recount() == g.state.icons
    with pytest.raises(ValueError):
        g.rearrange(0, "blue", [b2])


def test_achieve_from_anywhere_and_pile_icons(table):
    g, _ = scenario_game(table, {"players": {"p1": {"hand": ["red3a"],
                                                    "board": {"red": {"cards": ["red2a"]}}}}})
    r3 = table.id_of("red3a")
    assert g.achieve(0, r3) is False
    assert g.achieve(0, r3, anywhere=True) is True and g.achievements(0) == [r3]
    assert g.events[-1] == ("achieve", 0, r3)
    assert g.pile_icon_count(0, "red", "castle") == 3 and g.forecast(0) == g.display(0) == []
