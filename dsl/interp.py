"""The interpreter: the reference semantics of the core IR (dsl/core.py), one branch per form,
each headed by the form it runs. The game's meaning of each word comes with the IR (the
verbs, functions and tests of its vocabulary, dsl/vocab.py) and from the game object the
effect runs in (`env.game`, an instance of a subclass of `Host`), which provides:

    choose(player, kind, options, min, max, prompt, all_or_none=False, labels=None) -> list
    choose_yes_no(player, prompt) -> bool
    opponents(player), players_in_order(player), n_players, _hooks (truthy while any hook
    is installed: where-test answers are then not kept)

and, through its vocabulary, `lister(env, noun, zone, players, position)` (the items of a
zone), `domains[noun](env)` (every item of a noun that lies in no zone).

A card's effects become runtime effects whose `run(ctx)` executes the effect for
`ctx.executor`; ctx (the game's effect context) has game, executor, activator, card and
dogma_vars (a dict shared by every execution within one activation of a card: exported
bindings and "stop" live there). The compiled module of a card set (dsl/codegen) calls the
helpers below that are not IR forms (pick, candidates, rank_by...), so the two back ends share
them.
"""
from __future__ import annotations

import functools

import cython

from .accel import CHECK, ON, AccelMismatch
from .hoist import plan as hoist_plan

# the core IR forms as names (a module attribute would be looked up at every test)
from .core import (Amount, Arith, Call, Cmp, Const, Count, Either, Exists, Flag, ForEach, If,
                   In, It, Items, Let, Logic, Neg, Not, Optional_, Perform, Pick, Repeat, RepeatEffect,
                   Role, Select, Stop, Test, This, Var, Zone)

MAX_REPEATS = 1000   # "repeat effect" that never stops is a card bug, not an endless game
STOPPED = "__stopped__"  # set in dogma_vars by `stop SCOPE` beyond the effect: later effects skip


class EffectError(Exception):
    """A card did something the runtime cannot do; names the card file and line."""


class _Repeat(Exception):
    pass


class _Stop(Exception):
    def __init__(self, scope: str):
        self.scope = scope


class Host:
    """The game an effect runs in (`env.game`), as the language asks it. A game's rules class
    derives from it, so that the compiled interpreter (interp.pxd) asks it through C: every
    choice of an effect goes through `choose`."""

    def choose(self, player, kind: str, options, min: int = 1, max: int = 1, prompt: str = "",
               all_or_none: bool = False, labels=None) -> list:
        """`player` chooses between `min` and `max` of `options` (all or none of `max` with
        `all_or_none`; `labels`: each option's English, when the effect knows it)."""
        raise NotImplementedError


class Env:
    """One execution of one effect by one player."""
    __slots__ = ("ctx", "game", "executor", "activator", "vars", "flags", "its", "exports")

    def __init__(self, ctx, exports=()):
        # compiled effects reuse their Envs, setting these fields again (codegen's `_reset`)
        self.ctx = ctx
        self.game = ctx.game
        self.executor = ctx.executor  # read by nearly every step: one field, not ctx's
        self.activator = ctx.activator
        dv = ctx.dogma_vars  # (most are empty: no comprehension, which is a call)
        self.vars: dict = {k: v for k, v in dv.items() if not k.startswith("__")} if dv else {}
        self.flags: dict = {}
        self.its: list = []
        self.exports = exports

    def bind(self, name: str, value) -> None:
        self.vars[name] = value
        if name in self.exports:  # exported results accumulate across the whole activation
            acc = self.ctx.dogma_vars.setdefault("__acc_" + name, [])
            acc.extend(value if isinstance(value, list) else [value])
            self.ctx.dogma_vars[name] = list(acc)


@cython.freelist(8)  # compiled: one is made for most zones an effect names
@cython.cclass
class Place:
    """A zone of some players as a value (`to my score`, `count(my hand)`). A C struct in the
    compiled twin (interp.pxd), made by `new_place` (no Python-level __init__ call)."""
    __slots__ = ("zone", "players", "position")

    def __init__(self, zone: str, players: list, position=None):
        self.zone = zone
        self.players = players
        self.position = position


