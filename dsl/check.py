"""The checker: resolves every word of a card against its game's vocabulary, checks types, argument
counts and binding scopes, reports unreachable or meaningless code, and lowers the AST to the IR.

All errors of a file are collected (dsl.errors.Reporter) and raised together.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

from . import ast as A
from . import ir as I
from .errors import CardlangError, Diagnostic, Reporter, did_you_mean
from .limits import MAX_INT
from .vocab import AttrSpec, Vocabulary

def _grammar_keywords() -> frozenset:
    import re
    from .parse import GRAMMAR_PATH
    return frozenset(w for w in re.findall(r'"([a-z]+)"', GRAMMAR_PATH.read_text()))


KEYWORDS = _grammar_keywords()

_NUMBER_WORDS = dict(enumerate("zero one two three four five six seven eight nine ten eleven twelve".split()))

_PLURAL = {"card": "cards", "color": "colors", "value": "values", "player": "players",
           "icon": "icons"}


def accepts(param: str, actual: str) -> bool:
    """May a value of type `actual` be passed where `param` is expected?"""
    if param.endswith("?"):
        param = param[:-1]
    if "|" in param:
        return any(accepts(p, actual) for p in param.split("|"))
    if param == "any" or param == actual or actual == "unknown":
        return True
    return actual in {
        "cards": {"card"},
        "card": {"cards"},           # a one-card binding ("as returned") used as a card
        "int": {"value"},
        "value": {"int"},
        "colors": {"color"},
        "players": {"player"},
        "achievement": {"str", "card", "cards"},
        "values": {"value", "int"},
    }.get(param, set())


def _describe_type(t: str) -> str:
    return {"int": "a number", "cards": "cards", "card": "a card", "color": "a colour",
            "colors": "colours", "player": "a player", "players": "players", "icon": "an icon",
            "direction": "a direction", "bool": "a condition", "str": "a quoted name",
            "place": "a zone", "value": "a value", "values": "values",
            "achievement": "an achievement"}.get(t.rstrip("?"), t)


class Scope:
    def __init__(self, parent: Optional["Scope"] = None):
        self.parent = parent
        self.names: dict[str, str] = {}

    def lookup(self, name: str) -> Optional[str]:
        s = self
        while s:
            if name in s.names:
                return s.names[name]
            s = s.parent
        return None


class CardChecker:
    def __init__(self, vocab: Vocabulary, rep: Reporter, card: A.Card, default_set: str = ""):
        self.v, self.rep, self.card = vocab, rep, card
        self.default_set = default_set
        self.flags = 0
        self.bound_anywhere: dict[str, A.Span] = {}
        self.used: set[str] = set()
        self.warnings: list[Diagnostic] = []
        self.exports: dict[str, str] = {}
        self.in_where = 0
        self.in_pattern = 0
        self.it_stack: list[str] = []   # the noun `it` stands for, innermost query last
        self.section_kind = ""

    # ------------------------------------------------------------------ card
    def check(self) -> I.Card:
        attrs = self.check_attrs()
        effects = []
        for i, sec in enumerate(self.card.sections):
            effects.append(self.check_section(sec, i))
        cond = None
        for c in self.card.conditions:
            cond = self.check_cond(c.cond, Scope())
        if not effects and cond is None and attrs.get("dogma", "none") != "none" \
                and attrs.get("kind", "card") == "card":
            self.warn(self.card.span, f"card \"{self.card.name}\" has a dogma icon but no effect yet")
        for name, span in self.bound_anywhere.items():
            if name not in self.used:
                self.warn(span, f"'{name}' is bound but never used")
        self.check_examples()
        return I.Card(self.card.name, attrs, tuple(effects), cond, self.card.examples,
                      self.rep.path, self.card.span)

    def warn(self, span, message):
        self.warnings.append(Diagnostic(self.rep.path, span.line, span.col, message,
                                        end_col=span.end_col if span.end_line == span.line else None,
                                        source_line=self.rep.line_text(span.line), severity="warning"))

    def check_attrs(self) -> dict:
        out: dict = {}
        seen: dict[str, A.Attr] = {}
        for attr in self.card.attrs:
            name = attr.name.text
            spec = self.v.attrs.get(name)
            if spec is None:
                self.rep.error(attr.name.span, f"unknown card attribute '{name}'",
                               expected="one of " + ", ".join(sorted(self.v.attrs)),
                               suggestion=did_you_mean(name, self.v.attrs))
                continue
            if name in seen:
                self.rep.error(attr.name.span, f"attribute '{name}' given twice",
                               expected="each attribute once")
                continue
            seen[name] = attr
            n = len(attr.values)
            if not spec.min_count <= n <= spec.max_count:
                want = (f"{spec.min_count}" if spec.min_count == spec.max_count
                        else f"{spec.min_count} to {spec.max_count}")
                self.rep.error(attr.span, f"'{name}' takes {want} value{'s' if spec.max_count > 1 else ''}, got {n}",
                               expected=spec.doc or None)
                continue
            vals = []
            for val in attr.values:
                if spec.kind == "int":
                    if val.kind != "int":
                        self.rep.error(val.span, f"'{name}' must be a number, not '{val.text}'",
                                       expected=f"a number: {spec.doc}" if spec.doc else "a number")
                        continue
                    if not self.attr_in_range(name, spec, val):
                        continue
                    vals.append(int(val.text))
                elif spec.kind in ("word", "words"):
                    if val.kind != "name" or (spec.choices and val.text not in spec.choices):
                        one = name[:-1] if spec.kind == "words" and name.endswith("s") else name
                        self.rep.error(val.span, f"unknown {one} '{val.text}'",
                                       expected="one of " + ", ".join(spec.choices[:12]) +
                                       (", ..." if len(spec.choices) > 12 else ""),
                                       suggestion=did_you_mean(val.text, spec.choices))
                        continue
                    vals.append(val.text)
                else:
                    vals.append(val.text)
            out[name] = vals if spec.kind == "words" else (vals[0] if vals else None)
        kind = out.get("kind", "card")
        for spec in self.v.attrs.values():
            if spec.required and spec.name not in out and spec.name not in seen and kind == "card":
                self.rep.error(self.card.span, f"card \"{self.card.name}\" has no '{spec.name}'",
                               expected=f"a line such as '{spec.name} ...' ({spec.doc})")
        out.setdefault("set", self.default_set or "base")
        out.setdefault("kind", "card")
        return out

    def attr_in_range(self, name: str, spec: AttrSpec, val: A.AttrValue) -> bool:
        """Is an int attribute's value in its declared range (and a sane number)? Else an error."""
        lo = spec.min
        hi = MAX_INT if spec.max is None else spec.max
        digits = val.text.lstrip("0") or "0"
        n = int(digits) if len(digits) <= len(str(MAX_INT)) else None   # never int() of 5,000 digits
        if n is not None and (lo is None or n >= lo) and n <= hi:
            return True
        shown = val.text if len(val.text) <= 12 else val.text[:8] + "..."
        want = f"from {lo} to {hi:,}" if lo is not None else f"up to {hi:,}"
        self.rep.error(val.span, f"'{name}' must be {want}, not {shown}",
                       expected=f"a number {want}")
        return False

    def check_value_square(self, node) -> None:
        """A value square (`[3]`) is a card's value: a constant one is never negative."""
        value = _constant(node)
        if value is not None and value < 0:
            self.rep.error(_span_of(node), f"a card value cannot be negative: {value}",
                           expected="a value of 0 or more, such as [3]")

    # ------------------------------------------------------------------ sections
    def check_section(self, sec: A.Section, index: int) -> I.Effect:
        kind = sec.kind.text
        spec = self.v.effect_kinds.get(kind)
        if spec is None:
            self.rep.error(sec.kind.span, f"unknown effect kind '{kind}'",
                           expected="one of " + ", ".join(self.v.effect_kinds),
                           suggestion=did_you_mean(kind, self.v.effect_kinds))
        self.section_kind = kind
        trigger = None
        scope = Scope()
        for name, typ in self.exports.items():
            scope.names[name] = typ
        if sec.trigger is not None:
            if spec is not None and sec.trigger.mode not in spec.triggers:
                self.rep.error(sec.trigger.span, f"'{kind}' sections take no '{sec.trigger.mode}' trigger",
                               expected=f"'{kind}:'" if not spec.triggers else
                               "one of " + ", ".join(spec.triggers))
            pattern = self.check_action(sec.trigger.action, scope, None, pattern=True)
            trigger = I.Trigger(sec.trigger.mode, pattern, sec.trigger.would_mode)
        before = set(self.bound_anywhere)
        body = self.check_block(sec.body, scope)
        exports = ()
        if kind == "demand":
            new = [n for n in self.bound_anywhere if n not in before]
            for n in new:
                self.exports[n] = "cards"
            exports = tuple(new)
        return I.Effect(kind, body, trigger, index, exports, sec.span)

    # ------------------------------------------------------------------ statements
    def check_block(self, block: A.Block, scope: Scope) -> tuple:
        ops = []
        ended_by = None
        for st in block.stmts:
            if ended_by is not None:
                self.rep.error(st.span, f"unreachable statement after '{ended_by}'",
                               expected="nothing after it in the same block",
                               suggestion="move it before, or into an if/else branch")
                ended_by = None
            op = self.check_stmt(st, scope)
            # an action with an "if you do" block comes back as (action, If on its flag)
            ops.extend(o for o in (op if isinstance(op, tuple) else (op,)) if o is not None)
            if isinstance(st, A.RepeatEffect):
                ended_by = "repeat effect"
            elif isinstance(st, A.Stop):
                ended_by = "stop"
            elif isinstance(st, A.Do) and st.action.verbs[0].text in ("win", "lose") and not st.may:
                ended_by = st.action.verbs[0].text
        return tuple(ops)

    def check_stmt(self, st, scope: Scope):
        if isinstance(st, A.Do):
            return self.check_do(st, scope)
        if isinstance(st, A.If):
            branches = []
            for cond, blk in st.branches:
                c = self.check_cond(cond, scope)
                branches.append((c, self.check_block(blk, Scope(scope))))
            orelse = self.check_block(st.orelse, Scope(scope)) if st.orelse else ()
            return I.If(tuple(branches), orelse, False, st.span)
        if isinstance(st, A.ForEach):
            it = self.check_arg(st.iterable, scope)
            t = getattr(it, "type", "unknown")
            elem = {"cards": "card", "colors": "color", "values": "value", "players": "player",
                    "icons": "icon"}.get(t, t if t in ("card", "color", "value", "player") else None)
            if elem is None:
                self.rep.error(st.iterable.span, f"cannot loop over {_describe_type(t)}",
                               expected="cards, colours, values or players")
                elem = "unknown"
            inner = Scope(scope)
            inner.names[st.var.text] = elem
            self.bind(st.var, inner)
            body = self.check_block(st.body, inner)
            return I.ForEach(st.var.text, it, body, st.span)
        if isinstance(st, A.RepeatTimes):
            n = self.check_expr(st.count, scope, want="int")
            if isinstance(n, I.Const) and isinstance(n.value, int) and n.value <= 0:
                self.rep.error(st.count.span, "repeating zero times does nothing",
                               expected="a count that can be positive")
            return I.Repeat(n, self.check_block(st.body, Scope(scope)), st.span)
        if isinstance(st, A.RepeatEffect):
            if st.word.text != "effect":
                self.rep.error(st.word.span, f"'repeat {st.word.text}' is not a statement",
                               expected="'repeat effect' or 'repeat N times:'",
                               suggestion=did_you_mean(st.word.text, ["effect"]))
            return I.RepeatEffect(st.span)
        if isinstance(st, A.Stop):
            word = st.word.text if st.word else "effect"
            if word not in ("effect", "dogma"):
                self.rep.error(st.word.span, f"'stop {word}' is not a statement",
                               expected="'stop' (this effect) or 'stop dogma'",
                               suggestion=did_you_mean(word, ["effect", "dogma"]))
            return I.Stop(word, st.span)
        if isinstance(st, A.Let):
            e = self.check_arg(st.expr, scope)
            scope.names[st.name.text] = getattr(e, "type", "unknown")
            self.bind(st.name, scope)
            return I.Let(st.name.text, e, st.span)
        if isinstance(st, A.Either):
            opts = tuple(self.check_block(b, Scope(scope)) for b in st.options)
            return I.Either(st.may, opts, st.span)
        raise AssertionError(st)

    def bind(self, ident: A.Ident, scope: Scope):
        name = ident.text
        if name in KEYWORDS:
            self.rep.error(ident.span, f"'{name}' is a keyword and cannot be a name",
                           expected="another name", suggestion=f"try '{name}_card' or 'chosen'")
            return
        if name in self.v.constants or name in self.v.zones:
            self.rep.error(ident.span, f"'{name}' is a word of the game and cannot be a name",
                           expected="another name", suggestion=f"try '{name}_card' or 'chosen'")
        self.bound_anywhere.setdefault(name, ident.span)

    def check_do(self, st: A.Do, scope: Scope):
        flag = None
        if st.then is not None:
            self.flags += 1
            flag = f"done{self.flags}"
        act = self.check_action(st.action, scope, st.bind, optional=st.may, flag=flag)
        if st.may and act is not None:
            spec = self.v.verbs.get(act.verbs[0])
            if spec is not None and not spec.optional_ok:
                self.rep.error(st.action.span, f"'may {act.verbs[0]}' has no meaning",
                               expected=f"'{act.verbs[0]}' without 'may'")
        if st.bind is not None and act is not None:
            scope.names[st.bind.text] = self.bind_type(act)
            self.bind(st.bind, scope)
        if st.then is None:
            if st.orelse is not None:
                self.rep.error(st.span, "'else' needs an \"if you do\" block before it")
            return act
        then = self.check_block(st.then, Scope(scope))
        orelse = self.check_block(st.orelse, Scope(scope)) if st.orelse else ()
        return (act, I.If(((I.Flag(flag), then),), orelse, True, st.span))

    def bind_type(self, act: I.Act) -> str:
        if act.verbs[0] == "choose" and isinstance(act.obj, I.Query):
            q = act.obj
            single = isinstance(q.max, I.Const) and q.max.value == 1
            return q.noun if single and q.noun != "card" else _PLURAL.get(q.noun, q.noun)
        return "cards"

    # ------------------------------------------------------------------ actions
    def check_action(self, action: A.Action, scope: Scope, bind, optional=False, flag=None,
                     pattern=False) -> Optional[I.Act]:
        names = [v.text for v in action.verbs]
        if isinstance(action.obj, A.Int) and action.adverbs and action.adverbs[0].text in self.v.nouns:
            self.rep.error(action.obj.span, "a count before a noun is written as a word",
                           expected="'a card', 'two cards', 'up to two cards', 'exactly (n) cards'",
                           suggestion=f"write '{_NUMBER_WORDS.get(action.obj.value, '(n)')} "
                                      f"{action.adverbs[0].text}', not '{action.obj.value} {action.adverbs[0].text}'")
            return None
        specs = []
        for ident in action.verbs:
            spec = self.v.verbs.get(ident.text)
            if spec is None:
                self.rep.error(ident.span, f"unknown verb '{ident.text}'",
                               expected="a verb of " + self.v.game + ": " +
                               ", ".join(sorted(list(self.v.verbs))[:10]) + ", ...",
                               suggestion=did_you_mean(ident.text, self.v.verbs))
                return None
            specs.append(spec)
        first = specs[0]
        for ident, spec in zip(action.verbs[1:], specs[1:]):
            if spec.object not in ("cards",):
                self.rep.error(ident.span, f"'{ident.text}' cannot act on the cards of '{names[0]}'",
                               expected="a verb that takes cards, such as score, meld, tuck")
        if len(specs) > 1 and not first.produces:
            self.rep.error(action.verbs[0].span, f"'{names[0]} and ...' needs a verb that yields cards first",
                           expected="draw, reveal, meld, tuck or score")
        obj_ast = action.obj
        adverbs = list(action.adverbs)
        if isinstance(obj_ast, A.Query) and first.adverb:
            obj_ast, peeled = self.peel_adverbs(obj_ast)
            adverbs = peeled + adverbs
        obj = None
        if obj_ast is None:
            if first.object is not None and first.object_required and not pattern:
                self.rep.error(action.span, f"'{names[0]}' needs {_describe_type(first.object)}",
                               expected=self.verb_usage(first))
        elif first.object is None:
            self.rep.error(_span_of(obj_ast), f"'{names[0]}' takes no object",
                           expected=f"'{names[0]}' alone")
        else:
            obj = self.check_object(first, obj_ast, scope, pattern)
        kwargs = []
        given = set()
        for kw in action.kwargs:
            spec_kw = {k[0]: k for k in first.kwargs}.get(kw.prep)
            if spec_kw is None:
                self.rep.error(kw.span, f"'{names[0]}' takes no '{kw.prep}'",
                               expected=self.verb_usage(first))
                continue
            given.add(kw.prep)
            kwargs.append((kw.prep, self.check_typed(kw.value, spec_kw[1], scope, first, kw.prep)))
        for prep, typ, req in first.kwargs:
            if req and prep not in given and not pattern:
                self.rep.error(action.span, f"'{names[0]}' needs '{prep} ...' ({_describe_type(typ)})",
                               expected=self.verb_usage(first))
        adverb = None
        if adverbs:
            if not first.adverb:
                self.rep.error(adverbs[0].span, f"unexpected word '{adverbs[0].text}' after '{names[0]}'",
                               expected=self.verb_usage(first),
                               suggestion=did_you_mean(adverbs[0].text, self.v.all_words()))
            else:
                word = adverbs[0]
                if self.v.constants.get(word.text) != first.adverb:
                    opts = [w for w, t in self.v.constants.items() if t == first.adverb]
                    self.rep.error(word.span, f"unknown {first.adverb} '{word.text}'",
                                   expected="one of " + ", ".join(opts),
                                   suggestion=did_you_mean(word.text, opts))
                else:
                    adverb = I.Const(word.text, first.adverb)
                for extra in adverbs[1:]:
                    self.rep.error(extra.span, f"unexpected word '{extra.text}'",
                                   expected="end of the statement")
        elif first.adverb_required and not pattern:
            opts = [w for w, t in self.v.constants.items() if t == first.adverb and w != "none"]
            self.rep.error(action.span, f"'{names[0]}' needs a {first.adverb}",
                           expected=" / ".join(opts), suggestion=f"e.g. '{names[0]} red {opts[0]}'")
        return I.Act(tuple(names), obj, tuple(kwargs), adverb, bind.text if bind else None, flag,
                     optional, action.span)

    def verb_usage(self, spec) -> str:
        parts = [spec.name]
        if spec.object:
            parts.append(f"<{_describe_type(spec.object)}>")
        if spec.adverb:
            parts.append(f"<{spec.adverb}>")
        for prep, typ, _ in spec.kwargs:
            parts.append(f"{prep} <{_describe_type(typ)}>")
        return "'" + " ".join(parts) + "'"

    def peel_adverbs(self, q: A.Query):
        words = list(q.words)
        idx = next((i for i, w in enumerate(words) if w.text in self.v.nouns), None)
        if idx is None:
            return q, list(q.adverbs)
        keep, peeled = words[: idx + 1], words[idx + 1:]
        return A.Query(q.quant, tuple(keep), q.value, q.filters, q.source, q.where, (), q.span), \
            peeled + list(q.adverbs)

    def check_object(self, spec, obj, scope, pattern):
        want = spec.object
        if pattern:  # a trigger's pattern describes what it matches: "would draw a card"
            self.in_pattern += 1
            try:
                return self.check_arg(obj, scope)
            finally:
                self.in_pattern -= 1
        if want == "value":
            if isinstance(obj, A.Query):
                if obj.value is None:
                    self.rep.error(obj.span, f"'{spec.name}' takes a value, not a query",
                                   expected=f"'{spec.name} 1' or '{spec.name} two [3]'")
                    return None
                self.check_value_square(obj.value)
                value = self.check_expr(obj.value, scope, want="int")
                count = self.quant_count(obj.quant, scope)
                return I.DrawSpec(value, count)
            return I.DrawSpec(self.check_expr(obj, scope, want="int"), I.Const(1, "int"))
        return self.check_typed(obj, want, scope, spec)

    def quant_count(self, quant: A.Quant, scope) -> I.Expr:
        if quant.kind in ("one", "the"):
            return I.Const(1, "int")
        if quant.kind in ("number", "exactly") and quant.count is not None:
            return self.check_expr(quant.count, scope, want="int")
        self.rep.error(quant.span, "a count here must be exact",
                       expected="'a', 'two', 'exactly (n)'")
        return I.Const(1, "int")

    def check_typed(self, node, want: str, scope: Scope, verb=None, prep=None):
        e = self.check_arg(node, scope, want=want, typecheck=False)
        if e is None:
            return None
        t = getattr(e, "type", "unknown")
        if not accepts(want, t):
            if verb is None:
                self.rep.error(_span_of(node), f"expected {_describe_type(want)}, got {_describe_type(t)}",
                               expected=_describe_type(want))
            else:
                where = f" after '{prep}'" if prep else ""
                self.rep.error(_span_of(node), f"'{verb.name}' needs {_describe_type(want)}{where}, "
                                               f"got {_describe_type(t)}",
                               expected=self.verb_usage(verb) + f", e.g. '{self.verb_example(verb)}'")
        return e

    def verb_example(self, spec) -> str:
        obj = {"cards": "a card from hand", "color": "red", "player": "an opponent",
               "achievement": '"Monument"', "value": "1", "any": "a color"}.get(spec.object or "", "")
        parts = [spec.name, obj]
        if spec.adverb:
            parts.append(next(w for w, t in self.v.constants.items() if t == spec.adverb))
        for prep, typ, req in spec.kwargs:
            if req:
                parts.append(f"{prep} " + {"place": "my score", "cards": "all cards from score"}.get(typ, "..."))
        return " ".join(p for p in parts if p)

    # ------------------------------------------------------------------ arguments, queries, places
    def check_arg(self, node, scope: Scope, want: Optional[str] = None, typecheck: bool = True):
        if isinstance(node, A.Query):
            return self.check_query(node, scope)
        if isinstance(node, A.Place):
            return self.check_place(node, scope)
        if isinstance(node, A.Name) and node.ident.text in self.v.zones and scope.lookup(node.ident.text) is None \
                and want is not None and accepts(want, "place"):
            return I.ZoneRefExpr(I.ZoneRef(self.v.zones[node.ident.text].name, "executor"))
        if isinstance(node, A.Str) and want and accepts(want, "achievement"):
            return self.check_achievement_name(node)
        return self.check_expr(node, scope, want=want if typecheck else None)

    def check_achievement_name(self, node: A.Str):
        names = getattr(self.v, "achievement_names", ())
        if names and node.value not in names:
            self.rep.error(node.span, f"unknown achievement \"{node.value}\"",
                           expected="one of " + ", ".join(names[:6]) + ", ...",
                           suggestion=did_you_mean(node.value, names))
        return I.Const(node.value, "achievement")

    def check_place(self, place: A.Place, scope: Scope):
        zone = place.zone.text
        spec = self.v.zones.get(zone)
        if spec is None:
            self.rep.error(place.zone.span, f"unknown zone '{zone}'",
                           expected="one of " + ", ".join(sorted(set(z.name for z in self.v.zones.values()))),
                           suggestion=did_you_mean(zone, self.v.zones))
            return None
        zname = spec.name
        if place.players is not None:
            p = place.players
            if p.quant is not None:
                noun = p.noun.text
                who = {"opponent": "opponents", "opponents": "opponents", "player": "players",
                       "players": "players"}.get(noun)
                if who is None:
                    self.rep.error(p.noun.span, f"unknown kind of player '{noun}'",
                                   expected="opponent(s) or player(s)",
                                   suggestion=did_you_mean(noun, ["opponent", "opponents", "player", "players"]))
                    who = "players"
                whose = "any" if p.quant == "any" else "each"
                return I.ZoneRefExpr(I.ZoneRef(zname, whose, None, who))
            pe = self.check_expr(p.expr, scope, want="player")
            return I.ZoneRefExpr(I.ZoneRef(zname, "expr", pe))
        whose = "activator" if place.owner == "my" else "executor"
        return I.ZoneRefExpr(I.ZoneRef(zname, whose))

    def check_query(self, q: A.Query, scope: Scope) -> Optional[I.Query]:
        words = list(q.words)
        preds: list[I.Pred] = []
        rank = None
        single = False
        if q.value is not None:
            noun = "card"
            self.check_value_square(q.value)
            preds.append(I.Pred("value", self.check_expr(q.value, scope, want="int")))
        else:
            idx = next((i for i, w in enumerate(words) if w.text in self.v.nouns), None)
            if idx is None:
                last = words[-1]
                self.rep.error(last.span, f"unknown noun '{last.text}'",
                               expected="a noun such as " + ", ".join(
                                   sorted({n.name for n in self.v.nouns.values()})),
                               suggestion=did_you_mean(last.text, self.v.nouns))
                return None
            for extra in words[idx + 1:]:
                self.rep.error(extra.span, f"unexpected word '{extra.text}' after '{words[idx].text}'",
                               expected="filters such as 'with', 'from', 'where'",
                               suggestion=did_you_mean(extra.text, self.v.all_words()))
            nspec = self.v.nouns[words[idx].text]
            noun = nspec.type
            if words[idx].text in ("opponent", "opponents"):
                preds.append(I.Pred("opponent"))
            for adj in words[:idx]:
                a = self.v.adjectives.get(adj.text)
                if a is None:
                    self.rep.error(adj.span, f"unknown adjective '{adj.text}'",
                                   expected="one of " + ", ".join(sorted(
                                       n for n, s in self.v.adjectives.items() if noun in s.applies_to)[:12]),
                                   suggestion=did_you_mean(adj.text, self.v.adjectives))
                    continue
                if noun not in a.applies_to:
                    self.rep.error(adj.span, f"'{adj.text}' does not apply to {words[idx].text}",
                                   expected=f"an adjective for {words[idx].text}")
                    continue
                if a.kind == "position":
                    preds.append(I.Pred("position", a.arg))
                elif a.kind == "superlative":
                    rank = (a.arg, None)
                elif a.kind == "const":
                    preds.append(I.Pred("color", a.arg))
                elif a.kind == "negated_const":
                    preds.append(I.Pred("color", a.arg, negated=True))
                elif a.kind == "single":
                    single = True
                elif a.kind == "other":
                    preds.append(I.Pred("other"))
                elif a.kind == "splayed":
                    preds.append(I.Pred("splayed"))
        for extra in q.adverbs[:1]:  # words after the zone that no verb took as its adverb
            self.rep.error(extra.span, f"unexpected word '{extra.text}' after the zone",
                           expected="filters ('with', 'without', 'other than') before 'from'/'on'/'in', "
                                    "and 'where' after it")
        inner = Scope(scope)
        for f in q.filters:
            if f.kind in ("with", "without"):
                if isinstance(f.arg, A.Name) and scope.lookup(f.arg.ident.text) is None \
                        and f.arg.ident.text not in self.v.constants:
                    word = f.arg.ident.text
                    icons = [w for w, t in self.v.constants.items() if t == "icon"]
                    self.rep.error(f.arg.span, f"unknown icon '{word}'",
                                   expected="an icon: " + ", ".join(icons[:7]) + ", ...",
                                   suggestion=did_you_mean(word, icons))
                    continue
                icon = self.check_expr(f.arg, scope, want="icon")
                if noun != "card":
                    self.rep.error(f.span, f"'{f.kind}' an icon applies to cards only")
                preds.append(I.Pred("icon", icon, negated=f.kind == "without"))
            elif f.kind in ("most", "fewest"):
                self.in_where += 1
                self.it_stack.append(noun)
                key = self.check_expr(f.arg, inner, want="int", it_type=noun)
                self.it_stack.pop()
                self.in_where -= 1
                rank = (f.kind, key)
            elif f.kind == "other_than":
                preds.append(I.Pred("other_than", self.check_arg(f.arg, scope)))
        zone = None
        if q.source is not None:
            z = self.check_place(q.source, scope)
            zone = z.ref if z is not None else None
            if zone is not None and noun in ("value", "player", "icon"):
                self.rep.error(q.source.span, f"{noun}s are not in a zone",
                               expected=f"'a {noun}' alone")
        elif noun == "card" and not self.in_pattern:
            self.rep.error(q.span, "say where the cards are",
                           expected="'from hand', 'on board', 'from score of any opponent', ...")
        elif noun == "color" and q.words and self.v.nouns[q.words[-1].text].default_zone:
            zone = I.ZoneRef(self.v.nouns[q.words[-1].text].default_zone, "executor")
        if q.where is not None:
            self.in_where += 1
            self.it_stack.append(noun)
            preds.append(I.Pred("where", self.check_cond(q.where, inner, it_type=noun)))
            self.it_stack.pop()
            self.in_where -= 1
        mode, mn, mx, all_but = self.lower_quant(q.quant, scope)
        nonempty = bool(q.words) and q.words[-1].text in ("pile", "piles")
        return I.Query(noun, mode, mn, mx, zone, tuple(preds), rank, single, all_but, nonempty,
                       type=_PLURAL.get(noun, noun) if mode == "all" or (mx is None) or
                       not (isinstance(mx, I.Const) and mx.value == 1) else noun)

    def lower_quant(self, quant: A.Quant, scope):
        k = quant.kind
        one = I.Const(1, "int")
        if k in ("one",):
            return "choose", one, one, None
        if k == "the":
            return "the", one, one, None
        if k in ("all", "each"):
            return "all", None, None, None
        if k == "any_number":
            return "choose", I.Const(0, "int"), None, None
        n = self.check_expr(quant.count, scope, want="int") if quant.count is not None else one
        if k == "up_to":
            return "choose", I.Const(0, "int"), n, None
        if k in ("exactly", "number"):
            return "choose", n, n, None
        if k == "all_but":
            return "choose", None, None, n
        if k == "range":
            hi = self.check_expr(quant.extra, scope, want="int")
            return "choose", n, hi, None
        raise AssertionError(k)

    # ------------------------------------------------------------------ expressions
    def check_cond(self, node, scope, it_type=None) -> I.Expr:
        e = self.check_expr(node, scope, want="bool", it_type=it_type)
        return e

    def check_expr(self, node, scope: Scope, want: Optional[str] = None, it_type=None) -> I.Expr:
        e = self._expr(node, scope, it_type)
        if want is not None and e is not None:
            t = getattr(e, "type", "unknown")
            if want == "bool" and t != "bool":
                if t in ("cards", "colors", "players", "values"):
                    return e  # a list is true when it holds something
                self.rep.error(_span_of(node), f"expected a condition, got {_describe_type(t)}",
                               expected="a comparison such as 'count(x) >= 2', or 'c has crown'")
            elif want != "bool" and not accepts(want, t):
                self.rep.error(_span_of(node), f"expected {_describe_type(want)}, got {_describe_type(t)}",
                               expected=_describe_type(want))
        return e if e is not None else I.Const(0, "unknown")

    def _expr(self, node, scope: Scope, it_type=None) -> Optional[I.Expr]:
        if isinstance(node, A.Int):
            return I.Const(node.value, "int")
        if isinstance(node, A.Str):
            return I.Const(node.value, "str")
        if isinstance(node, A.ValueSquare):
            self.check_value_square(node.expr)
            return self.check_expr(node.expr, scope, want="int", it_type=it_type)
        if isinstance(node, A.It):
            if not self.in_where:
                self.rep.error(node.span, "'it' outside a 'where' condition",
                               expected="'it' only inside 'where ...' or 'with most ...'")
                return I.Const(0, "unknown")
            return I.ItRef(it_type or (self.it_stack[-1] if self.it_stack else "unknown"))
        if isinstance(node, A.Name):
            return self.resolve_name(node.ident, scope)
        if isinstance(node, A.Call):
            return self.check_call(node, scope, it_type)
        if isinstance(node, A.BinOp):
            left = self.check_expr(node.left, scope, want="int", it_type=it_type)
            right = self.check_expr(node.right, scope, want="int", it_type=it_type)
            if node.op in ("/", "//") and isinstance(right, I.Const) and right.value == 0:
                self.rep.error(node.right.span, "division by zero", expected="a divisor that cannot be 0")
            return I.Arith("//" if node.op == "/" else node.op, left, right)
        if isinstance(node, A.Neg):
            return I.Neg(self.check_expr(node.expr, scope, want="int", it_type=it_type))
        if isinstance(node, A.Compare):
            left = self._expr(node.left, scope, it_type)
            right = self._expr(node.right, scope, it_type)
            lt, rt = getattr(left, "type", "unknown"), getattr(right, "type", "unknown")
            if node.op not in ("==", "!=") and not (accepts("int", lt) and accepts("int", rt)):
                self.rep.error(node.span, f"'{node.op}' compares numbers, got {_describe_type(lt)} "
                                          f"and {_describe_type(rt)}", expected="two numbers")
            elif node.op in ("==", "!=") and lt != rt and not (accepts(lt, rt) or accepts(rt, lt)):
                self.rep.error(node.span, f"comparing {_describe_type(lt)} with {_describe_type(rt)} "
                                          f"is always {'false' if node.op == '==' else 'true'}",
                               expected="two values of the same kind")
            return I.Cmp(node.op, left, right)
        if isinstance(node, A.Has):
            subj = self.check_expr(node.subject, scope, want="card", it_type=it_type)
            what = self.check_expr(node.what, scope, want="icon", it_type=it_type)
            return I.HasIcon(subj, what)
        if isinstance(node, A.Member):
            item = self._expr(node.item, scope, it_type)
            coll = self._expr(node.collection, scope, it_type)
            ct = getattr(coll, "type", "unknown")
            it = getattr(item, "type", "unknown")
            if ct not in ("cards", "colors", "values", "players", "unknown"):
                self.rep.error(node.collection.span, f"'in' needs a list, got {_describe_type(ct)}",
                               expected="colours, cards, values or players")
            elif it != "unknown" and ct != "unknown" and not accepts(ct, it):
                self.rep.error(node.span, f"{_describe_type(it)} can never be among {_describe_type(ct)}")
            return I.In(item, coll, node.negated)
        if isinstance(node, A.Not):
            return I.Not(self.check_cond(node.cond, scope, it_type))
        if isinstance(node, A.BoolOp):
            return I.Logic(node.op, tuple(self.check_cond(p, scope, it_type) for p in node.parts))
        if isinstance(node, (A.Query, A.Place)):
            return self.check_arg(node, scope)
        raise AssertionError(node)

    def resolve_name(self, ident: A.Ident, scope: Scope) -> I.Expr:
        name = ident.text
        t = scope.lookup(name)
        if t is not None:
            self.used.add(name)
            return I.Var(name, t)
        if name in self.v.constants:
            return I.Const(name, self.v.constants[name])
        if name in self.v.zones:
            return I.ZoneRefExpr(I.ZoneRef(self.v.zones[name].name, "executor"))
        if name in self.bound_anywhere:
            span = self.bound_anywhere[name]
            self.rep.error(ident.span, f"'{name}' is used outside the block that binds it",
                           expected=f"a use inside the block where '{name}' is bound (line {span.line})",
                           suggestion="bind it before this statement, at the same level")
            return I.Const(0, "unknown")
        pool = set(self.v.constants) | set(self.bound_anywhere) | {n for s in [scope] for n in _all_names(s)}
        self.rep.error(ident.span, f"unknown name '{name}'",
                       expected="a name bound with 'as', 'let' or 'for each', or a word of the game",
                       suggestion=did_you_mean(name, pool | set(self.v.functions)))
        return I.Const(0, "unknown")

    def check_call(self, node: A.Call, scope: Scope, it_type=None) -> I.Expr:
        name = node.fn.text
        spec = self.v.functions.get(name)
        if spec is None:
            self.rep.error(node.fn.span, f"unknown function '{name}'",
                           expected="one of " + ", ".join(sorted(self.v.functions)[:12]) + ", ...",
                           suggestion=did_you_mean(name, self.v.functions))
            return I.Const(0, "unknown")
        required = [p for p in spec.params if not p.endswith("?")]
        if not len(required) <= len(node.args) <= len(spec.params):
            n = len(spec.params)
            want = f"{len(required)}" + (f" to {n}" if n != len(required) else "")
            self.rep.error(node.span, f"'{name}' takes {want} argument{'s' if n != 1 else ''}, "
                                      f"got {len(node.args)}",
                           expected=f"{name}(" + ", ".join(_describe_type(p) for p in spec.params) + ")")
            return I.Const(0, spec.returns)
        args = []
        for param, arg in zip(spec.params, node.args):
            if isinstance(arg, (A.Query, A.Place)):
                e = self.check_arg(arg, scope, want=param.rstrip("?"))
            elif isinstance(arg, A.Name) and arg.ident.text in self.v.zones and scope.lookup(arg.ident.text) is None:
                e = self.check_arg(arg, scope, want=param.rstrip("?"))
            else:
                e = self._expr(arg, scope, it_type)
            t = getattr(e, "type", "unknown")
            if e is not None and not accepts(param, t):
                self.rep.error(_span_of(arg), f"'{name}' expects {_describe_type(param)}, "
                                              f"got {_describe_type(t)}",
                               expected=f"{name}(" + ", ".join(_describe_type(p) for p in spec.params) + ")")
            args.append(e)
        return I.Fn(name, tuple(args), spec.returns)

    # ------------------------------------------------------------------ examples
    def check_examples(self):
        for ex in self.card.examples:
            kinds = [p.kind for p in ex.parts]
            if "do" not in kinds:
                self.rep.error(ex.span, f"example \"{ex.name}\" has no 'do:' part",
                               expected="given:, do: and expect: parts")
            if "expect" not in kinds:
                self.rep.error(ex.span, f"example \"{ex.name}\" has no 'expect:' part",
                               expected="given:, do: and expect: parts")
            for part in ex.parts:
                if kinds.count(part.kind) > 1:
                    self.rep.error(part.span, f"'{part.kind}:' given twice in example \"{ex.name}\"")
                    break


