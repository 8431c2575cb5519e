"""vdmfma tune: per-shape search over knob settings, measured (or modelled), shipped as a spec pair."""
