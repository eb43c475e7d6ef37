"""The interpreter: the reference semantics of the IR. One branch per form, each headed by the
form's syntax. Game-specific meaning (what "hand" holds, what "meld" does) comes from a game
adapter (for Innovation: runtime/games/innovation/verbs.py); this module knows none of it.

A card's effects become runtime `Effect(kind, run, text)` objects; `run(ctx)` executes the
effect for `ctx.executor` within the dogma described by `ctx`.
"""
from __future__ import annotations

import functools

# the IR forms as names (a module attribute would be looked up at every test)
from .ir import (
    Act, Arith, Card, Cmp, Const, Effect, Either, Flag, Fn, ForEach, HasIcon, If, In, ItRef,
    Let, Logic, Neg, Not, Query, Repeat, RepeatEffect, Stop, Var, ZoneRefExpr)

MAX_REPEATS = 1000   # "repeat effect" that never stops is a card bug, not an endless game


class EffectError(Exception):
    """A card did something the runtime cannot do; names the card file and line."""


class _Repeat(Exception):
    pass


class _Stop(Exception):
    def __init__(self, scope: str):
        self.scope = scope


STOP_KEY = "__stop_dogma__"


class Env:
    """One execution of one effect by one player."""
    __slots__ = ("ctx", "game", "executor", "activator", "adapter", "vars", "flags", "its",
                 "card_ir", "exports")

    def __init__(self, ctx, adapter, card_ir, exports=()):
        # compiled effects reuse their Envs, calling this again (codegen's `_reset`)
        self.ctx = ctx
        self.game = ctx.game
        self.executor = ctx.executor  # read by nearly every step: one field, not ctx's
        self.activator = ctx.activator
        self.adapter = adapter
        self.card_ir = card_ir
        dv = ctx.dogma_vars  # (most are empty: no comprehension, which is a call)
        self.vars: dict = {k: v for k, v in dv.items() if not k.startswith("__")} if dv else {}
        self.flags: dict = {}
        self.its: list = []
        self.exports = exports

    def bind(self, name: str, value) -> None:
        self.vars[name] = value
        if name in self.exports:  # demand results accumulate across the whole dogma
            acc = self.ctx.dogma_vars.setdefault("__acc_" + name, [])
            acc.extend(value if isinstance(value, list) else [value])
            self.ctx.dogma_vars[name] = list(acc)


def run_effect(card_ir: Card, eff: Effect, adapter, ctx) -> None:
    """Run one effect for ctx.executor; `repeat effect` loops here for the same player."""
    dv = ctx.dogma_vars
    if dv and dv.get(STOP_KEY):  # (most dogmas' dicts are empty)
        return
    exports = eff.exports
    for name in exports:  # this execution's own results start empty
        dv.setdefault(name, [])
    repeats = 0
    while True:
        env = Env(ctx, adapter, card_ir, exports)
        for name in exports:
            env.vars[name] = []
        try:
            for op in eff.body:  # (exec_block, inline: a call less per effect)
                exec_op(op, env)
            return
        except _Repeat:
            repeats += 1
            if repeats >= MAX_REPEATS:
                raise EffectError(f"{card_ir.path}: \"{card_ir.name}\" repeated its effect "
                                  f"{MAX_REPEATS} times") from None
        except _Stop as s:
            if s.scope == "dogma":
                dv[STOP_KEY] = True
            return


def exec_block(ops, env: Env) -> None:
    for op in ops:
        exec_op(op, env)


def exec_op(op, env: Env) -> None:
    t = type(op)  # (IR nodes are never subclassed: see evaluate)
    # [may] VERB [and VERB]* OBJECT [KWARGS] [ADVERB] [as NAME]
    if t is Act:
        done = exec_act(op, env)
        if op.flag:
            env.flags[op.flag] = done
    # if COND: ... elif COND: ... else: ...     (and "if you do" on a flag)
    elif t is If:
        for cond, body in op.branches:
            if truth(evaluate(cond, env)):
                exec_block(body, env)
                return
        exec_block(op.orelse, env)
    # for each NAME in LIST: ...
    elif t is ForEach:
        for item in as_list(evaluate(op.iterable, env)):
            env.vars[op.var] = [item] if isinstance(item, int) and op.iterable.type == "cards" else item
            exec_block(op.body, env)
    # repeat N times: ...
    elif t is Repeat:
        for _ in range(max(0, evaluate(op.count, env))):
            exec_block(op.body, env)
    # repeat effect
    elif t is RepeatEffect:
        raise _Repeat()
    # stop / stop dogma
    elif t is Stop:
        raise _Stop(op.scope)
    # let NAME = EXPR
    elif t is Let:
        env.vars[op.var] = evaluate(op.expr, env)
    # [may] either: ... or: ...
    elif t is Either:
        labels = [f"option {i + 1}" for i in range(len(op.options))]
        lo = 0 if op.optional else 1
        pick = env.game.choose(env.executor, "option", labels, lo, 1, "choose one")
        if pick:
            exec_block(op.options[labels.index(pick[0])], env)
    else:
        raise AssertionError(op)


