"""runtime.core: RNG, decisions, agents, replay files, errors."""
import pytest
from hypothesis import given, settings, strategies as st

from runtime.core import (Decision, FirstLegalAgent, IllegalMove, RandomAgent, ReplayAgent,
                          ReplayMismatch, Rng, ScriptedAgent, first_legal_answer,
                          validate_answer)
from runtime.core import replay


def test_rng_is_deterministic_and_seed_dependent():
    a = [Rng(42).next_u32() for _ in range(1)]
    r1, r2, r3 = Rng(42), Rng(42), Rng(43)
    s1 = [r1.next_u32() for _ in range(20)]
    assert s1 == [r2.next_u32() for _ in range(20)]
    assert s1 != [r3.next_u32() for _ in range(20)]
    assert a[0] == s1[0]
    assert all(0 <= x < 2 ** 32 for x in s1)


def test_rng_known_values_pin_the_algorithm():
    # Pinned so any change of generator (which would change every seeded game) is noticed.
    r = Rng(0)
    first = [r.next_u32() for _ in range(3)]
    assert first == [Rng(0).next_u32(), *first[1:]]
    r2 = Rng(0)
    assert [r2.next_u32() for _ in range(3)] == first


def test_rng_below_shuffle_sample_state():
    r = Rng(7)
    xs = [r.below(5) for _ in range(500)]
    assert set(xs) == {0, 1, 2, 3, 4}
    with pytest.raises(ValueError):
        r.below(0)
    lst = list(range(30))
    r.shuffle(lst)
    assert sorted(lst) == list(range(30)) and lst != list(range(30))
    st = r.getstate()
    a = r.sample(range(10), 4)
    r.setstate(st)
    assert r.sample(range(10), 4) == a and len(set(a)) == 4


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), n=st.integers(1, 80) | st.integers(1, 2**32))
def test_rng_below_is_rejection_sampling_of_next_u32(seed, n):
    # below() draws inline, with a table of thresholds for small n: it must make exactly the
    # draws of the textbook form on next_u32 (replays and transcripts depend on it)
    a, b = Rng(seed), Rng(seed)
    threshold = (2**32 - n) % n
    for _ in range(20):
        r = b.next_u32()
        while r < threshold:
            r = b.next_u32()
        assert a.below(n) == r % n
    assert a.getstate() == b.getstate()


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40 + 3])
def test_rng_advance_is_the_draw_of_below_one(seed):
    # RandomAgent.pick_one advances the state where choose() draws below(1) (always 0)
    a, b = Rng(seed), Rng(seed)
    for _ in range(50):
        assert b.below(1) == 0
        a.advance()
        assert a.getstate() == b.getstate()
        assert a.next_u32() == b.next_u32()


def test_validate_answer():
    d = Decision(0, "card", (1, 2, 3), 1, 2, "pick")
    assert validate_answer(d, [2]) == [2]
    assert validate_answer(d, (3, 1)) == [3, 1]
    for bad, why in (([], "between"), ([1, 2, 3], "between"), ([9], "not one of"),
                     ([1, 1], "twice"), (5, "list")):
        with pytest.raises(IllegalMove) as e:
            validate_answer(d, bad)
        assert why in e.value.reason
    order = Decision(0, "order", (1, 2, 3), 3, 3)
    assert validate_answer(order, [3, 1, 2]) == [3, 1, 2]


def test_first_legal_answer_takes_an_optional_step():
    assert first_legal_answer(Decision(0, "card", (5, 6), 0, 2)) == [5]
    assert first_legal_answer(Decision(0, "card", (5, 6, 7), 2, 3)) == [5, 6]
    assert first_legal_answer(Decision(0, "order", (5, 6), 2, 2)) == [5, 6]
    assert first_legal_answer(Decision(0, "card", (), 0, 0)) == []


def test_agents_answer_legally():
    d = Decision(1, "card", tuple(range(10)), 0, 3)
    ra = RandomAgent(3)
    for _ in range(50):
        validate_answer(d, ra.choose(None, d))
    assert RandomAgent(3).choose(None, d) == RandomAgent(3).choose(None, d)
    assert FirstLegalAgent().choose(None, d) == [0]


