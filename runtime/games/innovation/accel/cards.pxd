# C types for the compiled twin of cards.py (dsl/codegen/runtime_build.py): the name -> id
# lookups called on every icon count and colour test, as C functions.
cdef dict _ICON_NAMES, _COLOR_INDEX

cpdef long icon_id(icon) except? -2
cpdef long color_id(color) except? -2
