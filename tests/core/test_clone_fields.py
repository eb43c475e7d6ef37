"""The compiled InnovationGame.clone copies field by field (runtime/games/innovation/game.py):
a fast path that must not silently forget a field. Every attribute its declaration
(accel/game.pxd) names must come out of a clone set, and equal to the original's."""
from __future__ import annotations

import os
import re

import pytest

from runtime.core import registry
from runtime.core.agents import RandomAgent

PXD = os.path.join(os.path.dirname(__file__), "..", "..", "runtime", "games", "innovation",
                   "accel", "game.pxd")


def declared_fields() -> list[str]:
    """The names of every `cdef public` attribute of the InnovationGame class in the .pxd."""
    names = []
    for line in open(PXD, encoding="utf-8"):
        m = re.match(r"\s+cdef public (?:[\w\[\]:]+(?:\[::1\])?)\s+(.+)$", line)
        if m:
            names += [n.strip() for n in m.group(1).split(",")]
    return names


def _value(x):
    try:
        return list(x)  # typed memoryviews compare by their items
    except TypeError:
        return x


def test_the_declaration_is_read():
    names = declared_fields()
    assert {"state", "rng", "cards", "_hooks", "n_players", "age_of"} <= set(names)


@pytest.mark.parametrize("mode", ["compiled", "interpreted"])
def test_a_clone_has_every_declared_field_of_the_original(mode):
    state = registry.get("innovation").new_state({"players": 3}, 5, mode)
    agents = [RandomAgent(9 + q) for q in range(3)]
    for _ in range(60):
        d = state.pending()
        state.apply(agents[d.player].choose(state, d))
    game = state.engine
    copy = game.clone()
    for name in declared_fields():
        original = getattr(game, name)
        got = getattr(copy, name)  # raises if the clone left it unset
        if name in ("state", "rng"):
            continue  # copied objects of their own (clone independence is tested elsewhere)
        assert _value(got) == _value(original), name
