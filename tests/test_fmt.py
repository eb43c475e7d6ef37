"""The canonical formatter (dsl/fmt.py, dsl/layout.py): parse(fmt(x)) == parse(x), fmt is
idempotent and keeps every comment, on every card file, on hand-written snippets covering each
grammar rule, on random ASTs, and on card texts generated from the shipped cards, which must check
to the same IR before and after formatting."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dsl import ast as A
from dsl.fmt import FormatError, format_file, format_text
from dsl.parse import GRAMMAR_PATH, parse_text

ROOT = Path(__file__).resolve().parent.parent
CARD_FILES = sorted((ROOT / "cards").rglob("*.card"))


def roundtrip(text: str) -> str:
    """Format `text`, check the AST survives and that formatting is idempotent."""
    before = parse_text(text)
    out = format_file(before)
    try:
        after = parse_text(out)
    except Exception as err:  # pragma: no cover - shown on failure only
        raise AssertionError(f"formatted text does not parse:\n{out}\n{err}") from err
    assert after == before, f"AST changed:\n--- source\n{text}\n--- formatted\n{out}"
    assert format_file(after) == out, "formatting is not idempotent"
    return out


# ------------------------------------------------------------------ every card file
@pytest.mark.parametrize("path", CARD_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_card_files_roundtrip(path):
    text = path.read_text()
    out = roundtrip(text)
    assert format_text(out, str(path)) == out


def test_card_files_found():
    assert CARD_FILES, "no card files under cards/"


# ------------------------------------------------------------------ hand-written snippets
def card(body: str, name: str = "X") -> str:
    """A card whose body lines are indented 4 spaces."""
    lines = body.strip("\n").split("\n")
    quoted = name.replace("\\", "\\\\").replace('"', '\\"')
    return f'card "{quoted}"\n' + "\n".join("    " + l if l.strip() else l for l in lines) + "\n"


SNIPPETS = {
    "attrs": card('age 1; color yellow\nicons hex leaf leaf leaf\ndogma leaf\nname "A \\"B\\""'),
    "attrs_after_section": card("age 1\neffect: draw 1\ncolor red"),
    "single_line_block": card("age 1\neffect: draw 1; score 2"),
    "simple_stmts": card("age 1\neffect:\n    draw 1; meld it; let x = 2 + 3; stop; stop now; repeat effect"),
    "when_trigger": card("age 1\nkarma when meld a card from hand:\n    draw 1"),
    "would_trigger": card("age 1\nkarma would draw a card instead:\n    score 2\nkarma would score it first:\n    draw 1"),
    "each_trigger": card("age 1\nkarma each draw [3] for all cards:\n    draw 1"),
    "either": card("age 1\neffect:\n    either:\n        draw 1\n    or:\n        score 2\n    or: meld 3"),
    "may_either": card("age 1\neffect:\n    may either: draw 1\n    or:\n        score 2"),
    "nested_if": card(
        "age 1\neffect:\n    if a > 1:\n        if b:\n            draw 1\n        elif c: draw 2\n"
        "        else:\n            if d: score 1\n    elif e and f or g:\n        draw 3\n    else:\n        stop"),
    "then_else": card(
        "age 1\neffect:\n    transfer a card from hand to my score as moved:\n        draw 1\n    else:\n        score 1\n"
        "    may return a card: draw 2\n    else: draw 3"),
    "for_each": card("age 1\neffect:\n    for each c in cards(my hand):\n        score c\n"
                     "    for each c in all top cards from board of any opponent: score c"),
    "repeat_times": card("age 1\neffect:\n    repeat icons(clock) // 2 times:\n        draw 1\n    repeat (n + 1) * 2 times: draw 1"),
    "kwargs": card(
        "age 1\neffect:\n    transfer a card from hand to my board\n    draw 1 into hand\n"
        "    tuck it onto board of p\n    meld 2 under score of any opponent\n    score x for all cards in hand\n"
        "    return c using y by 3\n    draw and score and meld 1 to your hand of each player"),
    "places": card(
        "age 1\neffect:\n    draw a card from my board\n    draw a card in your hand\n    draw a card on board of p\n"
        "    draw a card from score of every opponent\n    draw a card from your board of (p + 1)"),
    "quantifiers": card(
        "age 1\neffect:\n    draw a card; draw an item; draw any card; draw the card; draw all cards; draw all the cards\n"
        "    draw each card; draw any number of cards; draw up to 3 cards; draw up to two cards\n"
        "    draw up to (n + 1) cards; draw exactly 2 cards; draw exactly (n) cards; draw all but 1 cards\n"
        "    draw all but (count(x) - 1) cards; draw one card; draw twelve cards; draw up to ((a < b)) cards\n"
        "    draw one or two cards; draw three or eleven [2]"),
    "filters": card(
        "age 1\neffect:\n    draw a card with leaf; draw a card without crown\n    draw a card with most castle from board\n"
        "    draw a card with fewest (icons(it) + 1); draw a card other than c with leaf without x"),
    "where": card(
        "age 1\neffect:\n    draw a card from hand where color(it) in colors(board)\n"
        "    draw a card from hand where color(it) not in colors(my board) left\n"
        "    draw a card where it has castle and not (value(it) > 2) up\n    draw a top card from board left right"),
    "has": card("age 1\neffect:\n    if c has castle: draw 1\n    if c + 1 has (x): draw 2\n    if not c has [3]: draw 3"),
    "precedence": card(
        "age 1\neffect:\n    let a = (b + c) * d\n    let a = b - (c - d)\n    let a = b - c - d\n"
        "    let a = b // (c * d) / e\n    let a = -b * -(c + d)\n    let a = --b\n    let a = (b < c)\n"
        "    let a = ((b and c) or d)\n    let a = ((b or c) and d)\n    let a = (not (b or c) and not not d)\n"
        "    let a = (b == (c < d))\n    let a = -(b)\n    let a = (x in (y in z))"),
    "bool_nesting": card("age 1\neffect:\n    if (a or b) or c: draw 1\n    if a and (b and c): draw 2\n    if a or b and c: draw 3"),
    "value_squares": card("age 1\neffect:\n    draw [3]\n    draw a [value(c) + 1] from hand\n    score the [n] from hand left\n    let v = [[2]]"),
    "strings": card(
        'age 1\neffect:\n    claim "Monument"\n    claim "say \\"hi\\""\n    claim "back\\\\slash"\n    claim ""',
        name='Quote "q" \\ b'),
    "calls": card("age 1\neffect:\n    draw f()\n    draw f(a card from hand, my board, score of p, 1 + 2, (x < y))\n    draw f(g(h(1)))"),
    "unary_minus": card("age 1\neffect:\n    draw -1\n    let x = -y + 3\n    if -x < -(y): draw 1"),
    "adverbs": card("age 1\neffect:\n    splay color(x) left\n    may splay x up to my board\n    splay y left right"),
    "bindings": card("age 1\neffect:\n    draw 1 as c\n    may draw a card as d\n    may score c as e: draw 1"),
    "conditions": card("age 1\ncondition: a > 1 and b\ncondition: not c\neffect: draw 1"),
    "examples": card(
        'age 1\neffect: draw 1\nexample "basic":\n    given:\n        p1 hand: Sailing, "The Wheel", x, 3\n        p2 score:\n'
        '    do:\n        p1 dogma: Oars\n    expect:\n        p2 score 2: Sailing\n        game over: p1, high draw 3\nexample "two \\"q\\"":\n    do:\n        p1 draw: 1'),
    "it_and_compare": card("age 1\neffect:\n    draw a card where it != c and value(it) <= 3 or value(it) >= 5"),
    "players": card("age 1\neffect:\n    draw a card from board of it\n    draw a card from hand of [2]\n    draw a card from hand of f(x)"),
    "comments": '# a comment\ncard "X"  # trailing\n    age 1  # one\n\n    # inside\n    effect:\n        draw 1 # c\n',
    "two_cards": card("age 1\neffect: draw 1", "A") + "\n\n" + card("age 2\nechoes:\n    score 2", "B"),
    "hyphen_names": card("age 1\neffect:\n    draw a non-green card\n    let x = a-b - c"),
    "verb_keyword_after_semicolon": card("age 1\neffect:\n    draw 1; if 2; may either 3\nkarma each x: either 1"),
}


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_snippet_roundtrip(name):
    roundtrip(SNIPPETS[name])


def test_layout_is_kept():
    """Attribute lines, blocks on their header's line, statements sharing a line, the order of a
    card's parts and blank lines are the author's; spacing and indentation are not."""
    src = ('card "X"\n  age 1\n  color red;icons a   b\n  effect: draw 1;score 2\n\n\n'
           "  karma when meld a card:\n      if x:   stop\n      if y:\n         stop\n  condition: a\n")
    assert roundtrip(src) == (
        'card "X"\n'
        "    age 1\n"
        "    color red; icons a b\n"
        "    effect: draw 1; score 2\n"
        "\n"
        "    karma when meld a card:\n"
        "        if x: stop\n"
        "        if y:\n"
        "            stop\n"
        "    condition: a\n")


def _without_layout(x):
    """The same tree with no positions and no spellings: what a program would build."""
    import dataclasses
    if isinstance(x, tuple):
        return tuple(_without_layout(y) for y in x)
    if not dataclasses.is_dataclass(x) or isinstance(x, A.Span):
        return x
    changes = {f.name: _without_layout(getattr(x, f.name)) for f in dataclasses.fields(x)}
    for name, plain in (("span", A.NOSPAN), ("written", ""), ("comments", ()), ("blank_lines", frozenset())):
        if name in changes:
            changes[name] = plain
    return dataclasses.replace(x, **changes)


def test_plain_layout_of_a_built_tree():
    built = _without_layout(parse_text(card("age 1\ncolor red; icons a b\neffect: draw 1; score 2\n"
                                            "karma when meld a card:\n    if x: stop")))
    out = format_file(built)
    assert out == (
        'card "X"\n'
        "    age 1; color red; icons a b\n"
        "    effect:\n"
        "        draw 1\n"
        "        score 2\n"
        "    karma when meld a card:\n"
        "        if x:\n"
        "            stop\n")
    assert parse_text(out) == built


def test_canonical_quantities_and_parens():
    out = roundtrip(card("age 1\neffect:\n    draw any item; draw all the cards; draw up to two cards\n"
                         "    draw a item; draw an card; draw all  cards; draw up to 2 x; draw exactly three x\n"
                         "    let a = ((b + c)) * (d)\n    let a = (b - (c - d))\n    draw up to ((n)) x"))
    assert "draw any item; draw all the cards; draw up to two cards\n" in out
    assert "draw an item; draw a card; draw all cards; draw up to 2 x; draw exactly three x\n" in out
    assert "let a = (b + c) * d\n" in out
    assert "let a = b - (c - d)\n" in out
    assert "draw up to (n) x\n" in out


def test_strings_reescaped():
    out = roundtrip(card('age 1\nname "a\\"b\\\\c"\neffect: claim "\\"x\\""', name='N"\\'))
    assert 'card "N\\"\\\\"' in out
    assert 'name "a\\"b\\\\c"' in out
    assert 'claim "\\"x\\""' in out


COMMENTED = """\
# file header comment

