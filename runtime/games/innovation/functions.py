"""Innovation's functions and tests, each declared once: signature, behaviour, English
(phrase: a format of the rendered arguments, or a function of the renderer and the call),
compiled form (inline: a Cython expression of env and the arguments {0}, {1}...).

A missing optional player is the executor. Icons are counted as 000 "图标" says: the visible
icons of a board (InnovationGame.icon_count, modifiers included).
"""
from __future__ import annotations

from dsl import ir as I
from dsl.interp import Place, as_list, first_of
from dsl.vocab import function, test

from .cards import COLORS, color_id, icon_id
from .echoes import (bonus_count as visible_bonus_count, card_bonus as printed_bonus,
                     card_shows, eligible as echoes_eligible, eligible_with_points,
                     highest_bonus as highest_visible_bonus, pile_slot_count, visible_bonuses)
from .state import ICON_BITS, ICON_MASK
from .zones import BASIC_ICONS, cards_in, colors_on

_ICON_BITS, _ICON_MASK = ICON_BITS, ICON_MASK  # (C constants in the compiled twin)

_EX = ("_executor(env)",)  # the Cython form of a missing optional player: the executor


# ------------------------------------------------------------------ of a card
def color_of(g, card):
    """color(card): the colour's name, None for no card."""
    c = first_of(card)
    return None if c is None else COLORS[g.state.color_of[c]]


def colors_of(g, cards) -> list:
    """colors(cards): each colour among them once, in the cards' order."""
    return list(dict.fromkeys([COLORS[g.state.color_of[c]] for c in as_list(cards)]))


@function("value", ("card",), "int", pure=True, phrase="the value of {0}",
          inline="card_value(_game(env), {0})", doc="a card's value; 0 for no card")
def value(env, card) -> int:
    return card_value(env.game, card)


def card_value(g, card) -> int:
    c = first_of(card)
    if c is None:
        return 0
    return g.shown_value(c) if g.has_face else g.age_of[c]


@function("odd", ("int",), "bool", pure=True, phrase="{0} is odd", inline="(({0}) % 2 == 1)",
          doc="a number is odd (\"an odd-valued card\": odd(value(it)))")
def odd(env, n) -> bool:
    return n % 2 == 1


@function("color", ("card",), "color", pure=True, phrase="the color of {0}",
          inline="color_of(_game(env), {0})")
def color(env, card):
    return color_of(env.game, card)


@function("name", ("card",), "str", pure=True, phrase="the name of {0}",
          doc="a card's name, for effects that name a card (\"if Robotics is a top card\")")
def name(env, card):
    cs = as_list(card)
    return env.game.cards.name[cs[0]] if cs else None


def values_phrase(r, fn) -> str:
    return f"the different values of {r.expr(fn.args[0], plural=True)}"


@function("values", ("cards",), "values", pure=True, zones=True, phrase=values_phrase,
          doc="the different values in a list of cards")
def values(env, cards) -> list:
    return sorted({env.game.cards.age[c] for c in as_list(cards)})


def among_phrase(word: str):
    def phrase(r, fn) -> str:
        return f"the {word} value among {r.expr(fn.args[0], plural=True)}"
    return phrase


@function("highest", ("cards",), "int", pure=True, zones=True, phrase=among_phrase("highest"),
          inline="extreme_value(_game(env), {0}, True)",
          doc="the highest value among cards (0 if none)")
def highest(env, cards) -> int:
    return extreme_value(env.game, cards, True)


@function("lowest", ("cards",), "int", pure=True, zones=True, phrase=among_phrase("lowest"),
          inline="extreme_value(_game(env), {0}, False)",
          doc="the lowest value among cards (0 if none)")
def lowest(env, cards) -> int:
    return extreme_value(env.game, cards, False)


def extreme_value(g, cards, high: bool) -> int:
    """The highest (or lowest) value among cards; 0 if none."""
    ages = g.age_of
    best = -1
    for c in as_list(cards):
        a = g.shown_value(c) if g.has_face else ages[c]
        if best < 0 or (a > best if high else a < best):
            best = a
    return best if best >= 0 else 0


