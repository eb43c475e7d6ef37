"""IR -> Cython statements and expressions, one branch per IR form (the same forms, in the same
order, as dsl/interp.py, whose semantics this reproduces exactly).

Safety: everything card files supply (names, strings, binding names) reaches the generated code
only as a literal made by `lit()` (Python `repr`, which escapes quotes, backslashes and
newlines) or inside a comment made by `comment()` (ASCII-escaped, one line). Identifiers are
derived here (`card_17_effect_0`, `_i2`), never taken from a card.

IR nodes that the adapter needs at run time (an `Act`, a `Query`, a `Fn`...) are passed by
reference: `node()` numbers them in traversal order and the module receives the list when it is
bound (`bind(...)`), checked against a signature so a module never runs with other IR.
"""
from __future__ import annotations

import hashlib

# the Innovation adapter's numbers and names that its entry points take as constants (verbs
# done card by card, a choice's kind and prompt, icons), as the generated calls give them
from runtime.games.innovation.cards import icon_id
from runtime.games.innovation.verbs import FORESHADOW, TUCK, VERB_CODE, choice_of

from .. import ir as I

# values Python writes back as the same literal
_LITERAL_TYPES = (int, str, bool, float, type(None))
# functions of the adapter that always return an int (so comparisons can be inlined)
INT_FUNCTIONS = {"value", "count", "icons", "points", "achievement_count", "highest", "lowest",
                 "tucked_this_turn", "scored_this_turn", "returned_this_dogma", "pile_icons"}

# return codes of an effect body
OK, REPEAT, STOP_EFFECT, STOP_DOGMA = 0, 1, 2, 3


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


