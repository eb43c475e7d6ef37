"""What simulations keep of an Innovation game: its record (winners, length, per-card counts),
the cards a record may name, and the fingerprints that tell one engine or card set from
another (a resumed simulation must not mix them)."""
from __future__ import annotations

import functools
import hashlib
import importlib.util
from collections import Counter

from .cards import COLORS

# A record's per-card counts, in order, then the seats that melded the card (000 "融合").
COUNTERS = ("melded", "dogma", "shared", "demanded")


def game_record(game) -> dict:
    """The record of a game (an InnovationGame that recorded its events):
    `melded` counts meld events (setup and effects too), `dogma` the card's dogma actions,
    `shared` the dogma actions in which another player shared an effect, `demanded` those in
    which an opponent was affected by a demand; the last item lists the seats that melded it."""
    t = game.cards
    melded: Counter = Counter()
    melders: dict = {}
    dogma: Counter = Counter()
    shared: Counter = Counter()
    demanded: Counter = Counter()
    seen_share: set = set()
    seen_demand: set = set()
    for e in game.events:
        tag = e[0]
        if tag == "meld":
            melded[e[2]] += 1
            melders.setdefault(e[2], set()).add(e[1])
        elif tag == "dogma":
            dogma[e[2]] += 1
            seen_share.clear()
            seen_demand.clear()
        elif tag == "share" and e[2] not in seen_share:
            seen_share.add(e[2])
            shared[e[2]] += 1
        elif tag == "demand" and e[2] not in seen_demand:
            seen_demand.add(e[2])
            demanded[e[2]] += 1
    cards = {t.name[c]: [melded[c], dogma[c], shared[c], demanded[c], sorted(melders.get(c, ()))]
             for c in set(melded) | set(dogma) | set(shared) | set(demanded)}
    r = game.result()
    return {"winners": list(r.winners) if r else [], "reason": r.reason if r else "unfinished",
            "actions": sum(1 for e in game.log if e["kind"] == "action"),
            "decisions": len(game.log), "turns": game.state.turn + 1,
            "cards": dict(sorted(cards.items()))}


def catalogue(game) -> list:
    """Every card a record may name (special achievements aside): name, age, colour, and its
    set when the game plays more than the base set (Echoes' cards' statistics apart); the
    cards of the game's sets."""
    t = game.cards
    sets = set(game.options.expansions) | {"base"}
    mixed = len(sets) > 1
    return [{"card": t.name[c], "age": t.age[c], "color": COLORS[t.color[c]],
             **({"set": t.set[c]} if mixed else {})}
            for c in range(t.n) if t.kind[c] == "card" and t.set[c] in sets]


def names_hash(game) -> str:
    """A short hash of the card names in id order: saves name cards by id."""
    return hashlib.sha256("\n".join(game.cards.name).encode()).hexdigest()[:12]


@functools.lru_cache(maxsize=4)
def card_set_hash(edition: int) -> str:
    """A short hash of the card files played in `edition` (their text, effects included)."""
    from .describe import card_sources
    h = hashlib.sha256()
    for name, card in sorted(card_sources(edition).items()):
        h.update(name.encode() + b"\0")
        path = getattr(card, "path", None)
        try:
            with open(path, "rb") as f:
                h.update(f.read())
        except (OSError, TypeError):
            h.update(repr(card).encode())
    return h.hexdigest()[:12]


@functools.lru_cache(maxsize=1)
def engine_version() -> str:
    """The rules' version: cardlang's version and a hash of the sources that decide a game
    (the runtime modules the compiled mode builds, interpreted or compiled alike)."""
    from importlib.metadata import PackageNotFoundError, version
    from .cardset import RUNTIME_MODULES
    try:
        v = version("cardlang")
    except PackageNotFoundError:
        v = "0"
    h = hashlib.sha256()
    for mod in RUNTIME_MODULES:
        spec = importlib.util.find_spec(mod)
        with open(spec.origin, "rb") as f:
            h.update(f.read())
    return f"{v}+{h.hexdigest()[:12]}"


def mode(game) -> str:
    """'compiled' when the game runs on the compiled runtime, else 'interpreted'."""
    from .game import InnovationGame
    return "interpreted" if type(game) is InnovationGame else "compiled"
