"""Errors are a product: a table of malformed card texts, each with the EXACT report the front end
gives for it (every diagnostic of the text: `file:line:col: error: message`, the source line, the
caret line, `expected:` and the did-you-mean line). Also: every error is reported in one run and
in line order, and `cardlang check` prints diagnostics, never a traceback, and exits 1.

When a message changes on purpose, update its expected text here: the table is the review of how
errors read."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.errors import CardlangError, Diagnostic, did_you_mean
from dsl.load import check_text
from dsl.parse import decode

ROOT = Path(__file__).resolve().parent.parent
GOOD_CARDS = ROOT / "cards"
PATH = "bad.card"

HEAD = 'card "Tester"\n    age 1; color red; icons hex castle castle castle\n    dogma castle\n'


def effect(*lines):
    return HEAD + "    effect:\n" + "".join("        " + l + "\n" for l in lines)


def attrs(line2, *more):
    return 'card "Tester"\n    ' + line2 + "\n" + "".join("    " + m + "\n" for m in more) + "    effect:\n        draw 1\n"


CASES = [
    # ---- indentation
    ("unexpected_indent", HEAD.replace("    dogma castle", "        dogma castle")),
    ("unexpected_indent_statement", effect("draw 1", "    score a card from hand")),
    ("dedent_to_no_block", effect("draw 1", "if count(hand) > 2:", "    draw 2", "  draw 3")),
    ("tabs_and_spaces_on_two_lines", HEAD + "    effect:\n\t\tdraw 1\n"),
    ("tab_and_spaces_in_one_indent", HEAD + "    effect:\n    \tdraw 1\n"),
    ("tab_inside_a_line_is_white_space", effect("darw\t1")),
    # ---- words
    ("unknown_verb", effect("frobnicate 1")),
    ("misspelt_verb", effect("darw 1")),
    ("misspelt_verb_swapped_letters", effect("may retrun a card from hand")),
    ("capitalised_verb", effect("Draw 1")),
    ("unknown_colour", attrs("age 1; color pink; icons hex castle castle castle")),
    ("misspelt_colour_adjective", effect("score a rde card from hand")),
    ("unknown_name", effect("draw foo")),
    ("unknown_function", effect("draw vlaue(this)")),
    ("unknown_zone", effect("score a card from pocket")),
    ("misspelt_player_kind", effect("transfer a card from score of any oponent to my score")),
    ("unknown_noun", effect("score a widget from hand")),
    ("unknown_adjective", effect("score a shiny card from hand")),
    ("adjective_for_another_noun", effect("score a splayed card from hand")),
    ("unknown_direction", effect("splay red lfet")),
    ("unknown_effect_kind", HEAD + "    efect:\n        draw 1\n"),
    ("unknown_attribute", attrs("age 1; color red; icons hex castle castle castle", "dogma castle; edtion 1")),
    ("attribute_given_twice", attrs("age 1; color red; icons hex castle castle castle", "age 2")),
    ("wrong_number_of_icons", attrs("age 1; color red; icons hex castle castle")),
    ("missing_attributes", 'card "Tester"\n    effect:\n        draw 1\n'),
    ("stop_misspelt", effect("stop effct")),
    ("misspelt_example_part", effect("draw 1") + '    example "e":\n        gven:\n            p1 hand: Oars\n'),
    # ---- types and arguments
    ("score_a_number", effect("score 3")),
    ("draw_a_query", effect("draw a card from hand")),
    ("splay_without_direction", effect("splay red")),
    ("value_of_a_colour", effect("draw value(red)")),
    ("function_argument_count", effect("draw max(1)")),
    ("count_argument_count", effect("draw count(hand, hand)")),
    ("comparing_different_kinds", effect("if color(this) == 3: draw 1")),
    ("ordering_colours", effect("if color(this) > 2: draw 1")),
    ("condition_is_a_number", effect("if 3: draw 1")),
    ("loop_over_a_number", effect("for each x in 3: draw 1")),
    ("repeat_zero_times", effect("repeat 0 times: draw 1")),
    ("with_a_colour", effect("score a card with red from hand")),
    ("may_win", effect("may win")),
    ("it_outside_where", effect("draw value(it)")),
    # ---- scopes and flow
    ("binding_used_outside_its_block", effect("may return a card from hand as returned:", "    draw 1 as drawn", "score drawn")),
    ("name_of_the_game_as_binding", effect("draw 1 as hand", "score hand")),
    ("unreachable_after_repeat_effect", effect("draw 1", "repeat effect", "draw 2")),
    ("unreachable_after_stop", effect("stop", "draw 2")),
    ("unreachable_after_win", effect("win", "draw 1")),
    ("else_without_if", effect("draw 1", "else: draw 2")),
    ("elif_without_if", effect("draw 1", "elif count(hand) > 2: draw 2")),
    ("or_without_either", effect("draw 1", "or: draw 2")),
    ("trigger_on_a_kind_that_takes_none", HEAD + "    set echoes\n    echo each draw 1:\n        draw 1\n"),
    ("when_trigger_on_an_effect", HEAD + "    effect when meld a card:\n        draw 1\n"),
    # ---- syntax
    ("missing_colon_after_section", HEAD + "    effect\n        draw 1\n"),
    ("missing_colon_after_if", effect("if count(hand) > 2", "    draw 1")),
    ("missing_colon_then_more_errors", HEAD + "    effect\n        draw 1 +\n        draw 2\n"),
    ("unterminated_string_card_name", 'card "Tester\n    age 1; color red; icons hex castle castle castle\n    effect:\n        draw 1\n'),
    ("unterminated_string_in_statement", effect('claim "Monument', "draw 1")),
    ("card_without_a_name", 'card\n    age 1; color red; icons hex castle castle castle\n'),
    ("card_name_not_quoted", 'card Tester Two\n    age 1; color red; icons hex castle castle castle\n'),
    ("card_without_a_body", 'card "Tester"\n'),
    ("section_without_a_body", HEAD + "    effect:\n    demand:\n        draw 1\n"),
    ("bracket_never_closed", effect("draw max(1, 2", "score a card from hand")),
    ("stray_character", effect("draw 1 $")),
    ("digits_as_a_count", effect("transfer 2 cards from hand to my hand")),
    ("two_syntax_errors_in_line_order", effect("draw 1 +", "draw 2", "score ) a")),
    ("two_check_errors_in_line_order", effect("darw 1", "draw 2", "scroe a card from hand")),
    ("errors_in_two_cards", effect("darw 1") + '\ncard "Other"\n    age 1; color pink; icons hex castle castle castle\n    effect:\n        draw 1\n'),
    ("condition_without_an_expression", effect("if : draw 1")),
    # ---- files
    ("empty_file", ""),
    ("only_white_space", "  \n\n"),
    ("only_comments", "# Tester\n\n# no card yet\n"),
    ("crlf_line_ends", effect("darw 1").replace("\n", "\r\n")),
    ("icon_misspelt_in_attributes", attrs("age 1; color red; icons hex crwon castle castle")),
    ("icon_misspelt_in_with_filter", effect("score a card with lefa from hand")),
    ("age_not_a_number", attrs("age one; color red; icons hex castle castle castle")),
    ("division_by_zero", effect("draw 1 / 0")),
]
BYTE_CASES = [
    ("nul_byte", b'card "Tester"\n    age 1\x00\n'),
    ("invalid_utf8", 'card "Caf\u00e9"\n    age 1; color red\n'.encode("utf-8")[:-15] + b"\xff" + b'; color red\n'),
    ("invalid_utf8_after_multibyte", 'card "\u00e9t\u00e9 \xff"\n'.encode("utf-8").replace(b"\xc3\xbf", b"\xff")),
]


EXPECTED = {
    "icon_misspelt_in_attributes": """\
