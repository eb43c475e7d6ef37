"""The Cython back end: a checked card set -> its core IR (dsl/lower.py) -> generated .pyx
modules (Jinja templates in templates/, a visitor emitter in emit.py) -> C extension modules
in compiled/, each cached by a hash of what it was made from.

A set is compiled in chunks (`chunks`: each card goes to one of a few modules by its file's
name), so that editing one card rebuilds one small module, and the chunks of a cold build are
built in parallel. The game's runtime is compiled once per runtime version (runtime_build.py)
and shared by every set.

    generate(cards, label, vocab)   a chunk's source text (readable: one function per effect)
    build(cards, label, vocab)      generate + cython + cc, under a file lock, atomically
    compiled_effects(cards, vocab, ...)   what a game's cardset uses in compiled mode

The generated code has exactly the interpreter's semantics (dsl/interp.py): the same
definitions and helpers are called in the same order; only control flow and the forms the
game declares inline are inlined.
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
from ..lower import Lowering
from .emit import REPEAT, STOP_EFFECT, Emitter, comment, lit

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STREQ_H = HERE / "include" / "cl_streq.h"  # str equality for the generated C (c_flags)
REPO = HERE.parent.parent
CARDLANG_VERSION = "0.1.0"
# Cython's shared utility module (memoryview support), built once with the compiled runtime
# (runtime_build.py) and imported by name by its modules and the card modules typed against it
SHARED = "_cardlang_cyutility"


class CompilerUnavailable(Exception):
    """No working C compiler: compiled mode falls back to the interpreter."""


class BuildError(Exception):
    """cython or the C compiler failed on generated code (a generator bug, not a card bug)."""


def compiled_dir() -> Path:
    return Path(os.environ.get("CARDLANG_COMPILED_DIR") or (REPO / "compiled"))


@dataclass(frozen=True)
class Binding:
    """A card module typed against a compiled runtime (dsl/codegen/runtime_build.py): it
    cimports the runtime's Env and helpers, the game class and the effect context class (their
    .pxd files under `root`), calls them through C, and only binds to them. `key` is the
    runtime build's, so a new runtime is a new module. `twin(module)` names the compiled twin
    of a runtime module (for the game's cimports)."""
    root: Path
    key: str
    env_module: str = "dsl.cinterp"
    game_module: str = ""  # the compiled game class the effects call through C
    game_class: str = ""
    context_module: str = ""  # the compiled class of the contexts effects are run with
    context_class: str = ""

    @staticmethod
    def twin(module: str) -> str:
        pkg, _, name = module.rpartition(".")
        return f"{pkg}.c{name}"


# ------------------------------------------------------------------------------- hashing
_FINGERPRINT: Optional[str] = None


def compiler_fingerprint() -> str:
    """Cardlang's version plus a hash of what turns IR into the module (the IR's definition,
    the lowering to the core IR and its definition, the generator, its templates, the renderer
    that writes the comments, the where-parts computed once: dsl/hoist.py): a change to any of
    them is a new Cardlang for the cache. (The front end is covered by `source_hash`, which
    hashes the IR itself.)"""
    global _FINGERPRINT
    if _FINGERPRINT is None:
        h = hashlib.sha256(CARDLANG_VERSION.encode())
        files = [REPO / "dsl" / "ir.py", REPO / "dsl" / "lower.py", REPO / "dsl" / "core.py",
                 REPO / "dsl" / "render.py", REPO / "dsl" / "hoist.py"] + sorted(HERE.glob("*.py")) \
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


_VOCAB_PRINTS: dict = {}


def vocab_fingerprint(vocab) -> str:
    """A hash of the sources of a game's vocabulary: the files that declare its words and
    define its verbs', functions' and tests' behaviour and inline forms, its lister and its
    phrasebook (the comments of a generated module are its English). A vocabulary rebound to
    the compiled twins has its source's: the same modules are generated from both."""
    vocab = vocab.origin or vocab
    made = _VOCAB_PRINTS.get(id(vocab))
    if made is not None and made[0] is vocab:
        return made[1]
    made = _VOCAB_PRINTS[id(vocab)] = (vocab, _vocab_fingerprint(vocab))
    return made[1]


def _vocab_fingerprint(vocab) -> str:
    import inspect
    files = {w.rsplit(":", 1)[0] for w in vocab._where.values()}
    objs = [vocab.lister, vocab.phrasebook, type(vocab.inline) if vocab.inline else None,
            *vocab.domains.values()]
    for table in (vocab.verbs, vocab.functions, vocab.tests):
        for d in table.values():
            objs.append(d.run)
    for obj in objs:
        try:
            if obj is not None:
                files.add(inspect.getfile(obj))
        except (TypeError, OSError):
            pass
    h = hashlib.sha256()
    for f in sorted(files):
        try:
            h.update(Path(f).read_bytes())
        except OSError:
            h.update(f.encode())
    return h.hexdigest()[:16]


def cache_key(cards: list, vocab, binding: Optional[Binding] = None) -> str:
    parts = (source_hash(cards), compiler_fingerprint(), vocab_fingerprint(vocab),
             cython_version(), abi_tag())
    if binding is not None:
        parts += (binding.key, binding.env_module, binding.game_module, binding.game_class,
                  binding.context_module, binding.context_class)
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def module_name(cards: list, label: str, vocab, binding: Optional[Binding] = None) -> str:
    safe = re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")[:40] or "cards"
    return f"cl_{safe}_{cache_key(cards, vocab, binding)[:16]}"


# ------------------------------------------------------------------------------- generation
N_CHUNKS = 8  # modules per set: one card's edit rebuilds about an eighth of the set


def chunks(cards: list, label: str) -> list:
    """[(chunk label, cards)]: each card in the chunk its file's name hashes to (stable, so
    that editing or adding a card leaves the other chunks as they were), in order."""
    import zlib
    groups: dict = {}
    for c in cards:
        key = Path(c.path).name if c.path else c.name
        groups.setdefault(zlib.crc32(key.encode()) % N_CHUNKS, []).append(c)
    return [(f"{label}/{k}", groups[k]) for k in sorted(groups)]


def _lower(cards: list, vocab):
    """Run the lowering and the emitter over a chunk: per-card data for the templates, the
    effects' core IR (in order), and the emitter (its numbered objects are what the module is
    bound to)."""
    from ..render import renderer_for
    render = renderer_for(vocab)
    lowering = Lowering(vocab, labels=render.either_label)
    em = Emitter(vocab)
    out, effects = [], []
    for i, card in enumerate(cards):
        effs = []
        for eff in card.effects:
            fn = f"card_{i}_effect_{eff.index}"
            text = render.effect(eff, card)
            core = lowering.effect(card, eff, text)
            effs.append({"kind": eff.kind, "index": eff.index, "fn": fn, "number": len(effects),
                         "exports": tuple(eff.exports), "body": em.effect_body(core),
                         "text": text.splitlines() or [""],
                         "subject": eff.trigger is not None})
            effects.append(core)
        cond_parts = []
        cond_text = []
        item_tests = []  # per part: the item_N function of an any/none part (or None)
        if card.condition is not None:
            for k, part in enumerate(I.condition_parts(card.condition)[1]):
                low = lowering.condition(part)
                cond_parts.append((f"card_{i}_condition_{k}", em.condition(low)))
                item_tests.append(em.item_test(low))
            cond_text = render.card(card).splitlines()[-1:]
        out.append({"index": i, "name": card.name, "path": _rel(card.path), "effects": effs,
                    "condition_parts": cond_parts, "condition_text": cond_text,
                    "item_tests": item_tests,
                    "repeat_error": f"{card.path}: \"{card.name}\" repeated its effect "
                                    f"{MAX_REPEATS} times"})
    return out, effects, em


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


def _cimports(vocab, binding: Optional[Binding]) -> list:
    """The game's names the generated code calls: (module, name, alias), modules named as the
    compiled twins with a binding."""
    inline = vocab.inline
    names = list(inline.cimports) if inline is not None else []
    if binding is not None:
        return [(Binding.twin(m), n, a) for m, n, a in names]
    return names


def generate(cards: list, label: str, vocab, binding: Optional[Binding] = None) -> tuple[str, Emitter]:
    """The .pyx text of a chunk of a card set, and the emitter holding the objects it refers to."""
    data, _, em = _lower(cards, vocab)
    imports = _cimports(vocab, binding)
    text = _env().get_template("module.pyx.j2").render(
        cards=data, queries=em.queries, tests=em.tests, label=label,
        version=compiler_fingerprint(), binding=binding, cimports=imports,
        module_py={m: m for m, _, _ in imports}, source_hash=source_hash(cards),
        node_signature=em.signature(), n_nodes=len(em.nodes), REPEAT=REPEAT,
        STOP_EFFECT=STOP_EFFECT)
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


def build(cards: list, label: str, vocab, progress: Optional[Callable[[str], None]] = None,
          force: bool = False, binding: Optional[Binding] = None) -> list:
    """Build (or find in the cache) the extension modules of a card set, one per chunk
    (`chunks`), typed against a compiled runtime with a `binding`: the missing chunks are
    generated, then run through Cython and the C compiler in parallel (as many at once as
    there are cores). Safe to call from several processes at once: one builds under the lock,
    the others then find its result. A module appears under its final name only complete
    (atomic rename). Returns one BuildResult per chunk."""
    say = progress or (lambda msg: None)
    t0 = time.perf_counter()
    cc = c_compiler()
    jobs = []
    for chunk_label, group in chunks(cards, label):
        name = module_name(group, chunk_label, vocab, binding)
        jobs.append((name, chunk_label, group))

    def results(built: set) -> list:
        dt = time.perf_counter() - t0
        return [BuildResult(n, built_path(n), compiled_dir() / (n + ".pyx"), n not in built,
                            dt, built_path(n).stat().st_size) for n, _, _ in jobs]

    if not force and all(built_path(n).exists() for n, _, _ in jobs):
        return results(set())
    with _lock(compiled_dir() / ".build.lock"):
        todo = [j for j in jobs if force or not built_path(j[0]).exists()]
        if not todo:
            return results(set())
        with tempfile.TemporaryDirectory(dir=compiled_dir(), prefix=".build-") as tmp:
            tmp = Path(tmp)
            include = ["-I", str(binding.root), "--shared", SHARED] if binding is not None \
                else []
            steps = []
            for i, (name, chunk_label, group) in enumerate(todo):
                say(f"generating {chunk_label} ({len(group)} cards, {i + 1}/{len(todo)})")
                text, _ = generate(group, chunk_label, vocab, binding)
                pyx = tmp / (name + ".pyx")
                pyx.write_text(text, encoding="utf-8")
                c_file = tmp / (name + ".c")
                so = tmp / built_path(name).name
                steps.append((name, [
                    ([sys.executable, "-m", "cython", "-3", "--fast-fail", "-X", "show_performance_hints=False", *include,
                      "-o", str(c_file), str(pyx)], "cython"),
                    (lambda c=c_file, s=so: cc + c_flags(c) + [str(c), "-o", str(s)],
                     "the C compiler")]))
            say(f"cython and cc: {len(steps)} module(s), {os.cpu_count() or 1} at a time")
            _run_parallel(steps, say)
            for name, _, _ in todo:
                c_file = tmp / (name + ".c")
                if os.environ.get("CARDLANG_KEEP_C"):  # for line profiles (docs/performance.md)
                    os.replace(c_file, compiled_dir() / c_file.name)
                os.replace(tmp / (name + ".pyx"), compiled_dir() / (name + ".pyx"))
                os.replace(tmp / built_path(name).name, built_path(name))
        for name, _, _ in todo:
            _prune(name)
    return results({n for n, _, _ in todo})


def _run_parallel(steps: list, say) -> None:
    """Run each job's commands in order (a command may be a function giving the command,
    made when it is run), up to one job per core at a time; the first failure stops all."""
    pending = list(steps)
    running: list = []
    ncpu = os.cpu_count() or 1

    def start(name, cmds):
        make, what = cmds[0]
        cmd = make() if callable(make) else make
        try:
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    text=True)
        except OSError as e:
            raise CompilerUnavailable(f"{what} could not run: {e}") from None
        running.append((name, cmds, proc, what))

    try:
        while pending or running:
            while pending and len(running) < ncpu:
                name, cmds = pending.pop(0)
                start(name, cmds)
            done = next((r for r in running if r[2].poll() is not None), None)
            if done is None:
                time.sleep(0.02)
                continue
            running.remove(done)
            name, cmds, proc, what = done
            _, err = proc.communicate()
            if proc.returncode != 0:
                raise BuildError(f"{what} failed on {name}:\n{_errors(err)}")
            if len(cmds) > 1:
                start(name, cmds[1:])
            else:
                say(f"built {name}")
    finally:
        for _, _, proc, _ in running:
            proc.kill()


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


