"""The typed syntax tree of a card file: frozen dataclasses, each with the span it came from.

The tree follows the grammar (grammar/cardlang.lark) closely and knows no game words: a verb,
an adjective or a game's word is an `Ident` here; the checker (dsl/check.py) resolves it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union


@dataclass(frozen=True)
class Span:
    line: int
    col: int
    end_line: int
    end_col: int

    def __str__(self) -> str:
        return f"{self.line}:{self.col}"


NOSPAN = Span(0, 0, 0, 0)


@dataclass(frozen=True)
class Ident:
    text: str
    span: Span = field(default=NOSPAN, compare=False)


# ------------------------------------------------------------------ expressions and conditions
@dataclass(frozen=True)
class Int:
    value: int
    span: Span = field(default=NOSPAN, compare=False)
    written: str = field(default="", compare=False)   # `three` when written as a number word (fmt keeps it)


@dataclass(frozen=True)
class Str:
    value: str
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Name:
    """A bare word in an expression: a binding (`returned`) or a vocabulary constant (`none`)."""
    ident: Ident
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class It:
    """The candidate under test in a `where` condition or a `with most` filter."""
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Call:
    fn: Ident
    args: tuple["Arg", ...]
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class ValueSquare:
    """`[3]`: a card value, as printed in a square on the cards."""
    expr: "Expr"
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class BinOp:
    op: str  # + - * / //
    left: "Expr"
    right: "Expr"
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Neg:
    expr: "Expr"
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Compare:
    op: str  # == != < <= > >=
    left: "Expr"
    right: "Expr"
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Has:
    """`c has x`."""
    subject: "Expr"
    what: "Expr"
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Member:
    """`x in list` / `x not in list`."""
    item: "Expr"
    collection: "Expr"
    negated: bool
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Not:
    cond: "Expr"
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class BoolOp:
    op: str  # and / or
    parts: tuple["Expr", ...]
    span: Span = field(default=NOSPAN, compare=False)


Expr = Union[Int, Str, Name, It, Call, ValueSquare, BinOp, Neg, Compare, Has, Member, Not, BoolOp]


# ------------------------------------------------------------------ places and queries
@dataclass(frozen=True)
class Players:
    """`of p` (an expression) or `of any opponent` (a quantifier and a noun)."""
    quant: Optional[str]           # any / each / every / all, or None for an expression
    noun: Optional[Ident]
    expr: Optional["Expr"]
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Place:
    """A zone: `hand`, `my board`, `score of any opponent`."""
    owner: Optional[str]           # my / your
    zone: Ident
    players: Optional[Players]
    span: Span = field(default=NOSPAN, compare=False)
    prep: str = field(default="from", compare=False)   # from / in / on, as written (fmt keeps it)


@dataclass(frozen=True)
class Quant:
    kind: str                      # one the all each any_number up_to exactly all_but number range
    count: Optional["Expr"] = None
    extra: Optional["Expr"] = None  # the upper bound of "one or two"
    span: Span = field(default=NOSPAN, compare=False)
    written: str = field(default="", compare=False)   # `any`, `all the`... as written (fmt keeps it)


@dataclass(frozen=True)
class Filter:
    kind: str                      # with without most fewest other_than
    arg: "Expr"
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Query:
    """`a top card with x from zone where ...` (quantity, words, filters, source, where)."""
    quant: Quant
    words: tuple[Ident, ...]       # adjectives, then the noun (then adverbs, split by the checker)
    value: Optional["Expr"]        # `a [3]`: the value square instead of words
    filters: tuple[Filter, ...]
    source: Optional[Place]
    where: Optional["Expr"]
    adverbs: tuple[Ident, ...]
    span: Span = field(default=NOSPAN, compare=False)


Arg = Union[Expr, Query, Place]


# ------------------------------------------------------------------ statements
@dataclass(frozen=True)
class KwArg:
    prep: str                      # to into onto under for using by
    value: Arg
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Action:
    verbs: tuple[Ident, ...]       # "draw and score" -> (draw, score)
    obj: Optional[Arg]
    adverbs: tuple[Ident, ...]
    kwargs: tuple[KwArg, ...]
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Block:
    """The span starts on the line of the `:` that opens the block: a block is written on that
    line (`if x: draw 1`) when its first statement starts there too."""
    stmts: tuple["Stmt", ...]
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Do:
    """An action, optionally `may`, optionally bound (`as x`), optionally with an
    "if you do" block (`...:`) and its `else`."""
    action: Action
    may: bool
    bind: Optional[Ident]
    then: Optional[Block]
    orelse: Optional[Block]
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class RepeatEffect:
    word: Ident
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Stop:
    word: Optional[Ident]
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Let:
    name: Ident
    expr: Expr
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class If:
    branches: tuple[tuple[Expr, Block], ...]
    orelse: Optional[Block]
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class ForEach:
    var: Ident
    iterable: Expr
    body: Block
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class RepeatTimes:
    count: Expr
    body: Block
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Either:
    may: bool
    options: tuple[Block, ...]
    span: Span = field(default=NOSPAN, compare=False)


Stmt = Union[Do, RepeatEffect, Stop, Let, If, ForEach, RepeatTimes, Either]


# ------------------------------------------------------------------ cards
@dataclass(frozen=True)
class AttrValue:
    kind: str                      # name / int / string
    text: str
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Attr:
    name: Ident
    values: tuple[AttrValue, ...]
    span: Span = field(default=NOSPAN, compare=False)
    grid: bool = False             # written as a grid: `NAME:` then one quoted row a line


@dataclass(frozen=True)
class Trigger:
    mode: str                      # when / would / each
    action: Action
    would_mode: Optional[str]      # instead / first
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Section:
    kind: Ident                    # the effect kind (vocab.EffectKindSpec)
    trigger: Optional[Trigger]
    body: Block
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Condition:
    cond: Expr
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class ExItem:
    kind: str                      # name / int / string / capname
    text: str
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class ExLine:
    key: tuple[ExItem, ...]
    items: tuple[ExItem, ...]
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class ExPart:
    kind: str                      # given / do / expect
    lines: tuple[ExLine, ...]
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Example:
    name: str
    parts: tuple[ExPart, ...]
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Card:
    name: str
    attrs: tuple[Attr, ...]
    sections: tuple[Section, ...]
    conditions: tuple[Condition, ...]
    examples: tuple[Example, ...]
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True)
class Comment:
    """`# ...`, kept for the formatter: `own_line` when nothing but white space precedes it."""
    line: int
    col: int
    text: str                      # from the '#' to the end of the line, trailing space removed
    own_line: bool


@dataclass(frozen=True)
class File:
    path: str = field(compare=False)
    cards: tuple[Card, ...]
    # Layout, for the formatter only (no part of the meaning, so not compared):
    comments: tuple[Comment, ...] = field(default=(), compare=False)
    blank_lines: frozenset = field(default=frozenset(), compare=False)   # line numbers
