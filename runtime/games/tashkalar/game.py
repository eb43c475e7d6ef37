"""Tash-Kalar's rules (004 Gamehelptashkalar, the base game's High Form for two players), in
direct style for runtime.core.machine: every choice asks a seat through `choose`.

Cited sections of the seed (shared/seeds/004_5b1005269f6a162c.txt): 术语 (ranks, moves,
jumps, destruction), 设置 (set-up), 轮次 (the turn and its actions), 召唤 (summoning), 传奇
(legends), 播放耀斑 (flares), 弃牌 (discarding), 棋子用尽 (running out of pieces), 游戏结束和计分
(the end and tie-breaks)."""
from __future__ import annotations

from dataclasses import dataclass

import cython

from dsl.accel import CHECK, ON, AccelMismatch
from dsl.interp import Host
from runtime.core.agents.basic import FirstLegalAgent, RandomAgent, ask
from runtime.core.decision import new_decision, new_entry, new_entry_one, validate_answer
from runtime.core.rng import Rng

from . import board as B
from .effects import Context
from .patterns import (COMMON, HEROIC, LEGENDARY, RANKS, Boards, Search, matches,
                       marked2_at, matches_improvised, matches_void, mismatch, squares_at)

HAND_BEINGS, HAND_LEGENDS, HAND_FLARES = 3, 2, 1   # 004 设置
PIECES = 18           # common/heroic pieces of a colour (one pool: two sides of a piece)
LEGEND_PIECES = 3     # 004 棋子用尽: three legendary pieces a colour; 传奇: at most 3 on the board
WIN_VP = 9            # 004 游戏结束和计分
WARP_PENALTY = 2      # 004 扩展 以太编织: a card left in warp costs 2 points
VOID_SQUARES = 2      # Void Summoner: empty squares that may count as one's common pieces
DEATHMATCH_VP = {2: 18, 3: 12, 4: 10}   # 004 死斗规则: the end, in a single colour
HIGH_FORM, DEATHMATCH = "high-form", "deathmatch"
NO_SQUARE = -1
# The acceleration layer (dsl/accel.py, CARDLANG_ACCEL): the legal actions from the position's
# bitboards and the flattened pattern searches (patterns.Boards, Search). Off: the reference
# (reference_actions: each pattern's `matches` on bitboards made afresh, counts and empty
# squares read square by square); check: both, compared at every action.
_ACCEL = ON
_CHECK = CHECK


@dataclass(frozen=True)
class Options:
    players: int = 2
    decks: tuple = ("imperial", "imperial")
    tasks: bool = True
    variant: str = HIGH_FORM


@dataclass
class Result:
    winners: list
    reason: str
    scores: list


