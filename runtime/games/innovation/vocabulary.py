"""Innovation's words: the base game and the words of all four expansions (Echoes, Figures,
Cities, Artifacts), relics and the 4th-edition terms the seeds mention. Words whose rules do
not run yet are reserved: the checker refuses them as "not playable yet".

Sources: shared/seeds/000_0facc20b6f4138b7.txt "基本关键词" and the expansion sections;
001_e2be08ce61e35573.txt keyword list; icon slots per shared/data/README-innovation.md.
"""
from dsl.vocab import Vocabulary

from . import functions, zones
from .cards import icon_id
from .phrasebook import InnovationRenderer
from .verbs import available, cards, decks, draw, ends, moves, piles

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

# ---- types (card, cards, player, players are the language's)
v.type("value", parent="int", plural="values", accepts=("int",), doc="a value")
v.type("color", plural="colors", doc="a colour")
v.type("icon", plural="icons", doc="an icon")
v.type("direction", doc="a direction")
v.type("achievement", accepts=("str", "card", "cards"), doc="an achievement")
v.type("set", doc="a set in play (a card type: base, echoes, artifacts): `choose a set as s`")

# ---- card attributes
v.attr("age", "int", required=True, doc="the card's age (value), 1 to 11", min=1, max=11)
v.attr("face", "int", doc="the value printed on the card's face when it is not its age: the card "
       "counts as it face up (on a board, on display) and as its age face down (deck, hand, score "
       "pile, achievements): Battleship Yamato, age 8, face 11 (000 \"历史文物扩展\")", min=1, max=11)
v.attr("color", "word", COLORS, required=True, doc="the card's colour")
v.attr("icons", "words", ICONS + SPECIAL_SLOTS + BONUSES, required=True, min_count=4, max_count=6,
       doc="icon slots in order: top-left, bottom-left, bottom-middle, bottom-right "
           "(then top-middle and top-right on Cities cards)")
v.attr("dogma", "word", ICONS + ("none",), doc="the featured icon of the dogma effects")
v.attr("set", "word", SETS, doc="the set the card belongs to (default: the folder's name)")
v.attr("kind", "word", KINDS, doc="card (default), special achievement, relic or decree")
v.attr("note", "string", doc="why the rendered text may differ from the printed wording (validate)")
v.attr("edition", "int", doc="edition whose text this variant encodes (1 for first-edition text)")
v.needs_effects = lambda attrs: attrs.get("dogma", "none") != "none" \
    and attrs.get("kind", "card") == "card"

# ---- zones
v.zone("hand", doc="a player's hand")
v.zone("score", aliases=("score_pile",), doc="a player's score pile", phrase="score pile")
v.zone("board", holds="piles", doc="a player's five colour piles; its cards are the piles' cards")
v.zone("achievements", doc="a player's achievements")
v.zone("forecast", doc="Echoes: a player's forecast")
v.zone("display", doc="Artifacts: a player's display (one card on display)")
v.zone("revealed", doc="the cards revealed by the current effect", phrase="revealed cards")
v.zone("supply", aliases=("deck",), doc="the supply piles", shared=True)
v.zone("available", doc="the available achievements (standard and special) that any player may "
       "achieve or claim", phrase="available achievements", shared=True)
v.example_zones = ("hand", "score", "board", "achievements", "forecast", "display") + COLORS
v.lister = zones.lister
v.domains = dict(zones.DOMAINS, set=decks.every_set)


def _check_examples(card, path):
    """The checker of a card's examples that dsl/check.py calls (examples.py)."""
    from .examples import check_examples
    return check_examples(card, path)


v.check_examples = _check_examples

# ---- nouns
v.noun("card", "card", plural="cards", rank_key="value")
v.noun("color", "color", plural="colors")
v.noun("pile", "color", plural="piles", default_zone="board",
       doc="a non-empty pile, named by its colour")
v.noun("value", "value", plural="values", zoned=False)
v.noun("player", "player", plural="players", zoned=False)
v.noun("opponent", "player", plural="opponents", test="opponent", zoned=False)
v.noun("icon", "icon", plural="icons_", zoned=False)
v.noun("set", "set", plural="sets", zoned=False,
       doc="a set in play (card type), base first: `choose a set as s` (Tuning Fork's \"any deck\")")
v.noun("achievement", "card", plural="achievements_", rank_key="value")

