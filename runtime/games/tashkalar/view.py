"""Tash-Kalar as the front ends show it (runtime/core/contract.py's view): the 9x9 board with
ranks and colours, the numbered legal summons, the story of a game, records for simulations."""
from __future__ import annotations

import hashlib
from collections import Counter

from . import board as B
from .patterns import RANKS

MARK = {0: "c", 1: "H", 2: "L"}
COLOURS = ("blue", "red", "green", "yellow")


def grid_lines(eng) -> list:
    """The board as text: a row a line, `.` an empty square, `1c` p1's common piece, `2H` p2's
    heroic, `1L` a legendary one; blank the cut corners."""
    out = ["    " + "  ".join(f" {c}" for c in B.COLS)]
    for y in range(B.W):
        cells = []
        for x in range(B.W):
            s = B.sq(x, y)
            if not B.on_board(x, y):
                cells.append("  ")
            elif eng.owner[s] < 0:
                cells.append(" *" if s in B.RED or s in B.GREEN else " .")
            else:
                cells.append(f"{eng.owner[s] + 1}{MARK[eng.rank[s]]}")
        out.append(f"{y + 1:>2}  " + "  ".join(cells))
    return out


def legal_summon_lines(eng, p: int) -> list:
    return [f"{i}. {eng.table.cards[c].name} on {B.name(s)} (orientation {o})"
            for i, (c, s, o) in enumerate(eng.legal_summons(p), 1)]


def event_text(eng, e, names) -> str | None:
    t = eng.table.cards
    tag = e[0]
    who = (lambda q: names[q] if 0 <= q < len(names) else f"p{q + 1}")
    if tag == "turn":
        return f"turn {e[2] + 1}: {who(e[1])}"
    if tag == "place":
        return f"{who(e[1])} places a {RANKS[e[3]]} piece on {B.name(e[2])}"
    if tag == "summon":
        return f"{who(e[1])} summons {t[e[2]].name} on {B.name(e[3])}"
    if tag == "destroy":
        return f"{who(e[1])} destroys {who(e[3])}'s {RANKS[e[4]]} piece on {B.name(e[2])}"
    if tag == "move":
        return f"{who(e[1])} moves the piece on {B.name(e[2])} to {B.name(e[3])}"
    if tag in ("upgrade", "downgrade"):
        return f"the piece on {B.name(e[1])} is {tag}d"
    if tag == "flare":
        return f"{who(e[1])} plays the flare {t[e[2]].name}"
    if tag == "freeze":   # 004 扩展 永霜
        return f"{who(e[1])} stores the frozen effect of {t[e[2]].name}"
    if tag == "thaw":
        return f"{who(e[1])} releases the frozen effect of {t[e[2]].name}"
    if tag == "lift":
        return f"{who(e[1])} takes {who(e[3])}'s piece on {B.name(e[2])} onto a card"
    if tag == "drop":
        return f"the piece on {who(e[1])}'s card leaps to {B.name(e[2])}"
    if tag == "swap":
        return f"the pieces on {B.name(e[1])} and {B.name(e[2])} change places"
    if tag == "warp":   # 004 扩展 以太编织
        return f"{who(e[1])} plays the warp effect of {t[e[2]].name} (it stays in warp)"
    if tag == "unwarp":
        return f"{who(e[1])} takes {t[e[2]].name} back from warp"
    if tag == "gateway":   # 004 扩展 虚空
        return f"the piece on {B.name(e[1])} becomes the Gateway"
    if tag == "discard":
        return f"{who(e[1])} discards {t[e[2]].name}" + (
            f" and puts {len(e[3])} card(s) back" if e[3] else "")
    if tag == "task":
        return f"{who(e[1])} claims the task {t[e[2]].name} ({t[e[2]].points} VP)"
    if tag == "vp":   # Deathmatch: a legend summoned, a flare played
        return f"{who(e[1])} scores 1 VP in {who(e[2])}'s colour ({e[3]})"
    if tag == "scored":
        return f"{who(e[1])} scores the pieces destroyed this turn: " + ", ".join(
            f"{v} in {who(q)}'s colour" for q, v in enumerate(e[2]) if q != e[1])
    if tag == "end triggered":
        return f"the end is triggered by {who(e[1])} ({e[2]}): one more turn each"
    return None


