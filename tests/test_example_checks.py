"""`cardlang check` checks each card's examples (issue 19 item 7): the lines, zones, card names,
players and actions are the game's words (runtime/games/innovation/examples.py), checked
through the vocabulary's check_examples; every error located (file:line:col, the line, a
caret, expected, did-you-mean) and every error of a file reported in one run. The translation
itself is game-agnostic (runtime/core/examples.py) and runs the examples through the core's
scenario runner."""
from __future__ import annotations

import ast as pyast
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dsl.errors import CardlangError
from dsl.load import check_text, load
from runtime.core.examples import to_scenario
from runtime.front.cli import app
from runtime.front.testing import run_example, zones

ROOT = Path(__file__).resolve().parent.parent
HEAD = 'card "Tester"\n    age 1; color red; icons hex castle castle castle\n    dogma castle\n' \
       '    effect:\n        draw 1\n\n'


def example(*parts: str) -> str:
    return HEAD + '    example "e":\n' + "".join(parts)


def part(kind: str, *lines: str) -> str:
    return f"        {kind}:\n" + "".join(f"            {l}\n" for l in lines)


MANY = example(
    part("given", "p1 board: Tester, Oarz, Monument", "p1 hnd: Oars", "p3 hand: Sailing",
         "p1 red splay: sideways", "deck 1: Agriculture, Optics", "dek 2: Writing",
         "players: 9", "current: p7"),
    part("do", "p1 dogmaa: Tester", "p1 meld: Sailng", "p2 draw: Oars", "p1 achieve: x",
         "unscripted: always"),
    part("expect", "game over: p1, sleeping", "p1 purple: Oars"))


def diagnostics(text: str, path: str = "bad.card") -> list:
    with pytest.raises(CardlangError) as info:
        check_text(text, path)
    return info.value.diagnostics


def test_every_example_error_of_a_card_is_reported_at_once_and_located():
    got = [(d.line, d.col, d.message, d.suggestion) for d in diagnostics(MANY)]
    assert got == [
        (9, 31, "unknown card 'Oarz'", "did you mean 'Oars'?"),
        (9, 37, "'Monument' is a special achievement, not a card of a pile", None),
        (10, 16, "unknown zone 'hnd' of p1", "did you mean 'hand'?"),
        (11, 13, "unknown player 'p3'", None),
        (12, 27, "unknown splay 'sideways'", None),
        (13, 34, "'Optics' is a base 3, not a base 1", None),
        (14, 13, "unknown given line 'dek 2'", "did you mean 'deck'?"),
        (15, 22, "option 'players' is 2 to 4, not 9", None),
        (16, 22, "unknown player 'p7'", None),
        (18, 16, "unknown action 'dogmaa'", "did you mean 'dogma'?"),
        (19, 22, "unknown card 'Sailng'", "did you mean 'Sailing'?"),
        (20, 22, "a draw action names nothing", None),
        (21, 25, "the age must be a whole number, not a string", None),
        (22, 13, "unknown unscripted behaviour 'always'", None),
        (24, 28, "unknown reason 'sleeping'", None),
        (25, 24, "'Oars' is red, not purple", None)]


def test_an_example_error_reads_like_every_other_error():
    d = diagnostics(example(part("given", "p1 hand: Oarz"), part("do", "p1 dogma: Tester"),
                            part("expect", "p1 hand: Oars")))
    assert d[0].format() == (
        "bad.card:9:22: error: unknown card 'Oarz'\n"
        "                p1 hand: Oarz\n"
        "                         ^^^^\n"
        "  expected: a card name as printed\n"
        "  did you mean 'Oars'?")


def test_a_card_of_the_same_file_or_folder_may_be_named(tmp_path):
    (tmp_path / "other.card").write_text(HEAD.replace("Tester", "Neighbour"))
    text = example(part("given", "p1 board: Neighbour, Tester"), part("do", "p1 dogma: Tester"),
                   part("expect", "p1 red: Neighbour, Tester"))
    assert check_text(text, str(tmp_path / "t.card"))[0].name == "Tester"


def test_cardlang_check_and_test_report_example_errors_with_their_lines(tmp_path):
    path = tmp_path / "t.card"
    path.write_text(MANY)
    runner = CliRunner()
    for command in (["check"], ["test"]):
        r = runner.invoke(app, command + [str(path)])
        assert r.exit_code == 1 and "Traceback" not in r.output, r.output
        assert f"{path}:9:31: error: unknown card 'Oarz'" in r.output
        assert f"{path}:25:24: error: 'Oars' is red, not purple" in r.output


def test_the_translation_of_an_example():
    card = check_text(example(
        part("given", "p1 board: Archery, Oars", "p1 red splay: left", "p2 hand: Sailing",
             "deck 1: Agriculture", "deck 2 exactly:", "achievements: Monument", "current: p2",
             "actions: 1", "players: 3", "teams: no"),
        part("do", "p2 meld: Sailing", "p1 dogma: red", "p2 choose: yes", "p3 choose:"),
        part("expect", "p1 score: Sailing", "game over: p1, p3, high draw")), "t.card")[0]
    sc, errors = to_scenario(card.examples[0], card, zones("innovation").example_words())
    assert errors == []
    assert sc.data == {
        "name": "Tester: e", "game": "innovation", "options": {"players": 3, "teams": False},
        "setup": {"players": {"p1": {"board": {"red": {"cards": ["Archery", "Oars"],
                                                       "splay": "left"}}},
                              "p2": {"hand": ["Sailing"]}},
                  "decks": {"base": {"1": ["Agriculture"], "2": {"exactly": []}}},
                  "achievements": ["Monument"], "current_player": "p2", "actions_left": 1},
        "steps": [{"actor": "p2", "action": "meld", "card": "Sailing"},
                  {"actor": "p1", "action": "dogma", "color": "red"},
                  {"actor": "p2", "choose": ["yes"]}, {"actor": "p3", "choose": []}],
        "expect": {"game_over": {"winners": ["p1", "p3"], "reason": "high draw"},
                   "players": {"p1": {"score": ["Sailing"]}}}}