def stale(path: Path, seconds: float = 3600.0) -> bool:
    """A build of other inputs that nobody has touched for an hour (a process that is about
    to load a build it has just found is never robbed of it)."""
    try:
        return time.time() - path.stat().st_mtime > seconds
    except OSError:
        return False


def _run(cmd: list, what: str) -> None:
    try:
        r = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        raise CompilerUnavailable(f"{what} could not run: {e}") from None
    if r.returncode != 0:
        raise BuildError(f"{what} failed ({' '.join(cmd[:2])} ...):\n{_errors(r.stderr)}")


def _errors(stderr: str) -> str:
    """The end of a tool's error output, without Cython's warnings and performance hints."""
    lines = [ln for ln in stderr.splitlines()
             if not ln.startswith(("performance hint:", "warning:"))]
    return "\n".join(lines)[-4000:]


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


def load(cards: list, label: str, vocab, interp, context, progress=None,
         binding: Optional[Binding] = None) -> list:
    """The built modules of this card set's chunks, each bound to the objects its code refers
    to (the chunk lowered again: the same structure, checked by signature), to `interp`
    (dsl.interp or its compiled twin) and to `context` (the game's effect context class).
    Returns [(module, chunk cards)]."""
    results = build(cards, label, vocab, progress, binding=binding)
    out = []
    for res, (chunk_label, group) in zip(results, chunks(cards, label)):
        mod = _LOADED.get(res.name)
        if mod is None:
            loader = importlib.machinery.ExtensionFileLoader(res.name, str(res.path))
            spec = importlib.util.spec_from_file_location(res.name, str(res.path), loader=loader)
            mod = importlib.util.module_from_spec(spec)
            loader.exec_module(mod)
            if mod.SOURCE_HASH != source_hash(group):
                raise RuntimeError(f"{res.path} was built from other card sources (stale module)")
            _LOADED[res.name] = mod
        _, effects, em = _lower(group, vocab)
        mod.bind(em.nodes, effects, em.signature(), interp, context)
        out.append((mod, group))
    return out


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
    """Compiled runners for a list of cards (a few modules per set), looked up by card."""

    def __init__(self):
        self._by_card: dict = {}

    def add(self, mod, cards: list) -> None:
        for i, c in enumerate(cards):
            self._by_card[id(c)] = (mod, i, c)

    def effects(self, card: I.Card, make_effect, text=None) -> list:
        """The card's effects (those without a trigger) as make_effect(kind, run, text), with
        `text(effect)` its English."""
        mod, i, c = self._by_card[id(card)]
        runs = {idx: run for _, idx, run in mod.EFFECTS[i]}
        return [make_effect(eff.kind, runs[eff.index], text(eff) if text else "")
                for eff in c.effects if eff.trigger is None]

    def runner(self, card: I.Card, eff: I.Effect):
        """The compiled run(ctx) of one effect of a card (a triggered one's too)."""
        mod, i, _ = self._by_card[id(card)]
        return {idx: run for _, idx, run in mod.EFFECTS[i]}[eff.index]

    def condition(self, card: I.Card, cid: int, part: int = 0):
        """`holds(game, player)` for part `part` (dsl.ir.condition_parts) of the condition of the
        card `card` (card id `cid`)."""
        mod, i, _ = self._by_card[id(card)]
        return mod.condition(i, cid, part)

    def condition_item(self, card: I.Card, cid: int, part: int = 0):
        """`test(game, player, item)` for part `part` of the card's condition when that part is
        any/none of a query: whether one candidate passes the query's filters (None for a
        part of another form)."""
        mod, i, _ = self._by_card[id(card)]
        return mod.condition_item(i, cid, part)


def compiled_effects(cards: list, vocab, interp, context, progress=None,
                     binding: Optional[Binding] = None,
                     label: Optional[str] = None) -> Optional[CompiledCards]:
    """Build/load the modules of each set of `cards` (all of them as the one set `label` when
    given); None (after one warning) without a C compiler, so that the caller falls back to
    the interpreter."""
    groups: dict = {}
    for c in cards:
        groups.setdefault(label or set_label(c), []).append(c)
    cc = CompiledCards()
    try:
        for label, group in groups.items():
            for mod, chunk in load(group, label, vocab, interp, context, progress, binding):
                cc.add(mod, chunk)
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
