"""Grid attributes in the language (grammar/cardlang.lark grid_attr, dsl/check.py check_grid):
a Tash-Kalar being's pattern written as a readable grid; a row of another width, a cell that
is not a declared symbol (a bad rank word), a grid larger than the board and a pattern
without exactly one being square are located errors."""
from __future__ import annotations

from dsl.errors import CardlangError
from dsl.fmt import format_text
from dsl.load import check_text

GOOD = '''card "Swordmaster"
    rank common
    pattern:
        "c"
        "B"
        "c"
    effect:
        may destroy a common enemy piece on diagonal:
            upgrade being
'''


def errors(text):
    try:
        check_text(text, "cards/tashkalar/imperial/x.card", game="tashkalar", card_set="imperial")
    except CardlangError as e:
        return e.diagnostics
    return []


def test_a_grid_is_read_as_rows_of_symbols():
    cards = check_text(GOOD, "x.card", game="tashkalar", card_set="imperial")
    assert cards[0].attrs["pattern"] == (("c",), ("B",), ("c",))


def test_a_row_of_another_width_is_not_a_grid():
    bad = GOOD.replace('"B"', '"B c"')
    (e,) = errors(bad)
    assert (e.line, "not a grid") == (5, "not a grid") and "not a grid" in e.message


def test_a_bad_rank_word_is_located_at_its_cell():
    bad = GOOD.replace('        "c"\n        "B"', '        "c"\n        "B"', 1).replace(
        '"c"\n    effect', '"x"\n    effect')
    (e,) = errors(bad)
    assert e.line == 6 and e.col == 10 and "'x' is not a cell of a pattern" in e.message


def test_a_grid_larger_than_the_board_is_refused():
    rows = "\n".join('        "' + " ".join(["."] * 10) + '"' for _ in range(2))
    bad = GOOD.replace('        "c"\n        "B"\n        "c"',
                       rows + '\n        "B . . . . . . . . ."')
    (e,) = errors(bad)
    assert "does not fit a board of 9 by 9" in e.message


def test_a_pattern_needs_exactly_one_being_square():
    (e,) = errors(GOOD.replace('"B"', '"c"'))
    assert "needs exactly one" in e.message
    (e,) = errors(GOOD.replace('"c"\n    effect', '"B"\n    effect'))
    assert "needs exactly one" in e.message and e.line == 6


def test_a_grid_attribute_on_one_line_is_refused():
    (e,) = errors(GOOD.replace('    pattern:\n        "c"\n        "B"\n        "c"\n',
                               '    pattern "c B c"\n'))
    assert "is a grid" in e.message and e.line == 3


def test_fmt_keeps_a_grid():
    assert format_text(GOOD, "x.card") == GOOD
