"""The High Form's pattern tasks (seed 004 高阶规则, the tasks of tashkalar_tasks.tsv; their
geometry is ours: runtime/games/tashkalar/board.py) are tested by plain typed loops
(game.py: Isolation, the chains, Line Dominance, Center Cross, Diagonals, Rainbow
Dominance), which the compiled runtime runs in C. Here they are checked against their first,
set-and-generator forms (kept below as the reference) on random boards, in both modes."""
from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given, settings, strategies as st

from dsl.codegen import have_c_compiler
from runtime.games.tashkalar import board as B
from runtime.games.tashkalar.definition import GAME
from runtime.games.tashkalar.patterns import COMMON

NAMES = ("isolation", "lines", "side-chain", "corner-chain", "cross", "diagonals", "rainbow",
         "surround", "conquest")


def _upgraded_on(g, q, squares):
    return sum(1 for s in squares if g.owner[s] == q and g.rank[s] > COMMON)


def _chain(g, p, pairs):
    for a, b in pairs:
        todo = [s for s in a if g.owner[s] == p]
        seen = set(todo)
        while todo:
            s = todo.pop()
            if s in b:
                return True
            for t in B.NEIGHBOURS[s]:
                if g.owner[t] == p and t not in seen:
                    seen.add(t)
                    todo.append(t)
    return False


def _isolation(g, p):
    owner = g.owner
    for s in B.SQUARES:
        o = owner[s]
        if o < 0 or o == p:
            continue
        friends = [t for t in B.SQUARES if owner[t] == o and t != s]
        if not any(t in B.WITHIN_TWO[s] for t in friends):
            continue
        near = set()
        for t in friends:
            near.update(B.NEIGHBOURS[t])
        reach, frontier = {s}, [s]
        ok = s not in near
        for _ in range(3):
            if not ok:
                break
            nxt = []
            for x in frontier:
                for y in B.NEIGHBOURS[x]:
                    if y not in reach and owner[y] < 0:
                        if y in near:
                            ok = False
                            break
                        reach.add(y)
                        nxt.append(y)
                if not ok:
                    break
            frontier = nxt
        if ok:
            return True
    return False


def reference(g, p, info) -> bool:
    name, owner = info.test, g.owner
    if name == "isolation":
        return _isolation(g, p)
    if name == "side-chain":
        return _chain(g, p, B.SIDES)
    if name == "corner-chain":
        return _chain(g, p, B.CORNERS)
    if name == "lines":
        return any(all(sum(1 for s in line if owner[s] == p) -
                       sum(1 for s in line if owner[s] == q) >= info.params[0]
                       for q in g.opponents(p)) for line in B.LINES)
    if name == "cross":
        return any(sum(1 for s in shape if owner[s] == p) >= info.params[0]
                   for shape in (B.CROSS_PLUS, B.CROSS_X))
    if name == "diagonals":
        return all(sum(1 for s in d if owner[s] == p) >= 4 and _upgraded_on(g, p, d) >= 1
                   for d in B.DIAGONALS)
    if name == "rainbow":
        return all(_upgraded_on(g, p, sq) > _upgraded_on(g, q, sq)
                   for sq in (B.RED, B.GREEN) for q in g.opponents(p))
    if name == "surround":
        return any(owner[s] >= 0 and owner[s] != p and
                   sum(1 for t in B.NEIGHBOURS[s] if owner[t] == p) >= info.params[0]
                   for s in B.SQUARES)
    if name == "conquest":
        mine = [s for s in GAME_REGIONS[info.region] if owner[s] == p]
        total, upgraded, legendary = info.params
        return (len(mine) >= total and sum(1 for s in mine if g.rank[s] > COMMON) >= upgraded
                and sum(1 for s in mine if g.rank[s] == 2) >= legendary)
    raise AssertionError(name)


GAME_REGIONS = {"red": B.RED, "green": B.GREEN, "colored": B.RED | B.GREEN,
                "central": B.CENTRAL, "any": frozenset(B.SQUARES)}

MODES = ["interpreted"] + (["compiled"] if have_c_compiler() else [])


def _position(g, rnd, players, fill):
    for s in B.SQUARES:
        if rnd.random() < fill:
            g.owner[s], g.rank[s] = rnd.randrange(players), rnd.choice((0, 0, 0, 1, 1, 2))
        else:
            g.owner[s], g.rank[s] = -1, 0
    g.board_changed()   # the bitboards (the compiled chain tests read them)


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), fill=st.floats(0.05, 0.9))
def test_the_task_tests_are_their_reference_forms(mode, seed, players, fill):
    g = GAME.engine({"players": players, "variant": "deathmatch"}, 0, mode)
    task_met = sys.modules[type(g).__module__].task_met
    tasks = [c for c, info in enumerate(g.table.cards) if getattr(info, "test", None) in NAMES]
    assert {g.table.cards[c].test for c in tasks} == set(NAMES)
    _position(g, random.Random(seed), players, fill)
    joined = sys.modules[type(g).__module__]._joined
    for p in range(players):
        for c in tasks:
            info = g.table.cards[c]
            assert task_met(g, p, c) == reference(g, p, info), (mode, info.name, p)
        # the chains on bitboards (patterns.Boards.joined: what compiled games run)
        assert joined(g, p, 0) == _chain(g, p, B.SIDES), (mode, p)
        assert joined(g, p, 4) == _chain(g, p, B.CORNERS), (mode, p)


def test_the_shapes_make_each_test_true_somewhere():
    # not vacuous: over random boards every test is met at least once and missed at least once
    g = GAME.engine({"players": 2}, 0, "interpreted")
    task_met = sys.modules[type(g).__module__].task_met
    tasks = [c for c, info in enumerate(g.table.cards) if getattr(info, "test", None) in NAMES]
    seen = {}
    rnd = random.Random(7)
    for i in range(400):
        _position(g, rnd, 2, (i % 20) / 20 + 0.02)
        for c in tasks:
            seen.setdefault(g.table.cards[c].test, set()).add(task_met(g, 0, c))
    missing = [n for n, v in seen.items() if v != {True, False}]
    assert not missing, missing
