"""Innovation base-game rules: setup, turn loop, the four actions, dogma, keywords, endings.

Rules cite the seeds: 000_0facc20b6f4138b7.txt ("000") and 001_e2be08ce61e35573.txt ("001"),
by section heading, plus shared/RULES-NOTES.md where the seeds leave a question open.

The interpreter calls the verbs and queries below (the contract is in docs/runtime.md).
Every verb emits an event, keeps icon counts up to date, checks special achievements and the
achievement win at once, and returns what it did. A game end raises GameOver, which unwinds
to `apply()`.
"""
from __future__ import annotations

from dataclasses import dataclass

import cython

# the event tags (events.py), as names: a module's attributes cost a lookup
from .events import (
    ACHIEVE as EV_ACHIEVE, ACTION as EV_ACTION, DEMAND as EV_DEMAND, DOGMA as EV_DOGMA,
    DRAW as EV_DRAW, EXCHANGE as EV_EXCHANGE, GAME_OVER as EV_GAME_OVER, LOOK as EV_LOOK, MELD as EV_MELD,
    REARRANGE as EV_REARRANGE, REMOVE as EV_REMOVE, RETURN as EV_RETURN, REVEAL as EV_REVEAL,
    SCORE as EV_SCORE, SHARE as EV_SHARE, SPECIAL as EV_SPECIAL, SPLAY as EV_SPLAY,
    TRANSFER as EV_TRANSFER, TUCK as EV_TUCK, TURN as EV_TURN)
from ...core.agents.basic import FirstLegalAgent, RandomAgent, ask
from ...core.decision import new_decision, new_entry, new_entry_one, validate_answer
from ...core.errors import GameOver, IllegalMove
from ...core.rng import Rng
from dsl.accel import CHECK, AccelMismatch
from dsl.interp import Host
from .cards import COLORS, ICON_BIT_LIMIT, N_ICON_SLOTS, CardTable, color_id, icon_id
from .accel.conditions import Combination, input_mask
from .effects import Effect, Runner, SpecialAchievement, new_context
from .state import (ACHIEVEMENTS, AVAILABLE, BOARD, DISPLAY, FORECAST, HAND, LIMBO, N_COLORS,
                    REMOVED, SCORE, SPLAY_INDEX, SPLAY_NAMES, SPLAY_NONE, SUPPLY, ZONE_INDEX,
                    ZONE_NAMES, State, column, int_array, shared_view)

# Change categories, for SpecialAchievement.triggers.
CAT_BOARD = frozenset(("board",))
CAT_TUCK = frozenset(("board", "tuck"))
CAT_SCORE = frozenset(("score",))
CAT_HAND = frozenset(("hand",))
CAT_ACH = frozenset(("achievements",))
CAT_ALL = frozenset(("board", "tuck", "score", "hand", "achievements"))
_ZONE_CATS = {HAND: CAT_HAND, BOARD: CAT_BOARD, SCORE: CAT_SCORE, ACHIEVEMENTS: CAT_ACH}
# The categories of a move out of (or into) each zone, of a score from each zone, and of a move
# from zone a to zone b (_PAIR_CATS[a * len(ZONE_NAMES) + b]): made once, so that a verb
# indexes a tuple rather than joins two sets.
_ONE_CATS = tuple(_ZONE_CATS.get(z, CAT_HAND) for z in range(len(ZONE_NAMES)))
_SCORE_CATS = tuple(CAT_SCORE | c for c in _ONE_CATS)
_PAIR_CATS = tuple(a | b for a in _ONE_CATS for b in _ONE_CATS)
_N_ZONES = len(ZONE_NAMES)
_AVAILABLE = AVAILABLE  # (a C constant in the compiled twin)

DRAW_ACTION = ("draw",)
PROCEED = object()  # a replacement hook returns this to let the verb happen normally
# The verbs a replacement hook may replace, by their index in InnovationGame._replacing (the
# hooks as the verbs read them: a list indexed by a C constant, no "replace:" + verb string
# made and looked up per verb), and the triggers an action fires itself, not a verb's event.
REPLACEABLE = ("draw", "meld", "tuck", "score", "return", "transfer", "exchange", "splay",
               "achieve")
_R_DRAW, _R_MELD, _R_TUCK, _R_SCORE, _R_RETURN, _R_TRANSFER, _R_EXCHANGE, _R_SPLAY, \
    _R_ACHIEVE = range(len(REPLACEABLE))
ACTION_TAGS = ("meld_action", "draw_action", EV_TURN)


@cython.cclass
class Rules:
    """An expansion's changes to the base rules that the game asks on its hot paths (every
    decision, score, draw and meld action), set by `InnovationGame.set_rules` (at most one: Echoes'). A
    cdef class in the compiled twin (accel/game.pxd), so that the compiled game calls an
    expansion's compiled rules through C, not as Python objects. The defaults are the base
    rules: a subclass overrides what it changes."""

    def points(self, game, p: int, points: int) -> int:
        """p's score as achieving and the game's end count it, from the score pile's
        `points` (Echoes: bonuses added)."""
        return points

    def achievable(self, game, p: int) -> int:
        """The ages (bits) p may achieve now; -1: the base rule (InnovationGame.achievable_ages)."""
        return -1

    def draw(self, game, p: int, value: int, set_name) -> int:
        """A draw about to happen (after the replacement hooks let it): the card drawn when
        the rules draw another way (Echoes' draw rule), -1 to let it happen as asked."""
        return -1

    def meld_action(self, game, p: int, card: int) -> None:
        """p's meld action melded `card` (after the display's dig, before the "meld_action"
        triggers: Echoes' promotion)."""


class Display:
    """The display's rules (Artifacts, 000 "展示的牌" and "挖掘事件") at the points of a turn
    the game reaches on every turn and action, set by `InnovationGame.set_display`: the free
    artifact action at a turn's start, the dig after a meld action, a displayed card's icons in
    a dogma's count; with it the game also lists the display's melds (`_display_melds`). A cdef
    class in the compiled twin (accel/game.pxd), so that the compiled game calls an expansion's
    compiled rules through C, with no event tuple and no Python call; a method that has
    nothing to do returns at once (most turns have no card on display). The defaults do
    nothing: a subclass overrides them."""

    def turn(self, game, p: int) -> None:
        """p's turn starts (after its event, before its actions)."""

    def meld_action(self, game, p: int, card: int) -> None:
        """p's meld action melded `card` (after the meld, before the "meld_action" triggers)."""

    def dogma_count(self, game, p: int, card: int, icon: int) -> int:
        """What p's dogma of `card` adds to p's count of its featured `icon` (>= 0)."""
        return 0


TRANSFER_ZONES = {"hand": HAND, "score": SCORE, "board": BOARD, "achievements": ACHIEVEMENTS,
                  "display": DISPLAY, "forecast": FORECAST, "available": AVAILABLE,
                  "supply": SUPPLY}  # (the top of the card's own supply pile: place-on-top)


@dataclass(frozen=True)
class Options:
    players: int = 2
    teams: bool = False
    edition: int = 3
    extra_achievements: int = 0
    expansions: tuple = ("base",)
    relics: bool = False  # Artifacts' optional relics (000 "遗物卡（可选）")

    def to_dict(self) -> dict:
        d = {"players": self.players, "teams": self.teams, "edition": self.edition,
             "extra_achievements": self.extra_achievements, "expansions": list(self.expansions)}
        if self.relics:  # (only when on: the saves of games without relics stay as they were)
            d["relics"] = True
        return d

    @staticmethod
    def from_dict(d: dict) -> "Options":
        return Options(players=int(d.get("players", 2)), teams=bool(d.get("teams", False)),
                       edition=int(d.get("edition", 3)),
                       extra_achievements=int(d.get("extra_achievements", 0)),
                       expansions=tuple(d.get("expansions", ("base",))),
                       relics=bool(d.get("relics", False)))


@dataclass(frozen=True)
class GameResult:
    winners: tuple
    reason: str  # "achievements" | "high draw" | "dogma"

    def to_dict(self) -> dict:
        return {"winners": list(self.winners), "reason": self.reason}


_ACTIONS: dict = {}
_ROWS: dict = {}  # id(effects) -> (effects, by int id, InnovationGame._rows): shared by its games


def _shared(effects, n: int) -> tuple:
    """(effects, rows) of the games played with this dict of effects (a card set's, which
    they only read) on n cards: the dict keyed by int card ids, made once, and the `_rows` of
    card c at 3c + echo (3c + 2: a dogma's, echo rows then the others), made when first
    needed; the entry keeps `effects` alive, so its id stays its own."""
    if not effects:
        return {}, [None] * (3 * n)
    made = _ROWS.get(id(effects))
    if made is None or len(made[2]) != 3 * n:
        if len(_ROWS) >= 64:
            _ROWS.clear()
        made = _ROWS[id(effects)] = (effects, {int(k): v for k, v in effects.items()},
                                     [None] * (3 * n))
    return made[1], made[2]


# an effect row's kind as a number, for the dogma's dispatch (strings compared in C cost more)
ROW_DEMAND, ROW_COMPEL, ROW_OTHER = 1, 2, 0
_ROW_CODES = {"demand": ROW_DEMAND, "compel": ROW_COMPEL}


def effect_row(src: int, e: Effect) -> tuple:
    """The row a dogma runs for effect `e` of card `src`: (card, kind, run, kind's ROW_ code)."""
    return (src, e.kind, e.run, _ROW_CODES.get(e.kind, ROW_OTHER))


HAND_SORT_MAX = 128  # compiled legal_actions sorts hands up to this size in a C array
_CHECK = CHECK  # dsl/accel.py's check mode (a C constant in the compiled twin)
_N_ICON_SLOTS = N_ICON_SLOTS  # (a C constant in the compiled twin, game.pxd)
_N_COLORS = N_COLORS
_ICON_BIT_LIMIT = ICON_BIT_LIMIT