card "Oars"   # the card
    # identity
    age 1; color red; icons castle crown hex castle   # facts
    dogma castle


    demand:   # I demand
        # transfer first
        transfer a card with crown from hand to my score as moved:
            draw 1      # draw
              # odd indent
            repeat effect
        # end of demand block
    # between sections
    effect:
        if none(moved): draw 1  # inline
        else:   # otherwise
            draw max(1,  # one
                     2)  # two
          # odd 2
    # before example
    example "x":   # ex
        given:
            p1 board: Oars                 # aligned
            p2 hand: Sailing               # aligned too

        do:
            p1 dogma: Oars
        # in example, before expect
        expect:
            p1 board: Oars
            # last line comment
# trailing file comment"""

COMMENTED_FORMATTED = """\
# file header comment

card "Oars"   # the card
    # identity
    age 1; color red; icons castle crown hex castle   # facts
    dogma castle

    demand:   # I demand
        # transfer first
        transfer a card with crown from hand to my score as moved:
            draw 1      # draw
            # odd indent
            repeat effect
        # end of demand block
    # between sections
    effect:
        if none(moved): draw 1  # inline
        else:   # otherwise
            # one
            draw max(1, 2)  # two
            # odd 2

    # before example
    example "x":   # ex
        given:
            p1 board: Oars                 # aligned
            p2 hand: Sailing               # aligned too

        do:
            p1 dogma: Oars
        # in example, before expect
        expect:
            p1 board: Oars
            # last line comment
# trailing file comment
"""


