"""What a compile proved, kept under the compile cache: a cache hit reads it instead of proving again.

Proving a dump (the configured IR through the bindings, the ISA's counts and resources, the kernel
fingerprint) depends only on the dump's files, the job (problem, variant, config, target) and the
toolkit's code. So its outcome, the row fields it sets, is kept in ``CACHE/.proofs/`` (beside the entries, not one of them) under a hash of all
three: the cache entry's manifest (every file's sha256), the job, and the source of this iree_vdmfma
package. Another entry, job or toolkit version proves afresh. A proof file that was edited or cut (its
checksum) is not trusted: the dump is proved again and the file rewritten. Without a cache (``--no-cache``)
nothing is kept. A proof file may be removed at any time (`vdmfma cache prune`): a memo, it is proved again.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Callable, Optional

from ..compiler.driver import CompileResult
from ..compiler.entry import MANIFEST, PROOFS, touch
from ..util.io import atomic_write_text

_SCALARS = (str, int, float, bool, type(None))


@lru_cache(maxsize=None)
def code_digest() -> str:
    """sha256 of this package's Python source (every module, by relative path): the toolkit's version."""
    root = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def _checksum(fields: dict) -> str:
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()


class ProofMemo:
    """Proofs of cache entries under ``cache_dir`` (None: none kept)."""

    def __init__(self, cache_dir: Optional[Path]):
        self.cache_dir = Path(cache_dir) if cache_dir else None

    def _path(self, identity: str, result: CompileResult) -> Optional[Path]:
        if self.cache_dir is None or result.workdir.parent != self.cache_dir:
            return None  # not a cache entry (no cache; a timed-out compile's scratch)
        h = hashlib.sha256((result.workdir / MANIFEST).read_bytes())
        h.update(b"\0" + identity.encode() + b"\0" + code_digest().encode())
        return self.cache_dir / PROOFS / f"{h.hexdigest()[:40]}.json"

    def fields(self, identity: str, result: CompileResult, prove: Callable[[], dict]) -> dict:
        """The row fields ``prove()`` gives for ``result``'s dump and the job ``identity`` names: kept ones when
        they are there and whole, else ``prove()``'s, kept for next time."""
        try:
            path = self._path(identity, result)
        except OSError:
            path = None
        if path is not None:
            try:
                kept = json.loads(path.read_text(encoding="utf-8"))
                if isinstance(kept, dict) and isinstance(kept.get("fields"), dict) \
                        and kept.get("sha256") == _checksum(kept["fields"]):
                    touch(path)  # its last use, for `vdmfma cache prune`
                    return kept["fields"]
            except (OSError, ValueError):
                pass
        fields = prove()
        if path is not None and all(isinstance(v, _SCALARS) for v in fields.values()):
            try:
                atomic_write_text(path, json.dumps({"fields": fields, "sha256": _checksum(fields)}, sort_keys=True))
            except OSError:
                pass  # a read-only or full cache: proved, just not kept
        return fields
