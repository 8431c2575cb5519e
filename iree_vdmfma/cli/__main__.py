"""`python -m iree_vdmfma.cli`: the same as the `vdmfma` command."""

from . import app

app(prog_name="vdmfma")
