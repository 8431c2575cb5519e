"""The intrinsic catalog (asked from the compiler) and the variants' config rules."""

import pytest

from iree_vdmfma.configs.catalog import IntrinsicUnavailableError, dense_intrinsic, target_intrinsics, vdmfma_intrinsic
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.devices.targets import TARGETS
from iree_vdmfma.variants import REGISTRY, baseline, variant

# The measured table of the shared notes: which VDMFMA compiles where.
EXPECTED_VDMFMA = {
    ("gfx942", "f16"): "VDMFMA_F32_8x16x64x2_F16",
    ("gfx942", "bf16"): "VDMFMA_F32_8x16x64x2_BF16",
    ("gfx942", "f8E4M3FNUZ"): "VDMFMA_F32_8x16x128x2_F8E4M3FNUZ",
    ("gfx942", "f8E5M2FNUZ"): "VDMFMA_F32_8x16x128x2_F8E5M2FNUZ",
    ("gfx942", "i8"): "VDMFMA_I32_8x16x128x2_I8",
    ("gfx950", "f16"): "VDMFMA_F32_8x16x64x1_F16",
    ("gfx950", "bf16"): "VDMFMA_F32_8x16x64x1_BF16",
    ("gfx950", "f8E4M3FN"): "VDMFMA_F32_8x16x128x1_F8E4M3FN",
    ("gfx950", "f8E5M2"): "VDMFMA_F32_8x16x128x1_F8E5M2",
    ("gfx950", "i8"): "VDMFMA_I32_8x16x128x1_I8",
}
EXPECTED_DENSE = {
    ("gfx942", "f16"): "MFMA_F32_16x16x16_F16", ("gfx942", "f8E4M3FNUZ"): "MFMA_F32_16x16x32_F8E4M3FNUZ",
    ("gfx942", "i8"): "MFMA_I32_16x16x32_I8", ("gfx950", "f16"): "MFMA_F32_16x16x32_F16",
    ("gfx950", "f8E4M3FN"): "MFMA_F32_16x16x128_F8E4M3FN", ("gfx950", "i8"): "MFMA_I32_16x16x64_I8",
}


@pytest.mark.parametrize("key,name", EXPECTED_VDMFMA.items())
def test_vdmfma_intrinsic_per_target(key, name):
    intrinsic = vdmfma_intrinsic(*key)
    assert intrinsic.name == name
    assert intrinsic.m == 8 and intrinsic.virtual


@pytest.mark.parametrize("key,name", EXPECTED_DENSE.items())
def test_dense_intrinsic_per_target(key, name):
    assert dense_intrinsic(*key).name == name


@pytest.mark.parametrize("arch,dtype", [("gfx942", "f8E4M3FN"), ("gfx950", "f8E4M3FNUZ")])
def test_wrong_fp8_flavour_is_refused_with_choices(arch, dtype):
    with pytest.raises(IntrinsicUnavailableError, match="element types with one"):
        vdmfma_intrinsic(arch, dtype)


def test_catalog_comes_from_compiler_target_info():
    # IREE's own selector lists only f16/bf16 VDMFMA; the catalog adds the ones the sparse MFMAs back.
    gfx942 = {i.name: i for i in target_intrinsics("gfx942")}
    assert gfx942["VDMFMA_F32_8x16x64x2_F16"].in_selector
    assert not gfx942["VDMFMA_I32_8x16x128x2_I8"].in_selector
    assert "VDMFMA_F32_8x16x64x1_F16" not in gfx942  # no 16x16x64 f16 smfmac on gfx942


def test_default_vdmfma_config_matches_iree_selector():
    config = variant("vdmfma").config(Problem(8, 2304, 8192), "gfx942")
    assert config.workgroup == (8, 64, 0) and config.reduction == (0, 0, 4) and config.subgroup == (1, 2, 0)
    assert config.padding is None and config.workgroup_size == 128
    assert config.lds_estimate == 37440  # what IREE reports for this config


def test_padded_config_is_the_write_up_baseline():
    config = variant("padded").config(Problem(8, 13312, 16384), "gfx942")
    assert config.mma_kind == "MFMA_F32_16x16x16_F16"
    assert config.padding == (16, 64, 128) and config.reduction == (0, 0, 8) and config.workgroup == (16, 64, 0)
    assert config.lds_estimate == 21120


@pytest.mark.parametrize("problem,padding", [
    (Problem(8, 2304, 16000), (8, 64, 256)),  # K multiple of 128 but not 256
    (Problem(4, 2304, 8192), (8, 64, 256)),  # M < 8 padded to 8
    (Problem(8, 100, 8192), (8, 64, 256)),  # N not a multiple of 64
])
def test_vdmfma_pads_what_does_not_divide(problem, padding):
    assert variant("vdmfma").config(problem, "gfx942").padding == padding


def test_batched_config_has_leading_batch_tile():
    config = variant("vdmfma").config(Problem(8, 2304, 8192, batch=4), "gfx942")
    assert config.workgroup == (1, 8, 64, 0) and config.subgroup == (0, 1, 2, 0)
    assert config.reduction == (0, 0, 0, 4)


@pytest.mark.parametrize("arch", list(TARGETS))
@pytest.mark.parametrize("dtype", ["f16", "bf16", "i8"])
@pytest.mark.parametrize("name", ["vdmfma", "padded"])
def test_configs_fit_the_targets_lds(arch, dtype, name):
    problem = Problem(8, 13312, 16384, dtype=dtype)
    enabled, why = variant(name).enabled(problem, arch)
    if not enabled:  # vdmfma on RDNA: a skipped row with its reason, never a config
        assert name == "vdmfma" and TARGETS[arch].rdna and "no sparse (VDMFMA) intrinsic" in why
        return
    config = variant(name).config(problem, arch)
    assert config.lds_estimate <= TARGETS[arch].lds_bytes
    # by hand: the promoted A (M tile rows) and B (64 rows) tiles, K tile elements a row, each row padded by
    # 8 bytes, as the two configs above measured in IREE's own report (37440 B, 21120 B)
    k_tile = config.reduction[-1] * config.intrinsic.k
    elem = {"f16": 2, "bf16": 2, "i8": 1}[dtype]
    assert config.lds_estimate == (config.workgroup[-3] + 64) * (k_tile * elem + 8)


def test_gfx950_vdmfma_reduction_scaled_by_unroll():
    assert variant("vdmfma").config(Problem(8, 2304, 8192), "gfx950").reduction == (0, 0, 2)
    assert variant("vdmfma").config(Problem(8, 2304, 8192), "gfx942").reduction == (0, 0, 4)


def test_registry_has_one_baseline():
    assert baseline().name == "padded"
    assert {"default", "vdmfma", "padded"} <= set(REGISTRY)