def new_place(zone: str, players: list, position) -> Place:
    """Place(zone, players, position) without calling the class (compiled: its struct's
    fields set in C)."""
    p = Place.__new__(Place)
    p.zone = zone
    p.players = players
    p.position = position
    return p


@cython.freelist(4)
@cython.cclass
class VerbCall:
    """What a verb done to several items at once may ask of its step, evaluated when it asks
    (in the order the rules ask): keyword arguments, the adverb, the zones the object and the
    arguments come from."""
    __slots__ = ("env", "step")

    def __init__(self, env: Env, step):
        self.env = env
        self.step = step

    @property
    def has_object(self) -> bool:
        return self.step.obj is not None

    @property
    def adverb(self):
        a = self.step.adverb
        return None if a is None else evaluate(a, self.env)

    def arg(self, prep: str):
        """The value of a keyword argument (a query is chosen from now; a zone is a Place)."""
        for k, v in self.step.args:
            if k == prep:
                return pick(v, self.env)[0] if type(v) is Pick else evaluate(v, self.env)
        return None

    def place(self, which: str):
        """The Place of the zone a query came from: `which` "obj" (the object) or a
        preposition; None when that is not a query with a zone."""
        node = self.step.obj if which == "obj" else None
        for k, v in self.step.args:
            if k == which:
                node = v
        if type(node) is not Pick or node.select.source is None:
            return None
        return evaluate(node.select.source, self.env)


def new_verbcall(env: Env, step) -> VerbCall:
    """VerbCall(env, step) without calling the class (compiled: its struct's fields set in C)."""
    c = VerbCall.__new__(VerbCall)
    c.env = env
    c.step = step
    return c


# ------------------------------------------------------------------ effects
def run_effect(eff, ctx) -> None:
    """Run one effect (core.Effect) for ctx.executor; `repeat effect` loops here."""
    dv = ctx.dogma_vars
    if dv and dv.get(STOPPED):  # (most dogmas' dicts are empty)
        return
    exports = eff.exports
    for name in exports:  # this execution's own results start empty
        dv.setdefault(name, [])
    repeats = 0
    subject = eff.trigger is not None  # a triggered effect's `it`: what triggered it
    while True:
        env = Env(ctx, exports)
        for name in exports:
            env.vars[name] = []
        if subject:
            env.its.append(ctx.subject)
        try:
            for op in eff.body:  # (exec_block, inline: a call less per effect)
                exec_op(op, env)
            return
        except _Repeat:
            repeats += 1
            if repeats >= MAX_REPEATS:
                raise EffectError(f"{eff.path}: \"{eff.card}\" repeated its effect "
                                  f"{MAX_REPEATS} times") from None
        except _Stop as s:
            if s.scope != "effect":
                dv[STOPPED] = s.scope
            return


def runner(eff):
    """run(ctx) of one effect: run_effect with the effect bound (a partial: called from C,
    without a Python frame of its own)."""
    run = functools.partial(run_effect, eff)
    run.__name__ = f"run_{eff.card}_{eff.index}"
    return run


def exec_block(ops, env: Env) -> None:
    for op in ops:
        exec_op(op, env)


def exec_op(op, env: Env) -> None:
    t = type(op)  # (core IR nodes are never subclassed)
    # [may] VERB [and VERB]* OBJECT [KWARGS] [ADVERB] [as NAME]: a step
    if t is Perform:
        perform(op, env, None)
    # may STEP: a yes/no question, not asked when the step would act on nothing
    elif t is Optional_:
        cands = None
        if op.empty is not None:
            lists = [candidates(s, env) for s in op.empty]
            if not any(lists):
                decline(op.step, env)
                return
            cands = lists[0] if len(lists) == 1 else None
        if op.able is not None and not any_able(op.able, evaluate(op.step.obj, env), env):
            decline(op.step, env)  # the verb could act on none of it: not offered
            return
        if not env.game.choose_yes_no(env.executor, op.prompt):
            decline(op.step, env)
            return
        perform(op.step, env, cands)
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
            env.vars[op.var] = [item] if op.wrap and isinstance(item, int) else item
            exec_block(op.body, env)
    # repeat N times: ...
    elif t is Repeat:
        for _ in range(max(0, evaluate(op.count, env))):
            exec_block(op.body, env)
    # repeat effect
    elif t is RepeatEffect:
        raise _Repeat()
    # stop / stop SCOPE
    elif t is Stop:
        raise _Stop(op.scope)
    # let NAME = EXPR
    elif t is Let:
        env.vars[op.var] = evaluate(op.expr, env)
    # [may] either: ... or: ...
    elif t is Either:
        pick_ = choose_option(env, op.labels, 0 if op.optional else 1)
        if pick_ >= 0:
            exec_block(op.bodies[pick_], env)
    else:
        raise AssertionError(op)


