// A hand-written tuning spec, as a user (or amdsharktuner) would bring one: not made by this toolkit.
// `vdmfma spec ... --merge-with examples/hand_tuning_spec.mlir` and `vdmfma link` link it with ours.
//  * @match_mmt_256x256x256: a non-skinny f16 GEMM (A[256,256] * B[256,256]^T) gets dense 16x16x16 MFMA tiles;
//  * @match_any_m8_mmt_f16: ANY f16 A*B^T GEMM with M = 8 gets the padded dense MFMA config, so it claims
//    the very ops a VDMFMA spec for M = 8 claims: the two conflict, and --prefer decides who wins.
// Written for gfx942 with IREE 3.13.0 (`pipeline = #iree_gpu.pipeline<TileAndFuse>`).
#mmt_a = affine_map<(d0, d1, d2) -> (d0, d2)>
#mmt_b = affine_map<(d0, d1, d2) -> (d1, d2)>
#mmt_c = affine_map<(d0, d1, d2) -> (d0, d1)>
#tile_and_fuse = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<TileAndFuse> workgroup_size = [256, 1, 1] subgroup_size = 64, {gpu_pipeline_options = #iree_gpu.pipeline_options<prefetch_num_stages = 2>}>
#padded_128 = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<TileAndFuse> workgroup_size = [128, 1, 1] subgroup_size = 64, {gpu_pipeline_options = #iree_gpu.pipeline_options<prefetch_num_stages = 2>}>
module @hand_spec attributes {transform.with_named_sequence, iree_codegen.tuning_spec_with_default_entrypoint} {
  transform.named_sequence @apply_op_config(%op: !transform.any_op {transform.readonly}, %config: !transform.any_param {transform.readonly}) {
    transform.annotate %op "compilation_info" = %config : !transform.any_op, !transform.any_param
    transform.yield
  }

  transform.named_sequence @match_mmt_256x256x256(%op: !transform.any_op {transform.readonly}) -> (!transform.any_op, !transform.any_param) {
    %batch, %m, %n, %k = transform.iree.match.contraction %op, lhs_type = f16, rhs_type = f16, output_type = f32, indexing_maps = [#mmt_a, #mmt_b, #mmt_c] : !transform.any_op -> !transform.param<i64>
    transform.iree.match.dims_equal %m, [256] : !transform.param<i64>
    transform.iree.match.dims_equal %n, [256] : !transform.param<i64>
    transform.iree.match.dims_equal %k, [256] : !transform.param<i64>
    %config = transform.param.constant #iree_codegen.compilation_info<
        lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<MFMA_F32_16x16x16_F16>, promote_operands = [0, 1], reduction = [0, 0, 4], subgroup = [2, 2, 0], workgroup = [64, 64, 0]}>,
        translation_info = #tile_and_fuse> -> !transform.any_param
    transform.yield %op, %config : !transform.any_op, !transform.any_param
  }

  transform.named_sequence @match_any_m8_mmt_f16(%op: !transform.any_op {transform.readonly}) -> (!transform.any_op, !transform.any_param) {
    %batch, %m, %n, %k = transform.iree.match.contraction %op, lhs_type = f16, rhs_type = f16, output_type = f32, indexing_maps = [#mmt_a, #mmt_b, #mmt_c] : !transform.any_op -> !transform.param<i64>
    transform.iree.match.dims_equal %m, [8] : !transform.param<i64>
    %config = transform.param.constant #iree_codegen.compilation_info<
        lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<MFMA_F32_16x16x16_F16>, padding = [16, 64, 128], promote_operands = [0, 1], reduction = [0, 0, 8], subgroup = [1, 2, 0], workgroup = [16, 64, 0]}>,
        translation_info = #padded_128> -> !transform.any_param
    transform.yield %op, %config : !transform.any_op, !transform.any_param
  }

  transform.named_sequence @__kernel_config(%root: !transform.any_op {transform.consumed}) -> !transform.any_op
      attributes {iree_codegen.tuning_spec_entrypoint} {
    %res = transform.foreach_match in %root
        @match_mmt_256x256x256 -> @apply_op_config,
        @match_any_m8_mmt_f16 -> @apply_op_config
      : (!transform.any_op) -> !transform.any_op
    transform.yield %res : !transform.any_op
  }
}
