"""Innovation as the core's Game: its name, options and vocabulary, and new states.

Light to import (the registry loads it to list games and to give the checker the vocabulary);
the rules, cards and compiled runtime are imported when a state is made.
"""
from __future__ import annotations

from runtime.core.contract import Game, OptionSpec
from runtime.core.errors import BadOptions

# The sets a game may be played with, and those whose rules and cards are playable today.
SETS = ("base", "echoes", "figures", "cities", "artifacts")
PLAYABLE_SETS = ("base", "echoes", "artifacts")


# new_state's (class, table, effects, specials, rules options) per (mode, options): _made
_MADE: dict = {}


class Innovation(Game):
    name = "innovation"
    title = "Innovation (base game, Echoes of the Past, Artifacts of History)"
    min_players = 2
    max_players = 4
    option_specs = (
        OptionSpec("players", 2, "number of players", minimum=2, maximum=4),
        OptionSpec("teams", False, "team play: four players, partners opposite (000 \"团队游戏\")"),
        OptionSpec("edition", 3, "rules and card texts of this edition", choices=(1, 3, 4)),
        OptionSpec("extra_achievements", 0, "achievements needed beyond the usual number",
                   minimum=0, maximum=10),
        OptionSpec("sets", ("base",), "the card sets in play", choices=SETS),
    )

    def vocabulary(self):
        from .vocabulary import v
        return v

    def check_options(self, options: dict) -> None:
        if options["teams"] and options["players"] != 4:
            raise BadOptions("team play needs 4 players")
        sets = options["sets"]
        if "base" not in sets:
            raise BadOptions("the base set is always in play: sets must include 'base'")
        for s in sets:
            if s not in PLAYABLE_SETS:
                raise BadOptions(f"the {s} set is not playable yet (playable: "
                                 f"{', '.join(PLAYABLE_SETS)})")
        if options["edition"] == 1 and len(set(sets)) > 1:
            # 000 "游戏版本和差异": the expansions are compatible with the latest rules only
            raise BadOptions("the first edition plays the base set only: the expansions go with "
                             "the latest rules (edition 3), not with edition 1")

    def engine(self, options: dict | None = None, seed: int = 0, mode: str = "interpreted",
               record_events: bool = False):
        """The rules (an InnovationGame of the card set in `mode`) before their set-up."""
        from .cardset import load_cardset
        opts = self.options(options)
        cs = load_cardset(opts["edition"], mode)
        return cs.game_class(cs.table, cs.effects, cs.specials, self.rules_options(opts), seed,
                             auto_setup=False, record_events=record_events,
                             triggers=cs.triggers)

    def rules_options(self, opts: dict):
        from .game import Options
        return Options(players=opts["players"], teams=opts["teams"], edition=opts["edition"],
                       extra_achievements=opts["extra_achievements"], expansions=opts["sets"])

    def new_state(self, options: dict | None = None, seed: int = 0, mode: str = "interpreted",
                  record_events: bool = False):
        from runtime.core.machine import EngineState
        cls, table, effects, specials, rules = self._made(options, mode)

        def fresh():  # each run of the new game starts from a new engine: cheaper than a copy
            return cls(table, effects, specials, rules, seed, auto_setup=False,
                       record_events=record_events)
        return EngineState(self, None, fresh=fresh)

    def _made(self, options: dict | None, mode: str) -> tuple:
        """(game class, table, effects, specials, rules options) of a new game: the options
        checked and the card set loaded once per (options, mode) and kept (a bench or a search
        makes thousands of games with the same options). Options that are not hashable (as
        given) are checked anew each time."""
        try:
            key = (mode, tuple((k, tuple(v) if isinstance(v, list) else v)
                               for k, v in (options or {}).items()))
            made = _MADE.get(key)
        except TypeError:  # an unhashable value: checked (and refused or kept) uncached
            key, made = None, None
        if made is None:
            from .cardset import load_cardset
            opts = self.options(options)
            cs = load_cardset(opts["edition"], mode)
            made = (cs.game_class, cs.table, cs.effects, cs.specials, self.rules_options(opts))
            if key is not None:
                if len(_MADE) >= 64:
                    _MADE.clear()
                _MADE[key] = made
        return made

    def load_state(self, text: str, mode: str = "interpreted", record_events: bool = False):
        from runtime.core.machine import EngineState, engine_from_save, parse_saved
        header, entries = parse_saved(text, self.name)
        raw = dict(header.get("options") or {})
        if "expansions" in raw and "sets" not in raw:  # saves written before the option's rename
            raw["sets"] = raw.pop("expansions")
        engine = engine_from_save(self, header, raw, mode, record_events)
        return EngineState.replayed(self, engine, entries)

    def view(self):
        from .view import VIEW
        return VIEW

    def compile(self, cards: list, label: str, progress=None, force: bool = False):
        """Compiled mode's builds: the game's runtime (once per runtime version, shared by
        every set) and the set's modules typed against it. ((runtime root, cached), [chunk
        BuildResult])."""
        from dsl.codegen import build
        from dsl.codegen.runtime_build import build_runtime
        from .cardset import RUNTIME_MODULES, typed_binding, vocabulary
        runtime = build_runtime(RUNTIME_MODULES, progress)
        results = build(cards, label, vocabulary(), progress, force=force,
                        binding=typed_binding(progress))
        return runtime, results

    def cardset(self, mode: str = "interpreted", cards=None, edition: int = 3):
        from .cardset import build_cardset, load_cardset
        if cards is None:
            return load_cardset(edition, mode)  # the one the game's own engines use
        return build_cardset(list(cards), edition, mode=mode)

    def scenarios(self, mode: str = "interpreted", cards=None):
        from .scenario import InnovationScenarios
        if cards is None:
            return InnovationScenarios(mode)
        from .cardset import build_cardset
        return InnovationScenarios(mode, cardset=build_cardset(list(cards), mode=mode))


GAME = Innovation()
