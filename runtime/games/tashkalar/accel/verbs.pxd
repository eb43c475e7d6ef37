# C types for the compiled twin of verbs.py (dsl/codegen/runtime_build.py): the tests and the
# lister that compiled card modules call through C (inline.py), reading the typed game.
cimport cython
from dsl.interp cimport Env
from runtime.games.tashkalar.game cimport TashKalarGame

cdef long RANK_T, UPGRADED_T, ENEMY_T, OWN_T, EMPTY_T, BEING_T, COLOR_T, UPGRADABLE_T
cdef long DOWNGRADABLE_T
cdef dict AROUND, RANK_WORDS
cdef long _W, _N
cdef dict _NEXT
cdef tuple _HEADINGS

cpdef square_of(Env env, x)
cdef long _step(long s, str d) except? -2
cpdef list squares(Env env, items)
@cython.locals(g=TashKalarGame, s=long, o=long)
cpdef bint piece_test(Env env, x, long which, arg) except -1
@cython.locals(g=TashKalarGame, owner=list, out=list, t=long, s=long)
cpdef list lister(Env env, str noun, str zone, players, position)
@cython.locals(g=TashKalarGame, combat=bint, allowed=list, done=list, dests=list, a=long)
cpdef list moves(Env env, items, style, onto, bint jump)
@cython.locals(g=TashKalarGame)
cpdef list place_on(Env env, rank, where)
cdef long _sign(long n)
@cython.locals(dx=long, dy=long)
cdef object _direction_of(long s, long t)
@cython.locals(t=long, tx=long, ty=long, d=long, u=long, out=list)
cdef list _toward_gateway(TashKalarGame g, long s, bint but_gateway)
@cython.locals(mine=long, q=long)
cdef bint _outnumbered(TashKalarGame g, long p) except -1
