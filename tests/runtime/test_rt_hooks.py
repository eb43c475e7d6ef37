"""Expansion hooks designed now (karma replacements, triggers on the meld action, extra actions,
static icon modifiers, echo providers). 001_e2be08ce61e35573.txt "说明与其他关键字" ("抽牌/打入/
统御": effects that meld are not the meld action, so they do not fire meld-action triggers)."""
from runtime.games.innovation import PROCEED, Effect
from tests.runtime.conftest import ids, scenario_game


def test_no_hooks_registered_by_default(table):
    g, _ = scenario_game(table, {})
    assert g._hooks == {}


def test_replacement_instead_and_first(table):
    g, _ = scenario_game(table, {"players": {"p1": {"hand": ["red1a", "blue1a"]}}})
    r1, b1 = ids(table, "red1a", "blue1a")
    log = []

    def karma(game, verb, args):
        p, card = args
        if card == r1:  # "if you would meld red1a, score it instead"
            return game.score(p, card)
        log.append(("first", card))  # "would ... first": do something, then proceed
        return PROCEED

    g.add_replacement("meld", karma)
    assert g.meld(0, r1) is True and g.score(0) == [r1] and g.top(0, "red") == -1
    g.meld(0, b1)
    assert log == [("first", b1)] and g.top(0, "blue") == b1


def test_meld_action_trigger_not_fired_by_meld_effects(table):
    card = table.id_of("red2a")
    fired = []
    effects = {card: [Effect("effect", lambda ctx: ctx.game.meld(ctx.executor,
                                                                 ctx.game.hand(ctx.executor)[0]),
                             "")]}
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"red": {"cards": ["red2a"]}},
                                                    "hand": ["blue1a", "green1a"]}},
                                 "actions_left": 2}, effects)
    g.add_trigger("meld_action", lambda game, e: fired.append(e))
    g.add_trigger("meld", lambda game, e: fired.append(e[0]))
    g.apply(("dogma", card))
    assert fired == ["meld"]
    g.apply(("meld", table.id_of("green1a")))
    assert fired == ["meld", "meld", ("meld_action", 0, table.id_of("green1a"))]


def test_extra_action(table):
    g, _ = scenario_game(table, {"players": {"p1": {"hand": ["red1a"]}}})
    done = []
    g.add_action("inspire", lambda game, p: [("inspire", "red")],
                 lambda game, p, a: done.append((p, a)))
    assert ("inspire", "red") in g.legal_actions()
    g.apply(("inspire", "red"))
    assert done == [(0, ("inspire", "red"))]


def test_icon_modifier(table):
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"red": {"cards": ["red2a"]}}}}})
    assert g.icon_count(0, "castle") == 3
    g.add_icon_modifier(lambda game, p, icon, n: n + 2 if icon == 4 else n)
    assert g.icon_count(0, "castle") == 5 and g.icon_count(0, "leaf") == 0


def test_icon_modifiers_decide_who_shares_a_dogma(table):
    # 000 "教义" (1): the featured icon is counted once, modifiers included (the dogma reads
    # icon_count when a hook is installed, the State's counts otherwise)
    card = table.id_of("red2a")  # 3 castles for p1; p2 has none
    featured = table.dogma_icon[card]
    ran = []
    effects = {card: [Effect("effect", lambda ctx: ran.append(ctx.executor), "")]}
    setup = {"players": {"p1": {"board": {"red": {"cards": ["red2a"]}}}}, "actions_left": 2}
    g, _ = scenario_game(table, setup, effects)
    g.apply(("dogma", card))
    assert ran == [0]                          # p2 has fewer: he does not share
    g, _ = scenario_game(table, setup, effects)
    g.add_icon_modifier(lambda game, p, icon, n: n + 5 if p == 1 and icon == featured else n)
    ran.clear()
    g.apply(("dogma", card))
    assert ran == [1, 0]                       # with five more he shares, before p1


def test_echo_provider_runs_before_dogma_effects(table):
    card = table.id_of("red2a")
    other = table.id_of("red1a")
    log = []
    effects = {card: [Effect("effect", lambda ctx: log.append(("dogma", ctx.card)), "")]}
    g, _ = scenario_game(table, {"players": {"p1": {"board": {"red": {
        "cards": ["red2a", "red1a"], "splay": "right"}}}}}, effects)
    echo = Effect("echo", lambda ctx: log.append(("echo", ctx.card)), "")
    g.set_echo_provider(lambda game, p, c: [(other, echo)])
    g.apply(("dogma", card))
    assert log == [("echo", other), ("dogma", card)]
