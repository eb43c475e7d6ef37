"""Artifacts of History (issue 23): the set itself (`--sets base,artifacts`, its supply piles,
its cards' facts), the words cards use to reach it (`draw-artifact`, `draw-any-type`, the
`artifact` adjective, `has_demand`) and the `compel:` effect kind (000 "强制效果").

Rule scenarios citing the seed: tests/scenarios/innovation/artifacts.json."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst

from dsl.errors import CardlangError
from dsl.load import check_text, load
from runtime.core import registry
from runtime.core.errors import BadOptions
from runtime.core.scenario import run_scenario
from runtime.front.testing import CARDS_ROOT, cardset
from runtime.games.innovation.game import Options, achievements_needed
from tests.core.test_contract import clone_plays_on_independently
from tests.test_echoes import fingerprint, play_checked

GAME = registry.get("innovation")
SETS = ["base", "artifacts"]


# ------------------------------------------------------------------ the set and its ids
def test_artifacts_is_a_playable_set():
    assert list(GAME.options({"sets": SETS})["sets"]) == SETS
    assert list(GAME.options({"sets": ["base", "echoes", "artifacts"]})["sets"]) == \
        ["base", "echoes", "artifacts"]
    with pytest.raises(BadOptions, match="first edition plays the base set only"):
        GAME.options({"edition": 1, "sets": SETS})
    # 000 "游戏结束": one more achievement per expansion in play
    assert achievements_needed(Options(players=2, expansions=("base", "artifacts"))) == 7
    assert achievements_needed(Options(players=2, expansions=("base", "echoes", "artifacts"))) == 8


def test_artifacts_cards_take_ids_after_the_other_sets():
    """A set added later takes ids after the cards of the sets before it, so the base and
    Echoes cards keep their ids (saves name cards by id) and their supply indices."""
    cs = cardset("innovation", mode="interpreted")
    t = cs.table
    sets = [t.set[c] for c in range(t.n) if t.kind[c] == "card"]
    firsts = {s: sets.index(s) for s in set(sets)}
    assert firsts["base"] == 0 and firsts["base"] < firsts["echoes"] < firsts["artifacts"]
    assert t.set_names[:3] == ["base", "echoes", "artifacts"]
    assert [t.set[c] for c in range(105)] == ["base"] * 105


def test_artifacts_supply_piles_only_with_the_set():
    """000 "历史文物扩展": the Artifacts piles are set out, drawn only when an effect says so:
    a base game has none, a base + Artifacts game's draws (set-up included) are base cards."""
    cs = cardset("innovation", mode="interpreted")
    ai = cs.table.set_names.index("artifacts")
    g = GAME.engine({"sets": SETS})
    g.setup()
    assert sum(len(p) for p in g.state.supply[ai]) > 0
    dealt = [c for p in range(2) for c in g.hand(p) + g.top_cards(p)]
    assert {g.cards.set[c] for c in dealt} == {"base"}
    base_only = GAME.engine({"sets": ["base"]})
    base_only.setup()
    assert sum(len(p) for p in base_only.state.supply[ai]) == 0


# ------------------------------------------------------------------ card facts
def test_artifacts_card_files_match_the_reference(innovation_tsv):
    """Each file of cards/innovation/artifacts/ names an Artifacts card (3rd edition: ages 1-10)
    or relic of the shared table, with its age, colour, icon slots (hex position included) and
    featured icon; a `compel:` section exactly when the card prints an "I compel" effect, a
    `demand:` exactly when it prints "I demand"."""
    from tests.test_card_facts import reference_rows
    rows = {r["name"]: r for r in reference_rows(innovation_tsv, "Artifacts")}
    assert sum(r["kind"] == "card" for r in rows.values()) == 105
    assert sum(r["kind"] == "relic" for r in rows.values()) == 5
    res = load([CARDS_ROOT / "innovation" / "artifacts"])
    assert not res.errors
    wrong = []
    for c in res.cards:
        r = rows.get(c.name)
        if r is None:
            wrong.append(f"{c.name}: not an Artifacts card or relic")
            continue
        a = c.attrs
        got = (a.get("age"), a.get("color"), tuple(a.get("icons", ())), a.get("dogma", "none"))
        # (the table's "-" is an empty slot, which a card file names "blank": Battleship Yamato)
        slots = tuple("blank" if i == "-" else i for i in r["icons"].split())
        want = (int(r["age"]), r["color"], slots, r["dogma_icon"] or "none")
        if r["kind"] == "relic":
            if a.get("kind") != "relic":
                wrong.append(f"{c.name}: a relic needs kind relic")
            got, want = got[:3], want[:3]  # (a City relic prints no featured icon)
        if got != want:
            wrong.append(f"{c.name}: file {got} != reference {want}")
        printed = r["effects"]
        kinds = {e.kind for e in c.effects}
        if ("C:" in printed) != ("compel" in kinds):
            wrong.append(f"{c.name}: compel section and printed \"I compel\" effect disagree")
        if ("D:" in printed) != ("demand" in kinds):
            wrong.append(f"{c.name}: demand section and printed \"I demand\" effect disagree")
    assert wrong == []