bad.card:2:33: error: unknown icon 'crwon'
        age 1; color red; icons hex crwon castle castle
                                    ^^^^^
  expected: one of crown, leaf, lightbulb, castle, factory, clock, avatar, hex, echo, inspire, flag, fountain, ...
  did you mean 'crown'?""",
    "icon_misspelt_in_with_filter": """\
bad.card:5:27: error: unknown icon 'lefa'
            score a card with lefa from hand
                              ^^^^
  expected: an icon: crown, leaf, lightbulb, castle, factory, clock, avatar, ...
  did you mean 'leaf'?""",
    "age_not_a_number": """\
bad.card:2:9: error: 'age' must be a number, not 'one'
        age one; color red; icons hex castle castle castle
            ^^^
  expected: a number: the card's age (value), 1 to 11""",
    "division_by_zero": """\
bad.card:5:18: error: division by zero
            draw 1 / 0
                     ^
  expected: a divisor that cannot be 0""",
    "unexpected_indent": """\
bad.card:3:9: error: unexpected indentation
            dogma castle
            ^
  expected: column 5, like line 2
  indent it like line 2""",
    "unexpected_indent_statement": """\
bad.card:6:13: error: unexpected indentation
                score a card from hand
                ^
  expected: column 9, like line 5
  end line 5 with ':' if this line is its block, or indent it like line 5""",
    "dedent_to_no_block": """\
bad.card:8:11: error: indentation does not match any outer block
              draw 3
              ^
  expected: column 5, 9 or 13, the indentation of an enclosing line""",
    "tabs_and_spaces_on_two_lines": """\
bad.card:5:1: error: tabs and spaces mixed in indentation
      draw 1
    ^^
  expected: spaces, like line 2
  indent with spaces only""",
    "tab_and_spaces_in_one_indent": """\
bad.card:5:1: error: tabs and spaces mixed in indentation
         draw 1
    ^^^^^
  expected: indentation made of spaces only""",
    "tab_inside_a_line_is_white_space": """\
bad.card:5:9: error: unknown verb 'darw'
            darw 1
            ^^^^
  expected: a verb of innovation: achieve, choose, claim, decree, demand, dig, display, draw, draw-any-type, draw-artifact, ...
  did you mean 'draw'?""",
    "unknown_verb": """\
bad.card:5:9: error: unknown verb 'frobnicate'
            frobnicate 1
            ^^^^^^^^^^
  expected: a verb of innovation: achieve, choose, claim, decree, demand, dig, display, draw, draw-any-type, draw-artifact, ...""",
    "misspelt_verb": """\
bad.card:5:9: error: unknown verb 'darw'
            darw 1
            ^^^^
  expected: a verb of innovation: achieve, choose, claim, decree, demand, dig, display, draw, draw-any-type, draw-artifact, ...
  did you mean 'draw'?""",
    "misspelt_verb_swapped_letters": """\
bad.card:5:13: error: unknown verb 'retrun'
            may retrun a card from hand
                ^^^^^^
  expected: a verb of innovation: achieve, choose, claim, decree, demand, dig, display, draw, draw-any-type, draw-artifact, ...
  did you mean 'return'?""",
    "capitalised_verb": """\
bad.card:5:9: error: unexpected 'Draw'
            Draw 1
            ^^^^
  expected: a word
  words are written in lower case: 'draw'""",
    "unknown_colour": """\
bad.card:2:18: error: unknown color 'pink'
        age 1; color pink; icons hex castle castle castle
                     ^^^^
  expected: one of blue, red, green, yellow, purple""",
    "misspelt_colour_adjective": """\
bad.card:5:17: error: unknown adjective 'rde'
            score a rde card from hand
                    ^^^
  expected: one of artifact, blue, bottom, green, highest, lowest, non-artifact, non-blue, non-figure, non-green, non-purple, non-red
  did you mean 'red'?""",
    "unknown_name": """\
bad.card:5:14: error: unknown name 'foo'
            draw foo
                 ^^^
  expected: a name bound with 'as', 'let' or 'for each', or a word of the game""",
    "unknown_function": """\
bad.card:5:14: error: unknown function 'vlaue'
            draw vlaue(this)
                 ^^^^^
  expected: one of achievement_count, any, bonus, bonus_copies, bonus_count, bonuses, card_bonus, card_values, color, colors, comes_before, count, ...
  did you mean 'value'?""",
    "unknown_zone": """\
bad.card:5:27: error: unknown zone 'pocket'
            score a card from pocket
                              ^^^^^^
  expected: one of achievements, available, board, display, forecast, hand, revealed, score, supply""",
    "misspelt_player_kind": """\
bad.card:5:43: error: unknown kind of player 'oponent'
            transfer a card from score of any oponent to my score
                                              ^^^^^^^
  expected: opponent(s) or player(s)
  did you mean 'opponent'?""",
    "unknown_noun": """\
bad.card:5:17: error: unknown noun 'widget'
            score a widget from hand
                    ^^^^^^
  expected: a noun such as achievement, card, color, icon, opponent, pile, player, value""",
    "unknown_adjective": """\
bad.card:5:17: error: unknown adjective 'shiny'
            score a shiny card from hand
                    ^^^^^
  expected: one of artifact, blue, bottom, green, highest, lowest, non-artifact, non-blue, non-figure, non-green, non-purple, non-red""",
    "adjective_for_another_noun": """\
bad.card:5:17: error: 'splayed' does not apply to card
            score a splayed card from hand
                    ^^^^^^^
  expected: an adjective for card""",
    "unknown_direction": """\
bad.card:5:19: error: unknown direction 'lfet'
            splay red lfet
                      ^^^^
  expected: one of left, right, up, aslant, none
  did you mean 'left'?""",
    "unknown_effect_kind": """\
bad.card:4:5: error: unknown effect kind 'efect'
        efect:
        ^^^^^
  expected: one of effect, demand, compel, echo, inspire, karma, decree
  did you mean 'effect'?""",
    "unknown_attribute": """\
bad.card:3:19: error: unknown card attribute 'edtion'
        dogma castle; edtion 1
                      ^^^^^^
  expected: one of age, color, dogma, edition, face, icons, kind, note, set
  did you mean 'edition'?""",
    "attribute_given_twice": """\
bad.card:3:5: error: attribute 'age' given twice
        age 2
        ^^^
  expected: each attribute once""",
    "wrong_number_of_icons": """\
bad.card:2:23: error: 'icons' takes 4 to 6 values, got 3
        age 1; color red; icons hex castle castle
                          ^^^^^^^^^^^^^^^^^^^^^^^
  expected: icon slots in order: top-left, bottom-left, bottom-middle, bottom-right (then top-middle and top-right on Cities cards)""",
    "missing_attributes": """\
bad.card:1:1: error: card "Tester" has no 'age'
    card "Tester"
    ^
  expected: a line such as 'age ...' (the card's age (value), 1 to 11)
bad.card:1:1: error: card "Tester" has no 'color'
    card "Tester"
    ^
  expected: a line such as 'color ...' (the card's colour)
bad.card:1:1: error: card "Tester" has no 'icons'
    card "Tester"
    ^
  expected: a line such as 'icons ...' (icon slots in order: top-left, bottom-left, bottom-middle, bottom-right (then top-middle and top-right on Cities cards))""",
    "stop_misspelt": """\
bad.card:5:14: error: 'stop effct' is not a statement
            stop effct
                 ^^^^^
  expected: 'stop' (this effect) or 'stop dogma'
  did you mean 'effect'?""",
    "misspelt_example_part": """\
bad.card:7:9: error: unexpected 'gven'
            gven:
            ^^^^
  expected: 'do', 'expect', 'given'
  did you mean 'given'?""",
    "score_a_number": """\
bad.card:5:15: error: 'score' needs cards, got a number
            score 3
                  ^
  expected: 'score <cards>', e.g. 'score a card from hand'""",
    "draw_a_query": """\
bad.card:5:14: error: 'draw' takes a value, not a query
            draw a card from hand
                 ^^^^^^^^^^^^^^^^
  expected: 'draw 1' or 'draw two [3]'""",
    "splay_without_direction": """\
bad.card:5:9: error: 'splay' needs a direction
            splay red
            ^^^^^^^^^
  expected: left / right / up / aslant
  e.g. 'splay red left'""",
    "value_of_a_colour": """\
bad.card:5:20: error: 'value' expects a card, got a colour
            draw value(red)
                       ^^^
  expected: value(a card)""",
    "function_argument_count": """\
bad.card:5:14: error: 'max' takes 2 arguments, got 1
            draw max(1)
                 ^^^^^^
  expected: max(a number, a number)""",
    "count_argument_count": """\
bad.card:5:14: error: 'count' takes 1 argument, got 2
            draw count(hand, hand)
                 ^^^^^^^^^^^^^^^^^
  expected: count(any)""",
    "comparing_different_kinds": """\
bad.card:5:12: error: comparing a colour with a number is always false
            if color(this) == 3: draw 1
               ^^^^^^^^^^^^^^^^
  expected: two values of the same kind""",
    "ordering_colours": """\
bad.card:5:12: error: '>' compares numbers, got a colour and a number
            if color(this) > 2: draw 1
               ^^^^^^^^^^^^^^^
  expected: two numbers""",
    "condition_is_a_number": """\
bad.card:5:12: error: expected a condition, got a number
            if 3: draw 1
               ^
  expected: a comparison such as 'count(x) >= 2', or 'c has crown'""",
    "loop_over_a_number": """\
bad.card:5:23: error: cannot loop over a number
            for each x in 3: draw 1
                          ^
  expected: cards, players, values, colors or icons""",
    "repeat_zero_times": """\
bad.card:5:16: error: repeating zero times does nothing
            repeat 0 times: draw 1
                   ^
  expected: a count that can be positive""",
    "with_a_colour": """\
bad.card:5:27: error: expected an icon, got a colour
            score a card with red from hand
                              ^^^
  expected: an icon""",
    "may_win": """\
bad.card:5:13: error: 'may win' has no meaning
            may win
                ^^^
  expected: 'win' without 'may'""",
    "it_outside_where": """\
bad.card:5:20: error: 'it' outside a 'where' condition
            draw value(it)
                       ^^
  expected: 'it' only inside 'where ...' or 'with most ...', or in a triggered section (what triggered it)""",
    "binding_used_outside_its_block": """\
bad.card:7:15: error: 'drawn' is used outside the block that binds it
            score drawn
                  ^^^^^
  expected: a use inside the block where 'drawn' is bound (line 6)
  bind it before this statement, at the same level""",
    "name_of_the_game_as_binding": """\
bad.card:5:19: error: 'hand' is a word of the game and cannot be a name
            draw 1 as hand
                      ^^^^
  expected: another name
  try 'hand_card' or 'chosen'""",
    "unreachable_after_repeat_effect": """\
bad.card:7:9: error: unreachable statement after 'repeat effect'
            draw 2
            ^^^^^^
  expected: nothing after it in the same block
  move it before, or into an if/else branch""",
    "unreachable_after_stop": """\
bad.card:6:9: error: unreachable statement after 'stop'
            draw 2
            ^^^^^^
  expected: nothing after it in the same block
  move it before, or into an if/else branch""",
    "unreachable_after_win": """\
bad.card:6:9: error: unreachable statement after 'win'
            draw 1
            ^^^^^^
  expected: nothing after it in the same block
  move it before, or into an if/else branch""",
    "else_without_if": """\
bad.card:6:9: error: 'else' without an 'if' before it
            else: draw 2
            ^^^^
  expected: 'else:' at the indentation of an 'if' or of an action ending with ':', right after its block""",
    "elif_without_if": """\
bad.card:6:9: error: 'elif' without an 'if' before it
            elif count(hand) > 2: draw 2
            ^^^^
  expected: 'elif ...:' at the indentation of an 'if', right after its block""",
    "or_without_either": """\
bad.card:6:9: error: 'or:' without an 'either:' before it
            or: draw 2
            ^^
  expected: 'either:' with its block, then 'or:' at the same indentation""",
    "trigger_on_a_kind_that_takes_none": """\
bad.card:5:10: error: 'echo' sections take no 'each' trigger
        echo each draw 1:
             ^^^^^^^^^^^
  expected: 'echo:'""",
    "when_trigger_on_an_effect": """\
bad.card:4:12: error: 'effect' sections take no 'when' trigger
        effect when meld a card:
               ^^^^^^^^^^^^^^^^
  expected: 'effect:'""",
    "missing_colon_after_section": """\
bad.card:4:11: error: missing ':' at end of line
        effect
              ^
  expected: ':' before an indented block""",
    "missing_colon_after_if": """\
bad.card:5:27: error: missing ':' at end of line
            if count(hand) > 2
                              ^
  expected: ':' before an indented block""",
    "missing_colon_then_more_errors": """\
bad.card:4:11: error: missing ':' at end of line
        effect
              ^
  expected: ':' before an indented block
bad.card:5:17: error: unexpected end of line
            draw 1 +
                    ^
  expected: '(', '-', '[', 'it', a number, a quoted name, a word""",
    "unterminated_string_card_name": """\
bad.card:1:6: error: unterminated string
    card "Tester
         ^^^^^^^
  expected: a closing '"' on the same line""",
    "unterminated_string_in_statement": """\
bad.card:5:15: error: unterminated string
            claim "Monument
                  ^^^^^^^^^
  expected: a closing '"' on the same line""",
    "card_without_a_name": """\
bad.card:1:5: error: card without a name
    card
        ^
  expected: a quoted name: card "Name\"""",
    "card_name_not_quoted": """\
bad.card:1:6: error: card name not in quotes
    card Tester Two
         ^^^^^^^^^^
  expected: a quoted name: card "Name"
  write it as: card "Tester Two\"""",
    "card_without_a_body": """\
bad.card:1:13: error: empty block: nothing is indented under this line
    card "Tester"
                ^
  expected: one or more lines indented under it""",
    "section_without_a_body": """\
bad.card:4:11: error: empty block: nothing is indented under this line
        effect:
              ^
  expected: one or more lines indented under it""",
    "bracket_never_closed": """\
bad.card:5:17: error: '(' is never closed
            draw max(1, 2
                    ^
  expected: ')' on the same line""",
    "stray_character": """\
bad.card:5:16: error: unexpected character '$'
            draw 1 $
                   ^
  expected: ')', '*', '/' or '//', '+' or '-', ',', ':', ';', ']', a comparison, ...""",
    "digits_as_a_count": """\
bad.card:5:18: error: a count before a noun is written as a word
            transfer 2 cards from hand to my hand
                     ^
  expected: 'a card', 'two cards', 'up to two cards', 'exactly (n) cards'
  write 'two cards', not '2 cards'""",
    "two_syntax_errors_in_line_order": """\
bad.card:5:17: error: unexpected end of line
            draw 1 +
                    ^
  expected: '(', '-', '[', 'it', a number, a quoted name, a word
bad.card:7:15: error: unexpected ')'
            score ) a
                  ^
  expected: '(', '-', ':', ';', '[', a number, a quoted name, a word, ...""",
    "two_check_errors_in_line_order": """\
bad.card:5:9: error: unknown verb 'darw'
            darw 1
            ^^^^
  expected: a verb of innovation: achieve, choose, claim, decree, demand, dig, display, draw, draw-any-type, draw-artifact, ...
  did you mean 'draw'?
bad.card:7:9: error: unknown verb 'scroe'
            scroe a card from hand
            ^^^^^
  expected: a verb of innovation: achieve, choose, claim, decree, demand, dig, display, draw, draw-any-type, draw-artifact, ...
  did you mean 'score'?""",
    "errors_in_two_cards": """\
bad.card:5:9: error: unknown verb 'darw'
            darw 1
            ^^^^
  expected: a verb of innovation: achieve, choose, claim, decree, demand, dig, display, draw, draw-any-type, draw-artifact, ...
  did you mean 'draw'?
bad.card:8:18: error: unknown color 'pink'
        age 1; color pink; icons hex castle castle castle
                     ^^^^
  expected: one of blue, red, green, yellow, purple""",
    "condition_without_an_expression": """\
bad.card:5:12: error: unexpected ':'
            if : draw 1
               ^
  expected: '(', '-', '[', a number, a quoted name, a word, end of line""",
    "empty_file": """\
bad.card:1:1: error: empty file: no card in it
  expected: a card: card "Name" followed by an indented body""",
    "only_white_space": """\
bad.card:1:1: error: empty file: no card in it
  expected: a card: card "Name" followed by an indented body""",
    "only_comments": """\
bad.card:1:1: error: no card in this file, only comments
    # Tester
    ^
  expected: a card: card "Name" followed by an indented body""",
    "crlf_line_ends": """\
bad.card:5:9: error: unknown verb 'darw'
            darw 1
            ^^^^
  expected: a verb of innovation: achieve, choose, claim, decree, demand, dig, display, draw, draw-any-type, draw-artifact, ...
  did you mean 'draw'?""",
    "nul_byte": """\
bad.card:2:10: error: binary data (a NUL byte) in a card file
        age 1�
             ^
  expected: UTF-8 text
  is this a card file? card files are UTF-8 text""",
    "invalid_utf8": """\
bad.card:2:7: error: invalid UTF-8 byte 0xff
        ag�; color red
          ^
  expected: UTF-8 text
  save the file as UTF-8""",
    "invalid_utf8_after_multibyte": """\
bad.card:1:11: error: invalid UTF-8 byte 0xff
    card "été �"
              ^
  expected: UTF-8 text
  save the file as UTF-8""",
}


