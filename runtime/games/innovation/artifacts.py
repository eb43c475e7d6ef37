"""Artifacts of History: its rules, attached to an InnovationGame through the game's hooks.

Rules cite 000_0facc20b6f4138b7.txt ("000", section "历史文物扩展" and its parts "挖掘事件",
"展示的牌", "强制效果", "遗物卡（可选）", and "使用多个扩展进行游戏") and
001_e2be08ce61e35573.txt ("001"). Nothing here names a card: what a rule reads (a card's
value, its hex slot, its set, its featured icon) comes from the card table.

* the dig (000 "挖掘事件"): a meld ACTION (not a meld by an effect) that covers a top card,
  when the melded card's value is at most the covered card's or its hex is in the same slot,
  draws an Artifact of the covered card's value onto the player's display, skipping the ages
  whose base pile is empty; ignored when a card is on display already or that Artifacts pile
  is empty (a non-Artifact is never put on display);
* the display (000 "展示的牌"): one card per player, not on the board nor in hand: its icons do
  not count and it is not a top card (the State keeps it apart);
* the free artifact action (000 "展示的牌" (1)-(3)): at the start of a turn whose player has an
  Artifact on display, before the regular actions: dogma it for free (its icons add to the
  player's count for sharing and vulnerability only; the echo effects of that colour's pile run
  first), then return it; or return it; or pass and keep it;
* melding from display (000 "展示的牌": "在常规合并行动期间，你可以将展示的牌视为在你手中"):
  during a meld action the displayed card may be melded as if it were in hand (a meld action:
  it may dig again); the game lists these actions itself (`game._display_melds`);
* relics (000 "遗物卡（可选）", the option `relics`): the five relics (cards of kind `relic`,
  each of another set's type: its `set`) start in the available relics area, which is where a
  relic out of play lies (the State's limbo); after a dig the player may seize the relic whose
  age is the dug Artifact's value, from the area or from any player's achievements, to their
  achievements, or to their hand when the relic's type is a set in play; a relic in
  achievements counts as an achievement; a returned relic goes back to the area;
* the order after a meld action with Echoes (000 "使用多个扩展进行游戏": (3) dig, then (4)
  promote): `install` runs before Echoes' so that the dig trigger comes first.
"""
from __future__ import annotations

from .game import Display
from .state import ACHIEVEMENTS, DISPLAY, LIMBO

SET = "artifacts"
RELIC = "relic"  # the card kind of a relic
HEX = 0  # cards.ICON_NAMES["hex"]
_DISPLAY = DISPLAY  # (a C constant in the compiled twin)
DIG = "dig"  # the event ("dig", player, card, value): an Artifact dug onto the display
ARTIFACT_DECISION = "artifact"  # the free artifact action's decision and its options
DOGMA, RETURN, PASS = "dogma", "return", "pass"


def install(game) -> None:
    """Attach the Artifacts rules to a game whose sets include artifacts (before Echoes')."""
    if SET not in game.cards.set_names:
        raise ValueError("the artifacts set is in play but no Artifacts card is loaded")
    # none of these changes what a special achievement's condition reads: the display is
    # neither board nor hand, the dogma count serves sharing only, and a card moves (dug,
    # seized, returned as a relic) through State.move, whose changed bits wake the specials
    # (game._check_specials keeps its known inputs; CARDLANG_ACCEL=check verifies it)
    game._hooks.setdefault("conditions see", [False])
    # the free artifact action at a turn's start, the dig after a meld action, the displayed
    # card's icons in a dogma's count: the game asks them through C when compiled (no event,
    # no Python call), and lists ("meld", card) for the card on display after its own actions
    # and performs it as a meld action (game._display_melds)
    game.set_display(ArtifactsDisplay())
    if game.options.relics:
        import sys
        # the PROCEED of the game's own module (the compiled twin has its own object)
        proceed = sys.modules[type(game).__module__].PROCEED
        game.add_replacement("return", lambda g, verb, args: return_relic(g, args, proceed))


def artifacts_index(game) -> int:
    return game.cards.set_names.index(SET)


class ArtifactsDisplay(Display):
    """Artifacts' display rules as the game asks them (game.Display): each returns at once
    when it has nothing to do (no card on display; a meld that covered nothing)."""

    def turn(self, game, p: int) -> None:
        g = game  # (the compiled game, typed: accel/artifacts.pxd)
        if g.state.display[p]:
            free_artifact_action(g, p)

    def meld_action(self, game, p: int, card: int) -> None:
        dig(game, p, card)

    def dogma_count(self, game, p: int, card: int, icon: int) -> int:
        """A dogma of the card on p's display adds its own icons of the featured kind to p's
        count, for sharing and vulnerability only (000 "展示的牌" (1): the effects that count
        icons do not see them)."""
        g = game
        st = g.state
        if st.zone_of[card] != _DISPLAY or st.owner_of[card] != p or icon < 1:
            return 0
        k = 0
        for i in st.icons_of[card]:
            if i == icon:
                k += 1
        return k


