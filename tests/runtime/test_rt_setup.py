"""Setup and the first turns.

000_0facc20b6f4138b7.txt "开始游戏，已经开始了！" / 001_e2be08ce61e35573.txt "准备就绪，开始游戏！":
two 1s each, each secretly picks one, all meld at once, the alphabetically first English name
starts; the first player takes one action on the first turn, with four players the second
player too. 000 "成就": one card of each age 1-9 is set aside as the available achievements.
"""
import pytest

from runtime.core import FirstLegalAgent, RandomAgent, ScriptedAgent
from runtime.games.innovation import InnovationGame, Options, SpecialAchievement
from runtime.games.innovation.state import AVAILABLE, SUPPLY


def new_game(table, players=2, seed=1, agents=None, teams=False, specials=()):
    agents = agents or [RandomAgent(seed * 10 + q) for q in range(players)]
    return InnovationGame(table, {}, list(specials), Options(players=players, teams=teams),
                          seed=seed, agents=agents)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_zones(table, players):
    g = new_game(table, players)
    st = g.state
    st.check_conservation()
    ach = g.available_achievements()
    assert sorted(table.age[c] for c in ach) == list(range(1, 10))
    for p in range(players):
        assert len(g.hand(p)) == 1 and len(g.top_cards(p)) == 1
        assert table.age[g.hand(p)[0]] == 1 and table.age[g.top_cards(p)[0]] == 1
    assert len(g.supply(1)) == 15 - 1 - 2 * players
    for age in range(2, 10):
        assert len(g.supply(age)) == 9
    assert len(g.supply(10)) == 10


def test_first_player_is_alphabetically_first_meld(table):
    for seed in range(5):
        g = new_game(table, 3, seed)
        names = {p: table.name[g.top_cards(p)[0]] for p in range(3)}
        first = min(names, key=lambda p: names[p].casefold())
        assert g.current_player == first == g.state.first_player


def test_first_player_with_real_names(base_table):
    """RULES-NOTES "Setup": English names sort as written ("The Wheel" sorts under T)."""
    for seed in range(8):
        g = new_game(base_table, 4, seed)
        names = {p: base_table.name[g.top_cards(p)[0]] for p in range(4)}
        assert g.current_player == min(names, key=lambda p: names[p].casefold())


def test_melds_are_simultaneous_choices(table):
    """Each player chooses from his own two 1s, chosen before anyone melds."""
    g = InnovationGame(table, {}, [], Options(2), seed=5,
                       agents=[ScriptedAgent(), ScriptedAgent()])
    # ScriptedAgent with no answers falls back: the first of its two cards
    asked = [a.fallbacks[0] for a in g.agents]
    assert [d.kind for d in asked] == ["card", "card"]
    assert asked[0].player == 0 and asked[1].player == 1
    for p in range(2):
        assert g.top_cards(p)[0] == asked[p].options[0]


@pytest.mark.parametrize("players,one_action_turns", [(2, 1), (3, 1), (4, 2)])
def test_short_first_turns(table, players, one_action_turns):
    g = new_game(table, players, agents=[FirstLegalAgent()] * players)
    first = g.current_player
    seen = []
    for turn in range(players + 1):
        assert g.current_player == (first + turn) % players
        seen.append(g.actions_left)
        for _ in range(g.actions_left):
            g.apply(("draw",))
    assert seen == [1] * one_action_turns + [2] * (players + 1 - one_action_turns)


def test_specials_start_available(table):
    sp = [SpecialAchievement(table.id_of(n), n, lambda g, p: False) for n in ("SpecA", "SpecB")]
    g = new_game(table, specials=sp)
    assert table.id_of("SpecA") in g.available_achievements()
    assert g.state.zone_of[table.id_of("SpecC")] not in (AVAILABLE, SUPPLY)


def test_invalid_options(table):
    with pytest.raises(ValueError):
        InnovationGame(table, {}, [], Options(players=5))
    with pytest.raises(ValueError):
        InnovationGame(table, {}, [], Options(players=3, teams=True))
