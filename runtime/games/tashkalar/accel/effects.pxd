# C types for the compiled twin of effects.py (dsl/codegen/runtime_build.py).
cimport cython

cdef class Runner:
    cpdef run(self, ctx)

cdef class Predicate:
    cpdef bint test(self, game, long player) except -1

@cython.final
cdef class Context:
    cdef public object game, subject, heading
    cdef public long executor, activator, card, being
    cdef public str kind
    cdef public dict dogma_vars
    cdef public bint shared
    cdef public tuple marked, used, marked2
