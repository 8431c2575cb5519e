"""Commands of this stage (registered on the shared app)."""

from .app import app  # noqa: F401
