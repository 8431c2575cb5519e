"""A test file that skips whole is said at the end of a run, and where every file must run (VDMFMA_TESTS_COMPLETE,
set by .ci/run) fails it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _pytest(folder: Path, ci: bool) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "VDMFMA_TESTS_COMPLETE"} | {"PYTHONPATH": str(HERE)}
    if ci:
        env["VDMFMA_TESTS_COMPLETE"] = "1"
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "whole_skips", "-p", "no:xdist",
                           "-p", "no:cacheprovider", str(folder)], capture_output=True, text=True, env=env,
                          cwd=folder, timeout=120)


def test_a_file_that_skips_whole_is_named_and_fails_the_run_only_where_every_file_must_run(tmp_path):
    (tmp_path / "test_extra.py").write_text('import pytest\npytest.importorskip("no_such_extra_module")\n\n'
                                            'def test_x():\n    pass\n')
    (tmp_path / "test_marked.py").write_text('import pytest\npytestmark = pytest.mark.skipif(True, reason="no host")\n\n'
                                             'def test_y():\n    pass\n')
    (tmp_path / "test_partly.py").write_text('import pytest\n\ndef test_a():\n    pass\n\n'
                                             '@pytest.mark.skip(reason="one")\ndef test_b():\n    pass\n')
    local = _pytest(tmp_path, ci=False)
    assert local.returncode == 0, local.stdout
    said = local.stdout[local.stdout.index("test files skipped whole"):]
    assert "test_extra.py: could not import 'no_such_extra_module'" in said and "test_marked.py: no host" in said
    assert "test_partly.py" not in said
    ci = _pytest(tmp_path, ci=True)
    assert ci.returncode == 1, ci.stdout
    assert "error: 2 test file(s) skipped whole with VDMFMA_TESTS_COMPLETE set" in ci.stdout
