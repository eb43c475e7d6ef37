"""Hypothesis properties over random games with trivial synthetic effects.

- card conservation: every card in exactly one zone after every event;
- incremental icon counts equal a full recount after every event;
- replaying the decision log reproduces the exact state and event log;
- random 2-4 player games (teams too) always end by a legal condition
  (000_0facc20b6f4138b7.txt "游戏结束": achievements, a draw above 10, or a dogma win).
"""
from hypothesis import HealthCheck, given, settings, strategies as st

from runtime.core import RandomAgent
from runtime.games.innovation import InnovationGame, Options
from tests.runtime.synthetic_effects import synthetic_effects, synthetic_specials

SETTINGS = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])

configs = st.sampled_from([(2, False), (3, False), (4, False), (4, True)])


def new_game(table, seed, players, teams, effects_seed=None, **kw):
    effects = synthetic_effects(table, seed if effects_seed is None else effects_seed)
    agents = [RandomAgent(seed * 31 + q) for q in range(players)]
    return InnovationGame(table, effects, synthetic_specials(table),
                          Options(players=players, teams=teams), seed=seed, agents=agents, **kw)


def check_legal_end(g):
    r = g.result()
    assert g.is_over() and r is not None and r.winners
    assert r.reason in ("achievements", "high draw", "dogma")
    if r.reason == "achievements":
        team = g.team(r.winners[0])
        assert sum(len(g.achievements(q)) for q in team) >= g.needed
        assert set(team) <= set(r.winners)
    if r.reason == "high draw":
        best = max(sum(g.score_points(q) for q in g.team(p)) for p in range(g.n_players))
        for w in r.winners:
            assert sum(g.score_points(q) for q in g.team(w)) == best


@SETTINGS
@given(seed=st.integers(0, 10 ** 6), cfg=configs)
def test_conservation_and_icon_counts_after_every_event(table, seed, cfg):
    players, teams = cfg
    g = new_game(table, seed, players, teams, auto_setup=False)
    checked = [0]

    def check(game, event):
        game.state.check_conservation()
        assert game.state.recount() == game.state.icons, event
        checked[0] += 1

    g.add_trigger("*", check)
    g.setup()
    g.play(max_actions=3000)
    assert checked[0] > 10
    check_legal_end(g)


@SETTINGS
@given(seed=st.integers(0, 10 ** 6), cfg=configs)
def test_replay_reproduces_state(table, seed, cfg):
    players, teams = cfg
    g = new_game(table, seed, players, teams)
    g.play(max_actions=3000)
    saved = g.save()
    effects = synthetic_effects(table, seed)
    h = InnovationGame.replay(table, effects, synthetic_specials(table), saved)
    assert h.state.signature() == g.state.signature()
    assert h.events == g.events
    assert h.result() == g.result()


@SETTINGS
@given(seed=st.integers(0, 10 ** 6), cfg=configs, stop=st.integers(1, 60))
def test_replay_of_a_game_in_progress(table, seed, cfg, stop):
    """A front end replays the log up to the pending decision (DESIGN "Runtime")."""
    players, teams = cfg
    g = new_game(table, seed, players, teams)
    for _ in range(stop):
        if g.is_over():
            break
        g.step()
    h = InnovationGame.replay(table, synthetic_effects(table, seed), synthetic_specials(table),
                              g.save())
    assert h.state.signature() == g.state.signature()
    assert h.legal_actions() == g.legal_actions()


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10 ** 6), cfg=configs)
def test_random_games_end_legally(table, seed, cfg):
    players, teams = cfg
    g = new_game(table, seed, players, teams, record_events=False)
    g.play(max_actions=3000)
    check_legal_end(g)


def test_games_without_effects_end_by_high_draw(table):
    for seed in range(5):
        g = InnovationGame(table, {}, [], Options(2), seed=seed,
                           agents=[RandomAgent(seed), RandomAgent(seed + 1)])
        g.play()
        check_legal_end(g)


def test_same_inputs_same_game(table):
    a = new_game(table, 99, 3, False)
    b = new_game(table, 99, 3, False)
    a.play()
    b.play()
    assert a.events == b.events and a.log == b.log


class SometimesIllegal(RandomAgent):
    """Answers illegally now and then (an answer outside the options, or too many)."""

    def choose(self, game, d):
        r = self.rng.below(20)
        if r == 0:
            return [("nonsense",)] if d.kind == "action" else [-12345]
        if r == 1:
            return list(d.options) + list(d.options)
        return super().choose(game, d)


@SETTINGS
@given(seed=st.integers(0, 10 ** 6), cfg=configs)
def test_illegal_answers_leave_no_trace(table, seed, cfg):
    """Bad moves are refused with a reason and the state is unchanged (the whole action is
    rolled back); the log keeps only legal decisions, so replay still reproduces the game."""
    from runtime.core import IllegalMove
    players, teams = cfg
    effects = synthetic_effects(table, seed)
    specials = synthetic_specials(table)
    agents = [SometimesIllegal(seed + q) for q in range(players)]
    g = InnovationGame(table, effects, specials, Options(players=players, teams=teams),
                       seed=seed, agents=[RandomAgent(seed + q) for q in range(players)])
    g.agents = agents  # setup done with well-behaved agents
    refused = 0
    for _ in range(400):
        if g.is_over():
            break
        before = (g.state.signature(), len(g.log), len(g.events), g.rng.getstate())
        try:
            g.step()
        except IllegalMove as e:
            refused += 1
            assert e.reason
            assert (g.state.signature(), len(g.log), len(g.events), g.rng.getstate()) == before
    g.state.check_conservation()
    assert g.state.recount() == g.state.icons
    h = InnovationGame.replay(table, effects, specials, g.save())
    assert h.state.signature() == g.state.signature()
    assert refused > 0
