"""Scenario format v1 runner (shared/DESIGN.md "Scenario format (version 1)").

A scenario builds a position by hand (no normal setup), plays scripted steps and compares the
resulting zones with `expect`. Names are resolved through the CardTable; players are p1..pN.
"""
from __future__ import annotations

import glob
import json
import os
from dataclasses import dataclass, field

from ...core.agents import ScriptedAgent
from ...core.errors import GameOver, IllegalMove
from .cards import COLORS, CardTable
from .game import InnovationGame, Options
from .state import (ACHIEVEMENTS, AVAILABLE, BOARD, DISPLAY, FORECAST, HAND, SCORE, SPLAY_INDEX,
                    SPLAY_NAMES, SUPPLY)


class ScenarioError(Exception):
    """The scenario file itself is wrong (unknown card, card placed twice...)."""


@dataclass
class ScenarioResult:
    name: str
    passed: bool
    diffs: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    path: str = ""

    def to_dict(self) -> dict:
        return {"name": self.name, "passed": self.passed, "diffs": list(self.diffs),
                "notes": list(self.notes), "path": self.path}


def _pidx(name, n: int) -> int:
    if isinstance(name, str) and name.startswith("p") and name[1:].isdigit():
        i = int(name[1:]) - 1
        if 0 <= i < n:
            return i
    raise ScenarioError(f"unknown player {name!r} (players are p1..p{n})")


def _translate(game, d, raw) -> list:
    """Scenario answers are option names: cards by name, colours, values "3", players "p2",
    "yes"/"no"; they are mapped onto the decision's option values."""
    if isinstance(raw, (str, int)):
        raw = [raw]
    by_name = {}
    for o in d.options:
        by_name.setdefault(game.option_name(d.kind, o), o)
    out = []
    for r in raw:
        key = str(r)
        if key not in by_name:
            names = [game.option_name(d.kind, o) for o in d.options]
            raise IllegalMove(f"{key!r} is not an option of this {d.kind} decision "
                              f"(options: {names})")
        out.append(by_name[key])
    return out


class _Builder:
    def __init__(self, game: InnovationGame, cards: CardTable):
        self.g = game
        self.cards = cards
        self.placed: set = set()

    def card(self, name: str) -> int:
        if isinstance(name, int):
            return name
        c = self.cards.by_name.get(name)
        if c is None:
            raise ScenarioError(f"unknown card {name!r}")
        return c

    def place(self, name, zone: int, owner: int = -1) -> int:
        c = self.card(name)
        if c in self.placed:
            raise ScenarioError(f"card {self.cards.name[c]!r} is placed twice")
        self.placed.add(c)
        self.g.state.move(c, zone, owner)
        return c