def _comment_texts(text: str) -> list[str]:
    """The comments of a text, in order."""
    return [c.text for c in parse_text(text).comments]


def test_comments_are_kept_in_place():
    """Beside their line, between statements, sections and example lines, at the start and the
    end of the file; a comment inside a bracket spread over lines goes before the joined line.
    Blank lines: at most one in a row, none under a header, one before an example."""
    out = roundtrip(COMMENTED)
    assert out == COMMENTED_FORMATTED
    assert _comment_texts(out) == _comment_texts(COMMENTED)
    assert format_text(out) == out


@pytest.mark.parametrize("src, want", [
    ('card "X"  #no space\n    age 1#tight\n', 'card "X"  #no space\n    age 1  #tight\n'),
    ('card "X"\n    age 1\n    effect:\n\n        # under a header\n        draw 1\n',
     'card "X"\n    age 1\n    effect:\n        # under a header\n        draw 1\n'),
    ('card "A"\n    age 1\n# about B\ncard "B"\n    age 2\n',
     'card "A"\n    age 1\n\n# about B\ncard "B"\n    age 2\n'),
    ('card "A"\n    age 1\n        # still A (deeper)\ncard "B"\n    age 2\n',
     'card "A"\n    age 1\n    # still A (deeper)\n\ncard "B"\n    age 2\n'),
    ('card "X"\n    age 1\n    effect:\n        if (a and  # why a\n            # and b\n            b): draw 1\n',
     'card "X"\n    age 1\n    effect:\n        # why a\n        # and b\n        if a and b: draw 1\n'),
    ('card "X"\n    age 1   \n    # "a # in quotes" \n    note "# not a comment"  # but this is\n',
     'card "X"\n    age 1\n    # "a # in quotes"\n    note "# not a comment"  # but this is\n'),
])
def test_comment_cases(src, want):
    assert roundtrip(src) == want
    assert _comment_texts(want) == _comment_texts(src)


