"""IR -> English in the style of printed card text: "I demand you ...!", "You may X. If you do, Y."

The renderer reads the same checked IR as the interpreter and the compiler, so what it prints
is what the engine does. Icons are written [crown], values [3], as in the reference tables.
"""
from __future__ import annotations

from . import ir as I

NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve"]
ZONE_WORDS = {"hand": "hand", "score": "score pile", "board": "board", "achievements": "achievements",
              "forecast": "forecast", "display": "display", "revealed": "revealed cards",
              "supply": "supply"}
VERB_PAST = {"return": "returned", "transfer": "transferred", "meld": "melded", "tuck": "tucked",
             "score": "scored", "draw": "drew", "reveal": "revealed", "choose": "chose",
             "exchange": "exchanged", "splay": "splayed"}


def render_card(card: I.Card) -> str:
    """Every effect of a card, one per line, each headed by its kind when it is not 'effect'."""
    lines = []
    for eff in card.effects:
        text = render_effect(eff, card)
        head = "" if eff.kind in ("effect", "demand", "compel") else eff.kind.capitalize() + ": "
        lines.append(head + text)
    if card.condition is not None:
        lines.append("Claim this achievement immediately if " + cond(card.condition, Ctx("effect")) + ".")
    return "\n".join(lines)


class Ctx:
    def __init__(self, kind: str):
        self.kind = kind  # in a demand "you" is the affected opponent and "my" the demander


def render_effect(eff: I.Effect, card: I.Card | None = None) -> str:
    ctx = Ctx(eff.kind)
    body = sentences(eff.body, ctx)
    if eff.trigger is not None:
        t = eff.trigger
        lead = {"when": "When you ", "would": "If you would ", "each": "Each "}[t.mode]
        tail = {"instead": ", instead ", "first": ", first "}.get(t.would_mode or "", ": ")
        return lead + act_phrase(t.pattern, ctx) + tail + _lower_first(body)
    if eff.kind == "demand":
        return "I demand you " + _lower_first(body).rstrip(".") + "!"
    if eff.kind == "compel":
        return "I compel you " + _lower_first(body).rstrip(".") + "!"
    return body


def sentences(ops, ctx) -> str:
    out = []
    i = 0
    ops = list(ops)
    while i < len(ops):
        op = ops[i]
        nxt = ops[i + 1] if i + 1 < len(ops) else None
        if isinstance(op, I.Act) and op.flag and isinstance(nxt, I.If) and nxt.if_you_do:
            s = _cap(act_sentence(op, ctx)) + ". If you do, " + _lower_first(sentences(nxt.branches[0][1], ctx))
            if nxt.orelse:
                s = s.rstrip(".") + ". Otherwise, " + _lower_first(sentences(nxt.orelse, ctx))
            out.append(_end(s))
            i += 2
            continue
        out.append(_end(_cap(stmt(op, ctx))))
        i += 1
    return " ".join(out)


def stmt(op, ctx) -> str:
    if isinstance(op, I.Act):
        return act_sentence(op, ctx)
    if isinstance(op, I.If):
        parts = []
        for n, (c, body) in enumerate(op.branches):
            lead = "if " if n == 0 else "otherwise, if "
            parts.append(lead + cond(c, ctx) + ", " + _lower_first(sentences(body, ctx)).rstrip("."))
        if op.orelse:
            parts.append("otherwise, " + _lower_first(sentences(op.orelse, ctx)).rstrip("."))
        return ". ".join(_cap(p) for p in parts)
    if isinstance(op, I.ForEach):
        return f"for each {op.var} in {expr(op.iterable, ctx)}, " + _lower_first(sentences(op.body, ctx)).rstrip(".")
    if isinstance(op, I.Repeat):
        return f"do the following {count_words(op.count, ctx)} times: " + _lower_first(sentences(op.body, ctx)).rstrip(".")
    if isinstance(op, I.RepeatEffect):
        return "repeat this effect"
    if isinstance(op, I.Stop):
        return "the dogma action is complete" if op.scope == "dogma" else "stop this effect"
    if isinstance(op, I.Let):
        return f"let {op.var} be {expr(op.expr, ctx)}"
    if isinstance(op, I.Either):
        opts = [_lower_first(sentences(o, ctx)).rstrip(".") for o in op.options]
        lead = "you may choose to either " if op.optional else "choose to either "
        return lead + ", or ".join(opts)
    raise AssertionError(op)


def act_sentence(act: I.Act, ctx) -> str:
    s = act_phrase(act, ctx)
    return ("you may " + s) if act.optional else s


