"""Card text -> AST. Lark LALR (strict) with an Indenter; syntax errors become located diagnostics,
and parsing carries on past a bad line so that one run reports every error in a file."""
from __future__ import annotations

import functools
import re
from pathlib import Path

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.indenter import DedentError, Indenter

from . import ast as A
from .errors import CardlangError, Diagnostic, Reporter, did_you_mean

GRAMMAR_PATH = Path(__file__).resolve().parent.parent / "grammar" / "cardlang.lark"
MAX_ERRORS = 20


class CardIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8


@functools.lru_cache(maxsize=1)
def parser() -> Lark:
    return Lark(GRAMMAR_PATH.read_text(), parser="lalr", postlex=CardIndenter(), strict=True,
                propagate_positions=True, maybe_placeholders=False, cache=True)


# ------------------------------------------------------------------ readable expectations
_TOKEN_WORDS = {
    "NAME": "a word", "CAPNAME": "a card name", "INT": "a number", "STRING": "a quoted name",
    "_NL": "end of line", "_INDENT": "an indented block", "_DEDENT": "end of block",
    "COLON": "':'", "SEMICOLON": "';'", "COMMA": "','", "LPAR": "'('", "RPAR": "')'",
    "LSQB": "'['", "RSQB": "']'", "EQUAL": "'='", "CMP": "a comparison", "ADDOP": "'+' or '-'",
    "MULOP": "'*', '/' or '//'", "MINUS": "'-'", "$END": "end of file",
}


def _describe(terminals) -> str:
    words = []
    for t in sorted(set(terminals)):
        if t in _TOKEN_WORDS:
            words.append(_TOKEN_WORDS[t])
        elif t.startswith("__") or t.startswith("_"):
            continue
        else:
            words.append(f"'{t.lower()}'")
    words = sorted(set(words))
    if len(words) > 8:
        words = words[:8] + ["..."]
    return ", ".join(words)


def _token_text(tok: Token) -> str:
    if tok.type == "_NL":
        return "end of line"
    if tok.type == "_INDENT":
        return "indentation"
    if tok.type == "_DEDENT":
        return "end of block"
    if tok.type == "$END":
        return "end of file"
    return f"'{tok}'"


_KEYWORD_HINTS = {
    "transfer": None,
}


def _syntax_diagnostic(rep: Reporter, err: UnexpectedInput) -> A.Span:
    line = getattr(err, "line", 1) or 1
    col = getattr(err, "column", 1) or 1
    if isinstance(err, UnexpectedCharacters):
        ch = rep.line_text(line)[col - 1] if rep.line_text(line) and col <= len(rep.line_text(line)) else "?"
        if ch == '"':
            rep.error(A.Span(line, col, line, col + 1), "unterminated string",
                      expected='a closing \'"\' on the same line')
        elif ch == "\t":
            rep.error(A.Span(line, col, line, col + 1), "tab inside a line",
                      expected="spaces")
        else:
            rep.error(A.Span(line, col, line, col + 1), f"unexpected character {ch!r}",
                      expected=_describe(err.allowed) if err.allowed else None)
        return A.Span(line, col, line, col + 1)
    tok = err.token
    expected = _describe(err.expected) if hasattr(err, "expected") else None
    if tok.type == "$END" or tok.line is None:
        n = len(rep.lines)
        line, col = max(1, n), 1
    else:
        line, col = tok.line, tok.column
    width = len(str(tok)) if tok.type not in ("_NL", "_INDENT", "_DEDENT", "$END") else 1
    span = A.Span(line, col, line, col + width)
    if tok.type == "_INDENT":
        rep.error(span, "unexpected indentation", expected=expected,
                  suggestion="indent only the body of a card, a section or a block ending with ':'")
    elif tok.type == "_NL" and "COLON" in err.expected:
        rep.error(A.Span(line, col, line, col + 1), "missing ':' at end of line",
                  expected=expected)
    else:
        suggestion = None
        if tok.type == "INT" and "NAME" in getattr(err, "expected", ()):
            suggestion = "write a count before a noun as a word: 'two cards', not '2 cards'"
        rep.error(span, f"unexpected {_token_text(tok)}", expected=expected, suggestion=suggestion)
    return span


