"""Short English for what the terminal shows: cards, events, options.

Everything here is plain text (no Rich markup), so it can be printed, logged and tested alike.
"""
from __future__ import annotations

import functools

from .cards import COLORS, ICON_BY_ID

ICON_SHORT = {0: "hex", 1: "crown", 2: "leaf", 3: "bulb", 4: "castle", 5: "factory", 6: "clock"}
BASIC_ICONS = (1, 2, 3, 4, 5, 6)


def icon_name(i: int) -> str:
    return ICON_SHORT.get(i) or ICON_BY_ID.get(i, str(i))


class Describer:
    """Names and texts for one game: `names[p]` labels seats ("p1 (you)"); `viewer` is the seat
    whose hidden cards may be shown (None: show everything)."""

    def __init__(self, game, cardset, names: list, viewer: int | None = None):
        self.game = game
        self.cs = cardset
        self.names = names
        self.viewer = viewer

    # ---------------------------------------------------------------- cards
    def card(self, c: int) -> str:
        t = self.game.cards
        if c is None or c < 0:
            return "-"
        if t.is_special[c]:
            return t.name[c]
        col = COLORS[t.color[c]] if t.color[c] >= 0 else "?"
        return f"{t.name[c]} [{t.age[c]} {col}]"

    def icons(self, c: int) -> str:
        return " ".join(icon_name(i) for i in self.game.cards.icons[c])

    @functools.lru_cache(maxsize=512)
    def text(self, c: int) -> str:
        """The card's effects rendered from its IR (what the engine does)."""
        from dsl.render import render_card
        ir = self.cs.ir.get(self.game.cards.name[c]) if self.cs is not None else None
        if ir is None:
            return ""
        try:
            return render_card(ir)
        except Exception:  # a renderer gap must not stop a game
            return "(text not available)"

    def card_long(self, c: int) -> str:
        t = self.game.cards
        if t.is_special[c]:
            return f"{t.name[c]} (special achievement)\n  {self.text(c)}"
        head = f"{self.card(c)}  icons: {self.icons(c)}"
        if t.dogma_icon[c] >= 0:
            head += f"  dogma: {icon_name(t.dogma_icon[c])}"
        body = self.text(c)
        return head + ("\n  " + body.replace("\n", "\n  ") if body else "")

    def hidden(self, p: int) -> bool:
        return self.viewer is not None and p != self.viewer

    def who(self, p) -> str:
        return self.names[p] if isinstance(p, int) and 0 <= p < len(self.names) else str(p)

    # ---------------------------------------------------------------- events
    def event(self, e: tuple) -> str | None:
        """One line for an event, or None for events not worth a line."""
        g = self.game
        tag = e[0]
        w = self.who
        if tag == "draw":
            _, p, c, age = e
            return f"{w(p)} draws a [{age}]" if self.hidden(p) else f"{w(p)} draws {self.card(c)}"
        if tag in ("meld", "tuck"):
            _, p, c, src = e
            verb = "melds" if tag == "meld" else "tucks"
            return f"{w(p)} {verb} {self.card(c)}" + ("" if src == "hand" else f" from {src}")
        if tag == "score":
            _, p, c, src = e
            return f"{w(p)} scores {self.card(c)}" + ("" if src == "hand" else f" from {src}")
        if tag == "return":
            _, p, c, src = e
            return f"{w(p)} returns {self.card(c)} from {src}"
        if tag == "transfer":
            _, c, fz, fo, tz, to = e
            src = f"{w(fo)}'s {fz}" if fo >= 0 else fz
            return f"{self.card(c)} moves from {src} to {w(to)}'s {tz}"
        if tag == "exchange":
            _, ca, za, cb, zb = e
            return (f"exchange: {', '.join(map(self.card, ca)) or 'nothing'} ({self._zone(za)}) "
                    f"<-> {', '.join(map(self.card, cb)) or 'nothing'} ({self._zone(zb)})")
        if tag == "reveal":
            return f"{w(e[1])} reveals {self.card(e[2])}"
        if tag == "splay":
            _, p, color, d = e
            return f"{w(p)} splays {color} {d}" if d != "none" else f"{w(p)} unsplays {color}"
        if tag == "achieve":
            _, p, c = e
            what = f"the [{g.cards.age[c]}] achievement" if not g.cards.is_special[c] else g.cards.name[c]
            return f"{w(p)} achieves {what}"
        if tag == "special":
            return f"{w(e[1])} claims the special achievement {g.cards.name[e[2]]}"
        if tag == "remove":
            return f"{self.card(e[1])} is removed from the game"
        if tag == "rearrange":
            return f"{w(e[1])} rearranges the {e[2]} pile"
        if tag == "dogma":
            return f"{w(e[1])} activates {self.card(e[2])}"
        if tag == "share":
            return f"  {w(e[1])} shares {g.cards.name[e[2]]}"
        if tag == "demand":
            return f"  {g.cards.name[e[2]]} demands of {w(e[1])}"
        if tag == "turn":
            return f"--- turn {e[2] + 1}: {w(e[1])} ---"
        if tag == "game_over":
            return self.result_line(e[1], e[2])
        return None

    def _zone(self, z) -> str:
        if isinstance(z, (list, tuple)) and len(z) == 2:
            return f"{self.who(z[0])}'s {z[1]}"
        return str(z)

    def result_line(self, winners, reason: str) -> str:
        ws = ", ".join(self.who(p) for p in winners)
        verb = "win" if len(winners) > 1 else "wins"
        return f"Game over: {ws} {verb} by {reason}."

    def action_event(self, e: tuple) -> str:
        """("action", p, action) as 'p1 (greedy) melds Oars [1 red]'."""
        _, p, a = e
        k = a[0]
        what = {"draw": lambda: "draws",
                "meld": lambda: f"melds {self.card(a[1])}",
                "dogma": lambda: f"activates {self.card(a[1])}",
                "achieve": lambda: f"achieves the [{a[1]}] achievement"}.get(k, lambda: " ".join(map(str, a)))()
        return f"{self.who(p)} {what}"

    # ---------------------------------------------------------------- options
    def action(self, a: tuple) -> str:
        g = self.game
        k = a[0]
        if k == "draw":
            return f"Draw a [{max(1, g.highest_top_age(g.current_player))}]"
        if k == "meld":
            return f"Meld {self.card(a[1])}"
        if k == "dogma":
            return f"Dogma {self.card(a[1])} ({icon_name(g.cards.dogma_icon[a[1]])})"
        if k == "achieve":
            return f"Achieve the [{a[1]}] achievement"
        return " ".join(map(str, a))

    def option(self, kind: str, o) -> str:
        g = self.game
        if kind == "action":
            return self.action(o)
        if kind in ("card", "order", "achievement") and type(o) is int:
            return self.card(o)
        if kind == "player":
            return self.who(o)
        if kind == "color":
            return str(o)
        if kind == "value":
            return f"[{o}]"
        return str(o)

    def option_detail(self, kind: str, o) -> str:
        """The text shown under an option: effects of a card to dogma or choose."""
        g = self.game
        if kind == "action" and o[0] == "dogma":
            return self.text(o[1])
        if kind == "action" and o[0] == "meld":
            return "icons: " + self.icons(o[1])
        if kind in ("card", "order") and type(o) is int and not g.cards.is_special[o]:
            return "icons: " + self.icons(o)
        return ""
