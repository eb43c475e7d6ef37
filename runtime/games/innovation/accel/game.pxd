# C types for the compiled twin of game.py (dsl/codegen/runtime_build.py): the game as a C
# struct, its hot methods called through C (cpdef) from the twin itself. Arguments that effects
# pass (players, colours, icons as evaluated values) stay objects, as in the Python source.
cimport cython
from dsl.interp cimport Host
from runtime.core.rng cimport Rng
from runtime.core.agents.basic cimport ask, RandomAgent
from runtime.core.decision cimport Decision, new_decision, new_entry, new_entry_one, validate_answer
from runtime.games.innovation.state cimport State, column
from runtime.games.innovation.accel.conditions cimport Combination
from runtime.games.innovation.cards cimport color_id, icon_id
from runtime.games.innovation.effects cimport Runner, new_context

cdef dict _ZONE_CATS, TRANSFER_ZONES, _ROW_CODES, _SPECIALS
cdef tuple _ONE_CATS, _SCORE_CATS, _PAIR_CATS
cdef long _N_ZONES, _AVAILABLE
@cython.locals(made=tuple, i=Py_ssize_t, known=bint)
cpdef tuple _specials_of(list specials)
cdef long ROW_DEMAND, ROW_COMPEL, ROW_OTHER, HAND_SORT_MAX, _N_ICON_SLOTS, _N_COLORS
cdef long _ICON_BIT_LIMIT
cdef long _R_DRAW, _R_MELD, _R_TUCK, _R_SCORE, _R_RETURN, _R_TRANSFER, _R_EXCHANGE, _R_SPLAY
cdef long _R_ACHIEVE
cdef bint _CHECK
cpdef tuple effect_row(long src, e)
# what a new game reads of the card set, made once (C calls from the constructor)
@cython.locals(made=tuple)
cpdef tuple _shared(effects, long n)
@cython.locals(made=tuple)
cpdef tuple _card_actions(long n, long max_age)
@cython.locals(made=tuple)
cpdef tuple _seating(long n, bint teams)
cpdef run_effect(run, ctx)
@cython.locals(k=long, pile=list)
cpdef long action_count(long n, list board, long ages) except? -1
@cython.locals(n=Py_ssize_t, j=Py_ssize_t, m=Py_ssize_t, rank=long)
cpdef long nth_lowest(list xs, long i) except? -1

# An expansion's rules on the game's hot paths (game.py Rules), subclassed by echoes.py's
cdef class Rules:
    cpdef long points(self, game, long p, long points) except? -1
    cpdef long achievable(self, game, long p) except? -2
    cpdef long draw(self, game, long p, long value, set_name) except? -2
    cpdef meld_action(self, game, long p, long card)

# The display's rules on the game's hot paths (game.py Display), subclassed by artifacts.py's
cdef class Display:
    cpdef turn(self, game, long p)
    cpdef meld_action(self, game, long p, long card)
    cpdef long dogma_count(self, game, long p, long card, long icon) except? -1

