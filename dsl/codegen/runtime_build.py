"""The runtime core, compiled: Cython builds the game's own Python modules (pure-Python mode,
unchanged sources) into extension modules that live beside the Python ones.

Each module `pkg.name` is built as `pkg.c<name>` (its relative imports of other compiled
modules are redirected to their `c` twins), so one process can hold both worlds: the
interpreted mode keeps the plain Python runtime (the reference), the compiled mode plays with
the compiled twins. Sources are never modified; the cache key is a hash of every source built
plus Cython's version and the Python ABI, so an edited runtime is rebuilt, never loaded stale.

A module may have a `name.pxd` beside it (Cython's "augmenting .pxd"): C types for its classes,
attributes and hot methods, which only the twin sees. Its `cimport`s of other runtime modules
name the Python modules and are redirected to the twins like imports; annotations in the .py
are ignored by Cython (`annotation_typing=False`), so the .pxd is the one place types live.
The twins' .pxd files stay in the build, so that a card module can be typed against them
(`runtime_binding`: it cimports the compiled Env, helpers and game and calls them through C).
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from . import (SHARED, STREQ_H, Binding, BuildError, CompilerUnavailable, REPO, _lock, _run,
               _run_parallel, abi_tag, c_compiler, c_flags, compiled_dir, cython_version, stale)

LAYOUT = "3"  # what a build directory holds (2: the .pxd files are kept; 3: a shared utility module)

_LOADED: dict = {}
_DIGESTS: dict = {}  # twin name -> the digest of what the loaded twin was built from


def _twin(qualname: str) -> str:
    pkg, _, name = qualname.rpartition(".")
    return f"{pkg}.c{name}"


def _source(qualname: str) -> Path:
    return REPO / (qualname.replace(".", "/") + ".py")


def _declarations(qualname: str) -> Path:
    """A module's C types: the .pxd beside it, else the one in the `accel/` folder of the
    nearest package above it that has one (a game's acceleration layer: accel/game.pxd for
    runtime.games.<g>.game, accel/verbs/draw.pxd for runtime.games.<g>.verbs.draw)."""
    beside = _source(qualname).with_suffix(".pxd")
    if beside.exists():
        return beside
    parts = qualname.split(".")
    for i in range(len(parts) - 1, 0, -1):
        accel = REPO.joinpath(*parts[:i], "accel")
        if accel.is_dir():
            return accel.joinpath(*parts[i:-1], parts[-1] + ".pxd")
    return beside


def runtime_key(modules: tuple) -> str:
    h = hashlib.sha256("\n".join((LAYOUT, cython_version(), abi_tag())).encode())
    h.update(STREQ_H.read_bytes())
    for q in modules:
        h.update(q.encode())
        h.update(_source(q).read_bytes())
        if _declarations(q).exists():
            h.update(_declarations(q).read_bytes())
    return h.hexdigest()[:16]


def module_digest(qualname: str, modules: tuple) -> str:
    """What one twin is built from: its rewritten source and declarations, and the build's
    toolchain. Two runtimes (two games) whose twin of a module has the same digest hold the
    same compiled module, so a process loads it once (load_runtime)."""
    h = hashlib.sha256("\n".join((LAYOUT, cython_version(), abi_tag())).encode())
    h.update(_rewrite(_source(qualname).read_text(), qualname, modules).encode())
    if _declarations(qualname).exists():
        h.update(_rewrite(_declarations(qualname).read_text(), qualname, modules).encode())
    return h.hexdigest()


def _rewrite(text: str, qualname: str, modules: tuple) -> str:
    """Imports of other compiled modules (relative, or absolute `from a.b import`) point at
    their twins."""
    pkg = qualname.rpartition(".")[0]
    for other in modules:
        opkg, _, oname = other.rpartition(".")
        text = re.sub(rf"^(\s*from {re.escape(opkg)}\.){oname}( c?import)", rf"\1c{oname}\2",
                      text, flags=re.M)
        if opkg == pkg:
            text = re.sub(rf"^(\s*from \.){oname}( import)", rf"\1c{oname}\2", text, flags=re.M)
        else:
            # from ...core.rng import X: as many dots as levels up to the common package
            mine, theirs = pkg.split("."), opkg.split(".")
            common = 0
            while common < min(len(mine), len(theirs)) and mine[common] == theirs[common]:
                common += 1
            dots = "." * (len(mine) - common + 1)
            rel = "".join(p + "." for p in theirs[common:])
            text = re.sub(rf"^(\s*from {re.escape(dots + rel)}){oname}( import)",
                          rf"\1c{oname}\2", text, flags=re.M)
    return text


def build_runtime(modules: tuple, progress=None) -> tuple[Path, bool]:
    """Build (or find) the twins of `modules` (qualified names, dependency order)."""
    say = progress or (lambda m: None)
    cc = c_compiler()
    key = runtime_key(modules)
    root = compiled_dir() / f"runtime-{key}"
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    if (root / "COMPLETE").exists():
        return root, True
    with _lock(compiled_dir() / ".build.lock"):
        if (root / "COMPLETE").exists():
            return root, True
        tmp = Path(tempfile.mkdtemp(dir=compiled_dir(), prefix=".build-runtime-"))
        try:
            jobs = []
            for q in modules:
                parts = q.split(".")
                d = tmp.joinpath(*parts[:-1])
                d.mkdir(parents=True, exist_ok=True)
                for i in range(1, len(parts)):
                    tmp.joinpath(*parts[:i], "__init__.py").touch()
                src = d / f"c{parts[-1]}.py"
                src.write_text(_rewrite(_source(q).read_text(), q, modules))
                if _declarations(q).exists():
                    src.with_suffix(".pxd").write_text(
                        _rewrite(_declarations(q).read_text(), q, modules))
                jobs.append((q, src))
            # Cython's utility code for memoryviews, shared by every module of the runtime and
            # by the card modules typed against it, instead of a copy in each (SHARED)
            shared_c = tmp / (SHARED + ".c")
            steps = [(SHARED, [
                ([sys.executable, "-m", "cython", "--generate-shared", str(shared_c)], "cython"),
                (lambda: cc + c_flags(shared_c) + [str(shared_c), "-o",
                                                   str(tmp / (SHARED + suffix))],
                 "the C compiler")])]
            for q, src in jobs:
                c_file = src.with_suffix(".c")
                so = src.with_name(src.stem + suffix)
                steps.append((q, [
                    ([sys.executable, "-m", "cython", "-3", "--fast-fail", "-X",
                      "show_performance_hints=False", "--shared", SHARED, "-I", str(tmp),
                      "-X", "binding=False", "-X", "annotation_typing=False", str(src)],
                     "cython"),
                    (lambda c=c_file, s=so: cc + c_flags(c) + [str(c), "-o", str(s)],
                     "the C compiler")]))
            say(f"cython and cc: the runtime's {len(jobs)} modules, "
                f"{os.cpu_count() or 1} at a time")
            _run_parallel(steps, say)
            shared_c.unlink(missing_ok=True)
            keep_c = bool(os.environ.get("CARDLANG_KEEP_C"))  # for line profiles (docs)
            for _, src in jobs:
                for f in (src.with_suffix(".c"), src.with_suffix(".py")):
                    if not (keep_c and f.suffix == ".c"):
                        f.unlink(missing_ok=True)
            (tmp / "COMPLETE").write_text(" ".join(modules) + "\n")
            os.replace(tmp, root)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)
        for old in compiled_dir().glob("runtime-*"):
            if old != root and stale(old):
                shutil.rmtree(old, ignore_errors=True)
    return root, False


def runtime_binding(modules: tuple, progress=None, game: tuple = ("", ""),
                    context: tuple = ("", "")) -> Binding:
    """The Binding of card modules typed against the compiled runtime of `modules`, whose game
    and effect context classes are `game` and `context`, each (module, class) (qualified
    Python names)."""
    root, _ = build_runtime(modules, progress)
    key = root.name.removeprefix("runtime-")  # the build is named by its key
    return Binding(root, key, _twin("dsl.interp"),
                   _twin(game[0]) if game[0] else "", game[1],
                   _twin(context[0]) if context[0] else "", context[1])


def load_runtime(modules: tuple, progress=None) -> dict:
    """{qualified name: compiled twin module}; raises CompilerUnavailable without a compiler."""
    root, _ = build_runtime(modules, progress)
    if root in _LOADED:
        return _LOADED[root]
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    if SHARED not in sys.modules:  # the shared utility module, imported by name by the others
        path = root / (SHARED + suffix)
        loader = importlib.machinery.ExtensionFileLoader(SHARED, str(path))
        spec = importlib.util.spec_from_file_location(SHARED, str(path), loader=loader)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[SHARED] = mod
        loader.exec_module(mod)
    out = {}
    for q in modules:
        twin = _twin(q)
        path = root.joinpath(*twin.split(".")[:-1], twin.rpartition(".")[2] + suffix)
        mod = sys.modules.get(twin)
        digest = module_digest(q, modules)
        if mod is not None and _DIGESTS.get(twin) == digest:
            # built from the same source and declarations by another game's runtime (the
            # core's modules, dsl.interp): one copy per process, so that the C types every
            # module cimports are the same objects (two copies of dsl.cinterp.Env would be two
            # types of one name: "Cannot convert dsl.cinterp.Env to dsl.cinterp.Env")
            out[q] = mod
            continue
        if mod is None or getattr(mod, "__file__", None) != str(path):
            loader = importlib.machinery.ExtensionFileLoader(twin, str(path))
            spec = importlib.util.spec_from_file_location(twin, str(path), loader=loader)
            mod = importlib.util.module_from_spec(spec)
            sys.modules[twin] = mod
            loader.exec_module(mod)
            _share_exceptions(mod, q)
        _DIGESTS[twin] = digest
        out[q] = mod
    _LOADED[root] = out
    return out


def _share_exceptions(twin, qualname: str) -> None:
    """A twin raises the original module's exception classes (so `except EffectError` catches
    errors from either world); set before the modules that import them are loaded."""
    import importlib
    orig = importlib.import_module(qualname)
    for k, v in vars(orig).items():
        if isinstance(v, type) and issubclass(v, BaseException) and v.__module__ == qualname:
            setattr(twin, k, v)
