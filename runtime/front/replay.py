"""`cardlang replay FILE [--step]`: a saved game decision by decision.

Each logged decision is printed with what happened before it (the events), who decided what,
and, at the end, the board and the result (or where the log stops)."""
from __future__ import annotations

import sys

from rich.console import Console
from rich.text import Text

from runtime.games.innovation import Options

from runtime.games.innovation.view import Describer
from .savefile import read_save, replay_log
from .terminal import print_board


def names_for(header: dict) -> list:
    seats = header.get("seats") or ["player"] * header["options"]["players"]
    return [f"p{i + 1} ({'person' if s == 'human' else s})" for i, s in enumerate(seats)]


def run_replay(path, cardset, console: Console | None = None, step: bool = False, stdin=None) -> int:
    c = console or Console(highlight=False)
    stdin = stdin if stdin is not None else sys.stdin
    saved = read_save(path, cardset)
    h = saved.header
    opts = Options.from_dict(h["options"])
    names = names_for(h)
    state = {"shown": 0, "desc": None, "game": None}

    def make(agent):
        g = cardset.game_class(cardset.table, cardset.effects, cardset.specials, opts,
                               seed=h["seed"], agents=[agent] * opts.players, auto_setup=False)
        state["game"] = g
        state["desc"] = Describer(g, cardset, names, None)
        return g

    def flush(g):
        desc = state["desc"]
        for e in g.events[state["shown"]:]:
            line = desc.event(e) if e[0] != "game_over" else None
            if line:
                c.print(Text(line, style="bold" if e[0] == "turn" else ""))
        state["shown"] = len(g.events)

    def on_entry(g, d, answer, i):
        flush(g)
        desc = state["desc"]
        ans = ", ".join(desc.option(d.kind, a) for a in answer) or "nothing"
        c.print(Text(f"#{i + 1} {desc.who(d.player)} ({d.prompt or d.kind}): {ans}", style="cyan"))
        if step:
            c.print("[dim](Enter for the next decision)[/dim]", end="")
            if not stdin.readline():
                step_off()

    def step_off():
        nonlocal step
        step = False

    c.print(f"[bold]{path}[/bold]: {opts.players} players, seed {h['seed']}, "
            f"{len(saved.entries)} decisions", highlight=False, soft_wrap=True)
    game, agent = replay_log(make, saved, path, live=None, on_entry=on_entry)
    flush(game)
    c.print()
    print_board(c, game, state["desc"], None)
    if game.over:
        r = game.result()
        c.print(Text(state["desc"].result_line(r.winners, r.reason), style="bold"), soft_wrap=True)
    else:
        c.print(f"the log ends here, before the game does (turn {game.state.turn + 1}, "
                f"{state['desc'].who(game.current_player)} to play); continue it with "
                f"`cardlang play --load {path}`", markup=False, soft_wrap=True)
    return 0
