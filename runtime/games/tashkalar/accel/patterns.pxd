# C types for the compiled twin of patterns.py (dsl/codegen/runtime_build.py): a bitboard of
# the 9x9 board (81 bits) is one C unsigned 128-bit integer; the search's tables are C arrays.
# (A constant computed into one of these from Python must be a Python integer first: `_table`.)
cimport cython
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF, Py_XDECREF

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil

cdef u128 BIT[81]
cdef long SQ[69]
cdef long N_SQ, MAX_CELLS
cdef u128 SHIFT_AT[289]
cdef tuple PLACE
cdef long NEAR_D[8]
cdef u128 NEAR_MASK[8]

@cython.locals(half=cython.ulonglong)
cdef inline long _low_square(u128 low) noexcept
cdef inline long _count(u128 b) noexcept

@cython.final
cdef class Boards:
    cdef u128 ge[12]
    cdef u128 le[3]
    cdef u128 empty
    @cython.locals(i=long, s=long)
    cpdef compute(self, list owner, list rank)
    @cython.locals(i=long)
    cpdef copy_from(self, Boards other)
    @cython.locals(empty=u128, low=u128)
    cpdef places(self, list out)
    @cython.locals(b=u128, bit=u128, out=list, s=long)
    cpdef list squares(self, long p, long low, long high, long but)
    @cython.locals(b=u128, keep=u128, le0=u128, le1=u128, le2=u128, i=long)
    cpdef put(self, long s, long o, long r)
    @cython.locals(i=long)
    cpdef bint same(self, Boards other) except -1
    cpdef u128 own(self, long p, long r)
    @cython.locals(own=u128, reach=u128, grow=u128, k=long, d=long)
    cpdef bint joined(self, long p, u128 a, u128 b) except -1
    cpdef long pieces(self, long p) except? -1
    cpdef long upgraded(self, long p) except? -1

@cython.final
cdef class Search:
    cdef public long n, needs, being_rank
    cdef long index[8]
    cdef long start[9]
    cdef long d[128]
    cdef long rank[128]
    cdef u128 mask[128]
    cdef long card
    cdef PyObject *made[648]          # 81 squares x 8 orientations
    cdef PyObject *made_q[2592]       # x 4 players
    @cython.locals(k=long)
    cdef inline object _summon(self, long card, long s, long i)
    @cython.locals(k=long)
    cdef inline object _improvised(self, long card, long s, long i, long q)
    cdef u128 being_ok(self, Boards bb, long p)
    @cython.locals(ok=u128, cand=u128, own=u128, moved=u128, low=u128, found=long, base=long,
                   i=long, k=long, d=long, s=long)
    cpdef long matches(self, Boards bb, long p, long card, bint action, list out) except -1
    @cython.locals(ok=u128, cand=u128, own=u128, moved=u128, low=u128, normal=u128, got=u128,
                   found=long, base=long, enemy=long, i=long, j=long, k=long, d=long, s=long,
                   lo=long, hi=long)
    cpdef long improvised(self, Boards bb, long p, long q, long card, bint action,
                          list out) except -1