# ------------------------------------------------------------------ compel
COMPEL_ON_BASE = 'card "Tester"\n    age 1; color red; icons hex castle castle castle\n' \
                 '    dogma castle\n    compel:\n        draw 1\n'


def test_a_compel_on_a_card_of_another_set_is_a_located_error(tmp_path):
    path = tmp_path / "t.card"
    with pytest.raises(CardlangError) as e:
        check_text(COMPEL_ON_BASE, str(path))
    text = str(e.value)
    assert f"{path}:4:" in text and "only cards of artifacts have them" in text
    # the same effect on an Artifacts card is accepted
    card = check_text(COMPEL_ON_BASE.replace("    dogma", "    set artifacts\n    dogma"),
                      str(path))
    assert [e.kind for e in card[0].effects] == ["compel"]


# ------------------------------------------------------------------ the draw words
PROBES = '''card "Probe Draw"
    set artifacts
    age 1; color blue; icons hex crown crown crown
    dogma crown
    effect:
        draw-artifact 3

card "Probe Type"
    set artifacts
    age 1; color green; icons hex crown crown crown
    dogma crown
    effect:
        draw-any-type two [2]

card "Probe Sort"
    set artifacts
    age 1; color purple; icons hex crown crown crown
    dogma crown
    effect:
        score all artifact cards from hand
        tuck all non-artifact cards from hand

card "Probe Return"
    set artifacts
    age 1; color yellow; icons hex crown crown crown
    dogma crown
    effect:
        return all cards from hand
'''
VASES = "".join(f'''
card "Vase {v}{x}"
    set artifacts
    age {v}; color yellow; icons hex leaf leaf leaf
    dogma none
''' for v in (2, 3, 4, 5) for x in "ab")


@pytest.fixture(scope="module")
def probe_zones(tmp_path_factory):
    folder = tmp_path_factory.mktemp("probes")
    (folder / "probes.card").write_text(PROBES + VASES)
    res = load([CARDS_ROOT / "innovation", folder])
    assert not res.errors, res.errors
    return GAME.scenarios("interpreted", cards=res.cards)


def _run(zones, card, decks, expect_hand=None, answers=(), expect_score=None, hand=()):
    p1 = {"board": {zones_color(card): {"cards": [card]}}}
    if hand:
        p1["hand"] = list(hand)
    data = {"name": card, "game": "innovation", "options": {"players": 2, "sets": SETS},
            "setup": {"players": {"p1": p1}, "decks": decks, "current_player": "p1"},
            "steps": [{"actor": "p1", "action": "dogma", "card": card}]
            + [{"actor": "p1", "choose": [a]} for a in answers],
            "expect": {"players": {"p1": dict(p1, **({"hand": expect_hand} if expect_hand
                                                    else {}),
                                              **({"score": expect_score} if expect_score
                                                 else {}))}}}
    if not expect_hand:
        data["expect"]["players"]["p1"].pop("hand", None)
    return run_scenario(data, zones)


def zones_color(card: str) -> str:
    return {"Probe Draw": "blue", "Probe Type": "green", "Probe Sort": "purple"}[card]


def _ok(r):
    assert r.passed, (r.diffs, r.notes, r.problems)


def test_draw_artifact_draws_from_the_artifacts_pile(probe_zones):
    _ok(_run(probe_zones, "Probe Draw", {"base": {"3": ["Paper"]}, "artifacts": {"3": ["Vase 3b"]}},
             ["Vase 3b"]))