# ---- adjectives
v.adjective("top", ("card",), "position", "top")
v.adjective("bottom", ("card",), "position", "bottom")
v.adjective("highest", ("card", "value"), "superlative", "highest")
v.adjective("lowest", ("card", "value"), "superlative", "lowest")
v.adjective("single", ("player",), "single", doc="exactly one player qualifies, else none")
v.adjective("other", ("player",), "test", test="other", doc="other than the executing player")
v.adjective("splayed", ("color",), "test", test="splayed")
v.adjective("standard", ("card",), "test", test="standard",
            doc="a standard achievement, not a special one")
v.adjective("artifact", ("card",), "test", "artifacts", test="of_set",
            doc="Artifacts: a card of the Artifacts set")
v.adjective("non-artifact", ("card",), "test", "artifacts", test="of_set", negated=True,
            doc="Artifacts: a card of another set")
v.adjective("non-figure", ("card",), "test", "figures", test="of_set", negated=True,
            doc="Figures: a card that is not a figure (Ching Shih, a relic of the Figures type)")
for c in COLORS:
    v.adjective(c, ("card", "color"), "test", c, test="color")
    v.adjective("non-" + c, ("card", "color"), "test", c, test="color", negated=True)

# ---- constants
v.const("color", *COLORS)
v.const("icon", *ICONS, *SPECIAL_SLOTS, *BONUSES)
v.const("direction", *DIRECTIONS, "none")
v.const("player", "you", "me")
v.const("players", "opponents", "everyone")
v.const("card", "this")


def _literal(type_: str, word):
    """An icon word as its number, which the compiled game's icon tests take (no lookup by
    name at run time)."""
    if type_ == "icon" and isinstance(word, str):
        try:
            return icon_id(word)
        except (KeyError, ValueError):
            return None
    return None


v.literal = _literal
v.examples = {"cards": "a card from hand", "color": "red", "player": "an opponent",
              "achievement": '"Monument"', "value": "1", "any": "a color", "place": "my score",
              "for cards": "all cards from score", "icon": "crown"}
v.phrasebook = InnovationRenderer

# ---- verbs, functions and tests: each in its module, declared once
v.add(draw, cards, moves, piles, ends, functions, available, decks)
v.reserve("self-execute", "cards", why="4th edition: execute all effects of a card for yourself")
v.reserve("promote", "cards", why="Echoes: meld a card from your forecast")
v.reserve("dig", "value", why="Artifacts: dig an artifact onto display", produces=True)
v.reserve("display", "cards", why="Artifacts: put a card on display")
v.reserve("seize", "cards", why="relics: seize a relic")
v.reserve("endorse", "cards", why="Cities: endorse a dogma")
v.reserve("inspire", "color", why="Figures: inspire a colour")
v.reserve("decree", "achievement", why="Figures: issue a decree")
v.reserve("demand", None, why="Figures: a karma that makes a dogma a demand", object_required=False)

# ---- effect kinds and stop scopes
v.effect_kind("effect", executor="sharing", doc="a non-demand dogma effect, shared")
v.effect_kind("demand", executor="demanded", exports=True, wrap="I demand you {body}!",
              doc="I demand: opponents with fewer icons")
v.effect_kind("compel", executor="compelled", exports=True, wrap="I compel you to {body}!",
              sets=("artifacts",),
              doc="Artifacts: I compel: a demand that affects the opponents with as many or more "
                  "of the featured icon (000 \"强制效果\"); printed on Artifacts cards only")
v.effect_kind("echo", executor="sharing", prefix="Echo: ", sets=("echoes", "artifacts"), exports=True,
              doc="Echoes: runs before the dogma effects (000 \"回响效果\"); printed on Echoes cards "
                  "(and on an Artifacts relic of Echoes type); its bindings are visible to the card's dogma "
                  "effects (Charitable Trust: \"the card you drew due to the echo effect\")")
v.effect_kind("inspire", executor="owner", playable=False, prefix="Inspire: ",
              doc="Figures: the inspire action of a colour")
v.effect_kind("karma", triggers=("when", "would", "each"), runs=("when", "would"),
              executor="owner",
              prefix="Karma: ", doc="Figures: triggered, replacement and static effects")
v.effect_kind("decree", executor="owner", playable=False, prefix="Decree: ",
              doc="Figures: a decree's effect")
v.stop_scope("dogma", "the dogma action is complete")
v.trigger_points = ("meld", "tuck", "score", "return", "achieve", "draw", "splay")  # karma.py

from .inline import InnovationInline  # noqa: E402 (it reads COLORS above)

v.inline = InnovationInline()
v.validate()
