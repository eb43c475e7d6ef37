"""A corpus of bad card input that once crashed, hung or passed the checker (issue 24, items 10
and 11): deep nesting, files that are not card files, out-of-range numbers, quoted names with
escapes, invalid UTF-8. Each gets a located error (file:line:col, or the file when it cannot be
read) and exit 1 from `cardlang check`, never a traceback or a hang. Also: input at the nesting
limit works in every consumer of the tree (checker, renderer, formatter, parse cache, compiler,
interpreter), so the limit is safe."""
from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dsl import ast as A
from dsl import cache
from dsl.errors import CardlangError
from dsl.fmt import format_text
from dsl.limits import MAX_INT, MAX_NESTING
from dsl.load import check_text
from dsl.parse import parse_text

ROOT = Path(__file__).resolve().parent.parent
PATH = "bad.card"
HEAD = 'card "Agriculture"\n    age 1; color yellow; icons hex leaf leaf leaf\n    dogma leaf\n'
TOO_DEEP = f"nested too deeply: more than {MAX_NESTING} levels"


def effect(*lines: str) -> str:
    return HEAD + "    effect:\n" + "".join("        " + l + "\n" for l in lines)


def errors(text: str, path: str = PATH) -> list[tuple[int, int, str]]:
    """(line, col, message) of every error the front end reports for `text`."""
    with pytest.raises(CardlangError) as info:
        check_text(text, path)
    return [(d.line, d.col, d.message) for d in info.value.diagnostics]


def cardlang(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """The CLI in a fresh process; a hang fails the test through the timeout."""
    return subprocess.run([sys.executable, "-c", "from runtime.front.cli import main; main()", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "COLUMNS": "200",
                               "CARDLANG_GAME": "innovation",
                               "CARDLANG_NO_CACHE": "1"})


# ------------------------------------------------------------------ deep nesting
def nested_blocks(header: str, n: int, inner: str = "draw 1") -> str:
    lines = ["    " * (2 + i) + header.format(i=i) for i in range(n)]
    return HEAD + "    effect:\n" + "\n".join(lines + ["    " * (2 + n) + inner]) + "\n"


# Each way of nesting from the issue (a card nested n deep). Before the limit, 1,000 levels of any
# of them was a RecursionError.
DEEP = {
    "value squares": lambda n: effect("draw " + "[" * n + "1" + "]" * n),
    "calls": lambda n: effect("draw " + "max(1, " * n + "1" + ")" * n),
    "not chain": lambda n: effect("if " + "not " * n + "1 > 0: draw 1"),
    "unary minus": lambda n: effect("draw " + "- " * n + "1"),
    "flat sum": lambda n: effect("draw " + " + ".join(["0"] * n) + " + 1"),
    "if blocks": lambda n: nested_blocks("if 1 > 0:", n),
    "may as blocks": lambda n: nested_blocks("may draw 1 as c{i}:", n),
    "for each blocks": lambda n: nested_blocks("for each c{i} in colors(board):", n),
    "query in query": lambda n: effect("draw count(" + "all cards in hand where count(" * n + "hand"
                                       + ") > 0" * n + ")"),
}


@pytest.mark.parametrize("kind", sorted(DEEP))
def test_deep_input_is_a_located_error(kind):
    text = DEEP[kind](1000 if "blocks" in kind or "query" in kind else 5000)
    with pytest.raises(CardlangError) as info:
        check_text(text, PATH)
    [d] = info.value.diagnostics
    assert d.message == TOO_DEEP
    assert d.line >= 5 and d.col >= 9
    report = d.format()
    assert report.startswith(f"{PATH}:{d.line}:{d.col}: error: {TOO_DEEP}\n    ")
    assert "^" in report and f"expected: at most {MAX_NESTING} levels of blocks and expressions" in report


def test_deep_if_blocks_point_at_the_first_part_too_deep():
    # card, section, effect block: 3 levels; each `if` and its block: 2 more. The k-th `if` is
    # 2k + 2 deep, so the condition of the 49th is the first part 101 deep.
    k = (MAX_NESTING - 2) // 2
    assert errors(nested_blocks("if 1 > 0:", 60)) == [(5 + k - 1, 9 + 4 * (k - 1) + len("if "), TOO_DEEP)]


def test_grouping_parentheses_do_not_nest():
    check_text(effect("draw " + "(" * 5000 + "1" + ")" * 5000), PATH)


def test_a_long_flat_sum_works_up_to_the_limit_and_is_an_error_past_it():
    # the sum is ((0 + 0) + 0) + ...: one level per '+'
    [card] = check_text(effect("draw " + " + ".join(["1"] * 95)), PATH)
    value = card.effects[0].body[0].obj.value
    total = 0
    while hasattr(value, "left"):
        total, value = total + value.right.value, value.left
    assert total + value.value == 95
    for n in (96, 300, 1000):
        assert [m for _, _, m in errors(effect("draw " + " + ".join(["1"] * n)))] == [TOO_DEEP]


def max_accepted(make) -> int:
    """The largest n for which make(n) parses (the limit makes it finite)."""
    lo, hi = 1, 400
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            parse_text(make(mid), PATH)
            lo = mid
        except CardlangError:
            hi = mid - 1
    return lo


AT_LIMIT = {kind: max_accepted(make) for kind, make in DEEP.items()}


def test_the_limit_is_what_the_docs_say():
    """docs/language.md: 47 nested blocks around a statement, 94 operators nested in one."""
    assert AT_LIMIT["if blocks"] == AT_LIMIT["may as blocks"] == (MAX_NESTING - 6) // 2 == 47
    assert AT_LIMIT["value squares"] == AT_LIMIT["calls"] == AT_LIMIT["not chain"] == MAX_NESTING - 6
    assert AT_LIMIT["flat sum"] == MAX_NESTING - 6
    for kind, make in DEEP.items():
        with pytest.raises(CardlangError, match="nested too deeply"):
            parse_text(make(AT_LIMIT[kind] + 1), PATH)


@pytest.mark.parametrize("kind", sorted(DEEP))
def test_every_consumer_of_the_tree_works_at_the_limit(kind, tmp_path, monkeypatch):
    from dsl.codegen import generate
    from dsl.render import render_card
    text = DEEP[kind](AT_LIMIT[kind])
    [card] = check_text(text, PATH)
    assert render_card(card)
    assert format_text(format_text(text)) == format_text(text)
    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path)
    monkeypatch.delenv("CARDLANG_NO_CACHE", raising=False)
    tree = parse_text(text, PATH)
    cache.put(text, PATH, tree)
    assert cache.get(text, PATH) == tree
    from dsl.vocab import get as vocabulary
    source, _ = generate([card], "deep", vocabulary("innovation"))
    assert "def " in source


