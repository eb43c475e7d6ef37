"""Tash-Kalar as the core's Game: its name, options, vocabulary and new states."""
from __future__ import annotations

from runtime.core.contract import Game, OptionSpec
from runtime.core.errors import BadOptions

# the base game's three; the expansions' (004 扩展): Everfrost, Nethervoid
DECKS = ("imperial", "highland", "sylvan", "everfrost", "nethervoid", "etherweave")


class TashKalar(Game):
    name = "tashkalar"
    title = "Tash-Kalar (High Form, 2 players; Deathmatch, 2-4 players)"
    min_players = 2
    max_players = 4
    option_specs = (
        OptionSpec("players", 2, "number of players (High Form: 2; Deathmatch: 2-4)",
                   minimum=2, maximum=4),
        OptionSpec("variant", "high-form", "High Form (tasks, 9 VP) or Deathmatch (destroyed "
                   "pieces score, 18/12/10 VP in one colour) (004 死斗规则)",
                   choices=("high-form", "deathmatch")),
        OptionSpec("deck", "imperial", "the deck of the first player", choices=DECKS),
        OptionSpec("deck2", "imperial", "the deck of the second player", choices=DECKS),
        OptionSpec("deck3", "imperial", "the deck of the third player (Deathmatch)",
                   choices=DECKS),
        OptionSpec("deck4", "imperial", "the deck of the fourth player (Deathmatch)",
                   choices=DECKS),
        OptionSpec("tasks", True, "High Form: the task queue (Deathmatch: none)"),
    )

    def check_options(self, options: dict) -> None:
        if options["variant"] == "high-form" and options["players"] != 2:
            raise BadOptions(f"the High Form is for 2 players, not {options['players']}: "
                             "3 or 4 players play variant=deathmatch (004 死斗规则)")

    def vocabulary(self):
        from .vocabulary import v
        return v

    def rules_options(self, opts: dict):
        from .game import Options
        n = opts["players"]
        decks = (opts["deck"], opts["deck2"], opts["deck3"], opts["deck4"])[:n]
        deathmatch = opts["variant"] == "deathmatch"
        return Options(players=n, decks=decks, tasks=bool(opts["tasks"]) and not deathmatch,
                       variant=opts["variant"])

    def engine(self, options: dict | None = None, seed: int = 0, mode: str = "interpreted",
               record_events: bool = False, cards=None):
        from .cardset import load_cardset
        opts = self.options(options)
        cs = load_cardset(mode) if cards is None else cards
        rules = self.rules_options(opts)
        if cs.runtime is not None:   # the compiled runtime's own Options
            rules = cs.runtime.Options(**rules.__dict__)
        return cs.game_class(cs.table, cs.effects, rules, seed, record_events=record_events)

    def new_state(self, options: dict | None = None, seed: int = 0, mode: str = "interpreted",
                  record_events: bool = False):
        from runtime.core.machine import EngineState
        self.options(options)

        def fresh():
            return self.engine(options, seed, mode, record_events)
        return EngineState(self, None, fresh=fresh)

    def load_state(self, text: str, mode: str = "interpreted", record_events: bool = False):
        from runtime.core.machine import EngineState, engine_from_save, parse_saved
        header, entries = parse_saved(text, self.name)
        options = dict(header.get("options") or {})
        engine = engine_from_save(self, header, options, mode, record_events)
        return EngineState.replayed(self, engine, entries)

    def view(self):
        from .view import VIEW
        return VIEW

    def compile(self, cards: list, label: str, progress=None, force: bool = False):
        """Compiled mode's builds: the game's runtime (once per runtime version) and the
        set's modules typed against it (every deck's cards with effects as one set,
        cardset.LABEL, as the card set loads them). ((runtime root, cached), [chunk
        BuildResult])."""
        from dsl.codegen import build
        from dsl.codegen.runtime_build import build_runtime
        from .cardset import LABEL, RUNTIME_MODULES, typed_binding, vocabulary, with_effects
        runtime = build_runtime(RUNTIME_MODULES, progress)
        return runtime, build(with_effects(cards), LABEL, vocabulary(), progress, force=force,
                              binding=typed_binding(progress))

    def card_folders(self, set_name: str):
        """`cardlang compile tashkalar/base`: the base game is every deck of cards/tashkalar
        (Imperial, legends, flares, tasks)."""
        from pathlib import Path
        from runtime.core.cardfiles import CARDS_ROOT
        root = Path(CARDS_ROOT) / self.name
        return [root] if set_name == "base" else [root / set_name]

    def cardset(self, mode: str = "interpreted", cards=None, **options):
        from .cardset import build_cardset, load_cardset
        if cards is None:
            return load_cardset(mode)
        return build_cardset(list(cards), mode)

    def validate(self, reference: str, set_name=None, threshold: float = 0.6):
        from .validate import report
        return report(reference, set_name, threshold)

    def scenarios(self, mode: str = "interpreted", cards=None):
        from .scenario import TashKalarScenarios
        from .cardset import build_cardset, load_cardset
        cs = load_cardset(mode) if cards is None else build_cardset(list(cards), mode)
        return TashKalarScenarios(mode, cs)


GAME = TashKalar()
