# C types for the compiled twin of zones.py: compiled card modules list zones through C.
cimport cython
from dsl.interp cimport Env
from runtime.games.innovation.game cimport InnovationGame
from runtime.games.innovation.state cimport State

cdef extern from *:
    """
    /* The items of xs[0..n) that are >= 0, as a new list of ints (cards_of's top cards from
       State.seen_top): made at its length, filled without index checks. */
    static PyObject *cl_present_list(const long *xs, Py_ssize_t n) {
        Py_ssize_t k = 0, i;
        PyObject *out, *v;
        for (i = 0; i < n; i++) k += xs[i] >= 0;
        out = PyList_New(k);
        if (!out) return NULL;
        k = 0;
        for (i = 0; i < n; i++) {
            if (xs[i] < 0) continue;
            v = PyLong_FromLong(xs[i]);
            if (!v) { Py_DECREF(out); return NULL; }
            PyList_SET_ITEM(out, k++, v);
        }
        return out;
    }
    """
    list cl_present_list(const long *xs, Py_ssize_t n)

cdef long _N_COLORS
cdef list _COLOR_LISTS
cpdef list lister(Env env, str noun, str zone, players, position)
@cython.locals(names=list)
cpdef list colors_of_shape(long shape)
@cython.locals(shape=long[::1], bits=long, p=long)
cpdef list colors_on(InnovationGame g, list players)
@cython.locals(g=InnovationGame, st=State, out=list, board=list, pile=list, k=Py_ssize_t)
cpdef list cards_of(Env env, str zone, long p, position)
@cython.locals(g=InnovationGame, st=State)
cpdef list cards_seen(Env env, str zone, long p, position)
@cython.locals(g=InnovationGame, st=State, out=list, pile=list, p=long)
cpdef list cards_in(Env env, str zone, list players, position)
