"""The terminal front end of `cardlang play`: a person against bots.

A game is a pure function of (options, seed, decisions), so the session keeps only the decision
log: `undo` rebuilds the game from the log cut before the person's previous decision, `save`
writes the log, `--load` replays it. The bots answer as a function of their seat, the game seed
and the position in the log (`PositionSeededBot`), so after an undo they answer as before.

Input: one line per prompt. Numbers pick options ("1", "2 3" or "2,3"); for a choice of several
cards a short answer picks those and asks for the rest, so answering "1" to everything always
finishes a game. Words: help, undo, save FILE [--force], board, log [N], card NAME, quit.
"""
from __future__ import annotations

import sys

from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from runtime.games.innovation import Options
from runtime.games.innovation.cards import COLORS
from runtime.games.innovation.state import N_COLORS, unpack_icons

from .cards import PlayError, PositionSeededBot, bot_seed, card_fingerprint
from runtime.games.innovation.view import BASIC_ICONS, Describer, icon_name
from .savefile import Saved, replay_log, write_save

COLOR_STYLE = {"blue": "blue", "red": "red", "green": "green", "yellow": "yellow",
               "purple": "magenta"}

HELP = """Answer with the number of an option ("1"), or several numbers ("1 3" or "1,3") when the
prompt asks for more than one card; "0" (or "none") declines an optional choice. When several
cards are asked, a shorter answer picks those and asks for the rest.
Commands at any prompt:
  help            this text
  board           show every player's board again
  log [N]         the last N lines of the game log (default 20)
  card NAME       a card's text (any card, by name)
  undo            go back to your previous decision (replays the game up to it)
  save FILE       save the game (decision log); `save FILE --force` overwrites
  quit            leave the game (save first to continue later with `cardlang play --load FILE`)"""


class UndoRequest(Exception):
    def __init__(self, entries):
        self.entries = entries


class QuitRequest(Exception):
    pass


class EndOfInput(Exception):
    pass


class TerminalAgent:
    """Reads the person's answers from the session's input (stdin by default)."""

    name = "human"

    def __init__(self, session):
        self.session = session

    def choose(self, game, d):
        return self.session.ask(game, d)


def board_tables(game, desc: Describer, viewer: int | None):
    """One Rich table per player plus a line for the supply and the achievements."""
    st = game.state
    t = game.cards
    out = []
    for p in range(game.n_players):
        sc = game.score_points(p)
        ach = st.achievements[p]
        ach_txt = " ".join(t.name[c] if t.is_special[c] else f"[{t.age[c]}]" for c in ach) or "-"
        title = (f"{desc.who(p)}{'  <- to play' if p == game.current_player and not game.over else ''}"
                 f"   score {sc} ({len(st.score[p])} cards)   achievements {len(ach)}: {ach_txt}")
        tab = Table(title=Text(title, style="bold"), title_justify="left", show_edge=False, pad_edge=False,
                    expand=False, title_style="bold")
        for col in ("colour", "top card", "cards", "splay", "visible icons"):
            tab.add_column(col)
        for ci, cname in enumerate(COLORS):
            pile = st.board[p][ci]
            if not pile:
                continue
            counts = unpack_icons(st.pile_icons[p * N_COLORS + ci])
            vis = " ".join(f"{icon_name(i)}x{counts[i]}" for i in BASIC_ICONS if counts[i])
            tab.add_row(Text(cname, style=COLOR_STYLE[cname]), Text(desc.card(pile[-1])),
                        str(len(pile)), st_splay(game, p, ci), vis or "-")
        totals = "  ".join(f"{icon_name(i)} {game.icon_count(p, i)}" for i in BASIC_ICONS)
        hand = st.hand[p]
        if viewer is None or viewer == p:
            hand_txt = ", ".join(desc.card(c) for c in sorted(hand, key=lambda c: (t.age[c], t.name[c])))
        else:
            hand_txt = " ".join(f"[{a}]" for a in sorted(t.age[c] for c in hand))
        out.append((tab, f"  icons: {totals}\n  hand ({len(hand)}): {hand_txt or '-'}"))
    sup = game.state.supply[0]
    supply = "  ".join(f"[{a}] {len(sup[a])}" for a in range(1, game.max_age + 1))
    avail = sorted(st.available, key=lambda c: (t.is_special[c], t.age[c], t.name[c]))
    avail_txt = " ".join(t.name[c] if t.is_special[c] else f"[{t.age[c]}]" for c in avail) or "-"
    footer = (f"supply piles: {supply}\nachievements available: {avail_txt}   "
              f"(a player needs {game.needed})")
    return out, footer


