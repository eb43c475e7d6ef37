"""Special achievements, achievement wins, and the three ways the game ends.

000_0facc20b6f4138b7.txt "成就" (special achievements are automatic, immediate, free, also on
other players' turns; once taken they are gone) and "游戏结束" (通过成就 / 摸10以上的牌 / 通过
教义); 001_e2be08ce61e35573.txt "游戏结束" (the quick table of achievements needed);
000 "团队游戏" (shared achievements, summed scores, teammates win together).
RULES-NOTES "Achievements" (current player first when several qualify; Monument counters).
"""
import pytest

from runtime.games.innovation import Effect, Options, SpecialAchievement, achievements_needed
from tests.runtime.conftest import ids, scenario_game


def five_colors(g, p):
    return sum(1 for c in range(5) if g.top(p, c) >= 0) == 5


def monument(g, p):
    return g.tucked_this_turn(p) >= 2 or g.scored_this_turn(p) >= 2


@pytest.mark.parametrize("players,teams,exp,extra,needed", [
    (2, False, ("base",), 0, 6), (3, False, ("base",), 0, 5), (4, False, ("base",), 0, 4),
    (4, True, ("base",), 0, 6), (2, False, ("base", "echoes"), 0, 7),
    (3, False, ("base", "echoes", "cities"), 0, 7), (2, False, ("base",), 1, 7),
])
def test_achievements_needed(players, teams, exp, extra, needed):
    """001 "游戏结束" quick table: rows 2/3/4 players, columns 0..4 expansions."""
    assert achievements_needed(Options(players, teams, 3, extra, exp)) == needed


def test_special_achievement_is_immediate_mid_effect(table):
    spa = table.id_of("SpecA")
    specials = [SpecialAchievement(spa, "SpecA", five_colors)]
    card = table.id_of("red2a")
    seen = []

    def eff(ctx):
        g = ctx.game
        for c in g.hand(ctx.executor):
            g.meld(ctx.executor, c)
            seen.append(g.achievements(ctx.executor))

    g, _ = scenario_game(table, {
        "players": {"p1": {"board": {"red": {"cards": ["red2a"]}},
                           "hand": ["blue1a", "green1a", "yellow1a", "purple1a"]}},
        "achievements": ["SpecA"]}, {card: [Effect("effect", eff, "")]}, specials=specials)
    g.apply(("dogma", card))
    assert seen == [[], [], [], [spa]]  # claimed the moment the 5th colour was melded
    assert g.events[-1] == ("special", 0, spa) or ("special", 0, spa) in g.events


def test_special_achievement_on_another_players_turn(table):
    """000 "成就": "会在另一玩家的回合上自动免费立即获取"."""
    spa = table.id_of("SpecA")
    card = table.id_of("red2a")

    def d(ctx):  # a demand makes the victim meld his whole hand
        g = ctx.game
        for c in g.hand(ctx.executor):
            g.meld(ctx.executor, c)

    g, _ = scenario_game(table, {
        "players": {"p1": {"board": {"red": {"cards": ["red2a"]}}},
                    "p2": {"board": {"red": {"cards": ["red1a"]}},
                           "hand": ["blue1a", "green1a", "yellow1a", "purple1a"]}},
        "achievements": ["SpecA"]}, {card: [Effect("demand", d, "")]},
        specials=[SpecialAchievement(spa, "SpecA", five_colors)])
    assert g.icon_count(1, "castle") < g.icon_count(0, "castle")
    g.apply(("dogma", card))
    assert g.achievements(1) == [spa]


def test_current_player_first_when_both_qualify(table):
    spa = table.id_of("SpecA")
    specials = [SpecialAchievement(spa, "SpecA", lambda g, p: len(g.score(1)) > 0)]
    g, _ = scenario_game(table, {"players": {"p2": {"hand": ["red1a"]}}, "current_player": "p2",
                                 "achievements": ["SpecA"]}, specials=specials)
    g.score(1, table.id_of("red1a"))  # any player would qualify: the current one (p2) gets it
    assert g.achievements(1) == [spa] and g.achievements(0) == []