class TashKalarGame(Host):
    def __init__(self, table, effects: dict, options: Options | None = None, seed: int = 0,
                 record_events: bool = False, agents=None):
        options = options or Options()
        self.table = table
        self.effects = effects          # card id -> [(kind, run, text)]
        self.options = options
        self.n_players = n = options.players
        self.seed = seed
        self.rng = Rng(seed)
        self.agents = list(agents) if agents else [FirstLegalAgent() for _ in range(n)]
        self.record_events = record_events
        self.events: list = []
        self.log: list = []
        self._hooks: dict = {}
        self.over = False
        self.transactional = True
        self._result = None
        self.owner = [-1] * B.N   # the player of the piece on each square, or -1
        self.rank = [0] * B.N
        self.supply = [PIECES] * n
        self.legend_supply = [LEGEND_PIECES] * n
        self.deck = [[] for _ in range(n)]
        self.hand = [[] for _ in range(n)]      # deck beings
        self.legends = [[] for _ in range(n)]
        self.flares = [[] for _ in range(n)]
        self.discards = [[] for _ in range(n)]
        self.gone = [[] for _ in range(n)]      # legends summoned: out of the game (004 传奇)
        # 004 扩展 永霜 (Everfrost): the card whose frozen effect a player has stored (at most
        # one), released later like a flare ("thaw"), then discarded
        self.frozen = [[] for _ in range(n)]
        # Everfrost Sentinel (`slow`): actions each player loses on their next turn
        self.lost_actions = [0] * n
        # the owner of the piece a being's arrival destroyed (004 召唤: combat jump), or -1
        self.summon_hit = -1
        # Deathbringer (`obliterate`): pieces removed from the game, [common/heroic, legendary]
        # of each colour (no longer in its stock, 004 棋子用尽's counts less these)
        self.removed = [[0, 0] for _ in range(n)]
        # 004 扩展 虚空 (Nethervoid): the Gateway ("传送门"), a marker on one piece of the
        # board (its square, or -1), kept only when a seat plays the Nethervoid deck
        self.portals = "nethervoid" in options.decks
        self.portal = NO_SQUARE
        # Possessed Summoner (`borrow`): the colour whose pieces the current player's next
        # summon this turn uses instead of their own, or -1
        self.borrowed = -1
        # 004 扩展 以太编织 (Etherweave): the card a player has played "in warp" (扭曲: its warp
        # effect played as a free action; it stays in the hand, blocks other warps and costs 2
        # points until it is summoned), at most one; the cards whose warp ran this turn; Gate
        # of Oblivion's warp: this turn, each piece the current player destroys counts twice
        self.pending = [[] for _ in range(n)]
        self.warped: list = []
        self.doubled = False
        self.has_warp = [any(k == "warp" for k, _r, _t in effects.get(c, ()))
                         for c in range(len(table.cards))]
        # Time Traveler (`arrival colorless`): cards arriving on any empty colorless square
        self.arrival = [bool(getattr(info, "arrival", "")) for info in table.cards]
        # Void Summoner (`void`): this turn's next summon may count two empty squares as
        # the player's common pieces
        self.void = False
        # whether the last move or jump of a piece destroyed a piece (`last_hit()`: Polar
        # Bear, Ice Wyvern)
        self.last_hit = False
        # Merchant of Time (`lift`): the pieces on a player's card, (owner, rank), off the
        # board (counted in `removed` meanwhile); `keep warp`: such a card in warp is neither
        # discarded, returned to the hand nor copied
        self.carried = [[] for _ in range(n)]
        self.kept = [getattr(info, "keep", "") == "warp" for info in table.cards]
        self.legend_deck: list = []
        self.flare_deck: list = []
        self.task_deck: list = []
        self.tasks: list = []                   # the queue: the first three available
        self.claimed = [[] for _ in range(n)]
        self.vp = [0] * n                       # task points
        self.turn = 0
        self.current = 0
        self.actions_left = 0
        self.discarded = False
        self.final_turn = -1
        self.extra_turn = False        # Time Elemental: the same player plays the next turn
        self.extra_draws = [[] for _ in range(n)]   # "card" / "legend": drawn at the turn's end
        self.improvised = [set() for _ in range(n)]   # opponents whose piece one has used
        # War Summoner (`gain improvisation`): the next summon this turn may use one enemy
        # piece, of any opponent, besides the once per opponent of 004 即兴召唤
        self.bonus_improvisation = False
        self.destroyed_turn = [[] for _ in range(n)]   # ranks of enemy pieces destroyed
        self.summoned_turn: list = []                  # (square, rank) summoned this turn
        # Deathmatch (004 死斗规则): colour[p][q] is p's score in q's colour; killed[p] the
        # (colour, rank) of the enemy pieces p destroyed this turn, scored at its end
        self.deathmatch = options.variant == DEATHMATCH
        self.colour = [[0] * n for _ in range(n)]
        self.killed = [[] for _ in range(n)]
        # the position's bitboards (patterns.py), kept up to date by every change of a piece
        # (Boards.put); pieces set square by square from outside: board_changed()
        self.bb = Boards()
        self.bb.compute(self.owner, self.rank)
        self.searches = searches(table)          # card id -> its pattern's Search, or None

    # ------------------------------------------------------------------ copies
    def clone(self):
        g = TashKalarGame.__new__(TashKalarGame)
        for k in ("table", "effects", "options", "n_players", "seed", "record_events", "_hooks",
                  "over", "transactional", "_result", "turn", "current", "actions_left",
                  "discarded", "final_turn", "extra_turn", "deathmatch", "searches",
                  "bonus_improvisation", "summon_hit", "portals", "portal", "borrowed",
                  "doubled", "has_warp", "arrival", "void", "kept", "last_hit"):
            setattr(g, k, getattr(self, k))
        g.rng = _copy_rng(self.rng)
        g.bb = Boards()
        for k in ("owner", "rank", "supply", "legend_supply", "legend_deck", "flare_deck",
                  "task_deck", "tasks", "vp", "log", "events", "summoned_turn", "agents",
                  "lost_actions", "warped"):
            setattr(g, k, list(getattr(self, k)))
        g.improvised = [set(x) for x in self.improvised]
        for k in ("deck", "hand", "legends", "flares", "discards", "gone", "claimed", "frozen", "pending", "carried",
                  "destroyed_turn", "extra_draws", "colour", "killed", "removed"):
            setattr(g, k, [list(x) for x in getattr(self, k)])
        g.bb.copy_from(self.bb)   # the same pieces: the bitboards kept up to date, copied
        return g

    def board_changed(self) -> None:
        """The pieces were set square by square in `owner` / `rank` from outside the game's
        methods (a scenario's position, a test): the bitboards made afresh."""
        self.bb.compute(self.owner, self.rank)

    def check_boards(self) -> None:
        """The acceleration layer's check: the bitboards kept up to date equal those made
        afresh from `owner` / `rank`."""
        fresh = Boards()
        fresh.compute(self.owner, self.rank)
        if not self.bb.same(fresh):
            raise AccelMismatch("the bitboards kept up to date differ from the position's")

    # ------------------------------------------------------------------ decisions
    def choose(self, player, kind: str, options, min: int = 1, max: int = 1, prompt: str = "",
               all_or_none: bool = False, labels=None) -> list:
        """dsl.interp.Host's: what card effects call (see _choose)."""
        return self._choose(player, kind, options, min, max, prompt, all_or_none, labels)

    def _choose(self, player, kind: str, options, min: int = 1, max: int = 1, prompt: str = "",
                all_or_none: bool = False, labels=None) -> list:
        """Ask `player`; the golden rule clips min/max to what is possible; a decision with a
        single legal answer is taken without asking and not logged."""
        seq = tuple(options)
        n = len(seq)
        if all_or_none:
            if max > n:
                return []
            d = new_decision(player, kind, seq, 0, max, prompt, True)
        else:
            if max > n:
                max = n
            if min > max:
                min = max
            if max == 0:
                return []
            if kind == "order" and n == 1:
                return list(seq)
            if kind != "order" and min == max == n:
                return list(seq)
            agent = self.agents[player]
            if max == 1 and kind != "order" and type(agent) is RandomAgent:
                # its answer by position, without the Decision: the same draws (pick_one)
                ra = agent
                i = ra.pick_one(min, n)
                if i < 0:
                    self.log.append(new_entry(player, kind, []))
                    return []
                o = seq[i]
                self.log.append(new_entry_one(player, kind, o))
                return [o]
            d = new_decision(player, kind, seq, min, max, prompt, False, labels)
        answer = validate_answer(d, ask(self.agents[player], self, d))
        self.log.append(new_entry(player, kind, list(answer)))
        return answer

    def choose_yes_no(self, player: int, prompt: str = "") -> bool:
        return self.choose(player, "yesno", ("yes", "no"), 1, 1, prompt)[0] == "yes"

    def players_in_order(self, start: int) -> list:
        return [(start + i) % self.n_players for i in range(self.n_players)]

    def opponents(self, p: int) -> list:
        return [q for q in self.players_in_order(p) if q != p]

    def option_id(self, kind: str, option) -> str:
        if kind == "action":
            return action_id(self, option)
        if kind in ("square", "piece"):
            return B.name(option)
        if kind in ("card", "being", "legend", "flare", "task") and type(option) is int:
            return self.table.cards[option].name
        if kind == "player":
            return f"p{option + 1}"
        return str(option)

    def option_text(self, kind: str, option) -> str:
        if kind == "action":
            return action_text(self, option)
        if kind in ("square", "piece") and type(option) is int:
            o = self.owner[option]
            if o < 0:
                return f"{B.name(option)} (empty)"
            return f"{B.name(option)} (p{o + 1} {RANKS[self.rank[option]]})"
        return self.option_id(kind, option)

    def emit(self, *event) -> None:
        if self.record_events:
            self.events.append(event)

    # ------------------------------------------------------------------ set-up
    def setup(self) -> None:
        """004 设置: each player draws 3 cards of their own deck, 2 legends and 1 flare of
        the common decks; four tasks in the queue (High Form), the first three available, no
        advanced task among them and no three of one type among the four."""
        t = self.table
        for p in range(self.n_players):
            self.deck[p] = t.ids("being", self.options.decks[p % len(self.options.decks)])
            self.rng.shuffle(self.deck[p])
        self.legend_deck = t.ids("legend")
        self.rng.shuffle(self.legend_deck)
        self.flare_deck = t.ids("flare")
        self.rng.shuffle(self.flare_deck)
        if self.options.tasks:
            self.task_deck = t.ids("task")
            self.rng.shuffle(self.task_deck)
            self._deal_tasks()
        for p in range(self.n_players):
            self.refill(p)
        if self.deathmatch:   # 004 死斗规则: a common piece of each colour on its start square
            for p, s in enumerate(B.START[self.n_players]):
                self.place(p, s, COMMON)
        self.current = 0
        self.turn = 0
        self.actions_left = 1            # 004 轮次: the first player takes a single action
        if self.record_events:
            self.events.append(("turn", 0, 0,))

    def _deal_tasks(self) -> None:
        """Four tasks: no advanced one among the first three, no three of one type among the
        four (004 设置); a task that would break either goes to the bottom of the deck."""
        tries = 0
        while len(self.tasks) < 4 and self.task_deck and tries < 200:
            tries += 1
            c = self.task_deck.pop(0)
            info = self.table.cards[c]
            groups = [self.table.cards[x].group for x in self.tasks]
            if (len(self.tasks) < 3 and info.difficulty == "advanced") or \
                    groups.count(info.group) >= 2:
                self.task_deck.append(c)
                continue
            self.tasks.append(c)

    def refill(self, p: int) -> None:
        """Hands back to 3 beings, 2 legends, 1 flare (004 弃牌: 'they refill as usual'); the
        last card of a player's own deck drawn triggers the end (游戏结束和计分)."""
        while len(self.hand[p]) < HAND_BEINGS and self.deck[p]:
            self.hand[p].append(self.deck[p].pop())
            if not self.deck[p]:
                self.trigger_end(p, "deck")
        while len(self.legends[p]) < HAND_LEGENDS and self.legend_deck:
            self.legends[p].append(self.legend_deck.pop())
        while len(self.flares[p]) < HAND_FLARES and self.flare_deck:
            self.flares[p].append(self.flare_deck.pop())

    def draw_extra(self, p: int) -> None:
        """The extra cards an effect gave (Forest Mystic, Kiskin Spirit: "draw 1 extra card
        at the end of this turn"), after the hand is refilled: from the player's deck (its
        last card drawn triggers the end) or the legendary deck."""
        for word in self.extra_draws[p]:
            if word == "card" and self.deck[p]:
                self.hand[p].append(self.deck[p].pop())
                if not self.deck[p]:
                    self.trigger_end(p, "deck")
            elif word == "legend" and self.legend_deck:
                self.legends[p].append(self.legend_deck.pop())
        self.extra_draws[p] = []

    # ------------------------------------------------------------------ the turn
    def step(self) -> None:
        """One action of the current player (004 轮次), a flare before or after one, or the
        end of the turn (a task claimed, hands refilled)."""
        if self.over:
            return
        p = self.current
        acts = self.legal_actions(p)
        if not acts:
            self.end_turn()
            return
        a = self._choose(p, "action", acts, 1, 1, "your action")[0]
        self.do_action(p, a)

    def play(self, max_steps: int = 100000) -> None:
        n = 0
        while not self.over and n < max_steps:
            self.step()
            n += 1

    def do_action(self, p: int, a: tuple) -> None:
        kind = a[0]
        if kind == "place":
            self.actions_left -= 1
            self.place(p, a[1], COMMON)
        elif kind == "summon":
            self.actions_left -= 1
            if len(a) == 5 and not self.bonus_improvisation:
                self.improvised[p].add(a[4])   # 004 即兴召唤: once per opponent colour
            self.bonus_improvisation = False   # the bonus is for the next summon only
            self.borrowed = -1                 # Possessed Summoner's: the next summon only
            self.void = False                  # Void Summoner's: the next summon only
            self.summon(p, a[1], a[2], a[3])
        elif kind == "discard":
            self.actions_left -= 1
            self.discard_action(p)
        elif kind == "flare":
            self.play_flare(p, a[1])
        elif kind == "thaw":
            self.thaw(p, a[1])
        elif kind == "warp":
            self.warp(p, a[1])
        elif kind == "end":
            self.end_turn()
            return
        self.check_score_end(p)

    def legal_actions(self, p: int) -> list:
        if not _ACCEL:
            return self.reference_actions(p)
        out = self.fast_actions(p)
        if _CHECK:
            ref = self.reference_actions(p)
            if ref != out:
                raise AccelMismatch(f"legal actions of p{p + 1} from the bitboards differ from "
                                    f"the reference: {sorted(set(out) ^ set(ref))[:6]}")
        return out

    def reference_actions(self, p: int) -> list:
        """The legal actions as the rules read (the acceleration layer's reference)."""
        out = []
        flares = [("flare", c) for c in self.flares[p] if self.reference_halves(p, c)]
        for c in self.frozen[p]:    # 004 永霜: a frozen effect is released like a flare
            flares.append(("thaw", c))
        if self.turn > 0 and not self.pending[p]:   # 004 以太编织: a warp, a free action
            self.warps(p, flares)
        if self.actions_left > 0:
            for c, s, o in self.reference_summons(p):
                out.append(("summon", c, s, o))
            for c, s, o, q in self.reference_summons(p, True):
                out.append(("summon", c, s, o, q))
            out.extend(flares)
            if not self.discarded and self.discardable(p):
                out.append(("discard",))
            for s in B.SQUARES:
                if self.owner[s] < 0:
                    out.append(("place", s))
        elif flares:
            out.extend(flares)
            out.append(("end",))
        return out

    def reference_summons(self, p: int, improvised: bool = False) -> list:
        """legal_summons by patterns.matches / matches_improvised on bitboards made afresh."""
        ge, empty = self.bitboards(p if self.borrowed < 0 else self.borrowed)
        out = []
        others = [q for q in range(self.n_players) if q != p and
                  (self.bonus_improvisation or q not in self.improvised[p])] \
            if improvised and self.borrowed < 0 else []
        enemy = [(q, self.bitboards(q)[0]) for q in others]
        for c in self.summonable_cards(p):
            info = self.table.cards[c]
            if info.pattern is None:
                continue
            ok = self.being_squares(p, info, ge, empty)
            if not improvised:
                found = [(c, s, o) for s, o in matches(info.pattern, ge, ok)]   # (borrowed:
                if self.void:                                                  # its colour's)
                    found += [(c, s, o) for s, o in matches_void(info.pattern, ge, empty, ok,
                                                                 VOID_SQUARES)]
                self.arrive(c, found, False, out)
                continue
            for q, ege in enemy:
                self.arrive(c, [(c, s, o, q) for s, o in
                                matches_improvised(info.pattern, ge, ege, ok)], False, out)
        return out

    def reference_halves(self, p: int, c: int) -> list:
        """flare_halves counted square by square."""
        info = self.table.cards[c]
        up, pc = self.upgraded(p), self.pieces(p)
        halves = []
        if any(self.upgraded(q) - up >= info.upper for q in range(self.n_players) if q != p):
            halves.append("upper")
        if any(self.pieces(q) - pc >= info.lower for q in range(self.n_players) if q != p):
            halves.append("lower")
        return halves

    def fast_actions(self, p: int) -> list:
        """legal_actions from the position's bitboards (the acceleration layer)."""
        out = []
        bb = self.bb   # the position's bitboards (kept up to date)
        if _CHECK:
            self.check_boards()
        flares = [("flare", c) for c in self.flares[p] if self._flare_halves(bb, p, c)]
        for c in self.frozen[p]:    # 004 永霜: a frozen effect is released like a flare
            flares.append(("thaw", c))
        if self.turn > 0 and not self.pending[p]:   # 004 以太编织: a warp, a free action
            self.warps(p, flares)
        if self.actions_left > 0:   # summons first: their numbers are the view's
            self._find_summons(bb, p, False, True, out)
            self._find_summons(bb, p, True, True, out)
            out.extend(flares)
            if not self.discarded and self.can_discard(p):
                out.append(("discard",))
            bb.places(out)   # ("place", s) for each empty square, in square order
        elif flares:   # after the last action: a flare, or end the turn
            out.extend(flares)
            out.append(("end",))
        return out

    def end_turn(self) -> None:
        """004 轮次 'once a turn ends': a task may be claimed, hands are refilled."""
        p = self.current
        if self.deathmatch:
            self.score_destroyed(p)
        if self.options.tasks:
            met = [c for c in self.tasks[:3] if task_met(self, p, c)]
            if met:
                got = self.choose(p, "task", met, 0, 1, "claim a task")
                for c in got:
                    self.tasks.remove(c)
                    self.claimed[p].append(c)
                    self.vp[p] += self.table.cards[c].points
                    if self.record_events:
                        self.events.append(("task", p, c,))
                    self._deal_tasks()
                    self.check_score_end(p)
        self.refill(p)
        self.draw_extra(p)
        if self.extra_turn:   # an extra turn, even after the end is triggered (Time Elemental)
            self.extra_turn = False
        elif self.final_turn >= 0 and self.turn >= self.final_turn:
            self.finish("score")
            return
        else:
            self.turn += 1
            self.current = self.turn % self.n_players
        self.actions_left = 2
        if self.lost_actions[self.current]:   # Everfrost Sentinel: fewer actions this turn
            self.actions_left = max(0, 2 - self.lost_actions[self.current])
            self.lost_actions[self.current] = 0
        self.discarded = False
        self.bonus_improvisation = False
        self.borrowed = -1
        self.warped = []
        self.doubled = False
        self.void = False
        self.destroyed_turn = [[] for _ in range(self.n_players)]
        self.killed = [[] for _ in range(self.n_players)]
        self.summoned_turn = []
        if self.record_events:
            self.events.append(("turn", self.current, self.turn,))

    def check_score_end(self, p: int) -> None:
        for q in range(self.n_players):
            if self.deathmatch:   # 004 死斗规则: 18 (duel), 12 (3 players), 10 (4) in one colour
                if max(self.colour[q]) >= DEATHMATCH_VP[self.n_players]:
                    self.trigger_end(q, "score")
            elif self.score(q) >= WIN_VP:
                self.trigger_end(q, "score")

    # ------------------------------------------------------------------ Deathmatch
    def score_destroyed(self, p: int) -> None:
        """004 死斗规则: the enemy pieces p destroyed this turn score in their colour: 1 VP
        for each 2 common pieces (rounded down), 1 for a heroic piece, 2 for a legendary one.
        The common pairs of one colour first; then two common pieces of different colours
        left make 1 VP in the colour p chooses of the two (three left: of the three)."""
        killed = self.killed[p]
        if not killed:
            return
        left = []
        for q in self.opponents(p):
            ranks = [r for o, r in killed if o == q]
            commons = ranks.count(COMMON)
            got = commons // 2 + ranks.count(HEROIC) + 2 * ranks.count(LEGENDARY)
            if commons % 2:
                left.append(q)
            self.colour[p][q] += got
        if len(left) >= 2:
            q = self.choose(p, "player", left, 1, 1,
                            "score two common pieces of different colours in which colour")[0]
            self.colour[p][q] += 1
        self.killed[p] = []
        if self.record_events:
            self.events.append(("scored", p, tuple(self.colour[p]),))
        self.check_score_end(p)

    def give_vp(self, p: int, q: int, why: str) -> None:
        """1 VP to p in q's colour."""
        self.colour[p][q] += 1
        if self.record_events:
            self.events.append(("vp", p, q, why,))

    def trigger_end(self, p: int, why: str) -> None:
        """004 游戏结束和计分: 9 VP or one's last deck card drawn triggers the end; everyone,
        the trigger's player included, plays one more turn."""
        if self.final_turn < 0:
            self.final_turn = self.turn + self.n_players
            if self.record_events:
                self.events.append(("end triggered", p, why,))

    def finish(self, reason: str) -> None:
        """The highest score wins; ties: upgraded pieces, then all pieces (004). Deathmatch
        with 4 players: the second lowest colour score breaks a tie first (004 死斗规则)."""
        keys = [(self.score(p),) + self.second_lowest(p) + (self.upgraded(p), self.pieces(p))
                for p in range(self.n_players)]
        best = max(keys)
        winners = [p for p in range(self.n_players) if keys[p] == best]
        self._result = Result(winners, reason, [k[0] for k in keys])
        self.over = True
        if self.record_events:
            self.events.append(("over", tuple(winners),))

    def result(self):
        return self._result

    # ------------------------------------------------------------------ counts
    def score(self, p: int) -> int:
        """Task points, and 1 VP for each of one's legendary pieces on the board (004 传奇:
        a destroyed one loses its VP). Deathmatch: the lowest of one's colour scores (004
        死斗规则: scores are kept in each colour; your final score is the lowest)."""
        if self.deathmatch:
            return min(self.colour_scores(p)) - WARP_PENALTY * len(self.pending[p])
        return (self.vp[p] + LEGEND_PIECES - self.legend_supply[p] - self.removed[p][1]
                - WARP_PENALTY * len(self.pending[p]))

    def colour_scores(self, p: int) -> list:
        return [self.colour[p][q] for q in range(self.n_players) if q != p]

    def second_lowest(self, p: int) -> tuple:
        """004 死斗规则: with 4 players the second lowest colour score breaks ties."""
        if self.deathmatch and self.n_players == 4:
            return (sorted(self.colour_scores(p))[1],)
        return ()

    def pieces(self, p: int) -> int:
        owner = self.owner
        n = 0
        for s in B.SQUARES:
            if owner[s] == p:
                n += 1
        return n

    def upgraded(self, p: int) -> int:
        owner, rank = self.owner, self.rank
        n = 0
        for s in B.SQUARES:
            if owner[s] == p and rank[s] > COMMON:
                n += 1
        return n

    def bitboards(self, p: int) -> tuple:
        """(own pieces of rank >= common, >= heroic, >= legendary, empty squares)."""
        ge = [0, 0, 0]
        empty = 0
        owner, rank = self.owner, self.rank
        for s in B.SQUARES:
            o = owner[s]
            if o < 0:
                empty |= 1 << s
            elif o == p:
                r = rank[s]
                ge[0] |= 1 << s
                if r >= 1:
                    ge[1] |= 1 << s
                if r >= 2:
                    ge[2] |= 1 << s
        return ge, empty

    # ------------------------------------------------------------------ summoning
    def being_squares(self, p: int, info, ge, empty) -> int:
        """Where a being of this card may appear: by combat jump (004 召唤), empty or a
        piece of its rank or lower; on the player's own piece when its pattern says so."""
        r = info.rank
        needs = info.pattern.being_needs
        owner, rank = self.owner, self.rank
        if needs >= 0:
            ok = 0
            for s in B.squares_of(ge[needs]):
                if rank[s] <= r:
                    ok |= 1 << s
            return ok
        ok = empty
        for s in B.SQUARES:
            if owner[s] >= 0 and rank[s] <= r:
                ok |= 1 << s
        return ok

    def summonable_cards(self, p: int) -> list:
        cards = list(self.hand[p])
        if self.legend_supply[p] > 0:   # 004 传奇: at most three legendary pieces a player
            cards.extend(self.legends[p])
        return cards

    def legal_summons(self, p: int, improvised: bool = False) -> list:
        """(card, being square, orientation) of every summon that stands; with `improvised`,
        (card, square, orientation, opponent) of those standing only with one piece of an
        opponent whose piece p has not used yet (004 即兴召唤: once per opponent colour)."""
        if not _ACCEL:
            return self.reference_summons(p, improvised)
        out = []
        self.find_summons(p, improvised, False, out)
        if _CHECK and out != self.reference_summons(p, improvised):
            raise AccelMismatch(f"the summons of p{p + 1} from patterns.Search differ from "
                                "patterns.matches")
        return out

    def find_summons(self, p: int, improvised: bool, action: bool, out: list) -> None:
        """legal_summons(p, improvised) appended to `out` (as ("summon", ...) actions with
        `action`): the bitboards of the position searched for each card's pattern
        (patterns.Search, the same summons in the same order as patterns.matches)."""
        if improvised:
            others = [q for q in range(self.n_players) if q != p and
                      (self.bonus_improvisation or q not in self.improvised[p])]
            if not others:
                return
        else:
            others = []
        if _CHECK:
            self.check_boards()
        self._find_summons(self.bb, p, improvised, action, out)

    def _find_summons(self, bb, p: int, improvised: bool, action: bool, out: list) -> None:
        """find_summons on the bitboards `bb` of the position."""
        if improvised:
            if self.borrowed >= 0:   # a summon with another colour's pieces: no improvising
                return
            others = [q for q in range(self.n_players) if q != p and
                      (self.bonus_improvisation or q not in self.improvised[p])]
            if not others:
                return
        else:
            others = []
        cards = self.summonable_cards(p)
        if not cards:
            return
        searches = self.searches
        who = p if self.borrowed < 0 else self.borrowed   # Possessed Summoner: that colour's
        arrival = self.arrival
        for c in cards:
            sr = searches[c]
            if sr is None:
                continue
            if arrival[c] or self.void:   # Time Traveler's arrival, Void Summoner's squares
                if not improvised:
                    tmp = []
                    sr.matches(bb, who, c, action, tmp)
                    if self.void:
                        self.void_summons(who, c, action, tmp)
                    self.arrive(c, tmp, action, out)
                    continue
                for q in others:
                    tmp = []
                    sr.improvised(bb, p, q, c, action, tmp)
                    self.arrive(c, tmp, action, out)
                continue
            if not improvised:
                sr.matches(bb, who, c, action, out)
                continue
            for q in others:
                sr.improvised(bb, p, q, c, action, out)

    def arrive(self, c: int, found: list, action: bool, out: list) -> None:
        """The summons `found` of card c; Time Traveler's (`arrival colorless`): its pattern
        stands somewhere, so it may arrive on any empty colorless square instead, in the
        orientation of the first summon found (004 扩展 以太编织's Time Traveler)."""
        if not self.arrival[c]:
            out.extend(found)
            return
        if not found:
            return
        x = found[0]
        at = 2 if action else 1   # where the being square is in the tuple
        owner = self.owner
        for s in COLORLESS:
            if owner[s] < 0:
                out.append(x[:at] + (s,) + x[at + 1:])

    def void_summons(self, p: int, c: int, action: bool, out: list) -> None:
        """Void Summoner (`void`): the summons of card c that stand only when up to two
        empty squares count as p's common pieces (this turn's next summon)."""
        info = self.table.cards[c]
        ge, empty = self.bitboards(p)
        ok = self.being_squares(p, info, ge, empty)
        for s, o in matches_void(info.pattern, ge, empty, ok, VOID_SQUARES):
            out.append(("summon", c, s, o) if action else (c, s, o))

    def why_not(self, p: int, c: int, s: int, o: int):
        info = self.table.cards[c]
        if info.kind == "legend" and c in self.legends[p] and self.legend_supply[p] == 0:
            return "you have three legendary pieces on the board (004 传奇: at most three)"
        if c not in self.summonable_cards(p):
            return f"{info.name} is not in your hand"
        b = self.borrowed
        why = mismatch(info.pattern, s, o, self.owner, self.rank, p if b < 0 else b, info.rank)
        if why and b >= 0:   # Possessed Summoner: this summon's pattern is of b's pieces
            why = (f"this summon uses p{b + 1}'s pieces instead of yours (Possessed Summoner): "
                   + why.replace("your ", f"p{b + 1}'s "))
        return why

    def summon(self, p: int, c: int, s: int, o: int) -> None:
        """004 召唤: the being's piece arrives on its square by combat jump, then its card's
        effects run; the card is discarded (a legend's leaves the game)."""
        info = self.table.cards[c]
        if self.arrival[c]:   # Time Traveler: its pattern stood elsewhere
            used, marked = (), ()
        else:
            used, marked = squares_at(info.pattern, s, o)
        if c in self.pending[p]:   # 004 以太编织: summoned, the warp's penalty is removed
            self.pending[p].remove(c)
        if c in self.hand[p]:
            self.hand[p].remove(c)
            self.discards[p].append(c)
        else:
            self.legends[p].remove(c)
            self.gone[p].append(c)       # a summoned legend's card leaves the game
        if self.record_events:
            self.events.append(("summon", p, c, s,))
        self.summon_hit = self.owner[s]
        if self.owner[s] >= 0:
            self.destroy(p, s)
        self.place(p, s, info.rank)
        self.summoned_turn.append((s, info.rank))
        if self.portals:
            self.portal_summoned(s, info.rank)
        if self.deathmatch and info.kind == "legend":
            self.legend_vp(p)
        frozen = False
        for kind, run, _text in self.effects.get(c, ()):
            if kind == "effect":
                ctx = Context(self, p, c, kind, s, marked, used)
                if info.pattern.marked2:   # a second marked set (Gate of Oblivion)
                    ctx.marked2 = marked2_at(info.pattern, s, o)
                run(ctx)
                if self.over:
                    return
            elif kind == "frozen":
                frozen = True
        if frozen and c in self.discards[p]:
            self.store_frozen(p, c)

    def legend_vp(self, p: int) -> None:
        """004 死斗规则: 1 VP for summoning a legend, kept if it is destroyed later; with 3-4
        players in the colour of the opponent one chooses."""
        q = self.choose(p, "player", self.opponents(p), 1, 1,
                        "score the legend's VP in which colour")[0]
        self.give_vp(p, q, "legend")

    # ------------------------------------------------------------------ the Gateway
    def portal_summoned(self, s: int, r: int) -> None:
        """004 扩展 虚空: with no Gateway on the board, the next common or heroic being
        summoned becomes it; a common Gateway moves to a heroic being summoned; a heroic one
        stays when another heroic being is summoned; a legend never becomes it and does not
        move it."""
        if r == LEGENDARY:
            return
        if self.portal < 0 or (r == HEROIC and self.rank[self.portal] == COMMON):
            self.set_portal(s)

    def set_portal(self, s: int) -> None:
        """The piece on s becomes the Gateway (a legendary piece never does: 004 扩展 虚空)."""
        if self.owner[s] < 0 or self.rank[s] == LEGENDARY:
            return
        self.portal = s
        if self.record_events:
            self.events.append(("gateway", s,))

    def exalt(self, s: int) -> bool:
        """One rank up, a heroic piece to legendary too (Gate Master: "if upgrading created a
        legendary piece"): a legendary piece of its owner's stock (004 传奇: at most three on
        the board, else it stays heroic); 004 扩展 虚空: the Gateway's marker leaves a piece
        that becomes legendary."""
        o = self.owner[s]
        if o < 0 or self.rank[s] == LEGENDARY:
            return False
        if self.rank[s] == COMMON:
            return self.upgrade(s)
        if self.legend_supply[o] == 0:
            return False
        self.legend_supply[o] -= 1
        self.supply[o] += 1
        self.rank[s] = LEGENDARY
        self.bb.put(s, o, LEGENDARY)
        if self.record_events:
            self.events.append(("upgrade", s,))
        if s == self.portal:
            self.portal = NO_SQUARE
        return True

    # ------------------------------------------------------------------ frozen effects
    def store_frozen(self, p: int, c: int) -> None:
        """004 扩展 永霜: a being's frozen effect is stored, to be released later; one at a
        time: with one already stored, the player keeps one of the two, the other's card is
        discarded. The stored card leaves the discard pile while it is stored."""
        if c in self.discards[p]:
            self.discards[p].remove(c)
        if self.frozen[p]:
            both = self.frozen[p] + [c]
            keep = self.choose(p, "card", both, 1, 1, "keep which frozen effect")[0]
            for x in both:
                if x != keep:
                    self.discards[p].append(x)
            self.frozen[p] = [keep]
        else:
            self.frozen[p] = [c]
        if self.record_events:
            self.events.append(("freeze", p, self.frozen[p][0],))

    def thaw(self, p: int, c: int) -> None:
        """004 扩展 永霜: the stored frozen effect runs (a free action, before or after any
        action, like a flare); its card goes to the discard pile."""
        self.frozen[p].remove(c)
        self.discards[p].append(c)
        if self.record_events:
            self.events.append(("thaw", p, c,))
        for kind, run, _text in self.effects.get(c, ()):
            if kind == "frozen":
                run(Context(self, p, c, kind))

    # ------------------------------------------------------------------ warp effects
    def warps(self, p: int, out: list) -> None:
        """004 扩展 以太编织: ("warp", c) for each card of p's hand with a warp effect (the
        caller checks it is not the game's first turn and that no card is in warp)."""
        has = self.has_warp
        for c in self.hand[p]:
            if has[c]:
                out.append(("warp", c))

    def warp(self, p: int, c: int) -> None:
        """004 扩展 以太编织: a free action: the card's warp effect runs whether or not its
        pattern is on the board; the card stays in the hand, in warp ("pending"), until it is
        summoned: no other warp meanwhile, and 2 points less while it stays."""
        self.pending[p] = [c]
        self.warped.append(c)
        if self.record_events:
            self.events.append(("warp", p, c,))
        self.run_warp(p, c)

    def run_warp(self, p: int, c: int) -> None:
        """The warp effect of card c for p (a warp played, or copied: Doppelganger)."""
        for kind, run, _text in self.effects.get(c, ()):
            if kind == "warp":
                run(Context(self, p, c, kind))

    def unwarp(self, p: int) -> list:
        """The card in warp back to an ordinary card of the hand (Warpmaster): no penalty,
        and warps may be played again (not a card that says `keep warp`)."""
        out = self.pending[p]
        if out and self.kept[out[0]]:
            return []
        self.pending[p] = []
        if out and self.record_events:
            self.events.append(("unwarp", p, out[0],))
        return out

    # ------------------------------------------------------------------ flares
    def flare_halves(self, p: int, c: int) -> list:
        """004 播放耀斑: the upper half if an opponent has X more upgraded pieces, the lower
        if one has Y more pieces."""
        if _CHECK:
            self.check_boards()
        return self._flare_halves(self.bb, p, c)   # the counts from the position's bitboards

    def _flare_halves(self, bb, p: int, c: int) -> list:
        """flare_halves on the bitboards `bb` of the position."""
        info = self.table.cards[c]
        up, pc = bb.upgraded(p), bb.pieces(p)
        halves = []
        for q in range(self.n_players):
            if q != p and bb.upgraded(q) - up >= info.upper:
                halves.append("upper")
                break
        for q in range(self.n_players):
            if q != p and bb.pieces(q) - pc >= info.lower:
                halves.append("lower")
                break
        return halves

    def flare_halves_against(self, p: int, c: int, q: int) -> list:
        """004 死斗规则 (3-4 players): the halves met against opponent q alone."""
        info = self.table.cards[c]
        halves = []
        if self.upgraded(q) - self.upgraded(p) >= info.upper:
            halves.append("upper")
        if self.pieces(q) - self.pieces(p) >= info.lower:
            halves.append("lower")
        return halves

    def play_flare(self, p: int, c: int) -> None:
        """The met halves' effects, top first (004 播放耀斑); the flare is discarded.
        Deathmatch (004 死斗规则): the opponent gets 1 VP; with 3-4 players one chooses an
        opponent against whom a criterion holds: its halves are the ones met against them."""
        if self.deathmatch:
            targets = [q for q in self.opponents(p) if self.flare_halves_against(p, c, q)]
            q = self.choose(p, "player", targets, 1, 1, "play the flare against whom")[0]
            halves = self.flare_halves_against(p, c, q)
            self.give_vp(q, p, "flare")
        else:
            halves = self.flare_halves(p, c)
        self.flares[p].remove(c)
        if self.record_events:
            self.events.append(("flare", p, c,))
        for kind, run, _text in self.effects.get(c, ()):
            if kind in halves:
                run(Context(self, p, c, kind))
        self.flare_deck.insert(0, c)

    # ------------------------------------------------------------------ discarding
    def discard_action(self, p: int) -> None:
        """004 弃牌: discard one card, and put any others back on the bottom of their decks."""
        self.discarded = True
        cards = self.discardable(p)
        c = self.choose(p, "card", cards, 1, 1, "discard a card")[0]
        self._out_of_hand(p, c)
        self._to_bottom(p, c, discard=True)
        rest = self.discardable(p)
        back = self.choose(p, "card", rest, 0, len(rest), "cards back to the bottom of their decks")
        for x in back:
            self._out_of_hand(p, x)
            self._to_bottom(p, x)
        if self.record_events:
            self.events.append(("discard", p, c, tuple(back),))

    def discardable(self, p: int) -> list:
        """The cards of p's hand that may be discarded or put back: all but a card in warp
        that says `keep warp` (Merchant of Time)."""
        cards = self.hand[p] + self.legends[p] + self.flares[p]
        if self.pending[p] and self.kept[self.pending[p][0]]:
            cards.remove(self.pending[p][0])
        return cards

    def can_discard(self, p: int) -> bool:
        """Whether discardable(p) holds a card (without making the list)."""
        n = len(self.hand[p]) + len(self.legends[p]) + len(self.flares[p])
        pending = self.pending[p]
        if pending and self.kept[pending[0]]:
            n -= 1
        return n > 0

    def lift(self, p: int, s: int) -> bool:
        """Merchant of Time: the piece on s leaves the board onto p's card (not destroyed;
        not in its owner's stock meanwhile: 004 扩展 以太编织)."""
        o = self.owner[s]
        if o < 0:
            return False
        r = self.rank[s]
        self.owner[s], self.rank[s] = -1, 0
        self.bb.put(s, -1, 0)
        self.removed[o][1 if r == LEGENDARY else 0] += 1
        self.carried[p].append((o, r))
        if s == self.portal:
            self.portal = NO_SQUARE
        if self.record_events:
            self.events.append(("lift", p, s, o, r,))
        return True

    def drop(self, p: int) -> list:
        """Merchant of Time: each piece on p's card does a standard leap onto a colorless
        square (empty, or a lower rank's piece, destroyed by p); none possible: it stays."""
        out = []
        for o, r in list(self.carried[p]):
            dests = [t for t in COLORLESS if self.can_enter(r, t, False)]
            if not dests:
                continue
            t = self.choose(p, "square", dests, 1, 1, "the piece on the card leaps to")[0]
            if self.owner[t] >= 0:
                self.destroy(p, t)
            self.carried[p].remove((o, r))
            self.removed[o][1 if r == LEGENDARY else 0] -= 1
            self.owner[t], self.rank[t] = o, r
            self.bb.put(t, o, r)
            if self.record_events:
                self.events.append(("drop", p, t, o, r,))
            out.append(t)
        return out

    def _out_of_hand(self, p, c):
        for h in (self.hand[p], self.legends[p], self.flares[p]):
            if c in h:
                h.remove(c)
        if c in self.pending[p]:   # a card in warp is in the hand (004 以太编织): it leaves
            self.pending[p].remove(c)

    def _to_bottom(self, p, c, discard=False):
        kind = self.table.cards[c].kind
        if kind == "being":
            (self.discards[p].append(c) if discard else self.deck[p].insert(0, c))
        elif kind == "legend":
            self.legend_deck.insert(0, c)
        else:
            self.flare_deck.insert(0, c)

    # ------------------------------------------------------------------ pieces
    def place(self, p: int, s: int, r: int) -> bool:
        """A piece of rank r of p's colour on s. 004 棋子用尽: with none in stock, p first
        takes one of theirs (of that pool) from the board."""
        if r == LEGENDARY:
            if self.legend_supply[p] == 0:
                mine = self.own_pieces(p, LEGENDARY, LEGENDARY, s)
                if not mine:
                    return False
                t = self.choose(p, "piece", mine, 1, 1, "no legendary piece left: take one back")[0]
                self.remove(t)
            self.legend_supply[p] -= 1
        else:
            if self.supply[p] == 0:
                mine = self.own_pieces(p, COMMON, HEROIC, s)
                if not mine:
                    return False
                t = self.choose(p, "piece", mine, 1, 1, "no piece left: take one back")[0]
                self.remove(t)
            self.supply[p] -= 1
        self.owner[s] = p
        self.rank[s] = r
        self.bb.put(s, p, r)
        if self.record_events:
            self.events.append(("place", p, s, r,))
        return True

    def own_pieces(self, p: int, low: int, high: int, but: int) -> list:
        """The squares of p's pieces of rank low..high, but `but`, in square order."""
        if not _ACCEL or _CHECK:
            owner, rank = self.owner, self.rank
            ref = [t for t in B.SQUARES if owner[t] == p and low <= rank[t] <= high and t != but]
            if not _ACCEL:
                return ref
        if _CHECK:
            self.check_boards()
        out = self.bb.squares(p, low, high, but)
        if _CHECK and out != ref:
            raise AccelMismatch(f"p{p + 1}'s pieces from the bitboards differ: {out} {ref}")
        return out

    def remove(self, s: int) -> None:
        """The piece back to its owner's stock (not a destruction)."""
        o = self.owner[s]
        if self.rank[s] == LEGENDARY:
            self.legend_supply[o] += 1
        else:
            self.supply[o] += 1
        self.owner[s] = -1
        self.rank[s] = 0
        self.bb.put(s, -1, 0)
        if s == self.portal:   # 004 扩展 虚空: the Gateway is its piece: gone with it
            self.portal = NO_SQUARE

    def destroy(self, by: int, s: int) -> bool:
        """004 术语: destroyed pieces go back to their owner; one's own may be destroyed."""
        o = self.owner[s]
        if o < 0:
            return False
        r = self.rank[s]
        if o != by and by >= 0:
            self.destroyed_turn[by].append(r)
            self.killed[by].append((o, r))
            if self.doubled and by == self.current:   # Gate of Oblivion's warp: twice
                self.destroyed_turn[by].append(r)
                self.killed[by].append((o, r))
        if self.record_events:
            self.events.append(("destroy", by, s, o, r,))
        self.remove(s)
        return True

    def upgrade(self, s: int) -> bool:
        """One rank up (004 术语); a heroic piece stays heroic (a piece becomes legendary
        only as a summoned legend: three legendary pieces a colour, 棋子用尽)."""
        if self.owner[s] < 0 or self.rank[s] != COMMON:
            return False
        self.rank[s] = HEROIC
        self.bb.put(s, self.owner[s], HEROIC)
        if self.record_events:
            self.events.append(("upgrade", s,))
        return True

    def downgrade(self, s: int) -> bool:
        if self.owner[s] < 0 or self.rank[s] != HEROIC:
            return False
        self.rank[s] = COMMON
        self.bb.put(s, self.owner[s], COMMON)
        if self.record_events:
            self.events.append(("downgrade", s,))
        return True

    def can_enter(self, mover_rank: int, t: int, combat: bool) -> bool:
        """004 术语: standard onto empty or a lower rank; combat onto empty or the same or a
        lower rank."""
        if t < 0 or t >= N_SQUARES or not ON_SQUARE[t]:
            return False
        if self.owner[t] < 0:
            return True
        return self.rank[t] < mover_rank or (combat and self.rank[t] == mover_rank)

    def destinations(self, s: int, combat: bool, jump: bool, empty_only: bool = False) -> list:
        r = self.rank[s]
        cands = B.SQUARES if jump else B.NEIGHBOURS[s]
        out = []
        for t in cands:
            if t != s and self.can_enter(r, t, combat) and (not empty_only or self.owner[t] < 0):
                out.append(t)
        return out

    def swap(self, s: int, t: int) -> None:
        """The pieces on s and t change squares (004 扩展 以太编织: not a destruction)."""
        owner, rank = self.owner, self.rank
        owner[s], owner[t] = owner[t], owner[s]
        rank[s], rank[t] = rank[t], rank[s]
        self.bb.put(s, owner[s], rank[s])
        self.bb.put(t, owner[t], rank[t])
        if self.portal == s:   # the Gateway stays on its piece
            self.portal = t
        elif self.portal == t:
            self.portal = s
        if self.record_events:
            self.events.append(("swap", s, t,))

    def move(self, p: int, s: int, t: int) -> int:
        """The piece on s to t; whatever was on t is destroyed (by p). Returns t."""
        self.last_hit = self.owner[t] >= 0
        if self.last_hit:
            self.destroy(p, t)
        self.owner[t], self.rank[t] = self.owner[s], self.rank[s]
        self.owner[s], self.rank[s] = -1, 0
        self.bb.put(t, self.owner[t], self.rank[t])
        self.bb.put(s, -1, 0)
        if s == self.portal:   # the Gateway moves with its piece
            self.portal = t
        if self.record_events:
            self.events.append(("move", p, s, t,))
        return t

    # ------------------------------------------------------------------ for agents
    def heuristic(self, p: int) -> float:
        def v(q):
            return 10 * self.score(q) + 2 * self.upgraded(q) + self.pieces(q)
        return v(p) - max(v(q) for q in range(self.n_players) if q != p)

    def random_agent(self, seed: int):
        return RandomAgent(seed)

    def observation(self, p: int) -> dict:
        return {"board": [(B.name(s), self.owner[s], self.rank[s]) for s in B.SQUARES
                          if self.owner[s] >= 0],
                "hand": [self.table.cards[c].name for c in self.hand[p] + self.legends[p]
                         + self.flares[p]],
                "hand sizes": [len(self.hand[q]) + len(self.legends[q]) + len(self.flares[q])
                               for q in range(self.n_players)],
                "scores": [self.score(q) for q in range(self.n_players)],
                "tasks": [self.table.cards[c].name for c in self.tasks[:3]],
                "colours": [list(x) for x in self.colour] if self.deathmatch else None,
                "turn": self.turn, "current": self.current}

    def save_header(self) -> dict:
        """Every option (definition.py's names), so that a save loads as the same game."""
        o = self.options
        opts = {"players": self.n_players, "variant": o.variant, "tasks": o.tasks}
        for i, name in enumerate(("deck", "deck2", "deck3", "deck4")[:self.n_players]):
            opts[name] = o.decks[i % len(o.decks)]
        return {"game": "tashkalar", "options": opts, "seed": self.seed}


