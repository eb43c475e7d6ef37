"""A checked card set (dsl IR) turned into what an InnovationGame is built from: the card table,
each card's effects and the special achievements with their conditions, interpreted (the
core IR run by dsl/interp.py) or compiled (dsl/codegen)."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from dsl import ir as I
from dsl.interp import Env, evaluate, passes, truth
from dsl.lower import Lowering

from . import karma
from .cards import KIND_SPECIAL, CardInfo, CardTable
from .accel.conditions import Combination, Part, dependencies, memo, pile_form
from .effects import Effect, EffectContext, SpecialAchievement


@dataclass
class CardSet:
    table: CardTable
    effects: dict = field(default_factory=dict)
    specials: list = field(default_factory=list)
    ir: dict = field(default_factory=dict)       # name -> I.Card (the variant in use)
    runtime: object = None                       # compiled mode: the Cython-built runtime
    triggers: dict = field(default_factory=dict)  # card id -> [hooks.Triggered] (karma)

    @property
    def game_class(self):
        """The InnovationGame this set plays on. A compiled set's effects call the compiled
        runtime through C, so they play on it only (the Python game raises a TypeError)."""
        if self.runtime is not None:
            return self.runtime.InnovationGame
        from .game import InnovationGame
        return InnovationGame


# The runtime modules compiled mode builds with Cython (dependency order); their sources are
# unchanged and still run as plain Python in interpreted mode; their C types are in accel/.
RUNTIME_MODULES = (
    "dsl.interp", "runtime.core.rng", "runtime.core.decision", "runtime.core.agents.basic",
    "runtime.games.innovation.cards", "runtime.games.innovation.state",
    "runtime.games.innovation.effects", "runtime.games.innovation.accel.conditions",
    "runtime.games.innovation.game", "runtime.games.innovation.echoes",
    "runtime.games.innovation.artifacts",
    "runtime.games.innovation.zones",
    "runtime.games.innovation.functions", "runtime.games.innovation.verbs.draw",
    "runtime.games.innovation.verbs.cards", "runtime.games.innovation.verbs.moves",
    "runtime.games.innovation.verbs.piles", "runtime.games.innovation.verbs.ends",
    "runtime.games.innovation.verbs.available")
# The classes compiled card modules are typed against (dsl.codegen.Binding).
TYPED_GAME = ("runtime.games.innovation.game", "InnovationGame")
TYPED_CONTEXT = ("runtime.games.innovation.effects", "EffectContext")


def typed_binding(progress=None):
    """The Binding of this game's compiled card modules (building the runtime if needed)."""
    from dsl.codegen.runtime_build import runtime_binding
    return runtime_binding(RUNTIME_MODULES, progress=progress, game=TYPED_GAME,
                           context=TYPED_CONTEXT)


class Runtime:
    """The compiled runtime's entry points: InnovationGame, Options, RandomAgent."""

    def __init__(self, twins: dict):
        game = twins["runtime.games.innovation.game"]
        self.InnovationGame = game.InnovationGame
        self.Options = game.Options
        self.RandomAgent = twins["runtime.core.agents.basic"].RandomAgent
        self.modules = twins


def card_info(c: I.Card) -> CardInfo:
    a = c.attrs
    kind = KIND_SPECIAL if a.get("kind") == "special" else a.get("kind", "card")
    dogma = a.get("dogma", "")
    return CardInfo(name=c.name, set=a.get("set", "base"), age=a.get("age", 0) or 0,
                    color=a.get("color") or "blue", icons=tuple(a.get("icons", ())),
                    dogma_icon="" if dogma in ("none", None) else dogma, kind=kind,
                    face=a.get("face", 0) or 0)


def select_edition(cards: list, edition: int) -> list:
    """One variant per name: a card marked `edition N` replaces the default when playing N."""
    chosen: dict = {}
    for c in cards:
        ed = c.attrs.get("edition")
        if ed is None:
            chosen.setdefault(c.name, c)
        elif ed == edition:
            chosen[c.name] = c
    return list(chosen.values())


