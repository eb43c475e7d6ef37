"""Innovation: its Game (definition.py, the registry's entry point), vocabulary, rules, cards.

The package is light to import: the registry and the checker load it to find the game and its
words; the rules and the card table are imported on first use of their names below."""
from .definition import GAME, Innovation

_LAZY = {
    "COLORS": "cards", "CardInfo": "cards", "CardTable": "cards", "load_card_table": "cards",
    "Effect": "effects", "EffectContext": "effects", "SpecialAchievement": "effects",
    "PROCEED": "game", "GameResult": "game", "InnovationGame": "game", "Options": "game",
    "achievements_needed": "game",
}


def __getattr__(name: str):
    mod = _LAZY.get(name)
    if mod is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib
    return getattr(importlib.import_module(f"{__name__}.{mod}"), name)


__all__ = ["GAME", "Innovation", *_LAZY]
