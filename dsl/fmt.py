"""The canonical formatter: AST -> card text.

`format_file(file)` renders a parsed card file (`dsl.ast.File`) in canonical form and
`format_text(text, path)` parses then formats. The result parses back to an equal AST
(`parse(format(x)) == parse(x)`, spans ignored), keeps every comment, and formatting is
idempotent. The shipped cards are in canonical form (`cardlang fmt --check cards/` in `make test`).

The formatter normalizes how a line is written and keeps how the author laid out the lines:

* kept: which attributes share a line; a block written on its header's line (`if x: draw 1`)
  or indented under it; statements sharing a line (`draw 1; score 2`); the order of a card's
  attributes, conditions, sections and examples; the words `any` (for `a`) and `all the`, and a
  count written as a word (`up to three`); every comment, beside or between the lines where it
  was (dsl/layout.py); a blank line (several in a row become one);
* normalized: indentation (4 spaces a level), the spaces between words and around operators,
  `a`/`an` by the next word, parentheses (the fewest that keep the tree: or < and < not <
  comparison/has/in < + - < * / // < unary minus < atoms), a string's escapes (backslash and
  double quote only), no blank line at the start or end of the file or right under a block's
  header; a blank line before each example and between cards; a comment on its own line is
  indented like the block it is in, one at the end of a line keeps its column when there is
  room and is otherwise two spaces after the code.

A tree built without positions (no layout to keep) gets the plain layout: a card's attributes
on one line, then conditions, sections and examples; each block indented; one statement a line
(except where a statement starting with a verb spelt like a block keyword, e.g. `if`, must
follow `;`).

`FormatError` is raised for a tree that no card text can produce (a string holding a control
character, a negative integer literal, a number word outside one..twelve, ...).
"""
from __future__ import annotations

import re
from typing import Optional

from . import ast as A
from .layout import INDENT, Line, render

__all__ = ["FormatError", "format_file", "format_text", "format_card", "format_expr",
           "format_query", "format_place", "format_action", "format_block"]


class FormatError(ValueError):
    """The tree cannot be written as card text."""


_NAME_RE = re.compile(r"[a-z_][a-z0-9_]*(-[a-z_][a-z0-9_]*)*\Z")
_CAPNAME_RE = re.compile(r"[A-Z][A-Za-z0-9_]*\Z")
_INT_RE = re.compile(r"[0-9]+\Z")

_NUMWORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()

# Statement-starting keywords that are plain words after `;` (where only a simple statement
# may follow) but keywords at the start of a line.
_LINE_KEYWORDS = {"if", "for", "either"}

# Precedence levels, loosest first.
OR, AND, NOT, CMP, SUM, PROD, UNARY, ATOM = range(1, 9)


# ------------------------------------------------------------------ lexical pieces
def _string(s: str) -> str:
    from .parse import UNPRINTABLE
    if UNPRINTABLE.search(s):
        raise FormatError(f"a quoted name is one printable line, not {s!r}")
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _int(n: int) -> str:
    if n < 0:
        raise FormatError(f"negative integer literal {n}: write it as Neg(Int({-n}))")
    return str(n)


def _word(ident: A.Ident) -> str:
    return ident.text


# ------------------------------------------------------------------ expressions
def _prec(e) -> int:
    if isinstance(e, A.BoolOp):
        return OR if e.op == "or" else AND
    if isinstance(e, A.Not):
        return NOT
    if isinstance(e, (A.Compare, A.Has, A.Member)):
        return CMP
    if isinstance(e, A.BinOp):
        return SUM if e.op in ("+", "-") else PROD
    if isinstance(e, A.Neg):
        return UNARY
    return ATOM


def format_expr(e, need: int = OR) -> str:
    """An expression or condition, parenthesized if it binds looser than `need`."""
    s = _expr(e)
    return f"({s})" if _prec(e) < need else s


