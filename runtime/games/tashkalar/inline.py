"""Tash-Kalar's compiled forms (dsl/codegen/emit.py): what generated card code cimports from
the compiled runtime and how its zones are listed. The inline form of each test is declared
with it (verbs.py: piece_test, called through C)."""
from __future__ import annotations

from dsl.codegen.emit import lit


class TashKalarInline:
    # (module, name, alias): what generated code cimports from the compiled runtime
    cimports = (
        ("runtime.games.tashkalar.verbs", "piece_test", "piece_test"),
        ("runtime.games.tashkalar.verbs", "lister", "tk_lister"),
        ("runtime.games.tashkalar.verbs", "moves", "tk_moves"),
        ("runtime.games.tashkalar.verbs", "place_on", "tk_place"),
    )

    def listing(self, noun: str, zone: str, single: bool, players: str, position: str):
        """The items of type `noun` in `zone` (verbs.lister, called through C)."""
        if noun not in ("piece", "square"):
            return None
        return f"tk_lister(env, {lit(noun)}, {lit(zone)}, None, {position})"

    def domain(self, noun: str):
        return None
