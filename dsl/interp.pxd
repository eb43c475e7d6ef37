# C types for the compiled twin of interp.py (dsl/codegen/runtime_build.py): the Env of one
# effect execution as a C struct. The interpreter's functions stay as they are.
cimport cython

@cython.final
cdef class Env:
    cdef public object ctx, game, executor, activator, adapter, card_ir, exports
    cdef public dict vars, flags
    cdef public list its
    cpdef bind(self, str name, value)

cpdef bint truth(v) except -1
cpdef list as_list(v)
cpdef first_of(v)
