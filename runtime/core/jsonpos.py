"""JSON that remembers where each value was written, so that a problem found in a file's data
can be reported at its line and column (scenario files; Python's json module keeps no
positions).

    doc = parse(text)        # or JsonError(line, col, message, expected)
    doc.value                # the plain Python value, as json.loads gives it
    doc.where(path)          # (line, col, end_col) of the value at a path such as
                             # ("setup", "players", "p1", "hand", 0), or of its key with key=True

Stricter than json.loads where json.loads hides mistakes: a key given twice, NaN and
Infinity are errors; nesting deeper than MAX_DEPTH is an error, not a RecursionError.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from json.decoder import JSONDecodeError, scanstring

MAX_DEPTH = 100
_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?")
_MAX_DIGITS = 4000  # Python refuses to convert longer digit strings (sys.int_info)


class JsonError(Exception):
    def __init__(self, line: int, col: int, message: str, expected: str = ""):
        super().__init__(f"{line}:{col}: {message}")
        self.line, self.col, self.message, self.expected = line, col, message, expected


@dataclass
class Document:
    value: object
    text: str
    _starts: list                                   # offset of each line's first character
    _at: dict = field(default_factory=dict)         # path -> (start, end) offsets of the value
    _key_at: dict = field(default_factory=dict)     # path -> (start, end) offsets of its key

    def position(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self._starts, offset) - 1
        return i + 1, offset - self._starts[i] + 1

    def where(self, path: tuple, key: bool = False) -> tuple[int, int, int | None]:
        """(line, col, end_col) of the value at `path` (of its key with `key`), or of its
        nearest enclosing value that was written (the whole document at worst)."""
        path = tuple(path)
        table = self._key_at if key else self._at
        while path and path not in table:
            path, table = path[:-1], self._at
        start, end = table.get(path, (0, 0))
        line, col = self.position(start)
        end_line, end_col = self.position(max(start, end - 1))
        return line, col, (end_col + 1 if end_line == line else None)

    def line_text(self, line: int) -> str | None:
        if not 0 < line <= len(self._starts):
            return None
        start = self._starts[line - 1]
        stop = self._starts[line] - 1 if line < len(self._starts) else len(self.text)
        return self.text[start:stop]


def parse(text: str) -> Document:
    """The document in `text`, or JsonError at the first mistake."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    doc = Document(None, text, starts)
    p = _Parser(text, doc)
    pos = p.skip(0)
    if pos == len(text):
        p.fail(pos, "the file is empty", "a JSON object")
    doc.value, pos = p.value(pos, (), 0)
    pos = p.skip(pos)
    if pos != len(text):
        p.fail(pos, f"unexpected {p.show(pos)} after the end of the JSON value",
               "nothing more (one JSON value per file)")
    return doc


class _Parser:
    def __init__(self, text: str, doc: Document):
        self.text, self.doc = text, doc

    def fail(self, pos: int, message: str, expected: str = ""):
        line, col = self.doc.position(pos)
        raise JsonError(line, col, message, expected)

    def show(self, pos: int) -> str:
        return repr(self.text[pos]) if pos < len(self.text) else "end of file"

    def skip(self, pos: int) -> int:
        return _WS.match(self.text, pos).end()

    def value(self, pos: int, path: tuple, depth: int):
        if depth > MAX_DEPTH:
            self.fail(pos, f"nested too deeply (more than {MAX_DEPTH} levels)",
                      "a scenario's usual shape: objects and lists a few levels deep")
        t = self.text
        c = t[pos] if pos < len(t) else ""
        if c == "{":
            v, end = self.obj(pos, path, depth)
        elif c == "[":
            v, end = self.array(pos, path, depth)
        elif c == '"':
            v, end = self.string(pos)
        elif c == "-" or c.isdigit():
            v, end = self.number(pos)
        elif t.startswith("true", pos):
            v, end = True, pos + 4
        elif t.startswith("false", pos):
            v, end = False, pos + 5
        elif t.startswith("null", pos):
            v, end = None, pos + 4
        else:
            word = re.match(r"[A-Za-z_]\w*", t[pos:])
            if word and word.group(0) in ("NaN", "Infinity"):
                self.fail(pos, f"{word.group(0)} is not JSON", "a finite number")
            self.fail(pos, f"unexpected {self.show(pos)}",
                      "a JSON value: an object, a list, a string, a number, true, false or null")
        self.doc._at[path] = (pos, end)
        return v, end

    def string(self, pos: int):
        try:
            return scanstring(self.text, pos + 1, True)
        except JSONDecodeError as e:
            self.fail(e.pos, e.msg.lower(), 'a string in double quotes, e.g. "Oars"')

    def number(self, pos: int):
        m = _NUMBER.match(self.text, pos)
        if m is None:
            self.fail(pos, f"unexpected {self.show(pos)}", "a number")
        s = m.group(0)
        if len(s) > _MAX_DIGITS:
            self.fail(pos, f"a number of {len(s)} digits", "a number of reasonable size")
        if m.group(1) or m.group(2):
            v = float(s)
            if v in (float("inf"), float("-inf")):
                self.fail(pos, "a number too large", "a number of reasonable size")
            return v, m.end()
        return int(s), m.end()

    def obj(self, pos: int, path: tuple, depth: int):
        out: dict = {}
        pos = self.skip(pos + 1)
        if self.text.startswith("}", pos):
            return out, pos + 1
        while True:
            if not self.text.startswith('"', pos):
                self.fail(pos, f"unexpected {self.show(pos)} where a key belongs",
                          'a key in double quotes, e.g. "name"')
            key_start = pos
            key, pos = self.string(pos)
            sub = path + (key,)
            if key in out:
                self.fail(key_start, f"key '{key}' given twice in this object", "each key once")
            self.doc._key_at[sub] = (key_start, pos)
            pos = self.skip(pos)
            if not self.text.startswith(":", pos):
                self.fail(pos, f"unexpected {self.show(pos)} after the key '{key}'", "':'")
            out[key], pos = self.value(self.skip(pos + 1), sub, depth + 1)
            pos = self.skip(pos)
            if self.text.startswith(",", pos):
                pos = self.skip(pos + 1)
                continue
            if self.text.startswith("}", pos):
                return out, pos + 1
            self.fail(pos, f"unexpected {self.show(pos)} in an object", "',' or '}'")

    def array(self, pos: int, path: tuple, depth: int):
        out: list = []
        pos = self.skip(pos + 1)
        if self.text.startswith("]", pos):
            return out, pos + 1
        while True:
            v, pos = self.value(pos, path + (len(out),), depth + 1)
            out.append(v)
            pos = self.skip(pos)
            if self.text.startswith(",", pos):
                pos = self.skip(pos + 1)
                continue
            if self.text.startswith("]", pos):
                return out, pos + 1
            self.fail(pos, f"unexpected {self.show(pos)} in a list", "',' or ']'")
