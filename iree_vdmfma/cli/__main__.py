"""``python -m iree_vdmfma.cli ...``: the same app as the ``vdmfma`` command."""

from . import app

app()
