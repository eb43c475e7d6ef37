"""The parts of a query's `where` condition computed once per query instead of once per
candidate: a call or a query that does not read the candidate (`it`), such as
`adjacent_to(all enemy pieces on board)` in `... on board where it in adjacent_to(all enemy
pieces on board)`. Without this, the condition recomputes the same value for each of the
candidates (a board's 69 squares).

Why it changes nothing: a query's conditions change nothing (a vocabulary function only reads
the game, and none reads `it` other than through its arguments), so the part has the same value
for every candidate; it is computed when the first candidate reaches the condition, and only
parts computed whenever the condition is are taken (every operand, but only the first part of
an `and` / `or`, whose later parts may not be computed at all), so a part that would fail
fails at the same candidate. Used by the interpreter (dsl/interp.py `candidates`, unless
CARDLANG_ACCEL=off; checked against the condition computed afresh under `check`) and by the
compiled queries (dsl/codegen/emit.py, as C locals).
"""
from __future__ import annotations

import dataclasses

from . import core as C

COSTLY = (C.Call, C.Select, C.Exists, C.Count, C.Items)


def reads_it(e) -> bool:
    """Whether expression e may read the `it` of the query it is a condition of (a form not
    known here: yes). Inside a query of its own, `it` is that query's candidate in its `where`
    conditions and ranking; its zone's players and its tests' arguments are read outside."""
    t = type(e)
    if t is C.It:
        return True
    if e is None or t in (C.Const, C.Var, C.Flag, C.Role, C.This):
        return False
    if t in (C.Arith, C.Cmp):
        return reads_it(e.left) or reads_it(e.right)
    if t in (C.Neg, C.Not):
        return reads_it(e.expr)
    if t is C.Logic:
        return any(reads_it(p) for p in e.parts)
    if t is C.In:
        return reads_it(e.item) or reads_it(e.collection)
    if t is C.Call:
        return any(reads_it(a) for a in e.args)
    if t is C.Test:
        return reads_it(e.subject) or (e.arg is not None and reads_it(e.arg))
    if t is C.Zone:   # a zone as a value (`colors(board)`)
        return reads_it(e.players)
    if t is C.Items:
        return reads_it(e.zone.players)
    if t is C.Exists or t is C.Count:
        return reads_it(e.select)
    if t is C.Select:
        if e.source is not None and reads_it(e.source.players):
            return True
        return any(f.kind != "where" and f.arg is not None and reads_it(f.arg)
                   for f in e.filters)
    return True


def invariant_parts(e, out: list) -> list:
    """The largest costly parts of condition e (calls, queries) that do not read the
    candidate, among those computed whenever e is, appended to `out` in evaluation order."""
    t = type(e)
    if t in COSTLY and not reads_it(e):
        out.append(e)
    elif t in (C.Arith, C.Cmp):
        invariant_parts(e.left, out)
        invariant_parts(e.right, out)
    elif t in (C.Neg, C.Not):
        invariant_parts(e.expr, out)
    elif t is C.Logic:
        invariant_parts(e.parts[0], out)   # a later part may not be computed at all
    elif t is C.In:
        invariant_parts(e.item, out)
        invariant_parts(e.collection, out)
    elif t is C.Call:
        for a in e.args:
            invariant_parts(a, out)
    return out


def _replace(e, names: dict):
    """e with each part in `names` (by id) replaced by the Var of its name."""
    name = names.get(id(e))
    if name is not None:
        return C.Var(name)
    t = type(e)
    if t in (C.Arith, C.Cmp):
        return dataclasses.replace(e, left=_replace(e.left, names),
                                   right=_replace(e.right, names))
    if t in (C.Neg, C.Not):
        return dataclasses.replace(e, expr=_replace(e.expr, names))
    if t is C.Logic:
        return dataclasses.replace(e, parts=(_replace(e.parts[0], names),) + tuple(e.parts[1:]))
    if t is C.In:
        return dataclasses.replace(e, item=_replace(e.item, names),
                                   collection=_replace(e.collection, names))
    if t is C.Call:
        return dataclasses.replace(e, args=tuple(_replace(a, names) for a in e.args))
    return e


_PLANS: dict = {}   # Filter (by identity: core IR nodes compare by identity) -> its plan


def plan(f):
    """For a `where` filter: (its condition with the invariant parts read from variables,
    ((variable, part), ...)), or () when nothing is worth computing once. Made once per
    filter. The variables' names cannot be a card's (they start with a NUL)."""
    p = _PLANS.get(f)
    if p is None:
        parts = invariant_parts(f.arg, [])
        if not parts:
            p = ()
        else:
            names = {id(part): f"\0hoisted{id(f)}_{k}" for k, part in enumerate(parts)}
            p = (_replace(f.arg, names), tuple((names[id(part)], part) for part in parts))
        _PLANS[f] = p
    return p
