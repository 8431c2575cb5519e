#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#translation = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [64, 1, 1] subgroup_size = 32>
#translation1 = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [128, 1, 1] subgroup_size = 32>
#compilation = #iree_codegen.compilation_info<lowering_config = #iree_gpu.lowering_config<{lane_basis = [[1, 1, 32], [0, 1, 2]], partial_reduction = [0, 0, 1024], subgroup_basis = [[1, 1, 2], [0, 1, 2]], thread = [0, 0, 8], workgroup = [8, 4, 0]}>, translation_info = #translation>
#compilation1 = #iree_codegen.compilation_info<lowering_config = #iree_gpu.lowering_config<{lane_basis = [[1, 1, 32], [0, 1, 2]], partial_reduction = [0, 0, 1024], subgroup_basis = [[1, 1, 4], [0, 1, 2]], thread = [0, 0, 8], workgroup = [8, 4, 0]}>, translation_info = #translation1>
module attributes {transform.with_named_sequence} {
  transform.named_sequence @set_f16_8x13312x16384(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.param.constant #compilation -> !transform.any_param
    transform.annotate %arg0 "compilation_info" = %0 : !transform.any_op, !transform.any_param
    transform.yield 
  }
  transform.named_sequence @set_f16_8x13312x8192(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.param.constant #compilation -> !transform.any_param
    transform.annotate %arg0 "compilation_info" = %0 : !transform.any_op, !transform.any_param
    transform.yield 
  }
  transform.named_sequence @set_f16_8x2304x16384(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.param.constant #compilation -> !transform.any_param
    transform.annotate %arg0 "compilation_info" = %0 : !transform.any_op, !transform.any_param
    transform.yield 
  }
  transform.named_sequence @set_f16_8x2304x8192(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.param.constant #compilation -> !transform.any_param
    transform.annotate %arg0 "compilation_info" = %0 : !transform.any_op, !transform.any_param
    transform.yield 
  }
  transform.named_sequence @set_f16_8x6656x16384(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.param.constant #compilation1 -> !transform.any_param
    transform.annotate %arg0 "compilation_info" = %0 : !transform.any_op, !transform.any_param
    transform.yield 
  }
  transform.named_sequence @set_f16_8x6656x8192(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.param.constant #compilation -> !transform.any_param
    transform.annotate %arg0 "compilation_info" = %0 : !transform.any_op, !transform.any_param
    transform.yield 
  }
  transform.named_sequence @match_f16_8x13312x16384(%arg0: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %batch_dims, %m_dims, %n_dims, %k_dims = transform.iree.match.contraction %arg0, lhs_type = f16, rhs_type = f16, output_type = f32, indexing_maps = [#map, #map1, #map2] : !transform.any_op -> !transform.param<i64>
    transform.iree.match.dims_equal %batch_dims, [] : !transform.param<i64>
    transform.iree.match.dims_equal %m_dims, [8] : !transform.param<i64>
    transform.iree.match.dims_equal %n_dims, [13312] : !transform.param<i64>
    transform.iree.match.dims_equal %k_dims, [16384] : !transform.param<i64>
    transform.yield %arg0 : !transform.any_op
  }
  transform.named_sequence @match_f16_8x13312x8192(%arg0: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %batch_dims, %m_dims, %n_dims, %k_dims = transform.iree.match.contraction %arg0, lhs_type = f16, rhs_type = f16, output_type = f32, indexing_maps = [#map, #map1, #map2] : !transform.any_op -> !transform.param<i64>
    transform.iree.match.dims_equal %batch_dims, [] : !transform.param<i64>
    transform.iree.match.dims_equal %m_dims, [8] : !transform.param<i64>
    transform.iree.match.dims_equal %n_dims, [13312] : !transform.param<i64>
    transform.iree.match.dims_equal %k_dims, [8192] : !transform.param<i64>
    transform.yield %arg0 : !transform.any_op
  }
  transform.named_sequence @match_f16_8x2304x16384(%arg0: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %batch_dims, %m_dims, %n_dims, %k_dims = transform.iree.match.contraction %arg0, lhs_type = f16, rhs_type = f16, output_type = f32, indexing_maps = [#map, #map1, #map2] : !transform.any_op -> !transform.param<i64>
    transform.iree.match.dims_equal %batch_dims, [] : !transform.param<i64>
    transform.iree.match.dims_equal %m_dims, [8] : !transform.param<i64>
    transform.iree.match.dims_equal %n_dims, [2304] : !transform.param<i64>
    transform.iree.match.dims_equal %k_dims, [16384] : !transform.param<i64>
    transform.yield %arg0 : !transform.any_op
  }
  transform.named_sequence @match_f16_8x2304x8192(%arg0: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %batch_dims, %m_dims, %n_dims, %k_dims = transform.iree.match.contraction %arg0, lhs_type = f16, rhs_type = f16, output_type = f32, indexing_maps = [#map, #map1, #map2] : !transform.any_op -> !transform.param<i64>
    transform.iree.match.dims_equal %batch_dims, [] : !transform.param<i64>
    transform.iree.match.dims_equal %m_dims, [8] : !transform.param<i64>
    transform.iree.match.dims_equal %n_dims, [2304] : !transform.param<i64>
    transform.iree.match.dims_equal %k_dims, [8192] : !transform.param<i64>
    transform.yield %arg0 : !transform.any_op
  }
  transform.named_sequence @match_f16_8x6656x16384(%arg0: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %batch_dims, %m_dims, %n_dims, %k_dims = transform.iree.match.contraction %arg0, lhs_type = f16, rhs_type = f16, output_type = f32, indexing_maps = [#map, #map1, #map2] : !transform.any_op -> !transform.param<i64>
    transform.iree.match.dims_equal %batch_dims, [] : !transform.param<i64>
    transform.iree.match.dims_equal %m_dims, [8] : !transform.param<i64>
    transform.iree.match.dims_equal %n_dims, [6656] : !transform.param<i64>
    transform.iree.match.dims_equal %k_dims, [16384] : !transform.param<i64>
    transform.yield %arg0 : !transform.any_op
  }
  transform.named_sequence @match_f16_8x6656x8192(%arg0: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %batch_dims, %m_dims, %n_dims, %k_dims = transform.iree.match.contraction %arg0, lhs_type = f16, rhs_type = f16, output_type = f32, indexing_maps = [#map, #map1, #map2] : !transform.any_op -> !transform.param<i64>
    transform.iree.match.dims_equal %batch_dims, [] : !transform.param<i64>
    transform.iree.match.dims_equal %m_dims, [8] : !transform.param<i64>
    transform.iree.match.dims_equal %n_dims, [6656] : !transform.param<i64>
    transform.iree.match.dims_equal %k_dims, [8192] : !transform.param<i64>
    transform.yield %arg0 : !transform.any_op
  }
  transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
    %updated_root = transform.foreach_match in %arg0 
        @match_f16_8x13312x16384 -> @set_f16_8x13312x16384, 
        @match_f16_8x13312x8192 -> @set_f16_8x13312x8192, 
        @match_f16_8x2304x16384 -> @set_f16_8x2304x16384, 
        @match_f16_8x2304x8192 -> @set_f16_8x2304x8192, 
        @match_f16_8x6656x16384 -> @set_f16_8x6656x16384, 
        @match_f16_8x6656x8192 -> @set_f16_8x6656x8192 : (!transform.any_op) -> !transform.any_op
    transform.yield 
  }
}
