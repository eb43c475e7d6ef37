"""The verbs done card by card by the executor (000 "基本关键词"): each returns whether it
was done. Meld and tuck of several cards the player did not pick one by one are put down in
the order the player chooses, per pile (000 "最高（或最低）": "你可以选择顺序")."""
from __future__ import annotations

from dsl.accel import CHECK, AccelMismatch
from dsl.vocab import verb

from ..state import AVAILABLE


def pile_of(env, c) -> int:
    """The pile a card goes to (its colour): what the player orders cards by."""
    g = env.game  # (typed in the compiled twin)
    return g.state.color_of[c]


@verb("meld", "cards", each=True, produces=True, order_key=pile_of,
      order_prompt="order to meld", phrase="{verbs} {obj}{args}",
      inline="_game(env).meld({player}, {item})")
def meld(env, c) -> bool:
    return env.game.meld(env.executor, c)


@verb("tuck", "cards", each=True, produces=True, order_key=pile_of,
      order_prompt="order to tuck", phrase="{verbs} {obj}{args}",
      inline="_game(env).tuck({player}, {item})")
def tuck(env, c) -> bool:
    return env.game.tuck(env.executor, c)


@verb("score", "cards", each=True, produces=True, phrase="{verbs} {obj}{args}",
      inline="_game(env).score_card({player}, {item})")
def score(env, c) -> bool:
    return env.game.score_card(env.executor, c)


@verb("reveal", "cards", each=True, produces=True, phrase="{verbs} {obj}{args}",
      inline="reveal_card(env, {item})")
def reveal(env, c) -> bool:
    return reveal_card(env, c)


def reveal_card(env, c) -> bool:
    """000/001 "展示": shown to all; the card stays where it is. The effect's `revealed`
    zone lists the cards it revealed."""
    env.vars.setdefault("__revealed__", []).append(c)
    return env.game.reveal(env.executor, c)


@verb("foreshadow", "cards", each=True, produces=True, phrase="{verbs} {obj}{args}",
      doc="Echoes: put cards face down into your forecast")
def foreshadow(env, c) -> bool:
    return foreshadow_card(env, c)


def foreshadow_card(env, c) -> bool:
    """000 "新关键词：预兆" / 001 "预告(Foreshadow)": face down into the executor's forecast,
    a zone its owner may look at and the others may not (observe.py)."""
    return env.game.transfer(c, env.executor, "forecast")


@verb("keep", "cards", each=True, phrase="{verbs} {obj}{args}", inline="True",
      doc="keep revealed or drawn cards in hand")
def keep(env, c) -> bool:
    return True


@verb("remove", "cards", each=True, phrase="{verbs} {obj}{args}",
      inline="_game(env).remove({item})", doc="remove cards from the game")
def remove(env, c) -> bool:
    return env.game.remove(c)


@verb("junk", "cards", each=True, phrase="{verbs} {obj}{args}",
      inline="_game(env).remove({item})", doc="4th edition: put cards into the junk")
def junk(env, c) -> bool:
    return env.game.remove(c)


def execute_phrase(r, act) -> str:
    return f"execute each of the non-demand effects of {r.obj(act.obj)}. Do not share them"


@verb("execute", "cards", each=True, phrase=execute_phrase,
      inline="execute_card(env, {item})",
      doc="execute each non-demand effect of a card, without sharing")
def execute(env, c) -> bool:
    return execute_card(env, c)


def execute_card(env, c) -> bool:
    """000 "说明和其他关键词": each non-demand effect of the card, for the executor alone."""
    env.game.execute_effects(env.executor, c)
    return True


@verb("execute-noting", "cards", each=True, phrase=execute_phrase,
      doc="Artifacts: execute each non-demand effect of a card without sharing, done only when "
          "that changed the game (The Big Bang: \"if this caused any change to occur\")")
def execute_noting(env, c) -> bool:
    """000 "说明和其他关键词" (execute), done when that changed the game: a card moved, a pile
    splayed or reordered, or the turn's bookkeeping moved (State.version, which take, put and
    refresh_pile bump, and the current player, turn and actions left); a reveal alone is no
    change. A card moved and moved back is a change (something happened), which a comparison of
    two snapshots of the whole state would miss; CARDLANG_ACCEL=check asks the snapshots too
    and raises when they disagree any other way."""
    g = env.game
    st = g.state
    before = (st.version, st.current, st.turn, st.actions_left)
    snap = st.signature() if CHECK else None
    g.execute_effects(env.executor, c)
    st = g.state
    changed = (st.version, st.current, st.turn, st.actions_left) != before
    if snap is not None and (st.signature() != snap) and not changed:
        raise AccelMismatch("execute-noting: the state changed but State.version did not")
    return changed


def execute_as_this_phrase(r, act) -> str:
    return f"execute the effects of {r.obj(act.obj)} as if they were on this card. Do not " \
        "share them"


@verb("execute-as-this", "cards", each=True, phrase=execute_as_this_phrase,
      doc="Artifacts: execute every effect of a card as if it were printed on this card, without "
          "sharing (its echo effects, demands and compels against the opponents this card's "
          "featured icon makes vulnerable, non-demand effects for you alone)")
def execute_as_this(env, c) -> bool:
    return execute_as_this_card(env, c)


def execute_as_this_card(env, c) -> bool:
    """000 "说明和其他关键词": "执行效果...就好像它们是在这张牌上" (InnovationGame.execute_as_this)."""
    ctx = env.ctx
    env.game.execute_as_this(env.executor, c, ctx.card, ctx.dogma_vars)
    return True


@verb("achieve", "cards", each=True, phrase="{verbs} {obj}{args}",
      inline="achieve_card(env, {item})",
      doc="take a card as an achievement, ignoring eligibility")
def achieve(env, c) -> bool:
    return achieve_card(env, c)


def achieve_card(env, c) -> bool:
    """An available achievement is achieved; a card from elsewhere is moved to the
    executor's achievements (it counts as achieving, unlike a transfer)."""
    g = env.game
    if g.state.zone_of[c] == AVAILABLE:
        return g.achieve(env.executor, c)
    return g.transfer(c, env.executor, "achievements")
