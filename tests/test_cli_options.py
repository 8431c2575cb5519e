"""One CLI vocabulary (issue 19 item 4) and the CLI text of issues 22 (items 9, 10) and 23 (item 8).

Every option shared by two commands means the same in both: same spellings, type, range, default
and help. Numeric options are checked up front (one `error:` line, exit 2, nothing created). Results
go to stdout, progress to stderr, and data strings are printed as they are (no rich markup).
"""

from __future__ import annotations

import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from conftest import ROOT
from iree_vdmfma.cli import app
from iree_vdmfma.devices import probe_driver

# Deliberate differences, each with its reason; anything else two commands disagree on fails.
MAY_DIFFER = {
    "--reps": ({"min", "help"}, "sweep and run accept 0 (numerics only, no timing); tune and bench must time"),
    "--cache-mode": ({"default", "help"}, "model times the whole forward hot and cold by default (copies of the "
                     "whole model's weights); run times one kernel, hot unless asked"),
}


def _options() -> dict[str, list[tuple[str, dict]]]:
    by_name: dict[str, list[tuple[str, dict]]] = defaultdict(list)
    for command, cmd in typer.main.get_command(app).commands.items():
        for p in cmd.params:
            if p.param_type_name != "option" or p.hidden:
                continue
            name = max((o for o in p.opts if o.startswith("--")), key=len)
            by_name[name].append((command, dict(
                spellings=tuple(sorted(p.opts + p.secondary_opts)), type=p.type_descriptor.annotation,
                min=p.min, max=p.max, default=p.default, help=p.help, flag=p.is_flag)))
    return by_name


def test_every_option_two_commands_share_has_one_spelling_type_range_default_and_help():
    disagreements = []
    shared = 0
    for name, uses in _options().items():
        if len(uses) < 2:
            continue
        shared += 1
        allowed = MAY_DIFFER.get(name, (set(), ""))[0]
        first_cmd, first = uses[0]
        for cmd, attrs in uses[1:]:
            for field, value in attrs.items():
                if field not in allowed and value != first[field]:
                    disagreements.append(f"{name}: {first_cmd} {field}={first[field]!r} but {cmd} {field}={value!r}")
    assert not disagreements, "\n".join(disagreements)
    assert shared >= 15  # target, device, m, dtype, variants, out, cache-dir, no-cache, reps, cache-size, ...


def test_the_vocabulary_names_each_concept_once_in_every_command_that_has_it():
    options = _options()
    commands = {c for uses in options.values() for c, _ in uses}
    users = {name: {c for c, _ in uses} for name, uses in options.items()}
    assert {"--dtypes", "--variant", "--shapes", "--workdir", "--output", "--no-plots"}.isdisjoint(users)
    assert users["--out"] == commands - {"bench", "db", "library"}  # bench writes into the DIR it is given; db and
    # library are groups (their commands take --db, library build --out)
    assert users["--device"] == {"sweep", "tune", "bench", "run", "calibrate", "model"}
    assert users["--target"] >= {"spec", "annotate", "compile", "sweep", "coverage", "model", "tune", "run"}
    assert users["--no-cache"] == users["--cache-dir"] == {"compile", "sweep", "coverage", "model", "tune", "run"}
    assert users["--m"] == {"compile", "coverage", "model", "run", "calibrate"}
    assert users["--variants"] == {"spec", "annotate", "compile", "sweep", "model"}
    assert users["--plots"] == {"report", "compare", "coverage"}


def test_vdmfma_help_lists_every_command_with_one_line():
    res = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert res.exit_code == 0
    commands = typer.main.get_command(app).commands
    assert len(commands) == 16  # ... and link, db, library (issue 33), cache
    listed = [line for line in res.output.splitlines() if line.strip("│ ").split(" ")[0] in commands]
    assert sorted(line.strip("│ ").split(" ")[0] for line in listed) == sorted(commands)
    for line in listed:
        assert len(line.strip("│ ").split(None, 1)) == 2, line  # a name and its one-line description


def test_the_options_module_imports_no_compiler():
    code = ("import sys; sys.argv = ['vdmfma', 'bench', 'DIR']; import iree_vdmfma.cli.options, iree_vdmfma.cli; "
            "assert 'iree.compiler' not in sys.modules, 'iree.compiler imported'")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_each_command_is_loaded_from_the_module_that_registers_it():
    from iree_vdmfma.cli import COMMAND_MODULES

    group = typer.main.get_command(app)
    where = {}
    for name, cmd in group.commands.items():
        sub = next(iter(cmd.commands.values())) if hasattr(cmd, "commands") else cmd  # db, library: a group
        where[name] = sub.callback.__module__.rsplit(".", 1)[-1]
    assert where == COMMAND_MODULES


