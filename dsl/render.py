"""IR -> English in the style of printed card text: "You may X. If you do, Y."

The renderer reads the same checked IR as the lowering pass, so what it prints is what the
engine does. `Renderer` says every form of the language plainly, with each word's English
from the game's vocabulary: verbs and functions by their `phrase`, zones by theirs, effect
kinds by their `wrap`/`prefix`, stop scopes by theirs, adjectives by their own word. A game's
phrasebook subclasses it for its printed idioms (a count said "for every three [x] on your
board"): the `*_idiom` hooks below return None (or "") by default.
`renderer_for(vocab)` gives the game's renderer.
"""
from __future__ import annotations

from . import ir as I

NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve"]
CMP_WORDS = {">=": "at least", ">": "more than", "<=": "at most", "<": "fewer than",
             "==": "exactly", "!=": "not"}
AMOUNTS = {">=": "{} or more", "<=": "{} or fewer", "==": "exactly {}", ">": "more than {}",
           "<": "fewer than {}", "!=": "other than {}"}


# the statements a conditional block may say as one clause ("score it and repeat this effect");
# a block holding a condition, a loop or a choice of blocks keeps its sentences
JOINABLE = (I.Act, I.RepeatEffect, I.Stop, I.Let)


class Ctx:
    def __init__(self, kind: str, exports=()):
        self.kind = kind            # the effect kind
        self.exports = set(exports)  # names bound by an earlier effect of the card
        self.last = None             # the most recently bound name: said "it"
        self.bound = {}              # name -> the step that bound it ("as from_hand")
        self.binders = {}            # every step of the effect that binds a name, by name
        self.in_where = 0            # inside a query's condition "it" is the candidate


def renderer_for(vocab) -> "Renderer":
    """The game's renderer: its phrasebook (a Renderer subclass) or the plain one."""
    cls = vocab.phrasebook or Renderer
    return cls(vocab)


def render_card(card: I.Card, vocab=None) -> str:
    return _renderer(card, vocab).card(card)


def render_effect(eff: I.Effect, card: I.Card | None = None, vocab=None) -> str:
    return _renderer(card, vocab).effect(eff, card)


def _renderer(card, vocab) -> "Renderer":
    if vocab is None:
        from .load import game_of
        from .vocab import get
        vocab = get(game_of(card))
    return renderer_for(vocab)


