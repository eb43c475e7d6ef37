"""IR -> English in the style of printed card text: "I demand you ...!", "You may X. If you do, Y."

The renderer reads the same checked IR as the interpreter and the compiler, so what it prints
is what the engine does. Icons are written [crown], values [3], as in the reference tables.
Common shapes get their printed idiom ("draw a [4] for every three [castle] on your board",
"of value [4] or less", "your green or blue cards"); anything else is said literally.
"""
from __future__ import annotations

from . import ir as I

NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve"]
ZONE_WORDS = {"hand": "hand", "score": "score pile", "board": "board", "achievements": "achievements",
              "forecast": "forecast", "display": "display", "revealed": "revealed cards",
              "supply": "supply"}
CMP_WORDS = {">=": "at least", ">": "more than", "<=": "at most", "<": "fewer than",
             "==": "exactly", "!=": "not"}
VALUE_CMP = {"<=": "{} or less", ">=": "{} or higher", "<": "lower than {}", ">": "higher than {}",
             "==": "{}", "!=": "other than {}"}


class Ctx:
    def __init__(self, kind: str, exports=()):
        self.kind = kind            # in a demand "you" is the affected opponent, "my" the demander
        self.exports = set(exports)  # names bound by an earlier demand of the card
        self.last = None             # the most recently bound name: said "it"
        self.in_where = 0            # inside a query's condition "it" is the candidate


def render_card(card: I.Card) -> str:
    """Every effect of a card, one per line, each headed by its kind when it is not a dogma one."""
    lines = []
    for eff in card.effects:
        text = render_effect(eff, card)
        head = "" if eff.kind in ("effect", "demand", "compel") else eff.kind.capitalize() + ": "
        lines.append(head + text)
    if card.condition is not None:
        lines.append("Claim this special achievement immediately if "
                     + cond(card.condition, Ctx("effect")) + ".")
    return "\n".join(lines)


def render_effect(eff: I.Effect, card: I.Card | None = None) -> str:
    exports = []
    if card is not None:
        for e in card.effects:
            if e is eff or e.index >= eff.index:
                break
            exports.extend(e.exports)
    ctx = Ctx(eff.kind, exports)
    body = sentences(eff.body, ctx)
    if eff.trigger is not None:
        t = eff.trigger
        lead = {"when": "When you ", "would": "If you would ", "each": "Each time you "}[t.mode]
        tail = {"instead": ", instead ", "first": ", first "}.get(t.would_mode or "", ", ")
        return lead + act_phrase(t.pattern, ctx) + tail + _lower_first(body)
    if eff.kind in ("demand", "compel"):
        return f"I {eff.kind} you " + _lower_first(body).rstrip(".") + "!"
    return body


# ------------------------------------------------------------------ statements
def sentences(ops, ctx) -> str:
    out = []
    ops = list(ops)
    i = 0
    while i < len(ops):
        op, nxt = ops[i], (ops[i + 1] if i + 1 < len(ops) else None)
        if isinstance(op, I.Act) and op.flag and isinstance(nxt, I.If) and nxt.if_you_do:
            s = _cap(act_sentence(op, ctx))
            if op.bind:
                ctx.last = op.bind
            s += ". If you do, " + _lower_first(sentences(nxt.branches[0][1], ctx))
            if nxt.orelse:
                s = s.rstrip(".") + ". Otherwise, " + _lower_first(sentences(nxt.orelse, ctx))
            out.append(_end(s))
            i += 2
            continue
        out.append(_end(_cap(stmt(op, ctx))))
        if isinstance(op, I.Act) and op.bind:
            ctx.last = op.bind
        i += 1
    return " ".join(out)


def clause(ops, ctx) -> str:
    """A block said inside a sentence: its sentences joined, without the final period."""
    return _lower_first(sentences(ops, ctx)).rstrip(".")