@cython.final
cdef class InnovationGame(Host):
    cdef public object cards, options, seed, _result
    cdef public dict effects, _special_by_name, _hooks
    cdef public list _rows
    # int_arrays (state.py): typed memoryviews of C longs
    cdef public long[::1] age_of, face_of, special_card, _dogma_icon, team_of, _icon_bits
    cdef public long[::1] _special_cards, _special_masks
    cdef public list specials, agents, events, log
    cdef public list _orders, _special_conds
    cdef public list _meld_actions, _dogma_actions
    cdef public list _achieve_actions, _opponents
    cdef public bint _specials_known, record_events, over, _checking_specials, transactional
    cdef public bint _listening, _extra_actions, _conditions_see, has_face, _any_trigger
    cdef public bint _display_melds, _listen_watched
    cdef public long _watched_reps
    cdef public list _replacing, _icon_fns, _action_fns
    cdef public dict _triggers
    cdef public object _echo_fn
    cdef public Rules _rules
    cdef public Display _display
    cdef public Rng rng
    cdef public long n_players, needed, max_age, counted_changes, _nested
    cdef public State state

    @cython.locals(st=State, c=long, piles=list, pile=list, zone_of=long[::1], made=list,
                   out=tuple, set_index=long, age=long, ids=tuple)
    cpdef _shuffle_supply(self, set sets)
    cpdef _emit(self, tuple event, bint change=*)
    @cython.locals(triggers=dict, fns=tuple)
    cpdef _fire(self, tuple event)
    cpdef _replace(self, list fns, str verb, tuple args)
    cpdef bint _listens(self) except -1
    cpdef bint _replaces(self, long i) except -1
    @cython.locals(n=long, d=Decision, i=long, ra=RandomAgent)
    cpdef list _choose(self, player, str kind, options, long min=*, long max=*, str prompt=*,
                      bint all_or_none=*, tuple labels=*)
    cpdef bint choose_yes_no(self, player, prompt=*) except -1
    cpdef list hand(self, long p)
    cpdef list pile(self, long p, color)
    @cython.locals(pile=list)
    cpdef long top(self, long p, color) except? -2
    cpdef str splay_of(self, long p, color)
    @cython.locals(i=long, n=long)
    cpdef long icon_count(self, long p, icon) except? -1
    cpdef long score_points(self, long p) except? -1
    @cython.locals(best=long, age=long[::1], pile=list, top=long, a=long, st=State, i=long)
    cpdef long shown_value(self, long c) except? -1
    cpdef long highest_top_age(self, long p) except? -1
    @cython.locals(i=long)
    cpdef bint card_has_icon(self, long card, icon) except -1
    cpdef long achievement_of_age(self, long age) except? -2
    @cython.locals(i=long, n=long)
    cpdef list players_in_order(self, long start)
    cpdef list opponents(self, long p)
    cpdef list team(self, long p)
    @cython.locals(st=State, v=long, base=list, pile=list, card=long, c=long)
    cpdef draw(self, p, value, set_name=*)
    cpdef meld(self, p, card)
    cpdef tuck(self, p, card)
    cpdef score_card(self, p, card)
    cpdef transfer(self, card, to_player, to_zone)
    @cython.locals(st=State, za=long, zb=long, a=list, b=list)
    cpdef exchange(self, cards_a, tuple zone_a, cards_b, tuple zone_b)
    cpdef return_card(self, long p, long card)
    @cython.locals(st=State)
    cpdef achieve(self, p, card, anywhere=*)
    @cython.locals(groups=dict, order=list, n=long, set_of=long[::1], age_of=long[::1], c=long,
                   key=long)
    cpdef long return_cards(self, long p, list cards) except? -1
    cpdef _dogma_action(self, long p, long card)
    cpdef _draw_action(self, long p)
    cpdef splay(self, p, color, direction)
    @cython.locals(k=str, rows=list, q=long, mine=long, counts=long[4],
                   order=list, team_of=long[::1], n=long, i=long, icon=long,
                   my_team=long, before=long, bonus=bint, demand=bint, code=long)
    cpdef bint _run_dogma(self, long p, long card, kinds=*) except -1
    @cython.locals(key=long, rows=list)
    cpdef list _effect_rows(self, long card, bint echo)
    @cython.locals(key=long, rows=list)
    cpdef list _dogma_rows(self, long card)
    cpdef bint can_achieve(self, long p, long age) except -1
    @cython.locals(st=State, t=long, total=long, q=long)
    cpdef long _team_achievements(self, long p) except? -1
    cpdef _check_achievement_win(self, long p)
    @cython.locals(st=State, known=bint)
    cpdef _check_specials(self, cats)
    @cython.locals(q=long, woken=long, card=long, mask=long, order=list, cond=Combination,
                   bits=long, i=long, zone=long)
    cpdef _check_woken_specials(self, State st)
    cpdef _claim_special(self, State st, long card, long q)
    @cython.locals(st=State, p=long, acts=list, melds=list, dogmas=list, pile=list, c=long,
                   ages=long, a=long, n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, achieve=list,
                   hand=list, board=list, k=Py_ssize_t, at=Py_ssize_t)
    cpdef list legal_actions(self)
    @cython.locals(st=State, ages=long, score=long, top=long, limit=long)
    cpdef long achievable_ages(self, long p) except? -1
    cpdef _check_action(self, long p, tuple action)
    cpdef apply(self, action)
    @cython.locals(st=State, p=long)
    cpdef _apply(self, tuple action)
    cpdef _perform(self, long p, tuple action)
    cpdef _end_turn(self)
    cpdef long _actions_for_turn(self, long turn) except? -1
    @cython.locals(d=Decision, st=State, p=long)
    cpdef step(self)
    @cython.locals(st=State, hand=list, n=long, board=list, pile=list, ages=long, a=long,
                   i=long, k=long, extra=list, shown=long, base=long, c=long, top=long)
    cpdef tuple _random_action(self, RandomAgent agent, long p)
    @cython.locals(out=list)
    cpdef list _hook_actions(self, long p)
    cpdef _turn_event(self, long p, long turn)
