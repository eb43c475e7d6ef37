# C types for the compiled twin of accel/conditions.py (dsl/codegen/runtime_build.py).
cimport cython
from runtime.games.innovation.state cimport State
from runtime.games.innovation.effects cimport Predicate

cdef long _N_ICON_SLOTS, _N_COLORS
cdef tuple _COLOR_NAMES
cdef bint _CHECK

cdef class Part:
    cdef public object holds
    cpdef bint ask(self, game, State st, long player) except -1
    cpdef bint truth(self, game, long player) except -1

cdef class Remembered(Part):
    cdef public bint board, icons, colors, tops, splays, forecast, tucked, scored, values
    cdef public list icon_ids
    cdef public long slot, index
    @cython.locals(hit=tuple, rev=long, values=tuple, r=bint, key=long, packed=long, n=long,
                   at=long)
    cpdef bint ask(self, game, State st, long player) except -1

cdef class Tabled(Part):
    cdef public long icon
    cdef public bint tucked
    cdef public long[::1] table
    @cython.locals(v=long, r=long)
    cpdef bint ask(self, game, State st, long player) except -1

cdef class TopsTested(Part):
    cdef public bint any
    cdef public object test_card, cards
    cdef public long[::1] table
    @cython.locals(i=long, c=long, r=long)
    cpdef bint ask(self, game, State st, long player) except -1

cdef class PileTested(Part):
    cdef public bint any
    cdef public object test_pile
    cdef public long index
    @cython.locals(n=long, base=long, c=long, at=long, rev=long, v=long, r=long)
    cpdef bint ask(self, game, State st, long player) except -1

@cython.locals(v=long, r=long)
cdef inline bint _tabled_ask(Tabled t, game, State st, long player) except -1

@cython.locals(old=object, grown=object, i=Py_ssize_t)
cpdef _grow_cond_answers(State st, long size)

cdef class TabledShape(Part):
    cdef public long mask
    cdef public long[::1] table
    @cython.locals(key=long, r=long)
    cpdef bint ask(self, game, State st, long player) except -1

@cython.final
cdef class Combination:
    cdef public bint decides
    cdef public list parts
    @cython.locals(part=Part, r=bint)
    cpdef bint holds(self, game, State st, long player) except -1
    @cython.locals(part=Part, r=bint)
    cpdef bint holds_woken(self, game, State st, long player) except -1
