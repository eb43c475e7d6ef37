# C types for the compiled twin of cards.py.
cimport cython
from dsl.interp cimport Env
from runtime.games.innovation.game cimport InnovationGame

@cython.locals(g=InnovationGame)
cpdef long pile_of(Env env, long c) except? -1

cpdef bint reveal_card(Env env, c) except -1
cpdef bint execute_card(Env env, c) except -1
cpdef bint achieve_card(Env env, c) except -1
