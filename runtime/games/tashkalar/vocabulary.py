"""Tash-Kalar's words (004 Gamehelptashkalar): squares and pieces, ranks, directions, the
pattern grid, and the verbs of 术语 and 召唤 (verbs.py)."""
from dsl.vocab import Vocabulary

from . import verbs
from .phrasebook import TashKalarRenderer
from .patterns import SYMBOLS

RANKS = ("common", "heroic", "legendary")
DECKS = ("imperial", "highland", "sylvan", "legends", "flares", "tasks")
KINDS = ("being", "legend", "flare", "task")

v = Vocabulary("tashkalar")

# ---- types
v.type("square", plural="squares", item_of_list=True, doc="a square of the board")
v.type("piece", parent="square", plural="pieces", item_of_list=True,
       doc="a piece, named by its square")
v.type("rank", doc="a rank: common, heroic or legendary")
v.type("direction", plural="directions", doc="one of the eight directions")
v.type("style", doc="standard or combat (a move's or jump's rules)")
v.type("reward", doc="what a card gains (an action, a turn, an extra card drawn)")
v.type("loss", doc="a card or cards of yours: a flare, the card in warp (pending), a card, "
       "the legends, a card of the discard pile (discarded)")

# ---- card attributes
v.attr("kind", "word", KINDS, doc="being (default), legend, flare or task")
v.attr("rank", "word", RANKS, doc="the rank of the being's piece")
v.attr("pattern", "grid", tuple(s for s, _ in SYMBOLS), symbols=SYMBOLS, anchor=("B", "b", "B^"),
       max=9, doc="the being's pattern, one quoted row a line: " +
       ", ".join(f"{s} {m}" for s, m in SYMBOLS))
v.attr("upper", "int", min=0, max=20, doc="flare: X, an opponent's lead in upgraded pieces")
v.attr("lower", "int", min=0, max=20, doc="flare: Y, an opponent's lead in pieces")
v.attr("points", "int", min=0, max=9, doc="task: its victory points")
v.attr("difficulty", "word", ("simple", "advanced"), doc="task: simple or advanced")
v.attr("group", "word", ("destruction", "colored", "summoning", "pattern", "enemy"),
       doc="task: its type")
v.attr("test", "word", ("destroyed", "end-of-legends", "conquest", "summoned", "surround",
                        "rainbow", "cross", "lines", "diagonals", "side-chain",
                        "corner-chain", "isolation"),
       doc="task: the rules' test of its condition")
v.attr("params", "words", ("zero", "one", "two", "three", "four", "five", "six", "seven"),
       min_count=1, max_count=3, doc="task: the test's numbers, as number words")
v.attr("region", "word", ("red", "green", "colored", "central", "any"),
       doc="task: the squares it reads")
v.attr("arrival", "word", ("colorless",),
       doc="being: `arrival colorless`: once its pattern stands anywhere, it arrives on any "
           "empty colorless square (Time Traveler)")
v.attr("keep", "word", ("warp",),
       doc="being: `keep warp`: while in warp it cannot be discarded or returned to the hand, "
           "and its warp effect cannot be copied (Merchant of Time)")
v.attr("set", "word", DECKS, doc="the deck the card belongs to (default: the folder's name)")
v.attr("note", "string", doc="why the rendered text may differ from the printed wording")
v.needs_effects = lambda attrs: attrs.get("kind", "being") in ("being", "legend", "flare") \
    and False

# ---- zones (read from the summoned being)
v.zone("board", doc="every square of the board")
v.zone("adjacent", doc="the eight squares around the being", phrase="squares adjacent to the being")
v.zone("diagonal", doc="the four squares diagonally adjacent to the being",
       phrase="squares diagonally adjacent to the being")
v.zone("orthogonal", doc="the four squares orthogonally adjacent to the being",
       phrase="squares orthogonally adjacent to the being")
v.zone("near", doc="the squares up to distance 2 from the being",
       phrase="squares within distance 2 of the being")
v.zone("marked", doc="the pattern's marked squares", phrase="marked squares")
v.zone("marked2", doc="the pattern's second set of marked squares (`n` cells)",
       phrase="other marked squares")
