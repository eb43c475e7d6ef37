"""The checked IR: what the interpreter, the Cython generator and the English renderer consume.

Every name is resolved (bindings are `Var`, vocabulary words are `Const` with a type), queries
say who chooses, how many and among what, and "if you do" is explicit: an `Act` records whether
it was done in full in a flag, and the following block is an `If` on that flag.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union

from .ast import NOSPAN, Span


# ------------------------------------------------------------------ expressions
@dataclass(frozen=True, slots=True)
class Const:
    value: Any
    type: str


@dataclass(frozen=True, slots=True)
class Var:
    name: str
    type: str


@dataclass(frozen=True, slots=True)
class ItRef:
    type: str


@dataclass(frozen=True, slots=True)
class Flag:
    """True when the action that set it was done in full ("if you do")."""
    name: str


@dataclass(frozen=True, slots=True)
class Fn:
    name: str
    args: tuple
    type: str
    variant: int = 0                    # which of the function's declarations (by argument types)


@dataclass(frozen=True, slots=True)
class Arith:
    op: str
    left: "Expr"
    right: "Expr"
    type: str = "int"


@dataclass(frozen=True, slots=True)
class Neg:
    expr: "Expr"
    type: str = "int"


@dataclass(frozen=True, slots=True)
class Cmp:
    op: str
    left: "Expr"
    right: "Expr"
    type: str = "bool"


@dataclass(frozen=True, slots=True)
class Has:
    """`subject has what`: the game's "has" test (vocab.TestDef)."""
    subject: "Expr"
    what: "Expr"
    negated: bool = False
    type: str = "bool"


@dataclass(frozen=True, slots=True)
class In:
    item: "Expr"
    collection: "Expr"
    negated: bool = False
    type: str = "bool"


@dataclass(frozen=True, slots=True)
class Not:
    expr: "Expr"
    type: str = "bool"


@dataclass(frozen=True, slots=True)
class Logic:
    op: str  # and / or
    parts: tuple
    type: str = "bool"


def condition_parts(e) -> tuple:
    """(op, parts) of a top-level `and` or `or` (tested in order, the first deciding part ends
    it), else ("and", (e,)). A card's condition may be evaluated and
    remembered part by part."""
    return (e.op, e.parts) if isinstance(e, Logic) else ("and", (e,))


# ------------------------------------------------------------------ zones and queries
@dataclass(frozen=True, slots=True)
class ZoneRef:
    """A zone of one or more players. whose: executor / activator / expr / any / each."""
    zone: str
    whose: str
    player: Optional["Expr"] = None     # for whose == expr
    players: str = ""                   # for any/each: opponents / players / others


@dataclass(frozen=True, slots=True)
class ZoneRefExpr:
    """A zone used as a value: `count(my hand)`, `transfer ... to my score`."""
    ref: ZoneRef
    type: str = "place"


@dataclass(frozen=True, slots=True)
class Pred:
    """One test a candidate must pass. kind: position (the zone is listed at that position:
    `arg` the word), where (`arg` a condition on `it`), other_than (`arg` a list the
    candidate is not in), or test (the game's test named `test`, vocab.TestDef, asked with
    `arg`)."""
    kind: str
    arg: Any = None
    negated: bool = False
    test: str = ""


@dataclass(frozen=True, slots=True)
class Query:
    noun: str                           # the type of the things asked for (card, player...)
    mode: str                           # choose / all / the
    min: Optional["Expr"]               # None: no lower bound beyond the golden rule
    max: Optional["Expr"]               # None: unbounded
    zone: Optional[ZoneRef]
    preds: tuple[Pred, ...] = ()
    rank: Optional[tuple] = None        # ('highest'|'lowest'|'most'|'fewest', key expr or None)
    single: bool = False                # "the single player with most ..."
    all_but: Optional["Expr"] = None
    type: str = "cards"


def counted_choice(q: Query) -> bool:
    """A ranked query chosen by count ("the two highest"): its ranking keeps every item in
    order (for the choice of ties at the boundary) rather than the tied best only."""
    return q.mode == "choose" and not (isinstance(q.max, Const) and q.max.value == 1)


@dataclass(frozen=True, slots=True)
class Counted:
    """The object of a verb that takes a value: `draw 2`, `draw two [3]` (a count of it)."""
    value: "Expr"
    count: "Expr"
    type: str = "cards"


Expr = Union[Const, Var, ItRef, Flag, Fn, Arith, Neg, Cmp, Has, In, Not, Logic, Query, Counted,
             ZoneRefExpr]


# ------------------------------------------------------------------ statements
@dataclass(frozen=True, slots=True)
class Act:
    verbs: tuple[str, ...]
    obj: Optional[Expr]
    kwargs: tuple[tuple[str, Expr], ...] = ()
    adverb: Optional[Expr] = None
    bind: Optional[str] = None
    flag: Optional[str] = None          # set to "done in full" when a later block depends on it
    optional: bool = False
    span: Span = field(default=NOSPAN, compare=False)


def kwarg(act: Act, name: str):
    """The value of an act's keyword argument (`by`, `for`, `to`...), or None."""
    for k, v in act.kwargs or ():
        if k == name:
            return v
    return None


@dataclass(frozen=True, slots=True)
class If:
    branches: tuple[tuple[Expr, tuple], ...]
    orelse: tuple = ()
    if_you_do: bool = False             # rendered as "If you do, ..." rather than "If ..."
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True, slots=True)
class ForEach:
    var: str
    iterable: Expr
    body: tuple
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True, slots=True)
class Repeat:
    count: Expr
    body: tuple
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True, slots=True)
class RepeatEffect:
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True, slots=True)
class Stop:
    scope: str                          # effect, or a larger scope of the game (vocab.stop_scopes)
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True, slots=True)
class Let:
    var: str
    expr: Expr
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True, slots=True)
class Either:
    optional: bool
    options: tuple[tuple, ...]
    span: Span = field(default=NOSPAN, compare=False)


Op = Union[Act, If, ForEach, Repeat, RepeatEffect, Stop, Let, Either]


# ------------------------------------------------------------------ cards
@dataclass(frozen=True, slots=True)
class Trigger:
    mode: str
    pattern: Act
    would_mode: Optional[str] = None


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    body: tuple
    trigger: Optional[Trigger] = None
    index: int = 0
    exports: tuple[str, ...] = ()       # bindings visible to the card's later effects
    span: Span = field(default=NOSPAN, compare=False)


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    attrs: dict = field(hash=False)
    effects: tuple[Effect, ...]
    condition: Optional[Expr] = None
    examples: tuple = ()                # dsl.ast.Example, checked
    path: str = ""
    span: Span = field(default=NOSPAN, compare=False)
