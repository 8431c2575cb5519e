"""The CUDA ranking MODEL (backends/cuda/perf_model.py): validated leave-one-shape-out on the committed H100/H200
measurements by benchmarks/cuda_model_check.py (in process: no compile, no GPU), and wired into the tuner."""

from __future__ import annotations

import csv
import sqlite3
import statistics

import pytest

from conftest import ROOT, load_script
from iree_vdmfma.backends.cuda import perf_model
from iree_vdmfma.backends.cuda.perf_model import MODEL
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.records.db import Record, RecordDB
from iree_vdmfma.tune.options import TuneOptions
from iree_vdmfma.tune.space import settings_of
from iree_vdmfma.tune.tuner import Tuner

# The day of the last records the model's constants were fitted on (perf_model.py): the tests read the database up
# to it, so merging a later loan's records (which the check itself reads) never changes what they assert.
FITTED = "2026-11-29"


def _check():
    return load_script(ROOT / "benchmarks" / "cuda_model_check.py")


def _csv_measurements(check) -> tuple[set, set]:
    """Read here independently: every (file, shape) with three measured candidates or more, and every measured
    (shape, candidate, cold median) of the CSVs."""
    want, seen = set(), set()
    for path, _ in check.SOURCES:
        counts: dict[str, int] = {}
        for r in csv.DictReader((ROOT / path).read_text().splitlines()):
            if r.get("status") == "measured" and r.get("cold_us_median"):
                counts[r["key"]] = counts.get(r["key"], 0) + 1
                seen.add((r["key"], r["candidate"], float(r["cold_us_median"])))
        want |= {(path, k) for k, n in counts.items() if n >= check.MIN_CANDIDATES}
    return want, seen


def _database_groups(db, seen: set) -> set:
    """Read here with plain SQL: the (origin, shape) groups of measured sm_89 candidates on an H100/H200 with three
    rows or more, none sharing a measurement with the CSVs."""
    rows: dict[tuple, set] = {}
    for origin, key, knobs, us in sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True).execute(
            "SELECT origin, key, knobs, latency_us FROM records WHERE kind = 'candidate' AND basis = 'measured' "
            "AND target = 'sm_89' AND (sku_name = 'NVIDIA H200' OR sku_name LIKE 'NVIDIA H100%HBM3') "
            f"AND substr(recorded_at, 1, 10) <= '{FITTED}'"):
        rows.setdefault((origin, key), set()).add((key, knobs, us))
    return {(f"{db.name}: {o}", k) for (o, k), got in rows.items() if len(got) >= 3 and not got & seen}


def test_the_model_ranks_held_out_shapes_better_than_chance_on_every_committed_measurement(capsys):
    check = _check()
    want, seen = _csv_measurements(check)
    fresh = _database_groups(ROOT / check.DATABASE, seen)
    fitted = check.groups(until=FITTED)  # read once: the records the constants were fitted on
    results = check.leave_one_shape_out(fitted)
    assert {(r["source"], r["key"]) for r in results} == want | fresh and len(want) >= 10
    for r in results:  # the held-out shape's constants come from the other shapes' fit grid
        assert r["fit"][0] in check.LATENCIES and r["fit"][3] in check.TC_BYTES
        assert -1 <= r["rho"] <= 1 and 0 <= r["top3"] <= r["top16"] <= 1
    # FLOOR_US is what every held-out fit picks, the top of the grid; the model's docstring says so, with the value
    assert {r["fit"][1] for r in results} == {perf_model.FLOOR_US} == {max(check.FLOORS)}
    assert f"FLOOR_US = {perf_model.FLOOR_US:g} us" in perf_model.__doc__ and "top of its grid" in perf_model.__doc__
    # held out, the model orders the CSVs' space (0.77 on 2026-11-28; 0.68 with its Little's-law term taken out);
    # the database's loan with tensor-core candidates (2026-11-29) better than chance (+0.76 after the refit and the
    # M = 1 term)
    assert statistics.median(r["rho"] for r in results if not r.get("database")) > 0.7
    assert len(fresh) >= 14  # the H200 loan of 2026-11-29: 6 seed and 8 held-out shape groups
    assert statistics.median(r["rho"] for r in results if r.get("database")) > 0
    # the fitted tensor-core bytes in flight rank the H200's tc loan better than the old whole K step
    old = [r for r in check.leave_one_shape_out(fitted, (None,)) if r.get("database")]
    assert statistics.median(r["rho"] for r in results if r.get("database")) > statistics.median(
        r["rho"] for r in old) + 0.2
    check.main([])  # the script reads every record, a later loan's too
    said = capsys.readouterr().out.splitlines()[-1]
    everything = check.groups()
    every = results if everything == fitted else check.leave_one_shape_out(everything)
    assert said.startswith(f"leave-one-shape-out over {len(every)} measured shape groups: median rank correlation")
    assert f"top-16 hit rate {check._count(sum(r['top16'] for r in every))}/{len(every)}" in said
    assert check.spearman([1, 2, 3], [10, 30, 20]) == 0.5 and check.spearman([1, 2, 3], [3, 2, 1]) == -1
    # a tie in modelled time is broken at random: three tied for two places are each in with chance 2/3
    assert check.chance([1, 2, 2, 2], 2, 3) == pytest.approx(2 / 3) and check.chance([1, 2, 3], 0, 1) == 1


