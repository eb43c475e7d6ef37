"""The Cython back end (dsl/codegen): safety of generated code, the build cache, the fallback
without a C compiler, and interpreted == compiled on small card sets.

Whole-game differential tests (hypothesis) are in test_codegen_games.py.
"""
from __future__ import annotations

import dataclasses
import io
import os
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from dsl import ir as I
from dsl.codegen import build, generate as _generate, have_c_compiler, module_name as _module_name, source_hash
from dsl.codegen.emit import comment, lit
from dsl.load import check_text
from runtime.front.testing import cardset, game_cards
from dsl.vocab import get as vocabulary
from runtime.games.innovation.cards import icon_id

VOCAB = vocabulary("innovation")


def generate(cards, label, binding=None):
    return _generate(cards, label, VOCAB, binding)


def module_name(cards, label, binding=None):
    return _module_name(cards, label, VOCAB, binding)

REPO = Path(__file__).resolve().parent.parent
TEMPLATE_TEXT = "".join(p.read_text() for p in (REPO / "dsl/codegen/templates").glob("*.j2"))

HOSTILE = [
    'He said "hi"',
    "it's",
    'triple """ quotes \'\'\' here',
    "__import__('os').system('touch /tmp/cardlang_pwned')",
    "{{ 7 * 7 }} {% if True %}x{% endif %} {# c #}",
    "back\\slash\\",
    "new\nline\rreturn\u2028sep\x0bvt\x0cff",
    "end */ of C comment /* ?" + "?=",
    "# cython: boundscheck=True",
    "\x00nul",
]

needs_cc = pytest.mark.skipif(not have_c_compiler(), reason="no C compiler")


def _hostile_cards() -> list:
    base = check_text('''card "Template"
    age 1; color red; icons castle crown hex castle
    dogma castle
    effect:
        draw 1 as drawn
        claim "Monument"
        if count(drawn) == 1: score drawn
''', "template.card")[0]
    out = []
    for i, name in enumerate(HOSTILE):
        body = base.effects[0].body
        claim = dataclasses.replace(body[1], obj=I.Const(name, "achievement"))
        draw = dataclasses.replace(body[0], bind="x" + str(i))
        eff = dataclasses.replace(base.effects[0], body=(draw, claim, body[2]))
        out.append(dataclasses.replace(base, name=name, effects=(eff,),
                                       path=f"/tmp/{name}.card",
                                       attrs=dict(base.attrs, age=1)))
    return out


def _tokens(text: str):
    """Python's tokenizer reads the .pyx too (cdef and friends are plain NAME tokens)."""
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


# ------------------------------------------------------------------ safety
def test_lit_and_comment_escape_everything():
    for s in HOSTILE:
        assert eval(lit(s)) == s
        c = comment(s)
        assert c.isascii() and "\n" not in c and "\r" not in c and c.isprintable()
    with pytest.raises(TypeError):
        lit(object())


def test_hostile_names_and_strings_never_become_code():
    cards = _hostile_cards()
    text, em = generate(cards, "hostile/set")
    names = set()
    for tok in _tokens(text):
        if tok.type == tokenize.NAME:
            names.add(tok.string)
        if tok.type == tokenize.STRING:  # every string literal is a plain one we wrote
            if tok.string.startswith(('"""', "'''")):   # only the templates' own docstrings
                assert tok.string in TEMPLATE_TEXT
            elif tok.string[0] in "fF":                      # f-strings: only the templates'
                assert tok.string in TEMPLATE_TEXT
            else:
                eval(tok.string)
    assert "__import__" not in names and "system" not in names
    # outside string literals and comments nothing of the cards remains
    code = "".join(t.string + " " for t in _tokens(text)
                   if t.type not in (tokenize.STRING, tokenize.COMMENT))
    for bad in ("__import__", "pwned", "7 * 7", "endif", "boundscheck=True", "said", "slash",
                "*/", "\x00", "\u2028"):
        assert bad not in code, bad
    # every identifier is derived by the generator, never taken from a card
    for line in text.splitlines():
        if line.startswith(("cdef int card_", "def card_")):
            assert line.split("(")[0].split()[-1].replace("card_", "").replace("_effect_", "") \
                .replace("_condition", "").isdigit()