def stmt(op, ctx) -> str:
    if isinstance(op, I.Act):
        return act_sentence(op, ctx)
    if isinstance(op, I.If):
        parts = []
        for n, (c, body) in enumerate(op.branches):
            lead = "if " if n == 0 else "otherwise, if "
            parts.append(lead + cond(c, ctx) + ", " + clause(body, ctx))
        if op.orelse:
            parts.append("otherwise, " + clause(op.orelse, ctx))
        return ". ".join(_cap(p) for p in parts)
    if isinstance(op, I.ForEach):
        return f"for each {item_phrase(op.iterable, ctx)}, " + clause(op.body, ctx)
    if isinstance(op, I.Repeat):
        per = per_phrase(op.count, ctx)
        if len(op.body) == 1 and isinstance(op.body[0], I.Act):
            return act_sentence(op.body[0], ctx) + " " + per
        return f"{per}: " + clause(op.body, ctx)
    if isinstance(op, I.RepeatEffect):
        return "repeat this effect"
    if isinstance(op, I.Stop):
        return "the dogma action is complete" if op.scope == "dogma" else "stop this effect"
    if isinstance(op, I.Let):
        return f"let {op.var} be {expr(op.expr, ctx)}"
    if isinstance(op, I.Either):
        opts = [clause(o, ctx) for o in op.options]
        lead = "you may choose to either " if op.optional else "choose to either "
        return lead + ", or ".join(opts)
    raise AssertionError(op)


def per_phrase(count, ctx) -> str:
    """How often a repeated action happens, as printed: "for every two [clock] on your board"."""
    if isinstance(count, I.Arith) and count.op == "//" and isinstance(count.right, I.Const):
        inner = count.left
        k = count_words(count.right, ctx)
        if isinstance(inner, I.Fn) and inner.name == "icons":
            return f"for every {k} {expr(inner.args[0], ctx)} on {_icons_where(inner, ctx)}"
        return f"for every {k} of {expr(inner, ctx)}"
    if isinstance(count, I.Fn) and count.name == "icons":
        return f"for each {expr(count.args[0], ctx)} on {_icons_where(count, ctx)}"
    if isinstance(count, I.Fn) and count.name == "count":
        arg = count.args[0]
        if isinstance(arg, I.Fn) and arg.name == "values":
            return f"for every different value of {expr(arg.args[0], ctx, plural=True)}"
        return "for each " + item_phrase(arg, ctx)
    if isinstance(count, I.Const):
        return {1: "once", 2: "twice"}.get(count.value, f"{count_words(count, ctx)} times")
    return f"as many times as {expr(count, ctx)}"


def item_phrase(e, ctx) -> str:
    """One item of a list: "color present on your board", "card you returned"."""
    if isinstance(e, I.Query):
        return query(e, ctx, singular=True, bare=True)
    if isinstance(e, I.Var):
        return f"card you {e.name}" if _participle(e.name) else e.name
    return expr(e, ctx)


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
        val = value_sq(spec.value, ctx)
        n = spec.count
        if isinstance(n, I.Const) and n.value == 1:
            return f"{verbs} {_article(val)} {val}"
        if isinstance(n, I.Const):
            return f"{verbs} {count_words(n, ctx)} {val}"
        return f"{verbs} {_article(val)} {val} {per_phrase(n, ctx)}"
    if v0 == "splay":
        if isinstance(act.obj, I.Query) and not _color_choices(act.obj):
            # "splay right any one color of your cards currently splayed left"
            return f"splay {expr(act.adverb, ctx)} {colors_phrase(act.obj, ctx)}"
        return f"splay {colors_phrase(act.obj, ctx)} {expr(act.adverb, ctx)}"
    if v0 == "unsplay":
        return f"unsplay {colors_phrase(act.obj, ctx)}"
    if v0 == "claim":
        o = act.obj
        if isinstance(o, I.Const):
            return f"claim the {o.value} achievement"
        return "claim " + obj(o, ctx)
    if v0 in ("win", "lose"):
        return ("you " + v0) if act.obj is None else f"{obj(act.obj, ctx)} {v0}s"
    if v0 == "execute":
        return f"execute each of the non-demand effects of {obj(act.obj, ctx)}. Do not share them"
    if v0 == "choose":
        return "choose " + obj(act.obj, ctx)
    s = verbs
    per = ""
    o = act.obj
    half = _half_of_zone(o)
    if half:
        s += f" {half}"
        o = None
    elif isinstance(o, I.Query) and o.min is not None and o.min == o.max and isinstance(o.max, I.Arith) \
            and o.max.op == "//":
        # "tuck a card from your hand for every two [leaf] on your board"
        per = " " + per_phrase(o.max, ctx)
        o = I.Query(o.noun, o.mode, I.Const(1, "int"), I.Const(1, "int"), o.zone, o.preds, o.rank,
                    o.single, o.all_but, o.nonempty_pile, o.type)
    if o is not None:
        s += " " + obj(o, ctx)
    for prep, val in act.kwargs:
        s += f" {'with' if prep == 'for' and v0 == 'exchange' else prep} {obj(val, ctx)}"
    if act.adverb is not None:
        s += " " + expr(act.adverb, ctx)
    return s + per


