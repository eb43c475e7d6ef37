"""The scenario runner (format v1, docs/scenarios.md "Scenario format"), for every game.

A scenario builds a position by hand, plays scripted steps through the contract and compares
the position reached with `expect`:

1. check the scenario's shape (scenario_schema; the game's Zones check their part), so that
   bad input is refused with located problems before anything runs;
2. build the position: the game's Zones.build gives a contract State at the start of a step;
3. each action step is State.apply of the action's option id; the `choose` steps after it
   are queued for their actors, and each decision of an actor takes that actor's next answer
   (an option's id or its text; [] declines). A decision with no answer left fails the
   scenario, with its prompt and options, unless the scenario says "unscripted": "first
   legal"; an answer left unused fails it too;
4. compare: the game's Zones.compare for the zones, here for `game_over`.

Only the zones are the game's: what a position is made of, how `setup` builds it and how
`expect` reads it, and how an action step names its option (Zones, below).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from .errors import IllegalMove
from .scenario_schema import Checker, Problem, check_scenario, show

MAX_LISTED = 12    # options listed in a message


class Zones:
    """A game's part of the scenario runner (Game.scenarios(mode) gives it). Attributes:
    `game` (the registry's Game), `setup_keys` / `expect_keys` (the keys the game reads in
    `setup` and `expect`, with a few words each), `actions` (action word -> the fields its
    step may have), `action_kind` (the kind of the decision that starts a step, where an
    action step is answered), `game_over_reasons`, `option_aliases` (old option names -> the
    game's)."""

    game = None
    action_kind = "action"
    setup_keys: dict = {}
    expect_keys: dict = {}
    actions: dict = {}
    game_over_reasons: tuple = ()
    option_aliases: dict = {}

    # ---- checking (the Checker collects located problems; nothing may raise)
    def check_setup(self, setup: dict, path: tuple, chk: Checker, n: int, options: dict):
        raise NotImplementedError

    def check_expect(self, expect: dict, path: tuple, chk: Checker, n: int, options: dict):
        raise NotImplementedError

    def check_action(self, step: dict, path: tuple, chk: Checker, n: int):
        """The fields of an action step (its keys are already known to be allowed)."""

    # ---- running (on a checked scenario)
    def build(self, data: dict):
        """The contract State of the scenario's position, at the start of a step."""
        raise NotImplementedError

    def action_option(self, state, step: dict) -> str:
        """The option id of an action step in `state` ("dogma Oars")."""
        raise NotImplementedError

    def why_illegal(self, state, step: dict):
        """The rules' reason why an action step is not legal in `state`, or None."""
        return None

    def compare(self, state, expect: dict) -> list[str]:
        """Readable differences between the zones `expect` lists and the state."""
        raise NotImplementedError

    def outcome(self, state):
        """None while the game goes on, else {"winners": ["p1", ...], "reason": ...}."""
        raise NotImplementedError


@dataclass
class ScenarioResult:
    name: str
    passed: bool
    diffs: list = field(default_factory=list)     # why it failed, one line each
    notes: list = field(default_factory=list)     # what a reader should know
    path: str = ""
    problems: list = field(default_factory=list)  # the input's problems (then nothing ran)

    def to_dict(self) -> dict:
        return {"name": self.name, "passed": self.passed, "diffs": list(self.diffs),
                "notes": list(self.notes), "path": self.path,
                "problems": [p.line() for p in self.problems]}


def scenario_name(data) -> str:
    name = data.get("name") if isinstance(data, dict) else None
    return name if isinstance(name, str) else "<unnamed>"


def run_scenario(data, zones: Zones, path: str = "") -> ScenarioResult:
    """Check, build, play and compare one scenario (a dict as JSON gives it)."""
    name = scenario_name(data)
    problems = check_scenario(data, zones)
    if problems:
        return ScenarioResult(name, False, [p.line() for p in problems], [], path, problems)
    try:
        state = zones.build(data)
    except ScenarioInputError as e:  # found only while building (the checks should have)
        p = Problem(e.path, e.message)
        return ScenarioResult(name, False, [p.line()], [], path, [p])
    except Exception as e:  # the rules refused the position: a failure, with why
        return ScenarioResult(name, False, [f"the position could not be built: "
                                            f"{type(e).__name__}: {e}"], [], path)
    play = _Play(state, zones, data.get("unscripted", "fail"))
    expect = data.get("expect", {})
    try:
        play.run(data.get("steps", []))
        diffs = play.diffs + zones.compare(state, expect)
        if "game_over" in expect:
            want, got = _outcome(expect["game_over"]), zones.outcome(state)
            if want != got:
                diffs.append(f"game_over: expected {want}, got {got}")
    except Exception as e:  # the rules or a card failed: a failure of this scenario, with why
        where = "while comparing" if play.done else f"at step {play.at}"
        return ScenarioResult(name, False, play.diffs + [
            f"the engine failed {where}: {type(e).__name__}: {e}"], play.notes, path)
    return ScenarioResult(name, not diffs, diffs, play.notes, path)


class ScenarioInputError(Exception):
    """Raised by a game's Zones.build for a problem of the scenario that its checks missed."""

    def __init__(self, path: tuple, message: str):
        super().__init__(message)
        self.path, self.message = tuple(path), message


def _outcome(v):
    if v is None:
        return None
    return {"winners": sorted(v.get("winners", [])), "reason": v.get("reason")}


def answer_keys(raw) -> list:
    """A scripted answer as the option keys State.apply reads: strings (a number is its
    digits: "3" is the id of the value 3, never the card whose number is 3)."""
    items = raw if isinstance(raw, list) else [raw]
    return [str(x) for x in items]


def first_legal(p) -> list:
    """The answer a non-thinking player gives (decision.first_legal_answer, on a Pending):
    the first options, as few as allowed but one when one may be taken."""
    if p.kind == "order":
        return list(p.options)
    if p.all_or_none:
        return list(p.options[:p.max])
    k = p.min if p.min > 0 else (1 if p.max >= 1 and p.options else 0)
    return list(p.options[:k])


def describe_pending(p) -> str:
    """A pending decision for a message: who, what, how many, and its options (id, and the
    text where it says more)."""
    shown = []
    for o in p.options[:MAX_LISTED]:
        shown.append(o.id if o.text in ("", o.id) else f"{o.id} ({o.text})")
    more = len(p.options) - len(shown)
    count = (f"{p.max} or none" if p.all_or_none else
             "all, in order" if p.kind == "order" else
             f"{p.min}" if p.min == p.max else f"{p.min} to {p.max}")
    prompt = f" \"{p.prompt}\"" if p.prompt else ""
    return (f"p{p.player + 1}'s {p.kind} decision{prompt} (choose {count}); options: "
            + "; ".join(shown) + (f"; and {more} more" if more > 0 else ""))


class _Play:
    """The steps of one scenario played on its State (see the module's docstring)."""

    def __init__(self, state, zones: Zones, unscripted: str):
        self.state, self.zones, self.unscripted = state, zones, unscripted
        self.queues: dict = {}           # seat -> deque of (step number, answer)
        self.diffs: list = []
        self.notes: list = []
        self.at = 0                      # the step being played (for messages)
        self.done = False                # every step played (or the play stopped)

    def queue(self, no: int, step: dict) -> None:
        seat = int(step["actor"][1:]) - 1
        self.queues.setdefault(seat, deque()).append((no, step["choose"]))

    def run(self, steps: list) -> None:
        self._run(steps)
        self.done = True

    def _run(self, steps: list) -> None:
        i = 0
        while i < len(steps):
            step, no = steps[i], i + 1
            self.at = no
            if "choose" in step:
                self.queue(no, step)
                i += 1
                continue
            if not self.settle(f"before step {no}"):
                return
            j = i + 1  # the answers after an action are that action's
            while j < len(steps) and "choose" in steps[j]:
                self.queue(j + 1, steps[j])
                j += 1
            if not self.act(no, step):
                return
            i = j
        if self.settle("after the last step"):
            for seat, q in sorted(self.queues.items()):
                if q:
                    self.diffs.append(
                        f"p{seat + 1}: {len(q)} scripted answer(s) not used: "
                        + ", ".join(f"step {k} {show(a)}" for k, a in q)
                        + " (no decision of this player was left to answer)")

    def act(self, no: int, step: dict) -> bool:
        st, actor = self.state, step["actor"]
        p = st.pending()
        if p is None:
            self.diffs.append(f"step {no}: the game is over; {actor} cannot {step['action']}")
            return False
        if f"p{p.player + 1}" != actor:
            self.diffs.append(f"step {no}: {actor} acts but it is p{p.player + 1}'s turn")
            return False
        option = self.zones.action_option(st, step)
        try:
            st.apply(option)
        except IllegalMove as e:
            why = self.zones.why_illegal(st, step) or e.reason
            self.diffs.append(f"step {no}: illegal {step['action']}: {why}")
            return False
        return True

    def settle(self, when: str) -> bool:
        """Answer the open decisions up to the next action from the actors' queues."""
        st = self.state
        while True:
            p = st.pending()
            if p is None or p.kind == self.zones.action_kind:
                return True
            q = self.queues.get(p.player)
            if q:
                no, raw = q.popleft()
                try:
                    st.apply(answer_keys(raw))
                except IllegalMove as e:
                    why = e.reason if "options are" in e.reason else \
                        f"{e.reason}; {describe_pending(p)}"
                    self.diffs.append(f"step {no}: p{p.player + 1}'s answer {show(raw)} to "
                                      f"the {p.kind} decision \"{p.prompt}\" is refused: {why}")
                    return False
            elif self.unscripted == "first legal":
                took = first_legal(p)
                self.notes.append(f"{when}: no scripted answer for {describe_pending(p)}; "
                                  f"took the first legal {[o.id for o in took]}")
                st.apply(took)
            else:
                self.diffs.append(f"{when}: no scripted answer for {describe_pending(p)}; "
                                  f"script it (a choose step of p{p.player + 1}; "
                                  f"'p{p.player + 1} choose: ...' in an example)")
                return False