def test_example_layout():
    out = roundtrip(SNIPPETS["examples"])
    assert '\n\n    example "basic":\n        given:\n            p1 hand: Sailing, "The Wheel", x, 3\n' in out
    assert "            p2 score:\n" in out


def test_unformattable_trees():
    act = A.Action((A.Ident("claim"),), A.Str("a\nb"), (), ())
    body = A.Block((A.Do(act, False, None, None, None),))
    f = A.File("x", (A.Card("C", (), (A.Section(A.Ident("effect"), None, body),), (), ()),))
    with pytest.raises(FormatError):
        format_file(f)


# ------------------------------------------------------------------ random ASTs
GRAMMAR = GRAMMAR_PATH.read_text()
NAME_RE = re.compile(r"[a-z_][a-z0-9_]*(-[a-z_][a-z0-9_]*)*")
# Every quoted literal of the grammar that could lex as a NAME is a keyword somewhere.
KEYWORDS = frozenset(w for w in re.findall(r'"([^"\\]+)"', GRAMMAR) if NAME_RE.fullmatch(w))




def _literals(rule: str) -> list[str]:
    """The quoted alternatives of a `!rule: "a" | "b"` line of the grammar."""
    m = re.search(r"^!" + rule + r":(.*(?:\n\s+\|.*)*)", GRAMMAR, re.M)
    return re.findall(r'"([^"]+)"', m.group(1))


OWNERS = _literals("owner")
PREPS = _literals("prep")
PLAYERSQ = _literals("playersq")


def test_keywords_read_from_grammar():
    assert "my" in OWNERS and "to" in PREPS and "any" in PLAYERSQ
    assert {"card", "a", "the", "it", "if", "or", "and", "not", "where", "from"} <= KEYWORDS