class Renderer:
    # the sentence of a card's condition (a card claimed when it holds); {cond} the condition
    condition_sentence = "When {cond}."
    # a bound name of these types, said again: "that player"
    var_words = {"player": "that player", "players": "those players"}
    # adjectives said before a superlative ("the other player with the most ...")
    early_tests = ("other",)

    def __init__(self, vocab):
        self.v = vocab
        self.ctx = Ctx("effect")
        # adjectives by what they test, to say a query's filters with their own words
        self.adjective_of = {(a.test, a.arg, a.negated): a.name
                             for a in vocab.adjectives.values() if a.kind == "test"}
        self.noun_of_test = {n.test: n.name for n in vocab.nouns.values() if n.test}

    # ------------------------------------------------------------------ cards and effects
    def card(self, card: I.Card) -> str:
        """Every effect of a card, one per line, each with its kind's prefix."""
        lines = []
        for eff in card.effects:
            spec = self.v.effect_kinds.get(eff.kind)
            lines.append((spec.prefix if spec is not None else "") + self.effect(eff, card))
        if card.condition is not None:
            self.ctx = Ctx("effect")
            lines.append(self.condition_sentence.format(cond=self.cond(card.condition)))
        return "\n".join(lines)

    def effect(self, eff: I.Effect, card: I.Card | None = None) -> str:
        exports = []
        if card is not None:
            for e in card.effects:
                if e is eff or e.index >= eff.index:
                    break
                exports.extend(e.exports)
        self.ctx = Ctx(eff.kind, exports)
        self.ctx.binders = _binders(eff.body)
        body = self.sentences(eff.body)
        if eff.trigger is not None:
            t = eff.trigger
            lead = {"when": "When you ", "would": "If you would ", "each": "Each time you "}[t.mode]
            tail = {"instead": ", instead ", "first": ", first "}.get(t.would_mode or "", ", ")
            return lead + self.act_phrase(t.pattern) + tail + _lower_first(body)
        spec = self.v.effect_kinds.get(eff.kind)
        if spec is not None and spec.wrap:
            return spec.wrap.format(body=_lower_first(body).rstrip("."))
        return body

    def either_label(self, body) -> str:
        """One branch of an `either`, as a person choosing it reads it."""
        saved = self.ctx
        self.ctx = Ctx("effect")
        try:
            return _cap(self.clause(body))
        except Exception:  # a renderer gap must not stop a card from running
            return ""
        finally:
            self.ctx = saved

    # ------------------------------------------------------------------ statements
    def sentences(self, ops) -> str:
        return " ".join(self.sentence_list(ops))

    def sentence_list(self, ops) -> list:
        out = []
        ops = list(ops)
        ctx = self.ctx
        i = 0
        while i < len(ops):
            op, nxt = ops[i], (ops[i + 1] if i + 1 < len(ops) else None)
            if isinstance(op, I.Act) and op.flag and isinstance(nxt, I.If) and nxt.if_you_do:
                s = _cap(self.act_sentence(op))
                if op.bind:
                    ctx.last = op.bind
                s += ". If you do, " + _lower_first(self.sentences(nxt.branches[0][1]))
                if nxt.orelse:
                    s = s.rstrip(".") + ". Otherwise, " + _lower_first(self.sentences(nxt.orelse))
                out.append(_end(s))
                i += 2
                continue
            out.append(_end(_cap(self.stmt(op))))
            if isinstance(op, I.Act) and op.bind:
                ctx.last = op.bind
            i += 1
        return out

    def clause(self, ops) -> str:
        """A block said inside a sentence: its sentences joined, without the final period."""
        return _lower_first(self.sentences(ops)).rstrip(".")

    def branch_clause(self, ops) -> str:
        """A conditional block: several plain sentences are one clause ("keep it and repeat
        this effect"), so that none of them reads as done whatever the condition."""
        parts = self.sentence_list(ops)
        plain = [_lower_first(p).rstrip(".") for p in parts]
        if len(plain) < 2 or not all(isinstance(op, JOINABLE) for op in ops) \
                or any(". " in p or "! " in p or p.endswith("!") for p in plain):
            return _lower_first(" ".join(parts)).rstrip(".")
        return ", ".join(plain[:-1]) + " and " + plain[-1]

    def stmt(self, op) -> str:
        if isinstance(op, I.Act):
            return self.act_sentence(op)
        if isinstance(op, I.If):
            parts = []
            for n, (c, body) in enumerate(op.branches):
                lead = "if " if n == 0 else "otherwise, if "
                parts.append(lead + self.cond(c) + ", " + self.branch_clause(body))
            if op.orelse:
                parts.append("otherwise, " + self.branch_clause(op.orelse))
            return ". ".join(_cap(p) for p in parts)
        if isinstance(op, I.ForEach):
            return f"for each {self.item_phrase(op.iterable)}, " + self.clause(op.body)
        if isinstance(op, I.Repeat):
            per = self.per_phrase(op.count)
            if len(op.body) == 1 and isinstance(op.body[0], I.Act):
                return self.act_sentence(op.body[0]) + " " + per
            return f"{per}: " + self.clause(op.body)
        if isinstance(op, I.RepeatEffect):
            return "repeat this effect"
        if isinstance(op, I.Stop):
            scope = self.v.stop_scopes.get(op.scope)
            return scope.phrase if scope is not None else "stop this effect"
        if isinstance(op, I.Let):
            return f"let {op.var} be {self.expr(op.expr)}"
        if isinstance(op, I.Either):
            opts = [self.clause(o) for o in op.options]
            lead = "you may choose to either " if op.optional else "choose to either "
            return lead + ", or ".join(opts)
        raise AssertionError(op)

    def per_phrase(self, count) -> str:
        """How often a repeated action happens: "for every two of ...", "twice"."""
        idiom = self.per_idiom(count)
        if idiom:
            return idiom
        if isinstance(count, I.Arith) and count.op == "//" and isinstance(count.right, I.Const):
            return f"for every {self.count_words(count.right)} of {self.expr(count.left)}"
        if isinstance(count, I.Fn) and count.name == "count":
            return "for each " + self.item_phrase(count.args[0])
        if isinstance(count, I.Const):
            return {1: "once", 2: "twice"}.get(count.value, f"{self.count_words(count)} times")
        return f"as many times as {self.expr(count)}"

    def item_phrase(self, e) -> str:
        """One item of a list: "card you returned", "player"."""
        if isinstance(e, I.Query):
            return self.query(e, singular=True, bare=True)
        if isinstance(e, I.Var):
            return f"card you {_past(e.name)}" if _participle(e.name) else e.name
        return self.expr(e)

    def act_sentence(self, act: I.Act) -> str:
        s = self.act_phrase(act)
        if act.bind:
            self.ctx.bound[act.bind] = act
        return ("you may " + s) if act.optional else s

    def bound_card(self, e: I.Var, plural=False, count=None) -> str:
        """A coined card name ("as from_hand"), said by the step that bound it: "the card you
        returned from your hand" (with `count`: "you returned exactly one card from your
        hand"). "" when no step of this effect bound it, or another one is said alike."""
        act = self.ctx.bound.get(e.name)
        if act is None or not _coined(e.name):
            return ""
        said = self.binder_words(act)
        if any(other is not act and self.binder_words(other) == said
               for other in self.ctx.binders.values()):
            return ""  # another step says the same: the name tells them apart
        noun, verb, where = said
        if count is not None:
            one = count == "exactly one"
            return f"you {verb} {count} {noun}{'' if one else 's'}{where}"
        return f"the {noun}{'s' if plural else ''} you {verb}{where}"

    def binder_words(self, act: I.Act) -> tuple:
        """What a binding step did, as (noun, past verb, " from ZONE")."""
        o = act.obj
        noun, where = "card", ""
        if isinstance(o, I.Query):
            noun = o.noun if o.noun and not o.noun.endswith("s") else "card"
            tops = [p.arg for p in o.preds if p.kind == "position"]
            noun = " ".join(tops + [noun])
            spec = None if o.zone is None else self.v.zones.get(o.zone.zone)
            if o.zone is not None and (spec is None or not spec.shared):
                where = " from " + self.zone(o.zone)
        return noun, _past_of(act.verbs[-1]), where

    def act_phrase(self, act: I.Act) -> str:
        """The verb's phrase (vocab.VerbDef.phrase): a function of this renderer and the step,
        or the plain form: the verbs, the object, the keyword arguments, the adverb."""
        spec = self.v.verbs.get(act.verbs[0])
        phrase = spec.phrase if spec is not None else ""
        if callable(phrase):
            return phrase(self, act)
        return self.plain_act(act, phrase or "{verbs} {obj}{args}")

    def plain_act(self, act: I.Act, phrase: str = "{verbs} {obj}{args}") -> str:
        """The step as the verb's format string says: {verbs} (joined by "and"), {obj} (the
        object, "half of ...", or one of a "for every N" count), {args} (the keyword arguments,
        the adverb and the "for every N", each after a space)."""
        per = ""
        o = act.obj
        half = self.half_of_zone(o)
        if half:
            obj = half
        else:
            if isinstance(o, I.Query) and o.min is not None and o.min == o.max \
                    and isinstance(o.max, I.Arith) and o.max.op == "//":
                # "return a card from your hand for every two [x] on your board"
                per = " " + self.per_phrase(o.max)
                o = I.Query(o.noun, o.mode, I.Const(1, "int"), I.Const(1, "int"), o.zone, o.preds,
                            o.rank, o.single, o.all_but, o.type)
            obj = self.obj(o) if o is not None else ""
        args = "".join(f" {prep} {self.obj(val)}" for prep, val in act.kwargs)
        if act.adverb is not None:
            args += " " + self.expr(act.adverb)
        if not obj:
            phrase = phrase.replace(" {obj}", "{obj}")
        return phrase.format(verbs=" and ".join(act.verbs), obj=obj, args=args + per)

    def half_of_zone(self, o) -> str:
        """exactly ((count(all cards in Z) [+ 1]) // 2) cards from Z -> "half (rounded up) of
        the cards in your Z"."""
        if not (isinstance(o, I.Query) and o.min == o.max and isinstance(o.max, I.Arith)
                and o.max.op == "//" and o.max.right == I.Const(2, "int")):
            return ""
        inner, up = o.max.left, False
        if isinstance(inner, I.Arith) and inner.op == "+" and inner.right == I.Const(1, "int"):
            inner, up = inner.left, True
        if isinstance(inner, I.Fn) and inner.name == "count" and isinstance(inner.args[0], I.Query) \
                and inner.args[0].zone == o.zone and o.zone is not None:
            saved, self.ctx = self.ctx, Ctx("effect")
            try:
                where = self.zone(o.zone)
            finally:
                self.ctx = saved
            return f"half (rounded {'up' if up else 'down'}) of the cards in {where}"
        return ""

    def obj(self, o) -> str:
        if isinstance(o, I.Query):
            return self.query(o)
        if isinstance(o, I.ZoneRefExpr):
            return self.zone(o.ref)
        return self.expr(o)

    def whose(self, ref: I.ZoneRef) -> str:
        if ref.whose == "activator":
            return "my"
        if ref.whose == "executor":
            return "your"
        if ref.whose == "any":
            return "any opponent's" if ref.players == "opponents" else "any player's"
        if ref.whose == "each":
            return "all opponents'" if ref.players == "opponents" else "all players'"
        return self.possessive(ref.player)

    def zone_words(self, zone: str) -> str:
        spec = self.v.zones.get(zone)
        return (spec.phrase or spec.name) if spec is not None else zone

    def zone(self, ref: I.ZoneRef) -> str:
        spec = self.v.zones.get(ref.zone)
        if spec is not None and spec.shared:
            return f"the {self.zone_words(ref.zone)}"
        return f"{self.whose(ref)} {self.zone_words(ref.zone)}"

    # ------------------------------------------------------------------ queries
    def query(self, q: I.Query, singular: bool = False, bare: bool = False) -> str:
        ctx = self.ctx
        plural = not singular and (q.mode == "all" or not (isinstance(q.max, I.Const)
                                                          and q.max.value == 1))
        words = []
        if q.single:
            words.append("single")
        if any(p.kind == "other_than" and isinstance(p.arg, I.Const) and p.arg.value == "this"
               for p in q.preds):
            words.append("other")
        for p in q.preds:
            if p.kind == "test" and p.test in self.early_tests:
                words.append(self.adjective_of.get((p.test, p.arg, p.negated), p.test))
        if q.rank is not None and q.rank[1] is None:
            words.append(q.rank[0])
        noun = q.noun
        value_pred = None
        for p in q.preds:
            if p.kind == "position":
                words.append(p.arg)
            elif p.kind == "test" and p.test in self.noun_of_test:
                noun = self.noun_of_test[p.test]
            elif p.kind == "test" and p.test == "value":
                value_pred = p
            elif p.kind == "test" and p.test not in self.early_tests \
                    and (p.test, p.arg, p.negated) in self.adjective_of:
                words.append(self.adjective_of[(p.test, p.arg, p.negated)])
        if value_pred is not None and not words:
            head = self.value_sq(value_pred.arg) + ("s" if plural else "")
        else:
            head = " ".join(words + [noun + ("s" if plural else "")])
            if value_pred is not None:
                head += f" of value {self.value_sq(value_pred.arg)}"
        lead = "" if bare else self.quant(q, head)
        s = f"{lead} {head}" if lead else head
        for p in q.preds:
            if p.kind == "test" and p.test == "has":
                what = f"that {p.arg.type}" if isinstance(p.arg, I.Var) and p.arg.type \
                    else f"a {self.expr(p.arg)}"  # a chosen one: "without that <type>"
                s += (" without " if p.negated else " with ") + what
            elif p.kind == "other_than" and not (isinstance(p.arg, I.Const) and p.arg.value == "this"):
                s += f" other than {self.expr(p.arg)}"
        if q.rank is not None and q.rank[1] is not None:
            s += self.rank_phrase(q.rank)
        where = next((p.arg for p in q.preds if p.kind == "where"), None)
        if where is not None:
            ctx.in_where += 1
            idiom = self.where_idiom(q, where)
            ctx.in_where -= 1
            if idiom:
                s += " " + idiom
                where = None
        if q.zone is not None:
            s += self.zone_prep(q) + self.zone(q.zone)
        if where is not None:
            idiom = self.late_where_idiom(q, where)
            if idiom:
                s += idiom
                where = None
        if where is not None:
            ctx.in_where += 1
            s += " such that " + self.cond(where)
            ctx.in_where -= 1
        return s

    def rank_phrase(self, rank) -> str:
        kind, key = rank
        return f" with the {'most' if kind == 'most' else 'fewest'} {self.player_key(key)}"

    def zone_prep(self, q: I.Query) -> str:
        return " from "

    def quant(self, q: I.Query, head: str) -> str:
        if q.mode == "all":
            return "all the" if q.rank is not None else "all"
        if q.mode == "the":
            return "the"
        if q.all_but is not None:
            return f"all but {self.count_words(q.all_but)}"
        lo, hi = q.min, q.max
        if hi is None:
            return "any number of"
        if isinstance(lo, I.Const) and lo.value == 0:
            return f"up to {self.count_words(hi)}"
        if isinstance(hi, I.Const) and hi.value == 1:
            if head.startswith("other "):
                return "any"
            return "the" if q.rank is not None else self.article(head)
        return self.count_words(hi)

    # ------------------------------------------------------------------ expressions
    def count_words(self, e) -> str:
        if isinstance(e, I.Const) and isinstance(e.value, int) and 0 <= e.value < len(NUMBER_WORDS):
            return NUMBER_WORDS[e.value]
        return self.expr(e)

    def value_sq(self, e) -> str:
        """A value square `[3]` (a card of that value)."""
        if isinstance(e, I.Const):
            return f"[{e.value}]"
        return f"card of value {self.expr(e)}"

    def article(self, word: str) -> str:
        return _article(word)

    def var(self, e: I.Var, plural=False, it_ok=True) -> str:
        ctx = self.ctx
        if e.type in ("card", "cards"):
            if e.name == ctx.last and it_ok and not ctx.in_where:
                return "them" if plural else "it"
            bound = self.bound_card(e, plural)
            if bound:
                return bound
            if _participle(e.name):
                return f"the card{'s' if plural else ''} you {e.name}" \
                    if e.name not in ("drawn", "chosen", "shown") \
                    else f"the {e.name} card{'s' if plural else ''}"
            return f"the {e.name.replace('_', ' ')} card"
        return self.var_words.get(e.type, e.name)

    def const(self, e: I.Const) -> str:
        """A word of the game as it is printed (a phrasebook may write some as [x])."""
        if e.type == "str":
            return f'"{e.value}"'
        return str(e.value)

    def expr(self, e, it_word: str = "it", plural: bool = False) -> str:
        if isinstance(e, I.Const):
            if e.type == "player":
                return "you" if e.value == "you" else "me"
            if e.type == "card" and e.value == "this":
                return "this card"
            if e.type == "players":
                return "all opponents" if e.value == "opponents" else "all players"
            return self.const(e)
        if isinstance(e, I.Var):
            return self.var(e, plural)
        if isinstance(e, I.ItRef):
            if e.type == "player" and it_word == "it":
                return "they"
            return it_word or "it"
        if isinstance(e, I.Flag):
            return "you did"
        if isinstance(e, I.Fn):
            return self.function(e, it_word)
        if isinstance(e, I.Arith):
            if e.op in ("+", "-") and isinstance(e.right, I.Const):
                left = e.left
                # "one higher than the card you returned": a card stands for its value
                if isinstance(left, I.Fn) and left.name == "value" and isinstance(left.args[0], I.Var):
                    subject = self.var(left.args[0], it_ok=False)
                else:
                    subject = self.expr(left, it_word)
                return f"{self.count_words(e.right)} {'higher' if e.op == '+' else 'lower'} than {subject}"
            if e.op == "//" and isinstance(e.right, I.Const) and e.right.value == 2:
                inner = e.left
                if isinstance(inner, I.Arith) and inner.op == "+" and inner.right == I.Const(1, "int"):
                    return f"half (rounded up) of {self.expr(inner.left, it_word)}"
                return f"half (rounded down) of {self.expr(inner, it_word)}"
            word = {"+": "plus", "-": "minus", "*": "times", "//": "divided by"}[e.op]
            return f"{self.expr(e.left, it_word)} {word} {self.expr(e.right, it_word)}"
        if isinstance(e, I.Neg):
            return f"minus {self.expr(e.expr, it_word)}"
        if isinstance(e, I.Query):
            return self.query(e)
        if isinstance(e, I.ZoneRefExpr):
            return self.zone(e.ref)
        if isinstance(e, I.Counted):
            return self.value_sq(e.value)
        return self.cond(e)

    def possessive(self, e) -> str:
        if isinstance(e, I.Const) and e.type == "player":
            return "your" if e.value == "you" else "my"
        if isinstance(e, I.Var) and e.type == "player":
            return "that player's"
        if isinstance(e, I.ItRef) and e.type == "player":
            return "their"
        return self.expr(e) + "'s"

    def player_key(self, key) -> str:
        """What a per-player number measures, as a noun."""
        return self.expr(key)

    def function(self, e: I.Fn, it_word="it") -> str:
        """A function's phrase (vocab.FuncDef.phrase): a function of this renderer and the
        call, or a format of its rendered arguments ({0}, {1}...)."""
        n = e.name
        if n == "count":
            x = e.args[0]
            if isinstance(x, I.Query):
                return f"the number of {self.query(x, bare=True)}"
            return f"the number of {self.expr(x, it_word, plural=True)}"
        if n in ("any", "none"):
            return self.function_any(e)
        spec = self.v.function_variant(n, e.variant) if n in self.v.functions else None
        phrase = spec.phrase if spec is not None else ""
        if callable(phrase):
            return phrase(self, e)
        a = [self.expr(x, it_word) for x in e.args]
        if phrase:
            return phrase.format(*a)
        return f"{n}({', '.join(a)})"

    def function_any(self, e: I.Fn) -> str:
        x = e.args[0]
        yes = e.name == "any"
        if isinstance(x, I.Var) and x.name in self.ctx.exports:
            return self.exported_any(x, yes)
        if isinstance(x, I.Var) and x.type in ("card", "cards") and self.bound_card(x, count="any"):
            said = self.bound_card(x, count="any")
            return said if yes else said.replace(" any ", " no ", 1)
        if isinstance(x, I.Var):
            return ("you " + _past(x.name) + " any cards") if yes and _participle(x.name) else \
                (f"you {_past(x.name)} no cards" if _participle(x.name) else f"{'some' if yes else 'no'} {x.name}")
        if isinstance(x, I.ZoneRefExpr):
            owner = "you have" if x.ref.whose == "executor" else "I have" if x.ref.whose == "activator" \
                else self.possessive(x.ref.player) + " zone has"
            return f"{owner} {'cards' if yes else 'no cards'} in {self.zone(x.ref)}"
        if isinstance(x, I.Query):
            special = self.quantified_idiom(x, yes)
            if special:
                return special
            thing = self.query(x, singular=True, bare=True)
            return f"there is {self.article(thing) if yes else 'no'} {thing}"
        return f"{'any' if yes else 'no'} {self.expr(x)}"

    def exported_any(self, x: I.Var, yes: bool) -> str:
        """any(x) of a name an earlier effect exported."""
        return f"{'any' if yes else 'no'} cards were {x.name} earlier"

    def cond(self, e) -> str:
        idiom = self.cond_idiom(e)
        if idiom:
            return idiom
        if isinstance(e, I.Cmp):
            left, right = e.left, e.right
            cl, cr = _count_of(left), _count_of(right)
            if cl is not None and cr is not None and e.op in (">", "<"):
                more = "more" if e.op == ">" else "fewer"
                return f"you have {more} {self.things(cl)} than {self.things(cr, short=True)}"
            if cl is not None and isinstance(right, I.Const):
                n = self.count_words(right)
                subject = "they have" if _owned_by_it(cl) else "you have"
                amount = AMOUNTS[e.op].format(n)
                if isinstance(cl, I.Var) and cl.type in ("card", "cards") \
                        and self.bound_card(cl, count=amount):
                    return self.bound_card(cl, count=amount)
                if isinstance(cl, I.Var) and _participle(cl.name) and cl.type in ("card", "cards"):
                    one = isinstance(right, I.Const) and right.value == 1 and e.op == "=="
                    return f"you {_past(cl.name)} {amount} card{'' if one else 's'}"
                return f"{subject} {amount} {self.things(cl)}"
            subject = self.expr(left)
            be = {"you": "are", "they": "are", "I": "am"}.get(subject, "is")
            return f"{subject} {be} {CMP_WORDS[e.op]} {self.expr(right)}"
        if isinstance(e, I.Has):
            return f"{self.expr(e.subject)} {'does not have' if e.negated else 'has'} a {self.expr(e.what)}"
        if isinstance(e, I.Not) and isinstance(e.expr, I.Has):  # "it does not have a [x]"
            return self.cond(I.Has(e.expr.subject, e.expr.what, not e.expr.negated))
        if isinstance(e, I.In):
            return f"{self.expr(e.item)} is {'not ' if e.negated else ''}among {self.expr(e.collection)}"
        if isinstance(e, I.Not):
            return "not " + self.cond(e.expr)
        if isinstance(e, I.Logic):
            return f" {e.op} ".join(self.cond(p) for p in e.parts)
        if isinstance(e, I.Fn) and e.name in ("any", "none"):
            return self.function_any(e)
        if isinstance(e, I.Var):
            return self.function_any(I.Fn("any", (e,), "bool"))
        if isinstance(e, I.Flag):
            return "you did"
        if isinstance(e, I.Query):
            return self.function_any(I.Fn("any", (e,), "bool"))
        return self.expr(e)

    def things(self, x, short=False) -> str:
        """What a count counts, as the object of "you have": "cards in your hand"."""
        idiom = self.things_idiom(x)
        if idiom:
            return idiom
        if isinstance(x, I.Query):
            s = self.query(x, bare=True)
            return s.replace(" from your ", " in your ")
        if isinstance(x, I.ZoneRefExpr):
            return f"cards in {self.zone(x.ref)}"
        return self.expr(x, plural=True)

    # ------------------------------------------------------------------ a phrasebook's idioms
    def per_idiom(self, count):
        return None

    def where_idiom(self, q: I.Query, where) -> str:
        """A query's condition said right after its head ("of value [4] or less")."""
        return ""

    def late_where_idiom(self, q: I.Query, where) -> str:
        """A query's condition said after its zone."""
        return ""

    def quantified_idiom(self, q: I.Query, yes: bool) -> str:
        """any(q) / none(q) said as a whole ("each card in your hand has a [x]")."""
        return ""

    def cond_idiom(self, e):
        return None

    def things_idiom(self, x):
        return None