# ------------------------------------------------------------------ of a board
def icons_phrase(r, fn) -> str:
    return f"the number of {r.expr(fn.args[0])} on {r.icons_where(fn)}"


@function("icons", ("icon", "player?"), "int", phrase=icons_phrase, defaults=_EX,
          inline="_game(env).icon_count({1}, {0})", literal_args=(0,),
          doc="visible icons of a kind on a player's board (default: you)")
def icons(env, icon, who=None) -> int:
    return env.game.icon_count(env.executor if who is None else who, icon)


@function("icons", ("icon", "cards"), "int", phrase=icons_phrase, variant=True,
          doc="icons of a kind printed on cards")
def icons_on_cards(env, icon, cards) -> int:
    want = icon_id(icon)
    t = env.game.cards
    return len([i for c in as_list(cards) for i in t.icons[c] if i == want])


def colors_fn_phrase(r, fn) -> str:
    return f"the colors on {r.expr(fn.args[0])}"


@function("colors", ("place|cards",), "colors", phrase=colors_fn_phrase,
          inline="colors_in(env, {0})", doc="the colours present in a zone or list")
def colors(env, where) -> list:
    return colors_in(env, where)


def colors_in(env, where) -> list:
    """The colours on a board (a place), of the cards in another zone, or of cards."""
    g = env.game
    if type(where) is Place:
        pl = where  # (typed in the compiled twin: its fields read through C)
        if pl.zone == "board":
            return colors_on(g, pl.players)
        return colors_of(g, cards_in(env, pl.zone, pl.players, pl.position))
    return colors_of(g, where)


def splay_fn_phrase(r, fn) -> str:
    who = r.possessive(fn.args[1]) if len(fn.args) > 1 else "your"
    return f"the splay of {who} {r.expr(fn.args[0])} cards"


@function("splay", ("color", "player?"), "direction", phrase=splay_fn_phrase, defaults=_EX,
          inline="_game(env).splay_of({1}, {0})", doc="how a pile is splayed")
def splay(env, color, who=None) -> str:
    return env.game.splay_of(env.executor if who is None else who, color)


def top_phrase(r, fn) -> str:
    who = r.possessive(fn.args[1]) if len(fn.args) > 1 else "your"
    c = fn.args[0]
    if isinstance(c, I.Fn) and c.name == "color":
        return f"{who} top card of the same color as {r.expr(c.args[0])}"
    return f"{who} top {r.expr(c)} card"


@function("top", ("color", "player?"), "card", phrase=top_phrase, defaults=_EX,
          inline="top_card(_game(env), {0}, {1})", doc="the top card of a pile (none if empty)")
def top(env, color, who=None) -> list:
    return top_card(env.game, color, env.executor if who is None else who)


def top_card(g, color, who) -> list:
    t = g.top(who, color)
    return [t] if t >= 0 else []


def pile_phrase(r, fn) -> str:
    return f"your {r.expr(fn.args[0])} cards"


@function("pile", ("color", "player?"), "cards", phrase=pile_phrase, doc="the cards of a pile")
def pile(env, color, who=None) -> list:
    return list(reversed(env.game.pile(env.executor if who is None else who, color)))


def pile_icons_phrase(r, fn) -> str:
    a = fn.args
    who = r.possessive(a[2]) if len(a) > 2 else "your"
    pile_ = "its" if isinstance(a[1], I.ItRef) else r.expr(a[1])
    return f"the number of {r.expr(a[0])} in {who} {pile_} pile"


@function("pile_icons", ("icon", "color", "player?"), "int", phrase=pile_icons_phrase,
          defaults=_EX, inline="pile_icons(_game(env), {0}, {1}, {2})",
          doc="visible icons of a kind in one colour pile of a player (default: you)")
