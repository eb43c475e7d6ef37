"""`cardlang replay FILE [--step]`: a saved game decision by decision.

Before each decision it tells what happened since the last one (the game's story: which cards
moved from where to where, splays, achievements), then who decided what, each answer as its
option's text; at the end the board and the result, or where the log stops. `--step` waits
for Enter between decisions.
"""
from __future__ import annotations

import sys

from rich.text import Text

from . import savefile
from .terminal import STYLE, console


def names_for(seats: list) -> list:
    return [f"p{i + 1} ({'person' if s == 'human' else s})" for i, s in enumerate(seats)]


def run_replay(path, mode: str = "auto", out=None, step: bool = False, stdin=None) -> int:
    o = out or console()
    stdin = stdin if stdin is not None else sys.stdin
    saved = savefile.read_save(path)
    game, state = savefile.start(saved, mode, record_events=True)
    view = game.view()
    n = len(state.returns())
    names = names_for(saved.header.get("seats") or ["player"] * n)
    shown = 0
    waiting = [step]

    def tell(st):
        nonlocal shown
        lines, shown = view.story(st, shown, names)
        for style, text in lines:
            o.print(Text(text, style=STYLE.get(style, "")))

    def each(i, st, pending, chosen):
        tell(st)
        answer = ", ".join(x.text for x in chosen) or "nothing"
        o.print(Text(f"#{i + 1} {names[pending.player]} ({pending.prompt or pending.kind}): "
                     f"{answer}", style="cyan"))
        if waiting[0]:
            o.print(Text("(Enter for the next decision)", style="dim"), end="")
            if not stdin.readline():
                waiting[0] = False  # the input ended: show the rest without waiting

    o.print(Text(f"{path}", style="bold") + Text(f": {view.title(state)}, seed "
                                                 f"{saved.header['seed']}, "
                                                 f"{len(saved.entries)} decisions"))
    state = savefile.replay(saved, state, each)
    tell(state)
    o.print()
    for part in view.board(state, names, None):
        o.print(part)
    if state.is_terminal():
        o.print(Text(view.result(state, names) or "", style="bold"))
    else:
        o.print(Text(f"the log ends here, before the game does ({view.where(state, names)}); "
                     f"continue it with `cardlang play --load {path}`"))
    return 0
