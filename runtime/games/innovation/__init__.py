"""Innovation (base game rules; hooks for the expansions)."""
from .cards import COLORS, CardInfo, CardTable, load_card_table
from .effects import Effect, EffectContext, SpecialAchievement
from .game import PROCEED, GameResult, InnovationGame, Options, achievements_needed

__all__ = ["COLORS", "CardInfo", "CardTable", "load_card_table", "Effect", "EffectContext",
           "SpecialAchievement", "PROCEED", "GameResult", "InnovationGame", "Options",
           "achievements_needed"]