def _half_of_zone(o) -> str:
    """exactly ((count(all cards in Z) [+ 1]) // 2) cards from Z -> "half (rounded up) of the cards
    in your Z"."""
    if not (isinstance(o, I.Query) and o.min == o.max and isinstance(o.max, I.Arith)
            and o.max.op == "//" and o.max.right == I.Const(2, "int")):
        return ""
    inner, up = o.max.left, False
    if isinstance(inner, I.Arith) and inner.op == "+" and inner.right == I.Const(1, "int"):
        inner, up = inner.left, True
    if isinstance(inner, I.Fn) and inner.name == "count" and isinstance(inner.args[0], I.Query) \
            and inner.args[0].zone == o.zone and o.zone is not None:
        return (f"half (rounded {'up' if up else 'down'}) of the cards in "
                f"{zone(o.zone, Ctx('effect'))}")
    return ""


def colors_phrase(o, ctx) -> str:
    """The colour(s) a splay acts on: "your red cards", "your green or blue cards"."""
    if isinstance(o, I.Const):
        return f"your {o.value} cards"
    if isinstance(o, I.Query):
        consts = _color_choices(o)
        if consts:
            return "your " + " or ".join(consts) + " cards"
        return "any one color of your cards" + _where_suffix(o, ctx)
    if isinstance(o, I.Var):
        return "that color of your cards" if o.type == "color" else f"the {o.name} colors of your cards"
    if isinstance(o, I.Fn) and o.name == "color":
        return "that color of your cards"
    return f"your cards of the color of {expr(o, ctx)}"


def _color_choices(q: I.Query) -> list:
    """['green', 'blue'] for `a color where it == green or it == blue`."""
    for p in q.preds:
        if p.kind == "where":
            parts = p.arg.parts if isinstance(p.arg, I.Logic) and p.arg.op == "or" else (p.arg,)
            out = []
            for part in parts:
                if isinstance(part, I.Cmp) and part.op == "==" and isinstance(part.left, I.ItRef) \
                        and isinstance(part.right, I.Const):
                    out.append(part.right.value)
                else:
                    return []
            return out
    return []


def _where_suffix(q: I.Query, ctx) -> str:
    for p in q.preds:
        if p.kind == "where":
            c = p.arg
            if isinstance(c, I.Cmp) and isinstance(c.left, I.Fn) and c.left.name == "splay" \
                    and isinstance(c.right, I.Const):
                return f" currently splayed {c.right.value}"
            return " such that " + cond(c, ctx)
    return ""


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
        return "all opponents'" if ref.players == "opponents" else "all players'"
    return possessive(ref.player, ctx)


def zone(ref: I.ZoneRef, ctx) -> str:
    return f"{whose(ref, ctx)} {ZONE_WORDS.get(ref.zone, ref.zone)}"


