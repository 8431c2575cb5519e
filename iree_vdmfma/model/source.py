"""Model sources: a Python builder exported with iree-turbine, or an already exported .mlir.

``SOURCE`` is ``path/to/file.py[:FUNC]``, ``pkg.module[:FUNC]``, ``file.mlir`` (``{m}`` in its path
names one file per M: ``decode_bs{m}.mlir``, as sharktank exports one program per batch size) or a Hugging Face
``config.json`` (a causal LM built from it with random weights: model/hf.py). FUNC
(default ``build``) takes the token count ``m`` (and ``dtype=`` if it has that parameter)
and returns ``(nn.Module, example_args)``. torch and iree-turbine are imported here, only
when a Python source is exported (the optional ``model`` extra).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import io
import sys
import warnings
from contextlib import contextmanager, redirect_stderr
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

DEFAULT_FUNC = "build"
INPUT_FLAGS = ("--iree-input-type=torch",)


def model_flags(target: str, flags: tuple[str, ...] = ()) -> tuple[str, ...]:
    """A whole-model compile's flags: the input type, the target's, then the user's (--compile-flag)."""
    from ..backends import backend_for  # noqa: PLC0415

    return tuple(INPUT_FLAGS) + tuple(backend_for(target).compile_flags(target)) + tuple(flags)


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

    @property
    def is_hf(self) -> bool:
        """A Hugging Face config.json (model/hf.py builds the causal LM)."""
        return self.path is not None and self.path.suffix == ".json"

    def mlir_path(self, m: int) -> Path:
        """The .mlir file for ``m`` tokens (``{m}`` in the path replaced; the one file otherwise)."""
        return Path(str(self.path).replace("{m}", str(m)))

    def check_mlir(self, ms) -> None:
        """Every M's .mlir file exists (before anything compiles)."""
        missing = [str(self.mlir_path(m)) for m in ms if not self.mlir_path(m).is_file()]
        if missing:
            raise SourceError(f"{self.text}: no such .mlir file: {', '.join(missing)}")
        for m in ms:  # and each parses (one line naming file:line, before anything compiles)
            check_mlir(self.mlir_path(m))


def parse_source(text: str) -> Source:
    base, _, func = text.partition(":") if not Path(text).suffix == ".mlir" else (text, "", "")
    func = func or DEFAULT_FUNC
    if base.endswith(".mlir"):
        path = Path(base)
        if "{m}" not in base:  # one file per M ({m} in the path): each is checked with its M (check_mlir(ms))
            if not path.is_file():
                raise SourceError(f"{base}: no such .mlir file")
            check_mlir(path)
        return Source(text, path, "", "")
    if base.endswith(".py"):
        path = Path(base)
        if not path.is_file():
            raise SourceError(f"{base}: no such Python file")
        return Source(text, path, "", func)
    if base.endswith(".json"):  # a Hugging Face config.json: checked now, before anything builds
        from .hf import read_config  # noqa: PLC0415

        path = Path(base)
        if not path.is_file():
            raise SourceError(f"{base}: no such Hugging Face config file")
        try:
            read_config(path)
        except ValueError as e:
            raise SourceError(str(e)) from None
        return Source(text, path, "", "")
    if not base.replace(".", "").replace("_", "").isalnum():
        raise SourceError(f"{text}: not a .py/.mlir path or a dotted module name")
    return Source(text, None, base, func)


def read_mlir(path: Path) -> str:
    """The user's .mlir as UTF-8 whatever the locale (a "µ" in a comment); SourceError naming the file (and the line
    of a byte that is not UTF-8) when it is no regular file or no UTF-8 text."""
    from ..util.io import read_input_text  # noqa: PLC0415

    try:
        return read_input_text(path, str(path))
    except ValueError as e:
        raise SourceError(str(e)) from None


