"""Rules written in direct style, made a resumable State.

A game's rules (its *engine*) are written the natural way: when an effect needs a choice it
asks the deciding seat and goes on with the answer (`engine.agents[player].choose(engine,
decision)`), deep inside a dogma, a summon or a karma. `EngineState` turns such an engine
into a `contract.State` whose decisions are data, not callbacks:

* The game is cut into *steps* (the set-up, then one action of a player with everything it
  causes). The state keeps the engine as it was at the start of the current step (the
  checkpoint, never changed) and the answers given in that step.
* To find the open decision it runs the step on a copy of the checkpoint; the seats answer
  from the step's answers, and at the first decision beyond them the run stops (`Suspend`).
  The copy, stopped there, is the position at that decision.
* `apply(answer)` adds the answer and runs the step again from the checkpoint: the rules are
  a pure function of (checkpoint, answers), RNG included, so the run retraces the step and
  stops at the next decision, or completes the step, whose end is the next checkpoint.

So any state can be cloned (share the checkpoint, copy the answers), saved (configuration +
every answer) and searched, even mid-effect, and no front end ever blocks inside the rules.
A step of k decisions costs k partial runs; steps are one action long.

`play_out(agents)` is the fast path for simulations and playouts: one run to the end in which
the engine asks the agents directly, with the same answers, hence the same game and log as
answering every `pending()` through `apply()` (tested).

The engine protocol (what a game's rules object provides):
    n_players, agents (the seats, set here), log (answered decisions), over, transactional
    setup()              the set-up and its decisions
    step()               one step: the current player's action and all it causes
    play(max_steps)      (optional) step() until the game is over or max_steps steps
    clone()              an independent copy
    result()             None, or an object with `winners` (seats) and `reason`
    option_id(kind, value), option_text(kind, value)   for Pending options (a Decision's
                         `labels`, when the rules give them, are its options' text instead)
    observation(player)  what a player may see
    heuristic(player)    the game's estimate of a position (greedy, search)
    hidden_classes(player), relabeled(sigma), relabel_answer(kind, values, sigma)
                         (optional) what a player cannot tell apart and how to rename it:
                         determinize (see EngineState.determinize)
    random_agent(seed)   the rules' own RandomAgent (compiled with compiled rules)
    save_header()        {"game", "options", "seed"}: the configuration of the save format
"""
from __future__ import annotations

import json
import random

from .agents.basic import Agent, ask
from .contract import Option, Pending, State
from .decision import validate_answer
from .errors import BadSave, IllegalMove

SETUP, STEPS = 0, 1

# EngineState.determinize: renamings tried before fewer classes are renamed; and how often it
# was called, drew a renaming again, and kept the state as it is (tests and benchmarks read it)
DETERMINIZE_TRIES = 8
DETERMINIZE_STATS = {"calls": 0, "retries": 0, "kept": 0}


class Suspend(BaseException):
    """Raised by a seat at a decision that has no answer yet; it unwinds the run (a
    BaseException, so that no `except Exception` in rules or card code can swallow it)."""

    def __init__(self, decision):
        self.decision = decision


class _Script(Agent):
    """Every seat of one run: answers from the step's answers in order; past them, suspends
    the run (`policies` None) or hands the seats to the policies (play_out)."""

    name = "script"

    def __init__(self, answers: list, policies=None):
        self.answers = answers
        self.pos = 0
        self.policies = policies

    def choose(self, game, d) -> list:
        if self.pos < len(self.answers):
            a = self.answers[self.pos]
            self.pos += 1
            return list(a)
        if self.policies is None:
            raise Suspend(d)
        # from here on the engine asks the policies itself (their fast paths included)
        game.agents = list(self.policies)
        return ask(game.agents[d.player], game, d)