MODES = ("interpreted", "compiled")

# The sets in the order their cards were added to the project: a card's id (and a set's index
# among the supply piles) follows it, so adding a set leaves the ids of the others unchanged.
SET_ORDER = ("base", "echoes", "artifacts")


def set_rank(name: str) -> tuple:
    """A set's place in the card order: SET_ORDER first, then any other set by name."""
    return (SET_ORDER.index(name), "") if name in SET_ORDER else (len(SET_ORDER), name)


def vocabulary():
    from dsl.vocab import get
    return get("innovation")


def build_cardset(cards: list, edition: int = 3, mode: str = "interpreted",
                  accel: str | None = None) -> CardSet:
    """mode "compiled": effects and conditions come from the set's generated Cython module
    (dsl/codegen; same semantics), playing on the compiled runtime; without a C compiler they
    stay interpreted (one warning). `accel` "off" (default: $CARDLANG_ACCEL, dsl/accel.py):
    no answer of a condition or a query's test is kept and no special-achievement check is
    skipped (the same games, computed afresh)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    from dsl import accel as accel_switch
    fast = (accel or accel_switch.MODE) != "off"
    from dsl.render import renderer_for
    vocab = vocabulary()
    compiled = runtime = None
    remember, combined, plain = memo, Combination, Part
    env_types = (Env, EffectContext)  # the Env and context conditions are evaluated with
    interp = None
    if mode == "compiled":
        from dsl.codegen import compiled_effects, compiled_runtime
        twins = compiled_runtime(RUNTIME_MODULES)
        if twins is not None:
            runtime = Runtime(twins)
            conds = twins["runtime.games.innovation.accel.conditions"]
            remember, combined, plain = conds.memo, conds.Combination, conds.Part
            interp = twins["dsl.interp"]
            env_types = (interp.Env, twins["runtime.games.innovation.effects"].EffectContext)
            vocab = vocab.rebound(twins)  # its verbs, functions, tests: the compiled ones
            compiled = compiled_effects(list(cards), vocab, interp, env_types[1],
                                        binding=typed_binding())
    render = renderer_for(vocabulary())
    lowering = Lowering(vocab, labels=render.either_label, memo=fast)
    run_effect = (interp.runner if interp is not None else None)
    cards = select_edition(cards, edition)
    # base cards first, then the other sets in the order they were added (SET_ORDER), each by
    # age and name: a stable id order for replays (a set added later takes ids after the
    # others' cards, so the cards and supply piles of the games without it stay the same)
    cards.sort(key=lambda c: (c.attrs.get("kind") != "card", set_rank(c.attrs.get("set", "")),
                              c.attrs.get("age", 0), c.name))
    table = CardTable([card_info(c) for c in cards])
    effects, specials, ir, triggers = {}, [], {}, {}
    runner = interp.runner if interp is not None else None
    make_run = (lambda card, eff, core: compiled.runner(card, eff)) if compiled else \
        (lambda card, eff, core: (runner or _interpreted_runner)(core))
    for cid, c in enumerate(cards):
        ir[c.name] = c
        effs = compiled.effects(c, Effect, lambda e, c=c: render.effect(e, c)) if compiled \
            else _effects(c, lowering, render, run_effect)
        if effs:
            effects[cid] = effs
        if any(e.trigger is not None for e in c.effects):
            triggers[cid] = karma.triggered(c, cid, lowering, render, make_run, env_types[0],
                                            env_types[1], interp.passes if interp else passes)
        if c.condition is not None:
            op, parts = I.condition_parts(c.condition)
            holds = []
            for k, part in enumerate(parts):
                h = compiled.condition(c, cid, k) if compiled else \
                    _condition(c, lowering.condition(part), cid, env_types, interp)
                form = tops_form(part, vocab) if fast else None
                tops = None if form is None else (
                    form[0], _card_tester(c, lowering.select(form[1]), cid, env_types, interp))
                # a part testing each colour's pile alone: its compiled test of one pile
                # (dsl/codegen item tests), or the query's where-tests interpreted
                form = pile_form(part) if fast and tops is None else None
                piles = None if form is None else (
                    form[0], compiled.condition_item(c, cid, k) if compiled else
                    _card_tester(c, lowering.select(form[1]), cid, env_types, interp))
                holds.append(remember(h, part, tops, piles) if fast else plain(h))
            # with its inputs known, a special is asked only when one of them changed
            specials.append(SpecialAchievement(cid, c.name, combined(op, holds),
                                               inputs=dependencies(c.condition) if fast else None))
    return CardSet(table, effects, specials, ir, runtime, triggers)


def _interpreted_runner(core):
    from dsl.interp import runner
    return runner(core)


def _effects(card: I.Card, lowering, render, runner=None) -> list:
    """The interpreted effects of a card (no trigger): its core IR run by dsl/interp.py."""
    from dsl.interp import runner as interpreted
    make = runner or interpreted
    out = []
    for eff in card.effects:
        if eff.trigger is not None:
            continue
        text = render.effect(eff, card)
        out.append(Effect(eff.kind, make(lowering.effect(card, eff, text)), text))
    return out


def tops_form(cond, vocab):
    """(any, query) when a condition's part is any(...) or none(...) of the top cards on the
    board of the player asked, with no other tests than where-tests that read only the card
    (Lowering.intrinsic: its value, colour, name, icons); None otherwise. Such a part is
    answered card by card (conditions.TopsTested)."""
    if not (isinstance(cond, I.Fn) and cond.name in ("any", "none") and len(cond.args) == 1):
        return None
    q = cond.args[0]
    if not (isinstance(q, I.Query) and q.noun == "card" and q.rank is None
            and q.zone is not None and q.zone.zone == "board" and q.zone.whose == "executor"):
        return None
    top = False
    lowering = Lowering(vocab)
    for p in q.preds:
        if p.kind == "position" and p.arg == "top" and not p.negated:
            top = True
        elif not (p.kind == "where" and lowering.intrinsic(p.arg)):
            return None
    return (cond.name == "any", q) if top else None


def _card_tester(card: I.Card, select, cid: int, env_types, interp=None):
    """test_card(game, player, card_id) of a TopsTested part: whether the card passes the
    query's where-tests, as a query tests a candidate (dsl.interp.passes)."""
    envs: dict = {}
    test = interp.passes if interp is not None else passes
    wheres = [f for f in select.filters if f.kind == "where"]

    def test_card(game, player, c) -> bool:
        env = _condition_env(envs, game, player, cid, env_types)
        for f in wheres:
            if test(f, c, env) == f.negated:
                return False
        return True
    return test_card


def _condition_env(envs: dict, game, player, cid: int, env_types=(Env, EffectContext)):
    """The Env a condition reads for `player`: `envs` keeps each player's Env of the last
    game asked (a condition only reads, so it is reused within a game)."""
    env = envs.get(player)
    if env is None or env.game is not game:
        env_class, context_class = env_types
        ctx = context_class(game, player, player, cid, "condition", {}, False)
        env = envs[player] = env_class(ctx)
    return env


def _condition(card: I.Card, cond, cid: int, env_types, interp=None):
    envs: dict = {}
    ev, tr = (interp.evaluate, interp.truth) if interp is not None else (evaluate, truth)

    def holds(game, player) -> bool:
        return tr(ev(cond, _condition_env(envs, game, player, cid, env_types)))
    return holds


@functools.lru_cache(maxsize=8)
def load_cardset(edition: int = 3, mode: str = "interpreted", accel: str | None = None) -> CardSet:
    """The card set of cards/innovation in `mode` for `edition`, built once per process."""
    from runtime.core.cardfiles import CARDS_ROOT, game_cards
    return build_cardset(list(game_cards("innovation", str(CARDS_ROOT))), edition, mode=mode,
                         accel=accel)
