"""The Cython back end: a checked card set -> ONE generated .pyx (Jinja templates in
templates/) -> a C extension module in compiled/, cached by a hash of what it was made from.

    generate(cards, label)        the module's source text (readable; one function per effect)
    build(cards, label)           generate + cython + cc, under a file lock, atomically; cached
    load(cards, label, adapter)   the built module, bound to the adapter and the IR (or None
                                  without a C compiler: one warning, the interpreter runs)
    compiled_effects(cards, ...)  what runtime/games/<game>/cardset.py uses in compiled mode

The generated code has exactly the interpreter's semantics (dsl/interp.py): the same adapter
methods are called in the same order; only control flow and simple expressions are inlined.
"""
from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery
import importlib.util
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

from .. import ir as I
from ..interp import MAX_REPEATS
from .emit import REPEAT, STOP_DOGMA, Emitter, comment, lit

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STREQ_H = HERE / "include" / "cl_streq.h"  # str equality for the generated C (c_flags)
REPO = HERE.parent.parent
CARDLANG_VERSION = "0.1.0"


class CompilerUnavailable(Exception):
    """No working C compiler: compiled mode falls back to the interpreter."""


class BuildError(Exception):
    """cython or the C compiler failed on generated code (a generator bug, not a card bug)."""


def compiled_dir() -> Path:
    return Path(os.environ.get("CARDLANG_COMPILED_DIR") or (REPO / "compiled"))


@dataclass(frozen=True)
class Binding:
    """A card module typed against a compiled runtime (dsl/codegen/runtime_build.py): it
    cimports the runtime's Env and adapter classes (their .pxd files under `root`), calls them
    through C, and only binds to them. `key` is the runtime build's, so a new runtime is a new
    module."""
    root: Path
    key: str
    adapter_module: str   # e.g. runtime.games.innovation.cverbs
    adapter_class: str
    env_module: str = "dsl.cinterp"
    env_class: str = "Env"
    game_module: str = ""  # the compiled game class, if the effects may call it through C
    game_class: str = ""
    context_module: str = ""  # the compiled class of the contexts effects are run with
    context_class: str = ""


# ------------------------------------------------------------------------------- hashing
_FINGERPRINT: Optional[str] = None


def compiler_fingerprint() -> str:
    """Cardlang's version plus a hash of what turns IR into the module (the IR's definition,
    the generator, its templates, the renderer that writes the comments): a change to any of
    them is a new Cardlang for the cache. (The front end is covered by `source_hash`, which
    hashes the IR itself.)"""
    global _FINGERPRINT
    if _FINGERPRINT is None:
        h = hashlib.sha256(CARDLANG_VERSION.encode())
        files = [REPO / "dsl" / "ir.py", REPO / "dsl" / "render.py"] + sorted(HERE.glob("*.py")) \
            + sorted(TEMPLATES.glob("*.j2")) + [STREQ_H]
        for f in files:
            h.update(f.name.encode())
            h.update(f.read_bytes())
        _FINGERPRINT = CARDLANG_VERSION + "+" + h.hexdigest()[:12]
    return _FINGERPRINT


def source_hash(cards: list) -> str:
    """Hash of the set's checked IR: everything the module is generated from (it is a function
    of the card files' text, read through this version of the front end)."""
    h = hashlib.sha256()
    for c in cards:
        h.update(repr((c.name, c.path, c.attrs, c.effects, c.condition)).encode())
    return h.hexdigest()


def cython_version() -> str:
    import Cython
    return Cython.__version__


def abi_tag() -> str:
    return f"{sys.implementation.cache_tag}{sysconfig.get_config_var('EXT_SUFFIX')}-{platform.machine()}"


