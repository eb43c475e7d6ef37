"""Innovation's zones for the scenario runner (runtime/core/scenario.py runs the scenarios):
building a position from `setup`, reading `expect` against it, and the option id of each
action step. The checks of the same zones are scenario_check.py.

Piles are listed top first; `decks` pins the top of supply piles (the set's other cards of
that age fill the pile below in seeded order), `{"exactly": [...]}` piles hold exactly those
cards (that age's other cards are out of the game); `achievements` omitted means one random
base card of each age 1-9 plus every special achievement.
"""
from __future__ import annotations

from runtime.core.agents import ScriptedAgent
from runtime.core.errors import IllegalMove
from runtime.core.scenario import Zones

from . import catalogue, scenario_check
from .cards import COLORS, CardTable
from .state import (ACHIEVEMENTS, AVAILABLE, BOARD, DISPLAY, FORECAST, HAND, SCORE, SPLAY_INDEX,
                    SPLAY_NAMES, SUPPLY)

CARD_ZONES = (("hand", HAND), ("score", SCORE), ("achievements", ACHIEVEMENTS),
              ("forecast", FORECAST), ("display", DISPLAY))


class ScenarioError(Exception):
    """A position that cannot be built (build_game on an unchecked scenario)."""


def _seat(name) -> int:
    return int(name[1:]) - 1


# ------------------------------------------------------------------ building a position
class _Placer:
    def __init__(self, game, cards: CardTable):
        self.g, self.cards = game, cards
        self.placed: set = set()

    def card(self, name) -> int:
        c = self.cards.by_name.get(name)
        if c is None:
            raise ScenarioError(f"unknown card {name!r}")
        return c

    def take(self, name) -> int:
        c = self.card(name)
        from .definition import PLAYABLE_SETS
        sets = set(self.g.options.expansions) | {"base"}
        # a card of a set the game plays, but not this game (tests' own tables may hold cards
        # of sets not playable yet: those are placed as given)
        if self.cards.set[c] not in sets and self.cards.set[c] in PLAYABLE_SETS:
            raise ScenarioError(f"{name!r} is a card of the {self.cards.set[c]} set, which this "
                                f"game does not play (sets: {', '.join(sorted(sets))}); "
                                f"add the option sets: base, {self.cards.set[c]}")
        if c in self.placed:
            raise ScenarioError(f"card {name!r} is placed twice")
        self.placed.add(c)
        return c

    def place(self, name, zone: int, owner: int = -1) -> int:
        c = self.take(name)
        self.g.state.move(c, zone, owner)
        return c


def place_position(g, setup: dict, cards: CardTable) -> None:
    """Put the cards of `setup` where it says, on a game made without its set-up."""
    st = g.state
    b = _Placer(g, cards)
    for pname, zones in setup.get("players", {}).items():
        p = _seat(pname)
        for color, spec in zones.get("board", {}).items():
            names = spec.get("cards", []) if isinstance(spec, dict) else spec
            for name in reversed(names):  # listed top first
                c = b.place(name, BOARD, p)
                if COLORS[cards.color[c]] != color:
                    raise ScenarioError(f"{name!r} is {COLORS[cards.color[c]]}, not {color}")
            splay = spec.get("splay", "none") if isinstance(spec, dict) else "none"
            if splay != "none":
                if len(names) < 2:
                    raise ScenarioError(f"{pname} {color}: a pile of {len(names)} card(s) "
                                        "cannot be splayed")
                st.set_splay(p, COLORS.index(color), SPLAY_INDEX[splay])
        for zname, zone in CARD_ZONES:
            for name in zones.get(zname, []):
                b.place(name, zone, p)
    pinned, exact = {}, {}  # (set index, age) -> the cards on top / all the cards, top first
    for set_name, ages in setup.get("decks", {}).items():
        for age, spec in ages.items():
            key = (cards.set_names.index(set_name), int(age))
            if isinstance(spec, dict):
                exact[key] = [b.take(x) for x in spec.get("exactly", [])]
            else:
                pinned[key] = [b.take(x) for x in spec]
    ach = setup.get("achievements")
    for name in ach or ():
        b.place(name, AVAILABLE)
    sets = set(g.options.expansions) | {"base"}
    remaining: dict = {}  # unplaced cards in seeded order, under the pinned ones
    for c in range(cards.n):
        if c not in b.placed and cards.kind[c] == "card" and cards.set[c] in sets:
            remaining.setdefault((cards.set_index[c], cards.age[c]), []).append(c)
    for key in sorted(remaining):
        g.rng.shuffle(remaining[key])
    if ach is None:  # the normal set-up: one base card of each age 1-9, then the specials
        for age in range(1, 10):
            pile = remaining.get((0, age), [])
            if pile:
                c = pile.pop()
                b.placed.add(c)
                st.move(c, AVAILABLE)
        for sp in g.specials:  # of the sets in play
            if sp.card_id not in b.placed and cards.set[sp.card_id] in sets:
                b.placed.add(sp.card_id)
                st.move(sp.card_id, AVAILABLE)
    for key in sorted(set(remaining) | set(pinned) | set(exact)):
        if key in exact:
            pile = list(reversed(exact[key]))  # the age's other cards stay out of the game
        else:
            pile = remaining.get(key, []) + list(reversed(pinned.get(key, [])))
        for c in pile:
            st.move(c, SUPPLY)
    st.current = _seat(setup.get("current_player", "p1"))
    st.first_player = st.current
    st.actions_left = int(setup.get("actions_left", 2))
    st.turn = int(setup.get("turn", 2))  # past the short first turns


