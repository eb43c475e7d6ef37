"""Echoes of the Past: its rules, attached to an InnovationGame through the game's hooks.

Rules cite 000_0facc20b6f4138b7.txt ("000", section "过去之声扩展包") and
001_e2be08ce61e35573.txt ("001", section "过往回响扩充"). Nothing here names a card: the
cards' echo effects, bonuses and echo slots are read from the card table and effects.

* the Echoes draw rule (000/001 "抽取回响牌"): a player who must draw a base card and has
  cards in hand but no Echoes card among them draws an Echoes card of that value instead;
  evaluated card by card (each draw looks at the hand as it is then), and a drawn-and-revealed
  card is in hand, so it counts;
* echo effects (000 "回响效果", 001 "回响效果(Echo effects)"): a dogma runs every echo effect
  visible in the activated card's pile when the dogma is declared, bottom to top, before the
  dogma effects, shared like non-demand effects;
* forecast and promotion (000 "新关键词：预兆", 001 "预告(Foreshadow)"): after a meld action
  (not any other meld), a card of the forecast whose value is at most the melded card's may be
  promoted: melded (not a meld action), then the player may take a free dogma action on it;
* bonus icons (000 "奖励图标", 001 "奖励符号"): the highest visible bonus counts in full, every
  other visible bonus adds 1 to the score;
* duplicate achievements (000 "重复成就", 001 "重复领域"): achieving an age of which one already
  holds k standard achievements needs (k + 1) x 5 x age points.
"""
from __future__ import annotations

from .game import Rules
from .state import ACHIEVEMENTS, AVAILABLE, BOARD, DISPLAY, int_filled

# state.VISIBLE_SLOTS (the slots each splay uncovers under the top card), repeated here: the
# compiled state keeps it as a C tuple, which a compiled module cannot import by name
# (tests/test_echoes.py checks that the two agree)
VISIBLE_SLOTS = ((), (3, 5), (0, 1), (1, 2, 3))

ECHO_ICON = 10        # cards.ICON_NAMES["echo"]
BONUS_BASE = 100      # bonus N is icon 100 + N (cards.icon_id)
SET = "echoes"


def install(game) -> None:
    """Attach Echoes' rules to a game whose sets include echoes."""
    cards = game.cards
    if SET not in cards.set_names:
        raise ValueError("the echoes set is in play but no Echoes card is loaded")
    # the draw rule, bonuses, duplicates, the promotion after a meld action (the compiled game
    # installs the compiled twin of this module: its EchoesRules derives from that game's Rules)
    game.set_rules(EchoesRules(echoes_index(game)))
    game.set_echo_provider(visible_echoes)
    # none of these changes what a special achievement's condition reads (icon counts, the
    # board, the counters): its remembered answers stay good (game._check_specials)
    game._hooks.setdefault("conditions see", [False])
    game._index_hooks()  # (the hooks set above without add_hook)


class EchoesRules(Rules):
    """Echoes' rules on the game's hot paths (game.Rules, asked through C when compiled):
    the draw rule, the bonus points and the duplicate achievements. `si`: the Echoes set's
    index in the card table."""

    def __init__(self, si: int):
        self.si = si

    def points(self, game, p: int, points: int) -> int:
        return points + bonus_points(game, p)

    def achievable(self, game, p: int) -> int:
        return achievable_ages(game, p)

    def draw(self, game, p: int, value: int, set_name) -> int:
        return draw_rule(game, p, value, set_name, self.si)

    def meld_action(self, game, p: int, card: int) -> None:
        g = game  # (the compiled game, typed: accel/echoes.pxd)
        if g.state.forecast[p]:  # (nothing to promote: the common case)
            promotion(g, p, card)


# ------------------------------------------------------------------ the draw rule
def echoes_index(game) -> int:
    return game.cards.set_names.index(SET)


def draw_rule(game, p: int, value: int, set_name, si: int) -> int:
    """000 "抽取回响牌": a base draw (no set named) by a player with a hand but no Echoes card
    in it is an Echoes draw of that value (an empty Echoes pile falls back to base: draw):
    the card drawn, or -1 to let the draw happen as asked. `si`: the Echoes set's index in
    the card table."""
    if set_name is not None:
        return -1
    st = game.state
    hand = st.hand[p]
    if not hand:
        return -1
    set_of = st.set_of
    for c in hand:
        if set_of[c] == si:
            return -1
    return game.draw(p, value, SET)


