# C types for the compiled twin of artifacts.py (dsl/codegen/runtime_build.py): Artifacts' rules
# as the compiled game calls them through C (ArtifactsDisplay, a game.Display: the dig after
# every meld action, the free artifact action at every turn's start, the display's dogma count),
# with typed locals. The game argument is the compiled game.
cimport cython
from runtime.games.innovation.state cimport State
from runtime.games.innovation.game cimport InnovationGame, Display

cdef long HEX, _DISPLAY

cdef class ArtifactsDisplay(Display):
    @cython.locals(g=InnovationGame)
    cpdef turn(self, game, long p)
    cpdef meld_action(self, game, long p, long card)
    @cython.locals(g=InnovationGame, st=State, k=long, i=long)
    cpdef long dogma_count(self, game, long p, long card, long icon) except? -1

cpdef long artifacts_index(InnovationGame game) except? -1
@cython.locals(icons=tuple, i=Py_ssize_t)
cpdef long hex_slot(InnovationGame game, long card) except? -2
@cython.locals(slot=long)
cpdef bint digs(InnovationGame game, long melded, long covered) except -1
@cython.locals(st=State, pile=list, n=Py_ssize_t, covered=long, card=long)
cpdef dig(InnovationGame game, long p, long melded)
@cython.locals(st=State, base=list, v=long, pile=list, card=long)
cpdef long dig_artifact(InnovationGame game, long p, long value) except? -2
@cython.locals(st=State, card=long, choice=list)
cpdef free_artifact_action(InnovationGame game, long p)
@cython.locals(st=State, c=long, zone=long, out=list)
cpdef list seizable(InnovationGame game, long value)
@cython.locals(cands=list, chosen=list, c=long, st=State)
cpdef bint seize(InnovationGame game, long p, long value) except -1