def pile_icons_fn(env, icon, color, who=None) -> int:
    return pile_icons(env.game, icon, color, env.executor if who is None else who)


def pile_icons(g, icon, color, who: int) -> int:
    i = icon_id(icon)
    return g.state.pile_icon(who, color_id(color), i) if 1 <= i <= 6 else 0


# ------------------------------------------------------------------ of a player
def points_phrase(r, fn) -> str:
    return "your score" if not fn.args else r.possessive(fn.args[0]) + " score"


@function("points", ("player?",), "int", phrase=points_phrase, defaults=_EX,
          inline="_game(env).score_points({0})", doc="the total value of a score pile")
def points(env, who=None) -> int:
    return env.game.score_points(env.executor if who is None else who)


def achievements_phrase(r, fn) -> str:
    return "your number of achievements" if not fn.args else \
        r.possessive(fn.args[0]) + " number of achievements"


@function("achievement_count", ("player?",), "int", phrase=achievements_phrase)
def achievement_count(env, who=None) -> int:
    return len(env.game.achievements(env.executor if who is None else who))


@function("tucked_this_turn", ("player?",), "int", defaults=_EX,
          phrase="the number of cards you tucked this turn",
          inline="_game(env).tucked_this_turn({0})", doc="cards tucked by a player this turn")
def tucked_this_turn(env, who=None) -> int:
    return env.game.tucked_this_turn(env.executor if who is None else who)


@function("scored_this_turn", ("player?",), "int", defaults=_EX,
          phrase="the number of cards you scored this turn",
          inline="_game(env).scored_this_turn({0})", doc="cards scored by a player this turn")
def scored_this_turn(env, who=None) -> int:
    return env.game.scored_this_turn(env.executor if who is None else who)


def returned_phrase(r, fn) -> str:
    if not fn.args:
        who = "you have"
    elif isinstance(fn.args[0], I.ItRef):
        who = "they have"
    else:
        who = r.expr(fn.args[0]) + " has"
    return f"the number of cards {who} returned during this dogma action"


@function("returned_this_dogma", ("player?",), "int", phrase=returned_phrase,
          doc="cards a player has returned so far during the current dogma (default: you)")
def returned_this_dogma(env, who=None) -> int:
    who = env.executor if who is None else who
    return env.ctx.dogma_vars.get("__returned__", {}).get(who, 0)


# ------------------------------------------------------------------ Echoes (echoes.py)
def bonus_phrase(r, fn) -> str:
    who = r.possessive(fn.args[0]) if fn.args else "your"
    return f"the highest bonus on {who} board"


@function("bonus", ("player?",), "int", phrase=bonus_phrase, defaults=_EX,
          inline="highest_bonus(_game(env), {0})",
          doc="Echoes: the highest visible bonus on a player's board (0: none)")
def bonus(env, who=None) -> int:
    return highest_bonus(env.game, env.executor if who is None else who)


def highest_bonus(g, who: int) -> int:
    return highest_visible_bonus(g, who)


def bonuses_phrase(r, fn) -> str:
    who = r.possessive(fn.args[0]) if fn.args else "your"
    return f"the values of the bonuses on {who} board"


@function("bonuses", ("player?",), "values", phrase=bonuses_phrase, defaults=_EX,
          doc="Echoes: the different values of the visible bonuses on a player's board")
def bonuses(env, who=None) -> list:
    return sorted(set(visible_bonuses(env.game, env.executor if who is None else who)))


def every_bonus_phrase(r, fn) -> str:
    who = r.possessive(fn.args[0]) if fn.args else "your"
    return f"visible bonus on {who} board"


@function("every_bonus", ("player?",), "values", phrase=every_bonus_phrase, defaults=_EX,
          doc="Echoes: the value of every visible bonus on a player's board, one per bonus "
              "(a value twice when two bonuses show it), lowest first (Crossword, Wristwatch: "
              "\"for each visible bonus\")")
def every_bonus(env, who=None) -> list:
    return sorted(visible_bonuses(env.game, env.executor if who is None else who))


