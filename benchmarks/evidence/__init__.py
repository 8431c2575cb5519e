"""benchmarks/gpu_evidence.py in stages, one module each (its docstring says what it measures):
plan, lists, calibrate, sweeps, forward, race, tune, bundle, summary; cli runs them; common is what they share."""