def _copy_rng(rng):
    r = Rng(0)
    r.setstate(rng.getstate())
    return r


def searches(table) -> list:
    """Each card's pattern Search (None for a card without a pattern), made once per card
    table and Search class (the compiled runtime's is another class)."""
    made = table.__dict__.setdefault("_searches", {})
    key = id(Search)
    got = made.get(key)
    if got is None:
        got = made[key] = [None if c.pattern is None else Search(c.pattern, c.rank)
                           for c in table.cards]
    return got


B.SQUARE_SET = frozenset(B.SQUARES)
N_SQUARES = B.N
ON_SQUARE = tuple(s in B.SQUARE_SET for s in range(B.N))   # flags by square (a C array)
COLORLESS = tuple(s for s in B.SQUARES if s not in B.RED and s not in B.GREEN)


def action_id(g, a: tuple) -> str:
    k = a[0]
    if k == "place":
        return f"place {B.name(a[1])}"
    if k == "summon":
        tail = f" improvised p{a[4] + 1}" if len(a) == 5 else ""
        return f"summon {g.table.cards[a[1]].name} {B.name(a[2])} {a[3]}{tail}"
    if k == "flare":
        return f"flare {g.table.cards[a[1]].name}"
    if k == "thaw":
        return f"thaw {g.table.cards[a[1]].name}"
    if k == "warp":
        return f"warp {g.table.cards[a[1]].name}"
    return k


