"""Innovation's words: the base game and all four expansions (Echoes, Figures, Cities, Artifacts),
relics and the 4th-edition terms the seeds mention. Later work adds behaviour, not words.

Sources: shared/seeds/000_0facc20b6f4138b7.txt "基本关键词" and the expansion sections;
001_e2be08ce61e35573.txt keyword list; icon slots per shared/data/README-innovation.md.
"""
from dsl.vocab import Vocabulary, register

COLORS = ("blue", "red", "green", "yellow", "purple")
ICONS = ("crown", "leaf", "lightbulb", "castle", "factory", "clock", "avatar")
# Slot tokens that are not counted as icons (hex image, echo box, inspire box, city symbols).
SPECIAL_SLOTS = ("hex", "echo", "inspire", "flag", "fountain", "plus", "arrow-left", "arrow-right",
                 "arrow-up", "junk", "uplift", "unsplay", "search", "blank")
BONUSES = tuple(f"bonus{i}" for i in range(1, 13))
DIRECTIONS = ("left", "right", "up", "aslant")
SETS = ("base", "echoes", "figures", "cities", "artifacts", "relic", "unseen")
KINDS = ("card", "special", "relic", "decree")

v = Vocabulary("innovation")

# ---- card attributes
v.attr("age", "int", required=True, doc="the card's age (value), 1 to 11", min=1, max=11)
v.attr("color", "word", COLORS, required=True, doc="the card's colour")
v.attr("icons", "words", ICONS + SPECIAL_SLOTS + BONUSES, required=True, min_count=4, max_count=6,
       doc="icon slots in order: top-left, bottom-left, bottom-middle, bottom-right "
           "(then top-middle and top-right on Cities cards)")
v.attr("dogma", "word", ICONS + ("none",), doc="the featured icon of the dogma effects")
v.attr("set", "word", SETS, doc="the set the card belongs to (default: the folder's name)")
v.attr("kind", "word", KINDS, doc="card (default), special achievement, relic or decree")
v.attr("note", "string", doc="why the rendered text may differ from the printed wording (validate)")
v.attr("edition", "int", doc="edition whose text this variant encodes (1 for first-edition text)")

# ---- zones
v.zone("hand", doc="a player's hand")
v.zone("score", aliases=("score_pile",), doc="a player's score pile")
v.zone("board", holds="piles", doc="a player's five colour piles; its cards are the piles' cards")
v.zone("achievements", doc="a player's achievements")
v.zone("forecast", doc="Echoes: a player's forecast")
v.zone("display", doc="Artifacts: a player's display (one card on display)")
v.zone("revealed", doc="the cards revealed by the current effect")
v.zone("supply", aliases=("deck",), doc="the supply piles")
v.example_zones = ("hand", "score", "board", "achievements", "forecast", "display") + COLORS

# ---- nouns
v.noun("card", "card", plural="cards")
v.noun("color", "color", plural="colors")
v.noun("pile", "color", plural="piles", default_zone="board",
       doc="a non-empty pile, named by its colour")
v.noun("value", "value", plural="values")
v.noun("player", "player", plural="players")
v.noun("opponent", "player", plural="opponents")
v.noun("icon", "icon", plural="icons_")
v.noun("achievement", "card", plural="achievements_")

# ---- adjectives
v.adjective("top", ("card",), "position", "top")
v.adjective("bottom", ("card",), "position", "bottom")
v.adjective("highest", ("card", "value"), "superlative", "highest")
v.adjective("lowest", ("card", "value"), "superlative", "lowest")
v.adjective("single", ("player",), "single", doc="exactly one player qualifies, else none")
v.adjective("other", ("player",), "other", doc="other than the executing player")
v.adjective("splayed", ("color",), "splayed")
for c in COLORS:
    v.adjective(c, ("card", "color"), "const", c)
    v.adjective("non-" + c, ("card", "color"), "negated_const", c)

# ---- constants
v.const("color", *COLORS)
v.const("icon", *ICONS, *SPECIAL_SLOTS, *BONUSES)
v.const("direction", *DIRECTIONS, "none")
v.const("player", "you", "me")
v.const("players", "opponents", "everyone")
v.const("card", "this")

