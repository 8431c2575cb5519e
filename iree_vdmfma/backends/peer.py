"""Peer backend: a vendor library run through torch (see run/peer.py), on any target; never compiled.

Its rows are filled by `vdmfma bench` / sweep --device, not by iree-compile.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import Backend
from .registry import register


@dataclass(frozen=True)
class PeerBackend(Backend):
    def handles(self, target: str) -> bool:
        return True

    def targets_help(self) -> str:
        return "any (runs where torch has the device)"


PEER = register(PeerBackend("peer", "torch.matmul: cuBLAS, hipBLASLt or CPU BLAS (a peer, not compiled)",
                            compiled=False))
