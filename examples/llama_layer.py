"""A Llama-like decoder layer built in code (random weights, no downloads), for `vdmfma model`.

RMSNorm -> q/k/v projections (grouped-query attention) -> causal attention over the M tokens
(``scaled_dot_product_attention``; no KV cache, no rotary embedding) -> o projection + residual
-> RMSNorm -> SiLU-gated MLP (gate, up, down) + residual. Sizes are configurable: ``LLAMA3_8B`` is
Llama-3-8B's (hidden 4096, 32 heads, 8 KV heads, MLP 14336); ``TINY`` keeps CI compiles small
while every K stays a multiple of 256 (what the VDMFMA tiles need without K padding).

Builders for ``vdmfma model``: ``build(m)`` gives activations [M, hidden] (rank 2: every Linear
is a linalg.matmul A*B^T); ``build_rank3(m)`` gives [1, M, hidden] (how HF models call Linear:
transpose + linalg.batch_matmul A*B). ``build_tiny`` / ``build_tiny_rank3`` use TINY.
``build_qwen2_4layers`` is a small multi-layer decoder (4 layers at Qwen2-0.5B's sizes, rank 3);
``build_tiny_decoder`` is 2 TINY layers.

    vdmfma model examples/llama_layer.py:build_tiny --m 1,8 --target gfx942 --out out/tiny
    vdmfma model examples/llama_layer.py:build_tiny --m 1,4 --tune --device local-task --out out/step
    python examples/llama_layer.py --tiny --m 4     # CPU run through iree-turbine vs torch
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(frozen=True)
class LayerConfig:
    hidden: int
    heads: int
    kv_heads: int
    ffn: int
    eps: float = 1e-5

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads


LLAMA3_8B = LayerConfig(hidden=4096, heads=32, kv_heads=8, ffn=14336)
QWEN2_05B = LayerConfig(hidden=896, heads=14, kv_heads=2, ffn=4864, eps=1e-6)  # Qwen2-0.5B's sizes (24 layers)
TINY = LayerConfig(hidden=256, heads=4, kv_heads=2, ffn=512)
DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float, dtype: torch.dtype):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim, dtype=dtype))
        self.eps = eps

    def forward(self, x):
        xf = x.float()
        return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + self.eps)).to(x.dtype) * self.weight


class DecoderLayer(nn.Module):
    def __init__(self, cfg: LayerConfig, dtype: torch.dtype = torch.float16):
        super().__init__()
        self.cfg = cfg
        kv = cfg.kv_heads * cfg.head_dim
        lin = lambda i, o: nn.Linear(i, o, bias=False, dtype=dtype)  # noqa: E731
        self.attn_norm, self.mlp_norm = RMSNorm(cfg.hidden, cfg.eps, dtype), RMSNorm(cfg.hidden, cfg.eps, dtype)
        self.q, self.k, self.v, self.o = lin(cfg.hidden, cfg.hidden), lin(cfg.hidden, kv), lin(cfg.hidden, kv), \
            lin(cfg.hidden, cfg.hidden)
        self.gate, self.up, self.down = lin(cfg.hidden, cfg.ffn), lin(cfg.hidden, cfg.ffn), lin(cfg.ffn, cfg.hidden)

    def _attention(self, h):
        c = self.cfg
        lead = h.shape[:-1]  # (M,) or (1, M)
        m = lead[-1]
        q = self.q(h).reshape(m, c.heads, c.head_dim).transpose(0, 1)
        k = self.k(h).reshape(m, c.kv_heads, c.head_dim).transpose(0, 1)
        v = self.v(h).reshape(m, c.kv_heads, c.head_dim).transpose(0, 1)
        rep = c.heads // c.kv_heads
        k, v = k.repeat_interleave(rep, 0), v.repeat_interleave(rep, 0)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o(a.transpose(0, 1).reshape(*lead, c.hidden))

    def forward(self, x):
        h = x + self._attention(self.attn_norm(x))
        n = self.mlp_norm(h)
        return h + self.down(F.silu(self.gate(n)) * self.up(n))


class Decoder(nn.Module):
    """``layers`` decoder layers and a final RMSNorm (no embedding or LM head: activations in and out)."""

    def __init__(self, cfg: LayerConfig, layers: int, dtype: torch.dtype = torch.float16):
        super().__init__()
        self.layers = nn.ModuleList(DecoderLayer(cfg, dtype) for _ in range(layers))
        self.norm = RMSNorm(cfg.hidden, cfg.eps, dtype)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)


def make(m: int, cfg: LayerConfig = TINY, rank: int = 2, dtype: str = "f16", seed: int = 0, layers: int = 0):
    """(model, (x,)) with random weights (seeded) and activations [M, hidden] or [1, M, hidden].

    ``layers`` = 0: one DecoderLayer; n > 0: a Decoder of n layers."""
    torch.manual_seed(seed)
    tdtype = DTYPES[dtype]
    layer = DecoderLayer(cfg, tdtype) if layers == 0 else Decoder(cfg, layers, tdtype)
    with torch.no_grad():
        for p in layer.parameters():
            if p.dim() == 2:
                p.normal_(0.0, p.shape[1] ** -0.5)
    shape = (m, cfg.hidden) if rank == 2 else (1, m, cfg.hidden)
    return layer.eval(), (torch.randn(*shape, dtype=tdtype),)


def build(m: int, dtype: str = "f16"):
    return make(m, LLAMA3_8B, 2, dtype)


def build_rank3(m: int, dtype: str = "f16"):
    return make(m, LLAMA3_8B, 3, dtype)


def build_tiny(m: int, dtype: str = "f16"):
    return make(m, TINY, 2, dtype)


def build_tiny_rank3(m: int, dtype: str = "f16"):
    return make(m, TINY, 3, dtype)


def build_qwen2_4layers(m: int, dtype: str = "f16"):
    """A small multi-layer decoder: 4 layers at Qwen2-0.5B's sizes, rank-3 activations as HF calls them."""
    return make(m, QWEN2_05B, 3, dtype, layers=4)