# ------------------------------------------------------------------ visibility
def visible_slots(game, p: int, color: int, position: int, size: int) -> tuple:
    """The icon slots of the card at `position` (0 = bottom) of a pile of `size` cards that
    show: all of the top card's, and of a card under it those its pile's splay uncovers."""
    if position == size - 1:
        return (0, 1, 2, 3, 4, 5)
    return VISIBLE_SLOTS[game.state.splay[p][color]]


def card_shows(game, card: int, icon: int) -> bool:
    """A card on a board shows `icon` in one of its visible slots (000 "展开": what a splay
    uncovers; the top card shows every slot). A card anywhere else shows nothing."""
    st = game.state
    if st.zone_of[card] != BOARD:
        return False
    p = st.owner_of[card]
    color = st.color_of[card]
    pile = st.board[p][color]
    ic = game.cards.icons[card]
    for s in visible_slots(game, p, color, pile.index(card), len(pile)):
        if s < len(ic) and ic[s] == icon:
            return True
    return False


def visible_icons(game, p: int):
    """(color, card, icon) of every visible icon slot of p's board, bottom to top per pile."""
    st = game.state
    icons = game.cards.icons
    for color in range(5):
        pile = st.board[p][color]
        n = len(pile)
        for i, c in enumerate(pile):
            slots = visible_slots(game, p, color, i, n)
            ic = icons[c]
            for s in slots:
                if s < len(ic):
                    yield color, c, ic[s]


# Counts of one pile, remembered in the State's cond_memo (copied with the state) under negative
# keys with the pile's revision (State.pile_rev: it grows with every change to the pile), so a
# pile is recounted only after it changed: the special achievements that read visible slots and
# bonuses (Heritage, History, Wealth) and the score's bonuses ask again after every change.
def _pile_key(at: int, what: int) -> int:
    return -1 - ((at << 8) | what)


# The counts of one pile that every change may ask for (the specials Heritage, History and
# Wealth after every change, the score's bonus points at every score), in the State's
# slot_memo: an int_array copied with the state (made at the first count: a game without
# Echoes has none), SLOT_FIELDS numbers per pile (p * 5 + colour): the pile's revision + 1
# when counted (0: never; State.pile_rev grows with every change to the pile), its visible
# hexes, echo effects, bonuses and highest bonus. Read by index (C reads when compiled).
SLOT_FIELDS = 5
_HEXES, _ECHOES, _BONUSES, _BEST = 1, 2, 3, 4


def pile_memo(game, st, at: int) -> int:
    """Where pile `at`'s counts start in st.slot_memo, counted again if the pile changed."""
    # (st.slot_memo read in place: a local of it would be a memoryview taken and released at
    # every call, when compiled)
    if st.slot_memo is None:
        st.slot_memo = int_filled(len(st.pile_rev) * SLOT_FIELDS, 0)
    i = at * SLOT_FIELDS
    rev = st.pile_rev[at] + 1
    if st.slot_memo[i] == rev:
        return i
    memo = st.slot_memo
    p = at // 5
    color = at - p * 5
    pile = st.board[p][color]
    n = len(pile)
    hexes = echoes = bonuses = best = 0
    if n:
        icons = st.icons_of
        for x in icons[pile[n - 1]]:  # the top card: every slot
            if x == 0:
                hexes += 1
            elif x == ECHO_ICON:
                echoes += 1
            elif x > BONUS_BASE:
                bonuses += 1
                if x - BONUS_BASE > best:
                    best = x - BONUS_BASE
        under = VISIBLE_SLOTS[st.splay[p][color]]
        if under:
            for j in range(n - 1):
                ic = icons[pile[j]]
                m = len(ic)
                for s in under:
                    if s < m:
                        x = ic[s]
                        if x == 0:
                            hexes += 1
                        elif x == ECHO_ICON:
                            echoes += 1
                        elif x > BONUS_BASE:
                            bonuses += 1
                            if x - BONUS_BASE > best:
                                best = x - BONUS_BASE
    memo[i] = rev
    memo[i + _HEXES] = hexes
    memo[i + _ECHOES] = echoes
    memo[i + _BONUSES] = bonuses
    memo[i + _BEST] = best
    return i


def pile_slot_count(game, p: int, color: int, icon: int) -> int:
    """How many visible slots of p's `color` pile show `icon` (hexes and echo effects too)."""
    st = game.state
    if icon == 0 or icon == ECHO_ICON:
        i = pile_memo(game, st, p * 5 + color)
        return st.slot_memo[i + (_HEXES if icon == 0 else _ECHOES)]
    if 1 <= icon <= 6:  # (the counts State.refresh_pile keeps)
        return st.pile_icon(p, color, icon)
    return _count_slots(game, st, p, color, icon)


