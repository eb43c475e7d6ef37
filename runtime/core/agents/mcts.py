"""MctsAgent: information-set Monte Carlo tree search (UCT) over the contract.

It plays fair: at a decision of its own it never searches the state it is asked with. Each
iteration starts from `state.determinize(me, rng)`, a copy in which everything it cannot see
(other players' hidden cards, the order of the decks) is re-dealt at random consistently with
its observation; the true state is read only through `pending()` and `determinize()` (tested
with a state that refuses everything else). The iterations share one tree (single-observer
ISMCTS, Cowling, Powley & Whitehouse 2012): a node's children are answers, keyed by their
options' ids, and a child is chosen by UCB1 over the iterations in which it was legal
(its `avail` count), since a re-deal may change what the other players can do.

One iteration: from the root, answer by UCB1 while every answer of the decision has been
tried, add one untried answer, then play a cheap random play-out: the step under way to its
end and at most `depth` steps more (0 by default; the state's own random agents, through
`play_out`: C in compiled mode), and value where it stops: a finished game by `returns()`, an
unfinished one by the game's `heuristic` for each player, squashed into 0..1 (a logistic of
heuristic / `scale`). Each node adds the value of the player who chose its answer. The answer
played is the root's child of best mean value (`final="visits"`: the most visited), which
with a wide exploration (1.0) beat the most visited by far against the greedy agent (79%
against 54% in 24 games, docs/performance.md).

Answers tried are those of greedy.candidates (each single option, and none when allowed); a
decision of several options or an order is answered at random (in the tree, as one child
"*"). It reads nothing of a game but the contract (pending, apply, is_terminal, returns,
determinize) and the machine's play_out, random_agent and heuristic when a state has them
(without them it plays out to the end through apply). Seeded: the same seed, the same games.
"""
from __future__ import annotations

import math

from ..rng import Rng
from .basic import Agent, RandomAgent
from .greedy import candidates

PLAYOUTS = 100     # iterations per decision (cardlang --bots mcts:N sets it)
DEPTH = 0          # steps of a random play-out after the step under way, before the value
EXPLORE = 1.0      # UCB1's exploration constant (values are in 0..1)
SCALE = 8.0        # the heuristic's unit in the logistic that makes it a value in 0..1
RANDOM_KEY = ("*",)


class Node:
    __slots__ = ("player", "children", "n", "w", "avail")

    def __init__(self, player: int):
        self.player = player   # who chose the answer leading here (whose value it adds)
        self.children: dict = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0


class MctsAgent(Agent):
    """See the module's docstring. `playouts`: iterations per decision; `depth`: steps of each
    random play-out after the step under way ends (0: none, the position is valued when the
    step ends; -1: to the end of the game)."""

    name = "mcts"
    version = 1
    wants_state = True     # in a play-out, asked with the State at its decision

    def __init__(self, seed: int = 0, playouts: int = PLAYOUTS, depth: int = DEPTH,
                 explore: float = EXPLORE, scale: float = SCALE, final: str = "mean"):
        if playouts < 1:
            raise ValueError("an MCTS agent needs at least one play-out per decision")
        self.seed = seed
        self.playouts = playouts
        self.depth = depth
        self.explore = explore
        self.scale = scale
        self.final = final
        self.rng = Rng(seed, stream=0x3C75)
        self.fallback = RandomAgent(seed)
        self.iterations = 0

    # ------------------------------------------------------------------ the decision
    def choose(self, state, d) -> list:
        tries = candidates(d)
        if len(tries) < 2:
            return self.fallback.choose(state, d)
        me = d.player
        root = Node(-1)
        for _ in range(self.playouts):
            self._iterate(root, state.determinize(me, self.rng))
        by_key = {tuple(d.options[i].id for i in pos): pos for pos in tries}
        best, best_v = tries[0], None
        for key, pos in by_key.items():
            child = root.children.get(key)
            if child is None or child.n == 0:
                continue
            # the best mean value (FINAL "mean") or the most visited (FINAL "visits")
            v = (child.w / child.n, child.n) if self.final == "mean" else (child.n, child.w)
            if best_v is None or v > best_v:
                best, best_v = pos, v
        return [d.options[i] for i in best]

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, root: Node, st) -> None:
        self.iterations += 1
        node = root
        path = []
        expanded = False
        while not expanded and not st.is_terminal():
            p = st.pending()
            tries = candidates(p)
            if len(tries) < 2:  # not branched on: a random answer (or the only one)
                answer = [p.options[i] for i in tries[0]] if tries else \
                    self.fallback.choose(st, p)
                child = node.children.get(RANDOM_KEY)
                if child is None:
                    child = node.children[RANDOM_KEY] = Node(p.player)
                child.avail += 1
                st.apply(answer)
                node = child
                path.append(child)
                continue
            keys = [tuple(p.options[i].id for i in pos) for pos in tries]
            children = node.children
            untried = []
            for k in keys:
                c = children.get(k)
                if c is None:
                    untried.append(k)
                else:
                    c.avail += 1
            if untried:
                k = untried[self.rng.below(len(untried))]
                child = children[k] = Node(p.player)
                child.avail = 1
                expanded = True
            else:
                k = self._select(node, keys)
                child = children[k]
            st.apply(list(k))
            node = child
            path.append(child)
        values = self._value(st)
        for n in path:
            n.n += 1
            n.w += values[n.player]

    def _select(self, node: Node, keys: list):
        best, best_u = None, -1.0
        children = node.children
        c = self.explore
        for k in keys:
            ch = children[k]
            u = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
            if u > best_u:
                best, best_u = k, u
        return best

    # ------------------------------------------------------------------ play-out and value
    def _value(self, st) -> tuple:
        seats = len(st.returns())
        if not st.is_terminal():
            play_out = getattr(st, "play_out", None)
            seed = (self.seed * 7919 + self.iterations * 104729) & 0xFFFFFFFF
            if play_out is not None:
                rnd = st.random_agent(seed) if hasattr(st, "random_agent") else RandomAgent(seed)
                st = play_out([rnd] * seats, max_steps=self.depth if self.depth >= 0 else 100000)
            else:  # the contract alone: random answers through apply, to the end
                rnd = RandomAgent(seed)
                while not st.is_terminal():
                    p = st.pending()
                    st.apply(rnd.choose(st, p))
        if st.is_terminal():
            return st.returns()
        heuristic = getattr(st, "heuristic", None)
        if heuristic is None:
            return (1.0 / seats,) * seats
        s = self.scale
        return tuple(1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -heuristic(q) / s))))
                     for q in range(seats))