# Run as `vdmfma sweep ...` in a fresh process; prints the modules it loaded that a compile-only sweep has no use for.
SWEEP_IMPORTS = """
import runpy, sys
sys.argv = ["vdmfma", *sys.argv[1:]]
try:
    runpy.run_module("iree_vdmfma.cli", run_name="__main__")
except SystemExit as e:
    assert e.code == 0, e.code
unused = ("pandas", "matplotlib", "torch", "ray", "optuna", "iree.turbine", "iree_vdmfma.report.report",
          "iree_vdmfma.tune", "iree_vdmfma.model", "iree_vdmfma.cli.tune_cmds", "iree_vdmfma.cli.report_cmds")
print(sorted(m for m in sys.modules if m.startswith(unused)))
"""


def test_a_compile_only_sweep_imports_only_what_it_uses(tmp_path):
    shapes = tmp_path / "s.csv"
    shapes.write_text("m,n,k,dtype,name\n8,64,128,f16,tiny\n")
    for out in ("first", "again"):  # the second into a new folder: every compile a cache hit
        done = subprocess.run([sys.executable, "-c", SWEEP_IMPORTS, "sweep", str(shapes), "--target", "host",
                               "--variants", "default", "--device", "none", "--out", str(tmp_path / out)],
                              cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout
    assert (tmp_path / "again" / "results.csv").is_file() and not (tmp_path / "again" / "report").exists()


def _one_error_line(args: list[str]) -> str:
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 2, res.output
    assert isinstance(res.exception, SystemExit), f"a traceback, not an error line: {res.exception!r}"
    lines = [line for line in res.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), res.output
    return lines[0]


SHAPES = str(ROOT / "sweeps" / "tiny-cpu.csv")
LAYER = str(ROOT / "examples" / "tiny_layer.mlir")


@pytest.mark.parametrize("args, says", [
    (["tune", SHAPES, "--reps", "0"], "--reps"),  # was an AttributeError traceback (issue 22 item 9)
    (["tune", SHAPES, "--reps", "-3"], "--reps"),
    (["bench", "somewhere", "--reps", "0"], "--reps"),
    (["sweep", SHAPES, "--reps", "-1"], "--reps"),
    (["tune", SHAPES, "--time-budget", "0"], "--time-budget must be > 0"),
    (["tune", SHAPES, "--time-budget", "-5"], "--time-budget must be > 0"),
    (["tune", SHAPES, "--max-candidates", "0"], "--max-candidates"),
    (["sweep", SHAPES, "--cache-size", "lots"], "--cache-size 'lots': not a size"),
    (["bench", "somewhere", "--cache-size", "12Q"], "--cache-size '12Q': not a size"),
    (["run", "--m", "8", "--n", "64", "--k", "64", "--cache-size", "-1M"], "--cache-size"),
    (["sweep", SHAPES, "--cache-size", "1.2.3"], "--cache-size '1.2.3': not a size"),  # was a float() message
    (["sweep", SHAPES, "--cache-size", "0"], "--cache-size '0': not a size"),
    (["sweep", SHAPES, "--cache-size", "0.5"], "--cache-size '0.5': below one byte; give a unit"),
    (["sweep", SHAPES, "--workers", "0"], "--workers"),
    (["compile", "--m", "8", "--n", "64", "--k", "64", "--timeout", "0"], "--timeout must be > 0"),
    (["bench", "somewhere", "--timeout", "0"], "--timeout must be > 0"),
    (["bench", "somewhere", "--timeout", "inf"], "--timeout must be > 0"),
    (["compile", "--m", "8", "--n", "0", "--k", "64"], "--n"),
    (["coverage", "--m", "0-4"], "--m '0-4'"),
    (["run", "--m", "1-4", "--n", "64", "--k", "64"], "run takes one M"),
    (["report", "x.csv", "--noise-k", "-1"], "--noise-k"),
    (["run", "--m", "8", "--n", "64", "--k", "64", "--min-time", "inf"], "--min-time must be finite"),  # ran forever
    (["run", "--m", "8", "--n", "64", "--k", "64", "--warmup", "inf"], "--warmup must be finite"),
    (["report", "x.csv", "--noise-k", "inf"], "--noise-k must be finite"),  # a verdict rule no difference passes
    (["compare", "x.csv", "y.csv", "--noise-floor", "inf"], "--noise-floor must be finite"),
])
def test_numeric_options_out_of_range_are_one_error_line_before_anything_is_made(tmp_path, args, says):
    out = tmp_path / "out"
    line = _one_error_line(args + ([] if args[0] in ("bench", "report", "compare") else ["--out", str(out)]))
    assert says in line
    assert not out.exists()


@pytest.mark.parametrize("args, says", [  # found in review: each was accepted and changed nothing
    (["tune", SHAPES, "--device", "none", "--allow-modelled"], "--allow-modelled only lets --publish write"),
    (["tune", SHAPES, "--device", "none", "--race"], "--race acts on what a device runs and times"),
    (["run", "--m", "8", "--n", "64", "--k", "64", "--module-target", "host"], "--module-target names the target"),
    (["spec", SHAPES, "--prefer", "theirs"], "--prefer theirs decides between our spec and a --merge-with one"),
    (["tune", SHAPES, "--device", "none", "--prefer", "theirs"], "--prefer theirs decides between our spec and"),
    # --prefer ours is the default: typed by hand with nothing to link it changes nothing too (ParameterSource)
    (["spec", SHAPES, "--prefer", "ours"], "--prefer ours decides between our spec and a --merge-with one"),
    (["tune", SHAPES, "--device", "none", "--prefer", "ours"], "--prefer ours decides between our spec and"),
    (["library", "build", "--target", "gfx942", "--prefer", "ours"], "--prefer ours decides between our spec and"),
    (["model", LAYER, "--m", "8", "--prefer", "ours"], "--prefer ours decides between"),
    # --db without --tune said to give --tune, not that leaving --db out is the other way (and plain model said so
    # after reading --merge-with's files)
    (["model", LAYER, "--m", "8", "--library", "lib", "--db", "x.sqlite"], "error: --db keeps the records of a tune "
     "(its candidates and winners): give --tune with it, or leave --db out"),
    (["model", LAYER, "--m", "8", "--merge-with", "nowhere.mlir", "--db", "x.sqlite"], "error: --db keeps the records "
     "of a tune (its candidates and winners): give --tune with it, or leave --db out"),
    # was accepted (the tuned path never read --prefer), then said to give --merge-with, which it refuses
    (["model", LAYER, "--m", "8", "--tune", "--device", "none", "--prefer", "theirs"],
     "error: --prefer theirs decides between our spec and a --merge-with one, and with --tune or --library DIR no "
     "spec is linked: leave --prefer out"),
    (["model", LAYER, "--m", "8", "--library", "lib", "--device", "none", "--prefer", "ours"],
     "error: --prefer ours decides between our spec and a --merge-with one, and with --tune or --library DIR no "
     "spec is linked: leave --prefer out"),
])
def test_an_option_given_without_the_one_it_acts_on_is_one_error_line_before_anything_is_made(tmp_path, args, says):
    out = tmp_path / "out"
    assert says in _one_error_line(args + ["--out", str(out)])
    assert not out.exists()


@pytest.mark.parametrize("args, option", [
    (["sweep", SHAPES, "--reps", "5"], "--reps"), (["sweep", SHAPES, "--reps", "10"], "--reps"),  # its default, given
    (["sweep", SHAPES, "--cache-size", "256M"], "--cache-size"), (["sweep", SHAPES, "--timing-mode", "cmdbuf"],
                                                                   "--timing-mode"),
    (["tune", SHAPES, "--reps", "3"], "--reps"), (["tune", SHAPES, "--no-hot"], "--no-hot"),
    (["tune", SHAPES, "--no-race"], "--no-race"), (["tune", SHAPES, "--calibration", "none"], "--calibration"),
    (["model", LAYER, "--m", "8", "--tune", "--reps", "3"], "--reps"),  # the tune is modelled: nothing timed
    (["model", LAYER, "--m", "8", "--tune", "--calls", "2"], "--calls"),  # no forward is run
    (["model", LAYER, "--m", "8", "--tune", "--cache-mode", "hot"], "--cache-mode"),
    (["model", LAYER, "--m", "8", "--library", "lib", "--cache-size", "1M"], "--cache-size"),
    (["model", LAYER, "--m", "8", "--tune", "--no-torch-compile"], "--no-torch-compile"),
    (["model", LAYER, "--m", "8", "--library", "lib", "--seed", "3"], "--seed"),  # only its forward reads it
])
@pytest.mark.parametrize("none", ["none", "off", "compile-only"])  # resolve_device's spellings of no device
def test_a_timing_option_given_with_device_none_is_one_error_line_naming_it_before_anything_is_made(
        tmp_path, args, option, none):
    """Accepted and dropped: with --device none nothing is run or timed (found in review), nor with its aliases off
    and compile-only (found in review: only the spelling none was refused). Given by hand, even as its default
    value, it is refused; left out, the same command runs (test_run_limits, test_disk_faults)."""
    out = tmp_path / "out"
    line = _one_error_line([*args, "--device", none, "--target", "host", "--out", str(out)])
    assert line == (f"error: {option} acts on what a device runs and times, and with --device {none} nothing is run "
                    f"or timed: give a device, or leave {option} out"), line
    assert not out.exists()


@pytest.mark.parametrize("option", [["--reps", "3"], ["--rounds", "2"], ["--calls", "2"], ["--cache-mode", "hot"],
                                    ["--cache-size", "1M"], ["--torch-compile"], ["--calibration", "none"],
                                    ["--no-race"], ["--max-candidates", "4"], ["--search", "optuna"],
                                    ["--time-budget", "60"], ["--seed", "3"], ["--seed", "0"]])
def test_a_forward_or_tune_option_given_to_plain_model_is_one_error_line_naming_it(tmp_path, option):
    """Plain `vdmfma model` runs no forward and no tune: what only they read was accepted and dropped (found in
    review)."""
    out = tmp_path / "out"
    line = _one_error_line(["model", LAYER, "--m", "8", *option, "--out", str(out)])
    assert line == (f"error: {option[0]} acts on the tune and the forward --tune or --library DIR run, and plain "
                    f"`vdmfma model` runs neither: give one of them, or leave {option[0]} out"), line
    assert not out.exists()


@pytest.mark.parametrize("option", [["--reps", "3"], ["--race"], ["--no-race"], ["--max-candidates", "4"],
                                    ["--search", "optuna"], ["--time-budget", "60"]])
@pytest.mark.parametrize("device", ["local-task", "none"])
def test_a_tuner_option_given_with_library_is_one_error_line_naming_it(tmp_path, option, device):
    """`model --library DIR` tunes nothing: the tuner's options were accepted and dropped with a device (found in
    review), and with none the timing ones only were refused, saying to give a device that would not read them."""
    out = tmp_path / "out"
    line = _one_error_line(["model", LAYER, "--m", "8", "--library", "lib", "--device", device, "--target", "host",
                            *option, "--out", str(out)])
    assert line == (f"error: {option[0]} acts on the tune --tune runs, and --library DIR runs none: give --tune "
                    f"instead of --library, or leave {option[0]} out"), line
    assert not out.exists()


def test_the_forward_options_given_with_library_and_a_device_are_taken():
    """--library's forward reads --seed (its rounds' shuffled order), --rounds and --calls: not refused, the run
    goes on to read the library (here none: its own error line)."""
    line = _one_error_line(["model", LAYER, "--m", "8", "--library", "nowhere", "--device", "local-task", "--target",
                            "host", "--seed", "3", "--rounds", "2", "--calls", "2"])
    assert line == "error: --library nowhere: no such file or folder", line


_SEED_UNREAD = {  # per command, its --seed line: {what leaves the exhaustive tune nothing to shuffle}, {way out}
    "tune": "error: --seed orders a race's paired rounds and seeds --search optuna's sampler, and with {} and "
            "--search exhaustive neither runs: {}, or leave --seed out",
    "model": "error: --seed orders the paired rounds of the forward and of a race and seeds --search optuna's "
             "sampler, and with {} and --search exhaustive none of them runs: {}, or leave --seed out"}


@pytest.mark.parametrize("args, without, way", [
    (["tune", SHAPES, "--device", "none"], "--device none", "give a device or --search optuna"),
    (["tune", SHAPES, "--device", "off"], "--device off", "give a device or --search optuna"),
    (["tune", SHAPES, "--device", "local-task", "--no-race"], "--no-race",
     "leave --no-race out, or give --search optuna with --max-candidates N"),
    (["tune", SHAPES, "--device", "auto", "--no-race"], "--no-race",  # unread with a device here or without one
     "leave --no-race out, or give --search optuna with --max-candidates N"),
    (["model", LAYER, "--m", "8", "--tune", "--device", "none"], "--device none", "give a device or --search optuna"),
    (["model", LAYER, "--m", "8", "--tune", "--device", "compile-only"], "--device compile-only",
     "give a device or --search optuna")])
@pytest.mark.parametrize("seed", ["3", "0"])  # its default, given by hand, is refused too
def test_seed_given_to_an_exhaustive_tune_that_races_nothing_is_one_error_line_naming_it(
        tmp_path, args, without, way, seed):
    """The tuner reads --seed only in a race's paired rounds and optuna's sampler (tune/options.py unread_seed), and
    `model --tune` in its forward's rounds too (on a device): with --search exhaustive and no device (or `tune
    --no-race`) it was accepted and dropped (found in review)."""
    out = tmp_path / "out"
    line = _one_error_line([*args, "--seed", seed, "--target", "host", "--out", str(out)])
    assert line == _SEED_UNREAD[args[0]].format(without, way), line
    assert not out.exists()


def test_seed_given_to_an_unraced_optuna_tune_that_samples_nothing_is_one_error_line():
    """--search optuna samples only under a candidate limit (tune/tuner.py tune_shape): measured with --no-race and
    no --max-candidates it measures every candidate, so its seed was accepted and dropped (found in review)."""
    pytest.importorskip("optuna")
    line = _one_error_line(["tune", SHAPES, "--device", "local-task", "--no-race", "--search", "optuna", "--seed",
                            "3", "--target", "host"])
    assert line == ("error: --seed orders a race's paired rounds and seeds --search optuna's sampler, and with "
                    "--no-race nothing is raced and --search optuna without --max-candidates measures every "
                    "candidate, sampling none: give --max-candidates N, or leave --no-race out, or leave --seed out"), \
        line


@pytest.mark.parametrize("args", [
    ["tune", SHAPES, "--device", "local-task", "--allow-modelled"],  # a race shuffles its rounds
    ["tune", SHAPES, "--device", "local-task", "--no-race", "--search", "optuna", "--max-candidates", "4",
     "--allow-modelled"],  # optuna's sampler, under a limit
    ["tune", SHAPES, "--device", "none", "--search", "optuna", "--allow-modelled"],  # the modelled default limit
    ["tune", SHAPES, "--device", "auto", "--no-race", "--search", "optuna", "--allow-modelled"],  # found in review:
    # unread on a device (no --max-candidates), read where auto finds none (the modelled default limit): taken
    ["model", LAYER, "--m", "8", "--tune", "--device", "none", "--search", "optuna", "--db", "DB"],
    ["model", LAYER, "--m", "8", "--tune", "--device", "local-task", "--no-race", "--db", "DB"]])  # the forward
def test_seed_given_where_a_race_optuna_or_the_forward_reads_it_is_taken(tmp_path, args):
    """Each goes on to its next check (here one that fails: --allow-modelled without --publish, a --db that is no
    database), past the seed."""
    if "optuna" in args:
        pytest.importorskip("optuna")  # --search optuna needs it before the seed is looked at
    (tmp_path / "db.txt").write_text("not sqlite\n", encoding="utf-8")
    args = [str(tmp_path / "db.txt") if a == "DB" else a for a in args]
    line = _one_error_line([*args, "--seed", "3", "--target", "host", "--out", str(tmp_path / "out")])
    assert "--seed" not in line and ("--allow-modelled" in line or "not a tuning-record database" in line), line


@pytest.mark.parametrize("args, says", [
    (["tune", "nowhere.csv", "--device", "none", "--seed", "3"], "error: --seed "),
    (["tune", "nowhere.csv", "--device", "none", "--reps", "3"], "error: --reps "),
    (["sweep", "nowhere.csv", "--device", "none", "--reps", "3"], "error: --reps "),
    (["model", "nowhere.py", "--m", "8", "--tune", "--device", "none", "--search", "optuan", "--seed", "1"],
     "error: --search 'optuan': use exhaustive or optuna"),
    (["model", "nowhere.py", "--m", "8", "--prefer", "ours", "--compile-flags-file", "nowhere.txt"],
     "error: --prefer ours decides between our spec and a --merge-with one")])
def test_how_options_relate_is_said_before_any_file_they_name_is_read(tmp_path, args, says):
    """Found in review: `tune`/`sweep` read the shape list before refusing an option no run would read, `model
    --tune` named an unknown --search in the --seed line, and plain `model --prefer` without --merge-with read the
    flags file first. The options' own line comes first, naming no file."""
    line = _one_error_line([*args, "--out", str(tmp_path / "out")])
    assert line.startswith(says) and "nowhere" not in line, line
    assert not (tmp_path / "out").exists()


def test_tune_and_library_together_are_refused_before_the_library_is_read(tmp_path):
    """`model --tune --library DIR` with no DIR there said the library was missing (it was read first), not that
    --tune and --library are one or the other (found in review): how options relate is said before files are read."""
    out = tmp_path / "out"
    line = _one_error_line(["model", LAYER, "--m", "8", "--tune", "--library", str(tmp_path / "nowhere"), "--device",
                            "none", "--target", "host", "--out", str(out)])
    assert line == "error: give --tune or --library DIR, not both", line
    assert not out.exists()


class _Stop(Exception):
    """Raised by the spy once the compiler is made: what it was given is known, nothing need compile."""


def test_plain_model_compiles_with_the_workers_given(tmp_path, monkeypatch):
    """`model --workers N` was accepted and dropped: plain model's compiler ran on all cores (found in review;
    benchmarks/same_outputs.py gives --workers 2). The real Compiler is made, then the run stops."""
    import os

    import iree_vdmfma.model.model as model_module

    made: list[int] = []

    class Spy(model_module.Compiler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(self.workers)
            self.close()
            raise _Stop

    monkeypatch.setattr(model_module, "Compiler", Spy)
    workers = (os.cpu_count() or 1) + 1  # never the default (all cores)
    res = CliRunner().invoke(app, ["model", LAYER, "--m", "8", "--workers", str(workers), "--out",
                                   str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache")])
    assert isinstance(res.exception, _Stop), res.output
    assert made == [workers]


@pytest.mark.parametrize("none", ["none", "off", "compile-only"])
def test_plain_model_takes_every_spelling_of_no_device(none):
    """`--device off` is `--device none` (resolve_device): it was refused as a device that runs the forward."""
    line = _one_error_line(["model", "nowhere.py", "--m", "8", "--device", none])
    assert "--device runs the forward" not in line and "nowhere.py" in line, line


def test_auto_is_one_constant_every_default_device_and_the_no_device_check_share():
    """typed.py told `--device auto` from none by a literal "auto" beside the CLI's default device constant (found in
    review): devices/probe.py's AUTO is every command's default, what resolve_device probes, and what the timing
    check takes for not asking for no device; "auto" is spelled nowhere else in the CLI."""
    from iree_vdmfma.cli import typed
    from iree_vdmfma.devices.probe import AUTO

    defaults = {c: p.default for c, cmd in typer.main.get_command(app).commands.items() for p in cmd.params
                if p.name == "device"}
    assert defaults and set(defaults.values()) == {AUTO}, defaults
    assert [typed.no_device_asked(d) for d in (AUTO, f" {AUTO.upper()} ", "local-task", "none", "off")] == [
        False, False, False, True, True]
    assert [typed.asked_auto(d) for d in (AUTO, f" {AUTO.upper()} ", "local-task", "none")] == [True, True, False, False]
    assert [typed.device_named(d) for d in (AUTO, " AUTO ", "local-task", "cuda://1", "none", "off")] == [
        False, False, True, True, False, False]
    spelled = {f.name: f.read_text(encoding="utf-8").count('"auto"')
               for f in [*(ROOT / "iree_vdmfma" / "cli").glob("*.py"), ROOT / "iree_vdmfma" / "devices" / "probe.py"]}
    assert {f: n for f, n in spelled.items() if n} == {"probe.py": 1}, spelled


@pytest.mark.parametrize("command", [  # (model's --dtype is its builder's: tests/test_model_inputs.py)
    ["compile", "--m", "8", "--n", "64", "--k", "64"], ["run", "--m", "8", "--n", "64", "--k", "64"],
    ["calibrate", "--device", "local-task"], ["coverage"]])
def test_an_unknown_dtype_is_one_error_line_naming_dtype_before_anything_is_made(tmp_path, command):
    out = tmp_path / "out"
    line = _one_error_line([*command, "--dtype", "f99", "--out", str(out)])
    assert line.startswith("error: --dtype: unknown dtype 'f99'; valid: f16, bf16"), line  # was 'unknown dtype' alone
    assert not out.exists()


def test_ranges_are_stated_in_help():
    res = CliRunner().invoke(app, ["tune", "--help"], env={"COLUMNS": "200"})
    assert "x>=1" in res.output and "> 0" in res.output


@pytest.mark.parametrize("command", [
    ["tune", SHAPES], ["model", "examples/none.mlir"], ["report", "R"], ["compare", "R", "R"], ["sweep", SHAPES],
    ["coverage"], ["compile", "--m", "8", "--n", "64", "--k", "64"], ["spec", SHAPES]])
def test_an_out_that_is_an_existing_file_is_one_error_line(tmp_path, command):
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    results = tmp_path / "results.csv"
    results.write_text("m,n,k,dtype,target,variant,status\n8,64,64,f16,host,default,ok\n")
    args = [str(results) if a == "R" else a for a in command]
    line = _one_error_line(args + ["--out", str(a_file)])  # was a FileExistsError traceback (issue 22 item 9)
    assert str(a_file) in line and "always a folder" in line
    assert a_file.read_text() == "not a folder"


def test_the_device_target_resolution_is_one_rule():
    from iree_vdmfma.devices import plan_device

    assert plan_device("none", None) == (None, "gfx942")
    assert plan_device("none", "gfx950") == (None, "gfx950")
    assert plan_device("local-task", None) == ("local-task", "host")
    # auto with a host target is the CPU device, here for every command (model, sweep, run, tune, ...)
    assert plan_device("auto", "host") == ("local-task", "host")
    assert plan_device("AUTO", "host", target_kind=lambda t: "cpu" if t == "host" else "hip") == ("local-task", "host")
    if not probe_driver("hip"):
        assert plan_device("auto", "gfx950") == (None, "gfx950")  # no GPU here that runs it: compile only
    if not probe_driver("hip") and not probe_driver("cuda"):
        assert plan_device("auto", None) == (None, "gfx942")
    line = _one_error_line(["sweep", SHAPES, "--device", "local-task", "--target", "gfx942", "--out", "/tmp/x"])
    assert "device local-task runs host modules, but --target is gfx942" in line


def test_data_strings_keep_their_brackets(capsys):
    from iree_vdmfma.cli.common import say, show, user_errors

    show("f16_8x256x1024: split=2  vs default 1.2x  [within-noise; measured (cold, hip)]")
    say("candidate [s=4,wg=64] measured 27.5 us")
    with pytest.raises(typer.Exit):
        with user_errors():
            raise ValueError("exporting needs the 'model' extra: pip install -e '.[model]'")
    captured = capsys.readouterr()
    assert "[within-noise; measured (cold, hip)]" in captured.out  # a result: stdout
    assert "[s=4,wg=64]" in captured.err and "pip install -e '.[model]'" in captured.err  # progress, errors: stderr


def test_data_strings_with_colons_are_printed_as_given_never_as_emoji(tmp_path, capsys):
    from iree_vdmfma.cli.common import say, show

    show("pair default:x:y")  # rich would print ':x:' as a cross mark
    say("reason :thumbs_up: kept")
    captured = capsys.readouterr()
    assert "default:x:y" in captured.out and ":thumbs_up:" in captured.err
    line = _one_error_line(["sweep", SHAPES, "--variants", "a:b:c", "--out", str(tmp_path / "out")])
    assert "unknown variant 'a:b:c'" in line, line  # the user's own words, quoted back as typed


def test_sweep_says_its_log_path_prints_a_line_per_row_off_a_terminal_and_keeps_whole_reasons(tmp_path):
    shapes = tmp_path / "s.csv"
    shapes.write_text("m,n,k,dtype,name\n8,64,128,f16,tiny\n")
    out = tmp_path / "deep" / "o"
    res = CliRunner().invoke(app, ["sweep", str(shapes), "--target", "host", "--device", "none", "--variants",
                                   "default,vdmfma", "--out", str(out), "--no-report"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert f"progress log: {out / 'sweep.log'}" in res.stderr  # not 'o/sweep.log' (issue 23 item 8)
    assert "sweep: 1 problem x default, vdmfma for host" in res.stderr  # never '1 problems'

    progress = [line for line in res.stderr.splitlines() if line.startswith("[")]
    assert len(progress) == 2 and progress[-1].startswith("[2/2] tiny (f16_8x64x128)")
    reason = next(line for line in (out / "results.csv").read_text().splitlines() if ",skipped," in line)
    assert "host is a cpu target" in reason and "host is a cpu target" in res.stderr
    assert "host is a cpu" in res.stdout
    assert "2 rows in" in res.stdout and "0 not ok, 1 skipped (why: below, per variant)" in " ".join(res.stdout.split())
    last = " ".join(res.stdout.split("found, per variant against IREE's default on host")[1].split())
    assert last.startswith("(from each kernel's ISA and fingerprint): default: IREE's own choice on 1 of 1 shapes "
                           "vdmfma: applied on 0 of 1 shapes; skipped on 1 (tiny: variant vdmfma builds only"), last
    assert "target" in res.stdout.split("host is a cpu", 1)[1]  # wrapped, never cut at 80 characters
    assert "sweep:" not in res.stdout and "tiny" in res.stdout  # the banner is progress; the table a result


def test_a_compile_only_sweep_writes_its_report_only_when_asked(tmp_path):
    shapes = tmp_path / "s.csv"
    shapes.write_text("m,n,k,dtype,name\n8,64,128,f16,tiny\n")
    base = ["sweep", str(shapes), "--target", "host", "--device", "none", "--variants", "default"]
    plain = CliRunner().invoke(app, [*base, "--out", str(tmp_path / "plain")], env={"COLUMNS": "200"})
    assert plain.exit_code == 0, plain.output
    assert not (tmp_path / "plain" / "report").exists()
    assert "report: not written for a compile-only sweep (--report, or `vdmfma report " in plain.stdout
    asked = CliRunner().invoke(app, [*base, "--out", str(tmp_path / "asked"), "--report"], env={"COLUMNS": "200"})
    assert asked.exit_code == 0, asked.output
    assert (tmp_path / "asked" / "report" / "index.md").is_file()
    assert f"report (baseline default, written): {tmp_path / 'asked' / 'report' / 'index.md'}" in asked.stdout


def test_compile_says_where_results_csv_is_and_shows_only_its_own_rows(tmp_path):
    out = tmp_path / "c"
    base = ["compile", "--n", "64", "--k", "128", "--target", "host", "--variants", "default", "--out", str(out)]
    first = CliRunner().invoke(app, base + ["--m", "8"], env={"COLUMNS": "200"})
    assert first.exit_code == 0, first.output
    second = CliRunner().invoke(app, base + ["--m", "4"], env={"COLUMNS": "200"})
    assert second.exit_code == 0, second.output
    assert f"1 row(s) of this compile in {out / 'results.csv'} (2 in all)" in second.stdout
    assert "f16_4x64x128" in second.stdout and "f16_8x64x128" not in second.stdout


def test_tune_says_before_tuning_anything_that_optuna_is_missing_or_the_search_is_unknown(tmp_path, monkeypatch):
    out = tmp_path / "t"
    assert "--search 'tpe'" in _one_error_line(["tune", SHAPES, "--search", "tpe", "--out", str(out)])
    monkeypatch.setitem(sys.modules, "optuna", None)  # optuna not installed (import raises ImportError)
    line = _one_error_line(["tune", SHAPES, "--search", "optuna", "--device", "none", "--out", str(out)])
    assert "pip install -e '.[tune]'" in line  # the extra's name survives (no markup eats '[tune]')
    assert not out.exists()


def test_help_texts_keep_their_brackets():
    import re

    for command, cmd in typer.main.get_command(app).commands.items():
        texts = [p.help or "" for p in cmd.params if not getattr(p, "hidden", False)] + [cmd.help or ""]
        wanted = {w for t in texts for w in re.findall(r"[\w.'-]*\\?\[[a-z][\w,]*\]", t)}
        if not wanted:
            continue
        shown = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "250"}).output
        for w in wanted:
            assert w.replace("\\[", "[") in shown, f"{command} --help lost {w!r}"


def test_the_cli_timing_defaults_are_run_timings_own():
    """The CLI names its timing defaults without importing run/timing.py (--help stays light): they are its
    constants, which run_problem, bench, the peer and the harness floor take."""
    import typer.main

    from iree_vdmfma.cli import app
    from iree_vdmfma.run import timing

    commands = typer.main.get_command(app).commands
    run = {p.name: p.default for p in commands["run"].params}
    assert (run["warmup"], run["min_time"]) == (timing.DEFAULT_WARMUP_S, timing.DEFAULT_MIN_TIME_S)
    for name in ("run", "sweep", "bench"):
        assert {p.name: p.default for p in commands[name].params}["timing_mode"] == timing.DEFAULT_TIMING_MODE