def test_the_interpreter_runs_cards_at_the_limit(tmp_path):
    """Agriculture, with five effects each nested as deep as the limit allows, each drawing a 1."""
    from runtime.front import testing
    deep = {"if blocks": "draw 1", "flat sum": None, "not chain": None, "value squares": None, "calls": None}
    sections = []
    for kind in deep:
        body = DEEP[kind](AT_LIMIT[kind]).split("    effect:\n", 1)[1]
        sections.append("    effect:\n" + body)
    text = HEAD + "".join(sections) + '''
    example "five deep effects, five draws":
        given:
            p1 board: Agriculture
            deck 1: Archery, Tools, Writing, Clothing, Pottery
        do:
            p1 dogma: Agriculture
        expect:
            p1 board: Agriculture
            p1 hand: Archery, Tools, Writing, Clothing, Pottery
'''
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    (tmp_path / "cards" / "innovation" / "base" / "agriculture.card").write_text(text)
    [card] = check_text(text, str(tmp_path / "cards" / "innovation" / "base" / "agriculture.card"))
    result = testing.run_example(card, card.examples[0], root=str(tmp_path / "cards"), mode="interpreted")
    assert result.passed, result.diffs


def test_a_tree_too_deep_to_pickle_is_left_out_of_the_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path)
    monkeypatch.delenv("CARDLANG_NO_CACHE", raising=False)
    cond = A.Int(1)
    for _ in range(100_000):   # built by hand: parse_text never returns one this deep
        cond = A.Not(cond)
    tree = A.File("deep.card", (A.Card("D", (), (), (A.Condition(cond),), ()),))
    cache.put("text", "deep.card", tree)
    assert cache.get("text", "deep.card") is None
    assert not list(tmp_path.rglob("*.tmp")) and not list(tmp_path.rglob("*.pickle"))


def test_a_deep_card_through_the_cli(tmp_path):
    bad = tmp_path / "deep.card"
    bad.write_text(DEEP["not chain"](5000))
    r = cardlang("check", str(bad))
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout
    # `if` is 4 deep, the k-th `not` 4 + k: the 97th (column 12 + 96 * 4) is too deep
    assert f"{bad}:5:396: error: {TOO_DEEP}" in r.stderr


# ------------------------------------------------------------------ files that are not card files
@pytest.fixture
def odd_files(tmp_path):
    (tmp_path / "x.card").symlink_to("x.card")          # a symlink loop
    os.mkfifo(tmp_path / "y.card")                      # reading it would wait for a writer
    (tmp_path / "big.card").write_text(effect("draw 1") + "#" * (1 << 20))
    (tmp_path / "folder.card").mkdir()                  # a folder is searched, not read
    (tmp_path / "folder.card" / "good.card").write_text(effect("draw 1"))
    (tmp_path / "loop").symlink_to(tmp_path)            # not followed inside a folder
    return tmp_path


def test_odd_files_named_directly(odd_files):
    expect = [("x.card", "a loop of symbolic links: it never reaches a file"),
              ("y.card", "not a card file: a named pipe (FIFO)"),
              ("big.card", f"too large for a card file: {(odd_files / 'big.card').stat().st_size:,} bytes"),
              ("missing.card", "no such file or folder")]
    r = cardlang("check", *(str(odd_files / name) for name, _ in expect))
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout
    heads = [l for l in r.stderr.splitlines() if ": error: " in l]
    assert heads == [f"{odd_files / name}: error: {message}" for name, message in expect]