def bonus_count_phrase(r, fn) -> str:
    who = r.possessive(fn.args[0]) if fn.args else "your"
    return f"the number of bonuses visible on {who} board"


@function("bonus_count", ("player?",), "int", phrase=bonus_count_phrase, defaults=_EX,
          inline="bonus_count_of(_game(env), {0})",
          doc="Echoes: how many bonuses are visible on a player's board")
def bonus_count(env, who=None) -> int:
    return bonus_count_of(env.game, env.executor if who is None else who)


def bonus_count_of(g, who: int) -> int:
    return visible_bonus_count(g, who)


@function("card_bonus", ("card",), "int", pure=True, phrase="the bonus of {0}",
          doc="Echoes: the bonus printed on a card (0: none)")
def card_bonus(env, card) -> int:
    c = first_of(card)
    return 0 if c is None else printed_bonus(env.game, c)


def shows_phrase(r, fn) -> str:
    return f"{r.expr(fn.args[1])} of {r.expr(fn.args[0])} is visible"


@function("shows", ("card", "icon"), "bool", phrase=shows_phrase, literal_args=(1,),
          doc="Echoes: a card lies on a board and a visible slot of it holds the icon (hexes "
              "and echo effects included): Saxophone's \"the [music note] for Bell ... visible\"")
def shows(env, card, icon) -> bool:
    c = first_of(card)
    return c is not None and card_shows(env.game, c, icon_id(icon) if type(icon) is str else icon)


def slots_phrase(r, fn) -> str:
    a = fn.args
    who = r.possessive(a[2]) if len(a) > 2 else "your"
    if isinstance(a[1], I.ItRef):  # inside "there is a color such that ..."
        return f"the number of {r.expr(a[0])} visible in {who} pile of that color"
    return f"the number of {r.expr(a[0])} visible in {who} {r.expr(a[1])} pile"


@function("pile_slots", ("icon", "color", "player?"), "int", phrase=slots_phrase, defaults=_EX,
          literal_args=(0,), inline="pile_slots_of(_game(env), {0}, {1}, {2})",
          doc="Echoes: visible slots of one kind in a pile, hexes and echo effects included")
def pile_slots(env, icon, color, who=None) -> int:
    return pile_slots_of(env.game, icon, color, env.executor if who is None else who)


def pile_slots_of(g, icon, color, who: int) -> int:
    return pile_slot_count(g, who, color_id(color), icon_id(icon))


def piles_with_phrase(r, fn) -> str:
    a = fn.args
    who = r.possessive(a[2]) if len(a) > 2 else "your"
    icon = "of that icon" if isinstance(a[0], I.ItRef) else r.expr(a[0])  # "there is an icon such that"
    return f"the number of {who} colors with {r.expr(a[1])} or more {icon} visible"


@function("piles_with", ("icon", "int", "player?"), "int", phrase=piles_with_phrase,
          defaults=_EX, literal_args=(0,), inline="piles_with_of(_game(env), {0}, {1}, {2})",
          doc="how many of a player's piles show at least N of an icon (Supremacy)")
def piles_with(env, icon, n, who=None) -> int:
    return piles_with_of(env.game, icon, n, env.executor if who is None else who)


def piles_with_of(g, icon, n: int, who: int) -> int:
    i = icon_id(icon)
    if not 1 <= i <= 6:
        return 0
    st = g.state
    k = 0
    shift = _ICON_BITS * (i - 1)  # (State.pile_icon, read in place)
    for at in range(who * 5, who * 5 + 5):  # (the five colours: a C loop)
        if ((st.pile_icons[at] >> shift) & _ICON_MASK) >= n:
            k += 1
    return k


@function("eligible", ("card", "player?"), "bool", phrase="you are eligible to achieve {0}",
          defaults=_EX,
          doc="Echoes: a player could achieve the card as a standard achievement of its value "
              "(a top card of that value or higher and the score, doubled for a duplicate)")
