"""The typer application object; command modules register on it."""

import typer

app = typer.Typer(
    name="vdmfma",
    help=(
        "Generate, prove and measure VDMFMA skinny-GEMM kernels with IREE for AMD Instinct GPUs.\n\n"
        "Typical flow: `vdmfma spec` writes a tuning spec for a shape list; `vdmfma sweep` compiles "
        "every shape x variant, proves from the ISA what was generated, and writes "
        "results.csv (with --device it also runs, checks numerics and times every row); `vdmfma report` "
        "turns results into tables and plots; `vdmfma coverage` maps where VDMFMA is reached by IREE's "
        "default, only with a spec, or by nobody."
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@app.callback()
def _group() -> None:
    """Always a command group (`vdmfma bench ...` loads only that command, and must still take its name)."""
