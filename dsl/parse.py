"""Card text -> AST. Lark LALR (strict) with an Indenter; syntax errors become located diagnostics,
and parsing carries on past a bad line so that one run reports every error in a file."""
from __future__ import annotations

import functools
import re
import threading
from pathlib import Path

from lark import Lark, Token, Transformer_NonRecursive, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.indenter import DedentError, Indenter

from . import ast as A
from .errors import CardlangError, Diagnostic, Reporter, did_you_mean
from .limits import MAX_INT, deepest, nesting_error

GRAMMAR_PATH = Path(__file__).resolve().parent.parent / "grammar" / "cardlang.lark"
MAX_ERRORS = 20


class CardIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8


class _Seen(threading.local):
    """The newline tokens holding a comment, seen by the lexer during the current parse."""
    def __init__(self):
        self.tokens: list[Token] = []


_SEEN = _Seen()


def _note_comment(tok: Token) -> Token:
    # A comment is lexed inside the newline token (_NL), so that the grammar never sees it;
    # the formatter gets it back from here.
    if "#" in tok:
        _SEEN.tokens.append(tok)
    return tok


@functools.lru_cache(maxsize=1)
def parser() -> Lark:
    return Lark(GRAMMAR_PATH.read_text(), parser="lalr", postlex=CardIndenter(), strict=True,
                propagate_positions=True, maybe_placeholders=False, cache=True,
                lexer_callbacks={"_NL": _note_comment})


def _comments(tokens: list[Token], lines: list[str]) -> tuple[A.Comment, ...]:
    """The comments inside newline tokens, located. A newline token is white space and comments:
    each of its lines holds at most one comment, from its first '#'."""
    found = {}
    for tok in tokens:
        line, col = tok.line, tok.column
        for i, seg in enumerate(str(tok).split("\n")):
            if i:
                line, col = line + 1, 1
            at = seg.find("#")
            if at >= 0 and 0 < line <= len(lines):
                c = col + at
                own = not lines[line - 1][: c - 1].strip()
                found[(line, c)] = A.Comment(line, c, seg[at:].rstrip(), own)
    return tuple(found[k] for k in sorted(found))


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


