# C types for the compiled twin of basic.py (dsl/codegen/runtime_build.py).
cimport cython
from runtime.core.rng cimport Rng
from runtime.core.decision cimport Decision

cdef class Agent:
    cpdef choose(self, game, d)

cdef class RandomAgent(Agent):
    cdef public Rng rng
    @cython.locals(opts=list, k=long, dd=Decision)
    cpdef choose(self, game, d)
    cpdef long pick_one(self, long least, long n) except? -2

@cython.locals(a=Agent)
cpdef ask(agent, game, d)
