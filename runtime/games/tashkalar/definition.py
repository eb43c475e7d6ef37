"""Tash-Kalar as the core's Game: its name, options, vocabulary and new states."""
from __future__ import annotations

from runtime.core.contract import Game, OptionSpec
from runtime.core.errors import BadOptions

DECKS = ("imperial",)   # the decks whose cards are written (Highland and Sylvan: to come)


class TashKalar(Game):
    name = "tashkalar"
    title = "Tash-Kalar (High Form, 2 players; Deathmatch to come)"
    min_players = 2
    max_players = 2
    option_specs = (
        OptionSpec("players", 2, "number of players (High Form: 2)", minimum=2, maximum=2),
        OptionSpec("deck", "imperial", "the deck of the first player", choices=DECKS),
        OptionSpec("deck2", "imperial", "the deck of the second player", choices=DECKS),
        OptionSpec("tasks", True, "High Form: the task queue"),
    )

    def vocabulary(self):
        from .vocabulary import v
        return v

    def rules_options(self, opts: dict):
        from .game import Options
        return Options(players=opts["players"], decks=(opts["deck"], opts["deck2"]),
                       tasks=bool(opts["tasks"]))

    def engine(self, options: dict | None = None, seed: int = 0, mode: str = "interpreted",
               record_events: bool = False, cards=None):
        from .cardset import load_cardset
        from .game import TashKalarGame
        opts = self.options(options)
        cs = load_cardset(mode) if cards is None else cards
        return TashKalarGame(cs.table, cs.effects, self.rules_options(opts), seed,
                             record_events=record_events)

    def new_state(self, options: dict | None = None, seed: int = 0, mode: str = "interpreted",
                  record_events: bool = False):
        from runtime.core.machine import EngineState
        self.options(options)

        def fresh():
            return self.engine(options, seed, mode, record_events)
        return EngineState(self, None, fresh=fresh)

    def load_state(self, text: str, mode: str = "interpreted", record_events: bool = False):
        from runtime.core.errors import BadSave
        from runtime.core.machine import EngineState, parse_saved
        header, entries = parse_saved(text, self.name)
        seed = header.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 64:
            raise BadSave(f"the seed must be a whole number from 0 to 2**64 - 1, not {seed!r}")
        try:
            engine = self.engine(dict(header.get("options") or {}), seed, mode, record_events)
        except BadOptions as e:
            raise BadSave(f"options: {e}") from None
        return EngineState.replayed(self, engine, entries)

    def view(self):
        from .view import VIEW
        return VIEW

    def compile(self, cards: list, label: str, progress=None, force: bool = False):
        raise NotImplementedError("tashkalar has no compiled mode yet: play it interpreted")

    def cardset(self, mode: str = "interpreted", cards=None, **options):
        from .cardset import build_cardset, load_cardset
        if cards is None:
            return load_cardset(mode)
        return build_cardset(list(cards), mode)

    def scenarios(self, mode: str = "interpreted", cards=None):
        from .scenario import TashKalarScenarios
        from .cardset import build_cardset, load_cardset
        cs = load_cardset(mode) if cards is None else build_cardset(list(cards), mode)
        return TashKalarScenarios(mode, cs)


GAME = TashKalar()
