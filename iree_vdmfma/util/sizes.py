"""Sizes written for people ('32M', '256MiB', '1.5G', '1048576') as bytes: the one parser, and bytes written back
for people."""

from __future__ import annotations

import re
from typing import Optional

_SIZE = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([KMG]?)(?:i?B)?\s*", re.I)  # one number: not "1.2.3", not "."
_UNIT = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30}


def parse_size(text: str) -> Optional[int]:
    """Bytes (binary units: K = 1024, fractions rounded down), or None when ``text`` is not a size; ValueError
    (saying 'below one byte') for a size between 0 and one byte ('0.5', '0.5B'): rounded down it would read as 0
    (of what? 0.5G was most likely meant)."""
    m = _SIZE.fullmatch(text)
    if m is None:
        return None
    size = float(m.group(1)) * _UNIT[m.group(2).upper()]
    if 0 < size < 1:
        raise ValueError(f"{text!r}: below one byte")
    return int(size)


def size_text(n: int) -> str:
    """Bytes as a person reads them, in the units :func:`parse_size` takes: '812 B', '3.4 KiB', '1.2 GiB' (one decimal)."""
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if abs(n) >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"
