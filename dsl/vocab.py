"""The vocabulary API: how a game tells the language its words, and what each word does.

The grammar knows no game word, and neither does the rest of dsl/. A game declares, once each:

* its **types** and their subtyping (`type`): value, rank, square, piece, ... (card and
  player, with their lists, are the language's own). The language's own types are int,
  bool, str, any and place (a zone of some players).
* card **attributes**, **zones**, **nouns**, **adjectives** and **constants**;
* its **verbs** (`VerbDef`): the signature the checker enforces, what the verb does (`run`),
  its English (`phrase`) and optionally its compiled form (`inline`), all in one place, in
  the verb's own module (see `verb` below and docs/authoring.md);
* its **functions** (`FuncDef`) and **tests** (`TestDef`: what an adjective or `has` asks of
  an item), likewise with their behaviour, English and compiled form;
* how a zone is listed for some players (`lister`), the items of a noun with no zone
  (`domains`), its **effect kinds** and **stop scopes**, and its phrasebook (a subclass of
  dsl.render.Renderer for its printed idioms).

A word declared without behaviour (`reserve`) is known to the checker, which refuses it with
"not playable yet" instead of "unknown". A vocabulary is validated when the game loads it: a
verb declared twice, a verb without a phrase or a cycle of types is refused naming the
declaring file and line. Games are found by name through the `cardlang.games` entry points.
"""
from __future__ import annotations

import inspect
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

# the language's own types (the vocabulary adds the game's): cards and players are the
# language's too (`this` card, `you`, `opponents`)
BUILTIN_TYPES = ("int", "bool", "str", "any", "place", "unknown")


class VocabularyError(Exception):
    """A game's vocabulary is malformed: names the declaring file and line."""


def _where(depth: int = 2) -> str:
    """file:line of the declaration that called the declaring function (compiled code has
    no frames of its own: then the nearest Python one)."""
    try:
        frame = sys._getframe(depth)
    except ValueError:
        return "<compiled>"
    return f"{frame.f_code.co_filename}:{frame.f_lineno}"


@dataclass(frozen=True)
class TypeSpec:
    name: str
    parent: Optional[str] = None        # a subtype of (accepted wherever the parent is)
    element: Optional[str] = None       # a list type's element type ("cards" of "card")
    accepts: tuple = ()                 # other types accepted where this one is expected
    doc: str = ""
    where: str = ""


@dataclass(frozen=True)
class AttrSpec:
    name: str
    kind: str                       # int / word / words / string / grid
    choices: tuple[str, ...] = ()   # allowed words (for word / words)
    required: bool = False
    min_count: int = 1
    max_count: int = 1
    doc: str = ""
    min: Optional[int] = None       # the range of an int attribute's value, when it has one
    max: Optional[int] = None       # (a grid: its most rows and columns)
    # a grid: `choices` are the symbols a cell may hold (`symbols` says each one's meaning,
    # for errors), `anchor` the symbols of which exactly one cell holds one (a pattern's
    # origin); the value is a tuple of rows, each a tuple of symbols
    symbols: tuple = ()
    anchor: tuple[str, ...] = ()


@dataclass(frozen=True)
class ZoneSpec:
    name: str
    holds: str = "cards"            # cards / piles
    aliases: tuple[str, ...] = ()
    doc: str = ""
    phrase: str = ""                # English ("score pile"); the name by default
    shared: bool = False            # nobody's zone (a supply): said "the ...", not "your ..."


@dataclass(frozen=True)
class NounSpec:
    name: str                       # singular
    type: str                       # the type of one thing the noun names
    plural: str = ""
    default_zone: Optional[str] = None   # where a query of this noun looks when it names no zone
    kind: str = ""                  # the kind of a decision among such things (default: type)
    rank_key: Optional[str] = None  # the function "highest"/"lowest" compare by (None: itself)
    test: Optional[str] = None      # a test every such thing passes ("opponent")
    zoned: bool = True              # such things lie in zones ("from your hand")
    doc: str = ""


@dataclass(frozen=True)
class AdjSpec:
    name: str
    applies_to: tuple[str, ...]     # noun types
    kind: str                       # position / superlative / test / single
    arg: Any = None                 # the position, the superlative, or the test's argument
    test: Optional[str] = None      # for kind "test": the TestDef asked
    negated: bool = False           # "non-x": the test must fail
    doc: str = ""


