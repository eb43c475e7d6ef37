"""Innovation as the front ends show it: `Innovation.view()` (runtime/core/contract.py).

The front ends (runtime/front) know no game: they ask this object, with a contract State, for
every text, drawing and statistic that depends on the game. Texts are plain (no markup);
drawings are Rich renderables whose text is never parsed as markup.

    story(state, start, names, viewer, brief)   the events since `start` as lines (style, text)
    board(state, names, viewer)                  the position, for a viewer (hidden cards hidden)
    board_first(state, pending)                  whether a person sees the board before deciding
    context(state, names)                        the card whose effect asks the pending decision
    option_detail(state, option)                 a line under an option (card text, icons)
    card(state, name)                            a card's text by name (None: no such card)
    title, result, where                         headings: the game, its end, where a log stops
    record, catalogue, counters, played, lift_group, length, reasons
                                                 simulations: one game's record, the cards
    fingerprint(state)                           engine version, card-set hashes, mode
"""
from __future__ import annotations

from .describe import Describer, card_text  # noqa: F401  (game.option_text reads Describer)
from . import records


class InnovationView:
    counters = records.COUNTERS   # a record's per-card counts, in order
    played = "melded"             # the count whose seats a record lists (card lift)
    lift_group = "age"            # card lift is compared within this catalogue column
    length = "actions"            # the record field that measures a game's length
    reasons = ("achievements", "high draw", "dogma")   # how a game ends (GameResult.reason)

    # ---------------------------------------------------------------- telling the game
    def story(self, state, start: int, names: list, viewer=None, brief: bool = False):
        """(lines, end): the events from position `start` on, as (style, text) lines, and
        the position to start from next time. Styles: "turn", "action" (a turn's action or
        a dogma), "effect" (what a dogma did, indented), "special". `brief`: one line per
        action (and special achievements), for games without a person."""
        eng = state.engine
        evs = eng.events
        d = Describer(eng, None, names, viewer)
        inside, turn = False, 0
        for e in reversed(evs[:start]):
            if e[0] == "dogma":
                inside = True
            if e[0] in ("action", "turn", "dogma", "game_over"):
                break
        for e in reversed(evs[:start]):
            if e[0] == "turn":
                turn = e[2] + 1
                break
        lines = []
        for e in evs[start:]:
            tag = e[0]
            if tag in ("action", "turn", "game_over"):
                inside = False
            if tag == "turn":
                turn = e[2] + 1
            if brief:
                if tag == "action":
                    lines.append(("action", f"turn {turn}: " + d.action_event(e)))
                elif tag == "special":
                    lines.append(("special", "  " + d.event(e)))
                continue
            text = d.event(e) if tag != "game_over" else None  # (the end: result())
            if text is None:
                continue
            style = "turn" if tag == "turn" else "effect" if inside else \
                "special" if tag == "special" else "action"
            lines.append((style, ("  " if inside else "") + text))
            if tag == "dogma":
                inside = True
        return lines, len(evs)

    def board(self, state, names: list, viewer=None) -> list:
        from .board import board
        eng = state.engine
        return board(eng, Describer(eng, None, names, viewer))

    def board_first(self, state, pending) -> bool:
        """A turn's action: the moment to look at the whole board."""
        return pending is not None and pending.kind == "action"

    def context(self, state, names: list):
        """'Agriculture (p1's dogma): <its text>' when the pending decision is asked by a
        card's effect, else None."""
        p = state.pending()
        if p is None or p.kind == "action":
            return None
        eng = state.engine
        card = owner = None
        for e in reversed(eng.events):
            if e[0] in ("share", "demand") and card is None:
                card = e[2]
            elif e[0] == "dogma":
                owner, card = e[1], (e[2] if card is None else card)
                break
            elif e[0] in ("action", "turn"):
                break
        if card is None:
            return None
        d = Describer(eng, None, names)
        return f"{eng.cards.name[card]} ({d.who(owner)}'s dogma): {d.text(card)}"

    def option_detail(self, state, option) -> str:
        p = state.pending()
        return Describer(state.engine).option_detail(p.kind, option.value) if p else ""

    def card(self, state, name: str):
        eng = state.engine
        key = name.strip().casefold()
        for c, n in enumerate(eng.cards.name):
            if n.casefold() == key:
                return Describer(eng).card_long(c)
        return None

    def title(self, state) -> str:
        o = state.engine.options
        return f"Innovation, {o.players} players" + \
            (" in teams (p1+p3, p2+p4)" if o.teams else "")

    def result(self, state, names: list):
        """'Game over: p1 wins by achievements.' once the game is over, else None."""
        r = state.engine.result() if state.is_terminal() else None
        return None if r is None else Describer(state.engine, None, names).result_line(
            r.winners, r.reason)

    def where(self, state, names: list) -> str:
        """Where an unfinished game stands: 'turn 12, p2 (random) to play'."""
        eng = state.engine
        return f"turn {eng.state.turn + 1}, {Describer(eng, None, names).who(eng.state.current)} to play"

    # ---------------------------------------------------------------- simulations
    def record(self, state) -> dict:
        """One game's record (records.game_record); the state must record its events."""
        return records.game_record(state.engine)

    def catalogue(self, state) -> list:
        return records.catalogue(state.engine)

    def fingerprint(self, state) -> dict:
        """What a save or a simulation must match to be continued: `cards` (the card names
        in id order: saves name cards by id), `card_set` (the card files' text), `engine`
        (the rules' sources) and `mode`."""
        eng = state.engine
        return {"cards": records.names_hash(eng), "card_set": records.card_set_hash(
                    eng.options.edition), "engine": records.engine_version(),
                "mode": records.mode(eng)}


VIEW = InnovationView()