class TashKalarView:
    counters = ("summoned",)
    played = "summoned"
    lift_group = "kind"
    length = "actions"
    reasons = ("score",)

    def story(self, state, start: int, names: list, viewer=None, brief: bool = False):
        eng = state.engine
        lines = []
        for e in eng.events[start:]:
            if brief and e[0] not in ("summon", "task", "end triggered"):
                continue
            text = event_text(eng, e, names)
            if text is not None:
                lines.append(("turn" if e[0] == "turn" else "action", text))
        return lines, len(eng.events)

    def board(self, state, names: list, viewer=None) -> list:
        from rich.text import Text
        eng = state.engine
        out = [Text("\n".join(grid_lines(eng)))]
        def nm(q):
            return names[q] if q < len(names) else f"p{q + 1}"

        def colours(q):   # Deathmatch: the score in each opponent's colour (004 死斗规则)
            if not eng.deathmatch:
                return ""
            return " [by colour: " + ", ".join(f"{nm(x)} {eng.colour[q][x]}"
                                               for x in range(eng.n_players) if x != q) + "]"
        score = ", ".join(f"{nm(q)} {eng.score(q)} VP{colours(q)} "
                          f"({eng.pieces(q)} pieces, {eng.upgraded(q)} upgraded)"
                          for q in range(eng.n_players))
        out.append(Text(score))
        if eng.options.tasks:
            out.append(Text("tasks: " + ", ".join(eng.table.cards[c].name for c in eng.tasks[:3])))
        p = eng.current if viewer is None else viewer
        hand = eng.hand[p] + eng.legends[p] + eng.flares[p]
        out.append(Text(f"{names[p] if p < len(names) else f'p{p + 1}'}'s hand: " +
                        ", ".join(eng.table.cards[c].name for c in hand)))
        if eng.frozen[p]:
            out.append(Text("frozen effect stored: " + eng.table.cards[eng.frozen[p][0]].name))
        if eng.pending[p]:
            out.append(Text("in warp (2 points less until summoned): "
                            + eng.table.cards[eng.pending[p][0]].name))
        if eng.portals:   # 004 扩展 虚空: where the Gateway is
            out.append(Text("the Gateway: " + (f"{B.name(eng.portal)}" if eng.portal >= 0
                                               else "none")))
        if eng.borrowed >= 0:   # Possessed Summoner
            out.append(Text(f"your next summon this turn uses {nm(eng.borrowed)}'s pieces"))
        summons = legal_summon_lines(eng, p)
        if summons:
            out.append(Text("legal summons:\n" + "\n".join(summons)))
        return out

    def why_not(self, state, typed: str):
        """Why a move typed in the terminal is not legal ("summon Swordmaster e5": which
        pattern square does not match, in each orientation), or None if it is not one."""
        eng = state.engine
        words = typed.split()
        if not words:
            return None
        p = eng.current
        try:
            if words[0] == "place" and len(words) == 2:
                s = B.parse(words[1])
                if eng.actions_left <= 0:
                    return "no action left this turn"
                return f"{B.name(s)} is not empty" if eng.owner[s] >= 0 else None
            if words[0] == "summon" and len(words) >= 3:
                tail = words[-1]
                o = int(tail) if tail.isdigit() and len(words) >= 4 else None
                sq_word = words[-2] if o is not None else words[-1]
                name = " ".join(words[1:-2] if o is not None else words[1:-1])
                s = B.parse(sq_word)
                c = next((i for i, x in enumerate(eng.table.cards)
                          if x.name.casefold() == name.casefold()), None)
                if c is None:
                    return f"no card named {name!r}"
                info = eng.table.cards[c]
                if info.pattern is None:
                    return f"{info.name} is not a being"
                if o is not None:
                    return eng.why_not(p, c, s, o)
                reasons = [(x.index, eng.why_not(p, c, s, x.index))
                           for x in info.pattern.orientations]
                if any(r is None for _, r in reasons):
                    return None
                return f"{info.name} does not stand on {B.name(s)}: " + "; ".join(
                    f"orientation {i}: {r}" for i, r in reasons)
        except ValueError as e:
            return str(e)
        return None

    def board_first(self, state, pending) -> bool:
        return pending is not None and pending.kind == "action"

    def context(self, state, names: list):
        return None

    def option_detail(self, state, option) -> str:
        v = option.value
        if isinstance(v, tuple) and v and v[0] in ("summon", "flare", "thaw", "warp"):
            eng = state.engine
            c = v[1]
            for kind, _run, text in eng.effects.get(c, ()):
                if v[0] != "warp" or kind == "warp":
                    return text
        return ""

    def card(self, state, name: str):
        eng = state.engine
        c = eng.table.by_name.get(name) if name in eng.table.by_name else next(
            (i for i, x in enumerate(eng.table.cards) if x.name.casefold() == name.strip().casefold()),
            None)
        if c is None:
            return None
        info = eng.table.cards[c]
        text = " ".join(t for _k, _r, t in eng.effects.get(c, ()))
        return f"{info.name} ({info.kind}, {RANKS[info.rank]}): {text}"

    def title(self, state) -> str:
        eng = state.engine
        form = "Deathmatch" if eng.deathmatch else "High Form"
        return f"Tash-Kalar, {form}, {eng.n_players} players"

    def result(self, state, names: list):
        r = state.engine.result() if state.is_terminal() else None
        if r is None:
            return None
        who = " and ".join(names[q] if q < len(names) else f"p{q + 1}" for q in r.winners)
        return f"Game over: {who} win{'s' if len(r.winners) == 1 else ''} " \
               f"({', '.join(str(s) for s in r.scores)} VP)."

    def where(self, state, names: list) -> str:
        eng = state.engine
        return f"turn {eng.turn + 1}, {names[eng.current] if eng.current < len(names) else eng.current} to play"

    def record(self, state) -> dict:
        eng = state.engine
        summoned, who = Counter(), {}
        for e in eng.events:
            if e[0] == "summon":
                summoned[e[2]] += 1
                who.setdefault(e[2], set()).add(e[1])
        r = eng.result()
        return {"winners": list(r.winners) if r else [], "reason": r.reason if r else "unfinished",
                "actions": sum(1 for e in eng.log if e.kind == "action"),
                "decisions": len(eng.log), "turns": eng.turn + 1,
                "cards": {eng.table.cards[c].name: [n, sorted(who[c])]
                          for c, n in sorted(summoned.items())}}

    def catalogue(self, state) -> list:
        return [{"card": c.name, "kind": c.kind, "rank": RANKS[c.rank]}
                for c in state.engine.table.cards]

    def fingerprint(self, state) -> dict:
        eng = state.engine
        names = hashlib.sha256("\n".join(c.name for c in eng.table.cards).encode()).hexdigest()[:12]
        from .game import TashKalarGame   # the compiled runtime's is another class
        mode = "interpreted" if type(eng) is TashKalarGame else "compiled"
        return {"cards": names, "card_set": names, "engine": "tashkalar-1", "mode": mode}


VIEW = TashKalarView()
