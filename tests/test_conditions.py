"""Special-achievement conditions are remembered, never changed (runtime/games/innovation/
conditions.py): what a condition reads is found from its IR, the state's revisions move whenever
what they stand for moves, and whole games with remembered conditions and skipped checks are
identical, event for event, to games that evaluate every condition after every change
(RULES-NOTES "Achievements": each available special goes to the first qualifying player)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from dsl import ir as I
from runtime.front.testing import cardset
from runtime.core.agents import RandomAgent
from runtime.games.innovation.cardset import _condition
from runtime.games.innovation.accel.conditions import dependencies, input_mask
from dsl.interp import Env
from runtime.games.innovation.effects import EffectContext, SpecialAchievement
from runtime.games.innovation.game import InnovationGame, Options
from runtime.games.innovation.state import (IN_ALL, IN_COLORS, IN_ICONS, IN_SCORED, IN_TOPS,
                                            IN_TUCKED, N_COLORS)
from dsl.lower import Lowering
from dsl.vocab import get as vocabulary

VOCAB = vocabulary("innovation")


def _parts(name):
    cs = cardset("innovation", mode="interpreted")
    return [sorted(dependencies(p)) for p in I.condition_parts(cs.ir[name].condition)[1]]


def test_what_the_base_specials_read():
    assert _parts("Empire") == [[f"icon:{i}"] for i in
                                ("crown", "leaf", "lightbulb", "castle", "factory", "clock")]
    assert _parts("World") == [["icon:clock"]]
    assert _parts("Universe") == [["colors"], ["tops"]]
    assert _parts("Wonder") == [["colors"], ["colors", "splays"]]
    assert _parts("Monument") == [["tucked"], ["scored"]]


def _fn(name, *args, type="int"):
    return I.Fn(name, tuple(args), type)


YOU = I.Const("you", "player")
OPPONENTS = I.Const("opponents", "players")


def test_reading_anything_else_is_not_remembered():
    # another player's icons, a hand, a binding: evaluated every time
    assert dependencies(_fn("icons", I.Const("crown", "icon"), OPPONENTS)) is None
    assert dependencies(I.Var("x", "cards")) is None
    hand = I.ZoneRef("hand", "executor", None, "")
    assert dependencies(_fn("count", I.ZoneRefExpr(hand, "place"))) is None
    # my own board in general, and the turn counters of me
    board = I.ZoneRef("board", "executor", None, "")
    assert dependencies(_fn("count", I.ZoneRefExpr(board, "place"))) == {"board"}
    assert dependencies(_fn("tucked_this_turn", YOU)) == {"tucked"}
    assert dependencies(_fn("icons", I.Const("crown", "icon"))) == {"icon:crown"}


def test_which_changes_wake_a_special():
    # a special is asked again only when one of its inputs changed (State.changed bits)
    assert input_mask(frozenset({"icon:crown", "icon:leaf"})) == IN_ICONS
    assert input_mask(frozenset({"colors", "tops"})) == IN_COLORS | IN_TOPS
    assert input_mask(frozenset({"tucked", "scored"})) == IN_TUCKED | IN_SCORED
    assert input_mask(None) == IN_ALL            # reads something unknown: every change
    assert input_mask(frozenset()) == IN_ALL     # constant: still asked (once true, claimed)


def _board_facts(g, p):
    st_ = g.state
    tops = tuple(pile[-1] if pile else -1 for pile in st_.board[p])
    return {"tops": tops, "colors": tuple(t >= 0 for t in tops),
            "splays": tuple(st_.splay[p]), "icons": tuple(st_.icon_total(p, i) for i in range(1, 7)),
            "board": tuple(tuple(pile) for pile in st_.board[p]) + (tuple(st_.splay[p]),)}


REVS = {"tops": "tops_rev", "colors": "colors_rev", "splays": "splays_rev", "icons": "icons_rev",
        "board": "board_rev"}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_a_revision_moves_whenever_what_it_stands_for_moves(seed, players):
    cs = cardset("innovation", mode="interpreted")
    g = InnovationGame(cs.table, cs.effects, cs.specials, Options(players=players), seed=seed,
                       agents=[RandomAgent(seed + q) for q in range(players)])
    before = [(_board_facts(g, p), {k: getattr(g.state, r)[p] for k, r in REVS.items()})
              for p in range(players)]
    for _ in range(400):
        if g.over:
            break
        g.step()
        for p in range(players):
            facts, revs = _board_facts(g, p), {k: getattr(g.state, r)[p] for k, r in REVS.items()}
            old_facts, old_revs = before[p]
            for k in REVS:
                if facts[k] != old_facts[k]:
                    assert revs[k] != old_revs[k], (k, p)
            before[p] = (facts, revs)
        assert len(g.state.seen_top) == players * N_COLORS


def _unremembered(cs):
    """The set's specials evaluated afresh every time, with no check ever skipped."""
    out = []
    for sp in cs.specials:
        card = cs.ir[sp.name]
        cond = Lowering(vocabulary("innovation")).condition(card.condition)
        out.append(SpecialAchievement(sp.card_id, sp.name,
                                      _condition(card, cond, sp.card_id, (Env, EffectContext))))
    return out


