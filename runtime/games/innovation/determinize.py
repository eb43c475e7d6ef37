"""How Innovation re-deals what a player cannot see (contract.State.determinize).

What a player sees is observe.py (000 "开始游戏" and "计分"): every board face up, his own
hand, score pile and forecast; of everyone else's hand, score pile and forecast, and of the
achievements (but the named special ones) and the supply piles, only the backs of the cards,
which show their set and age (a supply pile shows only its size). So two cards of the same set
and age that both lie face down to him can be swapped without his seeing any difference: the
re-deal is a renaming of cards, a permutation `sigma` within each class of such cards
(`hidden_classes`), applied where they lie (`relabeled`): card c becomes sigma[c] in c's
place, in its pile at c's position. Counts, ages, boards and icons are unchanged. The copy
has no history (an empty decision log: the log holds the others' hidden choices); the answers
of the step under way are renamed (`relabel_answer`) and run again by the machine.

The core's machine (runtime/core/machine.py, EngineState.determinize) draws sigma, renames
the checkpoint of the current step and the step's answers, runs the step again and checks that
the player still sees what he saw.
"""
from __future__ import annotations

from .state import BOARD

# the decision kinds whose option values are cards (as InnovationGame.option_name reads them)
CARD_KINDS = ("card", "order", "achievement")
CARD_ACTIONS = ("meld", "dogma")


def hidden_classes(g, player: int) -> list:
    """Lists of cards that `player` cannot tell apart: the face-down cards he does not own (his
    own are face up to him), grouped by set and age, each list sorted, only lists of two or
    more. A set-up not run yet hides nothing (every card is out of the game)."""
    st = g.state
    t = g.cards
    special = t.is_special
    set_of, age_of = t.set_index, t.age
    groups: dict = {}

    def add(cards) -> None:
        for c in cards:
            if not special[c]:
                groups.setdefault((set_of[c], age_of[c]), []).append(c)

    for per_set in st.supply:
        for pile in per_set:
            add(pile)
    add(st.available)
    for q in range(g.n_players):
        add(st.achievements[q])
        if q != player:
            add(st.hand[q])
            add(st.score[q])
            add(st.forecast[q])
    return [sorted(cs) for _, cs in sorted(groups.items()) if len(cs) > 1]


def _rename(lst: list, sigma: dict) -> None:
    for i in range(len(lst)):
        d = sigma.get(lst[i])
        if d is not None:
            lst[i] = d


def relabel_state(st, sigma: dict) -> None:
    """Rename the cards of a rules State in place (see the module's docstring). A renamed card
    on a board is refused: boards are face up, and their icon counts would change."""
    zone_of, owner_of = st.zone_of, st.owner_of
    for c in sigma:
        if zone_of[c] == BOARD:
            raise ValueError(f"card {c} is on a board: it cannot be renamed")
    for per_player in (st.hand, st.score, st.achievements, st.display, st.forecast):
        for lst in per_player:
            _rename(lst, sigma)
    for per_set in st.supply:
        for pile in per_set:
            _rename(pile, sigma)
    _rename(st.available, sigma)
    _rename(st.removed, sigma)
    _rename(st.limbo, sigma)
    places = [(c, zone_of[c], owner_of[c]) for c in sigma]
    for c, z, o in places:
        d = sigma[c]
        zone_of[d] = z
        owner_of[d] = o


def relabel_answer(kind: str, values, sigma: dict) -> list:
    """The answer `values` of a `kind` decision with its cards renamed."""
    if kind in CARD_KINDS:
        return [sigma.get(v, v) if type(v) is int else v for v in values]
    if kind == "action":
        out = []
        for a in values:
            if type(a) is tuple and len(a) == 2 and a[0] in CARD_ACTIONS and type(a[1]) is int:
                a = (a[0], sigma.get(a[1], a[1]))
            out.append(a)
        return out
    return list(values)


def relabeled(g, sigma: dict):
    """A copy of the game `g` with its cards renamed by `sigma` (a permutation within
    hidden_classes), for search: no history (an empty decision log, which would hold the true
    cards of the others' hidden choices, and no events). Before the set-up (every card out of
    the game) the renaming applies to the deal: right after the supply piles are shuffled."""
    c = g.clone()
    c.events = []
    c.log = []
    if sigma:
        if len(c.state.limbo) == c.cards.n:  # the set-up has not run: rename the deal
            c._hooks["dealt"] = [lambda game: relabel_state(game.state, sigma)]
        else:
            relabel_state(c.state, sigma)
    return c
