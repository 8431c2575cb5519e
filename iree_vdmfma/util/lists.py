"""Lists of integers written for people: the one ``--m`` grammar ('1,4,8', '1-32', '1-8,16,32')."""

from __future__ import annotations

import re


def parse_m(text: str) -> list[int]:
    """'1-32', '1,8,16', '1-4,8,16-32' -> sorted distinct positive ints (ValueError saying what is wrong)."""
    out: set[int] = set()
    for part in (p.strip() for p in str(text).split(",")):
        if not part:
            continue
        m = re.fullmatch(r"(\d+)\s*-\s*(\d+)|(\d+)", part)
        if not m:
            raise ValueError(f"bad M value {part!r}: use N, A-B or a comma list such as 1-8,16,32")
        lo, hi = (int(m.group(1)), int(m.group(2))) if m.group(3) is None else (int(m.group(3)),) * 2
        if lo < 1 or hi < lo:
            raise ValueError(f"bad M range {part!r}: need 1 <= A <= B")
        out.update(range(lo, hi + 1))
    if not out:
        raise ValueError("no M values given")
    return sorted(out)


def counted(n: int, noun: str, plural: str = "") -> str:
    """'1 shape', '6 shapes', '0 shapes': a count with its noun in the number it takes."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
