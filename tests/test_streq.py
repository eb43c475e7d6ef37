"""dsl/codegen/include/cl_streq.h: the str equality that stands in for Cython's comparison
helper in every generated C file (dsl.codegen.c_flags). It must give Python's answers for
every pair of strings, whatever their lengths, kinds (ASCII, Latin-1, BMP, astral) and hashes."""
from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from dsl.codegen import STREQ_H, c_compiler, c_flags, have_c_compiler, streq_applies

needs_cc = pytest.mark.skipif(not have_c_compiler(), reason="no C compiler")

# name -> (parameters, test): each comparison form Cython compiles with a helper of its own,
# used as a truth (an `if`), as the runtime compares (Cython's Bool helpers)
PROBES = {"eq": ("str a, str b", "a == b"), "ne": ("str a, str b", "a != b"),
          "eq_obj": ("object a, str b", "a == b"), "ne_obj": ("object a, str b", "a != b"),
          "eq_literal": ("str a", 'a == "order"')}
SOURCE = "# cython: language_level=3\n" + "".join(
    f"def {name}({params}):\n    if {test}:\n        return True\n    return False\n\n"
    for name, (params, test) in PROBES.items())


@pytest.fixture(scope="module")
def strmod(tmp_path_factory):
    """A small module of str comparisons, built the way the card sets and runtime are."""
    if not have_c_compiler():
        pytest.skip("no C compiler")
    d = tmp_path_factory.mktemp("streq")
    pyx = d / "cl_streq_probe.pyx"
    pyx.write_text(SOURCE)
    c_file = d / "cl_streq_probe.c"
    subprocess.run([sys.executable, "-m", "cython", "-3", "-o", str(c_file), str(pyx)],
                   check=True, capture_output=True)
    if not streq_applies(c_file.read_text()):
        pytest.skip("this Cython does not guard its str comparison helpers: cl_streq.h unused")
    assert ["-include", str(STREQ_H)] == c_flags(c_file)[-2:]
    so = d / ("cl_streq_probe" + __import__("sysconfig").get_config_var("EXT_SUFFIX"))
    subprocess.run(c_compiler() + c_flags(c_file) + [str(c_file), "-o", str(so)], check=True,
                   capture_output=True)
    spec = importlib.util.spec_from_file_location("cl_streq_probe", so)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_header_applies_only_to_guarded_helpers():
    guarded = ("#ifndef __Pyx_DEFINED_PyObject_CompareStrStrBoolEq\n"
               "static CYTHON_INLINE int __Pyx_PyObject_CompareStrStrBoolEq(PyObject* s1, ...")
    assert streq_applies(guarded)
    assert not streq_applies("static int __Pyx_PyObject_CompareStrStrBoolEq(PyObject* s1, ...")
    assert not streq_applies("/* no str comparison here */")


texts = st.text(alphabet=st.characters(max_codepoint=0x1F600), max_size=8)


@needs_cc
@settings(max_examples=300, deadline=None)
@given(texts, texts)
def test_compiled_str_comparisons_agree_with_python(strmod, a, b):
    for x, y in ((a, b), (a, a), (a, "".join(list(a)))):  # the last: equal, not the same object
        assert strmod.eq(x, y) is (x == y)
        assert strmod.ne(x, y) is (x != y)
        assert strmod.eq_obj(x, y) is (x == y)
        assert strmod.ne_obj(x, y) is (x != y)


@needs_cc
def test_edge_cases(strmod):
    same_length = [("order", "other"), ("é", "e"), ("€", "é"), ("😀", "€"), ("", "")]
    for a, b in same_length:
        assert strmod.eq(a, b) is (a == b)
        assert strmod.ne(a, b) is (a != b)
    hashed = "ord" + "er"
    hash(hashed)  # a cached hash on one side only
    assert strmod.eq_literal(hashed) and not strmod.eq_literal("orders")
    assert strmod.eq_obj(5, "5") is False and strmod.ne_obj(None, "x") is True
