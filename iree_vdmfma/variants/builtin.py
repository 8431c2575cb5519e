"""The built-in variants: IREE's own choice, forced VDMFMA, the padded-MFMA baseline, split-K, the torch peer, tuned."""

from ..backends import PEER, ROCM
from ..configs.rules import padded_config, vdmfma_config
from .registry import Variant, plain_only, register
from .tuned import tuned_config, tuned_split

DEFAULT = register(Variant("default", "no spec: whatever IREE's own selector picks (any target)", lambda p, a: None))
VDMFMA = register(Variant("vdmfma", "forced VDMFMA (virtual dense MFMA from sparse v_smfmac)", vdmfma_config,
                          backend=ROCM, refuses=plain_only))
PADDED = register(Variant("padded", "forced dense 16x16 MFMA with M padded to 16 (the write-up's baseline)",
                          padded_config, backend=ROCM, baseline=True, refuses=plain_only))
SPLITK = register(Variant("splitk", "IREE's own split-reduction heuristic (--iree-dispatch-creation-enable-split-reduction)",
                          lambda p, a: None, flags=("--iree-dispatch-creation-enable-split-reduction",), splits=True))
TORCH = register(Variant("torch", "the vendor library through torch.matmul (cuBLAS, hipBLASLt, CPU BLAS): a peer, "
                         "not compiled; runs with `vdmfma bench` / sweep --device", lambda p, a: None, backend=PEER))
TUNED = register(Variant("tuned", "the winners of `vdmfma tune` from a tuning library ($VDMFMA_TUNED_LIBRARY, else "
                         "specs/): split-K chunk + config per shape; shapes not in it get IREE's default",
                         tuned_config, split_rule=tuned_split))
