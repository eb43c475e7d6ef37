"""The AST cache (dsl/cache.py) never serves a stale or damaged entry."""
from __future__ import annotations

import pytest

from dsl import cache
from dsl.errors import CardlangError
from dsl.load import load

CARD = 'card "T"\n    age 1; color red; icons hex castle castle castle\n    dogma castle\n    effect:\n        draw {n}\n'


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path / "cache")
    monkeypatch.delenv("CARDLANG_NO_CACHE", raising=False)
    return tmp_path / "cache"


def draw_value(path):
    res = load([path])
    assert not res.errors
    return res.cards[0].effects[0].body[0].obj.value.value


def test_a_changed_file_is_parsed_again(tmp_path, cache_dir):
    f = tmp_path / "t.card"
    f.write_text(CARD.format(n=1))
    assert draw_value(f) == 1
    assert list(cache_dir.rglob("*.pickle"))
    f.write_text(CARD.format(n=2))
    assert draw_value(f) == 2


def test_a_damaged_entry_is_ignored(tmp_path, cache_dir):
    f = tmp_path / "t.card"
    f.write_text(CARD.format(n=3))
    draw_value(f)
    for entry in cache_dir.rglob("*.pickle"):
        entry.write_bytes(b"not a pickle")
    assert draw_value(f) == 3


def test_files_with_errors_are_not_cached(tmp_path, cache_dir):
    f = tmp_path / "t.card"
    f.write_text(CARD.format(n=1).replace("draw 1", "draw 1 +"))
    assert load([f]).errors
    assert not list(cache_dir.rglob("*.pickle"))


def test_the_cache_can_be_bypassed(tmp_path, cache_dir, monkeypatch):
    monkeypatch.setenv("CARDLANG_NO_CACHE", "1")
    f = tmp_path / "t.card"
    f.write_text(CARD.format(n=1))
    draw_value(f)
    assert not cache_dir.exists()


@pytest.mark.parametrize("module", ["ir.py", "lower.py", "core.py", "hoist.py", "render.py",
                                    "codegen/emit.py"])
def test_the_compiler_fingerprint_covers_what_makes_a_module(module, monkeypatch):
    """A change to any source the generated module depends on (the IR, its lowering to the
    core IR, the emitter, ...) is a new compiler: cached modules are not reused (lower.py and
    core.py were not covered: a lowering change kept stale modules)."""
    from pathlib import Path
    import dsl.codegen as cg
    monkeypatch.setattr(cg, "_FINGERPRINT", None)
    before = cg.compiler_fingerprint()
    target = (Path(cg.__file__).resolve().parent.parent / module).resolve()
    real = Path.read_bytes

    def edited(self):
        data = real(self)
        return data + b"\n# edited\n" if self.resolve() == target else data
    monkeypatch.setattr(Path, "read_bytes", edited)
    monkeypatch.setattr(cg, "_FINGERPRINT", None)
    assert cg.compiler_fingerprint() != before
