"""What Innovation's words mean at run time: the adapter between the card-language interpreter
(dsl/interp.py) and an InnovationGame. Zones, queries, verbs and functions are defined here once;
no card name appears.

Rules cited: shared/seeds/000_0facc20b6f4138b7.txt "基本关键词" (keywords) and
"说明和其他关键词" (the golden rule, "if you do"), RULES-NOTES.md "Dogma".
"""
from __future__ import annotations

import cython

from dsl.ir import (Act, Arith, Cmp, Const, DrawSpec, Fn, HasIcon, ItRef, Logic, Neg, Not, Pred,
                    Query, ZoneRef, ZoneRefExpr, counted_choice, kwarg)
from dsl.interp import EffectError, as_list, evaluate, first_of, truth

from .cards import COLORS, color_id, icon_id
from .effects import Effect
from .state import AVAILABLE, N_COLORS

KIND_OF_NOUN = {"card": "card", "color": "color", "value": "value", "player": "player",
                "icon": "icon"}
BASIC_ICONS = ("crown", "leaf", "lightbulb", "castle", "factory", "clock")
# The verbs with a behaviour here, numbered for perform's dispatch: first those done card by
# card (card_verb), MELD..FORESHADOW.
VERBS = ("meld", "tuck", "score", "reveal", "keep", "remove", "junk", "execute", "achieve",
         "foreshadow", "draw", "return", "transfer", "exchange", "splay", "unsplay", "claim",
         "choose", "rearrange", "win", "lose")
VERB_CODE = {v: i for i, v in enumerate(VERBS)}
MELD, TUCK, SCORE, REVEAL, KEEP, REMOVE, JUNK, EXECUTE, ACHIEVE, FORESHADOW = range(10)
(DRAW, RETURN, TRANSFER, EXCHANGE, SPLAY, UNSPLAY, CLAIM, CHOOSE, REARRANGE, WIN,
 LOSE) = range(10, 21)


_N_COLORS = N_COLORS  # (a C constant in the compiled twin, verbs.pxd)

# constants whose value depends on who runs the effect (adapter.constant)
_CONTEXT_TYPES = ("player", "players", "card")
_CHOICES: dict = {}  # noun -> (kind, "choose NOUN"), made once (they go with every choice)


def choice_of(noun: str) -> tuple:
    """The decision's kind and prompt for a choice among items of `noun` (choose_from takes
    them; compiled code gets them when it is generated)."""
    made = _CHOICES.get(noun)
    if made is None:
        made = _CHOICES[noun] = (KIND_OF_NOUN.get(noun, noun), "choose " + noun)
    return made


# the colour names of each set of colour bits (State.shape & 31), in colour order
_COLOR_LISTS = [[c for i, c in enumerate(COLORS) if bits >> i & 1]
                for bits in range(1 << len(COLORS))]


def colors_of_shape(shape: int) -> list:
    """The colour names whose bits are set in a board shape (State.shape), in colour order."""
    names = _COLOR_LISTS[shape & (len(_COLOR_LISTS) - 1)]
    return names[:]


def value_of(e, env):
    """evaluate(e, env), without the interpreter for a plain constant: the 1 of "draw a [1]",
    the counts of "a card", an icon, a direction (most arguments the verbs evaluate)."""
    if type(e) is Const and e.type not in _CONTEXT_TYPES:
        return e.value
    return evaluate(e, env)


# A where-test that reads nothing but the item it tests, through what is printed on a card (its
# value, colour, name, icons), answers alike for an item in every state of every game played
# with one card table: its answers are kept by item, per test and table (games with hooks,
# which may change what a card is, evaluate every test).
_INTRINSIC_FUNCTIONS = ("value", "color", "name")
_WHERE_MEMO: dict = {}  # id(pred) -> (pred, card table, {item: answer} or None: not intrinsic)
_WHERE_MEMO_MAX = 4096  # tests kept (card sets made and dropped, as tests do, refill it)


