"""Dogma: who executes what, in which order, and the sharing bonus.

000_0facc20b6f4138b7.txt "教义" (1)-(4) and 001_e2be08ce61e35573.txt "条例(DOGMA)": featured icons
counted once before any effect; effects top to bottom; demands ("我要求") to opponents with fewer
icons in turn order; non-demands shared by players with at least as many, activator last; a free
draw when an opponent's sharing changed the game. 000 "团队游戏": teammates are never demanded
and sharing only by a teammate earns no free draw. RULES-NOTES "Dogma" settles the rest.
"""
from runtime.games.innovation import Effect
from tests.runtime.conftest import ids, scenario_game

# castle counts: purple1a/red2a/red1c/yellow2b have 3 castles, yellow1a and blue2b have 1.
CASTLE3 = "purple1a"


def recorder(log, tag):
    def fn(ctx):
        log.append((tag, ctx.executor, ctx.activator, ctx.kind, ctx.shared))
    return fn


def four_player_game(table, effects, teams=False, **extra):
    setup = {"players": {
        "p1": {"board": {"purple": {"cards": [CASTLE3]}}},   # 3 castles, activator
        "p2": {"board": {"yellow": {"cards": ["yellow1a"]}}},  # 1: fewer
        "p3": {"board": {"red": {"cards": ["red2a"]}}},      # 3: as many
        "p4": {}},                                           # 0: fewer
        "current_player": "p1"}
    setup["players"].update(extra)
    return scenario_game(table, setup, effects, players=4, teams=teams)


def test_demand_and_share_targets_and_order(table):
    log = []
    card = table.id_of(CASTLE3)
    effects = {card: [Effect("demand", recorder(log, "D"), ""),
                      Effect("effect", recorder(log, "N"), "")]}
    g, _ = four_player_game(table, effects)
    g.apply(("dogma", card))
    assert log == [("D", 1, 0, "demand", False), ("D", 3, 0, "demand", False),
                   ("N", 2, 0, "effect", True), ("N", 0, 0, "effect", False)]


def test_turn_order_starts_after_activator(table):
    log = []
    card = table.id_of("red2a")
    effects = {card: [Effect("effect", recorder(log, "N"), "")]}
    setup = {"players": {p: {"board": {table.infos[table.id_of(c)].color: {"cards": [c]}}}
                         for p, c in (("p1", "red1c"), ("p2", "purple1a"), ("p3", "red2a"),
                                      ("p4", "yellow2b"))}, "current_player": "p3"}
    g, _ = scenario_game(table, setup, effects, players=4)
    g.apply(("dogma", card))
    assert [e[1] for e in log] == [3, 0, 1, 2]  # p4, p1, p2, then the activator p3


def test_teammates_share_but_are_never_demanded(table):
    """000 "团队游戏": "你的需求效果不会由你的队友执行"; teams are seats 0+2 and 1+3."""
    log = []
    card = table.id_of(CASTLE3)
    effects = {card: [Effect("demand", recorder(log, "D"), ""),
                      Effect("effect", recorder(log, "N"), "")]}
    # p3 (teammate of p1) has fewer castles: not demanded, not sharing
    g, _ = four_player_game(table, effects, teams=True, p3={})
    g.apply(("dogma", card))
    assert [(t, q) for t, q, *_ in log] == [("D", 1), ("D", 3), ("N", 0)]
    log.clear()
    g2, _ = four_player_game(table, effects, teams=True)  # p3 has as many: shares
    g2.apply(("dogma", card))
    assert [(t, q) for t, q, *_ in log] == [("D", 1), ("D", 3), ("N", 2), ("N", 0)]


def test_icons_counted_once_per_dogma(table):
    """000 "教义" (2): "图标计数每个教义行动只进行一次"."""
    log = []
    card = table.id_of(CASTLE3)

    def meld_castles(ctx):
        g = ctx.game
        for c in g.hand(ctx.executor):
            g.meld(ctx.executor, c)

    effects = {card: [Effect("demand", meld_castles, ""), Effect("effect", recorder(log, "N"), "")]}
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"purple": {"cards": [CASTLE3]}}},
                                             "p2": {"hand": ["red1c", "yellow2b"]}}}, effects)
    g.apply(("dogma", card))
    assert g.icon_count(1, "castle") == 6 > g.icon_count(0, "castle")
    assert [e[1] for e in log] == [0]  # p2 did not share the second effect


def test_effects_run_even_if_card_leaves(table):
    """000 "教义" (1): all effects are executed whatever happens to the card."""
    log = []
    card = table.id_of(CASTLE3)

    def score_self(ctx):
        ctx.game.score(ctx.executor, ctx.card)

    effects = {card: [Effect("effect", score_self, ""), Effect("effect", recorder(log, "N"), "")]}
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"purple": {"cards": [CASTLE3]}}}}},
                         effects)
    g.apply(("dogma", card))
    assert g.score(0) == [card] and len(log) == 1