def eligible(env, card, who=None) -> bool:
    c = first_of(card)
    return c is not None and echoes_eligible(env.game, env.executor if who is None else who, c)


def card_values_phrase(r, fn) -> str:
    return f"the values of {r.expr(fn.args[0], plural=True)}, one per card"


@function("card_values", ("cards",), "values", pure=True, zones=True, phrase=card_values_phrase,
          doc="the value of each of the cards, one per card, lowest first (two cards of a value "
              "give it twice): Human Genome's \"the values ... match ... exactly\"")
def card_values(env, cards) -> list:
    g = env.game
    return sorted(g.shown_value(c) for c in as_list(cards))


def total_phrase(r, fn) -> str:
    return f"the sum of the values of {r.expr(fn.args[0], plural=True)}"


@function("total", ("cards",), "int", pure=True, zones=True, phrase=total_phrase,
          doc="the sum of the values of the cards, 0 for none (Artifacts, The Wealth of Nations: "
              "\"add up the values of all the cards in your score pile\"): the printed values, "
              "not points() with its bonuses")
def total(env, cards) -> int:
    g = env.game
    n = 0
    for c in as_list(cards):
        n += g.shown_value(c)
    return n


@function("has_effects", ("card",), "bool", pure=True, phrase="{0} has an effect",
          doc="Artifacts: a card has an effect printed (a dogma, demand, compel or echo effect): "
              "Garland's Ruby Slippers' \"if the melded card has no effects\"")
def has_effects(env, card) -> bool:
    c = first_of(card)
    return c is not None and bool(env.game.effects.get(c))


def visible_cards_phrase(r, fn) -> str:
    a = fn.args
    who = r.possessive(a[1]) if len(a) > 1 else "your"
    return f"the number of visible cards in {who} pile of {r.expr(a[0])}"


@function("visible_cards", ("color", "player?"), "int", phrase=visible_cards_phrase,
          defaults=_EX,
          doc="how many cards of a pile are visible: all of a splayed pile, one of an "
              "unsplayed one (Puzzle Cube: \"unsplayed = 1\"), 0 for no pile")
def visible_cards(env, color, who=None) -> int:
    g = env.game
    p = env.executor if who is None else who
    n = len(g.state.board[p][color_id(color)])
    return n if n < 2 or g.splay_of(p, color) != "none" else 1


def owner_phrase(r, fn) -> str:
    c = r.expr(fn.args[0])
    return "its owner" if c == "it" else f"the owner of {c}"


@function("owner", ("card",), "player", phrase=owner_phrase,
          doc="the player whose hand, board, score pile, forecast or achievements hold a card "
              "(Helicopter: \"its owner's score pile\"); none for a card nobody holds")
def owner(env, card):
    c = first_of(card)
    if c is None:
        return None
    q = env.game.state.owner_of[c]
    return None if q < 0 else q


@function("shares_icon", ("card", "card"), "bool", pure=True,
          phrase="{0} shares an icon with {1}",
          doc="two cards show a common icon (of the six that are counted)")
def shares_icon(env, a, b) -> bool:
    x, y = first_of(a), first_of(b)
    if x is None or y is None:
        return False
    return any(env.game.card_has_icon(x, i) and env.game.card_has_icon(y, i)
               for i in BASIC_ICONS)


@function("has_demand", ("card",), "bool", pure=True, phrase="{0} has a demand effect",
          doc="Artifacts: a card has a demand effect; an \"I compel\" effect counts, as it is a "
              "demand for every purpose (000 \"强制效果\")")
def has_demand(env, card) -> bool:
    c = first_of(card)
    if c is None:
        return False
    for e in env.game.effects.get(c, ()):
        if e.kind == "demand" or e.kind == "compel":
            return True
    return False


def _icon_multiset(game, card) -> tuple:
    """A card's counted icons (crown .. clock, every slot), sorted: its icons in type and
    number."""
    return tuple(sorted(i for i in game.cards.icons[card] if 1 <= i <= 6))


