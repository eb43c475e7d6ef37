# C types for the compiled twin of cards.py (dsl/codegen/runtime_build.py): the name -> id
# lookups called on every icon count and colour test, as C functions.
cimport cython
cdef dict _ICON_NAMES, _COLOR_INDEX
cdef tuple _COLOR_NAMES, _FIRST_ICONS

@cython.locals(j=long)
cpdef long icon_id(icon) except? -2
@cython.locals(j=long)
cpdef long color_id(color) except? -2
