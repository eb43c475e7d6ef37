"""Tash-Kalar's compiled mode plays the interpreted mode's games (004 Gamehelptashkalar: every
rule runs in both): the card set's generated modules on the compiled runtime (game.py,
patterns.py, effects.py, verbs.py built by Cython, typed by accel/*.pxd) give the same
decisions, events and results as the plain Python, over seeded random games of both variants
and 2-4 players (Hypothesis); the compiled summon search (patterns.Search on C 128-bit
bitboards) finds exactly what the reference search (patterns.matches) finds."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from dsl.codegen import have_c_compiler
from runtime.games.tashkalar import board as B
from runtime.games.tashkalar.cardset import load_cardset
from runtime.games.tashkalar.definition import DECKS, GAME
from runtime.games.tashkalar.patterns import matches, matches_improvised

if not have_c_compiler():
    pytest.skip("no C compiler: compiled mode runs interpreted", allow_module_level=True)


def _play(mode: str, options: dict, seed: int, agent_seed: int, record_events: bool = True):
    cs = load_cardset(mode)
    g = GAME.engine(options, seed, mode, record_events=record_events)
    agent = cs.runtime.RandomAgent if cs.runtime is not None else None
    if agent is None:
        from runtime.core.agents import RandomAgent as agent
    g.agents = [agent(agent_seed * 31 + q) for q in range(g.n_players)]
    err = None
    try:
        g.setup()
        g.play(max_steps=3000)
    except Exception as e:  # the same failure in both modes is the same behaviour
        err = f"{type(e).__name__}: {e}"
    r = g.result()
    log = [(e.player, e.kind, list(e.answer)) for e in g.log]
    return log, list(g.events), (r.winners, r.reason, r.scores) if r else None, err


def test_the_compiled_set_plays_on_the_compiled_runtime():
    cs = load_cardset("compiled")
    assert cs.runtime is not None
    assert cs.game_class.__module__.endswith(".cgame")
    runs = {type(run).__name__ for effs in cs.effects.values() for _k, run, _t in effs}
    assert runs == {"CompiledEffect"}


# any deck at any seat, the expansions' included (Everfrost's frozen effects, Nethervoid's
# Gateway and borrowed summons: 004 扩展), High Form for two and Deathmatch for 2-4
OPTIONS = st.builds(lambda shape, decks: dict(shape, **dict(zip(
                        ("deck", "deck2", "deck3", "deck4")[:shape["players"]], decks))),
                    st.one_of(st.just({"players": 2}),
                              st.builds(lambda n: {"players": n, "variant": "deathmatch"},
                                        st.integers(2, 4))),
                    st.lists(st.sampled_from(DECKS), min_size=4, max_size=4))


@settings(max_examples=14, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 2**32 - 1), agent_seed=st.integers(0, 2**16))
def test_interpreted_and_compiled_games_are_identical(options, seed, agent_seed):
    a = _play("interpreted", options, seed, agent_seed)
    b = _play("compiled", options, seed, agent_seed)
    assert a[3] == b[3]
    assert len(a[0]) > 10
    assert a[0] == b[0]      # every decision
    assert a[1] == b[1]      # every event
    assert a[2] == b[2]      # winners, reason, scores


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_games_without_events_are_the_same_games(seed):
    for mode in ("interpreted", "compiled"):
        heard = _play(mode, {"players": 2}, seed, seed % 997)
        quiet = _play(mode, {"players": 2}, seed, seed % 997, record_events=False)
        assert quiet[1] == [] and heard[1]
        assert quiet[0] == heard[0] and quiet[2:] == heard[2:]


def _random_position(rnd, players: int):
    owner, rank = [-1] * B.N, [0] * B.N
    fill = rnd.random()
    for s in B.SQUARES:
        if rnd.random() < fill:
            owner[s] = rnd.randrange(players)
            rank[s] = rnd.choice((0, 0, 0, 1, 1, 2))
    return owner, rank


def _reference(cards, owner, rank, p, q):
    """patterns.matches / matches_improvised over every card, with the game's own bitboards
    as the reference game code computed them."""
    def ge_of(who):
        ge = [0, 0, 0]
        for s in B.SQUARES:
            if owner[s] == who:
                for r in range(rank[s] + 1):
                    ge[r] |= 1 << s
        return ge
    own, enemy = ge_of(p), ge_of(q)
    normal, improvised = [], []
    for c, info in enumerate(cards):
        if info.pattern is None:
            continue
        needs = info.pattern.being_needs
        ok = 0
        for s in B.SQUARES:
            good = (owner[s] == p and needs <= rank[s] <= info.rank) if needs >= 0 else \
                (owner[s] < 0 or rank[s] <= info.rank)
            if good:
                ok |= 1 << s
        found = [(c, s, o) for s, o in matches(info.pattern, own, ok)]
        more = [(c, s, o, q) for s, o in matches_improvised(info.pattern, own, enemy, ok)]
        if info.arrival:   # Time Traveler: its pattern stands, it arrives on any empty
            found, more = _arrive(found, owner), _arrive(more, owner)   # colorless square
        normal += found
        improvised += more
    return normal, improvised


def _arrive(found, owner):
    """An `arrival colorless` card's summons: the first found, on each empty colorless square."""
    if not found:
        return []
    x = found[0]
    return [x[:1] + (t,) + x[2:] for t in B.SQUARES
            if owner[t] < 0 and t not in B.RED and t not in B.GREEN]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_the_game_search_finds_what_the_reference_search_finds(seed, players):
    rnd = random.Random(seed)
    owner, rank = _random_position(rnd, players)
    for mode in ("interpreted", "compiled"):
        g = GAME.engine({"players": players, "variant": "deathmatch"}, 0, mode)
        table = g.table
        every = [c for c, info in enumerate(table.cards) if info.pattern is not None]
        for s in B.SQUARES:
            g.owner[s], g.rank[s] = owner[s], rank[s]
        g.board_changed()
        g.hand[0] = [c for c in every if table.cards[c].kind == "being"]
        g.legends[0] = [c for c in every if table.cards[c].kind == "legend"]
        g.legend_supply[0] = 1
        normal, improvised = _reference(table.cards, owner, rank, 0, 1)
        order = g.summonable_cards(0)
        key = {c: i for i, c in enumerate(order)}
        assert g.legal_summons(0) == sorted(normal, key=lambda m: key[m[0]]), mode
        got = [m for m in g.legal_summons(0, improvised=True) if m[3] == 1]
        assert got == sorted(improvised, key=lambda m: key[m[0]]), mode