def _expr(e) -> str:
    if isinstance(e, A.BoolOp):
        # parts bind tighter than the operator; a nested BoolOp of the same op keeps its
        # parentheses, since the parser flattens `a or b or c` into one BoolOp.
        sub = AND if e.op == "or" else NOT
        return f" {e.op} ".join(format_expr(p, sub) for p in e.parts)
    if isinstance(e, A.Not):
        return "not " + format_expr(e.cond, NOT)
    if isinstance(e, A.Compare):
        return f"{format_expr(e.left, SUM)} {e.op} {format_expr(e.right, SUM)}"
    if isinstance(e, A.Has):
        return f"{format_expr(e.subject, SUM)} has {format_expr(e.what, ATOM)}"
    if isinstance(e, A.Member):
        op = "not in" if e.negated else "in"
        return f"{format_expr(e.item, SUM)} {op} {format_expr(e.collection, SUM)}"
    if isinstance(e, A.BinOp):
        if e.op in ("+", "-"):
            return f"{format_expr(e.left, SUM)} {e.op} {format_expr(e.right, PROD)}"
        return f"{format_expr(e.left, PROD)} {e.op} {format_expr(e.right, UNARY)}"
    if isinstance(e, A.Neg):
        return "-" + format_expr(e.expr, UNARY)
    if isinstance(e, A.Int):
        return _int(e.value)
    if isinstance(e, A.Str):
        return _string(e.value)
    if isinstance(e, A.Name):
        return _word(e.ident)
    if isinstance(e, A.It):
        return "it"
    if isinstance(e, A.Call):
        return f"{_word(e.fn)}({', '.join(_arg(a) for a in e.args)})"
    if isinstance(e, A.ValueSquare):
        return f"[{format_expr(e.expr, SUM)}]"
    raise FormatError(f"not an expression: {e!r}")


def _arg(a) -> str:
    """A call argument or keyword-argument value: an expression, a query or a place."""
    if isinstance(a, A.Query):
        return format_query(a)
    if isinstance(a, A.Place):
        return format_place(a)
    return format_expr(a, SUM)


# ------------------------------------------------------------------ places and queries
def format_place(p: A.Place) -> str:
    parts = []
    if p.owner:
        parts.append(p.owner)
    parts.append(_word(p.zone))
    if p.players is not None:
        parts += ["of", _players(p.players)]
    return " ".join(parts)


def _players(pl: A.Players) -> str:
    if pl.quant is not None:
        return f"{pl.quant} {_word(pl.noun)}"
    return format_expr(pl.expr, ATOM)


def _count(e) -> str:
    if isinstance(e, A.Int):
        if e.written in _NUMWORDS[1:] and _NUMWORDS.index(e.written) == e.value:
            return e.written   # `up to three`, as written
        return _int(e.value)
    return f"({format_expr(e, SUM)})"


def _quant(q: A.Quant, first_word: Optional[str]) -> str:
    k = q.kind
    if k == "one":
        if q.written == "any":
            return "any"
        return "an" if first_word and first_word[0] in "aeiou" else "a"
    if k == "all":
        return "all the" if q.written == "all the" else "all"
    if k in ("the", "each"):
        return k
    if k == "any_number":
        return "any number of"
    if k == "up_to":
        return "up to " + _count(q.count)
    if k == "exactly":
        return "exactly " + _count(q.count)
    if k == "all_but":
        return "all but " + _count(q.count)
    if k == "number":
        if isinstance(q.count, A.Int) and 1 <= q.count.value <= 12:
            return _NUMWORDS[q.count.value]
        raise FormatError(f"a number quantity must be an Int from 1 to 12, not {q.count!r}")
    if k == "range":
        return _quant(A.Quant("number", q.count), None) + " or " + _quant(A.Quant("number", q.extra), None)
    raise FormatError(f"unknown quantity kind {k!r}")


_FILTER_WORDS = {"with": "with", "without": "without", "most": "with most",
                 "fewest": "with fewest", "other_than": "other than"}


def format_query(q: A.Query) -> str:
    first = q.words[0].text if q.words else None
    parts = [_quant(q.quant, first)]
    if q.value is not None:
        parts.append(f"[{format_expr(q.value, SUM)}]")
    else:
        parts += [_word(w) for w in q.words]
    for f in q.filters:
        parts += [_FILTER_WORDS[f.kind], format_expr(f.arg, ATOM)]
    if q.source is not None:
        parts += [q.source.prep, format_place(q.source)]
    if q.where is not None:
        parts += ["where", format_expr(q.where, OR)]
    parts += [_word(a) for a in q.adverbs]
    return " ".join(parts)


# ------------------------------------------------------------------ actions and statements
def format_action(a: A.Action) -> str:
    parts = [" and ".join(_word(v) for v in a.verbs)]
    if a.obj is not None:
        parts.append(_arg(a.obj))
    parts += [_word(x) for x in a.adverbs]
    for kw in a.kwargs:
        parts += [kw.prep, _arg(kw.value)]
    return " ".join(parts)


