"""The built-in variants: IREE's own choice, forced VDMFMA, the padded-MFMA baseline, split-K, the torch peer, tuned."""

from ..backends import PEER, ROCM
from ..configs.catalog import has_vdmfma
from ..configs.rules import padded_config, vdmfma_config
from .registry import Variant, all_of, plain_only, register
from .tuned import tuned_config, tuned_split

DEFAULT = register(Variant("default", "no spec: whatever IREE's own selector picks (any target)", lambda p, a: None))


def _sparse_catalog(problem, target: str) -> tuple[bool, str]:
    """VDMFMA needs a sparse-backed intrinsic; RDNA (gfx11/gfx12) has none in IREE 3.13's catalog."""
    if has_vdmfma(target):
        return True, ""
    return False, (f"{target} has no sparse (VDMFMA) intrinsic: IREE 3.13's catalog lists none for RDNA "
                   "(gfx11/gfx12 have WMMA but no v_smfmac); see the padded and gemv variants")


VDMFMA = register(Variant("vdmfma", "forced VDMFMA (virtual dense MFMA from sparse v_smfmac)", vdmfma_config,
                          backend=ROCM, requires=all_of(plain_only, _sparse_catalog)))
PADDED = register(Variant("padded", "forced dense 16x16 MFMA with M padded to 16 (the write-up's baseline)",
                          padded_config, backend=ROCM, baseline=True, requires=plain_only))
SPLITK = register(Variant("splitk", "IREE's own split-reduction heuristic (--iree-dispatch-creation-enable-split-reduction)",
                          lambda p, a: None, flags=("--iree-dispatch-creation-enable-split-reduction",), splits=True))
TORCH = register(Variant("torch", "the vendor library through torch.matmul (cuBLAS, hipBLASLt, CPU BLAS): a peer, "
                         "not compiled; runs with `vdmfma bench` / sweep --device", lambda p, a: None, backend=PEER))
TUNED = register(Variant("tuned", "the winners of `vdmfma tune` from a tuning library ($VDMFMA_TUNED_LIBRARY, else "
                         "specs/): split-K chunk + config per shape; shapes not in it get IREE's default",
                         tuned_config, split_rule=tuned_split))