_part = st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True)
names = st.builds(lambda ps: "-".join(ps), st.lists(_part, min_size=1, max_size=3)).filter(
    lambda s: s not in KEYWORDS)  # `the-x` is fine: a hyphenated word lexes as one NAME
idents = st.builds(A.Ident, names)
capnames = st.from_regex(r"[A-Z][A-Za-z0-9_]{0,6}", fullmatch=True)
# A quoted name is one printable line (dsl/parse.py): no control character, line separator or
# bidirectional control.
texts = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"),
                              blacklist_characters="\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"),
                max_size=8)
ints = st.builds(A.Int, st.integers(0, 10**6))

atoms = st.one_of(ints, st.builds(A.Str, texts), st.builds(A.Name, idents), st.just(A.It()))


def _places(exprs, bare: bool):
    owners = st.sampled_from(OWNERS)
    players = st.one_of(
        st.builds(A.Players, st.sampled_from(PLAYERSQ), idents, st.none()),
        st.builds(lambda e: A.Players(None, None, e), exprs))
    with_owner = st.builds(A.Place, owners, idents, st.none() | players)
    with_players = st.builds(A.Place, st.none() | owners, idents, players)
    alts = [with_owner, with_players]
    if bare:  # a bare zone: only as a source (elsewhere `hand` parses as a name)
        alts.append(st.builds(A.Place, st.none(), idents, st.none()))
    return st.one_of(*alts)


def _queries(exprs, conds):
    count = exprs
    quants = st.one_of(
        st.builds(A.Quant, st.sampled_from(["one", "the", "all", "each", "any_number"])),
        st.builds(A.Quant, st.sampled_from(["up_to", "exactly", "all_but"]), count),
        st.builds(lambda n: A.Quant("number", A.Int(n)), st.integers(1, 12)),
        *([st.builds(lambda a, b: A.Quant("range", A.Int(a), A.Int(b)), st.integers(1, 12), st.integers(1, 12))]
          if "q_range" in GRAMMAR else []))
    filters = st.builds(A.Filter, st.sampled_from(["with", "without", "most", "fewest", "other_than"]), exprs)

    @st.composite
    def query(draw):
        quant = draw(quants)
        if draw(st.booleans()):
            words, value = tuple(draw(st.lists(idents, min_size=1, max_size=3))), None
        else:
            words, value = (), draw(exprs)
        source = draw(st.none() | _places(exprs, bare=True))
        where = draw(st.none() | conds)
        adverbs = ()
        if source is not None or where is not None:
            adverbs = tuple(draw(st.lists(idents, max_size=2)))
        return A.Query(quant, words, value, tuple(draw(st.lists(filters, max_size=2))),
                       source, where, adverbs)
    return query()


def _extend(children):
    """One level of expression/condition nesting over `children` (any precedence)."""
    args = st.one_of(children, _queries(children, children), _places(children, bare=False))
    return st.one_of(
        st.builds(A.BinOp, st.sampled_from(["+", "-", "*", "/", "//"]), children, children),
        st.builds(A.Neg, children),
        st.builds(A.ValueSquare, children),
        st.builds(A.Call, idents, st.lists(args, max_size=3).map(tuple)),
        st.builds(A.Compare, st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), children, children),
        st.builds(A.Has, children, children),
        st.builds(A.Member, children, children, st.booleans()),
        st.builds(A.Not, children),
        st.builds(A.BoolOp, st.sampled_from(["and", "or"]), st.lists(children, min_size=2, max_size=3).map(tuple)),
    )


exprs = st.recursive(atoms, _extend, max_leaves=12)

# Operators only, over small atoms: cheap, so many deep trees test the parenthesizing.
_small_atoms = st.one_of(st.builds(A.Int, st.integers(0, 9)),
                         st.builds(A.Name, st.sampled_from(["x", "y", "z"]).map(A.Ident)), st.just(A.It()))
