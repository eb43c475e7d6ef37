"""draw: 000 "摸牌": a card of value max(v, 1), skipping upward past empty piles; above the
top age the game ends (InnovationGame.draw)."""
from __future__ import annotations

from dsl import ir as I
from dsl.vocab import verb


def drew_all(result: list, wanted) -> bool:
    """A draw was done in full when every card wanted was drawn (and one was wanted)."""
    return len(result) == wanted and wanted > 0


def phrase(r, act) -> str:
    """"draw a [3]", "draw and score two [4]", "draw a [2] for every two [leaf] ..."."""
    verbs = " and ".join(act.verbs)
    spec = act.obj
    if spec is None:
        return verbs
    if not isinstance(spec, I.Counted):  # a trigger pattern: "would draw a card"
        return f"{verbs} {r.obj(spec)}"
    val = r.value_sq(spec.value)
    n = spec.count
    if isinstance(n, I.Const) and n.value == 1:
        return f"{verbs} {r.article(val)} {val}"
    if isinstance(n, I.Const):
        if val.startswith("card "):  # a computed value: "two cards of value ..."
            val = "cards " + val[len("card "):]
        return f"{verbs} {r.count_words(n)} {val}"
    return f"{verbs} {r.article(val)} {val} {r.per_phrase(n)}"


@verb("draw", "value", produces=True, full=drew_all, phrase=phrase,
      full_inline="(len({result}) == {wanted} and {wanted} > 0)",
      inline="draw_cards(env, {value}, {count})",
      doc="draw a card of a value (skipping empty piles upward)")
def draw(env, value, n) -> list:
    return draw_cards(env, value, n)


def draw_cards(env, value, n) -> list:
    """n cards of the value for the executor (compiled effects call this directly)."""
    g, p = env.game, env.executor
    return [g.draw(p, value) for _ in range(max(0, n))]
