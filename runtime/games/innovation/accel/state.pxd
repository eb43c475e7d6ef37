# C types for the compiled twin of state.py (dsl/codegen/runtime_build.py).
import cython

cdef extern from *:
    """
    /* Remove the last item of lst that is the int `card` (State.take: piles lose their top,
       so searched from the end), closing the gap with one memmove instead of an assignment
       per later item; 0, or -1 when it is not there (nothing changed). The items are card
       ids: small non-negative ints, read from their one digit (CPython 3.11 layout), other
       objects compared through PyLong_AsLong. */
    static CYTHON_INLINE int cl_remove_card(PyObject *lst, long card) {
        Py_ssize_t n = PyList_GET_SIZE(lst), i = n - 1;
        PyObject **items = ((PyListObject *)lst)->ob_item;
        PyObject *o;
        for (; i >= 0; i--) {
            long v;
            o = items[i];
    #if PY_VERSION_HEX < 0x030C0000
            if (PyLong_CheckExact(o) && Py_SIZE(o) == 1) v = (long)((PyLongObject *)o)->ob_digit[0];
            else
    #endif
            {
                v = PyLong_AsLong(o);
                if (v == -1 && PyErr_Occurred()) { PyErr_Clear(); continue; }
            }
            if (v == card) break;
        }
        if (i < 0) return -1;
        memmove(&items[i], &items[i + 1], (size_t)(n - 1 - i) * sizeof(PyObject *));
        Py_SET_SIZE(lst, n - 1);
        Py_DECREF(o);
        return 0;
    }
    """
    int cl_remove_card(list lst, long card)

cdef tuple VISIBLE_SLOTS
cdef long _SUPPLY, _HAND, _BOARD, _SCORE, _ACHIEVEMENTS, _AVAILABLE, _REMOVED, _DISPLAY
cdef long _FORECAST, _IN_BOARD, _IN_ICONS, _IN_COLORS, _IN_TOPS, _IN_SPLAYS, _IN_TUCKED
cdef long _IN_SCORED, _IN_ALL, _IN_FORECAST, _N_SLOTS, _SPLAY_NONE, _N_COLORS, _ICON_BITS, _ICON_MASK

cpdef int_array(values)
cdef dict _ONE, _PLACES
cpdef int_filled(long n, long value)
cpdef list _places(long n_players)
@cython.locals(view=long[::1])
cpdef shared_view(values)
cpdef column(cards, str name)
cpdef tuple _columns(cards)

@cython.locals(counts=list, ic=long, ci=tuple, n=long, s=long, i=long, slots=tuple, top=long)
cpdef list pile_icon_counts(list icons, list pile, long splay)

@cython.final
cdef class State:
    # the int_arrays (state.py): typed memoryviews of C longs
    cdef public long[::1] color_of, age_of, set_of, top_pack, under_pack
    cdef public long[::1] pile_icons, zone_of, owner_of
    cdef public long[::1] tucked_this_turn, scored_this_turn, score_sum
    cdef public long[::1] board_rev, icons_rev, colors_rev, tops_rev, splays_rev, forecast_rev
    cdef public long[::1] pile_rev, slot_memo, cond_answers
    cdef public long[::1] seen_top, seen_splay, changed, shape, icons, special_of, avail_count
    cdef public long avail_ages, changed_any, version, watched
    cdef public frozenset watch
    cdef public object cards
    cdef public list icons_of
    cdef public long n_players
    cdef public list hand, score, achievements, board, splay, display, forecast, supply
    cdef public list available, removed, limbo
    cdef public long current, actions_left, turn, first_player
    cdef public dict cond_memo
    cdef public list places

    @cython.locals(ints=long[::1], a=long, n=long, pc=long)
    cpdef _fresh_ints(self, long n_players, long n_cards)
    @cython.locals(s=State)
    cpdef State clone(self)
    @cython.locals(color=long)
    cpdef list _zone_list(self, long zone, long owner, long card)
    @cython.locals(zone=long, owner=long, color=long, lst=list, age=long)
    cpdef tuple take(self, long card)
    @cython.locals(age=long, lst=list)
    cpdef put(self, long card, long zone, long owner=*, bint bottom=*)
    cpdef tuple move(self, long card, long zone, long owner=*, bint bottom=*)
    @cython.locals(n=long, c=long)
    cpdef watch_cards(self, cards)
    @cython.locals(new=long, old=long, i=long, pile=list, top=long, seen=long, changed=long,
                   d=long, splay=long, sh=long, c=long, at=long, base=long, under=long[::1])
    cpdef refresh_pile(self, long p, long color)
    cpdef forecast_changed(self, long p)
    cpdef long pile_icon(self, long p, long color, long icon) except? -1
    cpdef long icon_total(self, long p, long icon) except? -1
    cpdef set_splay(self, long p, long color, long direction)
    @cython.locals(q=long)
    cpdef clear_changed(self)
    cpdef count_tuck(self, long p)
    cpdef count_score(self, long p)
    cpdef reset_counters(self)
