# C types for the compiled twin of game.py (dsl/codegen/runtime_build.py): the game as a C
# struct, its hot methods (the turn loop, legal actions, the summon search, pieces) called
# through C. Values that effects pass (squares, players as evaluated values) stay objects where
# the Python source takes them as such.
cimport cython
from dsl.interp cimport Host
from runtime.core.rng cimport Rng
from runtime.core.agents.basic cimport ask, RandomAgent
from runtime.core.decision cimport Decision, new_decision, new_entry, new_entry_one, validate_answer
from runtime.games.tashkalar.effects cimport Context
from runtime.games.tashkalar.patterns cimport Boards, Search, u128

cdef long PIECES, LEGEND_PIECES, WIN_VP, NO_SQUARE, WARP_PENALTY
cdef bint _ACCEL, _CHECK

@cython.final
cdef class TashKalarGame(Host):
    cdef public object table, options, seed, _result, _hooks
    cdef public dict effects
    cdef public Rng rng
    cdef public list agents, events, log
    cdef public bint record_events, over, transactional, discarded, extra_turn, deathmatch
    cdef public bint bonus_improvisation
    cdef public long n_players, turn, current, actions_left, final_turn
    cdef public list owner, rank, supply, legend_supply, deck, hand, legends, flares, discards
    cdef public list legend_deck, flare_deck, task_deck, tasks, claimed, vp, improvised
    cdef public list destroyed_turn, summoned_turn, colour, killed, searches, gone, extra_draws
    cdef public list frozen, lost_actions, removed
    cdef public list pending, warped, has_warp, arrival, carried, kept
    cdef public bint doubled, void, last_hit
    cdef public long summon_hit
    cdef public bint portals
    cdef public long portal, borrowed
    cdef public Boards bb

    @cython.locals(seq=tuple, n=long, d=Decision, i=long, ra=RandomAgent)
    cpdef list _choose(self, player, str kind, options, long min=*, long max=*, str prompt=*,
                      bint all_or_none=*, tuple labels=*)
    @cython.locals(i=long, n=long)
    cpdef list players_in_order(self, long start)
    cpdef list opponents(self, long p)
    @cython.locals(p=long, acts=list)
    cpdef step(self)
    @cython.locals(kind=str)
    cpdef do_action(self, long p, tuple a)
    @cython.locals(out=list, ref=list)
    cpdef list legal_actions(self, long p)
    @cython.locals(out=list, flares=list, bb=Boards)
    cpdef list fast_actions(self, long p)
    @cython.locals(q=long)
    cpdef check_score_end(self, long p)
    @cython.locals(owner=list, n=long, s=long)
    cpdef long pieces(self, long p) except? -1
    @cython.locals(owner=list, rank=list, n=long, s=long)
    cpdef long upgraded(self, long p) except? -1
    cpdef long score(self, long p) except? -100000
    cpdef list summonable_cards(self, long p)
    @cython.locals(info=object, used=tuple, marked=tuple, q=long)
    cpdef summon(self, long p, long c, long s, long o)
    @cython.locals(halves=list, targets=list, q=long)
    cpdef play_flare(self, long p, long c)
    @cython.locals(cards=list, rest=list, back=list)
    cpdef discard_action(self, long p)
    @cython.locals(p=long, met=list, got=list)
    cpdef end_turn(self)
    cpdef refill(self, long p)
    @cython.locals(has=list)
    cpdef warps(self, long p, list out)
    cpdef trigger_end(self, long p, str why)
    @cython.locals(bb=Boards)
    cpdef find_summons(self, long p, bint improvised, bint action, list out)
    @cython.locals(others=list, cards=list, searches=list, sr=Search, c=long, q=long, who=long)
    cpdef _find_summons(self, Boards bb, long p, bint improvised, bint action, list out)
    @cython.locals(bb=Boards)
    cpdef list flare_halves(self, long p, long c)
    @cython.locals(up=long, pc=long, halves=list, q=long)
    cpdef list _flare_halves(self, Boards bb, long p, long c)
    @cython.locals(bb=Boards, out=list, ref=list)
    cpdef list own_pieces(self, long p, long low, long high, long but)
    cpdef bint place(self, long p, long s, long r) except -1
    @cython.locals(o=long)
    cpdef remove(self, long s)
    @cython.locals(o=long, r=long)
    cpdef bint destroy(self, long by, long s) except -1
    cpdef bint upgrade(self, long s) except -1
    cpdef bint downgrade(self, long s) except -1
    cpdef bint can_enter(self, long mover_rank, long t, bint combat) except -1
    @cython.locals(n=long, pending=list)
    cpdef bint can_discard(self, long p) except -1
    @cython.locals(r=long, cands=tuple, out=list, t=long)
    cpdef list destinations(self, long s, bint combat, bint jump, bint empty_only=*)
    cpdef long move(self, long p, long s, long t) except? -2

cdef dict REGIONS
cdef long N_SQUARES
cdef bint ON_SQUARE[81]
@cython.locals(owner=list, rank=list, n=long, up=long, leg=long, s=long, total=long,
               upgraded=long, legendary=long)
cpdef bint _conquest(TashKalarGame g, long p, info) except -1
@cython.locals(owner=list, s=long, o=long, t=long, n=long, need=long, squares=tuple,
               neighbours=tuple)
cpdef bint _surround(TashKalarGame g, long p, info) except -1
@cython.locals(name=str)
cpdef bint task_met(TashKalarGame g, long p, long c) except -1
@cython.locals(ranks=list, need=long, upgraded=long, n=long, r=long)
cpdef bint _destroyed(TashKalarGame g, long p, info) except -1
@cython.locals(ranks=list)
cpdef bint _end_of_legends(TashKalarGame g, long p, info) except -1
@cython.locals(total=long, legendary=long, on_colour=long, done=list, n=long, s=long, r=long)
cpdef bint _summoning(TashKalarGame g, long p, info) except -1

# the pattern tasks' tests as typed loops over the squares' tuples
cdef tuple _RED, _GREEN, _CROSSES, _LINES, _DIAGONALS, _SIDE_PAIRS, _CORNER_PAIRS
@cython.locals(owner=list, rank=list, n=long, s=long)
cpdef long _upgraded_on(TashKalarGame g, long q, tuple squares) except? -1
@cython.locals(owner=list, n=long, s=long)
cpdef long _count_on(TashKalarGame g, long q, tuple squares) except? -1
@cython.locals(q=long)
cpdef bint _rainbow(TashKalarGame g, long p, info) except -1
@cython.locals(need=long, shape=tuple)
cpdef bint _cross(TashKalarGame g, long p, info) except -1
@cython.locals(lead=long, opponents=list, line=tuple, mine=long, ok=bint, q=long)
cpdef bint _lines(TashKalarGame g, long p, info) except -1
@cython.locals(d=tuple)
cpdef bint _diagonals(TashKalarGame g, long p, info) except -1
@cython.locals(owner=list, neighbours=tuple, a=tuple, b=list, seen=list, todo=list, s=long,
               t=long)
cpdef bint _chain(TashKalarGame g, long p, tuple pairs) except -1
cdef u128 _CHAIN_BITS[8]
@cython.locals(bb=Boards)
cpdef bint _joined(TashKalarGame g, long p, long k) except -1
@cython.locals(owner=list, squares=tuple, neighbours=tuple, within=tuple, s=long, o=long,
               t=long, u=long, x=long, y=long, close=bint, ok=bint, near=list, reach=list,
               frontier=list, nxt=list)
cpdef bint _isolation(TashKalarGame g, long p, info) except -1