def st_splay(game, p, ci) -> str:
    s = game.splay_of(p, ci)
    return "" if s == "none" else s


def print_board(console, game, desc, viewer):
    tables, footer = board_tables(game, desc, viewer)
    for tab, extra in tables:
        console.print(tab)
        console.print(extra, markup=False, highlight=False)
    console.print(footer, markup=False, highlight=False)


class PlaySession:
    """One game in the terminal. `seats` lists "human" or a bot name per seat (no "human" in
    auto mode). `entries` is a decision log to replay first (--load, undo)."""

    def __init__(self, cardset, options: Options, seed: int, seats: list, console: Console | None = None,
                 stdin=None, entries: list | None = None, verbose: bool = False, autosave: str | None = None):
        self.cs = cardset
        self.options = options
        self.seed = seed
        self.seats = list(seats)
        self.console = console or Console(highlight=False)
        self.stdin = stdin if stdin is not None else sys.stdin
        self.entries = list(entries or [])
        self.verbose = verbose
        self.human = self.seats.index("human") if "human" in self.seats else None
        self.names = [f"p{i + 1} ({'you' if s == 'human' else s})" for i, s in enumerate(self.seats)]
        self.shown = 0
        self.game = None
        self.desc = None
        self.context_key = None
        self._resuming = False
        self.agent = TerminalAgent(self)
        self.live = [self.agent if s == "human" else PositionSeededBot(s, bot_seed(seed, i))
                     for i, s in enumerate(self.seats)]

    # ---------------------------------------------------------------- setup
    def header(self) -> dict:
        return {"game": "innovation", "options": self.options.to_dict(), "seed": self.seed,
                "cards": card_fingerprint(self.cs), "seats": self.seats,
                "bot_seeds": [bot_seed(self.seed, i) for i in range(len(self.seats))]}

    def _make_game(self, agent):
        g = self.cs.game_class(self.cs.table, self.cs.effects, self.cs.specials, self.options,
                               seed=self.seed, agents=[agent] * self.options.players,
                               auto_setup=False)
        self.game = g
        self.desc = Describer(g, self.cs, self.names, self.human)
        self.shown = 0
        return g

    def run(self) -> int:
        """Play to the end; returns the exit code (0 finished, 1 quit or input ended)."""
        c = self.console
        entries = self.entries
        replayed = bool(entries)
        c.print(Text(f"Innovation, {self.options.players} players"
                     + (" in teams (p1+p3, p2+p4)" if self.options.teams else "")
                     + f", seed {self.seed}: " + ", ".join(self.names), style="bold"), soft_wrap=True)
        if self.human is not None and not replayed:
            c.print("type a number to choose, `help` for commands (undo, save, board, log, card)")
        while True:
            self.context_key = None
            try:
                saved = Saved({}, entries, [None] * len(entries))
                self._resuming = replayed
                game, _ = replay_log(self._make_game, saved, "log", live=self.live,
                                     on_step=self._after_step)
                break
            except UndoRequest as u:
                entries = u.entries
                replayed = True
                c.print("[bold]undo:[/bold] back to your previous decision")
            except QuitRequest:
                c.print("left the game" + ("" if self.game is None or self.game.over else
                        " (not saved unless you saved it)"))
                return 1
            except EndOfInput:
                c.print("input ended before the game did (save with `save FILE`, "
                        "continue with `cardlang play --load FILE`)", soft_wrap=True)
                return 1
        self.flush_events()
        c.print()
        print_board(c, game, self.desc, None)
        r = game.result()
        c.print(Text(self.desc.result_line(r.winners, r.reason), style="bold"), soft_wrap=True)
        return 0

    # ---------------------------------------------------------------- log
    def _after_step(self, game):
        if self._resuming:  # replaying a log (load, undo): the person sees it as context
            self.shown = len(game.events)
            return
        self.flush_events()

    def flush_events(self):
        g = self.game
        if g is None:
            return
        evs = g.events
        for e in evs[self.shown:]:
            if e[0] == "turn":
                self._turn = e[2] + 1
            line = self.event_line(e)
            if line:
                self.console.print(Text(line, style="bold" if e[0] in ("turn", "game_over") else ""))
        self.shown = len(evs)

    def event_line(self, e):
        if e[0] == "game_over":
            return None  # printed once at the end with the board
        if self.human is None and not self.verbose:  # auto mode: one line per action
            if e[0] == "action":
                return f"turn {self._turn}: " + self.desc.action_event(e)
            if e[0] == "special":
                return "  " + self.desc.event(e)
            return None
        return self.desc.event(e)

    _turn = 0

    def log_lines(self, n: int) -> list:
        lines = [self.desc.event(e) for e in self.game.events]
        lines = [x for x in lines if x]
        return lines[-n:]

    # ---------------------------------------------------------------- prompts
    def _context(self, game):
        """The card whose effect is asking, if any: the last dogma/share/demand since the last
        action, and whose dogma it is."""
        card = owner = None
        for e in reversed(game.events):
            if e[0] in ("share", "demand") and card is None:
                card = e[2]
            elif e[0] == "dogma":
                owner = e[1]
                if card is None:
                    card = e[2]
                break
            elif e[0] in ("action", "turn"):
                break
        return card, owner

    def ask(self, game, d):
        c = self.console
        desc = self.desc
        if self._resuming:
            self._resuming = False
            self.shown = len(game.events)
            for line in self.log_lines(8):
                c.print(Text(line, style="dim"))
        self.flush_events()
        if d.kind == "action":
            c.print()
            print_board(c, game, desc, self.human)
        card, owner = self._context(game)
        if card is not None and d.kind != "action" and (card, owner, len(game.log)) != self.context_key:
            c.print(Text(f"{game.cards.name[card]} ({desc.who(owner)}'s dogma): ", style="bold")
                    + Text(desc.text(card)))
        self.context_key = (card, owner, len(game.log))
        picked: list = []
        remaining = list(d.options)
        while True:
            need_min = max(d.min - len(picked), 0)
            left_max = d.max - len(picked) if d.kind != "order" else len(remaining)
            self._show_prompt(game, d, remaining, picked, need_min, left_max)
            line = self._readline()
            word = line.strip()
            if not word:
                continue
            low = word.lower()
            cmd = low.split()[0]
            if cmd in ("help", "h", "?"):
                c.print(HELP, markup=False)
                continue
            if cmd in ("board", "b"):
                print_board(c, game, desc, self.human)
                continue
            if cmd == "log":
                parts = low.split()
                n = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 20
                for x in self.log_lines(n):
                    c.print(x, markup=False)
                continue
            if cmd == "card":
                name = word[4:].strip()
                cid = next((i for i, nm in enumerate(game.cards.name) if nm.casefold() == name.casefold()), None)
                c.print(desc.card_long(cid) if cid is not None else f"no card named '{name}'", markup=False)
                continue
            if cmd == "undo":
                self._undo(game)
                continue
            if cmd == "save":
                self._save(game, word.split()[1:])
                continue
            if cmd in ("quit", "exit", "q"):
                raise QuitRequest()
            choice = self._parse_numbers(word, remaining, need_min, left_max, d)
            if choice is None:
                continue
            if choice == "none":
                return []
            for i in sorted(choice, reverse=False):
                picked.append(remaining[i])
            for i in sorted(choice, reverse=True):
                remaining.pop(i)
            if d.kind == "order":
                if len(remaining) <= 1:
                    return picked + remaining
                continue
            if d.all_or_none:
                if len(picked) == d.max:
                    return picked
                continue
            if len(picked) >= d.min:
                return picked

    def _show_prompt(self, game, d, remaining, picked, need_min, left_max):
        c = self.console
        desc = self.desc
        prompt = d.prompt or f"choose ({d.kind})"
        if d.kind == "order":
            how = "which comes first? (a partial answer asks for the rest)" if not picked else "which comes next?"
        elif d.all_or_none:
            how = f"choose {d.max}, or 0 for none" if not picked else f"choose {d.max - len(picked)} more"
        elif d.max == 1:
            how = "choose one" + (", or 0 for none" if d.min == 0 else "")
        elif need_min == left_max:
            how = f"choose {need_min}" + (" more" if picked else "")
        else:
            how = f"choose {need_min} to {left_max}" + (" more" if picked else "") + \
                  (", or 0 for none" if need_min == 0 and not picked else "")
        title = f"{desc.who(d.player)}: {prompt} - {how}"
        if picked:
            title += "  (so far: " + ", ".join(desc.option(d.kind, o) for o in picked) + ")"
        c.print(Text(title, style="bold cyan"))
        for i, o in enumerate(remaining, 1):
            line = Text(f"  {i:>2}. ") + Text(desc.option(d.kind, o))
            c.print(line)
            det = desc.option_detail(d.kind, o)
            if det:
                c.print(Padding(Text(det, style="dim"), (0, 0, 0, 6)))
        c.print("> ", end="")

    def _readline(self) -> str:
        line = self.stdin.readline()
        if not line:
            raise EndOfInput()
        if not getattr(self.stdin, "isatty", lambda: False)():
            self.console.print(line.rstrip("\n"), markup=False, highlight=False)  # echo piped input
        return line

    def _parse_numbers(self, word, remaining, need_min, left_max, d):
        c = self.console
        if word.lower() in ("0", "none", "-"):
            if d.min == 0 and (d.all_or_none or not d.kind == "order"):
                return "none"
            c.print("[red]this choice is not optional[/red]")
            return None
        if word.lower() in ("y", "yes", "n", "no") and d.kind == "yesno":
            return [list(remaining).index("yes" if word.lower().startswith("y") else "no")]
        toks = word.replace(",", " ").split()
        try:
            nums = [int(t) for t in toks]
        except ValueError:
            c.print(f"[red]not understood:[/red] {word!r} (type help)", markup=True)
            return None
        if any(not 1 <= x <= len(remaining) for x in nums):
            c.print(f"[red]numbers must be between 1 and {len(remaining)}[/red]")
            return None
        if len(set(nums)) != len(nums):
            c.print("[red]each option at most once[/red]")
            return None
        if len(nums) > left_max:
            c.print(f"[red]at most {left_max}[/red]")
            return None
        return [x - 1 for x in nums]

    def _undo(self, game):
        log = game.log
        idx = next((i for i in range(len(log) - 1, -1, -1) if log[i]["player"] == self.human), None)
        if idx is None:
            self.console.print("nothing to undo: this is your first decision")
            return
        raise UndoRequest([dict(e) for e in log[:idx]])

    def _save(self, game, args):
        force = "--force" in args
        files = [a for a in args if a != "--force"]
        if len(files) != 1:
            self.console.print("usage: save FILE [--force]")
            return
        try:
            write_save(files[0], self.header(), game.log, force=force)
        except PlayError as e:
            self.console.print(Text(str(e), style="red"), soft_wrap=True)
            return
        except OSError as e:
            self.console.print(f"cannot save: {e}", markup=False, soft_wrap=True)
            return
        self.console.print(f"saved to {files[0]} ({len(game.log)} decisions); continue with "
                           f"`cardlang play --load {files[0]}`", markup=False, soft_wrap=True)
