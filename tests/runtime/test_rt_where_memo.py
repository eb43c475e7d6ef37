"""A where-test that reads only the item it tests, through what is printed on a card, keeps its
answers by item (runtime/games/innovation/verbs.py `where_answers`): which tests qualify, that
the kept answers are the evaluated ones, and that they belong to one card table."""
import dataclasses

from dsl import ir as I
from dsl.interp import Env
from dsl.load import check_text
from runtime.front.testing import cardset
from runtime.core.agents import RandomAgent
from runtime.games.innovation.effects import EffectContext
from runtime.games.innovation.game import InnovationGame, Options
from runtime.games.innovation.verbs import ADAPTER, _WHERE_MEMO, intrinsic, where_answers


def _where_preds(text: str) -> list:
    """The where-tests of the queries of a checked card, in order."""
    card = check_text(text, "probe.card")[0]
    found = []

    def walk(x):
        if isinstance(x, I.Pred) and x.kind == "where":
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


def test_which_where_tests_read_only_their_item():
    preds = _where_preds(PROBE)
    assert [intrinsic(p.arg) for p in preds] == [True, True, False, False, False]


def test_kept_answers_are_the_evaluated_ones_and_belong_to_one_table():
    cs = cardset("innovation")
    g = InnovationGame(cs.table, cs.effects, cs.specials, Options(players=2), seed=5,
                       agents=[RandomAgent(1), RandomAgent(2)])
    ctx = EffectContext(g, 0, 0, 0, "effect", {}, False)
    env = Env(ctx, ADAPTER, None)
    kept, value, other = _where_preds(PROBE)[:3]
    _WHERE_MEMO.clear()
    q = I.Query("card", "all", None, None, None, preds=(kept,))
    first = [ADAPTER.test(kept, c, q, env) for c in range(cs.table.n)]
    answers = where_answers(kept, cs.table)
    assert answers == {c: r for c, r in enumerate(first)}
    assert first == [cs.table.age[c] < 8 for c in range(cs.table.n)]
    assert [ADAPTER.test(kept, c, q, env) for c in range(cs.table.n)] == first  # kept ones
    assert where_answers(other, cs.table) is None  # reads a name bound in the effect
    other_table = type(cs.table)(cs.table.infos)
    assert where_answers(kept, other_table) == {}  # another table: answers of its own


def test_games_with_hooks_evaluate_every_test():
    cs = cardset("innovation")
    g = InnovationGame(cs.table, cs.effects, cs.specials, Options(players=2), seed=5,
                       agents=[RandomAgent(1), RandomAgent(2)])
    g.add_trigger("*", lambda game, event: None)
    kept = _where_preds(PROBE)[0]
    _WHERE_MEMO.clear()
    env = Env(EffectContext(g, 0, 0, 0, "effect", {}, False), ADAPTER, None)
    q = I.Query("card", "all", None, None, None, preds=(kept,))
    assert ADAPTER.test(kept, 0, q, env) == (cs.table.age[0] < 8)
    assert id(kept) not in _WHERE_MEMO