def _play(cs, specials, seed, players, teams):
    g = InnovationGame(cs.table, cs.effects, specials, Options(players=players, teams=teams),
                       seed=seed, agents=[RandomAgent(seed * 7 + q) for q in range(players)])
    g.play(max_actions=3000)
    return g.events, g.log, g.result()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), players=st.integers(2, 4), teams=st.booleans())
def test_remembered_conditions_play_the_same_games(seed, players, teams):
    teams = teams and players == 4
    cs = cardset("innovation", mode="interpreted")
    fresh = _unremembered(cs)
    assert not any(s.inputs for s in fresh)
    remembered = _play(cs, cs.specials, seed, players, teams)
    assert remembered == _play(cs, fresh, seed, players, teams)


def test_the_sample_games_do_claim_specials():
    # the comparison above means something: specials are claimed in ordinary random games
    cs = cardset("innovation", mode="interpreted")
    fresh = _unremembered(cs)
    claimed = 0
    for seed in range(6):
        events, log, result = _play(cs, cs.specials, seed, 2, False)
        assert (events, log, result) == _play(cs, fresh, seed, 2, False)
        claimed += sum(1 for e in events if e[0] == "special")
    assert claimed >= 3


def test_parts_that_read_one_value_are_tabled_by_value():
    # Empire's, World's and Monument's parts read one value each: their answers are kept by
    # value (conditions.Tabled) and shared by every player and game; Wonder's and Universe's
    # "five colours" read the board's shape (TabledShape); Universe's "no top card below 8"
    # is answered card by card (conditions.TopsTested)
    from runtime.games.innovation.accel.conditions import Remembered, Tabled
    cs = cardset("innovation", mode="interpreted")
    kinds = {sp.name: [type(p).__name__ for p in sp.condition.parts] for sp in cs.specials}
    assert kinds["Empire"] == ["Tabled"] * 6 and kinds["World"] == ["Tabled"]
    assert kinds["Monument"] == ["Tabled", "Tabled"]
    assert kinds["Universe"] == ["TabledShape", "TopsTested"]
    assert kinds["Wonder"] == ["TabledShape", "TabledShape"]
    world = next(sp for sp in cs.specials if sp.name == "World").condition.parts[0]
    assert isinstance(world, Tabled) and not isinstance(world, Remembered)
    for seed in range(3):
        _play(cs, cs.specials, seed, 2, False)
    seen = {v: r for v, r in enumerate(world.table) if r >= 0}
    assert seen and all(r == (v >= 12) for v, r in seen.items())  # "at least twelve [clock]"


def test_a_remembered_part_keeps_one_int_per_player_until_its_revisions_move():
    # a part that reads only revisions (Universe's top cards) keeps (rev + 1) * 2 + answer in
    # its region of State.cond_answers, and is evaluated again when the revision it reads moves
    from runtime.games.innovation.accel.conditions import Remembered
    from runtime.games.innovation.state import BOARD, State
    cs = cardset("innovation", mode="interpreted")
    st_ = State(cs.table, 2)
    answers = iter([True, False, True])
    calls = []
    part = Remembered(lambda game, p: calls.append(p) or next(answers), frozenset({"tops"}))
    assert not part.values
    assert part.ask(None, st_, 0) and part.ask(None, st_, 0) and calls == [0]
    key = part.index * len(st_.pile_rev)
    # one int: the revision and the answer
    assert st_.cond_answers[key] == (st_.tops_rev[0] + 1) * 2 + 1
    assert not part.ask(None, st_, 1) and calls == [0, 1]  # another player: his own
    st_.move(0, BOARD, 0)                                  # a top card of player 0 changed
    assert part.ask(None, st_, 0) and calls == [0, 1, 0]
    assert st_.cond_answers[key] == (st_.tops_rev[0] + 1) * 2 + 1
    assert st_.cond_answers[key + 1] % 2 == 0
    assert not part.ask(None, st_, 1) and calls == [0, 1, 0]  # player 1's revision did not move


