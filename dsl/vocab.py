"""The vocabulary API: how a game tells the checker its words.

The grammar knows no game words. A game declares its card attributes, zones, nouns, adjectives,
constants (icons, colours, directions ...), verbs with typed parameters, functions and effect
kinds; the checker resolves every word of a card against this and lowers it to the IR.

Types are short strings: int, bool, str, card, cards, color, colors, icon, direction, player,
players, value, pile, piles. A "cards" parameter accepts a card, a list of cards or a query.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


@dataclass(frozen=True)
class AttrSpec:
    name: str
    kind: str                       # int / word / words / string
    choices: tuple[str, ...] = ()   # allowed words (for word / words)
    required: bool = False
    min_count: int = 1
    max_count: int = 1
    doc: str = ""
    min: Optional[int] = None       # the range of an int attribute's value, when it has one
    max: Optional[int] = None


@dataclass(frozen=True)
class ZoneSpec:
    name: str
    holds: str = "cards"            # cards / piles
    aliases: tuple[str, ...] = ()
    doc: str = ""


@dataclass(frozen=True)
class NounSpec:
    name: str                       # singular
    type: str                       # the type of one thing the noun names
    plural: str = ""
    default_zone: Optional[str] = None   # where a query of this noun looks when it names no zone
    doc: str = ""


@dataclass(frozen=True)
class AdjSpec:
    name: str
    applies_to: tuple[str, ...]     # noun types
    kind: str                       # position / superlative / const / negated_const / single
    arg: Optional[str] = None       # e.g. the colour of "red", the key of "highest"
    doc: str = ""


@dataclass(frozen=True)
class VerbSpec:
    name: str
    object: Optional[str]           # type of the object, None for no object
    object_required: bool = True
    kwargs: tuple[tuple[str, str, bool], ...] = ()   # (preposition, type, required)
    adverb: Optional[str] = None    # type of the adverb slot (e.g. direction)
    adverb_required: bool = False
    produces: bool = False          # yields cards that a following verb in "X and Y" acts on
    chain_only: bool = False        # may only follow another verb ("draw and score")
    optional_ok: bool = True        # `may` makes sense
    doc: str = ""


@dataclass(frozen=True)
class FuncSpec:
    name: str
    params: tuple[str, ...]         # types; a trailing '?' marks an optional parameter
    returns: str
    doc: str = ""


@dataclass(frozen=True)
class EffectKindSpec:
    name: str
    triggers: tuple[str, ...] = ()  # allowed trigger modes: when / would / each
    executor: str = "sharing"       # who executes it: sharing / demanded / owner
    doc: str = ""


@dataclass
class Vocabulary:
    game: str
    attrs: dict[str, AttrSpec] = field(default_factory=dict)
    zones: dict[str, ZoneSpec] = field(default_factory=dict)
    nouns: dict[str, NounSpec] = field(default_factory=dict)
    adjectives: dict[str, AdjSpec] = field(default_factory=dict)
    constants: dict[str, str] = field(default_factory=dict)      # word -> type
    verbs: dict[str, VerbSpec] = field(default_factory=dict)
    functions: dict[str, FuncSpec] = field(default_factory=dict)
    effect_kinds: dict[str, EffectKindSpec] = field(default_factory=dict)
    player_nouns: dict[str, str] = field(default_factory=dict)   # opponent -> opponents ...
    example_zones: tuple[str, ...] = ()

    # -- declaration helpers, so that a game's vocabulary file reads as a list of words
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

    def verb(self, *a, **k):
        s = VerbSpec(*a, **k)
        self.verbs[s.name] = s

    def function(self, *a, **k):
        s = FuncSpec(*a, **k)
        self.functions[s.name] = s

    def effect_kind(self, *a, **k):
        s = EffectKindSpec(*a, **k)
        self.effect_kinds[s.name] = s

    def all_words(self) -> set[str]:
        return (set(self.zones) | set(self.nouns) | set(self.adjectives) | set(self.constants)
                | set(self.verbs) | set(self.functions) | set(self.effect_kinds))


_REGISTRY: dict[str, "Vocabulary"] = {}


def register(vocab: Vocabulary) -> Vocabulary:
    _REGISTRY[vocab.game] = vocab
    return vocab


def get(game: str) -> Vocabulary:
    if game not in _REGISTRY:
        import importlib
        importlib.import_module(f"runtime.games.{game}.vocabulary")
    return _REGISTRY[game]
