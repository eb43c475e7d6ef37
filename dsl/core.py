"""The core IR: what the back ends run (the interpreter, dsl/interp.py, and the compiler,
dsl/codegen/emit.py), made from the checked IR by the lowering pass (dsl/lower.py).

The checked IR (dsl/ir.py) says what a card says; the core IR says what the language does
about it, with every decision of the language's semantics taken once, here, for both back
ends: who chooses what among which candidates and how many (`Pick`); whether an optional
step is a yes/no question or a choice that may be declined (`Optional`); what a binding
holds; when a step counts as done in full ("if you do"); which game definition (verb,
function, test: dsl.vocab) each word runs. The back ends only execute.

Nodes are plain frozen dataclasses, never subclassed; `Visitor` dispatches on their class.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from .ast import NOSPAN, Span


# ------------------------------------------------------------------ expressions
@dataclass(frozen=True, slots=True, eq=False)
class Const:
    value: Any
    type: str = ""          # the checked IR's type of the value (int, a game's type...)


@dataclass(frozen=True, slots=True, eq=False)
class Role:
    """A player or players of the effect: executor (you), activator (me), opponents (of the
    executor, as the game defines them), everyone (in turn order from the executor)."""
    role: str


@dataclass(frozen=True, slots=True, eq=False)
class This:
    """The card whose effect runs."""


@dataclass(frozen=True, slots=True, eq=False)
class Var:
    name: str


@dataclass(frozen=True, slots=True, eq=False)
class It:
    """The candidate a query's condition or key is asked of."""


@dataclass(frozen=True, slots=True, eq=False)
class Flag:
    """Whether the step that set it was done in full ("if you do")."""
    name: str


@dataclass(frozen=True, slots=True, eq=False)
class Call:
    """A game function (vocab.FuncDef) of evaluated arguments."""
    fn: Any
    args: tuple


@dataclass(frozen=True, slots=True, eq=False)
class Arith:
    op: str                 # + - * //  (// by zero is 0)
    left: Any
    right: Any


@dataclass(frozen=True, slots=True, eq=False)
class Neg:
    expr: Any


@dataclass(frozen=True, slots=True, eq=False)
class Cmp:
    """a OP b; a one-item list compares as its item; an order comparison with a missing
    value is false. `ints`: both sides are certainly numbers (compared directly)."""
    op: str
    left: Any
    right: Any
    ints: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class Logic:
    op: str                 # and / or: the first part that decides it ends the evaluation
    parts: tuple


@dataclass(frozen=True, slots=True, eq=False)
class Not:
    expr: Any


@dataclass(frozen=True, slots=True, eq=False)
class In:
    """Every item of `item` (at least one) is in the list `collection`."""
    item: Any
    collection: Any
    negated: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class Test:
    """A game test (vocab.TestDef) of one item: `subject has arg`, an adjective, ... The subject's
    first item is tested (none: false)."""
    test: Any
    subject: Any
    arg: Any = None
    negated: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class Zone:
    """A zone of some players: listed (items), or passed as a place (`to my score`).
    `players`: an expression of a player or players; `position`: a game word (top, bottom)
    or None; `lister`: the game's lister(env, noun, zone, players, position) -> items
    (players: one player or a list of them)."""
    zone: str
    players: Any
    position: Optional[str] = None
    lister: Any = None


@dataclass(frozen=True, slots=True, eq=False)
class Items:
    """The items of a zone (a bare zone used as a value: `count(my score)`)."""
    zone: Zone


@dataclass(frozen=True, slots=True, eq=False)
class Filter:
    """One test of a query's candidates: a game test with its argument, a condition on `it`
    (`where`), or `other_than` a list. `memo`: the answers by item of a test that reads only
    what is printed on the item (kept for the card set; see dsl/interp.py)."""
    kind: str               # test / where / other_than
    arg: Any = None
    negated: bool = False
    test: Any = None
    memo: Any = None        # a dict, for where-tests that may keep their answers


@dataclass(frozen=True, slots=True, eq=False)
class Rank:
    """highest / lowest / most / fewest: `key` an expression of `it` (None: the item
    itself); `best`: the greatest first; `counted`: a counted choice ("the two highest")
    keeps every item in order; `single`: only when one item is best."""
    key: Any
    best: bool
    counted: bool
    single: bool


@dataclass(frozen=True, slots=True, eq=False)
class Select:
    """A query's candidates: the things of type `noun` in `source` (a Zone; None: every
    such thing, the noun's domain), those passing every filter, ranked."""
    noun: str
    source: Optional[Zone]
    filters: tuple
    rank: Optional[Rank] = None
    domain: Any = None      # without a source: the game's domain(env) -> every such thing


@dataclass(frozen=True, slots=True, eq=False)
class Exists:
    """Whether an unranked query has a candidate (stops at the first)."""
    select: Select


@dataclass(frozen=True, slots=True, eq=False)
class Count:
    """How many candidates an unranked query has (`count(QUERY)`: compiled code counts them
    without listing them)."""
    select: Select


