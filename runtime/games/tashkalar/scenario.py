"""Tash-Kalar's zones for the scenario runner (runtime/core/scenario.py) and its words in
card examples (runtime/core/examples.py).

    setup:  players: {pN: {pieces: ["e5", "d4 heroic", "c3 legendary"], hand, legends,
            flares: [cards], deck: [cards, top first], vp: N, colours: {pM: N} (Deathmatch:
            the score in each opponent's colour)}}, tasks: [the queue], current_player,
            actions_left (default 2), turn (default 2)
    expect: players: {pN: {pieces (exactly these), hand, legends, flares (multisets),
            vp, score, colours}}, tasks; only the listed zones are compared
    steps:  place (square), summon (card, square, orientation: optional, the first in which
            it stands; improvised: pN, with one piece of that opponent), discard, flare
            (card), end

Card examples:

    given:
        p1 pieces: d5, f5, e4 heroic     # a square, then the rank (common by default)
        p2 pieces: f6
        p1 hand: Swordmaster             # also legends, flares, deck (top first), vp: 3
        current: p1                      # actions: 1, turn: 0
        queue: Destruction, ...          # the task queue, the first three available
    do:
        p1 summon: Swordmaster, e5       # place: e5; discard; flare: NAME; end
        p1 summon: Knight, e5, 0, improvised p2   # an orientation; an opponent's piece used
        p1 choose: f6                    # squares by name, cards by name, yes / no
    expect:
        p1 pieces: e5 heroic, d5, f5     # exactly p1's pieces
        p2 pieces:                       # none
"""
from __future__ import annotations

import re
from pathlib import Path

from dsl.errors import did_you_mean

from runtime.core.examples import ExampleError, Words, check_example
from runtime.core.scenario import ScenarioInputError, Zones
from runtime.core.scenario_schema import Checker, show

from . import board as B
from .patterns import RANKS

PLAYER_ZONES = ("hand", "legends", "flares", "deck", "frozen", "discards", "pending")
SETUP_KEYS = {"players": "each player's pieces and cards", "tasks": "the task queue",
              "current_player": "whose turn", "actions_left": "actions left in the turn",
              "turn": "the turn number",
              "gateway": "the Gateway's square (004 扩展 虚空), or none"}
EXPECT_KEYS = {"players": "each player's pieces and cards", "tasks": "the task queue",
               "actions_left": "the actions left in the turn",
               "gateway": "the Gateway's square (004 扩展 虚空), or none"}
ACTIONS = {"place": ("square",), "summon": ("card", "square", "orientation", "improvised"),
           "discard": (),
           "flare": ("card",), "thaw": ("card",), "warp": ("card",), "end": ()}
SETUP_PLAYER = ("pieces",) + PLAYER_ZONES + ("vp", "colours")
EXPECT_PLAYER = ("pieces", "hand", "legends", "flares", "frozen", "discards", "pending", "vp",
                 "score", "colours")


def seat(name) -> int:
    return int(name[1:]) - 1


def piece(text: str) -> tuple:
    """'e5' or 'e5 heroic' -> (square, rank); ValueError with the reason."""
    parts = text.split()
    if not parts or len(parts) > 2:
        raise ValueError(f"'{text}' is not a piece: a square and a rank, such as 'e5 heroic'")
    s = B.parse(parts[0])
    rank = parts[1] if len(parts) == 2 else "common"
    if rank not in RANKS:
        raise ValueError(f"'{rank}' is not a rank (common, heroic, legendary)")
    return s, RANKS.index(rank)


def card_names(root=None) -> dict:
    """Every card name of cards/tashkalar and its kind, read from the files' headers (light:
    no checking, so that checking a card's examples does not load the whole set)."""
    from runtime.core.cardfiles import CARDS_ROOT
    out = {}
    for f in sorted(Path(root or CARDS_ROOT / "tashkalar").rglob("*.card")):
        text = f.read_text(encoding="utf-8", errors="replace")
        for m in re.finditer(r'^card "((?:[^"\\]|\\.)*)"', text, re.M):
            kind = re.search(r"^\s+kind (\w+)", text[m.end():], re.M)
            out[m.group(1)] = kind.group(1) if kind else "being"
    return out


