"""Shared fixtures. Every compile here is a real iree-compile run (never mocked)."""

from __future__ import annotations

import atexit
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

ROOT = Path(__file__).resolve().parents[1]

# Tests leave nothing in the checkout: hypothesis keeps its files in a temp dir removed at exit, with no
# example database (and pyproject.toml turns off pytest's .pytest_cache/).
_HYPOTHESIS_HOME = tempfile.mkdtemp(prefix="vdmfma-hypothesis-")
atexit.register(shutil.rmtree, _HYPOTHESIS_HOME, True)
set_hypothesis_home_dir(_HYPOTHESIS_HOME)
settings.register_profile("vdmfma", database=None)
settings.load_profile("vdmfma")


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory) -> Path:
    """One compile cache per test session (fresh in CI, so tests compile for real)."""
    return tmp_path_factory.mktemp("compile-cache")


@pytest.fixture(scope="session", autouse=True)
def own_compile_cache(cache_dir):
    """Every test, and every process it starts, compiles into the session's cache, never the user's."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("VDMFMA_CACHE_DIR", str(cache_dir))
        yield cache_dir


def isa_counts(dump_dir: Path) -> tuple[int, int]:
    """(v_smfmac, v_mfma) instruction counts across the .rocmasm files of a dump."""
    text = "".join(p.read_text() for p in Path(dump_dir).glob("*.rocmasm"))
    smfmac = len(re.findall(r"^\s+v_smfmac\w*\s", text, re.M))
    mfma = len(re.findall(r"^\s+v_mfma\w*\s", text, re.M))
    return smfmac, mfma


def iree_compile(src: Path, out_dir: Path, *flags: str) -> Path:
    """Compile with plain iree-compile (as a user would); returns the dump dir."""
    dump = out_dir / "dump"
    out_dir.mkdir(parents=True, exist_ok=True)
    subprocess.run(["iree-compile", str(src), "-o", str(out_dir / "out.vmfb"), *flags,
                    f"--iree-hal-dump-executable-files-to={dump}"], check=True, capture_output=True, text=True)
    return dump
