"""A Hugging Face causal LM as a model source: ``vdmfma model config.json`` (the `hf` extra: transformers).

The model is built from its config alone (``AutoModelForCausalLM.from_config``, random weights from a fixed seed:
nothing is downloaded) in the dtype asked for (f16 by default), and exported as iree-turbine users export a decode
step: transformers' own static-KV-cache wrapper (``TorchExportableModuleWithStaticCache``, a cache of CACHE_LEN
positions, batch 1) called on ``m`` new token ids at cache positions PAST..PAST+m-1; its logits are the output.
So the projections and lm_head are M-row GEMMs, and the attention reads the whole static cache.

What IREE's torch frontend takes (transformers 4.57.6, torch 2.13.0, iree-turbine 3.9.0, IREE 3.13.0): the model
called plainly on its token ids does not compile: with no mask and no cache, transformers' mask building looks for
packed sequences in the position ids with ``torch.diff``, which the frontend cannot lower (``failed to legalize
operation 'torch.operator' ... torch.aten.diff``). Given a cache (as here) or an explicit all-ones
``attention_mask``, transformers skips that step and the export compiles.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..util.io import NotUTF8Text, utf8_text

SEED = 0
CACHE_LEN, PAST = 64, 16  # the static cache's positions; the tokens already in it when the step runs
TORCH_DTYPES = {"f16": "float16", "bf16": "bfloat16", "f32": "float32"}


def read_config(path: Path) -> dict:
    """The config's dict; ValueError naming the file when it is no Hugging Face model config: not JSON, or no
    ``model_type`` string (every config.json on the Hub names one). model/source.py calls it when it parses the
    source, so a .json without one is refused before anything builds."""
    try:
        data = json.loads(utf8_text(path.read_bytes()))  # a byte-order mark is no part of the JSON
    except OSError as e:
        raise ValueError(f"{path}: cannot read it: {e.strerror or e}") from None
    except NotUTF8Text as e:
        raise ValueError(f"{path}: {e}") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}:{e.lineno}: not JSON: {e.msg}") from None
    if not isinstance(data, dict) or not isinstance(data.get("model_type"), str):
        raise ValueError(f"{path}: no \"model_type\": not a Hugging Face model config (config.json)")
    return data


def build(path: Path, m: int, dtype: str | None = None) -> tuple[Any, tuple]:
    """(module, (input_ids,)) for ``m`` tokens: the causal LM of the config at ``path``, random weights."""
    try:
        import torch
        import transformers
    except ImportError as e:
        raise ValueError(f"{path}: a Hugging Face model needs the 'hf' extra: pip install -e '.[hf]' ({e})") from None
    data = read_config(path)
    if dtype is not None and dtype not in TORCH_DTYPES:
        raise ValueError(f"--dtype {dtype}: a Hugging Face model is built in one of {', '.join(TORCH_DTYPES)}")
    try:
        config = transformers.AutoConfig.for_model(**data)
    except (ValueError, KeyError) as e:
        raise ValueError(f"{path}: transformers does not know this config: {e}") from None
    torch.manual_seed(SEED)
    try:
        model = transformers.AutoModelForCausalLM.from_config(
            config, torch_dtype=getattr(torch, TORCH_DTYPES[dtype or "f16"]))
    except ValueError as e:
        raise ValueError(f"{path}: no causal LM for model_type {data['model_type']!r}: {str(e).splitlines()[0]}") \
            from None

    from transformers.integrations.executorch import TorchExportableModuleWithStaticCache

    model.generation_config = transformers.GenerationConfig(use_cache=True, cache_implementation="static")
    step = TorchExportableModuleWithStaticCache(model.eval(), batch_size=1, max_cache_len=CACHE_LEN)

    class DecodeStep(torch.nn.Module):
        """``m`` new tokens against the static KV cache: the logits (what the wrapper's forward returns)."""

        def __init__(self, step):
            super().__init__()
            self.step = step

        def forward(self, input_ids, cache_position):
            return self.step(input_ids=input_ids, cache_position=cache_position)

    ids = torch.randint(0, config.vocab_size, (1, m), generator=torch.Generator().manual_seed(SEED))
    return DecodeStep(step), (ids, torch.arange(PAST, PAST + m))
