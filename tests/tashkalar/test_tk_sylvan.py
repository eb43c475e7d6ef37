"""The Sylvan deck, the flares and the tasks added with it: each deck choosable and played
through random games, and the new words' rules (shared/seeds/004_5b1005269f6a162c.txt,
Gamehelptashkalar, cited by heading). The cards' own examples are `cardlang test
cards/tashkalar`."""
from __future__ import annotations

from collections import Counter

import pytest
from typer.testing import CliRunner

from runtime.core.agents.basic import RandomAgent, ScriptedAgent
from runtime.front.cli import app
from runtime.games.tashkalar import board as B
from runtime.games.tashkalar import verbs as V
from runtime.games.tashkalar.definition import DECKS, GAME
from runtime.games.tashkalar.game import task_met
from tests.tashkalar.test_tk_rules import put  # a piece set on the board from its supply

S = B.parse
# the beings written of each deck (18 each in the game; Everfrost is being written)
DECK_SIZES = {"imperial": 18, "highland": 18, "sylvan": 18, "everfrost": 18, "nethervoid": 18,
              "etherweave": 18}


def engine(opts=None, seed=0, answers=()):
    e = GAME.engine(dict(opts or {}), seed)
    e.agents = [ScriptedAgent(list(answers)) for _ in range(e.n_players)]
    e.setup()
    return e




def clear(e):
    for s in B.SQUARES:
        if e.owner[s] >= 0:
            e.remove(s)


@pytest.mark.parametrize("deck", DECKS)
def test_each_deck_is_an_option_and_a_random_game_with_it_runs(deck):
    """Each written deck is a choice of the options `deck`, `deck2`..; a player draws only
    from their own deck (004 设置: 'from their personal deck'), and random games end."""
    specs = {s.name: s for s in GAME.option_specs}
    assert all(deck in specs[k].choices for k in ("deck", "deck2", "deck3", "deck4"))
    for opts in ({"deck": deck, "deck2": "imperial"},
                 {"deck": deck, "deck2": deck, "variant": "deathmatch"},
                 {"deck": deck, "deck2": deck, "deck3": deck, "players": 3,
                  "variant": "deathmatch"}):
        e = GAME.engine(opts, 1)
        e.agents = [RandomAgent(7 + q) for q in range(e.n_players)]
        e.setup()
        own = set(e.table.ids("being", deck))
        assert len(own) == DECK_SIZES[deck]
        assert set(e.hand[0]) <= own and set(e.deck[0]) <= own
        steps = 0
        while not e.over and steps < 5000:
            e.step()
            steps += 1
            assert set(e.hand[0]) <= own
            for p in range(e.n_players):   # 004 棋子用尽: conversions and enemy pieces placed
                on = [s for s in B.SQUARES if e.owner[s] == p]   # (Forest Ancient) keep counts
                # (Deathbringer's `obliterate` removes pieces from the game: e.removed)
                assert sum(1 for s in on if e.rank[s] < 2) + e.supply[p] + e.removed[p][0] == 18
                assert (sum(1 for s in on if e.rank[s] == 2) + e.legend_supply[p]
                        + e.removed[p][1] == 3)
            places = (e.deck + e.hand + e.legends + e.flares + e.discards + e.gone + e.claimed
                      + e.frozen + [e.legend_deck, e.flare_deck, e.task_deck, e.tasks])
            want = Counter(c for c, info in enumerate(e.table.cards)
                           if info.kind in ("legend", "flare")
                           or (info.kind == "task" and e.options.tasks))
            for p in range(e.n_players):   # recalled cards and extra draws stay in one place
                want.update(e.table.ids("being", e.options.decks[p]))
            assert Counter(c for zone in places for c in zone) == want
        assert e.over, opts


