# C types for the compiled twin of effects.py (dsl/codegen/runtime_build.py).
cimport cython

cdef class Runner:
    cpdef run(self, ctx)

cdef class Predicate:
    cpdef bint test(self, game, long player) except -1

@cython.final
cdef class EffectContext:
    cdef public object game
    cdef public long executor, activator, card
    cdef public str kind
    cdef public dict dogma_vars
    cdef public bint shared
    cdef public object subject

@cython.locals(c=EffectContext)
cpdef EffectContext new_context(game, long executor, long activator, long card, str kind,
                                dict dogma_vars, bint shared)
