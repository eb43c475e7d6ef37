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


# ------------------------------------------------------------------ Artifacts (000 "历史文物扩展")
# "Unless an effect says to draw an Artifact, or to draw from any set and you choose the
# Artifacts, the only way an Artifact comes into play is a dig." The value skips upward past
# empty base piles like any draw; an empty Artifacts pile of that value gives a base card
# (000 "使用扩展进行游戏": an empty expansion pile draws the base card instead).
ARTIFACTS = "artifacts"


def artifact_phrase(r, act) -> str:
    """"draw an Artifact [3]", "draw and meld two Artifact [4]"."""
    verbs = " and ".join(v.replace("draw-artifact", "draw") for v in act.verbs)
    spec = act.obj
    val = r.value_sq(spec.value)
    n = spec.count
    if isinstance(n, I.Const) and n.value == 1:
        return f"{verbs} an Artifact {val}"
    if isinstance(n, I.Const):
        return f"{verbs} {r.count_words(n)} Artifact {val}"
    return f"{verbs} an Artifact {val} {r.per_phrase(n)}"


@verb("draw-artifact", "value", produces=True, full=drew_all, phrase=artifact_phrase,
      full_inline="(len({result}) == {wanted} and {wanted} > 0)",
      example="draw-artifact 3",
      doc="Artifacts: draw a card of the Artifacts set of a value (skipping empty base piles "
          "upward; a base card when that Artifacts pile is empty)")
def draw_artifact(env, value, n) -> list:
    g, p = env.game, env.executor
    return [g.draw(p, value, ARTIFACTS) for _ in range(max(0, n))]


def any_type_phrase(r, act) -> str:
    """"choose a set in play and draw a [3] of that set"."""
    verbs = " and ".join(v.replace("draw-any-type", "draw") for v in act.verbs)
    spec = act.obj
    val = r.value_sq(spec.value)
    n = spec.count
    if isinstance(n, I.Const) and n.value == 1:
        what = f"a card of any type of value {val}"
    elif isinstance(n, I.Const):
        what = f"{r.count_words(n)} {val} of one type"
    else:
        what = f"a {val} of one type {r.per_phrase(n)}"
    return f"{verbs} {what}"


@verb("draw-any-type", "value", produces=True, full=drew_all, phrase=any_type_phrase,
      full_inline="(len({result}) == {wanted} and {wanted} > 0)",
      example="draw-any-type 2",
      doc="Artifacts: choose one of the sets in play (a card type), then draw cards of a value "
          "from it (000 \"历史文物扩展\": \"draw from any set\"; an empty pile of that set gives "
          "a base card)")
def draw_any_type(env, value, n) -> list:
    g, p = env.game, env.executor
    if n <= 0:
        return []
    chosen = g.choose_set(p, "choose a card type to draw from")
    return [g.draw(p, value, chosen) for _ in range(n)]