def check_mlir(path: Path) -> None:
    """SourceError naming the file, before anything compiles, when it does not parse as MLIR (its dialects need not
    be registered here: iree-compile checks those)."""
    from iree.compiler import ir  # noqa: PLC0415
    from ..util.mlir import parse_error  # noqa: PLC0415

    text = read_mlir(path)
    with ir.Context() as ctx:
        ctx.allow_unregistered_dialects = True
        try:
            module = ir.Module.parse(text)
        except (ir.MLIRError, ValueError) as e:
            raise SourceError(parse_error(str(path), e)) from None
        if not list(module.body.operations):
            raise SourceError(f"{path}: an empty module (no function to compile): not an exported program")


MODEL_EXTRA = ("torch", "iree.turbine", "iree", "ml_dtypes")  # what the 'model' extra installs


@contextmanager
def _users_code(what: str, hint: str = ""):
    """Run the user's module body or builder as a program of its own: ``sys.argv`` is its path alone (an argparse
    at import sees no vdmfma options), what it prints to stderr is held back, and ``sys.exit`` in it is one
    SourceError naming ``what`` (with the last line it printed), never vdmfma's exit or a usage line that looks
    like vdmfma's. What it printed is passed on when it returns."""
    argv, said = sys.argv, io.StringIO()
    sys.argv = [what.split(":")[0]]
    try:
        with redirect_stderr(said):
            yield
    except SystemExit as e:
        last = next((line.strip() for line in reversed(said.getvalue().splitlines()) if line.strip()), "")
        raise SourceError(f"{what} called sys.exit({e.code!r})" + (f" after printing: {last[:200]}" if last else "")
                          + hint) from None
    finally:
        sys.argv = argv
    sys.stderr.write(said.getvalue())


IMPORT_HINT = " (does it parse command-line arguments when imported? guard that with `if __name__ == '__main__':`)"


def _import_error(where: str, e: ImportError) -> SourceError:
    """The user's failed import, said as what it is: the model extra only when a package of it is missing."""
    missing = (e.name or "").split(".")[0]
    if missing and any(missing == x.split(".")[0] and (e.name or "").startswith(x) for x in MODEL_EXTRA):
        return SourceError(f"{where}: {e} (a PyTorch source needs the 'model' extra: pip install -e '.[model]')")
    return SourceError(f"{where}: importing it failed: {type(e).__name__}: {e}")


