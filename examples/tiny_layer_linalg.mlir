// Made by `python examples/make_tour_ir.py` (iree-turbine 3.9.0, torch 2.13.0+cpu, iree-base-compiler 3.13.0): examples/llama_layer.py TINY layer (hidden 256, 4 heads, 2 KV heads, MLP 512, f16), M = 8 tokens, rank 2, random weights (seed 0), parameters externalized; lowered with `iree-compile tiny_layer.mlir --compile-to=input`.
module @module {
  util.global private @__auto.attn_norm.weight = #flow.parameter.named<"model"::"attn_norm.weight"> : tensor<256xf16>
  util.global private @__auto.q.weight = #flow.parameter.named<"model"::"q.weight"> : tensor<256x256xf16>
  util.global private @__auto.k.weight = #flow.parameter.named<"model"::"k.weight"> : tensor<128x256xf16>
  util.global private @__auto.v.weight = #flow.parameter.named<"model"::"v.weight"> : tensor<128x256xf16>
  util.global private @__auto.o.weight = #flow.parameter.named<"model"::"o.weight"> : tensor<256x256xf16>
  util.global private @__auto.mlp_norm.weight = #flow.parameter.named<"model"::"mlp_norm.weight"> : tensor<256xf16>
  util.global private @__auto.gate.weight = #flow.parameter.named<"model"::"gate.weight"> : tensor<512x256xf16>
  util.global private @__auto.up.weight = #flow.parameter.named<"model"::"up.weight"> : tensor<512x256xf16>
  util.global private @__auto.down.weight = #flow.parameter.named<"model"::"down.weight"> : tensor<256x512xf16>
  util.func public @main$async(%arg0: !hal.buffer_view, %arg1: !hal.fence, %arg2: !hal.fence) -> !hal.buffer_view attributes {inlining_policy = #util.inline.never, iree.abi.model = "coarse-fences", iree.abi.stub} {
    %cst = arith.constant 1.250000e-01 : f32
    %cst_0 = arith.constant 0xFC00 : f16
    %cst_1 = arith.constant 0.000000e+00 : f16
    %c2_i64 = arith.constant 2 : i64
    %cst_2 = arith.constant 0.000000e+00 : f32
    %cst_3 = arith.constant 1.000000e+00 : f16
    %cst_4 = arith.constant 9.99999974E-6 : f32
    %cst_5 = arith.constant 2.560000e+02 : f32
    %0 = hal.tensor.import wait(%arg1) => %arg0 : !hal.buffer_view -> tensor<8x256xf16>
    %1 = tensor.empty() : tensor<8x256xf32>
    %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<8x256xf16>) outs(%1 : tensor<8x256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %65 = arith.extf %in : f16 to f32
      linalg.yield %65 : f32
    } -> tensor<8x256xf32>
    %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<8x256xf32>) outs(%1 : tensor<8x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %65 : f32
    } -> tensor<8x256xf32>
    %4 = tensor.empty() : tensor<8x1xf32>
    %5 = linalg.fill ins(%cst_2 : f32) outs(%4 : tensor<8x1xf32>) -> tensor<8x1xf32>
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%3 : tensor<8x256xf32>) outs(%5 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = arith.addf %in, %out : f32
      linalg.yield %65 : f32
    } -> tensor<8x1xf32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<8x1xf32>) outs(%4 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = arith.divf %in, %cst_5 : f32
      linalg.yield %65 : f32
    } -> tensor<8x1xf32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<8x1xf32>) outs(%4 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = arith.addf %in, %cst_4 : f32
      linalg.yield %65 : f32
    } -> tensor<8x1xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<8x1xf32>) outs(%4 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = math.rsqrt %in : f32
      linalg.yield %65 : f32
    } -> tensor<8x1xf32>
    %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2, %9 : tensor<8x256xf32>, tensor<8x1xf32>) outs(%1 : tensor<8x256xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %65 = arith.mulf %in, %in_20 : f32
      linalg.yield %65 : f32
    } -> tensor<8x256xf32>
    %11 = tensor.empty() : tensor<8x256xf16>
    %12 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<8x256xf32>) outs(%11 : tensor<8x256xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<8x256xf16>
    %__auto.attn_norm.weight = util.global.load @__auto.attn_norm.weight : tensor<256xf16>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%12, %__auto.attn_norm.weight : tensor<8x256xf16>, tensor<256xf16>) outs(%11 : tensor<8x256xf16>) {
    ^bb0(%in: f16, %in_20: f16, %out: f16):
      %65 = arith.mulf %in, %in_20 : f16
      linalg.yield %65 : f16
    } -> tensor<8x256xf16>
    %__auto.q.weight = util.global.load @__auto.q.weight : tensor<256x256xf16>
    %14 = tensor.empty() : tensor<256x256xf16>
    %transposed = linalg.transpose ins(%__auto.q.weight : tensor<256x256xf16>) outs(%14 : tensor<256x256xf16>) permutation = [1, 0] 
    %15 = linalg.fill ins(%cst_2 : f32) outs(%1 : tensor<8x256xf32>) -> tensor<8x256xf32>
    %16 = linalg.matmul ins(%13, %transposed : tensor<8x256xf16>, tensor<256x256xf16>) outs(%15 : tensor<8x256xf32>) -> tensor<8x256xf32>
    %17 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<8x256xf32>) outs(%11 : tensor<8x256xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<8x256xf16>
    %expanded = tensor.expand_shape %17 [[0], [1, 2]] output_shape [8, 4, 64] : tensor<8x256xf16> into tensor<8x4x64xf16>
    %18 = tensor.empty() : tensor<4x8x64xf16>
    %transposed_6 = linalg.transpose ins(%expanded : tensor<8x4x64xf16>) outs(%18 : tensor<4x8x64xf16>) permutation = [1, 0, 2] 
    %__auto.k.weight = util.global.load @__auto.k.weight : tensor<128x256xf16>
    %19 = tensor.empty() : tensor<256x128xf16>
    %transposed_7 = linalg.transpose ins(%__auto.k.weight : tensor<128x256xf16>) outs(%19 : tensor<256x128xf16>) permutation = [1, 0] 
    %20 = tensor.empty() : tensor<8x128xf32>
    %21 = linalg.fill ins(%cst_2 : f32) outs(%20 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %22 = linalg.matmul ins(%13, %transposed_7 : tensor<8x256xf16>, tensor<256x128xf16>) outs(%21 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %23 = tensor.empty() : tensor<8x128xf16>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%22 : tensor<8x128xf32>) outs(%23 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<8x128xf16>
    %expanded_8 = tensor.expand_shape %24 [[0], [1, 2]] output_shape [8, 2, 64] : tensor<8x128xf16> into tensor<8x2x64xf16>
    %25 = tensor.empty() : tensor<2x8x64xf16>
    %transposed_9 = linalg.transpose ins(%expanded_8 : tensor<8x2x64xf16>) outs(%25 : tensor<2x8x64xf16>) permutation = [1, 0, 2] 
    %__auto.v.weight = util.global.load @__auto.v.weight : tensor<128x256xf16>
    %transposed_10 = linalg.transpose ins(%__auto.v.weight : tensor<128x256xf16>) outs(%19 : tensor<256x128xf16>) permutation = [1, 0] 
    %26 = linalg.matmul ins(%13, %transposed_10 : tensor<8x256xf16>, tensor<256x128xf16>) outs(%21 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%26 : tensor<8x128xf32>) outs(%23 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<8x128xf16>
    %expanded_11 = tensor.expand_shape %27 [[0], [1, 2]] output_shape [8, 2, 64] : tensor<8x128xf16> into tensor<8x2x64xf16>
    %transposed_12 = linalg.transpose ins(%expanded_11 : tensor<8x2x64xf16>) outs(%25 : tensor<2x8x64xf16>) permutation = [1, 0, 2] 
    %28 = tensor.empty() : tensor<2x2x8x64xf16>
    %29 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_9 : tensor<2x8x64xf16>) outs(%28 : tensor<2x2x8x64xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<2x2x8x64xf16>
    %collapsed = tensor.collapse_shape %29 [[0, 1], [2], [3]] : tensor<2x2x8x64xf16> into tensor<4x8x64xf16>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_12 : tensor<2x8x64xf16>) outs(%28 : tensor<2x2x8x64xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<2x2x8x64xf16>
    %collapsed_13 = tensor.collapse_shape %30 [[0, 1], [2], [3]] : tensor<2x2x8x64xf16> into tensor<4x8x64xf16>
    %31 = tensor.empty() : tensor<4x8x8xf16>
    %32 = linalg.fill ins(%cst_1 : f16) outs(%31 : tensor<4x8x8xf16>) -> tensor<4x8x8xf16>
    %33 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%32 : tensor<4x8x8xf16>) {
    ^bb0(%out: f16):
      %65 = linalg.index 1 : index
      %66 = linalg.index 2 : index
      %67 = arith.cmpi sge, %65, %66 : index
      %68 = arith.select %67, %cst_1, %cst_0 : f16
      linalg.yield %68 : f16
    } -> tensor<4x8x8xf16>
    %34 = iree_linalg_ext.attention <indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d2)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>]> ins(%transposed_6, %collapsed, %collapsed_13, %cst, %33 : tensor<4x8x64xf16>, tensor<4x8x64xf16>, tensor<4x8x64xf16>, f32, tensor<4x8x8xf16>) outs(%18 : tensor<4x8x64xf16>) {
    ^bb0(%arg3: f32):
      iree_linalg_ext.yield %arg3 : f32
    } -> tensor<4x8x64xf16>
    %35 = tensor.empty() : tensor<8x4x64xf16>
    %transposed_14 = linalg.transpose ins(%34 : tensor<4x8x64xf16>) outs(%35 : tensor<8x4x64xf16>) permutation = [1, 0, 2] 
    %collapsed_15 = tensor.collapse_shape %transposed_14 [[0], [1, 2]] : tensor<8x4x64xf16> into tensor<8x256xf16>
    %__auto.o.weight = util.global.load @__auto.o.weight : tensor<256x256xf16>
    %transposed_16 = linalg.transpose ins(%__auto.o.weight : tensor<256x256xf16>) outs(%14 : tensor<256x256xf16>) permutation = [1, 0] 
    %36 = linalg.matmul ins(%collapsed_15, %transposed_16 : tensor<8x256xf16>, tensor<256x256xf16>) outs(%15 : tensor<8x256xf32>) -> tensor<8x256xf32>
    %37 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%36 : tensor<8x256xf32>) outs(%11 : tensor<8x256xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<8x256xf16>
    %38 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%0, %37 : tensor<8x256xf16>, tensor<8x256xf16>) outs(%11 : tensor<8x256xf16>) {
    ^bb0(%in: f16, %in_20: f16, %out: f16):
      %65 = arith.addf %in, %in_20 : f16
      linalg.yield %65 : f16
    } -> tensor<8x256xf16>
    %39 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%38 : tensor<8x256xf16>) outs(%1 : tensor<8x256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %65 = arith.extf %in : f16 to f32
      linalg.yield %65 : f32
    } -> tensor<8x256xf32>
    %40 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%39 : tensor<8x256xf32>) outs(%1 : tensor<8x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %65 : f32
    } -> tensor<8x256xf32>
    %41 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%40 : tensor<8x256xf32>) outs(%5 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = arith.addf %in, %out : f32
      linalg.yield %65 : f32
    } -> tensor<8x1xf32>
    %42 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%41 : tensor<8x1xf32>) outs(%4 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = arith.divf %in, %cst_5 : f32
      linalg.yield %65 : f32
    } -> tensor<8x1xf32>
    %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%42 : tensor<8x1xf32>) outs(%4 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = arith.addf %in, %cst_4 : f32
      linalg.yield %65 : f32
    } -> tensor<8x1xf32>
    %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%43 : tensor<8x1xf32>) outs(%4 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = math.rsqrt %in : f32
      linalg.yield %65 : f32
    } -> tensor<8x1xf32>
    %45 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%39, %44 : tensor<8x256xf32>, tensor<8x1xf32>) outs(%1 : tensor<8x256xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %65 = arith.mulf %in, %in_20 : f32
      linalg.yield %65 : f32
    } -> tensor<8x256xf32>
    %46 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%45 : tensor<8x256xf32>) outs(%11 : tensor<8x256xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<8x256xf16>
    %__auto.mlp_norm.weight = util.global.load @__auto.mlp_norm.weight : tensor<256xf16>
    %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%46, %__auto.mlp_norm.weight : tensor<8x256xf16>, tensor<256xf16>) outs(%11 : tensor<8x256xf16>) {
    ^bb0(%in: f16, %in_20: f16, %out: f16):
      %65 = arith.mulf %in, %in_20 : f16
      linalg.yield %65 : f16
    } -> tensor<8x256xf16>
    %__auto.gate.weight = util.global.load @__auto.gate.weight : tensor<512x256xf16>
    %48 = tensor.empty() : tensor<256x512xf16>
    %transposed_17 = linalg.transpose ins(%__auto.gate.weight : tensor<512x256xf16>) outs(%48 : tensor<256x512xf16>) permutation = [1, 0] 
    %49 = tensor.empty() : tensor<8x512xf32>
    %50 = linalg.fill ins(%cst_2 : f32) outs(%49 : tensor<8x512xf32>) -> tensor<8x512xf32>
    %51 = linalg.matmul ins(%47, %transposed_17 : tensor<8x256xf16>, tensor<256x512xf16>) outs(%50 : tensor<8x512xf32>) -> tensor<8x512xf32>
    %52 = tensor.empty() : tensor<8x512xf16>
    %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%51 : tensor<8x512xf32>) outs(%52 : tensor<8x512xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<8x512xf16>
    %54 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%53 : tensor<8x512xf16>) outs(%52 : tensor<8x512xf16>) {
    ^bb0(%in: f16, %out: f16):
      %65 = arith.negf %in : f16
      %66 = math.exp %65 : f16
      %67 = arith.addf %66, %cst_3 : f16
      %68 = arith.divf %cst_3, %67 : f16
      linalg.yield %68 : f16
    } -> tensor<8x512xf16>
    %55 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%54, %53 : tensor<8x512xf16>, tensor<8x512xf16>) outs(%52 : tensor<8x512xf16>) {
    ^bb0(%in: f16, %in_20: f16, %out: f16):
      %65 = arith.mulf %in, %in_20 : f16
      linalg.yield %65 : f16
    } -> tensor<8x512xf16>
    %__auto.up.weight = util.global.load @__auto.up.weight : tensor<512x256xf16>
    %transposed_18 = linalg.transpose ins(%__auto.up.weight : tensor<512x256xf16>) outs(%48 : tensor<256x512xf16>) permutation = [1, 0] 
    %56 = linalg.matmul ins(%47, %transposed_18 : tensor<8x256xf16>, tensor<256x512xf16>) outs(%50 : tensor<8x512xf32>) -> tensor<8x512xf32>
    %57 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%56 : tensor<8x512xf32>) outs(%52 : tensor<8x512xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<8x512xf16>
    %58 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%55, %57 : tensor<8x512xf16>, tensor<8x512xf16>) outs(%52 : tensor<8x512xf16>) {
    ^bb0(%in: f16, %in_20: f16, %out: f16):
      %65 = arith.mulf %in, %in_20 : f16
      linalg.yield %65 : f16
    } -> tensor<8x512xf16>
    %__auto.down.weight = util.global.load @__auto.down.weight : tensor<256x512xf16>
    %59 = tensor.empty() : tensor<512x256xf16>
    %transposed_19 = linalg.transpose ins(%__auto.down.weight : tensor<256x512xf16>) outs(%59 : tensor<512x256xf16>) permutation = [1, 0] 
    %60 = linalg.matmul ins(%58, %transposed_19 : tensor<8x512xf16>, tensor<512x256xf16>) outs(%15 : tensor<8x256xf32>) -> tensor<8x256xf32>
    %61 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%60 : tensor<8x256xf32>) outs(%11 : tensor<8x256xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<8x256xf16>
    %62 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%38, %61 : tensor<8x256xf16>, tensor<8x256xf16>) outs(%11 : tensor<8x256xf16>) {
    ^bb0(%in: f16, %in_20: f16, %out: f16):
      %65 = arith.addf %in, %in_20 : f16
      linalg.yield %65 : f16
    } -> tensor<8x256xf16>
    %63 = hal.tensor.barrier join(%62 : tensor<8x256xf16>) => %arg2 : !hal.fence
    %64 = hal.tensor.export %63 : tensor<8x256xf16> -> !hal.buffer_view
    util.return %64 : !hal.buffer_view
  }
  util.func public @main(%arg0: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
    %0 = util.null : !hal.fence
    %c-1_i32 = arith.constant -1 : i32
    %c0 = arith.constant 0 : index
    %device_0 = hal.devices.get %c0 : !hal.device
    %fence = hal.fence.create device(%device_0 : !hal.device) flags("None") : !hal.fence
    %1 = util.call @main$async(%arg0, %0, %fence) : (!hal.buffer_view, !hal.fence, !hal.fence) -> !hal.buffer_view
    %status = hal.fence.await until([%fence]) timeout_millis(%c-1_i32) flags("None") : i32
    util.return %1 : !hal.buffer_view
  }
}