"""Tash-Kalar's English idioms for the renderer: pieces are "on" squares, the zones are the
board's (nobody's), `being` is "the being"."""
from __future__ import annotations

from dsl import ir as I
from dsl.render import Renderer


class TashKalarRenderer(Renderer):
    def zone(self, ref) -> str:
        return f"the {self.zone_words(ref.zone)}"

    def query(self, q, singular: bool = False, bare: bool = False) -> str:
        return super().query(q, singular, bare).replace(" from the ", " on the ")

    def article(self, word: str) -> str:
        return "an" if word.startswith("upgraded") else super().article(word)

    def expr(self, e, it_word: str = "it", plural: bool = False) -> str:
        if isinstance(e, I.Const) and e.value == "being":
            return "the being"
        return super().expr(e, it_word, plural)

    def item_phrase(self, e) -> str:
        # `for each q in opponents`: "for each opponent" (the core says "all opponents")
        if getattr(e, "value", None) == "opponents" or getattr(e, "role", None) == "opponents":
            return "opponent"
        return super().item_phrase(e)
