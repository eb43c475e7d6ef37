"""Innovation's view (what the front ends show): each event says which card moved from where to
where, another player's hidden cards show only their age, and a finished game's record and
fingerprints have the shape simulations rely on."""
from __future__ import annotations

import pytest

from runtime.core import registry
from runtime.games.innovation.describe import Describer

GAME = registry.get("innovation")
VIEW = GAME.view()


@pytest.fixture(scope="module")
def game():
    return GAME.new_state({"players": 3}, 1, "interpreted", record_events=True).engine


@pytest.mark.parametrize("event,seen_by_p1,line", [
    (("draw", 1, "Agriculture", 2), False, "p2 draws a [1] from the [2] pile into hand"),
    (("draw", 0, "Agriculture", 1), True,
     "p1 draws Agriculture [1 yellow] from the [1] pile into hand"),
    (("meld", 1, "Oars", "hand"), True, "p2 melds Oars [1 red] from hand onto the red pile"),
    (("tuck", 2, "Oars", "score"), True,
     "p3 tucks Oars [1 red] from score pile under the red pile"),
    (("score", 1, "Oars", "hand"), False, "p2 scores a [1] from hand into the score pile"),
    (("score", 1, "Oars", "board"), True,
     "p2 scores Oars [1 red] from board into the score pile"),
    (("return", 2, "Oars", "hand"), False, "p3 returns a [1] from hand to the [1] supply pile"),
    (("transfer", "Oars", "hand", 1, "score", 2), False, "a [1] moves from p2's hand to p3's score pile"),
    (("transfer", "Oars", "hand", 0, "score", 2), True,
     "Oars [1 red] moves from p1's hand to p3's score pile"),
    (("transfer", "Oars", "board", 1, "hand", 2), True,
     "Oars [1 red] moves from p2's board to p3's hand"),
    (("splay", 1, "red", "left"), True, "p2 splays the red pile left"),
    (("remove", "Oars", "hand", 1), False, "a [1] is removed from the game (from p2's hand)"),
    (("special", 1, "Monument"), True, "p2 claims the special achievement Monument"),
])
def test_each_event_says_what_moved_from_where_to_where(game, event, seen_by_p1, line):
    by_name = game.cards.by_name
    e = tuple(by_name.get(x, x) if isinstance(x, str) and i in _card_slots(event) else x
              for i, x in enumerate(event))
    names = ["p1", "p2", "p3"]
    assert Describer(game, None, names, viewer=0).event(e) == line
    everything = Describer(game, None, names).event(e)
    assert ("a [" not in everything) and (seen_by_p1 or everything != line)


def _card_slots(event) -> tuple:
    return {"draw": (2,), "meld": (2,), "tuck": (2,), "score": (2,), "return": (2,),
            "transfer": (1,), "remove": (1,), "special": (2,)}.get(event[0], ())


def test_a_finished_games_record_and_fingerprint():
    from runtime.core.agents import RandomAgent
    state = GAME.new_state({"players": 2}, 4, "interpreted", record_events=True)
    end = state.play_out([RandomAgent(1), RandomAgent(2)])
    rec = VIEW.record(end)
    assert rec["reason"] in VIEW.reasons and rec["winners"]
    assert rec["decisions"] >= rec[VIEW.length] > 0 and rec["turns"] > 1
    known = {c["card"] for c in VIEW.catalogue(end)}
    assert len(known) == 105 and set(rec["cards"]) <= known
    assert all(len(v) == len(VIEW.counters) + 1 for v in rec["cards"].values())
    fp = VIEW.fingerprint(end)
    assert set(fp) == {"cards", "card_set", "engine", "mode"} and fp["mode"] == "interpreted"
    assert VIEW.result(end, ["p1", "p2"]).startswith("Game over: ")
    lines, n = VIEW.story(end, 0, ["p1", "p2"], brief=True)
    assert n == len(end.engine.events) and all(s in ("action", "special") for s, _ in lines)