operators = st.recursive(_small_atoms, lambda c: st.one_of(
    st.builds(A.BinOp, st.sampled_from(["+", "-", "*", "/", "//"]), c, c),
    st.builds(A.Neg, c),
    st.builds(A.Compare, st.sampled_from(["==", "<", ">="]), c, c),
    st.builds(A.Has, c, c),
    st.builds(A.Member, c, c, st.booleans()),
    st.builds(A.Not, c),
    st.builds(A.BoolOp, st.sampled_from(["and", "or"]), st.lists(c, min_size=2, max_size=3).map(tuple)),
    st.builds(A.ValueSquare, c)), max_leaves=25)
queries = _queries(exprs, exprs)
places = _places(exprs, bare=False)


@st.composite
def actions(draw):
    verbs = tuple(draw(st.lists(idents, min_size=1, max_size=3)))
    kind = draw(st.sampled_from(["none", "expr", "query"]))
    obj = None if kind == "none" else draw(exprs if kind == "expr" else queries)
    adverbs = tuple(draw(st.lists(idents, max_size=2))) if kind == "expr" else ()
    kwargs = tuple(draw(st.lists(st.builds(
        A.KwArg, st.sampled_from(PREPS),
        st.one_of(exprs, queries, places)), max_size=2)))
    return A.Action(verbs, obj, adverbs, kwargs)


def _statements(blocks):
    bind = st.none() | idents

    @st.composite
    def do(draw):
        then = draw(st.none() | blocks)
        orelse = draw(st.none() | blocks) if then is not None else None
        return A.Do(draw(actions()), draw(st.booleans()), draw(bind), then, orelse)

    return st.one_of(
        do(),
        st.builds(A.RepeatEffect, idents),
        st.builds(A.Stop, st.none() | idents),
        st.builds(A.Let, idents, exprs),
        st.builds(A.If, st.lists(st.tuples(exprs, blocks), min_size=1, max_size=3).map(tuple),
                  st.none() | blocks),
        st.builds(A.ForEach, idents, exprs | queries, blocks),
        st.builds(A.RepeatTimes, exprs, blocks),
        st.builds(A.Either, st.booleans(), st.lists(blocks, min_size=2, max_size=3).map(tuple)),
    )


simple_stmts = st.one_of(
    st.builds(lambda a, m, b: A.Do(a, m, b, None, None), actions(), st.booleans(), st.none() | idents),
    st.builds(A.RepeatEffect, idents), st.builds(A.Stop, st.none() | idents), st.builds(A.Let, idents, exprs))
blocks = st.recursive(
    st.lists(simple_stmts, min_size=1, max_size=3).map(lambda s: A.Block(tuple(s))),
    lambda inner: st.lists(_statements(inner), min_size=1, max_size=3).map(lambda s: A.Block(tuple(s))),
    max_leaves=6)


@st.composite
def triggers(draw):
    mode = draw(st.sampled_from(["when", "would", "each"]))
    would = draw(st.sampled_from(["instead", "first"])) if mode == "would" else None
    return A.Trigger(mode, draw(actions()), would)


attr_values = st.one_of(
    st.builds(A.AttrValue, st.just("name"), names),
    st.builds(A.AttrValue, st.just("int"), st.from_regex(r"[0-9]{1,4}", fullmatch=True)),
    st.builds(A.AttrValue, st.just("string"), texts))
attrs = st.builds(A.Attr, idents, st.lists(attr_values, min_size=1, max_size=3).map(tuple))
sections = st.builds(A.Section, idents, st.none() | triggers(), blocks)
ex_words = st.one_of(st.builds(A.ExItem, st.just("name"), names),
                     st.builds(A.ExItem, st.just("capname"), capnames),
                     st.builds(A.ExItem, st.just("int"), st.from_regex(r"[0-9]{1,3}", fullmatch=True)))
ex_items = st.one_of(ex_words, st.builds(A.ExItem, st.just("string"), texts),
                     *([st.builds(A.ExItem, st.just("phrase"), st.lists(ex_words, min_size=2, max_size=3).map(
                         lambda ws: " ".join(w.text for w in ws)))] if "ex_word+" in GRAMMAR else []))
ex_lines = st.builds(A.ExLine, st.lists(ex_words, min_size=1, max_size=3).map(tuple),
                     st.lists(ex_items, max_size=3).map(tuple))