def test_dogma_vars_shared_within_one_dogma(table):
    card = table.id_of(CASTLE3)
    seen = []

    def d(ctx):
        ctx.dogma_vars.setdefault("hit", []).append(ctx.executor)

    def n(ctx):
        seen.append(list(ctx.dogma_vars.get("hit", [])))

    effects = {card: [Effect("demand", d, ""), Effect("effect", n, "")]}
    g, _ = four_player_game(table, effects)
    g.apply(("dogma", card))
    assert seen == [[1, 3], [1, 3]]
    g.state.actions_left = 2
    g.apply(("dogma", card))
    assert seen[-1] == [1, 3]  # a fresh dict for the next dogma


def test_echo_effects_run_first_and_compel_targets(table):
    log = []
    card = table.id_of(CASTLE3)
    effects = {card: [Effect("effect", recorder(log, "N"), ""),
                      Effect("compel", recorder(log, "C"), ""),
                      Effect("echo", recorder(log, "E"), "")]}
    g, _ = four_player_game(table, effects)
    g.apply(("dogma", card))
    # echo shared like a non-demand, first; compel hits non-teammates with at least as many
    assert [(t, q) for t, q, *_ in log] == [("E", 2), ("E", 0), ("N", 2), ("N", 0), ("C", 2)]


# ---------------------------------------------------------------- sharing bonus

def bonus_game(table, sharer_effect, teams=False, players=2, extra=None):
    card = table.id_of(CASTLE3)
    effects = {card: [Effect("effect", sharer_effect, "")]}
    setup = {"players": {"p1": {"board": {"purple": {"cards": [CASTLE3]},
                                          "blue": {"cards": ["blue3a"]}}},
                         "p2": {"board": {"red": {"cards": ["red2a"]}}}},
             "decks": {"base": {"3": ["green3a"], "1": ["red1b", "green1b"]}}}
    if extra:
        setup["players"].update(extra)
    return scenario_game(table, setup, effects, players=players, teams=teams)


def test_sharing_bonus_when_opponent_changed_state(table):
    def eff(ctx):
        if ctx.executor != ctx.activator:
            ctx.game.draw(ctx.executor, 1)

    g, _ = bonus_game(table, eff)
    g.apply(("dogma", table.id_of(CASTLE3)))
    assert g.hand(1) == ids(table, "red1b")
    assert g.hand(0) == ids(table, "green3a")  # free draw at p1's highest top card (3)
    tags = [e[0] for e in g.events]
    assert tags[-1] == "draw" and g.events[-1][1] == 0


def test_no_bonus_when_sharer_changed_nothing(table):
    def eff(ctx):
        if ctx.executor == ctx.activator:
            ctx.game.draw(ctx.executor, 1)
        else:
            ctx.game.reveal(ctx.executor, ctx.card)  # revealing changes nothing

    g, _ = bonus_game(table, eff)
    g.apply(("dogma", table.id_of(CASTLE3)))
    assert g.hand(0) == ids(table, "red1b") and g.hand(1) == []


def test_bonus_counts_a_change_later_undone(table):
    """000 "教义" (4) note: a change that is later undone still counts."""
    def eff(ctx):
        if ctx.executor != ctx.activator:
            c = ctx.game.draw(ctx.executor, 1)
            ctx.game.return_card(ctx.executor, c)

    g, _ = bonus_game(table, eff)
    g.apply(("dogma", table.id_of(CASTLE3)))
    assert g.hand(0) == ids(table, "green3a")


def test_bonus_draw_uses_highest_top_card_at_that_moment(table):
    def eff(ctx):
        g = ctx.game
        if ctx.executor != ctx.activator:
            g.draw(ctx.executor, 1)
        else:
            g.meld(ctx.executor, g.draw(ctx.executor, 5))

    g, _ = bonus_game(table, eff, extra=None)
    g.state.supply[0][5].append(g.state.supply[0][5].pop(0))  # any 5 on top; value is what counts
    g.apply(("dogma", table.id_of(CASTLE3)))
    assert [table.age[c] for c in g.hand(0)] == [5]


def test_no_bonus_from_teammate_only(table):
    """000 "团队游戏": no free draw when only a teammate shared."""
    def eff(ctx):
        if ctx.executor != ctx.activator:
            ctx.game.draw(ctx.executor, 1)

    g, _ = bonus_game(table, eff, teams=True, players=4,
                      extra={"p2": {}, "p3": {"board": {"red": {"cards": ["red2a"]}}}})
    g.apply(("dogma", table.id_of(CASTLE3)))
    assert len(g.hand(2)) == 1 and g.hand(0) == []


