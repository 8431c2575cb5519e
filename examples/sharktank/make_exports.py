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
    # Mixtral-style mixture of experts (the FFN is per expert; EXPERTS says how many and how many a token uses)
    "mixtral_8x7b": (4096, 14336, 32, 8, 128, 32000, 1000000.0),
    "small_moe": (512, 1024, 8, 2, 64, 1024, 10000.0),
}
EXPERTS = {"mixtral_8x7b": (8, 2), "small_moe": (8, 2)}  # name: (experts, experts used per token)
# --dtype: (torch dtype name of the weights and activations, the exporter's dtype flags)
DTYPES = {
    "f16": ("float16", []),
    # bf16 needs the KV cache's dtype too: the activation and attention dtypes alone leave an f16 cache
    "bf16": ("bfloat16", ["--activation-dtype=bfloat16", "--attention-dtype=bfloat16", "--kv-cache-dtype=bfloat16"]),
    # fp8: f16 activations, the projection weights quantized to float8_e4m3fnuz as Quark checkpoints are imported
    "fp8": ("float16", []),
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


def make_irpa(config: str, layers: int, path: Path, seed: int = 0, dtype: str = "f16") -> Path:
    import torch
    from sharktank.layers.configs import LlamaHParams, LlamaModelConfig
    from sharktank.models.llama.testing import make_random_llama_theta
    from sharktank.types import Dataset

    hidden, ffn, heads, kv, head_dim, vocab, rope = CONFIGS[config]
    experts, used = EXPERTS.get(config, (None, None))
    torch.manual_seed(seed)
    hp = LlamaHParams(model_arch="llama", context_length=4096, embedding_length=hidden, block_count=layers,
                      feed_forward_length=ffn, attention_head_count=heads, attn_head_dim=head_dim,
                      attention_layer_norm_rms_epsilon=1e-5, attention_head_count_kv=kv, vocab_size=vocab,
                      rope_dimension_count=head_dim, rope_freq_base=rope, expert_count=experts,
                      expert_used_count=used, expert_feed_forward_length=ffn if experts else None,
                      expert_shared_count=0 if experts else None)
    torch_dtype = getattr(torch, DTYPES[dtype][0])
    model_config = LlamaModelConfig(hp=hp, block_seq_stride=16, activation_dtype=torch_dtype,
                                    attention_dtype=torch_dtype, moe_layers=list(range(layers)) if experts else [])
    theta = make_random_llama_theta(config=model_config, vocab_size=vocab, dtype_rest=torch_dtype,
                                    dtype_norm=torch.float32)
    if dtype == "fp8":
        theta = quantize_projections(theta)
    path.parent.mkdir(parents=True, exist_ok=True)
    props = hp.to_gguf_props()
    if experts:  # read back by moe_export below (the llama reader ignores leading_dense_block_count)
        props["llama.leading_dense_block_count"] = 0
    Dataset(props, theta).save(str(path))
    return path


PROJECTIONS = ("attn_q", "attn_k", "attn_v", "attn_output", "ffn_gate", "ffn_up", "ffn_down")


def quantize_projections(theta):
    """Each block's projection weights as float8_e4m3fnuz with a static per-tensor scale, and a ``q_input``
    quantizer beside each (the activation's): the layout sharktank's Quark importer writes."""
    import torch
    from sharktank.types import StaticScaledQuantizer, Theta

    tree = theta.tree
    for index, block in tree["blk"].items():
        name = f"blk.{index}"
        for proj in PROJECTIONS:
            if proj not in block:
                continue
            weight = block[proj]["weight"]
            data = weight.as_torch().to(torch.float32)
            scale = torch.tensor(448.0 / 2 / max(float(data.abs().max()), 1e-6), dtype=torch.float32)
            quantizer = StaticScaledQuantizer(scale=scale, dtype=torch.float8_e4m3fnuz, name=f"{name}.{proj}.weight")
            block[proj]["weight"] = quantizer.quantize(data, name=f"{name}.{proj}.weight")
            block[proj]["q_input"] = StaticScaledQuantizer(scale=torch.tensor(1.0, dtype=torch.float32),
                                                           dtype=torch.float8_e4m3fnuz, name=f"{name}.{proj}.q_input")
    return Theta(tree)


def moe_export() -> None:
    """sharktank 3.8.0 builds a llama block's FFN as a MoeBlock only when ``hp.n_dense_layers`` is set, which its
    GGUF reader sets for deepseek2 alone: set it (0: every block a MoE block) where the IRPA has experts, then
    export as the exporter does."""
    from sharktank.examples import export_paged_llm_v1

    original = export_paged_llm_v1.export_llm_v1

    def export_llm_v1(llama_config, *args, **kwargs):
        if llama_config.hp.expert_count:
            llama_config.hp.n_dense_layers = 0
        return original(llama_config, *args, **kwargs)

    export_paged_llm_v1.export_llm_v1 = export_llm_v1


def export(irpa: Path, mlir: Path, bs: int, prefill: bool, decomposed: bool, dtype: str = "f16") -> Path:
    """One run of sharktank's own exporter, as its command line would do it."""
    from sharktank.examples import export_paged_llm_v1

    argv = ["export_paged_llm_v1", f"--irpa-file={irpa}", f"--output-mlir={mlir}",
            f"--output-config={mlir.with_suffix('.json')}", f"--bs-decode={bs}", *DTYPES[dtype][1]]
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
    p.add_argument("--dtype", choices=sorted(DTYPES), default="f16", help="weights (fp8: the projections only)")
    p.add_argument("--irpa", type=Path, help="parameter file (default: /tmp/<config>_<layers>l[_<dtype>].irpa)")
    p.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = p.parse_args(argv)
    restore_isinstance()
    moe_export()
    stem = f"{args.config}_{args.layers}l" + ("" if args.dtype == "f16" else f"_{args.dtype}")
    irpa = args.irpa or Path("/tmp") / f"{stem}.irpa"
    if not irpa.is_file():
        print(f"making {irpa} (random weights)", file=sys.stderr)
        make_irpa(args.config, args.layers, irpa, dtype=args.dtype)
    args.out.mkdir(parents=True, exist_ok=True)
    for bs in args.decode:
        export(irpa, args.out / f"{stem}_decode_bs{bs}.mlir", bs, False, False, args.dtype)
    for bs in args.prefill:
        export(irpa, args.out / f"{stem}_prefill_bs{bs}.mlir", bs, True, False, args.dtype)
    for bs in args.decomposed:
        export(irpa, args.out / f"{stem}_decode_bs{bs}_decomposed.mlir", bs, False, True, args.dtype)


if __name__ == "__main__":
    main()
