"""Core IR -> Cython statements and expressions: a visitor with one method per core IR form
(dsl/core.py), the same forms the interpreter (dsl/interp.py) runs, with the same semantics.

What is inline comes from the game, never from here: each verb, function and test of the
vocabulary may carry a Cython form (`inline`, dsl/vocab.py), and the vocabulary's `inline`
object says how its zones are listed and what names the generated module cimports from the
game's compiled modules (runtime/games/<game>/inline.py). Everything else calls the language
runtime's helpers (dsl/interp.py, compiled too) or the definition's own `run`.

Safety: everything card files supply (names, strings, binding names) reaches the generated
code only as a literal made by `lit()` (Python `repr`, which escapes quotes, backslashes and
newlines) or inside a comment made by `comment()` (ASCII-escaped, one line). Identifiers are
derived here (`card_17_effect_0`, `_i2`), never taken from a card.

Core IR nodes the runtime needs (a Pick, a Select, a definition...) are passed by reference:
`node()` numbers them in traversal order and the module receives the list when it is bound
(`bind(...)`), checked against a signature so a module never runs with other IR.
"""
from __future__ import annotations

import hashlib

import dataclasses

from .. import core as C
from ..core import Visitor
from ..hoist import invariant_parts

# values Python writes back as the same literal
_LITERAL_TYPES = (int, str, bool, float, type(None))

# return codes of an effect body
OK, REPEAT, STOP_EFFECT = 0, 1, 2


def lit(value) -> str:
    """A Python literal for a plain value (or a tuple of them); card text can never escape it."""
    if type(value) in (tuple, list):
        return "(" + "".join(lit(v) + ", " for v in value) + ")"
    if type(value) not in _LITERAL_TYPES:
        raise TypeError(f"not a literal: {type(value).__name__}")
    if type(value) is float and value != value:
        raise TypeError("nan is not a literal")
    return repr(value)


def comment(text: str) -> str:
    """One comment line's text: ASCII only, control characters and newlines escaped."""
    return ascii(str(text))[1:-1]


class _Place:
    """A place argument of a verb's inline form: {to.players}, {to.zone}."""

    def __init__(self, players: str, zone: str):
        self.players = players
        self.zone = zone


class _Arg:
    """Any other argument of a verb's inline form, and the object: {for.value} (a query's
    items chosen now, as VerbCall.arg gives them; `value` of the object is its items) and
    {for.place} (the Place of the zone its query came from, as VerbCall.place; "None" when
    it is not a query of a zone)."""

    def __init__(self, value: str, place: str):
        self.value = value
        self.place = place


