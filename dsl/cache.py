"""A cache of parsed card files, like Python's .pyc: the AST of a file is pickled under a key made
of the file's text, its path and the front end's own sources (grammar, AST, parser, limits), so any change
to either gives a new key and a stale entry is never used. Entries live in compiled/ast-cache/
(git-ignored; deleting it is always safe); set CARDLANG_NO_CACHE=1 to bypass it."""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import tempfile
from pathlib import Path

from . import ast as A

ROOT = Path(__file__).resolve().parent.parent
CACHE_DIR = Path(os.environ.get("CARDLANG_CACHE_DIR", ROOT / "compiled" / "ast-cache"))


@functools.lru_cache(maxsize=1)
def _front_end_hash() -> str:
    h = hashlib.sha256()
    for p in (ROOT / "grammar" / "cardlang.lark", ROOT / "dsl" / "ast.py", ROOT / "dsl" / "parse.py",
              ROOT / "dsl" / "limits.py"):
        h.update(p.read_bytes())
    return h.hexdigest()


def enabled() -> bool:
    return os.environ.get("CARDLANG_NO_CACHE", "") in ("", "0")


def _path_for(text: str, path: str) -> Path:
    key = hashlib.sha256(f"{_front_end_hash()}\0{path}\0{text}".encode()).hexdigest()
    return CACHE_DIR / key[:2] / f"{key}.pickle"


def get(text: str, path: str) -> A.File | None:
    if not enabled():
        return None
    try:
        with open(_path_for(text, path), "rb") as f:
            return pickle.load(f)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, RecursionError,
            ValueError, TypeError):
        return None   # a bad entry is a miss, never an error


def put(text: str, path: str, tree: A.File) -> None:
    """Write atomically (temp file + rename), so concurrent runs never read half an entry."""
    if not enabled():
        return
    target = _path_for(text, path)
    tmp = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(tree, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, target)
    except (OSError, pickle.PicklingError, RecursionError):
        # a read-only checkout simply parses every time; a tree too deep to pickle cannot come
        # from parse_text (dsl/limits.py), and would only be left out of the cache
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
