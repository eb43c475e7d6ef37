"""The compiled runtime (dsl/codegen/runtime_build.py): the runtime's own sources built by Cython
as twin modules, typed by the `.pxd` files beside them. Its cache follows the .pxd files too,
cimports are redirected to the twins, and the typed twins compute exactly what the Python
sources compute."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from dsl.codegen import have_c_compiler, runtime_build
from runtime.front.testing import cardset
from runtime.core.rng import Rng
from runtime.games.innovation.cardset import RUNTIME_MODULES
from runtime.games.tashkalar.cardset import RUNTIME_MODULES as TK_RUNTIME_MODULES

needs_cc = pytest.mark.skipif(not have_c_compiler(), reason="no C compiler")


def test_every_declaration_file_belongs_to_a_built_module():
    # each .pxd is the declarations of one compiled module: beside it, or in its package's
    # accel/ folder (a game's acceleration layer), and nothing declares a module not built
    root = runtime_build.REPO
    pxds = {p.resolve() for p in list((root / "runtime").rglob("*.pxd"))
            + list((root / "dsl").rglob("*.pxd"))}
    found = {runtime_build._declarations(q).resolve()
             for q in RUNTIME_MODULES + TK_RUNTIME_MODULES}  # every game's compiled runtime
    assert pxds and pxds <= found, sorted(str(p) for p in pxds - found)
    assert any("accel" in p.parts for p in pxds)


def test_the_cache_key_follows_the_declarations(monkeypatch, tmp_path):
    key = runtime_build.runtime_key(RUNTIME_MODULES)
    assert runtime_build.runtime_key(RUNTIME_MODULES) == key
    real = runtime_build._declarations
    other = tmp_path / "state.pxd"
    other.write_text(real("runtime.games.innovation.state").read_text() + "\n# changed\n")
    monkeypatch.setattr(runtime_build, "_declarations",
                        lambda q: other if q.endswith(".state") else real(q))
    assert runtime_build.runtime_key(RUNTIME_MODULES) != key


def test_cimports_point_at_the_twins():
    text = ("from runtime.games.innovation.state cimport State\n"
            "from runtime.core.rng cimport Rng\n"
            "from dsl.interp cimport Env\n"
            "from .state import State\n")
    out = runtime_build._rewrite(text, "runtime.games.innovation.game", RUNTIME_MODULES)
    assert out.splitlines() == ["from runtime.games.innovation.cstate cimport State",
                                "from runtime.core.crng cimport Rng",
                                "from dsl.cinterp cimport Env",
                                "from .cstate import State"]


@needs_cc
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), stream=st.integers(0, 2**16), n=st.integers(1, 200))
def test_the_typed_rng_draws_what_the_python_rng_draws(seed, stream, n):
    twin = cardset("innovation", mode="compiled").runtime.modules["runtime.core.rng"]
    a, b = Rng(seed, stream), twin.Rng(seed, stream)
    assert [a.next_u32() for _ in range(50)] == [b.next_u32() for _ in range(50)]
    assert [a.below(n) for _ in range(50)] == [b.below(n) for _ in range(50)]
    xs, ys = list(range(n)), list(range(n))
    a.shuffle(xs)
    b.shuffle(ys)
    assert xs == ys and a.getstate() == b.getstate()


@needs_cc
def test_the_twins_are_typed_and_refuse_the_python_game():
    cs = cardset("innovation", mode="compiled")
    rt = cs.runtime
    g = rt.InnovationGame(cs.table, cs.effects, cs.specials, rt.Options(players=2), seed=1,
                          agents=[rt.RandomAgent(1), rt.RandomAgent(2)])
    assert type(g.state).__module__.endswith(".cstate")
    with pytest.raises(AttributeError):
        g.not_declared = 1          # a C struct: only the declared attributes exist
    with pytest.raises(TypeError):
        g.state = object()          # typed: a State of the compiled runtime
    from runtime.games.innovation.game import InnovationGame, Options
    # its setup asks the specials, whose typed code refuses the Python game or state
    with pytest.raises(TypeError, match=r"cstate\.State|cgame\.InnovationGame"):
        InnovationGame(cs.table, cs.effects, cs.specials, Options(players=2), seed=1)
    py = InnovationGame(cs.table, cs.effects, [], Options(players=2), seed=1)
    card = next(c for c, effs in cs.effects.items() if effs)
    # the first typed use: the game, its state or the effect's context
    with pytest.raises(TypeError, match=r"InnovationGame|cstate\.State|EffectContext"):
        py.execute_effects(0, card)


@needs_cc
def test_the_card_module_is_typed_against_the_compiled_runtime():
    # the effects call the compiled Env, helpers and game through C: the module cimports
    # them, is a build of its own for each runtime, and refuses any other interpreter
    from dsl.codegen import _LOADED, _lower, generate, module_name, set_label
    from dsl import interp as python_interp
    from dsl.vocab import get
    from runtime.front.testing import game_cards
    from runtime.games.innovation.cardset import typed_binding
    vocab = get("innovation")
    cs = cardset("innovation", mode="compiled")
    binding = typed_binding()
    cards = [c for c in game_cards("innovation") if set_label(c) == "innovation/base"]
    text, _ = generate(cards[:3], "x/y", vocab, binding)
    assert "from dsl.cinterp cimport Env as Env_t, pick_from" in text
    assert "from runtime.games.innovation.cgame cimport InnovationGame as Game_t" in text
    assert "from runtime.games.innovation.ceffects cimport EffectContext as Ctx_t" in text
    assert "from runtime.games.innovation.czones cimport cards_of as cards_of" in text
    assert "ctypedef object Env_t" in generate(cards[:3], "x/y", vocab)[0]
    name = module_name(cards[:3], "x/y", vocab, binding)
    assert name != module_name(cards[:3], "x/y", vocab)
    loaded = [m for n, m in _LOADED.items() if n.startswith("cl_innovation_base_")]
    assert loaded
    mod = loaded[0]
    group = [c for c in cards if any(id(c) == id(x) for x in cards)]
    _, effects, em = _lower(cards[:1], vocab)
    with pytest.raises((TypeError, RuntimeError)):
        mod.bind(em.nodes, effects, em.signature(), python_interp, None)  # not its IR


@needs_cc
def test_the_game_asks_every_kind_of_agent():
    # runtime.core.agents.ask calls the compiled runtime's own agents through C; a Python
    # subclass of one that overrides choose, and a plain Python agent, are still asked by name
    from runtime.core.agents import Agent, FirstLegalAgent
    cs = cardset("innovation", mode="compiled")
    rt = cs.runtime
    asked = []

    class Counting(rt.RandomAgent):
        def choose(self, game, d):
            asked.append(d.kind)
            return tuple(rt.RandomAgent.choose(self, game, d))  # a tuple is a valid answer

    class Plain(Agent):
        def choose(self, game, d):
            asked.append("plain")
            return FirstLegalAgent().choose(game, d)

    g = rt.InnovationGame(cs.table, cs.effects, cs.specials, rt.Options(players=2), seed=4,
                          agents=[Counting(1), Plain()])
    for _ in range(12):
        g.step()
    assert "action" in asked and "plain" in asked
    assert len(g.log) >= 12


INT_ARRAYS = ("color_of", "age_of", "set_of", "top_pack", "under_pack", "pile_icons", "zone_of",
              "owner_of", "tucked_this_turn", "scored_this_turn", "score_sum", "board_rev",
              "icons_rev", "colors_rev", "tops_rev", "splays_rev", "forecast_rev", "pile_rev",
              "seen_top", "seen_splay",
              "changed", "shape", "icons", "special_of", "avail_count")


def _played(cs, game_cls, options, agent, seed, steps):
    g = game_cls(cs.table, cs.effects, cs.specials, options(players=3), seed=seed,
                 agents=[agent(seed + q) for q in range(3)])
    for _ in range(steps):
        if g.over:
            break
        g.step()
    return g


@needs_cc
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_the_compiled_state_keeps_its_int_lists_as_c_arrays(seed, steps):
    # state.int_array: lists when interpreted, C long arrays (typed memoryviews) when compiled;
    # after the same game they hold the same numbers, and a clone's arrays are its own
    from runtime.core.agents import RandomAgent
    from runtime.games.innovation.game import InnovationGame, Options
    py_cs, c_cs = cardset("innovation"), cardset("innovation", mode="compiled")
    rt = c_cs.runtime
    py = _played(py_cs, InnovationGame, Options, RandomAgent, seed, steps)
    cg = _played(c_cs, rt.InnovationGame, rt.Options, rt.RandomAgent, seed, steps)
    for name in INT_ARRAYS:
        a, b = getattr(py.state, name), getattr(cg.state, name)
        assert type(a) is list and type(b) is not list, name
        assert list(b) == a and len(b) == len(a), name
    clone = cg.state.clone()
    assert all(list(getattr(clone, n)) == getattr(py.state, n) for n in INT_ARRAYS)
    clone.zone_of[0] += 1
    clone.changed[0] = 12345
    assert cg.state.zone_of[0] == py.state.zone_of[0] and cg.state.changed[0] != 12345
    cg.state.check_conservation()


@needs_cc
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_shortcuts_of_the_compiled_runtime_read_what_the_board_says(seed):
    # highest_top_age reads the tops State.refresh_pile keeps (seen_top) when compiled, and
    # card_has_icon the cards' icon bits: at every step of a game, in both runtimes, they
    # answer what the piles and the cards' icons say
    from tests.conftest import game_steps
    icons = sorted(set(range(-1, 21)) | {101, 103})
    for cs in (cardset("innovation"), cardset("innovation", mode="compiled")):
        for g in game_steps(cs, seed, 3, 60):
            for p in range(3):
                tops = [pile[-1] for pile in g.state.board[p] if pile]
                assert g.highest_top_age(p) == max((cs.table.age[c] for c in tops), default=0)
        for c in range(cs.table.n):
            assert [g.card_has_icon(c, i) for i in icons] == \
                [i in cs.table.icons[c] for i in icons], c


@needs_cc
def test_compiled_effects_and_conditions_run_through_c():
    # the card module's effects are Runners and its conditions Predicates of the compiled
    # runtime (effects.py), which it runs through C; called as functions they still run
    cs = cardset("innovation", mode="compiled")
    ce = cs.runtime.modules["runtime.games.innovation.effects"]
    runs = [e.run for effs in cs.effects.values() for e in effs]
    assert runs and all(isinstance(r, ce.Runner) for r in runs)
    parts = [p.holds for sp in cs.specials for p in sp.condition.parts]
    assert parts and all(isinstance(h, ce.Predicate) for h in parts)
    rt = cs.runtime
    g = rt.InnovationGame(cs.table, cs.effects, cs.specials, rt.Options(players=2), seed=3,
                          agents=[rt.RandomAgent(1), rt.RandomAgent(2)])
    colors = [h for sp in cs.specials for h in (p.holds for p in sp.condition.parts)]
    assert [h(g, 0) for h in colors] == [h.test(g, 0) for h in colors]  # (nobody qualifies)
    assert not any(h(g, 0) for h in colors)


@needs_cc
def test_two_games_runtimes_in_one_process_share_the_core_twins():
    # Both games build dsl.interp and the core's modules into their own runtime; a process that
    # loads both (a test session, a front end playing either game) must hold one copy of each,
    # or a card module typed against one copy gets the other's objects ("Cannot convert
    # dsl.cinterp.Env to dsl.cinterp.Env"): the second load reuses a twin of the same digest.
    tk = runtime_build.load_runtime(TK_RUNTIME_MODULES)
    inn = runtime_build.load_runtime(RUNTIME_MODULES)
    shared = [q for q in RUNTIME_MODULES if q in TK_RUNTIME_MODULES]
    assert "dsl.interp" in shared
    for q in shared:
        assert tk[q] is inn[q], q
    assert tk["runtime.games.tashkalar.game"] is not inn["runtime.games.innovation.game"]
    from runtime.core import registry
    for game, options in (("tashkalar", {"players": 2}), ("innovation", {"players": 2})):
        g = registry.get(game)
        st = g.new_state(options, 5, "compiled")
        assert g.view().fingerprint(st)["mode"] == "compiled"
        end = st.play_out([st.random_agent(5 * 7919 + q) for q in range(2)])
        assert end.is_terminal(), game


def test_a_twins_digest_follows_its_own_source_only(monkeypatch, tmp_path):
    inn = runtime_build.module_digest("dsl.interp", RUNTIME_MODULES)
    assert runtime_build.module_digest("dsl.interp", TK_RUNTIME_MODULES) == inn
    assert runtime_build.module_digest("runtime.core.rng", RUNTIME_MODULES) != inn
    real = runtime_build._source
    other = tmp_path / "interp.py"
    other.write_text(real("dsl.interp").read_text() + "\n# changed\n")
    monkeypatch.setattr(runtime_build, "_source",
                        lambda q: other if q == "dsl.interp" else real(q))
    assert runtime_build.module_digest("dsl.interp", RUNTIME_MODULES) != inn