class Emitter:
    """Generates the code of one card set. `nodes` are the IR nodes the code refers to."""

    def __init__(self):
        self.nodes: list = []
        self._index: dict = {}
        self.queries: list[list[str]] = []   # one cdef function per query used as a value
        self._query_fn: dict = {}
        self._it: str = ""   # the C local that holds `it` in a where test, if any
        self._exports: set = set()  # the names the effect being generated exports

    # ---------------------------------------------------------------- IR references
    def node(self, n) -> str:
        k = self._index.get(id(n))
        if k is None:
            k = self._index[id(n)] = len(self.nodes)
            self.nodes.append(n)
        return f"_N[{k}]"

    def signature(self) -> str:
        return hashlib.sha256(repr(self.nodes).encode()).hexdigest()[:16]

    # ---------------------------------------------------------------- effects and conditions
    def effect_body(self, eff: I.Effect) -> list[str]:
        self._exports = set(eff.exports)
        lines = self.block(eff.body, 1)
        lines.append(f"    return {OK}")
        return lines

    def condition(self, e) -> str:
        return self.truth(e)

    # ---------------------------------------------------------------- statements
    def block(self, ops, ind: int) -> list[str]:
        out: list[str] = []
        for op in ops:
            out.extend(self.op(op, ind))
        if not out:
            out.append("    " * ind + "pass")
        return out

    def op(self, op, ind: int) -> list[str]:
        pad = "    " * ind
        line = getattr(getattr(op, "span", None), "line", 0)
        # [may] VERB [and VERB]* OBJECT [KWARGS] [ADVERB] [as NAME]
        if isinstance(op, I.Act):
            return [f"{pad}# line {line}: {comment(' and '.join(op.verbs))}",
                    f"{pad}_LINE = {int(line)}"] + self.act(op, ind)
        # if COND: ... elif COND: ... else: ...
        if isinstance(op, I.If):
            out = []
            for i, (cond, body) in enumerate(op.branches):
                kw = "if" if i == 0 else "elif"
                out.append(f"{pad}{kw} {self.truth(cond)}:")
                out.extend(self.block(body, ind + 1))
            if op.orelse:
                out.append(f"{pad}else:")
                out.extend(self.block(op.orelse, ind + 1))
            return out
        # for each NAME in LIST: ...
        if isinstance(op, I.ForEach):
            it = f"_i{ind}"
            out = [f"{pad}for {it} in _as_list({self.expr(op.iterable)}):"]
            if op.iterable.type == "cards":
                out.append(f"{pad}    _set_var(env, {lit(op.var)}, [{it}] if isinstance({it}, int) else {it})")
            else:
                out.append(f"{pad}    _set_var(env, {lit(op.var)}, {it})")
            out.extend(self.block(op.body, ind + 1))
            return out
        # repeat N times: ...
        if isinstance(op, I.Repeat):
            return [f"{pad}for _r{ind} in range(max(0, {self.expr(op.count)})):"] + \
                self.block(op.body, ind + 1)
        # repeat effect
        if isinstance(op, I.RepeatEffect):
            return [f"{pad}return {REPEAT}  # repeat effect"]
        # stop / stop dogma
        if isinstance(op, I.Stop):
            code = STOP_DOGMA if op.scope == "dogma" else STOP_EFFECT
            return [f"{pad}return {code}  # stop {comment(op.scope)}"]
        # let NAME = EXPR
        if isinstance(op, I.Let):
            return [f"{pad}_set_var(env, {lit(op.var)}, {self.expr(op.expr)})"]
        # [may] either: ... or: ...
        if isinstance(op, I.Either):
            labels = [f"option {i + 1}" for i in range(len(op.options))]
            lo = 0 if op.optional else 1
            out = [f"{pad}_pick = _choose_option(env, {len(labels)}, {lo})",
                   f"{pad}if _pick:"]
            for i, body in enumerate(op.options):
                kw = "if" if i == 0 else "elif"
                out.append(f"{pad}    {kw} _pick[0] == {lit(labels[i])}:")
                out.extend(self.block(body, ind + 2))
            return out
        raise AssertionError(op)

    def act(self, act: I.Act, ind: int) -> list[str]:
        """dsl/interp.py exec_act, unrolled for this act's verbs. What the adapter decides from
        the IR alone (object_items' case, optional_is_a_choice, binding_value, done_in_full)
        is decided here, as runtime/games/innovation/verbs.py does; the differential tests
        (tests/test_codegen_games.py) hold the two together."""
        pad = "    " * ind
        n = self.node(act)
        obj = act.obj
        verbs = list(act.verbs)
        if verbs[0] == "draw" and isinstance(obj, I.DrawSpec):
            # the adapter's object_items and perform("draw"), with value and count inline
            core = [f"_wanted = {self.expr(obj.count)}", "_items = []",
                    f"_res = _draw(env, {self.expr(obj.value)}, _wanted)"]
            verbs = verbs[1:]
        elif isinstance(obj, I.Query):
            # object_items: the executor (or the `by` player) chooses among the candidates,
            # whose `where` tests and bounds are computed here
            bounds = "(" + ", ".join("None" if x is None else self.expr(x)
                                     for x in (obj.min, obj.max, obj.all_but)) + ")"
            chooser = f"ADAPTER.chooser({n}, env)" if I.kwarg(act, "by") is not None else "None"
            cands = "_cands" if self.offers_all(act) else f"{self.query_fn(obj)}(env)"
            shape = ", ".join(lit(x) for x in (
                *choice_of(obj.noun), obj.mode, obj.min is not None, obj.max is not None,
                obj.all_but is not None, obj.rank is not None))
            core = [f"_items, _wanted = ADAPTER.choose_from({self.node(obj)}, env, "
                    f"{lit(bool(act.optional))}, {chooser}, {lit(act.flag is not None)}, "
                    f"{cands}, {bounds}, {shape})", "_res = _items"]
        elif obj is None:
            core = ["_items, _wanted = [], 0", "_res = _items"]
        elif isinstance(obj, I.DrawSpec):
            core = [f"_items, _wanted = [], {self.expr(obj.count)}", "_res = _items"]
        else:
            core = [f"_items = _as_list({self.expr(obj)})", "_wanted = len(_items)",
                    "_res = _items"]
        for verb in verbs:
            core.append(f"_res = {self.perform(act, verb, n)}")
        if act.bind:
            chosen = "_items" if act.verbs[0] == "choose" else "_res"
            one = act.verbs[0] == "choose" and isinstance(obj, I.Query) and obj.noun != "card" \
                and isinstance(obj.max, I.Const) and obj.max.value == 1
            value = f"({chosen}[0] if {chosen} else None)" if one else f"list({chosen})"
            core.append(f"{self.binder(act.bind)}(env, {lit(act.bind)}, {value})")
        if act.flag:
            # "if you do": done in full (a draw: every card wanted was drawn)
            done = "len(_res) == _wanted and _wanted > 0" if act.verbs[0] == "draw" \
                else "len(_res) >= max(1, _wanted)"
            core.append(f"_set_flag(env, {lit(act.flag)}, {done})")
        if not act.optional or (isinstance(obj, I.Query) and obj.mode != "all"):
            # a step that may be declined by choosing nothing is its own decision
            return [pad + c for c in core]
        prompt = "may " + " and ".join(act.verbs) + "?"
        # the adapter's nothing_to_do: "you may meld all the cards in your score pile" is not
        # offered with an empty score pile (the candidates, listed once, are also the items)
        ask = f"not _game(env).choose_yes_no(_executor(env), {lit(prompt)})"
        if self.offers_all(act):
            out = [f"{pad}_cands = {self.query_fn(obj)}(env)",
                   f"{pad}if not _cands or {ask}:"]
        elif I.kwarg(act, "for") is not None:
            out = [f"{pad}if _declined(env, {n}, {lit(prompt)}):"]
        else:
            out = [f"{pad}if {ask}:"]
        declined = []
        if act.bind:
            declined.append(f"{self.binder(act.bind)}(env, {lit(act.bind)}, [])")
        if act.flag:
            declined.append(f"_set_flag(env, {lit(act.flag)}, False)")
        out.extend(f"{pad}    {c}" for c in (declined or ["pass"]))
        out.append(f"{pad}else:")
        out.extend(f"{pad}    {c}" for c in core)
        return out

    def binder(self, name: str) -> str:
        """Env.bind for a demand result the later effects see (its exports), else a plain set
        of the name (the generator knows which: bind's other half is a dict store)."""
        return "_bind" if name in self._exports else "_set_var"

    @staticmethod
    def offers_all(act: I.Act) -> bool:
        """`you may VERB all ...` of one query: offered only if the query has candidates."""
        return bool(act.optional) and isinstance(act.obj, I.Query) and act.obj.mode == "all" \
            and I.kwarg(act, "for") is None

    # ---------------------------------------------------------------- expressions
    def truth(self, e) -> str:
        """`truth(evaluate(e))`, without the call when e is certainly a bool already."""
        if self.is_bool(e):
            return self.expr(e)
        return f"_truth({self.expr(e)})"

    def is_bool(self, e) -> bool:
        if isinstance(e, (I.Not, I.Logic, I.HasIcon, I.In)):
            return True
        if isinstance(e, I.Cmp):
            return True
        if isinstance(e, I.Fn) and e.name in ("any", "none"):
            return True
        return False

    def is_int(self, e) -> bool:
        if isinstance(e, I.Const):
            return type(e.value) is int and e.type not in ("player", "players", "card")
        if isinstance(e, (I.Arith, I.Neg)):
            return self.is_int(e.left) and self.is_int(e.right) if isinstance(e, I.Arith) \
                else self.is_int(e.expr)
        if isinstance(e, I.Fn):
            return e.name in INT_FUNCTIONS
        return False

    def icon(self, e) -> str:
        """An icon argument of the game's icon tests and counts: a named icon as its number
        (which they take as well as the name: no lookup by name at run time)."""
        if isinstance(e, I.Const) and e.type == "icon" and type(e.value) is str:
            try:
                return lit(icon_id(e.value))
            except (KeyError, ValueError):
                pass
        return self.expr(e)

    def expr(self, e) -> str:
        # 3, "Monument", red, you, this
        if isinstance(e, I.Const):
            if e.type == "player":
                return "_executor(env)" if e.value == "you" else "_activator(env)"
            if e.type == "players":
                return "_opponents(env)" if e.value == "opponents" else "_all_players(env)"
            if e.type == "card" and e.value == "this":
                return "_this(env)"
            if type(e.value) in _LITERAL_TYPES:
                return lit(e.value)
            return f"{self.node(e)}.value"
        # NAME bound by as / let / for each
        if isinstance(e, I.Var):
            return f"_var(env, {lit(e.name)})"
        # it
        if isinstance(e, I.ItRef):
            return self._it or "_it(env)"
        # the "if you do" flag of an earlier action
        if isinstance(e, I.Flag):
            return f"_flag(env, {lit(e.name)})"
        # fn(args): arguments evaluated here; the common functions inline (as in the adapter's
        # call_function), the others by the adapter
        if isinstance(e, I.Fn):
            inline = self.function(e)
            if inline is not None:
                return inline
            args = ", ".join(self.expr(a) for a in e.args)
            return f"_call_function({self.node(e)}, [{args}], env)"
        # a + b, a - b, a * b, a // b
        if isinstance(e, I.Arith):
            a, b = self.expr(e.left), self.expr(e.right)
            if e.op in ("+", "-", "*"):
                return f"({a} {e.op} {b})"
            return f"_floordiv({a}, {b})"
        # -a
        if isinstance(e, I.Neg):
            return f"(-{self.expr(e.expr)})"
        # a == b, a < b ...
        if isinstance(e, I.Cmp):
            if e.op not in ("==", "!=", "<", "<=", ">", ">="):
                raise AssertionError(e.op)
            a, b = self.expr(e.left), self.expr(e.right)
            if self.is_int(e.left) and self.is_int(e.right):
                return f"({a} {e.op} {b})"
            return f"_cmp({lit(e.op)}, {a}, {b})"
        # card has icon
        if isinstance(e, I.HasIcon):
            return f"_has_icon(env, {self.expr(e.card)}, {self.icon(e.icon)})"
        # x in list / x not in list
        if isinstance(e, I.In):
            return f"_in({self.expr(e.item)}, {self.expr(e.collection)}, {lit(bool(e.negated))})"
        # not c
        if isinstance(e, I.Not):
            return f"(not {self.truth(e.expr)})"
        # a and b / a or b
        if isinstance(e, I.Logic):
            op = " and " if e.op == "and" else " or "
            return "(" + op.join(self.truth(p) for p in e.parts) + ")"
        # a query used as a value: every candidate, no decision
        if isinstance(e, I.Query):
            return f"{self.query_fn(e)}(env)"
        # a zone used as a value
        if isinstance(e, I.ZoneRefExpr):
            return self.node(e)
        # anything else: the interpreter's own evaluation
        return f"_evaluate({self.node(e)}, env)"

    def function(self, e: I.Fn):
        """Inline forms of runtime/games/innovation/verbs.py call_function for the functions
        that dominate run time (special achievement conditions, counts, values)."""
        a = e.args
        if e.name == "colors" and len(a) == 1 and isinstance(a[0], I.ZoneRefExpr):
            ref = a[0].ref
            if ref.zone == "board":
                return f"ADAPTER.colors_on(_game(env), {self.players(ref)})"
            return f"ADAPTER.colors_of(_game(env), {self.zone_cards(ref)})"
        if e.name in ("count", "any", "none") and len(a) == 1 \
                and isinstance(a[0], I.ZoneRefExpr):
            # a bare zone stands for the cards in it: none(hand), count(my score)
            n = f"len({self.zone_cards(a[0].ref)})"
            return {"count": n, "any": f"({n} > 0)", "none": f"({n} == 0)"}[e.name]
        if any(isinstance(x, I.ZoneRefExpr) for x in a):
            return None
        if e.name in ("any", "none") and len(a) == 1 and isinstance(a[0], I.Query) \
                and a[0].rank is None:
            # the adapter's `function`: any/none of a query stop at the first match
            found = f"{self.exists_fn(a[0])}(env)"
            return found if e.name == "any" else f"(not {found})"
        if e.name in ("count", "any", "none") and len(a) == 1:
            n = f"len(_as_list({self.expr(a[0])}))"
            return {"count": n, "any": f"({n} > 0)", "none": f"({n} == 0)"}[e.name]
        if e.name == "value" and len(a) == 1:
            return f"_value(env, {self.expr(a[0])})"
        if e.name == "icons" and len(a) in (1, 2):
            if len(a) == 2 and a[1].type in ("card", "cards"):
                return None
            who = self.expr(a[1]) if len(a) == 2 else "_executor(env)"
            return f"_icon_count(env, {self.icon(a[0])}, {who})"
        if e.name == "color" and len(a) == 1:
            return f"ADAPTER.color_of(_game(env), {self.expr(a[0])})"
        if e.name == "colors" and len(a) == 1:
            return f"ADAPTER.colors_of(_game(env), {self.expr(a[0])})"
        if e.name == "splay" and len(a) in (1, 2):
            who = self.expr(a[1]) if len(a) == 2 else "_executor(env)"
            return f"_game(env).splay_of({who}, {self.expr(a[0])})"
        if e.name == "pile_icons" and len(a) in (2, 3):
            who = self.expr(a[2]) if len(a) == 3 else "_executor(env)"
            return f"ADAPTER.pile_icons(_game(env), {self.expr(a[0])}, {self.expr(a[1])}, {who})"
        if e.name == "top" and len(a) in (1, 2):
            who = self.expr(a[1]) if len(a) == 2 else "_executor(env)"
            return f"ADAPTER.top_card(_game(env), {self.expr(a[0])}, {who})"
        if e.name in ("tucked_this_turn", "scored_this_turn", "points") and len(a) <= 1:
            who = self.expr(a[0]) if a else "_executor(env)"
            method = "score_points" if e.name == "points" else e.name
            return f"_game(env).{method}({who})"
        return None

    def listing(self, q: I.Query, n: str) -> str:
        """The adapter's `listing`: for cards in a zone, the zone's cards of the zone's players
        (`cards_in`, with the players computed here, as the adapter's `players_of`); the
        colours on the zone's players' boards, the players and the values likewise."""
        if q.noun == "color" and q.zone is not None:
            return f"ADAPTER.colors_on(_game(env), {self.players(q.zone)})"
        if q.noun == "player":
            return "_game(env).players_in_order(_executor(env))"
        if q.noun == "value":
            return "list(range(1, _game(env).max_age + 1))"
        position = next((p.arg for p in q.preds if p.kind == "position"), None)
        if q.noun != "card" or q.zone is None or type(position) not in (str, type(None)):
            return f"ADAPTER.listing({n}, env)"
        return self.cards_in(q.zone, position)

    def zone_cards(self, ref: I.ZoneRef) -> str:
        """The adapter's `zone_cards`: the cards in a zone of the zone's players."""
        return self.cards_in(ref, None)

    def cards_in(self, ref: I.ZoneRef, position) -> str:
        """The adapter's `cards_in` of the zone's players, `cards_of` for the executor's or
        the activator's own zone (no list of players)."""
        if ref.whose in ("executor", "activator"):
            return f"ADAPTER.cards_of({lit(ref.zone)}, _{ref.whose}(env), {lit(position)}, env)"
        return f"ADAPTER.cards_in({lit(ref.zone)}, {self.players(ref)}, {lit(position)}, env)"

    def players(self, ref: I.ZoneRef) -> str:
        """The adapter's `players_of`: whose zone a zone reference names."""
        if ref.whose == "executor":
            return "[_executor(env)]"
        if ref.whose == "activator":
            return "[_activator(env)]"
        if ref.whose == "expr":
            return f"_as_list({self.expr(ref.player)})"
        if ref.players == "opponents":
            return "_opponents(env)"
        return "_game(env).players_in_order(_executor(env))"

    def query_fn(self, q: I.Query) -> str:
        """The adapter's `candidates` (listing, tests, ranking) with `where` tests inline."""
        return self._query_function(q, "query")

    def exists_fn(self, q: I.Query) -> str:
        """Whether an unranked query has a candidate: the adapter's `exists`, stopping at the
        first candidate that passes every test (any/none of a query)."""
        return self._query_function(q, "exists")

    def _query_function(self, q: I.Query, kind: str) -> str:
        """The cdef function `query_N` (the candidates) or `exists_N` of q, made once."""
        name = self._query_fn.get((kind, id(q)))
        if name is not None:
            return name
        outer, self._it = self._it, ""  # inside, `it` is this query's candidate
        try:
            n = self.node(q)
            name = self._query_fn[(kind, id(q))] = f"{kind}_{len(self.queries)}"
            listing = self.listing(q, n)
            tests = [t for i in range(len(q.preds)) for t in self.pred_test(q, n, i, "continue")]
            ranked = self.ranking(q, n) if q.rank is not None else []
            if kind == "exists":
                lines = [f"cdef bint {name}(Env_t env) except -1:",
                         f"    cdef list items = {listing}", "    for x in items:"] + tests + \
                        ["        return True", "    return False"]
            elif not tests and listing.startswith(("ADAPTER.cards_in(", "ADAPTER.cards_of(")):
                # nothing to test: the zone's cards (a new list) are the candidates
                lines = [f"cdef list {name}(Env_t env):", f"    cdef list items = {listing}"] + \
                        ranked + ["    return items"]
            else:
                lines = [f"cdef list {name}(Env_t env):", "    cdef list kept = []",
                         f"    cdef list items = {listing}", "    for x in items:"] + tests + \
                        ["        kept.append(x)", "    items = kept"] + ranked + \
                        ["    return items"]
            self.queries.append(lines)
        finally:
            self._it = outer
        return name

    def perform(self, act: I.Act, verb: str, n: str) -> str:
        """The adapter's `perform` of one verb of the act on `_res`: splay and transfer with
        what they read of the act (direction; receiving players and zone) computed here, the
        verbs done card by card and `return` by their own entry points; the rest by name."""
        if verb == "splay" and act.adverb is not None:
            return f"ADAPTER.splay_items(_res, {self.expr(act.adverb)}, env)"
        if verb == "unsplay":
            return "ADAPTER.splay_items(_res, 'none', env)"
        if verb == "transfer":
            to = I.kwarg(act, "to")
            if isinstance(to, I.ZoneRefExpr):
                return (f"ADAPTER.transfer_items(_res, {self.players(to.ref)}, "
                        f"{lit(to.ref.zone)}, env)")
        if verb == "return":
            return "ADAPTER.return_items(_res, env)"
        v = VERB_CODE.get(verb, -1)
        if 0 <= v <= FORESHADOW:  # a verb done card by card: its number, and whether the
            # player orders the cards (as perform decides from the act)
            ordered = v <= TUCK and act.verbs[0] == verb and not (
                isinstance(obj := act.obj, I.Query) and obj.mode == "choose")
            return f"ADAPTER.card_items({v}, _res, env, {lit(ordered)})"
        return f"_perform({lit(verb)}, {n}, _res, env)"

    def ranking(self, q: I.Query, n: str) -> list[str]:
        """The adapter's `ranked` of the candidates `items`: their keys computed here (the
        adapter's `key`) when the rank's expression can read `it` as the local x, the rest of
        the query given as constants (`rank_by`); else the adapter ranks them."""
        by = q.rank[1]
        if by is None:
            key = "_game(env).age_of[x]" if q.noun == "card" else "x"
        elif self.reads_it_only_here(by):
            outer, self._it = self._it, "x"
            try:
                key = self.expr(by)
            finally:
                self._it = outer
        else:
            return [f"    items = ADAPTER.ranked({n}, items, env)"]
        best = q.rank[0] in ("highest", "most")
        return [f"    items = ADAPTER.rank_by(items, [{key} for x in items], {lit(best)}, "
                f"{lit(I.counted_choice(q))}, {lit(bool(q.single))})"]

    def pred_test(self, q: I.Query, n: str, i: int, on_fail: str) -> list[str]:
        """Test i of query q on its candidate `x` (inside the loop over the candidates), in the
        order of the adapter's `candidates`; `on_fail` when x does not pass. A `where` test
        reads `it` as the local x when its expression can only read `it` here, else through
        env.its as the interpreter does."""
        pred = q.preds[i]
        if pred.kind == "position" and not pred.negated:
            return []  # applied by the listing
        neg = lit(bool(pred.negated))
        if pred.kind != "where":
            test = self.inline_test(q, pred)
            if test is not None:
                return [f"        if {'' if pred.negated else 'not '}({test}):",
                        f"            {on_fail}"]
            return [f"        if ADAPTER.test({n}.preds[{i}], x, {n}, env) == {neg}:",
                    f"            {on_fail}"]
        if self.reads_it_only_here(pred.arg):
            outer, self._it = self._it, "x"
            try:
                test = self.truth(pred.arg)
            finally:
                self._it = outer
            return [f"        if ({test}) == {neg}:", f"            {on_fail}"]
        return ["        env.its.append(x)",
                "        try:",
                f"            ok = {self.truth(pred.arg)}",
                "        finally:",
                "            env.its.pop()",
                f"        if ok == {neg}:",
                f"            {on_fail}"]

    def inline_test(self, q: I.Query, pred: I.Pred):
        """The adapter's `test` of the candidate x for the common tests, as an expression (None
        for the others): the same game calls, without the dispatch on the test's kind."""
        k, arg = pred.kind, pred.arg
        if k == "color" and type(arg) is str:
            return f"{'ADAPTER.color_of(_game(env), x)' if q.noun == 'card' else 'x'} == {lit(arg)}"
        if k == "icon" and arg is not None:
            return f"_game(env).card_has_icon(x, {self.icon(arg)})"
        if k == "value" and arg is not None:
            return f"_game(env).age_of[x] == {self.expr(arg)}"
        if k == "other_than" and arg is not None:
            return f"x not in _as_list({self.expr(arg)})"
        if k == "opponent":
            return "x in _opponents(env)"
        if k == "other":
            return "x != _executor(env)"
        if k == "splayed":
            return "_game(env).splay_of(_executor(env), x) != 'none'"
        return None

    def reads_it_only_here(self, e) -> bool:
        """True if the code of e reads `it` only where this emitter writes it (no query, zone,
        adapter function or interpreter fallback, which read env.its)."""
        if isinstance(e, (I.Const, I.Var, I.Flag, I.ItRef)):
            return True
        if isinstance(e, (I.Arith, I.Cmp)):
            return self.reads_it_only_here(e.left) and self.reads_it_only_here(e.right)
        if isinstance(e, (I.Neg, I.Not)):
            return self.reads_it_only_here(e.expr)
        if isinstance(e, I.Logic):
            return all(self.reads_it_only_here(p) for p in e.parts)
        if isinstance(e, I.HasIcon):
            return self.reads_it_only_here(e.card) and self.reads_it_only_here(e.icon)
        if isinstance(e, I.In):
            return self.reads_it_only_here(e.item) and self.reads_it_only_here(e.collection)
        if isinstance(e, I.Fn):
            return self.function(e) is not None and all(self.reads_it_only_here(a) for a in e.args)
        return False