def _card(name: str):
    return next(c for c in load([ROOT / "cards" / "innovation" / "base"]).cards
                if c.name == name and c.attrs.get("edition") is None)


def test_an_example_answer_may_name_an_option_by_its_text():
    oars = _card("Oars")
    ex = next(e for e in oars.examples if "repeats" in e.name)
    assert run_example(oars, ex, mode="interpreted").passed
    sc, _ = to_scenario(ex, oars, zones("innovation", "interpreted").example_words())
    texts = [s for s in sc.data["steps"] if "choose" in s]
    assert texts, "the example answers a decision"
    # the same answers written as the options' texts ("Sailing [1 green]")
    from runtime.core.scenario import run_scenario
    z = zones("innovation", "interpreted")
    table = z.cardset().table
    from runtime.games.innovation.cards import COLORS
    for s in texts:
        ids = [table.by_name[n] for n in s["choose"]]
        s["choose"] = [f"{table.name[c]} [{table.age[c]} {COLORS[table.color[c]]}]" for c in ids]
    r = run_scenario(sc.data, z)
    assert r.passed, r.diffs


def test_dsl_imports_no_game_and_has_no_examples_module():
    assert not (ROOT / "dsl" / "examples.py").exists()
    for path in (ROOT / "dsl").rglob("*.py"):
        if "codegen" in path.parts:  # the compiler's game bindings: issue 19, not this test
            continue
        tree = pyast.parse(path.read_text(encoding="utf-8"))
        for node in pyast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, pyast.Import) else \
                [node.module or ""] if isinstance(node, pyast.ImportFrom) else []
            assert not any(n.startswith("runtime") for n in names), f"{path} imports {names}"


# ------------------------------------------------------------------ no traceback on any example
from hypothesis import given, settings, strategies as st  # noqa: E402

KEYS = ["p1", "p2", "p3", "p0", "p99999999999", "board", "hand", "score", "red", "splay",
        "deck", "1", "12", "99999999999999999999", "exactly", "echoes", "game", "over",
        "players", "seed", "edition", "teams", "unscripted", "current", "actions", "turn",
        "achievements", "choose", "dogma", "meld", "achieve", "draw", "forecast", "x"]
ITEMS = ["Oars", '"The Wheel"', "Tester", "Monument", "red", "left", "yes", "no", "3", "0",
         "99999999999999999999", "high draw", "first legal", "p1", "p9", "dogma", "Oarz",
         '"option 1"', "exactly"]
LINES = st.builds(lambda k, i: " ".join(k) + ": " + ", ".join(i),
                  st.lists(st.sampled_from(KEYS), min_size=1, max_size=3),
                  st.lists(st.sampled_from(ITEMS), max_size=3)) | st.sampled_from(
    ["seed: 3", "unscripted: first legal", "players: 3", "teams: yes", "edition: 1",
     "current: p2", "actions: 1", "turn: 0", "game over: p1", "deck 1 exactly:"])


@settings(max_examples=80, deadline=None)
@given(given_lines=st.lists(LINES, max_size=4), do_lines=st.lists(LINES, max_size=3),
       expect_lines=st.lists(LINES, max_size=3))
def test_any_example_lines_check_or_give_located_errors(given_lines, do_lines, expect_lines):
    text = example(part("given", *given_lines) if given_lines else "",
                   part("do", *(do_lines or ["p1 draw:"])),
                   part("expect", *(expect_lines or ["p1 hand: Oars"])))
    try:
        check_text(text, "fuzz.card")
    except CardlangError as e:
        for d in e.diagnostics:
            assert d.line >= 1 and d.col >= 1 and d.source_line is not None, d.format()


AGRICULTURE = '''card "Agriculture"
    age 1; color yellow; icons hex leaf leaf leaf
    dogma leaf
    effect:
        may return a card from hand as returned:
            draw and score value(returned) + 1
''' + "".join(f'''
    example "{name}":
        given:
            p1 board: Agriculture
            p1 hand: Oars, Sailing
            deck 2: Philosophy
        do:
            p1 dogma: Agriculture
{do}        expect:
            p1 board: Agriculture
            p1 score: Philosophy
            p1 hand: {kept}
''' for name, do, kept in [
    ("unscripted", "", "Sailing"),
    ("opted in", "            unscripted: first legal\n", "Sailing"),
    ("by text", '            p1 choose: "Sailing [1 green]"\n', "Oars"),
    ("by id", "            p1 choose: Sailing\n", "Oars")])


def test_an_unscripted_decision_fails_an_example_unless_it_opts_in():
    card = check_text(AGRICULTURE, "agriculture.card")[0]
    unscripted, opted, by_text, by_id = [run_example(card, ex, mode="interpreted")
                                         for ex in card.examples]
    assert not unscripted.passed and unscripted.diffs[0] == (
        "after the last step: no scripted answer for p1's card decision \"choose card\" "
        "(choose 0 to 1); options: Oars (Oars [1 red]); Sailing (Sailing [1 green]); script it "
        "(a choose step of p1; 'p1 choose: ...' in an example)")
    assert opted.passed and opted.notes and "took the first legal ['Oars']" in opted.notes[0]
    assert by_text.passed and by_id.passed, (by_text.diffs, by_id.diffs)
