"""Echoes of the Past (issue 22): its rules through the game's hooks (runtime/games/innovation/
echoes.py), the sets option, and whole games that mix the base and Echoes sets.

The rule-by-rule scenarios are tests/scenarios/innovation/echoes.json (each cites 000/001);
here: the set-up, what the rules add to a game, bad input, and Hypothesis properties over
mixed-set games (card conservation after every action, replay of a save, the interpreted and
compiled games identical)."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runtime.core import registry
from runtime.core.errors import BadOptions
from runtime.core.scenario import run_scenario
from runtime.front.testing import cardset, zones
from runtime.games.innovation.game import Options, achievements_needed

SETS = ["base", "echoes"]
GAME = registry.get("innovation")


def engine(mode: str, seed: int, players: int = 2, teams: bool = False, sets=SETS,
           relics: bool = False):
    """The rules object of a mixed-set game in `mode`, every seat the runtime's random agent
    (tests/test_artifacts.py: with Artifacts and its relics too)."""
    cs = cardset("innovation", mode=mode)
    rt = cs.runtime
    opts = (rt.Options if rt else Options)(players=players, teams=teams,
                                           expansions=tuple(sets), relics=relics)
    agent = rt.RandomAgent if rt else __import__(
        "runtime.core.agents.basic", fromlist=["RandomAgent"]).RandomAgent
    return cs.game_class(cs.table, cs.effects, cs.specials, opts, seed,
                         [agent(seed * 10 + q) for q in range(players)], record_events=False)


def sets_of(g, cards) -> set:
    return {g.cards.set[c] for c in cards}


# ------------------------------------------------------------------ options and set-up
def test_sets_option_is_checked_with_reasons():
    assert list(GAME.options({"sets": ["base", "echoes"]})["sets"]) == ["base", "echoes"]
    with pytest.raises(BadOptions, match="not playable yet"):
        GAME.options({"sets": ["base", "figures"]})
    with pytest.raises(BadOptions, match="must include 'base'"):
        GAME.options({"sets": ["echoes"]})


def test_an_expansion_needs_one_more_achievement():
    """000 "游戏结束 / 通过成就": one more achievement per expansion in play."""
    assert achievements_needed(Options(players=2, expansions=("base", "echoes"))) == 7
    assert achievements_needed(Options(players=3, expansions=("base", "echoes"))) == 6
    assert achievements_needed(Options(players=2)) == 6


@pytest.mark.parametrize("seed", range(6))
def test_setup_deals_the_second_card_by_the_echoes_draw_rule(seed):
    """000/001 "抽取回响牌" at the set-up: the first 1 drawn into an empty hand is a base card,
    the second (a hand without an Echoes card) an Echoes card; one of them is melded."""
    g = engine("interpreted", seed, players=2 + seed % 3)
    for p in range(g.n_players):
        dealt = g.hand(p) + g.top_cards(p)
        assert len(dealt) == 2 and sets_of(g, dealt) == {"base", "echoes"}
        assert all(g.age_of[c] == 1 for c in dealt)


def test_setup_uses_base_achievements_and_the_sets_in_play():
    g = engine("interpreted", 4)
    st_ = g.state
    standard = [c for c in st_.available if not g.special_card[c]]
    assert sorted(g.age_of[c] for c in standard) == list(range(1, 10))
    assert sets_of(g, standard) == {"base"}
    echoes = g.cards.set_names.index("echoes")
    assert any(st_.supply[echoes][a] for a in range(1, 4))
    base_game = engine("interpreted", 4, sets=["base"])
    in_supply = {c for piles in base_game.state.supply for pile in piles for c in pile}
    assert sets_of(base_game, in_supply) == {"base"}
    assert sets_of(base_game, base_game.state.available) == {"base"}


def test_the_base_game_is_unchanged_by_the_echoes_cards_in_the_card_set():
    """A base-only game installs no hook: its draws, points and achievements are the base
    game's (the Echoes cards stay out of it)."""
    g = engine("interpreted", 11, sets=["base"])
    assert g._hooks == {}
    r = g.play()
    assert r is not None
    assert all(g.cards.set[c] == "base" for p in range(2) for c in g.hand(p) + g.score(p))


# ------------------------------------------------------------------ what a player may see
def test_the_forecast_is_seen_by_its_owner_only():
    """000 "新关键词：预兆": one may look at one's own forecast, not at another player's."""
    g = engine("interpreted", 2)
    c = g.state.supply[g.cards.set_names.index("echoes")][3][-1]
    g.transfer(c, 0, "forecast")
    own, other = g.observation(0), g.observation(1)
    assert own["players"][0]["forecast"] == [g.cards.name[c]]
    assert other["players"][0]["forecast"] == [{"set": "echoes", "age": 3}]