def action_count(n: int, board: list, ages: int) -> int:
    """How many actions legal_actions() lists without hooks, for a hand of n cards, the
    board's piles and the achievable ages' bits: draw, each meld, a dogma per non-empty pile,
    an achievement per age."""
    k = 1 + n
    for pile in board:
        if pile:
            k += 1
    while ages:
        k += ages & 1
        ages >>= 1
    return k


def nth_lowest(xs: list, i: int) -> int:
    """sorted(xs)[i] of distinct ints: by rank in a C array when compiled (no list made)."""
    if cython.compiled and len(xs) <= HAND_SORT_MAX:
        n = len(xs)
        ids = cython.declare(cython.long[128])  # (HAND_SORT_MAX)
        for j in range(n):
            ids[j] = xs[j]
        for j in range(n):
            rank = 0
            for m in range(n):
                if ids[m] < ids[j]:
                    rank += 1
            if rank == i:
                return ids[j]
    return sorted(xs)[i]


def run_effect(run, ctx) -> None:
    """run(ctx): through C for a compiled effect (effects.Runner), as a Python call for
    anything else. (The interpreted runtime calls run(ctx) itself: this would be one more
    Python call per effect.)"""
    if cython.compiled and isinstance(run, Runner):
        cython.cast(Runner, run).run(ctx)
    else:
        run(ctx)


def _supply_piles(cards: CardTable, sets: frozenset) -> tuple:
    """(piles, out) for a game of `sets`: each supply pile's cards in id order, as (set index,
    age, cards) in set and age order, and the cards left out of the game (limbo), in id
    order; made once per card table and sets (setup shuffles copies)."""
    cache = cards.__dict__.setdefault("_supply_piles", {})
    made = cache.get(sets)
    if made is None:
        piles: dict = {}
        for c in range(cards.n):
            a = cards.age[c]
            if 0 < a <= 11 and cards.kind[c] == "card" and cards.set[c] in sets:
                piles.setdefault((cards.set_index[c], a), []).append(c)
        inside = {c for pile in piles.values() for c in pile}
        made = cache[sets] = ([(si, a, tuple(ids)) for (si, a), ids in sorted(piles.items())],
                              tuple(c for c in range(cards.n) if c not in inside))
    return made


_SPECIALS: dict = {}  # (id(first special), count) -> (specials, _specials_of's answer): made once


def _specials_of(specials: list) -> tuple:
    """(by name, known, cards, masks, conditions) of a list of special achievements, made once
    for the same specials in the same order (a card set's, which its games only read)."""
    if not specials:
        return {}, True, int_array([]), int_array([]), []
    made = _SPECIALS.get((id(specials[0]), len(specials)))
    if made is not None and len(made[0]) == len(specials):
        for i in range(len(specials)):
            if made[0][i] is not specials[i]:
                made = None
                break
    if made is None:
        if len(_SPECIALS) >= 64:
            _SPECIALS.clear()
        known = True
        for s in specials:
            if s.inputs is None or s.triggers is not None \
                    or not isinstance(s.condition, Combination):
                known = False
        made = _SPECIALS[(id(specials[0]), len(specials))] = (tuple(specials), (
            {s.name: s for s in specials}, known,
            shared_view(int_array([s.card_id for s in specials])),
            shared_view(int_array([input_mask(s.inputs) for s in specials])),
            [s.condition for s in specials]))
    return made[1]


def _card_actions(n: int, max_age: int) -> tuple:
    """The actions on each card and age, ("meld", c), ("dogma", c), ("achieve", a), made once
    per card table size and shared by every game (legal_actions lists them)."""
    key = (n, max_age)
    made = _ACTIONS.get(key)
    if made is None:
        made = _ACTIONS[key] = ([("meld", c) for c in range(n)], [("dogma", c) for c in range(n)],
                                [("achieve", a) for a in range(max_age + 1)])
    return made


_SEATS: dict = {}  # (players, teams) -> _seating's answer, shared by the games (read only)


def _seating(n: int, teams: bool) -> tuple:
    """(team_of, orders, opponents) of a game of n players: each seat's team (its own seat
    without teams), the turn order from each seat (players_in_order) and each seat's
    opponents in that order, made once per (players, teams) and only read by the games (a
    clone shares them too)."""
    made = _SEATS.get((n, teams))
    if made is None:
        team_of = [p % 2 for p in range(n)] if teams else list(range(n))
        orders = [[(s + i) % n for i in range(n)] for s in range(n)]
        opponents = [[q for q in orders[p][1:] if team_of[q] != team_of[p]] for p in range(n)]
        made = _SEATS[(n, teams)] = (shared_view(int_array(team_of)), orders, opponents)
    return made


def achievements_needed(opts: Options) -> int:
    """000 "游戏结束 / 通过成就": 6 for two players with the base game only, one fewer per extra
    player, one more per expansion, +N for the "extra achievements" option. Teams count as in
    a two-player game (000 "团队游戏")."""
    n_exp = sum(1 for e in opts.expansions if e != "base")
    players = 2 if opts.teams else opts.players
    return 6 - (players - 2) + n_exp + opts.extra_achievements