# ------------------------------------------------------------------ queries
def query(q: I.Query, ctx, singular: bool = False, bare: bool = False) -> str:
    plural = not singular and (q.mode == "all" or not (isinstance(q.max, I.Const) and q.max.value == 1))
    words = []
    if q.single:
        words.append("single")
    if any(p.kind == "other_than" and isinstance(p.arg, I.Const) and p.arg.value == "this" for p in q.preds):
        words.append("other")
    if any(p.kind == "other" for p in q.preds):
        words.append("other")
    if q.rank is not None and q.rank[1] is None:
        words.append(q.rank[0])
    for p in q.preds:
        if p.kind == "position":
            words.append(p.arg)
        elif p.kind == "color":
            words.append(("non-" if p.negated else "") + p.arg)
        elif p.kind == "splayed":
            words.append("splayed")
    noun = "opponent" if any(p.kind == "opponent" for p in q.preds) else q.noun
    value_pred = next((p for p in q.preds if p.kind == "value"), None)
    if value_pred is not None and not words:
        head = value_sq(value_pred.arg, ctx) + ("s" if plural else "")
    else:
        head = " ".join(words + [noun + ("s" if plural else "")])
        if value_pred is not None:
            head += f" of value {value_sq(value_pred.arg, ctx)}"
    lead = "" if bare else quant(q, ctx, head)
    s = f"{lead} {head}" if lead else head
    for p in q.preds:
        if p.kind == "icon":
            s += (" without" if p.negated else " with") + f" a {expr(p.arg, ctx)}"
        elif p.kind == "other_than" and not (isinstance(p.arg, I.Const) and p.arg.value == "this"):
            s += f" other than {expr(p.arg, ctx)}"
    if q.rank is not None and q.rank[1] is not None:
        key = q.rank[1]
        if isinstance(key, I.Fn) and key.name == "points":
            s += f" with the {'highest' if q.rank[0] == 'most' else 'lowest'} score"
        else:
            s += f" with the {'most' if q.rank[0] == 'most' else 'fewest'} {_player_key(key, ctx)}"
    where = next((p.arg for p in q.preds if p.kind == "where"), None)
    if where is not None and q.noun == "card":
        ctx.in_where += 1
        idiom = card_where(where, ctx)
        ctx.in_where -= 1
        if idiom:
            s += " " + idiom
            where = None
    if q.zone is not None:
        prep = " on " if q.zone.zone == "board" and q.noun != "card" else " from "
        if q.noun == "color":
            prep = " present on "
        s += prep + zone(q.zone, ctx)
    if isinstance(where, I.Cmp) and q.noun == "color" and isinstance(where.left, I.Fn) \
            and where.left.name == "pile_icons" and isinstance(where.right, I.Const) and where.op == ">=":
        s += f" with {count_words(where.right, ctx)} or more {expr(where.left.args[0], ctx)}"
        where = None
    if where is not None:
        choices = _color_choices(q) if q.noun == "color" else []
        ctx.in_where += 1
        s += (" that is " + " or ".join(choices)) if choices else (" such that " + cond(where, ctx))
        ctx.in_where -= 1
    return s


def card_where(c, ctx) -> str:
    """Printed idioms for conditions on a card: "of value [4] or less", "of the same color as
    any card on your board"."""
    if isinstance(c, I.Cmp) and isinstance(c.left, I.Fn) and c.left.name == "value" \
            and isinstance(c.left.args[0], I.ItRef):
        return "of value " + VALUE_CMP[c.op].format(_value_word(c.right, ctx))
    if isinstance(c, I.In) and isinstance(c.item, I.Fn) and c.item.name == "color" \
            and isinstance(c.item.args[0], I.ItRef) and isinstance(c.collection, I.Fn) \
            and c.collection.name == "colors":
        where = obj(c.collection.args[0], ctx)
        return (f"of different color from any card on {where}" if c.negated
                else f"of the same color as any card on {where}")
    if isinstance(c, I.Cmp) and c.op == "==" and isinstance(c.left, I.Fn) and c.left.name == "color" \
            and isinstance(c.left.args[0], I.ItRef):
        r = c.right
        if isinstance(r, I.Const):
            return f"of color {r.value}"
        if isinstance(r, I.Fn) and r.name == "color":
            return f"of the same color as {expr(r.args[0], ctx, it_word='it')}"
        return "of that color" if isinstance(r, I.Var) else f"of the color {expr(r, ctx)}"
    if isinstance(c, I.Logic) and c.op == "or" and all(
            isinstance(p, I.Cmp) and p.op == "==" and isinstance(p.left, I.Fn) and p.left.name == "value"
            and isinstance(p.left.args[0], I.ItRef) and isinstance(p.right, I.Const) for p in c.parts):
        return "of value " + " or ".join(value_sq(p.right, ctx) for p in c.parts)
    return ""


def _value_word(e, ctx) -> str:
    return value_sq(e, ctx) if isinstance(e, I.Const) else expr(e, ctx)


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
        if head.startswith("other "):
            return "any"
        return "the" if q.rank is not None else _article(head)
    return count_words(hi, ctx)