def report(text) -> str:
    """The full report for a text (or bytes, decoded first): CardlangError's str."""
    with pytest.raises(CardlangError) as info:
        if isinstance(text, bytes):
            text = decode(text, PATH)
        check_text(text, PATH)
    err = info.value
    assert str(err) == "\n".join(d.format() for d in err.diagnostics)
    return str(err)


def test_the_table_is_big_and_complete():
    names = [n for n, _ in CASES + BYTE_CASES]
    assert len(names) == len(set(names)) >= 35
    assert set(names) == set(EXPECTED)


@pytest.mark.parametrize("name,text", CASES + BYTE_CASES, ids=[n for n, _ in CASES + BYTE_CASES])
def test_error_report(name, text):
    assert report(text) == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_diagnostic_is_well_formed(name):
    """Every diagnostic: path:line:col, an error, a source line with a caret under it (unless the
    file is empty) and an `expected:` line."""
    for block in _split(EXPECTED[name]):
        head, *rest = block.split("\n")
        assert head.startswith(PATH + ":") and ": error: " in head, head
        assert any(l.startswith("  expected: ") for l in rest), block
        if "empty file" not in head:
            src, caret = rest[0], rest[1]
            assert src.startswith("    ") and caret.strip() and set(caret.strip()) == {"^"}, block
            col = int(head.split(":")[2])
            assert caret.index("^") == 4 + col - 1, block