def test_jinja_delimiters_in_cards_are_data():
    cards = _hostile_cards()
    text, _ = generate(cards, "{{ label }}")
    assert "49" not in [t.string for t in _tokens(text) if t.type == tokenize.NUMBER
                        and "7 * 7" in text]  # {{ 7 * 7 }} is never evaluated
    assert "{{ 7 * 7 }}" in text  # kept verbatim inside a comment / literal


@needs_cc
def test_hostile_set_builds_runs_and_matches_interpreter():
    # built into compiled/ (cached there, with the runtime); the base cards are re-pathed so
    # that this small set is a set of its own, never a rival build of innovation/base
    marker = Path("/tmp/cardlang_pwned")
    if marker.exists():
        marker.unlink()
    from runtime.games.innovation.cardset import build_cardset
    from runtime.games.innovation.game import Options
    ones = [dataclasses.replace(c, path="/tmp/cardlang_test/" + Path(c.path).name)
            for c in game_cards("innovation") if c.attrs.get("age") == 1 and not c.attrs.get("edition")]
    tmpl = _hostile_cards()[0]
    broken = dataclasses.replace(  # a verb the runtime has no behaviour for: an EffectError
        tmpl, name="Broken", path="/cards/x/broken.card",
        effects=(dataclasses.replace(tmpl.effects[0], body=(
            dataclasses.replace(tmpl.effects[0].body[0], verbs=("bogus",), bind=None),)),))
    cards = _hostile_cards() + ones + [broken]
    logs = []
    errors = []
    for mode in ("interpreted", "compiled"):
        cs = build_cardset(list(cards), mode=mode)
        if mode == "compiled":
            assert type(cs.effects[cs.table.id_of(HOSTILE[3])][0].run).__name__ == "CompiledEffect"
        g = cs.game_class(cs.table, cs.effects, cs.specials, Options(players=2), seed=3)
        for name in HOSTILE:
            g.execute_effects(0, cs.table.id_of(name))
        logs.append((g.events, g.log))
        with pytest.raises(Exception) as e:
            g.execute_effects(0, cs.table.id_of("Broken"))
        errors.append(e.value)
    assert logs[0] == logs[1]
    assert not marker.exists()
    # the same error in both modes; the compiled one names the card file and line
    assert type(errors[0]) is type(errors[1]) and str(errors[0]) == str(errors[1])
    line = broken.effects[0].body[0].span.line
    assert any(f"/cards/x/broken.card:{line}" in n for n in errors[1].__notes__)


# ------------------------------------------------------------------ generated forms
def test_queries_stop_early_and_keep_it_in_a_local_when_they_can():
    # any/none of a query stop at the first match (exists_N, the interpreter's `exists`); a
    # where test that nothing else can read `it` in keeps it in the loop's local, one that
    # calls a function without an inline form (name(it) here) pushes it on env.its as the
    # interpreter does; draws and bounds are computed inline (draw_cards, pick_from(...))
    card = check_text('''card "Probe"
    age 1; color red; icons castle crown hex castle
    dogma castle
    effect:
        if none(all top cards on board where value(it) < 6): draw 2
        if any(all top cards on board where name(it) == "Probe"): score a card from hand
''', "probe.card")[0]
    text, _ = generate([card], "test/probe")
    body = text[text.index("cdef int card_0_effect_0"):]
    assert "if (not exists_0(env)):" in body and "if exists_1(env):" in body
    assert "_wanted = 1\n        _res = draw_cards(env, 2, _wanted)" in body  # (no object list)
    assert ("pick_from(env, query_2(env), 1, 1, None, _executor(env), 'choose', 'card', "
            "'choose card', False, False, None)") in body
    local, pushed = (text[text.index(f"cdef bint exists_{i}"):] for i in (0, 1))
    local = local[:local.index("return False")]
    pushed = pushed[:pushed.index("return False")]
    assert "card_value(_game(env), x)) < 6" in local and "env.its" not in local
    assert "env.its.append(x)" in pushed and "_it(env)" in pushed
    assert "cards_of(env, 'board', _executor(env), 'top')" in local


