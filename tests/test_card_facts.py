"""The base set's card files carry the right facts: names, ages, colours, icon slots and featured
icons match the shared reference table (read, never committed; skipped when absent)."""
from __future__ import annotations

import csv

from dsl.load import load
from runtime.front.testing import CARDS_ROOT


def reference_rows(path, set_name="Base"):
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    return [r for r in rows if r["set"] == set_name and "3" in r["editions"].split(",")]


def base_cards():
    res = load([CARDS_ROOT / "innovation" / "base"])
    assert not res.errors
    return {c.name: c for c in res.cards if c.attrs.get("edition") is None}


def test_every_base_card_and_special_achievement_has_a_file(innovation_tsv):
    rows = reference_rows(innovation_tsv)
    want = {r["name"] for r in rows if r["kind"] in ("card", "special_achievement")}
    have = set(base_cards())
    assert sorted(want - have) == [], "cards missing a file"
    assert sorted(have - want) == [], "files naming no base card"


def test_base_card_facts_match_the_reference(innovation_tsv):
    cards = base_cards()
    wrong = []
    for r in reference_rows(innovation_tsv):
        if r["kind"] != "card" or r["name"] not in cards:
            continue
        a = cards[r["name"]].attrs
        got = (a.get("age"), a.get("color"), tuple(a.get("icons", ())), a.get("dogma"))
        want = (int(r["age"]), r["color"], tuple(r["icons"].split()), r["dogma_icon"])
        if got != want:
            wrong.append(f"{r['name']}: file {got} != reference {want}")
    assert wrong == []


def test_special_achievements_are_marked_special_with_a_condition(innovation_tsv):
    cards = base_cards()
    for r in reference_rows(innovation_tsv):
        if r["kind"] == "special_achievement" and r["name"] in cards:
            c = cards[r["name"]]
            assert c.attrs["kind"] == "special", r["name"]
            assert c.condition is not None, f"{r['name']} has no claim condition"