# ------------------------------------------------------------------ expressions
def count_words(e, ctx) -> str:
    if isinstance(e, I.Const) and isinstance(e.value, int) and 0 <= e.value < len(NUMBER_WORDS):
        return NUMBER_WORDS[e.value]
    return expr(e, ctx)


def value_sq(e, ctx) -> str:
    if isinstance(e, I.Const):
        return f"[{e.value}]"
    return f"card of value {expr(e, ctx)}"


def _participle(name: str) -> bool:
    return name.endswith("ed") or name in ("drawn", "chosen", "shown", "kept", "taken")


def var(e: I.Var, ctx, plural=False, it_ok=True) -> str:
    if e.type in ("card", "cards"):
        if e.name == ctx.last and it_ok and not ctx.in_where:
            return "them" if plural else "it"
        if _participle(e.name):
            return f"the card{'s' if plural else ''} you {e.name}" if e.name not in ("drawn", "chosen", "shown") \
                else f"the {e.name} card{'s' if plural else ''}"
        return f"the {e.name} card"
    return {"player": "that player", "color": "that color", "value": "that value",
            "colors": "those colors", "players": "those players"}.get(e.type, e.name)


def expr(e, ctx, it_word: str = "it", plural: bool = False) -> str:
    if isinstance(e, I.Const):
        if e.type == "icon":
            return f"[{e.value}]"
        if e.type == "player":
            return "you" if e.value == "you" else "me"
        if e.type == "card" and e.value == "this":
            return "this card"
        if e.type == "players":
            return "all opponents" if e.value == "opponents" else "all players"
        if e.type == "str":
            return f'"{e.value}"'
        return str(e.value)
    if isinstance(e, I.Var):
        return var(e, ctx, plural)
    if isinstance(e, I.ItRef):
        if e.type == "player" and it_word == "it":
            return "they"
        return it_word or "it"
    if isinstance(e, I.Flag):
        return "you did"
    if isinstance(e, I.Fn):
        return function(e, ctx, it_word)
    if isinstance(e, I.Arith):
        if e.op in ("+", "-") and isinstance(e.right, I.Const):
            left = e.left
            # "one higher than the card you returned": a card stands for its value
            if isinstance(left, I.Fn) and left.name == "value" and isinstance(left.args[0], I.Var):
                subject = var(left.args[0], ctx, it_ok=False)
            else:
                subject = expr(left, ctx, it_word)
            return f"{count_words(e.right, ctx)} {'higher' if e.op == '+' else 'lower'} than {subject}"
        if e.op == "//" and isinstance(e.right, I.Const) and e.right.value == 2:
            inner = e.left
            if isinstance(inner, I.Arith) and inner.op == "+" and inner.right == I.Const(1, "int"):
                return f"half (rounded up) of {expr(inner.left, ctx, it_word)}"
            return f"half (rounded down) of {expr(inner, ctx, it_word)}"
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
    if isinstance(e, I.Var) and e.type == "player":
        return "that player's"
    if isinstance(e, I.ItRef) and e.type == "player":
        return "their"
    return expr(e, ctx) + "'s"


def _player_key(key, ctx) -> str:
    """What a per-player number measures, as a noun: "[leaf]", "points", "achievements"."""
    if isinstance(key, I.Fn):
        if key.name == "icons":
            return expr(key.args[0], ctx)
        if key.name == "points":
            return "points"
        if key.name == "achievement_count":
            return "achievements"
        if key.name == "returned_this_dogma":
            return "cards returned during this dogma action"
    return expr(key, ctx)


def _subject_is(key: I.Fn, who: str) -> bool:
    """Is this per-player function about `who` ('it': the candidate, 'you': the executor)?"""
    if not key.args:
        return who == "you"
    a = key.args[-1]
    if who == "it":
        return isinstance(a, I.ItRef)
    return isinstance(a, I.Const) and a.value == "you" and a.type == "player"


def _icons_where(fn: I.Fn, ctx) -> str:
    if len(fn.args) == 1:
        return "your board"
    if fn.args[1].type == "player":
        return possessive(fn.args[1], ctx) + " board"
    return expr(fn.args[1], ctx)