def _simple(s) -> Optional[str]:
    """The one-line text of a simple statement, or None for a compound one."""
    if isinstance(s, A.Do) and s.then is None:
        text = ("may " if s.may else "") + format_action(s.action)
        if s.bind is not None:
            text += " as " + _word(s.bind)
        return text
    if isinstance(s, A.RepeatEffect):
        return "repeat " + _word(s.word)
    if isinstance(s, A.Stop):
        return "stop" + (" " + _word(s.word) if s.word is not None else "")
    if isinstance(s, A.Let):
        return f"let {_word(s.name)} = {format_expr(s.expr, SUM)}"
    return None


def _line_safe(s) -> bool:
    """Can this simple statement start a line? A verb spelt `if`, `for` or `either` (or
    `may either`) lexes as a word only after `;`."""
    if isinstance(s, A.Do) and s.then is None:
        v = s.action.verbs[0].text if s.action.verbs else ""
        return v not in _LINE_KEYWORDS and not (s.may and v == "either")
    return True


class _Lines(list):
    """The formatted lines of a file (dsl.layout.Line), each with the source lines it came from."""

    def add(self, depth: int, text: str, node, header: bool = False, **kw) -> None:
        """A line for `node`: all of it, or only its first line when it is a `header` (a card,
        an example), whose span covers its body too."""
        span = node.span
        self.append(Line(depth, text, span.line, span.line if header else span.end_line, span.col, **kw))


def _inline(b: A.Block) -> bool:
    """Is the block written on its header's line? As in the source (the block's span starts on
    the line of its ':'); in a tree without positions, only when it must be."""
    if not b.stmts or any(_simple(s) is None for s in b.stmts):
        return False
    if not _line_safe(b.stmts[0]):
        return True
    return bool(b.span.line) and b.stmts[0].span.line == b.span.line


def _same_line(a, b) -> bool:
    return bool(a.span.end_line) and b.span.line == a.span.end_line


def _block(header: str, b: A.Block, depth: int, out: _Lines, at=None, col: bool = True) -> None:
    """`header:` then the block: on the same line, or indented one level deeper than `depth`.
    `at` is the node the header starts with (its source line); `col`: it starts the line too."""
    span = getattr(at, "span", A.NOSPAN) if at is not None else A.NOSPAN
    first = span.line or b.span.line
    if _inline(b):
        last = b.stmts[-1].span.end_line
        out.append(Line(depth, header + ": " + "; ".join(_simple(s) for s in b.stmts), first,
                        max(first, last), span.col if col else 0))
        return
    out.append(Line(depth, header + ":", first, max(first, b.span.line), span.col if col else 0, opens=True))
    format_block(b, depth + 1, out)


def format_block(b: A.Block, depth: int, out: _Lines) -> None:
    """Append the statements of a block at indentation `depth`: simple statements that shared a
    line in the source share it again, joined by '; '."""
    prev = None   # the previous statement, when it was a simple one
    for s in b.stmts:
        text = _simple(s)
        if text is None:
            prev = None
            _compound(s, depth, out)
            continue
        if prev is not None and (not _line_safe(s) or _same_line(prev, s)):
            out[-1].text += "; " + text
            out[-1].last = max(out[-1].last, s.span.end_line)
        else:
            out.add(depth, text, s)
        prev = s


def _compound(s, depth: int, out: _Lines) -> None:
    if isinstance(s, A.Do):
        head = ("may " if s.may else "") + format_action(s.action)
        if s.bind is not None:
            head += " as " + _word(s.bind)
        _block(head, s.then, depth, out, s)
        if s.orelse is not None:
            _block("else", s.orelse, depth, out)
    elif isinstance(s, A.If):
        for i, (cond, body) in enumerate(s.branches):
            _block(("if " if i == 0 else "elif ") + format_expr(cond, OR), body, depth, out,
                   s if i == 0 else cond, col=i == 0)
        if s.orelse is not None:
            _block("else", s.orelse, depth, out)
    elif isinstance(s, A.ForEach):
        _block(f"for each {_word(s.var)} in {_arg(s.iterable)}", s.body, depth, out, s)
    elif isinstance(s, A.RepeatTimes):
        _block(f"repeat {format_expr(s.count, SUM)} times", s.body, depth, out, s)
    elif isinstance(s, A.Either):
        for i, opt in enumerate(s.options):
            head = ("may either" if s.may else "either") if i == 0 else "or"
            _block(head, opt, depth, out, s if i == 0 else None)
    else:
        raise FormatError(f"not a statement: {s!r}")