def test_draw_artifact_of_an_empty_artifacts_pile_is_a_base_card(probe_zones):
    """000 "使用扩展进行游戏": an empty expansion pile whose base pile is not empty gives the
    base card."""
    _ok(_run(probe_zones, "Probe Draw",
             {"base": {"3": ["Paper"]}, "artifacts": {"3": {"exactly": []}}}, ["Paper"]))


def test_draw_artifact_skips_the_ages_whose_base_pile_is_empty(probe_zones):
    """000 "使用扩展进行游戏": an empty base pile makes that age's expansion piles empty too:
    the draw goes up to 4 although an Artifact 3 is left."""
    _ok(_run(probe_zones, "Probe Draw",
             {"base": {"3": {"exactly": []}, "4": ["Gunpowder"]},
              "artifacts": {"3": ["Vase 3a"], "4": ["Vase 4a"]}}, ["Vase 4a"]))


def test_draw_any_type_draws_every_card_from_the_chosen_set(probe_zones):
    decks = {"base": {"2": ["Calendar", "Mathematics"]}, "artifacts": {"2": ["Vase 2a", "Vase 2b"]}}
    _ok(_run(probe_zones, "Probe Type", decks, ["Vase 2a", "Vase 2b"], answers=["artifacts"]))
    _ok(_run(probe_zones, "Probe Type", decks, ["Calendar", "Mathematics"], answers=["base"]))


def test_the_artifact_adjective_tells_the_sets_apart(probe_zones):
    """`artifact` / `non-artifact`: a card of the Artifacts set or of another."""
    data = {"name": "adjective", "game": "innovation", "options": {"players": 2, "sets": SETS},
            "setup": {"players": {"p1": {"board": {"purple": {"cards": ["Probe Sort"]}},
                                         "hand": ["Vase 2a", "Oars"]}},
                      "current_player": "p1"},
            "steps": [{"actor": "p1", "action": "dogma", "card": "Probe Sort"}],
            "expect": {"players": {"p1": {"board": {"purple": {"cards": ["Probe Sort"]},
                                                    "red": {"cards": ["Oars"]}},
                                          "score": ["Vase 2a"]}}}}
    _ok(run_scenario(data, probe_zones))


# ------------------------------------------------------------------ validate --set Artifacts
def test_validate_artifacts_has_a_row_per_third_edition_card_and_relic(innovation_tsv):
    """`cardlang validate --set Artifacts`: 105 cards and 5 relics (the age-11 rows are 4th
    edition only); "C:" markers stripped like "D:"; a relic's echo text comes first and its
    karma text last, as the engine renders `echo:` and `karma` sections."""
    from runtime.front.validate import read_reference, reference_text, validate
    ref = read_reference(str(innovation_tsv), "Artifacts")
    assert len(ref) == 110 and not any(r["age"] == "11" for r in ref.values())
    treaty = reference_text(ref["Treaty of Kadesh"]).splitlines()
    assert treaty[0].startswith("I compel you to return") and len(treaty) == 2
    pin = reference_text(ref["Safety Pin"]).splitlines()
    assert pin[0].startswith("Echo: ") and pin[1].startswith("I demand")
    ching = reference_text(ref["Ching Shih"]).splitlines()
    assert len(ching) == 2 and all(k.startswith("Karma: ") for k in ching)
    res = load([CARDS_ROOT / "innovation" / "artifacts"])
    rows = validate(res.cards, ref, 0.6)
    assert {r.name for r in rows} == set(ref)
    written = {c.name for c in res.cards}
    assert {r.name for r in rows if r.status == "missing"} == set(ref) - written
    effects = {c.name: bool(c.effects) for c in res.cards}
    assert all(r.examples > 0 for r in rows if r.status != "missing" and effects[r.name])
    by = {r.name: r for r in rows}
    assert by["Holmegaard Bows"].status == "ok"


def test_the_artifacts_table_in_the_docs_is_current(innovation_tsv):
    """docs/cards/artifacts.md is the command's table for the cards written (regenerate it with
    `cardlang validate innovation --reference ... --set Artifacts --markdown
    docs/cards/artifacts.md`), its hand-written part kept."""
    from pathlib import Path

    from runtime.front.validate import KEEP, markdown, read_reference, validate
    doc = Path(__file__).resolve().parent.parent / "docs" / "cards" / "artifacts.md"
    text = doc.read_text()
    res = load([CARDS_ROOT / "innovation" / "artifacts"])
    notes = {c.name: c.attrs["note"] for c in res.cards if c.attrs.get("note")}
    rows = validate(res.cards, read_reference(str(innovation_tsv), "Artifacts"), 0.6)
    assert KEEP in text
    assert text[:text.index(KEEP)].rstrip("\n") == markdown(rows, "Artifacts", 0.6, notes).rstrip("\n")