def build_tiny_decoder(m: int, dtype: str = "f16"):
    """2 TINY layers: the multi-layer path in seconds (shapes repeat across layers: tuned once)."""
    return make(m, TINY, 2, dtype, layers=2)


def run_on_cpu(m: int, cfg: LayerConfig = TINY, rank: int = 2, dtype: str = "f16"):
    """(iree output, torch reference, layer, args) for one layer run on local-task through iree-turbine."""
    layer, args = make(m, cfg, rank, dtype)
    with torch.no_grad():
        expected = layer(*args)
        compiled = torch.compile(layer, backend="iree_turbine")
        got = compiled(*args)
    return got, expected, layer, args


def verdict(got, expected, layer, args, dtype: str = "f16") -> tuple[bool, str]:
    """(passed, one line): IREE's output against torch eager under the toolkit's forward rule (model/forward.py
    FORWARD_RULE, the tolerance `vdmfma model` applies), the bound derived from the same layer in float64."""
    import copy

    from iree_vdmfma.model.forward import FORWARD_RULE, check_forward

    with torch.no_grad():
        ref64 = copy.deepcopy(layer).double()(*(a.double() for a in args))
    n = check_forward([got.float().numpy()], [expected.float().numpy()], [ref64.numpy()], [dtype])
    return n.passed, (f"numerics {n.verdict}: max abs error vs torch eager {n.max_abs_err:.3g}, tolerance "
                      f"{n.tolerance:.3g} ({FORWARD_RULE}); shape {tuple(got.shape)}"
                      + (f"; {n.message}" if n.message else ""))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--m", type=int, default=4)
    ap.add_argument("--rank", type=int, choices=(2, 3), default=2)
    ap.add_argument("--tiny", action="store_true")
    args = ap.parse_args()
    passed, line = verdict(*run_on_cpu(args.m, TINY if args.tiny else LLAMA3_8B, args.rank))
    print(line)
    return 0 if passed else 1


if __name__ == "__main__":
    raise SystemExit(main())
