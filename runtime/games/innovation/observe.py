"""What one player of an Innovation game may see (contract.State.observation).

000 "开始游戏" and "计分": hands and score piles are held face down, and the back of a card
shows its age (and set); every board is face up; achievements are face down (their ages show)
except the named special achievements; the supply piles show only their size. A player sees
his own hand and score pile (and forecast) in full; everyone's else only as backs. Artifacts:
every display is face up (000 "展示的牌"), and so are the relics in the available relics area
and in achievements (000 "遗物卡（可选）": seized by name from either).
"""
from __future__ import annotations

from .cards import COLORS
from .state import SPLAY_NAMES


def observation(game, viewer: int) -> dict:
    st = game.state
    t = game.cards

    def back(c: int) -> dict:
        return {"set": t.set[c], "age": t.age[c]}

    def shown(c: int) -> str:
        return t.name[c]

    def achievement(c: int):
        # a special achievement, or a relic (Artifacts: known by its age, seized by name)
        return shown(c) if t.is_special[c] or t.kind[c] == "relic" else back(c)

    players = []
    for p in range(game.n_players):
        own = p == viewer
        players.append({
            "board": {COLORS[ci]: {"cards": [shown(c) for c in reversed(pile)],
                                   "splay": SPLAY_NAMES[st.splay[p][ci]]}
                      for ci, pile in enumerate(st.board[p]) if pile},
            "hand": [shown(c) if own else back(c) for c in sorted(st.hand[p])],
            "score": [shown(c) if own else back(c) for c in sorted(st.score[p])],
            "achievements": [achievement(c) for c in st.achievements[p]],
            "forecast": [shown(c) if own else back(c) for c in sorted(st.forecast[p])],
            "display": [shown(c) for c in st.display[p]],
        })
    supply = {t.set_names[si]: {str(a): len(pile) for a, pile in enumerate(ages) if pile}
              for si, ages in enumerate(st.supply)}
    out = {"viewer": viewer, "current_player": st.current, "actions_left": st.actions_left,
           "turn": st.turn, "players": players, "supply": supply,
           "available": [achievement(c) for c in sorted(st.available)],
           "removed": [shown(c) for c in st.removed],
           "over": game.over,
           "result": None if game._result is None else game._result.to_dict()}
    if game.options.relics:  # Artifacts: the available relics area, face up (000 "遗物卡（可选）")
        out["relics"] = [shown(c) for c in sorted(st.limbo) if t.kind[c] == "relic"]
    return out
