"""The scenario runner (runtime/core/scenario.py, format v1: docs/scenarios.md "Scenario
format") with Innovation's zones, on a synthetic card table."""
import json

import pytest

from runtime.core import scenario
from runtime.core.scenario_files import run_files
from runtime.games.innovation import Effect
from runtime.games.innovation.cardset import CardSet
from runtime.games.innovation.scenario import InnovationScenarios


def zones(table, effects=None, specials=None):
    return InnovationScenarios(cardset=CardSet(table, effects or {}, specials or []))


def run_scenario(data, table, effects=None, specials=None):
    return scenario.run_scenario(data, zones(table, effects, specials))

CROWN_CARDS = ["blue1b", "red1a", "green1c"]  # synthetic cards with a crown


def crown_demand(ctx):
    """Synthetic: transfer a card with a crown from your hand to my score; if you do, draw a
    1 and repeat."""
    g = ctx.game
    while True:
        opts = [c for c in g.hand(ctx.executor) if g.card_has_icon(c, "crown")]
        if not opts:
            return
        c = g.choose(ctx.executor, "card", opts, 1, 1, "transfer a card with a crown")[0]
        g.transfer(c, ctx.activator, "score")
        ctx.dogma_vars["moved"] = True
        g.draw(ctx.executor, 1)


def if_nothing_moved(ctx):
    if not ctx.dogma_vars.get("moved"):
        ctx.game.draw(ctx.executor, 1)


@pytest.fixture()
def effects(table):
    return {table.id_of("purple1a"): [Effect("demand", crown_demand, ""),
                                      Effect("effect", if_nothing_moved, "")]}


def base_scenario():
    return {
        "name": "crown demand repeats",
        "game": "innovation", "options": {"players": 2, "expansions": ["base"]},
        "setup": {
            "players": {"p1": {"board": {"purple": {"cards": ["purple1a"], "splay": "none"}}},
                        "p2": {"hand": ["blue1b", "red1a", "purple1b"]}},
            "decks": {"base": {"1": ["yellow1a", "green1b", "blue1a"]}},
            "achievements": ["SpecA", "red2a"], "current_player": "p1", "actions_left": 1},
        "steps": [
            {"actor": "p1", "action": "dogma", "card": "purple1a"},
            {"actor": "p2", "choose": ["red1a"]}],  # then blue1b is the only crown: forced
        "expect": {
            "players": {
                "p1": {"board": {"purple": {"cards": ["purple1a"]}},
                       "score": ["red1a", "blue1b"]},
                "p2": {"hand": ["purple1b", "yellow1a", "green1b"]}},
            "achievements": ["SpecA", "red2a"],
            "decks": {"base": {"1": ["blue1a"]}},
            "game_over": None}}


def test_passing_scenario(table, effects):
    r = run_scenario(base_scenario(), table, effects)
    assert r.passed, r.diffs
    assert r.notes == []


def test_failing_scenario_has_readable_diffs(table, effects):
    data = base_scenario()
    data["expect"]["players"]["p2"]["hand"] = ["purple1b", "yellow1a", "blue1a"]
    data["expect"]["players"]["p1"]["board"]["purple"]["splay"] = "left"
    r = run_scenario(data, table, effects)
    assert not r.passed
    assert any(d.startswith("p2 hand: expected") and "missing ['blue1a']" in d
               and "unexpected ['green1b']" in d for d in r.diffs), r.diffs
    assert any("p1 board purple: expected splay left, got none" in d for d in r.diffs)


def test_unlisted_zone_must_be_empty(table, effects):
    data = base_scenario()
    del data["expect"]["players"]["p1"]["score"]
    r = run_scenario(data, table, effects)
    assert not r.passed and any(d.startswith("p1 score") for d in r.diffs)


def test_unused_answers_fail_the_scenario(table, effects):
    data = base_scenario()
    data["steps"].append({"actor": "p2", "choose": ["blue1b"]})
    r = run_scenario(data, table, effects)
    assert not r.passed
    assert r.diffs == ["p2: 1 scripted answer(s) not used: step 3 ['blue1b'] (no decision of "
                       "this player was left to answer)"], r.diffs


def test_an_unscripted_decision_fails_with_its_prompt_and_options(table, effects):
    data = base_scenario()
    data["steps"] = data["steps"][:1]
    r = run_scenario(data, table, effects)
    assert not r.passed and r.notes == []
    assert r.diffs[0] == (
        "after the last step: no scripted answer for p2's card decision \"transfer a card with "
        "a crown\" (choose 1); options: blue1b (blue1b [1 blue]); red1a (red1a [1 red]); script "
        "it (a choose step of p2; 'p2 choose: ...' in an example)"), r.diffs


def test_first_legal_is_taken_only_when_the_scenario_asks(table, effects):
    data = base_scenario()
    data["steps"] = data["steps"][:1]
    data["unscripted"] = "first legal"
    data["expect"]["players"]["p1"]["score"] = ["blue1b", "red1a"]  # blue1b comes first
    r = run_scenario(data, table, effects)
    assert r.passed, r.diffs
    assert len(r.notes) == 1 and "took the first legal ['blue1b']" in r.notes[0], r.notes


