# C types for the compiled twin of rng.py (dsl/codegen/runtime_build.py): PCG32 on 64-bit
# unsigned integers, whose wrap-around is exactly the `& _MASK64` of the Python source.
cimport cython

# (integer literals beyond 32 bits are Python objects to Cython: the masks are named here)
cdef unsigned long long _MASK64, _MASK32, _TWO32, _MULT
cdef tuple _THRESHOLDS
cdef long _N_THRESHOLDS

@cython.final
cdef class Rng:
    cdef public unsigned long long state, inc
    @cython.locals(old=cython.ulonglong, xorshifted=cython.ulonglong, rot=cython.ulonglong)
    cpdef unsigned long next_u32(self)
    cpdef advance(self)
    @cython.locals(threshold=cython.ulong, r=cython.ulong, old=cython.ulonglong,
                   xorshifted=cython.ulonglong, rot=cython.ulonglong)
    cpdef long below(self, long n) except? -1
    @cython.locals(i=Py_ssize_t, j=Py_ssize_t)
    cpdef shuffle(self, list xs)
    cpdef list sample(self, xs, long k)