@dataclass(frozen=True)
class EffectKindSpec:
    name: str
    triggers: tuple[str, ...] = ()  # allowed trigger modes: when / would / each
    runs: Optional[tuple] = None    # the trigger modes the game runs (None: all of them)
    executor: str = "sharing"       # who executes it: sharing / demanded / owner
    exports: bool = False           # names it binds are visible to the card's later effects
    wrap: str = ""                  # its English around the body: "I ask you {body}!" (the
    #                                 body then starts lower-case, without its final period)
    prefix: str = ""                # before the effect on a card's rendering: "Kind: "
    playable: bool = True           # False: reserved, refused by the checker
    doc: str = ""
    sets: Optional[tuple] = None    # the card sets whose cards may have it (None: any set)


@dataclass(frozen=True)
class VerbDef:
    """A verb, declared once: its signature (checked), what it does (run), its English
    (phrase) and its optional compiled form (inline).

    run: with `each`, `run(env, item) -> bool` per item (done or not), else
    `run(env, items, call) -> list` of the items it was done to, where `call` holds the
    evaluated keyword arguments and adverb (dsl.interp.Call). For an object of type "value"
    (`draw 2`, `draw two [3]`) run is `run(env, value, count) -> list`.
    phrase: a format string ("{verbs} {obj}{args}") or a
    function phrase(renderer, act) -> str.
    inline: with `each`, a Cython expression of `env`, `{item}` and `{player}` (the executor);
    otherwise a Cython expression of `env` and `{items}`, `{args}` (see dsl/codegen/emit.py).
    full: whether a step of this verb was done in full ("if you do"), full(result, wanted).
    order_key: for a verb done card by card to several cards the player did not pick one by
    one, the function whose value groups the cards the player orders first (the cards bound
    for one place); None: no ordering."""
    name: str
    object: Optional[str]               # type of the object, None for no object
    run: Optional[Callable] = None
    phrase: Any = ""
    inline: Optional[str] = None
    each: bool = False
    object_required: bool = True
    kwargs: tuple = ()                  # (preposition, type, required)
    adverb: Optional[str] = None        # type of the adverb slot (e.g. direction)
    adverb_required: bool = False
    produces: bool = False              # yields cards that a following verb in "X and Y" acts on
    optional_ok: bool = True            # `may` makes sense
    ends_block: bool = False            # nothing can follow it in a block (win, lose)
    full: Optional[Callable] = None
    full_inline: str = ""               # `full` as a Cython expression of {result}, {wanted}
    order_key: Optional[Callable] = None
    order_prompt: str = ""
    able: Optional[str] = None          # the test (TestDef name) an item must pass for the
    #                                     verb to act on it: others are not offered, and
    #                                     "you may VERB x" of none of them is not asked
    example: str = ""                   # an example of use for error messages
    yields: Optional[str] = None        # the type a binding of its result has (default: cards)
    doc: str = ""
    where: str = ""

    @property
    def playable(self) -> bool:
        return self.run is not None


@dataclass(frozen=True)
class FuncDef:
    """A function, declared once: params are types, a trailing '?' marks an optional one;
    run(env, *args) -> value; phrase a format string of {0}, {1}... (the rendered arguments)
    or a function phrase(renderer, fn) -> str; inline a Cython expression of `env` and
    {0}, {1}... (missing optional arguments are given as `default`s' Cython forms)."""
    name: str
    params: tuple
    returns: str
    run: Optional[Callable] = None
    phrase: Any = ""
    inline: Optional[str] = None
    defaults: tuple = ()                # Cython forms of the optional parameters' defaults
    zones: bool = False                 # a bare zone argument stands for the items in it
    pure: bool = False                  # depends on its arguments only (no game state)
    variant: bool = False               # another signature of a function declared before it
    literal_args: tuple = ()            # arguments given to `inline` as the game's literal
    doc: str = ""
    where: str = ""

    @property
    def playable(self) -> bool:
        return self.run is not None


@dataclass(frozen=True)
class TestDef:
    """What an adjective or `has` asks of an item: run(env, item, arg) -> bool; inline a
    Cython expression of env, {item} and {arg}. The test named "has" is what `x has y` and
    the filters `with y` / `without y` ask: `subject` and `arg_type` are its types."""
    name: str
    run: Callable
    inline: Any = None                  # a Cython expression, or one per noun type (a dict)
    subject: str = "any"
    arg_type: str = "any"
    literal_arg: bool = False           # the argument given to `inline` as the game's literal
    intrinsic: bool = False             # reads only what is printed on the item (memoizable)
    doc: str = ""
    where: str = ""


