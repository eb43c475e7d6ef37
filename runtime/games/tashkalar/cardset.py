"""The checked cards of cards/tashkalar (dsl IR) made into the table and effects the rules
play with, interpreted (dsl/interp.py runs each effect's core IR) or compiled (dsl/codegen: the
set's generated Cython modules, typed against Tash-Kalar's compiled runtime, on which a compiled
set plays)."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from dsl.lower import Lowering

from .cards import CardInfo, CardTable
from .patterns import from_grid

RANK = {"common": 0, "heroic": 1, "legendary": 2}
NUMBER = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


@dataclass
class CardSet:
    table: CardTable
    effects: dict = field(default_factory=dict)   # card id -> [(kind, run, text)]
    ir: dict = field(default_factory=dict)
    runtime: object = None                        # compiled mode: the Cython-built runtime

    @property
    def game_class(self):
        """The TashKalarGame this set plays on: a compiled set's effects call the compiled
        runtime through C, so they play on it only."""
        if self.runtime is not None:
            return self.runtime.TashKalarGame
        from .game import TashKalarGame
        return TashKalarGame


# The runtime modules compiled mode builds with Cython (dependency order); their sources are
# unchanged and still run as plain Python in interpreted mode; their C types are in accel/.
RUNTIME_MODULES = (
    "dsl.interp", "runtime.core.rng", "runtime.core.decision", "runtime.core.agents.basic",
    "runtime.games.tashkalar.patterns", "runtime.games.tashkalar.effects",
    "runtime.games.tashkalar.game", "runtime.games.tashkalar.verbs")
# The classes compiled card modules are typed against (dsl.codegen.Binding).
TYPED_GAME = ("runtime.games.tashkalar.game", "TashKalarGame")
TYPED_CONTEXT = ("runtime.games.tashkalar.effects", "Context")


def typed_binding(progress=None):
    """The Binding of this game's compiled card modules (building the runtime if needed)."""
    from dsl.codegen.runtime_build import runtime_binding
    return runtime_binding(RUNTIME_MODULES, progress=progress, game=TYPED_GAME,
                           context=TYPED_CONTEXT)


# 004 扩展: the expansion decks written so far, in the order they were added (a new deck goes
# last: the cards' ids of the decks before it do not move)
EXPANSIONS = ("everfrost", "nethervoid", "etherweave")
LABEL = "tashkalar/base"   # the compiled set: every deck's cards with effects, in one set


def _expansion(deck: str) -> int:
    """0 for the base game's cards, then 1, 2... for each expansion deck in EXPANSIONS' order."""
    return EXPANSIONS.index(deck) + 1 if deck in EXPANSIONS else 0


def with_effects(cards) -> list:
    """The cards compiled mode builds code for (tasks have no effect: nothing to compile)."""
    return [c for c in cards if c.effects or c.condition is not None]


class Runtime:
    """The compiled runtime's entry points: TashKalarGame, Options, RandomAgent."""

    def __init__(self, twins: dict):
        game = twins["runtime.games.tashkalar.game"]
        self.TashKalarGame = game.TashKalarGame
        self.Options = game.Options
        self.RandomAgent = twins["runtime.core.agents.basic"].RandomAgent
        self.modules = twins


def vocabulary():
    from dsl.vocab import get
    return get("tashkalar")


def card_info(c) -> CardInfo:
    a = c.attrs
    kind = a.get("kind", "being")
    kind = "being" if kind == "card" else kind
    grid = a.get("pattern")
    params = tuple(NUMBER[w] for w in a.get("params", []) or [])
    return CardInfo(name=c.name, kind=kind, deck=a.get("set", ""),
                    rank=RANK.get(a.get("rank") or ("legendary" if kind == "legend" else "common")),
                    pattern=from_grid(grid) if grid else None,
                    upper=a.get("upper") or 0, lower=a.get("lower") or 0,
                    points=a.get("points") or 0, difficulty=a.get("difficulty") or "simple",
                    group=a.get("group") or "", test=a.get("test") or "",
                    params=params + (0,) * (3 - len(params)), region=a.get("region") or "any",
                    arrival=a.get("arrival") or "", keep=a.get("keep") or "")


def build_cardset(cards: list, mode: str = "interpreted") -> CardSet:
    if mode not in ("interpreted", "compiled"):
        raise ValueError(f"mode must be interpreted or compiled, got {mode!r}")
    from dsl.interp import runner
    from dsl.render import renderer_for
    vocab = vocabulary()
    render = renderer_for(vocab)
    lowering = Lowering(vocab, labels=render.either_label)
    compiled = runtime = None
    if mode == "compiled":   # without a C compiler: interpreted, after one warning
        from dsl.codegen import compiled_effects, compiled_runtime
        twins = compiled_runtime(RUNTIME_MODULES)
        if twins is not None:
            interp = twins["dsl.interp"]
            context = twins["runtime.games.tashkalar.effects"].Context
            compiled = compiled_effects(with_effects(cards), vocab.rebound(twins), interp,
                                        context, binding=typed_binding(), label=LABEL)
            if compiled is not None:
                runtime = Runtime(twins)
    # the base game's cards first, the expansions' after them: a card's id (saves and
    # transcripts name actions by ids) does not move when an expansion deck is added
    cards = sorted(cards, key=lambda c: (_expansion(c.attrs.get("set", "")),
                                         c.attrs.get("kind", "being"), c.attrs.get("set", ""),
                                         c.name))
    table = CardTable([card_info(c) for c in cards])
    effects, ir = {}, {}
    for cid, c in enumerate(cards):
        ir[c.name] = c
        if compiled is not None and c.effects:
            effs = compiled.effects(c, lambda kind, run, text: (kind, run, text),
                                    lambda e, c=c: render.effect(e, c))
        else:
            effs = []
            for eff in c.effects:
                text = render.effect(eff, c)
                effs.append((eff.kind, runner(lowering.effect(c, eff, text)), text))
        if effs:
            effects[cid] = effs
    return CardSet(table, effects, ir, runtime)


@functools.lru_cache(maxsize=4)
def load_cardset(mode: str = "interpreted") -> CardSet:
    from runtime.core.cardfiles import CARDS_ROOT, game_cards
    return build_cardset(list(game_cards("tashkalar", str(CARDS_ROOT))), mode)