class TashKalarScenarios(Zones):
    setup_keys = SETUP_KEYS
    expect_keys = EXPECT_KEYS
    actions = ACTIONS
    game_over_reasons = ("score",)

    def __init__(self, mode: str = "interpreted", cardset=None, names=None):
        from .definition import GAME
        self.game = GAME
        self.mode, self._cardset, self._names = mode, cardset, names

    @property
    def names(self) -> dict:
        if self._names is None:
            if self._cardset is not None:
                self._names = {c.name: c.kind for c in self._cardset.table.cards}
            else:
                self._names = card_names()
        return self._names

    # ---- checks
    def _card(self, name, path, chk: Checker, kinds=None) -> bool:
        if not chk.text(name, path, "a card"):
            return False
        kind = self.names.get(name)
        if kind is None:
            return chk.error(path, f"unknown card {show(name)}", "a card name as written",
                             did_you_mean(name, list(self.names)))
        if kinds and kind not in kinds:
            return chk.error(path, f"{show(name)} is a {kind}, not a {' or '.join(kinds)}",
                             f"a {' or '.join(kinds)} card")
        return True

    def _pieces(self, v, path, chk: Checker, seen: dict) -> None:
        if not chk.lst(v, path, "pieces"):
            return
        for i, t in enumerate(v):
            if not chk.text(t, path + (i,), "a piece"):
                continue
            try:
                s, _ = piece(t)
            except ValueError as e:
                chk.error(path + (i,), str(e), "a square a-i 1-9 and a rank, such as 'e5 heroic'")
                continue
            if s in seen:
                chk.error(path + (i,), f"two pieces on {B.name(s)}", "one piece a square")
            seen[s] = path

    def _players(self, v, path, chk, n, keys, placing):
        if not chk.obj(v, path, [f"p{i + 1}" for i in range(n)], "players"):
            return
        seen: dict = {}
        kinds = {"hand": ("being",), "legends": ("legend",), "flares": ("flare",),
                 "deck": ("being",), "frozen": ("being",), "discards": ("being",),
                 "pending": ("being",)}
        for pname, zones in v.items():
            at = path + (pname,)
            if chk.player(pname, at, n, at_key=True) is None:
                continue
            if not chk.obj(zones, at, keys, f"{pname}'s zones"):
                continue
            for k, val in zones.items():
                if k == "pieces":
                    self._pieces(val, at + (k,), chk, seen if placing else {})
                elif k in ("vp", "score"):
                    chk.integer(val, at + (k,), 0, 99, k)
                elif k == "colours":   # Deathmatch: the score in each opponent's colour
                    if chk.obj(val, at + (k,), [f"p{i + 1}" for i in range(n)], "colours"):
                        for q, pts in val.items():
                            if chk.player(q, at + (k, q), n, at_key=True) is not None:
                                chk.integer(pts, at + (k, q), 0, 99, "a colour's score")
                elif chk.lst(val, at + (k,), k):
                    for i, name in enumerate(val):
                        self._card(name, at + (k, i), chk, kinds.get(k))

    def check_setup(self, setup, path, chk, n, options):
        if "players" in setup:
            self._players(setup["players"], path + ("players",), chk, n, SETUP_PLAYER, True)
        if "tasks" in setup and chk.lst(setup["tasks"], path + ("tasks",), "tasks"):
            for i, name in enumerate(setup["tasks"]):
                self._card(name, path + ("tasks", i), chk, ("task",))
        if "current_player" in setup:
            chk.player(setup["current_player"], path + ("current_player",), n)
        if "actions_left" in setup:
            chk.integer(setup["actions_left"], path + ("actions_left",), 0, 9, "actions_left")
        if "turn" in setup:
            chk.integer(setup["turn"], path + ("turn",), 0, 10000, "turn")
        if "gateway" in setup:
            self._gateway(setup["gateway"], path + ("gateway",), chk)

    def _gateway(self, v, path, chk) -> None:
        if v is None or v == "none":
            return
        if chk.text(v, path, "a square"):
            try:
                B.parse(v)
            except ValueError as e:
                chk.error(path, str(e), "a square such as e5, or none")

    def check_expect(self, expect, path, chk, n, options):
        if "players" in expect:
            self._players(expect["players"], path + ("players",), chk, n, EXPECT_PLAYER, False)
        if "tasks" in expect and chk.lst(expect["tasks"], path + ("tasks",), "tasks"):
            for i, name in enumerate(expect["tasks"]):
                self._card(name, path + ("tasks", i), chk, ("task",))
        if "gateway" in expect:
            self._gateway(expect["gateway"], path + ("gateway",), chk)
        if "actions_left" in expect:
            chk.integer(expect["actions_left"], path + ("actions_left",), 0, 9, "actions_left")

    def check_action(self, step, path, chk, n):
        kind = step["action"]
        if kind in ("place", "summon"):
            if "square" not in step:
                chk.error(path, f"a {kind} step needs a 'square'", '"square": "e5"')
            elif chk.text(step["square"], path + ("square",), "a square"):
                try:
                    B.parse(step["square"])
                except ValueError as e:
                    chk.error(path + ("square",), str(e), "a square such as e5")
        if kind in ("summon", "flare", "thaw", "warp"):
            if "card" not in step:
                chk.error(path, f"a {kind} step needs a 'card'", '"card": "Swordmaster"')
            else:
                self._card(step["card"], path + ("card",), chk,
                           {"summon": ("being", "legend"), "flare": ("flare",),
                            "thaw": ("being",), "warp": ("being",)}[kind])
        if "orientation" in step:
            chk.integer(step["orientation"], path + ("orientation",), 0, 7, "orientation")
        if "improvised" in step:
            chk.player(step["improvised"], path + ("improvised",), n)

    # ---- running
    def cardset(self):
        if self._cardset is not None:
            return self._cardset
        from .cardset import load_cardset
        return load_cardset(self.mode)

    def build(self, data: dict):
        from runtime.core.machine import STEPS, EngineState
        opts = self.game.options(data.get("options", {}))
        cs = self.cardset()
        g = self.game.engine(opts, data.get("seed", 0), self.mode, cards=cs)
        setup = data.get("setup", {})
        t = cs.table
        try:
            place_position(g, setup, t)
        except (ValueError, KeyError) as e:
            raise ScenarioInputError(("setup",), str(e)) from None
        return EngineState(self.game, g, STEPS)

    def _action(self, eng, step: dict):
        kind = step["action"]
        p = seat(step["actor"])
        if kind == "place":
            return ("place", B.parse(step["square"]))
        if kind == "summon":
            c = eng.table.by_name[step["card"]]
            s = B.parse(step["square"])
            extra = (seat(step["improvised"]),) if "improvised" in step else ()
            if "orientation" in step:
                return ("summon", c, s, step["orientation"]) + extra
            found = eng.legal_summons(p, improvised=bool(extra))
            for x in found:
                if x[:2] == (c, s) and x[3:] == extra:
                    return ("summon",) + tuple(x)
            return ("summon", c, s, 0) + extra
        if kind in ("flare", "thaw", "warp"):
            return (kind, eng.table.by_name[step["card"]])
        return (kind,)

    def action_option(self, state, step: dict) -> str:
        eng = state.engine
        return eng.option_id("action", self._action(eng, step))

    def why_illegal(self, state, step: dict):
        eng = state.engine
        a = self._action(eng, step)
        p = seat(step["actor"])
        if a[0] == "place" and eng.owner[a[1]] >= 0:
            return f"{B.name(a[1])} is not empty"
        if a[0] == "summon":
            info = eng.table.cards[a[1]]
            if len(a) == 5 and a[4] in eng.improvised[p] and not eng.bonus_improvisation:
                return (f"you have improvised with p{a[4] + 1}'s pieces already (004 即兴召唤: "
                        "once per opponent colour)")
            if a[1] not in eng.summonable_cards(p):
                return eng.why_not(p, a[1], a[2], 0)
            if "orientation" in step:
                return eng.why_not(p, a[1], a[2], a[3])
            reasons = [eng.why_not(p, a[1], a[2], o.index) for o in info.pattern.orientations]
            return f"{info.name} does not stand on {B.name(a[2])}: " + "; ".join(
                f"orientation {o.index}: {r}" for o, r in zip(info.pattern.orientations, reasons))
        if a[0] == "flare" and a[1] in eng.flares[p] and not eng.flare_halves(p, a[1]):
            return "neither of the flare's conditions holds"
        if a[0] == "thaw" and a[1] not in eng.frozen[p]:
            return (f"{eng.table.cards[a[1]].name}'s frozen effect is not stored "
                    "(004 扩展 永霜: only the stored frozen effect is released)")
        if a[0] == "warp":   # 004 扩展 以太编织
            name = eng.table.cards[a[1]].name
            if a[1] not in eng.hand[p]:
                return f"{name} is not in your hand"
            if not eng.has_warp[a[1]]:
                return f"{name} has no warp effect"
            if eng.turn == 0:
                return "no warp on the game's first turn (004 扩展 以太编织)"
            if eng.pending[p]:
                return (f"{eng.table.cards[eng.pending[p][0]].name} is in warp already (004 扩展 "
                        "以太编织: no other warp until it is summoned)")
        if a[0] == "discard" and eng.discarded:
            return "a card was discarded this turn already (once a turn)"
        return None

    def compare(self, state, expect: dict) -> list:
        eng = state.engine
        t = eng.table
        diffs = []
        for pname, zones in expect.get("players", {}).items():
            p = seat(pname)
            if "pieces" in zones:
                want = sorted(piece(x) for x in zones["pieces"])
                got = sorted((s, eng.rank[s]) for s in B.SQUARES if eng.owner[s] == p)
                if want != got:
                    show_ = (lambda xs: [f"{B.name(s)} {RANKS[r]}" for s, r in xs])
                    diffs.append(f"{pname} pieces: expected {show_(want)}, got {show_(got)}")
            for z in ("hand", "legends", "flares", "frozen", "discards", "pending"):
                if z in zones:
                    got = sorted(t.cards[c].name for c in getattr(eng, z)[p])
                    if sorted(zones[z]) != got:
                        diffs.append(f"{pname} {z}: expected {sorted(zones[z])}, got {got}")
            if "vp" in zones and eng.vp[p] != zones["vp"]:
                diffs.append(f"{pname} vp: expected {zones['vp']}, got {eng.vp[p]}")
            if "colours" in zones:
                got = {f"p{q + 1}": eng.colour[p][q] for q in range(eng.n_players) if q != p}
                want = {q: zones["colours"].get(q, 0) for q in got}
                if got != want:
                    diffs.append(f"{pname} colours: expected {want}, got {got}")
            if "score" in zones and eng.score(p) != zones["score"]:
                diffs.append(f"{pname} score: expected {zones['score']}, got {eng.score(p)}")
        if "actions_left" in expect and eng.actions_left != expect["actions_left"]:
            diffs.append(f"actions left: expected {expect['actions_left']}, got "
                         f"{eng.actions_left}")
        if "gateway" in expect:
            want = expect["gateway"] or "none"
            got = B.name(eng.portal) if eng.portal >= 0 else "none"
            if want != got:
                diffs.append(f"gateway: expected {want}, got {got}")
        if "tasks" in expect:
            got = [t.cards[c].name for c in eng.tasks]
            if got != list(expect["tasks"]):
                diffs.append(f"tasks: expected {list(expect['tasks'])}, got {got}")
        return diffs

    def outcome(self, state):
        r = state.result()
        if r is None:
            return None
        return {"winners": sorted(f"p{w + 1}" for w in r.winners), "reason": r.reason}

    def example_words(self):
        return TashKalarWords()


