# C types for the compiled twin of piles.py.
cimport cython
from dsl.interp cimport Env
from runtime.games.innovation.game cimport InnovationGame
from runtime.games.innovation.cards cimport color_id

@cython.locals(g=InnovationGame)
cpdef list splay_items(Env env, list items, direction)
@cython.locals(g=InnovationGame)
cpdef bint splayable(Env env, color, who=*) except -1
