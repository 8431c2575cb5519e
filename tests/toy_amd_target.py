"""A toy AMD target in one module, as a new target of backends/rocm/ is: one ``register_target`` call.

gfx90a (MI250X, CDNA2): IREE 3.13 builds for it and lists its dense MFMAs; it has no sparse MFMA, so
``smfmac_k`` is empty and the vdmfma variant skips it. Data-sheet figures: 110 CUs per GCD, 64 KiB LDS,
1.6 TB/s HBM2e per GCD, 8 MiB L2; no Infinity Cache.
"""

from iree_vdmfma.devices.targets import Target, register_target, unregister_target

TOY = register_target(Target("gfx90a", "MI250X toy", 110, 64 * 1024, 4, 512, 8, 8, 1638.4, 191.5, 383.0, 0,
                             8 * 2**20))


def unregister() -> None:
    unregister_target(TOY.arch)
