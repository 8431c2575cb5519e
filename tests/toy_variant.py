"""A toy variant in one module: IREE's own choice, but only on the toy backend."""

from iree_vdmfma.variants import Variant, register
from toy_backend import TOY

TOY_VARIANT = register(Variant("toy", "IREE's own choice on the toy backend (a test variant)",
                               lambda problem, target: None, backend=TOY))
