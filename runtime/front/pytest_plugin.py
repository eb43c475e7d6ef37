"""pytest plugin: every `example` in a *.card file is a test item (`pytest cards/`)."""
from __future__ import annotations

import pytest

from dsl.errors import CardlangError


def pytest_collect_file(parent, file_path):
    if file_path.suffix == ".card":
        return CardFile.from_parent(parent, path=file_path)
    return None


class CardFile(pytest.File):
    def collect(self):
        from dsl.load import load
        res = load([self.path])
        if res.errors:
            yield CheckItem.from_parent(self, name="check", diagnostics=res.errors)
            return
        for card in res.cards:
            for ex in card.examples:
                yield ExampleItem.from_parent(self, name=f"{card.name}: {ex.name}", card=card, example=ex)
                if _compiled_too(self.config):  # the same example on the compiled card set
                    yield ExampleItem.from_parent(self, name=f"{card.name}: {ex.name} [compiled]",
                                                  card=card, example=ex, mode="compiled")


class CheckItem(pytest.Item):
    def __init__(self, *, diagnostics, **kw):
        super().__init__(**kw)
        self.diagnostics = diagnostics

    def runtest(self):
        raise CardlangError(self.diagnostics)

    def repr_failure(self, excinfo):
        return str(excinfo.value)

    def reportinfo(self):
        return self.path, 0, "check"


class ExampleFailed(Exception):
    pass


def _compiled_too(config) -> bool:
    """Examples also run compiled unless CARDLANG_TEST_MODES=interpreted (or no C compiler)."""
    import os
    if "compiled" not in os.environ.get("CARDLANG_TEST_MODES", "interpreted,compiled"):
        return False
    from dsl.codegen import have_c_compiler
    return have_c_compiler()


class ExampleItem(pytest.Item):
    def __init__(self, *, card, example, mode=None, **kw):
        super().__init__(**kw)
        self.card, self.example, self.mode = card, example, mode

    def runtest(self):
        from .testing import run_example
        r = run_example(self.card, self.example, mode=self.mode)
        if not r.passed:
            raise ExampleFailed("\n".join(r.diffs + ["note: " + n for n in r.notes]))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, (ExampleFailed, CardlangError)):
            return f"{self.card.path}:{self.example.span.line}: example \"{self.example.name}\" failed\n{excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, self.example.span.line - 1, f"{self.card.name}: {self.example.name}"