def place_position(g, setup: dict, t) -> None:
    """The position of `setup` on a game made without its set-up: pieces, hands, decks (the
    rest of each player's deck shuffled below the listed cards), the task queue."""
    n = g.n_players
    players = setup.get("players", {})
    for pname, zones in players.items():
        p = seat(pname)
        for text in zones.get("pieces", []):
            s, r = piece(text)
            g.owner[s], g.rank[s] = p, r
            if r == 2:
                g.legend_supply[p] -= 1
            else:
                g.supply[p] -= 1
            if g.supply[p] < 0 or g.legend_supply[p] < 0:
                raise ValueError(f"{pname} has more pieces than a colour has")
        g.vp[p] = zones.get("vp", 0)
        for q, pts in zones.get("colours", {}).items():
            g.colour[p][seat(q)] = pts
    g.board_changed()   # the pieces set square by square: the bitboards made afresh
    used_legends, used_flares = set(), set()
    for p in range(n):
        zones = players.get(f"p{p + 1}", {})
        g.hand[p] = [t.by_name[x] for x in zones.get("hand", [])]
        g.legends[p] = [t.by_name[x] for x in zones.get("legends", [])]
        g.flares[p] = [t.by_name[x] for x in zones.get("flares", [])]
        g.frozen[p] = [t.by_name[x] for x in zones.get("frozen", [])]
        g.discards[p] = [t.by_name[x] for x in zones.get("discards", [])]
        # 004 扩展 以太编织: a card in warp is a card of the hand
        g.pending[p] = [t.by_name[x] for x in zones.get("pending", [])]
        g.hand[p] += [c for c in g.pending[p] if c not in g.hand[p]]
        used_legends.update(g.legends[p])
        used_flares.update(g.flares[p])
        top = [t.by_name[x] for x in zones.get("deck", [])]
        rest = [c for c in t.ids("being", g.options.decks[p % len(g.options.decks)])
                if c not in g.hand[p] and c not in top and c not in g.frozen[p]
                and c not in g.discards[p]]
        g.rng.shuffle(rest)
        g.deck[p] = rest + list(reversed(top))       # the top is the list's end
    g.legend_deck = [c for c in t.ids("legend") if c not in used_legends]
    g.rng.shuffle(g.legend_deck)
    g.flare_deck = [c for c in t.ids("flare") if c not in used_flares]
    g.rng.shuffle(g.flare_deck)
    if "tasks" in setup:
        g.tasks = [t.by_name[x] for x in setup["tasks"]]
        g.task_deck = [c for c in t.ids("task") if c not in g.tasks]
        g.rng.shuffle(g.task_deck)
    elif g.options.tasks:
        g.task_deck = t.ids("task")
        g.rng.shuffle(g.task_deck)
        g._deal_tasks()
    g.current = seat(setup.get("current_player", "p1"))
    g.turn = int(setup.get("turn", 2))
    if g.turn % n != g.current:   # the turn number says whose turn it is
        g.turn += (g.current - g.turn) % n
    g.actions_left = int(setup.get("actions_left", 2))
    # 004 扩展 虚空: the Gateway is kept when a seat plays Nethervoid, or the position names
    # it or holds a Nethervoid card (an example of a Nethervoid being in the default decks)
    if "gateway" in setup or any(t.cards[c].deck == "nethervoid"
                                 for p in range(n) for c in g.hand[p] + g.discards[p]):
        g.portals = True
    gate = setup.get("gateway")
    if gate and gate != "none":   # 004 扩展 虚空: the Gateway on that square's piece
        s = B.parse(gate)
        if g.owner[s] < 0:
            raise ValueError(f"the Gateway is a piece's marker: no piece on {gate}")
        g.portal = s