def _split(report_text: str) -> list[str]:
    blocks: list[str] = []
    for line in report_text.split("\n"):
        if line.startswith(PATH + ":"):
            blocks.append(line)
        else:
            blocks[-1] += "\n" + line
    return blocks


def test_diagnostics_come_in_line_order():
    for name, text in CASES + BYTE_CASES:
        with pytest.raises(CardlangError) as info:
            check_text(decode(text, PATH) if isinstance(text, bytes) else text, PATH)
        keys = [(d.line, d.col) for d in info.value.diagnostics]
        assert keys == sorted(keys), name


def test_many_syntax_errors_are_all_reported_once():
    lines = [f"draw {i} +" if i % 2 else "draw 1" for i in range(12)]
    text = HEAD + "    effect:\n" + "".join("        " + l + "\n" for l in lines)
    with pytest.raises(CardlangError) as info:
        check_text(text, PATH)
    assert [d.line for d in info.value.diagnostics] == [6, 8, 10, 12, 14, 16]
    assert {d.message for d in info.value.diagnostics} == {"unexpected end of line"}


def test_over_indented_run_is_one_error_and_the_lines_are_still_checked():
    text = effect("draw 1", "    score a card from hand", "    darw 1 +")
    assert report(text) == """\
bad.card:6:13: error: unexpected indentation
                score a card from hand
                ^
  expected: column 9, like line 5
  end line 5 with ':' if this line is its block, or indent it like line 5
bad.card:7:21: error: unexpected end of line
                darw 1 +
                        ^
  expected: '(', '-', '[', 'it', a number, a quoted name, a word"""


