# C types for the compiled twin of interp.py (dsl/codegen/runtime_build.py): the Env of one
# effect execution as a C struct, and the language runtime's helpers that compiled card
# modules call through C (pick_from, in_order, passes...).
cimport cython

cdef class Host:
    cpdef list choose(self, player, str kind, options, long min=*, long max=*, str prompt=*,
                      bint all_or_none=*, tuple labels=*)

@cython.final
cdef class Env:
    cdef public object ctx, game, executor, activator, exports
    cdef public dict vars, flags
    cdef public list its
    cpdef bind(self, str name, value)

@cython.final
cdef class Place:
    cdef public object zone, players, position

@cython.final
cdef class VerbCall:
    cdef public Env env
    cdef public object step

@cython.locals(p=Place)
cpdef Place new_place(zone, players, position)
@cython.locals(c=VerbCall)
cpdef VerbCall new_verbcall(Env env, step)

cpdef bint truth(v) except -1
cpdef list as_list(v)
cpdef first_of(v)
cpdef compare(str op, a, b)
cpdef evaluate(e, Env env)
cpdef exec_op(op, Env env)
cpdef exec_block(ops, Env env)
cpdef perform(step, Env env, cands)
cpdef decline(step, Env env)
cpdef bint any_able(test, obj, Env env) except -1
@cython.locals(groups=dict, out=list, cs=list)
cpdef list in_order(verb, list items, Env env)
@cython.locals(values=list, g=Host)
cpdef long choose_option(Env env, tuple labels, long least) except? -2
@cython.locals(chosen=list)
cpdef tuple pick(pk, Env env, cands=*)
@cython.locals(n=Py_ssize_t, k=long, least=long, most=long, wanted=long, g=Host)
cpdef tuple pick_from(Env env, list items, lo, hi, keep, who, str mode, str kind, str prompt,
                      bint optional, bint if_you_do, rank, list keys=*)
@cython.locals(sure=list, tied=list, g=Host, i=Py_ssize_t, best=bint)
cpdef list choose_ranked(rank, list items, long n, Env env, str kind, who, list keys=*)
cpdef list listing(sel, Env env)
@cython.locals(items=list, kept=list, memo=dict, neg=bint)
cpdef list candidates(sel, Env env)
@cython.locals(kept=list, its=list, vs=dict, neg=bint, r=bint)
cpdef list where_hoisted(f, tuple hoisted, list items, Env env)
cpdef bint exists(sel, Env env) except -1
@cython.locals(memo=dict)
cpdef bint passes(f, x, Env env) except -1
cpdef key_of(rank, x, Env env)
cpdef _check_kept(f, x, bint kept, Env env)
cpdef list ranked(rank, list items, Env env)
@cython.locals(top=object, tied=list, order=list, i=Py_ssize_t)
cpdef list rank_by(list items, list keys, bint best, bint counted, bint single)
@cython.locals(order=list, i=Py_ssize_t)
cpdef tuple rank_keyed(list items, list keys, bint best)
