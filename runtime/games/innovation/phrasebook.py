"""Innovation's printed idioms for the renderer (dsl/render.py): icons as [crown], "for every
three [castle] on your board", "of value [4] or less", "your green or blue cards", "I demand
you ...!" (the effect kinds' wrap, in vocabulary.py) and the special achievements' sentence.
Verbs and functions carry their own English (verbs/, functions.py); what is here is what
Innovation's cards say about several words at once."""
from __future__ import annotations

import dataclasses

from dsl import ir as I
from dsl.render import CMP_WORDS, Renderer

VALUE_CMP = {"<=": "{} or less", ">=": "{} or higher", "<": "lower than {}", ">": "higher than {}",
             "==": "{}", "!=": "other than {}"}
TURN_COUNTERS = {"tucked_this_turn": "tucked", "scored_this_turn": "scored"}


class InnovationRenderer(Renderer):
    condition_sentence = "Claim this special achievement immediately if {cond}."
    var_words = {"player": "that player", "color": "that color", "value": "that value",
                 "colors": "those colors", "players": "those players", "set": "that set"}

    # ------------------------------------------------------------------ words
    def const(self, e: I.Const) -> str:
        if e.type == "icon":
            return f"[{e.value}]"
        return super().const(e)

    def exported_any(self, x: I.Var, yes: bool) -> str:
        return f"{'any' if yes else 'no'} cards were {x.name} due to the demand"

    def player_key(self, key) -> str:
        """What a per-player number measures: "[leaf]", "points", "achievements"."""
        if isinstance(key, I.Fn):
            if key.name == "icons":
                return self.expr(key.args[0])
            if key.name == "points":
                return "points"
            if key.name == "achievement_count":
                return "achievements"
            if key.name == "returned_this_dogma":
                return "cards returned during this dogma action"
        return self.expr(key)

    def rank_phrase(self, rank) -> str:
        kind, key = rank
        if isinstance(key, I.Fn) and key.name == "points":
            return f" with the {'highest' if kind == 'most' else 'lowest'} score"
        if isinstance(key, I.Fn) and key.name == "value" and isinstance(key.args[0], I.Fn) \
                and key.args[0].name == "top":  # "the player with the highest top card of ..."
            top = self.expr(key.args[0])
            top = top[len("their "):] if top.startswith("their ") else top
            return f" with the {'highest' if kind == 'most' else 'lowest'} {top}"
        return super().rank_phrase(rank)

    def icons_where(self, fn: I.Fn) -> str:
        if len(fn.args) == 1:
            return "your board"
        if fn.args[1].type == "player":
            return self.possessive(fn.args[1]) + " board"
        return self.expr(fn.args[1])

    # ------------------------------------------------------------------ colours (splay)
    def colors_phrase(self, o) -> str:
        """The colour(s) a splay acts on: "your red cards", "your green or blue cards"."""
        if isinstance(o, I.Const):
            return f"your {o.value} cards"
        if isinstance(o, I.Query):
            consts = self.color_choices(o)
            if consts:
                return "your " + " or ".join(consts) + " cards"
            return "any one color of your cards" + self.where_suffix(o)
        if isinstance(o, I.Var):
            return "that color of your cards" if o.type == "color" else f"the {o.name} colors of your cards"
        if isinstance(o, I.Fn) and o.name == "color":
            return "that color of your cards"
        return f"your cards of the color of {self.expr(o)}"

    def color_choices(self, q: I.Query) -> list:
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

    def where_suffix(self, q: I.Query) -> str:
        for p in q.preds:
            if p.kind == "where":
                c = p.arg
                if isinstance(c, I.Cmp) and isinstance(c.left, I.Fn) and c.left.name == "splay" \
                        and isinstance(c.right, I.Const):
                    return f" currently splayed {c.right.value}"
                return " such that " + self.cond(c)
        return ""

    # ------------------------------------------------------------------ repeats
    def per_idiom(self, count):
        if isinstance(count, I.Arith) and count.op == "//" and isinstance(count.right, I.Const):
            inner = count.left
            if isinstance(inner, I.Fn) and inner.name == "icons":
                k = self.count_words(count.right)
                return f"for every {k} {self.expr(inner.args[0])} on {self.icons_where(inner)}"
            return None
        if isinstance(count, I.Fn) and count.name == "icons":
            return f"for each {self.expr(count.args[0])} on {self.icons_where(count)}"
        if isinstance(count, I.Fn) and count.name == "count":
            arg = count.args[0]
            if isinstance(arg, I.Fn) and arg.name == "values":
                return f"for every different value of {self.expr(arg.args[0], plural=True)}"
        return None

    # ------------------------------------------------------------------ queries
    def query(self, q: I.Query, singular: bool = False, bare: bool = False) -> str:
        n = q.max
        if q.mode not in ("all", "the") and q.all_but is None and q.min == n \
                and isinstance(n, I.Fn) and n.name == "count" and len(n.args) == 1:
            # exactly count(X) cards: "a card ... for each X" (Petition of Right)
            one = dataclasses.replace(q, min=I.Const(1, "int"), max=I.Const(1, "int"))
            return f"{self.query(one, True, bare)} for each {self.item_phrase(n.args[0])}"
        s = super().query(q, singular, bare)
        # a standard card from the available ones is what the cards call "an achievement" ("all
        # the available achievements" keep their zone: the player's own are achievements too)
        if q.zone is not None and q.zone.zone == "available" and q.noun == "card" \
                and q.mode != "all" and any(
                p.kind == "test" and p.test == "standard" and not p.negated for p in q.preds):
            s = s.replace(" from the available achievements", "")
            for old, new in (("a standard card", "an achievement"),
                             ("standard cards", "achievements"), ("standard card", "achievement")):
                s = s.replace(old, new)
        return s

    def zone_prep(self, q: I.Query) -> str:
        if q.noun == "color":
            return " present on "
        return " on " if q.zone.zone == "board" and q.noun != "card" else " from "

    def where_idiom(self, q: I.Query, c) -> str:
        """Printed idioms for conditions on a card: "of value [4] or less", "of the same color
        as any card on your board"."""
        if q.noun != "card":
            return ""
        if isinstance(c, I.Logic) and c.op == "and":  # each part an idiom: "of the same color
            parts = [self.where_idiom(q, p) for p in c.parts]  # as X and of the same value as X"
            if all(parts):
                out = prev = parts[0]
                for p in parts[1:]:
                    if p.startswith("other than ") and prev.startswith("other than "):
                        out += " and " + p[len("other than "):]  # "other than A and B"
                    else:
                        out += (" and " if p.startswith("of ") else " ") + p
                    prev = p
                return out
            return ""
        if isinstance(c, I.In) and c.negated and isinstance(c.item, I.ItRef):
            return f"other than {self.expr(c.collection)}"  # "all other cards of its color"
        if isinstance(c, I.In) and isinstance(c.item, I.ItRef) and isinstance(c.collection, I.Var):
            return f"among {self.expr(c.collection, plural=True)}"  # "one of the drawn cards"
        if isinstance(c, I.Cmp) and isinstance(c.left, I.Fn) and c.left.name == "value" \
                and isinstance(c.left.args[0], I.ItRef):
            r = c.right
            if c.op == "==" and isinstance(r, I.Fn) and r.name == "value":
                return f"of the same value as {self.expr(r.args[0], it_word='it')}"
            return "of value " + VALUE_CMP[c.op].format(self.value_word(c.right))
        if isinstance(c, I.In) and isinstance(c.item, I.Fn) and c.item.name == "color" \
                and isinstance(c.item.args[0], I.ItRef) and isinstance(c.collection, I.Fn) \
                and c.collection.name == "colors":
            where = self.obj(c.collection.args[0])
            return (f"of different color from any card on {where}" if c.negated
                    else f"of the same color as any card on {where}")
        if isinstance(c, I.Cmp) and isinstance(c.left, I.Fn) and c.left.name == "card_bonus" \
                and isinstance(c.left.args[0], I.ItRef) and isinstance(c.right, I.Const) \
                and c.right.value == 0 and c.op in (">", "=="):  # Echoes: "a card with a bonus"
            return "with a bonus" if c.op == ">" else "without a bonus"
        if isinstance(c, I.Fn) and c.name == "has_demand" and isinstance(c.args[0], I.ItRef):
            return "with a demand effect"  # Artifacts (000 "强制效果": a compel counts)
        if isinstance(c, I.Not) and isinstance(c.expr, I.Fn) and c.expr.name == "has_demand" \
                and isinstance(c.expr.args[0], I.ItRef):
            return "without a demand effect"
        if isinstance(c, I.Cmp) and c.op == "!=" and isinstance(c.left, I.Fn) and c.left.name == "color" \
                and isinstance(c.left.args[0], I.ItRef) and isinstance(c.right, (I.Var, I.Const)):
            return "not of that color" if isinstance(c.right, I.Var) else f"not of color {c.right.value}"
        if isinstance(c, I.Cmp) and c.op == "==" and isinstance(c.left, I.Fn) and c.left.name == "color" \
                and isinstance(c.left.args[0], I.ItRef):
            r = c.right
            if isinstance(r, I.Const):
                return f"of color {r.value}"
            if isinstance(r, I.Fn) and r.name == "color":
                return f"of the same color as {self.expr(r.args[0], it_word='it')}"
            return "of that color" if isinstance(r, I.Var) else f"of the color {self.expr(r)}"
        if isinstance(c, I.Logic) and c.op == "or" and all(
                isinstance(p, I.Cmp) and p.op == "==" and isinstance(p.left, I.Fn) and p.left.name == "value"
                and isinstance(p.left.args[0], I.ItRef) and isinstance(p.right, I.Const) for p in c.parts):
            return "of value " + " or ".join(self.value_sq(p.right) for p in c.parts)
        return ""

    def late_where_idiom(self, q: I.Query, where) -> str:
        if isinstance(where, I.Cmp) and q.noun == "color" and isinstance(where.left, I.Fn) \
                and where.left.name == "pile_icons" and isinstance(where.right, I.Const) \
                and where.op == ">=":
            return f" with {self.count_words(where.right)} or more {self.expr(where.left.args[0])}"
        choices = self.color_choices(q) if q.noun == "color" else []
        if choices:
            return " that is " + " or ".join(choices)
        return ""

    def value_word(self, e) -> str:
        return self.value_sq(e) if isinstance(e, I.Const) else self.expr(e)

    def quantified_idiom(self, q: I.Query, yes: bool) -> str:
        """Printed idioms for any(...)/none(...) of a query."""
        where = next((p.arg for p in q.preds if p.kind == "where"), None)
        icons = [p for p in q.preds if p.kind == "test" and p.test == "has"]
        # none(top cards without crown) -> "each top card on your board has a [crown]"
        if not yes and len(icons) == 1 and where is None and q.noun == "card":
            p = icons[0]
            plain = I.Query(q.noun, q.mode, q.min, q.max, q.zone, tuple(x for x in q.preds if x is not p),
                            q.rank, q.single, q.all_but, q.type)
            thing = self.query(plain, singular=True, bare=True).replace(" from ", " on ")
            return f"each {thing} {'has' if p.negated else 'does not have'} a {self.expr(p.arg)}"
        # any(top cards of any player where name(it) == "X") -> "X is a top card on any board"
        if yes and isinstance(where, I.Cmp) and where.op == "==" and isinstance(where.left, I.Fn) \
                and where.left.name == "name" and isinstance(where.right, I.Const):
            plain = I.Query(q.noun, q.mode, q.min, q.max, q.zone, tuple(x for x in q.preds if x.kind != "where"),
                            q.rank, q.single, q.all_but, q.type)
            thing = self.query(plain, singular=True, bare=True).replace(" from ", " on ")
            return f"{where.right.value} is {self.article(thing)} {thing}"
        # none(other players where f(it) >= f(you)) -> "you have more X than each other player"
        if not yes and q.noun == "player" and isinstance(where, I.Cmp) and where.op in (">=", "<=") \
                and isinstance(where.left, I.Fn) and isinstance(where.right, I.Fn) \
                and where.left.name == where.right.name and _subject_is(where.left, "it") \
                and (_subject_is(where.right, "you") or where.right.args == where.left.args[:-1]):
            more = "more" if where.op == ">=" else "fewer"
            return f"you have {more} {self.player_key(where.right)} than each other player"
        # none(colors on board where splay(it) != a and splay(it) != b) -> each is splayed a or b
        if not yes and q.noun == "color" and isinstance(where, I.Logic) and where.op == "and" and all(
                isinstance(p, I.Cmp) and p.op == "!=" and isinstance(p.left, I.Fn) and p.left.name == "splay"
                for p in where.parts):
            dirs = " or ".join(p.right.value for p in where.parts if isinstance(p.right, I.Const))
            return f"each color on your board is splayed {dirs}"
        return ""

    # ------------------------------------------------------------------ conditions
    def cond_idiom(self, e):
        if isinstance(e, I.Not) and isinstance(e.expr, I.Fn) and e.expr.name == "has_effects":
            return f"{self.expr(e.expr.args[0])} has no effects"
        if isinstance(e, I.Cmp):
            left, right = e.left, e.right
            # count(colors(X)) == 1: "they are the same color"; count(values(X)) == 1: "... value"
            if e.op == "==" and isinstance(right, I.Const) and right.value == 1 \
                    and isinstance(left, I.Fn) and left.name == "count" \
                    and isinstance(left.args[0], I.Fn) and left.args[0].name in ("colors", "values"):
                what = "color" if left.args[0].name == "colors" else "value"
                they = self.expr(left.args[0].args[0], plural=True)
                they = "they" if they == "them" else they
                return f"{they} {'are' if what == 'color' else 'have'} the same {what}"
            if isinstance(left, I.Fn) and left.name in TURN_COUNTERS and isinstance(right, I.Const):
                n = self.count_words(right)
                amount = {">=": f"{n} or more", "==": f"exactly {n}", ">": f"more than {n}"}.get(
                    e.op, f"{CMP_WORDS[e.op]} {n}")
                return f"you {TURN_COUNTERS[left.name]} {amount} cards during this turn"
            # count(colors(X)) < count(X): "two or more of X are the same color"
            if e.op == "<" and isinstance(left, I.Fn) and left.name == "count" \
                    and isinstance(left.args[0], I.Fn) and left.args[0].name == "colors" \
                    and isinstance(right, I.Fn) and right.name == "count" \
                    and left.args[0].args[0] == right.args[0]:
                return f"two or more of {self.expr(right.args[0], plural=True)} are the same color"
            if isinstance(left, I.Fn) and left.name == "splay" and isinstance(right, I.Const):
                if len(left.args) > 1:  # another player's pile: "that player's red cards"
                    col = left.args[0]
                    cards = f"{self.expr(col)} cards" if isinstance(col, I.Const) \
                        else f"cards of {self.expr(col)}"
                    return (f"{self.possessive(left.args[1])} {cards} are "
                            f"{'not ' if e.op == '!=' else ''}splayed {right.value}")
                return (f"{self.colors_phrase(left.args[0])} are "
                        f"{'not ' if e.op == '!=' else ''}splayed {right.value}")
            if isinstance(left, I.Fn) and left.name == "icons" and isinstance(right, I.Const):
                who = "they have" if len(left.args) > 1 and isinstance(left.args[1], I.ItRef) \
                    else "you have"
                return (f"{who} {CMP_WORDS[e.op]} {self.count_words(right)} "
                        f"{self.expr(left.args[0])} on {self.icons_where(left)}")
            if isinstance(left, I.Fn) and left.name == "card_bonus" and isinstance(right, I.Const) \
                    and right.value == 0 and e.op in (">", "=="):  # Echoes: "if it has a bonus"
                return f"{self.expr(left.args[0])} has {'a' if e.op == '>' else 'no'} bonus"
            if isinstance(left, I.Fn) and left.name == "color" and e.op in ("==", "!=") \
                    and isinstance(right, I.Const):
                return f"{self.expr(left.args[0])} is {'not ' if e.op == '!=' else ''}{right.value}"
            if isinstance(left, I.Fn) and left.name == "value" and isinstance(right, (I.Const, I.Fn)):
                return (f"{self.expr(left.args[0])} is of value "
                        + VALUE_CMP[e.op].format(self.value_word(right)))
            return None
        if isinstance(e, I.In):
            if isinstance(e.item, I.Fn) and e.item.name == "color" \
                    and isinstance(e.collection, I.Fn) and e.collection.name == "colors":
                where = self.obj(e.collection.args[0])
                return (f"{self.expr(e.item.args[0])} is {'not ' if e.negated else ''}the same "
                        f"color as any card on {where}")
            return None
        if isinstance(e, I.Logic):
            return self.icon_group(e) or None
        return None

    def icon_group(self, e: I.Logic) -> str:
        """icons(a) >= 3 and icons(b) >= 3 ... -> "you have three or more icons of all ...
        types: [a] [b] ..."."""
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
        icons = " ".join(self.expr(p.left.args[0]) for p in parts)
        n = self.count_words(first.right)
        amount = f"{n} or more" if first.op == ">=" else f"more than {n}"
        return (f"you have {amount} icons of all "
                f"{self.count_words(I.Const(len(parts), 'int'))} types: {icons}")

    def things_idiom(self, x):
        if isinstance(x, I.Fn) and x.name == "colors":
            return f"colors on {self.obj(x.args[0])}"
        return None


def _subject_is(key: I.Fn, who: str) -> bool:
    """Is this per-player function about `who` ('it': the candidate, 'you': the executor)?"""
    if not key.args:
        return who == "you"
    a = key.args[-1]
    if who == "it":
        return isinstance(a, I.ItRef)
    return isinstance(a, I.Const) and a.value == "you" and a.type == "player"
