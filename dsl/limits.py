"""The front end's limits on card text (docs/language.md, "Limits").

The checker, the renderer, the interpreter and the compiler walk a card's tree recursively, so a
card may nest only so deep; the parser reports deeper input as "nested too deeply" instead of
letting any of them overflow Python's stack. Real cards nest about 12 deep.
"""
from __future__ import annotations

import dataclasses

from . import ast as A
from .errors import Diagnostic

# Levels of a card's tree: each block, statement, action, query, operator, call and value square
# inside another is one level (grouping parentheses are not); `1 + 1 + ... + 1` is one level per
# `+`. Every consumer of the tree is tested at this depth (tests/test_bad_input.py).
MAX_NESTING = 100

# The largest integer literal: far above any count or value of a card game, far below sizes that
# make arithmetic slow.
MAX_INT = 1_000_000

# The largest card file: a card file is a few kilobytes; this keeps a stray file from taking
# minutes to parse.
MAX_FILE_BYTES = 1 << 20

# The fields of each node class that hold nodes (spans, words and layout are leaves).
_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in dataclasses.fields(cls) if f.name != "span")
    for cls in vars(A).values()
    if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls not in (A.Span, A.Ident, A.Comment, A.File)
}


def deepest(cards) -> A.Span | None:
    """Where the first node (depth first) deeper than MAX_NESTING in a list of cards is, or None.
    Iterative: it must not overflow on the trees it is there to reject. Examples and attributes
    are flat, so only effects and conditions are walked."""
    stack = [(part, 2, card.span) for card in reversed(cards)
             for part in (card.conditions, card.sections)]
    while stack:
        node, depth, where = stack.pop()
        if type(node) is tuple:
            stack.extend((x, depth, where) for x in reversed(node))
            continue
        names = _FIELDS.get(type(node))
        if names is None:   # a word, a number, None
            continue
        span = node.span
        where = span if span.line else where   # a node without a place is shown at its parent's
        if depth > MAX_NESTING:
            return where if where.line else A.Span(1, 1, 1, 2)
        stack.extend((getattr(node, f), depth + 1, where) for f in reversed(names))
    return None


def nesting_error(rep, span: A.Span) -> Diagnostic:
    """The diagnostic for a place found by `deepest`."""
    end = span.end_col if span.end_line == span.line else None
    return Diagnostic(rep.path, span.line, span.col, f"nested too deeply: more than {MAX_NESTING} levels",
                      end_col=end, expected=f"at most {MAX_NESTING} levels of blocks and expressions",
                      suggestion="name a part with 'let', or split the effect into simpler steps",
                      source_line=rep.line_text(span.line))