def test_claimed_special_is_gone(table):
    spa = table.id_of("SpecA")
    specials = [SpecialAchievement(spa, "SpecA", lambda g, p: False)]
    g, _ = scenario_game(table, {"achievements": ["SpecA"]}, specials=specials)
    assert g.claim_special(1, "SpecA") is True and g.achievements(1) == [spa]
    assert g.claim_special(0, "SpecA") is False and g.achievements(0) == []
    assert g.claim_special(0, "Nope") is False


def test_special_triggers_filter(table):
    """SpecialAchievement.triggers narrows when a condition is checked."""
    spa = table.id_of("SpecA")
    calls = []

    def cond(g, p):
        calls.append(p)
        return False

    g, _ = scenario_game(table, {"players": {"p1": {"hand": ["red1a", "blue1a"]}},
                                 "achievements": ["SpecA"]},
                         specials=[SpecialAchievement(spa, "SpecA", cond, frozenset({"score"}))])
    g.meld(0, table.id_of("red1a"))
    assert calls == []
    g.score(0, table.id_of("blue1a"))
    assert calls == [0, 1]


def test_special_triggers_see_where_a_card_came_from_and_went(table):
    """A score, return or transfer is a change of the zone the card left and of the one it
    entered (the categories of each pair of zones are made once: game._PAIR_CATS)."""
    spa = table.id_of("SpecA")
    calls = []

    def cond(g, p):
        calls.append(p)
        return False

    g, _ = scenario_game(table, {"players": {"p1": {"hand": ["red1a", "blue1a", "green1a"]}},
                                 "achievements": ["SpecA"]},
                         specials=[SpecialAchievement(spa, "SpecA", cond, frozenset({"hand"}))])
    red, blue, green = (table.id_of(n) for n in ("red1a", "blue1a", "green1a"))
    g.meld(0, red)                          # hand -> board: only "board"
    assert calls == []
    g.score(0, blue)                        # from the hand: "score" and "hand"
    assert calls == [0, 1]
    g.transfer(blue, 1, "board")            # score -> board: neither is the hand
    assert calls == [0, 1]
    g.transfer(blue, 1, "hand")             # board -> hand
    assert calls == [0, 1, 0, 1]
    g.return_card(0, green)                 # hand -> supply
    assert calls == [0, 1, 0, 1, 0, 1]


def test_monument_counters_count_the_turn_and_reset(table):
    """RULES-NOTES "Achievements": Monument counts tucks/scores of the current turn, including
    those made during other players' dogmas in that turn."""
    spb = table.id_of("SpecB")
    card = table.id_of("red2a")

    def d(ctx):
        g = ctx.game
        for c in g.hand(ctx.executor):
            g.score(ctx.executor, c)

    g, _ = scenario_game(table, {
        "players": {"p1": {"board": {"red": {"cards": ["red2a"]}}},
                    "p2": {"hand": ["blue1a"]}},
        "achievements": ["SpecB"], "actions_left": 1},
        {card: [Effect("demand", d, "")]},
        specials=[SpecialAchievement(spb, "SpecB", monument)])
    g.apply(("dogma", card))
    assert g.scored_this_turn(1) == 0  # new turn: counters reset
    g.score(1, g.draw(1, 1))
    assert g.achievements(1) == []  # 1 this turn, not 2
    g.score(1, g.draw(1, 1))
    assert g.achievements(1) == [spb]


def test_win_by_achievements_at_once_mid_effect(table):
    """000 "通过成就": "游戏立即结束（即使在教义效果期间）"."""
    card = table.id_of("red2a")
    after = []

    def eff(ctx):
        g = ctx.game
        g.achieve(ctx.executor, g.achievement_of_age(1))
        after.append("not reached")

    g, _ = scenario_game(table, {"players": {"p1": {
        "board": {"red": {"cards": ["red2a"]}},
        "achievements": ["green2a", "green3a", "green4a", "green5a", "green6a"]}},
        "achievements": ["blue1a"]}, {card: [Effect("effect", eff, "")]})
    g.apply(("dogma", card))
    assert g.is_over() and after == []
    assert g.result().winners == (0,) and g.result().reason == "achievements"
    assert g.legal_actions() == []
    with pytest.raises(Exception):
        g.apply(("draw",))


