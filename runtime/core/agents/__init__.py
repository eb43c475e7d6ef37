"""Agents: they answer decisions, written against the contract (runtime/core/contract.py).

    basic.py   Agent, RandomAgent, FirstLegalAgent, ScriptedAgent, ReplayAgent (the compiled
               runtime builds this module too: its RandomAgent is asked through C)
    greedy.py  GreedyAgent: one step of lookahead on clones, the game's heuristic
    mcts.py    MctsAgent: UCT search over determinizations of its own observation
"""
from .basic import Agent, FirstLegalAgent, RandomAgent, ReplayAgent, ScriptedAgent, ask

__all__ = ["Agent", "FirstLegalAgent", "RandomAgent", "ReplayAgent", "ScriptedAgent", "ask"]
