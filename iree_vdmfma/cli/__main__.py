"""`python -m iree_vdmfma.cli ...` is the `vdmfma` command."""

from . import app

app(prog_name="vdmfma")