def test_a_clone_copies_every_field():
    # clone() names the fields it copies (the compiled game is a C struct, without __dict__):
    # a field added to the rules and forgotten there is missing from every clone
    g = GAME.engine({"players": 3, "variant": "deathmatch"}, 4, "interpreted")
    g.setup()
    c = g.clone()
    assert set(vars(c)) == set(vars(g))
    for k, v in vars(g).items():
        if k not in ("rng", "bb"):
            assert vars(c)[k] == v, k


@pytest.mark.parametrize("mode", ["interpreted", "compiled"])
def test_a_clone_copies_the_bitboards_of_its_position(mode):
    # clone() copies the bitboards kept up to date (not made afresh): they are the clone's
    # position's, and the clone's own (a piece changed in one leaves the other's as it was)
    cs = load_cardset(mode)
    g = GAME.engine({"players": 4, "variant": "deathmatch"}, 3, mode)
    agent = cs.runtime.RandomAgent if cs.runtime is not None else None
    if agent is None:
        from runtime.core.agents import RandomAgent as agent
    g.agents = [agent(7 + q) for q in range(4)]
    g.setup()
    for _ in range(60):
        g.step()
    assert any(o >= 0 for o in g.owner)
    c = g.clone()
    c.check_boards()
    s = next(t for t in B.SQUARES if c.owner[t] < 0)
    c.place(0, s, 0)
    c.check_boards()
    g.check_boards()
    assert g.owner[s] < 0 and c.legal_actions(0) != g.legal_actions(0)


def test_the_compiled_search_keeps_each_cards_summons_apart():
    # the compiled Search makes each summon's tuple once and keeps it: asked for another card
    # (the same pattern), its results name that card
    g = GAME.engine({"players": 2}, 0, "compiled")
    c = next(c for c, sr in enumerate(g.searches) if sr is not None and sr.needs < 0)
    sr = g.searches[c]
    for s in B.SQUARES:
        g.owner[s], g.rank[s] = 0, 2
    g.owner[B.sq(4, 4)] = -1   # the centre: the being's square, the pattern around it
    g.board_changed()
    first, other = [], []
    sr.matches(g.bb, 0, c, True, first)
    sr.matches(g.bb, 0, c + 1000, True, other)
    assert first and [a[:1] + (c + 1000,) + a[2:] for a in first] == other
    again, plain = [], []
    sr.matches(g.bb, 0, c, True, again)
    sr.matches(g.bb, 0, c, False, plain)
    assert again == first and plain == [a[1:] for a in first]
