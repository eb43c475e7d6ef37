"""The front ends know no game (issue 18, item 2): no module of runtime/front imports
runtime.games, so that play, replay, simulate, stats, plots, bench and saves speak to every game
through the registry, the contract and the game's view only."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRONT = ROOT / "runtime" / "front"


def game_imports(path: Path, root: Path = ROOT) -> list[str]:
    """`line: statement` for every import of runtime.games in a module (absolute, or relative
    from runtime/front: `from ..games import x`)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level == 2:     # from ..x: runtime.x
                base = "runtime." + base if base else "runtime"
            elif node.level > 2:
                base = "." * node.level + base
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        if any(n == "runtime.games" or n.startswith("runtime.games.") for n in names):
            found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_front_end_module_imports_a_game():
    modules = sorted(FRONT.glob("*.py"))
    assert len(modules) >= 10
    bad = [hit for m in modules for hit in game_imports(m)]
    assert bad == [], "front ends import a game:\n" + "\n".join(bad)


def test_the_scan_finds_imports_of_a_game(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("import runtime.games.innovation\n"
                 "from runtime.games.innovation.view import Describer\n"
                 "from runtime import games\n"
                 "def g():\n    from ..games.innovation import cards\n"
                 "import runtime.core, json\n")
    hits = [h.split(": ", 1)[1] for h in game_imports(f, tmp_path)]
    assert hits == ["import runtime.games.innovation",
                    "from runtime.games.innovation.view import Describer",
                    "from runtime import games", "from ..games.innovation import cards"]