# ---- verbs
v.verb("draw", "value", produces=True, doc="draw a card of a value (skipping empty piles upward)")
v.verb("meld", "cards", produces=True)
v.verb("tuck", "cards", produces=True)
v.verb("score", "cards", produces=True)
v.verb("return", "cards")
v.verb("reveal", "cards", produces=True)
v.verb("keep", "cards", doc="keep revealed or drawn cards in hand")
v.verb("transfer", "cards", kwargs=(("to", "place", True),))
v.verb("exchange", "cards", kwargs=(("for", "cards", True),))
v.verb("splay", "color", adverb="direction", adverb_required=True)
v.verb("unsplay", "color")
v.verb("claim", "achievement", doc="claim a special achievement by name, or an achievement card")
v.verb("achieve", "cards", doc="take a card as an achievement, ignoring eligibility")
v.verb("win", "player", object_required=False, optional_ok=False)
v.verb("lose", "player", object_required=False, optional_ok=False)
v.verb("execute", "cards", doc="execute each non-demand effect of a card, without sharing")
v.verb("self-execute", "cards", doc="4th edition: execute all effects of a card for yourself")
v.verb("choose", "any", produces=True, kwargs=(("by", "player", False),),
       doc="make a choice and bind it; `by me` makes another player choose (\"of my choice\")")
v.verb("remove", "cards", doc="remove cards from the game")
v.verb("junk", "cards", doc="4th edition: put cards into the junk")
v.verb("foreshadow", "cards", produces=True, doc="Echoes: put a card into your forecast")
v.verb("promote", "cards", doc="Echoes: meld a card from your forecast")
v.verb("dig", "value", produces=True, doc="Artifacts: dig an artifact onto display")
v.verb("display", "cards", doc="Artifacts: put a card on display")
v.verb("seize", "cards", doc="relics: seize a relic")
v.verb("endorse", "cards", doc="Cities: endorse a dogma")
v.verb("inspire", "color", doc="Figures: inspire a colour")
v.verb("decree", "achievement", doc="Figures: issue a decree")
v.verb("demand", None, object_required=False, doc="Figures: a karma that makes a dogma a demand")
v.verb("rearrange", "color", doc="put the cards of one of your piles in an order you choose")

# ---- functions
v.function("value", ("card",), "int", doc="a card's value; 0 for no card")
v.function("color", ("card",), "color")
v.function("name", ("card",), "str", doc="a card's name, for effects that name a card (\"if Robotics is a top card\")")
v.function("count", ("any",), "int", doc="how many things a query or list holds")
v.function("icons", ("icon", "player|card?"), "int",
           doc="visible icons of a kind on a player's board (default: you), or on one card")
v.function("points", ("player?",), "int", doc="the total value of a score pile")
v.function("achievement_count", ("player?",), "int")
v.function("colors", ("place|cards",), "colors", doc="the colours present in a zone or list")
v.function("values", ("cards",), "values", doc="the different values in a list of cards")
v.function("splay", ("color", "player?"), "direction", doc="how a pile is splayed")
v.function("top", ("color", "player?"), "card", doc="the top card of a pile (none if empty)")
v.function("pile", ("color", "player?"), "cards", doc="the cards of a pile")
v.function("pile_icons", ("icon", "color", "player?"), "int",
           doc="visible icons of a kind in one colour pile of a player (default: you)")
v.function("highest", ("cards",), "int", doc="the highest value among cards (0 if none)")
v.function("lowest", ("cards",), "int", doc="the lowest value among cards (0 if none)")
v.function("any", ("any",), "bool", doc="true when a list or query holds something")
v.function("none", ("any",), "bool", doc="true when a list or query holds nothing")
v.function("max", ("int", "int"), "int")
v.function("min", ("int", "int"), "int")
v.function("tucked_this_turn", ("player?",), "int", doc="cards tucked by a player this turn")
v.function("scored_this_turn", ("player?",), "int", doc="cards scored by a player this turn")
v.function("returned_this_dogma", ("player?",), "int",
           doc="cards a player has returned so far during the current dogma (default: you)")
v.function("bonus", ("player?",), "int", doc="Echoes/Figures: the highest visible bonus")

# ---- effect kinds
v.effect_kind("effect", executor="sharing", doc="a non-demand dogma effect, shared")
v.effect_kind("demand", executor="demanded", doc="I demand: opponents with fewer icons")
v.effect_kind("compel", executor="compelled", doc="I compel: opponents with more icons")
v.effect_kind("echo", executor="sharing", doc="Echoes: runs before the dogma effects")
v.effect_kind("inspire", executor="owner", doc="Figures: the inspire action of a colour")
v.effect_kind("karma", triggers=("when", "would", "each"), executor="owner",
              doc="Figures: triggered, replacement and static effects")
v.effect_kind("decree", executor="owner", doc="Figures: a decree's effect")

register(v)
