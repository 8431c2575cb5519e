"""A shape's finish without a race (``--no-race``, and every modelled tune): the winner rule of
tune/choose.py picks among the candidates' own timings (or the model's figures, MODELLED), then IREE's
default, padded and the pick are re-measured side by side, cold, in one sitting; the pick ships only if
that confirms it beats the default beyond noise (the device's A/A-calibrated rule when there is one),
else the default stays and the winner row says why. A module removed from the compile cache under that re-measure
(a prune, a hand rm) leaves no winner: its row says so (machine-error) and the shape waits for a rerun, as under a
race. The race's finish is tune/race.py's ``race_shape``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from ..problems.problem import Problem
from ..run.numerics import Checker
from ..run.timing import DEFAULT_TIMING_MODE
from . import state
from .choose import NOT_SEPARABLE, Choice, choose_measured, choose_modelled, model_error, modelled_verdict
from .measure import harness_floor, measure
from ..problems.rows import Status


def finish_shape(tuner, compiler, p: Problem, rows: list[state.CandidateRow],
                 checker: Optional[Checker]) -> Optional[state.WinnerRow]:
    """The shape's winner in no-race mode: measured, the winner rule (tune/choose.py) under the device's
    calibrated noise rule, then a side-by-side confirmation; modelled, the model's pick. None when a module was
    removed from the compile cache under the side-by-side (its row saved saying so: the tuner leaves the shape)."""
    default = next((r for r in rows if "default" in r.reference.split(",")), None)
    padded = next((r for r in rows if "padded" in r.reference.split(",")), None)
    fit = [r for r in rows if r.status in (Status.MEASURED.value, Status.MODELLED.value)]
    if tuner.o.measuring:
        from ..report.verdict import calibrated_rule  # noqa: PLC0415

        rule, source, note = calibrated_rule(tuner.o.device)  # the device's A/A calibration, if any
        if note:
            tuner.say(f"{p.key}: {note}")
        choice: Choice = choose_measured(fit, default, tuner.simplicity, rule)
    else:
        choice = choose_modelled(fit, default, tuner.simplicity)
    w = choice.winner
    base = dict(**p.identity(), target=tuner.o.target, device=tuner.o.device, compiler_version=tuner.version,
                candidates=sum(r.compile_s is not None for r in rows))
    if w is None:
        return state.WinnerRow(**base, winner="", verdict="none", note=choice.note)
    base.update(winner=w.candidate, search_winner=w.candidate, split=w.split, mma=w.mma,
                workgroups=w.workgroups, note=choice.note)
    if not tuner.o.measuring:
        speedup = _ratio(default and default.modelled_us, w.modelled_us)
        verdict, error = choice.verdict, model_error(tuner.backend, tuner.o.target)
        if verdict == "modelled":  # a modelled speedup within the model's validated error is no result
            verdict = modelled_verdict(speedup, error)
        # where the model's error is known, a pick within it is nothing to ship (an unvalidated model's pick still
        # ships, labelled 'not separable by the model': it may be the one config that builds)
        if verdict == NOT_SEPARABLE and error is not None and default is not None and w is not default:
            base.update(winner=default.candidate, split=default.split, mma=default.mma,
                        workgroups=default.workgroups,
                        note=f"[{w.candidate}] modelled {speedup:.3g}x, within the model's validated error: "
                             "IREE's default kept")
            w, speedup = default, 1.0
        return state.WinnerRow(**base, latency_us_median=w.modelled_us,
                               default_us_median=default.modelled_us if default else None,
                               padded_us_median=padded.modelled_us if padded else None,
                               speedup_vs_default=speedup,
                               speedup_vs_padded=_ratio(padded and padded.modelled_us, w.modelled_us),
                               verdict=verdict, basis="modelled")
    return _side_by_side(tuner, compiler, p, base, w, default, padded, choice, checker, rule, source)


def _side_by_side(tuner, compiler, p, base, w, default, padded, choice, checker, rule,
                  source) -> Optional[state.WinnerRow]:
    """Re-measure default, padded and winner now, in one sitting: the winner ships only if this
    confirms it beats the default beyond noise; otherwise the default stays and the row says why. None when a
    module was removed from the compile cache under it: that row saved as machine-error, no winner (a rerun)."""
    from ..report.verdict import WIN  # noqa: PLC0415

    from .choose import versus  # noqa: PLC0415

    refs = "IREE's default" + (", padded" if padded is not None else "")
    tuner.say(f"{p.key}: final side-by-side re-measure (cold, one sitting) of {refs} and the "
             f"search winner [{w.candidate}]: it ships only if it beats the default beyond noise here")
    final: dict[str, Optional[state.CandidateRow]] = {}
    failed: dict[str, str] = {}  # label -> why its final re-measure failed
    for label, row in (("default", default), ("padded", padded), ("winner", w)):
        if row is None or not row.cold_us_median:
            final[label] = None
            continue
        same = next((f for f in final.values() if f is not None and f.candidate == row.candidate), None)
        if same is not None:  # the winner is the default (or padded): one measurement serves both
            final[label] = same
            continue
        fields = tuner.on_device(measure, tuner.module(compiler, p, row), p, tuner.o.target,
                            replace(tuner.measure_options(), hot=False), checker)
        if fields["status"] == Status.MACHINE_ERROR.value:  # its module removed under the tune (measure.gone_fields)
            tuner.save_rows(row.replace(**fields))
            return None
        final[label] = row.replace(**fields) if fields["status"] == Status.MEASURED.value else None
        if final[label] is None:
            failed[label] = f"{fields['status']}: {fields.get('reason') or fields.get('error') or ''}".strip()
    fw, fd, fp = final["winner"], final["default"], final["padded"]
    is_default = default is not None and w.candidate == default.candidate
    verdict, note, ship, fship = choice.verdict, choice.note, w, fw
    if is_default:
        verdict = "default"
    elif fw is not None and fd is not None:
        verdict = versus(fd, fw, rule)  # the side-by-side verdict, under the device's floor, is the one reported
        if verdict != WIN:
            note = (f"search winner [{w.candidate}] not confirmed by the final side-by-side: {verdict}, "
                    f"{fd.cold_us_median / fw.cold_us_median:.3g}x vs the default; IREE's default kept")
            verdict, ship, fship = "default", default, fd
    elif default is not None and default.cold_us_median:  # the default ran, the winner is unconfirmed: it stays
        what = "winner" if fw is None else "default"
        note = (f"search winner [{w.candidate}] not confirmed: the {what} failed the final re-measure "
                f"({failed.get(what, 'not measured')}); IREE's default kept")
        verdict, ship, fship = "default", default, fd
    if ship is not w:
        tuner.say(f"{p.key}: {note}")
    prov = tuner.provenance(fship)
    base = {**base, "winner": ship.candidate, "split": ship.split, "mma": ship.mma, "workgroups": ship.workgroups,
            "note": note}
    return state.WinnerRow(
        **base, **prov, latency_us_median=fship.cold_us_median if fship else None,
        default_us_median=fd.cold_us_median if fd else None, padded_us_median=fp.cold_us_median if fp else None,
        speedup_vs_default=_ratio(fd and fd.cold_us_median, fship and fship.cold_us_median),
        speedup_vs_padded=_ratio(fp and fp.cold_us_median, fship and fship.cold_us_median),
        verdict=verdict, basis=f"measured (cold, {tuner.o.device})", search_us_median=ship.cold_us_median,
        default_search_us_median=default.cold_us_median if default else None,
        drift_default=_ratio(fd and fd.cold_us_median, default and default.cold_us_median),
        threshold=rule.floor, threshold_source=source, timing_mode=DEFAULT_TIMING_MODE,  # run_problem's default
        floor_us=tuner.on_device(harness_floor, tuner.o.target, DEFAULT_TIMING_MODE, tuner.measure_options(),
                                 tuner.o.cache_dir) if fship else None)


def _ratio(num, den) -> Optional[float]:
    return num / den if num and den else None