def choose_option(env: Env, labels: tuple, least: int) -> int:
    """The executor chooses one of an `either`'s branches; -1 for none. The options are
    "option 1", "option 2"... (stable in saves); their English is the branches' labels."""
    values = [f"option {i + 1}" for i in range(len(labels))]
    g = env.game
    pick_ = g.choose(env.executor, "option", values, least, 1, "choose one", False,
                            labels)
    return values.index(pick_[0]) if pick_ else -1


def any_able(test, obj, env: Env) -> bool:
    """Whether a verb can act on any item of its object (vocab.VerbDef.able)."""
    for x in as_list(obj):
        if test.run(env, x, None):
            return True
    return False


def decline(step: Perform, env: Env) -> None:
    """A declined optional step: its binding holds nothing, it was not done."""
    if step.bind is not None:
        if step.export:
            env.bind(step.bind, [])
        else:
            env.vars[step.bind] = []
    if step.flag is not None:
        env.flags[step.flag] = False


def perform(step: Perform, env: Env, cands) -> None:
    """One step: its object, each verb in turn on what the one before did, then the binding
    and the "if you do" flag (done in full)."""
    obj = step.obj
    t = type(obj)
    if t is Pick:
        items, wanted = pick(obj, env, cands)
    elif t is Amount:
        items, wanted = [], evaluate(obj.count, env)
    elif obj is None:
        items, wanted = [], 0
    else:
        items = as_list(evaluate(obj, env))
        wanted = len(items)
    result = items
    first = True
    for v in step.verbs:
        if t is Amount and first:  # draw 2, draw two [3]
            result = v.run(env, evaluate(obj.value, env), wanted)
        elif v.each:
            if first and step.ordered and len(result) > 1:
                result = in_order(v, result, env)
            done = []
            run = v.run
            for x in result:
                if run(env, x):
                    done.append(x)
            result = done
        else:
            result = v.run(env, result, new_verbcall(env, step))
        first = False
    if step.bind is not None:
        chosen = items if step.bind_items else result
        value = (chosen[0] if chosen else None) if step.bind_one else list(chosen)
        if step.export:
            env.bind(step.bind, value)
        else:
            env.vars[step.bind] = value
    if step.flag is not None:
        full = step.verbs[0].full
        env.flags[step.flag] = full(result, wanted) if full is not None \
            else len(result) >= max(1, wanted)


def in_order(verb, items: list, env: Env) -> list:
    """Cards the player did not pick one by one, put down by a verb with an order_key: the
    player orders each group bound for the same place (the key's value), groups in the
    order their first card comes."""
    groups: dict = {}
    for c in items:
        groups.setdefault(verb.order_key(env, c), []).append(c)
    out = []
    for cs in groups.values():
        if len(cs) > 1:
            cs = env.game.choose(env.executor, "order", cs, len(cs), len(cs), verb.order_prompt)
        out.extend(cs)
    return out