# ------------------------------------------------------------------ the dig (artifacts.py)
def _dig_scenario(decks, display):
    p1 = {"board": {"red": {"cards": ["Oars", "Archery"]}}}
    if display:
        p1["display"] = display
    return {"name": "dig", "game": "innovation", "options": {"players": 2, "sets": SETS},
            "setup": {"players": {"p1": {"board": {"red": {"cards": ["Archery"]}},
                                         "hand": ["Oars"]}},
                      "decks": decks, "current_player": "p1"},
            "steps": [{"actor": "p1", "action": "meld", "card": "Oars"}],
            "expect": {"players": {"p1": p1}}}


def test_a_dig_skips_the_ages_whose_base_pile_is_empty(probe_zones):
    """000 "挖掘事件": "跳过任何基础供应堆为空的时代": the covered 1 digs an Artifact 2 when
    the base 1 pile is empty."""
    _ok(run_scenario(_dig_scenario({"base": {"1": {"exactly": []}},
                                    "artifacts": {"1": ["Probe Draw"], "2": ["Vase 2b"]}},
                                   ["Vase 2b"]), probe_zones))


def test_a_dig_whose_skipped_artifacts_pile_is_empty_is_ignored(probe_zones):
    """000 "挖掘事件": the Artifacts pile of the age reached is empty: nothing is displayed
    (a dig never displays a base card, and never goes on to a further age)."""
    _ok(run_scenario(_dig_scenario({"base": {"1": {"exactly": []}, "2": ["Calendar"]},
                                    "artifacts": {"2": {"exactly": []}, "3": ["Vase 3a"]}},
                                   None), probe_zones))


def test_dig_rules_on_the_engine():
    """digs(): value at most the covered one's, or the same hex slot; dig_artifact() refuses
    a second card on display."""
    from runtime.games.innovation import artifacts
    g = GAME.engine({"sets": SETS})
    g.setup()
    t = g.cards
    oars, archery, road, construction = (t.id_of(n) for n in
                                         ("Oars", "Archery", "Road Building", "Construction"))
    assert artifacts.digs(g, oars, archery)                  # 1 on 1
    assert artifacts.digs(g, road, oars)                     # 2 on 1, hexes both in slot 2
    assert not artifacts.digs(g, construction, oars)         # 2 on 1, hex in slot 1
    assert artifacts.hex_slot(g, oars) == 2 and artifacts.hex_slot(g, construction) == 1
    first = artifacts.dig_artifact(g, 0, 1)
    assert first >= 0 and g.display(0) == [first] and g.cards.set[first] == "artifacts"
    assert artifacts.dig_artifact(g, 0, 1) == -1 and g.display(0) == [first]
    g.state.check_conservation()


# ------------------------------------------------------------------ relics
def _relic_scenario(covered, melded, decks, answers, expect_p1, p2=None, expect_p2=None,
                    game_over=None, achievements_p1=()):
    """p1 melds `melded` on `covered` (a dig of the covered card's value) with the relics."""
    p1 = {"board": {"red": {"cards": [covered]}}, "hand": [melded]}
    if achievements_p1:
        p1["achievements"] = list(achievements_p1)
    data = {"name": "relic", "game": "innovation",
            "options": {"players": 2, "sets": SETS, "relics": True},
            "setup": {"players": {"p1": p1, **({"p2": p2} if p2 else {})}, "decks": decks,
                      "current_player": "p1"},
            "steps": [{"actor": "p1", "action": "meld", "card": melded}]
            + [{"actor": "p1", "choose": a} for a in answers],
            "expect": {"players": {"p1": expect_p1, **({"p2": expect_p2} if expect_p2 is not None
                                                      else {})}, "game_over": game_over}}
    return data


# a base 3 (Engineering, red) covered by a red 3 (Optics): a dig of an Artifact 3
DIG3 = dict(covered="Engineering", melded="Optics")
RED3 = {"red": {"cards": ["Optics", "Engineering"]}}


