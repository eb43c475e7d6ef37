# C types for the compiled twin of conditions.py (dsl/codegen/runtime_build.py). The state
# stays untyped: compiled card sets also run on the Python runtime (scenarios, examples).
cimport cython

cdef class Remembered:
    cdef public object holds
    cdef public bint board, icons, colors, tops, splays, tucked, scored
    cdef public list icon_ids
    @cython.locals(hit=tuple, key=tuple, r=bint)
    cpdef bint ask(self, game, st, long player) except -1

cdef class Combination:
    cdef public bint decides
    cdef public list parts