def test_no_bonus_from_demands(table):
    card = table.id_of(CASTLE3)

    def d(ctx):
        ctx.game.draw(ctx.executor, 1)

    g, _ = scenario_game(table, {"players": {"p1": {"board": {"purple": {"cards": [CASTLE3]}}}}},
                         {card: [Effect("demand", d, ""), Effect("effect", lambda c: None, "")]})
    g.apply(("dogma", card))
    assert len(g.hand(1)) == 1 and g.hand(0) == []


def test_no_bonus_from_executed_other_card(table):
    """RULES-NOTES "Dogma": changes while executing a card an effect told them to execute do
    not count."""
    other = table.id_of("blue1a")
    card = table.id_of(CASTLE3)
    effects = {other: [Effect("effect", lambda ctx: ctx.game.draw(ctx.executor, 1), ""),
                       Effect("demand", lambda ctx: ctx.game.draw(ctx.executor, 1), "")],
               card: [Effect("effect", lambda ctx: ctx.game.execute_effects(ctx.executor, other),
                             "")]}
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"purple": {"cards": [CASTLE3]}}},
                                             "p2": {"board": {"red": {"cards": ["red2a"]}}}}},
                         effects)
    g.apply(("dogma", card))
    assert len(g.hand(1)) == 1 and len(g.hand(0)) == 1  # each drew once; no free draw


def test_execute_effects_runs_non_demands_alone(table):
    other = table.id_of("blue1a")
    log = []
    effects = {other: [Effect("effect", recorder(log, "N"), ""),
                       Effect("demand", recorder(log, "D"), ""),
                       Effect("effect", recorder(log, "N2"), "")]}
    g, _ = scenario_game(table, {"players": {"p2": {"board": {"red": {"cards": ["red2a"]}}}}},
                         effects)
    g.execute_effects(0, other)
    assert log == [("N", 0, 0, "effect", False), ("N2", 0, 0, "effect", False)]
    log.clear()
    g.execute_effects(1, other, share=True, kinds=("effect", "demand"))
    # as a full dogma of p2: p1 (0 clocks... counts on blue1a's icon) shares or is demanded
    assert {e[2] for e in log} == {1}


def test_effect_rows_are_made_once_per_card_set(table):
    # the (card, kind, run, code) rows a dogma runs are made once per card and dict of effects,
    # and shared by the games played with it; another dict of effects has rows of its own
    log = []
    card = table.id_of(CASTLE3)
    effects = {card: [Effect("echo", recorder(log, "E"), ""),
                      Effect("effect", recorder(log, "N"), "")]}
    g1, _ = four_player_game(table, effects)
    g2, _ = four_player_game(table, effects)
    rows = g1._effect_rows(card, False)
    assert [(c, k, code) for c, k, _, code in rows] == [(card, "effect", 0)]
    assert [k for _, k, _, _ in g1._effect_rows(card, True)] == ["echo"]
    assert g2._effect_rows(card, False) is rows
    # a dogma's rows: the echo effects', then the others' (000 "回响效果"), made once too
    assert [k for _, k, _, _ in g1._dogma_rows(card)] == ["echo", "effect"]
    assert g2._dogma_rows(card) is g1._dogma_rows(card)
    g3, _ = four_player_game(table, {card: [Effect("effect", recorder(log, "X"), "")]})
    assert g3._effect_rows(card, False) is not rows
    g3.apply(("dogma", card))
    assert {tag for tag, *_ in log} == {"X"}


def _looping_set():
    from dsl.load import check_text
    from runtime.front.testing import game_cards
    from runtime.games.innovation.cardset import build_cardset
    probes = check_text('''card "Refill"
    age 1; color red; icons castle crown hex castle
    dogma castle
    effect:
        draw 1
        if count(hand) < 4: repeat effect

card "Forever"
    age 1; color blue; icons castle crown hex castle
    dogma castle
    effect:
        if count(hand) >= 0: repeat effect
''', "probe.card")
    ones = [c for c in game_cards("innovation") if c.attrs.get("age") == 1 and not c.attrs.get("edition")]
    return build_cardset(ones + probes)


def test_repeat_effect_runs_the_effect_again_until_its_limit():
    # `repeat effect` runs the effect again for the same player (dsl/interp.py run_effect);
    # an effect that repeats MAX_REPEATS times is an error naming its card
    import pytest
    from dsl.interp import MAX_REPEATS, EffectError
    from runtime.games.innovation.game import InnovationGame, Options
    cs = _looping_set()
    g = InnovationGame(cs.table, cs.effects, cs.specials, Options(players=2), seed=1)
    before = len(g.state.hand[0])
    assert before < 3
    g.execute_effects(0, cs.table.id_of("Refill"))
    assert len(g.state.hand[0]) == 4  # drew until four: the effect ran 4 - before times
    with pytest.raises(EffectError, match=f'"Forever" repeated its effect {MAX_REPEATS} times'):
        g.execute_effects(0, cs.table.id_of("Forever"))
