"""Lists of integers written for people: the one ``--m`` grammar ('1,4,8', '1-32', '1-8,16,32')."""

from __future__ import annotations

import re

MAX_M_VALUES = 4096  # each M is a problem to compile: a longer list is a typo (1-100000000), never a sweep


def parse_m(text: str) -> list[int]:
    """'1-32', '1,8,16', '1-4,8,16-32' -> sorted distinct positive ints, at most MAX_M_VALUES (ValueError saying what
    is wrong, before a range is listed). An empty item ('1,,2', '1,2,') is refused, never read past: it is a value
    lost (an unset variable, a typo), as an empty option value is."""
    out: set[int] = set()
    parts = [p.strip() for p in str(text).split(",")]
    if "" in parts and any(parts):
        raise ValueError("an empty item in the list (two commas together, or one at an end): give N, A-B or a comma "
                         "list such as 1-8,16,32")
    for part in filter(None, parts):
        m = re.fullmatch(r"(\d+)\s*-\s*(\d+)|(\d+)", part)
        if not m:
            raise ValueError(f"bad M value {part!r}: use N, A-B or a comma list such as 1-8,16,32")
        lo, hi = (int(m.group(1)), int(m.group(2))) if m.group(3) is None else (int(m.group(3)),) * 2
        if lo < 1 or hi < lo:
            raise ValueError(f"bad M range {part!r}: need 1 <= A <= B")
        if hi - lo + 1 > MAX_M_VALUES:
            raise ValueError(f"range {part!r} holds {hi - lo + 1} values; one --m takes at most {MAX_M_VALUES} "
                             "(each is a problem to compile)")
        out.update(range(lo, hi + 1))
    if len(out) > MAX_M_VALUES:
        raise ValueError(f"{len(out)} values; one --m takes at most {MAX_M_VALUES} (each is a problem to compile)")
    if not out:
        raise ValueError("no M values given")
    return sorted(out)


def counted(n: int, noun: str, plural: str = "") -> str:
    """'1 shape', '6 shapes', '0 shapes': a count with its noun in the number it takes."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