def test_a_sylvan_game_simulates_from_the_command_line(tmp_path):
    r = CliRunner().invoke(app, ["simulate", "tashkalar", "-n", "2", "-w", "1", "--bots",
                                 "random,random", "--option", "deck=sylvan", "--option",
                                 "deck2=sylvan", "-o", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output[-2000:]
    assert "end reasons" in r.output


def test_a_deck_that_is_not_written_is_refused_with_the_choices():
    from runtime.core.errors import BadOptions
    with pytest.raises(BadOptions, match="sylvan"):
        GAME.options({"deck": "sylvian"})


def test_convert_counts_as_destroying_the_piece():
    """术语: '将一枚棋子“转化”为不同颜色算作摧毁' -- a conversion is a destruction (Destruction
    tasks count it); the piece becomes the converter's, of the same rank (Sylvan Queen)."""
    e = engine()
    clear(e)
    for sq in ("e6", "g6", "f7", "f8"):
        put(e, sq, 0)
    d4 = put(e, "d4", 1, 1)
    queen = e.table.by_name["Sylvan Queen"]
    e.hand[0] = [queen]
    e.agents[0] = ScriptedAgent([[d4]])
    e.summon(0, queen, S("e5"), 0)
    assert (e.owner[d4], e.rank[d4]) == (0, 1)
    assert e.destroyed_turn[0] == [1]
    assert e.supply == [18 - 6, 18]


def test_extra_cards_are_drawn_at_the_end_of_the_turn():
    """Forest Mystic: one more card of one's deck and one more legend after the hand is
    refilled (the hand then holds 4 beings and 3 legends until cards are played)."""
    e = engine()
    clear(e)
    for sq in ("e4", "d5", "f6"):
        put(e, sq, 0)
    mystic = e.table.by_name["Forest Mystic"]
    e.hand[0] = [mystic] + e.hand[0][:2]
    e.current, e.turn, e.actions_left = 0, 2, 1
    e.do_action(0, ("summon", mystic, S("e5"), 0))
    e.end_turn()
    assert len(e.hand[0]) == 4 and len(e.legends[0]) == 3
    assert e.extra_draws[0] == []


class _Ctx:
    def __init__(self, being, heading=None):
        self.being, self.heading = being, heading


class _Env:
    def __init__(self, game, being, heading=None):
        self.game, self.ctx = game, _Ctx(being, heading)


def test_the_first_piece_in_a_direction():
    """A shot (`shot`): the first piece from the being along each direction, past empty
    squares; a piece behind it is hidden until it is gone (Kiskin Leafsplitter's second
    shot); `heading()` is the being's last move's direction (Centaur Spearman)."""
    e = engine()
    clear(e)
    put(e, "c3", 1)
    put(e, "b2", 1)
    put(e, "g5", 0)
    env = _Env(e, S("e5"))
    assert V.shot(env, ["northwest"]) == [S("c3")]
    assert V.shot(env, ["southeast"]) == []
    assert sorted(B.name(s) for s in V.shot(env, list(B.DIRECTION_NAMES))) == ["c3", "g5"]
    assert V.shot(env, ["northwest"], 2) == [S("c3"), S("b2")]
    diagonals = V.toward(env, [S(x) for x in ("d4", "f4", "d6", "f6")])
    e.remove(S("c3"))
    assert V.shot(env, diagonals) == [S("b2")]
    assert V.heading(env) == []
    assert V.heading(_Env(e, S("e4"), "north")) == ["north"]


def _task(e, name):
    return e.table.by_name[name]


def test_pattern_tasks_geometry():
    """The pattern tasks' squares (tashkalar_tasks.tsv; our reading of the board): Center
    Cross a + or an x on the central squares, Diagonals the two long diagonals (7 squares),
    Side Chain the straight sides, Corner Chain the cut corners' edges."""
    assert len(B.DIAGONALS[0]) == len(B.DIAGONALS[1]) == 7
    assert B.CROSS_PLUS <= B.CENTRAL and B.CROSS_X <= B.CENTRAL
    assert all(len(a) == len(b) == 5 for a, b in B.SIDES)
    assert all(len(a) == len(b) == 3 for a, b in B.CORNERS)
    e = engine()
    clear(e)
    # a chain joined by a diagonal step counts (a move goes in any of 8 directions)
    for sq in ("e1", "e2", "e3", "f4", "e5", "e6", "e7", "e8"):
        put(e, sq, 0)
    chain = _task(e, "Side Chain")
    assert not task_met(e, 0, chain)
    put(e, "e9", 0)
    assert task_met(e, 0, chain) and not task_met(e, 1, chain)


def test_isolation_needs_two_enemy_pieces_within_two_squares():
    """Isolation: a lone enemy piece is not isolated from anything; one walled in two squares
    from another is."""
    e = engine()
    clear(e)
    iso = _task(e, "Isolation")
    put(e, "a5", 1)
    for sq in ("a4", "b4", "b5", "b6", "a6"):
        put(e, sq, 0)
    assert not task_met(e, 0, iso)          # no other enemy piece within 2 squares
    put(e, "c5", 1)
    assert task_met(e, 0, iso)
    e.remove(S("a6"))                       # a6, b7, c6: beside c5 in three moves
    assert not task_met(e, 0, iso)
