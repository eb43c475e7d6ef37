"""Pattern matching (004 召唤: a being's shape in any rotation or mirror image; 004 术语: a
higher-ranked piece counts as a lower one), by Hypothesis: a pattern placed at a random square
in a random symmetry is always found, and a random board never yields a summon whose pattern
is absent (every found summon checks square by square, and the bitboard search finds exactly
what a square-by-square search finds)."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from runtime.games.tashkalar import board as B
from runtime.games.tashkalar.cardset import load_cardset
from runtime.games.tashkalar.patterns import (TRANSFORMS, make, matches, mismatch,
                                              squares_at)

CARDS = load_cardset("interpreted").table
BEINGS = [c for c in CARDS.cards if c.pattern is not None]


def bitboards(owner, rank, p):
    ge = [0, 0, 0]
    for s in B.SQUARES:
        if owner[s] == p:
            for r in range(rank[s] + 1):
                ge[r] |= 1 << s
    return ge


def being_ok(owner, rank, p, info):
    needs = info.pattern.being_needs
    ok = 0
    for s in B.SQUARES:
        if needs >= 0:
            good = owner[s] == p and needs <= rank[s] <= info.rank
        else:
            good = owner[s] < 0 or rank[s] <= info.rank
        if good:
            ok |= 1 << s
    return ok


def test_symmetry_classes_of_the_imperial_deck():
    """The distinct orientations of each pattern: Swordmaster's line has 2, Messenger's
    diagonal 4, Bomb's bent line 8 (the reference data's rotations_needed)."""
    by = {c.name: c for c in BEINGS}
    assert by["Swordmaster"].pattern.width == 2
    assert by["Messenger"].pattern.width == 4
    assert by["Bomb"].pattern.width == 8
    assert all(c.pattern.width in (1, 2, 4, 8) for c in BEINGS)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(BEINGS), st.integers(0, 7), st.sampled_from(B.SQUARES),
       st.integers(0, 2), st.data())
def test_a_placed_pattern_is_always_found(info, sym, being, extra, data):
    p = info.pattern
    t = TRANSFORMS[sym]
    x, y = B.xy(being)
    cells = [(x + t(dx, dy)[0], y + t(dx, dy)[1], r) for dx, dy, r in p.cells]
    if not all(B.on_board(cx, cy) for cx, cy, _ in cells):
        return
    owner, rank = [-1] * B.N, [0] * B.N
    for cx, cy, r in cells:   # a piece of the pattern's rank or higher (counts as lower)
        s = B.sq(cx, cy)
        owner[s], rank[s] = 0, min(2, r + data.draw(st.integers(0, extra)))
    if p.being_needs >= 0:
        owner[being], rank[being] = 0, max(p.being_needs, min(info.rank, p.being_needs))
    found = matches(p, bitboards(owner, rank, 0), being_ok(owner, rank, 0, info))
    assert any(s == being and _same(p, o, sym) for s, o in found)


def _same(p, o, sym):
    """Orientation index o of the found match is the symmetry `sym` up to the pattern's own
    symmetry: both put the same cells around the being."""
    t1, t2 = TRANSFORMS[o], TRANSFORMS[sym]
    a = sorted((*t1(dx, dy), r) for dx, dy, r in p.cells)
    b = sorted((*t2(dx, dy), r) for dx, dy, r in p.cells)
    return a == b


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(BEINGS),
       st.lists(st.tuples(st.sampled_from(B.SQUARES), st.integers(0, 1), st.integers(0, 2)),
                max_size=50))
def test_a_random_board_yields_only_summons_that_stand(info, pieces):
    owner, rank = [-1] * B.N, [0] * B.N
    for s, o, r in pieces:
        owner[s], rank[s] = o, r
    found = set(matches(info.pattern, bitboards(owner, rank, 0), being_ok(owner, rank, 0, info)))
    for s, o in found:   # every found summon stands, square by square
        assert mismatch(info.pattern, s, o, owner, rank, 0, info.rank) is None
    brute = {(s, o.index) for s in B.SQUARES for o in info.pattern.orientations
             if mismatch(info.pattern, s, o.index, owner, rank, 0, info.rank) is None}
    assert found == brute


def test_a_mismatch_names_the_square_that_does_not_match():
    p = make(((0, -1, 0), (0, 1, 0)))   # Swordmaster's line
    owner, rank = [-1] * B.N, [0] * B.N
    e5 = B.parse("e5")
    owner[B.parse("e4")] = 0
    why = mismatch(p, e5, 0, owner, rank, 0, 0)
    assert why == "e6 needs your common piece"
    owner[B.parse("e6")] = 1   # an enemy piece does not count
    assert mismatch(p, e5, 0, owner, rank, 0, 0) == "e6 needs your common piece"
    owner[B.parse("e6")] = 0
    assert mismatch(p, e5, 0, owner, rank, 0, 0) is None
    assert squares_at(p, e5, 0)[0] == (B.parse("e4"), B.parse("e6"))


def test_the_board_has_69_squares_and_names_them():
    assert len(B.SQUARES) == 69
    assert B.name(B.parse("e5")) == "e5"
    for bad, why in (("a1", "off the board"), ("j5", "not a square"), ("e0", "off the board")):
        try:
            B.parse(bad)
        except ValueError as e:
            assert why in str(e)
        else:
            raise AssertionError(bad)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(BEINGS),
       st.lists(st.tuples(st.sampled_from(B.SQUARES), st.integers(0, 1), st.integers(0, 2)),
                max_size=50))
def test_an_improvised_summon_uses_exactly_one_opponent_piece(info, pieces):
    """004 即兴召唤: an improvised summon stands with exactly one of its pattern's pieces an
    opponent's, and does not stand without it."""
    from runtime.games.tashkalar.patterns import matches_improvised
    owner, rank = [-1] * B.N, [0] * B.N
    for s, o, r in pieces:
        owner[s], rank[s] = o, r
    ok = being_ok(owner, rank, 0, info)
    for s, o in matches_improvised(info.pattern, bitboards(owner, rank, 0),
                                   bitboards(owner, rank, 1), ok):
        assert mismatch(info.pattern, s, o, owner, rank, 0, info.rank) is not None
        cells, _ = squares_at(info.pattern, s, o)
        theirs = [t for t in cells if owner[t] == 1]
        assert len(theirs) == 1
        owner2 = list(owner)
        owner2[theirs[0]] = 0
        assert mismatch(info.pattern, s, o, owner2, rank, 0, info.rank) is None
