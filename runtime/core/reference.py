"""Reading a reference table (TSV) for `cardlang validate`, for any game.

A wrong path, a folder, or another game's table is a one-line error naming the file and what
was expected (BadReference), never a traceback deep in a game's validator."""
from __future__ import annotations

import csv
from pathlib import Path

from .errors import BadReference


def read_table(path, columns: tuple, what: str, quoting=csv.QUOTE_MINIMAL) -> list[dict]:
    """The rows of the TSV at `path` as dicts; `columns` are those the caller reads, `what`
    names the table in messages ("the Tash-Kalar beings table")."""
    p = Path(path)
    if p.is_dir():
        tables = sorted(x.name for x in p.glob("*.tsv"))
        hint = f" (tables there: {', '.join(tables)})" if tables else ""
        raise BadReference(f"{p} is a folder: expected {what}, a .tsv file{hint}")
    if not p.exists():
        raise BadReference(f"{p} does not exist: expected {what}")
    try:
        with open(p, encoding="utf-8", newline="") as f:
            reader = csv.DictReader(f, delimiter="\t", quoting=quoting)
            header = reader.fieldnames or []
            missing = [c for c in columns if c not in header]
            if missing:
                found = ", ".join(header[:8]) + (", ..." if len(header) > 8 else "") or "nothing"
                raise BadReference(f"{p}:1:1: expected {what}: missing the column"
                                   f"{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
                                   f"(its header has {found})")
            return list(reader)
    except UnicodeDecodeError as e:
        raise BadReference(f"{p}: not UTF-8 text (byte {e.start}): expected {what}") from None
    except csv.Error as e:
        raise BadReference(f"{p}:{reader.line_num}: not a TSV table ({e}): expected {what}") from None