def test_a_bad_card_header_does_not_hide_the_errors_of_its_body():
    text = 'card "Tester\n    age 1; color red; icons hex castle castle castle\n    effect:\n        draw 1 )\n'
    assert [d.line for d in _diags(text)] == [1, 4]


def _diags(text):
    with pytest.raises(CardlangError) as info:
        check_text(text, PATH)
    return info.value.diagnostics


# ------------------------------------------------------------------ did you mean
@pytest.mark.parametrize("word,pool,want", [
    ("darw", ["draw", "dig", "score"], "draw"),        # swapped letters
    ("rde", ["red", "blue", "bottom"], "red"),         # short word, swapped letters
    ("lefa", ["leaf", "left", "lightbulb"], "leaf"),   # a swap beats a substitution
    ("scroe", ["score", "scored_this_turn"], "score"),
    ("efect", ["effect", "echo", "demand"], "effect"),  # a letter missing
    ("lightbuld", ["lightbulb", "leaf"], "lightbulb"),
    ("achievment", ["achievements", "achieve"], "achievements"),
])
def test_did_you_mean_finds_the_slip(word, pool, want):
    assert did_you_mean(word, pool) == f"did you mean '{want}'?"


@pytest.mark.parametrize("word,pool", [
    ("cards", ["cards", "card"]),        # the word exists: its spelling is not the problem
    ("frobnicate", ["draw", "score"]),   # nothing close
    ("x", ["a", "b"]),                   # too short to guess
])
def test_did_you_mean_stays_silent(word, pool):
    assert did_you_mean(word, pool) is None


