# C types for the compiled twin of verbs.py (dsl/codegen/runtime_build.py): the adapter as a
# C struct whose methods call each other, the Env and the game through C. The twin adapter
# only ever sees twin Envs and games (a compiled card set plays on the compiled runtime).
cimport cython
from dsl.interp cimport Env, as_list, first_of, truth
from runtime.games.innovation.game cimport InnovationGame
from runtime.games.innovation.state cimport State
from runtime.games.innovation.cards cimport color_id, icon_id

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

cdef tuple VERBS
cdef dict VERB_CODE, KIND_OF_NOUN
cdef long _N_COLORS
cdef dict _WHERE_MEMO
cdef long _WHERE_MEMO_MAX
cpdef bint intrinsic(e) except -1
@cython.locals(entry=tuple)
cpdef dict where_answers(pred, cards)
cdef long MELD, TUCK, SCORE, REVEAL, KEEP, REMOVE, JUNK, EXECUTE, ACHIEVE, FORESHADOW
cdef long DRAW, RETURN, TRANSFER, EXCHANGE, SPLAY, UNSPLAY, CLAIM, CHOOSE, REARRANGE, WIN, LOSE

cpdef value_of(e, Env env)
cdef dict _CHOICES
@cython.locals(p=str)
cpdef tuple choice_of(str noun)
cdef list _COLOR_LISTS
@cython.locals(names=list)
cpdef list colors_of_shape(long shape)

@cython.final
cdef class InnovationAdapter:
    cpdef constant(self, e, Env env)
    cpdef list players_of(self, ref, Env env)
    cpdef list zone_cards(self, ref, Env env, position=*)
    @cython.locals(g=InnovationGame, st=State, out=list, board=list, pile=list, k=Py_ssize_t)
    cpdef list cards_of(self, str zone, long p, position, Env env)
    @cython.locals(g=InnovationGame, st=State, out=list, pile=list, p=long)
    cpdef list cards_in(self, str zone, list players, position, Env env)
    @cython.locals(items=list, g=InnovationGame, k=str, answers=dict, kept=list, neg=bint,
                   r=object)
    cpdef list candidates(self, q, Env env)
    @cython.locals(g=InnovationGame, items=list)
    cpdef list listing(self, q, Env env)
    @cython.locals(g=InnovationGame, shape=long[::1], bits=long, p=long)
    cpdef list colors_on(self, g, list players)
    @cython.locals(g=InnovationGame, k=str, answers=dict)
    cpdef bint test(self, pred, x, q, Env env) except -1
    @cython.locals(g=InnovationGame)
    cpdef key(self, q, x, Env env)
    cpdef list ranked(self, q, list items, Env env)
    @cython.locals(top=object, tied=list, order=list, i=Py_ssize_t)
    cpdef list rank_by(self, list items, list keys, bint best, bint counted, bint single)
    cpdef tuple bounds(self, q, Env env)
    @cython.locals(items=list)
    cpdef tuple choose_items(self, q, Env env, bint optional, chooser=*, bint if_you_do=*,
                             candidates=*, bounds=*)
    @cython.locals(g=InnovationGame, n=long)
    cpdef tuple choose_from(self, q, Env env, bint optional, chooser, bint if_you_do,
                            list items, tuple bounds, str kind, str prompt, str mode,
                            bint has_min, bint has_max, bint has_all_but, bint ranked)
    cpdef bint nothing_to_do(self, act, Env env) except -1
    cpdef bint optional_is_a_choice(self, act) except -1
    cpdef tuple object_items(self, act, Env env, computed=*, bounds=*)
    cpdef chooser(self, act, Env env)
    @cython.locals(g=InnovationGame, done=list, v=long)
    cpdef list perform(self, str verb, act, list items, Env env)
    @cython.locals(g=InnovationGame, dv=dict, tally=dict)
    cpdef list return_items(self, list items, Env env)
    @cython.locals(g=InnovationGame, done=list)
    cpdef list card_items(self, long v, list items, Env env, bint ordered)
    @cython.locals(g=InnovationGame)
    cpdef list transfer_items(self, list items, list players, str zone, Env env)
    @cython.locals(g=InnovationGame)
    cpdef list splay_items(self, list items, direction, Env env)
    @cython.locals(g=InnovationGame)
    cpdef list draw_cards(self, Env env, value, long n)
    @cython.locals(g=InnovationGame)
    cpdef bint card_verb(self, long v, g, p, c, Env env) except -1
    cpdef binding_value(self, act, list items)
    cpdef bint done_in_full(self, act, list result, wanted) except -1
    @cython.locals(g=InnovationGame)
    cpdef color_of(self, g, card)
    @cython.locals(g=InnovationGame)
    cpdef list colors_of(self, g, cards)
    @cython.locals(g=InnovationGame, i=long)
    cpdef long pile_icons(self, g, icon, color, long who) except? -1
    @cython.locals(g=InnovationGame, t=long)
    cpdef list top_card(self, g, color, who)
    cpdef bint card_has_icon(self, card, icon, Env env) except -1
    cpdef function(self, e, Env env)
    cpdef bint exists(self, q, Env env) except -1
    @cython.locals(g=InnovationGame, name=str)
    cpdef call_function(self, e, list args, Env env)
