"""The base set's examples cover what the card issue asks: at least 250 in all, at least one per
effect of every card, and for every card with a non-demand effect one where an opponent shares
it (the example's name says "shares"), which earns the activating player the free draw."""
from __future__ import annotations

from dsl.load import load
from runtime.front.testing import CARDS_ROOT

# Cards whose non-demand effects cannot earn the sharing bonus; each entry says why.
NO_SHARING_EXAMPLE: dict[str, str] = {
    "Collaboration": "its non-demand effect only wins the game, which ends before the free draw",
    "Self Service": "it changes the game only by executing another card, which never earns the "
                    "bonus (RULES-NOTES 'Dogma'), or by winning, which ends the game",
}


def base_cards():
    res = load([CARDS_ROOT / "innovation" / "base"])
    assert not res.errors
    return [c for c in res.cards if c.attrs.get("kind") == "card" and c.attrs.get("edition") is None]


def test_at_least_250_examples():
    res = load([CARDS_ROOT / "innovation" / "base"])
    assert sum(len(c.examples) for c in res.cards) >= 250


def test_at_least_one_example_per_effect():
    thin = [c.name for c in base_cards() if len(c.examples) < len(c.effects)]
    assert thin == []


def test_every_shared_effect_has_a_sharing_example():
    missing = [c.name for c in base_cards()
               if any(e.kind == "effect" for e in c.effects) and c.name not in NO_SHARING_EXAMPLE
               and not any("shar" in ex.name.lower() for ex in c.examples)]
    assert missing == []