@needs_cc
def test_an_effect_run_within_itself_keeps_its_own_bindings():
    # compiled effects reuse their Envs: a run nested in a run of the same effect ("execute
    # this") takes another, and each level scores the card it drew itself, as interpreted
    from runtime.games.innovation.cardset import build_cardset
    from runtime.games.innovation.game import Options
    card = check_text('''card "Echo Chamber"
    age 1; color red; icons castle crown hex castle
    dogma castle
    effect:
        draw 1 as drawn
        if count(hand) < 4: execute this
        score drawn
''', "/tmp/cardlang_test/echo_chamber.card")[0]
    ones = [dataclasses.replace(c, path="/tmp/cardlang_test/" + Path(c.path).name)
            for c in game_cards("innovation") if c.attrs.get("age") == 1 and not c.attrs.get("edition")]
    runs = []
    for mode in ("interpreted", "compiled"):
        cs = build_cardset([card] + ones, mode=mode)
        g = cs.game_class(cs.table, cs.effects, cs.specials, Options(players=2), seed=5)
        me, start = cs.table.id_of("Echo Chamber"), len(g.events)  # after the setup's draws
        for _ in range(2):  # and again, with the Envs of the first time
            g.execute_effects(0, me)
        drawn = [e[2] for e in g.events[start:] if e[0] == "draw"]
        scored = [e[2] for e in g.events[start:] if e[0] == "score"]
        runs.append((drawn, scored, g.events))
    assert runs[0][2] == runs[1][2]
    for drawn, scored, _ in runs:
        # each call nests the same number of runs (the scores empty the hand again); the
        # deepest run scores first, so each call's scores are its draws in reverse
        k = len(drawn) // 2
        assert k >= 2 and len(drawn) == 2 * k
        assert scored == drawn[:k][::-1] + drawn[k:][::-1]


def test_what_the_ir_settles_is_settled_by_the_generator():
    # the language's decisions that depend on the IR alone are made by the lowering and
    # written as such: an optional "all" step lists its candidates once (not offered when
    # there are none, then they are the items), an optional choice is its own decision (no
    # yes/no), the query's candidates and bounds go to pick_from; a verb done card by card is
    # a loop over the game's inline form, ordered first by the player when it was not picked
    # one by one (tuck all); common query tests and functions are the game's inline forms (a
    # named icon as its number), zones as arguments are listed inline, and a query with
    # nothing to test returns the zone's cards
    card = check_text('''card "Probe"
    age 1; color red; icons castle crown hex castle
    dogma castle
    effect:
        may tuck all cards from hand as tucked
        may return a card with crown from hand
        score all red cards from hand
        if splay(red) == up or color(tucked) == red: draw 1
        if count(hand) > 2 and pile_icons(crown, red) > 1: draw 2
        transfer a top non-green card other than this from board to my board
''', "probe.card")[0]
    text, _ = generate([card], "test/probe")
    body = text[text.index("cdef int card_0_effect_0"):]
    tuck, ret = body.index("# line 5"), body.index("# line 6")
    assert "_cands = query_0(env)" in body[:ret]
    # a binding no later effect reads is a plain store; a demand's result goes through bind
    assert "_set_var(env, 'tucked', list(_res))" in body and "_bind(" not in body
    assert "if not _cands or not _game(env).choose_yes_no(_executor(env), 'may tuck?'):" in body
    assert ("pick_from(env, _cands, None, None, None, _executor(env), 'all', 'card', "
            "'choose card', True, False, None)") in body
    assert ("pick_from(env, query_1(env), 1, 1, None, _executor(env), 'choose', 'card', "
            "'choose card', True, False, None)") in body
    assert "_res = in_order(_N[" in body[tuck:ret]  # tuck all: ordered
    assert "if _game(env).tuck(_executor(env), _x):" in body[tuck:ret]
    # (score all: nothing reads what was scored, so no list of it is kept)
    assert "in_order" not in body[ret:] and "    _game(env).score_card(_executor(env), _x)\n" in body
    assert "if _game(env).score_card" not in body
    assert "choose_yes_no" not in body[ret:body.index("# line 7")]
    assert "_res = return_items(env, _res)" in body
    assert "_game(env).splay_of(_executor(env), 'red')" in body
    assert "color_of(_game(env), _var(env, 'tucked'))" in body
    assert "len(_as_list(cards_of(env, 'hand', _executor(env), None)))) > 2" in body
    assert "pile_icons(_game(env), 'crown', 'red', _executor(env))" in body
    assert "_res = transfer_items(env, _res, [_activator(env)], 'board')" in body
    assert ".run(env" not in body and "passes(" not in text
    queries = {n: text[text.index(f"cdef list query_{n}"):] for n in range(4)}
    assert "kept" not in queries[0][:queries[0].index("return items")]
    assert f"if not (_game(env).card_has_icon(x, {icon_id('crown')})):" in queries[1]
    assert "if not ((color_of(_game(env), x) == 'red')):" in queries[2]
    assert "if ((color_of(_game(env), x) == 'green')):" in queries[3]
    assert "if (x not in _as_list(_this(env))) == False:" in queries[3]