@function("icons_like_top", ("card", "player?"), "bool", defaults=_EX,
          phrase="{0} has exactly the same icons, in type and number, as a top card on your board",
          doc="Artifacts: a card has exactly the icons, in type and number, of a top card on a "
              "player's board (Complex Numbers)")
def icons_like_top(env, card, who=None) -> bool:
    c = first_of(card)
    if c is None:
        return False
    g = env.game
    p = env.executor if who is None else who
    mine = _icon_multiset(g, c)
    for pile in g.state.board[p]:
        if pile and _icon_multiset(g, pile[-1]) == mine:
            return True
    return False


@function("comes_before", ("card", "card"), "bool", pure=True,
          phrase="{0} comes before {1} in the alphabet",
          doc="Artifacts: a card's English name sorts before another's, case aside, as the "
              "first player is chosen (Basur Hoyuk Tokens: \"a top card ... that comes before "
              "it in the alphabet\"); false when either is no card")
def comes_before(env, a, b) -> bool:
    x, y = first_of(a), first_of(b)
    if x is None or y is None:
        return False
    names = env.game.cards.name
    return names[x].casefold() < names[y].casefold()


def set_count_phrase(r, fn) -> str:
    return f"the number of different sets among {r.expr(fn.args[0], plural=True)}"


@function("set_count", ("cards",), "int", pure=True, zones=True, phrase=set_count_phrase,
          doc="Artifacts: how many different sets (card types: base, Echoes, Artifacts...) "
              "the cards come from (Baghdad Battery: \"they are from different sets\" is "
              "set_count(melded) == 2)")
def set_count(env, cards) -> int:
    names = env.game.cards.set
    return len({names[c] for c in as_list(cards)})


def eligible_with_phrase(r, fn) -> str:
    return f"you would be eligible to achieve {r.expr(fn.args[0])} with a score of " \
           f"{r.expr(fn.args[1])}"


@function("eligible_with", ("card", "int"), "bool", phrase=eligible_with_phrase,
          doc="Echoes: eligible(card) with another score: a top card of the card's value or "
              "higher and that score (doubled for a duplicate); Artificial Heart's \"your "
              "score is doubled for the purpose of checking eligibility\"")
def eligible_with(env, card, points) -> bool:
    c = first_of(card)
    return c is not None and eligible_with_points(env.game, env.executor, c, points)


# ------------------------------------------------------------------ tests
@test("has", subject="card", arg_type="icon", intrinsic=True, literal_arg=True,
      inline="_game(env).card_has_icon({item}, {arg})", doc="a card shows an icon")
def has(env, card, icon) -> bool:
    return env.game.card_has_icon(card, icon)


@test("color", intrinsic=True,
      inline={"card": "(color_of(_game(env), {item}) == {arg})", "color": "({item} == {arg})"},
      doc="a card (or a colour) of this colour")
def is_color(env, x, color) -> bool:
    return (color_of(env.game, x) if type(x) is int else x) == color


@test("value", intrinsic=True, inline="(_game(env).shown_value({item}) == {arg})",
      doc="a card of this value (as it lies: InnovationGame.shown_value)")
def of_value(env, card, v) -> bool:
    return env.game.shown_value(card) == v


@test("standard", intrinsic=True, inline="(not _game(env).special_card[{item}])",
      doc="a standard achievement: a card that is not a special achievement (nor a relic)")
def standard(env, card, arg) -> bool:
    return not env.game.special_card[card]


@test("of_set", intrinsic=True,
      doc="a card of this set (Artifacts: \"a top Artifact\", \"no top Artifacts\")")
def of_set(env, card, name) -> bool:
    return env.game.cards.set[card] == name


@test("splayed", inline="(_game(env).splay_of(_executor(env), {item}) != 'none')",
      doc="a colour whose pile the executor has splayed")
def splayed(env, color, arg) -> bool:
    return env.game.splay_of(env.executor, color) != "none"