class EngineState(State):
    """contract.State for an engine written in direct style (see the module's docstring)."""

    def __init__(self, game, engine, phase: int = SETUP, fresh=None):
        """`engine`: the rules before their set-up (phase SETUP), or at the start of a step.
        Nothing runs until something asks (pending, apply, observation...). `fresh` (phase
        SETUP): makes the engine before its set-up anew, which costs less than copying one
        (a new game's runs start from it); `engine` may then be None."""
        self.game = game
        if engine is not None:
            engine.transactional = False  # answers are checked before a run: no rollback
        self._base = engine           # the checkpoint: never changed, copied for each run
        self._fresh = fresh if phase == SETUP else None
        self._phase = phase
        self._answers: list = []      # the answers given in the current step
        self._live = None             # the run stopped at the pending decision (read only);
        self._decision = None         # None: not run yet (see _open)
        self._view = None             # pending(), made when first asked
        self._det = None              # determinize's (player, classes, entries, observation)

    # ------------------------------------------------------------------ the machine
    def _copy_base(self):
        """A copy of the checkpoint to run (a new engine, for a new game made with `fresh`)."""
        if self._fresh is not None:
            eng = self._fresh()
            eng.transactional = False
            return eng
        return self._base.clone()

    def _open(self) -> None:
        """Run up to the pending decision if that has not been done yet."""
        if self._live is None:
            if self._phase == STEPS and self._base.over:
                self._live = self._base
            else:
                self._run()

    def _run(self) -> None:
        """Run the current step from its checkpoint with its answers; a completed step's end
        is the next checkpoint, and the next step runs until its first decision."""
        while True:
            eng = self._copy_base()
            script = _Script(self._answers)
            eng.agents = [script] * eng.n_players
            try:
                if self._phase == SETUP:
                    eng.setup()
                elif not eng.over:
                    eng.step()
            except Suspend as s:
                self._live, self._decision, self._view = eng, s.decision, None
                return
            if script.pos != len(self._answers):  # a rules bug: the step did not retrace
                raise RuntimeError("a step used fewer answers when run again: its rules are "
                                   "not a function of the checkpoint and the answers")
            self._base, self._phase, self._answers, self._fresh = eng, STEPS, [], None
            if eng.over:
                self._live, self._decision, self._view = eng, None, None
                return

    @property
    def engine(self):
        """The rules at the pending decision (or at the end), for reading only: the game's
        view and tests read it; changing it breaks the state."""
        self._open()
        return self._live

    # ------------------------------------------------------------------ the contract
    def current_player(self) -> int:
        self._open()
        return -1 if self._decision is None else self._decision.player

    def pending(self):
        self._open()
        d = self._decision
        if d is None:
            return None
        if self._view is None:
            eng = self._live
            labels = d.labels  # the rules' own English for these options, if any
            kind, text = d.kind, eng.option_text
            opts = tuple(Option(eng.option_id(kind, o), o, labels[i]) if labels and labels[i]
                         else Option.lazy(eng.option_id(kind, o), o,
                                          lambda o=o: text(kind, o))  # (made when read)
                         for i, o in enumerate(d.options))
            self._view = Pending(d.player, d.kind, d.prompt, opts, d.min, d.max, d.all_or_none)
        return self._view

    def apply(self, answer) -> None:
        self._open()
        d = self._decision
        if d is None:
            raise IllegalMove("the game is over")
        values = self.pending().resolve(answer)
        values = validate_answer(d, values)  # counts, repeats, orders: IllegalMove
        self._answers = self._answers + [values]  # a new list: clones share the old one
        self._det = None
        self._run()

    def clone(self) -> "EngineState":
        c = object.__new__(type(self))
        c.__dict__.update(self.__dict__)  # checkpoint and live run are shared, never changed
        return c

    def is_terminal(self) -> bool:
        if self._live is None and self._phase == STEPS:
            return self._base.over  # (a step's start: no run needed to know)
        self._open()
        return self._decision is None

    def returns(self) -> tuple:
        self._open()
        n = self._live.n_players
        r = self._live.result() if self._decision is None else None
        if r is None or not r.winners:
            return (0.0,) * n
        share = 1.0 / len(r.winners)
        return tuple(share if p in r.winners else 0.0 for p in range(n))

    def result(self):
        """The rules' result once the game is over (winners and reason), else None."""
        self._open()
        return self._live.result() if self._decision is None else None

    def observation(self, player: int) -> dict:
        self._open()
        return self._live.observation(player)

    def heuristic(self, player: int) -> float:
        """The game's estimate of how well `player` stands (search and greedy agents); at a
        step's start, of the position the step starts from (no run needed)."""
        if self._live is None and self._phase == STEPS:
            return self._base.heuristic(player)
        self._open()
        return self._live.heuristic(player)

    def random_agent(self, seed: int):
        """A random agent that this state's rules ask fastest (their own, compiled when they
        are): the same answers as agents.RandomAgent(seed)."""
        self._open()
        return self._live.random_agent(seed)

    @property
    def log(self) -> list:
        """Every answered decision so far (the save format's body)."""
        self._open()
        return self._live.log

    def to_json(self) -> str:
        from .replay import dumps
        self._open()
        return dumps(self._live.save_header(), self._live.log)

    # ------------------------------------------------------------------ determinization
    def determinize(self, player: int, rng) -> "EngineState":
        """contract.State.determinize. The engine names what `player` cannot tell apart
        (`hidden_classes(player)`: lists of interchangeable items, e.g. face-down cards of one
        age); a random renaming `sigma` within those classes is drawn from `rng`, applied to the
        step's checkpoint (`relabeled(sigma)`) and to the step's answers (`relabel_answer`), and
        the step is run again: the same decision is reached in the re-dealt world. Items he saw
        at the start of the step are never renamed (he knows them). The copy must show him
        exactly what he sees now (observation, decision, its number of options); a renaming
        under which the step goes otherwise (its rules read a hidden card) is drawn again, with
        fewer classes after DETERMINIZE_TRIES tries; if none fits, the state is copied as it is
        (counted in DETERMINIZE_STATS["kept"]: a rare last resort)."""
        self._open()
        d0 = self._decision
        DETERMINIZE_STATS["calls"] += 1
        if d0 is None:
            return self.clone()
        if getattr(self._live, "hidden_classes", None) is None:
            raise NotImplementedError(
                f"{self.game.name} does not say what a player cannot see (its engine has no "
                f"hidden_classes): no determinize, so no fair search of it")
        known = self._det
        if known is None or known[0] != player:
            known = self._det = (player,) + self._hidden(player)
        _, classes, entries, seen = known
        if not classes:
            return self.clone()
        live = self._live
        shuffle = random.Random(rng.next_u32()).shuffle  # (C: a re-deal shuffles ~100 cards)
        for attempt in range(2 * DETERMINIZE_TRIES):
            sigma = {}
            for cl in classes:
                if attempt >= DETERMINIZE_TRIES and rng.below(2):
                    continue  # later tries rename fewer classes
                perm = list(cl)
                shuffle(perm)
                for c, r in zip(cl, perm):
                    if c != r:
                        sigma[c] = r
            base = self._copy_base() if self._phase == SETUP else self._base
            st = EngineState(self.game, base.relabeled(sigma), self._phase)
            if not entries:  # the step's first decision: reached from the renamed checkpoint
                st._open()   # with nothing that could go otherwise (tests check the observation)
                return st
            st._answers = [live.relabel_answer(e["kind"], a, sigma)
                           for e, a in zip(entries, self._answers)]
            try:
                st._open()
            except Exception:  # the renamed step went otherwise: an answer no longer fits
                DETERMINIZE_STATS["retries"] += 1
                continue
            d = st._decision
            if d is not None and d.player == d0.player and d.kind == d0.kind and \
                    len(d.options) == len(d0.options) and st._live.observation(player) == seen:
                return st
            DETERMINIZE_STATS["retries"] += 1
        DETERMINIZE_STATS["kept"] += 1
        return self.clone()

    def can_determinize(self) -> bool:
        self._open()
        return getattr(self._live, "hidden_classes", None) is not None

    def _hidden(self, player: int) -> tuple:
        """(classes, the step's log entries, the observation) for determinize: what `player`
        cannot tell apart now and could not at the step's start, made once per position."""
        live = self._live
        classes = live.hidden_classes(player)
        if self._phase == STEPS:
            hidden_before = set()
            for cl in self._base.hidden_classes(player):
                hidden_before.update(cl)
            classes = [k for k in ([c for c in cl if c in hidden_before] for cl in classes)
                       if len(k) > 1]
        n = len(self._answers)
        entries = live.log[len(live.log) - n:] if n else []
        if len(entries) != n or any(list(e["answer"]) != list(a)
                                    for e, a in zip(entries, self._answers)):
            raise RuntimeError("the step's answers are not the end of the decision log")
        return classes, entries, (live.observation(player) if n else None)

    # ------------------------------------------------------------------ fast paths
    def play_out(self, agents: list, max_steps: int = 100000) -> "EngineState":
        """Play on from here, the engine asking `agents` (one per seat) directly: the current
        step to its end, then at most `max_steps` more steps (to the end of the game by
        default). Returns the state reached, at the start of a step; this state is not
        changed. The same answers give the same game as answering every pending() through
        apply() (tested); this is the fast path of simulations and search play-outs.
        An agent with `wants_state` (one that reads the contract, e.g. the greedy agent) is
        asked `choose(state, pending)` with the State at its decision (_StateSeat)."""
        for a in agents:
            if getattr(a, "wants_state", False):
                return self._play_out_asking_states(agents, max_steps)
        eng = self._copy_base()
        eng.agents = [_Script(self._answers, agents)] * eng.n_players if self._answers \
            else list(agents)
        phase = self._phase
        if phase == SETUP:
            eng.setup()
        elif not eng.over:
            eng.step()
        play = getattr(eng, "play", None)
        if play is not None:
            play(max_steps)  # the engine's own loop of steps (in C when compiled)
        else:
            n = 0
            while not eng.over and n < max_steps:
                eng.step()
                n += 1
        return EngineState(self.game, eng, STEPS)

    def _play_out_asking_states(self, agents: list, max_steps: int) -> "EngineState":
        """play_out with seats that are asked with States: the start of every step is kept
        (a clone per step), from which such a seat's State is made at its decision."""
        at = _Checkpoint(_quiet(self._copy_base()), self._phase)
        seats = [_StateSeat(self.game, a, at) if getattr(a, "wants_state", False) else a
                 for a in agents]
        eng = self._copy_base()
        eng.agents = [_Script(self._answers, seats)] * eng.n_players if self._answers \
            else list(seats)
        if self._phase == SETUP:
            eng.setup()
        elif not eng.over:
            eng.step()
        n = 0
        while not eng.over and n < max_steps:
            at.base, at.phase = _quiet(eng.clone()), STEPS
            eng.step()
            n += 1
        return EngineState(self.game, eng, STEPS)

    # ------------------------------------------------------------------ loading
    @classmethod
    def replayed(cls, game, engine, entries: list) -> "EngineState":
        """The state after answering `entries` (a decision log) from `engine` before its set-up;
        an entry that does not fit raises BadSave naming it."""
        st = cls(game, engine)
        for i, e in enumerate(entries):
            st._open()
            d = st._decision
            if d is None:
                raise BadSave(f"decision {i}: the game is already over")
            if e["player"] != d.player or e["kind"] != d.kind:
                raise BadSave(f"decision {i} is a {e['kind']} decision of player "
                              f"{e['player'] + 1}, but the game asks a {d.kind} decision of "
                              f"player {d.player + 1}")
            try:
                st.apply(list(e["answer"]))
            except IllegalMove as exc:
                raise BadSave(f"decision {i}: {exc.reason}") from None
        return st