def test_after_a_dig_the_relic_of_that_age_is_seized_from_the_area(probe_zones):
    """000 "遗物卡（可选）": after a dig, the relic whose age is the Artifact's value may be
    seized; a relic whose type is not a set in play (Timbuktu: Cities) goes to achievements."""
    _ok(run_scenario(_relic_scenario(**DIG3, decks={"artifacts": {"3": ["Vase 3a"]}},
                                     answers=[["Timbuktu"]],
                                     expect_p1={"board": RED3, "display": ["Vase 3a"],
                                                "achievements": ["Timbuktu"]}), probe_zones))


def test_seizing_is_optional(probe_zones):
    _ok(run_scenario(_relic_scenario(**DIG3, decks={"artifacts": {"3": ["Vase 3a"]}},
                                     answers=[[]],
                                     expect_p1={"board": RED3, "display": ["Vase 3a"]}),
                     probe_zones))


def test_a_relic_of_a_set_in_play_may_go_to_hand(probe_zones):
    """000 "遗物卡（可选）": "如果其卡背与游戏中正在使用的任何卡组的卡背相匹配，你可以选择将其
    转移到你的手牌" (Newton-Wickins Telescope: an Artifacts back)."""
    data = _relic_scenario(covered="Physics", melded="Tools",
                           decks={"artifacts": {"5": ["Vase 5a"]}},
                           answers=[["Newton-Wickins Telescope"], ["hand"]],
                           expect_p1={"board": {"blue": {"cards": ["Tools", "Physics"]}},
                                      "display": ["Vase 5a"],
                                      "hand": ["Newton-Wickins Telescope"]})
    data["setup"]["players"]["p1"]["board"] = {"blue": {"cards": ["Physics"]}}
    _ok(run_scenario(data, probe_zones))


def test_a_relic_is_seized_from_another_players_achievements(probe_zones):
    """000 "遗物卡（可选）": seized from any player's achievements pile."""
    _ok(run_scenario(_relic_scenario(**DIG3, decks={"artifacts": {"3": ["Vase 3a"]}},
                                     answers=[["Timbuktu"]],
                                     p2={"achievements": ["Timbuktu"]}, expect_p2={},
                                     expect_p1={"board": RED3, "display": ["Vase 3a"],
                                                "achievements": ["Timbuktu"]}), probe_zones))


def test_a_seized_relic_counts_as_an_achievement(probe_zones):
    """000 "遗物卡（可选）": "只要遗物留在你的成就堆中，它就被视为已取得的成就": six
    achievements and a seized relic win a two-player game with one expansion (7)."""
    six = ["Tools", "Calendar", "Paper", "Invention", "Coal", "Canning"]
    _ok(run_scenario(_relic_scenario(**DIG3, decks={"artifacts": {"3": ["Vase 3a"]}},
                                     answers=[["Timbuktu"]], achievements_p1=six,
                                     expect_p1={"board": RED3, "display": ["Vase 3a"],
                                                "achievements": six + ["Timbuktu"]},
                                     game_over={"winners": ["p1"], "reason": "achievements"}),
                     probe_zones))


def test_a_returned_relic_goes_back_to_the_relic_area(probe_zones):
    """000 "遗物卡（可选）": "被返回的遗物会返回到可用遗物区域": not to a supply pile; a later
    dig may seize it again."""
    data = {"name": "return", "game": "innovation",
            "options": {"players": 2, "sets": SETS, "relics": True},
            "setup": {"players": {"p1": {"board": {"yellow": {"cards": ["Probe Return"]},
                                                   "blue": {"cards": ["Physics"]}},
                                         "hand": ["Newton-Wickins Telescope"]}},
                      "decks": {"artifacts": {"5": {"exactly": ["Vase 5a"]}}},
                      "current_player": "p1"},
            "steps": [{"actor": "p1", "action": "dogma", "card": "Probe Return"}],
            "expect": {"players": {"p1": {"board": {"yellow": {"cards": ["Probe Return"]},
                                                    "blue": {"cards": ["Physics"]}}}},
                       "decks": {"artifacts": {"5": {"exactly": ["Vase 5a"]}}}}}
    _ok(run_scenario(data, probe_zones))
    g = GAME.engine({"sets": SETS, "relics": True})
    g.setup()
    from runtime.games.innovation import artifacts
    relic = g.cards.id_of("Newton-Wickins Telescope")
    assert relic in artifacts.seizable(g, 5)
    g.transfer(relic, 0, "hand")
    assert relic not in artifacts.seizable(g, 5)
    g.return_card(0, relic)
    assert relic in artifacts.seizable(g, 5) and relic in g.state.limbo
    g.state.check_conservation()


