"""Innovation's compiled forms (dsl/codegen/emit.py): how its zones are listed in generated
code, and the helpers of its compiled modules that generated code calls through C. The inline
form of each verb, function and test is declared with it (verbs/, functions.py)."""
from __future__ import annotations

from dsl.codegen.emit import lit

from .cards import COLORS

ICONS = ("crown", "leaf", "lightbulb", "castle", "factory", "clock")


class InnovationInline:
    # (module, name, alias): what generated code cimports from the compiled runtime
    cimports = (
        ("runtime.games.innovation.zones", "cards_of", "cards_of"),
        ("runtime.games.innovation.zones", "cards_in", "cards_in"),
        ("runtime.games.innovation.zones", "cards_seen", "cards_seen"),
        ("runtime.games.innovation.zones", "colors_on", "colors_on"),
        ("runtime.games.innovation.functions", "color_of", "color_of"),
        ("runtime.games.innovation.functions", "card_value", "card_value"),
        ("runtime.games.innovation.functions", "top_card", "top_card"),
        ("runtime.games.innovation.functions", "pile_icons", "pile_icons"),
        ("runtime.games.innovation.functions", "colors_in", "colors_in"),
        ("runtime.games.innovation.functions", "extreme_value", "extreme_value"),
        ("runtime.games.innovation.functions", "highest_bonus", "highest_bonus"),
        ("runtime.games.innovation.functions", "bonus_count_of", "bonus_count_of"),
        ("runtime.games.innovation.functions", "pile_slots_of", "pile_slots_of"),
        ("runtime.games.innovation.functions", "piles_with_of", "piles_with_of"),
        ("runtime.games.innovation.verbs.cards", "execute_card", "execute_card"),
        ("runtime.games.innovation.verbs.cards", "achieve_card", "achieve_card"),
        ("runtime.games.innovation.verbs.draw", "draw_cards", "draw_cards"),
        ("runtime.games.innovation.verbs.cards", "reveal_card", "reveal_card"),
        ("runtime.games.innovation.verbs.moves", "return_items", "return_items"),
        ("runtime.games.innovation.verbs.moves", "transfer_items", "transfer_items"),
        ("runtime.games.innovation.verbs.moves", "exchange_items", "exchange_items"),
        ("runtime.games.innovation.verbs.piles", "splay_items", "splay_items"),
        ("runtime.games.innovation.verbs.piles", "splayable", "splayable"),
    )

    def listing(self, noun: str, zone: str, single: bool, players: str, position: str):
        """The items of type `noun` in `zone` of the players (one player's expression when
        `single`, else a list's), as zones.lister gives them; None: no inline form."""
        if noun == "color":
            return f"colors_on(_game(env), {'[' + players + ']' if single else players})"
        if noun != "card":
            return None
        if single:
            return f"cards_of(env, {lit(zone)}, {players}, {position})"
        return f"cards_in(env, {lit(zone)}, {players}, {position})"

    def seen_listing(self, noun: str, zone: str, single: bool, players: str, position: str):
        """listing() for a loop that only reads the items (emit.py): one player's hand or
        score pile without the copy (zones.cards_seen); None: the plain listing."""
        if noun == "card" and single and zone in ("hand", "score"):
            return f"cards_seen(env, {lit(zone)}, {players}, {position})"
        return None

    def domain(self, noun: str):
        """Every thing of type `noun` (zones.DOMAINS), as a new list."""
        return {"color": "[" + ", ".join(map(lit, COLORS)) + "]",
                "value": "list(range(1, _game(env).max_age + 1))",
                "player": "_game(env).players_in_order(_executor(env))",
                "icon": "[" + ", ".join(map(lit, ICONS)) + "]"}.get(noun)
