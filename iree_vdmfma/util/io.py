"""Atomic file writes: a reader (or a resumed run) sees the old file or the new one, never half of one.

The one place that knows the recipe: a temporary file in the same directory, flushed and
fsync'ed, made readable by everyone the umask allows (mkstemp makes 0600), then renamed over
the target. Anything that goes wrong removes the temporary file; a file-system error names the target.
"""

from __future__ import annotations

import os
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
    """``with atomic_writer(p) as f: f.write(...)``: ``p`` appears whole when the block ends."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb" if binary else "w", **({} if binary else {"newline": ""})) as f:
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