def _query(*preds, whose="executor", rank=None):
    one = I.Const(1, "int")
    return I.Query("card", "choose", one, one, zone=I.ZoneRef("board", whose),
                   preds=tuple(preds), rank=rank)


TOP = I.Pred("position", "top")
BELOW_8 = I.Pred("where", I.Cmp("<", _fn("value", I.ItRef("card")), I.Const(8, "int"), "bool"))


def test_which_parts_are_answered_top_card_by_top_card():
    from runtime.games.innovation.cardset import tops_form
    q = _query(TOP, BELOW_8)
    assert tops_form(_fn("none", q, type="bool"), VOCAB) == (False, q)
    assert tops_form(_fn("any", q, type="bool"), VOCAB) == (True, q)
    negated = I.Pred("where", BELOW_8.arg, negated=True)
    assert tops_form(_fn("any", _query(TOP, negated), type="bool"), VOCAB) == (True, _query(TOP, negated))
    reads_the_board = I.Pred("where", I.Cmp(">", _fn("icons", I.Const("crown", "icon")),
                                            I.Const(2, "int"), "bool"))
    for other in (_fn("count", q), _fn("none", _query(BELOW_8), type="bool"),   # not the tops
                  _fn("none", _query(TOP, reads_the_board), type="bool"),        # not the card's
                  _fn("none", _query(TOP, I.Pred("test", "red", test="color")), type="bool"),  # another test
                  _fn("none", _query(TOP, BELOW_8, whose="activator"), type="bool"),
                  _fn("none", _query(TOP, rank=("highest", None)), type="bool")):
        assert tops_form(other, VOCAB) is None, other


def test_a_tops_part_tests_each_card_once_for_every_player_and_game():
    from runtime.games.innovation.accel.conditions import TopsTested
    from runtime.games.innovation.state import BOARD, State
    cs = cardset("innovation", mode="interpreted")
    by_color = {}
    for c in range(cs.table.n):
        if cs.table.kind[c] == "card":
            by_color.setdefault(cs.table.color[c], []).append(c)
    tested = []
    high = lambda game, p, c: tested.append(c) or cs.table.age[c] >= 8  # noqa: E731
    part = TopsTested(None, False, lambda g, p, c: not high(g, p, c))  # none below 8
    st_ = State(cs.table, 2)
    assert part.ask(None, st_, 0) and tested == []      # no top card: none is below 8
    old = min(by_color[0], key=lambda c: cs.table.age[c])
    new = max(by_color[1], key=lambda c: cs.table.age[c])
    st_.move(new, BOARD, 0)
    assert part.ask(None, st_, 0) and tested == [new]
    st_.move(old, BOARD, 1)
    assert not part.ask(None, st_, 1) and tested == [new, old]
    again = State(cs.table, 2)                           # another game: the same answers
    again.move(old, BOARD, 0)
    again.move(new, BOARD, 0)
    assert not part.ask(None, again, 0) and tested == [new, old]
    assert part.table[new] == 0 and part.table[old] == 1  # by card: whether it passes


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_tops_part_answers_what_its_condition_says_at_every_step(seed):
    # Universe's part asked of each player at every step of 3-player games, in both runtimes,
    # against the condition evaluated
    from dsl.codegen import have_c_compiler
    from runtime.games.innovation.state import BOARD
    from tests.conftest import game_steps
    sets = [cardset("innovation")]
    if have_c_compiler():
        sets.append(cardset("innovation", mode="compiled"))
    for cs in sets:
        universe = next(sp for sp in cs.specials if sp.name == "Universe")
        part = universe.condition.parts[1]
        assert type(part).__name__ == "TopsTested"
        for g in game_steps(cs, seed, 3, 150):
            for p in range(3):
                assert part.ask(g, g.state, p) == part.truth(g, p)
        # then every top card of player 0 of value 8 or more, and one below 8 on top again
        st_ = g.state
        for color in range(5):
            high = [c for c in range(cs.table.n) if cs.table.kind[c] == "card"
                    and cs.table.color[c] == color and cs.table.age[c] >= 8]
            st_.move(high[seed % len(high)], BOARD, 0)
        assert part.ask(g, st_, 0) and part.truth(g, 0)
        low = next(c for c in range(cs.table.n) if cs.table.age[c] == 1)
        st_.move(low, BOARD, 0)
        assert not part.ask(g, st_, 0) and not part.truth(g, 0)