def _load_module(source: Source):
    if source.path is None:
        try:
            with _users_code(source.module, IMPORT_HINT):
                return importlib.import_module(source.module)
        except ImportError as e:
            raise _import_error(source.module, e) from None
    name = f"_vdmfma_model_{abs(hash(str(source.path.resolve())))}"
    spec = importlib.util.spec_from_file_location(name, source.path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        with _users_code(str(source.path), IMPORT_HINT):
            spec.loader.exec_module(module)
    except ImportError as e:
        raise _import_error(str(source.path), e) from None
    except SyntaxError as e:
        raise SourceError(f"{source.path}:{e.lineno}: does not parse: {e.msg}") from None
    except SourceError:
        raise
    except Exception as e:  # noqa: BLE001  (the user's module body raised: say where, one line)
        raise SourceError(f"{source.path}: importing it raised {type(e).__name__}: {e}") from None
    return module


def builder(source: Source) -> Callable[..., tuple[Any, tuple]]:
    module = _load_module(source)
    func = getattr(module, source.func, None)
    if not callable(func):
        raise SourceError(f"{source.text}: {source.func!r} is not a function in it")
    return func


def build(source: Source, m: int, dtype: str | None = None) -> tuple[Any, tuple]:
    """(nn.Module, example_args) from the source's builder for ``m`` tokens (a Hugging Face config's: model/hf.py)."""
    if source.is_hf:
        from . import hf  # noqa: PLC0415

        try:
            return hf.build(source.path, m, dtype)
        except ValueError as e:
            raise SourceError(str(e)) from None
    func = builder(source)
    kwargs = {"dtype": dtype} if dtype and "dtype" in inspect.signature(func).parameters else {}
    try:
        with _users_code(f"{source.text}: {source.func}(m={m})"):
            result = func(m, **kwargs)
    except SourceError:
        raise
    except Exception as e:  # noqa: BLE001  (the user's builder raised: one line naming it)
        raise SourceError(f"{source.text}: {source.func}(m={m}) raised {type(e).__name__}: {e}") from None
    if not (isinstance(result, tuple) and len(result) == 2) or not callable(result[0]):
        raise SourceError(f"{source.text}: {source.func}(m) must return (module, example_args), "
                          f"got {type(result).__name__}")
    module, args = result
    return module, tuple(args) if isinstance(args, (tuple, list)) else (args,)


# torch 2.13's own export calls its deprecated pytree API: a FutureWarning the user cannot act on, printed once per
# export (per M) because the export resets the warnings registry. Never shown.
TORCH_INTERNAL_WARNINGS = (r"`isinstance\(treespec, LeafSpec\)` is deprecated",)


@contextmanager
def quiet_torch_internals():
    """Within: torch's internal deprecation warnings (TORCH_INTERNAL_WARNINGS) are not shown; any other is."""
    with warnings.catch_warnings():
        for message in TORCH_INTERNAL_WARNINGS:
            warnings.filterwarnings("ignore", message=message, category=FutureWarning)
        yield


def export_mlir(module, args: tuple) -> str:
    """Torch-dialect MLIR from ``iree.turbine.aot.export``, parameters externalized (not inlined)."""
    try:
        from iree.turbine import aot
    except ImportError as e:
        raise SourceError(f"exporting a PyTorch model needs the 'model' extra: pip install -e '.[model]' ({e})") \
            from None
    aot.externalize_module_parameters(module)
    with quiet_torch_internals():
        return str(aot.export(module, args=args).mlir_module)


def input_ir(source: Source, m: int, dtype: str | None = None) -> str:
    """The model's input IR for ``m`` tokens (an .mlir source is taken as-is, whatever m)."""
    if source.is_mlir:
        source.check_mlir([m])
        return read_mlir(source.mlir_path(m))
    module, args = build(source, m, dtype)
    return export_mlir(module, args)


# ------------------------------------------------------------------ a decode step (vdmfma model --tune/--library)

TORCH_DTYPES = {"float16": "f16", "bfloat16": "bf16", "float32": "f32"}


@dataclass
class Exported:
    """One builder call for ``m`` tokens: the exported IR, its parameter archive and torch's own outputs.

    ``eager``: torch eager's outputs in the model's dtype; ``ref64``: the same model and inputs in
    float64 (the arbiter the numerics tolerance is derived from).
    """

    m: int
    mlir: str
    parameters: Path | None  # IRPA archive, scope PARAMETER_SCOPE (None: an .mlir source, no weights)
    inputs: list  # numpy arrays, in the order the exported main takes them
    eager: list  # numpy arrays
    ref64: list  # numpy float64 arrays
    output_dtypes: list  # 'f16' / 'bf16' / 'f32' per output
    run_eager: Callable[[], Any]  # one eager forward (no grad), for the peer timing
    module: Any = None  # the built torch module and its example args (the torch peers, their cold copies)
    args: tuple = ()
    weight_bytes: int = 0  # bytes of the module's parameters (the cold rotation's unit)


PARAMETER_SCOPE = "model"


def _numpy(t) -> Any:
    import torch

    t = t.detach().cpu().contiguous()
    if t.dtype == torch.bfloat16:
        import ml_dtypes

        return t.view(torch.int16).numpy().view(ml_dtypes.bfloat16)
    return t.numpy()


def _outputs(result) -> list:
    import torch

    if isinstance(result, torch.Tensor):
        return [result]
    if isinstance(result, (tuple, list)):
        return [t for r in result for t in _outputs(r)]
    if isinstance(result, dict):
        return [t for r in result.values() for t in _outputs(r)]
    return []


def export_step(source: Source, m: int, out_dir: Path, dtype: str | None = None) -> Exported:
    """Build for ``m``, run torch eager (model dtype and float64), save the weights as IRPA, export. An .mlir
    source is taken as-is: no weights, no torch reference (its forward cannot be run here)."""
    if source.is_mlir:
        return Exported(m, input_ir(source, m), None, [], [], [], [], lambda: None)
    module, args = build(source, m, dtype)  # before importing torch: a bad builder fails fast
    import copy

    import torch

    if not isinstance(module, torch.nn.Module):
        raise SourceError(f"{source.text}: {source.func}(m) must return a torch.nn.Module, "
                          f"got {type(module).__name__}")
    module.eval()
    try:
        with torch.no_grad():
            eager = _outputs(module(*args))
            m64 = copy.deepcopy(module).double()
            args64 = tuple(a.double() if isinstance(a, torch.Tensor) and a.is_floating_point() else a for a in args)
            ref64 = _outputs(m64(*args64))
    except Exception as e:  # noqa: BLE001  (the user's forward raised)
        raise SourceError(f"{source.text}: the module's forward raised {type(e).__name__}: {e}") from None
    if not eager:
        raise SourceError(f"{source.text}: the module's forward returned no tensor")
    out_dir.mkdir(parents=True, exist_ok=True)
    params = out_dir / "parameters.irpa"
    try:
        from iree.turbine import aot
    except ImportError as e:
        raise SourceError(f"exporting a PyTorch model needs the 'model' extra: pip install -e '.[model]' ({e})") \
            from None
    aot.externalize_module_parameters(module, external_scope=PARAMETER_SCOPE)
    aot.save_module_parameters(params, module)
    try:
        with quiet_torch_internals():
            mlir = str(aot.export(module, args=args).mlir_module)
    except Exception as e:  # noqa: BLE001
        raise SourceError(f"{source.text}: iree-turbine could not export it: {type(e).__name__}: "
                          f"{str(e).splitlines()[0] if str(e) else ''}") from None

    def run_eager():
        with torch.no_grad():
            return module(*args)

    return Exported(m, mlir, params, [_numpy(a) for a in args if isinstance(a, torch.Tensor)],
                    [_numpy(t) for t in eager], [t.detach().numpy() for t in ref64],
                    [TORCH_DTYPES.get(str(t.dtype).replace("torch.", ""), str(t.dtype)) for t in eager],
                    run_eager, module, args,
                    sum(p.numel() * p.element_size() for p in module.parameters()))


def numpy_outputs(result) -> list:
    """A torch forward's outputs as numpy arrays (the order check_forward compares)."""
    return [_numpy(t) for t in _outputs(result)]


def torch_forwards(ex: Exported, copies: int = 1, compiled: bool = False, device=None) -> list[Callable[[], Any]]:
    """One zero-argument torch forward per weight copy: copy 0 is the built module, the others deep copies
    (distinct weight memory, their own input copies) for a cold rotation. ``compiled``: each copy through
    ``torch.compile`` (default inductor backend; dynamo traces the graph once: parameters are its inputs).
    ``device``: a torch GPU device: every copy (the first too) is a deep copy moved there, and each call waits
    for its outputs on the host, as an IREE call does. Nothing runs here; torch.compile's errors surface on
    the first call."""
    import copy

    import torch

    gpu = device is not None  # the caller passes one only for a GPU (model/forward_rows.py _eager_gpu)
    if gpu:
        mods = [copy.deepcopy(ex.module).to(device) for _ in range(copies)]
        argss = [tuple(a.to(device) if isinstance(a, torch.Tensor) else a for a in ex.args) for _ in range(copies)]
    else:
        mods = [ex.module] + [copy.deepcopy(ex.module) for _ in range(copies - 1)]
        argss = [ex.args] + [tuple(a.clone() if isinstance(a, torch.Tensor) else a for a in ex.args)
                             for _ in range(copies - 1)]
    fns = [torch.compile(m) if compiled else m for m in mods]

    def call(fn, args):
        def run():
            with torch.no_grad():
                out = fn(*args)
            return [t.cpu() for t in _outputs(out)] if gpu else out  # on the host, as IREE's outputs are
        return run

    return [call(fn, args) for fn, args in zip(fns, argss)]
