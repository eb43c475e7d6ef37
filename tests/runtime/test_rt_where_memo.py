"""A where-test that reads only the item it tests, through what is printed on a card, keeps its
answers by item (dsl/lower.py `Lowering.intrinsic`; the answers live on the core IR's Filter,
one card set's): which tests qualify, that the kept answers are the evaluated ones, and that a
game with hooks evaluates every test."""
import dataclasses

from dsl import core as C
from dsl import ir as I
from dsl.interp import Env, candidates, passes
from dsl.load import check_text
from dsl.lower import Lowering
from dsl.vocab import get as vocabulary
from runtime.front.testing import cardset
from runtime.core.agents import RandomAgent
from runtime.games.innovation.effects import EffectContext
from runtime.games.innovation.game import InnovationGame, Options


def _where_queries(text: str) -> list:
    """The queries with a where-test of a checked card, in order."""
    card = check_text(text, "probe.card")[0]
    found = []

    def walk(x):
        if isinstance(x, I.Query) and any(p.kind == "where" for p in x.preds):
            found.append(x)
        if dataclasses.is_dataclass(x):
            for f in dataclasses.fields(x):
                walk(getattr(x, f.name))
        elif isinstance(x, (list, tuple)):
            for y in x:
                walk(y)
    walk(card.effects)
    return found


PROBE = '''card "Probe"
    age 1; color red; icons castle crown hex castle
    dogma castle
    effect:
        draw 1 as drawn
        score all cards from hand where value(it) < 8
        score all cards from hand where color(it) == red and not (it has crown)
        score all cards from hand where value(it) == value(drawn)
        score all cards from hand where value(it) < points()
        score all cards from hand where it == this
'''


def _wheres(select: C.Select) -> list:
    return [f for f in select.filters if f.kind == "where"]


def test_which_where_tests_read_only_their_item():
    low = Lowering(vocabulary("innovation"))
    selects = [low.select(q) for q in _where_queries(PROBE)]
    assert [_wheres(s)[0].memo is not None for s in selects] == [True, True, False, False, False]


def _game(cs, hooks=False):
    g = InnovationGame(cs.table, cs.effects, cs.specials, Options(players=2), seed=5,
                       agents=[RandomAgent(1), RandomAgent(2)])
    if hooks:
        g.add_trigger("*", lambda game, event: None)
    return g


def test_kept_answers_are_the_evaluated_ones():
    cs = cardset("innovation", mode="interpreted")
    g = _game(cs)
    env = Env(EffectContext(g, 0, 0, 0, "effect", {}, False))
    low = Lowering(vocabulary("innovation"))
    kept = _wheres(low.select(_where_queries(PROBE)[0]))[0]
    first = [passes(kept, c, env) for c in range(cs.table.n)]
    assert kept.memo == {c: r for c, r in enumerate(first)}
    assert first == [cs.table.age[c] < 8 for c in range(cs.table.n)]
    assert [passes(kept, c, env) for c in range(cs.table.n)] == first  # the kept ones
    other = _wheres(low.select(_where_queries(PROBE)[2]))[0]
    assert other.memo is None  # reads a name bound in the effect
    # another lowering (another card set) keeps answers of its own
    assert _wheres(Lowering(vocabulary("innovation")).select(_where_queries(PROBE)[0]))[0].memo == {}


def test_games_with_hooks_evaluate_every_test():
    cs = cardset("innovation", mode="interpreted")
    g = _game(cs, hooks=True)
    env = Env(EffectContext(g, 0, 0, 0, "effect", {}, False))
    sel = Lowering(vocabulary("innovation")).select(_where_queries(PROBE)[0])
    hand = list(g.state.hand[0])
    assert candidates(sel, env) == [c for c in hand if cs.table.age[c] < 8]
    assert _wheres(sel)[0].memo == {}
