"""The properties of the base game over every deck, the expansions' included (Everfrost's
frozen effects, Nethervoid's Gateway: 004 扩展), any deck at any seat, High Form for two and
Deathmatch for 2-4 players (Hypothesis): pieces and cards are conserved at every step, a clone
at any decision plays on independently, and a save replays to the same final state. Both
modes identical over every deck: tests/tashkalar/test_tk_compiled.py."""
from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from runtime.core.agents import RandomAgent
from runtime.games.tashkalar import board as B
from runtime.games.tashkalar.definition import DECKS, GAME
from runtime.games.tashkalar.transcripts import final_state
from tests.core.test_contract import play  # answer every pending decision with the seat's agent

SEATS = ("deck", "deck2", "deck3", "deck4")


def _options(shape, decks) -> dict:
    players, variant = shape
    opts = {"players": players, "variant": variant}
    opts.update(zip(SEATS[:players], decks))
    return opts


OPTIONS = st.builds(_options,
                    st.sampled_from([(2, "high-form"), (2, "deathmatch"), (3, "deathmatch"),
                                     (4, "deathmatch")]),
                    st.lists(st.sampled_from(DECKS), min_size=4, max_size=4))


def conserved(e) -> None:
    """004 棋子用尽: 18 common/heroic and 3 legendary pieces a colour (on the board, in stock,
    or removed from the game by Deathbringer); every card in exactly one place."""
    for p in range(e.n_players):
        on = [s for s in B.SQUARES if e.owner[s] == p]
        assert sum(1 for s in on if e.rank[s] < 2) + e.supply[p] + e.removed[p][0] == 18
        assert sum(1 for s in on if e.rank[s] == 2) + e.legend_supply[p] + e.removed[p][1] == 3
    places = (e.deck + e.hand + e.legends + e.flares + e.discards + e.gone + e.claimed
              + e.frozen + [e.legend_deck, e.flare_deck, e.task_deck, e.tasks])
    want = Counter(c for c, info in enumerate(e.table.cards)
                   if info.kind in ("legend", "flare") or (info.kind == "task" and e.options.tasks))
    for p in range(e.n_players):
        want.update(e.table.ids("being", e.options.decks[p]))
    assert Counter(c for zone in places for c in zone) == want
    if e.portal >= 0:   # 004 扩展 虚空: the Gateway is a non-legendary piece's marker
        assert e.portals and e.owner[e.portal] >= 0 and e.rank[e.portal] != 2


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 10**6))
def test_random_games_of_any_decks_conserve_pieces_and_cards(options, seed):
    e = GAME.engine(options, seed)
    e.agents = [RandomAgent(seed + q) for q in range(e.n_players)]
    e.setup()
    steps = 0
    while not e.over and steps < 5000:
        e.step()
        steps += 1
        conserved(e)
    assert e.over


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 10**6), cut=st.integers(0, 300),
       other=st.integers(0, 10**6))
def test_a_clone_of_any_decks_game_plays_on_independently_and_a_save_replays(options, seed, cut,
                                                                           other):
    s = GAME.new_state(options, seed=seed)
    n = s.engine.n_players if s.engine is not None else options["players"]
    play(s, [RandomAgent(seed + q) for q in range(n)], limit=cut)
    if s.is_terminal():
        return
    saved = s.to_json()
    c, c2 = s.clone(), s.clone()
    play(c, [RandomAgent(other + q) for q in range(n)])
    play(c2, [RandomAgent(other + q) for q in range(n)])
    assert [dict(x) for x in c.log] == [dict(x) for x in c2.log]
    assert s.to_json() == saved
    # the finished clone's save replays to the same final state, Gateway and frozen cards too
    back = GAME.load_state(c.to_json())
    assert back.is_terminal() and final_state(back.engine) == final_state(c.engine)