def test_an_answer_may_name_an_option_by_its_text(table, effects):
    data = base_scenario()
    pending = zones(table, effects).build(data)
    pending.apply("dogma purple1a")
    texts = {o.id: o.text for o in pending.pending().options}
    assert texts["red1a"] != "red1a"
    data["steps"][1]["choose"] = [texts["red1a"]]
    r = run_scenario(data, table, effects)
    assert r.passed, r.diffs


def test_bad_answer_is_a_diff(table, effects):
    data = base_scenario()
    data["steps"][1]["choose"] = ["purple1b"]  # has no crown: not an option
    r = run_scenario(data, table, effects)
    assert not r.passed and any("not an option" in d for d in r.diffs), r.diffs


def test_decline_with_empty_answer(table):
    def may_score(ctx):
        g = ctx.game
        picked = g.choose(ctx.executor, "card", g.hand(ctx.executor), 0, 1, "you may score")
        for c in picked:
            g.score(ctx.executor, c)

    eff = {table.id_of("purple1a"): [Effect("effect", may_score, "")]}
    data = {"setup": {"players": {"p1": {"board": {"purple": {"cards": ["purple1a"]}},
                                         "hand": ["red1a", "blue1a"]}}},
            "steps": [{"actor": "p1", "action": "dogma", "card": "purple1a"},
                      {"actor": "p1", "choose": []}],
            "expect": {"players": {"p1": {"board": {"purple": {"cards": ["purple1a"]}},
                                          "hand": ["red1a", "blue1a"]}}}}
    r = run_scenario(data, table, eff)
    assert r.passed, r.diffs


def test_exactly_piles_and_out_of_game(table):
    data = {"setup": {"decks": {"base": {"2": {"exactly": ["red2a"]}}}},
            "steps": [{"actor": "p1", "action": "draw"}],
            "expect": {"players": {"p1": {"hand": ["red2a"]}},
                       "decks": {"base": {"2": {"exactly": []}}}}}
    data["setup"]["players"] = {"p1": {"board": {"blue": {"cards": ["blue2a"]}}}}
    data["expect"]["players"]["p1"]["board"] = {"blue": {"cards": ["blue2a"]}}
    r = run_scenario(data, table, {})
    assert r.passed, r.diffs


def test_game_over_expectation(table):
    data = {"setup": {"players": {"p2": {"score": ["red2a"]}},
                      "decks": {"base": {str(a): {"exactly": []} for a in range(1, 11)}}},
            "steps": [{"actor": "p1", "action": "draw"}],
            "expect": {"players": {"p2": {"score": ["red2a"]}},
                       "game_over": {"winners": ["p2"], "reason": "high draw"}}}
    assert run_scenario(data, table, {}).passed
    data["expect"]["game_over"] = None
    r = run_scenario(data, table, {})
    assert not r.passed and "game_over" in r.diffs[0]


def test_wrong_actor_and_illegal_action(table):
    r = run_scenario({"steps": [{"actor": "p2", "action": "draw"}]}, table, {})
    assert not r.passed and "turn" in r.diffs[0]
    r = run_scenario({"steps": [{"actor": "p1", "action": "meld", "card": "red1a"}]}, table, {})
    assert not r.passed and "not in your hand" in r.diffs[0]


def test_setup_errors(table):
    for setup, why in (({"players": {"p1": {"hand": ["nope"]}}}, "unknown card"),
                       ({"players": {"p1": {"hand": ["red1a"], "score": ["red1a"]}}}, "twice"),
                       ({"players": {"p9": {}}}, "unknown player"),
                       ({"players": {"p1": {"board": {"red": {"cards": ["blue1a"]}}}}}, "not red")):
        r = run_scenario({"setup": setup}, table, {})
        assert not r.passed and why in r.diffs[0], r.diffs


def test_normal_achievements_when_omitted(table):
    from runtime.games.innovation.scenario import build_game
    g, _ = build_game({"setup": {}}, table, {}, [])
    assert sorted(table.age[c] for c in g.available_achievements()) == list(range(1, 10))
    g.state.check_conservation()


def test_run_files(tmp_path, table, effects):
    one = tmp_path / "a.json"
    one.write_text(json.dumps(base_scenario()))
    many = tmp_path / "sub" / "b.json"
    many.parent.mkdir()
    bad = base_scenario()
    bad["name"] = "bad"
    bad["expect"]["players"]["p2"]["hand"] = []
    many.write_text(json.dumps([base_scenario(), bad]))
    (tmp_path / "broken.json").write_text("{")
    results, errors = run_files([str(tmp_path)], lambda game: zones(table, effects))
    assert [r.passed for r in results] == [True, False, True, False]
    assert results[1].path.endswith("broken.json") and results[1].problems
    assert [e.headline() for e in errors] == [
        f"{tmp_path / 'broken.json'}:1:2: error: not JSON: unexpected end of file "
        "where a key belongs"]
    assert results[0].to_dict()["passed"] is True