def action_text(g, a: tuple) -> str:
    k = a[0]
    if k == "place":
        return f"place a common piece on {B.name(a[1])}"
    if k == "summon":
        info = g.table.cards[a[1]]
        return (f"summon {info.name} ({RANKS[info.rank]}) on {B.name(a[2])}, "
                f"orientation {a[3]}" + (f", improvised with a piece of p{a[4] + 1}"
                                         if len(a) == 5 else ""))
    if k == "flare":
        return f"play the flare {g.table.cards[a[1]].name}"
    if k == "thaw":
        return f"release the frozen effect of {g.table.cards[a[1]].name}"
    if k == "warp":
        return (f"play the warp effect of {g.table.cards[a[1]].name} (it stays in your hand, "
                "in warp: 2 points less until it is summoned)")
    if k == "discard":
        return "discard a card (once a turn), others back to the bottom of their decks"
    return "end the turn"


# ------------------------------------------------------------------ tasks (High Form)
def task_met(g, p: int, c: int) -> bool:
    info = g.table.cards[c]
    name = info.test
    if cython.compiled:   # the tests called through C (the same as TASK_TESTS's)
        if name == "surround":
            return _surround(g, p, info)
        if name == "conquest":
            return _conquest(g, p, info)
        if name == "isolation":
            return _isolation(g, p, info)
        if name == "lines":
            return _lines(g, p, info)
        if name == "side-chain":
            return _joined(g, p, 0) if _ACCEL else _chain(g, p, _SIDE_PAIRS)
        if name == "corner-chain":
            return _joined(g, p, 4) if _ACCEL else _chain(g, p, _CORNER_PAIRS)
        if name == "cross":
            return _cross(g, p, info)
        if name == "diagonals":
            return _diagonals(g, p, info)
        if name == "rainbow":
            return _rainbow(g, p, info)
        if name == "destroyed":
            return _destroyed(g, p, info)
        if name == "end-of-legends":
            return _end_of_legends(g, p, info)
        if name == "summoned":
            return _summoning(g, p, info)
    test = TASK_TESTS.get(name)
    return bool(test and test(g, p, info))


