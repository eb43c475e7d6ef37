"""An Innovation position drawn for the terminal: Rich renderables, one table per player.

Every name goes into a Text (never parsed as markup), so a card called "[/bold] x" prints as
it is written.
"""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .cards import COLORS
from .describe import BASIC_ICONS, Describer, icon_name
from .state import N_COLORS, unpack_icons

COLOR_STYLE = {"blue": "blue", "red": "red", "green": "green", "yellow": "yellow",
               "purple": "magenta"}


def _achievement(t, c) -> str:
    return t.name[c] if t.is_special[c] or t.kind[c] == "relic" else f"[{t.age[c]}]"


def player_table(game, desc: Describer, p: int) -> Group:
    """Player p's piles (top card, size, splay, visible icons), icon totals and hand (by name
    for the viewer, by age for the others)."""
    st = game.state
    t = game.cards
    ach = st.achievements[p]
    turn = "  <- to play" if p == game.state.current and not game.over else ""
    title = Text(f"{desc.who(p)}{turn}   score {game.score_points(p)} ({len(st.score[p])} cards)"
                 f"   achievements {len(ach)}: "
                 + (" ".join(_achievement(t, c) for c in ach) or "-"), style="bold")
    tab = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
    for col in ("colour", "top card", "cards", "splay", "visible icons"):
        tab.add_column(col)
    for ci, cname in enumerate(COLORS):
        pile = st.board[p][ci]
        if not pile:
            continue
        counts = unpack_icons(st.pile_icons[p * N_COLORS + ci])
        vis = " ".join(f"{icon_name(i)}x{counts[i]}" for i in BASIC_ICONS if counts[i])
        splay = game.splay_of(p, ci)
        tab.add_row(Text(cname, style=COLOR_STYLE[cname]), Text(desc.card(pile[-1])),
                    Text(str(len(pile))), Text("" if splay == "none" else splay), Text(vis or "-"))
    totals = "  ".join(f"{icon_name(i)} {game.icon_count(p, i)}" for i in BASIC_ICONS)
    hand = st.hand[p]
    if desc.viewer is None or desc.viewer == p:
        shown = ", ".join(desc.card(c) for c in sorted(hand, key=lambda c: (t.age[c], t.name[c])))
    else:
        shown = " ".join(f"[{a}]" for a in sorted(t.age[c] for c in hand))
    lines = f"  icons: {totals}\n  hand ({len(hand)}): {shown or '-'}"
    fc = st.forecast[p]
    if fc:  # Echoes: the forecast, seen by its owner only (000 "新关键词：预兆")
        if desc.viewer is None or desc.viewer == p:
            seen = ", ".join(desc.card(c) for c in sorted(fc, key=lambda c: (t.age[c], t.name[c])))
        else:
            seen = " ".join(f"[{a}]" for a in sorted(t.age[c] for c in fc))
        lines += f"\n  forecast ({len(fc)}): {seen}"
    if st.display[p]:  # Artifacts: the display, face up (000 "展示的牌")
        lines += "\n  display: " + ", ".join(desc.card(c) for c in st.display[p])
    return Group(tab, Text(lines))


def footer(game) -> Text:
    """The supply piles' sizes and the achievements still available."""
    st = game.state
    t = game.cards
    parts = []
    for si, name in enumerate(t.set_names):  # each set in play: its piles' sizes
        sup = st.supply[si]
        if si and not any(sup[a] for a in range(1, game.max_age + 1)):
            continue
        sizes = "  ".join(f"[{a}] {len(sup[a])}" for a in range(1, game.max_age + 1))
        parts.append(sizes if si == 0 else f"{name}: {sizes}")
    supply = "\n  ".join(parts)
    avail = sorted(st.available, key=lambda c: (t.is_special[c], t.age[c], t.name[c]))
    relics = ""
    if game.options.relics:  # Artifacts: the available relics area (000 "遗物卡（可选）")
        names = sorted(t.name[c] for c in st.limbo if t.kind[c] == "relic")
        relics = f"\nrelics available: {', '.join(names) or '-'}"
    return Text(f"supply piles: {supply}\nachievements available: "
                f"{' '.join(_achievement(t, c) for c in avail) or '-'}   "
                f"(a player needs {game.needed}){relics}")


def board(game, desc: Describer) -> list:
    return [player_table(game, desc, p) for p in range(game.n_players)] + [footer(game)]