def _precheck(rep: Reporter, text: str) -> bool:
    """Errors the grammar cannot word well: empty files and mixed tabs and spaces."""
    if not text.strip() or all(not l.strip() or l.lstrip().startswith("#") for l in text.split("\n")):
        rep.error(A.Span(1, 1, 1, 2), "empty file: no card in it",
                  expected='a card: card "Name" followed by an indented body')
        return False
    ok = True
    seen_tab = seen_space = None
    for i, line in enumerate(text.split("\n"), 1):
        indent = re.match(r"[ \t]*", line).group(0)
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if "\t" in indent and " " in indent:
            rep.error(A.Span(i, 1, i, len(indent) + 1), "tabs and spaces mixed in indentation",
                      expected="indentation made of spaces only")
            ok = False
        elif "\t" in indent:
            seen_tab = seen_tab or i
        elif indent:
            seen_space = seen_space or i
    if ok and seen_tab and seen_space:
        line = max(seen_tab, seen_space)
        rep.error(A.Span(line, 1, line, 2), "tabs and spaces mixed in indentation",
                  expected=f"the same indentation as line {min(seen_tab, seen_space)}",
                  suggestion="indent with spaces only")
        ok = False
    return ok


def parse_text(text: str, path: str = "<text>") -> A.File:
    """Parse one card file; raise CardlangError listing every syntax error."""
    rep = Reporter(path, text)
    if not _precheck(rep, text):
        rep.raise_if_any()
    lines = text.split("\n")
    tree = None
    for _ in range(MAX_ERRORS):
        try:
            tree = parser().parse("\n".join(lines) + "\n")
            break
        except DedentError as err:
            m = re.search(r"column (\d+)", str(err))
            bad = _dedent_line(lines)
            rep.error(A.Span(bad, 1, bad, 2), "indentation does not match any outer block",
                      expected="the indentation of an enclosing line",
                      suggestion=f"dedent to column {int(m.group(1)) + 1}" if m else None)
            tree = None
            if not _blank(lines, bad):
                break
        except UnexpectedInput as err:
            span = _syntax_diagnostic(rep, err)
            tree = None
            if not _blank(lines, span.line):
                break
        except LarkError as err:  # anything else from Lark still becomes a located error
            rep.error(A.Span(1, 1, 1, 2), f"cannot parse: {err}")
            break
    rep.raise_if_any()
    try:
        cards = ToAst().transform(tree)
    except _AstError as err:
        rep.error(err.span, err.message, expected=err.expected)
        rep.raise_if_any()
    return A.File(path, tuple(cards))


def _dedent_line(lines: list[str]) -> int:
    """The first line whose indentation matches no open block (for DedentError)."""
    stack = [0]
    for i, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        width = len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip())
        if width > stack[-1]:
            stack.append(width)
        else:
            while width < stack[-1]:
                stack.pop()
            if width != stack[-1]:
                return i
    return len(lines)


def _blank(lines: list[str], line: int) -> bool:
    """Turn a bad line into a comment so parsing can resume after it; False if nothing changed."""
    if not (0 < line <= len(lines)) or lines[line - 1].lstrip().startswith("#") or not lines[line - 1].strip():
        return False
    indent = re.match(r"[ \t]*", lines[line - 1]).group(0)
    lines[line - 1] = indent + "#"
    return True


def parse_file(path: str | Path) -> A.File:
    p = Path(path)
    data = p.read_bytes()
    return parse_text(decode(data, str(path)), str(path))


def decode(data: bytes, path: str) -> str:
    """Bytes -> text, or a located error for binary or non-UTF-8 input."""
    if b"\x00" in data:
        before = data[: data.index(b"\x00")]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        raise CardlangError([Diagnostic(path, line, col, "binary data (a NUL byte) in a card file",
                                        expected="UTF-8 text")])
    try:
        return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as err:
        before = data[: err.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        raise CardlangError([Diagnostic(path, line, col, f"invalid UTF-8 byte 0x{data[err.start]:02x}",
                                        expected="UTF-8 text")]) from None


# ------------------------------------------------------------------ parse tree -> AST
class _AstError(Exception):
    def __init__(self, span, message, expected=None):
        self.span, self.message, self.expected = span, message, expected


def _span(x) -> A.Span:
    if isinstance(x, Token):
        return A.Span(x.line, x.column, x.end_line or x.line, x.end_column or x.column + len(x))
    meta = x.meta if isinstance(x, Tree) else x
    if getattr(meta, "empty", True):
        return A.NOSPAN
    return A.Span(meta.line, meta.column, meta.end_line, meta.end_column)


def _ident(tok: Token) -> A.Ident:
    return A.Ident(str(tok), _span(tok))


def _unquote(s: str) -> str:
    return re.sub(r"\\(.)", r"\1", s[1:-1])


_NUMWORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}