@dataclass(frozen=True)
class StopScope:
    name: str
    phrase: str


@dataclass
class Vocabulary:
    game: str
    types: dict = field(default_factory=dict)
    attrs: dict = field(default_factory=dict)
    zones: dict = field(default_factory=dict)
    nouns: dict = field(default_factory=dict)
    adjectives: dict = field(default_factory=dict)
    constants: dict = field(default_factory=dict)      # word -> type
    verbs: dict = field(default_factory=dict)
    functions: dict = field(default_factory=dict)
    tests: dict = field(default_factory=dict)
    effect_kinds: dict = field(default_factory=dict)
    stop_scopes: dict = field(default_factory=dict)
    example_zones: tuple = ()
    achievement_names: tuple = ()
    # how the game lists items (dsl.interp): lister(env, zone, players, position) -> list,
    # domains[noun_type](env) -> list for a noun without a zone
    lister: Optional[Callable] = None
    domains: dict = field(default_factory=dict)
    # what a value of a constant type is at run time (a word as a number, say), for
    # compiled code's literals: literal(type, word) -> a Python literal value, or None
    literal: Optional[Callable] = None
    this_type: str = "card"                 # the type of `this`
    trigger_points: tuple = ()              # the verbs a triggered effect may name
    # whether a card with these attributes should have effects (a warning when it has none)
    needs_effects: Callable = lambda attrs: False
    phrasebook: Any = None                  # a dsl.render.Renderer subclass
    inline: Any = None                      # the game's compiled forms (dsl/codegen)
    check_examples: Optional[Callable] = None  # (card, path) -> [(span, message, expected, suggestion)]
    # examples of a value of each type, for error messages ("a card from hand"); a keyword
    # argument's own under "PREP TYPE"
    examples: dict = field(default_factory=dict)
    variants: dict = field(default_factory=dict)   # name -> more FuncDefs (other signatures)
    origin: Any = None                      # the vocabulary this one was rebound from
    _where: dict = field(default_factory=dict)
    _item_of_list: set = field(default_factory=set)

    def __post_init__(self):
        from .builtins import add_builtins
        add_builtins(self)

    # ------------------------------------------------------------------ declarations
    def type(self, name: str, parent: Optional[str] = None, plural: Optional[str] = None,
             accepts: tuple = (), item_of_list: bool = False, doc: str = ""):
        """A type. `parent`: it is a subtype of that one (accepted wherever the parent is);
        `plural` names its list type, which accepts one item too; `item_of_list`: a one-item
        list (a binding such as "as returned") is accepted where one item is expected;
        `accepts`: other types accepted where this one is expected."""
        where = _where()
        self._declare("type", name, where)
        self.types[name] = TypeSpec(name, parent, None, tuple(accepts), doc, where)
        if plural:
            self._declare("type", plural, where)
            self.types[plural] = TypeSpec(plural, None, name, (), doc, where)
        if item_of_list:
            self._item_of_list.add(name)

    def attr(self, *a, **k):
        s = AttrSpec(*a, **k)
        self.attrs[s.name] = s

    def zone(self, *a, **k):
        s = ZoneSpec(*a, **k)
        self.zones[s.name] = s
        for al in s.aliases:
            self.zones[al] = s

    def noun(self, *a, **k):
        s = NounSpec(*a, **k)
        self.nouns[s.name] = s
        if s.plural:
            self.nouns[s.plural] = s

    def adjective(self, *a, **k):
        s = AdjSpec(*a, **k)
        self.adjectives[s.name] = s

    def const(self, type_: str, *words: str):
        for w in words:
            self.constants[w] = type_

    def effect_kind(self, *a, **k):
        s = EffectKindSpec(*a, **k)
        self.effect_kinds[s.name] = s

    def stop_scope(self, name: str, phrase: str):
        self.stop_scopes[name] = StopScope(name, phrase)

    def add(self, *defs):
        """Add verbs, functions and tests (VerbDef / FuncDef / TestDef objects, or modules
        whose DEFS list holds them, as made by `verb`, `function` and `test`)."""
        for d in defs:
            if inspect.ismodule(d):
                self.add(*getattr(d, "DEFS", ()))
                continue
            if type(d) is FuncDef and d.name in self.functions and d.variant:
                self.variants.setdefault(d.name, []).append(d)  # another signature
                continue
            table, what = {VerbDef: (self.verbs, "verb"), FuncDef: (self.functions, "function"),
                           TestDef: (self.tests, "test")}[type(d)]
            self._declare(what, d.name, d.where)
            table[d.name] = d

    def reserve(self, name: str, object: Optional[str] = None, why: str = "", **k):
        """A verb the game's text uses but whose rules are not playable yet."""
        self.add(VerbDef(name, object, None, phrase="{verbs} {obj}{args}", doc=why, where=_where(), **k))

    def _declare(self, what: str, name: str, where: str):
        key = (what, name)
        if key in self._where:
            raise VocabularyError(f"{where}: {what} '{name}' of {self.game} declared twice "
                                  f"(first at {self._where[key]})")
        self._where[key] = where

    # ------------------------------------------------------------------ reading
    def function_defs(self, name: str) -> list:
        """Every signature of a function, in the order declared (the checker takes the first
        that accepts the arguments: its index is the IR's Fn.variant)."""
        first = self.functions.get(name)
        return [] if first is None else [first, *self.variants.get(name, ())]

    def function_variant(self, name: str, variant: int = 0):
        return self.function_defs(name)[variant]

    def all_words(self) -> set[str]:
        return (set(self.zones) | set(self.nouns) | set(self.adjectives) | set(self.constants)
                | set(self.verbs) | set(self.functions) | set(self.effect_kinds))

    def accepts(self, param: str, actual: str) -> bool:
        """May a value of type `actual` be passed where `param` is expected?"""
        if param.endswith("?"):
            param = param[:-1]
        if "|" in param:
            return any(self.accepts(p, actual) for p in param.split("|"))
        if param == "any" or param == actual or actual == "unknown":
            return True
        want = self.types.get(param)
        have = self.types.get(actual)
        if want is not None:
            if actual in want.accepts:
                return True
            if want.element is not None and self.accepts(want.element, actual):
                return True   # an item where a list is expected
        if have is not None:
            if have.parent is not None and self.accepts(param, have.parent):
                return True   # a subtype
            if have.element == param and param in self._item_of_list:
                return True   # a one-item binding ("as returned") used as an item
        return False

    def element(self, t: str) -> Optional[str]:
        """The item type of a list type (None for others)."""
        spec = self.types.get(t)
        return spec.element if spec is not None else None

    def plural(self, t: str) -> str:
        """The list type of an item type (itself when it has none)."""
        for spec in self.types.values():
            if spec.element == t:
                return spec.name
        return t

    def is_list(self, t: str) -> bool:
        return self.element(t) is not None

    def rebound(self, modules: dict) -> "Vocabulary":
        """A copy whose verbs, functions, tests, lister and domains run the same-named
        functions of other builds of their modules (`modules`: {module name: module}, such
        as the compiled twins, dsl/codegen/runtime_build.py); the rest is shared."""
        import copy
        import dataclasses

        def swap(fn):
            mod = modules.get(getattr(fn, "__module__", None)) if fn is not None else None
            return getattr(mod, fn.__name__, fn) if mod is not None else fn

        def defs(table: dict) -> dict:
            out = {}
            for k, d in table.items():
                changes = {f: swap(getattr(d, f)) for f in ("run", "full", "order_key")
                           if hasattr(d, f)}
                out[k] = dataclasses.replace(d, **changes)
            return out
        v = copy.copy(self)
        v.origin = self.origin or self
        v.verbs, v.functions, v.tests = defs(self.verbs), defs(self.functions), defs(self.tests)
        v.variants = {k: [dataclasses.replace(d, run=swap(d.run)) for d in ds]
                      for k, ds in self.variants.items()}
        v.lister = swap(self.lister)
        v.domains = {k: swap(f) for k, f in self.domains.items()}
        return v

    # ------------------------------------------------------------------ validation
    def validate(self) -> "Vocabulary":
        """Refuse a malformed vocabulary at load: unknown types in signatures, a verb or
        function without English, a cycle of subtypes."""
        known = set(self.types) | set(BUILTIN_TYPES)

        def check_type(t: str, where: str, what: str):
            for part in t.rstrip("?").split("|"):
                if part and part not in known:
                    raise VocabularyError(f"{where}: {what} uses the unknown type '{part}' "
                                          f"(types of {self.game}: {', '.join(sorted(known))})")

        for spec in self.types.values():
            seen, t = [], spec.name
            while t is not None:
                if t in seen:
                    raise VocabularyError(f"{spec.where}: the types of {self.game} make a "
                                          f"cycle: {' < '.join(seen + [t])}")
                seen.append(t)
                parent = self.types.get(t)
                t = parent.parent if parent is not None else None
            for t2 in (spec.parent, spec.element, *spec.accepts):
                if t2:
                    check_type(t2, spec.where, f"type '{spec.name}'")
        for d in self.verbs.values():
            if not d.phrase:
                raise VocabularyError(f"{d.where}: verb '{d.name}' has no phrase (its English)")
            if d.object:
                check_type(d.object, d.where, f"verb '{d.name}'")
            for _, t, _ in d.kwargs:
                check_type(t, d.where, f"verb '{d.name}'")
        for d in self.functions.values():
            if not d.phrase:
                raise VocabularyError(f"{d.where}: function '{d.name}' has no phrase")
            for t in d.params + (d.returns,):
                check_type(t, d.where, f"function '{d.name}'")
        for a in self.adjectives.values():
            if a.kind == "test" and a.test not in self.tests:
                raise VocabularyError(f"adjective '{a.name}' of {self.game} asks the unknown "
                                      f"test '{a.test}'")
        return self