ex_parts = st.builds(A.ExPart, st.sampled_from(["given", "do", "expect"]),
                     st.lists(ex_lines, min_size=1, max_size=2).map(tuple))
examples = st.builds(A.Example, texts, st.lists(ex_parts, min_size=1, max_size=3).map(tuple))
cards = st.builds(A.Card, texts, st.lists(attrs, min_size=1, max_size=3).map(tuple),
                  st.lists(sections, max_size=2).map(tuple),
                  st.lists(st.builds(A.Condition, exprs), max_size=1).map(tuple),
                  st.lists(examples, max_size=1).map(tuple))


def _check_tree(f: A.File):
    text = format_file(f)
    try:
        back = parse_text(text)
    except Exception as err:
        raise AssertionError(f"formatted tree does not parse:\n{text}\n{err}") from err
    assert back == f, f"AST changed by format/parse:\n{text}"
    assert format_file(back) == text


def _one_section_card(stmt_block: A.Block, conds=()) -> A.File:
    attr = A.Attr(A.Ident("age"), (A.AttrValue("int", "1"),))
    return A.File("<gen>", (A.Card("G", (attr,), (A.Section(A.Ident("effect"), None, stmt_block),),
                                   tuple(conds), ()),))


SETTINGS = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@settings(SETTINGS, max_examples=800)
@given(operators)
def test_random_operator_trees(e):
    """Deep operator trees: precedence, associativity and `(cond)` atoms."""
    test_random_expressions.hypothesis.inner_test(e)


@SETTINGS
@given(exprs)
def test_random_expressions(e):
    """An expression as a `let` value, a condition of an `if` and a card `condition:`."""
    block = A.Block((A.Let(A.Ident("v"), e), A.If(((e, A.Block((A.Stop(None),))),), None)))
    _check_tree(_one_section_card(block, [A.Condition(e)]))


@settings(SETTINGS, max_examples=150)
@given(queries)
def test_random_queries(q):
    act = A.Action((A.Ident("take"),), q, (), (A.KwArg("to", q),))
    _check_tree(_one_section_card(A.Block((A.Do(act, False, None, None, None),))))


@settings(SETTINGS, max_examples=120)
@given(blocks)
def test_random_statements(b):
    _check_tree(_one_section_card(b))


@settings(SETTINGS, max_examples=60)
@given(st.lists(cards, min_size=1, max_size=2))
def test_random_cards(cs):
    _check_tree(A.File("<gen>", tuple(cs)))


# ------------------------------------------------------------------ generated card texts
# Texts made from the shipped cards (and from random trees) with their layout varied: other
# indentation, extra spaces, blank lines, comments of every kind, blocks joined onto their
# header's line. fmt must keep every comment, be idempotent, and keep the meaning: the text and
# its formatted text check to the same IR (IR equality ignores spans).
from dsl.load import check_text  # noqa: E402

CARD_TEXTS = {p.name: p.read_text() for p in CARD_FILES}
CARD_PATHS = {p.name: str(p) for p in CARD_FILES}  # (the folder names the card's set)
GAME_OF = {p.name: p.relative_to(ROOT / "cards").parts[0] for p in CARD_FILES}  # cards/<game>/
comment_texts = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"),
                        max_size=12).map(lambda t: ("#" + t).rstrip())
_EDIT = st.tuples(st.integers(0, 1 << 16), st.sampled_from(["own", "end", "blank", "spaces", "join"]),
                  comment_texts, st.integers(0, 14))
_SECTION_HEADER = re.compile(r" +(example |given:|do:|expect:)")