@v_args(meta=True)
class ToAst(Transformer):
    """One method per grammar rule; each returns an AST node with its span."""

    def start(self, meta, items):
        return [i for i in items if isinstance(i, A.Card)]

    # ---- cards
    def card(self, meta, items):
        name = _unquote(str(items[0]))
        attrs, sections, conds, examples = [], [], [], []
        for it in items[1:]:
            if isinstance(it, list):
                attrs.extend(it)
            elif isinstance(it, A.Section):
                sections.append(it)
            elif isinstance(it, A.Condition):
                conds.append(it)
            elif isinstance(it, A.Example):
                examples.append(it)
        return A.Card(name, tuple(attrs), tuple(sections), tuple(conds), tuple(examples), _span(meta))

    def attrs(self, meta, items):
        return list(items)

    def attr(self, meta, items):
        vals = []
        for t in items[1:]:
            kind = {"NAME": "name", "INT": "int", "STRING": "string"}[t.type]
            vals.append(A.AttrValue(kind, _unquote(t) if kind == "string" else str(t), _span(t)))
        return A.Attr(_ident(items[0]), tuple(vals), _span(meta))

    def condition(self, meta, items):
        return A.Condition(items[0], _span(meta))

    def section(self, meta, items):
        trigger = items[1] if len(items) == 3 else None
        return A.Section(_ident(items[0]), trigger, items[-1], _span(meta))

    def when_trigger(self, meta, items):
        return A.Trigger("when", items[0], None, _span(meta))

    def would_trigger(self, meta, items):
        return A.Trigger("would", items[0], str(items[1]), _span(meta))

    def each_trigger(self, meta, items):
        return A.Trigger("each", items[0], None, _span(meta))

    def would_mode(self, meta, items):
        return str(items[0])

    # ---- blocks and statements
    def block(self, meta, items):
        stmts = []
        for it in items:
            stmts.extend(it if isinstance(it, list) else [it])
        return A.Block(tuple(stmts), _span(meta))

    def simple_stmts(self, meta, items):
        return list(items)

    def binding(self, meta, items):
        return _ident(items[0])

    def action_stmt(self, meta, items):
        return A.Do(items[0], False, items[1] if len(items) > 1 else None, None, None, _span(meta))

    def may_stmt(self, meta, items):
        return A.Do(items[0], True, items[1] if len(items) > 1 else None, None, None, _span(meta))

    def _then(self, meta, items, may):
        action, rest = items[0], items[1:]
        bind = rest.pop(0) if rest and isinstance(rest[0], A.Ident) else None
        then = rest.pop(0)
        orelse = rest.pop(0) if rest else None
        return A.Do(action, may, bind, then, orelse, _span(meta))

    def then_stmt(self, meta, items):
        return self._then(meta, list(items), False)

    def may_then(self, meta, items):
        return self._then(meta, list(items), True)

    def else_clause(self, meta, items):
        return items[0]

    def elif_clause(self, meta, items):
        return (items[0], items[1])

    def if_stmt(self, meta, items):
        branches = [(items[0], items[1])]
        orelse = None
        for it in items[2:]:
            if isinstance(it, tuple):
                branches.append(it)
            else:
                orelse = it
        return A.If(tuple(branches), orelse, _span(meta))

    def for_stmt(self, meta, items):
        return A.ForEach(_ident(items[0]), items[1], items[2], _span(meta))

    def repeat_stmt(self, meta, items):
        return A.RepeatTimes(items[0], items[1], _span(meta))

    def repeat_effect(self, meta, items):
        return A.RepeatEffect(_ident(items[0]), _span(meta))

    def stop(self, meta, items):
        return A.Stop(_ident(items[0]) if items else None, _span(meta))

    def let(self, meta, items):
        return A.Let(_ident(items[0]), items[1], _span(meta))

    def choose_stmt(self, meta, items):
        return A.Either(False, tuple(items), _span(meta))

    def may_choose(self, meta, items):
        return A.Either(True, tuple(items), _span(meta))

    # ---- actions
    def action(self, meta, items):
        verbs = items[0]
        obj, adverbs, kwargs = None, [], []
        for it in items[1:]:
            if isinstance(it, A.KwArg):
                kwargs.append(it)
            elif isinstance(it, _Adverb):
                adverbs.append(it.ident)
            else:
                obj = it
        return A.Action(tuple(verbs), obj, tuple(adverbs), tuple(kwargs), _span(meta))

    def verbs(self, meta, items):
        return [_ident(t) for t in items]

    def adverb(self, meta, items):
        return _Adverb(_ident(items[0]))

    def kwarg(self, meta, items):
        return A.KwArg(items[0], items[1], _span(meta))

    def prep(self, meta, items):
        return str(items[0])

    # ---- queries
    def query(self, meta, items):
        quant, head = items[0], items[1]
        filters, source, where, adverbs = [], None, None, []
        for it in items[2:]:
            if isinstance(it, A.Filter):
                filters.append(it)
            elif isinstance(it, A.Place):
                source = it
            elif isinstance(it, _Where):
                where = it.cond
            elif isinstance(it, _Adverb):
                adverbs.append(it.ident)
        words, value = head
        return A.Query(quant, words, value, tuple(filters), source, where, tuple(adverbs), _span(meta))

    def qhead(self, meta, items):
        if isinstance(items[0], A.ValueSquare):
            return ((), items[0].expr)
        return (items[0], None)

    def words(self, meta, items):
        return tuple(_ident(t) for t in items)

    def _q(kind):
        def make(self, meta, items):
            count = items[-1] if items and not isinstance(items[-1], Token) else None
            if kind == "number":
                count = items[0]
            return A.Quant(kind, count, _span(meta))
        return make

    q_one = _q("one")
    q_the = _q("the")
    q_all = _q("all")
    q_each = _q("each")
    q_any_number = _q("any_number")
    q_up_to = _q("up_to")
    q_exactly = _q("exactly")
    q_all_but = _q("all_but")
    q_number = _q("number")

    def numword(self, meta, items):
        return A.Int(_NUMWORDS[str(items[0])], _span(meta))

    def _f(kind):
        def make(self, meta, items):
            return A.Filter(kind, items[-1], _span(meta))
        return make

    f_with = _f("with")
    f_without = _f("without")
    f_most = _f("most")
    f_fewest = _f("fewest")
    f_other_than = _f("other_than")

    def where(self, meta, items):
        return _Where(items[0])

    def source(self, meta, items):
        return items[1]

    def srcprep(self, meta, items):
        return str(items[0])

    def zone(self, meta, items):
        return A.Place(None, _ident(items[0]), None, _span(meta))

    def place(self, meta, items):
        owner = None
        rest = list(items)
        if isinstance(rest[0], str) and not isinstance(rest[0], Token):
            owner = rest.pop(0)
        zone = _ident(rest.pop(0))
        players = rest.pop(0) if rest else None
        return A.Place(owner, zone, players, _span(meta))

    def owner(self, meta, items):
        return str(items[0])

    def players(self, meta, items):
        if len(items) == 2:
            return A.Players(items[0], _ident(items[1]), None, _span(meta))
        return A.Players(None, None, items[0], _span(meta))

    def playersq(self, meta, items):
        return str(items[0])

    # ---- expressions
    def int(self, meta, items):
        return A.Int(int(items[0]), _span(meta))

    def string(self, meta, items):
        return A.Str(_unquote(str(items[0])), _span(meta))

    def name(self, meta, items):
        return A.Name(_ident(items[0]), _span(meta))

    def it(self, meta, items):
        return A.It(_span(meta))

    def call(self, meta, items):
        return A.Call(_ident(items[0]), tuple(items[1:]), _span(meta))

    def value_square(self, meta, items):
        return A.ValueSquare(items[0], _span(meta))

    def neg(self, meta, items):
        return A.Neg(items[0], _span(meta))

    def _fold(self, meta, items):
        left = items[0]
        for i in range(1, len(items), 2):
            left = A.BinOp(str(items[i]), left, items[i + 1], _span(meta))
        return left

    sum = _fold
    product = _fold

    def compare(self, meta, items):
        return A.Compare(str(items[1]), items[0], items[2], _span(meta))

    def has(self, meta, items):
        return A.Has(items[0], items[1], _span(meta))

    def member(self, meta, items):
        return A.Member(items[0], items[1], False, _span(meta))

    def not_member(self, meta, items):
        return A.Member(items[0], items[1], True, _span(meta))

    def not_(self, meta, items):
        return A.Not(items[0], _span(meta))

    def or_cond(self, meta, items):
        return A.BoolOp("or", tuple(items), _span(meta))

    def and_cond(self, meta, items):
        return A.BoolOp("and", tuple(items), _span(meta))

    # ---- examples
    def example(self, meta, items):
        return A.Example(_unquote(str(items[0])), tuple(items[1:]), _span(meta))

    def ex_part(self, meta, items):
        return A.ExPart(items[0], tuple(items[1:]), _span(meta))

    def ex_kind(self, meta, items):
        return str(items[0])

    def ex_line(self, meta, items):
        return A.ExLine(items[0], items[1] if len(items) > 1 else (), _span(meta))

    def ex_key(self, meta, items):
        return tuple(_ex_item(t) for t in items)

    def ex_items(self, meta, items):
        return tuple(_ex_item(t) for t in items)


def _ex_item(tok: Token) -> A.ExItem:
    kind = {"NAME": "name", "INT": "int", "STRING": "string", "CAPNAME": "capname"}[tok.type]
    return A.ExItem(kind, _unquote(tok) if kind == "string" else str(tok), _span(tok))


class _Adverb:
    def __init__(self, ident):
        self.ident = ident


class _Where:
    def __init__(self, cond):
        self.cond = cond
