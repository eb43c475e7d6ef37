"""A malformed vocabulary is refused when it is declared or validated, naming the declaring
file and line (issue 19, "Bad input"); a word of another installed game gets a located error
naming that game."""
from __future__ import annotations

import textwrap

import pytest

from dsl import vocab as V
from dsl.errors import CardlangError
from dsl.load import check_text
from dsl.vocab import Vocabulary, VocabularyError, verb

HERE = __file__.rsplit("/", 1)[-1]


def _line_of(text: str) -> int:
    """The line of this file that holds `text` (declarations below are found, not counted)."""
    with open(__file__, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if text in line and "_line_of" not in line:
                return n
    raise AssertionError(text)


def test_a_verb_declared_twice_names_both_places():
    v = Vocabulary("toy_twice")

    @verb("push", "card", phrase="push {obj}")
    def push_a(env, items, call):
        return items

    @verb("push", "card", phrase="push {obj}")   # the second declaration
    def push_b(env, items, call):
        return items

    import sys
    mod = sys.modules[__name__]
    defs, mod.DEFS = mod.DEFS, []
    with pytest.raises(VocabularyError) as e:
        v.add(*defs)
    msg = str(e.value)
    assert f"{HERE}:{_line_of('# the second declaration')}" in msg
    assert "verb 'push' of toy_twice declared twice" in msg
    assert "first at" in msg and f"{HERE}:{_line_of('def push_a') - 1}" in msg


def test_a_type_declared_twice_is_refused():
    v = Vocabulary("toy_types")
    v.type("square")
    with pytest.raises(VocabularyError, match=r"type 'square' of toy_types declared twice"):
        v.type("square")


def test_a_verb_without_english_is_refused_at_validation():
    v = Vocabulary("toy_phrase")
    v.add(V.VerbDef("shove", "card", lambda env, items, call: items, phrase="",
                    where=f"{HERE}:1"))
    with pytest.raises(VocabularyError, match=rf"{HERE}:1: verb 'shove' has no phrase"):
        v.validate()


def test_a_cycle_of_subtypes_is_refused_with_its_line():
    v = Vocabulary("toy_cycle")
    v.type("piece", parent="token")   # opens the cycle
    v.type("token", parent="piece")
    with pytest.raises(VocabularyError) as e:
        v.validate()
    msg = str(e.value)
    assert "make a cycle" in msg and "piece < token < piece" in msg
    assert f"{HERE}:{_line_of('# opens the cycle')}" in msg


def test_an_unknown_type_in_a_signature_is_refused():
    v = Vocabulary("toy_unknown")
    v.add(V.VerbDef("shove", "squar", lambda env, items, call: items, phrase="shove {obj}",
                    where=f"{HERE}:7"))
    with pytest.raises(VocabularyError, match=rf"{HERE}:7: verb 'shove' uses the unknown "
                                              r"type 'squar'"):
        v.validate()


CARD = textwrap.dedent('''\
    card "T"
        age 1; color red; icons hex castle castle castle
        dogma castle
        effect:
            frobnicate a card from your hand
    ''')


def test_a_word_of_another_game_names_that_game():
    other = Vocabulary("toy_board_game")
    other.add(V.VerbDef("frobnicate", "card", lambda env, items, call: items,
                        phrase="frobnicate {obj}", where=f"{HERE}:1"))
    V.register(other)
    try:
        with pytest.raises(CardlangError) as e:
            check_text(CARD, "x.card", game="innovation")
        d = e.value.diagnostics[0]
        assert "'frobnicate' is a word of toy_board_game, not of innovation" in d.message
        assert (d.path, d.line, d.col) == ("x.card", 5, 9)
    finally:
        V._REGISTRY.pop("toy_board_game", None)
    # once that game is gone, the word is simply unknown
    with pytest.raises(CardlangError) as e:
        check_text(CARD, "x.card", game="innovation")
    assert "toy_board_game" not in e.value.diagnostics[0].message
