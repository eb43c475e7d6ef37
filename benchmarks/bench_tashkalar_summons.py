"""Tash-Kalar: the legal-summon search (patterns.matches over every card a player could
summon, each pattern's orientations on bitboards) on a full random board, timed.
Run: .venv/bin/python benchmarks/bench_tashkalar_summons.py"""
import time, random
from runtime.games.tashkalar.definition import GAME
from runtime.games.tashkalar import board as B
e = GAME.engine({}, 1)
e.setup()
rnd = random.Random(5)
for s in B.SQUARES:
    e.owner[s] = rnd.randrange(2); e.rank[s] = rnd.choice([0,0,0,1,1,2])
e.hand[0] = e.table.ids("being", "imperial")  # all 18 beings in hand
e.legends[0] = e.table.ids("legend")
e.legend_supply[0] = 1
n = 2000
t = time.perf_counter()
for _ in range(n):
    r = e.legal_summons(0)
dt = (time.perf_counter() - t) / n
print(f"{len(e.hand[0]) + len(e.legends[0])} cards, full board: {len(r)} legal summons, {dt*1e6:.0f} us per search")
