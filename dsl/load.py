"""Finding, parsing and checking card files: the front end's entry points."""
from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from . import cache
from . import ir as I
from .check import check_file
from .errors import CardlangError, Diagnostic
from .limits import MAX_FILE_BYTES
from .parse import decode, parse_text
from .vocab import get as get_vocab


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
    """Every *.card file under the given files and folders, sorted, each once. Symbolic links to
    folders inside a folder are not followed; nothing is opened (see read_card)."""
    out: list[Path] = []
    for p in map(Path, paths):
        out.extend(_walk(p) if p.is_dir() else [p])
    seen, uniq = set(), []
    for p in out:
        key = os.path.realpath(p)   # unlike Path.resolve, never raises (on a symlink loop)
        if key not in seen:
            seen.add(key)
            uniq.append(p)
    return uniq


def _walk(root: Path) -> list[Path]:
    """The *.card entries under a folder, sorted; iterative, so any depth of folders is fine."""
    found, stack = [], [root]
    while stack:
        folder = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue   # an unreadable folder holds no card we can check
        for e in entries:
            if e.is_dir(follow_symlinks=False):
                stack.append(Path(e.path))
            elif e.name.endswith(".card"):
                found.append(Path(e.path))
    return sorted(found)


def _file_error(path: Path, message: str, expected: str | None = None) -> CardlangError:
    return CardlangError([Diagnostic(str(path), 0, 0, message, expected=expected)])


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def read_card(path: Path) -> str:
    """The text of a card file, or a CardlangError naming the file. Only regular files are
    opened: reading a FIFO or a device can block forever or never end."""
    try:
        st = os.stat(path)
    except OSError as err:
        if err.errno == errno.ENOENT:
            raise _file_error(path, "no such file or folder") from None
        if err.errno == errno.ELOOP:
            raise _file_error(path, "a loop of symbolic links: it never reaches a file") from None
        raise _file_error(path, f"cannot read: {(err.strerror or str(err)).lower()}") from None
    if not stat.S_ISREG(st.st_mode):
        kind = next((name for test, name in _KINDS if test(st.st_mode)), "not a regular file")
        raise _file_error(path, f"not a card file: {kind}", expected="a regular file of UTF-8 text")
    if st.st_size > MAX_FILE_BYTES:
        raise _file_error(path, f"too large for a card file: {st.st_size:,} bytes",
                          expected=f"at most {MAX_FILE_BYTES:,} bytes")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise _file_error(path, f"cannot read: {(err.strerror or str(err)).lower()}") from None
    return decode(data, str(path))


def game_and_set(path: Path) -> tuple[str, str]:
    """cards/<game>/<set>/<card>.card -> (game, set); other paths: the default game."""
    parts = Path(os.path.realpath(path)).parts
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
            text = read_card(path)
            f = parse_cached(text, str(path))
            r = check_file(f, get_vocab(game or g), text, s)
            res.cards.extend(r.cards)
            res.warnings.extend(r.warnings)
        except CardlangError as err:
            res.errors.extend(err.diagnostics)
    return res