# ------------------------------------------------------------------ cards
def _attr_value(v: A.AttrValue) -> str:
    if v.kind == "string":
        return _string(v.text)
    return v.text


def _trigger(t: A.Trigger) -> str:
    if t.mode == "would":
        return f"would {format_action(t.action)} {t.would_mode}"
    return f"{t.mode} {format_action(t.action)}"


def _ex_key(it: A.ExItem) -> str:
    pattern = {"name": _NAME_RE, "capname": _CAPNAME_RE, "int": _INT_RE}.get(it.kind)
    if pattern is None or not pattern.match(it.text):
        raise FormatError(f"example key word {it.text!r} is not a bare word or number")
    return it.text


def _bare_word(w: str) -> bool:
    return bool(_NAME_RE.match(w) or _CAPNAME_RE.match(w) or _INT_RE.match(w))


def _ex_item(it: A.ExItem) -> str:
    """An example item: bare if it lexes back as the same kind, else quoted."""
    if it.kind == "phrase":  # several words: `high draw`
        words = it.text.split(" ")
        if len(words) > 1 and all(_bare_word(w) for w in words):
            return it.text
        return _string(it.text)
    pattern = {"name": _NAME_RE, "capname": _CAPNAME_RE, "int": _INT_RE}.get(it.kind)
    if pattern is None or not pattern.match(it.text):
        return _string(it.text)
    return it.text


def _attr_lines(attrs) -> list[list[A.Attr]]:
    """The attributes grouped by the line they share (all on one line without positions)."""
    groups: list[list[A.Attr]] = []
    for a in attrs:
        if a.grid or (groups and groups[-1][-1].grid):
            groups.append([a])
        elif groups and (not a.span.line or a.span.line == groups[-1][-1].span.line):
            groups[-1].append(a)
        else:
            groups.append([a])
    return groups


def format_card(c: A.Card, out: _Lines, first: bool = True) -> None:
    """Append the lines of a card; a card after the first has a blank line before it."""
    out.add(0, f"card {_string(c.name)}", c, header=True, opens=True, blank=not first)
    items = ([(g[0].span, "attrs", g) for g in _attr_lines(c.attrs)]
             + [(x.span, "condition", x) for x in c.conditions]
             + [(x.span, "section", x) for x in c.sections]
             + [(x.span, "example", x) for x in c.examples])
    if all(span.line for span, _, _ in items):   # as written; a built tree keeps the plain order
        items.sort(key=lambda it: (it[0].line, it[0].col))
    for _, kind, x in items:
        if kind == "attrs" and x[0].grid:
            out.add(1, _word(x[0].name) + ":", x[0], header=True, opens=True)
            for row in x[0].values:
                out.add(2, _string(row.text), row)
        elif kind == "attrs":
            text = "; ".join(" ".join([_word(a.name)] + [_attr_value(v) for v in a.values]) for a in x)
            out.add(1, text, x[0])
        elif kind == "condition":   # (its span runs on over the newline after it: end at the condition's)
            out.append(Line(1, "condition: " + format_expr(x.cond, OR), x.span.line,
                            max(x.span.line, x.cond.span.end_line), x.span.col))
        elif kind == "section":
            head = _word(x.kind)
            if x.trigger is not None:
                head += " " + _trigger(x.trigger)
            _block(head, x.body, 1, out, x)
        else:
            _example(x, out)


def _example(ex: A.Example, out: _Lines) -> None:
    out.add(1, f"example {_string(ex.name)}:", ex, header=True, opens=True, blank=True)
    for part in ex.parts:
        out.add(2, part.kind + ":", part, header=True, opens=True)
        for line in part.lines:
            text = " ".join(_ex_key(k) for k in line.key) + ":"
            if line.items:
                text += " " + ", ".join(_ex_item(i) for i in line.items)
            out.add(3, text, line)


def format_file(file: A.File) -> str:
    """The canonical text of a parsed card file, with its comments."""
    out = _Lines()
    for i, c in enumerate(file.cards):
        format_card(c, out, first=i == 0)
    return render(out, file.comments, file.blank_lines)


def format_text(text: str, path: str = "<text>") -> str:
    """Parse card text (raising dsl.errors.CardlangError on a syntax error) and format it."""
    from .parse import parse_text
    return format_file(parse_text(text, path))