def _precheck(rep: Reporter, text: str) -> bool:
    """Errors the grammar cannot word well: empty files and mixed tabs and spaces."""
    if not text.strip():
        rep.diagnostics.append(Diagnostic(rep.path, 1, 1, "empty file: no card in it",
                                          expected='a card: card "Name" followed by an indented body'))
        return False
    if not any(_content(l) for l in text.split("\n")):
        first = next(i for i, l in enumerate(text.split("\n"), 1) if l.strip())
        rep.error(A.Span(first, 1, first, 2), "no card in this file, only comments",
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
        width = len(_indent(text.split("\n")[line - 1]))
        rep.error(A.Span(line, 1, line, width + 1), "tabs and spaces mixed in indentation",
                  expected=f"{'spaces' if seen_space < seen_tab else 'tabs'}, like line {min(seen_tab, seen_space)}",
                  suggestion="indent with spaces only")
        ok = False
    return ok


def _content(line: str) -> bool:
    """A line the Indenter sees: not blank and not only a comment."""
    s = line.strip(" \t\r")
    return bool(s) and not s.startswith("#")


def _code(line: str) -> str:
    """A line without its comment and trailing white space."""
    m = re.match(r'([^"#]|"([^"\\\n]|\\.)*")*', line)
    return line[: m.end()].rstrip()


def _indent(line: str) -> str:
    return re.match(r"[ \t]*", line).group(0)


def _prev_content(lines: list[str], line: int) -> int:
    """The last content line before `line` (1-based), or 0."""
    i = line - 1
    while i >= 1 and not _content(lines[i - 1]):
        i -= 1
    return i


def _next_content(lines: list[str], line: int) -> int:
    """The first content line after `line` (1-based), or 0."""
    i = line + 1
    while i <= len(lines) and not _content(lines[i - 1]):
        i += 1
    return i if i <= len(lines) else 0


def _opens_block(lines: list[str], line: int) -> bool:
    """Is the next content line indented deeper than `line`?"""
    nxt = _next_content(lines, line)
    return bool(nxt) and len(_indent(lines[nxt - 1])) > len(_indent(lines[line - 1]))


def _open_bracket(lines: list[str], upto_line: int, upto_col: int):
    """The innermost '(' or '[' still open at (upto_line, upto_col), as (line, col, char), or None.
    Strings and comments are skipped."""
    stack = []
    for i, text in enumerate(lines[:upto_line], 1):
        j, n = 0, len(text)
        while j < n:
            if i == upto_line and j + 1 >= upto_col:
                return stack[-1] if stack else None
            c = text[j]
            if c == "#":
                break
            if c == '"':
                m = re.compile(r'"([^"\\\n]|\\.)*"').match(text, j)
                j = m.end() if m else n
                continue
            if c in "([":
                stack.append((i, j + 1, c))
            elif c in ")]" and stack:
                stack.pop()
            j += 1
    return stack[-1] if stack else None


def _levels(lines: list[str], line: int) -> list[int]:
    """The indentation widths of the blocks open just before `line` (as the Indenter sees them),
    and the first line (or 0) whose indentation matches none of them."""
    stack = [0]
    for i, text in enumerate(lines[: line - 1], 1):
        if _content(text):
            width = len(_indent(text))
            if width > stack[-1]:
                stack.append(width)
            else:
                while width < stack[-1]:
                    stack.pop()
                if width != stack[-1]:
                    stack.append(width)
    return stack


def _bad_dedent(lines: list[str]) -> int:
    """The first line whose indentation matches no open block, or 0."""
    stack = [0]
    for i, text in enumerate(lines, 1):
        if _content(text):
            width = len(_indent(text))
            if width > stack[-1]:
                stack.append(width)
                continue
            while width < stack[-1]:
                stack.pop()
            if width != stack[-1]:
                return i
    return 0


def _reindented(lines: list[str], line: int, chars: int) -> tuple[list[str], list[int]]:
    """Remove `chars` indentation characters (add them if `chars` < 0) from `line` and from the
    following lines indented exactly like it, up to a line indented less (deeper lines in between
    keep theirs: they are the blocks of the moved lines); the new lines and the lines changed."""
    out = list(lines)
    width = len(_indent(lines[line - 1]))
    pad = (lines[line - 1][:1] or " ") * max(0, -chars)
    changed = []
    for i in range(line, len(lines) + 1):
        text = lines[i - 1]
        if _content(text):
            w = len(_indent(text))
            if w < width:
                break
            if w == width:
                out[i - 1] = pad + text[max(0, chars):]
                changed.append(i)
    return out, changed


def _first_word(tok: Token) -> Token:
    """A whole example line lexed where it does not belong is reported by its first word."""
    if tok.type != "EX_LINE":
        return tok
    word = re.match(r'"([^"\\\n]|\\.)*"|[^\s,:]+', str(tok)).group(0)
    kind = next((k for k, p in (("NAME", _EX_WORDS[0][1]), ("CAPNAME", _EX_WORDS[1][1]),
                                 ("INT", _EX_WORDS[2][1])) if p.fullmatch(word)), None)
    if kind is None and not word.startswith('"'):
        kind, word = "CHAR", word[0]  # a character no token starts with
    kind = kind or "STRING"
    return Token(kind, word, tok.start_pos, tok.line, tok.column, tok.line,
                 tok.column + len(word), (tok.start_pos or 0) + len(word))


def _progress(lines: list[str]) -> tuple[int, int]:
    """How far the text parses: (line, column) of the first error (big numbers if none)."""
    try:
        parser().parse("\n".join(lines) + "\n")
        return (1 << 30, 0)
    except DedentError:
        return (_bad_dedent(lines), 0)
    except UnexpectedInput as err:
        tok = getattr(err, "token", None)
        if tok is not None and tok.type == "$END":
            return (1 << 29, 0)
        if tok is not None and tok.type == "_INDENT":
            return (tok.end_line or 0, 0)
        return (getattr(err, "line", 0) or 0, getattr(err, "column", 0) or 0)
    except LarkError:
        return (0, 0)


def _best_width(lines: list[str], line: int, widths, near: int) -> int:
    """Of the indentation widths a wrongly indented line could have, the one with which the text
    parses furthest (ties: the one nearest to `near`)."""
    width = len(_indent(lines[line - 1]))
    scored = []
    for w in sorted(set(widths)):
        if w == width or (w == 0 and not lines[line - 1].lstrip().startswith("card")):
            continue
        line_, col_ = _progress(_reindented(lines, line, width - w)[0])
        scored.append((-line_, -col_, abs(w - near), w))
    return min(scored)[-1] if scored else near


def _parses_past(lines: list[str], line: int) -> bool:
    """Does the text parse with no error up to and including `line`?"""
    try:
        parser().parse("\n".join(lines) + "\n")
        return True
    except UnexpectedInput as err:
        return (getattr(err, "line", 0) or 0) > line
    except LarkError:
        return False


class _Recovery:
    """Error recovery: rewrites the lines the parser sees (the messages keep showing the original
    lines) so that parsing can go on after a bad line, without follow-on errors."""

    def __init__(self, rep: Reporter, text: str):
        self.rep = rep
        self.lines = text.split("\n")
        self.fixed: set[int] = set()      # lines rewritten into placeholders: later errors there are ours
        self.shift: dict[int, int] = {}   # characters removed from the start of a line (re-indented)
        self.indented: set[int] = set()   # lines with an indentation error reported (one is enough)

    def col(self, line: int, col: int) -> int:
        """A column of the rewritten text -> the column in the original line."""
        return col + self.shift.get(line, 0)

    def error(self, line, col, end, message, expected=None, suggestion=None):
        c = self.col(line, col)
        self.rep.error(A.Span(line, c, line, c + max(1, end - col)), message, expected, suggestion)

    # ---- the kinds of repair
    def reindent(self, line: int, chars: int) -> None:
        """Re-indent a wrongly indented run of lines (see _reindented)."""
        self.lines[:], changed = _reindented(self.lines, line, chars)
        for i in changed:
            self.shift[i] = self.shift.get(i, 0) + chars

    def replace(self, line: int) -> bool:
        """Replace a bad line by a placeholder that keeps the block structure: `_:` (a header: a
        section or an action with a block), `_ _` (an attribute or an action) or a comment, or
        `card "_"` at column 1.
        A second error on a placeholder, or a bad line at column 1, blanks it and its body."""
        if not (0 < line <= len(self.lines)) or not _content(self.lines[line - 1]):
            return False
        text = self.lines[line - 1]
        ind = _indent(text)
        header = _opens_block(self.lines, line)
        if line in self.fixed or (not ind and not header):
            self.lines[line - 1] = ind + "#"
            # the block around it may now be empty: that is no error of the author's
            up = _prev_content(self.lines, line)
            while up and len(_indent(self.lines[up - 1])) >= len(ind):
                up = _prev_content(self.lines, up)
            if up and ind:
                self.fixed.add(up)
            if header:
                i = _next_content(self.lines, line)
                while i and len(_indent(self.lines[i - 1])) > len(ind):
                    self.lines[i - 1] = _indent(self.lines[i - 1]) + "#"
                    self.fixed.add(i)
                    i = _next_content(self.lines, i)
            return True
        self.fixed.add(line)
        # the placeholder with which the rest parses furthest (ties: the likeliest one)
        options = ['card "_"'] if not ind else (["_:", "given:", "_ _", "#"] if header else ["_ _", "_:", "#"])
        best, best_progress = options[0], (-1, 0)
        for opt in options:
            trial = list(self.lines)
            trial[line - 1] = ind + opt
            progress = _progress(trial) if len(options) > 1 else (0, 0)
            if progress > best_progress:
                best, best_progress = opt, progress
        self.lines[line - 1] = ind + best
        return True

    # ---- the errors
    def dedent(self) -> bool:
        """DedentError: a line dedented to a column that no open block has."""
        stack = [0]
        for i, text in enumerate(self.lines, 1):
            if not _content(text):
                continue
            width = len(_indent(text))
            if width > stack[-1]:
                stack.append(width)
                continue
            levels = [w + 1 for w in stack if w > 0]
            widths = list(stack)
            inner = stack[-1]
            while width < stack[-1]:
                inner = stack.pop()
            if width == stack[-1]:
                continue
            cols = levels
            if i not in self.fixed and i not in self.indented:
                self.indented.add(i)
                want = " or ".join(", ".join(map(str, cols)).rsplit(", ", 1)) if cols else "1"
                self.error(i, width + 1, width + 2, "indentation does not match any outer block",
                           expected=f"column {want}, the indentation of an enclosing line")
            # move the line (and the lines after it like it) to the level that fits best: an
            # open block's, or one deeper (the body of the line before)
            deeper = widths[-1] + (1 if text[:1] == "\t" else 4)
            self.reindent(i, width - _best_width(self.lines, i, widths + [deeper], inner))
            return True
        self.rep.error(A.Span(1, 1, 1, 2), "indentation does not match any outer block")
        return False

    def syntax(self, err: UnexpectedInput) -> bool:
        rep, lines = self.rep, self.lines
        if isinstance(err, UnexpectedCharacters):
            line = getattr(err, "line", 1) or 1
            col = getattr(err, "column", 1) or 1
            text = lines[line - 1] if 0 < line <= len(lines) else ""
            ch = text[col - 1] if 0 < col <= len(text) else "?"
            if line not in self.fixed:
                if ch == '"':
                    self.error(line, col, len(text) + 1, "unterminated string",
                               expected='a closing \'"\' on the same line')
                else:
                    self.error(line, col, col + 1, f"unexpected character {ch!r}",
                               expected=_describe(err.allowed) if err.allowed else None)
            return self.replace(line)
        tok = _first_word(err.token)
        exp = set(getattr(err, "expected", ()) or ())
        if {"NAME", "STRING"} <= exp and "INT" not in exp:
            # the first line under `NAME:` is a block's statement or a grid attribute's row:
            # the message describes the block (a grid's rows are in language.md)
            exp.discard("STRING")
        if tok.type == "CHAR":
            if tok.line not in self.fixed:
                self.error(tok.line, tok.column, tok.column + 1, f"unexpected character {str(tok)!r}",
                           expected=_describe(exp) if exp else None)
            return self.replace(tok.line)
        if tok.type == "_INDENT":
            return self.unexpected_indent(tok, exp)
        if tok.type == "$END" or not tok.line or tok.line < 1:
            line = _prev_content(lines, len(lines) + 1) or 1
            col = len(lines[line - 1].rstrip()) + 1
        elif tok.type in ("_NL", "_DEDENT"):
            line, col = tok.line, tok.column
        else:
            line, col = tok.line, tok.column
        # a bracket left open on an earlier line: the newlines after it were swallowed
        ob = _open_bracket(lines, line, col)
        if ob and (ob[0] < line or tok.type in ("_DEDENT", "$END")):
            bl, bc, ch = ob
            if bl not in self.fixed:
                self.error(bl, bc, bc + 1, f"'{ch}' is never closed",
                           expected=f"'{')' if ch == '(' else ']'}' on the same line")
            return self.replace(bl)
        # a line ending with ':' and nothing indented under it
        first = tok.type in ("_DEDENT", "$END") or (
            0 < line <= len(lines) and tok.column == len(_indent(lines[line - 1])) + 1)
        head = line if tok.type in ("_NL", "_DEDENT", "$END") else _prev_content(lines, line)
        if head and (exp == {"_INDENT"} or first and _code(lines[head - 1]).endswith(":")) \
                and not _opens_block(lines, head):
            end = len(_code(lines[head - 1]))
            if head not in self.fixed:
                self.error(head, max(1, end), max(1, end) + 1,
                           "empty block: nothing is indented under this line",
                           expected="one or more lines indented under it")
            return self.replace(head)
        if "CARD" in exp and exp <= {"CARD", "$END", "_NL"} and tok.type not in ("_DEDENT", "$END"):
            return self.outside_card(tok, line, col)
        if line in self.fixed:
            return self.replace(line)
        if tok.type == "_NL" and "COLON" in exp and _opens_block(lines, line):
            self.error(line, col, col + 1, "missing ':' at end of line",
                       expected="':' before an indented block")
            lines[line - 1] = lines[line - 1][: col - 1] + ":" + lines[line - 1][col - 1:]
            self.fixed.add(line)
            return True
        if first and tok.type not in ("_DEDENT", "$END"):
            exp.discard("_NL")  # blank lines are skipped: 'end of line' at a line's start is noise
        expected = _describe(exp) or None
        width = len(str(tok)) if tok.type not in ("_NL", "_INDENT", "_DEDENT", "$END") else 1
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        if re.match(r"\s*card\b", text) and "STRING" in exp and tok.type != "STRING":
            rest = text.strip()[4:].split("#")[0].strip()
            if rest:
                self.error(line, col, len(text.rstrip()) + 1, "card name not in quotes",
                           expected='a quoted name: card "Name"',
                           suggestion=f'write it as: card "{rest.strip(chr(34))}"')
            else:
                self.error(line, col, col + 1, "card without a name",
                           expected='a quoted name: card "Name"')
            return self.replace(line)
        if re.match(r"elif\b", text.lstrip()):
            trial = list(lines)
            trial[line - 1] = _indent(text) + "if" + text.lstrip()[4:]
            at = len(_indent(text)) + 1
            if _parses_past(trial, line):
                self.error(line, at, at + 4, "'elif' without an 'if' before it",
                           expected=_STRAY_KEYWORDS["elif"][1])
                return self.replace(line)
        suggestion = None
        keywords = [t.lower() for t in exp if t.isalpha() and t.isupper() and t not in _TOKEN_WORDS]
        if tok.type == "NAME" and keywords:
            suggestion = did_you_mean(str(tok), keywords)
        if tok.type == "CAPNAME" and "NAME" in exp:
            suggestion = f"words are written in lower case: '{str(tok).lower()}'"
        elif tok.type == "INT" and "NAME" in exp:
            suggestion = "write a count before a noun as a word: 'two cards', not '2 cards'"
        self.error(line, col, col + width, f"unexpected {_token_text(tok)}", expected=expected,
                   suggestion=suggestion)
        return self.replace(line)

    def outside_card(self, tok: Token, line: int, col: int) -> bool:
        """Text where only a card can start: one error, then skip to the next `card` line."""
        lines = self.lines
        if line not in self.fixed:
            self.error(line, col, col + max(1, len(str(tok))), f"{_token_text(tok)} outside any card",
                       expected='a card first: card "Name" at column 1, its lines indented under it')
        i = line
        while i and not (i > line and lines[i - 1].startswith("card")):
            lines[i - 1] = _indent(lines[i - 1]) + "#"
            self.fixed.add(i)
            i = _next_content(lines, i)
        return True

    def unexpected_indent(self, tok: Token, exp: set) -> bool:
        lines = self.lines
        line = tok.end_line or tok.line or 1
        if not (0 < line <= len(lines)) or not _content(lines[line - 1]):
            line = _next_content(lines, tok.line or 0) or 1
        ind = len(_indent(lines[line - 1]))
        prev = _prev_content(lines, line)
        base = len(_indent(lines[prev - 1])) if prev else 0
        reported = line in self.fixed or prev in self.fixed or line in self.indented
        self.indented.add(line)
        if prev:
            trial = list(lines)
            trial[prev - 1] = trial[prev - 1].split("#")[0].rstrip() + ":"
            colon = '"' not in lines[prev - 1] and _parses_past(trial, line)
            if colon:
                suggestion = (f"end line {prev} with ':' if this line is its block, "
                              f"or indent it like line {prev}")
            else:
                suggestion = f"indent it like line {prev}"
            expected = f"column {self.col(prev, base + 1)}, like line {prev}"
        else:
            suggestion, expected = None, "column 1"
        if not reported:
            self.error(line, ind + 1, ind + 2, "unexpected indentation", expected=expected,
                       suggestion=suggestion)
        if ind <= base:  # cannot happen for a real INDENT; do not loop
            return self.replace(line)
        self.reindent(line, ind - _best_width(lines, line, _levels(lines, line), base))
        return True


def parse_text(text: str, path: str = "<text>") -> A.File:
    """Parse one card file; raise CardlangError listing every syntax error."""
    rep = Reporter(path, text)
    if not _precheck(rep, text):
        rep.raise_if_any()
    rec = _Recovery(rep, text)
    tree = None
    for _ in range(MAX_ERRORS * 2):
        if len(rep.diagnostics) >= MAX_ERRORS:
            break
        try:
            _SEEN.tokens = []
            tree = parser().parse("\n".join(rec.lines) + "\n")
            break
        except DedentError:
            if not rec.dedent():
                break
        except UnexpectedInput as err:
            if not rec.syntax(err):
                break
        except LarkError as err:  # anything else from Lark still becomes a located error
            rep.error(A.Span(1, 1, 1, 2), f"cannot parse: {err}")
            break
        tree = None
    if tree is None and not rep.diagnostics:
        rep.error(A.Span(1, 1, 1, 2), "cannot parse this file")
    rep.raise_if_any()
    comments = _comments(_SEEN.tokens, text.split("\n"))
    builder = ToAst("\n".join(rec.lines) + "\n")
    cards = builder.transform(tree)
    for span, message, expected in builder.errors:
        rep.error(span, message, expected=expected)
    deep = deepest(cards)
    if deep is not None:  # the checker, the renderer and the runtime recurse on the tree
        rep.diagnostics.append(nesting_error(rep, deep))
    rep.raise_if_any()
    blank = frozenset(i for i, l in enumerate(text.split("\n"), 1) if not l.strip())
    return A.File(path, tuple(cards), comments, blank)


def parse_file(path: str | Path) -> A.File:
    p = Path(path)
    data = p.read_bytes()
    return parse_text(decode(data, str(path)), str(path))


def decode(data: bytes, path: str) -> str:
    """Bytes -> text, or a located error for binary or non-UTF-8 input."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if b"\x00" in data:
        raise CardlangError([_byte_error(path, data, data.index(b"\x00"),
                                         "binary data (a NUL byte) in a card file",
                                         "is this a card file? card files are UTF-8 text")])
    try:
        return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as err:
        raise CardlangError([_byte_error(path, data, err.start,
                                         f"invalid UTF-8 byte 0x{data[err.start]:02x}",
                                         "save the file as UTF-8")]) from None


def _byte_error(path: str, data: bytes, pos: int, message: str, suggestion: str) -> Diagnostic:
    """A diagnostic at byte `pos`: line and column count characters, the line is shown."""
    start = data.rfind(b"\n", 0, pos) + 1
    end = data.find(b"\n", pos)
    end = len(data) if end < 0 else end
    before = data[start:pos].decode("utf-8", "replace")
    shown = before + "\ufffd" + data[pos + 1:end].decode("utf-8", "replace")
    return Diagnostic(path, data.count(b"\n", 0, pos) + 1, len(before) + 1, message,
                      expected="UTF-8 text", suggestion=suggestion, source_line=shown)


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


# A quoted name is one printable line: `\"` and `\\` are its only escapes, and it holds no
# control character, line or paragraph separator, or bidirectional control (which reorders
# how the line shows).
UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_IN_STRING = re.compile(r"\\(.?)|" + UNPRINTABLE.pattern, re.S)


def _string_problems(raw: str, line: int, col: int) -> list:
    """(span, message, expected) for each escape or character a quoted name may not hold."""
    out = []
    for m in _IN_STRING.finditer(raw, 1, len(raw) - 1):
        bad = m.group(0)
        if bad in ('\\"', "\\\\"):
            continue
        span = A.Span(line, col + m.start(), line, col + m.end())
        if bad.startswith("\\"):
            what = f"'{bad}'" if bad[1:].isprintable() else f"'\\' then U+{ord(bad[1]):04X}"
            out.append((span, f"{what} is not an escape in a quoted name",
                        "a quoted name is one printable line: its only escapes are \\\" and \\\\"))
        else:
            out.append((span, f"control character U+{ord(bad):04X} in a quoted name",
                        "a quoted name is one printable line"))
    return out


_NUMWORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}


_STRAY_KEYWORDS = {
    "else": ("'else' without an 'if' before it",
             "'else:' at the indentation of an 'if' or of an action ending with ':', right after its block"),
    "elif": ("'elif' without an 'if' before it",
             "'elif ...:' at the indentation of an 'if', right after its block"),
    "or": ("'or:' without an 'either:' before it",
           "'either:' with its block, then 'or:' at the same indentation"),
}


class ToAst(Transformer_NonRecursive):
    """One method per grammar rule; each returns an AST node with its span.
    Errors that only the tree shows are collected in `errors` as (span, message, expected).
    Not recursive, so that deep input reaches the nesting limit (dsl/limits.py) and its message."""

    def __init__(self, source: str = ""):
        super().__init__()
        self.errors: list = []
        self.text = source     # the text parsed: the words of a quantity are read from it

    def _quoted(self, raw: str, line: int, col: int) -> str:
        self.errors.extend(_string_problems(raw, line, col))
        return _unquote(raw)

    def _string_token(self, tok: Token) -> str:
        return self._quoted(str(tok), tok.line, tok.column)

    def _int(self, text: str, span: A.Span) -> int:
        # the check is on the digits: int() of thousands of digits is slow or refused
        if len(text.lstrip("0")) > len(str(MAX_INT)) or int(text) > MAX_INT:
            self.errors.append((span, f"number too large: {text if len(text) <= 12 else text[:8] + '...'}",
                                f"a number up to {MAX_INT:,}"))
            return MAX_INT
        return int(text)

    def _call_userfunc(self, tree, new_children=None):
        # Every rule method takes (meta, children). Calling them directly, rather than through
        # lark's v_args(meta=True) wrapper, which is rebuilt on every call, halves the time
        # of this transform.
        children = new_children if new_children is not None else tree.children
        method = getattr(self, tree.data, None)
        if method is None:
            return self.__default__(tree.data, children, tree.meta)
        return method(tree.meta, children)

    def start(self, meta, items):
        return [i for i in items if isinstance(i, A.Card)]

    # ---- cards
    def card(self, meta, items):
        name = self._string_token(items[0])
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
            vals.append(A.AttrValue(kind, self._string_token(t) if kind == "string" else str(t), _span(t)))
        return A.Attr(_ident(items[0]), tuple(vals), _span(meta))

    def grid_attr(self, meta, items):
        rows = tuple(A.AttrValue("string", self._string_token(t), _span(t)) for t in items[1:])
        return [A.Attr(_ident(items[0]), rows, _span(meta), grid=True)]

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
        stray = _STRAY_KEYWORDS.get(str(items[0]))
        if stray:
            self.errors.append((_span(items[0]), stray[0], stray[1]))
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
            word = ""
            if kind in ("one", "all"):  # `a`, `an` or `any`; `all` or `all the`
                word = " ".join(self.text[meta.start_pos:meta.end_pos].split()[:2])
            return A.Quant(kind, count, span=_span(meta), written=word)
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

    def q_range(self, meta, items):
        return A.Quant("range", items[0], items[1], span=_span(meta))

    def numword(self, meta, items):
        return A.Int(_NUMWORDS[str(items[0])], _span(meta), written=str(items[0]))

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
        place = items[1]
        return A.Place(place.owner, place.zone, place.players, place.span, items[0])

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
        return A.Int(self._int(str(items[0]), _span(meta)), _span(meta))

    def string(self, meta, items):
        return A.Str(self._string_token(items[0]), _span(meta))

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
        # `a - b - c` is ((a - b) - c): each operation spans its two operands
        left = items[0]
        for i in range(1, len(items), 2):
            a, b = left.span, items[i + 1].span
            span = A.Span(a.line, a.col, b.end_line, b.end_col) if a.line and b.line else _span(meta)
            left = A.BinOp(str(items[i]), left, items[i + 1], span)
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
        return A.Example(self._string_token(items[0]), tuple(items[1:]), _span(meta))

    def ex_part(self, meta, items):
        return A.ExPart(items[0], tuple(items[1:]), _span(meta))

    def ex_kind(self, meta, items):
        return str(items[0])

    def ex_line(self, meta, items):
        """`KEY WORDS: ITEM, ITEM` arrives as one token; split it here, with exact columns."""
        tok = items[0]
        text, line, col = str(tok).rstrip(), tok.line, tok.column
        span = A.Span(line, col, line, col + len(text))
        colon = _outside_quotes(text, ":")
        if not colon:
            self.errors.append((span, "an example line needs ':' after its key",
                                "'p1 hand: A, \"B C\"' or 'p1 ACTION: A'"))
            return A.ExLine((), (), span)
        at = colon[0]
        key = []
        for m in re.finditer(r"\S+", text[:at]):
            item = self._ex_word(m.group(0), line, col + m.start())
            if item is not None:
                key.append(item)
        parts, start = [], at + 1
        for cut in _outside_quotes(text, ",", start) + [len(text)]:
            raw = text[start:cut]
            lead = len(raw) - len(raw.lstrip())
            if raw.strip() or cut != len(text) or parts:
                parts.append((raw.strip(), col + start + lead))
            start = cut + 1
        out = []
        for raw, c in parts:
            if not raw:
                self.errors.append((A.Span(line, c, line, c + 1), "empty item in an example line",
                                    "items separated by single commas"))
            elif raw.startswith('"'):
                if not _QUOTED.fullmatch(raw):
                    self.errors.append((A.Span(line, c, line, c + len(raw)),
                                        "a quoted name must be the whole item", 'an item like "The Wheel"'))
                else:
                    out.append(A.ExItem("string", self._quoted(raw, line, c), A.Span(line, c, line, c + len(raw))))
            else:
                words = [self._ex_word(m.group(0), line, c + m.start()) for m in re.finditer(r"\S+", raw)]
                if None in words:
                    continue
                if len(words) == 1:
                    out.append(words[0])
                else:
                    out.append(A.ExItem("phrase", " ".join(w.text for w in words),
                                        A.Span(line, c, line, c + len(raw))))
        return A.ExLine(tuple(key), tuple(out), span)

    def _ex_word(self, word: str, line: int, col: int):
        for kind, pattern in _EX_WORDS:
            if pattern.fullmatch(word):
                span = A.Span(line, col, line, col + len(word))
                if kind == "int":
                    self._int(word, span)
                return A.ExItem(kind, word, span)
        self.errors.append((A.Span(line, col, line, col + len(word)), f"unexpected '{word}' in an example line",
                            'bare words (p1, hand, X, 3) or a quoted name ("A Name")'))
        return None


_QUOTED = re.compile(r'"([^"\\\n]|\\.)*"')
_EX_WORDS = [("name", re.compile(r"[a-z_][a-z0-9_]*(-[a-z_][a-z0-9_]*)*")),
             ("capname", re.compile(r"[A-Z][A-Za-z0-9_]*")),
             ("int", re.compile(r"[0-9]+"))]


def _outside_quotes(text: str, ch: str, start: int = 0) -> list[int]:
    """Positions of `ch` in text[start:] that are not inside a quoted string."""
    out, quoted, i = [], False, start
    while i < len(text):
        c = text[i]
        if quoted and c == "\\":
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        elif c == ch and not quoted:
            out.append(i)
        i += 1
    return out


class _Adverb:
    def __init__(self, ident):
        self.ident = ident


class _Where:
    def __init__(self, cond):
        self.cond = cond
