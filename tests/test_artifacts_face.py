"""Battleship Yamato's face value (issue 23; 000 "历史文物扩展": an age-8 card whose face shows
11: "当正面朝上时（...作为您游戏板上的顶牌...）它计为11；当背面朝下时（在牌库中、您的手牌中、您的
分数牌中），它计为8"). The card fact `face 11`; InnovationGame.shown_value is the face on a board
or on display, the age elsewhere. The card's own examples show the draw action, a score pile and
a highest top card; this file the zones one by one, the dig condition and Echoes' promotion."""
from __future__ import annotations

import pytest

from runtime.core import registry
from runtime.core.scenario import run_scenario
from runtime.front.testing import zones
from runtime.games.innovation.state import BOARD, DISPLAY, HAND, SCORE

GAME = registry.get("innovation")


def _engine(sets):
    g = GAME.engine({"sets": sets})
    g.setup()
    return g


def test_the_face_counts_face_up_and_the_age_face_down():
    g = _engine(["base", "artifacts"])
    yamato = g.cards.id_of("Battleship Yamato")
    assert g.cards.age[yamato] == 8 and g.cards.face[yamato] == 11 and g.has_face
    st = g.state
    seen = {}
    for zone in (HAND, SCORE, BOARD, DISPLAY):
        st.move(yamato, zone, 0)
        seen[zone] = g.shown_value(yamato)
    assert seen == {HAND: 8, SCORE: 8, BOARD: 11, DISPLAY: 11}
    st.move(yamato, BOARD, 0)
    assert g.highest_top_age(0) == 11      # the draw action draws an 11: the game ends
    st.move(yamato, SCORE, 0)
    assert g.score_points(0) == 8          # face down in the score pile
    st.check_conservation()


def test_a_game_without_artifacts_never_asks_where_a_card_lies():
    assert not _engine(["base"]).has_face
    assert not _engine(["base", "echoes"]).has_face
    assert _engine(["base", "echoes", "artifacts"]).has_face


def test_the_dig_compares_the_face_values_on_the_board():
    """000 "挖掘事件": the melded card's value at most the covered one's: Yamato melded is an 11
    (no dig over Genetics, a 9 whose hex is elsewhere); Yamato covered is an 11 (a 9 melded on
    it digs, but there is no Artifact 11: nothing is displayed)."""
    from runtime.games.innovation import artifacts
    g = _engine(["base", "artifacts"])
    t = g.cards
    yamato, genetics = t.id_of("Battleship Yamato"), t.id_of("Genetics")
    for c in (yamato, genetics):
        g.state.move(c, BOARD, 0)
    assert artifacts.hex_slot(g, yamato) != artifacts.hex_slot(g, genetics)
    assert not artifacts.digs(g, yamato, genetics)
    assert artifacts.digs(g, genetics, yamato)
    assert artifacts.dig_artifact(g, 0, g.shown_value(yamato)) == -1 and g.display(0) == []


@pytest.mark.parametrize("mode", ["interpreted", "compiled"])
def test_a_melded_yamato_promotes_a_forecast_card_of_value_up_to_11(mode):
    """000 "新关键词：预兆" with 000 "历史文物扩展": after a meld action, a forecast card of value
    at most the melded card's may be promoted; Yamato melded is an 11, so a forecast 9 may."""
    data = {"name": "yamato promotes", "game": "innovation",
            "options": {"players": 2, "sets": ["base", "echoes", "artifacts"]},
            "setup": {"players": {"p1": {"hand": ["Battleship Yamato"], "forecast": ["Helicopter"],
                                         "board": {"red": {"cards": ["Oars"]}}}},
                      "decks": {"base": {"8": {"exactly": []}}},
                      "current_player": "p1"},
            "steps": [{"actor": "p1", "action": "meld", "card": "Battleship Yamato"},
                      {"actor": "p1", "choose": ["Helicopter"]},
                      {"actor": "p1", "choose": ["no"]}],
            "expect": {"players": {"p1": {"board": {"red": {"cards": [
                "Helicopter", "Battleship Yamato", "Oars"]}}}}}}
    r = run_scenario(data, zones("innovation", mode))
    assert r.passed, (r.diffs, r.notes, r.problems)


def test_a_face_out_of_range_is_a_located_error():
    from dsl.errors import CardlangError
    from dsl.load import check_text
    text = 'card "Bad Face"\n    age 8; face 12; color red; icons blank hex blank blank\n'
    with pytest.raises(CardlangError) as e:
        check_text(text, "bad_face.card", game="innovation", card_set="artifacts")
    msg = str(e.value)
    assert "bad_face.card:2:17" in msg and "'face' must be from 1 to 11, not 12" in msg
