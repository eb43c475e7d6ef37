"""The examples of the Artifacts cards of ages 1-5 cover what the card issue asks (issue 23; as
tests/test_example_coverage.py does for the base set): at least one example per effect of
every card, and, for every card with a non-demand effect, one where an opponent shares it (the
example's name says "shares" or "shared"). Ages 6-10 are another helper's batch.
Dancing Girl's sharing example ends in p1's win (its effect only wins), so it shows no free draw."""
from __future__ import annotations

from dsl.load import load
from runtime.front.testing import CARDS_ROOT


def artifacts_cards():
    res = load([CARDS_ROOT / "innovation" / "artifacts"])
    assert not res.errors
    return [c for c in res.cards if c.attrs.get("kind", "card") == "card"]


def test_at_least_one_example_per_effect_in_ages_1_to_5():
    thin = [c.name for c in artifacts_cards() if c.attrs["age"] <= 5
            and len(c.examples) < max(1, len(c.effects))]
    assert thin == []


def test_every_shared_effect_of_ages_1_to_5_has_a_sharing_example():
    missing = [c.name for c in artifacts_cards() if c.attrs["age"] <= 5
               and any(e.kind == "effect" for e in c.effects)
               and not any("shar" in ex.name.lower() for ex in c.examples)]
    assert missing == []


def test_ages_1_to_5_hold_all_55_cards_with_three_examples_or_more_on_average():
    early = [c for c in artifacts_cards() if c.attrs["age"] <= 5]
    assert len(early) == 55
    assert sum(len(c.examples) for c in early) >= 3 * 55
