"""The examples of the Artifacts cards and relics cover what the card issue asks (issue 23; as
tests/test_example_coverage.py does for the base set): at least one example per effect of
every card, and, for every card with a non-demand effect, one where an opponent shares it (the
example's name says "shares" or "shared"): the sharing player's effect, then the activating
player's, then the free draw, or the game's end when one of them wins (Dancing Girl, Syncom 3,
Dolly the Sheep, Maastricht Treaty, Seikan Tunnel: their effects only win, or win first)."""
from __future__ import annotations

from dsl.load import load
from runtime.front.testing import CARDS_ROOT


def artifacts_cards():
    res = load([CARDS_ROOT / "innovation" / "artifacts"])
    assert not res.errors
    return res.cards


def test_the_set_holds_105_cards_and_5_relics():
    kinds = [c.attrs.get("kind", "card") for c in artifacts_cards()]
    assert kinds.count("card") == 105 and kinds.count("relic") == 5


def test_at_least_one_example_per_effect():
    thin = [c.name for c in artifacts_cards() if len(c.examples) < max(1, len(c.effects))]
    assert thin == []


def test_every_shared_effect_has_a_sharing_example():
    missing = [c.name for c in artifacts_cards()
               if any(e.kind == "effect" for e in c.effects)
               and not any("shar" in ex.name.lower() for ex in c.examples)]
    assert missing == []


def test_three_examples_a_card_or_more_on_average():
    for low, high in ((1, 5), (6, 10)):
        cards = [c for c in artifacts_cards() if c.attrs.get("kind", "card") == "card"
                 and low <= c.attrs["age"] <= high]
        assert len(cards) == (55 if low == 1 else 50)
        assert sum(len(c.examples) for c in cards) >= 3 * len(cards), (low, high)