def _destroyed(g, p, info):
    ranks = g.destroyed_turn[p]
    need, upgraded = info.params[0], info.params[1]
    if len(ranks) < need:
        return False
    n = 0
    for r in ranks:
        if r > COMMON:
            n += 1
    return n >= upgraded


def _end_of_legends(g, p, info):
    ranks = g.destroyed_turn[p]
    return ranks.count(LEGENDARY) >= 1 or ranks.count(HEROIC) >= 2


REGIONS = {"red": B.RED, "green": B.GREEN, "colored": B.RED | B.GREEN, "central": B.CENTRAL,
           "any": frozenset(B.SQUARES)}


def _region(name):
    return REGIONS[name]


def _conquest(g, p, info):
    total, upgraded, legendary = info.params
    owner, rank = g.owner, g.rank
    n = up = leg = 0
    for s in REGIONS[info.region]:
        if owner[s] == p:
            n += 1
            if rank[s] > COMMON:
                up += 1
            if rank[s] == LEGENDARY:
                leg += 1
    return n >= total and up >= upgraded and leg >= legendary


def _summoning(g, p, info):
    total, legendary, on_colour = info.params
    done = g.summoned_turn
    if len(done) < total:
        return False
    n = 0
    for s, r in done:
        if r == LEGENDARY:
            n += 1
    if n < legendary:
        return False
    region = _region(info.region)
    n = 0
    for s, r in done:
        if s in region:
            n += 1
    return n >= on_colour