def act_phrase(act: I.Act, ctx) -> str:
    verbs = " and ".join(act.verbs)
    v0 = act.verbs[0]
    if v0 in ("draw", "dig"):
        spec = act.obj
        if spec is None:
            return verbs
        if not isinstance(spec, I.DrawSpec):  # a trigger pattern: "would draw a card"
            return f"{verbs} {obj(spec, ctx)}"
        n = spec.count
        val = value_sq(spec.value, ctx)
        if isinstance(n, I.Const) and n.value == 1:
            return f"{verbs} {_article(val)} {val}"
        return f"{verbs} {count_words(n, ctx)} {val}"
    if v0 == "splay":
        return f"splay {colors_phrase(act.obj, ctx)} {expr(act.adverb, ctx)}"
    if v0 == "unsplay":
        return f"unsplay {colors_phrase(act.obj, ctx)}"
    if v0 == "claim":
        o = act.obj
        if isinstance(o, I.Const):
            return f"claim the {o.value} achievement"
        return "claim " + obj(o, ctx)
    if v0 in ("win", "lose"):
        if act.obj is None:
            return "you " + v0
        return obj(act.obj, ctx) + " " + v0 + "s"
    if v0 == "execute":
        return f"execute each of the non-demand effects of {obj(act.obj, ctx)}. Do not share them"
    s = verbs
    if act.obj is not None:
        s += " " + obj(act.obj, ctx)
    for prep, val in act.kwargs:
        s += f" {'with' if prep == 'for' and v0 == 'exchange' else prep} {obj(val, ctx)}"
    if act.adverb is not None:
        s += " " + expr(act.adverb, ctx)
    return s


def colors_phrase(o, ctx) -> str:
    if isinstance(o, I.Const):
        return f"your {o.value} cards"
    if isinstance(o, I.Query):
        return obj(o, ctx) + " of your cards" if o.zone is None else obj(o, ctx)
    return f"your cards of the color {expr(o, ctx)}"


def obj(o, ctx) -> str:
    if isinstance(o, I.Query):
        return query(o, ctx)
    if isinstance(o, I.ZoneRefExpr):
        return zone(o.ref, ctx)
    return expr(o, ctx)


def whose(ref: I.ZoneRef, ctx) -> str:
    if ref.whose == "activator":
        return "my"
    if ref.whose == "executor":
        return "your"
    if ref.whose == "any":
        return "any opponent's" if ref.players == "opponents" else "any player's"
    if ref.whose == "each":
        return "each opponent's" if ref.players == "opponents" else "each player's"
    return expr(ref.player, ctx) + "'s"


def zone(ref: I.ZoneRef, ctx) -> str:
    return f"{whose(ref, ctx)} {ZONE_WORDS.get(ref.zone, ref.zone)}"


def query(q: I.Query, ctx) -> str:
    noun = q.noun
    plural = not (isinstance(q.max, I.Const) and q.max.value == 1) or q.mode == "all"
    words = []
    for p in q.preds:
        if p.kind == "position":
            words.append(p.arg)
        elif p.kind == "color":
            words.append(("non-" if p.negated else "") + p.arg)
    if q.rank is not None and q.rank[1] is None:
        words.insert(0, q.rank[0])
    if q.single:
        words.insert(0, "single")
    if any(p.kind == "other" for p in q.preds):
        words.insert(0, "other")
    noun_word = {"card": "card", "color": "color", "value": "value", "player": "player",
                 "icon": "icon"}.get(noun, noun)
    if any(p.kind == "opponent" for p in q.preds):
        noun_word = "opponent"
    value_pred = next((p for p in q.preds if p.kind == "value"), None)
    head = " ".join(words + [noun_word + ("s" if plural else "")])
    if value_pred is not None and not words:
        head = value_sq(value_pred.arg, ctx) + ("s" if plural else "")
    elif value_pred is not None:
        head += f" of value {value_sq(value_pred.arg, ctx)}"
    lead = quant(q, ctx, head)
    s = f"{lead} {head}" if lead else head
    for p in q.preds:
        if p.kind == "icon":
            s += (" without" if p.negated else " with") + f" a {expr(p.arg, ctx)}"
        elif p.kind == "other_than":
            s += f" other than {expr(p.arg, ctx)}"
    if q.rank is not None and q.rank[1] is not None:
        s += f" with the {'most' if q.rank[0] == 'most' else 'fewest'} {expr(q.rank[1], ctx, it_word='')}"
    if q.zone is not None:
        s += (" on " if q.zone.zone == "board" else " from ") + zone(q.zone, ctx)
    for p in q.preds:
        if p.kind == "where":
            s += " such that " + cond(p.arg, ctx)
    return s


def quant(q: I.Query, ctx, head: str) -> str:
    if q.mode == "all":
        return "all the" if q.rank is not None else "all"
    if q.mode == "the":
        return "the"
    if q.all_but is not None:
        return f"all but {count_words(q.all_but, ctx)}"
    lo, hi = q.min, q.max
    if hi is None:
        return "any number of"
    if isinstance(lo, I.Const) and lo.value == 0:
        return f"up to {count_words(hi, ctx)}"
    if isinstance(hi, I.Const) and hi.value == 1:
        return "the" if q.rank is not None else _article(head)
    return count_words(hi, ctx)


def count_words(e, ctx) -> str:
    if isinstance(e, I.Const) and isinstance(e.value, int) and 0 <= e.value < len(NUMBER_WORDS):
        return NUMBER_WORDS[e.value]
    return expr(e, ctx)


def value_sq(e, ctx) -> str:
    if isinstance(e, I.Const):
        return f"[{e.value}]"
    return f"card of value {expr(e, ctx)}"