def test_a_tabled_part_evaluates_each_value_once_and_large_values_every_time():
    from runtime.games.innovation.accel.conditions import TABLE_SIZE, Tabled
    from runtime.games.innovation.state import State
    calls = []
    part = Tabled(lambda game, p: calls.append(p) or True, "icon:clock")
    st_ = State(cardset("innovation", mode="interpreted").table, 1)
    st_.icons[6] = 3                           # player 0's clocks (icons[p * 7 + icon])
    assert st_.icon_total(0, 6) == 3
    assert part.ask(None, st_, 0) and part.ask(None, st_, 0)
    assert calls == [0]                      # one evaluation for the value 3
    st_.icons[6] = TABLE_SIZE + 6              # beyond the table: evaluated every time
    part.ask(None, st_, 0)
    part.ask(None, st_, 0)
    assert calls == [0, 0, 0]


def test_a_shape_tabled_part_is_keyed_by_colours_and_splays():
    from runtime.games.innovation.accel.conditions import TabledShape
    from runtime.games.innovation.state import BOARD, SPLAY_RIGHT, State, shape_of
    cs = cardset("innovation", mode="interpreted")
    st_ = State(cs.table, 1)
    by_color = {}
    for c in range(cs.table.n):
        if cs.table.set_index[c] == 0 and cs.table.kind[c] == "card":
            by_color.setdefault(cs.table.color[c], []).append(c)
    calls = []
    part = TabledShape(lambda game, p: calls.append(p) or False, splays=True)
    st_.move(by_color[0][0], BOARD, 0)
    part.ask(None, st_, 0)
    part.ask(None, st_, 0)
    assert len(calls) == 1
    st_.move(by_color[0][1], BOARD, 0)        # the same shape: not evaluated again
    part.ask(None, st_, 0)
    assert len(calls) == 1
    st_.set_splay(0, 0, SPLAY_RIGHT)          # a splay changed: another shape
    part.ask(None, st_, 0)
    st_.move(by_color[3][0], BOARD, 0)        # a colour appeared: another shape
    part.ask(None, st_, 0)
    assert len(calls) == 3 and sum(r >= 0 for r in part.table) == 3
    assert st_.shape[0] == shape_of(st_.board[0], st_.splay[0]) == 1 | 8 | SPLAY_RIGHT << 5
    colours_only = TabledShape(lambda game, p: calls.append(p) or False, splays=False)
    colours_only.ask(None, st_, 0)
    st_.set_splay(0, 0, 0)                    # a splay it does not read: the same answer
    colours_only.ask(None, st_, 0)
    assert len(calls) == 4


def test_with_hooks_every_part_is_evaluated_afresh():
    # an icon modifier changes what a condition sees: the tables are not asked, and World
    # ("at least twelve [clock]") goes to the current player at the next check
    cs = cardset("innovation", mode="interpreted")
    g = InnovationGame(cs.table, cs.effects, cs.specials, Options(players=2), seed=3,
                       agents=[RandomAgent(1), RandomAgent(2)])
    world = next(sp for sp in cs.specials if sp.name == "World")
    table_before = list(world.condition.parts[0].table)
    g.add_icon_modifier(lambda game, p, icon, n: n + 12 if icon == 6 else n)
    p = g.state.current
    g.draw(p, 1)
    assert world.card_id in g.state.achievements[p]
    assert world.condition.parts[0].table == table_before


def test_a_card_sets_specials_are_read_once_for_all_its_games():
    # InnovationGame reads a card set's specials (by name, whether every input is known, each
    # one's card, input mask and condition) once (game._specials_of); another list of the same
    # specials in the same order shares it, a different list gets its own
    from runtime.games.innovation.game import _specials_of
    cs = cardset("innovation")
    sps = [s for s in cs.specials if cs.table.set[s.card_id] == "base"]  # a base game's
    by_name, known, cards, masks, conds = _specials_of(sps)
    assert by_name == {s.name: s for s in sps} and known
    assert list(cards) == [s.card_id for s in sps]
    assert list(masks) == [input_mask(s.inputs) for s in sps]
    assert conds == [s.condition for s in sps]
    assert _specials_of(list(sps))[0] is by_name
    fewer = _specials_of(sps[1:])
    assert list(fewer[2]) == [s.card_id for s in sps[1:]] and fewer[0] is not by_name
    turned = _specials_of(sps[::-1])
    assert list(turned[2]) == [s.card_id for s in sps[::-1]]
    assert _specials_of([]) == ({}, True, [], [], [])


def _colors(*preds):
    return I.Query("color", "all", None, None, None, preds=tuple(preds), type="colors")


