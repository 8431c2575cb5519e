"""Devices and targets: the ONE owner of device names, probing, compile flags, compatibility, peaks.

- ``targets``: data-sheet facts per GPU target (CUs, LDS, peaks, caches): modelled inputs.
- ``probe``: IREE device URIs, aliases, which devices exist here, their arch.
- ``flags``: iree-compile flags for a target.
- ``modules``: what a .vmfb was built for, and whether a device can run it.
- ``caches``: cache sizes a cold run must defeat; peak bandwidth per device.
"""

from .caches import default_cache_bytes, peak_gbps  # noqa: F401
from .flags import compile_flags  # noqa: F401
from .modules import ModuleTarget, check_target, parse_target, read_module_target  # noqa: F401
from .probe import (CPU_DEVICES, DeviceError, DeviceUnavailableError, TargetMismatchError,  # noqa: F401
                    device_kind, device_target, driver_of, hip_arch, cuda_arch, normalize_device,
                    plan_device, probe_driver, require_device, resolve_device)
from .targets import CPU_TARGET, TARGETS, Target, UnknownTargetError, target  # noqa: F401
