"""Innovation's verbs, one module per family, each verb declared once with dsl.vocab.verb:
its signature, what it does, its English and its compiled form (docs/authoring.md).

    draw.py    draw
    cards.py   the verbs done card by card: meld, tuck, score, reveal, keep, remove, junk,
               achieve, execute
    moves.py   return, transfer, exchange, place-on-top
    piles.py   splay, unsplay, rearrange
    ends.py    claim, win, lose
    available.py  Echoes: make-available, look-at, and the functions deck_bottom, deck_top,
               deck_count, bonus_copies, shared_icons

The vocabulary (../vocabulary.py) adds these modules; rules the verbs call live in ../game.py.
Seeds: shared/seeds/000_0facc20b6f4138b7.txt "基本关键词" (keywords) and "说明和其他关键词".
"""