def test_control_characters_are_shown_and_the_caret_stays_aligned():
    d = Diagnostic(PATH, 1, 7, "boom", end_col=8, source_line="a\tb\rc\x0bdd\r\n")
    assert d.format() == "bad.card:1:7: error: boom\n    a b\u240dc\u240bdd\n          ^"


def test_utf8_bom_and_crlf_are_accepted():
    text = decode(b"\xef\xbb\xbf" + effect("draw 1").replace("\n", "\r\n").encode(), PATH)
    assert check_text(text, PATH)[0].name == "Tester"


# ------------------------------------------------------------------ the checker's messages to improve
# The checker (dsl/check.py) is not owned by these tests: each entry is the report we want, with
# the reason. They are strict xfails: when the checker's wording matches, move them to EXPECTED.
# ------------------------------------------------------------------ the CLI
def cardlang(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from runtime.front.cli import main; main()", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "COLUMNS": "200",
                               "CARDLANG_GAME": "innovation"})


@pytest.fixture
def bad_folder(tmp_path):
    d = tmp_path / "cards" / "innovation" / "base"
    d.mkdir(parents=True)
    (d / "ok.card").write_text(effect("draw 1"))
    (d / "verbs.card").write_text(effect("darw 1", "draw 2", "scroe a card from hand"))
    (d / "syntax.card").write_text(HEAD + "    effect\n        draw 1 +\n")
    (d / "empty.card").write_text("")
    (d / "binary.card").write_bytes(b"\x00\x01\x02card")
    (d / "latin1.card").write_bytes('card "Caf\u00e9"\n'.encode("latin-1"))
    return tmp_path / "cards"