def cache_key(cards: list, binding: Optional[Binding] = None) -> str:
    parts = (source_hash(cards), compiler_fingerprint(), cython_version(), abi_tag())
    if binding is not None:
        parts += (binding.key, binding.adapter_module, binding.adapter_class,
                  binding.env_module, binding.env_class, binding.game_module, binding.game_class,
                  binding.context_module, binding.context_class)
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def module_name(cards: list, label: str, binding: Optional[Binding] = None) -> str:
    safe = re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")[:40] or "cards"
    return f"cl_{safe}_{cache_key(cards, binding)[:16]}"


# ------------------------------------------------------------------------------- generation
def _lower(cards: list):
    """Run the emitter over the set: per-card data for the templates, and the emitter (its
    numbered IR nodes are what the module is bound to)."""
    from ..render import render_effect, render_card
    em = Emitter()
    out = []
    for i, card in enumerate(cards):
        effs = []
        for eff in card.effects:
            if eff.trigger is not None:
                continue
            fn = f"card_{i}_effect_{eff.index}"
            effs.append({"kind": eff.kind, "index": eff.index, "fn": fn,
                         "exports": tuple(eff.exports), "body": em.effect_body(eff),
                         "text": render_effect(eff, card).splitlines() or [""]})
        cond_parts = []
        cond_text = []
        if card.condition is not None:
            cond_parts = [(f"card_{i}_condition_{k}", em.condition(part))
                          for k, part in enumerate(I.condition_parts(card.condition)[1])]
            cond_text = render_card(card).splitlines()[-1:]
        out.append({"index": i, "name": card.name, "path": _rel(card.path), "effects": effs,
                    "condition_parts": cond_parts, "condition_text": cond_text,
                    "repeat_error": f"{card.path}: \"{card.name}\" repeated its effect "
                                    f"{MAX_REPEATS} times"})
    return out, em


def _rel(path: str) -> str:
    try:
        return str(Path(path).resolve().relative_to(REPO))
    except (ValueError, OSError):
        return str(path)


def _env():
    import jinja2
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                             undefined=jinja2.StrictUndefined, autoescape=False,
                             keep_trailing_newline=True, trim_blocks=False)
    env.filters["lit"] = lit
    env.filters["comment"] = comment
    return env


def generate(cards: list, label: str, binding: Optional[Binding] = None) -> tuple[str, Emitter]:
    """The .pyx text of a card set, and the emitter holding the IR nodes it refers to."""
    data, em = _lower(cards)
    text = _env().get_template("module.pyx.j2").render(
        cards=data, queries=em.queries, label=label, version=compiler_fingerprint(),
        binding=binding,
        source_hash=source_hash(cards),
        node_signature=em.signature(), n_nodes=len(em.nodes), REPEAT=REPEAT,
        STOP_DOGMA=STOP_DOGMA)
    return text, em