HEXES_8 = I.Pred("where", I.Cmp(">=", _fn("pile_slots", I.Const("hex", "icon"), I.ItRef("color")),
                                I.Const(8, "int"), "bool"))


def test_which_parts_are_answered_pile_by_pile():
    # "there is a colour such that <tests of that colour's pile>" (Echoes' Heritage, History)
    from runtime.games.innovation.accel.conditions import pile_form
    q = _colors(HEXES_8)
    assert pile_form(_fn("any", q, type="bool")) == (True, q)
    assert pile_form(_fn("none", q, type="bool")) == (False, q)
    mine = I.Pred("where", I.Cmp(">", _fn("pile_icons", I.Const("crown", "icon"), I.ItRef("color"),
                                          I.Const("you", "player")), I.Const(2, "int"), "bool"))
    assert pile_form(_fn("any", _colors(mine), type="bool")) == (True, _colors(mine))
    theirs = I.Pred("where", I.Cmp(">", _fn("pile_icons", I.Const("crown", "icon"),
                                            I.ItRef("color"), I.Const("opponent", "player")),
                                   I.Const(2, "int"), "bool"))
    red_pile = I.Pred("where", I.Cmp(">=", _fn("pile_slots", I.Const("hex", "icon"),
                                               I.Const("red", "color")), I.Const(8, "int"), "bool"))
    whole_board = I.Pred("where", I.Cmp(">", _fn("icons", I.Const("crown", "icon")),
                                        I.Const(2, "int"), "bool"))
    for other in (_fn("count", q), _fn("any", _query(TOP, BELOW_8), type="bool"),  # not colours
                  _fn("any", _colors(theirs), type="bool"),        # another player's pile
                  _fn("any", _colors(red_pile), type="bool"),      # not the pile of `it`
                  _fn("any", _colors(whole_board), type="bool"),   # the whole board
                  _fn("any", _colors(), type="bool")):             # no test
        assert pile_form(other) is None, other


def test_a_pile_part_tests_only_the_piles_that_changed():
    # PileTested keeps each pile's answer under the pile's revision (State.pile_rev): after a
    # change to one pile only that pile is tested again; a clone keeps its own answers
    from runtime.games.innovation.accel.conditions import PileTested
    from runtime.games.innovation.state import BOARD, State
    cs = cardset("innovation", mode="interpreted")
    tested = []
    red = next(c for c in range(cs.table.n) if cs.table.kind[c] == "card"
               and cs.table.color[c] == 1)
    # "a pile holding a card": only the red pile is not empty below
    part = PileTested(None, True, lambda g, p, color: tested.append((p, color))
                      or bool(st_.board[p][("blue", "red", "green", "yellow", "purple")
                                           .index(color)]))
    st_ = State(cs.table, 2)
    assert not part.ask(None, st_, 0) and len(tested) == 5      # every pile once
    assert not part.ask(None, st_, 0) and len(tested) == 5      # nothing changed
    assert not part.ask(None, st_, 1) and len(tested) == 10     # the other player's piles
    st_.move(red, BOARD, 0)
    assert part.ask(None, st_, 0) and tested[10:] == [(0, "red")]  # the changed pile alone
    copy = st_.clone()
    assert part.ask(None, copy, 0) and len(tested) == 11        # the clone's answers too
    assert not part.ask(None, st_, 1) and len(tested) == 11     # player 1's piles did not move


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_pile_parts_answer_what_their_condition_says_at_every_step(seed):
    # Heritage's and History's parts asked of each player at every step of base+Echoes games,
    # in both runtimes (the compiled one tests a pile with the module's item test), against
    # the condition evaluated
    from dsl.codegen import have_c_compiler
    sets = [cardset("innovation")]
    if have_c_compiler():
        sets.append(cardset("innovation", mode="compiled"))
    for cs in sets:
        parts = [sp.condition.parts[0] for sp in cs.specials if sp.name in ("Heritage", "History")]
        assert [type(p).__name__ for p in parts] == ["PileTested"] * 2
        rt = cs.runtime
        game_cls, options, agent = ((rt.InnovationGame, rt.Options, rt.RandomAgent) if rt else
                                    (InnovationGame, Options, RandomAgent))
        g = game_cls(cs.table, cs.effects, cs.specials,
                     options(players=3, expansions=("base", "echoes")), seed=seed,
                     agents=[agent(seed + q) for q in range(3)])
        steps = 0
        while not g.over and steps < 200:
            for part in parts:
                for p in range(3):
                    assert part.ask(g, g.state, p) == part.truth(g, p)
            g.step()
            steps += 1
