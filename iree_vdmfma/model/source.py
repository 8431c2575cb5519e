"""Model sources: a Python builder exported with iree-turbine, or an already exported .mlir.

``SOURCE`` is ``path/to/file.py[:FUNC]``, ``pkg.module[:FUNC]`` or ``file.mlir``. FUNC
(default ``build``) takes the token count ``m`` (and ``dtype=`` if it has that parameter)
and returns ``(nn.Module, example_args)``. torch and iree-turbine are imported here, only
when a Python source is exported (the optional ``model`` extra).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

DEFAULT_FUNC = "build"
INPUT_FLAGS = ("--iree-input-type=torch",)


class SourceError(ValueError):
    """A model source that cannot be loaded or exported."""


@dataclass(frozen=True)
class Source:
    text: str  # as given
    path: Path | None  # .py or .mlir file, or None for a module name
    module: str  # module name ('' for a file)
    func: str

    @property
    def is_mlir(self) -> bool:
        return self.path is not None and self.path.suffix == ".mlir"


def parse_source(text: str) -> Source:
    base, _, func = text.partition(":") if not Path(text).suffix == ".mlir" else (text, "", "")
    func = func or DEFAULT_FUNC
    if base.endswith(".mlir"):
        path = Path(base)
        if not path.is_file():
            raise SourceError(f"{base}: no such .mlir file")
        return Source(text, path, "", "")
    if base.endswith(".py"):
        path = Path(base)
        if not path.is_file():
            raise SourceError(f"{base}: no such Python file")
        return Source(text, path, "", func)
    if not base.replace(".", "").replace("_", "").isalnum():
        raise SourceError(f"{text}: not a .py/.mlir path or a dotted module name")
    return Source(text, None, base, func)


def _load_module(source: Source):
    if source.path is None:
        try:
            return importlib.import_module(source.module)
        except ImportError as e:
            raise SourceError(f"{source.module}: cannot import ({e})") from None
    name = f"_vdmfma_model_{abs(hash(str(source.path.resolve())))}"
    spec = importlib.util.spec_from_file_location(name, source.path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except ImportError as e:
        raise SourceError(f"{source.path}: {e} (a PyTorch source needs pip install -e '.[model]')") from None
    return module


def builder(source: Source) -> Callable[..., tuple[Any, tuple]]:
    module = _load_module(source)
    func = getattr(module, source.func, None)
    if not callable(func):
        raise SourceError(f"{source.text}: {source.func!r} is not a function in it")
    return func


def build(source: Source, m: int, dtype: str | None = None) -> tuple[Any, tuple]:
    """(nn.Module, example_args) from the source's builder for ``m`` tokens."""
    func = builder(source)
    kwargs = {"dtype": dtype} if dtype and "dtype" in inspect.signature(func).parameters else {}
    result = func(m, **kwargs)
    if not (isinstance(result, tuple) and len(result) == 2):
        raise SourceError(f"{source.text}: {source.func}(m) must return (module, example_args)")
    module, args = result
    return module, tuple(args) if isinstance(args, (tuple, list)) else (args,)


def export_mlir(module, args: tuple) -> str:
    """Torch-dialect MLIR from ``iree.turbine.aot.export``, parameters externalized (not inlined)."""
    try:
        from iree.turbine import aot
    except ImportError as e:
        raise SourceError(f"exporting a PyTorch model needs the 'model' extra: pip install -e '.[model]' ({e})") \
            from None
    aot.externalize_module_parameters(module)
    return str(aot.export(module, args=args).mlir_module)


def input_ir(source: Source, m: int, dtype: str | None = None) -> str:
    """The model's input IR for ``m`` tokens (an .mlir source is taken as-is, whatever m)."""
    if source.is_mlir:
        return source.path.read_text()
    module, args = build(source, m, dtype)
    return export_mlir(module, args)