def test_the_relics_option_needs_artifacts():
    """000 "遗物卡（可选）": relics are an optional addition to a game with Artifacts: refused,
    with the reason, otherwise."""
    with pytest.raises(BadOptions, match="relics are played with the Artifacts of History only"):
        GAME.options({"sets": ["base", "echoes"], "relics": True})
    assert GAME.options({"sets": SETS, "relics": True})["relics"] is True
    assert Options(relics=True).to_dict()["relics"] is True
    assert "relics" not in Options().to_dict()  # (saves without relics unchanged)


# ------------------------------------------------------------------ whole games
@pytest.mark.parametrize("seed", range(4))
def test_mixed_artifacts_games_conserve_cards_and_replay(seed):
    """Random base + Artifacts (+ Echoes, + relics) games: every card in exactly one place after
    every step (State.check_conservation), digs happen, and the save replays to the same
    state."""
    from runtime.core.agents.basic import RandomAgent
    cs = cardset("innovation", mode="interpreted")
    sets = ("base", "artifacts") if seed % 2 == 0 else ("base", "echoes", "artifacts")
    n = 2 + seed % 3
    opts = Options(players=n, expansions=sets, relics=seed >= 2)
    g = cs.game_class(cs.table, cs.effects, cs.specials, opts, seed,
                      [RandomAgent(seed * 10 + q) for q in range(n)], record_events=True,
                      triggers=cs.triggers)
    steps = 0
    while not g.over and steps < 500:
        g.step()
        steps += 1
        g.state.check_conservation()
    assert g.over
    r = cs.game_class.replay(cs.table, cs.effects, cs.specials, g.save(), triggers=cs.triggers)
    assert list(r.state.zone_of) == list(g.state.zone_of) and r.result() == g.result()


def test_the_artifacts_rule_scenarios_cite_the_seed_and_cover_each_rule():
    """tests/scenarios/innovation/artifacts.json (run by tests/test_scenarios.py in both modes):
    >= 30 scenarios, each naming seed 000 or 001 and its heading; every part of the Artifacts
    rules (000 "历史文物扩展") and the multi-expansion order has some."""
    import json
    from pathlib import Path
    path = Path(__file__).parent / "scenarios" / "innovation" / "artifacts.json"
    names = [s["name"] for s in json.loads(path.read_text(encoding="utf-8"))]
    assert len(names) >= 30
    assert all(n.startswith(("000 ", "001 ")) for n in names)
    for heading in ("挖掘事件", "展示的牌", "强制效果", "遗物卡（可选）", "使用多个扩展进行游戏"):
        assert sum(heading in n for n in names) >= 2, heading
    relic_sets = [s for s in json.loads(path.read_text(encoding="utf-8"))
                  if s["options"].get("relics")]
    assert len(relic_sets) >= 8


# ------------------------------------------------------------------ relics: not standard; views
def _relic_game(sets=("base", "echoes", "artifacts")):
    g = GAME.engine({"sets": list(sets), "relics": True})
    g.setup()
    return g


def test_a_relic_in_achievements_is_not_a_standard_achievement():
    """000 "遗物卡（可选）": "成就堆中或可用遗物区域中的遗物不受任何影响标准成就的规则或效果的
    影响": Echoes' duplicate-achievement rule (000 "重复成就": 5 x age, doubled per standard
    achievement of that age held) does not count a relic of that age, and the `standard`
    adjective does not match one; the relic still counts toward winning."""
    from runtime.games.innovation import echoes
    from runtime.games.innovation.functions import standard
    g = _relic_game()
    t = g.cards
    timbuktu = t.id_of("Timbuktu")  # a relic of age 3
    g.transfer(timbuktu, 0, "achievements")
    assert echoes.achievement_need(g, 0, 3) == 15
    assert not standard(type("Env", (), {"game": g})(), timbuktu, None)
    assert len(g.achievements(0)) == 1  # (it counts toward the achievements needed to win)
    std3 = next(c for c in range(t.n) if t.set[c] == "base" and t.age[c] == 3
                and g.state.zone_of[c] != 0 and t.kind[c] == "card")
    g.transfer(std3, 0, "achievements")
    assert echoes.achievement_need(g, 0, 3) == 30
    assert standard(type("Env", (), {"game": g})(), std3, None)
    g.state.check_conservation()