def _surround(g, p, info):
    need = info.params[0]
    owner = g.owner
    squares, neighbours = B.SQUARES, B.NEIGHBOURS
    for s in squares:
        o = owner[s]
        if o >= 0 and o != p:
            n = 0
            for t in neighbours[s]:
                if owner[t] == p:
                    n += 1
            if n >= need:
                return True
    return False


# The pattern tasks' squares as sorted tuples, walked by typed loops (the task tests below are
# plain loops, no generator, so that the compiled runtime runs them in C)
def _sorted(squares) -> tuple:
    return tuple(sorted(squares))


_RED, _GREEN = _sorted(B.RED), _sorted(B.GREEN)
_CROSSES = (_sorted(B.CROSS_PLUS), _sorted(B.CROSS_X))
_LINES = tuple(_sorted(line) for line in B.LINES)
_DIAGONALS = tuple(_sorted(d) for d in B.DIAGONALS)


def _flags(squares) -> list:
    out = [False] * B.N
    for s in squares:
        out[s] = True
    return out


# a chain task's pairs of opposite edges: (one edge's squares, the other's as flags by square)
_SIDE_PAIRS = tuple((_sorted(a), _flags(b)) for a, b in B.SIDES)
_CORNER_PAIRS = tuple((_sorted(a), _flags(b)) for a, b in B.CORNERS)


