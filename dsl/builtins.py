"""The language's own words, in every game's vocabulary: the types card and player (with
their lists), the verb `choose`, the functions count, any, none, max and min, and the tests
`other` (a player other than the executor) and `opponent` (one of the executor's opponents,
as the game defines them)."""
from __future__ import annotations

from .vocab import FuncDef, TestDef, VerbDef


def _as_list(v) -> list:
    from .interp import as_list
    return as_list(v)


def _choose(env, items, call) -> list:
    return list(items)


def _choose_phrase(r, act) -> str:
    return "choose " + r.obj(act.obj)


def _count(env, x) -> int:
    return len(_as_list(x))


def _any(env, x) -> bool:
    return len(_as_list(x)) > 0


def _none(env, x) -> bool:
    return len(_as_list(x)) == 0


def _max(env, a, b):
    return max(a, b)


def _min(env, a, b):
    return min(a, b)


def _other(env, x, arg) -> bool:
    return x != env.executor


def _opponent(env, x, arg) -> bool:
    return x in env.game.opponents(env.executor)


VERBS = (
    VerbDef("choose", "any", _choose, phrase=_choose_phrase, produces=True,
            kwargs=(("by", "player", False),), inline="list({items})",
            doc="make a choice and bind it; `by me` makes another player choose (\"of my choice\")"),
)
FUNCTIONS = (
    FuncDef("count", ("any",), "int", _count, phrase="the number of {0}", zones=True, pure=True,
            inline="len(_as_list({0}))", doc="how many things a query or list holds"),
    FuncDef("any", ("any",), "bool", _any, phrase="there is {0}", zones=True, pure=True,
            inline="(len(_as_list({0})) > 0)", doc="true when a list or query holds something"),
    FuncDef("none", ("any",), "bool", _none, phrase="there is no {0}", zones=True, pure=True,
            inline="(len(_as_list({0})) == 0)", doc="true when a list or query holds nothing"),
    FuncDef("max", ("int", "int"), "int", _max, phrase="the greater of {0} and {1}", pure=True,
            inline="max({0}, {1})"),
    FuncDef("min", ("int", "int"), "int", _min, phrase="the smaller of {0} and {1}", pure=True,
            inline="min({0}, {1})"),
)
def _something(env, item, arg) -> bool:
    return True


TESTS = (
    TestDef("something", _something, inline="True",
            doc="any item at all: `may STEP` of an object that holds no item (a name bound to "
                "nothing, a function that finds nothing) is not asked (dsl/lower.py)"),
    TestDef("other", _other, inline="({item} != _executor(env))", subject="player",
            doc="other than the executing player"),
    TestDef("opponent", _opponent, inline="({item} in _opponents(env))", subject="player",
            doc="one of the executing player's opponents"),
)


def add_builtins(v) -> None:
    v.type("card", plural="cards", item_of_list=True, doc="a card")
    v.type("player", plural="players", doc="a player")
    for d in VERBS + FUNCTIONS + TESTS:
        v.add(d)