class InnovationGame(Host):
    def __init__(self, cards: CardTable, effects: dict | None = None,
                 specials: list | None = None, options: Options | None = None, seed: int = 0,
                 agents: list | None = None, auto_setup: bool = True,
                 record_events: bool = True, triggers: dict | None = None):
        options = options or Options()
        n = options.players
        if not 2 <= n <= 4:
            raise ValueError("Innovation is for 2 to 4 players")
        if options.teams and n != 4:
            raise ValueError("team play needs 4 players")
        self.cards = cards
        # the card table's lists read on every turn (int_arrays: C arrays when compiled), and
        # the actions on each card, made once
        self.age_of = column(cards, "age")
        # a card whose face shows another value (Battleship Yamato: age 8, face 11) counts as
        # its face on a board and on display, as its age elsewhere (000 "历史文物扩展")
        self.face_of = column(cards, "face")
        # (true for a card that is not a standard achievement: a special one or a relic)
        self.special_card = column(cards, "not_standard")
        self._dogma_icon = column(cards, "dogma_icon")
        self._icon_bits = column(cards, "icon_bits")
        self._meld_actions, self._dogma_actions, self._achieve_actions = _card_actions(
            cards.n, cards.max_age)
        # the card set's lists of effects, read only
        self.effects, self._rows = _shared(effects, cards.n)  # (_effect_rows)
        # the special achievements of the sets in play (a base game's are the base set's, so
        # its checks are what they were before other sets' cards were loaded)
        in_play = set(options.expansions) | {"base"}
        self.has_face = bool(cards.face_sets & in_play)
        self.specials: list[SpecialAchievement] = [
            s for s in (specials or ()) if s.card_id >= cards.n or cards.set[s.card_id] in in_play]
        # the card set's special achievements as the game reads them (_specials_of): by name;
        # whether every condition is a Combination whose inputs are known (_check_specials);
        # each special's card, input mask (State.changed bits) and condition, for
        # _check_woken_specials, read by index through C when compiled
        (self._special_by_name, self._specials_known, self._special_cards, self._special_masks,
         self._special_conds) = _specials_of(self.specials)
        self.options = options
        self.seed = seed
        self.rng = Rng(seed)
        self.agents = list(agents) if agents else [FirstLegalAgent()] * n  # (stateless)
        if len(self.agents) != n:
            raise ValueError(f"need {n} agents, got {len(self.agents)}")
        self.n_players = n
        self.state = State(cards, n)
        # 000 "团队游戏": partners sit opposite each other, so seats 0+2 and 1+3. The turn order
        # from each seat, and opponents(p) (copied for each caller), made once (_seating)
        self.team_of, self._orders, self._opponents = _seating(n, options.teams)
        self.needed = achievements_needed(options)
        self.max_age = 11 if options.edition >= 4 else 10
        self.record_events = record_events
        self.events: list = []
        self.log: list = []          # the decision log (save file body)
        self._hooks: dict = {}       # empty: the fast path pays one truth test per verb
        # the hooks as the game reads them, made from _hooks by _index_hooks: replacements by
        # verb index (None: no verb is replaced), triggers by tag (None: no trigger)
        self._replacing = None
        self._triggers = None
        self._any_trigger = False  # a trigger on every event ("*")
        self._display_melds = False  # meld actions from the display too (_index_hooks)
        self._rules = None  # an expansion's Rules (set_rules): None, the base rules
        self._echo_fn = self._icon_fns = None
        self._display = None  # the display's rules (set_display: Artifacts'), or None
        self._listening = False      # a trigger on a verb's event: events have a reader
        self._listen_watched = False  # ... only while a watched card is on a board (_listens)
        self._watched_reps = 0       # bit i: verb i's replacements are all watched (_replaces)
        self._extra_actions = False  # an "action:" hook is installed: legal_actions grows
        self._action_fns = None      # their legal_fns, in order (_hook_actions)
        self._conditions_see = False  # hooks change what special conditions read
        self.over = False
        self._result: GameResult | None = None
        # Sharing bonus: state-changing events seen outside execute_effects().
        self.counted_changes = 0
        self._nested = 0
        self._checking_specials = False
        self.transactional = True
        if triggers:  # the triggered effects (karma) of the cards in play (the sets in play;
            # a relic with the relics option) hook the verbs they name; none: nothing hooked
            triggers = {c: rows for c, rows in triggers.items()
                        if (cards.kind[c] == "relic" and options.relics)
                        or (cards.kind[c] != "relic" and cards.set[c] in in_play)}
        if triggers:
            from .effects import EffectContext
            from .karma import install
            install(self, triggers, EffectContext, PROCEED)
        if "artifacts" in options.expansions:  # Artifacts' rules (artifacts.py); after a
            # meld action the dig (Display) comes before Echoes' promotion (Rules): _perform
            # (000 "使用多个扩展进行游戏")
            from .artifacts import install as install_artifacts
            install_artifacts(self)
        if "echoes" in options.expansions:  # Echoes' rules hook the game (echoes.py)
            from .echoes import install as install_echoes
            install_echoes(self)
        if self._hooks:  # (hooks an installer set in _hooks itself)
            self._index_hooks()
        if auto_setup:
            self.setup()

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        """000 "开始游戏，已经开始了！" and 001 "准备就绪，开始游戏！": shuffle, set aside one card
        of each age 1-9 as achievements, everyone draws two 1s, chooses one secretly, all meld at
        once; the first alphabetically (English name) goes first with one action."""
        st = self.state
        cards = self.cards
        self._shuffle_supply(set(self.options.expansions) | {"base"})
        if self._hooks:
            dealt = self._hooks.pop("dealt", None)  # (once: an empty _hooks keeps fast paths)
            self._index_hooks()
            if dealt:
                for fn in dealt:
                    fn(self)
        piles = st.supply
        for age in range(1, 10):
            if piles[0][age]:
                st.move(piles[0][age][-1], AVAILABLE)
        in_play = set(self.options.expansions) | {"base"}
        for sp in self.specials:  # the special achievements of the sets in play
            if st.zone_of[sp.card_id] == LIMBO and cards.set[sp.card_id] in in_play:
                st.move(sp.card_id, AVAILABLE)
        for p in range(self.n_players):
            self.draw(p, 1)
            self.draw(p, 1)
        chosen = [self._choose(p, "card", st.hand[p], 1, 1, "choose a card to meld")[0]
                  for p in range(self.n_players)]
        for p in range(self.n_players):
            self.meld(p, chosen[p])
        first = min(range(self.n_players), key=lambda q: cards.name[chosen[q]].casefold())
        st.first_player = first
        st.current = first
        st.turn = 0
        st.actions_left = self._actions_for_turn(0)
        self._turn_event(first, 0)

    def _shuffle_supply(self, sets: set) -> None:
        """Every card of the game's sets into its supply pile, each pile shuffled; the rest
        stays out of the game (limbo)."""
        st = self.state
        piles = st.supply
        made, out = _supply_piles(self.cards, frozenset(sets))
        zone_of = st.zone_of
        for set_index, age, ids in made:  # (in set and age order: the order of the draws)
            pile = piles[set_index][age]
            pile.extend(ids)
            self.rng.shuffle(pile)
            for c in pile:
                zone_of[c] = SUPPLY
        st.limbo = list(out)

    def _actions_for_turn(self, turn: int) -> int:
        # 000 "开始游戏": the first player's first turn has one action; with four players the
        # second player's first turn too.
        if turn == 0 or (turn == 1 and self.n_players == 4):
            return 1
        return 2

    # ------------------------------------------------------------------ events & hooks
    def _emit(self, event: tuple, change: bool = True) -> None:
        if change and self._nested == 0:
            self.counted_changes += 1
        if self.record_events:
            self.events.append(event)
        if self._listening and self._listens():
            self._fire(event)

    # The frequent verbs make their event only when events have a reader (they are recorded,
    # or a hook listens): `if self.record_events or (self._listening and self._listens()):`,
    # written out where it is asked (a method call each time was 2% of an interpreted game;
    # _listens is asked only in a game whose hooks listen). Nearly every simulated game
    # records none; a verb then counts its change as _emit would (`elif self._nested == 0:
    # self.counted_changes += 1`).

    def _fire(self, event: tuple) -> None:
        """Call the triggers on the event's tag, then those on every event ("*"); each tag's
        triggers are a tuple made by _index_hooks (a trigger added while they run is called
        from the next event on)."""
        triggers = self._triggers
        if triggers is None:
            return
        fns = triggers.get(event[0])
        if fns is not None:
            for fn in fns:
                fn(self, event)
        if self._any_trigger:
            fns = self._triggers.get("*")
            if fns is not None:
                for fn in fns:
                    fn(self, event)

    def _listens(self) -> bool:
        """Whether the verbs' events have a reader now, in a game whose hooks listen
        (`_listening`): always, unless the only triggers on them are watched ones (a karma's:
        add_trigger's `watch`) and none of the watched cards is on a board."""
        return not self._listen_watched or self.state.watched > 0

    def _replaces(self, i: int) -> bool:
        """Whether the replacement hooks of the verb of index i (REPLACEABLE) are to be
        consulted: there are some, and one is not watched (add_replacement's `watch`) or a
        watched card is on a board."""
        return self._replacing[i] is not None and (
            not (self._watched_reps >> i) & 1 or self.state.watched > 0)

    def _add_hook(self, key: str, fn) -> None:
        self._hooks.setdefault(key, []).append(fn)
        self._index_hooks()

    def _index_hooks(self) -> None:
        """The hooks (`_hooks`, keyed by kind and verb or tag) as the verbs read them: the
        replacements in a list by verb index (REPLACEABLE), the triggers by tag, the
        expansions' points, eligibility, echo effects and icon modifiers as attributes, and
        whether events have a reader (`_listening`: a trigger on a verb's event, not only on
        an action, which the action fires itself). Called after every change to `_hooks`."""
        hooks = self._hooks
        replacing = [None] * len(REPLACEABLE)
        triggers: dict = {}
        listening = extra = watched_listen = False
        watched_reps = 0
        watched = hooks.get("watched") or ()  # the hooks that only watched cards can fire
        actions: list = []
        for key, fns in hooks.items():
            if key.startswith("replace:"):
                verb = key[8:]
                if verb in REPLACEABLE and fns:
                    i = REPLACEABLE.index(verb)
                    replacing[i] = fns
                    if all(fn in watched for fn in fns):
                        watched_reps |= 1 << i
            elif key.startswith("trigger:"):
                tag = key[8:]
                if fns:
                    triggers[tag] = tuple(fns)
                if tag not in ACTION_TAGS:
                    if fns and all(fn in watched for fn in fns):
                        watched_listen = True
                    else:
                        listening = True
            elif key.startswith("action:"):
                extra = True
                for legal_fn, _ in fns:
                    actions.append(legal_fn)
        self._replacing = None
        for fns in replacing:
            if fns is not None:
                self._replacing = replacing
                break
        self._triggers = triggers if triggers else None
        self._any_trigger = "*" in triggers
        self._listening = listening or watched_listen
        self._listen_watched = watched_listen and not listening
        self._watched_reps = watched_reps
        self._extra_actions = extra
        self._action_fns = actions if actions else None
        fns = hooks.get("rules")
        self._rules = fns[0] if fns else None
        fns = hooks.get("echo")
        self._echo_fn = fns[0] if fns else None
        fns = hooks.get("icons")
        self._icon_fns = fns if fns else None
        # the display's rules (Artifacts'); with them a meld action may take the card on the
        # player's display as if it were in hand (000 "展示的牌"): listed after the game's own
        # actions, before the hooks'
        fns = hooks.get("display")
        self._display = fns[0] if fns else None
        self._display_melds = self._display is not None
        # hooks that change nothing a condition reads (Echoes': "conditions see" False) leave
        # the special achievements' remembered answers good; others (karma, icon modifiers) not
        see = hooks.get("conditions see")
        self._conditions_see = bool(hooks) and not (see is not None and len(see) == 1
                                                    and see[0] is False)

    def add_trigger(self, tag: str, fn, watch=None) -> None:
        """Call fn(game, event) after every event with this tag ("*" for all). Tags include the
        event tags in events.py plus "meld_action" and "draw_action" (the actions, as opposed
        to meld/draw effects). `watch`: card ids, when fn does something only while one of
        them is on a board (a karma's cards): it is not called otherwise, and a verb's event
        that only it would read is not made."""
        if watch is not None:
            self._watch(fn, watch)
        self._add_hook("trigger:" + tag, fn)

    def add_replacement(self, verb: str, fn, watch=None) -> None:
        """Karma-style "would X instead/first": fn(game, verb, args) is consulted before the verb;
        it returns PROCEED to let the verb happen, anything else to replace it (the verb then
        returns that value). `watch`: card ids, when fn returns PROCEED unless one of them is
        on a board (a karma's cards): it is not consulted otherwise."""
        if watch is not None:
            self._watch(fn, watch)
        self._add_hook("replace:" + verb, fn)

    def _watch(self, fn, cards) -> None:
        """fn acts only while one of `cards` is on a board: the State counts them there
        (State.watched), which the verbs read before they consult fn or make an event for it."""
        self._hooks.setdefault("watched", []).append(fn)
        self.state.watch_cards(cards)

    def add_action(self, name: str, legal_fn, apply_fn) -> None:
        """An expansion action (inspire, endorse, decree...): legal_fn(game, p) -> list of action
        tuples whose first item is `name`; apply_fn(game, p, action) performs one."""
        self._add_hook("action:" + name, (legal_fn, apply_fn))

    def add_icon_modifier(self, fn) -> None:
        """Static modifier: fn(game, p, icon, count) -> count."""
        self._hooks["conditions see"] = [True]  # conditions read modified counts: afresh
        self._add_hook("icons", fn)

    def set_rules(self, rules: Rules) -> None:
        """An expansion's Rules (its points, achievable ages and draw rule), asked through C
        when compiled; one per game (Echoes')."""
        if self._hooks.get("rules"):
            raise ValueError("a game takes one expansion's Rules")
        self._hooks["rules"] = [rules]
        self._index_hooks()

    def set_display(self, display: Display) -> None:
        """The display's rules (Artifacts'), asked through C when compiled; one per game."""
        if self._hooks.get("display"):
            raise ValueError("a game takes one Display")
        self._hooks["display"] = [display]
        self._index_hooks()

    def set_echo_provider(self, fn) -> None:
        """fn(game, p, card) -> list of (source_card, Effect) echo effects to run before the
        dogma effects (Echoes: visible echo effects of the pile). Without it a card's own
        "echo" effects run first."""
        self._hooks["echo"] = [fn]
        self._index_hooks()

    def _replace(self, fns: list, verb: str, args: tuple):
        """Consult the replacement hooks `fns` of `verb` (self._replacing[its index])."""
        for fn in list(fns):
            r = fn(self, verb, args)
            if r is not PROCEED:
                return r
        return PROCEED

    # ------------------------------------------------------------------ decisions
    def choose(self, player, kind: str, options, min: int = 1, max: int = 1, prompt: str = "",
               all_or_none: bool = False, labels=None) -> list:
        """dsl.interp.Host's: what card effects call (see _choose)."""
        return self._choose(player, kind, options, min, max, prompt, all_or_none, labels)

    def _choose(self, player, kind: str, options, min: int = 1, max: int = 1, prompt: str = "",
                all_or_none: bool = False, labels=None) -> list:
        """Ask `player` to choose. The golden rule clips min/max to what is possible; a decision
        with a single legal answer is taken automatically and not logged. `all_or_none`: exactly
        `max` or nothing, and nothing at all when fewer than `max` options exist (000
        "说明和其他关键词": "you may X" that cannot be done in full is not done). `labels`: each
        option's English, when the caller knows it (an `either`'s branches)."""
        seq = options if type(options) is list or type(options) is tuple else tuple(options)
        n = len(seq)
        if all_or_none:
            if max > n:
                return []
            d = new_decision(player, kind, tuple(seq), 0, max, prompt, True)
            answer = validate_answer(d, ask(self.agents[player], self, d))
            self.log.append(new_entry(player, kind, list(answer)))
            return answer
        if max > n:
            max = n
        if min > max:
            min = max
        if max == 0:
            return []
        if kind == "order":
            if n == 1:
                return list(seq)
        elif min == max == n:
            return list(seq)
        agent = self.agents[player]
        if max == 1 and kind != "order" and type(agent) is RandomAgent:
            ra = agent  # (typed: a C call when compiled)
            i = ra.pick_one(min, n)  # its answer without the Decision (same draws)
            if i < 0:
                self.log.append(new_entry(player, kind, []))
                return []
            o = seq[i]
            self.log.append(new_entry_one(player, kind, o))
            return [o]
        d = new_decision(player, kind, tuple(seq), min, max, prompt, False, labels)
        answer = validate_answer(d, ask(agent, self, d))
        self.log.append(new_entry(player, kind, list(answer)))
        return answer

    def choose_yes_no(self, player: int, prompt: str = "") -> bool:
        return self._choose(player, "yesno", ("yes", "no"), 1, 1, prompt)[0] == "yes"

    def choose_set(self, player: int, prompt: str = "") -> str:
        """A card type (set) in play, chosen by `player` (000 "历史文物扩展": "draw from any
        set"): the game's sets in their supply order; with the base set alone, base."""
        in_play = self.options.expansions
        sets = [s for s in self.cards.set_names if s == "base" or s in in_play]
        return self._choose(player, "set", sets, 1, 1, prompt)[0]

    def option_id(self, kind: str, option) -> str:
        """The stable name of an option (contract.Option.id): cards by name, players p1..,
        an action as its words ("draw", "meld Agriculture", "achieve 3"), others as text."""
        if kind == "action":
            a = option
            if len(a) == 2 and a[0] in ("meld", "dogma") and type(a[1]) is int:
                return f"{a[0]} {self.cards.name[a[1]]}"
            return " ".join(map(str, a))
        return self.option_name(kind, option)

    def option_text(self, kind: str, option) -> str:
        """One line of English for an option (contract.Option.text)."""
        from .view import Describer
        return Describer(self, None, [f"p{q + 1}" for q in range(self.n_players)]).option(
            kind, option)

    def heuristic(self, player: int) -> float:
        """How well `player` stands (agents.evaluate): the greedy and search agents' guide."""
        from .agents import evaluate
        return evaluate(self, player)

    def random_agent(self, seed: int):
        """The runtime's own RandomAgent (the compiled one in the compiled runtime, which
        this game asks through C): what simulations and play-outs use for "random"."""
        return RandomAgent(seed)

    def observation(self, player: int) -> dict:
        """What `player` may see (observe.py)."""
        from .observe import observation
        return observation(self, player)

    # ------------------------------------------------------------------ determinization
    def hidden_classes(self, player: int) -> list:
        """The cards `player` cannot tell apart, in classes (determinize.py)."""
        from .determinize import hidden_classes
        return hidden_classes(self, player)

    def relabeled(self, sigma: dict) -> "InnovationGame":
        """A copy with card c renamed sigma[c] wherever it lies (determinize.py)."""
        from .determinize import relabeled
        return relabeled(self, sigma)

    def relabel_answer(self, kind: str, values: list, sigma: dict) -> list:
        """An answer of a `kind` decision with its cards renamed (determinize.py)."""
        from .determinize import relabel_answer
        return relabel_answer(kind, values, sigma)

    def option_name(self, kind: str, option) -> str:
        """Human/scenario name of an option: cards by name, players p1.., others as text."""
        if kind in ("card", "order", "achievement") and type(option) is int:
            return self.cards.name[option]
        if kind == "player":
            return f"p{option + 1}"
        return str(option)

    # ------------------------------------------------------------------ queries
    def hand(self, p: int) -> list:
        return list(self.state.hand[p])

    def score(self, p: int, card: int | None = None):
        """score(p) -> list of the cards in p's score pile; score(p, card) is the score verb."""
        if card is None:
            return list(self.state.score[p])
        return self.score_card(p, card)

    def score_pile(self, p: int) -> list:
        return list(self.state.score[p])

    def achievements(self, p: int) -> list:
        return list(self.state.achievements[p])

    def forecast(self, p: int) -> list:
        return list(self.state.forecast[p])

    def display(self, p: int) -> list:
        return list(self.state.display[p])

    def pile_icon_count(self, p: int, color, icon) -> int:
        """Visible icons of one pile (as counted on the board)."""
        i = icon_id(icon)
        return self.state.pile_icon(p, color_id(color), i) if 1 <= i <= 6 else 0

    def pile(self, p: int, color) -> list:
        return list(self.state.board[p][color_id(color)])

    def top(self, p: int, color) -> int:
        pile = self.state.board[p][color_id(color)]
        return pile[-1] if pile else -1

    def bottom(self, p: int, color) -> int:
        pile = self.state.board[p][color_id(color)]
        return pile[0] if pile else -1

    def top_cards(self, p: int) -> list:
        return [pile[-1] for pile in self.state.board[p] if pile]

    def splay_of(self, p: int, color) -> str:
        return SPLAY_NAMES[self.state.splay[p][color_id(color)]]

    def icon_count(self, p: int, icon) -> int:
        i = icon_id(icon)
        n = self.state.icons[p * _N_ICON_SLOTS + i] if 1 <= i <= 6 else 0  # (State.icon_total)
        if self._icon_fns is not None:
            for fn in self._icon_fns:
                n = fn(self, p, i, n)
        return n

    def score_points(self, p: int) -> int:
        n = self.state.score_sum[p]
        if self._rules is not None:  # an expansion's points beyond the score pile (Echoes')
            n = self._rules.points(self, p, n)
        return n

    def shown_value(self, c: int) -> int:
        """The value card `c` counts as where it lies: its face value face up (on a board or
        on display), its age face down (000 "历史文物扩展": Battleship Yamato is an 11 face
        up, an 8 in the deck, a hand or a score pile)."""
        if self.has_face:
            zone = self.state.zone_of[c]
            if zone == BOARD or zone == DISPLAY:
                return self.face_of[c]
        return self.age_of[c]

    def highest_top_age(self, p: int) -> int:
        age = self.face_of  # top cards are face up
        best = 0
        if cython.compiled:  # each pile's top as State.refresh_pile keeps it: a C array
            st = self.state
            for i in range(p * _N_COLORS, (p + 1) * _N_COLORS):
                top = st.seen_top[i]
                if top >= 0:
                    a = age[top]
                    if a > best:
                        best = a
            return best
        for pile in self.state.board[p]:
            if pile:
                top = pile[-1]
                a = age[top]
                if a > best:
                    best = a
        return best

    def card_has_icon(self, card: int, icon) -> bool:
        i = icon_id(icon)
        if 0 <= i < _ICON_BIT_LIMIT:  # the card's icon bits (a C array when compiled)
            return ((self._icon_bits[card] >> i) & 1) == 1
        return i in self.state.icons_of[card]

    def location(self, card: int) -> tuple:
        """(zone name, owner or -1, colour name for board cards else None)."""
        st = self.state
        z = st.zone_of[card]
        color = COLORS[self.cards.color[card]] if z == BOARD else None
        return ZONE_NAMES[z], st.owner_of[card], color

    def supply(self, age: int, set_name: str = "base") -> list:
        """Supply pile, bottom->top (the last item is drawn next)."""
        si = self.cards.set_names.index(set_name) if set_name in self.cards.set_names else 0
        return list(self.state.supply[si][age]) if 0 <= age < len(self.state.supply[si]) else []

    def available_achievements(self) -> list:
        return list(self.state.available)

    def achievement_of_age(self, age: int) -> int:
        """An available standard achievement of this age, or -1."""
        for c in self.state.available:
            if not self.special_card[c] and self.age_of[c] == age:
                return c
        return -1

    def card_age(self, card: int) -> int:
        return self.cards.age[card]

    def card_color(self, card: int) -> str:
        return COLORS[self.cards.color[card]]

    def card_name(self, card: int) -> str:
        return self.cards.name[card]

    def is_special(self, card: int) -> bool:
        return self.cards.is_special[card]

    def players_in_order(self, start: int) -> list:
        n = self.n_players
        return [(start + i) % n for i in range(n)]

    def opponents(self, p: int) -> list:
        """Non-teammates other than p, in turn order after p."""
        return list(self._opponents[p])

    def teammates(self, p: int) -> list:
        t = self.team_of[p]
        return [q for q in range(self.n_players) if q != p and self.team_of[q] == t]

    def team(self, p: int) -> list:
        t = self.team_of[p]
        return [q for q in range(self.n_players) if self.team_of[q] == t]

    def tucked_this_turn(self, p: int) -> int:
        return self.state.tucked_this_turn[p]

    def scored_this_turn(self, p: int) -> int:
        return self.state.scored_this_turn[p]

    @property
    def current_player(self) -> int:
        return self.state.current

    @property
    def actions_left(self) -> int:
        return self.state.actions_left

    # ------------------------------------------------------------------ verbs
    def draw(self, p: int, value: int, set_name: str | None = None) -> int:
        """000 "摸牌": draw max(value,1), skipping upward past empty base piles (expansion piles
        never cause a skip); past 10 the game ends at once (GameOver). Returns the card."""
        if self._replacing is not None and self._replaces(_R_DRAW):
            r = self._replace(self._replacing[_R_DRAW], "draw", (p, value, set_name))
            if r is not PROCEED:
                return r
        if self._rules is not None:  # an expansion's draw rule (Echoes'), after the hooks
            c = self._rules.draw(self, p, value, set_name)
            if c >= 0:
                return c
        st = self.state
        v = value if value > 1 else 1
        base = st.supply[0]
        while v <= self.max_age and not base[v]:
            v += 1
        if v > self.max_age:
            self._end_by_high_draw()
        pile = base[v]
        if set_name is not None and set_name != self.cards.set_names[0]:
            si = self.cards.set_names.index(set_name)
            if st.supply[si][v]:
                pile = st.supply[si][v]  # an empty expansion pile falls back to base
        card = pile[-1]
        st.move(card, HAND, p)
        if self.record_events or (self._listening and self._listens()):
            self._emit((EV_DRAW, p, card, v))
        elif self._nested == 0:
            self.counted_changes += 1
        self._check_specials(CAT_HAND)
        return card

    def meld(self, p: int, card: int) -> bool:
        """000 "融合": put the card on top of its colour pile, keeping the pile's splay."""
        if self._replacing is not None and self._replaces(_R_MELD):
            r = self._replace(self._replacing[_R_MELD], "meld", (p, card))
            if r is not PROCEED:
                return r
        src = self.state.move(card, BOARD, p)
        if self.record_events or (self._listening and self._listens()):
            self._emit((EV_MELD, p, card, ZONE_NAMES[src[0]]))
        elif self._nested == 0:
            self.counted_changes += 1
        self._check_specials(CAT_BOARD)
        return True

    def tuck(self, p: int, card: int) -> bool:
        """000 "基本关键词 / 收起": face up under the pile of its colour, keeping the splay."""
        if self._replacing is not None and self._replaces(_R_TUCK):
            r = self._replace(self._replacing[_R_TUCK], "tuck", (p, card))
            if r is not PROCEED:
                return r
        st = self.state
        src = st.take(card)
        st.put(card, BOARD, p, bottom=True)
        st.count_tuck(p)
        if self.record_events or (self._listening and self._listens()):
            self._emit((EV_TUCK, p, card, ZONE_NAMES[src[0]]))
        elif self._nested == 0:
            self.counted_changes += 1
        self._check_specials(CAT_TUCK)
        return True

    def score_card(self, p: int, card: int) -> bool:
        """000 "基本关键词 / 计分": face down into the score pile."""
        if self._replacing is not None and self._replaces(_R_SCORE):
            r = self._replace(self._replacing[_R_SCORE], "score", (p, card))
            if r is not PROCEED:
                return r
        st = self.state
        src = st.move(card, SCORE, p)
        st.count_score(p)
        if self.record_events or (self._listening and self._listens()):
            self._emit((EV_SCORE, p, card, ZONE_NAMES[src[0]]))
        elif self._nested == 0:
            self.counted_changes += 1
        self._check_specials(_SCORE_CATS[src[0]])
        return True

    def return_card(self, p: int, card: int) -> bool:
        """000 "基本关键词 / 归还": to the bottom of the supply pile it came from (its own set
        and age); a returned card makes an empty pile drawable again."""
        if self._replacing is not None and self._replaces(_R_RETURN):
            r = self._replace(self._replacing[_R_RETURN], "return", (p, card))
            if r is not PROCEED:
                return r
        src = self.state.move(card, SUPPLY, -1, bottom=True)
        if self.record_events or (self._listening and self._listens()):
            self._emit((EV_RETURN, p, card, ZONE_NAMES[src[0]]))
        elif self._nested == 0:
            self.counted_changes += 1
        self._check_specials(_ONE_CATS[src[0]])
        return True

    def return_cards(self, p: int, cards: list) -> int:
        """Return several cards; the returner orders each group bound for the same pile
        (000 "归还": "你可以选择顺序"). The answer lists cards in return order, so the last one
        ends at the very bottom. Returns how many were returned."""
        if len(cards) < 2:  # (the common case: nothing to order, no groups to make)
            for c in cards:
                self.return_card(p, c)
            return len(cards)
        groups: dict = {}
        order: list = []
        set_of, age_of = self.state.set_of, self.age_of
        for c in cards:
            key = set_of[c] * 64 + age_of[c]  # the supply pile (set, age) it goes back to
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append(c)
        n = 0
        for key in order:
            g = groups[key]
            if len(g) > 1:
                g = self._choose(p, "order", g, len(g), len(g), "order to return")
            for c in g:
                self.return_card(p, c)
                n += 1
        return n

    def transfer(self, card: int, to_player: int, to_zone: str) -> bool:
        """000 "说明和其他关键词 / 转移": move a card between zones; to a board it becomes the
        top card. Not a meld/score/achieve for anything that cares (no counters)."""
        z = TRANSFER_ZONES.get(to_zone)
        if z is None:
            raise ValueError(f"cannot transfer to {to_zone!r}")
        if self._replacing is not None and self._replaces(_R_TRANSFER):
            r = self._replace(self._replacing[_R_TRANSFER], "transfer", (card, to_player, to_zone))
            if r is not PROCEED:
                return r
        st = self.state
        src = st.move(card, z, to_player)
        self._emit((EV_TRANSFER, card, ZONE_NAMES[src[0]], src[1], to_zone, to_player))
        self._check_specials(_PAIR_CATS[src[0] * _N_ZONES + z])
        if z == ACHIEVEMENTS:
            self._check_achievement_win(to_player)
        return True

    def exchange(self, cards_a: list, zone_a: tuple, cards_b: list, zone_b: tuple) -> bool:
        """000 "交换": cards_a (in zone_a) go to zone_b and cards_b (in zone_b) go to zone_a, at
        once; either side may be empty. Zones are (player, zone name)."""
        if self._replacing is not None and self._replaces(_R_EXCHANGE):
            r = self._replace(self._replacing[_R_EXCHANGE], "exchange", (cards_a, zone_a, cards_b, zone_b))
            if r is not PROCEED:
                return r
        st = self.state
        za = TRANSFER_ZONES[zone_a[1]]
        zb = TRANSFER_ZONES[zone_b[1]]
        a = list(cards_a)
        b = list(cards_b)
        for c in a + b:
            st.take(c)
        for c in a:
            st.put(c, zb, zone_b[0])
        for c in b:
            st.put(c, za, zone_a[0])
        self._emit((EV_EXCHANGE, tuple(a), tuple(zone_a), tuple(b), tuple(zone_b)))
        self._check_specials(_PAIR_CATS[za * _N_ZONES + zb])
        for z, owner, moved in ((za, zone_a[0], b), (zb, zone_b[0], a)):
            if z == ACHIEVEMENTS and moved:
                self._check_achievement_win(owner)
        return True

    def rearrange(self, p: int, color, order: list) -> bool:
        """Reorder one of p's piles (`order` bottom->top, the same cards). The splay stays.
        Returns True if the order changed."""
        st = self.state
        c = color_id(color)
        pile = st.board[p][c]
        if sorted(order) != sorted(pile):
            raise ValueError("rearrange needs exactly the cards of the pile")
        if list(order) == pile:
            return False
        pile[:] = list(order)
        st.refresh_pile(p, c)
        self._emit((EV_REARRANGE, p, COLORS[c], tuple(order)))
        self._check_specials(CAT_BOARD)
        return True

    def reveal(self, p: int, card: int) -> bool:
        """000/001 "展示": shown to all; the card stays where it is (a drawn and revealed card
        stays in hand). Not a state change."""
        self._emit((EV_REVEAL, p, card), False)
        return True

    def look(self, p: int, card: int) -> bool:
        """Echoes (Tuning Fork: "look at the top card of any deck, then place it back"): shown to
        `p` alone; the card stays where it is. Not a state change."""
        self._emit((EV_LOOK, p, card), False)
        return True

    def splay(self, p: int, color, direction) -> bool:
        """000 "基本关键词 / 展开": piles of 0/1 card cannot be splayed; re-splaying in the same
        direction does nothing. Returns True if the splay changed."""
        c = color_id(color)
        d = direction if type(direction) is int else SPLAY_INDEX[direction]
        if self._replacing is not None and self._replaces(_R_SPLAY):
            r = self._replace(self._replacing[_R_SPLAY], "splay", (p, c, d))
            if r is not PROCEED:
                return r
        st = self.state
        if len(st.board[p][c]) < 2 or st.splay[p][c] == d:
            return False
        st.set_splay(p, c, d)
        self._emit((EV_SPLAY, p, COLORS[c], SPLAY_NAMES[d]))
        self._check_specials(CAT_BOARD)
        return True

    def unsplay(self, p: int, color) -> bool:
        return self.splay(p, color, SPLAY_NONE)

    def achieve(self, p: int, card: int, anywhere: bool = False) -> bool:
        """Claim an available achievement (standard or special). False if it is gone.
        With anywhere=True a card from any other zone ("achieve a card from your hand") is
        achieved too; that counts as achieving, unlike a transfer."""
        if self._replacing is not None and self._replaces(_R_ACHIEVE):
            r = self._replace(self._replacing[_R_ACHIEVE], "achieve", (p, card))
            if r is not PROCEED:
                return r
        st = self.state
        if card < 0 or (st.zone_of[card] != AVAILABLE and not anywhere) \
                or st.zone_of[card] == ACHIEVEMENTS:
            return False
        src = st.move(card, ACHIEVEMENTS, p)
        if src[0] != AVAILABLE:
            self._check_specials(_ONE_CATS[src[0]])
        tag = EV_SPECIAL if self.cards.is_special[card] else EV_ACHIEVE
        self._emit((tag, p, card))
        self._check_achievement_win(p)
        self._check_specials(CAT_ACH)
        return True

    def claim_special(self, p: int, name: str) -> bool:
        """Claim a special achievement by name; does nothing (False) once it is gone
        (RULES-NOTES "Achievements")."""
        sp = self._special_by_name.get(name)
        if sp is None:
            return False
        return self.achieve(p, sp.card_id)

    def remove(self, card: int) -> bool:
        """000 "移除": out of the game for good."""
        st = self.state
        src = st.move(card, REMOVED)
        self._emit((EV_REMOVE, card, ZONE_NAMES[src[0]], src[1]))
        return True

    def remove_all(self, players=None, zones=("hand", "board", "score")) -> int:
        """Remove every card of these zones of these players (all players by default) from
        the game; returns the number removed."""
        st = self.state
        ps = range(self.n_players) if players is None else players
        n = 0
        for p in ps:
            for zn in zones:
                if zn == "board":
                    cards = [c for pile in st.board[p] for c in pile]
                else:
                    cards = list({"hand": st.hand, "score": st.score,
                                  "achievements": st.achievements, "display": st.display,
                                  "forecast": st.forecast}[zn][p])
                for c in cards:
                    src = st.move(c, REMOVED)
                    self._emit((EV_REMOVE, c, ZONE_NAMES[src[0]], src[1]))
                    n += 1
        if n:
            self._check_specials(CAT_ALL)
        return n

    def win(self, players, reason: str = "dogma"):
        """000 "游戏结束 / 通过教义": the game ends at once; teammates win too. "The single player
        with most X" and ignoring ties is the caller's business."""
        ws = set()
        for p in players:
            ws.update(self.team(p))
        self._finish(tuple(sorted(ws)), reason)

    # ------------------------------------------------------------------ dogma
    def execute_effects(self, player: int, card: int, share: bool = False,
                        kinds=("effect",)) -> None:
        """Execute the card's effects of `kinds` for `player` as his own dogma ("执行其每个非需求
        效果。不要分享它们" in 000 "说明和其他关键词"). With share=True the card is run as a full
        dogma with sharing/demands. Changes made here never earn the sharing bonus."""
        self._nested += 1
        try:
            if share:
                self._run_dogma(player, card, kinds)
            else:
                dv: dict = {}
                for eff in self.effects.get(card, ()):
                    if eff.kind in kinds:
                        ctx = new_context(self, player, player, card, eff.kind, dv, False)
                        run_effect(eff.run, ctx) if cython.compiled else eff.run(ctx)
        finally:
            self._nested -= 1

    def execute_as_this(self, player: int, card: int, this: int, dogma_vars=None) -> None:
        """000 "说明和其他关键词" ("执行效果...就好像它们是在这张牌上"): the card's effects run as
        if printed on `this`, without sharing: its own echo effects (000 "回响效果": the target
        card's, no other of its pile), then its effects top to bottom. The featured icon is
        `this`'s: its demands and compels go to the player's non-teammate opponents with fewer
        (compels: as many or more) of it, counted when the dogma began (`dogma_vars`, kept by
        _run_dogma) or now when there was no such count; its non-demand effects run for the
        player alone. Nothing done here earns the sharing bonus."""
        n = self.n_players
        icon = self._dogma_icon[this]
        counts = dogma_vars.get("__counts__") if dogma_vars else None
        if counts is None:
            counts = [self.icon_count(q, icon) if icon >= 0 else 0 for q in range(n)]
        mine = counts[player]
        order = self._orders[player]
        my_team = self.team_of[player]
        self._nested += 1
        try:
            dv: dict = {}
            for src, k, run, code in self._dogma_rows(card):
                if code == ROW_DEMAND or code == ROW_COMPEL:
                    for i in range(1, n):
                        q = order[i]
                        if self.team_of[q] == my_team:
                            continue
                        if (counts[q] < mine) if code == ROW_DEMAND else (counts[q] >= mine):
                            if self.record_events or (self._listening and self._listens()):
                                self._emit((EV_DEMAND, q, src), False)
                            ctx = new_context(self, q, player, src, k, dv, False)
                            run_effect(run, ctx) if cython.compiled else run(ctx)
                else:
                    ctx = new_context(self, player, player, src, k, dv, False)
                    run_effect(run, ctx) if cython.compiled else run(ctx)
        finally:
            self._nested -= 1

    def _run_dogma(self, p: int, card: int, kinds=None) -> bool:
        """000 "教义" (1)-(4): count the featured icon once; each effect top to bottom; demands
        go to non-teammate opponents with fewer icons in turn order after p; non-demands go to
        every player with at least as many (teammates too) after p, then p. Returns whether a
        non-teammate opponent's sharing changed the state (RULES-NOTES "Dogma")."""
        n = self.n_players
        icon = self._dogma_icon[card]
        # each player's count: 2 to 4 players (checked when the game is made), so four places,
        # a C array of four when compiled (game.pxd) instead of a list made at every dogma
        counts = [0, 0, 0, 0]
        if self._icon_fns is not None:  # (icon modifiers change the counts: icon_count)
            if icon >= 0:
                for q in range(n):
                    counts[q] = self.icon_count(q, icon)
        elif 1 <= icon <= 6:  # icon_count without its calls: State.icons[q * slots + icon]
            for q in range(n):
                counts[q] = self.state.icons[q * _N_ICON_SLOTS + icon]
        if self._display is not None and icon >= 0:  # (Artifacts: a displayed card's icons)
            counts[p] += self._display.dogma_count(self, p, card, icon)
        mine = counts[p]
        order = self._orders[p]  # p, then the others in turn order: order[1:] go first
        team_of = self.team_of
        my_team = team_of[p]
        if self._echo_fn is not None:  # the echo effects, then the others
            rows = [effect_row(src, e) for src, e in self._echo_fn(self, p, card)] \
                + self._effect_rows(card, False)
        else:
            rows = self._dogma_rows(card)
        dv: dict = {}
        if self._hooks:  # (an expansion's "as if on this card" reads the counts: execute_as_this)
            dv["__counts__"] = [counts[q] for q in range(n)]
        bonus = False
        for src, k, run, code in rows:
            if kinds is not None and k not in kinds:
                continue
            demand = code == ROW_DEMAND
            if demand or code == ROW_COMPEL:
                for i in range(1, n):
                    q = order[i]
                    if team_of[q] == my_team:
                        continue
                    if (counts[q] < mine) if demand else (counts[q] >= mine):
                        if self.record_events or (self._listening and self._listens()):
                            self._emit((EV_DEMAND, q, src), False)
                        ctx = new_context(self, q, p, src, k, dv, False)
                        run_effect(run, ctx) if cython.compiled else run(ctx)
            else:
                for i in range(1, n):
                    q = order[i]
                    if counts[q] >= mine:
                        if self.record_events or (self._listening and self._listens()):
                            self._emit((EV_SHARE, q, src), False)
                        before = self.counted_changes
                        ctx = new_context(self, q, p, src, k, dv, True)
                        run_effect(run, ctx) if cython.compiled else run(ctx)
                        if team_of[q] != my_team and self.counted_changes != before:
                            bonus = True
                ctx = new_context(self, p, p, src, k, dv, False)
                run_effect(run, ctx) if cython.compiled else run(ctx)
        return bonus

    def _effect_rows(self, card: int, echo: bool) -> list:
        """The rows (effect_row) of the card's echo effects, or of its other effects, in order;
        made once per card and card set (`_rows` is shared by the games of a card set)."""
        key = card * 3 + echo
        rows = self._rows[key]
        if rows is None:
            rows = self._rows[key] = [effect_row(card, e) for e in self.effects.get(card, ())
                                      if (e.kind == "echo") == echo]
        return rows

    def _dogma_rows(self, card: int) -> list:
        """The rows a dogma of the card runs in turn: its echo effects', then the others'
        (000 "回响效果": echo effects first), made once per card and card set."""
        key = card * 3 + 2
        rows = self._rows[key]
        if rows is None:
            rows = self._rows[key] = self._effect_rows(card, True) + self._effect_rows(card, False)
        return rows

    def _dogma_action(self, p: int, card: int) -> None:
        if self.record_events or (self._listening and self._listens()):
            self._emit((EV_DOGMA, p, card), False)
        if self._run_dogma(p, card):
            # 000 "教义" (4): a free draw action after all effects, at p's highest top card now.
            self._draw_action(p)

    def _draw_action(self, p: int) -> int:
        c = self.draw(p, self.highest_top_age(p))
        if self._triggers is not None:
            self._fire(("draw_action", p, c))
        return c

    # ------------------------------------------------------------------ achievements & end
    def can_achieve(self, p: int, age: int) -> bool:
        """000 "成就": score >= 5 x age, a top card of at least that age, and a standard
        achievement of that age still available."""
        if self._rules is not None and self._rules.achievable(self, p) >= 0:
            return ((self.achievable_ages(p) >> age) & 1) == 1
        return (self.achievement_of_age(age) >= 0 and self.score_points(p) >= 5 * age
                and self.highest_top_age(p) >= age)

    def _team_achievements(self, p: int) -> int:
        st = self.state
        t = self.team_of[p]
        total = 0
        for q in range(self.n_players):  # (a loop: a generator over team() costs more)
            if self.team_of[q] == t:
                total += len(st.achievements[q])
        return total

    def _check_achievement_win(self, p: int) -> None:
        # 000 "游戏结束 / 通过成就": ends at once, even mid-effect; teams pool achievements.
        if self._team_achievements(p) >= self.needed:
            self._finish(tuple(self.team(p)), "achievements")

    def _check_specials(self, cats: frozenset) -> None:
        """RULES-NOTES "Achievements": after every change, each available special achievement
        goes to the first qualifying player, current player first then turn order."""
        if not self.specials or self._checking_specials:
            return
        st = self.state
        # After a check every special still available holds for nobody. When every condition's
        # inputs are known, a special is asked again only of the players for whom one of its
        # inputs changed since (State.changed bits against the special's input mask).
        # (hooks that change nothing a condition reads, Echoes': "conditions see" False, leave
        # the inputs as known as without hooks)
        known = self._specials_known and not self._conditions_see
        if known and not st.changed_any:  # (nobody's State.changed bits are set)
            return
        self._checking_specials = True
        try:
            if known:
                self._check_woken_specials(st)
                if _CHECK:  # CARDLANG_ACCEL=check: nothing skipped would have been claimed
                    self._verify_specials(st)
                return
            order = self._orders[st.current]
            # hooks that change nothing a condition reads (Echoes': "conditions see" False)
            # leave the remembered answers good; icon modifiers and karma do not
            remembered = not self._conditions_see
            for sp in self.specials:
                if st.zone_of[sp.card_id] != AVAILABLE:
                    continue
                if sp.triggers is not None and sp.triggers.isdisjoint(cats):
                    continue
                cond = sp.condition
                by_parts = remembered and isinstance(cond, Combination)
                for q in order:
                    if (cond.holds(self, st, q) if by_parts else cond(self, q)):
                        self._claim_special(st, sp.card_id, q)
                        break
        finally:
            self._checking_specials = False

    def _check_woken_specials(self, st: State) -> None:
        """_check_specials when every condition is a Combination with known inputs: each special
        asked only of the players whose State.changed bits meet its inputs (through C when
        compiled), and the bits cleared."""
        # (the arrays are read in place: a local of one is a memoryview taken and released,
        # when compiled; the constants are C ints, a module global is looked up by name)
        order = self._orders[st.current]
        woken = st.changed_any  # a special none of the changed bits meet is not looked at
        for i in range(len(self._special_masks)):
            mask = self._special_masks[i]
            if not woken & mask:
                continue
            card = self._special_cards[i]
            zone = st.zone_of[card]
            if zone != _AVAILABLE:
                continue
            cond = self._special_conds[i]
            for q in order:
                bits = st.changed[q]
                if bits & mask and cond.holds_woken(self, st, q):
                    self._claim_special(st, card, q)
                    woken = st.changed_any  # (claiming changes bits too)
                    break
        st.clear_changed()

    def _verify_specials(self, st: State) -> None:
        """After a check that skipped the specials nothing woke: every special still available
        holds for nobody, evaluated afresh (dsl/accel.py check mode)."""
        for sp in self.specials:
            if st.zone_of[sp.card_id] != AVAILABLE:
                continue
            for q in self._orders[st.current]:
                if sp.condition(self, q):
                    raise AccelMismatch(f"the special achievement {sp.name} holds for player "
                                        f"{q} but its check was skipped")

    def _claim_special(self, st: State, card: int, q: int) -> None:
        st.move(card, ACHIEVEMENTS, q)
        self._emit((EV_SPECIAL, q, card))
        self._check_achievement_win(q)

    def _end_by_high_draw(self) -> None:
        """000 "游戏结束 / 摸10以上的牌": highest score (team sum) wins, then most achievements,
        otherwise a tie (every tied player is listed as a winner)."""
        teams: dict = {}
        for p in range(self.n_players):
            teams.setdefault(self.team_of[p], []).append(p)
        keyed = []
        for members in teams.values():
            sc = sum(self.score_points(q) for q in members)
            ach = sum(len(self.state.achievements[q]) for q in members)
            keyed.append(((sc, ach), members))
        best = max(k for k, _ in keyed)
        winners = sorted(q for k, m in keyed if k == best for q in m)
        self._finish(tuple(winners), "high draw")

    def _finish(self, winners: tuple, reason: str) -> None:
        if not self.over:
            self.over = True
            self._result = GameResult(tuple(winners), reason)
            self._emit((EV_GAME_OVER, tuple(winners), reason), False)
        raise GameOver(self._result.winners, self._result.reason)

    def is_over(self) -> bool:
        return self.over

    def result(self) -> GameResult | None:
        return self._result

    # ------------------------------------------------------------------ actions
    def achievable_ages(self, p: int) -> int:
        """The ages p can achieve now as bits (bit a: age a), each age once."""
        st = self.state
        if self._rules is not None:  # an expansion's eligibility (Echoes: duplicates)
            ages = self._rules.achievable(self, p)
            if ages >= 0:
                return ages
        ages = st.avail_ages  # the ages of the standard achievements available (State.put/take)
        if not ages:
            return 0
        score = st.score_sum[p]  # (score_points)
        if score < 5:  # achieving needs a score of 5 x its age, so at least 5
            return 0
        limit = score // 5  # 5 x age <= score
        top = self.highest_top_age(p)
        if top < limit:
            limit = top
        return ages & ((2 << limit) - 1)  # the ages up to the limit

    def legal_actions(self) -> list:
        """Actions of the current player: ("draw",), ("meld", card), ("dogma", card),
        ("achieve", age), then ("meld", card) for the card on display (Artifacts'
        `_display_melds`), plus registered expansion actions."""
        if self.over:
            return []
        st = self.state
        p = st.current
        hand = st.hand[p]
        n = len(hand)
        board = st.board[p]
        ages = self.achievable_ages(p)
        melds, dogmas, achieve = self._meld_actions, self._dogma_actions, self._achieve_actions
        if cython.compiled:  # the list made at its length, the hand sorted in a C array
            k = action_count(n, board, ages)
            acts: list = [DRAW_ACTION] * k
            at = 1
            if n <= HAND_SORT_MAX:
                ids = cython.declare(cython.long[128])  # (HAND_SORT_MAX)
                for i in range(n):
                    c = hand[i]
                    j = i
                    while j > 0 and ids[j - 1] > c:
                        ids[j] = ids[j - 1]
                        j -= 1
                    ids[j] = c
                for i in range(n):
                    acts[at] = melds[ids[i]]
                    at += 1
            else:
                for c in sorted(hand):
                    acts[at] = melds[c]
                    at += 1
            for pile in board:
                if pile:
                    c = pile[-1]
                    acts[at] = dogmas[c]
                    at += 1
            a = 1
            while ages >> a:
                if (ages >> a) & 1:
                    acts[at] = achieve[a]
                    at += 1
                a += 1
        else:  # the same list, in the interpreter's fastest form
            acts = [DRAW_ACTION]
            for c in sorted(hand):
                acts.append(melds[c])
            for pile in board:
                if pile:
                    acts.append(dogmas[pile[-1]])
            a = 1
            while ages >> a:
                if (ages >> a) & 1:
                    acts.append(achieve[a])
                a += 1
        if self._display_melds:
            for c in st.display[p]:
                acts.append(melds[c])
        if self._extra_actions:
            acts.extend(self._hook_actions(p))
        return acts

    def _hook_actions(self, p: int) -> list:
        """The actions the "action:" hooks add for p (tests: an expansion's own action), in
        legal_actions' order, after the game's own and the display's melds."""
        out: list = []
        if self._action_fns is not None:  # (_index_hooks: the "action:" hooks' legal_fns)
            for legal_fn in self._action_fns:
                out.extend(legal_fn(self, p))
        return out

    def _check_action(self, p: int, action: tuple) -> None:
        st = self.state
        kind = action[0] if action else None
        if kind == "draw" and len(action) == 1:
            return
        if kind == "meld" and len(action) == 2:
            c = action[1]
            if type(c) is not int or not 0 <= c < self.cards.n or st.zone_of[c] != HAND \
                    or st.owner_of[c] != p:
                if self._display_melds and type(c) is int and 0 <= c < self.cards.n \
                        and st.zone_of[c] == DISPLAY and st.owner_of[c] == p:
                    return  # (Artifacts: the card on display, melded as if in hand)
                if self._hooks and "action:meld" in self._hooks:
                    for legal_fn, _ in self._hooks["action:meld"]:
                        if action in legal_fn(self, p):
                            return
                raise IllegalMove(f"cannot meld {self._card_label(c)}: not in your hand")
            return
        if kind == "dogma" and len(action) == 2:
            c = action[1]
            if type(c) is not int or not 0 <= c < self.cards.n or st.zone_of[c] != BOARD \
                    or st.owner_of[c] != p or st.board[p][self.cards.color[c]][-1] != c:
                raise IllegalMove(f"cannot activate {self._card_label(c)}: "
                                  "only your top cards can be activated")
            return
        if kind == "achieve" and len(action) == 2:
            a = action[1]
            if type(a) is not int:
                raise IllegalMove(f"achieve needs an age, got {a!r}")
            if self.achievement_of_age(a) < 0:
                raise IllegalMove(f"no achievement of age {a} is available")
            if self._rules is not None and self._rules.achievable(self, p) >= 0:
                if not (self.achievable_ages(p) >> a) & 1:
                    raise IllegalMove(f"you are not eligible to achieve {a}")
                return
            if self.score_points(p) < 5 * a:
                raise IllegalMove(f"achieving {a} needs a score of {5 * a}, "
                                  f"you have {self.score_points(p)}")
            if self.highest_top_age(p) < a:
                raise IllegalMove(f"achieving {a} needs a top card of age {a} or more")
            return
        if self._hooks and kind is not None and ("action:" + str(kind)) in self._hooks:
            for legal_fn, _ in self._hooks["action:" + kind]:
                if action in legal_fn(self, p):
                    return
        raise IllegalMove(f"unknown or malformed action {action!r}")

    def _card_label(self, c) -> str:
        if type(c) is int and 0 <= c < self.cards.n:
            return self.cards.name[c]
        return repr(c)

    def apply(self, action) -> None:
        """Perform one action of the current player. An illegal action (or an illegal answer
        during it) raises IllegalMove and leaves the state exactly as it was."""
        if self.over:
            raise IllegalMove("the game is over")
        action = tuple(action)
        self._check_action(self.state.current, action)
        self._apply(action)

    def _apply(self, action: tuple) -> None:
        """apply() of an action known to be legal (checked, or one of legal_actions())."""
        st = self.state
        p = st.current
        snap = self._snapshot() if self.transactional else None
        self.log.append(new_entry_one(p, "action", action))
        try:
            if self.record_events or (self._listening and self._listens()):
                self._emit((EV_ACTION, p, action), False)
            self._perform(p, action)
            st.actions_left -= 1
            if st.actions_left <= 0:
                self._end_turn()
        except GameOver:
            return
        except IllegalMove:
            if snap is not None:
                self._restore(snap)
            raise

    def _perform(self, p: int, action: tuple) -> None:
        kind = action[0]
        if kind == "draw":
            self._draw_action(p)
        elif kind == "meld":
            self.meld(p, action[1])
            if self._display is not None:  # (Artifacts: the dig)
                self._display.meld_action(self, p, action[1])
            if self._rules is not None:  # (Echoes: the promotion, after the dig)
                self._rules.meld_action(self, p, action[1])
            if self._triggers is not None:
                self._fire(("meld_action", p, action[1]))
        elif kind == "dogma":
            self._dogma_action(p, action[1])
        elif kind == "achieve":
            self.achieve(p, self.achievement_of_age(action[1]))
        else:
            for _, apply_fn in self._hooks["action:" + kind]:
                apply_fn(self, p, action)
                break

    def _end_turn(self) -> None:
        st = self.state
        st.turn += 1
        st.current = (st.current + 1) % self.n_players
        st.actions_left = self._actions_for_turn(st.turn)
        st.reset_counters()
        self._turn_event(st.current, st.turn)

    def _turn_event(self, p: int, turn: int) -> None:
        """A turn's start: its event, recorded and fired, or fired alone to the "turn"
        triggers whether or not a verb's event has a reader (_emit fires only when
        `_listening`); no change is counted (as _emit(event, False)). Then the display's
        rules (Artifacts' free artifact action), called without an event."""
        if self.record_events or self._triggers is not None:
            ev = (EV_TURN, p, turn)
            if self.record_events:
                self.events.append(ev)
            if self._triggers is not None:
                self._fire(ev)
        if self._display is not None:
            self._display.turn(self, p)

    def step(self) -> None:
        """Ask the current player's agent for an action and apply it."""
        st = self.state
        p = st.current
        agent = self.agents[p]
        if type(agent) is RandomAgent and not self.over:
            self._apply(self._random_action(agent, p))
            return
        d = new_decision(p, "action", tuple(self.legal_actions()), 1, 1, "choose an action")
        answer = validate_answer(d, ask(agent, self, d))
        self._apply(tuple(answer[0]))  # one of legal_actions(): no second legality check

    def _random_action(self, agent, p: int) -> tuple:
        """The action the runtime's own RandomAgent takes from legal_actions(), picked by
        position with the same draws (RandomAgent.pick_one) without making the list, the
        Decision or the answer: the same games (tests/test_codegen_games.py). The actions
        "action:" hooks add come last, as in legal_actions (the hooks are asked the same
        question); achievable_ages asks the other hooks."""
        st = self.state
        hand = st.hand[p]
        n = len(hand)
        board = st.board[p]
        ages = self.achievable_ages(p)
        if cython.compiled:  # action_count from each pile's top as refresh_pile keeps it (-1:
            # empty), a C array, rather than the truth of each pile's list
            base = p * _N_COLORS  # (p's piles in State.seen_top)
            k = 1 + n
            for c in range(base, base + _N_COLORS):
                if st.seen_top[c] >= 0:
                    k += 1
            a = ages
            while a:
                k += a & 1
                a >>= 1
        else:
            k = action_count(n, board, ages)
        shown = 0  # the display's melds (_display_melds), listed after the game's own
        if self._display_melds:
            shown = len(st.display[p])
        if self._extra_actions:
            extra = self._hook_actions(p)
            i = agent.pick_one(1, k + shown + len(extra))
            if i >= k + shown:
                return tuple(extra[i - k - shown])
        else:
            i = agent.pick_one(1, k + shown)
        if i >= k:
            return self._meld_actions[st.display[p][i - k]]
        if i == 0:
            return DRAW_ACTION
        i -= 1
        if i < n:  # the i-th lowest card of the hand (legal_actions lists them in order)
            return self._meld_actions[nth_lowest(hand, i)]
        i -= n
        if cython.compiled:  # (the piles' tops in State.seen_top, as above)
            base = p * _N_COLORS
            for c in range(base, base + _N_COLORS):
                top = st.seen_top[c]
                if top >= 0:
                    if i == 0:
                        return self._dogma_actions[top]
                    i -= 1
        else:
            for pile in board:
                if pile:
                    if i == 0:
                        return self._dogma_actions[pile[-1]]
                    i -= 1
        a = 1
        while True:
            if (ages >> a) & 1:
                if i == 0:
                    return self._achieve_actions[a]
                i -= 1
            a += 1

    def play(self, max_actions: int = 100000) -> GameResult | None:
        """Play until the game ends (or max_actions actions, as a guard against loops)."""
        n = 0
        while not self.over and n < max_actions:
            self.step()
            n += 1
        return self._result

    # ------------------------------------------------------------------ snapshots, save
    def _snapshot(self) -> tuple:
        return (self.state.clone(), self.rng.getstate(), len(self.events), len(self.log),
                self.counted_changes, self.over, self._result)

    def _restore(self, snap: tuple) -> None:
        st, rng, n_ev, n_log, changes, over, result = snap
        self.state = st
        self.rng.setstate(rng)
        del self.events[n_ev:]
        del self.log[n_log:]
        self.counted_changes = changes
        self.over = over
        self._result = result
        self._nested = 0
        self._checking_specials = False

    def clone(self) -> "InnovationGame":
        """An independent copy (same agents objects, copied state, RNG, logs and hooks).
        Compiled, field by field into a new object (copy.copy of an extension type goes
        through its pickling, __reduce_cython__: half the cost of a clone); interpreted,
        copy.copy (a dict copy, which also keeps any attribute added at run time)."""
        if cython.compiled:
            g = InnovationGame.__new__(InnovationGame)
            g.cards, g.options, g.seed, g._result = self.cards, self.options, self.seed, \
                self._result
            g.effects, g._special_by_name = self.effects, self._special_by_name
            g._rows, g.specials, g.agents = self._rows, self.specials, self.agents
            g.age_of, g.special_card, g._dogma_icon = self.age_of, self.special_card, \
                self._dogma_icon
            g.team_of, g._icon_bits = self.team_of, self._icon_bits
            g.face_of, g.has_face = self.face_of, self.has_face
            g._special_cards, g._special_masks = self._special_cards, self._special_masks
            g._orders, g._special_conds = self._orders, self._special_conds
            g._meld_actions, g._dogma_actions = self._meld_actions, self._dogma_actions
            g._achieve_actions, g._opponents = self._achieve_actions, self._opponents
            g._specials_known, g.record_events, g.over = self._specials_known, \
                self.record_events, self.over
            g._checking_specials, g.transactional = self._checking_specials, self.transactional
            g.n_players, g.needed, g.max_age = self.n_players, self.needed, self.max_age
            g.counted_changes, g._nested = self.counted_changes, self._nested
        else:
            import copy
            g = copy.copy(self)
        g.state = self.state.clone()
        g.rng = Rng(0)
        g.rng.setstate(self.rng.getstate())
        g.events = list(self.events)
        g.log = list(self.log)
        g._hooks = {k: list(v) for k, v in self._hooks.items()}
        if g._hooks:
            g._index_hooks()  # (the copied lists)
        else:
            g._replacing = g._triggers = None
            g._rules = None
            g._echo_fn = g._icon_fns = None
            g._display = g._action_fns = None
            g._listening = g._extra_actions = g._conditions_see = False
            g._listen_watched = False
            g._watched_reps = 0
            g._any_trigger = g._display_melds = False
        return g

    def save_header(self) -> dict:
        return {"game": "innovation", "options": self.options.to_dict(), "seed": self.seed}

    def save(self) -> str:
        """The save file: header + decision log, as JSON text."""
        from ...core import replay
        return replay.dumps(self.save_header(), self.log)

    @classmethod
    def replay(cls, cards: CardTable, effects: dict, specials: list, saved: str,
               **kwargs) -> "InnovationGame":
        """Rebuild a game from a save (JSON text): same setup, seed and decisions give the same
        state. Stops when the log is used up."""
        from ...core import replay
        from ...core.agents import ReplayAgent
        header, entries = replay.loads(saved)
        opts = Options.from_dict(header["options"])
        agent = ReplayAgent(entries)
        g = cls(cards, effects, specials, opts, header["seed"],
                [agent] * opts.players, **kwargs)
        while not g.over and agent.remaining() > 0:
            g.step()
        return g


def make_effect(kind: str, run, text: str = "") -> Effect:
    return Effect(kind, run, text)


__all__ = ["InnovationGame", "Options", "GameResult", "achievements_needed", "PROCEED",
           "ZONE_INDEX", "make_effect"]