def intrinsic(e) -> bool:
    """Whether e reads only `it` and constants, through functions of a card alone."""
    t = type(e)
    if t is ItRef:
        return True
    if t is Const:
        return e.type not in _CONTEXT_TYPES
    if t is Cmp or t is Arith:
        return intrinsic(e.left) and intrinsic(e.right)
    if t is Neg or t is Not:
        return intrinsic(e.expr)
    if t is Logic:
        for part in e.parts:  # (a loop: a generator is a closure, which a cpdef cannot hold)
            if not intrinsic(part):
                return False
        return True
    if t is HasIcon:
        return intrinsic(e.card) and intrinsic(e.icon)
    if t is Fn:
        return e.name in _INTRINSIC_FUNCTIONS and len(e.args) == 1 and intrinsic(e.args[0])
    return False


def where_answers(pred, cards):
    """The kept answers of a where-test for games of this card table, by item; None for a
    test that reads more than its item."""
    entry = _WHERE_MEMO.get(id(pred))
    if entry is None or entry[0] is not pred or entry[1] is not cards:
        if len(_WHERE_MEMO) >= _WHERE_MEMO_MAX:
            _WHERE_MEMO.clear()
        entry = _WHERE_MEMO[id(pred)] = (pred, cards, {} if intrinsic(pred.arg) else None)
    return entry[2]


