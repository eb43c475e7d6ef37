"""Fuzzing the front end: whatever bytes or text it is given, `decode`, `parse_text` and `check`
raise nothing but CardlangError, and every CardlangError carries located diagnostics that name the
file. Three generators: random bytes, random text built from the grammar's tokens, keywords and
indentation, and random mutations (delete / insert / duplicate / swap characters and lines) of
every valid card file under cards/.

Inputs that once crashed the front end are kept below as explicit regression cases."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dsl.errors import CardlangError
from dsl.load import check_text
from dsl.fmt import format_file
from dsl.parse import GRAMMAR_PATH, decode, parse_text
from dsl.vocab import get as vocab

ROOT = Path(__file__).resolve().parent.parent
CARD_FILES = sorted((ROOT / "cards").rglob("*.card"))
CARD_TEXTS = {p.name: p.read_text(encoding="utf-8") for p in CARD_FILES}
CARD_PATHS = {p.name: p for p in CARD_FILES}  # (the folder names the card's set)
GAME_OF = {p.name: p.relative_to(ROOT / "cards").parts[0] for p in CARD_FILES}  # cards/<game>/
PATH = "fuzz/input.card"

# Deterministic by default (the same examples on every run); CARDLANG_FUZZ_SCALE=20 and
# CARDLANG_FUZZ_RANDOM=1 run a longer, fresh campaign.
_SCALE = float(os.environ.get("CARDLANG_FUZZ_SCALE", "1"))
_BASE = settings(deadline=None, derandomize=not os.environ.get("CARDLANG_FUZZ_RANDOM"), database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                        HealthCheck.filter_too_much])


def fuzz(n: int) -> settings:
    return settings(_BASE, max_examples=max(1, int(n * _SCALE)))


def front_end(text: str, path: str = PATH) -> None:
    """Parse and check `text`; a CardlangError must be well formed, anything else fails the test.
    A text that checks also formats faithfully (dsl/fmt.py): the same tree and comments, once."""
    try:
        check_text(text, path)
    except CardlangError as err:
        assert_well_formed(err, path)
        return
    tree = parse_text(text, path)
    out = format_file(tree)
    again = parse_text(out, path)
    assert again == tree and format_file(again) == out
    assert [c.text for c in again.comments] == [c.text for c in tree.comments]


def front_end_bytes(data: bytes, path: str = PATH) -> None:
    try:
        text = decode(data, path)
    except CardlangError as err:
        assert_well_formed(err, path)
        return
    front_end(text, path)


def assert_well_formed(err: CardlangError, path: str) -> None:
    assert err.diagnostics, "a CardlangError with no diagnostic"
    located = [d for d in err.diagnostics if d.line >= 1 and d.format().startswith(path + ":")]
    assert located, "no diagnostic with a line >= 1 naming the file:\n" + str(err)
    for d in err.diagnostics:
        out = d.format()
        assert out.startswith(f"{path}:{d.line}:{d.col}: "), out
        assert d.col >= 1 or d.line == 0, out
    str(err)  # the whole report formats


# ------------------------------------------------------------------ 1. random bytes
@fuzz(200)
@given(st.binary(max_size=200))
def test_random_bytes(data):
    front_end_bytes(data)


@fuzz(100)
@given(st.sampled_from(sorted(CARD_TEXTS)), st.binary(min_size=1, max_size=4), st.data())
def test_card_file_with_random_bytes_spliced_in(name, junk, data):
    raw = CARD_TEXTS[name].encode("utf-8")
    at = data.draw(st.integers(0, len(raw)))
    front_end_bytes(raw[:at] + junk + raw[at:])


# ------------------------------------------------------------------ 2. text from grammar tokens
_KEYWORDS = sorted(set(re.findall(r'"([a-z_]+)"', GRAMMAR_PATH.read_text())))
_V = vocab("innovation")
_WORDS = sorted(set(_V.verbs) | set(_V.nouns) | set(_V.adjectives) | set(_V.constants)
                | set(_V.zones) | set(_V.effect_kinds) | set(_V.attrs) | set(_V.functions))
_PUNCT = [":", ";", ",", "(", ")", "[", "]", "=", "==", "!=", "<", "<=", ">", ">=", "+", "-",
          "*", "/", "//", "#", "# a comment", '"', '"Name"', '"un\\"closed', "\\", "$", "@", "é",
          "\t", "\r", "\x0c", "\u00a0", "\ufeff"]
_TOKEN = st.one_of(
    st.sampled_from(_KEYWORDS),
    st.sampled_from(_WORDS),
    st.sampled_from(_PUNCT),
    st.integers(0, 12).map(str),
    st.sampled_from(["Oars", "The Wheel", "X", "p1", "p2"]).map(lambda s: f'"{s}"'),
    st.sampled_from(["Oars", "Sailing", "P1"]),
    st.from_regex(r"[a-z_][a-z0-9_-]{0,6}", fullmatch=True),
)
_INDENTS = st.sampled_from(["", "", "    ", "        ", "            ", "  ", "      ", "\t", "\t\t", "   \t"])


@st.composite
def token_text(draw):
    lines = []
    if draw(st.booleans()):
        lines.append(f'card "{draw(st.sampled_from(["X", "Oars", ""]))}"')
    for _ in range(draw(st.integers(0, 10))):
        toks = draw(st.lists(_TOKEN, max_size=8))
        sep = draw(st.sampled_from([" ", " ", "", "  ", "\t"]))
        lines.append(draw(_INDENTS) + sep.join(toks))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n", "\r\n"]))


@fuzz(400)
@given(token_text())
def test_random_token_text(text):
    front_end(text)


@fuzz(100)
@given(st.text(max_size=120))
def test_random_unicode_text(text):
    front_end(text)


# ------------------------------------------------------------------ 3. mutations of valid card files
@st.composite
def mutated_card(draw):
    name = draw(st.sampled_from(sorted(CARD_TEXTS)))
    text = CARD_TEXTS[name]
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["del_char", "ins_char", "dup_char", "swap_chars", "del_line",
                                   "dup_line", "swap_lines", "ins_line", "indent_line", "dedent_line"]))
        lines = text.split("\n")
        if op.endswith("char") or op.endswith("chars"):
            if not text:
                continue
            i = draw(st.integers(0, len(text) - 1))
            if op == "del_char":
                text = text[:i] + text[i + 1:]
            elif op == "ins_char":
                c = draw(st.one_of(st.sampled_from(list(' \t\n:;,()[]"#=<>+-*/_0aZé')),
                                   st.characters(max_codepoint=0x2FF)))
                text = text[:i] + c + text[i:]
            elif op == "dup_char":
                text = text[:i] + text[i] + text[i:]
            else:
                j = draw(st.integers(0, len(text) - 1))
                a, b = sorted((i, j))
                if a != b:
                    text = text[:a] + text[b] + text[a + 1:b] + text[a] + text[b + 1:]
            continue
        i = draw(st.integers(0, len(lines) - 1))
        if op == "del_line":
            del lines[i]
        elif op == "dup_line":
            lines.insert(i, lines[i])
        elif op == "swap_lines":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "ins_line":
            other = CARD_TEXTS[draw(st.sampled_from(sorted(CARD_TEXTS)))].split("\n")
            lines.insert(i, draw(st.sampled_from(other)))
        elif op == "indent_line":
            lines[i] = draw(st.sampled_from(["    ", "  ", "\t", " "])) + lines[i]
        else:
            lines[i] = lines[i][draw(st.integers(1, 4)):]
        text = "\n".join(lines)
    return text


@fuzz(500)
@given(mutated_card())
def test_mutated_card_files(text):
    front_end(text)


@pytest.mark.parametrize("name", sorted(CARD_TEXTS))
def test_every_card_file_is_valid_and_checks(name):
    """The seeds of the mutation fuzzer are valid (otherwise the fuzzer tests the wrong thing)."""
    path = CARD_PATHS[name]
    check_text(CARD_TEXTS[name], str(path), game=GAME_OF[name], card_set=path.parent.name)


# ------------------------------------------------------------------ regressions found by fuzzing
REGRESSIONS = [
    "card",
    ")",
    "\ufeffcard",
    "\x0c",
    "\r",
    '  card "X"\n  age 1\n',
    'card "X"\n    effect:\n        draw max(1,\n',
    'card "X"\n\teffect:\n    \tdraw 1\n',
    'card "X"\n    effect:\n        draw 1\n  x\n',
    'card "X"\n    age 1\n     0   dogma crown\n    effect:\n        draw 1\n',
    'card "X"\n    example "e":\n   *     given:\n            p1 hand: Oars\n',
    '    age 1\n    effect:\n        draw 1\n',
    'card "X"\n    effect:\n        else:\n            elif\n',
]


@pytest.mark.parametrize("text", REGRESSIONS)
def test_fuzz_regressions(text):
    front_end(text)


# ------------------------------------------------------------------ 4. deep nesting, with junk
# Nested blocks, expressions and conditions, from shallow to far past the nesting limit
# (dsl/limits.py). Without junk the outcome is exact: the card checks, or (deeper than the
# limit) the one error is "nested too deeply", located. With junk: no traceback, located errors.
from dsl.limits import MAX_NESTING  # noqa: E402

HEAD = 'card "Deep"\n    age 1; color red; icons hex leaf leaf leaf\n    dogma leaf\n    effect:\n'
# (template, levels it adds to the tree); `{}` is the inner part, `{n}` a fresh name.
_BLOCKS = [("if 1 > 0:", 2), ("may draw 1 as c{n}:", 2), ("repeat 1 times:", 2),
           ("for each c{n} in colors(board):", 2), ("draw 1 as c{n}:", 2)]
# (never negative: a constant negative value square is an error of its own; the parentheses
# keep a sum inside a product or a minus)
_EXPRS = [("({})", 0), ("[{}]", 1), ("max(1, {})", 1), ("- -({})", 2), ("{} + 1", 1), ("({}) * 1", 1),
          ("{} - 0", 1)]
_CONDS = [("not {}", 1), ("({})", 0), ("({} and 1 > 0)", 1), ("({} or 1 > 0)", 1)]
_JUNK = list("()[]{}:;,\"#\t\\@$é\u00a0") + ["\n", "\n    ", " not", " if", " + ", "if 1:", "\x00", "\ufffd"]


@st.composite
def deep_card(draw):
    """(text, tree depth by construction, junk added?)"""
    def some(options, most):   # a length drawn evenly, so that deep cases are common
        n = draw(st.integers(0, most))
        return draw(st.lists(st.sampled_from(options), min_size=n, max_size=n))

    blocks = some(_BLOCKS, 60)
    lines, depth = [], 3   # card, section, block
    for i, (tpl, levels) in enumerate(blocks):
        lines.append("    " * (2 + i) + tpl.format(n=i))
        depth += levels
    pad = "    " * (2 + len(blocks))
    if draw(st.booleans()):
        inner, levels = "1", 0
        for tpl, lv in some(_EXPRS, 150):
            inner, levels = tpl.format(inner), levels + lv
        lines.append(pad + "draw " + inner)
        depth += 2 + levels + 1          # the action statement, the action, the number
    else:
        inner, levels = "1 > 0", 0
        for tpl, lv in some(_CONDS, 150):
            inner, levels = tpl.format(inner), levels + lv
        lines.append(pad + "if " + inner + ": draw 1")
        depth += 1 + levels + 2          # the if, the comparison, the number
    text = HEAD + "\n".join(lines) + "\n"
    junk = draw(st.lists(st.tuples(st.integers(0, len(text)), st.sampled_from(_JUNK)), max_size=3)
                | st.just([]))
    for at, piece in sorted(junk, reverse=True):
        text = text[:at] + piece + text[at:]
    return text, depth, bool(junk)


@fuzz(150)
@given(deep_card())
def test_deep_nesting(case):
    text, depth, junk = case
    try:
        check_text(text, PATH)
        ok, messages = True, []
    except CardlangError as err:
        assert_well_formed(err, PATH)
        ok, messages = False, [d.message for d in err.diagnostics]
    if not junk:
        too_deep = f"nested too deeply: more than {MAX_NESTING} levels"
        assert (ok, messages) == ((True, []) if depth <= MAX_NESTING else (False, [too_deep])), depth