H200_ROWS = {  # f16_8x2304x8192 as the H200 measured it on 2026-11-29 (reports/gpu-records.sqlite), cold medians
    "split=0,mma=default": 128.653, "split=0,mma=gemv,rows=4,kpart=1024,ksub=4,vec=16": 39.9713,
    "split=0,mma=gemv,rows=4,kpart=1024,ksub=2,vec=16": 44.0006, "split=0,mma=gemv,rows=2,kpart=1024,ksub=2,vec=16":
    46.1375, "split=0,mma=tc,n_tile=16,reduction=32,subgroups=2": 118.006,
    "split=0,mma=tc,n_tile=16,reduction=32,subgroups=1": 162.45}


def _record(key: str, knobs: str, us: float, origin: str, sku: str = "NVIDIA H200", **kw) -> Record:
    p = Problem(*(int(x) for x in key.split("_")[1].split("x")))
    return Record(name=key, m=p.m, n=p.n, k=p.k, batch=1, dtype="f16", target=kw.pop("target", "sm_89"),
                  kind="candidate", key=key, knobs=knobs, basis=kw.pop("basis", "measured"), latency_us=us,
                  device="cuda", sku_name=sku, recorded_at="2026-11-29T19:24:06+00:00", origin=origin, **kw)


def test_a_records_databases_measured_candidates_are_read_once_and_summed_per_family(tmp_path, capsys):
    check = _check()
    key, loan = "f16_8x2304x8192", "gpu_evidence 20261129T192231Z/tune-seed"
    seed = (ROOT / "reports/gpu-evidence-h200-2/seed-candidates.csv").read_text().splitlines()
    imported = [r for r in csv.DictReader(seed) if r["key"] == key and r["status"] == "measured"]
    records = [_record(key, knobs, us, loan) for knobs, us in H200_ROWS.items()]
    records += [_record(key, r["candidate"], float(r["cold_us_median"]), "reports/gpu-evidence-h200-2",
                        provenance="rewritten-report: imported") for r in imported]  # the CSV's own rows: read once
    left_out = [("NVIDIA H200 NVL", {}), ("NVIDIA H200", {"basis": "modelled"}), ("NVIDIA H200", {"target": "gfx942"})]
    for i, (sku, kw) in enumerate(left_out):  # no data-sheet peak; not measured; not sm_89
        records += [_record(key, knobs, us, f"other {i}", sku, **kw) for knobs, us in H200_ROWS.items()]
    records += [_record("f16_8x4096x4096", knobs, us, loan) for knobs, us in list(H200_ROWS.items())[:2]]  # < 3
    db = tmp_path / "records.sqlite"
    with RecordDB(db) as held:
        assert held.add(records) == len(records)
    _, seen = _csv_measurements(check)
    new, unknown = check.database_groups(db, seen)
    assert [(g["source"], g["key"], g["device"], g["date"], g["peak"]) for g in new] == [
        (f"records.sqlite: {loan}", key, "H200", "2026-11-29", 4800.0)] and unknown == ["NVIDIA H200 NVL"]
    assert dict(zip(new[0]["ids"], (us for _, us in new[0]["cands"]))) == H200_ROWS and len(imported) >= 3
    assert _database_groups(db, seen) == {(new[0]["source"], key)}  # the test's own reading agrees
    assert check.database_groups(db, seen, until="2026-11-28")[0] == []  # recorded the day after: left out
    assert len(check.database_groups(db, seen, until="2026-11-29")[0]) == 1

    check.main(["--db", str(db)])
    out = capsys.readouterr().out
    assert "left out: measured candidates on NVIDIA H200 NVL" in out
    assert "per family over the database's 1 groups not in a CSV (MEASURED: H200, 2026-11-29;" in out
    [held_out] = [r for r in check.leave_one_shape_out(check.groups(db=db)) if r.get("database")]
    model = check.modelled(held_out, *held_out["fit"])
    p = Problem(8, 2304, 8192)
    for fam, want_top3 in (("default", 0), ("gemv", 3), ("tc", 0)):
        ids = [i for i, c in enumerate(held_out["ids"]) if f"mma={fam}" in c]
        pct = [statistics.median(perf_model.pct_peak(p, xs[i], 4800.0) for i in ids)
               for xs in (model, [H200_ROWS[c] for c in held_out["ids"]])]
        ratio = [statistics.median(xs[i] / xs[0] for i in ids) for xs in (model, [*H200_ROWS.values()])]
        assert held_out["ids"][0] == "split=0,mma=default"  # the default first, as written
        line = next(x for x in out.splitlines() if x.startswith(f"| mma={fam} |"))
        assert line.startswith(f"| mma={fam} | {len(ids)} in 1 | {pct[0]:.0f}% vs {pct[1]:.0f}% | "
                               f"{ratio[0]:.2f}x vs {ratio[1]:.2f}x | ")
        assert line.endswith(f" vs {len(ids)} | {check._count(sum(check.chance(model, i, 3) for i in ids))} vs "
                             f"{want_top3} |")  # 6 candidates: all in the top 16; the 3 gemv measured fastest


