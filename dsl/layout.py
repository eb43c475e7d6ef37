"""The formatter's last step: its code lines, and the comments and blank lines of the source, ->
text. The formatter (dsl/fmt.py) writes each line of code with the source lines it came from;
this puts every comment back beside or between those lines, keeps the author's blank lines
(one at most in a row) and adds the ones the canonical form asks for."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from . import ast as A

INDENT = "    "


@dataclass
class Line:
    """One line of formatted code."""
    depth: int
    text: str
    first: int = 0        # the source lines it was written on (0: unknown, e.g. a built tree)
    last: int = 0
    col: int = 0          # the source column of its first word (0: unknown)
    opens: bool = False   # it opens an indented block: no blank line directly under it
    blank: bool = False   # a blank line goes before it (and before the comments that head it)


def render(lines: list[Line], comments=(), blank_lines=frozenset()) -> str:
    """The text of `lines` with `comments` (dsl.ast.Comment) and the blank lines of the source."""
    # An end-of-line comment stays at the end of the code line written on its source line. A
    # comment on a line of its own goes on a line of its own before the next code line, and so
    # does one inside a code line spread over several source lines (a bracket left open), which
    # is written on one: then at that line's indentation. Comments keep their order.
    owner: dict[int, int] = {}
    for k, ln in enumerate(lines):
        if ln.first:
            for s in range(ln.first, max(ln.first, ln.last) + 1):
                owner.setdefault(s, k)
    trailing: dict[int, A.Comment] = {}
    loose: list[tuple[A.Comment, Optional[int]]] = []   # and the code line it is inside, if any
    for c in sorted(comments, key=lambda c: (c.line, c.col)):
        k = owner.get(c.line)
        if k is not None and not c.own_line and c.line == max(lines[k].first, lines[k].last):
            trailing[k] = c
        else:
            loose.append((c, k))

    out: list[Optional[str]] = []   # None: a blank line
    widths: dict[int, int] = {}     # depth -> indentation of the latest source line at that depth
    prev: Optional[Line] = None     # the previous code line
    last = 0                        # the last source line written so far
    opened = False                  # the last line written opens a block

    def gap(after: int, first: int) -> bool:
        """A blank source line between line `after` and line `first`?"""
        return any(i in blank_lines for i in range(after + 1, first))

    def depth_of(c: A.Comment, nxt: Optional[Line]) -> int:
        """The level of an own-line comment: of the levels between the previous code line and
        the next, the one whose source indentation is nearest to the comment's (ties: deeper)."""
        lo = nxt.depth if nxt is not None else 0
        hi = max(lo, prev.depth + prev.opens if prev is not None else lo)

        def width(d):
            if nxt is not None and d == nxt.depth and nxt.col:
                return nxt.col - 1
            return widths.get(d, len(INDENT) * d)
        return min(range(lo, hi + 1), key=lambda d: (abs(width(d) - (c.col - 1)), -d))

    def put(seq) -> None:
        """Write [depth, text, blank line before it?, opens a block?] items."""
        nonlocal opened
        for depth, text, blank, code in seq:
            if blank and out and out[-1] is not None and not opened:
                out.append(None)   # at most one in a row, none right under a block's header
            out.append(INDENT * depth + text)
            opened = code

    i = 0
    for k, ln in enumerate(lines):
        seq = []
        while i < len(loose) and loose[i][0].line <= max(ln.first, ln.last):
            c, inside = loose[i]
            if inside == k:   # within this line's source lines: no blank line, its indentation
                seq.append([ln.depth, c.text, False, False])
            else:
                seq.append([depth_of(c, ln), c.text, gap(last, c.line), False])
                last = max(last, c.line)
            i += 1
        code_blank = bool(ln.first) and gap(last, ln.first)
        text = ln.text
        if k in trailing:
            c, code = trailing[k], INDENT * ln.depth + ln.text
            text += " " * max(2, c.col - 1 - len(code)) + c.text   # an aligned comment keeps its column
        seq.append([ln.depth, text, code_blank, ln.opens])
        if ln.blank and not any(item[2] for item in seq):
            lead = len(seq) - 1     # the blank goes before the comments that head this line
            while lead > 0 and seq[lead - 1][0] <= ln.depth:
                lead -= 1
            seq[lead][2] = True
        put(seq)
        last = max(last, ln.first, ln.last)
        prev = ln
        if ln.col:
            widths[ln.depth] = ln.col - 1
    seq = []
    for c, _ in loose[i:]:
        seq.append([depth_of(c, None), c.text, gap(last, c.line), False])
        last = c.line
    put(seq)
    return "\n".join("" if x is None else x for x in out) + "\n"
