# C types for the compiled twin of moves.py.
cimport cython
from dsl.interp cimport Env, Place
from runtime.games.innovation.game cimport InnovationGame
from runtime.games.innovation.effects cimport EffectContext

@cython.locals(g=InnovationGame, ctx=EffectContext, dv=dict, tally=dict)
cpdef list return_items(Env env, list items)
@cython.locals(g=InnovationGame)
cpdef list transfer_items(Env env, list items, list players, str zone)
@cython.locals(g=InnovationGame)
cpdef list exchange_items(Env env, list items, other, Place za, Place zb)