def exec_act(act: Act, env: Env) -> bool:
    """Perform an action; return whether it was done in full ("if you do")."""
    ad = env.adapter
    first = act.verbs[0]
    if act.optional and not ad.optional_is_a_choice(act):
        if ad.nothing_to_do(act, env) or \
                not env.game.choose_yes_no(env.executor, "may " + " and ".join(act.verbs) + "?"):
            if act.bind:
                env.bind(act.bind, [])
            return False
    items, wanted = ad.object_items(act, env)
    result = items
    for verb in act.verbs:
        result = ad.perform(verb, act, result, env)
    if act.bind:
        env.bind(act.bind, ad.binding_value(act, items if first == "choose" else result))
    return ad.done_in_full(act, result, wanted)


# ------------------------------------------------------------------ expressions
def _ordered(f):
    """An order comparison with a missing value (an empty binding) is false, not an error."""
    def cmp(a, b):
        try:
            return f(a, b)
        except TypeError:
            return False
    return cmp


_COMPARE = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b,
            "<": _ordered(lambda a, b: a < b), "<=": _ordered(lambda a, b: a <= b),
            ">": _ordered(lambda a, b: a > b), ">=": _ordered(lambda a, b: a >= b)}


def truth(v) -> bool:
    if isinstance(v, list):
        return len(v) > 0
    return bool(v)


def as_list(v) -> list:
    if isinstance(v, list):
        return v
    if v is None or v == -1:
        return []
    return [v]


def first_of(v):
    """as_list(v)[0], or None when that is empty, without making a one-item list."""
    if isinstance(v, list):
        return v[0] if v else None
    if v is None or v == -1:
        return None
    return v


def evaluate(e, env: Env):
    # the forms are tested in the order of their frequency in real games, by identity of the
    # node's class (IR nodes are never subclassed: one type() call instead of an isinstance
    # call per form tested)
    t = type(e)
    # 3, "Monument", red, you, this
    if t is Const:
        return env.adapter.constant(e, env)
    # fn(args)
    if t is Fn:
        return env.adapter.function(e, env)
    # a == b, a < b ...
    if t is Cmp:
        a, b = evaluate(e.left, env), evaluate(e.right, env)
        a_list, b_list = type(a) is list, type(b) is list  # (values are never list subclasses)
        if a_list and not b_list:
            if len(a) == 1:
                a = a[0]
        elif b_list and not a_list and len(b) == 1:
            b = b[0]
        op = e.op
        if op == "==":  # (the most frequent, without a call)
            return a == b
        if op == "!=":
            return a != b
        return _COMPARE[op](a, b)
    # it
    if t is ItRef:
        return env.its[-1]
    # a and b / a or b: the first part that decides it ends the evaluation
    if t is Logic:
        decides = e.op == "or"
        for p in e.parts:
            if truth(evaluate(p, env)) == decides:
                return decides
        return not decides
    # a zone used as a value
    if t is ZoneRefExpr:
        return e
    # a query used as a value: every candidate, no decision
    if t is Query:
        return env.adapter.candidates(e, env)
    # NAME bound by as / let / for each
    if t is Var:
        return env.vars.get(e.name, [])
    # the "if you do" flag of an earlier action
    if t is Flag:
        return env.flags.get(e.name, False)
    # x in list / x not in list
    if t is In:
        item = evaluate(e.item, env)
        coll = as_list(evaluate(e.collection, env))
        items = item if isinstance(item, list) else [item]
        found = bool(items) and all(i in coll for i in items)
        return not found if e.negated else found
    # a + b, a - b, a * b, a // b
    if t is Arith:
        a, b = evaluate(e.left, env), evaluate(e.right, env)
        if e.op == "+":
            return a + b
        if e.op == "-":
            return a - b
        if e.op == "*":
            return a * b
        return a // b if b else 0
    # -a
    if t is Neg:
        return -evaluate(e.expr, env)
    # card has icon
    if t is HasIcon:
        cards = as_list(evaluate(e.card, env))
        icon = evaluate(e.icon, env)
        return bool(cards) and env.adapter.card_has_icon(cards[0], icon, env)
    # not c
    if t is Not:
        return not truth(evaluate(e.expr, env))
    raise AssertionError(e)


def make_effects(card_ir: Card, adapter, kinds=None) -> list:
    """The runtime Effect objects of a checked card."""
    from .render import render_effect
    out = []
    for eff in card_ir.effects:
        if eff.trigger is not None or (kinds is not None and eff.kind not in kinds):
            continue
        out.append(adapter.effect_class(eff.kind, _runner(card_ir, eff, adapter),
                                        render_effect(eff, card_ir)))
    return out


def _runner(card_ir, eff, adapter):
    """run(ctx) of one effect: run_effect with its card, effect and adapter bound (a partial:
    called from C, without a Python frame of its own)."""
    run = functools.partial(run_effect, card_ir, eff, adapter)
    run.__name__ = f"run_{card_ir.name}_{eff.index}"
    return run
