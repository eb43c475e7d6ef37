/* Cardlang: a faster `str == str` for the C that Cython generates (dsl/codegen/c_flags).

   Cython 3 compares two str objects that are not the same object with PyUnicode_Compare, a
   full ordering comparison (about 50 instructions even when the lengths differ). The runtime
   compares short strings all the time (decision kinds, zones, verbs), nearly always unequal,
   so this header, force-included before the generated C when Cython's helper is guarded
   (#ifndef __Pyx_DEFINED_...), defines the helper as CPython's own equality test: identity,
   length, kind, cached hash, then memcmp. Same answers as PyUnicode_Compare(a, b) == 0. */
#ifndef CL_STREQ_H
#define CL_STREQ_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

static inline int cl_str_eq(PyObject *a, PyObject *b) {
    Py_ssize_t n;
    Py_hash_t ha, hb;
    if (a == b)
        return 1;
#if PY_VERSION_HEX < 0x030C0000
    if (!PyUnicode_IS_READY(a) || !PyUnicode_IS_READY(b)) {  /* legacy strings: the slow way */
        int r = PyUnicode_Compare(a, b);
        return (r == -1 && PyErr_Occurred()) ? -1 : r == 0;
    }
#endif
    n = PyUnicode_GET_LENGTH(a);
    if (n != PyUnicode_GET_LENGTH(b) || PyUnicode_KIND(a) != PyUnicode_KIND(b))
        return 0;
    ha = ((PyASCIIObject *)a)->hash;
    hb = ((PyASCIIObject *)b)->hash;
    if (ha != -1 && hb != -1 && ha != hb)
        return 0;
    return memcmp(PyUnicode_DATA(a), PyUnicode_DATA(b), (size_t)n * PyUnicode_KIND(a)) == 0;
}

#define __Pyx_DEFINED_PyObject_CompareStrStrBoolEq
#define __Pyx_DEFINED_PyObject_CompareStrStrBoolNe
static inline int __Pyx_PyObject_CompareStrStrBoolEq(PyObject *s1, PyObject *s2) {
    return cl_str_eq(s1, s2);
}
static inline int __Pyx_PyObject_CompareStrStrBoolNe(PyObject *s1, PyObject *s2) {
    int r = cl_str_eq(s1, s2);
    return r < 0 ? r : !r;
}
#endif