def test_team_achievements_are_pooled(table):
    """000 "团队游戏": "你团队的成就被一起计算，胜利所需的总量与两人游戏相同"."""
    g, _ = scenario_game(table, {"players": {
        "p1": {"board": {"red": {"cards": ["red2a"]}},
               "score": ["red5a"], "achievements": ["green2a", "green3a"]},
        "p3": {"achievements": ["green4a", "green5a", "green6a"]}},
        "achievements": ["blue1a"]}, players=4, teams=True)
    g.apply(("achieve", 1))
    assert g.result().winners == (0, 2) and g.result().reason == "achievements"


def test_transfer_into_achievements_can_win(table):
    g, _ = scenario_game(table, {"players": {"p2": {
        "achievements": ["green2a", "green3a", "green4a", "green5a", "green6a"]},
        "p1": {"hand": ["blue1a"]}}})
    from runtime.core import GameOver
    with pytest.raises(GameOver):
        g.transfer(table.id_of("blue1a"), 1, "achievements")
    assert g.result().winners == (1,)


# ------------------------------------------------------------------ high draw

def empty_decks_from(age):
    return {"base": {str(a): {"exactly": []} for a in range(age, 11)}}


@pytest.mark.parametrize("p1,p2,winners", [
    ({"score": ["red5a"]}, {"score": ["red3a"]}, (0,)),                         # score
    ({"score": ["red3a"]}, {"score": ["blue3a"], "achievements": ["green1a"]}, (1,)),  # tiebreak
    ({"score": ["red3a"], "achievements": ["green1a"]},
     {"score": ["blue3a"], "achievements": ["green2a"]}, (0, 1)),               # full tie
])
def test_high_draw_end(table, p1, p2, winners):
    """000 "摸10以上的牌": highest score wins; achievements break a tie; else a tie."""
    g, _ = scenario_game(table, {"players": {"p1": p1, "p2": p2},
                                 "decks": empty_decks_from(9)})
    from runtime.core import GameOver
    with pytest.raises(GameOver):
        g.draw(0, 9)  # 9 and 10 are empty: drawing above 10 ends the game
    assert g.result().winners == winners and g.result().reason == "high draw"


def test_high_draw_ends_action_and_effect_at_once(table):
    card = table.id_of("red2a")
    after = []

    def eff(ctx):
        ctx.game.draw(ctx.executor, 11)
        after.append(1)

    g, _ = scenario_game(table, {"players": {"p1": {"board": {"red": {"cards": ["red2a"]}}},
                                             "p2": {"score": ["red3a"]}}},
                         {card: [Effect("effect", eff, "")]})
    g.apply(("dogma", card))
    assert after == [] and g.result().winners == (1,) and g.result().reason == "high draw"
    assert g.events[-1][0] == "game_over"


def test_high_draw_team_scores_are_summed(table):
    """000 "团队游戏": "队友们会合并他们的分数"."""
    g, _ = scenario_game(table, {"players": {
        "p1": {"score": ["red5a"]}, "p2": {"score": ["red4a"]},
        "p3": {"score": ["red1a"]}, "p4": {"score": ["red3a"]}},
        "decks": empty_decks_from(1)}, players=4, teams=True)
    g.apply(("draw",))
    assert g.result().winners == (1, 3)  # 4+3 beats 5+1


# ------------------------------------------------------------------ win by dogma

def test_win_by_dogma_includes_teammates(table):
    card = table.id_of("red2a")
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"red": {"cards": ["red2a"]}}}}},
                         {card: [Effect("effect", lambda ctx: ctx.game.win([ctx.executor]), "")]},
                         players=4, teams=True)
    g.apply(("dogma", card))
    assert g.result().winners == (0, 2) and g.result().reason == "dogma"