def test_the_model_check_refuses_a_missing_or_foreign_database_in_one_line(tmp_path, capsys):
    check = _check()
    foreign = tmp_path / "notes.sqlite"
    foreign.write_text("not a database")
    for db in (tmp_path / "none.sqlite", foreign):
        with pytest.raises(SystemExit) as stop:
            check.main(["--db", str(db)])
        err = capsys.readouterr().err.strip().splitlines()
        assert stop.value.code == 2 and len(err) == 1 and err[0].startswith(f"error: {db}")


def test_a_cuda_tune_races_in_the_models_order_and_every_candidate_has_a_modelled_pct_of_peak(tmp_path):
    p = Problem(8, 2304, 8192)
    tuner = Tuner([p], TuneOptions(target="sm_89", device="cuda", out_dir=tmp_path / "o", cache_dir=tmp_path / "c",
                                   race=None))  # races as the CLI does
    chosen, size = tuner.select(p)
    rest = chosen[1:]  # after IREE's default
    assert size == len(chosen) and rest[0].mma != "default"
    est = [MODEL.estimate_us(p, c.settings, "sm_89") for c in rest]
    assert est == sorted(est)
    pct = 100 * p.weight_bytes / (est[0] * 4800e3)
    assert abs(MODEL.pct_peak(p, est[0], "sm_89") - pct) < 1e-9 and 0 < pct < 100


H200_BIG = {  # f16_8x13312x16384 as the H200 measured it on 2026-11-29 (reports/gpu-records.sqlite), cold medians
    "split=0,mma=default": 277.195, "split=0,mma=tc,n_tile=16,reduction=16,subgroups=1": 409.755,
    "split=0,mma=tc,n_tile=16,reduction=8,subgroups=1": 438.157,
    "split=0,mma=tc,n_tile=16,reduction=32,subgroups=2": 474.966,
    "split=0,mma=tc,n_tile=32,reduction=32,subgroups=1": 485.464,
    "split=0,mma=tc,n_tile=16,reduction=32,subgroups=1": 703.675}


def test_the_model_has_no_tensor_core_candidate_beating_irees_default_where_the_h200_measured_none_did():
    p, default = Problem(8, 13312, 16384), "split=0,mma=default"
    tc = [c for c in H200_BIG if "mma=tc" in c]
    assert len(tc) == 5 and all(H200_BIG[c] > H200_BIG[default] for c in tc)  # the MEASURED order
    modelled = {c: MODEL.estimate_us(p, settings_of(c), "sm_89") for c in H200_BIG}
    assert all(modelled[c] > modelled[default] for c in tc), modelled  # the MODELLED order agrees
    # a second warp a workgroup was MEASURED faster; a thread's constant in flight has it MODELLED faster too
    one_warp, two = (f"split=0,mma=tc,n_tile=16,reduction=32,subgroups={w}" for w in (1, 2))
    assert H200_BIG[two] < H200_BIG[one_warp] and modelled[two] < modelled[one_warp]