def _quiet(engine):
    """`engine`, keeping no events from now on: the agents' States and their clones need none
    (agents read no events), and recording them made the greedy agent's tries a third slower."""
    if getattr(engine, "record_events", False):
        engine.record_events = False
        engine.events = []
    return engine


class _Checkpoint:
    """The engine at the start of the step a play-out is in (never changed), and its phase."""

    def __init__(self, base, phase: int):
        self.base, self.phase = base, phase


class _StateSeat(Agent):
    """A seat of a play-out whose agent reads the contract: at each of its decisions the
    agent is asked with the State there (the step's checkpoint, the answers given in the
    step so far, the live run as the position: valid during the call only) and its Pending."""

    name = "state-seat"

    def __init__(self, game, agent, at: _Checkpoint):
        self.game, self.agent, self.at = game, agent, at

    def choose(self, eng, d) -> list:
        base = self.at.base
        st = EngineState.__new__(EngineState)
        st.game, st._base, st._phase, st._fresh = self.game, base, self.at.phase, None
        st._answers = [list(e["answer"]) for e in eng.log[len(base.log):]]
        st._live, st._decision, st._view, st._det = eng, d, None, None
        p = st.pending()
        return p.resolve(self.agent.choose(st, p))


def parse_saved(text: str, game_name: str) -> tuple[dict, list]:
    """(header, entries) of a state's JSON, or BadSave with the reason."""
    from .replay import from_jsonable
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise BadSave(f"not JSON: {e}") from None
    if not isinstance(data, dict) or data.get("version") != 1 or \
            not isinstance(data.get("header"), dict) or not isinstance(data.get("decisions"), list):
        raise BadSave("not a saved state (version 1: header and decisions)")
    header = data["header"]
    if header.get("game") != game_name:
        raise BadSave(f"a state of '{header.get('game')}', not of '{game_name}'")
    try:
        entries = from_jsonable(data["decisions"])
    except (KeyError, TypeError, ValueError) as e:
        raise BadSave(f"malformed decisions: {e}") from None
    return header, entries


def engine_from_save(game, header: dict, options: dict, mode: str, record_events: bool):
    """The engine a save starts from: its seed checked, its options through the game's own
    check (a refusal of either is the save's, BadSave with the reason)."""
    from .errors import BadOptions
    seed = header.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 64:
        raise BadSave(f"the seed must be a whole number from 0 to 2**64 - 1, not {seed!r}")
    try:
        return game.engine(options, seed, mode, record_events)
    except BadOptions as e:
        raise BadSave(f"options: {e}") from None