def build_game(data: dict, cards: CardTable, effects: dict | None = None,
               specials: list | None = None, runtime=None) -> tuple:
    """Build the scenario's game (on the compiled runtime when a card set's `runtime` is
    given). Returns (game, agents)."""
    if data.get("game", "innovation") != "innovation":
        raise ScenarioError(f"not an innovation scenario: {data.get('game')!r}")
    game_class, options = (InnovationGame, Options) if runtime is None \
        else (runtime.InnovationGame, runtime.Options)
    opts = options.from_dict(data.get("options", {}))
    n = opts.players
    agents = [ScriptedAgent(translate=_translate) for _ in range(n)]
    g = game_class(cards, effects or {}, specials or [], opts, seed=int(data.get("seed", 0)),
                   agents=agents, auto_setup=False)
    st = g.state
    b = _Builder(g, cards)
    setup = data.get("setup", {})
    # players' zones
    for pname, zones in setup.get("players", {}).items():
        p = _pidx(pname, n)
        for color, spec in zones.get("board", {}).items():
            if color not in COLORS:
                raise ScenarioError(f"{pname}: unknown colour {color!r}")
            names = spec["cards"] if isinstance(spec, dict) else spec
            for name in reversed(names):  # listed top first
                c = b.place(name, BOARD, p)
                if COLORS[cards.color[c]] != color:
                    raise ScenarioError(f"{name!r} is {COLORS[cards.color[c]]}, not {color}")
            splay = spec.get("splay", "none") if isinstance(spec, dict) else "none"
            if splay not in SPLAY_INDEX:
                raise ScenarioError(f"{pname} {color}: unknown splay {splay!r}")
            if splay != "none":
                if len(names) < 2:
                    raise ScenarioError(f"{pname} {color}: a pile of {len(names)} card(s) "
                                        "cannot be splayed")
                st.set_splay(p, COLORS.index(color), SPLAY_INDEX[splay])
        for zname, zone in (("hand", HAND), ("score", SCORE), ("achievements", ACHIEVEMENTS),
                            ("forecast", FORECAST), ("display", DISPLAY)):
            for name in zones.get(zname, []):
                b.place(name, zone, p)
    # pinned decks: place the exact/pinned cards now, fill the rest below
    pinned: dict = {}
    exact: dict = {}
    for set_name, ages in setup.get("decks", {}).items():
        if set_name not in cards.set_names:
            raise ScenarioError(f"unknown card set {set_name!r}")
        for age_s, spec in ages.items():
            key = (cards.set_names.index(set_name), int(age_s))
            if isinstance(spec, dict):
                exact[key] = [b.card(x) for x in spec.get("exactly", [])]
                lst = exact[key]
            else:
                pinned[key] = [b.card(x) for x in spec]
                lst = pinned[key]
            for c in lst:
                if c in b.placed:
                    raise ScenarioError(f"card {cards.name[c]!r} is placed twice")
                b.placed.add(c)
    # available achievements
    ach = setup.get("achievements")
    if ach is not None:
        for name in ach:
            b.place(name, AVAILABLE)
    # supply piles: unplaced cards in seeded order, pinned ones on top
    sets = set(opts.expansions) | {"base"}
    remaining: dict = {}
    for c in range(cards.n):
        if c in b.placed or cards.kind[c] != "card" or cards.set[c] not in sets:
            continue
        remaining.setdefault((cards.set_index[c], cards.age[c]), []).append(c)
    for key in sorted(remaining):
        g.rng.shuffle(remaining[key])
    if ach is None:  # normal setup: one base card of each age 1-9, then the specials
        for age in range(1, 10):
            pile = remaining.get((0, age), [])
            if pile:
                c = pile.pop()
                b.placed.add(c)
                st.move(c, AVAILABLE)
        for sp in g.specials:
            if sp.card_id not in b.placed:
                b.placed.add(sp.card_id)
                st.move(sp.card_id, AVAILABLE)
    keys = set(remaining) | set(pinned) | set(exact)
    for key in sorted(keys):
        if key in exact:
            pile = list(reversed(exact[key]))  # others of that age stay out of the game
        else:
            pile = remaining.get(key, []) + list(reversed(pinned.get(key, [])))
        for c in pile:
            st.move(c, SUPPLY)
    # turn
    st.current = _pidx(setup.get("current_player", "p1"), n)
    st.first_player = st.current
    st.actions_left = int(setup.get("actions_left", 2))
    st.turn = int(setup.get("turn", 2))  # past the short first turns
    return g, agents


def _action_of(step: dict, g: InnovationGame, b_cards: CardTable, actor: int) -> tuple:
    kind = step["action"]
    if kind == "draw":
        return ("draw",)
    if kind in ("meld", "dogma"):
        if "card" in step:
            c = b_cards.by_name.get(step["card"])
            if c is None:
                raise ScenarioError(f"unknown card {step['card']!r}")
            return (kind, c)
        if kind == "dogma" and "color" in step:
            return ("dogma", g.top(actor, step["color"]))
        raise ScenarioError(f"{kind} step needs a card")
    if kind == "achieve":
        return ("achieve", int(step["age"]))
    extra = tuple(step.get(k) for k in ("card", "color", "age") if k in step)
    return (kind,) + extra


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