def test_observation_shows_displays_and_relics_but_hides_hands():
    """observation(viewer): every display face up (000 "展示的牌"); the available relics area
    and the relics in achievements by name (000 "遗物卡（可选）": seized by name); a relic in
    another player's hand is only a back (its set and age)."""
    g = _relic_game(("base", "artifacts"))
    t = g.cards
    timbuktu, telescope = t.id_of("Timbuktu"), t.id_of("Newton-Wickins Telescope")
    g.transfer(timbuktu, 1, "achievements")
    g.transfer(telescope, 1, "hand")
    from runtime.games.innovation import artifacts
    dug = artifacts.dig_artifact(g, 1, 2)
    assert dug >= 0
    obs = g.observation(0)
    assert sorted(obs["relics"]) == sorted(["Complex Numbers", "Safety Pin", "Ching Shih"])
    p2 = obs["players"][1]
    assert "Timbuktu" in p2["achievements"] and p2["display"] == [t.name[dug]]
    assert {"set": "artifacts", "age": 5} in p2["hand"] and "Newton-Wickins Telescope" not in \
        str(p2["hand"])
    assert "Newton-Wickins Telescope" in g.observation(1)["players"][1]["hand"]
    assert "relics" not in GAME.engine({"sets": SETS}).observation(0)


def test_the_terminal_board_shows_the_display_and_the_relic_area():
    from rich.console import Console
    from runtime.games.innovation.board import board
    from runtime.games.innovation.describe import Describer
    g = _relic_game(("base", "artifacts"))
    from runtime.games.innovation import artifacts
    dug = artifacts.dig_artifact(g, 0, 1)
    g.transfer(g.cards.id_of("Timbuktu"), 1, "achievements")
    console = Console(width=200, record=True)
    for part in board(g, Describer(g, None, ["p1", "p2"], 1)):
        console.print(part)
    text = console.export_text()
    assert f"display: {g.cards.name[dug]}" in text
    assert "relics available: Ching Shih, Complex Numbers, Newton-Wickins Telescope, Safety Pin" \
        in text
    assert "Timbuktu" in text


# ------------------------------------------------------------------ bad input
def test_an_artifacts_card_or_zone_in_a_game_without_artifacts_is_a_located_error(tmp_path):
    """A scenario of a base game placing an Artifacts card, or naming the display (Artifacts'
    zone, 000 "展示的牌"), is refused before it runs, at its line and column, with the option
    to add; with the set it runs."""
    import json
    from runtime.core.scenario_files import run_files
    from runtime.front.testing import zones
    card = {"name": "an Artifact in a base game", "game": "innovation",
            "options": {"players": 2},
            "setup": {"players": {"p1": {"hand": ["Holmegaard Bows"]}}}, "steps": [],
            "expect": {"players": {"p1": {"hand": ["Holmegaard Bows"]}}}}
    zone = {"name": "the display in a base game", "game": "innovation",
            "options": {"players": 2},
            "setup": {"players": {"p1": {"display": ["Archery"]}}}, "steps": [],
            "expect": {"players": {"p1": {"display": ["Archery"]}}}}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([card, zone], indent=1), encoding="utf-8")
    results, errors = run_files([path], lambda game: zones(game, "interpreted"))
    text = "\n".join(str(e) for e in errors) + "\n".join(
        str(p) for r in results for p in list(r.problems) + list(r.notes) + list(r.diffs))
    assert "'Holmegaard Bows' is a card of the artifacts set, which this game does not play" \
        in text
    assert "p1's display is a zone of the artifacts set, which this game does not play" in text
    assert "add the option sets: base, artifacts" in text
    assert len(errors) >= 2 and all(e.path == str(path) and e.line > 1 and e.col > 0
                                    for e in errors)
    assert not any(r.passed for r in results)
    results, errors = run_files([path], lambda game: zones(game, "interpreted"),
                                options={"sets": SETS})
    assert not errors and all(r.passed for r in results)