def expr(e, ctx, it_word: str = "it") -> str:
    if isinstance(e, I.Const):
        if e.type == "icon":
            return f"[{e.value}]"
        if e.type == "player":
            return "you" if e.value == "you" else "me"
        if e.type == "card" and e.value == "this":
            return "this card"
        if e.type == "str":
            return f'"{e.value}"'
        return str(e.value)
    if isinstance(e, I.Var):
        return f"the {e.name} card" if e.type in ("cards", "card") else e.name
    if isinstance(e, I.ItRef):
        return it_word or "it"
    if isinstance(e, I.Flag):
        return "you did"
    if isinstance(e, I.Fn):
        return function(e, ctx, it_word)
    if isinstance(e, I.Arith):
        if e.op == "+" and isinstance(e.right, I.Const):
            return f"{count_words(e.right, ctx)} higher than {expr(e.left, ctx, it_word)}"
        if e.op == "-" and isinstance(e.right, I.Const):
            return f"{count_words(e.right, ctx)} lower than {expr(e.left, ctx, it_word)}"
        if e.op == "//" and isinstance(e.right, I.Const) and e.right.value == 2:
            return f"half (rounded down) of {expr(e.left, ctx, it_word)}"
        word = {"+": "plus", "-": "minus", "*": "times", "//": "divided by"}[e.op]
        return f"{expr(e.left, ctx, it_word)} {word} {expr(e.right, ctx, it_word)}"
    if isinstance(e, I.Neg):
        return f"minus {expr(e.expr, ctx, it_word)}"
    if isinstance(e, I.Query):
        return query(e, ctx)
    if isinstance(e, I.ZoneRefExpr):
        return zone(e.ref, ctx)
    if isinstance(e, I.DrawSpec):
        return value_sq(e.value, ctx)
    return cond(e, ctx)


def possessive(e, ctx) -> str:
    if isinstance(e, I.Const) and e.type == "player":
        return "your" if e.value == "you" else "my"
    return expr(e, ctx) + "'s"


def function(e: I.Fn, ctx, it_word="it") -> str:
    a = [expr(x, ctx, it_word) for x in e.args]
    n = e.name
    if n == "value":
        return f"the value of {a[0]}"
    if n == "color":
        return f"the color of {a[0]}"
    if n == "count":
        return f"the number of {a[0]}"
    if n == "icons":
        where = "your board" if len(a) == 1 else (possessive(e.args[1], ctx) + " board"
                                                  if e.args[1].type == "player" else a[1])
        return f"the number of {a[0]} on {where}"
    if n == "colors":
        return f"the colors of {a[0]}"
    if n == "points":
        return "your score" if not a else f"{a[0]}'s score"
    if n == "highest":
        return f"the highest value among {a[0]}"
    if n == "lowest":
        return f"the lowest value among {a[0]}"
    if n == "splay":
        return f"the splay of your {a[0]} cards"
    if n == "top":
        return f"your top {a[0]} card"
    if n == "pile":
        return f"your {a[0]} cards"
    if n == "any":
        return f"any {a[0]}"
    if n == "none":
        return f"no {a[0]}"
    if n == "tucked_this_turn":
        return "the number of cards you tucked this turn"
    if n == "scored_this_turn":
        return "the number of cards you scored this turn"
    if n == "achievement_count":
        return "your number of achievements"
    return f"{n}({', '.join(a)})"


CMP_WORDS = {">=": "at least", ">": "more than", "<=": "at most", "<": "fewer than",
             "==": "exactly", "!=": "not"}


def cond(e, ctx) -> str:
    if isinstance(e, I.Cmp):
        left, right = e.left, e.right
        if isinstance(left, I.Fn) and left.name == "icons" and isinstance(right, I.Const):
            where = "your board" if len(left.args) == 1 else possessive(left.args[1], ctx) + " board"
            return f"you have {CMP_WORDS[e.op]} {count_words(right, ctx)} {expr(left.args[0], ctx)} on {where}"
        if isinstance(left, I.Fn) and left.name == "count" and isinstance(right, I.Const):
            return f"{expr(left.args[0], ctx)} number {CMP_WORDS[e.op]} {count_words(right, ctx)}"
        return f"{expr(left, ctx)} is {CMP_WORDS[e.op]} {expr(right, ctx)}"
    if isinstance(e, I.HasIcon):
        return f"{expr(e.card, ctx)} has a {expr(e.icon, ctx)}"
    if isinstance(e, I.In):
        return f"{expr(e.item, ctx)} is {'not ' if e.negated else ''}among {expr(e.collection, ctx)}"
    if isinstance(e, I.Not):
        return "not " + cond(e.expr, ctx)
    if isinstance(e, I.Logic):
        return f" {e.op} ".join(cond(p, ctx) for p in e.parts)
    if isinstance(e, I.Fn) and e.name in ("any", "none"):
        return function(e, ctx)
    if isinstance(e, I.Var):
        return f"there are {e.name} cards" if e.type == "cards" else e.name
    if isinstance(e, I.Flag):
        return "you did"
    return expr(e, ctx)


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