def test_odd_files_in_a_folder(odd_files):
    r = cardlang("check", str(odd_files))
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout
    assert f"{odd_files / 'x.card'}: error: a loop of symbolic links" in r.stderr
    assert f"{odd_files / 'y.card'}: error: not a card file: a named pipe (FIFO)" in r.stderr
    assert "4 file(s), 1 card(s): 3 error(s)" in r.stderr


def test_a_device_is_not_read():
    r = cardlang("check", "/dev/zero")   # it would never end
    assert r.returncode == 1 and "/dev/zero: error: not a card file: a character device" in r.stderr


# ------------------------------------------------------------------ numbers
@pytest.mark.parametrize("text, want", [
    (HEAD.replace("age 1;", "age 0;") + "    effect:\n        draw 1\n", [(2, 9, "'age' must be from 1 to 11, not 0")]),
    (HEAD.replace("age 1;", "age 12;") + "    effect:\n        draw 1\n", [(2, 9, "'age' must be from 1 to 11, not 12")]),
    (HEAD.replace("age 1;", "age 99999999999999999999;") + "    effect:\n        draw 1\n",
     [(2, 9, "'age' must be from 1 to 11, not 99999999...")]),
    (HEAD.replace("age 1;", "age " + "9" * 5000 + ";") + "    effect:\n        draw 1\n",
     [(2, 9, "'age' must be from 1 to 11, not 99999999...")]),
    (HEAD + "    edition 1000001\n    effect:\n        draw 1\n", [(4, 13, "'edition' must be up to 1,000,000, not 1000001")]),
    (effect("draw [-5]"), [(5, 15, "a card value cannot be negative: -5")]),
    (effect("draw two [2 - 7]"), [(5, 19, "a card value cannot be negative: -5")]),
    (effect("return a [-1] from hand"), [(5, 19, "a card value cannot be negative: -1")]),
    (effect(f"draw {MAX_INT + 1}"), [(5, 14, f"number too large: {MAX_INT + 1}")]),
    (effect("draw " + "7" * 5000), [(5, 14, "number too large: 77777777...")]),
    (effect("draw 1") + '\n    example "e":\n        given:\n            deck 99999999999: Oars\n'
     '        do:\n            p1 dogma: Agriculture\n        expect:\n            p1 board: Agriculture\n',
     [(9, 18, "number too large: 99999999999")]),
])
def test_numbers_out_of_range(text, want):
    assert errors(text) == want


def test_numbers_in_range_pass():
    check_text(HEAD.replace("age 1;", "age 11;") + "    effect:\n        draw [0]; draw " + str(MAX_INT) + "\n", PATH)


# ------------------------------------------------------------------ quoted names
ESCAPE = "a quoted name is one printable line: its only escapes are \\\" and \\\\"


@pytest.mark.parametrize("text, want", [
    (HEAD.replace('"Agriculture"', '"Agri\\nculture"') + "    effect:\n        draw 1\n",
     [(1, 11, "'\\n' is not an escape in a quoted name")]),
    (HEAD.replace('"Agriculture"', '"Agri\\tculture"') + "    effect:\n        draw 1\n",
     [(1, 11, "'\\t' is not an escape in a quoted name")]),
    (HEAD.replace('"Agriculture"', '"Agri\tculture"') + "    effect:\n        draw 1\n",
     [(1, 11, "control character U+0009 in a quoted name")]),
    (effect('claim "Mon\u202eument"'), [(5, 19, "control character U+202E in a quoted name")]),
    (HEAD + '    note "two\\nlines"\n    effect:\n        draw 1\n', [(4, 14, "'\\n' is not an escape in a quoted name")]),
    (effect("draw 1") + '\n    example "a\\bc":\n        do:\n            p1 dogma: Agriculture\n',
     [(7, 15, "'\\b' is not an escape in a quoted name")]),
    (effect("draw 1") + '\n    example "e":\n        do:\n            p1 dogma: "Agri\\nculture"\n',
     [(9, 28, "'\\n' is not an escape in a quoted name")]),
])
def test_quoted_names_are_one_printable_line(text, want):
    assert errors(text) == want
    with pytest.raises(CardlangError) as info:
        check_text(text, PATH)
    assert f"expected: {ESCAPE}" in str(info.value) or "expected: a quoted name is one printable line" in str(info.value)


def test_the_two_escapes_still_work():
    [card] = check_text(HEAD.replace('"Agriculture"', '"A \\"B\\" \\\\ C"') + "    effect:\n        draw 1\n", PATH)
    assert card.name == 'A "B" \\ C'


# ------------------------------------------------------------------ encoding
def test_invalid_utf8_is_located_by_line_and_character(tmp_path):
    bad = tmp_path / "bad.card"
    bad.write_bytes(effect('claim "Wonder"').encode() + '        claim "é'.encode() + b'\xff"\n')
    r = cardlang("check", str(bad))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    # line 6; "é" is two bytes but one column: the bad byte is character 17
    assert r.stderr.startswith(f"{bad}:6:17: error: invalid UTF-8 byte 0xff\n")