class Emitter(Visitor):
    """Generates the code of one card set for one vocabulary. `nodes` are the objects the
    code refers to at run time."""

    def __init__(self, vocab):
        self.v = vocab
        self.inline = vocab.inline  # the game's compiled forms (listing, cimports)
        self.nodes: list = []
        self._index: dict = {}
        self.queries: list[list[str]] = []   # one cdef function per query used as a value
        self._query_fn: dict = {}
        self.tests: list[list[str]] = []     # one cdef function per game test of a subject
        self._it: str = ""   # the C local that holds `it` in a query's test, if any
        # inside a query's function: the parts of its `where` conditions that do not read
        # its candidate (`it`), by id, and the C local computed once that holds each
        self._hoisted: dict = {}
        self._ind = 1

    # ---------------------------------------------------------------- references
    def node(self, n) -> str:
        k = self._index.get(id(n))
        if k is None:
            k = self._index[id(n)] = len(self.nodes)
            self.nodes.append(n)
        return f"_N[{k}]"

    def signature(self) -> str:
        return hashlib.sha256(repr([_shape(n) for n in self.nodes]).encode()).hexdigest()[:16]

    # ---------------------------------------------------------------- effects and conditions
    def effect_body(self, eff: C.Effect) -> list[str]:
        lines = self.block(eff.body, 1)
        lines.append(f"    return {OK}")
        return lines

    def condition(self, e) -> str:
        return self.truth(e)

    # ---------------------------------------------------------------- statements
    def block(self, ops, ind: int) -> list[str]:
        out: list[str] = []
        saved, self._ind = self._ind, ind
        try:
            for op in ops:
                out.extend(self.visit(op))
        finally:
            self._ind = saved
        if not out:
            out.append("    " * ind + "pass")
        return out

    def pad(self) -> str:
        return "    " * self._ind

    def visit_Perform(self, p: C.Perform, cands: str = "") -> list[str]:
        """perform() of dsl/interp.py, unrolled for this step's verbs."""
        pad = self.pad()
        out = [f"{pad}# line {int(p.line)}: {comment(' and '.join(v.name for v in p.verbs))}",
               f"{pad}_LINE = {int(p.line)}"]
        obj = p.obj
        t = type(obj)
        if t is C.Pick:
            out.append(f"{pad}_items, _wanted = {self.pick_call(obj, cands)}")
        elif t is C.Amount:
            # (draw 2: the first verb's result is the step's; the empty object is listed only
            # when something reads it, the binding of the items or a verb's {obj})
            if (p.bind is not None and p.bind_items) or any(
                    "{obj" in (v.inline or "") for v in p.verbs):
                out.append(f"{pad}_items, _wanted = [], {self.expr(obj.count)}")
            else:
                out.append(f"{pad}_wanted = {self.expr(obj.count)}")
        elif obj is None:
            out.append(f"{pad}_items, _wanted = [], 0")
        else:
            out += [f"{pad}_items = _as_list({self.expr(obj)})", f"{pad}_wanted = len(_items)"]
        if t is not C.Amount:  # (an amount's first verb sets _res)
            out.append(f"{pad}_res = _items")
        # what reads the last verb's result: the step's binding (unless of the items) or flag
        used = (p.bind is not None and not p.bind_items) or p.flag is not None
        for i, v in enumerate(p.verbs):
            out.extend(self.verb(p, i, v, pad, used or i < len(p.verbs) - 1))
        if p.bind is not None:
            chosen = "_items" if p.bind_items else "_res"
            value = f"({chosen}[0] if {chosen} else None)" if p.bind_one else f"list({chosen})"
            setter = "_bind" if p.export else "_set_var"
            out.append(f"{pad}{setter}(env, {lit(p.bind)}, {value})")
        if p.flag is not None:
            full = p.verbs[0].full_inline or "(len({result}) >= max(1, {wanted}))"
            out.append(f"{pad}_set_flag(env, {lit(p.flag)}, "
                       f"{full.format(result='_res', wanted='_wanted')})")
        return out

    def pick_call(self, obj: C.Pick, cands: str = "") -> str:
        """pick() of dsl/interp.py: (the chosen items, how many were wanted)."""
        lo, hi, keep = (("None" if x is None else self.expr(x))
                        for x in (obj.lo, obj.hi, obj.all_but))
        who = "_executor(env)" if obj.chooser is None else \
            f"_chooser(env, {self.expr(obj.chooser)})"
        rank = "None" if obj.select.rank is None else self.node(obj.select.rank)
        fn = "pick_from"
        if cands:
            items = cands
        elif obj.select.rank is not None and obj.select.rank.counted:
            # "the two highest": the candidates with their keys, for the choice among ties
            items = f"{self._query_function(obj.select, 'keyed')}(env)"
            fn = "_pick_keyed"
        else:
            items = f"{self.query_fn(obj.select)}(env)"
        return (f"{fn}(env, {items}, {lo}, {hi}, {keep}, "
                f"{who}, {lit(obj.mode)}, {lit(obj.kind)}, {lit(obj.prompt)}, "
                f"{lit(bool(obj.optional))}, {lit(bool(obj.if_you_do))}, {rank})")

    def place_of(self, node) -> str:
        """VerbCall.place: the Place of the zone a query came from, else None."""
        if type(node) is not C.Pick or node.select.source is None:
            return "None"
        return self.expr(node.select.source)

    def verb(self, p: C.Perform, i: int, v, pad: str, used: bool = True) -> list[str]:
        """One verb of a step on `_res` (what the verb before it did). `used`: its result is
        read (by a later verb, the step's binding or flag); a verb done item by item whose
        result nothing reads keeps no list of the items it did."""
        if i == 0 and type(p.obj) is C.Amount:  # draw 2, draw two [3]
            value = self.expr(p.obj.value)
            if v.inline:
                return [f"{pad}_res = {v.inline.format(value=value, count='_wanted')}"]
            return [f"{pad}_res = {self.node(v)}.run(env, {value}, _wanted)"]
        if v.each:
            out = []
            if i == 0 and p.ordered:
                out.append(f"{pad}if len(_res) > 1:")
                out.append(f"{pad}    _res = in_order({self.node(v)}, _res, env)")
            test = v.inline.format(item="_x", player="_executor(env)") if v.inline \
                else f"{self.node(v)}.run(env, _x)"
            if not used:
                return out + [f"{pad}for _x in _res:", f"{pad}    {test}"]
            out += [f"{pad}_done = []", f"{pad}for _x in _res:", f"{pad}    if {test}:",
                    f"{pad}        _done.append(_x)", f"{pad}_res = _done"]
            return out
        form = self.bulk_inline(p, v)
        if form is not None:
            return [f"{pad}_res = {form}"]
        return [f"{pad}_res = {self.node(v)}.run(env, _res, new_verbcall(env, {self.node(p)}))"]

    def bulk_inline(self, p: C.Perform, v):
        """A verb's inline form given what it reads of its step, when every part is known
        here: the adverb; a keyword argument that is a zone (its players and zone), or any
        other (its value, a query's items chosen when the verb runs, and its place); the
        place of the object. An absent adverb or keyword argument is None (its place None),
        what run() reads of it. The form's arguments are evaluated in the order it names them
        (a query argument is chosen there, after the object, as run() would ask it)."""
        if not v.inline:
            return None
        fields = {"items": "_res", "player": "_executor(env)",
                  "obj": _Arg("_items", self.place_of(p.obj))}
        if "{adverb" in v.inline:
            # an absent adverb is None, as run() reads it (VerbCall.adverb)
            fields["adverb"] = "None" if p.adverb is None else self.expr(p.adverb)
        given = {prep for prep, _ in p.args}
        for prep, _, _ in v.kwargs:
            # an absent argument the form takes is None, as run() reads it (VerbCall.arg
            # and VerbCall.place); as a zone (its players and zone) it has no form: run()
            if prep not in given and "{%s." % prep in v.inline:
                fields[prep] = _Arg("None", "None")
        for prep, val in p.args:
            if "{" + prep not in v.inline:  # an argument the form cannot take: run() does
                return None
            if type(val) is C.Zone:
                fields[prep] = _Place(self.players_list(val.players), lit(val.zone))
            elif type(val) is C.Pick:
                fields[prep] = _Arg(self.pick_call(val) + "[0]", self.place_of(val))
            else:
                fields[prep] = _Arg(self.expr(val), "None")
        try:
            return v.inline.format(**fields)
        except (KeyError, AttributeError):
            return None

    def visit_Optional(self, op: C.Optional_) -> list[str]:
        """may STEP: not offered when every side would act on nothing, else a yes/no."""
        pad = self.pad()
        ask = f"not _game(env).choose_yes_no(_executor(env), {lit(op.prompt)})"
        cands = ""
        if op.empty is not None and len(op.empty) == 1 and type(op.step.obj) is C.Pick \
                and op.step.obj.select is op.empty[0]:
            out = [f"{pad}_cands = {self.query_fn(op.empty[0])}(env)",
                   f"{pad}if not _cands or {ask}:"]
            cands = "_cands"  # the candidates, listed once, are also the items
        elif op.empty is not None:
            empty = " and ".join(f"not {self.query_fn(s)}(env)" for s in op.empty)
            out = [f"{pad}if ({empty}) or {ask}:"]
        else:
            out = [f"{pad}if {ask}:"]
        if op.able is not None:  # not asked when the verb could act on none of its object
            test = self.test_function(op.able, "arg")
            out[-1] = out[-1].replace("if ", f"if not _any_able(env, {self.expr(op.step.obj)}, "
                                             f"{test}) or ", 1)
        step = op.step
        declined = []
        if step.bind is not None:
            setter = "_bind" if step.export else "_set_var"
            declined.append(f"{setter}(env, {lit(step.bind)}, [])")
        if step.flag is not None:
            declined.append(f"_set_flag(env, {lit(step.flag)}, False)")
        out.extend(f"{pad}    {c}" for c in (declined or ["pass"]))
        out.append(f"{pad}else:")
        saved, self._ind = self._ind, self._ind + 1
        try:
            out.extend(self.visit_Perform(step, cands))
        finally:
            self._ind = saved
        return out

    def visit_If(self, op: C.If) -> list[str]:
        pad = self.pad()
        out = []
        for i, (cond, body) in enumerate(op.branches):
            out.append(f"{pad}{'if' if i == 0 else 'elif'} {self.truth(cond)}:")
            out.extend(self.block(body, self._ind + 1))
        if op.orelse:
            out.append(f"{pad}else:")
            out.extend(self.block(op.orelse, self._ind + 1))
        return out

    def visit_ForEach(self, op: C.ForEach) -> list[str]:
        pad = self.pad()
        it = f"_i{self._ind}"
        value = f"[{it}] if isinstance({it}, int) else {it}" if op.wrap else it
        return [f"{pad}for {it} in _as_list({self.expr(op.iterable)}):",
                f"{pad}    _set_var(env, {lit(op.var)}, {value})"] + \
            self.block(op.body, self._ind + 1)

    def visit_Repeat(self, op: C.Repeat) -> list[str]:
        pad = self.pad()
        return [f"{pad}for _r{self._ind} in range(max(0, {self.expr(op.count)})):"] + \
            self.block(op.body, self._ind + 1)

    def visit_RepeatEffect(self, op) -> list[str]:
        return [f"{self.pad()}return {REPEAT}  # repeat effect"]

    def visit_Stop(self, op: C.Stop) -> list[str]:
        if op.scope == "effect":
            return [f"{self.pad()}return {STOP_EFFECT}  # stop"]
        return [f"{self.pad()}return _stopped(env, {lit(op.scope)})  # stop {comment(op.scope)}"]

    def visit_Let(self, op: C.Let) -> list[str]:
        return [f"{self.pad()}_set_var(env, {lit(op.var)}, {self.expr(op.expr)})"]

    def visit_Either(self, op: C.Either) -> list[str]:
        pad = self.pad()
        out = [f"{pad}_pick = choose_option(env, {lit(tuple(op.labels))}, "
               f"{0 if op.optional else 1})"]
        for i, body in enumerate(op.bodies):
            out.append(f"{pad}{'if' if i == 0 else 'elif'} _pick == {i}:")
            out.extend(self.block(body, self._ind + 1))
        return out

    # ---------------------------------------------------------------- expressions
    def truth(self, e) -> str:
        """`truth(evaluate(e))`, without the call when e is certainly a bool already."""
        t = type(e)
        if t in (C.Not, C.Logic, C.Cmp, C.In, C.Test, C.Exists):
            return self.expr(e)
        if t is C.Call and e.fn.returns == "bool":
            return self.expr(e)
        return f"_truth({self.expr(e)})"

    def expr(self, e) -> str:
        h = self._hoisted.get(id(e))
        return h if h is not None else self.visit(e)

    def visit_Const(self, e: C.Const) -> str:
        if type(e.value) in _LITERAL_TYPES:
            return lit(e.value)
        return f"{self.node(e)}.value"

    def visit_Role(self, e: C.Role) -> str:
        return {"you": "_executor(env)", "me": "_activator(env)", "opponents": "_opponents(env)",
                "players": "_game(env).players_in_order(_executor(env))",
                "everyone": "_all_players(env)"}[e.role]

    def visit_This(self, e) -> str:
        return "_this(env)"

    def visit_Var(self, e: C.Var) -> str:
        return f"_var(env, {lit(e.name)})"

    def visit_It(self, e) -> str:
        return self._it or "_it(env)"

    def visit_Flag(self, e: C.Flag) -> str:
        return f"_flag(env, {lit(e.name)})"

    def visit_Call(self, e: C.Call) -> str:
        fn = e.fn
        args = [self.literal_or_expr(a) if i in fn.literal_args else self.expr(a)
                for i, a in enumerate(e.args)]
        if fn.inline:
            optional = [p for p in fn.params if p.endswith("?")]
            missing = len(fn.params) - len(args)
            if missing <= len(fn.defaults) and missing <= len(optional):
                full = args + list(fn.defaults[len(fn.defaults) - missing:] if missing else [])
                return "(" + fn.inline.format(*full) + ")"
        return f"{self.node(fn)}.run(env{''.join(', ' + a for a in args)})"

    def literal_or_expr(self, a) -> str:
        """A constant word as the game's literal for it (vocab.literal, a number say)."""
        if type(a) is C.Const and self.v.literal is not None:
            value = self.v.literal(a.type, a.value)
            if value is not None:
                return lit(value)
        return self.expr(a)

    def visit_Arith(self, e: C.Arith) -> str:
        a, b = self.expr(e.left), self.expr(e.right)
        if e.op in ("+", "-", "*"):
            return f"({a} {e.op} {b})"
        return f"_floordiv({a}, {b})"

    def visit_Neg(self, e: C.Neg) -> str:
        return f"(-{self.expr(e.expr)})"

    def visit_Cmp(self, e: C.Cmp) -> str:
        if e.op not in ("==", "!=", "<", "<=", ">", ">="):
            raise AssertionError(e.op)
        a, b = self.expr(e.left), self.expr(e.right)
        if e.ints:
            return f"({a} {e.op} {b})"
        return f"_cmp({lit(e.op)}, {a}, {b})"

    def visit_Logic(self, e: C.Logic) -> str:
        op = " and " if e.op == "and" else " or "
        # each part as a C bint: Cython 3 miscompiles `obj or bint ...` (a Python bool first,
        # then C bints) into a NULL compared (SystemError), and a C `or` is cheaper anyway
        return "(" + op.join(f"(<bint>{self.truth(p)})" for p in e.parts) + ")"

    def visit_Not(self, e: C.Not) -> str:
        return f"(not {self.truth(e.expr)})"

    def visit_In(self, e: C.In) -> str:
        return f"_in({self.expr(e.item)}, {self.expr(e.collection)}, {lit(bool(e.negated))})"

    def test_function(self, test, arg) -> str:
        """A cdef function test_N(env, x, arg) of a game test (its inline form, else its run)."""
        name = f"test_{len(self.tests)}"
        form = self.test_form(test, arg, "x", None, "arg")
        if form is None:
            form = f"{self.node(test)}.run(env, x, arg)"
        self.tests.append([f"cdef bint {name}(Env_t env, object x, object arg) except -1:",
                           f"    return {form}"])
        return name

    def visit_Test(self, e: C.Test) -> str:
        """A game test of the first item of its subject: a small cdef function per test (the
        subject is evaluated once, the argument before the call)."""
        name = self.test_function(e.test, e.arg)
        neg = "not " if e.negated else ""
        arg = "None" if e.arg is None or e.test.literal_arg else self.expr(e.arg)
        return f"({neg}_tested(env, {self.expr(e.subject)}, {arg}, {name}))"

    def test_form(self, test, arg, item: str, noun, arg_name: str = ""):
        """A test's inline form for one item, or None. `arg_name`: the argument is that local
        (inside a test function), unless it is the game's literal."""
        form = test.inline
        if isinstance(form, dict):
            form = form.get(noun) if noun is not None else form.get(test.subject)
        if not form:
            return None
        if arg is None:
            a = "None"
        elif test.literal_arg:
            a = self.literal_or_expr(arg)
        else:
            a = arg_name or self.expr(arg)
        return form.format(item=item, arg=a)

    def visit_Select(self, e: C.Select) -> str:
        return f"{self.query_fn(e)}(env)"

    def visit_Exists(self, e: C.Exists) -> str:
        return f"{self._query_function(e.select, 'exists')}(env)"

    def item_test(self, e) -> str | None:
        """For a condition `any`/`none` of an unranked query (C.Exists, or C.Not of one): the
        cdef function `item_N(env, item)` telling whether one candidate passes the query's
        filters, so that a runtime may ask the condition item by item (a game's condition whose
        every test reads one part of the state); None for any other form."""
        if type(e) is C.Not:
            e = e.expr
        if type(e) is not C.Exists or e.select.rank is not None:
            return None
        return self._query_function(e.select, "item")

    def visit_Count(self, e: C.Count) -> str:
        return f"{self._query_function(e.select, 'count')}(env)"

    def visit_Zone(self, e: C.Zone) -> str:
        return f"new_place({lit(e.zone)}, {self.players_list(e.players)}, {lit(e.position)})"

    def visit_Items(self, e: C.Items) -> str:
        return self.listing("card", e.zone)

    # ---------------------------------------------------------------- queries
    def players_list(self, players) -> str:
        """A zone's players as a list."""
        if type(players) is C.Role and players.role in ("you", "me"):
            return f"[{self.expr(players)}]"
        if type(players) is C.Role:
            return self.expr(players)
        return f"_as_list({self.expr(players)})"

    def listing(self, noun: str, z: C.Zone, node: str = "", seen: bool = False) -> str:
        """The items of a zone: the game's inline listing, else its lister. `seen`: the
        caller only reads the items in a loop that changes nothing (a query's filters), so
        the game's `seen_listing` may give the zone's own list instead of a copy."""
        single = type(z.players) is C.Role and z.players.role in ("you", "me")
        form = None
        if self.inline is not None:
            args = (noun, z.zone, single,
                    self.expr(z.players) if single else self.players_list(z.players),
                    lit(z.position))
            if seen and hasattr(self.inline, "seen_listing"):
                form = self.inline.seen_listing(*args)
            if form is None:
                form = self.inline.listing(*args)
        if form is not None:
            return form
        return (f"{self.node(z)}.lister(env, {lit(noun)}, {lit(z.zone)}, "
                f"{self.expr(z.players)}, {lit(z.position)})")

    def select_listing(self, q: C.Select, seen: bool = False) -> str:
        if q.source is not None:
            return self.listing(q.noun, q.source, seen=seen)
        form = self.inline.domain(q.noun) if self.inline is not None else None
        return form or f"{self.node(q)}.domain(env)"

    def query_fn(self, q: C.Select) -> str:
        """The candidates of a query (listing, filters, ranking) as a cdef function."""
        return self._query_function(q, "query")

    def _query_function(self, q: C.Select, kind: str) -> str:
        """The cdef function `query_N` (the candidates), `exists_N`, `count_N` (how many,
        without a list) or `keyed_N` (a counted ranking's candidates and their keys) of q,
        made once.
        A part of a `where` condition that does not read the candidate (`it`) and costs a
        call or a query (`where it in adjacent_to(all enemy pieces on board)`) is computed
        once, when the first candidate reaches that condition, into a local (dsl/hoist.py;
        the interpreter's `candidates` does the same with variables)."""
        name = self._query_fn.get((kind, id(q)))
        if name is not None:
            return name
        outer, self._it = self._it, ""  # inside, `it` is this query's candidate
        outer_hoisted, self._hoisted = self._hoisted, {}
        try:
            name = self._query_fn[(kind, id(q))] = f"{kind}_{len(self.queries)}"
            slot = len(self.queries)
            self.queries.append([])  # its place, taken before any query nested in it
            self.node(q)
            decls: list[str] = []
            tests = []
            for f in q.filters:
                if f.kind == "where":
                    tests += self.hoist(f.arg, decls)
                tests += self.filter_test(q, f, "continue")
            # with tests the listing is only read by the loop, which keeps its own list; without
            # any the listing itself is returned, so it must be a copy
            listing = self.select_listing(q, seen=bool(tests) or kind != "query")
            keyed = kind == "keyed"
            ranked = self.ranking(q, keyed) if q.rank is not None else []
            ret = "tuple" if keyed else "list"
            end = [] if keyed else ["    return items"]  # (a keyed ranking returns its own)
            if kind == "exists":
                lines = [f"cdef bint {name}(Env_t env) except -1:"] + decls + \
                        [f"    cdef list items = {listing}", "    for x in items:"] + tests + \
                        ["        return True", "    return False"]
            elif kind == "item":  # one candidate's tests: whether `item` passes the filters
                lines = [f"cdef bint {name}(Env_t env, object item) except -1:"] + decls + \
                        ["    cdef list items = [item]", "    for x in items:"] + tests + \
                        ["        return True", "    return False"]
            elif kind == "count":  # the listing only read: its length, or the items passing
                lines = [f"cdef Py_ssize_t {name}(Env_t env) except -1:"] + decls + \
                        ([f"    return len({listing})"] if not tests else
                         ["    cdef Py_ssize_t n = 0", f"    cdef list items = {listing}",
                          "    for x in items:"] + tests + ["        n += 1", "    return n"])
            elif not tests:
                # nothing to test: the zone's items (a new list) are the candidates
                lines = [f"cdef {ret} {name}(Env_t env):", f"    cdef list items = {listing}"] + \
                        ranked + end
            else:
                lines = [f"cdef {ret} {name}(Env_t env):", "    cdef list kept = []"] + decls + \
                        [f"    cdef list items = {listing}", "    for x in items:"] + tests + \
                        ["        kept.append(x)", "    items = kept"] + ranked + end
            self.queries[slot] = lines
        finally:
            self._it = outer
            self._hoisted = outer_hoisted
        return name

    def hoist(self, e, decls: list) -> list[str]:
        """The parts of where-condition e computed once (see _query_function): declares
        their locals in `decls`, records them in self._hoisted, and returns the lines (in the
        loop over the candidates, before the condition's test) that compute them the first
        time."""
        parts = invariant_parts(e, [])
        lines = []
        for part in parts:
            k = len(self._hoisted)
            value = self.expr(part)   # (before it is recorded: its own code)
            self._hoisted[id(part)] = f"_h{k}"
            decls += [f"    cdef object _h{k} = None", f"    cdef bint _hd{k} = False"]
            lines += [f"        if not _hd{k}:", f"            _h{k} = {value}",
                      f"            _hd{k} = True"]
        return lines

    def filter_test(self, q: C.Select, f: C.Filter, on_fail: str) -> list[str]:
        """Filter f of query q on its candidate `x` (inside the loop over the candidates);
        `on_fail` when x does not pass. A `where` reads `it` as the local x when its
        expression can only read `it` here, else through env.its as the interpreter does."""
        neg = lit(bool(f.negated))
        if f.kind == "test":
            form = self.test_form(f.test, f.arg, "x", q.noun)
            if form is not None:
                return [f"        if {'' if f.negated else 'not '}({form}):",
                        f"            {on_fail}"]
            return [f"        if passes({self.node(f)}, x, env) == {neg}:",
                    f"            {on_fail}"]
        if f.kind == "other_than":
            return [f"        if (x not in _as_list({self.expr(f.arg)})) == {neg}:",
                    f"            {on_fail}"]
        if self.reads_it_only_here(f.arg):
            outer, self._it = self._it, "x"
            try:
                test = self.truth(f.arg)
            finally:
                self._it = outer
            return [f"        if ({test}) == {neg}:", f"            {on_fail}"]
        return ["        env.its.append(x)",
                "        try:",
                f"            ok = {self.truth(f.arg)}",
                "        finally:",
                "            env.its.pop()",
                f"        if ok == {neg}:",
                f"            {on_fail}"]

    def ranking(self, q: C.Select, keyed: bool = False) -> list[str]:
        """rank_by of the candidates `items`, their keys computed here when the key can read
        `it` as the local x; else the interpreter's ranking. `keyed` (a counted ranking):
        returns (items, keys) (rank_keyed; keys None when not computed here)."""
        r = q.rank
        if r.key is None:
            key = "x"
        elif self.reads_it_only_here(r.key):
            outer, self._it = self._it, "x"
            try:
                key = self.expr(r.key)
            finally:
                self._it = outer
        else:
            if keyed:
                return [f"    return (ranked({self.node(r)}, items, env), None)"]
            return [f"    items = ranked({self.node(r)}, items, env)"]
        if keyed:
            return [f"    return rank_keyed(items, [{key} for x in items], {lit(r.best)})"]
        return [f"    items = rank_by(items, [{key} for x in items], {lit(r.best)}, "
                f"{lit(r.counted)}, {lit(r.single)})"]

    def reads_it_only_here(self, e) -> bool:
        """True if the code of e reads `it` only where this emitter writes it (no query,
        definition without an inline form, or test function, which read env.its)."""
        if id(e) in self._hoisted:
            return True
        t = type(e)
        if t in (C.Const, C.Var, C.Flag, C.It, C.Role, C.This):
            return True
        if t in (C.Arith, C.Cmp):
            return self.reads_it_only_here(e.left) and self.reads_it_only_here(e.right)
        if t in (C.Neg, C.Not):
            return self.reads_it_only_here(e.expr)
        if t is C.Logic:
            return all(self.reads_it_only_here(p) for p in e.parts)
        if t is C.In:
            return self.reads_it_only_here(e.item) and self.reads_it_only_here(e.collection)
        if t is C.Call:
            return bool(e.fn.inline) and all(self.reads_it_only_here(a) for a in e.args)
        return False


def _shape(n) -> str:
    """A stable description of what a referenced object is, for the module's signature: core
    IR nodes by their fields, definitions and functions by name (never by identity)."""
    if isinstance(n, (list, tuple)):
        return "(" + ",".join(_shape(x) for x in n) + ")"
    if isinstance(n, dict):
        return "{}"
    if callable(n) and not dataclasses.is_dataclass(n):
        return "fn:" + getattr(n, "__name__", type(n).__name__)
    if dataclasses.is_dataclass(n):
        if type(n).__module__ != C.__name__:  # a definition of the game (VerbDef, ...)
            return f"{type(n).__name__}:{getattr(n, 'name', '')}"
        return type(n).__name__ + "(" + ",".join(
            _shape(getattr(n, f.name)) for f in dataclasses.fields(n)
            if f.name not in ("span", "text", "path")) + ")"
    return repr(n)
