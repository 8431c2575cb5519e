"""vdmfma tune: per-shape search over knob settings, measured (or modelled), shipped as a spec pair."""

from . import space_rdna  # noqa: E402,F401  (registers the 'rdna' knob family with tune/space.py)
