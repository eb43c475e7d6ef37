# C types for the compiled twin of echoes.py (dsl/codegen/runtime_build.py): Echoes' rules as
# the compiled game calls them (the draw rule, bonus points, achievable ages, the visible
# slots the Echoes specials count), with typed locals. The game argument is the compiled game.
cimport cython
from runtime.games.innovation.state cimport State
from runtime.games.innovation.game cimport InnovationGame, Rules

cdef long ECHO_ICON, BONUS_BASE, BONUS_KEY, SLOT_FIELDS, _HEXES, _ECHOES, _BONUSES, _BEST
cdef tuple VISIBLE_SLOTS

cdef class EchoesRules(Rules):
    cdef public long si
    cpdef long points(self, game, long p, long points) except? -1
    cpdef long achievable(self, game, long p) except? -2
    cpdef long draw(self, game, long p, long value, set_name) except? -2
    @cython.locals(g=InnovationGame)
    cpdef meld_action(self, game, long p, long card)

@cython.locals(st=State, hand=list, set_of=long[::1], c=long)
cpdef long draw_rule(InnovationGame game, long p, long value, set_name, long si) except? -2
cpdef long _pile_key(long at, long what)
@cython.locals(memo=long[::1], i=long, rev=long, p=long, color=long, pile=list, n=Py_ssize_t,
               hexes=long, echoes=long, bonuses=long, best=long, icons=list, x=long,
               under=tuple, j=Py_ssize_t, ic=tuple, m=Py_ssize_t, s=long)
cpdef long pile_memo(InnovationGame game, State st, long at) except? -1
@cython.locals(st=State, i=long)
cpdef long pile_slot_count(InnovationGame game, long p, long color, long icon) except? -1
@cython.locals(pile=list, n=Py_ssize_t, icons=list, k=long, j=Py_ssize_t, under=tuple, ic=tuple,
               s=long)
cpdef long _count_slots(InnovationGame game, State st, long p, long color, long icon) except? -1
@cython.locals(st=State, out=list, color=long)
cpdef list visible_bonuses(InnovationGame game, long p)
@cython.locals(at=long, key=long, rev=long, hit=tuple, icons=list, pile=list, n=Py_ssize_t,
               out=list, under=tuple, j=Py_ssize_t, ic=tuple, s=long)
cpdef tuple pile_bonuses(InnovationGame game, State st, long p, long color)
@cython.locals(st=State, count=long, best=long, at=long, i=long)
cpdef long bonus_points(InnovationGame game, long p) except? -1
@cython.locals(i=long)
cpdef long echo_count(InnovationGame game, State st, long at) except? -1
@cython.locals(st=State, count=long, at=long, i=long)
cpdef long bonus_count(InnovationGame game, long p) except? -1
@cython.locals(st=State, best=long, at=long, i=long)
cpdef long highest_bonus(InnovationGame game, long p) except? -1
@cython.locals(st=State, color=long, pile=list, n=Py_ssize_t, sources=list, icons=list, shown=bint,
               under=tuple, j=Py_ssize_t, ic=tuple, m=Py_ssize_t, s=long, out=list)
cpdef list visible_echoes(InnovationGame game, long p, long card)
cpdef long points_with_bonuses(InnovationGame game, long p, long points) except? -1
@cython.locals(st=State, special=long[::1], age_of=long[::1], ages=long, c=long,
               held=long[12], score=long, bits=long, a=long)
cpdef long achievable_ages(InnovationGame game, long p) except? -1
@cython.locals(st=State, age=long, eligible=list, chosen=list, c=long, top=list)
cpdef promotion(InnovationGame game, long p, long melded)