def _upgraded_on(g, q, squares) -> int:
    owner, rank = g.owner, g.rank
    n = 0
    for s in squares:
        if owner[s] == q and rank[s] > COMMON:
            n += 1
    return n


def _count_on(g, q, squares) -> int:
    owner = g.owner
    n = 0
    for s in squares:
        if owner[s] == q:
            n += 1
    return n


def _rainbow(g, p, info):
    """Rainbow Dominance: more upgraded pieces than each opponent on the red squares, and
    more on the green squares."""
    for q in g.opponents(p):
        if _upgraded_on(g, p, _RED) <= _upgraded_on(g, q, _RED):
            return False
        if _upgraded_on(g, p, _GREEN) <= _upgraded_on(g, q, _GREEN):
            return False
    return True


def _cross(g, p, info):
    """Center Cross: params[0] pieces (5) on the central squares in a + or an x."""
    need = info.params[0]
    for shape in _CROSSES:
        if _count_on(g, p, shape) >= need:
            return True
    return False


def _lines(g, p, info):
    """Line Dominance: on one of the rows or columns through the central squares, params[0]
    (6) more pieces than each opponent."""
    lead = info.params[0]
    opponents = g.opponents(p)
    for line in _LINES:
        mine = _count_on(g, p, line)
        if mine < lead:
            continue   # mine - theirs >= lead needs mine >= lead
        ok = True
        for q in opponents:
            if mine - _count_on(g, q, line) < lead:
                ok = False
                break
        if ok:
            return True
    return False