# ------------------------------------------------------------------ choices (the golden rule)
def pick(pk: Pick, env: Env, cands=None) -> tuple:
    """The items a step acts on, chosen from a query's candidates (`cands`: those already
    listed), and how many were wanted (for "if you do")."""
    who = env.executor
    if pk.chooser is not None:
        chosen = as_list(evaluate(pk.chooser, env))
        if chosen:
            who = chosen[0]
    items = candidates(pk.select, env) if cands is None else cands
    return pick_from(env, items,
                     None if pk.lo is None else evaluate(pk.lo, env),
                     None if pk.hi is None else evaluate(pk.hi, env),
                     None if pk.all_but is None else evaluate(pk.all_but, env), who,
                     pk.mode, pk.kind, pk.prompt, pk.optional, pk.if_you_do, pk.select.rank)


def pick_from(env: Env, items: list, lo, hi, keep, who, mode: str, kind: str, prompt: str,
              optional: bool, if_you_do: bool, rank, keys: list | None = None) -> tuple:
    """pick() given the candidates, the bounds' values, the chooser and the Pick's fields
    (compiled code gives them as values and constants; and, for a counted ranked query, the
    candidates' keys, `rank_keyed`). 000 "说明和其他关键词": do as much as
    you can; "you may X" of an exact count with an "if you do" is all or nothing."""
    # (the bounds as C ints in the compiled twin: n, least, most, wanted, k)
    g = env.game
    n = len(items)
    if mode == "all":
        return items, (n if n > 1 else 1)
    if keep is not None:  # all but N
        k = keep
        k = n - k if n > k else 0
        return (g.choose(who, kind, items, k, k, "choose") if k else []), k
    least = 0 if lo is None else lo
    most = n if hi is None else hi
    if hi is not None and least == most:
        wanted = most
    else:
        wanted = least if least > 1 else 1
    if optional and least == most and most > 1 and rank is None:
        # "You may return three cards": all three or none; with fewer it cannot be done
        # in full, so it is not done (000 "说明和其他关键词").
        # Without an "if you do" it is done as far as possible: none, or every card
        # up to the number (000 "说明和其他关键词", the Reformation example).
        k = most if if_you_do or most < n else n
        if k == 0:
            return [], wanted
        return g.choose(who, kind, items, 0, k, prompt, True), wanted
    if optional:
        least = 0
    if rank is not None and most < n and least == most:
        return choose_ranked(rank, items, most, env, kind, who, keys), wanted
    return g.choose(who, kind, items, least if least < n else n, most if most < n else n,
                    prompt), wanted


def choose_ranked(rank, items: list, n: int, env: Env, kind: str, who,
                  keys: list | None = None) -> list:
    """'the two highest cards': everything strictly above the n-th key is taken; the player
    chooses among the items tied at the boundary (the golden rule's free choice of ties).
    `keys`: the items' keys, when the caller has them (compiled queries: rank_keyed)."""
    if keys is None:
        keys = [key_of(rank, x, env) for x in items]
    cut = keys[n - 1]
    best = rank.best
    sure = []
    tied = []
    for i in range(len(items)):
        k = keys[i]
        if (k > cut) if best else (k < cut):
            sure.append(items[i])
        elif k == cut:
            tied.append(items[i])
    need = n - len(sure)
    if not need:
        return sure
    g = env.game
    return sure + g.choose(who, kind, tied, need, need, "choose")


# ------------------------------------------------------------------ queries
def listing(sel: Select, env: Env) -> list:
    """A query's candidates before its filters: the items of its zone, or of its noun."""
    z = sel.source
    if z is None:
        return sel.domain(env)
    return z.lister(env, sel.noun, z.zone, evaluate(z.players, env), z.position)


def candidates(sel: Select, env: Env) -> list:
    """Everything a query matches, filtered and ranked, without asking anyone."""
    items = listing(sel, env)
    for f in sel.filters:
        memo = f.memo
        neg = f.negated
        if memo is None or env.game._hooks:
            if ON and f.kind == "where" and items:
                hoisted = hoist_plan(f)
                if hoisted:
                    items = where_hoisted(f, hoisted, items, env)
                    continue
            items = [x for x in items if passes(f, x, env) != neg]
            continue
        kept = []  # a where-test with kept answers: read item by item
        for x in items:
            r = memo.get(x)
            if r is None:
                r = memo[x] = passes(f, x, env)
            elif CHECK:
                _check_kept(f, x, r, env)
            if r != neg:
                kept.append(x)
        items = kept
    if sel.rank is not None:
        items = ranked(sel.rank, items, env)
    return items