def test_cli_check_reports_every_bad_file_on_stderr_and_exits_1(bad_folder):
    r = cardlang("check", str(bad_folder))
    assert r.returncode == 1, r.stderr
    assert "Traceback" not in r.stderr + r.stdout
    base = bad_folder / "innovation" / "base"
    for name, text in [("verbs", effect("darw 1", "draw 2", "scroe a card from hand")),
                       ("syntax", HEAD + "    effect\n        draw 1 +\n"), ("empty", "")]:
        with pytest.raises(CardlangError) as info:
            check_text(text, str(base / f"{name}.card"))
        assert str(info.value) in r.stderr, name
    assert f"{base / 'binary.card'}:1:1: error: binary data (a NUL byte) in a card file" in r.stderr
    assert f"{base / 'latin1.card'}:1:10: error: invalid UTF-8 byte 0xe9" in r.stderr
    assert "6 file(s), 1 card(s): 7 error(s)" in r.stderr


def test_cli_check_json_parses(bad_folder):
    r = cardlang("check", "--json", str(bad_folder))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    data = json.loads(r.stdout)
    assert data["files"] == 6 and len(data["errors"]) == 7
    first = data["errors"][0]
    assert {"path", "line", "col", "message", "expected", "suggestion"} <= set(first)
    assert all(e["line"] >= 1 for e in data["errors"])