def compare(g: InnovationGame, expect: dict) -> list:
    """Readable differences between `expect` and the game."""
    cards = g.cards
    st = g.state
    diffs: list = []
    n = g.n_players
    for pname, zones in expect.get("players", {}).items():
        p = _pidx(pname, n)
        board = zones.get("board", {})
        for ci, color in enumerate(COLORS):
            spec = board.get(color, {"cards": [], "splay": "none"})
            want = list(spec["cards"] if isinstance(spec, dict) else spec)
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
        si = cards.set_names.index(set_name)
        for age_s, spec in ages.items():
            pile = list(reversed(_names(cards, st.supply[si][int(age_s)])))
            if isinstance(spec, dict):
                if pile != list(spec.get("exactly", [])):
                    diffs.append(f"deck {set_name} {age_s}: expected exactly "
                                 f"{spec.get('exactly')} (top first), got {pile}")
            elif pile[:len(spec)] != list(spec):
                diffs.append(f"deck {set_name} {age_s}: expected top {list(spec)}, "
                             f"got {pile[:len(spec)]}")
    if "game_over" in expect:
        want = expect["game_over"]
        r = g.result()
        got = None if r is None else {"winners": sorted(f"p{w + 1}" for w in r.winners),
                                      "reason": r.reason}
        if want is not None:
            want = {"winners": sorted(want.get("winners", [])), "reason": want.get("reason")}
        if want != got:
            diffs.append(f"game_over: expected {want}, got {got}")
    return diffs


def run_scenario(data: dict, cards: CardTable, effects: dict | None = None,
                 specials: list | None = None, runtime=None) -> ScenarioResult:
    """Play one scenario; `runtime` (a compiled card set's) plays it on the compiled runtime."""
    name = data.get("name", "<unnamed>")
    notes: list = []
    try:
        g, agents = build_game(data, cards, effects, specials, runtime)
    except (ScenarioError, KeyError, ValueError, TypeError) as e:
        return ScenarioResult(name, False, [f"setup error: {e}"], notes)
    steps = list(data.get("steps", []))
    diffs: list = []
    i = 0
    try:
        while i < len(steps):
            step = steps[i]
            actor = _pidx(step.get("actor", "p1"), g.n_players)
            if "choose" in step:
                agents[actor].push(step["choose"])
                i += 1
                continue
            if g.over:
                notes.append(f"step {i + 1}: the game is already over; remaining steps ignored")
                break
            # the answers that follow this action belong to it
            j = i + 1
            while j < len(steps) and "choose" in steps[j]:
                agents[_pidx(steps[j].get("actor", "p1"), g.n_players)].push(steps[j]["choose"])
                j += 1
            if actor != g.state.current:
                diffs.append(f"step {i + 1}: {step.get('actor')} acts but it is "
                             f"p{g.state.current + 1}'s turn")
                break
            action = _action_of(step, g, cards, actor)
            try:
                g.apply(action)
            except IllegalMove as e:
                diffs.append(f"step {i + 1}: illegal {step.get('action')}: {e.reason}")
                break
            i = j
    except (ScenarioError, KeyError, ValueError) as e:
        diffs.append(f"step error: {e}")
    except GameOver:  # pragma: no cover - apply() absorbs it
        pass
    for p, a in enumerate(agents):
        for d in a.fallbacks:
            took = [g.option_name(d.kind, o) for o in _first(d)]
            notes.append(f"p{p + 1}: no scripted answer for a {d.kind} decision"
                         f"{' (' + d.prompt + ')' if d.prompt else ''}; took first legal {took}")
        if a.answers:
            notes.append(f"p{p + 1}: {len(a.answers)} scripted answer(s) not used: {a.answers}")
    diffs.extend(compare(g, data.get("expect", {})))
    return ScenarioResult(name, not diffs, diffs, notes)


def _first(d) -> list:
    from ...core.decision import first_legal_answer
    return first_legal_answer(d)


def _scenario_files(paths) -> list:
    out = []
    for p in ([paths] if isinstance(paths, str) else paths):
        if os.path.isdir(p):
            out.extend(sorted(glob.glob(os.path.join(p, "**", "*.json"), recursive=True)))
        else:
            out.append(p)
    return out


def load_and_run(paths, cards: CardTable | None = None, effects: dict | None = None,
                 specials: list | None = None, runtime=None) -> list:
    """Run every scenario in these files/directories (a file holds one scenario object or a
    list of them). Without `cards` the base table is read from the shared TSV."""
    if cards is None:
        from .cards import load_card_table
        from .simulate import DEFAULT_TSV
        cards = load_card_table(DEFAULT_TSV)
    results = []
    for path in _scenario_files(paths):
        try:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            results.append(ScenarioResult(os.path.basename(path), False,
                                          [f"cannot read scenario: {e}"], [], path))
            continue
        for d in (data if isinstance(data, list) else [data]):
            r = run_scenario(d, cards, effects, specials, runtime)
            r.path = path
            results.append(r)
    return results
