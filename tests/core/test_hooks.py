"""Triggered effects through the core's hooks (runtime/core/hooks.py), proved with test karma
cards in Innovation (002 "因果(Karma)", PAGE.6-7): `would ... instead` replaces the verb and
`it` names the card about to be melded; `would ... first` runs before it; `when` after it;
a karma acts only while its card is a top card of its owner's board; karma does not chain;
when several fire, the player chooses one. The same games interpreted and compiled."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.load import check_text
from runtime.core.agents import FirstLegalAgent, ScriptedAgent
from runtime.front.testing import game_cards
from runtime.games.innovation.cardset import build_cardset
from runtime.games.innovation.game import Options
from runtime.games.innovation.state import ACHIEVEMENTS, AVAILABLE, BOARD, HAND, SUPPLY

from tests.conftest import modes

FIGURES = '''card "Test Scorer"
    age 1; color yellow; icons crown crown hex crown
    dogma none
    karma would meld a card with castle instead:
        score it

card "Test Drawer"
    age 1; color green; icons crown crown hex crown
    dogma none
    karma would tuck a card first:
        draw 2
    karma when meld this:
        draw 1

card "Test Chain"
    age 1; color blue; icons crown crown hex crown
    dogma none
    karma would meld a card first:
        meld a card from hand
'''

_SETS: dict = {}


def cardset(mode: str):
    """The base cards of age 1 and 2 plus the test figures, a set of its own (/tmp/figs)."""
    if mode not in _SETS:
        figures = check_text(FIGURES, "/tmp/cardlang_figs/figures.card", game="innovation")
        base = [c for c in game_cards("innovation") if c.attrs.get("age") in (1, 2)
                and not c.attrs.get("edition") and c.attrs.get("kind") == "card"]
        _SETS[mode] = build_cardset(figures + base, mode=mode)
    return _SETS[mode]


def game(mode: str, answers=()):
    cs = cardset(mode)
    by_name = lambda g, d, raw: [g.cards.id_of(x) for x in raw]  # answers are card names
    agents = [ScriptedAgent(list(answers), translate=by_name), FirstLegalAgent()]
    g = cs.game_class(cs.table, cs.effects, cs.specials, Options(players=2), seed=1,
                      agents=agents, auto_setup=False, triggers=cs.triggers)
    g._shuffle_supply({"base"})
    st = g.state
    st.current, st.actions_left, st.turn = 0, 2, 2
    return g, cs.table


def put(g, table, name, zone, p=0):
    g.state.move(table.id_of(name), zone, p if zone != SUPPLY else -1)
    return table.id_of(name)


def names(table, ids) -> list:
    return sorted(table.name[c] for c in ids)


@pytest.mark.parametrize("mode", modes())
def test_would_instead_replaces_the_verb_and_it_is_the_card(mode):
    g, t = game(mode)
    put(g, t, "Test Scorer", BOARD)
    archery = put(g, t, "Archery", HAND)      # castle: scored instead of melded
    sailing = put(g, t, "Sailing", HAND)      # no castle: melded
    g.apply(("meld", archery))
    assert names(t, g.state.score[0]) == ["Archery"] and archery not in g.state.board[0][1]
    g.apply(("meld", sailing))
    assert g.state.board[0][2][-1] == sailing


@pytest.mark.parametrize("mode", modes())
def test_would_first_runs_before_and_when_after(mode):
    g, t = game(mode)
    drawer = put(g, t, "Test Drawer", HAND)
    g.apply(("meld", drawer))                 # when meld this: draw a 1
    assert len(g.state.hand[0]) == 1 and t.age[g.state.hand[0][0]] == 1
    before = len(g.state.hand[0])
    g.tuck(0, g.state.hand[0][0])             # would tuck first: draw two... a [2]
    assert len(g.state.hand[0]) == before - 1 + 1
    drawn = [c for c in g.state.hand[0]]
    assert t.age[drawn[-1]] == 2


@pytest.mark.parametrize("mode", modes())
def test_a_karma_acts_only_while_its_card_is_a_top_card(mode):
    g, t = game(mode)
    put(g, t, "Test Scorer", BOARD)
    put(g, t, "Metalworking", BOARD)          # covers the yellow figure? no: red, its own pile
    put(g, t, "Agriculture", BOARD)           # yellow, on top of the figure
    archery = put(g, t, "Archery", HAND)
    g.apply(("meld", archery))
    assert g.state.board[0][1][-1] == archery and not g.state.score[0]


@pytest.mark.parametrize("mode", modes())
def test_karma_does_not_chain_and_the_player_chooses_among_several(mode):
    # Test Chain: "would meld a card: first meld a card from hand" melds that card without
    # firing again (002: karma effects do not trigger karma effects)
    g, t = game(mode, answers=[["Oars"]])
    put(g, t, "Test Chain", BOARD)
    sailing = put(g, t, "Sailing", HAND)
    put(g, t, "Oars", HAND)
    g.apply(("meld", sailing))
    assert names(t, [p[-1] for p in g.state.board[0] if p]) == ["Oars", "Sailing", "Test Chain"]
    # with both figures on top, melding a castle card fires both: p1 picks one (Test Scorer)
    g2, t2 = game(mode, answers=[["Test Scorer"]])
    put(g2, t2, "Test Chain", BOARD)
    put(g2, t2, "Test Scorer", BOARD)
    archery = put(g2, t2, "Archery", HAND)
    put(g2, t2, "Clothing", HAND)
    g2.apply(("meld", archery))
    assert names(t2, g2.state.score[0]) == ["Archery"]
    assert names(t2, g2.state.hand[0]) == ["Clothing"]  # Test Chain's karma was ignored
    assert any(e["kind"] == "card" and e["answer"] == [t2.id_of("Test Scorer")]
               for e in g2.log)


def test_games_are_the_same_in_both_modes():
    logs = []
    for mode in modes():
        g, t = game(mode, answers=[["Test Scorer"]])
        put(g, t, "Test Chain", BOARD)
        put(g, t, "Test Scorer", BOARD)
        put(g, t, "Test Drawer", HAND)
        archery = put(g, t, "Archery", HAND)
        g.apply(("meld", archery))
        g.apply(("meld", t.id_of("Test Drawer")))
        logs.append((list(g.events), [dict(e) for e in g.log]))
    assert all(x == logs[0] for x in logs)


@pytest.mark.parametrize("mode", modes())
def test_karma_leaves_the_specials_inputs_known_and_its_changes_wake_them(mode):
    """A triggered effect changes what a special achievement reads only through the verbs it
    runs (State.move, the turn's counters), which wake the specials: a game with karma keeps
    the conditions' known inputs (no whole evaluation after every change, karma.install), and
    a karma's score is still seen: Test Scorer's "would meld ... instead: score it" scores a
    sixth card this turn and Monument (base special, "score six cards in a single turn") is
    claimed at once (000 "特殊成就")."""
    figures = check_text(FIGURES, "/tmp/cardlang_figs/figures.card", game="innovation")
    base = [c for c in game_cards("innovation") if not c.attrs.get("edition")
            and (c.attrs.get("age") in (1, 2) and c.attrs.get("kind") == "card"
                 or c.name == "Monument")]
    cs = build_cardset(figures + base, mode=mode)
    g = cs.game_class(cs.table, cs.effects, cs.specials, Options(players=2), seed=1,
                      agents=[FirstLegalAgent(), FirstLegalAgent()], auto_setup=False,
                      triggers=cs.triggers)
    g._shuffle_supply({"base"})
    st, t = g.state, cs.table
    st.current, st.actions_left, st.turn = 0, 2, 2
    monument = t.id_of("Monument")
    st.move(monument, AVAILABLE)
    assert g._specials_known and not g._conditions_see
    put(g, t, "Test Scorer", BOARD)
    for name in ("Oars", "Sailing", "Pottery", "Tools", "Writing"):
        g.score_card(0, put(g, t, name, HAND))
    assert g.state.scored_this_turn[0] == 5 and st.zone_of[monument] == AVAILABLE
    g.apply(("meld", put(g, t, "Archery", HAND)))  # castle: scored instead (the sixth)
    assert names(t, st.score[0]) == ["Archery", "Oars", "Pottery", "Sailing", "Tools",
                                     "Writing"]
    assert st.zone_of[monument] == ACHIEVEMENTS and st.owner_of[monument] == 0


@pytest.mark.parametrize("mode", modes())
def test_watched_hooks_are_asked_only_while_a_watched_card_is_on_a_board(mode):
    """A hook added with `watch` (karma's, karma.install) is consulted, and a verb's event
    made for it, only while one of its cards is on a board: the State counts them there
    (State.watched, kept by every move, copied with a clone). A relics game whose Figures
    relic never reaches a board thus pays nothing for its karma on each meld and score."""
    import sys
    from runtime.games.innovation.game import REPLACEABLE
    g, t = game(mode)
    PROCEED = sys.modules[type(g).__module__].PROCEED  # (the compiled twin has its own)
    meld = REPLACEABLE.index("meld")
    # the test figures' karma alone listens: no karma card on a board, nothing is asked
    assert g._listening and not g._listens() and not g._replaces(meld)
    scorer = t.id_of("Test Scorer")
    seen = []
    g.add_replacement("meld", lambda g_, verb, args: seen.append(("would", args[1])) or PROCEED,
                      watch=(scorer,))
    g.add_trigger("meld", lambda g_, event: seen.append(("when", event[2])), watch=(scorer,))
    g.meld(0, put(g, t, "Sailing", HAND))
    assert seen == [] and g.state.watched == 0
    put(g, t, "Test Scorer", BOARD, 1)  # on any board: the hooks are asked
    assert g.state.watched == 1 and g._listens() and g._replaces(meld)
    oars = put(g, t, "Oars", HAND)
    g.meld(0, oars)
    assert seen == [("would", oars), ("when", oars)]
    c = g.clone()
    assert c.state.watched == 1 and c._listens()
    put(g, t, "Test Scorer", HAND, 1)  # off the boards again
    assert g.state.watched == 0 and not g._listens() and not g._replaces(meld)
    g.meld(0, put(g, t, "Pottery", HAND))
    assert len(seen) == 2 and c.state.watched == 1
