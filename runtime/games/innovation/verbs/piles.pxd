# C types for the compiled twin of piles.py.
cimport cython
from dsl.interp cimport Env
from runtime.games.innovation.game cimport InnovationGame

@cython.locals(g=InnovationGame)
cpdef list splay_items(Env env, list items, direction)
