"""What the user typed on the command line: the one owner of that question.

Two views of it: click's ParameterSource (``given``: was this parameter typed, and how was it spelled) and the
command line itself as typed, option by option (``typed``: a converted Path has lost what it said, such as the
trailing '/' of 'x.mlir/'). The group (app.py) reads the command line once (``read``) and keeps it in ``ctx.meta``;
the checks that ask what was typed (``a_file``, ``no_timing_without_device``) live here too.

Imports nothing heavy: `vdmfma bench` uses it on a runtime-only machine.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

from ..devices.probe import AUTO, resolve_device

try:  # typer >= 0.2x carries its own copy of click (app.py)
    from typer._click.core import ParameterSource
    from typer._click.globals import get_current_context
except ImportError:  # pragma: no cover - older typer on plain click
    from click import get_current_context
    from click.core import ParameterSource

KEY = "vdmfma.typed"  # ctx.meta's key (shared by every context of one command line): what ``read`` found

Typed = list[tuple[str, tuple[str, ...]]]  # (option, its values) per option, ('', (value,)) per argument


def read(group, ctx, args: list[str]) -> tuple[str, Typed]:
    """(the command's path, what was given to it as typed: (option, its values) per option, ('', (value,)) per
    argument). The command's own options are read as click reads them, so a value such as '--compile-flag
    --iree-flag=' is the option's value, not an option given nothing. Typed, not converted: a Path drops the
    trailing '/' of 'x.mlir/', which says a folder."""
    command, path = group, [ctx.command_path]
    while hasattr(command, "get_command") and args and command.get_command(ctx, args[0]) is not None:
        command, path, args = command.get_command(ctx, args[0]), [*path, args[0]], args[1:]
    takes: dict[str, int] = {}  # each option string of the command: how many values follow it (0: a flag)
    for param in getattr(command, "params", []):
        if getattr(param, "param_type_name", "") == "option":
            for name in (*param.opts, *param.secondary_opts):
                takes[name] = 0 if param.is_flag or param.count else param.nargs
    given: Typed = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":  # what follows is arguments, as typed: nothing to check
            break
        name, eq, value = arg.partition("=")
        if arg[:2] in takes and takes[arg[:2]] and not arg.startswith("--") and len(arg) > 2:  # -oVALUE, as click
            given.append((arg[:2], (arg[2:],)))
        elif eq and name in takes:
            given.append((name, (value,)))
        elif arg in takes:
            given.append((arg, tuple(args[i + 1:i + 1 + takes[arg]])))
            i += takes[arg]
        else:
            given.append(("", (arg,)))
        i += 1
    return " ".join(path), given


def given(name: str) -> Optional[str]:
    """The running command's parameter ``name`` as the user spelled it (``--reps``, ``--no-hot``) when given on the
    command line, else None: left at its default, even a default given again by hand (``--reps 10``), which a
    comparison with the default cannot tell apart (click's ParameterSource can)."""
    ctx = get_current_context(silent=True)
    if ctx is None or ctx.get_parameter_source(name) != ParameterSource.COMMANDLINE:
        return None
    param = next(p for p in ctx.command.params if p.name == name)
    off = getattr(param, "secondary_opts", None) and ctx.params.get(name) is False
    return (param.secondary_opts if off else param.opts)[0]


def typed(option: str) -> list[str]:
    """The values the running command's ``option`` (any of its spellings: --out or -o) was given, as typed: a Path
    drops the trailing '/' of 'x.mlir/', which says a folder (app.py keeps the command line in ``ctx.meta``)."""
    ctx = get_current_context(silent=True)
    if ctx is None:
        return []
    spellings = next(((*p.opts, *p.secondary_opts) for p in ctx.command.params if option in p.opts), (option,))
    return [v for name, values in ctx.meta.get(KEY, ()) if name in spellings for v in values]


def a_file(option: str, path: Path, names: str = "", or_else: str = "") -> Path:
    """``path``, given to an option that names a file (``names``: what says so, default the option itself); ValueError
    when its value as typed (the last one: click keeps it) names a folder: it ends in '/' or '/.', or otherwise says
    something the Path it became has lost ('x.mlir/' and 'x.mlir/.' are both Path('x.mlir'), and the file would be
    written all the same). ``or_else``: another way out the line offers."""
    value = (typed(option) or [str(path)])[-1]
    said = value.replace(os.sep, "/").rsplit("/", 1)[-1]  # the last part as typed: '' for 'x/', '.' for 'x/.'
    if said != Path(value).name:
        raise ValueError(f"{option} {value} names a folder (a value ending in '/' or '/.' does), but {names or option} "
                         f"names a file: give {path} for the file" + (f", or {or_else}" if or_else else ""))
    return path


def refuse_given(names: tuple[str, ...], why: str, way_out: str) -> None:
    """ValueError naming the first of the parameters ``names`` given on the command line, even as its default, when
    ``why`` says it would change nothing: '{spelled} {why}: {way_out}, or leave {spelled} out'."""
    for name in names:
        spelled = given(name)
        if spelled:
            raise ValueError(f"{spelled} {why}: {way_out}, or leave {spelled} out")


def asked_auto(device: str) -> bool:
    """--device auto, however spelled (' AUTO '): whatever device is here, none on a machine without one."""
    return device.strip().lower() == AUTO


def no_device_asked(device: str) -> bool:
    """--device asks for no device: none, or its aliases off and compile-only (resolve_device); auto, which finds
    none on a machine without one, is not asking for none. Nothing is probed: a named device is not looked for."""
    return not asked_auto(device) and resolve_device(device) is None


def device_named(device: str) -> bool:
    """--device names a device (local-task, hip, cuda://1, ...): neither auto nor none and its aliases."""
    return not asked_auto(device) and not no_device_asked(device)


def no_timing_without_device(device: str, *names: str) -> None:
    """With no device asked for (``no_device_asked``) nothing is run or timed: ValueError naming the first of the
    timing options ``names`` (their parameter names) given on the command line, which would change nothing."""
    if no_device_asked(device):
        refuse_given(names, f"acts on what a device runs and times, and with --device {device} nothing is run or "
                            "timed", "give a device")
