"""Writing files so that nothing saved is lost: atomically (a temporary file in the same folder,
flushed to disk, then renamed over the target) and only over regular files, never over a
device, a pipe or a folder (`save /dev/full --force` is refused, not reported as saved)."""
from __future__ import annotations

import os
import stat
import tempfile


class WriteRefused(Exception):
    """A file that must not be written (exists without --force, not a regular file...)."""


def check_target(path, force: bool) -> str:
    """The real path to write `path` to, or WriteRefused with the reason."""
    path = os.fspath(path)
    if not path:
        raise WriteRefused("no file name given")
    real = os.path.realpath(path)
    try:
        st = os.stat(real)
    except FileNotFoundError:
        return real
    except OSError as e:
        raise WriteRefused(f"{path}: cannot check it: {e.strerror or e}")
    if not stat.S_ISREG(st.st_mode):
        raise WriteRefused(f"{path} is not a regular file (a folder, device or pipe): not written")
    if not force:
        raise WriteRefused(f"{path} exists: not overwritten (use --force to overwrite)")
    return real


def atomic_write(path, text: str, force: bool = True) -> None:
    """Write `text` to `path` as one step: readers see the old file or the new one, never a
    part; on any error the old file is left as it was and OSError (or WriteRefused) is raised."""
    real = check_target(path, force)
    folder = os.path.dirname(real) or "."
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(real) + ".", suffix=".tmp",
                               dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, real)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
