# C types for the compiled twin of draw.py.
cimport cython
from dsl.interp cimport Env
from runtime.games.innovation.game cimport InnovationGame

@cython.locals(g=InnovationGame)
cpdef list draw_cards(Env env, value, long n)