def test_cli_check_good_cards_exits_0():
    r = cardlang("check", "-q", str(GOOD_CARDS))
    assert r.returncode == 0, r.stderr
    assert "error" not in r.stderr and "Traceback" not in r.stderr


def test_cli_check_missing_path_is_an_error_not_a_traceback(tmp_path):
    r = cardlang("check", str(tmp_path / "nope.card"))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "no such file or folder" in r.stderr


def test_a_keyword_cannot_be_a_binding_name():
    with pytest.raises(CardlangError) as info:
        check_text(effect("draw 1 as if", "score if"), "bad.card")
    assert info.value.diagnostics[0].message == "'if' is a keyword and cannot be a name"


def test_example_line_errors_are_located():
    text = HEAD + """    effect:
        draw 1

    example "bad lines":
        given:
            p1 hand Oars
            p1 hand: Oars,, Sailing
            p1 hand: "The Wheel" x, $x
        do:
            p1 dogma: Tester
        expect:
            p1 hand: Oars
"""
    with pytest.raises(CardlangError) as info:
        check_text(text, "bad.card")
    got = [(d.line, d.col, d.message) for d in info.value.diagnostics]
    assert got == [(9, 13, "an example line needs ':' after its key"),
                   (10, 27, "empty item in an example line"),
                   (11, 22, "a quoted name must be the whole item"),
                   (11, 37, "unexpected '$x' in an example line")]