def _diagonals(g, p, info):
    """Diagonals: at least 4 pieces on each of the board's long diagonals, at least one of
    them upgraded on each."""
    for d in _DIAGONALS:
        if _count_on(g, p, d) < 4 or _upgraded_on(g, p, d) < 1:
            return False
    return True


def _chain(g, p, pairs) -> bool:
    """Two opposite edges joined by a chain of p's pieces, each adjacent to the next (in
    any of the 8 directions, as a move goes: 004 术语). `pairs`: (an edge's squares, the
    opposite edge's flags by square)."""
    owner = g.owner
    neighbours = B.NEIGHBOURS
    for a, b in pairs:
        seen = [False] * B.N
        todo = []
        for s in a:
            if owner[s] == p:
                seen[s] = True
                todo.append(s)
        while todo:
            s = todo.pop()
            if b[s]:
                return True
            for t in neighbours[s]:
                if owner[t] == p and not seen[t]:
                    seen[t] = True
                    todo.append(t)
    return False


# the chain tasks' edges as bitboards: the sides' two pairs, then the corners' (C words)
_CHAIN_BITS = tuple(B.bits(e) for a, b in B.SIDES + B.CORNERS for e in (a, b))


def _joined(g, p, k) -> bool:
    """_chain on the position's bitboards (the compiled test: patterns.Boards.joined), the
    pairs of edges from _CHAIN_BITS[k]."""
    bb = g.bb
    return (bb.joined(p, _CHAIN_BITS[k], _CHAIN_BITS[k + 1])
            or bb.joined(p, _CHAIN_BITS[k + 2], _CHAIN_BITS[k + 3]))


def _side_chain(g, p, info):
    return _chain(g, p, _SIDE_PAIRS)


def _corner_chain(g, p, info):
    return _chain(g, p, _CORNER_PAIRS)


def _isolation(g, p, info):
    """Isolation: an enemy piece within distance 2 of another enemy piece that cannot get
    adjacent to any other enemy piece in 3 moves or fewer through empty squares ("enemy":
    of p; with several opponents, another piece of the same colour)."""
    owner = g.owner
    squares, neighbours, within = B.SQUARES, B.NEIGHBOURS, B.WITHIN_TWO
    for s in squares:
        o = owner[s]
        if o < 0 or o == p:
            continue
        close = False
        for t in within[s]:
            if owner[t] == o:
                close = True
                break
        if not close:
            continue
        near = [False] * B.N   # the squares adjacent to another piece of o
        for t in squares:
            if t != s and owner[t] == o:
                for u in neighbours[t]:
                    near[u] = True
        if near[s]:
            continue
        reach = [False] * B.N
        reach[s] = True
        frontier = [s]
        ok = True
        for _ in range(3):
            nxt = []
            for x in frontier:
                for y in neighbours[x]:
                    if not reach[y] and owner[y] < 0:
                        if near[y]:
                            ok = False
                            break
                        reach[y] = True
                        nxt.append(y)
                if not ok:
                    break
            if not ok:
                break
            frontier = nxt
        if ok:
            return True
    return False


TASK_TESTS = {"destroyed": _destroyed, "end-of-legends": _end_of_legends,
              "conquest": _conquest, "summoned": _summoning, "surround": _surround,
              "rainbow": _rainbow, "cross": _cross, "lines": _lines, "diagonals": _diagonals,
              "side-chain": _side_chain, "corner-chain": _corner_chain,
              "isolation": _isolation}
