# C types for the compiled twin of effects.py (dsl/codegen/runtime_build.py).
cdef class EffectContext:
    cdef public object game
    cdef public long executor, activator, card
    cdef public str kind
    cdef public dict dogma_vars
    cdef public bint shared
