"""The acceleration layer's switch: CARDLANG_ACCEL = on (default) | off | check.

A game's acceleration is what it does only to be fast and that must never change a game:
answers kept instead of recomputed (a card's condition remembered by what it reads, a
query's test remembered by item), checks skipped because nothing they read changed,
and its Cython typing (the `accel/` folder of a game: the .pxd files of its compiled twins).

    on      every fast path taken
    off     no answer kept and no check skipped: each is computed afresh, as the rules say
    check   every kept answer and every skipped check is computed afresh too and compared:
            a difference raises AccelMismatch, naming what lied

"off" is also a property of one card set (a game's build_cardset(..., accel="off")), so
that one process can play the same seeded games with it on and off: a property test requires
identical decision logs. The check mode is read once, when the process starts; the test suite
runs whole games under it in both modes.
"""
from __future__ import annotations

import os

MODES = ("on", "off", "check")


class AccelMismatch(AssertionError):
    """A fast path answered differently from the computation it stands for."""


def mode() -> str:
    m = (os.environ.get("CARDLANG_ACCEL") or "on").strip().lower()
    if m not in MODES:
        raise ValueError(f"CARDLANG_ACCEL must be one of {', '.join(MODES)}, not {m!r}")
    return m


MODE = mode()
ON = MODE != "off"       # fast paths taken
CHECK = MODE == "check"  # and cross-checked