def function(e: I.Fn, ctx, it_word="it") -> str:
    n = e.name
    a = [expr(x, ctx, it_word) for x in e.args]
    if n == "value":
        return f"the value of {a[0]}"
    if n == "color":
        return f"the color of {a[0]}"
    if n == "count":
        x = e.args[0]
        if isinstance(x, I.Query):
            return f"the number of {query(x, ctx, bare=True)}"
        return f"the number of {expr(x, ctx, it_word, plural=True)}"
    if n == "icons":
        return f"the number of {a[0]} on {_icons_where(e, ctx)}"
    if n == "colors":
        return f"the colors on {a[0]}"
    if n == "values":
        return f"the different values of {expr(e.args[0], ctx, plural=True)}"
    if n == "points":
        return "your score" if not a else possessive(e.args[0], ctx) + " score"
    if n == "highest":
        return f"the highest value among {expr(e.args[0], ctx, plural=True)}"
    if n == "lowest":
        return f"the lowest value among {expr(e.args[0], ctx, plural=True)}"
    if n == "splay":
        return f"the splay of your {a[0]} cards"
    if n == "top":
        who = possessive(e.args[1], ctx) if len(e.args) > 1 else "your"
        c = e.args[0]
        if isinstance(c, I.Fn) and c.name == "color":
            return f"{who} top card of the same color as {expr(c.args[0], ctx, it_word)}"
        return f"{who} top {a[0]} card"
    if n == "pile":
        return f"your {a[0]} cards"
    if n in ("any", "none"):
        return function_any(e, ctx)
    if n == "tucked_this_turn":
        return "the number of cards you tucked this turn"
    if n == "scored_this_turn":
        return "the number of cards you scored this turn"
    if n == "achievement_count":
        return "your number of achievements" if not a else possessive(e.args[0], ctx) + " number of achievements"
    if n == "pile_icons":
        who = possessive(e.args[2], ctx) if len(e.args) > 2 else "your"
        return f"the number of {a[0]} in {who} {a[1] if not isinstance(e.args[1], I.ItRef) else 'its'} pile"
    if n == "name":
        return f"the name of {a[0]}"
    if n == "returned_this_dogma":
        who = "you have" if not e.args else (("they have" if isinstance(e.args[0], I.ItRef) else a[0] + " has"))
        return f"the number of cards {who} returned during this dogma action"
    if n in ("max", "min"):
        return f"the {'greater' if n == 'max' else 'smaller'} of {a[0]} and {a[1]}"
    return f"{n}({', '.join(a)})"


def function_any(e: I.Fn, ctx) -> str:
    x = e.args[0]
    yes = e.name == "any"
    if isinstance(x, I.Var) and x.name in ctx.exports:
        return f"{'any' if yes else 'no'} cards were {x.name} due to the demand"
    if isinstance(x, I.Var):
        return ("you " + x.name + " any cards") if yes and _participle(x.name) else \
            (f"you {x.name} no cards" if _participle(x.name) else f"{'some' if yes else 'no'} {x.name}")
    if isinstance(x, I.ZoneRefExpr):
        owner = "you have" if x.ref.whose == "executor" else "I have" if x.ref.whose == "activator" \
            else possessive(x.ref.player, ctx) + " zone has"
        return f"{owner} {'cards' if yes else 'no cards'} in {zone(x.ref, ctx)}"
    if isinstance(x, I.Query):
        special = _quantified(x, yes, ctx)
        if special:
            return special
        thing = query(x, ctx, singular=True, bare=True)
        return f"there is {_article(thing) if yes else 'no'} {thing}"
    return f"{'any' if yes else 'no'} {expr(x, ctx)}"