def _count_slots(game, st, p: int, color: int, icon: int) -> int:
    pile = st.board[p][color]
    n = len(pile)
    if n == 0:
        return 0
    icons = game.cards.icons
    k = 0
    for i in icons[pile[n - 1]]:
        if i == icon:
            k += 1
    under = VISIBLE_SLOTS[st.splay[p][color]]
    if under:
        for j in range(n - 1):
            ic = icons[pile[j]]
            for s in under:
                if s < len(ic) and ic[s] == icon:
                    k += 1
    return k


BONUS_KEY = 255  # _pile_key's `what` for a pile's bonuses (icon ids are below it)


def visible_bonuses(game, p: int) -> list:
    """The values of p's visible bonus icons (001 "奖励符号")."""
    st = game.state
    out = []
    for color in range(5):
        if st.board[p][color]:
            out.extend(pile_bonuses(game, st, p, color))
    return out


def pile_bonuses(game, st, p: int, color: int) -> tuple:
    """The visible bonuses of one pile, remembered until the pile changes."""
    at = p * 5 + color
    key = _pile_key(at, BONUS_KEY)
    rev = st.pile_rev[at]
    hit = st.cond_memo.get(key)
    if hit is not None and hit[0] == rev:
        return hit[1]
    icons = game.cards.icons
    pile = st.board[p][color]
    n = len(pile)
    out = []
    if n:
        for i in icons[pile[n - 1]]:
            if i > BONUS_BASE:
                out.append(i - BONUS_BASE)
        under = VISIBLE_SLOTS[st.splay[p][color]]
        if under:
            for j in range(n - 1):
                ic = icons[pile[j]]
                for s in under:
                    if s < len(ic) and ic[s] > BONUS_BASE:
                        out.append(ic[s] - BONUS_BASE)
    found = tuple(out)
    st.cond_memo[key] = (rev, found)
    return found


def bonus_points(game, p: int) -> int:
    """001 "奖励符号" (example: bonuses 10, 4, 4 and 5 add 13): the highest in full, each other
    one 1 (each pile's counts kept in State.slot_memo: every score asks for it)."""
    st = game.state
    count = best = 0
    for at in range(p * 5, p * 5 + 5):
        i = pile_memo(game, st, at)
        count += st.slot_memo[i + _BONUSES]
        if st.slot_memo[i + _BEST] > best:
            best = st.slot_memo[i + _BEST]
    return best + count - 1 if count else 0


def echo_count(game, st, at: int) -> int:
    """How many echo effects pile `at` shows."""
    i = pile_memo(game, st, at)
    return st.slot_memo[i + _ECHOES]


def bonus_count(game, p: int) -> int:
    """How many bonuses are visible on p's board (Wealth)."""
    st = game.state
    count = 0
    for at in range(p * 5, p * 5 + 5):
        i = pile_memo(game, st, at)  # (before reading slot_memo: the first count makes it)
        count += st.slot_memo[i + _BONUSES]
    return count


def highest_bonus(game, p: int) -> int:
    """The highest bonus visible on p's board (0: none)."""
    st = game.state
    best = 0
    for at in range(p * 5, p * 5 + 5):
        i = pile_memo(game, st, at)
        if st.slot_memo[i + _BEST] > best:
            best = st.slot_memo[i + _BEST]
    return best


def card_bonus(game, card: int) -> int:
    """The bonus printed on a card, 0 for none."""
    for i in game.cards.icons[card]:
        if i > BONUS_BASE:
            return i - BONUS_BASE
    return 0


def points_with_bonuses(game, p: int, points: int) -> int:
    return points + bonus_points(game, p)