def where_hoisted(f, hoisted: tuple, items: list, env: Env) -> list:
    """The candidates passing `where` filter f, the parts of its condition that do not read
    `it` computed once, when the first candidate is tested (dsl/hoist.py): the condition
    reads them from variables. CARDLANG_ACCEL=check also computes the condition afresh."""
    arg, parts = hoisted
    neg = f.negated
    kept = []
    its = env.its
    vs = env.vars
    for name, part in parts:
        vs[name] = evaluate(part, env)
    try:
        for x in items:
            its.append(x)
            try:
                r = truth(evaluate(arg, env))
                if CHECK and r != truth(evaluate(f.arg, env)):
                    raise AccelMismatch(f"a where-test with its parts computed once answers "
                                        f"{r} for item {x!r}, afresh {not r}")
            finally:
                its.pop()
            if r != neg:
                kept.append(x)
    finally:
        for name, _part in parts:
            del vs[name]
    return kept


def exists(sel: Select, env: Env) -> bool:
    """Whether an unranked query has a candidate (candidates() without the full list)."""
    for x in listing(sel, env):
        for f in sel.filters:
            if passes(f, x, env) == f.negated:
                break
        else:
            return True
    return False


def passes(f, x, env: Env) -> bool:
    """Whether candidate x passes filter f (before its negation)."""
    k = f.kind
    if k == "where":
        memo = f.memo
        if memo is not None and not env.game._hooks:
            r = memo.get(x)
            if r is not None:
                if CHECK:
                    _check_kept(f, x, r, env)
                return r
        env.its.append(x)
        try:
            r = truth(evaluate(f.arg, env))
        finally:
            env.its.pop()
        if memo is not None and not env.game._hooks:
            memo[x] = r
        return r
    if k == "test":
        return f.test.run(env, x, None if f.arg is None else evaluate(f.arg, env))
    return x not in as_list(evaluate(f.arg, env))  # other_than


def _check_kept(f, x, kept: bool, env: Env) -> None:
    """CARDLANG_ACCEL=check: a kept answer of a where-test is the one it gives afresh."""
    env.its.append(x)
    try:
        fresh = truth(evaluate(f.arg, env))
    finally:
        env.its.pop()
    if fresh != kept:
        raise AccelMismatch(f"a kept where-test answer of item {x!r} is {kept}, "
                            f"afresh {fresh}")


def key_of(rank, x, env: Env):
    if rank.key is None:
        return x
    env.its.append(x)
    try:
        return evaluate(rank.key, env)
    finally:
        env.its.pop()


def ranked(rank, items: list, env: Env) -> list:
    """Highest/lowest/most/fewest: the best items first; for 'the'/'a'/'all' only the tied
    best remain; a counted choice ('two highest') keeps the order for choose_ranked."""
    if not items:  # (often: no keys, no calls)
        return items
    return rank_by(items, [key_of(rank, x, env) for x in items], rank.best, rank.counted,
                   rank.single)


def rank_keyed(items: list, keys: list, best: bool) -> tuple:
    """rank_by of a counted rank ('the two highest') with its keys in the items' new order:
    (items, keys), the keys for pick_from, so that the choice among ties reads no key again."""
    if not items:
        return items, keys
    order = sorted(range(len(items)), key=keys.__getitem__, reverse=best)
    return [items[i] for i in order], [keys[i] for i in order]


def rank_by(items: list, keys: list, best: bool, counted: bool, single: bool) -> list:
    """ranked() given each item's key (compiled queries compute the keys inline)."""
    if not items:
        return items
    if counted:
        # a stable sort of the positions by key: equal keys keep the items' order
        order = sorted(range(len(items)), key=keys.__getitem__, reverse=best)
        return [items[i] for i in order]
    top = keys[0]  # the best key (a loop: max() and min() are Python calls when compiled)
    for kv in keys:
        if (kv > top) if best else (kv < top):
            top = kv
    tied = [items[i] for i in range(len(items)) if keys[i] == top]  # in the items' order
    if single and len(tied) > 1:
        return []
    return tied


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