def _quantified(q: I.Query, yes: bool, ctx) -> str:
    """Printed idioms for any(...)/none(...) of a query."""
    where = next((p.arg for p in q.preds if p.kind == "where"), None)
    icons = [p for p in q.preds if p.kind == "icon"]
    # none(top cards without crown) -> "each top card on your board has a [crown]"
    if not yes and len(icons) == 1 and where is None and q.noun == "card":
        p = icons[0]
        plain = I.Query(q.noun, q.mode, q.min, q.max, q.zone, tuple(x for x in q.preds if x is not p),
                        q.rank, q.single, q.all_but, q.nonempty_pile, q.type)
        thing = query(plain, ctx, singular=True, bare=True).replace(" from ", " on ")
        return f"each {thing} {'has' if p.negated else 'does not have'} a {expr(p.arg, ctx)}"
    # any(top cards of any player where name(it) == "X") -> "X is a top card on any board"
    if yes and isinstance(where, I.Cmp) and where.op == "==" and isinstance(where.left, I.Fn) \
            and where.left.name == "name" and isinstance(where.right, I.Const):
        plain = I.Query(q.noun, q.mode, q.min, q.max, q.zone, tuple(x for x in q.preds if x.kind != "where"),
                        q.rank, q.single, q.all_but, q.nonempty_pile, q.type)
        thing = query(plain, ctx, singular=True, bare=True).replace(" from ", " on ")
        return f"{where.right.value} is {_article(thing)} {thing}"
    # none(other players where f(it) >= f(you)) -> "you have more X than each other player"
    if not yes and q.noun == "player" and isinstance(where, I.Cmp) and where.op in (">=", "<=") \
            and isinstance(where.left, I.Fn) and isinstance(where.right, I.Fn) \
            and where.left.name == where.right.name and _subject_is(where.left, "it") \
            and _subject_is(where.right, "you"):
        more = "more" if where.op == ">=" else "fewer"
        return f"you have {more} {_player_key(where.right, ctx)} than each other player"
    # none(colors on board where splay(it) != a and splay(it) != b) -> each is splayed a or b
    if not yes and q.noun == "color" and isinstance(where, I.Logic) and where.op == "and" and all(
            isinstance(p, I.Cmp) and p.op == "!=" and isinstance(p.left, I.Fn) and p.left.name == "splay"
            for p in where.parts):
        dirs = " or ".join(p.right.value for p in where.parts if isinstance(p.right, I.Const))
        return f"each color on your board is splayed {dirs}"
    return ""


def _count_of(e):
    return e.args[0] if isinstance(e, I.Fn) and e.name == "count" else None


TURN_COUNTERS = {"tucked_this_turn": "tucked", "scored_this_turn": "scored"}