# ------------------------------------------------------------------ declaring defs in modules
def verb(name: str, object: Optional[str], **k) -> Callable:
    """Decorator: the function below is the verb's `run`; the VerbDef is appended to the
    calling module's DEFS (which `Vocabulary.add(module)` reads)."""
    where = _where()

    def make(run):
        _defs_of(run).append(VerbDef(name, object, run, where=where, **k))
        return run
    return make


def function(name: str, params: tuple, returns: str, **k) -> Callable:
    where = _where()

    def make(run):
        _defs_of(run).append(FuncDef(name, tuple(params), returns, run, where=where, **k))
        return run
    return make


def test(name: str, **k) -> Callable:
    where = _where()

    def make(run):
        _defs_of(run).append(TestDef(name, run, where=where, **k))
        return run
    return make


def _defs_of(fn) -> list:
    mod = sys.modules[fn.__module__]
    if not hasattr(mod, "DEFS"):
        mod.DEFS = []
    return mod.DEFS


# ------------------------------------------------------------------ finding vocabularies
_REGISTRY: dict[str, "Vocabulary"] = {}   # loaded vocabularies, by game
_SOURCES: dict = {}                         # game -> a function that gives its vocabulary
GAMES_GROUP = "cardlang.games"              # the entry points that name the games


class UnknownGame(LookupError):
    """No game of that name is installed (the message has a did-you-mean)."""


