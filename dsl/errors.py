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
        return f"{self.path}:{self.line}:{self.col}: {self.severity}: {self.message}"

    def format(self) -> str:
        out = [self.headline()]
        if self.source_line is not None and self.line > 0:
            text = self.source_line.rstrip("\n").replace("\t", " ")
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


def did_you_mean(word: str, candidates: Iterable[str]) -> Optional[str]:
    """'did you mean X?' for the closest candidate, or None when nothing is close."""
    pool = sorted(set(candidates))
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