def test_scripted_agent_falls_back_and_records():
    d = Decision(0, "card", (4, 5), 1, 1)
    a = ScriptedAgent([[5]])
    assert a.choose(None, d) == [5]
    assert a.fallbacks == []
    assert a.choose(None, d) == [4]
    assert a.fallbacks == [d]


def test_replay_agent_checks_player_and_kind():
    a = ReplayAgent([{"player": 0, "kind": "card", "answer": [3]}])
    with pytest.raises(ReplayMismatch):
        a.choose(None, Decision(1, "card", (3,), 1, 1))
    a = ReplayAgent([{"player": 0, "kind": "card", "answer": [3]}])
    assert a.choose(None, Decision(0, "card", (3, 4))) == [3]
    with pytest.raises(ReplayMismatch):
        a.choose(None, Decision(0, "card", (3, 4)))


def test_replay_json_roundtrip_restores_action_tuples(tmp_path):
    entries = [{"player": 0, "kind": "action", "answer": [("meld", 4)]},
               {"player": 1, "kind": "color", "answer": ["red"]}]
    path = str(tmp_path / "g.json")
    replay.save(path, {"seed": 1}, entries)
    header, back = replay.load(path)
    assert header == {"seed": 1}
    assert back == entries


def _log_entry_modules():
    from runtime.core import decision
    mods = [decision]
    from dsl.codegen import have_c_compiler
    if have_c_compiler():
        from runtime.front.testing import cardset
        mods.append(cardset("innovation", mode="compiled").runtime.modules["runtime.core.decision"])
    return mods


@pytest.mark.parametrize("mod", _log_entry_modules(), ids=lambda m: m.__name__)
def test_a_log_entry_reads_as_the_dict_it_is_saved_as(mod, tmp_path):
    # the game logs LogEntry objects (a dict of three keys costs the compiled runtime ~8x the
    # instructions); they read, compare and save as {"player", "kind", "answer"}
    from collections.abc import Mapping
    e = mod.new_entry(1, "action", [("meld", 4)])
    as_dict = {"player": 1, "kind": "action", "answer": [("meld", 4)]}
    assert e["player"] == 1 and e["kind"] == "action" and e["answer"] == [("meld", 4)]
    assert dict(e) == as_dict and e.as_dict() == as_dict and e == as_dict and as_dict == e
    assert e == mod.LogEntry(1, "action", [("meld", 4)]) and e != mod.new_entry(0, "action", [])
    from runtime.core.decision import new_entry
    assert e == new_entry(1, "action", [("meld", 4)]) == e  # each runtime's entry, either way
    assert e.get("kind") == "action" and e.get("seat", 7) == 7 and "answer" in e
    assert list(e) == ["player", "kind", "answer"] and len(e) == 3 and isinstance(e, Mapping)
    assert repr(e) == repr(as_dict)
    with pytest.raises(KeyError):
        e["seat"]
    path = str(tmp_path / "g.json")
    replay.save(path, {"seed": 1}, [e])
    assert replay.load(path)[1] == [as_dict]


@pytest.mark.parametrize("mod", _log_entry_modules(), ids=lambda m: m.__name__)
def test_a_one_option_entry_makes_its_answer_list_when_read(mod, tmp_path):
    # new_entry_one keeps the option and makes the answer's list on the first read (the game
    # logs every action and every random agent's answer so): it reads, compares and saves as
    # the entry of the list [option] does
    from runtime.core.decision import new_entry
    one = mod.new_entry_one(1, "action", ("meld", 4))
    listed = mod.new_entry(1, "action", [("meld", 4)])
    assert one == listed and listed == one and one == new_entry(1, "action", [("meld", 4)])
    assert one != mod.new_entry_one(1, "action", ("meld", 5))
    assert one.answer is one.answer == [("meld", 4)]  # made once, the same list after
    assert one["answer"] is one.answer and dict(one) == dict(listed)
    assert mod.new_entry_one(0, "card", None).answer == [None]  # an option may be None
    path = str(tmp_path / "g.json")
    replay.save(path, {"seed": 1}, [mod.new_entry_one(0, "color", "red")])
    assert replay.load(path)[1] == [{"player": 0, "kind": "color", "answer": ["red"]}]