def _translate(game, d, raw) -> list:
    """A scripted answer's option names (cards by name, "p2", "3", colours...) as values."""
    if isinstance(raw, (str, int)):
        raw = [raw]
    by_name = {}
    for o in d.options:
        by_name.setdefault(game.option_name(d.kind, o), o)
    out = []
    for r in raw:
        if str(r) not in by_name:
            raise IllegalMove(f"{str(r)!r} is not an option of this {d.kind} decision "
                              f"(options: {list(by_name)})")
        out.append(by_name[str(r)])
    return out


def build_game(data: dict, cards: CardTable, effects: dict | None = None,
               specials: list | None = None, runtime=None) -> tuple:
    """The rules (InnovationGame) at a scenario's position, each seat a ScriptedAgent that
    reads option names: for tests that drive the rules directly. `runtime`: a compiled card
    set's (the game is then the compiled runtime's). Returns (game, agents)."""
    from .game import InnovationGame, Options
    game_class, options = (InnovationGame, Options) if runtime is None \
        else (runtime.InnovationGame, runtime.Options)
    opts = options.from_dict(data.get("options", {}))
    agents = [ScriptedAgent(translate=_translate) for _ in range(opts.players)]
    g = game_class(cards, effects or {}, specials or [], opts, seed=int(data.get("seed", 0)),
                   agents=agents, auto_setup=False)
    place_position(g, data.get("setup", {}), cards)
    return g, agents


# ------------------------------------------------------------------ reading `expect`
def _names(cards: CardTable, ids) -> list:
    return [cards.name[c] for c in ids]


def _multiset_diff(label: str, expected: list, actual: list, out: list) -> None:
    if sorted(expected) != sorted(actual):
        missing = list(expected)
        extra = []
        for a in actual:
            if a in missing:
                missing.remove(a)
            else:
                extra.append(a)
        out.append(f"{label}: expected {sorted(expected)}, got {sorted(actual)}"
                   f" (missing {missing}, unexpected {extra})")


def compare(g, expect: dict) -> list:
    """Readable differences between a checked `expect` and the rules' position."""
    cards, st = g.cards, g.state
    diffs: list = []
    for pname, zones in expect.get("players", {}).items():
        p = _seat(pname)
        board = zones.get("board", {})
        for ci, color in enumerate(COLORS):
            spec = board.get(color, [])
            want = list(spec.get("cards", []) if isinstance(spec, dict) else spec)
            want_splay = spec.get("splay", "none") if isinstance(spec, dict) else "none"
            got = list(reversed(_names(cards, st.board[p][ci])))
            got_splay = SPLAY_NAMES[st.splay[p][ci]]
            if want != got:
                diffs.append(f"{pname} board {color}: expected {want} (top first), got {got}")
            if want_splay != got_splay:
                diffs.append(f"{pname} board {color}: expected splay {want_splay}, "
                             f"got {got_splay}")
        for zname, lists in (("hand", st.hand), ("score", st.score),
                             ("achievements", st.achievements), ("forecast", st.forecast),
                             ("display", st.display)):
            _multiset_diff(f"{pname} {zname}", list(zones.get(zname, [])),
                           _names(cards, lists[p]), diffs)
    if "achievements" in expect:
        _multiset_diff("available achievements", list(expect["achievements"]),
                       _names(cards, st.available), diffs)
    for set_name, ages in expect.get("decks", {}).items():
        si = cards.set_names.index(set_name) if set_name in cards.set_names else -1
        for age, spec in ages.items():
            pile = [] if si < 0 else list(reversed(_names(cards, st.supply[si][int(age)])))
            if isinstance(spec, dict):
                if pile != list(spec.get("exactly", [])):
                    diffs.append(f"deck {set_name} {age}: expected exactly "
                                 f"{spec.get('exactly', [])} (top first), got {pile}")
            elif pile[:len(spec)] != list(spec):
                diffs.append(f"deck {set_name} {age}: expected top {list(spec)}, "
                             f"got {pile[:len(spec)]}")
    return diffs


