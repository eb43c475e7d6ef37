"""The terminal front end of `cardlang play`: a person against bots, or bots alone.

It knows no game: it asks the State for the pending decision (`pending()`: numbered options
showing each Option's text), answers it (`apply`), and asks the game's view for everything
else it shows (the story of the game, the board, the text of a card). A game is a pure
function of (configuration, seed, decisions), so `undo` reloads the state from its JSON cut
before the person's previous decision (`Game.load_state`), and `save` writes that JSON with
the session's own fields (seats, bot seeds, card-set fingerprint). Bots answer as a function of
their seed and the position in the decision log, so after an undo or a load they answer as
before.

Input: one line per prompt. Numbers pick options ("1", "2 3" or "2,3"); for a choice of several
a short answer picks those and asks for the rest, so answering "1" to everything always
finishes a game. Words: help, undo, save FILE [--force], board, log [N], card NAME, quit.
"""
from __future__ import annotations

import json
import re
import sys

from rich.console import Console
from rich.padding import Padding
from rich.text import Text

from .bots import make_bot, position_seed
from .states import PlayError, load_state
from .savefile import write_save

HELP = """Answer with the number of an option ("1"), or several numbers ("1 3" or "1,3") when the
prompt asks for more than one; "0" (or "none") declines an optional choice. When several are
asked, a shorter answer picks those and asks for the rest.
Commands at any prompt:
  help            this text
  board           show every player's board again
  log [N]         the last N lines of the game's story (default 20)
  card NAME       a card's text (any card, by name)
  undo            go back to your previous decision
  save FILE       save the game; `save FILE --force` overwrites a save
  quit            leave the game (save first to continue later with `cardlang play --load FILE`)"""
STYLE = {"turn": "bold", "special": "bold"}
MAX_LOG = 100000


class QuitRequest(Exception):
    pass


class EndOfInput(Exception):
    pass


def console(file=None, width=None, stderr: bool = False) -> Console:
    """A console that prints what it is given: no markup, no emoji codes (":100:"), no
    highlighting, no line cut in two (user text is data, never markup)."""
    return Console(file=file, width=width, stderr=stderr, highlight=False, markup=False,
                   emoji=False, soft_wrap=True)