# ------------------------------------------------------------------ card examples
class TashKalarWords(Words):
    actions = tuple(ACTIONS)
    player_lines = "pN pieces|hand|legends|flares|frozen|discards|pending|deck|vp|score"
    other_lines = "queue (the tasks), current, actions, turn, gateway"
    other_keys = ("queue", "current", "actions", "turn", "gateway")
    game_over_default = "score"

    def __init__(self):
        from .definition import GAME
        self.game = GAME

    def player_line(self, part, player, key, items, line, out):
        base = (part, "players", player)
        allowed = SETUP_PLAYER if part == "setup" else EXPECT_PLAYER
        if len(key) == 1 and key[0] in ("vp", "score") and key[0] in allowed:
            if len(items) != 1 or not items[0].text.isdigit():
                raise ExampleError(line.span, f"'{key[0]}' takes one number", "a number")
            out.put(base + (key[0],), int(items[0].text), items[0].span)
        elif len(key) == 1 and key[0] in allowed:
            out.add(base + (key[0],), items, line.span)
        else:
            words = " ".join(key)
            raise ExampleError(line.key[0].span, f"unknown {part} line '{player} {words}'",
                               "pN " + "|".join(allowed), did_you_mean(words, list(allowed)))

    def other_line(self, part, key, items, line, out) -> bool:
        texts = [i.text for i in items]
        if key == ["queue"]:
            out.add((part, "tasks"), items, line.span)
            return True
        if key == ["gateway"]:   # 004 扩展 虚空: the Gateway's square (none: no Gateway)
            if len(texts) > 1:
                raise ExampleError(line.span, "'gateway' takes one square", "'gateway: e5'")
            out.put((part, "gateway"), texts[0] if texts else "none", line.span)
            return True
        if part == "expect" and key == ["actions"]:   # the actions left in the turn
            if len(texts) != 1 or not texts[0].isdigit():
                raise ExampleError(line.span, "'actions' takes one number", "a number")
            out.put(("expect", "actions_left"), int(texts[0]), line.span)
            return True
        if part != "setup" or len(key) != 1:
            return False
        if key[0] == "current":
            out.put(("setup", "current_player"), texts[0] if texts else "", line.span)
            return True
        if key[0] in ("actions", "turn"):
            if len(texts) != 1 or not texts[0].isdigit():
                raise ExampleError(line.span, f"'{key[0]}' takes one number", "a number")
            out.put(("setup", "actions_left" if key[0] == "actions" else "turn"),
                    int(texts[0]), line.span)
            return True
        return False

    def action(self, step, items, line, out, path):
        kind = step["action"]
        texts = [i.text for i in items]
        if kind == "place":
            if len(texts) != 1:
                raise ExampleError(line.span, "a place line names one square", "'p1 place: e5'")
            out.put(path + ("square",), texts[0], items[0].span)
        elif kind == "summon":
            if len(texts) not in (2, 3, 4):
                raise ExampleError(line.span, "a summon line names a card and a square",
                                   "'p1 summon: Swordmaster, e5' (and an orientation 0-7, "
                                   "and 'improvised p2')")
            out.put(path + ("card",), texts[0], items[0].span)
            out.put(path + ("square",), texts[1], items[1].span)
            if len(texts) == 3:
                if not texts[2].isdigit():
                    raise ExampleError(items[2].span, "an orientation is a number 0-7", "0-7")
                out.put(path + ("orientation",), int(texts[2]), items[2].span)
            if len(texts) == 4:
                m = re.fullmatch(r"improvised (p[1-4])", texts[3])
                if not m:
                    raise ExampleError(items[3].span, "an improvised summon names the opponent "
                                       "whose piece it uses", "'improvised p2'")
                out.put(path + ("improvised",), m.group(1), items[3].span)
        elif kind in ("flare", "thaw", "warp"):
            if len(texts) != 1:
                raise ExampleError(line.span, f"a {kind} line names one card",
                                   f"'p1 {kind}: NAME'")
            out.put(path + ("card",), texts[0], items[0].span)
        elif texts:
            raise ExampleError(line.span, f"'{kind}' takes nothing", f"'p1 {kind}:'")


def check_examples(card, path: str) -> list:
    """The problems of a card's examples (what `cardlang check` reports), located."""
    if not card.examples:
        return []
    names = card_names()
    folder = Path(path).resolve().parent
    from runtime.core.cardfiles import CARDS_ROOT
    if CARDS_ROOT.resolve() not in folder.parents:
        names.update(card_names(folder))
    names.setdefault(card.name, "being")
    zones = TashKalarScenarios(names=names)
    words = TashKalarWords()
    out = []
    for ex in card.examples:
        out.extend(check_example(ex, card, words, zones))
    return out
