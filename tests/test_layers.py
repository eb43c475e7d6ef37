"""The layers of the project (docs/architecture.md), enforced: imports only go down.

    runtime/front     front ends: speak to games through the registry and the contract
    runtime/games/<g> a game: imports the core and the language, never another game
    runtime/core      the contract, machine, registry, agents, scenarios: imports no game
    dsl (+ grammar)   the language: imports no runtime, and knows no game's words

Checked on the source (every `import` and `from ... import`, also inside functions), and no
module imports itself back through a cycle of top-level imports.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def modules(folder: str) -> dict:
    """{qualified module name: path} of the .py files under a folder of the repository."""
    out = {}
    for p in (ROOT / folder).rglob("*.py"):
        rel = p.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


def imports(name: str, path: Path, top_only: bool = False) -> set:
    """The modules a module imports (absolute names; relative ones resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    nodes = tree.body if top_only else ast.walk(tree)
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            found.add(mod)
            found.update(f"{mod}.{a.name}" for a in node.names)
    return found


ALL = {**modules("dsl"), **modules("runtime")}


def offenders(prefix: str, forbidden) -> list:
    out = []
    for name, path in ALL.items():
        if name == prefix or name.startswith(prefix + "."):
            for imp in imports(name, path):
                if forbidden(name, imp):
                    out.append(f"{path.relative_to(ROOT)} imports {imp}")
    return sorted(out)


def test_the_language_imports_no_runtime():
    assert offenders("dsl", lambda n, imp: imp == "runtime" or imp.startswith("runtime.")) == []


def test_the_core_imports_no_game_and_no_front_end():
    assert offenders("runtime.core", lambda n, imp: imp.startswith(("runtime.games",
                                                                     "runtime.front"))) == []


def _game_of(name: str):
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["runtime", "games"] else None


def test_a_game_imports_no_other_game_and_no_front_end():
    def bad(name, imp):
        if imp.startswith("runtime.front"):
            return True
        other = _game_of(imp)
        return other is not None and other != _game_of(name)
    assert offenders("runtime.games", bad) == []


def test_no_cycle_of_top_level_imports():
    graph = {}
    for name, path in ALL.items():
        graph[name] = {i for i in imports(name, path, top_only=True) if i in ALL and i != name}
    # a package's __init__ importing its own submodules is the package, not a cycle
    state, stack, cycles = {}, [], []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph[n]):
            if m.startswith(n + "."):
                continue
            if state.get(m) == 1:
                cyc = stack[stack.index(m):] + [m]
                if not all(a.startswith(b + ".") or b.startswith(a + ".")
                           for a, b in zip(cyc, cyc[1:])):
                    cycles.append(" -> ".join(cyc))
            elif m not in state:
                visit(m)
        stack.pop()
        state[n] = 2
    for n in sorted(graph):
        if n not in state:
            visit(n)
    assert cycles == []


# Words that belong to one game (Innovation's icons, colours, actions and kinds of effect,
# some of its card names): none appears in the language's sources, not even in a comment.
GAME_WORDS = ("crown", "leaf", "lightbulb", "castle", "factory", "clock", "blue", "red", "green",
              "yellow", "purple", "dogma", "demand", "compel", "echo", "karma", "decree",
              "inspire", "meld", "tuck", "splay", "splayed", "achievement", "achievements",
              "age", "ages", "icon", "icons", "innovation", "relic", "forecast", "foreshadow",
              "promote", "endorse", "oars", "sailing", "monument", "tashkalar", "arnak")


@pytest.mark.parametrize("folder", ["dsl", "grammar"])
def test_the_language_knows_no_game_word(folder):
    pattern = re.compile(r"\b(" + "|".join(GAME_WORDS) + r")\b", re.I)
    found = []
    for p in sorted((ROOT / folder).rglob("*")):
        if p.suffix not in (".py", ".lark", ".j2", ".pxd", ".h"):
            continue
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            for m in pattern.finditer(line):
                found.append(f"{p.relative_to(ROOT)}:{n}: {m.group(0)}")
    assert found == []