def test_the_models_constants_are_what_the_check_picks_at_its_latency():
    check = _check()
    gs = check.groups(until=FITTED)  # the records the constants were fitted on: a later loan's merge changes nothing
    (latency, floor, extra, tc), _ = check.fit_all(gs, (perf_model.LATENCY_US,))
    assert (latency, floor, extra, tc) == (perf_model.LATENCY_US, perf_model.FLOOR_US, perf_model.EXTRA_DISPATCH_US,
                                           perf_model.TC_THREAD_BYTES)
    assert min(check.TC_BYTES[:-1]) < tc < max(check.TC_BYTES[:-1]) and check.TC_BYTES[-1] is None  # inside the grid
    assert check.EXTRAS == (perf_model.EXTRA_DISPATCH_US,) == (40.0,)  # held at the H200's measured gap, not fitted
    assert f"TC_THREAD_BYTES = {tc:g} B is FITTED to the H200's measurements of 2026-11-29" in perf_model.__doc__
    assert check._fits(gs).endswith(f"perf_model.py holds {check._constants((latency, floor, extra, tc))} (objective: "
                                    "median rank correlation less a tenth of the median |log(MODELLED / MEASURED)|)")


def test_the_model_orders_m1_gemv_candidates_as_the_h200_measured_them():
    """At M = 1 the model used to saturate HBM for every candidate (all tied). The H200 MEASURED (2026-11-29,
    reports/gpu-evidence-h200-4) rows 16 slower than 8 slower than 4, and 8-byte loads slower than 16-byte ones,
    on all four M = 1 shapes; the MODELLED order (what orders the race) must agree."""
    measured: dict[tuple, float] = {}
    for r in csv.DictReader((ROOT / "reports/gpu-evidence-h200-4/heldout-candidates.csv").read_text().splitlines()):
        if r["status"] == "measured" and r["m"] == "1":
            measured[(r["key"], r["candidate"])] = float(r["cold_us_median"])
    keys = sorted({k for k, _ in measured})
    assert keys == ["f16_1x28672x4096", "f16_1x4096x14336", "f16_1x4096x4096", "f16_1x6144x4096"]
    rows = [f"split=0,mma=gemv,rows={n},kpart=1024,ksub=2,vec=16" for n in (16, 8, 4)]
    vec = [f"split=0,mma=gemv,rows=4,kpart=512,ksub=2,vec={v}" for v in (8, 16)]
    for key in keys:
        p = Problem(*(int(x) for x in key.split("_")[1].split("x")))
        for slower_first in (rows, vec):
            got = [measured[(key, c)] for c in slower_first]
            modelled = [MODEL.estimate_us(p, settings_of(c), "sm_89") for c in slower_first]
            assert got == sorted(got, reverse=True), (key, got)  # the MEASURED order
            assert all(a > b for a, b in zip(modelled, modelled[1:])), (key, modelled)  # the MODELLED order agrees


@pytest.mark.parametrize("m", [1, 8])
def test_a_batched_gemm_is_modelled_as_its_batches_side_by_side(m):
    """A batch of 4 reaches the model (the CUDA space offers it IREE's default and splits; gemv and tc are for
    unbatched GEMMs only). Problem.weight_bytes counts every batch, so the grid and C must too: 4 batches of
    M x 2304 x 8192 are MODELLED as one M x 9216 x 8192 GEMM (the same workgroups, weights, C and partials),
    never as one batch's grid reading four batches' weights."""
    from iree_vdmfma.tune.space import generate

    batched, wide = Problem(m, 2304, 8192, batch=4), Problem(m, 4 * 2304, 8192)
    ids = [c.id for c in generate(batched, "sm_89")]
    assert {settings_of(c)["mma"] for c in ids} == {"default"} and any("split=0," not in f"{c}," for c in ids)
    for cid in ids:
        settings = settings_of(cid)
        got, want = (perf_model.shape_of(p, settings, "sm_89") for p in (batched, wide))
        assert got == want and got.dispatches == 1 + (settings["split"] > 0), cid
        assert MODEL.estimate_us(batched, settings, "sm_89") == MODEL.estimate_us(wide, settings, "sm_89"), cid
    one = perf_model.shape_of(Problem(m, 2304, 8192), {"split": 0, "mma": "default"}, "sm_89")
    assert perf_model.shape_of(batched, {"split": 0, "mma": "default"}, "sm_89").workgroups == 4 * one.workgroups


def test_a_batched_shape_key_is_read_as_its_problem():
    """The check reads a record's shape key as records/evidence.py does: a batched key too (a split-hand parser read
    'b4_8' as M and stopped the whole check)."""
    p = _check()._problem("f16_b4_8x2304x8192")
    assert (p.batch, p.m, p.n, p.k, p.dtype) == (4, 8, 2304, 8192, "f16")