class PlaySession:
    """One game in the terminal, from `state` (made with record_events=True). `seats`: "human"
    or a bot name per seat (no "human": bots only). `bot_seeds[seat]` seeds that seat's bot;
    `position` is the number of decisions the state has answered (its log's length)."""

    def __init__(self, game, state, seats: list, bot_seeds: list, out: Console | None = None,
                 stdin=None, verbose: bool = False, position: int = 0):
        self.game, self.view = game, game.view()
        self.state = state
        self.seats = list(seats)
        self.bot_seeds = list(bot_seeds)
        fp = self.view.fingerprint(state)
        self.mode = fp["mode"]  # (an undo reloads in the mode the game is played in)
        self.extra = {"cards": fp["cards"], "seats": self.seats, "bot_seeds": self.bot_seeds}
        self.out = out or console()
        self.stdin = stdin if stdin is not None else sys.stdin
        self.verbose = verbose
        self.position = position
        self.human = self.seats.index("human") if "human" in self.seats else None
        self.names = [f"p{i + 1} ({'you' if s == 'human' else s})" for i, s in enumerate(seats)]
        self.shown = 0          # the story told so far (a position in it)
        self.context = None     # the effect text last shown

    # ---------------------------------------------------------------- the game
    def run(self) -> int:
        """Play to the end; the exit code (0 finished, 1 quit or the input ended)."""
        o = self.out
        o.print(Text(f"{self.view.title(self.state)}: " + ", ".join(self.names), style="bold"))
        if self.human is None:
            return self._bots_only()
        if self.position:
            self._recap()
        else:
            o.print("type a number to choose, `help` for commands (undo, save, board, log, card)")
        try:
            while not self.state.is_terminal():
                d = self.state.pending()
                answer = self.ask(d) if d.player == self.human else self.bot(d)
                if answer is None:
                    continue  # an undo: a new state, asked again
                self.state.apply(answer)
                self.position += 1
        except QuitRequest:
            o.print("left the game (not saved unless you saved it)")
            return 1
        except EndOfInput:
            o.print("input ended before the game did (save with `save FILE`, continue with "
                    "`cardlang play --load FILE`)")
            return 1
        return self._end()

    def _bots_only(self) -> int:
        """Bots in every seat: the fast path, one step at a time, its story told."""
        state = self.state
        bots = [make_bot(s, self.bot_seeds[i], state) for i, s in enumerate(self.seats)]
        while not state.is_terminal():
            state = self.state = state.play_out(bots, max_steps=0)
            self.tell(brief=not self.verbose)
        return self._end()

    def _end(self) -> int:
        self.tell(brief=self.human is None and not self.verbose)
        self.out.print()
        self.print_board(None)
        self.out.print(Text(self.view.result(self.state, self.names) or "", style="bold"))
        return 0

    def bot(self, d):
        seat = d.player
        agent = make_bot(self.seats[seat], position_seed(self.bot_seeds[seat], self.position),
                         self.state)
        return agent.choose(self.state, d)

    # ---------------------------------------------------------------- what is shown
    def tell(self, brief: bool = False) -> None:
        """The story since it was last told."""
        lines, self.shown = self.view.story(self.state, self.shown, self.names, self.human, brief)
        for style, text in lines:
            self.out.print(Text(text, style=STYLE.get(style, "")))

    def _recap(self) -> None:
        """After a load or an undo: the last lines of the story, dimmed, as context."""
        lines, self.shown = self.view.story(self.state, 0, self.names, self.human)
        for _, text in lines[-8:]:
            self.out.print(Text(text, style="dim"))

    def print_board(self, viewer) -> None:
        for part in self.view.board(self.state, self.names, viewer):
            self.out.print(part)

    # ---------------------------------------------------------------- the person
    def ask(self, d):
        """The person's answer to `d` (a list of its options), or None after an undo."""
        o, view, state = self.out, self.view, self.state
        self.tell()
        if view.board_first(state, d):
            o.print()
            self.print_board(self.human)
        ctx = view.context(state, self.names)
        if ctx and (ctx, self.position) != self.context:
            o.print(Text(ctx, style="bold"))
        self.context = (ctx, self.position)
        picked: list = []
        remaining = list(d.options)
        while True:
            need = max(d.min - len(picked), 0)
            most = len(remaining) if d.kind == "order" else d.max - len(picked)
            self._prompt(d, remaining, picked, need, most)
            word = self._readline().strip()
            if not word:
                continue
            cmd, _, rest = word.partition(" ")
            cmd = cmd.lower()
            if cmd in ("help", "h", "?"):
                o.print(HELP)
            elif cmd in ("board", "b"):
                self.print_board(self.human)
            elif cmd == "log":
                self._log(rest.strip())
            elif cmd == "card":
                text = view.card(state, rest)
                o.print(text if text is not None else f"no card named '{rest.strip()}'")
            elif cmd == "undo":
                if self.undo():
                    return None
            elif cmd == "save":
                self.save(rest.split())
            elif cmd in ("quit", "exit", "q"):
                raise QuitRequest()
            else:
                chosen = self._numbers(word, d, remaining, most)
                if chosen is None:
                    continue
                if chosen == "none":
                    return []
                picked += [remaining[i] for i in sorted(chosen)]
                for i in sorted(chosen, reverse=True):
                    remaining.pop(i)
                if d.kind == "order":
                    if len(remaining) <= 1:
                        return picked + remaining
                elif d.all_or_none:
                    if len(picked) == d.max:
                        return picked
                elif len(picked) >= d.min:
                    return picked

    def _prompt(self, d, remaining, picked, need, most) -> None:
        o = self.out
        if d.kind == "order":
            how = "which comes next?" if picked else \
                "which comes first? (a partial answer asks for the rest)"
        elif d.all_or_none:
            how = f"choose {d.max - len(picked)} more" if picked else f"choose {d.max}, or 0 for none"
        elif d.max == 1:
            how = "choose one" + (", or 0 for none" if d.min == 0 else "")
        elif need == most:
            how = f"choose {need}" + (" more" if picked else "")
        else:
            how = f"choose {need} to {most}" + (" more" if picked else "") + \
                (", or 0 for none" if need == 0 and not picked else "")
        title = f"{self.names[d.player]}: {d.prompt or 'choose (' + d.kind + ')'} - {how}"
        if picked:
            title += "  (so far: " + ", ".join(x.text for x in picked) + ")"
        o.print(Text(title, style="bold cyan"))
        for i, opt in enumerate(remaining, 1):
            o.print(Text(f"  {i:>2}. {opt.text}"))
            detail = self.view.option_detail(self.state, opt)
            if detail:
                o.print(Padding(Text(detail, style="dim"), (0, 0, 0, 6)), soft_wrap=False)
        o.print("> ", end="")

    def _readline(self) -> str:
        line = self.stdin.readline()
        if not line:
            raise EndOfInput()
        if not getattr(self.stdin, "isatty", lambda: False)():
            self.out.print(Text(line.rstrip("\n")))  # echo piped input
        return line

    def _refuse(self, why: str) -> None:
        self.out.print(Text(why, style="red"))

    def _numbers(self, word, d, remaining, most):
        """The positions the person named, "none", or None (refused with a reason)."""
        low = word.lower()
        if low in ("0", "none", "-"):
            if d.min == 0 and d.kind != "order":
                return "none"
            self._refuse("this choice is not optional")
            return None
        if low in ("y", "yes", "n", "no") and d.kind == "yesno":
            want = "yes" if low.startswith("y") else "no"
            hits = [i for i, x in enumerate(remaining) if x.id == want]
            if hits:
                return hits
        toks = word.replace(",", " ").split()
        if not all(re.fullmatch(r"[0-9]{1,6}", t) for t in toks):
            # an option typed by its id or text ("place e5"); else the game's reason why such
            # a move is not legal (the view's optional why_not), else not understood
            named = [i for i, x in enumerate(remaining)
                     if low in (x.id.lower(), (x.text or "").lower())]
            if named:
                return named[:1]
            why_not = getattr(self.view, "why_not", None)
            reason = why_not(self.state, word) if why_not is not None else None
            self._refuse(f"refused: {reason}" if reason else
                         f"not understood: {word!r} (type a number, or help)")
            return None
        nums = [int(t) for t in toks]
        if any(not 1 <= x <= len(remaining) for x in nums):
            self._refuse(f"numbers must be between 1 and {len(remaining)}")
            return None
        if len(set(nums)) != len(nums):
            self._refuse("each option at most once")
            return None
        if len(nums) > most:
            self._refuse(f"at most {most}")
            return None
        return [x - 1 for x in nums]

    def _log(self, arg: str) -> None:
        if arg and not re.fullmatch(r"[0-9]{1,6}", arg):
            self._refuse(f"log takes a number of lines (1 to {MAX_LOG}), not {arg!r}")
            return
        n = min(int(arg), MAX_LOG) if arg else 20
        lines, _ = self.view.story(self.state, 0, self.names, self.human)
        for _, text in lines[-n:] if n else []:
            self.out.print(Text(text))

    # ---------------------------------------------------------------- undo, save
    def undo(self) -> bool:
        """Back to the person's previous decision: the state reloaded from its JSON cut
        before it. False (and why) when there is none."""
        data = json.loads(self.state.to_json())
        log = data["decisions"]
        idx = next((i for i in range(len(log) - 1, -1, -1) if log[i]["player"] == self.human), None)
        if idx is None:
            self.out.print("nothing to undo: this is your first decision")
            return False
        data["decisions"] = log[:idx]
        self.state = load_state(self.game, json.dumps(data), self.mode, record_events=True)
        self.position = idx
        self.out.print(Text("undo:", style="bold") + Text(" back to your previous decision"))
        self._recap()
        return True

    def save(self, args: list) -> None:
        force = "--force" in args
        files = [a for a in args if a != "--force"]
        if len(files) != 1:
            self.out.print("usage: save FILE [--force]")
            return
        try:
            n = write_save(files[0], self.state, self.extra, force=force)
        except PlayError as e:
            self._refuse(str(e))
            return
        self.out.print(f"saved to {files[0]} ({n} decisions); continue with "
                       f"`cardlang play --load {files[0]}`")
