# C types for the compiled twin of functions.py: the helpers compiled card modules call
# through C (the declared functions' run stays a Python-level function).
cimport cython
from dsl.interp cimport Env, Place, as_list, first_of
from runtime.games.innovation.game cimport InnovationGame
from runtime.games.innovation.state cimport State
from runtime.games.innovation.cards cimport color_id, icon_id
from runtime.games.innovation.zones cimport cards_in, colors_on

cdef long _ICON_BITS, _ICON_MASK

cpdef color_of(InnovationGame g, card)
cpdef list colors_of(InnovationGame g, cards)
cpdef long card_value(InnovationGame g, card) except? -1
@cython.locals(t=long)
cpdef list top_card(InnovationGame g, color, who)
@cython.locals(i=long)
cpdef long pile_icons(InnovationGame g, icon, color, long who) except? -1
@cython.locals(g=InnovationGame, pl=Place)
cpdef list colors_in(Env env, where)
@cython.locals(ages=long[::1], best=long, a=long, c=long)
cpdef long extreme_value(InnovationGame g, cards, bint high) except? -1
# Echoes' functions (echoes.py), called through C by the inline forms of the cards' functions
from runtime.games.innovation.echoes cimport pile_slot_count, visible_bonuses
from runtime.games.innovation.echoes cimport bonus_count as visible_bonus_count
from runtime.games.innovation.echoes cimport highest_bonus as highest_visible_bonus
cpdef long highest_bonus(InnovationGame g, long who) except? -1
cpdef long bonus_count_of(InnovationGame g, long who) except? -1
cpdef long pile_slots_of(InnovationGame g, icon, color, long who) except? -1
@cython.locals(i=long, k=long, at=long, shift=long, st=State)
cpdef long piles_with_of(InnovationGame g, icon, long n, long who) except? -1
