"""The lowering pass: checked IR (dsl/ir.py) -> core IR (dsl/core.py).

Every rule of the language's semantics that is decided by a card's text alone is decided
here, once, for the interpreter and the compiler alike:

* a query becomes a `Select` (where its candidates come from, its filters, its ranking) and,
  as the object of a step, a `Pick` (who chooses how many, under the golden rule);
* "you may X" becomes either a choice that may be declined (X picks from a query: declining
  is choosing nothing) or an `Optional_` yes/no question (not asked when X would act on
  nothing at all);
* a binding holds the chosen items or the verb's result, a single item for a one-item choice
  of something other than cards, and is exported when the effect kind says so;
* each word becomes the game's definition (vocab.VerbDef, FuncDef, TestDef), a constant
  its value, a player word its role.
"""
from __future__ import annotations

import dataclasses

from . import core as C
from . import ir as I
from .vocab import Vocabulary

_ROLE_OF = {"you": "you", "me": "me", "opponents": "opponents", "everyone": "everyone"}


class Lowering:
    def __init__(self, vocab: Vocabulary, labels=None, memo: bool = True):
        """`labels(body) -> str`: the English of an `either` branch (the renderer's); `memo`:
        a query's test that reads only its item keeps its answers (dsl/accel.py: off, none
        is kept)."""
        self.v = vocab
        self.labels = labels
        self.memo = memo
        self.exports: tuple = ()

    # ------------------------------------------------------------------ effects
    def effect(self, card: I.Card, eff: I.Effect, text: str = "") -> C.Effect:
        self.exports = tuple(eff.exports)
        trigger = None if eff.trigger is None else self.trigger(eff.trigger)
        return C.Effect(eff.kind, self.block(eff.body), tuple(eff.exports), eff.index,
                        card.name, card.path, text, eff.span, trigger)

    def trigger(self, t: I.Trigger) -> C.Trigger:
        """A trigger's pattern: its verb, and the tests of its object ("a card with x")
        or `this` (the effect's own card)."""
        obj = t.pattern.obj
        this = type(obj) is I.Const and obj.type == "card" and obj.value == "this"
        filters = self.select(obj).filters if type(obj) is I.Query else ()
        return C.Trigger(t.pattern.verbs[0], t.mode, t.would_mode, filters, this)

    def condition(self, e) -> object:
        self.exports = ()
        return self.expr(e)

    # ------------------------------------------------------------------ statements
    def block(self, ops) -> tuple:
        return tuple(self.op(op) for op in ops)

    def op(self, op):
        t = type(op)
        if t is I.Act:
            return self.act(op)
        if t is I.If:
            return C.If(tuple((self.expr(c), self.block(b)) for c, b in op.branches),
                        self.block(op.orelse))
        if t is I.ForEach:
            return C.ForEach(op.var, self.expr(op.iterable), self.block(op.body),
                             op.iterable.type == self.v.plural("card"))
        if t is I.Repeat:
            return C.Repeat(self.expr(op.count), self.block(op.body))
        if t is I.RepeatEffect:
            return C.RepeatEffect()
        if t is I.Stop:
            return C.Stop(op.scope)
        if t is I.Let:
            return C.Let(op.var, self.expr(op.expr))
        if t is I.Either:
            labels = tuple(self.labels(body) if self.labels else f"option {i + 1}"
                           for i, body in enumerate(op.options))
            return C.Either(op.optional, labels, tuple(self.block(b) for b in op.options))
        raise AssertionError(op)

    def verb(self, name: str):
        """The game's definition of a verb; a word the game cannot run (reserved, or not its
        own: only IR made by hand, the checker refuses both) fails when the step runs."""
        d = self.v.verbs.get(name)
        if d is not None and d.playable:
            return d
        return unplayable(name, self.v.game)

    def act(self, a: I.Act):
        verbs = tuple(self.verb(name) for name in a.verbs)
        first = verbs[0]
        obj = a.obj
        by = I.kwarg(a, "by")
        chooser = None if by is None else self.expr(by)
        if obj is None:
            o = None
        elif type(obj) is I.Counted:
            o = C.Amount(self.expr(obj.value), self.expr(obj.count))
        elif type(obj) is I.Query:
            o = self.pick(obj, a.optional, chooser, a.flag is not None)
            able = self.able(first)
            if able is not None:  # only what the verb can act on is offered (the test's
                # argument: the player a `for` argument names, whose items the verb acts on)
                owner = I.kwarg(a, "for")
                arg = None if owner is None else self.expr(owner)
                o = dataclasses.replace(o, select=dataclasses.replace(
                    o.select, filters=o.select.filters + (C.Filter("test", arg, False, able),)))
        else:
            o = self.expr(obj)
        args = tuple((prep, self.arg(val)) for prep, val in a.kwargs if prep != "by")
        # cards the player did not pick one by one ("... all the cards ...") are put in the
        # order the player chooses, where the verb says so
        ordered = first.order_key is not None and not (
            type(obj) is I.Query and obj.mode == "choose")
        one = first.name == "choose" and type(obj) is I.Query and obj.noun != "card" \
            and type(obj.max) is I.Const and obj.max.value == 1
        step = C.Perform(verbs, o, args, None if a.adverb is None else self.expr(a.adverb),
                         ordered, a.bind, first.name == "choose", one,
                         a.bind is not None and a.bind in self.exports, a.flag, a.span.line)
        if not a.optional or (type(obj) is I.Query and obj.mode != "all"):
            return step  # done, or a choice that may be declined by choosing nothing
        # "you may X" of anything else is a yes/no question, not asked when X would act on
        # nothing: every side of it is an "all" query without candidates (the same Selects
        # as the step's, whose candidates are then listed once)
        sides = [o] + [v for k, v in args if k == "for"]
        empty = None
        if all(type(s) is C.Pick and s.mode == "all" for s in sides):
            empty = tuple(s.select for s in sides)
        able = self.able(first) if type(o) is not C.Pick and o is not None else None
        if able is None and o is not None and type(o) not in (C.Pick, C.Amount) and self.items(obj):
            # an object of things that lie in zones that holds none of them (a name bound to
            # nothing, a function that finds nothing): nothing would be done, so nothing is
            # asked, as for an "all" query without candidates
            able = self.v.tests["something"]
        return C.Optional_(step, "may " + " and ".join(a.verbs) + "?", empty, able,
                           a.span.line)

    def items(self, e) -> bool:
        """Whether an expression's value is things that lie in zones (a zoned noun's type, or a
        list of them): it may hold none of them."""
        t = getattr(e, "type", None)
        spec = self.v.types.get(t) if t else None
        kinds = {n.type for n in self.v.nouns.values() if n.zoned}
        return t in kinds or (spec is not None and spec.element in kinds)

    def able(self, verb):
        """The test of what a verb can act on (vocab.VerbDef.able), or None."""
        return None if verb.able is None else self.v.tests[verb.able]

    def arg(self, val):
        """A keyword argument: a query is chosen from (the executor chooses, as a required
        choice); a zone is a place; anything else a value."""
        if type(val) is I.Query:
            return self.pick(val, False, None, True)
        return self.expr(val)

    # ------------------------------------------------------------------ queries
    def pick(self, q: I.Query, optional: bool, chooser, if_you_do: bool) -> C.Pick:
        noun = self.v.nouns.get(q.noun)
        kind = (noun.kind if noun is not None and noun.kind else q.noun)
        return C.Pick(self.select(q), q.mode,
                      None if q.min is None else self.expr(q.min),
                      None if q.max is None else self.expr(q.max),
                      None if q.all_but is None else self.expr(q.all_but),
                      optional, if_you_do, chooser, kind, "choose " + q.noun)

    def select(self, q: I.Query) -> C.Select:
        position = None
        filters = []
        for p in q.preds:
            if p.kind == "position" and not p.negated:
                position = p.arg  # the zone is listed at that position
            elif p.kind == "where":
                filters.append(C.Filter("where", self.expr(p.arg), p.negated, None,
                                        {} if self.memo and self.intrinsic(p.arg) else None))
            elif p.kind == "test":
                filters.append(C.Filter("test", self.test_arg(p.arg), p.negated,
                                        self.v.tests[p.test]))
            elif p.kind == "other_than":
                filters.append(C.Filter("other_than", self.expr(p.arg), p.negated))
            else:
                raise AssertionError(p)
        source = None if q.zone is None else self.zone(q.zone, position)
        rank = None
        if q.rank is not None:
            kind, key = q.rank
            if key is None:  # the noun's own measure ("the highest card": by value)
                noun = self.v.nouns.get(q.noun)
                fn = noun.rank_key if noun is not None else None
                key = None if fn is None else C.Call(self.v.functions[fn], (C.It(),))
            else:
                key = self.expr(key)
            rank = C.Rank(key, kind in ("highest", "most"), I.counted_choice(q), q.single)
        domain = None if source is not None else self.v.domains.get(q.noun)
        return C.Select(q.noun, source, tuple(filters), rank, domain)

    def test_arg(self, arg):
        """A test's argument: an expression, an adjective's own word, or none."""
        if arg is None:
            return None
        if isinstance(arg, (str, int, float, bool)):
            return C.Const(arg)
        return self.expr(arg)

    def zone(self, ref: I.ZoneRef, position=None) -> C.Zone:
        w = ref.whose
        if w == "executor":
            players = C.Role("you")
        elif w == "activator":
            players = C.Role("me")
        elif w == "expr":
            players = self.expr(ref.player)
        elif ref.players == "opponents":
            players = C.Role("opponents")
        else:
            players = C.Role("players")  # every player, in turn order from the executor
        return C.Zone(ref.zone, players, position, self.v.lister)

    def intrinsic(self, e) -> bool:
        """Whether a condition reads only `it` and constants through what is printed on it
        (functions and tests the game marks pure): its answers can be kept by item."""
        t = type(e)
        if t is I.ItRef:
            return True
        if t is I.Const:
            return e.type not in ("player", "players") and not (e.type == "card")
        if t is I.Cmp or t is I.Arith:
            return self.intrinsic(e.left) and self.intrinsic(e.right)
        if t is I.Neg or t is I.Not:
            return self.intrinsic(e.expr)
        if t is I.Logic:
            return all(self.intrinsic(p) for p in e.parts)
        if t is I.Has:
            has = self.v.tests.get("has")
            return has is not None and has.intrinsic and self.intrinsic(e.subject) \
                and self.intrinsic(e.what)
        if t is I.Fn:
            fn = self.fndef(e)
            return fn.pure and len(e.args) == 1 and self.intrinsic(e.args[0])
        return False

    # ------------------------------------------------------------------ expressions
    def fndef(self, e: I.Fn):
        return self.v.function_variant(e.name, e.variant)

    def expr(self, e):
        t = type(e)
        if t is I.Const:
            if e.type == "player" or e.type == "players":
                return C.Role(_ROLE_OF.get(e.value, e.value))
            if e.type == "card" and e.value == "this":
                return C.This()
            return C.Const(e.value, e.type)
        if t is I.Var:
            return C.Var(e.name)
        if t is I.ItRef:
            return C.It()
        if t is I.Flag:
            return C.Flag(e.name)
        if t is I.Fn:
            fn = self.fndef(e)
            if e.name in ("any", "none") and len(e.args) == 1 and type(e.args[0]) is I.Query \
                    and e.args[0].rank is None:
                found = C.Exists(self.select(e.args[0]))  # stops at the first candidate
                return found if e.name == "any" else C.Not(found)
            if e.name == "count" and len(e.args) == 1 and type(e.args[0]) is I.Query \
                    and e.args[0].rank is None:
                return C.Count(self.select(e.args[0]))  # compiled: counted, not listed
            args = tuple(C.Items(self.zone(a.ref)) if fn.zones and type(a) is I.ZoneRefExpr
                         else self.expr(a) for a in e.args)
            return C.Call(fn, args)
        if t is I.Arith:
            return C.Arith(e.op, self.expr(e.left), self.expr(e.right))
        if t is I.Neg:
            return C.Neg(self.expr(e.expr))
        if t is I.Cmp:
            return C.Cmp(e.op, self.expr(e.left), self.expr(e.right),
                         self.is_int(e.left) and self.is_int(e.right))
        if t is I.Logic:
            return C.Logic(e.op, tuple(self.expr(p) for p in e.parts))
        if t is I.Not:
            return C.Not(self.expr(e.expr))
        if t is I.In:
            return C.In(self.expr(e.item), self.expr(e.collection), e.negated)
        if t is I.Has:
            return C.Test(self.v.tests["has"], self.expr(e.subject), self.expr(e.what),
                          e.negated)
        if t is I.Query:
            return self.select(e)
        if t is I.ZoneRefExpr:
            return self.zone(e.ref)
        raise AssertionError(e)

    def is_int(self, e) -> bool:
        """Whether e is certainly a number (a comparison of two is done directly)."""
        t = type(e)
        if t is I.Const:
            return type(e.value) is int and e.type not in ("player", "players", "card")
        if t is I.Arith:
            return self.is_int(e.left) and self.is_int(e.right)
        if t is I.Neg:
            return self.is_int(e.expr)
        if t is I.Fn:
            return self.fndef(e).returns == "int"
        return False


def unplayable(name: str, game: str):
    """A stand-in definition of a verb the game cannot run: running it is an EffectError."""
    from .interp import EffectError
    from .vocab import VerbDef

    def run(env, *args):
        raise EffectError(f"'{name}' has no behaviour in the {game} runtime yet")
    return VerbDef(name, "any", run, phrase="{verbs} {obj}{args}")
