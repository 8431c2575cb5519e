"""Reading an input file the user named (:func:`read_input_text`) or one a tool wrote (:func:`read_tool_text`), and atomic file writes: a reader (or a resumed run) sees the old file or the new one, never half of one.

The one place that knows the recipe: a temporary file in the same directory, flushed and
fsync'ed, made readable by everyone the umask allows (mkstemp makes 0600), then renamed over
the target. Anything that goes wrong removes the temporary file; a file-system error names the target.
"""

from __future__ import annotations

import os
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterable, Iterator


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def atomic_writer(path: Path | str, binary: bool = False) -> Iterator[IO]:
    """``with atomic_writer(p) as f: f.write(...)``: ``p`` appears whole when the block ends. Text is UTF-8
    whatever the locale (the toolkit reads its own files back as UTF-8); ``newline=""``: the csv module's ends."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", newline="", encoding="utf-8") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except OSError as e:  # a full or failing disk: the error names the file it was writing
        Path(tmp).unlink(missing_ok=True)
        if e.filename is None and e.errno is not None:
            raise OSError(e.errno, e.strerror, str(path)) from e
        raise
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: Path | str, text: str) -> Path:
    with atomic_writer(path) as f:
        f.write(text)
    return Path(path)


def atomic_write_bytes(path: Path | str, chunks: Iterable[bytes]) -> Path:
    with atomic_writer(path, binary=True) as f:
        for chunk in chunks:
            f.write(chunk)
    return Path(path)


def atomic_write_csv(frame, path: Path | str, **options) -> Path:
    """A pandas DataFrame as CSV at ``path`` (``options``: ``to_csv``'s), whole or not at all."""
    with atomic_writer(path) as f:
        frame.to_csv(f, **options)
    return Path(path)


def read_tool_text(path: Path | str) -> str:
    """A file a tool or the kernel wrote (a compiler's dump, a benchmark's JSON, /proc, /sys): UTF-8 whatever the
    locale, a byte that is not UTF-8 replaced (U+FFFD): what it says is read, never refused."""
    return Path(path).read_text(encoding="utf-8", errors="replace")


def input_kind_problem(path: Path | str) -> str:
    """Why ``path`` cannot be read as an input file ('' when it can): missing, or not a regular file (a FIFO, a
    socket or a device would block or never end a read; a folder is no file)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        return f"cannot read: {e.strerror or e}"
    if stat.S_ISREG(mode):
        return ""
    kind = ("a folder" if stat.S_ISDIR(mode) else "a FIFO (named pipe)" if stat.S_ISFIFO(mode) else
            "a socket" if stat.S_ISSOCK(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else
            "not a regular file")
    return f"{kind}, not a file"


def check_input(path: Path | str, where: str) -> None:
    """ValueError '``where``: why' when ``path`` cannot be read as an input file (:func:`input_kind_problem`)."""
    why = input_kind_problem(path)
    if why:
        raise ValueError(f"{where}: {why}")


def read_input_text(path: Path | str, where: str) -> str:
    """An input file's UTF-8 text, checked for kind before it is opened (a FIFO never blocks the command) and for
    encoding. ValueError '``where``: why' otherwise: bad input, one line, before any work."""
    check_input(path, where)
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise ValueError(f"{where}: cannot read: {e.strerror or e}") from None
    try:
        return utf8_text(data)
    except NotUTF8Text as e:
        raise ValueError(f"{where}: {e}") from None


class NotUTF8Text(ValueError):
    """Bytes that are not UTF-8: the first bad ``byte`` and its ``line`` (1-based)."""

    def __init__(self, byte: int, line: int):
        super().__init__(f"not UTF-8 text (byte 0x{byte:02x} on line {line})")
        self.byte, self.line = byte, line


def utf8_text(data: bytes) -> str:
    """An input file's bytes as text: UTF-8, a byte-order mark (Notepad's, Excel's "CSV UTF-8") no part of it;
    NotUTF8Text otherwise, naming the line of the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise NotUTF8Text(e.object[e.start], e.object[:e.start].count(b"\n") + 1) from None  # e.object: after a BOM
