"""Bad scenario input never gives a traceback or a hang: a located error (file:line:col, the
line, a caret, what was expected) and exit 1 (issue 24, items 10 and 11).

- a corpus of concrete bad files (tests/bad_input/scenarios/), each with the place and the
  message it must be reported with;
- a Hypothesis strategy that breaks a valid scenario (values of the wrong type or range, keys
  removed or added, the JSON text cut or garbled) and runs it through the same path as
  `cardlang scenario run`.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from typer.testing import CliRunner

from runtime.core.scenario_files import run_files
from runtime.front.cli import app
from runtime.front.testing import zones

CORPUS = Path(__file__).parent / "bad_input" / "scenarios"

# file -> (line, col, the start of the first error's message)
EXPECTED = {
    "achieve_age_99.json": (20, 11, "the age 99 is out of range"),
    "achievement_misspelt.json": (16, 4, "unknown card 'Monumnet'"),
    "actions_left_99.json": (15, 19, "actions_left 99 is out of range"),
    "answer_an_object.json": (24, 14, "an answer names an option, not an object"),
    "card_placed_twice.json": (16, 6, "card 'Oars' is placed twice"),
    "deck_card_of_another_age.json": (18, 6, "'Optics' is a base 3, not a base 1"),
    "dogma_card_and_colour.json": (21, 13, "a dogma step names a card or a colour, not both"),
    "empty.json": (1, 1, "not JSON: the file is empty"),
    "exactly_a_string.json": (18, 17, "the base 1 pile must be a list, not a string"),
    "expect_board_a_string.json": (26, 14, "p1's board must be an object, not a string"),
    "expect_card_of_another_colour.json": (29, 8, "'Sailing' is green, not red"),
    "expect_deck_age_not_a_number.json": (37, 5, "unknown key 'x' in the base decks"),
    "expect_pile_a_number.json": (27, 13, "the red pile must be a list, not a number"),
    "expect_players_a_list.json": (24, 14, "players must be an object, not a list"),
    "expect_splay_a_number.json": (31, 16, "splay must be a string, not a number"),
    "game_misspelt.json": (3, 10, "unknown game 'innovaton'; did you mean 'innovation'?"),
    "game_over_a_string.json": (35, 16, "game_over must be an object, not a string"),
    "game_over_winners_a_string.json": (36, 15, "the winners must be a list, not a string"),
    "hand_a_string.json": (10, 13, "p1's hand must be a list, not a string"),
    "key_twice.json": (1, 15, "not JSON: key 'name' given twice in this object"),
    "meld_with_an_age.json": (21, 4, "unknown key 'age' in a meld step"),
    "nan.json": (1, 45, "not JSON: NaN is not JSON"),
    "nested_too_deeply.json": (1, 110, "not JSON: nested too deeply"),
    "no_game.json": (1, 1, "which game is this scenario of?"),
    "not_an_object.json": (2, 2, "a scenario must be an object"),
    "not_utf8.json": (1, 14, "not UTF-8: byte 0xe9"),
    "number_of_five_thousand_digits.json": (1, 45, "not JSON: a number of 5000 digits"),
    "one_card_pile_splayed.json": (18, 16, "a pile of 1 card(s) cannot be splayed"),
    "option_misspelt.json": (5, 3, "unknown key 'player' in options"),
    "player_p0.json": (14, 4, "unknown player 'p0'"),
    "players_hundred_million.json": (5, 14, "option 'players' is 2 to 4, not 100000000"),
    "seed_a_string.json": (36, 10, "the seed must be a whole number, not a string"),
    "seed_negative.json": (36, 10, "the seed -1 is out of range"),
    "step_a_string.json": (17, 3, "a step must be an object, not a string"),
    "step_action_and_answer.json": (17, 3, "a step is an action or an answer, not both"),
    "step_without_actor.json": (17, 3, "a step without an 'actor'"),
    "teams_need_four.json": (4, 13, "team play needs 4 players"),
    "trailing_comma.json": (1, 36, "not JSON: unexpected '}' where a key belongs"),
    "truncated.json": (2, 1, "not JSON: unexpected end of file after the key 'players'"),
    "turn_negative.json": (15, 11, "turn -1 is out of range"),
    "unscripted_unknown.json": (36, 16, "unknown unscripted behaviour 'random'"),
}


def _zones(game):
    return zones(game, "interpreted")


def test_the_corpus_is_listed():
    assert sorted(p.name for p in CORPUS.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_bad_file_is_reported_where_it_is_wrong(name):
    results, errors = run_files([CORPUS / name], _zones)
    line, col, message = EXPECTED[name]
    assert errors, f"{name} was accepted"
    first = errors[0]
    assert (first.line, first.col) == (line, col) and first.message.startswith(message), \
        first.format()
    assert results and not any(r.passed for r in results)


def test_the_command_reports_every_bad_file_at_once_and_exits_1():
    r = CliRunner().invoke(app, ["scenario", "run", str(CORPUS)])
    assert r.exit_code == 1 and r.exception is None or isinstance(r.exception, SystemExit), \
        r.output
    assert "Traceback" not in r.output
    for name, (line, col, _) in EXPECTED.items():
        assert f"{name}:{line}:{col}: error:" in r.output, name
    assert r.output.rstrip().endswith(f"0 passed, {len(EXPECTED) + 1} failed "
                                      f"({len(EXPECTED) + 1} not valid)")


def test_a_report_into_a_folder_is_refused_before_anything_runs(tmp_path):
    r = CliRunner().invoke(app, ["scenario", "run", str(CORPUS / "empty.json"),
                                 "--json", str(tmp_path)])
    assert r.exit_code == 1 and "a folder, not a file" in r.output


def test_a_path_that_is_not_a_file_is_reported(tmp_path):
    import os
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # reading it would block forever
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    results, errors = run_files([fifo, loop, tmp_path / "missing.json"], _zones)
    assert results == []
    assert [e.message for e in errors] == ["not a regular file or folder",
                                           "not a regular file or folder",
                                           "no such file or folder"]


# ------------------------------------------------------------------ the property
VALID = {
    "name": "000 行动: a valid scenario broken on purpose", "game": "innovation",
    "options": {"players": 2, "expansions": ["base"]}, "seed": 3,
    "setup": {"players": {"p1": {"board": {"red": {"cards": ["Oars", "Archery"],
                                                   "splay": "left"}},
                                 "hand": ["Agriculture"], "score": ["Pottery"]},
                          "p2": {"hand": ["Sailing", "Writing"]}},
              "decks": {"base": {"1": ["Masonry", "Metalworking"],
                                 "2": {"exactly": ["Mapmaking"]}}},
              "achievements": ["Monument", "Mathematics"], "current_player": "p1",
              "actions_left": 2},
    "steps": [{"actor": "p1", "action": "dogma", "card": "Oars"},
              {"actor": "p2", "choose": ["Writing"]},
              {"actor": "p1", "action": "meld", "card": "Agriculture"}],
    "expect": {"players": {"p1": {"board": {"red": {"cards": ["Oars", "Archery"],
                                                    "splay": "left"},
                                            "yellow": ["Agriculture"]},
                                  "score": ["Pottery", "Writing", "Sailing"]},
                           "p2": {"hand": ["Masonry", "Metalworking"]}},
               "achievements": ["Monument", "Mathematics"],
               "game_over": None},
}

WORDS = ["p1", "p2", "p9", "Oars", "Oarz", "red", "left", "base", "1", "99", "dogma", "draw",
         "exactly", "cards", "splay", "players", "hand", "winners", "", "yes"]
LEAVES = (st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.sampled_from(WORDS)
          | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=6))
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=5), inner,
                                        max_size=3), max_leaves=8)


def _paths(v, path=()):
    yield path
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _paths(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _paths(x, path + (i,))


def _mutate(data, path, how, value):
    if not path:
        return value if how == "replace" else data
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    k = path[-1]
    if how == "replace":
        parent[k] = value
    elif how == "delete":
        del parent[k]
    elif how == "add" and isinstance(parent, dict):
        parent[str(value)[:8]] = value
    return data


@st.composite
def broken_scenarios(draw) -> str:
    data = json.loads(json.dumps(VALID))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(data))
        path = draw(st.sampled_from(paths))
        data = _mutate(data, path, draw(st.sampled_from(["replace", "delete", "add"])),
                       draw(VALUES))
        if not isinstance(data, (dict, list)):
            break
    text = json.dumps(data, indent=1, ensure_ascii=draw(st.booleans()))
    if draw(st.integers(0, 4)) == 0:  # garble the text itself
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.text(max_size=3)) + text[at + draw(st.integers(0, 5)):]
    return text


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=broken_scenarios())
def test_a_broken_scenario_is_refused_with_located_errors_or_runs(tmp_path, text):
    path = tmp_path / "broken.json"
    path.write_text(text, encoding="utf-8")
    results, errors = run_files([path], _zones)  # must not raise
    for e in errors:
        assert e.line >= 1 and e.col >= 1 and e.message, e.format()
        assert e.source_line is not None or e.message.startswith("not UTF-8"), e.format()
    invalid = [r for r in results if r.problems]
    assert bool(errors) == bool(invalid)
    for r in results:
        assert r.passed or r.diffs, r


def test_the_valid_scenario_of_the_property_passes():
    results, errors = run_files([_write(VALID)], _zones)
    assert errors == [] and [r.passed for r in results] == [True], results[0].diffs


def _write(data) -> Path:
    import tempfile
    f = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8")
    json.dump(data, f)
    f.close()
    return Path(f.name)
