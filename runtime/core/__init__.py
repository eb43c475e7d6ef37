"""Game-agnostic runtime core: RNG, decisions, agents, events, replay, errors."""
from .agents import Agent, FirstLegalAgent, RandomAgent, ReplayAgent, ScriptedAgent
from .decision import Decision, first_legal_answer, validate_answer
from .errors import GameOver, IllegalMove, ReplayMismatch
from .rng import Rng

__all__ = [
    "Agent", "FirstLegalAgent", "RandomAgent", "ReplayAgent", "ScriptedAgent",
    "Decision", "first_legal_answer", "validate_answer",
    "GameOver", "IllegalMove", "ReplayMismatch", "Rng",
]
