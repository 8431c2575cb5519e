"""compiler: `Compiler(cache_dir)` (content-addressed compile cache around iree-compile), ISA/PTX evidence, the toolchain, CUDA target probing."""
