"""Finding, parsing and checking card files: the front end's entry points."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import cache
from . import ir as I
from .check import check_file
from .errors import CardlangError, Diagnostic
from .parse import decode, parse_text
from .vocab import get as get_vocab

import os


def default_game() -> str:
    """The game of a card file outside cards/<game>/: $CARDLANG_GAME, else the one game
    installed; with several, there is none (the caller names the game)."""
    from .vocab import known_games
    g = os.environ.get("CARDLANG_GAME")
    if g:
        return g
    games = known_games()
    if len(games) == 1:
        return games[0]
    raise CardlangError([Diagnostic("<game>", 0, 0, "which game? several are installed ("
                                    + ", ".join(games) + "): put the card under cards/<game>/, "
                                    "pass --game or set CARDLANG_GAME")])


def card_files(paths) -> list[Path]:
    """Every *.card file under the given files and folders, sorted, each once."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(p.rglob("*.card")))
        else:
            out.append(p)
    seen, uniq = set(), []
    for p in out:
        if p.resolve() not in seen:
            seen.add(p.resolve())
            uniq.append(p)
    return uniq


def game_and_set(path: Path) -> tuple[str, str]:
    """cards/<game>/<set>/<card>.card -> (game, set); other paths: the default game."""
    parts = path.resolve().parts
    if "cards" in parts:
        i = len(parts) - 1 - parts[::-1].index("cards")
        rest = parts[i + 1:-1]
        if rest:
            return rest[0], (rest[1] if len(rest) > 1 else "")
    return default_game(), ""


def game_of(card: I.Card) -> str:
    """The game a checked card belongs to (by its file's place)."""
    if card is not None and card.path and not card.path.startswith("<"):
        return game_and_set(Path(card.path))[0]
    return default_game()


@dataclass
class Loaded:
    cards: list[I.Card] = field(default_factory=list)
    errors: list[Diagnostic] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    files: int = 0


def parse_cached(text: str, path: str):
    """parse_text, through the AST cache (dsl/cache.py); only files that parse are cached."""
    f = cache.get(text, path)
    if f is None:
        f = parse_text(text, path)
        cache.put(text, path, f)
    return f


def check_text(text: str, path: str = "<text>", game: str | None = None,
               card_set: str = "") -> list[I.Card]:
    """Parse and check one card text; raises CardlangError."""
    f = parse_text(text, path)
    return check_file(f, get_vocab(game or default_game()), text, card_set).cards


def load(paths, game: str | None = None) -> Loaded:
    """Parse and check every card file under `paths`, collecting all diagnostics."""
    res = Loaded()
    for path in card_files(paths):
        res.files += 1
        g, s = game_and_set(path)
        try:
            if not path.exists():
                raise CardlangError([Diagnostic(str(path), 0, 0, "no such file or folder")])
            text = decode(path.read_bytes(), str(path))
            f = parse_cached(text, str(path))
            r = check_file(f, get_vocab(game or g), text, s)
            res.cards.extend(r.cards)
            res.warnings.extend(r.warnings)
        except CardlangError as err:
            res.errors.extend(err.diagnostics)
        except OSError as err:
            res.errors.append(Diagnostic(str(path), 0, 0, f"cannot read: {err.strerror}"))
    return res
