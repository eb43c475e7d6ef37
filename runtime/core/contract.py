"""The contract every game implements, after OpenSpiel's Game/State split.

A `Game` is the static description of a game (name, player counts, options, vocabulary), found
by name in the registry (runtime/core/registry.py). A `State` is one position of one game:

    state.pending()         the open decision: who decides, what kind, the legal options, each
                            with a stable id and a line of English (None once the game is over)
    state.apply(answer)     answer it (an Option, an option id or value, or a list of them);
                            an illegal answer raises IllegalMove naming the legal ones
    state.clone()           an independent copy, also in the middle of an effect
    state.is_terminal(), state.returns(), state.observation(player)
    state.determinize(player, rng)   a copy with what `player` cannot see re-dealt at random,
                            consistently with what he sees (fair search)
    state.to_json(), Game.load_state(text)   configuration + decisions: the save format

Agents, front ends, search and benchmarks use nothing else (plus the game's `view` for
drawing a board). How a game's rules become a State is runtime/core/machine.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from dsl.errors import did_you_mean

from .errors import BadOptions, IllegalMove


# ------------------------------------------------------------------ decisions
class Option:
    """One legal option of a pending decision. `id` is stable: the same option has the same
    id in every copy and replay of the game ("meld Agriculture", "red", "yes"); `value` is
    what the rules act on; `text` one line of English for people. Immutable; compared by all
    three. `Option.lazy(id, value, make)`: the text is made by `make()` when first read (a
    search reads thousands of options and not one text)."""

    __slots__ = ("id", "value", "_text", "_make")

    def __init__(self, id: str, value: Any, text: str):
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_make", None)

    @classmethod
    def lazy(cls, id: str, value: Any, make) -> "Option":
        o = cls(id, value, None)
        object.__setattr__(o, "_make", make)
        return o

    @property
    def text(self) -> str:
        if self._make is not None:
            object.__setattr__(self, "_text", self._make())
            object.__setattr__(self, "_make", None)
        return self._text

    def __setattr__(self, name, value):
        raise AttributeError(f"an Option is immutable (cannot set '{name}')")

    def __eq__(self, other) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.id == other.id and self.value == other.value and self.text == other.text

    def __hash__(self) -> int:
        return hash((self.id, self.value, self.text))

    def __repr__(self) -> str:
        return f"Option(id={self.id!r}, value={self.value!r}, text={self.text!r})"


@dataclass(frozen=True)
class Pending:
    """The open decision of a State. An answer is a list of options: between `min` and `max`
    of them without repeats; all of them, in the chosen order, when `kind` is "order"; none or
    exactly `max` with `all_or_none`."""
    player: int
    kind: str
    prompt: str
    options: tuple
    min: int = 1
    max: int = 1
    all_or_none: bool = False

    def find(self, key) -> Optional[Option]:
        """The option named by `key`: an Option, its id, its text, or its value."""
        if isinstance(key, Option):
            return key if key in self.options else None
        for o in self.options:
            if o.id == key:
                return o
        for o in self.options:
            if o.text == key:
                return o
        for o in self.options:
            if type(o.value) is type(key) and o.value == key:
                return o
        if isinstance(key, list):  # a value that JSON turned from a tuple into a list
            return self.find(tuple(key))
        return None

    def resolve(self, answer) -> list:
        """The answer as a list of option values, or IllegalMove saying why it is not legal
        and which options are."""
        many = isinstance(answer, (list, tuple)) and not (
            isinstance(answer, tuple) and self.find(answer) is not None)
        keys = list(answer) if many else [answer]
        values = []
        for k in keys:
            o = self.find(k)
            if o is None:
                raise IllegalMove(f"{k!r} is not an option of this {self.kind} decision; "
                                  f"the options are: {self.legal_ids()}")
            values.append(o.value)
        return values

    def legal_ids(self) -> str:
        shown = [o.id for o in self.options[:12]]
        more = len(self.options) - len(shown)
        return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


# ------------------------------------------------------------------ options of a game
@dataclass(frozen=True)
class OptionSpec:
    """One option a game takes at set-up (`cardlang games` lists them). Its type is the
    default's: bool, int, str, or a tuple (a list of `choices`)."""
    name: str
    default: Any
    doc: str = ""
    choices: tuple = ()
    minimum: Optional[int] = None
    maximum: Optional[int] = None

    def check(self, value):
        d = self.default
        if isinstance(d, bool):
            if not isinstance(value, bool):
                raise BadOptions(f"option '{self.name}' is true or false, not {value!r}")
            return value
        if isinstance(d, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOptions(f"option '{self.name}' is a whole number, not {value!r}")
            if (self.minimum is not None and value < self.minimum) or \
                    (self.maximum is not None and value > self.maximum):
                raise BadOptions(f"option '{self.name}' is {self.minimum} to {self.maximum}, "
                                 f"not {value}")
            if self.choices and value not in self.choices:
                raise BadOptions(f"option '{self.name}' is one of {list(self.choices)}, "
                                 f"not {value}")
            return value
        if isinstance(d, tuple):
            if isinstance(value, str) or not isinstance(value, (list, tuple)):
                raise BadOptions(f"option '{self.name}' is a list of {list(self.choices)}, "
                                 f"not {value!r}")
            for v in value:
                if v not in self.choices:
                    hint = did_you_mean(str(v), [str(c) for c in self.choices])
                    raise BadOptions(f"option '{self.name}': unknown {v!r}"
                                     + (f"; {hint}" if hint else "")
                                     + f" (known: {', '.join(map(str, self.choices))})")
            return tuple(value)
        if not isinstance(value, str) or (self.choices and value not in self.choices):
            raise BadOptions(f"option '{self.name}' is one of {list(self.choices)}, not {value!r}")
        return value

    def describe(self) -> str:
        if isinstance(self.default, bool):
            kind = "true|false"
        elif isinstance(self.default, tuple):
            kind = "list of " + "|".join(map(str, self.choices))
        elif self.choices:
            kind = "|".join(map(str, self.choices))
        elif isinstance(self.default, int):
            kind = f"{self.minimum}..{self.maximum}" if self.minimum is not None else "int"
        else:
            kind = "text"
        default = ",".join(map(str, self.default)) if isinstance(self.default, tuple) \
            else str(self.default).lower() if isinstance(self.default, bool) else str(self.default)
        return f"{self.name} ({kind}, default {default}): {self.doc}"


@dataclass
class ValidationReport:
    """A game's cards against a reference table (Game.validate): one row of `columns` a card
    (texts), `status` per row ("ok", "justified", "differs", "absent", ...), the problems of
    each failing card, and Markdown for docs/cards/. `failed`: a card differs from the table
    where it must not (the command then exits with 1)."""
    title: str
    columns: tuple
    rows: list
    status: list
    problems: list          # (card, text)
    markdown: str
    failed: bool


# ------------------------------------------------------------------ the game
class Game:
    """The static description of a game. A game package defines one subclass and one
    instance, named by an entry point of the group `cardlang.games`."""

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    option_specs: tuple = ()

    def vocabulary(self):
        """The game's words (dsl.vocab.Vocabulary): what its cards may say."""
        raise NotImplementedError

    def options(self, given: Optional[dict] = None) -> dict:
        """Every option with its value: the given ones checked, the others defaulted. Unknown
        or bad options raise BadOptions with the reason (and a did-you-mean)."""
        given = dict(given or {})
        specs = {s.name: s for s in self.option_specs}
        out = {}
        for k, v in given.items():
            spec = specs.get(k)
            if spec is None:
                hint = did_you_mean(str(k), specs)
                raise BadOptions(f"{self.name} has no option '{k}'" + (f"; {hint}" if hint else "")
                                 + f" (options: {', '.join(specs)})")
            out[k] = spec.check(v)
        for s in self.option_specs:
            out.setdefault(s.name, s.default)
        self.check_options(out)
        return out

    def check_options(self, options: dict) -> None:
        """Rules between options (e.g. teams need four players): raise BadOptions."""

    def new_state(self, options: Optional[dict] = None, seed: int = 0,
                  mode: str = "interpreted", record_events: bool = False) -> "State":
        """A new game at its first decision. `mode`: interpreted or compiled card effects.
        `record_events`: keep the events the game's view tells (front ends; slower)."""
        raise NotImplementedError

    def load_state(self, text: str, mode: str = "interpreted",
                   record_events: bool = False) -> "State":
        """State.from_json: a state from its JSON (configuration + decisions). A corrupt or
        foreign text raises BadSave with the reason."""
        raise NotImplementedError

    def view(self):
        """What front ends show of a state: texts, a board as Rich renderables, game records
        (runtime/games/innovation/view.py is Innovation's; docs/runtime.md lists the calls)."""
        raise NotImplementedError

    def compile(self, cards: list, label: str, progress=None, force: bool = False):
        """Build compiled mode for a set of checked cards: ((runtime root, cached), [the
        set's module builds]); raises dsl.codegen.CompilerUnavailable without a compiler."""
        raise NotImplementedError(f"{self.name} has no compiled mode")

    def card_folders(self, set_name: str) -> list:
        """The folders of the card set `GAME/set_name` (`cardlang compile`): by default the
        one folder cards/<game>/<set_name>; a game may make a set of several."""
        from pathlib import Path
        from .cardfiles import CARDS_ROOT
        return [Path(CARDS_ROOT) / self.name / set_name]

    def validate(self, reference: str, set_name: Optional[str] = None,
                 threshold: float = 0.6) -> Optional["ValidationReport"]:
        """`cardlang validate`: the game's cards checked against a reference table (the file
        `reference`; a game may read its sibling files). None: the game compares rendered
        card texts only, the front end's text-table comparison (Innovation's)."""
        return None

    def scenarios(self, mode: str = "interpreted", cards=None):
        """The game's part of the scenario runner (runtime/core/scenario.py Zones: building a
        position from `setup`, reading `expect`, naming its actions), card effects in `mode`,
        of the game's own card set or of `cards` (checked cards: a set of one's own)."""
        raise NotImplementedError(f"{self.name} has no scenario runner")

    def cardset(self, mode: str = "interpreted", cards=None, **options):
        """The game's cards built for `mode` (the shipped ones, or `cards`: checked cards of
        one's own), under `options` that change what the cards are (e.g. an edition). What
        the game's engines play with; tests and tools read its table and modules."""
        raise NotImplementedError(f"{self.name} has no card set")

    def describe(self) -> list[str]:
        """Lines for `cardlang games`."""
        players = (f"{self.min_players}" if self.min_players == self.max_players
                   else f"{self.min_players}-{self.max_players}")
        return [f"{self.name}: {self.title} ({players} players)"] + \
            ["  " + s.describe() for s in self.option_specs]


class State:
    """One position of one game. See the module's docstring; runtime/core/machine.py
    implements it for games whose rules are written in direct style."""

    game: Game

    def current_player(self) -> int:
        """The player who decides now; -1 once the game is over."""
        raise NotImplementedError

    def pending(self) -> Optional[Pending]:
        raise NotImplementedError

    def apply(self, answer) -> None:
        raise NotImplementedError

    def clone(self) -> "State":
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def returns(self) -> tuple:
        """Each player's outcome once the game is over: 1 for a win, 0 for a loss, 1/k for
        each of k tied winners (all 0 before the end)."""
        raise NotImplementedError

    def observation(self, player: int) -> dict:
        """What `player` may see now: no other player's hidden cards, no deck order."""
        raise NotImplementedError

    def determinize(self, player: int, rng) -> "State":
        """A copy of this state at the same decision in which everything `player` cannot
        see is re-dealt at random (drawn from `rng`, a runtime.core.rng.Rng) among what is
        consistent with what he sees: `observation(player)` is the same, the hidden content
        (other players' hidden cards, deck order) is a sample, not the truth. What search
        agents search instead of the true state, so as to play fair."""
        raise NotImplementedError

    def can_determinize(self) -> bool:
        """Whether determinize() works for this game (a search agent needs it)."""
        return False

    def to_json(self) -> str:
        raise NotImplementedError