def visible_echoes(game, p: int, card: int) -> list:
    """000 "回响效果": the echo effects a dogma of `card` runs first, as (card, Effect): every
    echo effect visible in its pile when the dogma is declared, from the bottom of the pile up
    to the card itself. A card that is not a top card of p's board (an effect executing it)
    brings its own echo effects only (000: "包括目标牌上的任何回响效果，但不包括目标牌牌堆中的
    任何其他回响效果")."""
    st = game.state
    effects = game.effects
    color = st.color_of[card]
    pile = st.board[p][color] if 0 <= color < 5 else []
    n = len(pile)
    # Artifacts (000 "展示的牌" (1)): the free dogma of a card on display runs the echo
    # effects of the pile of its colour first, then its own
    shown = st.zone_of[card] == DISPLAY and st.owner_of[card] == p
    if not shown and (not n or pile[n - 1] != card):
        sources = [card]
    elif not n or not echo_count(game, st, p * 5 + color):
        if not shown:
            return []  # (no echo effect visible in the pile: the common case)
        sources = [card]
    else:
        icons = st.icons_of
        sources = []
        under = VISIBLE_SLOTS[st.splay[p][color]]
        for j in range(n - 1):
            ic = icons[pile[j]]
            m = len(ic)
            for s in under:
                if s < m and ic[s] == ECHO_ICON:
                    sources.append(pile[j])
                    break
        if ECHO_ICON in icons[pile[n - 1]]:  # the top card shows every slot
            sources.append(pile[n - 1])
        if shown:
            sources.append(card)
    out = []
    for c in sources:
        for e in effects.get(c, ()):
            if e.kind == "echo":
                out.append((c, e))
    return out


def visible_echo_count(game, p: int, color: int) -> int:
    """How many echo effects of a pile are visible (History)."""
    return sum(1 for col, _, i in visible_icons(game, p) if col == color and i == ECHO_ICON)


# ------------------------------------------------------------------ promotion
def promotion(game, p: int, melded: int) -> None:
    """000 "新关键词：预兆": after p's meld action of `melded`, a forecast card of value at most
    the melded card's may be promoted (melded: not a meld action), then a free dogma action on
    it (EchoesRules.meld_action, asked by the game through C when compiled)."""
    st = game.state
    if game.over or not st.forecast[p]:
        return
    age = game.shown_value(melded)  # face up on the board (Battleship Yamato: an 11)
    eligible = [c for c in sorted(st.forecast[p]) if game.age_of[c] <= age]
    if not eligible:
        return
    chosen = game._choose(p, "card", eligible, 0, 1, "promote a card from your forecast")
    if not chosen:
        return
    c = chosen[0]
    game.meld(p, c)
    if game.over:
        return
    top = st.board[p][game.cards.color[c]]
    if top and top[-1] == c and game.choose_yes_no(p, f"take a free dogma action on the promoted "
                                                      f"{game.cards.name[c]}?"):
        game._dogma_action(p, c)


# ------------------------------------------------------------------ achievements
def standard_achievements_of_age(game, p: int, age: int) -> int:
    st = game.state
    return sum(1 for c in st.achievements[p]
               if not game.special_card[c] and game.age_of[c] == age)


def achievement_need(game, p: int, age: int) -> int:
    """000 "重复成就": 5 x age, doubled when p already holds one standard achievement of that
    age, tripled with two... (001's example: two 1s held need 15 for a third)."""
    return 5 * age * (1 + standard_achievements_of_age(game, p, age))


def achievable_ages(game, p: int) -> int:
    """InnovationGame.achievable_ages with bonuses and duplicates: the ages (bits) of the
    standard achievements available that p is eligible for."""
    st = game.state
    ages = st.avail_ages  # the ages of the standard achievements available (State.put/take)
    if not ages:
        return 0
    ages &= (2 << game.highest_top_age(p)) - 1  # up to p's top age
    if not ages:
        return 0
    score = game.score_points(p)
    if score < 5:  # achieving needs at least 5 x age
        return 0
    held = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]  # p's standard achievements by age
    special, age_of = game.special_card, game.age_of
    for c in st.achievements[p]:
        if not special[c]:
            held[age_of[c]] += 1
    bits = 0
    for a in range(1, 12):
        if (ages >> a) & 1 and score >= 5 * a * (1 + held[a]):
            bits |= 1 << a
    return bits


def eligible(game, p: int, card: int) -> bool:
    """Whether p is eligible to achieve `card` as a standard achievement of its age
    ("achieve (if eligible)")."""
    a = game.age_of[card]
    return game.highest_top_age(p) >= a and game.score_points(p) >= achievement_need(game, p, a)


def eligible_with_points(game, p: int, card: int, points: int) -> bool:
    """eligible() with the score taken as `points` (Artificial Heart doubles it "for the
    purpose of checking eligibility")."""
    a = game.age_of[card]
    return game.highest_top_age(p) >= a and points >= achievement_need(game, p, a)


__all__ = ["install", "EchoesRules", "draw_rule", "visible_echoes", "bonus_points", "card_bonus",
           "achievable_ages", "achievement_need", "promotion", "ACHIEVEMENTS", "AVAILABLE"]
