"""Atomic file writes: a file is either its old version or the complete new one.

``Tokenizer.save``, the CLI and the GUI write through these helpers so that a crash,
a full disk or a killed process never leaves a half-written ``tokenizer.json``: the
data goes to a temporary file in the *same directory* (so the final rename does not
cross file systems), is flushed and fsynced, then ``os.replace`` swaps it in. If
anything fails the temporary file is removed and the original file is untouched.

These helpers raise ``OSError`` like ``open`` does; callers turn it into their own
error (``Tokenizer.save`` raises ``TokenizerFileError``).

Example:
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "out.txt")
    >>> atomic_write_text(path, "héllo\\n")
    >>> open(path, encoding="utf-8").read()
    'héllo\\n'
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat

PathLike = str | os.PathLike


def atomic_write_bytes(path: PathLike, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (same-directory temp file, fsync, rename)."""
    target = os.path.abspath(os.fspath(path))
    directory = os.path.dirname(target)
    tmp, fd = _create_temp(directory, os.path.basename(target))
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        _copy_mode(target, tmp)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_directory(directory)


def atomic_write_text(path: PathLike, text: str, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``text`` atomically; newlines are written as given."""
    atomic_write_bytes(path, text.encode(encoding))


def _create_temp(directory: str, name: str) -> tuple[str, int]:
    # os.open with mode 0o666 lets the umask decide the permissions, like a normal
    # open(); tempfile.mkstemp would force 0o600 on the saved file.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = os.path.join(directory, f".{name}.{secrets.token_hex(4)}.tmp")
        try:
            return tmp, os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
    raise FileExistsError(f"cannot create a temporary file in {directory}")


def _copy_mode(target: str, tmp: str) -> None:
    # Overwriting keeps the existing file's permissions.
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        return
    os.chmod(tmp, mode)


def _fsync_directory(directory: str) -> None:
    # Make the rename itself durable; not possible (nor needed) on every platform.
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