def _all_names(scope: Scope):
    s = scope
    while s:
        yield from s.names
        s = s.parent


def _span_of(node) -> A.Span:
    return getattr(node, "span", A.NOSPAN)


# ------------------------------------------------------------------ entry points
class CheckResult:
    def __init__(self, cards: list[I.Card], warnings: list[Diagnostic]):
        self.cards, self.warnings = cards, warnings


def check_file(file: A.File, vocab: Vocabulary, text: str, default_set: str = "") -> CheckResult:
    rep = Reporter(file.path, text)
    cards, warnings = [], []
    for card in file.cards:
        c = CardChecker(vocab, rep, card, default_set)
        cards.append(c.check())
        warnings.extend(c.warnings)
    rep.raise_if_any()
    return CheckResult(cards, warnings)


def _constant(node) -> Optional[int]:
    """The value of a constant integer expression (`5`, `-5`, `2 - 7`), or None."""
    if isinstance(node, A.Int):
        return node.value
    if isinstance(node, A.Neg):
        v = _constant(node.expr)
        return None if v is None else -v
    if isinstance(node, A.BinOp) and node.op in ("+", "-", "*"):
        a, b = _constant(node.left), _constant(node.right)
        if a is None or b is None:
            return None
        return a + b if node.op == "+" else a - b if node.op == "-" else a * b
    return None
