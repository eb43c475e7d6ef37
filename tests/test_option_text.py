"""Decisions a person can read (issue 24, item 3): the options of a `may either` carry the
English of their branch, a scenario or example may answer with that text or with the stable
id ("option 1"), and an unscripted decision's report shows the text. Both modes."""
from __future__ import annotations

import copy

import pytest

from runtime.core.scenario import run_scenario
from runtime.front.testing import zones

from tests.conftest import modes

EVOLUTION = {
    "name": "Evolution's may either: the options are its two branches in English",
    "game": "innovation",
    "options": {"players": 2},
    "setup": {
        "players": {"p1": {"board": {"blue": {"cards": ["Evolution"]}},
                           "score": ["Coal"]}},
        "decks": {"base": {"8": ["Flight"]}},
        "current_player": "p1", "actions_left": 2,
    },
    "steps": [{"actor": "p1", "action": "dogma", "card": "Evolution"}],
    "expect": {"players": {"p1": {"board": {"blue": {"cards": ["Evolution"]}},
                               "score": ["Flight"]}}},
}
DRAW_AND_SCORE = "Draw and score an [8]. Return a card from your score pile"


def _with_answers(*answers) -> dict:
    sc = copy.deepcopy(EVOLUTION)
    sc["steps"] += [{"actor": "p1", "choose": a} for a in answers]
    return sc


@pytest.mark.parametrize("mode", modes())
def test_an_unscripted_either_is_reported_with_its_branches_in_english(mode):
    result = run_scenario(_with_answers(), zones("innovation", mode))
    assert not result.passed
    msg = result.diffs[0]
    assert "no scripted answer for p1's option decision" in msg
    assert f"option 1 ({DRAW_AND_SCORE})" in msg
    assert "option 2 (Draw a card of value one higher than the highest value" in msg


@pytest.mark.parametrize("mode", modes())
def test_an_either_may_be_answered_by_its_english_or_its_id(mode):
    z = zones("innovation", mode)
    by_text = run_scenario(_with_answers(DRAW_AND_SCORE, "Coal"), z)
    by_id = run_scenario(_with_answers("option 1", "Coal"), z)
    assert by_text.passed, by_text.diffs
    assert by_id.passed, by_id.diffs
    wrong = run_scenario(_with_answers("draw and score a 9", "Coal"), z)
    assert not wrong.passed and "is refused" in wrong.diffs[0]