# ------------------------------------------------------------------ cache
def test_cache_key_follows_the_ir():
    cards = _hostile_cards()[:2]
    n1 = module_name(cards, "a/b")
    assert n1 == module_name(list(cards), "a/b")
    changed = [dataclasses.replace(cards[0], attrs=dict(cards[0].attrs, age=2))] + cards[1:]
    assert source_hash(changed) != source_hash(cards)
    assert module_name(changed, "a/b") != n1
    assert n1.startswith("cl_a_b_")


@needs_cc
def test_build_is_cached_and_concurrent_builds_are_safe(tmp_path):
    env = dict(os.environ, CARDLANG_COMPILED_DIR=str(tmp_path))
    prog = ("import sys; sys.path.insert(0, %r); from tests.test_codegen import _hostile_cards;"
            "from dsl.codegen import build; from dsl.vocab import get;"
            "r = build(_hostile_cards()[:3], 'race/set', get('innovation'));"
            "print('cached' if all(x.cached for x in r) else 'built')") % str(REPO)
    procs = [subprocess.Popen([sys.executable, "-c", prog], env=env, cwd=str(REPO),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(3)]
    results = [p.communicate(timeout=600) for p in procs]
    assert all(p.returncode == 0 for p in procs), results
    outs = sorted(o.strip() for o, _ in results)
    assert outs == ["built", "cached", "cached"]
    sos = sorted(tmp_path.glob("cl_race_set_*.so"))
    assert sos and not list(tmp_path.glob(".build-*"))
    # a second build in this process is a cache hit of the same files
    os.environ["CARDLANG_COMPILED_DIR"] = str(tmp_path)
    try:
        r = build(_hostile_cards()[:3], "race/set", VOCAB)
    finally:
        del os.environ["CARDLANG_COMPILED_DIR"]
    assert all(x.cached for x in r) and sorted(x.path for x in r) == sos


def test_no_c_compiler_falls_back_with_one_warning(tmp_path):
    env = dict(os.environ, CC="/nonexistent/cc", CARDLANG_COMPILED_DIR=str(tmp_path))
    r = subprocess.run([sys.executable, "-m", "runtime.front.cli", "test", "--mode", "compiled",
                        "cards/innovation/base/oars.card", "cards/innovation/base/pottery.card"],
                       env=env, cwd=str(REPO), capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "passed, 0 failed" in r.stdout
    warnings = [l for l in r.stderr.splitlines() if "compiled mode unavailable" in l]
    assert len(warnings) == 1, r.stderr
    assert not list(tmp_path.glob("*.so"))


def test_no_c_compiler_build_cardset_is_interpreted(monkeypatch, capsys):
    import dsl.codegen as cg
    monkeypatch.setenv("CC", "/nonexistent/cc")
    monkeypatch.setattr(cg, "_WARNED", False)
    from dsl import interp
    assert cg.compiled_effects(_hostile_cards()[:1], VOCAB, interp, None) is None
    assert cg.compiled_effects(_hostile_cards()[:1], VOCAB, interp, None) is None
    assert capsys.readouterr().err.count("compiled mode unavailable") == 1


def test_a_demand_result_is_bound_for_the_later_effects():
    card = check_text('''card "Probe"
    age 1; color red; icons castle crown hex castle
    dogma castle
    demand:
        transfer a card with crown from hand to my score as moved
    effect:
        if none(moved): draw 1
''', "probe.card")[0]
    assert card.effects[0].exports == ("moved",)
    text, _ = generate([card], "test/probe")
    demand = text[text.index("cdef int card_0_effect_0"):text.index("cdef int card_0_effect_1")]
    assert "_bind(env, 'moved', list(_res))" in demand  # exported: accumulated by Env.bind
    assert "_set_var(" not in demand


@pytest.mark.parametrize("v", [[], [3, 4], [0], 5, 0, -1, None, "red", ["red"]])
def test_first_of_is_the_first_of_as_list(v):
    # the adapter's colour and the generated value/icon tests read one card without making
    # a one-item list (first_of, and the template's _first): the same answer as as_list(v)[0]
    from dsl.interp import as_list, first_of
    items = as_list(v)
    assert first_of(v) == (items[0] if items else None)
    if have_c_compiler():
        twin = cardset("innovation", mode="compiled").runtime.modules["dsl.interp"]
        assert twin.first_of(v) == first_of(v)


@pytest.mark.parametrize("mode", ["interpreted", "compiled"])
def test_one_players_cards_are_cards_in_of_that_player(mode):
    # compiled queries of "your hand", "your top cards"... call the zones' cards_of with the
    # player (no list of players): the same cards as cards_in of [that player], at every step
    # of a game
    if mode == "compiled" and not have_c_compiler():
        pytest.skip("no C compiler")
    cs = cardset("innovation", mode=mode)
    mods = cs.runtime.modules if cs.runtime is not None else None
    if mods is None:
        from runtime.games.innovation import effects as E, game as G, zones as Z
        from runtime.core.agents import basic as A
        from dsl import interp as IP
    else:
        E, G, Z = (mods[f"runtime.games.innovation.{m}"] for m in ("effects", "game", "zones"))
        A, IP = mods["runtime.core.agents.basic"], mods["dsl.interp"]
    g = G.InnovationGame(cs.table, cs.effects, cs.specials, G.Options(players=3), seed=7,
                         agents=[A.RandomAgent(q) for q in range(3)])
    checked = 0
    for _ in range(60):
        if g.over:
            break
        for p in range(3):
            ctx = E.EffectContext(g, p, p, 0, "effect", {}, False)
            env = IP.Env(ctx)
            env.vars["__revealed__"] = list(g.state.hand[p])
            for zone in ("hand", "score", "board", "achievements", "revealed"):
                for position in ((None, "top", "bottom") if zone == "board" else (None,)):
                    mine = Z.cards_of(env, zone, p, position)
                    assert mine == Z.cards_in(env, zone, [p], position)
                    checked += bool(mine)
        g.step()
    assert checked > 100


def test_a_count_of_a_query_counts_without_a_list():
    # count(QUERY) is the core IR's Count: compiled, a count_N function counts the candidates
    # passing the filters (reading the zone's own list), or takes the zone's length without
    # any; no list of the candidates is made (the interpreter: len(candidates))
    card = check_text('''card "Probe"
    age 1; color red; icons castle crown hex castle
    dogma castle
    effect:
        draw count(all cards in hand where value(it) > 1)
        if count(all cards in score) > 2: draw 1
''', "probe.card")[0]
    text, _ = generate([card], "test/probe")
    body = text[text.index("cdef int card_0_effect_0"):]
    assert "len(_as_list(" not in body and "count_0(env)" in body and "count_1(env)" in body
    counted = text[text.index("cdef Py_ssize_t count_0(Env_t env) except -1:"):]
    counted = counted[:counted.index("return n")]
    assert "cards_seen(env, 'hand', _executor(env), None)" in counted
    assert "n += 1" in counted and "kept" not in counted
    assert "    return len(cards_seen(env, 'score', _executor(env), None))" in text


def test_a_step_lists_only_what_something_reads():
    # "draw and meld" whose result nothing reads melds each card without keeping a list of
    # them; bound ("as drawn"), the melded cards are listed; `draw 1` makes no object list
    card = check_text('''card "Probe"
    age 1; color red; icons castle crown hex castle
    dogma castle
    effect:
        draw and meld 1
        draw and meld 2 as melded
        score melded
''', "probe.card")[0]
    text, _ = generate([card], "test/probe")
    body = text[text.index("# line 5"):]
    first, second = body.split("# line 6")[0], body.split("# line 6")[1].split("# line 7")[0]
    assert "_done" not in first and "[]" not in first
    assert "for _x in _res:\n        _game(env).meld(_executor(env), _x)\n" in first
    assert "_done.append(_x)" in second and "_set_var(env, 'melded', list(_res))" in second


def test_a_counted_ranking_gives_its_keys_to_the_choice():
    # "the two highest": the query returns its candidates with their keys (rank_keyed) and
    # pick_from's choice among the tied reads them (no key evaluated again through the IR)
    card = check_text('''card "Probe"
    age 1; color red; icons castle crown hex castle
    dogma castle
    effect:
        score two highest cards from hand
''', "probe.card")[0]
    text, _ = generate([card], "test/probe")
    body = text[text.index("cdef int card_0_effect_0"):]
    assert "_pick_keyed(env, keyed_0(env), 2, 2, None" in body
    assert ("    return rank_keyed(items, [(card_value(_game(env), x)) for x in items], True)"
            in text)


def test_a_query_nested_in_a_query_gets_a_function_of_its_own():
    # the inner query's function is made while the outer one is: each takes its own name
    card = check_text('''card "Probe"
    age 1; color red; icons castle crown hex castle
    dogma castle
    effect:
        score all cards from hand where any(all cards from score where value(it) == 1)
''', "probe.card")[0]
    text, _ = generate([card], "test/probe")
    defs = [line.split("(")[0].split()[-1] for line in text.splitlines()
            if line.startswith(("cdef list query_", "cdef bint exists_"))]
    numbers = [d.split("_")[1] for d in defs]
    assert len(defs) >= 2 and len(numbers) == len(set(numbers)), defs


def test_a_where_part_without_it_is_computed_once_per_query():
    # dsl/hoist.py: `colors(board)` reads no candidate: one local, computed when the first
    # candidate reaches the condition; `color(it)` stays in the loop; a later part of an
    # `and` is computed in the loop (it may never be computed at all)
    card = check_text('''card "Probe"
    age 1; color red; icons castle crown hex castle
    dogma castle
    effect:
        score all cards from hand where color(it) not in colors(board)
        score all cards from hand where value(it) > 1 and count(my board) > 2
''', "probe.card")[0]
    text, _ = generate([card], "test/probe")
    first = text[text.index("cdef list query_0"):]
    first = first[:first.index("return items")]
    loop = first[first.index("for x in items:"):]
    assert "cdef object _h0 = None" in first and "cdef bint _hd0 = False" in first
    assert loop.count("if not _hd0:") == 1 and "_h0 = " in loop and "_h1" not in first
    assert "_in(" in loop and "_h0, True)" in loop
    second = text[text.index("cdef list query_1"):]
    second = second[:second.index("return items")]
    assert "_hd0" not in second
