"""Innovation in short English: cards, options, and the game's events as a story.

Everything here is plain text (never Rich markup), so it is printed, logged and tested alike;
the front ends print it as text, so a card or player name cannot inject markup.
"""
from __future__ import annotations

import functools

from .cards import COLORS, ICON_BY_ID

ICON_SHORT = {0: "hex", 1: "crown", 2: "leaf", 3: "bulb", 4: "castle", 5: "factory", 6: "clock"}
BASIC_ICONS = (1, 2, 3, 4, 5, 6)

# Zones whose cards everyone sees (000 "开始游戏": boards face up; hands, score piles and
# standard achievements face down, their backs showing the age).
PUBLIC_ZONES = frozenset(("board", "display", "removed"))
ZONE_WORDS = {"score": "score pile", "supply": "the supply", "available": "the achievements",
              "limbo": "out of the game", "removed": "out of the game"}


def icon_name(i: int) -> str:
    return ICON_SHORT.get(i) or ICON_BY_ID.get(i, str(i))


@functools.lru_cache(maxsize=4)
def card_sources(edition: int) -> dict:
    """name -> checked card (IR) of the cards played in `edition`: what texts are rendered from."""
    from runtime.core.cardfiles import game_cards
    from .cardset import select_edition
    return {c.name: c for c in select_edition(list(game_cards("innovation")), edition)}


@functools.lru_cache(maxsize=1024)
def card_text(edition: int, name: str) -> str:
    """A card's effects rendered from its IR (what the engine does)."""
    from dsl.render import render_card
    ir = card_sources(edition).get(name)
    if ir is None:
        return ""
    try:
        return render_card(ir)
    except Exception:  # a renderer gap must not stop a game
        return "(text not available)"