def _indent_width(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _joinable(lines: list[str], i: int) -> bool:
    """Is line i a header (outside examples) whose block is one simple statement?"""
    line = lines[i]
    if not line.endswith(":") or _SECTION_HEADER.match(line) or not line.startswith(" ") or "#" in line:
        return False
    if any(l.startswith("    example ") for l in lines[:i]) and not _after_examples(lines, i):
        return False
    w = _indent_width(line)
    if i + 1 >= len(lines) or _indent_width(lines[i + 1]) <= w or ":" in lines[i + 1]:
        return False   # (a ':' in the statement: a block of its own, `if x: draw 1`)
    return i + 2 >= len(lines) or not lines[i + 2].strip() or _indent_width(lines[i + 2]) <= w


def _after_examples(lines: list[str], i: int) -> bool:
    """Is line i after the examples of its card (in a later card)?"""
    last_card = max((j for j in range(i) if lines[j].startswith("card ")), default=-1)
    return not any(l.startswith("    example ") for l in lines[last_card + 1:i])


def vary_layout(text: str, edits, unit: str, join: bool = True) -> tuple[str, bool]:
    """`text` (canonical: 4 spaces a level) with its layout varied; and whether a block was
    joined onto its header's line (the only edit that fmt keeps)."""
    lines = text.rstrip("\n").split("\n")
    joined = False
    if join:
        for pos, kind, *_ in edits:
            i = pos % len(lines)
            if kind == "join" and _joinable(lines, i):
                lines[i:i + 2] = [lines[i] + " " + lines[i + 1].strip()]
                joined = True
    lines = [unit * (_indent_width(l) // 4) + l.lstrip(" ") if l.strip() else l for l in lines]
    for pos, kind, comment, width in edits:
        i = pos % len(lines)
        line = lines[i]
        if kind == "own":
            lines.insert(i, " " * width + comment)
        elif kind == "blank":
            lines.insert(i, " " * (width % 3))
        elif kind == "end" and line.strip() and not line.lstrip().startswith("#"):
            lines[i] = line + " " * (width % 4) + comment
        elif kind == "spaces" and '"' not in line and "#" not in line and line.strip():
            body = line.lstrip(" \t")
            lines[i] = line[: len(line) - len(body)] + body.replace(" ", "  ") + " " * (width % 3)
    return "\n".join(lines) + "\n", joined


def _comment_places(text: str) -> list[tuple[str, bool, int]]:
    """Each comment, whether it has a line of its own, and how many lines of code come before it:
    what must not change when a comment stays in place."""
    lines = text.split("\n")
    code = [i for i, l in enumerate(lines, 1) if l.strip() and not l.lstrip().startswith("#")]
    return [(c.text, c.own_line, sum(1 for i in code if i < c.line)) for c in parse_text(text).comments]


def _code_lines(text: str) -> list[str]:
    """The text without its comments and blank lines."""
    lines = text.split("\n")
    for c in parse_text(text).comments:
        lines[c.line - 1] = lines[c.line - 1][: c.col - 1].rstrip()
    return [l for l in lines if l.strip()]


@settings(SETTINGS, max_examples=120)
@given(st.sampled_from(sorted(CARD_TEXTS)), st.lists(_EDIT, max_size=14),
       st.sampled_from(["    ", "  ", "   ", "        ", "\t"]))
def test_generated_card_texts_format_faithfully(name, edits, unit):
    original = CARD_TEXTS[name]
    text, joined = vary_layout(original, edits, unit)
    out = format_text(text, name)
    assert format_text(out, name) == out, "formatting is not idempotent"
    assert _comment_places(out) == _comment_places(text), "a comment was lost, changed or moved"
    path = CARD_PATHS[name]
    game, set_name = GAME_OF[name], Path(path).parent.name
    assert check_text(out, path, game=game, card_set=set_name) == \
        check_text(text, path, game=game, card_set=set_name), \
        "the formatted card checks to another IR"
    if not joined:
        assert _code_lines(out) == _code_lines(original), "fmt did not restore the canonical lines"


@settings(SETTINGS, max_examples=25)
@given(st.lists(cards, min_size=1, max_size=2), st.lists(_EDIT, max_size=10),
       st.sampled_from(["    ", "  ", "\t"]))
def test_random_trees_with_comments(cs, edits, unit):
    f = A.File("<gen>", tuple(cs))
    text, _ = vary_layout(format_file(f), edits, unit, join=False)
    back = parse_text(text)
    assert back == f
    out = format_file(back)
    assert parse_text(out) == f
    assert format_text(out) == out
    assert _comment_places(out) == _comment_places(text)