class InnovationAdapter:
    effect_class = Effect

    # ------------------------------------------------------------------ constants & players
    def constant(self, e: Const, env):
        if e.type == "player":
            return env.executor if e.value == "you" else env.activator
        if e.type == "players":
            g = env.game
            return g.opponents(env.executor) if e.value == "opponents" else list(range(g.n_players))
        if e.type == "card" and e.value == "this":
            return env.ctx.card
        return e.value

    def players_of(self, ref: ZoneRef, env) -> list:
        g, ex = env.game, env.executor
        if ref.whose == "executor":
            return [ex]
        if ref.whose == "activator":
            return [env.activator]
        if ref.whose == "expr":
            return as_list(value_of(ref.player, env))
        if ref.players == "opponents":
            return g.opponents(ex)
        return g.players_in_order(ex)

    def zone_cards(self, ref: ZoneRef, env, position=None) -> list:
        return self.cards_in(ref.zone, self.players_of(ref, env), position, env)

    def cards_of(self, zone: str, p: int, position, env) -> list:
        """cards_in of one player: compiled queries of "your hand", "your top cards"... call
        this with the player, without a list of players."""
        g = env.game
        st = g.state
        if zone == "hand":
            return list(st.hand[p])
        if zone == "score":
            return list(st.score[p])
        if zone == "board" and position == "top":
            if cython.compiled:  # the tops State.refresh_pile keeps, in colour order (C)
                return cl_present_list(cython.address(st.seen_top[p * _N_COLORS]), _N_COLORS)
            board = st.board[p]
            k = 0
            for pile in board:
                if pile:
                    k += 1
            out = [None] * k  # (made at its length: appending would grow it)
            k = 0
            for pile in board:
                if pile:
                    out[k] = pile[-1]
                    k += 1
            return out
        return self.cards_in(zone, [p], position, env)

    def cards_in(self, zone: str, players: list, position, env) -> list:
        """The cards in `zone` of each of `players`, in turn: a board pile by pile in colour
        order, each top to bottom (`position` "top" or "bottom": that card of each pile).
        Compiled queries call this directly with their zone and players."""
        g = env.game
        st = g.state
        if len(players) == 1:  # (the common case: one player's hand or score, one copy; as
            # cards_of, inline here: a call to it costs the interpreter 0.3% of a game)
            if zone == "hand":
                return list(st.hand[players[0]])
            if zone == "score":
                return list(st.score[players[0]])
        out = []
        for p in players:
            if zone == "board":
                for pile in st.board[p]:
                    if not pile:
                        continue
                    if position == "top":
                        out.append(pile[-1])
                    elif position == "bottom":
                        out.append(pile[0])
                    else:
                        out.extend(reversed(pile))
            elif zone == "hand":
                out.extend(st.hand[p])
            elif zone == "score":
                out.extend(st.score[p])
            elif zone == "achievements":
                out.extend(st.achievements[p])
            elif zone == "forecast":
                out.extend(st.forecast[p])
            elif zone == "display":
                out.extend(st.display[p])
            elif zone == "revealed":
                out.extend(env.vars.get("__revealed__", []))
            else:
                raise EffectError(f"cards cannot be looked for in '{zone}'")
        return out

    # ------------------------------------------------------------------ queries
    def candidates(self, q: Query, env) -> list:
        """Everything a query matches, ranked and filtered, without asking anyone."""
        items = self.listing(q, env)
        g = env.game
        for pred in q.preds:
            k = pred.kind
            if k == "position" and not pred.negated:  # applied while listing the zone
                continue
            answers = where_answers(pred, g.cards) if k == "where" and not g._hooks else None
            if answers is None:
                items = [x for x in items if self.test(pred, x, q, env) != pred.negated]
                continue
            neg = pred.negated  # a where-test with kept answers: read here, item by item
            kept = []
            for x in items:
                r = answers.get(x)
                if r is None:
                    r = self.test(pred, x, q, env)  # (evaluated, and kept)
                if r != neg:
                    kept.append(x)
            items = kept
        if q.rank is not None:
            items = self.ranked(q, items, env)
        return items

    def listing(self, q: Query, env) -> list:
        """A query's candidates before its tests (compiled card sets then test inline)."""
        g, ex = env.game, env.executor
        position = None
        for p in q.preds:
            if p.kind == "position":
                position = p.arg
                break
        if q.noun == "card":
            z = q.zone
            if z is None:
                items = []
            elif z.whose == "executor":  # (the common case: one player's own cards, no list
                items = self.cards_of(z.zone, ex, position, env)  # of players made)
            else:
                items = self.zone_cards(z, env, position)
        elif q.noun == "color":
            if q.zone is not None:
                ps = self.players_of(q.zone, env)
                items = self.colors_on(g, ps)
            else:
                items = list(COLORS)
        elif q.noun == "value":
            items = list(range(1, g.max_age + 1))
        elif q.noun == "player":
            items = g.players_in_order(ex)
        elif q.noun == "icon":
            items = list(BASIC_ICONS)
        else:
            raise EffectError(f"no candidates for '{q.noun}'")
        return items

    def colors_on(self, g, players: list) -> list:
        """The colours of which one of `players` has a pile."""
        shape = g.state.shape
        bits = 0
        for p in players:
            bits |= shape[p]
        return colors_of_shape(bits)

    def test(self, pred: Pred, x, q: Query, env) -> bool:
        g = env.game
        k = pred.kind
        # the kinds in the order of their frequency in games
        if k == "where":
            answers = None if g._hooks else where_answers(pred, g.cards)
            if answers is not None:
                r = answers.get(x)
                if r is not None:
                    return r
            env.its.append(x)
            try:
                r = truth(value_of(pred.arg, env))
            finally:
                env.its.pop()
            if answers is not None:
                answers[x] = r
            return r
        if k == "position":
            return True  # applied while listing the zone
        if k == "icon":
            return self.card_has_icon(x, value_of(pred.arg, env), env)
        if k == "color":
            return (self.color_of(g, x) if q.noun == "card" else x) == pred.arg
        if k == "value":
            return g.age_of[x] == value_of(pred.arg, env)
        if k == "other_than":
            return x not in as_list(value_of(pred.arg, env))
        if k == "opponent":
            return x in g.opponents(env.executor)
        if k == "other":
            return x != env.executor
        if k == "splayed":
            return g.splay_of(env.executor, x) != "none"
        raise EffectError(f"unknown test '{k}'")

    def key(self, q: Query, x, env):
        if q.rank[1] is None:
            g = env.game
            return g.age_of[x] if q.noun == "card" else x
        env.its.append(x)
        try:
            return evaluate(q.rank[1], env)
        finally:
            env.its.pop()

    def ranked(self, q: Query, items: list, env) -> list:
        """Highest/lowest/most/fewest: the best items first. For 'the'/'a'/'all' only the tied
        best remain; a counted choice ('two highest') keeps the order for choose_ranked."""
        if not items:  # (often: no keys, no calls)
            return items
        return self.rank_by(items, [self.key(q, x, env) for x in items],
                            q.rank[0] in ("highest", "most"), counted_choice(q), q.single)

    def rank_by(self, items: list, keys: list, best: bool, counted: bool, single: bool) -> list:
        """ranked() given each item's key and what it reads of the query (compiled queries
        compute the keys inline and pass the rest as constants)."""
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

    def bounds(self, q: Query, env) -> tuple:
        """A query's (min, max, all_but) values, None for those it has not."""
        return (None if q.min is None else value_of(q.min, env),
                None if q.max is None else value_of(q.max, env),
                None if q.all_but is None else value_of(q.all_but, env))

    def choose_items(self, q: Query, env, optional: bool, chooser=None,
                     if_you_do: bool = True, candidates=None, bounds=None) -> tuple[list, int]:
        """Ask the chooser (default: the executor) for the query's items; returns (items, how
        many were wanted). `candidates`: the query's candidates and `bounds` its bounds(), if
        already computed."""
        items = self.candidates(q, env) if candidates is None else candidates
        kind, prompt = choice_of(q.noun)
        return self.choose_from(q, env, optional, chooser, if_you_do, items,
                                self.bounds(q, env) if bounds is None else bounds, kind, prompt,
                                q.mode, q.min is not None, q.max is not None,
                                q.all_but is not None, q.rank is not None)

    def choose_from(self, q: Query, env, optional: bool, chooser, if_you_do: bool, items: list,
                    bounds: tuple, kind: str, prompt: str, mode: str, has_min: bool,
                    has_max: bool, has_all_but: bool, ranked: bool) -> tuple[list, int]:
        """choose_items given the candidates, the bounds and what it reads of the query (the
        decision's kind and prompt for its noun, its mode, which of min, max and all_but it
        has, and whether it is ranked): compiled code passes these as constants."""
        g = env.game
        ex = env.executor if chooser is None else chooser
        if mode == "all":
            return items, max(1, len(items))
        lo, hi, keep = bounds
        if has_all_but:
            n = max(0, len(items) - keep)
            return (g.choose(ex, kind, items, n, n, "choose") if n else []), n
        if not has_min:
            lo = 0
        if not has_max:
            hi = len(items)
        wanted = max(lo, 1) if not has_max or hi > 0 else 0
        if has_max:
            wanted = hi if lo == hi else max(lo, 1)
        if optional and lo == hi and hi > 1 and not ranked:
            # "You may return three cards": all three or none; with fewer it cannot be done
            # in full, so it is not done (000 "说明和其他关键词").
            # Without an "if you do" it is done as far as possible: none, or every card
            # up to the number (000 "说明和其他关键词", the Reformation example).
            n = hi if if_you_do else min(hi, len(items))
            if n == 0:
                return [], wanted
            return g.choose(ex, kind, items, 0, n, prompt, all_or_none=True), wanted
        if optional:
            lo = 0
        if ranked and hi < len(items) and lo == hi:
            return self.choose_ranked(q, items, hi, env, kind, ex), wanted
        return g.choose(ex, kind, items, min(lo, len(items)), min(hi, len(items)),
                        prompt), wanted

    def choose_ranked(self, q, items, n, env, kind, chooser=None) -> list:
        """'the two highest cards': everything strictly above the n-th key is taken; the player
        chooses among the cards tied at the boundary (the golden rule's free choice of ties)."""
        cut = self.key(q, items[n - 1], env)
        best = q.rank[0] in ("highest", "most")
        sure = [x for x in items if (self.key(q, x, env) > cut if best else self.key(q, x, env) < cut)]
        tied = [x for x in items if self.key(q, x, env) == cut]
        need = n - len(sure)
        who = env.executor if chooser is None else chooser
        return sure + (env.game.choose(who, kind, tied, need, need, "choose") if need else [])

    # ------------------------------------------------------------------ actions
    def nothing_to_do(self, act: Act, env) -> bool:
        """An optional step with nothing to act on is not offered ("you may meld all the cards
        in your score pile" with an empty score pile)."""
        sides = [act.obj] + [v for k, v in act.kwargs if k == "for"]   # exchange has two sides
        for q in sides:
            if not (isinstance(q, Query) and q.mode == "all" and not self.candidates(q, env)):
                return False
        return True

    def optional_is_a_choice(self, act: Act) -> bool:
        """'You may return a card' is one decision that may be declined (scenario format v1)."""
        return isinstance(act.obj, Query) and act.obj.mode != "all"

    def object_items(self, act: Act, env, computed=None, bounds=None) -> tuple[list, int]:
        """The act's object: (items, how many were wanted). `computed`: what compiled code has
        already computed of it (a query's candidates, or any other object's value), and
        `bounds`: a query's bounds()."""
        obj = act.obj
        if obj is None:
            return [], 0
        if isinstance(obj, DrawSpec):
            return [], value_of(obj.count, env)
        if isinstance(obj, Query):
            return self.choose_items(obj, env, act.optional, self.chooser(act, env),
                                     act.flag is not None, computed, bounds)
        items = as_list(value_of(obj, env) if computed is None else computed)
        return items, len(items)

    def chooser(self, act: Act, env):
        """`choose ... by PLAYER`: who makes the choice ("the card of my choice")."""
        by = kwarg(act, "by")
        if by is None:
            return None
        who = as_list(value_of(by, env))
        return who[0] if who else None

    def perform(self, verb: str, act: Act, items: list, env) -> list:
        g, p = env.game, env.executor
        v = VERB_CODE.get(verb, -1)
        if v == DRAW:
            spec = act.obj
            return self.draw_cards(env, value_of(spec.value, env), value_of(spec.count, env))
        if 0 <= v <= FORESHADOW:
            # meld/tuck of cards the player did not pick one by one: the player orders them
            return self.card_items(v, items, env, v <= TUCK and act.verbs[0] == verb and not (
                isinstance(act.obj, Query) and act.obj.mode == "choose"))
        if v == RETURN:
            return self.return_items(items, env)
        if v == TRANSFER:
            ref = kwarg(act, "to").ref
            return self.transfer_items(items, self.players_of(ref, env), ref.zone, env)
        if v == EXCHANGE:
            other_q = kwarg(act, "for")
            other = self.choose_items(other_q, env, False)[0] if isinstance(other_q, Query) \
                else as_list(value_of(other_q, env))
            za = self.zone_of(act.obj, env)
            zb = self.zone_of(other_q, env)
            if not items and not other:
                return []
            g.exchange(list(items), za, list(other), zb)
            return list(items) + list(other)
        if v == SPLAY or v == UNSPLAY:
            return self.splay_items(items, value_of(act.adverb, env) if v == SPLAY else "none",
                                    env)
        if v == CLAIM:
            done = []
            for a in items:
                ok = g.claim_special(p, a) if isinstance(a, str) else g.achieve(p, a)
                if ok:
                    done.append(a)
            return done
        if v == CHOOSE:
            return list(items)
        if v == REARRANGE:
            return [c for c in items if self.rearrange(g, p, c)]
        if v == WIN:
            winners = items if act.obj is not None else [p]
            if winners:
                g.win(winners, "dogma")
            return winners
        if v == LOSE:
            losers = items if act.obj is not None else [p]
            lost_teams = [g.team_of[l] for l in losers]
            others = [q for q in range(g.n_players) if q not in losers
                      and g.team_of[q] not in lost_teams]
            if others:
                g.win(others, "dogma")
            return losers
        raise EffectError(f"'{verb}' has no behaviour in the Innovation runtime yet "
                          f"(the word is reserved for an expansion)")

    def card_items(self, v: int, items: list, env, ordered: bool) -> list:
        """perform of a verb done card by card (VERBS[v], MELD..FORESHADOW) by the executor;
        `ordered`: the player first orders the cards bound for the same pile (pile_order).
        The cards it was done to. (Compiled code gives the verb's number and `ordered`.)"""
        g, p = env.game, env.executor
        if ordered and len(items) > 1:
            items = self.pile_order(g, p, items, VERBS[v])
        done = []
        for c in items:
            if self.card_verb(v, g, p, c, env):
                done.append(c)
        return done

    def return_items(self, items: list, env) -> list:
        """`return` of the items by the executor, counted for returned_this_dogma (compiled
        code calls this directly)."""
        g, p = env.game, env.executor
        g.return_cards(p, items)  # (which reads the list before it returns any card)
        dv = env.ctx.dogma_vars
        tally = dv.get("__returned__")
        if tally is None:
            tally = dv["__returned__"] = {}
        tally[p] = tally.get(p, 0) + len(items)
        return list(items)

    def transfer_items(self, items: list, players: list, zone: str, env) -> list:
        """`transfer` of the items to `zone` of the one receiving player (compiled code gives
        the players and the zone it reads from the act)."""
        if len(players) != 1:
            raise EffectError("transfer needs exactly one receiving player")
        g = env.game
        for c in items:
            g.transfer(c, players[0], zone)
        return list(items)

    def splay_items(self, items: list, direction, env) -> list:
        """`splay` (direction "none": unsplay) of the executor's piles of the colours `items`;
        the colours whose splay changed (compiled code computes the direction inline)."""
        g, p = env.game, env.executor
        return [c for c in items if g.splay(p, c, direction)]

    def draw_cards(self, env, value, n) -> list:
        """`draw N VALUE` for the executor (compiled code computes value and N inline)."""
        g, p = env.game, env.executor
        return [g.draw(p, value) for _ in range(max(0, n))]

    def pile_order(self, g, p, items, verb) -> list:
        """'Meld/tuck all ...' (cards the player did not pick one by one): the player orders
        the cards bound for the same pile (000 "最高（或最低）": "你可以选择顺序"). The answer
        lists them in the order they are put down."""
        groups: dict = {}
        for c in items:
            groups.setdefault(g.cards.color[c], []).append(c)
        out = []
        for cs in groups.values():
            if len(cs) > 1:
                cs = g.choose(p, "order", cs, len(cs), len(cs), f"order to {verb}")
            out.extend(cs)
        return out

    def card_verb(self, v: int, g, p, c, env) -> bool:
        """Verb VERBS[v] (MELD..FORESHADOW) done to card c by p."""
        if v == MELD:
            return g.meld(p, c)
        if v == TUCK:
            return g.tuck(p, c)
        if v == SCORE:
            return g.score_card(p, c)
        if v == REVEAL:
            env.vars.setdefault("__revealed__", []).append(c)
            return g.reveal(p, c)
        if v == KEEP:
            return True
        if v == REMOVE or v == JUNK:
            return g.remove(c)
        if v == EXECUTE:
            g.execute_effects(p, c)
            return True
        if v == ACHIEVE:
            if g.state.zone_of[c] == AVAILABLE:
                return g.achieve(p, c)
            return g.transfer(c, p, "achievements")
        raise EffectError(f"'{VERBS[v]}' has no behaviour in the Innovation runtime yet")

    def rearrange(self, g, p, color) -> bool:
        """Reorder one of p's piles: p lists its cards top first; the splay is kept. True if
        the order changed (a change of the game state)."""
        pile = g.pile(p, color)
        if len(pile) < 2:
            return False
        top_first = g.choose(p, "order", list(reversed(pile)), len(pile), len(pile),
                             "order of the pile, top first")
        return g.rearrange(p, color, list(reversed(top_first)))

    def zone_of(self, obj, env) -> tuple:
        ref = obj.zone if isinstance(obj, Query) else None
        if ref is None:
            raise EffectError("exchange needs cards from a zone on each side")
        players = self.players_of(ref, env)
        return (players[0], ref.zone)

    def binding_value(self, act: Act, items: list):
        if act.verbs[0] == "choose" and isinstance(act.obj, Query):
            q = act.obj
            if q.noun != "card" and isinstance(q.max, Const) and q.max.value == 1:
                return items[0] if items else None
        return list(items)

    def done_in_full(self, act: Act, result: list, wanted: int) -> bool:
        """"If you do": the step was done in full (seeds 000 "说明和其他关键词")."""
        if act.verbs[0] == "draw":
            return len(result) == wanted and wanted > 0
        return len(result) >= max(1, wanted)

    # ------------------------------------------------------------------ functions
    # Functions of the game that compiled effects call directly too (dsl/codegen/emit.py).
    def color_of(self, g, card):
        """color(card): the colour's name, None for no card."""
        c = first_of(card)
        return None if c is None else COLORS[g.state.color_of[c]]

    def colors_of(self, g, cards) -> list:
        """colors(cards): each colour among them once, in the cards' order."""
        return list(dict.fromkeys([COLORS[g.state.color_of[c]] for c in as_list(cards)]))

    def pile_icons(self, g, icon, color, who) -> int:
        i = icon_id(icon)
        return g.state.pile_icon(who, color_id(color), i) if 1 <= i <= 6 else 0

    def top_card(self, g, color, who) -> list:
        t = g.top(who, color)
        return [t] if t >= 0 else []

    def card_has_icon(self, card, icon, env) -> bool:
        return env.game.card_has_icon(card, icon)

    def function(self, e: Fn, env):
        if e.name in ("any", "none") and isinstance(e.args[0], Query) and e.args[0].rank is None:
            # any/none of a query stop at the first candidate that passes its tests
            found = self.exists(e.args[0], env)
            return found if e.name == "any" else not found
        args = e.args
        if len(args) == 1:  # (most: a list display, not a comprehension, which is a call)
            return self.call_function(e, [evaluate(args[0], env)], env)
        return self.call_function(e, [evaluate(a, env) for a in args], env)

    def exists(self, q: Query, env) -> bool:
        """Whether an unranked query has any candidate (candidates() without the full list)."""
        for x in self.listing(q, env):
            for p in q.preds:
                if p.kind == "position" and not p.negated:  # applied while listing the zone
                    continue
                if self.test(p, x, q, env) == p.negated:
                    break
            else:
                return True
        return False

    def call_function(self, e: Fn, args: list, env):
        """fn(args) with its arguments evaluated (compiled card sets evaluate them inline)."""
        g = env.game
        name = e.name
        if name in ("count", "any", "none", "highest", "lowest", "values"):
            # a bare zone stands for the cards in it: none(hand), count(my score)
            args = [self.zone_cards(a.ref, env) if isinstance(a, ZoneRefExpr) else a for a in args]
        # the names in the order of their frequency in games
        if name == "color":
            return self.color_of(g, args[0])
        if name == "value":
            cs = as_list(args[0])
            return g.cards.age[cs[0]] if cs else 0
        if name == "splay":
            return g.splay_of(args[1] if len(args) > 1 else env.executor, args[0])
        if name == "icons":
            icon = args[0]
            if len(args) > 1 and e.args[1].type in ("card", "cards"):
                want = icon_id(icon)
                return len([i for c in as_list(args[1]) for i in g.cards.icons[c] if i == want])
            who = args[1] if len(args) > 1 else env.executor
            return g.icon_count(who, icon)
        if name == "colors":
            a = args[0]
            if isinstance(a, ZoneRefExpr):
                if a.ref.zone == "board":
                    ps = self.players_of(a.ref, env)
                    return self.colors_on(g, ps)
                return self.colors_of(g, self.zone_cards(a.ref, env))
            return self.colors_of(g, a)
        if name == "count":
            return len(as_list(args[0]))
        if name == "none":
            return len(as_list(args[0])) == 0
        if name == "tucked_this_turn":
            return g.tucked_this_turn(args[0] if args else env.executor)
        if name == "scored_this_turn":
            return g.scored_this_turn(args[0] if args else env.executor)
        if name == "pile_icons":
            return self.pile_icons(g, args[0], args[1], args[2] if len(args) > 2 else env.executor)
        if name == "any":
            return len(as_list(args[0])) > 0
        if name == "points":
            return g.score_points(args[0] if args else env.executor)
        if name in ("highest", "lowest"):
            vals = [g.cards.age[c] for c in as_list(args[0])]
            return (max(vals) if name == "highest" else min(vals)) if vals else 0
        if name == "returned_this_dogma":
            who = args[0] if args else env.executor
            return env.ctx.dogma_vars.get("__returned__", {}).get(who, 0)
        if name == "values":
            return sorted({g.cards.age[c] for c in as_list(args[0])})
        if name == "achievement_count":
            return len(g.achievements(args[0] if args else env.executor))
        if name == "top":
            return self.top_card(g, args[0], args[1] if len(args) > 1 else env.executor)
        if name == "pile":
            return list(reversed(g.pile(args[1] if len(args) > 1 else env.executor, args[0])))
        if name == "name":
            cs = as_list(args[0])
            return g.cards.name[cs[0]] if cs else None
        if name == "max":
            return max(args)
        if name == "min":
            return min(args)
        raise EffectError(f"function '{name}' has no behaviour in the Innovation runtime yet")


ADAPTER = InnovationAdapter()
