"""Typed events. Every state change emits one tuple whose first item is its tag.

Tuples (not objects) keep the hot path cheap and the log JSON-friendly. Shapes:
  ("draw", player, card, age)              ("meld", player, card, from_zone)
  ("tuck", player, card, from_zone)        ("score", player, card, from_zone)
  ("return", player, card, from_zone)      ("transfer", card, from_zone, from_owner, to_zone, to_owner)
  ("exchange", cards_a, zone_a, cards_b, zone_b)
  ("reveal", player, card)                 ("splay", player, color, direction)
  ("look", player, card)  (Echoes: a card only `player` sees; not a state change)
  ("achieve", player, card)                ("special", player, card)
  ("remove", card, from_zone, from_owner)  ("dogma", player, card)
  ("action", player, action)               ("turn", player, turn_number)
  ("game_over", winners, reason)          ("rearrange", player, color, order_bottom_to_top)
  ("share", player, card)                  ("demand", player, card)
  ("dig", player, card, value)  (Artifacts: an Artifact dug onto the player's display)
      (not state changes: `player` is about to execute a shared effect / a demand (or compel)
       of `card` on someone else's dogma; emitted once per effect)
Zones and colors are names (strings); players are seat indexes.
"""
from __future__ import annotations

DRAW = "draw"
MELD = "meld"
TUCK = "tuck"
SCORE = "score"
RETURN = "return"
TRANSFER = "transfer"
EXCHANGE = "exchange"
REVEAL = "reveal"
LOOK = "look"
SPLAY = "splay"
ACHIEVE = "achieve"
SPECIAL = "special"
REMOVE = "remove"
DOGMA = "dogma"
ACTION = "action"
TURN = "turn"
GAME_OVER = "game_over"
REARRANGE = "rearrange"
SHARE = "share"
DEMAND = "demand"

# Events that do not change the game state (for the sharing-bonus "did anything change").
NON_CHANGING = frozenset((REVEAL, LOOK, DOGMA, ACTION, TURN, SHARE, DEMAND))