def cond(e, ctx) -> str:
    if isinstance(e, I.Cmp):
        left, right = e.left, e.right
        if isinstance(left, I.Fn) and left.name in TURN_COUNTERS and isinstance(right, I.Const):
            n = count_words(right, ctx)
            amount = {">=": f"{n} or more", "==": f"exactly {n}", ">": f"more than {n}"}.get(e.op, f"{CMP_WORDS[e.op]} {n}")
            return f"you {TURN_COUNTERS[left.name]} {amount} cards during this turn"
        # count(colors(X)) < count(X): "two or more of X are the same color"
        if e.op == "<" and isinstance(left, I.Fn) and left.name == "count" and isinstance(left.args[0], I.Fn) \
                and left.args[0].name == "colors" and isinstance(right, I.Fn) and right.name == "count" \
                and left.args[0].args[0] == right.args[0]:
            return f"two or more of {expr(right.args[0], ctx, plural=True)} are the same color"
        if isinstance(left, I.Fn) and left.name == "splay" and isinstance(right, I.Const):
            return f"{colors_phrase(left.args[0], ctx)} are {'not ' if e.op == '!=' else ''}splayed {right.value}"
        if isinstance(left, I.Fn) and left.name == "icons" and isinstance(right, I.Const):
            who = "they have" if len(left.args) > 1 and isinstance(left.args[1], I.ItRef) else "you have"
            return f"{who} {CMP_WORDS[e.op]} {count_words(right, ctx)} {expr(left.args[0], ctx)} on {_icons_where(left, ctx)}"
        cl, cr = _count_of(left), _count_of(right)
        if cl is not None and cr is not None and e.op in (">", "<"):
            more = "more" if e.op == ">" else "fewer"
            return f"you have {more} {_things(cl, ctx)} than {_things(cr, ctx, short=True)}"
        if cl is not None and isinstance(right, I.Const):
            n = count_words(right, ctx)
            subject = "they have" if _owned_by_it(cl) else "you have"
            if isinstance(cl, I.Var) and _participle(cl.name) and cl.type in ("card", "cards"):
                amount = {">=": f"{n} or more", "<=": f"{n} or fewer", "==": f"exactly {n}",
                          ">": f"more than {n}", "<": f"fewer than {n}", "!=": f"other than {n}"}[e.op]
                return f"you {cl.name} {amount} cards"
            amount = {">=": f"{n} or more", "<=": f"{n} or fewer", "==": f"exactly {n}",
                      ">": f"more than {n}", "<": f"fewer than {n}", "!=": f"other than {n}"}[e.op]
            return f"{subject} {amount} {_things(cl, ctx)}"
        if isinstance(left, I.Fn) and left.name == "color" and e.op in ("==", "!=") and isinstance(right, I.Const):
            return f"{expr(left.args[0], ctx)} is {'not ' if e.op == '!=' else ''}{right.value}"
        if isinstance(left, I.Fn) and left.name == "value" and isinstance(right, (I.Const, I.Fn)):
            return f"{expr(left.args[0], ctx)} is of value " + VALUE_CMP[e.op].format(_value_word(right, ctx))
        return f"{expr(left, ctx)} is {CMP_WORDS[e.op]} {expr(right, ctx)}"
    if isinstance(e, I.HasIcon):
        return f"{expr(e.card, ctx)} {'does not have' if e.negated else 'has'} a {expr(e.icon, ctx)}"
    if isinstance(e, I.In):
        if isinstance(e.item, I.Fn) and e.item.name == "color" and isinstance(e.collection, I.Fn) \
                and e.collection.name == "colors":
            where = obj(e.collection.args[0], ctx)
            return (f"{expr(e.item.args[0], ctx)} is {'not ' if e.negated else ''}the same color as "
                    f"any card on {where}")
        return f"{expr(e.item, ctx)} is {'not ' if e.negated else ''}among {expr(e.collection, ctx)}"
    if isinstance(e, I.Not):
        return "not " + cond(e.expr, ctx)
    if isinstance(e, I.Logic):
        grouped = _icon_group(e, ctx)
        if grouped:
            return grouped
        return f" {e.op} ".join(cond(p, ctx) for p in e.parts)
    if isinstance(e, I.Fn) and e.name in ("any", "none"):
        return function_any(e, ctx)
    if isinstance(e, I.Var):
        return function_any(I.Fn("any", (e,), "bool"), ctx)
    if isinstance(e, I.Flag):
        return "you did"
    if isinstance(e, I.Query):
        return function_any(I.Fn("any", (e,), "bool"), ctx)
    return expr(e, ctx)


def _icon_group(e: I.Logic, ctx) -> str:
    """icons(a) >= 3 and icons(b) >= 3 ... -> "you have three or more of each of [a], [b] ..."."""
    parts = e.parts
    if e.op != "and" or len(parts) < 3:
        return ""
    first = parts[0]
    for p in parts:
        if not (isinstance(p, I.Cmp) and isinstance(p.left, I.Fn) and p.left.name == "icons"
                and len(p.left.args) == 1 and p.op == first.op and p.right == first.right):
            return ""
    if not isinstance(first.right, I.Const) or first.op not in (">=", ">"):
        return ""
    icons = " ".join(expr(p.left.args[0], ctx) for p in parts)
    n = count_words(first.right, ctx)
    amount = f"{n} or more" if first.op == ">=" else f"more than {n}"
    return f"you have {amount} icons of all {count_words(I.Const(len(parts), 'int'), ctx)} types: {icons}"


def _owned_by_it(x) -> bool:
    ref = None
    if isinstance(x, I.Query):
        ref = x.zone
    elif isinstance(x, I.Fn) and x.args and isinstance(x.args[0], I.ZoneRefExpr):
        ref = x.args[0].ref
    elif isinstance(x, I.ZoneRefExpr):
        ref = x.ref
    return ref is not None and ref.whose == "expr" and isinstance(ref.player, I.ItRef)


def _things(x, ctx, short=False) -> str:
    """What a count counts, as the object of "you have": "cards in your score pile"."""
    if isinstance(x, I.Query):
        s = query(x, ctx, bare=True)
        return s.replace(" from your ", " in your ")
    if isinstance(x, I.ZoneRefExpr):
        return f"cards in {zone(x.ref, ctx)}"
    if isinstance(x, I.Fn) and x.name == "colors":
        return f"colors on {obj(x.args[0], ctx)}"
    return expr(x, ctx, plural=True)


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
