"""A `where` condition's parts that do not read `it` are computed once per query
(dsl/hoist.py): the same candidates as the condition computed for each, in both modes; and
adjacent_to's square marking against its definition."""
from __future__ import annotations

import random

from dsl import core as C
from dsl.hoist import invariant_parts, plan, reads_it
from runtime.games.tashkalar import board as B
from runtime.games.tashkalar import verbs as V


class _Env:
    ctx = None


def test_adjacent_to_is_every_square_next_to_one_of_them_but_them():
    rng = random.Random(5)
    for _ in range(200):
        src = rng.sample(B.SQUARES, rng.randint(0, 12))
        want = [t for t in B.SQUARES if t not in src and any(s in src for s in B.NEIGHBOURS[t])]
        assert V.adjacent_to(_Env(), src) == want


def _fn(name):
    return type("Fn", (), {"name": name, "inline": "", "returns": "squares"})()


def test_the_parts_computed_once_are_calls_and_queries_without_it():
    sel = C.Select("piece", C.Zone("board", C.Role("you")), (C.Filter("test", None),))
    around = C.Call(_fn("adjacent_to"), (sel,))
    cond = C.In(C.It(), around)
    assert invariant_parts(cond, []) == [around]
    # a call of `it` is computed for each candidate
    assert invariant_parts(C.In(C.It(), C.Call(_fn("adjacent_to"), (C.It(),))), []) == []
    # a query whose zone or test reads the outer `it` too
    by_it = C.Select("piece", C.Zone("board", C.It()), ())
    assert reads_it(by_it) and invariant_parts(C.In(C.It(), by_it), []) == []
    tested = C.Select("piece", None, (C.Filter("test", C.It()),))
    assert reads_it(tested)
    # a query's own `where` reads its own candidate, not the outer one
    own = C.Select("piece", None, (C.Filter("where", C.Cmp("==", C.It(), C.Const(1, "int"))),))
    assert not reads_it(own)
    # a zone as a value reads `it` only through its players
    assert not reads_it(C.Zone("board", C.Role("you"))) and reads_it(C.Zone("board", C.It()))
    # only the first part of an and/or: a later one may never be computed
    later = C.Call(_fn("owner"), (C.Var("went"),))
    logic = C.Logic("and", (C.In(C.It(), around), C.Cmp("!=", C.It(), later)))
    assert invariant_parts(logic, []) == [around]


def test_a_filter_plan_reads_the_parts_from_variables():
    sel = C.Select("piece", C.Zone("board", C.Role("you")), ())
    around = C.Call(_fn("adjacent_to"), (sel,))
    f = C.Filter("where", C.In(C.It(), around))
    arg, parts = plan(f)
    assert [p for _n, p in parts] == [around]
    assert type(arg) is C.In and type(arg.collection) is C.Var
    assert arg.collection.name == parts[0][0] and arg.collection.name.startswith("\0")
    assert plan(f) is plan(f)            # made once
    assert plan(C.Filter("where", C.Cmp("==", C.It(), C.Const(1, "int")))) == ()


def test_within_is_every_square_at_most_n_steps_from_one_of_them():
    rng = random.Random(6)
    for _ in range(200):
        src = rng.sample(B.SQUARES, rng.randint(0, 6))
        n = rng.randint(0, 3)
        want = [t for t in B.SQUARES if any(max(abs(B.xy(t)[0] - B.xy(s)[0]),
                                                abs(B.xy(t)[1] - B.xy(s)[1])) <= n for s in src)]
        assert V.within(_Env(), src, n) == want