def compare(op: str, a, b):
    """a OP b as the language compares: a one-item list compares as its item."""
    a_list, b_list = type(a) is list, type(b) is list  # (values are never list subclasses)
    if a_list and not b_list:
        if len(a) == 1:
            a = a[0]
    elif b_list and not a_list and len(b) == 1:
        b = b[0]
    if op == "==":  # (the most frequent, without a call)
        return a == b
    if op == "!=":
        return a != b
    return _COMPARE[op](a, b)


def evaluate(e, env: Env):
    # the forms are tested in the order of their frequency in real games, by identity of the
    # node's class (one type() call instead of an isinstance call per form tested)
    t = type(e)
    # 3, "A Name", a word of the game
    if t is Const:
        return e.value
    # fn(args)
    if t is Call:
        args = e.args
        if len(args) == 1:  # (most: a call without a comprehension)
            return e.fn.run(env, evaluate(args[0], env))
        return e.fn.run(env, *[evaluate(a, env) for a in args])
    # a == b, a < b ...
    if t is Cmp:
        a, b = evaluate(e.left, env), evaluate(e.right, env)
        if e.ints:
            op = e.op
            if op == "==":
                return a == b
            if op == ">=":
                return a >= b
        return compare(e.op, a, b)
    # it
    if t is It:
        return env.its[-1]
    # a and b / a or b: the first part that decides it ends the evaluation
    if t is Logic:
        decides = e.op == "or"
        for p in e.parts:
            if truth(evaluate(p, env)) == decides:
                return decides
        return not decides
    # you, me, opponents, everyone
    if t is Role:
        r = e.role
        if r == "you":
            return env.executor
        if r == "me":
            return env.activator
        g = env.game
        if r == "opponents":
            return g.opponents(env.executor)
        if r == "players":
            return g.players_in_order(env.executor)
        return list(range(g.n_players))  # everyone
    # a query used as a value: every candidate, no decision
    if t is Select:
        return candidates(e, env)
    # NAME bound by as / let / for each
    if t is Var:
        return env.vars.get(e.name, [])
    # a zone used as a value: a place
    if t is Zone:
        return new_place(e.zone, as_list(evaluate(e.players, env)), e.position)
    # the "if you do" flag of an earlier step
    if t is Flag:
        return env.flags.get(e.name, False)
    # x has y, an adjective's test...: a game test of the first item
    if t is Test:
        x = first_of(evaluate(e.subject, env))
        if x is None:
            return False
        r = e.test.run(env, x, None if e.arg is None else evaluate(e.arg, env))
        return r != e.negated
    # any/none of a query: whether it has a candidate
    if t is Exists:
        return exists(e.select, env)
    # x in list / x not in list
    if t is In:
        item = evaluate(e.item, env)
        coll = as_list(evaluate(e.collection, env))
        items = item if isinstance(item, list) else [item]
        found = len(items) > 0
        for i in items:  # (a loop: a generator is a closure, which a cpdef cannot hold)
            if i not in coll:
                found = False
                break
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
    # not c
    if t is Not:
        return not truth(evaluate(e.expr, env))
    # this card
    if t is This:
        return env.ctx.card
    # the items of a zone (a bare zone as a function's argument)
    if t is Items:
        z = e.zone
        return z.lister(env, "card", z.zone, evaluate(z.players, env), None)
    # count of a query: how many candidates it has
    if t is Count:
        return len(candidates(e.select, env))
    raise AssertionError(e)


def make_effects(card, lowering, make_effect, render) -> list:
    """The runtime effects of a checked card: `make_effect(kind, run, text)` of each effect
    without a trigger, run by this interpreter on its core IR."""
    out = []
    for eff in card.effects:
        if eff.trigger is not None:
            continue
        text = render(eff, card)
        core_eff = lowering.effect(card, eff, text)
        out.append(make_effect(eff.kind, runner(core_eff), text))
    return out
