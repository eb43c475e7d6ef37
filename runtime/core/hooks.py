"""Triggered effects: card effects attached to a game's trigger points.

A game's vocabulary declares which effect kinds take a trigger (`karma when meld a card:`,
`karma would draw a card instead:` ...: dsl/vocab.py EffectKindSpec.triggers); a trigger point
is one of the game's verbs. When a player is about to do (`would`) or has done (`when`) that
verb to a subject (the card about to be melded...), every active triggered effect whose
pattern the subject matches runs, with `it` naming the subject: `would ... instead` replaces
the verb, `would ... first` runs before it, `when` after it.

What makes a triggered effect active (Figures' karma: its card is a top card of its owner's
board) is the game's; so are the rules that Figures states for karma and that other games
may state otherwise (`Rules`): whether a triggered effect may trigger another while it runs
(000/002 "因果": they do not chain), and that the player chooses one when several trigger at
once (002: "玩家選擇其中一個執行，其餘忽略").

This module knows no game: a game builds `Triggered` rows from its card set and calls `fire`
from its verbs (through its own hook mechanism, which costs nothing while no card with a
triggered effect is in play).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional


@dataclass(frozen=True)
class Triggered:
    """One triggered effect of one card. `point`: the verb that triggers it; `mode`: when /
    would; `would_mode`: instead / first; `matches(game, owner, subject)`: whether the
    subject passes the pattern ("a card with crown", "this card"); `run(ctx)`: its body, the
    subject in the context."""
    card: int
    kind: str
    point: str
    mode: str
    would_mode: Optional[str]
    matches: Callable
    run: Callable
    text: str = ""


@dataclass(frozen=True)
class Rules:
    """A game's rules for triggered effects. `active(game, player, point)`: the triggered
    effects that may fire for that player's verb (of the cards they have in play);
    `context(game, owner, card, kind, subject)`: the effect context a body runs in;
    `chain`: whether one may fire while another runs; `choose(game, player, rows)`: which
    one of several fires (the others are ignored)."""
    active: Callable
    context: Callable
    chain: bool = False
    choose: Optional[Callable] = None


class Busy:
    """Whether a triggered effect is running in a game (kept in its hooks, copied with it)."""
    __slots__ = ("depth",)

    def __init__(self):
        self.depth = 0


def fire(game, rules: Rules, busy: Busy, point: str, mode: str, player: int, subject) -> bool:
    """Fire the triggered effects of `player` at `point` (mode "would" before the verb, "when"
    after it). Returns whether the verb is replaced (a `would ... instead` fired)."""
    if busy.depth and not rules.chain:
        return False
    rows = [t for t in rules.active(game, player, point)
            if t.mode == mode and t.matches(game, player, subject)]
    if not rows:
        return False
    if len(rows) > 1 and rules.choose is not None:
        rows = [rules.choose(game, player, rows)]
    replaced = False
    busy.depth += 1
    try:
        for t in rows:
            ctx = rules.context(game, player, t.card, t.kind, subject)
            t.run(ctx)
            if t.would_mode == "instead":
                replaced = True
    finally:
        busy.depth -= 1
    return replaced
