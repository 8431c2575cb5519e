"""model: export a PyTorch model with iree-turbine, find its GEMM dispatches in the compiler dumps, spec and prove them (above sweep; torch is imported lazily, only in source.py)."""
