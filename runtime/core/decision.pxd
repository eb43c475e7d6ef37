# C types for the compiled twin of decision.py (dsl/codegen/runtime_build.py).
cimport cython

@cython.final
cdef class Decision:
    cdef public long player, min, max
    cdef public str kind, prompt
    cdef public tuple options
    cdef public bint all_or_none
    cdef public object labels
    cpdef tuple _fields(self)

@cython.locals(d=Decision)
cpdef Decision new_decision(long player, str kind, tuple options, long min, long max, str prompt,
                            bint all_or_none=*, labels=*)
cpdef list first_legal_answer(Decision d)
@cython.locals(ans=list)
cpdef list validate_answer(Decision d, answer)

cdef tuple LOG_KEYS

@cython.final
cdef class LogEntry:
    cdef public long player
    cdef public str kind
    cdef list _answer
    cdef object _one

@cython.locals(e=LogEntry)
cpdef LogEntry new_entry(long player, str kind, list answer)
@cython.locals(e=LogEntry)
cpdef LogEntry new_entry_one(long player, str kind, option)
