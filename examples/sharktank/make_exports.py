"""Export sharktank's paged-Llama programs (what shortfin serves) with random weights, no downloads.

Run in the *export environment* (see examples/sharktank/README.md; never the toolkit's own venv:
sharktank 3.8.0 pulls wave-lang and iree-turbine 3.9.0 calls binding methods IREE 3.13 dropped):

    python examples/sharktank/make_exports.py --config llama3_8b --layers 1 \
        --decode 1,4,8,16,32 --prefill 4 --decomposed 4 --out examples/sharktank   # the committed fixtures

1. ``sharktank.models.llama.testing.make_random_llama_theta`` builds a random-weight Llama for a
   named config (hidden, FFN, heads / KV heads, head dim, layers, vocab), saved as an IRPA
   parameter file (``--irpa``; GBs at a real vocabulary: it stays outside the repository);
2. ``sharktank.examples.export_paged_llm_v1.main()``, unchanged, exports per batch size a
   decode-only program (``--skip-prefill``) and, for ``--prefill``, prefill+decode; ``--decomposed``
   adds decode-only exports with ``--attention-kernel decomposed``. The weights stay external
   parameters, so each MLIR is small (a 1-layer decode ~80 KB): those are the committed fixtures.

Written files: ``OUT/<config>_<layers>l_decode_bs<B>.mlir``, ``..._prefill_bs<B>.mlir`` (prefill +
decode), ``..._decode_bs<B>_decomposed.mlir``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# name: (hidden, ffn, heads, kv heads, head dim, vocab, rope base)
CONFIGS = {
    "llama3_8b": (4096, 14336, 32, 8, 128, 128256, 500000.0),
    "llama3_70b": (8192, 28672, 64, 8, 128, 128256, 500000.0),
    "qwen2_7b": (3584, 18944, 28, 4, 128, 152064, 1000000.0),
    "small": (512, 1024, 8, 2, 64, 1024, 10000.0),  # a quick check of the environment (KB of weights)
}


def restore_isinstance() -> None:
    """iree-turbine 3.9.0 calls ``IntegerType.isinstance(t)`` / ``OpResult.isinstance(v)``: static methods
    IREE's Python bindings had up to 3.10 and dropped from 3.11 on. Put them back (the same test they did)
    so the unchanged exporter runs under IREE 3.13; with IREE <= 3.10 this does nothing."""
    from iree.compiler import ir

    for name in dir(ir):
        cls = getattr(ir, name)
        if (isinstance(cls, type) and issubclass(cls, (ir.Type, ir.Attribute, ir.Value))
                and not hasattr(cls, "isinstance")):
            cls.isinstance = staticmethod(lambda x, cls=cls: isinstance(x, cls))


def make_irpa(config: str, layers: int, path: Path, seed: int = 0) -> Path:
    import torch
    from sharktank.layers.configs import LlamaHParams, LlamaModelConfig
    from sharktank.models.llama.testing import make_random_llama_theta
    from sharktank.types import Dataset

    hidden, ffn, heads, kv, head_dim, vocab, rope = CONFIGS[config]
    torch.manual_seed(seed)
    hp = LlamaHParams(model_arch="llama", context_length=4096, embedding_length=hidden, block_count=layers,
                      feed_forward_length=ffn, attention_head_count=heads, attn_head_dim=head_dim,
                      attention_layer_norm_rms_epsilon=1e-5, attention_head_count_kv=kv, vocab_size=vocab,
                      rope_dimension_count=head_dim, rope_freq_base=rope)
    model_config = LlamaModelConfig(hp=hp, block_seq_stride=16, activation_dtype=torch.float16,
                                    attention_dtype=torch.float16)
    theta = make_random_llama_theta(config=model_config, vocab_size=vocab, dtype_rest=torch.float16,
                                    dtype_norm=torch.float32)
    path.parent.mkdir(parents=True, exist_ok=True)
    Dataset(hp.to_gguf_props(), theta).save(str(path))
    return path


def export(irpa: Path, mlir: Path, bs: int, prefill: bool, decomposed: bool) -> Path:
    """One run of sharktank's own exporter, as its command line would do it."""
    from sharktank.examples import export_paged_llm_v1

    argv = ["export_paged_llm_v1", f"--irpa-file={irpa}", f"--output-mlir={mlir}",
            f"--output-config={mlir.with_suffix('.json')}", f"--bs-decode={bs}"]
    argv += [f"--bs-prefill={bs}"] if prefill else ["--skip-prefill"]
    argv += ["--attention-kernel=decomposed"] if decomposed else []
    saved, sys.argv = sys.argv, argv
    try:
        export_paged_llm_v1.main()
    finally:
        sys.argv = saved
    mlir.with_suffix(".json").unlink(missing_ok=True)  # shortfin's service config: not needed here
    return mlir


def _ints(text: str) -> list[int]:
    return [int(t) for t in text.split(",") if t.strip()]


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--config", choices=sorted(CONFIGS), default="llama3_8b")
    p.add_argument("--layers", type=int, default=1)
    p.add_argument("--decode", type=_ints, default=[1, 4, 8, 16, 32], help="decode-only batch sizes")
    p.add_argument("--prefill", type=_ints, default=[], help="prefill+decode batch sizes")
    p.add_argument("--decomposed", type=_ints, default=[], help="decode-only, --attention-kernel decomposed")
    p.add_argument("--irpa", type=Path, help="parameter file (default: /tmp/<config>_<layers>l.irpa)")
    p.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = p.parse_args(argv)
    restore_isinstance()
    stem = f"{args.config}_{args.layers}l"
    irpa = args.irpa or Path("/tmp") / f"{stem}.irpa"
    if not irpa.is_file():
        print(f"making {irpa} (random weights)", file=sys.stderr)
        make_irpa(args.config, args.layers, irpa)
    args.out.mkdir(parents=True, exist_ok=True)
    for bs in args.decode:
        export(irpa, args.out / f"{stem}_decode_bs{bs}.mlir", bs, prefill=False, decomposed=False)
    for bs in args.prefill:
        export(irpa, args.out / f"{stem}_prefill_bs{bs}.mlir", bs, prefill=True, decomposed=False)
    for bs in args.decomposed:
        export(irpa, args.out / f"{stem}_decode_bs{bs}_decomposed.mlir", bs, prefill=False, decomposed=True)


if __name__ == "__main__":
    main()
