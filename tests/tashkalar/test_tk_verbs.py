"""Tash-Kalar's verbs in compiled card code and their `may`: a move or jump whose adverb or
`onto` is absent is compiled (the emitter passes None, what run() reads of an absent
argument), and `may discard ...` of nothing is not asked (the verb's can-act test). The cards'
examples (Possessed Summoner, Winter Whisperer, Reality Patch: "nothing asked") play the
second in both modes."""
from __future__ import annotations

from dsl.codegen import generate
from dsl.load import check_text
from dsl.vocab import get as vocabulary

PROBE = '''card "Probe"
    rank common
    pattern:
        "B c"
    effect:
        move being onto all empty squares on board
        jump being combat
        move being
        may discard flare
'''


def _body() -> str:
    card = check_text(PROBE, "probe.card", game="tashkalar")[0]
    text, _ = generate([card], "test/probe", vocabulary("tashkalar"))
    body = text[text.index("cdef int card_0_effect_0"):]
    return body[:body.index("EFFECTS = (")]


def test_moves_without_an_adverb_or_onto_are_compiled():
    body = _body()
    moves = [line.strip() for line in body.splitlines() if "tk_moves(" in line]
    assert len(moves) == 3   # none of them through VerbCall / run()
    assert moves[0].startswith("_res = tk_moves(env, _res, None, pick_from(")   # no adverb
    assert moves[1] == "_res = tk_moves(env, _res, 'combat', None, True)"      # no onto
    assert moves[2] == "_res = tk_moves(env, _res, None, None, False)"         # neither
    assert body.count("new_verbcall") == 1   # only the discard's (no compiled form)


def test_may_discard_asks_only_with_something_to_discard():
    body = _body()
    assert "if not _any_able(env, 'flare', test_" in body


def test_discardable_reads_what_discard_would_discard():
    from runtime.games.tashkalar import verbs
    from runtime.games.tashkalar.definition import GAME

    g = GAME.engine({"players": 2}, 3, "interpreted")
    env = type("Env", (), {})()
    env.game, env.executor = g, 0
    g.flares[0], g.pending[0], g.legends[0], g.hand[0] = [], [], [], []
    for word in ("flare", "pending", "any-card", "legends", "discarded"):
        assert not verbs.discardable(env, word, None), word
    g.flares[0] = [g.table.ids("flare")[0]]
    assert verbs.discardable(env, "flare", None) and verbs.discardable(env, "any-card", None)
    assert not verbs.discardable(env, "legends", None)
    assert not verbs.discardable(env, "discarded", None)