def test_a_look_is_seen_by_its_looker_only_and_changes_nothing():
    """Tuning Fork's echo ("look at the top card of any deck, then place it back on top", the
    `look-at` verb): the card is named to its looker only, stays where it is, and the look is
    not a state change (no sharing bonus for it: shared/RULES-NOTES.md "Dogma")."""
    from runtime.games.innovation.describe import Describer
    g = engine("interpreted", 2)
    g.record_events = True
    c = g.state.supply[0][6][-1]
    before = g.counted_changes
    g.look(0, c)
    assert g.counted_changes == before and g.state.supply[0][6][-1] == c
    e = g.events[-1]
    assert e == ("look", 0, c)
    assert g.cards.name[c] in Describer(g, viewer=0).event(e)
    assert g.cards.name[c] not in Describer(g, viewer=1).event(e)


def test_a_card_placed_on_top_of_its_deck_is_the_next_drawn():
    """Telescope ("place a card from your forecast on top of its deck", `place-on-top`): a
    transfer to the top of the card's own supply pile, where the next draw of that pile takes
    it; a return (000 "归还") puts it at the bottom."""
    g = engine("interpreted", 3)
    pile = g.state.supply[g.cards.set_names.index("echoes")][5]
    c = pile[0]
    g.transfer(c, 0, "forecast")
    g.transfer(c, -1, "supply")
    assert pile[-1] == c and g.state.zone_of[c] == g.state.zone_of[pile[0]]
    g.state.check_conservation()


# ------------------------------------------------------------------ bad input
def test_an_echoes_card_in_a_base_game_is_a_clear_error():
    data = {"name": "an Echoes card in a base game", "game": "innovation",
            "options": {"sets": ["base"]},
            "setup": {"players": {"p1": {"board": {"blue": {"cards": ["Ruler"]}}}}},
            "steps": [], "expect": {}}
    r = run_scenario(data, zones("innovation", "interpreted"))
    assert not r.passed
    text = " ".join(str(x) for x in list(r.problems) + list(r.diffs) + list(r.notes))
    assert "echoes set" in text and "sets: base, echoes" in text


def test_a_base_save_loaded_with_other_sets_is_refused(tmp_path):
    from runtime.front import savefile
    from runtime.front.commands import PlayError, refuse_other_options
    state = GAME.new_state({"players": 2}, 7)
    path = tmp_path / "base.json"
    path.write_text(savefile.dumps(state.to_json(), {}), encoding="utf-8")
    saved = savefile.read_save(path)
    with pytest.raises(PlayError, match="played with sets base; it cannot be loaded with sets "
                                        "base,echoes"):
        refuse_other_options(saved, ["sets=base,echoes"])
    refuse_other_options(saved, ["sets=base"])  # the same sets: accepted


def test_an_echo_effect_on_a_base_card_is_a_located_error(tmp_path):
    from dsl.load import load
    folder = tmp_path / "innovation" / "base"
    folder.mkdir(parents=True)
    (folder / "oars.card").write_text(
        'card "Oars"\n    age 1; color red; icons castle crown hex castle\n    dogma castle\n'
        '    echo:\n        draw 1\n', encoding="utf-8")
    res = load([folder], game="innovation")
    msgs = [(d.line, d.message) for d in res.errors]
    assert msgs and msgs[0][0] == 4 and "base set cannot have 'echo' effects" in msgs[0][1]


# ------------------------------------------------------------------ whole mixed-set games
def play_checked(mode: str, seed: int, players: int, teams: bool, sets=SETS,
                 relics: bool = False):
    """A mixed-set game played action by action, its cards conserved after every action."""
    g = engine(mode, seed, players, teams, sets, relics)
    for _ in range(3000):
        if g.over:
            break
        g.step()
        g.state.check_conservation()
    assert g.over
    return g


def fingerprint(g) -> tuple:
    return (g.result().winners, g.result().reason, [dict(e) for e in g.log],
            json.dumps(g.observation(0), sort_keys=True))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), shape=st.sampled_from([(2, False), (3, False), (4, False),
                                                            (4, True)]))
def test_mixed_games_conserve_cards_and_both_modes_play_the_same_game(seed, shape):
    players, teams = shape
    a = play_checked("interpreted", seed, players, teams)
    b = play_checked("compiled", seed, players, teams)
    assert fingerprint(a) == fingerprint(b)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), players=st.integers(2, 4), mode=st.sampled_from(
    ["interpreted", "compiled"]))
def test_a_mixed_game_saved_and_loaded_is_the_same_game(seed, players, mode):
    state = GAME.new_state({"players": players, "sets": SETS}, seed, mode)
    end = state.play_out([state.random_agent(seed * 7 + q) for q in range(players)])
    text = end.to_json()
    assert json.loads(text)["header"]["options"]["expansions"] == SETS  # the save records them
    for m in ("interpreted", "compiled"):
        loaded = GAME.load_state(text, m)
        assert loaded.returns() == end.returns()
        assert [loaded.observation(p) for p in range(players)] == \
            [end.observation(p) for p in range(players)]