# ------------------------------------------------------------------ objects of a step
@dataclass(frozen=True, slots=True, eq=False)
class Pick:
    """A choice among a query's candidates, by the language's rules (dsl/interp.py pick):
    mode all (every candidate), the, choose; bounds lo/hi or all_but; `optional` (may);
    `all_or_none` (an optional exact count with an "if you do": all or nothing);
    `chooser` (None: the executor); `kind`/`prompt` of the decision; `rank` for a ranked
    choice with ties at the boundary."""
    select: Select
    mode: str
    lo: Any = None
    hi: Any = None
    all_but: Any = None
    optional: bool = False
    if_you_do: bool = False
    chooser: Any = None
    kind: str = ""
    prompt: str = "choose"


@dataclass(frozen=True, slots=True, eq=False)
class Amount:
    """The object of a verb that takes a value: `value` and how many (`draw two [3]`)."""
    value: Any
    count: Any


# ------------------------------------------------------------------ statements
@dataclass(frozen=True, slots=True, eq=False)
class Perform:
    """One step: its object (a Pick, an Amount, an expression or None) and the verbs done to
    it in turn ("draw and score"), each verb a vocab.VerbDef. `args`: the keyword arguments
    (preposition, expression or Pick or Zone), evaluated after the object; `adverb`.
    `ordered`: several cards the player did not pick one by one are ordered first (verbs
    with an order_key). `bind`: a name to bind (what: "items" (the chosen items) or
    "result"; `one`: the single item itself, None for none; `export`: visible to later
    effects). `flag`: "if you do", set to whether the step was done in full."""
    verbs: tuple
    obj: Any
    args: tuple = ()
    adverb: Any = None
    ordered: bool = False
    bind: Optional[str] = None
    bind_items: bool = False
    bind_one: bool = False
    export: bool = False
    flag: Optional[str] = None
    line: int = 0


@dataclass(frozen=True, slots=True, eq=False)
class Optional_:
    """`may STEP` when the step is not itself a choice that may be declined: not offered when
    `empty` (the step's "all" queries) have no candidates, or when no item of the step's
    object passes `able` (the verb could act on none), else a yes/no question to the
    executor; declined, the step's binding is [] and its flag false."""
    step: Perform
    prompt: str
    empty: Optional[tuple] = None
    able: Any = None        # a TestDef: not asked when no item of the object passes it
    line: int = 0


@dataclass(frozen=True, slots=True, eq=False)
class If:
    branches: tuple          # (condition, body)
    orelse: tuple = ()


@dataclass(frozen=True, slots=True, eq=False)
class ForEach:
    """`wrap`: each card of a list of cards is bound as a one-card list."""
    var: str
    iterable: Any
    body: tuple
    wrap: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class Repeat:
    count: Any
    body: tuple


@dataclass(frozen=True, slots=True, eq=False)
class RepeatEffect:
    pass


@dataclass(frozen=True, slots=True, eq=False)
class Stop:
    scope: str               # effect, or a larger scope of the game


@dataclass(frozen=True, slots=True, eq=False)
class Let:
    var: str
    expr: Any


@dataclass(frozen=True, slots=True, eq=False)
class Either:
    """Choose one of the bodies (`labels`: each body's English); `optional`: or none."""
    optional: bool
    labels: tuple
    bodies: tuple


# ------------------------------------------------------------------ effects
@dataclass(frozen=True, slots=True, eq=False)
class Trigger:
    """What triggers a triggered effect: the verb `point` done (mode when) or about to be done
    (mode would; would_mode instead / first) to a subject that passes `filters` (the
    pattern's tests), or, with `this`, to the effect's own card."""
    point: str
    mode: str
    would_mode: Optional[str]
    filters: tuple = ()
    this: bool = False


@dataclass(frozen=True, eq=False)
class Effect:
    """One effect of one card: its body and the names it exports to later effects; a
    triggered effect's trigger (its body's `it` is what triggered it: the context's
    subject)."""
    kind: str
    body: tuple
    exports: tuple = ()
    index: int = 0
    card: str = ""
    path: str = ""
    text: str = ""
    span: Span = field(default=NOSPAN)
    trigger: Optional[Trigger] = None


class Visitor:
    """Dispatch on a core IR node's class: `visit(node)` calls `visit_<ClassName>(node)`
    (Optional_ is visit_Optional). Subclasses define the methods they need."""

    def visit(self, node, *args):
        name = _NAMES.get(type(node))
        if name is None:
            raise TypeError(f"not a core IR node: {node!r}")
        return getattr(self, name)(node, *args)

    def visit_block(self, ops, *args) -> list:
        return [self.visit(op, *args) for op in ops]


NODES = (Const, Role, This, Var, It, Flag, Call, Arith, Neg, Cmp, Logic, Not, In, Test, Zone,
         Items, Filter, Rank, Select, Exists, Count, Pick, Amount, Perform, Optional_, If, ForEach,
         Repeat, RepeatEffect, Stop, Let, Either, Trigger)
_NAMES = {c: "visit_" + c.__name__.rstrip("_") for c in NODES}
