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

# how the language's own types read in a message; a game's type reads as its doc, else its name
_BUILTIN_WORDS = {"int": "a number", "bool": "a condition", "str": "a quoted name",
                  "place": "a zone", "any": "any", "unknown": "something"}


def _describe(vocab: Vocabulary, t: str) -> str:
    t = t.rstrip("?")
    if "|" in t:
        return " or ".join(_describe(vocab, x) for x in t.split("|"))
    if t in _BUILTIN_WORDS:
        return _BUILTIN_WORDS[t]
    spec = vocab.types.get(t)
    if spec is not None and spec.element:
        return t
    if spec is not None and spec.doc:
        return spec.doc
    return ("an " if t[:1] in "aeiou" else "a ") + t


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
        self.accepts = vocab.accepts
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
        self.trigger_noun = None        # in a triggered section: the type of what triggered it

    # ------------------------------------------------------------------ card
    def check(self) -> I.Card:
        attrs = self.check_attrs()
        self.card_set = attrs.get("set")
        effects = []
        for i, sec in enumerate(self.card.sections):
            effects.append(self.check_section(sec, i))
        cond = None
        for c in self.card.conditions:
            cond = self.check_cond(c.cond, Scope())
        if not effects and cond is None and self.v.needs_effects(attrs):
            self.warn(self.card.span, f"card \"{self.card.name}\" has no effect yet")
        for name, span in self.bound_anywhere.items():
            if name not in self.used:
                self.warn(span, f"'{name}' is bound but never used")
        self.check_examples()
        return I.Card(self.card.name, attrs, tuple(effects), cond, self.card.examples,
                      self.rep.path, self.card.span)

    def unknown(self, what: str, word: str) -> str:
        """"unknown verb 'x'", or, for a word of another installed game, which game it is."""
        other = words_of_other_games(self.v.game).get(word)
        if other:
            return f"'{word}' is a word of {other}, not of {self.v.game}"
        return f"unknown {what} '{word}'"

    def has_example(self) -> str:
        has = self.v.tests.get("has")
        if has is None:
            return ""
        return f", or 'c has {self.v.examples.get(has.arg_type, 'x')}'"

    def describe(self, t: str) -> str:
        return _describe(self.v, t)

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
            if spec.kind == "grid" or attr.grid:
                grid = self.check_grid(name, spec, attr)
                if grid is not None:
                    out[name] = grid
                continue
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

    def check_grid(self, name: str, spec: AttrSpec, attr: A.Attr):
        """A grid attribute: rows of the same width, each cell a declared symbol, within the
        declared size, with exactly one anchor cell when the vocabulary names anchors.
        Returns the rows (tuples of symbols), or None after located errors."""
        if spec.kind != "grid":
            self.rep.error(attr.span, f"'{name}' is not a grid attribute",
                           expected=f"'{name} VALUE' on one line ({spec.doc})" if spec.doc
                           else f"'{name} VALUE' on one line")
            return None
        if not attr.grid:
            self.rep.error(attr.span, f"'{name}' is a grid: write '{name}:' and then one "
                           "quoted row a line", expected=spec.doc or "a grid of rows")
            return None
        shown = ", ".join(f"'{s}'" + (f" ({m})" if m else "")
                          for s, m in (spec.symbols or [(c, "") for c in spec.choices]))
        rows, ok, width = [], True, None
        anchors = []
        for val in attr.values:
            cells, col, text = [], 0, val.text
            for part in text.split(" "):
                if part == "":
                    col += 1
                    continue
                if part not in spec.choices:
                    span = A.Span(val.span.line, val.span.col + 1 + col, val.span.line,
                                  val.span.col + 1 + col + len(part))
                    self.rep.error(span, f"'{part}' is not a cell of a {name}",
                                   expected="one of " + shown,
                                   suggestion=did_you_mean(part, spec.choices))
                    ok = False
                elif part in spec.anchor:
                    anchors.append((val, len(cells)))
                cells.append(part)
                col += len(part) + 1
            if not cells:
                self.rep.error(val.span, f"an empty row in the {name}",
                               expected="cells separated by spaces: " + shown)
                ok = False
            elif width is None:
                width = len(cells)
            elif len(cells) != width:
                self.rep.error(val.span, f"not a grid: this row of the {name} has {len(cells)} "
                               f"cells, the first has {width}",
                               expected=f"{width} cells a row")
                ok = False
            rows.append(tuple(cells))
        if ok and spec.max is not None and (len(rows) > spec.max or (width or 0) > spec.max):
            self.rep.error(attr.span, f"the {name} is {width} by {len(rows)}: it does not fit "
                           f"a board of {spec.max} by {spec.max}",
                           expected=f"at most {spec.max} rows of at most {spec.max} cells")
            ok = False
        if ok and spec.anchor and len(anchors) != 1:
            what = " or ".join(f"'{a}'" for a in spec.anchor)
            span = anchors[1][0].span if len(anchors) > 1 else attr.span
            self.rep.error(span, f"the {name} has {len(anchors)} cells {what}; it needs exactly one",
                           expected=f"one {what} cell")
            ok = False
        return tuple(rows) if ok else None

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
            self.rep.error(sec.kind.span, self.unknown("effect kind", kind),
                           expected="one of " + ", ".join(self.v.effect_kinds),
                           suggestion=did_you_mean(kind, self.v.effect_kinds))
        elif not spec.playable:
            self.rep.error(sec.kind.span, f"'{kind}' is not playable yet in {self.v.game}",
                           expected="an effect kind the game can run: " + ", ".join(
                               k for k, s in self.v.effect_kinds.items() if s.playable))
        elif spec.sets is not None and getattr(self, "card_set", None) not in spec.sets:
            self.rep.error(sec.kind.span, f"a card of the {self.card_set} set cannot have "
                           f"'{kind}' effects: only cards of {', '.join(spec.sets)} have them",
                           expected="an effect kind of this set's cards: " + ", ".join(
                               k for k, s in self.v.effect_kinds.items()
                               if s.playable and (s.sets is None or self.card_set in s.sets)))
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
            elif spec is not None and spec.runs is not None and sec.trigger.mode not in spec.runs:
                self.rep.error(sec.trigger.span, f"'{kind} {sec.trigger.mode}' is not playable "
                               f"yet in {self.v.game}",
                               expected="one of " + ", ".join(f"'{kind} {m}'" for m in spec.runs))
            pattern = self.check_action(sec.trigger.action, scope, None, pattern=True)
            verb = sec.trigger.action.verbs[0]
            if pattern is not None and verb.text not in self.v.trigger_points:
                self.rep.error(verb.span, f"'{verb.text}' triggers nothing in {self.v.game}",
                               expected="a verb that triggers: " + ", ".join(
                                   self.v.trigger_points))
            trigger = I.Trigger(sec.trigger.mode, pattern, sec.trigger.would_mode)
            # in its body `it` is what triggered it (the card about to be melded...)
            self.trigger_noun = _subject_type(pattern, self.v)
        before = set(self.bound_anywhere)
        body = self.check_block(sec.body, scope)
        self.trigger_noun = None
        exports = ()
        if spec is not None and spec.exports:  # names visible to the card's later effects
            new = [n for n in self.bound_anywhere if n not in before]
            for n in new:
                self.exports[n] = self.plural_of("card")
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
            elif isinstance(st, A.Do) and not st.may and getattr(
                    self.v.verbs.get(st.action.verbs[0].text), "ends_block", False):
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
            elem = self.v.element(t) or (t if t in self.v.types and not self.v.is_list(t) else None)
            if t == "unknown":
                elem = "unknown"
            if elem is None:
                self.rep.error(st.iterable.span, f"cannot loop over {self.describe(t)}",
                               expected=_either(
                                   [s.name for s in self.v.types.values() if s.element]))
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
            scopes = ["effect", *self.v.stop_scopes]
            if word not in scopes:
                self.rep.error(st.word.span, f"'stop {word}' is not a statement",
                               expected="'stop' (this effect)" + "".join(
                                   f" or 'stop {s}'" for s in self.v.stop_scopes),
                               suggestion=did_you_mean(word, scopes))
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

    def plural_of(self, t: str) -> str:
        return self.v.plural(t)

    def bind_type(self, act: I.Act) -> str:
        if act.verbs[0] == "choose" and isinstance(act.obj, I.Query):
            q = act.obj
            single = isinstance(q.max, I.Const) and q.max.value == 1
            return q.noun if single and q.noun != "card" else self.plural_of(q.noun)
        spec = self.v.verbs.get(act.verbs[-1])
        if spec is not None and spec.yields:
            return spec.yields
        return self.plural_of("card")

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
                self.rep.error(ident.span, self.unknown("verb", ident.text),
                               expected="a verb of " + self.v.game + ": " +
                               ", ".join(sorted(list(self.v.verbs))[:10]) + ", ...",
                               suggestion=did_you_mean(ident.text, self.v.verbs))
                return None
            specs.append(spec)
        first = specs[0]
        for ident, spec in zip(action.verbs[1:], specs[1:]):
            if spec.object != self.plural_of("card"):
                self.rep.error(ident.span, f"'{ident.text}' cannot act on the cards of '{names[0]}'",
                               expected="a verb that takes cards: " + ", ".join(sorted(
                                   n for n, s in self.v.verbs.items()
                                   if s.object == self.plural_of("card"))[:6]))
        if len(specs) > 1 and not first.produces:
            self.rep.error(action.verbs[0].span, f"'{names[0]} and ...' needs a verb that yields cards first",
                           expected=", ".join(sorted(n for n, s in self.v.verbs.items() if s.produces)))
        for ident, spec in zip(action.verbs, specs):
            if not spec.playable and not pattern:
                self.rep.error(ident.span, f"'{ident.text}' is not playable yet in {self.v.game}",
                               expected="a verb whose rules the game runs" +
                               (f" ({spec.doc})" if spec.doc else ""))
        obj_ast = action.obj
        adverbs = list(action.adverbs)
        if isinstance(obj_ast, A.Query) and first.adverb:
            obj_ast, peeled = self.peel_adverbs(obj_ast)
            adverbs = peeled + adverbs
        obj = None
        if obj_ast is None:
            if first.object is not None and first.object_required and not pattern:
                self.rep.error(action.span, f"'{names[0]}' needs {self.describe(first.object)}",
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
                self.rep.error(action.span, f"'{names[0]}' needs '{prep} ...' ({self.describe(typ)})",
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
                           expected=" / ".join(opts), suggestion=f"e.g. '{names[0]} {self.v.examples.get(first.object or '', '...')} {opts[0]}'")
        return I.Act(tuple(names), obj, tuple(kwargs), adverb, bind.text if bind else None, flag,
                     optional, action.span)

    def verb_usage(self, spec) -> str:
        parts = [spec.name]
        if spec.object:
            parts.append(f"<{self.describe(spec.object)}>")
        if spec.adverb:
            parts.append(f"<{spec.adverb}>")
        for prep, typ, _ in spec.kwargs:
            parts.append(f"{prep} <{self.describe(typ)}>")
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
                return I.Counted(value, count)
            return I.Counted(self.check_expr(obj, scope, want="int"), I.Const(1, "int"))
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
        if not self.accepts(want, t):
            if verb is None:
                self.rep.error(_span_of(node), f"expected {self.describe(want)}, got {self.describe(t)}",
                               expected=self.describe(want))
            else:
                where = f" after '{prep}'" if prep else ""
                self.rep.error(_span_of(node), f"'{verb.name}' needs {self.describe(want)}{where}, "
                                               f"got {self.describe(t)}",
                               expected=self.verb_usage(verb) + f", e.g. '{self.verb_example(verb)}'")
        return e

    def verb_example(self, spec) -> str:
        """A use of the verb, from the vocabulary's examples of each type."""
        if spec.example:
            return spec.example
        ex = self.v.examples
        parts = [spec.name, ex.get(spec.object or "", "")]
        if spec.adverb:
            parts.append(next((w for w, t in self.v.constants.items() if t == spec.adverb), ""))
        for prep, typ, req in spec.kwargs:
            if req:
                parts.append(f"{prep} " + ex.get(f"{prep} {typ}", ex.get(typ, "...")))
        return " ".join(p for p in parts if p)

    # ------------------------------------------------------------------ arguments, queries, places
    def check_arg(self, node, scope: Scope, want: Optional[str] = None, typecheck: bool = True):
        if isinstance(node, A.Query):
            return self.check_query(node, scope)
        if isinstance(node, A.Place):
            return self.check_place(node, scope)
        if isinstance(node, A.Name) and node.ident.text in self.v.zones and scope.lookup(node.ident.text) is None \
                and want is not None and self.accepts(want, "place"):
            return I.ZoneRefExpr(I.ZoneRef(self.v.zones[node.ident.text].name, "executor"))
        if isinstance(node, A.Str) and want:
            named = self.named_type(want)
            if named is not None:  # a quoted name of a thing of that type ("A Name")
                return I.Const(node.value, named)
        return self.check_expr(node, scope, want=want if typecheck else None)

    def named_type(self, want: str):
        """The type, among those `want` admits, that a quoted name stands for (a type that
        accepts str, other than str itself), or None."""
        for t in want.rstrip("?").split("|"):
            spec = self.v.types.get(t)
            if spec is not None and "str" in spec.accepts:
                return t
        return None

    def check_place(self, place: A.Place, scope: Scope):
        zone = place.zone.text
        spec = self.v.zones.get(zone)
        if spec is None:
            self.rep.error(place.zone.span, self.unknown("zone", zone),
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
        zoned = True
        nspec = None
        if q.value is not None:  # "a [3]": a card of that value (the game's "value" test)
            noun = "card"
            self.check_value_square(q.value)
            preds.append(I.Pred("test", self.check_expr(q.value, scope, want="int"), False,
                                "value"))
        else:
            idx = next((i for i, w in enumerate(words) if w.text in self.v.nouns), None)
            if idx is None:
                last = words[-1]
                self.rep.error(last.span, self.unknown("noun", last.text),
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
            zoned = nspec.zoned
            if nspec.test:  # "opponent": a player who passes the game's test
                preds.append(I.Pred("test", None, False, nspec.test))
            for adj in words[:idx]:
                a = self.v.adjectives.get(adj.text)
                if a is None:
                    self.rep.error(adj.span, self.unknown("adjective", adj.text),
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
                elif a.kind == "test":
                    preds.append(I.Pred("test", a.arg, a.negated, a.test))
                elif a.kind == "single":
                    single = True
        for extra in q.adverbs[:1]:  # words after the zone that no verb took as its adverb
            self.rep.error(extra.span, f"unexpected word '{extra.text}' after the zone",
                           expected="filters ('with', 'without', 'other than') before 'from'/'on'/'in', "
                                    "and 'where' after it")
        inner = Scope(scope)
        has = self.v.tests.get("has")
        for f in q.filters:
            if f.kind in ("with", "without"):
                if has is None:
                    self.rep.error(f.span, f"'{f.kind}' means nothing in {self.v.game}",
                                   expected="a 'where' condition")
                    continue
                if isinstance(f.arg, A.Name) and scope.lookup(f.arg.ident.text) is None \
                        and f.arg.ident.text not in self.v.constants:
                    word = f.arg.ident.text
                    words_ = [w for w, t in self.v.constants.items() if t == has.arg_type]
                    self.rep.error(f.arg.span, f"unknown {has.arg_type} '{word}'",
                                   expected=f"{self.describe(has.arg_type)}: "
                                   + ", ".join(words_[:7]) + ", ...",
                                   suggestion=did_you_mean(word, words_))
                    continue
                what = self.check_expr(f.arg, scope, want=has.arg_type)
                if not self.accepts(has.subject, noun):
                    self.rep.error(f.span, f"'{f.kind}' {self.describe(has.arg_type)} applies to "
                                   f"{self.describe(has.subject)} only")
                preds.append(I.Pred("test", what, f.kind == "without", "has"))
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
            if zone is not None and not zoned:
                self.rep.error(q.source.span, f"{self.plural_of(noun)} are not in a zone",
                               expected=f"'a {noun}' alone")
        elif nspec is not None and nspec.default_zone:
            zone = I.ZoneRef(nspec.default_zone, "executor")
        elif noun not in self.v.domains and not self.in_pattern:
            zones = sorted({z.name for z in self.v.zones.values()})[:3]
            self.rep.error(q.span, f"say where the {self.plural_of(noun)} are",
                           expected=", ".join(f"'from {z}'" for z in zones) + ", ...")
        if q.where is not None:
            self.in_where += 1
            self.it_stack.append(noun)
            preds.append(I.Pred("where", self.check_cond(q.where, inner, it_type=noun)))
            self.it_stack.pop()
            self.in_where -= 1
        mode, mn, mx, all_but = self.lower_quant(q.quant, scope)
        return I.Query(noun, mode, mn, mx, zone, tuple(preds), rank, single, all_but,
                       type=self.plural_of(noun) if mode == "all" or (mx is None) or
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
                if self.v.is_list(t):
                    return e  # a list is true when it holds something
                self.rep.error(_span_of(node), f"expected a condition, got {self.describe(t)}",
                               expected="a comparison such as 'count(x) >= 2'" + self.has_example())
            elif want != "bool" and not self.accepts(want, t):
                self.rep.error(_span_of(node), f"expected {self.describe(want)}, got {self.describe(t)}",
                               expected=self.describe(want))
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
                if self.trigger_noun is not None:  # what triggered the section
                    return I.ItRef(self.trigger_noun)
                self.rep.error(node.span, "'it' outside a 'where' condition",
                               expected="'it' only inside 'where ...' or 'with most ...', or "
                                        "in a triggered section (what triggered it)")
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
            if node.op not in ("==", "!=") and not (self.accepts("int", lt) and self.accepts("int", rt)):
                self.rep.error(node.span, f"'{node.op}' compares numbers, got {self.describe(lt)} "
                                          f"and {self.describe(rt)}", expected="two numbers")
            elif node.op in ("==", "!=") and lt != rt and not (self.accepts(lt, rt) or self.accepts(rt, lt)):
                self.rep.error(node.span, f"comparing {self.describe(lt)} with {self.describe(rt)} "
                                          f"is always {'false' if node.op == '==' else 'true'}",
                               expected="two values of the same kind")
            return I.Cmp(node.op, left, right)
        if isinstance(node, A.Has):
            has = self.v.tests.get("has")
            if has is None:
                self.rep.error(node.span, f"'has' means nothing in {self.v.game}")
                return I.Const(False, "bool")
            subj = self.check_expr(node.subject, scope, want=has.subject, it_type=it_type)
            what = self.check_expr(node.what, scope, want=has.arg_type, it_type=it_type)
            return I.Has(subj, what)
        if isinstance(node, A.Member):
            item = self._expr(node.item, scope, it_type)
            coll = self._expr(node.collection, scope, it_type)
            ct = getattr(coll, "type", "unknown")
            it = getattr(item, "type", "unknown")
            if not self.v.is_list(ct) and ct != "unknown":
                self.rep.error(node.collection.span, f"'in' needs a list, got {self.describe(ct)}",
                               expected=_either(
                                   [s.name for s in self.v.types.values() if s.element]))
            elif it != "unknown" and ct != "unknown" and not self.accepts(ct, it):
                self.rep.error(node.span, f"{self.describe(it)} can never be among {self.describe(ct)}")
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
        self.rep.error(ident.span, self.unknown("name", name),
                       expected="a name bound with 'as', 'let' or 'for each', or a word of the game",
                       suggestion=did_you_mean(name, pool | set(self.v.functions)))
        return I.Const(0, "unknown")

    def check_call(self, node: A.Call, scope: Scope, it_type=None) -> I.Expr:
        name = node.fn.text
        defs = self.v.function_defs(name)
        if not defs:
            self.rep.error(node.fn.span, self.unknown("function", name),
                           expected="one of " + ", ".join(sorted(self.v.functions)[:12]) + ", ...",
                           suggestion=did_you_mean(name, self.v.functions))
            return I.Const(0, "unknown")
        variant = 0
        if len(defs) > 1:  # the first signature that takes these arguments
            real = self.rep
            for i, spec in enumerate(defs):
                self.rep = Reporter(real.path, "")
                try:
                    self._call(node, spec, i, scope, it_type)
                    fits = not self.rep.diagnostics
                finally:
                    self.rep = real
                if fits:
                    variant = i
                    break
        spec = defs[variant]
        if not spec.playable:
            self.rep.error(node.fn.span, f"'{name}' is not playable yet in {self.v.game}",
                           expected="a function whose rules the game runs"
                           + (f" ({spec.doc})" if spec.doc else ""))
        return self._call(node, spec, variant, scope, it_type)

    def _call(self, node: A.Call, spec, variant: int, scope: Scope, it_type=None) -> I.Expr:
        name = spec.name
        required = [p for p in spec.params if not p.endswith("?")]
        if not len(required) <= len(node.args) <= len(spec.params):
            n = len(spec.params)
            want = f"{len(required)}" + (f" to {n}" if n != len(required) else "")
            self.rep.error(node.span, f"'{name}' takes {want} argument{'s' if n != 1 else ''}, "
                                      f"got {len(node.args)}",
                           expected=f"{name}(" + ", ".join(self.describe(p) for p in spec.params) + ")")
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
            if e is not None and not self.accepts(param, t):
                self.rep.error(_span_of(arg), f"'{name}' expects {self.describe(param)}, "
                                              f"got {self.describe(t)}",
                               expected=f"{name}(" + ", ".join(self.describe(p) for p in spec.params) + ")")
            args.append(e)
        return I.Fn(name, tuple(args), spec.returns, variant)

    # ------------------------------------------------------------------ examples
    def check_examples(self):
        # the lines' words (zones, cards, players, actions) are the game's: its vocabulary
        # may give a checker of examples, which answers (span, message, expected, suggestion)
        game_check = self.v.check_examples
        if game_check is not None and self.card.examples:
            for span, message, expected, suggestion in game_check(self.card, self.rep.path):
                self.rep.error(span, message, expected=expected or None,
                               suggestion=suggestion or None)
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


def _subject_type(pattern, vocab) -> str:
    """The type of what a trigger's pattern matches: its object's noun, `this` a card."""
    obj = pattern.obj if pattern is not None else None
    if isinstance(obj, I.Query):
        return obj.noun
    if isinstance(obj, I.Const):
        return obj.type
    return "card"


_OTHER_WORDS: dict = {}


def words_of_other_games(game: str) -> dict:
    """{word: game} of the words of every other installed game (for error messages)."""
    from .vocab import get, known_games
    others = tuple(known_games())
    made = _OTHER_WORDS.get((game, others))  # a game registered later makes a new table
    if made is None:
        made = {}
        for other in others:
            if other == game:
                continue
            try:
                v = get(other)
            except Exception:  # a broken game package must not break checking this one
                continue
            for w in v.all_words():
                made.setdefault(w, other)
        mine = get(game).all_words()
        made = _OTHER_WORDS[(game, others)] = {w: g for w, g in made.items() if w not in mine}
    return made


def _either(words: list) -> str:
    """"a, b or c"."""
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)


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