def test_mixed_games_use_the_echoes_rules():
    """Over a few games the Echoes rules are exercised: cards are foreshadowed, promoted and
    dogma'd with echo effects (events of the recorded games)."""
    seen = {"forecast": 0, "echo": 0, "echoes drawn": 0}
    cs = cardset("innovation")
    from runtime.core.agents.basic import RandomAgent
    for seed in range(8):
        g = cs.game_class(cs.table, cs.effects, cs.specials,
                          Options(players=2, expansions=tuple(SETS)), seed,
                          [RandomAgent(seed), RandomAgent(seed + 99)], record_events=True)
        g.play()
        g.state.check_conservation()
        for e in g.events:
            if e[0] == "transfer" and e[4] == "forecast":
                seen["forecast"] += 1
            if e[0] == "draw" and g.cards.set[e[2]] == "echoes":
                seen["echoes drawn"] += 1
            if e[0] == "share" and any(x.kind == "echo" for x in g.effects.get(e[2], ())):
                seen["echo"] += 1
    assert all(v > 0 for v in seen.values()), seen


# ------------------------------------------------------------------ card facts
def test_echoes_card_files_match_the_reference(innovation_tsv):
    """Each Echoes card file's identity (age, colour, icon slots, featured icon) is the shared
    reference table's (read, never committed; skipped when absent), and every file names a card
    or special achievement of the set."""
    from dsl.load import load

    from runtime.front.testing import CARDS_ROOT
    from tests.test_card_facts import reference_rows
    rows = {r["name"]: r for r in reference_rows(innovation_tsv, "Echoes")}
    res = load([CARDS_ROOT / "innovation" / "echoes"])
    assert not res.errors
    wrong = []
    for c in res.cards:
        r = rows.get(c.name)
        if r is None:
            wrong.append(f"{c.name}: not an Echoes card")
            continue
        if r["kind"] == "special_achievement":
            if c.attrs.get("kind") != "special" or c.condition is None:
                wrong.append(f"{c.name}: a special achievement needs kind special and a condition")
            continue
        a = c.attrs
        got = (a.get("age"), a.get("color"), tuple(a.get("icons", ())), a.get("dogma"))
        want = (int(r["age"]), r["color"], tuple(r["icons"].split()), r["dogma_icon"])
        if got != want:
            wrong.append(f"{c.name}: file {got} != reference {want}")
        # an echo section exactly when the card prints an echo effect
        if ("echo" in r["icons"].split()) != any(e.kind == "echo" for e in c.effects):
            wrong.append(f"{c.name}: echo section and printed echo effect disagree")
    assert wrong == []


def test_echoes_visible_slots_are_the_states():
    """echoes.py repeats state.VISIBLE_SLOTS (the compiled state keeps it as a C tuple)."""
    from runtime.games.innovation import echoes, state
    assert echoes.VISIBLE_SLOTS == state.VISIBLE_SLOTS


@pytest.mark.parametrize("mode", ["interpreted", "compiled"])
def test_tuning_forks_echo_looks_at_the_top_card_of_any_deck_of_a_set_in_play(mode):
    """Tuning Fork's echo: "look at the top card of any deck" (the reference table's echo text;
    000 "说明和其他关键词" "牌组": a deck is a set's cards, each set in play keeps its own
    supply piles): a value, then a set in play (`choose a set as s`, a decision of kind `set`
    offering base, echoes, artifacts in supply order); the look names the top card of that
    set's pile, which stays on top."""
    from runtime.games.innovation.scenario import build_game
    cs = cardset("innovation", mode=mode)
    data = {"options": {"players": 2, "expansions": ["base", "echoes", "artifacts"]},
            "setup": {"players": {"p1": {"board": {"purple": ["Tuning Fork"]}}},
                      "decks": {"artifacts": {"5": ["Principia"]}},
                      "current_player": "p1", "actions_left": 2}}
    fork = cs.table.name.index("Tuning Fork")
    principia = cs.table.name.index("Principia")
    for answers, looked in (([5], None), ([5, "artifacts"], principia)):
        g, agents = build_game(data, cs.table, cs.effects, cs.specials, cs.runtime)
        for a in answers:
            agents[0].push(a)
        g.apply(("dogma", fork))
        looks = [e for e in g.events if e[0] == "look"]
        if looked is None:  # unanswered: the set decision is the fallback, base first
            d = agents[0].fallbacks[0]
            assert d.kind == "set" and list(d.options) == ["base", "echoes", "artifacts"]
            assert looks == [("look", 0, g.state.supply[0][5][-1])]
        else:
            assert not agents[0].fallbacks
            assert looks == [("look", 0, looked)]
            assert g.state.supply[g.cards.set_names.index("artifacts")][5][-1] == looked