# ------------------------------------------------------------------------------- building
def c_compiler() -> list:
    """The C compiler command ($CC, else the one Python was built with); raises
    CompilerUnavailable if it cannot be found."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    cmd = shlex.split(cc)
    if not cmd or shutil.which(cmd[0]) is None:
        raise CompilerUnavailable(f"C compiler {cc!r} not found")
    return cmd


def have_c_compiler() -> bool:
    try:
        c_compiler()
    except CompilerUnavailable:
        return False
    return True


@dataclass
class BuildResult:
    name: str
    path: Path
    pyx: Path
    cached: bool
    seconds: float
    size: int


@contextlib.contextmanager
def _lock(path: Path):
    import fcntl
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def built_path(name: str) -> Path:
    return compiled_dir() / (name + sysconfig.get_config_var("EXT_SUFFIX"))


def build(cards: list, label: str, progress: Optional[Callable[[str], None]] = None,
          force: bool = False, binding: Optional[Binding] = None) -> BuildResult:
    """Build (or find in the cache) the extension module of a card set (typed against a
    compiled runtime with a `binding`). Safe to call from several processes at once: one builds
    under the lock, the others then find its result. The module appears under its final name
    only complete (atomic rename)."""
    say = progress or (lambda msg: None)
    t0 = time.perf_counter()
    cc = c_compiler()
    name = module_name(cards, label, binding)
    out = built_path(name)
    pyx_out = compiled_dir() / (name + ".pyx")
    if out.exists() and not force:
        return BuildResult(name, out, pyx_out, True, time.perf_counter() - t0, out.stat().st_size)
    with _lock(compiled_dir() / ".build.lock"):
        if out.exists() and not force:
            return BuildResult(name, out, pyx_out, True, time.perf_counter() - t0,
                               out.stat().st_size)
        say("generating " + name + ".pyx")
        text, _ = generate(cards, label, binding)
        with tempfile.TemporaryDirectory(dir=compiled_dir(), prefix=".build-") as tmp:
            tmp = Path(tmp)
            pyx = tmp / (name + ".pyx")
            pyx.write_text(text, encoding="utf-8")
            c_file = tmp / (name + ".c")
            say("cython " + pyx.name)
            include = ["-I", str(binding.root)] if binding is not None else []
            _run([sys.executable, "-m", "cython", "-3", "--fast-fail", *include,
                  "-o", str(c_file), str(pyx)], "cython")
            say("cc " + c_file.name)
            so = tmp / out.name
            _run(cc + c_flags(c_file) + [str(c_file), "-o", str(so)], "the C compiler")
            if os.environ.get("CARDLANG_KEEP_C"):  # for line profiles (docs/performance.md)
                os.replace(c_file, compiled_dir() / c_file.name)
            os.replace(pyx, pyx_out)
            os.replace(so, out)
        _prune(name)
    return BuildResult(name, out, pyx_out, False, time.perf_counter() - t0, out.stat().st_size)


def c_flags(c_file: Path) -> list:
    """The C compiler's flags for one file Cython generated: a shared module at -O2, plus
    include/cl_streq.h (CPython's own str equality in place of Cython's ordering comparison,
    which was 4.3% of a compiled game's instructions: docs/performance.md, finding 23) when
    the file defines Cython's str comparison helpers under the guards the header relies on;
    otherwise Cython's own."""
    flags = ["-shared", "-fPIC", "-O2", "-fno-strict-aliasing", "-w",
             "-I" + sysconfig.get_paths()["include"]]
    return flags + ["-include", str(STREQ_H)] if streq_applies(c_file.read_text()) else flags


def streq_applies(c_text: str) -> bool:
    """Whether the generated C defines a str comparison helper, each one it defines guarded by
    `#ifndef __Pyx_DEFINED_...` (Cython 3.x), so that cl_streq.h can stand in for it."""
    used = False
    for op in ("Eq", "Ne"):
        if f"int __Pyx_PyObject_CompareStrStrBool{op}(" in c_text:
            if f"#ifndef __Pyx_DEFINED_PyObject_CompareStrStrBool{op}" not in c_text:
                return False
            used = True
    return used


def stale(path: Path, age: float = 3600.0) -> bool:
    """A build of other inputs that nobody has touched for an hour (a process that is about
    to load a build it has just found is never robbed of it)."""
    try:
        return time.time() - path.stat().st_mtime > age
    except OSError:
        return False


def _run(cmd: list, what: str) -> None:
    try:
        r = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        raise CompilerUnavailable(f"{what} could not run: {e}") from None
    if r.returncode != 0:
        raise BuildError(f"{what} failed ({' '.join(cmd[:2])} ...):\n{r.stderr[-4000:]}")


def _prune(keep: str) -> None:
    """Old builds of the same set (other hashes) are never loaded; delete them."""
    prefix = keep[:-16]
    for f in compiled_dir().glob(prefix + "*"):
        if not f.name.startswith(keep) and stale(f):
            with contextlib.suppress(OSError):
                f.unlink()


# ------------------------------------------------------------------------------- loading
_LOADED: dict = {}
_WARNED = False


def warn_interpreted(reason: str) -> None:
    global _WARNED
    if not _WARNED:
        _WARNED = True
        print(f"warning: compiled mode unavailable ({reason}); card effects run in the "
              f"interpreter", file=sys.stderr)


def load(cards: list, label: str, adapter, progress=None, interp=None, context=None,
         binding: Optional[Binding] = None):
    """The built module of this card set, bound to `adapter` and the cards' IR, using `interp`
    (dsl.interp or its compiled twin) for Env, and `context` (the game's EffectContext) for
    special achievements' conditions; typed against a compiled runtime with a `binding`."""
    res = build(cards, label, progress, binding=binding)
    mod = _LOADED.get(res.name)
    if mod is None:
        loader = importlib.machinery.ExtensionFileLoader(res.name, str(res.path))
        spec = importlib.util.spec_from_file_location(res.name, str(res.path), loader=loader)
        mod = importlib.util.module_from_spec(spec)
        loader.exec_module(mod)
        if mod.SOURCE_HASH != source_hash(cards):
            raise RuntimeError(f"{res.path} was built from other card sources (stale module)")
        _LOADED[res.name] = mod
    _, em = _lower(cards)
    if interp is None:
        from .. import interp
    if context is None:
        from runtime.games.innovation.effects import EffectContext as context
    mod.bind(adapter, cards, em.nodes, em.signature(), interp, context)
    return mod


def set_label(card: I.Card) -> str:
    """`game/set` of a card file (cards/<game>/<set>/x.card), else its set attribute."""
    from ..load import game_and_set
    try:
        if card.path and Path(card.path).suffix == ".card":
            g, s = game_and_set(Path(card.path))
            if s:
                return f"{g}/{s}"
    except (ValueError, OSError):
        pass
    return "cards/" + str(card.attrs.get("set") or "set")


class CompiledCards:
    """Compiled runners for a list of cards (one module per set), looked up by card object."""

    def __init__(self):
        self._by_card: dict = {}

    def add(self, mod, cards: list) -> None:
        for i, c in enumerate(cards):
            self._by_card[id(c)] = (mod, i, c)

    def effects(self, card: I.Card, adapter, kinds=None) -> list:
        """What dsl.interp.make_effects returns, with compiled runners."""
        from ..render import render_effect
        mod, i, c = self._by_card[id(card)]
        runners = {idx: fn for _, idx, fn in mod.EFFECTS[i]}
        out = []
        for eff in card.effects:
            if eff.trigger is not None or (kinds is not None and eff.kind not in kinds):
                continue
            out.append(adapter.effect_class(eff.kind, runners[eff.index], render_effect(eff, card)))
        return out

    def condition(self, card: I.Card, cid: int, part: int = 0):
        """`holds(game, player)` for part `part` (dsl.ir.condition_parts) of the condition of the
        special achievement `card` (card id `cid`)."""
        mod, i, _ = self._by_card[id(card)]
        return mod.condition(i, cid, part)


def compiled_effects(cards: list, adapter, interp=None, context=None,
                     progress=None, binding: Optional[Binding] = None) -> Optional[CompiledCards]:
    """Build/load one module per set of `cards`; None (after one warning) without a C
    compiler, so that the caller falls back to the interpreter."""
    groups: dict = {}
    for c in cards:
        groups.setdefault(set_label(c), []).append(c)
    cc = CompiledCards()
    try:
        for label, group in groups.items():
            cc.add(load(group, label, adapter, progress, interp, context, binding), group)
    except CompilerUnavailable as e:
        warn_interpreted(str(e))
        return None
    return cc


def compiled_runtime(modules: tuple, progress=None) -> Optional[dict]:
    """The runtime's own modules built by Cython (dsl/codegen/runtime_build.py): {qualified
    name: compiled twin}; None (after one warning) without a C compiler."""
    from .runtime_build import load_runtime
    try:
        return load_runtime(tuple(modules), progress)
    except CompilerUnavailable as e:
        warn_interpreted(str(e))
        return None