v.zone("here", doc="the being's square (where it stands now)", phrase="being's square")
v.zone("pattern", doc="the squares of the pieces that summoned the being",
       phrase="pattern's squares")
v.zone("gateway", doc="the Gateway's square (004 扩展 虚空; none without a Gateway)",
       phrase="Gateway's square")
v.zone("beside_gateway", doc="the eight squares around the Gateway (none without a Gateway)",
       phrase="squares adjacent to the Gateway")
v.lister = verbs.lister
v.domains = dict(verbs.DOMAINS)
v.example_zones = ()

# ---- nouns and adjectives
v.noun("piece", "piece", plural="pieces", default_zone="board")
v.noun("square", "square", plural="squares", default_zone="board")
v.noun("direction", "direction", plural="directions", zoned=False)
for r in RANKS:
    v.adjective(r, ("piece",), "test", r, test="rank")
    v.adjective("non-" + r, ("piece",), "test", r, test="rank", negated=True)
v.adjective("upgraded", ("piece",), "test", test="upgraded")
v.adjective("enemy", ("piece",), "test", test="enemy")
v.adjective("own", ("piece",), "test", test="own")
v.adjective("non-being", ("piece",), "test", test="being", negated=True,
            doc="other than the summoned being")
v.adjective("gateway", ("piece", "square"), "test", test="gateway",
            doc="the Gateway's piece or square (004 扩展 虚空)")
v.adjective("non-gateway", ("piece", "square"), "test", test="gateway", negated=True,
            doc="not the Gateway's piece or square")
v.adjective("empty", ("square",), "test", test="empty")
v.adjective("non-empty", ("square",), "test", test="empty", negated=True,
            doc="a square with a piece on it")
v.adjective("red", ("square", "piece"), "test", "red", test="square_color")
v.adjective("green", ("square", "piece"), "test", "green", test="square_color")
v.adjective("colored", ("square", "piece"), "test", "colored", test="square_color",
            doc="a red or green square")
v.adjective("non-colored", ("square", "piece"), "test", "colored", test="square_color",
            negated=True, doc="a colorless square: neither red nor green")
v.adjective("central", ("square", "piece"), "test", test="central",
            doc="in the board's central 3x3")
v.adjective("non-central", ("square", "piece"), "test", test="central", negated=True,
            doc="outside the board's central 3x3")

# ---- constants
v.const("rank", *RANKS)
v.const("style", "standard", "combat")
v.const("reward", "action", "turn", "improvisation", "card", "legend")
# `discard flare` (Winter Whisperer), `discard pending`, `copy pending`, `copy discarded`
v.const("loss", "flare", "pending", "any-card", "legends", "discarded")
v.const("piece", "being")
v.const("player", "you")
v.const("players", "opponents")

v.examples = {"pieces": "an enemy piece on adjacent", "rank": "common",
              "squares": "an empty square on marked", "style": "combat", "reward": "action", "loss": "flare"}
v.add(verbs)
v.phrasebook = TashKalarRenderer

from .inline import TashKalarInline  # noqa: E402

v.inline = TashKalarInline()   # compiled forms (dsl/codegen)

# ---- effect kinds
v.effect_kind("effect", executor="owner", doc="a being's effect, when it is summoned")
v.effect_kind("upper", executor="owner", prefix="Upper: ",
              doc="a flare's upper half: an opponent has X more upgraded pieces")
v.effect_kind("lower", executor="owner", prefix="Lower: ",
              doc="a flare's lower half: an opponent has Y more pieces")
v.effect_kind("warp", executor="owner", prefix="Warp: ",
              doc="an Etherweave being's warp effect (004 扩展 以太编织, 扭曲): a free action "
                  "from the hand, its pattern on the board or not; the card stays in the hand "
                  "in warp until it is summoned (one at a time, 2 points less meanwhile)")
v.effect_kind("frozen", executor="owner", prefix="Frozen: ",
              doc="an Everfrost being's frozen effect (004 扩展 永霜): stored when it is "
                  "summoned, released later like a flare, one stored at a time")


def _check_examples(card, path):
    from .scenario import check_examples
    return check_examples(card, path)


v.check_examples = _check_examples
v.validate()