def test_relics_without_artifacts_are_refused_on_the_command_line():
    import subprocess
    import sys
    from pathlib import Path
    cardlang = str(Path(sys.executable).parent / "cardlang")
    run = subprocess.run([cardlang, "play", "innovation", "--auto", "--bots", "random,random",
                          "--sets", "base,echoes", "--option", "relics=true"],
                         capture_output=True, text=True)
    assert run.returncode != 0
    assert "relics are played with the Artifacts of History only" in run.stderr
    assert "--sets base,artifacts --option relics=true" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("options,why", [
    (["sets=base,artifacts"], "played with sets base; it cannot be loaded with sets base,artifacts"),
    (["sets=base,artifacts", "relics=true"], "cannot be loaded with"),
    (["relics=true"], "relics are played with the Artifacts of History only")])
def test_a_base_save_loaded_with_artifacts_or_relics_is_refused(tmp_path, options, why):
    from runtime.front import savefile
    from runtime.front.commands import PlayError, refuse_other_options
    state = GAME.new_state({"players": 2}, 7)
    path = tmp_path / "base.json"
    path.write_text(savefile.dumps(state.to_json(), {}), encoding="utf-8")
    saved = savefile.read_save(path)
    with pytest.raises(PlayError, match=why):
        refuse_other_options(saved, options)
    refuse_other_options(saved, ["sets=base"])  # the same sets: accepted


# ------------------------------------------------------------------ mixed-game properties
# (Echoes' properties, extended: tests/test_echoes.py's play_checked/fingerprint and
# tests/core/test_contract.py's clone check, over base + Artifacts [+ Echoes], relics on/off)
MIXES = hst.sampled_from([("base", "artifacts"), ("base", "echoes", "artifacts")])


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hst.integers(0, 10 ** 6), players=hst.integers(2, 4), sets=MIXES,
       relics=hst.booleans())
def test_mixed_artifacts_games_conserve_cards_replay_and_play_the_same_in_both_modes(
        seed, players, sets, relics):
    """Every card in exactly one place after every action (displays and the relic area
    included: State.check_conservation); the decision log replays the game; the interpreted
    and compiled runtimes play the same game (log, result, observation)."""
    a = play_checked("interpreted", seed, players, False, sets, relics)
    cs = cardset("innovation", mode="interpreted")
    r = cs.game_class.replay(cs.table, cs.effects, cs.specials, a.save(), triggers=cs.triggers)
    assert list(r.state.zone_of) == list(a.state.zone_of) and r.result() == a.result()
    b = play_checked("compiled", seed, players, False, sets, relics)
    assert fingerprint(a) == fingerprint(b)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hst.integers(0, 10 ** 6), cut=hst.integers(0, 300), other=hst.integers(0, 10 ** 6),
       players=hst.integers(2, 4), sets=MIXES, relics=hst.booleans())
def test_a_mixed_artifacts_clone_plays_on_independently(seed, cut, other, players, sets,
                                                        relics):
    clone_plays_on_independently({"players": players, "sets": list(sets), "relics": relics},
                                 seed, cut, other)


def test_you_lose_with_three_players_ends_the_game_for_the_others():
    """Exxon Valdez's "you lose" with 3 players: seed 000/001 and RULES-NOTES.md do not say what
    happens to the others; here the game ends and every player outside the loser's team wins
    (docs/games/innovation.md, Artifacts "Gaps": the player-out reading is not played)."""
    from runtime.front.testing import zones
    data = {"name": "lose", "game": "innovation", "options": {"players": 3, "sets": SETS},
            "setup": {"players": {"p1": {"board": {"red": ["Exxon Valdez"]}},
                                  "p2": {"board": {"red": ["Coal"]}, "hand": ["Oars"]},
                                  "p3": {"board": {"green": ["Sailing"]}}},
                      "current_player": "p1"},
            "steps": [{"actor": "p1", "action": "dogma", "card": "Exxon Valdez"}],
            "expect": {"players": {"p1": {"board": {"red": ["Exxon Valdez"]}}, "p2": {},
                                   "p3": {"board": {"green": ["Sailing"]}}},
                       "game_over": {"winners": ["p1", "p3"], "reason": "dogma"}}}
    _ok(run_scenario(data, zones("innovation", "interpreted")))
