"""Tash-Kalar's Deathmatch for 2, 3 and 4 players (shared/seeds/004_5b1005269f6a162c.txt,
"死斗规则"): set-up, options, and piece and card conservation over random games. The scoring
rules are scenarios (tests/scenarios/tashkalar/deathmatch.json)."""
from __future__ import annotations

from collections import Counter

import pytest

from runtime.core.agents.basic import RandomAgent
from runtime.core.errors import BadOptions
from runtime.games.tashkalar import board as B
from runtime.games.tashkalar.definition import GAME


def engine(n, seed=0):
    e = GAME.engine({"players": n, "variant": "deathmatch"}, seed)
    e.agents = [RandomAgent(seed * 10 + q) for q in range(n)]
    e.setup()
    return e


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_start_squares_no_tasks_one_action(n):
    """004 死斗规则: no tasks; the board's start squares hold a common piece of each colour
    (the duel's (3,5) and (7,5)); as usual the first player takes a single action (轮次)."""
    e = engine(n)
    assert e.tasks == [] and e.task_deck == []
    for p, s in enumerate(B.START[n]):
        assert (e.owner[s], e.rank[s]) == (p, 0)
    assert sum(1 for s in B.SQUARES if e.owner[s] >= 0) == n
    if n == 2:
        assert [B.name(s) for s in B.START[2]] == ["c5", "g5"]
    assert e.actions_left == 1 and e.current == 0
    assert [len(e.hand[p]) for p in range(n)] == [3] * n
    assert e.colour == [[0] * n for _ in range(n)]


def test_options():
    """High Form is a two-player game; Deathmatch takes 2 to 4 (004 死斗规则)."""
    with pytest.raises(BadOptions, match="High Form is for 2 players"):
        GAME.options({"players": 3})
    with pytest.raises(BadOptions, match="variant"):
        GAME.options({"variant": "melee"})
    assert GAME.options({"players": 4, "variant": "deathmatch"})["variant"] == "deathmatch"
    assert GAME.max_players == 4


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_conserve_pieces_and_cards(n):
    """Conservation with 2-4 colours (004 棋子用尽: 18 common/heroic and 3 legendary pieces a
    colour, on the board or in stock), every card in one place, colour scores that never go
    down, and the end by 18/12/10 VP in one colour or a deck drawn out."""
    for seed in range(2):
        e = engine(n, seed)
        steps = 0
        before = [list(x) for x in e.colour]
        while not e.over and steps < 5000:
            e.step()
            steps += 1
            # colour scores never go down: a legend's VP is kept when it is destroyed
            assert all(e.colour[p][q] >= before[p][q] for p in range(n) for q in range(n))
            before = [list(x) for x in e.colour]
            for p in range(n):
                on = [s for s in B.SQUARES if e.owner[s] == p]
                assert sum(1 for s in on if e.rank[s] < 2) + e.supply[p] == 18
                assert sum(1 for s in on if e.rank[s] == 2) + e.legend_supply[p] == 3
                assert e.colour[p][p] == 0
            places = (e.deck + e.hand + e.legends + e.flares + e.discards + e.gone
                      + [e.legend_deck, e.flare_deck])
            seen = Counter(c for zone in places for c in zone)
            want = Counter(c for c, info in enumerate(e.table.cards)
                           if info.kind in ("legend", "flare"))
            for p in range(n):   # each player's own deck (the others' decks are not in play)
                want.update(e.table.ids("being", e.options.decks[p % len(e.options.decks)]))
            assert seen == want
        assert e.over
        r = e.result()
        assert r.scores == [min(e.colour[p][q] for q in range(n) if q != p) for p in range(n)]
        best = max(r.scores)
        assert all(r.scores[w] == best for w in r.winners)


def test_save_keeps_the_variant_and_loads():
    """A save holds every option: a 3-player Deathmatch loads as one and replays the same."""
    s = GAME.new_state({"players": 3, "variant": "deathmatch"}, seed=5)
    for _ in range(40):
        s.apply([s.pending().options[0].id])
    text = s.to_json()
    back = GAME.load_state(text)
    assert back.to_json() == text
    assert back.engine.deathmatch and back.engine.n_players == 3


def test_a_game_made_from_rules_options_saves_its_variant():
    """An engine built directly (scenarios, simulations) saves every option too."""
    from runtime.games.tashkalar.game import Options
    e = GAME.engine({"players": 4, "variant": "deathmatch", "deck3": "imperial"}, 1)
    assert e.save_header()["options"] == {"players": 4, "variant": "deathmatch",
                                          "tasks": False, "deck": "imperial",
                                          "deck2": "imperial", "deck3": "imperial",
                                          "deck4": "imperial"}
    assert GAME.options(e.save_header()["options"])["variant"] == "deathmatch"
    assert Options().variant == "high-form"