class Describer:
    """Names and texts for one game (an InnovationGame): `names[p]` labels seats ("p1 (you)");
    `viewer` is the seat whose hidden cards may be shown (None: show everything)."""

    def __init__(self, game, cardset=None, names: list | None = None, viewer: int | None = None):
        self.game = game
        self.names = names or [f"p{q + 1}" for q in range(game.n_players)]
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

    def back(self, c: int) -> str:
        """A card as a player sees it face down: its age."""
        return f"a [{self.game.cards.age[c]}]"

    def icons(self, c: int) -> str:
        return " ".join(icon_name(i) for i in self.game.cards.icons[c])

    def text(self, c: int) -> str:
        return card_text(self.game.options.edition, self.game.cards.name[c])

    def card_long(self, c: int) -> str:
        t = self.game.cards
        if t.is_special[c]:
            return f"{t.name[c]} (special achievement)\n  {self.text(c)}"
        head = f"{self.card(c)}  icons: {self.icons(c)}"
        if t.dogma_icon[c] >= 0:
            head += f"  dogma: {icon_name(t.dogma_icon[c])}"
        body = self.text(c)
        return head + ("\n  " + body.replace("\n", "\n  ") if body else "")

    def who(self, p) -> str:
        return self.names[p] if isinstance(p, int) and 0 <= p < len(self.names) else str(p)

    # ---------------------------------------------------------------- what a viewer sees
    def sees(self, c: int, *places) -> bool:
        """Whether the viewer sees card c moving between `places` ((zone, owner) pairs): in a
        public zone, or in a hidden zone of the viewer's own; special achievements always."""
        if self.viewer is None or self.game.cards.is_special[c]:
            return True
        return any(z in PUBLIC_ZONES or (o == self.viewer and z != "supply") for z, o in places)

    def shown(self, c: int, *places) -> str:
        return self.card(c) if self.sees(c, *places) else self.back(c)

    def place(self, zone: str, owner: int, actor: int) -> str:
        word = ZONE_WORDS.get(zone, zone)
        if owner is None or owner < 0 or zone in ("supply", "available", "limbo", "removed"):
            return word
        return word if owner == actor else f"{self.who(owner)}'s {word}"

    # ---------------------------------------------------------------- events
    def event(self, e: tuple) -> str | None:
        """One line for an event (which card moved from where to where), or None for events
        not worth a line."""
        g = self.game
        tag = e[0]
        w = self.who
        if tag == "draw":
            _, p, c, age = e
            return f"{w(p)} draws {self.shown(c, ('hand', p))} from the [{age}] pile into hand"
        if tag == "meld":
            _, p, c, src = e
            return (f"{w(p)} melds {self.card(c)} from {self.place(src, p, p)} onto the "
                    f"{COLORS[g.cards.color[c]]} pile")
        if tag == "tuck":
            _, p, c, src = e
            return (f"{w(p)} tucks {self.card(c)} from {self.place(src, p, p)} under the "
                    f"{COLORS[g.cards.color[c]]} pile")
        if tag == "score":
            _, p, c, src = e
            return (f"{w(p)} scores {self.shown(c, (src, p), ('score', p))} from "
                    f"{self.place(src, p, p)} into the score pile")
        if tag == "return":
            _, p, c, src = e
            return (f"{w(p)} returns {self.shown(c, (src, p))} from {self.place(src, p, p)} "
                    f"to the [{g.cards.age[c]}] supply pile")
        if tag == "transfer":
            _, c, fz, fo, tz, to = e
            return (f"{self.shown(c, (fz, fo), (tz, to))} moves from {self.place(fz, fo, -1)} "
                    f"to {self.place(tz, to, -1)}")
        if tag == "exchange":
            _, ca, za, cb, zb = e  # zones are (player, zone): cards a go from za to zb
            pa, pb = self._zone(za), self._zone(zb)
            places = ((za[1], za[0]), (zb[1], zb[0]))
            a = ", ".join(self.shown(c, *places) for c in ca) or "nothing"
            b = ", ".join(self.shown(c, *places) for c in cb) or "nothing"
            return f"exchange: {a} from {pa} to {pb}; {b} from {pb} to {pa}"
        if tag == "look":
            _, p, c = e
            seen = self.card(c) if self.viewer in (None, p) else f"a [{g.cards.age[c]}] card"
            return f"{w(p)} looks at {seen}"
        if tag == "reveal":
            return f"{w(e[1])} reveals {self.card(e[2])}"
        if tag == "splay":
            _, p, color, d = e
            return f"{w(p)} splays the {color} pile {d}" if d != "none" \
                else f"{w(p)} unsplays the {color} pile"
        if tag == "achieve":
            _, p, c = e
            what = g.cards.name[c] if g.cards.is_special[c] else f"the [{g.cards.age[c]}] achievement"
            return f"{w(p)} achieves {what}"
        if tag == "special":
            return f"{w(e[1])} claims the special achievement {g.cards.name[e[2]]}"
        if tag == "remove":
            _, c, fz, fo = e
            return f"{self.shown(c, (fz, fo))} is removed from the game (from {self.place(fz, fo, -1)})"
        if tag == "rearrange":
            return f"{w(e[1])} rearranges the {e[2]} pile"
        if tag == "dogma":
            c = e[2]
            return f"{w(e[1])} activates {self.card(c)} ({icon_name(g.cards.dogma_icon[c])})"
        if tag == "share":
            return f"{w(e[1])} shares the effects of {g.cards.name[e[2]]}"
        if tag == "demand":
            return f"{g.cards.name[e[2]]} demands of {w(e[1])}"
        if tag == "turn":
            return f"--- turn {e[2] + 1}: {w(e[1])} ---"
        if tag == "game_over":
            return self.result_line(e[1], e[2])
        return None

    def _zone(self, z) -> str:
        if isinstance(z, (list, tuple)) and len(z) == 2:
            return self.place(z[1], z[0], -1)
        return str(z)

    def result_line(self, winners, reason: str) -> str:
        ws = ", ".join(self.who(p) for p in winners)
        verb = "win" if len(winners) > 1 else "wins"
        return f"Game over: {ws} {verb} by {reason}."

    def action_event(self, e: tuple) -> str:
        """("action", p, action) as 'p1 (greedy) melds Oars [1 red]'."""
        _, p, a = e
        k = a[0]
        if k == "meld":
            what = f"melds {self.card(a[1])}"
        elif k == "dogma":
            what = f"activates {self.card(a[1])}"
        elif k == "achieve":
            what = f"achieves the [{a[1]}] achievement"
        elif k == "draw":
            what = "draws"
        else:
            what = " ".join(map(str, a))
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
        if kind == "action":
            return self.action(o)
        if kind in ("card", "order", "achievement") and type(o) is int:
            return self.card(o)
        if kind == "player":
            return self.who(o)
        if kind == "value":
            return f"[{o}]"
        return str(o)

    def option_detail(self, kind: str, o) -> str:
        """The text shown under an option: effects of a card to dogma, icons of a card."""
        g = self.game
        if kind == "action" and o[0] == "dogma":
            return self.text(o[1])
        if kind == "action" and o[0] == "meld":
            return "icons: " + self.icons(o[1])
        if kind in ("card", "order") and type(o) is int and not g.cards.is_special[o]:
            return "icons: " + self.icons(o)
        return ""
