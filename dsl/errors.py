"""Errors are a product: every diagnostic names file:line:col, shows the line with a caret under
the span, says what was expected and, for a misspelt word, the nearest word that exists."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Iterable, Optional


@dataclass(frozen=True)
class Diagnostic:
    path: str
    line: int
    col: int
    message: str
    end_col: Optional[int] = None          # exclusive; None: one caret
    expected: Optional[str] = None
    suggestion: Optional[str] = None
    source_line: Optional[str] = None
    severity: str = "error"

    def headline(self) -> str:
        if self.line <= 0:   # about the whole file (it cannot be read): no line to show
            return f"{self.path}: {self.severity}: {self.message}"
        return f"{self.path}:{self.line}:{self.col}: {self.severity}: {self.message}"

    def format(self) -> str:
        out = [self.headline()]
        if self.source_line is not None and self.line > 0:
            text = _visible(self.source_line.rstrip("\r\n"))
            width = max(1, (self.end_col or self.col + 1) - self.col)
            width = min(width, max(1, len(text) - self.col + 1))
            out.append("    " + text)
            out.append("    " + " " * (self.col - 1) + "^" * width)
        if self.expected:
            out.append(f"  expected: {self.expected}")
        if self.suggestion:
            out.append(f"  {self.suggestion}")
        return "\n".join(out)


@dataclass
class CardlangError(Exception):
    """The one exception type the front end raises: a list of diagnostics."""
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(d.format() for d in self.diagnostics)


def _visible(text: str) -> str:
    """A source line as shown under a message: one character per column, so that the caret lines
    up; a tab is shown as a space, other control characters as their visible symbol, and a line
    separator or a bidirectional control (which would move the text around) as U+FFFD."""
    return "".join(" " if c == "\t" else chr(0x2400 + ord(c)) if ord(c) < 32
                   else "\u2421" if c == "\x7f" else "\ufffd" if c in _HIDDEN else c for c in text)


_HIDDEN = frozenset("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _edits(a: str, b: str, limit: int = 2) -> int:
    """Edit distance counting a swap of two neighbouring letters as one edit (> limit: limit+1)."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2, prev = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return min(prev[-1], limit + 1)


def did_you_mean(word: str, candidates: Iterable[str]) -> Optional[str]:
    """'did you mean X?' for the closest candidate, or None when nothing is close (or when the
    word is itself one of the candidates: the problem is then not its spelling)."""
    pool = sorted(set(candidates))
    if word in pool:
        return None
    # one slip (a letter wrong, missing, extra or two swapped); two in a long word
    for limit in (1, 2):
        if len(word) < (3 if limit == 1 else 6):
            break
        near = [c for c in pool if len(c) > 1 and _edits(word, c, limit) <= limit]
        if near:
            # same letters (a swap) first, then the most similar
            near.sort(key=lambda c: (sorted(c) != sorted(word),
                                     -difflib.SequenceMatcher(None, word, c).ratio(), c))
            return f"did you mean '{near[0]}'?"
    best = difflib.get_close_matches(word, pool, n=1, cutoff=0.72)
    if not best and len(word) > 3:
        best = [c for c in pool if c.startswith(word[:4])][:1]
    return f"did you mean '{best[0]}'?" if best else None


class Reporter:
    """Collects diagnostics for one source file."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.lines = text.split("\n")
        self.diagnostics: list[Diagnostic] = []

    def line_text(self, line: int) -> Optional[str]:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else None

    def error(self, span, message: str, expected: Optional[str] = None,
              suggestion: Optional[str] = None) -> None:
        line, col = (span.line, span.col) if span else (1, 1)
        end = span.end_col if span and span.end_line == span.line else None
        self.diagnostics.append(Diagnostic(
            self.path, line, col, message, end_col=end, expected=expected,
            suggestion=suggestion, source_line=self.line_text(line)))

    def raise_if_any(self) -> None:
        if self.diagnostics:
            self.diagnostics.sort(key=lambda d: (d.line, d.col))
            raise CardlangError(self.diagnostics)
