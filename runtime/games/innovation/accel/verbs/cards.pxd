# C types for the compiled twin of cards.py.
from dsl.interp cimport Env

cpdef bint reveal_card(Env env, c) except -1
cpdef bint execute_card(Env env, c) except -1
cpdef bint achieve_card(Env env, c) except -1