# ------------------------------------------------------------------ the dig
def hex_slot(game, card: int) -> int:
    """The slot of a card's hex image (-1: none)."""
    icons = game.state.icons_of[card]
    for i in range(len(icons)):
        if icons[i] == HEX:
            return i
    return -1


def digs(game, melded: int, covered: int) -> bool:
    """000 "挖掘事件": the melded card's value is at most the covered one's, or both hexes are
    in the same slot. Both lie face up on the board: their shown values (Battleship Yamato's 11)."""
    if game.shown_value(melded) <= game.shown_value(covered):
        return True
    slot = hex_slot(game, melded)
    return slot >= 0 and slot == hex_slot(game, covered)


def dig(game, p: int, melded: int) -> None:
    """After p's meld action of `melded`: the dig of 000 "挖掘事件" when the meld covered a top
    card (and p has no card on display: dig_artifact would dig nothing)."""
    st = game.state
    if game.over or st.display[p]:
        return
    pile = st.board[p][st.color_of[melded]]
    n = len(pile)
    if n < 2 or pile[n - 1] != melded:
        return
    covered = pile[n - 2]
    if not digs(game, melded, covered):
        return
    card = dig_artifact(game, p, game.shown_value(covered))
    if card >= 0 and game.options.relics and not game.over:
        seize(game, p, game.age_of[card])


def dig_artifact(game, p: int, value: int) -> int:
    """Draw an Artifact of `value` onto p's display: the value skips upward past the ages whose
    base pile is empty; nothing happens when p has a card on display or that Artifacts pile is
    empty (000 "挖掘事件"). Returns the card dug, or -1."""
    st = game.state
    if st.display[p]:
        return -1
    base = st.supply[0]
    v = value if value > 1 else 1
    while v <= game.max_age and not base[v]:
        v += 1
    if v > game.max_age:
        return -1
    pile = st.supply[artifacts_index(game)][v]
    if not pile:
        return -1
    card = pile[-1]
    st.move(card, DISPLAY, p)
    game._emit((DIG, p, card, v))
    return card


# ------------------------------------------------------------------ the display
def free_artifact_action(game, p: int) -> None:
    """At the start of p's turn: 000 "展示的牌": a player starting a turn with an Artifact on
    display may dogma it for free and then return it, or return it, or pass and keep it."""
    st = game.state
    if game.over or not st.display[p]:
        return
    card = st.display[p][-1]
    name = game.cards.name[card]
    # a card without a featured icon (no dogma effects to target) can only be returned or kept
    options = (DOGMA, RETURN, PASS) if game._dogma_icon[card] >= 0 else (RETURN, PASS)
    choice = game._choose(p, ARTIFACT_DECISION, options, 1, 1,
                          f"free artifact action: dogma {name} then return it, return it, or pass")
    if not choice or choice[0] == PASS:
        return
    if choice[0] == DOGMA:
        game._dogma_action(p, card)
        if game.over:
            return
    if st.zone_of[card] == DISPLAY and st.owner_of[card] == p:
        game.return_card(p, card)


# ------------------------------------------------------------------ relics
def seizable(game, value: int) -> list:
    """The relics of an age that may be seized: in the relic area (the relics out of play) or
    in any player's achievements (000 "遗物卡（可选）": "只能从可用遗物区域，或任何玩家的成就堆
    （包括你自己的）中夺取"), in id order. (The relics are a few cards of the table: each one's
    zone is read, where a search of the area would walk every card of the sets not in play.)"""
    st = game.state
    age_of = game.age_of
    out = []
    for c in game.cards.relics:
        if age_of[c] == value:
            zone = st.zone_of[c]
            if zone == LIMBO or zone == ACHIEVEMENTS:
                out.append(c)
    return out


def seize(game, p: int, value: int) -> bool:
    """After a dig: p may seize a relic of the dug Artifact's value, to their achievements, or
    to their hand when its back (its set) is one of the sets in play."""
    cands = seizable(game, value)
    if not cands:
        return False
    chosen = game._choose(p, "card", cands, 0, 1, "seize a relic (you may)")
    if not chosen:
        return False
    c = chosen[0]
    where = "achievements"
    back = game.cards.set[c]
    if back == "base" or back in game.options.expansions:
        where = game._choose(p, RELIC, ("achievements", "hand"), 1, 1,
                             f"seize {game.cards.name[c]} to your achievements or your hand")[0]
    st = game.state
    if where == "achievements" and st.zone_of[c] == ACHIEVEMENTS and st.owner_of[c] == p:
        return True  # (seized from one's own achievements to them: nothing moves)
    game.transfer(c, p, where)
    return True


def return_relic(game, args, proceed):
    """The return replacement: a returned relic goes back to the relic area (000 "遗物卡（可
    选）": "被返回的遗物会返回到可用遗物区域"), not to a supply pile."""
    p, card = args
    if game.cards.kind[card] != RELIC:
        return proceed
    game.state.move(card, LIMBO)
    game._emit(("return", p, card, "relics"))
    return True