# ------------------------------------------------------------------ words
# a card variable named by a participle, said as what you did: "you drew", "you revealed"
PAST = {"drawn": "drew", "chosen": "chose", "shown": "revealed", "taken": "took"}


def _past(name: str) -> str:
    return PAST.get(name, name)


def _participle(name: str) -> bool:
    return name.endswith("ed") or name in ("drawn", "chosen", "shown", "kept", "taken")


def _coined(name: str) -> bool:
    """A name that is no English word ("from_hand", "top_returned", "ca"): said by the step
    that bound it rather than by itself."""
    return not name.isalpha() or len(name) <= 2


def _binders(ops, out=None) -> dict:
    """Every step of a block, nested blocks included, that binds a name: name -> step."""
    out = {} if out is None else out
    for op in ops:
        if isinstance(op, I.Act):
            if op.bind:
                out.setdefault(op.bind, op)
            continue
        for field in ("body", "orelse", "options", "branches"):
            sub = getattr(op, field, None)
            if not sub:
                continue
            if field == "branches":
                for _, body in sub:
                    _binders(body, out)
            elif field == "options":
                for body in sub:
                    _binders(body, out)
            else:
                _binders(sub, out)
    return out


# the past tense of a verb, for a card named by what was done to it
PAST_OF = {"draw": "drew", "choose": "chose", "take": "took", "keep": "kept",
           "transfer": "transferred", "put": "put", "set": "set"}


def _past_of(verb: str) -> str:
    head = verb.split("-")[0]
    if head in PAST_OF:
        return PAST_OF[head]
    return head + ("d" if head.endswith("e") else "ed")


def _count_of(e):
    return e.args[0] if isinstance(e, I.Fn) and e.name == "count" else None


def _owned_by_it(x) -> bool:
    ref = None
    if isinstance(x, I.Query):
        ref = x.zone
    elif isinstance(x, I.Fn) and x.args and isinstance(x.args[0], I.ZoneRefExpr):
        ref = x.args[0].ref
    elif isinstance(x, I.ZoneRefExpr):
        ref = x.ref
    return ref is not None and ref.whose == "expr" and isinstance(ref.player, I.ItRef)


def _article(word: str) -> str:
    w = word.lstrip("[")
    return "an" if w[:1] in "aeio8" or w.startswith("11") or w.startswith("18") else "a"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _lower_first(s: str) -> str:
    if s[:2] in ("I ", "I'"):
        return s
    return s[:1].lower() + s[1:] if s else s


def _end(s: str) -> str:
    s = s.rstrip()
    return s if s.endswith((".", "!", "?")) else s + "."
