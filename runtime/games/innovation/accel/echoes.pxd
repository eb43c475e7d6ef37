# C types for the compiled twin of echoes.py (dsl/codegen/runtime_build.py): Echoes' rules as
# the compiled game calls them (the draw rule, bonus points, achievable ages, the visible
# slots the Echoes specials count), with typed locals. The game argument is the compiled game.
cimport cython
from runtime.games.innovation.state cimport State
from runtime.games.innovation.game cimport InnovationGame

cdef long ECHO_ICON, BONUS_BASE, BONUS_KEY, POINTS_KEY
cdef tuple VISIBLE_SLOTS

@cython.locals(st=State, hand=list, si=long, set_of=long[::1], c=long)
cpdef draw_rule(InnovationGame game, verb, tuple args, proceed)
cpdef long _pile_key(long at, long what)
@cython.locals(st=State, at=long, key=long, rev=long, k=long, hit=tuple)
cpdef long pile_slot_count(InnovationGame game, long p, long color, long icon) except? -1
@cython.locals(pile=list, n=Py_ssize_t, icons=list, k=long, j=Py_ssize_t, under=tuple, ic=tuple,
               s=long)
cpdef long _count_slots(InnovationGame game, State st, long p, long color, long icon) except? -1
@cython.locals(st=State, out=list, color=long)
cpdef list visible_bonuses(InnovationGame game, long p)
@cython.locals(at=long, key=long, rev=long, hit=tuple, icons=list, pile=list, n=Py_ssize_t,
               out=list, under=tuple, j=Py_ssize_t, ic=tuple, s=long)
cpdef tuple pile_bonuses(InnovationGame game, State st, long p, long color)
@cython.locals(st=State, key=long, rev=long, hit=tuple, b=list, points=long)
cpdef long bonus_points(InnovationGame game, long p) except? -1
cpdef long points_with_bonuses(InnovationGame game, long p, long points) except? -1
@cython.locals(st=State, top=long, special=long[::1], age_of=long[::1], ages=long, c=long,
               held=list, score=long, bits=long, a=long)
cpdef long achievable_ages(InnovationGame game, long p) except? -1