# ------------------------------------------------------------------ the runner's Zones
class InnovationScenarios(Zones):
    """Innovation's Zones (runtime/core/scenario.py). Its card set is the project's, in
    `mode`, for each scenario's edition, or the given `cardset` (tests with their own cards);
    `catalogue` alone (card facts, no rules) serves checking only."""

    setup_keys = scenario_check.SETUP_KEYS
    expect_keys = scenario_check.EXPECT_KEYS
    actions = scenario_check.ACTIONS
    game_over_reasons = ("achievements", "high draw", "dogma")
    option_aliases = {"expansions": "sets"}  # the option's name in scenario files

    def __init__(self, mode: str = "interpreted", cardset=None, catalogue=None):
        from .definition import GAME
        self.game = GAME
        self.mode, self._cardset, self._catalogue = mode, cardset, catalogue

    def cardset(self, edition: int = 3):
        if self._cardset is not None:
            return self._cardset
        from .cardset import load_cardset
        return load_cardset(edition, self.mode)

    @property
    def catalogue(self):
        return self._catalogue or catalogue.of_table(self.cardset().table)

    # ---- checks
    def check_setup(self, setup, path, chk, n, options):
        scenario_check.check_setup(self.catalogue, setup, path, chk, n, options)

    def check_expect(self, expect, path, chk, n, options):
        scenario_check.check_expect(self.catalogue, expect, path, chk, n, options)

    def check_action(self, step, path, chk, n):
        scenario_check.check_action(self.catalogue, step, path, chk)

    # ---- running
    def build(self, data: dict):
        from runtime.core.machine import STEPS, EngineState
        from runtime.core.scenario import ScenarioInputError
        raw = {self.option_aliases.get(k, k): v for k, v in data.get("options", {}).items()}
        opts = self.game.options(raw)
        cs = self.cardset(opts["edition"])
        if cs.runtime is None:
            from .game import Options
        else:
            Options = cs.runtime.Options
        rules = Options(players=opts["players"], teams=opts["teams"], edition=opts["edition"],
                        extra_achievements=opts["extra_achievements"],
                        expansions=tuple(opts["sets"]), relics=bool(opts["relics"]))
        g = cs.game_class(cs.table, cs.effects, cs.specials, rules, seed=data.get("seed", 0),
                          auto_setup=False, triggers=cs.triggers)
        try:
            place_position(g, data.get("setup", {}), cs.table)
        except ScenarioError as e:
            raise ScenarioInputError(("setup",), str(e)) from None
        return EngineState(self.game, g, STEPS)

    def _action(self, eng, step: dict) -> tuple:
        kind = step["action"]
        if kind in ("dogma", "meld"):
            if "card" in step:
                return (kind, eng.cards.by_name[step["card"]])
            return (kind, eng.top(_seat(step["actor"]), step["color"]))
        if kind == "achieve":
            return ("achieve", int(step["age"]))
        return (kind,)

    def action_option(self, state, step: dict) -> str:
        eng = state.engine
        action = self._action(eng, step)
        if len(action) == 2 and action[0] == "dogma" and action[1] < 0:
            return f"dogma {step['color']}"  # no such pile: refused, and why_illegal says why
        return eng.option_id("action", action)

    def why_illegal(self, state, step: dict):
        eng = state.engine
        action = self._action(eng, step)
        if action[0] == "dogma" and action[1] < 0:
            return f"{step['actor']} has no {step['color']} pile"
        try:
            eng._check_action(_seat(step["actor"]), action)
        except IllegalMove as e:
            return e.reason
        return None

    def compare(self, state, expect: dict) -> list:
        return compare(state.engine, expect)

    def outcome(self, state):
        r = state.result()
        if r is None:
            return None
        return {"winners": sorted(f"p{w + 1}" for w in r.winners), "reason": r.reason}

    def example_words(self):
        """Innovation's words for card examples (runtime/core/examples.py)."""
        from .examples import InnovationWords
        return InnovationWords(self.catalogue)