def register(vocab: Vocabulary) -> Vocabulary:
    """Make a vocabulary known under its game's name (test vocabularies)."""
    _REGISTRY[vocab.game] = vocab
    return vocab


def register_source(game: str, source) -> None:
    """`source()` gives the vocabulary of `game` when it is first asked for."""
    _SOURCES[game] = source
    _REGISTRY.pop(game, None)


def known_games() -> list[str]:
    from importlib.metadata import entry_points
    return sorted(set(_REGISTRY) | set(_SOURCES)
                  | {ep.name for ep in entry_points(group=GAMES_GROUP)})


def get(game: str) -> Vocabulary:
    """The vocabulary of `game`: from the game's own declaration, found through the
    `cardlang.games` entry points (the language knows no game itself)."""
    v = _REGISTRY.get(game)
    if v is not None:
        return v
    source = _SOURCES.get(game)
    if source is None:
        from importlib.metadata import entry_points
        for ep in entry_points(group=GAMES_GROUP):
            if ep.name == game:
                source = ep.load().vocabulary
                break
    if source is None:
        from .errors import did_you_mean
        known = known_games()
        hint = did_you_mean(game, known)
        raise UnknownGame(f"unknown game '{game}'" + (f"; {hint}" if hint else "")
                          + f" (known: {', '.join(known) or 'none'})")
    v = _REGISTRY[game] = source()
    return v
