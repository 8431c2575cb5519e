#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
module @module {
  util.global private @__auto.token_embd.weight = #flow.parameter.named<"model"::"token_embd.weight"> : tensor<1024x512xf16>
  util.global private @__auto.blk.0.attn_norm.weight = #flow.parameter.named<"model"::"blk.0.attn_norm.weight"> : tensor<512xf32>
  util.global private @__auto.blk.0.attn_q.weight = #flow.parameter.named<"model"::"blk.0.attn_q.weight"> : tensor<512x512xf16>
  util.global private @__auto.blk.0.attn_k.weight = #flow.parameter.named<"model"::"blk.0.attn_k.weight"> : tensor<128x512xf16>
  util.global private @__auto.blk.0.attn_v.weight = #flow.parameter.named<"model"::"blk.0.attn_v.weight"> : tensor<128x512xf16>
  util.global private @__auto.blk.0.attn_output.weight = #flow.parameter.named<"model"::"blk.0.attn_output.weight"> : tensor<512x512xf16>
  util.global private @__auto.blk.0.ffn_norm.weight = #flow.parameter.named<"model"::"blk.0.ffn_norm.weight"> : tensor<512xf32>
  util.global private @__auto.blk.0.ffn_gate_inp.weight = #flow.parameter.named<"model"::"blk.0.ffn_gate_inp.weight"> : tensor<8x512xf32>
  util.global private @__auto.blk.0.ffn_gate_exps.weight = #flow.parameter.named<"model"::"blk.0.ffn_gate_exps.weight"> : tensor<8x1024x512xf16>
  util.global private @__auto.blk.0.ffn_up_exps.weight = #flow.parameter.named<"model"::"blk.0.ffn_up_exps.weight"> : tensor<8x1024x512xf16>
  util.global private @__auto.blk.0.ffn_down_exps.weight = #flow.parameter.named<"model"::"blk.0.ffn_down_exps.weight"> : tensor<8x512x1024xf16>
  util.global private @__auto.output_norm.weight = #flow.parameter.named<"model"::"output_norm.weight"> : tensor<1x512xf32>
  util.global private @__auto.output.weight = #flow.parameter.named<"model"::"output.weight"> : tensor<1024x512xf16>
  func.func @prefill_bs8(%arg0: !torch.vtensor<[8,?],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg1: !torch.vtensor<[8],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg2: !torch.vtensor<[8,?],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg3: !torch.tensor<[?,8192],f16> {iree.abi.affinity = #hal.device.promise<@__device_0>}) -> !torch.vtensor<[8,?,1024],f16> attributes {torch.assume_strict_symbolic_shapes} {
    %__auto.token_embd.weight = util.global.load @__auto.token_embd.weight : tensor<1024x512xf16>
    %0 = torch_c.from_builtin_tensor %__auto.token_embd.weight : tensor<1024x512xf16> -> !torch.vtensor<[1024,512],f16>
    %1 = torch.vtensor.literal(dense<1.000000e+00> : tensor<f32>) : !torch.vtensor<[],f32>
    %2 = torch.vtensor.literal(dense<1.000000e+00> : tensor<f32>) : !torch.vtensor<[],f32>
    %3 = torch.vtensor.literal(dense<0xFC00> : tensor<f16>) : !torch.vtensor<[],f16>
    %__auto.blk.0.attn_norm.weight = util.global.load @__auto.blk.0.attn_norm.weight : tensor<512xf32>
    %4 = torch_c.from_builtin_tensor %__auto.blk.0.attn_norm.weight : tensor<512xf32> -> !torch.vtensor<[512],f32>
    %__auto.blk.0.attn_q.weight = util.global.load @__auto.blk.0.attn_q.weight : tensor<512x512xf16>
    %5 = torch_c.from_builtin_tensor %__auto.blk.0.attn_q.weight : tensor<512x512xf16> -> !torch.vtensor<[512,512],f16>
    %__auto.blk.0.attn_k.weight = util.global.load @__auto.blk.0.attn_k.weight : tensor<128x512xf16>
    %6 = torch_c.from_builtin_tensor %__auto.blk.0.attn_k.weight : tensor<128x512xf16> -> !torch.vtensor<[128,512],f16>
    %__auto.blk.0.attn_v.weight = util.global.load @__auto.blk.0.attn_v.weight : tensor<128x512xf16>
    %7 = torch_c.from_builtin_tensor %__auto.blk.0.attn_v.weight : tensor<128x512xf16> -> !torch.vtensor<[128,512],f16>
    %__auto.blk.0.attn_output.weight = util.global.load @__auto.blk.0.attn_output.weight : tensor<512x512xf16>
    %8 = torch_c.from_builtin_tensor %__auto.blk.0.attn_output.weight : tensor<512x512xf16> -> !torch.vtensor<[512,512],f16>
    %__auto.blk.0.ffn_norm.weight = util.global.load @__auto.blk.0.ffn_norm.weight : tensor<512xf32>
    %9 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_norm.weight : tensor<512xf32> -> !torch.vtensor<[512],f32>
    %__auto.blk.0.ffn_gate_inp.weight = util.global.load @__auto.blk.0.ffn_gate_inp.weight : tensor<8x512xf32>
    %10 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_gate_inp.weight : tensor<8x512xf32> -> !torch.vtensor<[8,512],f32>
    %__auto.blk.0.ffn_gate_exps.weight = util.global.load @__auto.blk.0.ffn_gate_exps.weight : tensor<8x1024x512xf16>
    %11 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_gate_exps.weight : tensor<8x1024x512xf16> -> !torch.vtensor<[8,1024,512],f16>
    %__auto.blk.0.ffn_up_exps.weight = util.global.load @__auto.blk.0.ffn_up_exps.weight : tensor<8x1024x512xf16>
    %12 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_up_exps.weight : tensor<8x1024x512xf16> -> !torch.vtensor<[8,1024,512],f16>
    %__auto.blk.0.ffn_down_exps.weight = util.global.load @__auto.blk.0.ffn_down_exps.weight : tensor<8x512x1024xf16>
    %13 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_down_exps.weight : tensor<8x512x1024xf16> -> !torch.vtensor<[8,512,1024],f16>
    %__auto.output_norm.weight = util.global.load @__auto.output_norm.weight : tensor<1x512xf32>
    %14 = torch_c.from_builtin_tensor %__auto.output_norm.weight : tensor<1x512xf32> -> !torch.vtensor<[1,512],f32>
    %__auto.output.weight = util.global.load @__auto.output.weight : tensor<1024x512xf16>
    %15 = torch_c.from_builtin_tensor %__auto.output.weight : tensor<1024x512xf16> -> !torch.vtensor<[1024,512],f16>
    %16 = torch.copy.to_vtensor %arg3 : !torch.vtensor<[?,8192],f16>
    %17 = torch.symbolic_int "32*s23" {min_val = 64, max_val = 4064} : !torch.int
    %18 = torch.symbolic_int "s23" {min_val = 2, max_val = 127} : !torch.int
    %19 = torch.symbolic_int "s39" {min_val = 0, max_val = 9223372036854775807} : !torch.int
    torch.bind_symbolic_shape %arg0, [%18], affine_map<()[s0] -> (8, s0 * 32)> : !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %arg2, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %16, [%19], affine_map<()[s0] -> (s0, 8192)> : !torch.vtensor<[?,8192],f16>
    %int1 = torch.constant.int 1
    %20 = torch.aten.size.int %arg2, %int1 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.int
    %int0 = torch.constant.int 0
    %21 = torch.aten.size.int %16, %int0 : !torch.vtensor<[?,8192],f16>, !torch.int -> !torch.int
    %int1_0 = torch.constant.int 1
    %22 = torch.aten.size.int %arg0, %int1_0 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.int
    %none = torch.constant.none
    %none_1 = torch.constant.none
    %int5 = torch.constant.int 5
    %cpu = torch.constant.device "cpu"
    %int0_2 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %0, %none, %none_1, %int5, %cpu, %int0_2 : !torch.vtensor<[1024,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int-1 = torch.constant.int -1
    %false = torch.constant.bool false
    %false_3 = torch.constant.bool false
    %23 = torch.aten.embedding %0, %arg0, %int-1, %false, %false_3 : !torch.vtensor<[1024,512],f16>, !torch.vtensor<[8,?],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %23, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f16>
    %none_4 = torch.constant.none
    %none_5 = torch.constant.none
    %int5_6 = torch.constant.int 5
    %cpu_7 = torch.constant.device "cpu"
    %int0_8 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %23, %none_4, %none_5, %int5_6, %cpu_7, %int0_8 : !torch.vtensor<[8,?,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6 = torch.constant.int 6
    %24 = torch.prims.convert_element_type %23, %int6 : !torch.vtensor<[8,?,512],f16>, !torch.int -> !torch.vtensor<[8,?,512],f32>
    torch.bind_symbolic_shape %24, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f32>
    %int2 = torch.constant.int 2
    %25 = torch.aten.pow.Tensor_Scalar %24, %int2 : !torch.vtensor<[8,?,512],f32>, !torch.int -> !torch.vtensor<[8,?,512],f32>
    torch.bind_symbolic_shape %25, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f32>
    %int-1_9 = torch.constant.int -1
    %26 = torch.prim.ListConstruct %int-1_9 : (!torch.int) -> !torch.list<int>
    %true = torch.constant.bool true
    %none_10 = torch.constant.none
    %27 = torch.aten.mean.dim %25, %26, %true, %none_10 : !torch.vtensor<[8,?,512],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %27, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %float1.000000e-05 = torch.constant.float 1.000000e-05
    %int1_11 = torch.constant.int 1
    %28 = torch.aten.add.Scalar %27, %float1.000000e-05, %int1_11 : !torch.vtensor<[8,?,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %28, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %29 = torch.aten.rsqrt %28 : !torch.vtensor<[8,?,1],f32> -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %29, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %30 = torch.aten.mul.Tensor %24, %29 : !torch.vtensor<[8,?,512],f32>, !torch.vtensor<[8,?,1],f32> -> !torch.vtensor<[8,?,512],f32>
    torch.bind_symbolic_shape %30, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f32>
    %none_12 = torch.constant.none
    %none_13 = torch.constant.none
    %int6_14 = torch.constant.int 6
    %cpu_15 = torch.constant.device "cpu"
    %int0_16 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %30, %none_12, %none_13, %int6_14, %cpu_15, %int0_16 : !torch.vtensor<[8,?,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_17 = torch.constant.int 5
    %31 = torch.prims.convert_element_type %30, %int5_17 : !torch.vtensor<[8,?,512],f32>, !torch.int -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %31, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f16>
    %32 = torch.aten.mul.Tensor %4, %31 : !torch.vtensor<[512],f32>, !torch.vtensor<[8,?,512],f16> -> !torch.vtensor<[8,?,512],f32>
    torch.bind_symbolic_shape %32, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f32>
    %none_18 = torch.constant.none
    %none_19 = torch.constant.none
    %int6_20 = torch.constant.int 6
    %cpu_21 = torch.constant.device "cpu"
    %int0_22 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %32, %none_18, %none_19, %int6_20, %cpu_21, %int0_22 : !torch.vtensor<[8,?,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_23 = torch.constant.int 5
    %33 = torch.prims.convert_element_type %32, %int5_23 : !torch.vtensor<[8,?,512],f32>, !torch.int -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %33, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f16>
    %int-2 = torch.constant.int -2
    %int-1_24 = torch.constant.int -1
    %34 = torch.aten.transpose.int %5, %int-2, %int-1_24 : !torch.vtensor<[512,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[512,512],f16>
    %none_25 = torch.constant.none
    %none_26 = torch.constant.none
    %int5_27 = torch.constant.int 5
    %cpu_28 = torch.constant.device "cpu"
    %int0_29 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %34, %none_25, %none_26, %int5_27, %cpu_28, %int0_29 : !torch.vtensor<[512,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8 = torch.constant.int 8
    %35 = torch.aten.mul.int %int8, %22 : !torch.int, !torch.int -> !torch.int
    %int512 = torch.constant.int 512
    %36 = torch.prim.ListConstruct %35, %int512 : (!torch.int, !torch.int) -> !torch.list<int>
    %37 = torch.aten.view %33, %36 : !torch.vtensor<[8,?,512],f16>, !torch.list<int> -> !torch.vtensor<[?,512],f16>
    torch.bind_symbolic_shape %37, [%18], affine_map<()[s0] -> (s0 * 256, 512)> : !torch.vtensor<[?,512],f16>
    %38 = torch.aten.matmul %37, %34 : !torch.vtensor<[?,512],f16>, !torch.vtensor<[512,512],f16> -> !torch.vtensor<[?,512],f16>
    torch.bind_symbolic_shape %38, [%18], affine_map<()[s0] -> (s0 * 256, 512)> : !torch.vtensor<[?,512],f16>
    %int8_30 = torch.constant.int 8
    %int512_31 = torch.constant.int 512
    %39 = torch.prim.ListConstruct %int8_30, %22, %int512_31 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %40 = torch.aten.view %38, %39 : !torch.vtensor<[?,512],f16>, !torch.list<int> -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %40, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f16>
    %int-2_32 = torch.constant.int -2
    %int-1_33 = torch.constant.int -1
    %41 = torch.aten.transpose.int %6, %int-2_32, %int-1_33 : !torch.vtensor<[128,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[512,128],f16>
    %none_34 = torch.constant.none
    %none_35 = torch.constant.none
    %int5_36 = torch.constant.int 5
    %cpu_37 = torch.constant.device "cpu"
    %int0_38 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %41, %none_34, %none_35, %int5_36, %cpu_37, %int0_38 : !torch.vtensor<[512,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int512_39 = torch.constant.int 512
    %42 = torch.prim.ListConstruct %35, %int512_39 : (!torch.int, !torch.int) -> !torch.list<int>
    %43 = torch.aten.view %33, %42 : !torch.vtensor<[8,?,512],f16>, !torch.list<int> -> !torch.vtensor<[?,512],f16>
    torch.bind_symbolic_shape %43, [%18], affine_map<()[s0] -> (s0 * 256, 512)> : !torch.vtensor<[?,512],f16>
    %44 = torch.aten.matmul %43, %41 : !torch.vtensor<[?,512],f16>, !torch.vtensor<[512,128],f16> -> !torch.vtensor<[?,128],f16>
    torch.bind_symbolic_shape %44, [%18], affine_map<()[s0] -> (s0 * 256, 128)> : !torch.vtensor<[?,128],f16>
    %int8_40 = torch.constant.int 8
    %int128 = torch.constant.int 128
    %45 = torch.prim.ListConstruct %int8_40, %22, %int128 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %46 = torch.aten.view %44, %45 : !torch.vtensor<[?,128],f16>, !torch.list<int> -> !torch.vtensor<[8,?,128],f16>
    torch.bind_symbolic_shape %46, [%18], affine_map<()[s0] -> (8, s0 * 32, 128)> : !torch.vtensor<[8,?,128],f16>
    %int-2_41 = torch.constant.int -2
    %int-1_42 = torch.constant.int -1
    %47 = torch.aten.transpose.int %7, %int-2_41, %int-1_42 : !torch.vtensor<[128,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[512,128],f16>
    %none_43 = torch.constant.none
    %none_44 = torch.constant.none
    %int5_45 = torch.constant.int 5
    %cpu_46 = torch.constant.device "cpu"
    %int0_47 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %47, %none_43, %none_44, %int5_45, %cpu_46, %int0_47 : !torch.vtensor<[512,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int512_48 = torch.constant.int 512
    %48 = torch.prim.ListConstruct %35, %int512_48 : (!torch.int, !torch.int) -> !torch.list<int>
    %49 = torch.aten.view %33, %48 : !torch.vtensor<[8,?,512],f16>, !torch.list<int> -> !torch.vtensor<[?,512],f16>
    torch.bind_symbolic_shape %49, [%18], affine_map<()[s0] -> (s0 * 256, 512)> : !torch.vtensor<[?,512],f16>
    %50 = torch.aten.matmul %49, %47 : !torch.vtensor<[?,512],f16>, !torch.vtensor<[512,128],f16> -> !torch.vtensor<[?,128],f16>
    torch.bind_symbolic_shape %50, [%18], affine_map<()[s0] -> (s0 * 256, 128)> : !torch.vtensor<[?,128],f16>
    %int8_49 = torch.constant.int 8
    %int128_50 = torch.constant.int 128
    %51 = torch.prim.ListConstruct %int8_49, %22, %int128_50 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %52 = torch.aten.view %50, %51 : !torch.vtensor<[?,128],f16>, !torch.list<int> -> !torch.vtensor<[8,?,128],f16>
    torch.bind_symbolic_shape %52, [%18], affine_map<()[s0] -> (8, s0 * 32, 128)> : !torch.vtensor<[8,?,128],f16>
    %int8_51 = torch.constant.int 8
    %int8_52 = torch.constant.int 8
    %int64 = torch.constant.int 64
    %53 = torch.prim.ListConstruct %int8_51, %22, %int8_52, %int64 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %54 = torch.aten.view %40, %53 : !torch.vtensor<[8,?,512],f16>, !torch.list<int> -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %54, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %int8_53 = torch.constant.int 8
    %int2_54 = torch.constant.int 2
    %int64_55 = torch.constant.int 64
    %55 = torch.prim.ListConstruct %int8_53, %22, %int2_54, %int64_55 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %56 = torch.aten.view %46, %55 : !torch.vtensor<[8,?,128],f16>, !torch.list<int> -> !torch.vtensor<[8,?,2,64],f16>
    torch.bind_symbolic_shape %56, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 64)> : !torch.vtensor<[8,?,2,64],f16>
    %int8_56 = torch.constant.int 8
    %int2_57 = torch.constant.int 2
    %int64_58 = torch.constant.int 64
    %57 = torch.prim.ListConstruct %int8_56, %22, %int2_57, %int64_58 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %58 = torch.aten.view %52, %57 : !torch.vtensor<[8,?,128],f16>, !torch.list<int> -> !torch.vtensor<[8,?,2,64],f16>
    torch.bind_symbolic_shape %58, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 64)> : !torch.vtensor<[8,?,2,64],f16>
    %int0_59 = torch.constant.int 0
    %none_60 = torch.constant.none
    %none_61 = torch.constant.none
    %cpu_62 = torch.constant.device "cpu"
    %false_63 = torch.constant.bool false
    %59 = torch.aten.arange.start %int0_59, %22, %none_60, %none_61, %cpu_62, %false_63 : !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %59, [%18], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int0_64 = torch.constant.int 0
    %60 = torch.aten.unsqueeze %59, %int0_64 : !torch.vtensor<[?],si64>, !torch.int -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %60, [%18], affine_map<()[s0] -> (1, s0 * 32)> : !torch.vtensor<[1,?],si64>
    %int0_65 = torch.constant.int 0
    %int64_66 = torch.constant.int 64
    %int2_67 = torch.constant.int 2
    %none_68 = torch.constant.none
    %none_69 = torch.constant.none
    %cpu_70 = torch.constant.device "cpu"
    %false_71 = torch.constant.bool false
    %61 = torch.aten.arange.start_step %int0_65, %int64_66, %int2_67, %none_68, %none_69, %cpu_70, %false_71 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[32],si64>
    %none_72 = torch.constant.none
    %none_73 = torch.constant.none
    %int4 = torch.constant.int 4
    %cpu_74 = torch.constant.device "cpu"
    %int0_75 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %61, %none_72, %none_73, %int4, %cpu_74, %int0_75 : !torch.vtensor<[32],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_76 = torch.constant.int 6
    %62 = torch.prims.convert_element_type %61, %int6_76 : !torch.vtensor<[32],si64>, !torch.int -> !torch.vtensor<[32],f32>
    %int64_77 = torch.constant.int 64
    %63 = torch.aten.div.Scalar %62, %int64_77 : !torch.vtensor<[32],f32>, !torch.int -> !torch.vtensor<[32],f32>
    %float1.000000e04 = torch.constant.float 1.000000e+04
    %64 = torch.aten.pow.Scalar %float1.000000e04, %63 : !torch.float, !torch.vtensor<[32],f32> -> !torch.vtensor<[32],f32>
    %65 = torch.aten.reciprocal %64 : !torch.vtensor<[32],f32> -> !torch.vtensor<[32],f32>
    %float1.000000e00 = torch.constant.float 1.000000e+00
    %66 = torch.aten.mul.Scalar %65, %float1.000000e00 : !torch.vtensor<[32],f32>, !torch.float -> !torch.vtensor<[32],f32>
    %none_78 = torch.constant.none
    %67 = torch.aten.clone %1, %none_78 : !torch.vtensor<[],f32>, !torch.none -> !torch.vtensor<[],f32>
    %int0_79 = torch.constant.int 0
    %68 = torch.aten.unsqueeze %66, %int0_79 : !torch.vtensor<[32],f32>, !torch.int -> !torch.vtensor<[1,32],f32>
    %int2_80 = torch.constant.int 2
    %69 = torch.aten.unsqueeze %68, %int2_80 : !torch.vtensor<[1,32],f32>, !torch.int -> !torch.vtensor<[1,32,1],f32>
    %none_81 = torch.constant.none
    %none_82 = torch.constant.none
    %int6_83 = torch.constant.int 6
    %cpu_84 = torch.constant.device "cpu"
    %int0_85 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %69, %none_81, %none_82, %int6_83, %cpu_84, %int0_85 : !torch.vtensor<[1,32,1],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_86 = torch.constant.int 1
    %int-1_87 = torch.constant.int -1
    %int1_88 = torch.constant.int 1
    %70 = torch.prim.ListConstruct %int1_86, %int-1_87, %int1_88 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_89 = torch.constant.bool false
    %71 = torch.aten.expand %69, %70, %false_89 : !torch.vtensor<[1,32,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,32,1],f32>
    %int1_90 = torch.constant.int 1
    %72 = torch.aten.unsqueeze %60, %int1_90 : !torch.vtensor<[1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],si64>
    torch.bind_symbolic_shape %72, [%18], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],si64>
    %none_91 = torch.constant.none
    %none_92 = torch.constant.none
    %int4_93 = torch.constant.int 4
    %cpu_94 = torch.constant.device "cpu"
    %int0_95 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %72, %none_91, %none_92, %int4_93, %cpu_94, %int0_95 : !torch.vtensor<[1,1,?],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_96 = torch.constant.int 6
    %73 = torch.prims.convert_element_type %72, %int6_96 : !torch.vtensor<[1,1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],f32>
    torch.bind_symbolic_shape %73, [%18], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],f32>
    %74 = torch.aten.matmul %71, %73 : !torch.vtensor<[1,32,1],f32>, !torch.vtensor<[1,1,?],f32> -> !torch.vtensor<[1,32,?],f32>
    torch.bind_symbolic_shape %74, [%18], affine_map<()[s0] -> (1, 32, s0 * 32)> : !torch.vtensor<[1,32,?],f32>
    %int1_97 = torch.constant.int 1
    %int2_98 = torch.constant.int 2
    %75 = torch.aten.transpose.int %74, %int1_97, %int2_98 : !torch.vtensor<[1,32,?],f32>, !torch.int, !torch.int -> !torch.vtensor<[1,?,32],f32>
    torch.bind_symbolic_shape %75, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f32>
    %76 = torch.aten.cos %75 : !torch.vtensor<[1,?,32],f32> -> !torch.vtensor<[1,?,32],f32>
    torch.bind_symbolic_shape %76, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f32>
    %77 = torch.aten.mul.Tensor %76, %67 : !torch.vtensor<[1,?,32],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[1,?,32],f32>
    torch.bind_symbolic_shape %77, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f32>
    %none_99 = torch.constant.none
    %none_100 = torch.constant.none
    %int6_101 = torch.constant.int 6
    %cpu_102 = torch.constant.device "cpu"
    %int0_103 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %77, %none_99, %none_100, %int6_101, %cpu_102, %int0_103 : !torch.vtensor<[1,?,32],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_104 = torch.constant.int 5
    %78 = torch.prims.convert_element_type %77, %int5_104 : !torch.vtensor<[1,?,32],f32>, !torch.int -> !torch.vtensor<[1,?,32],f16>
    torch.bind_symbolic_shape %78, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f16>
    %79 = torch.aten.sin %75 : !torch.vtensor<[1,?,32],f32> -> !torch.vtensor<[1,?,32],f32>
    torch.bind_symbolic_shape %79, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f32>
    %80 = torch.aten.mul.Tensor %79, %67 : !torch.vtensor<[1,?,32],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[1,?,32],f32>
    torch.bind_symbolic_shape %80, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f32>
    %none_105 = torch.constant.none
    %none_106 = torch.constant.none
    %int6_107 = torch.constant.int 6
    %cpu_108 = torch.constant.device "cpu"
    %int0_109 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %80, %none_105, %none_106, %int6_107, %cpu_108, %int0_109 : !torch.vtensor<[1,?,32],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_110 = torch.constant.int 5
    %81 = torch.prims.convert_element_type %80, %int5_110 : !torch.vtensor<[1,?,32],f32>, !torch.int -> !torch.vtensor<[1,?,32],f16>
    torch.bind_symbolic_shape %81, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f16>
    %int2_111 = torch.constant.int 2
    %82 = torch.aten.unsqueeze %78, %int2_111 : !torch.vtensor<[1,?,32],f16>, !torch.int -> !torch.vtensor<[1,?,1,32],f16>
    torch.bind_symbolic_shape %82, [%18], affine_map<()[s0] -> (1, s0 * 32, 1, 32)> : !torch.vtensor<[1,?,1,32],f16>
    %int2_112 = torch.constant.int 2
    %83 = torch.aten.unsqueeze %81, %int2_112 : !torch.vtensor<[1,?,32],f16>, !torch.int -> !torch.vtensor<[1,?,1,32],f16>
    torch.bind_symbolic_shape %83, [%18], affine_map<()[s0] -> (1, s0 * 32, 1, 32)> : !torch.vtensor<[1,?,1,32],f16>
    %none_113 = torch.constant.none
    %none_114 = torch.constant.none
    %int5_115 = torch.constant.int 5
    %cpu_116 = torch.constant.device "cpu"
    %int0_117 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %82, %none_113, %none_114, %int5_115, %cpu_116, %int0_117 : !torch.vtensor<[1,?,1,32],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_118 = torch.constant.none
    %none_119 = torch.constant.none
    %int5_120 = torch.constant.int 5
    %cpu_121 = torch.constant.device "cpu"
    %int0_122 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %83, %none_118, %none_119, %int5_120, %cpu_121, %int0_122 : !torch.vtensor<[1,?,1,32],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_123 = torch.constant.none
    %none_124 = torch.constant.none
    %int5_125 = torch.constant.int 5
    %cpu_126 = torch.constant.device "cpu"
    %int0_127 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %54, %none_123, %none_124, %int5_125, %cpu_126, %int0_127 : !torch.vtensor<[8,?,8,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int3 = torch.constant.int 3
    %int0_128 = torch.constant.int 0
    %int32 = torch.constant.int 32
    %int1_129 = torch.constant.int 1
    %84 = torch.aten.slice.Tensor %54, %int3, %int0_128, %int32, %int1_129 : !torch.vtensor<[8,?,8,64],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,?,8,32],f16>
    torch.bind_symbolic_shape %84, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 32)> : !torch.vtensor<[8,?,8,32],f16>
    %int3_130 = torch.constant.int 3
    %int32_131 = torch.constant.int 32
    %int9223372036854775807 = torch.constant.int 9223372036854775807
    %int1_132 = torch.constant.int 1
    %85 = torch.aten.slice.Tensor %54, %int3_130, %int32_131, %int9223372036854775807, %int1_132 : !torch.vtensor<[8,?,8,64],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,?,8,32],f16>
    torch.bind_symbolic_shape %85, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 32)> : !torch.vtensor<[8,?,8,32],f16>
    %86 = torch.aten.mul.Tensor %84, %82 : !torch.vtensor<[8,?,8,32],f16>, !torch.vtensor<[1,?,1,32],f16> -> !torch.vtensor<[8,?,8,32],f16>
    torch.bind_symbolic_shape %86, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 32)> : !torch.vtensor<[8,?,8,32],f16>
    %87 = torch.aten.mul.Tensor %85, %83 : !torch.vtensor<[8,?,8,32],f16>, !torch.vtensor<[1,?,1,32],f16> -> !torch.vtensor<[8,?,8,32],f16>
    torch.bind_symbolic_shape %87, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 32)> : !torch.vtensor<[8,?,8,32],f16>
    %int1_133 = torch.constant.int 1
    %88 = torch.aten.sub.Tensor %86, %87, %int1_133 : !torch.vtensor<[8,?,8,32],f16>, !torch.vtensor<[8,?,8,32],f16>, !torch.int -> !torch.vtensor<[8,?,8,32],f16>
    torch.bind_symbolic_shape %88, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 32)> : !torch.vtensor<[8,?,8,32],f16>
    %89 = torch.aten.mul.Tensor %85, %82 : !torch.vtensor<[8,?,8,32],f16>, !torch.vtensor<[1,?,1,32],f16> -> !torch.vtensor<[8,?,8,32],f16>
    torch.bind_symbolic_shape %89, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 32)> : !torch.vtensor<[8,?,8,32],f16>
    %90 = torch.aten.mul.Tensor %84, %83 : !torch.vtensor<[8,?,8,32],f16>, !torch.vtensor<[1,?,1,32],f16> -> !torch.vtensor<[8,?,8,32],f16>
    torch.bind_symbolic_shape %90, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 32)> : !torch.vtensor<[8,?,8,32],f16>
    %int1_134 = torch.constant.int 1
    %91 = torch.aten.add.Tensor %89, %90, %int1_134 : !torch.vtensor<[8,?,8,32],f16>, !torch.vtensor<[8,?,8,32],f16>, !torch.int -> !torch.vtensor<[8,?,8,32],f16>
    torch.bind_symbolic_shape %91, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 32)> : !torch.vtensor<[8,?,8,32],f16>
    %92 = torch_c.to_builtin_tensor %88 : !torch.vtensor<[8,?,8,32],f16> -> tensor<8x?x8x32xf16>
    %cast = tensor.cast %92 : tensor<8x?x8x32xf16> to tensor<?x?x?x?xf16>
    %93 = torch_c.to_builtin_tensor %91 : !torch.vtensor<[8,?,8,32],f16> -> tensor<8x?x8x32xf16>
    %cast_135 = tensor.cast %93 : tensor<8x?x8x32xf16> to tensor<?x?x?x?xf16>
    %94 = util.call @rope_select_concat_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_TWO_2_HALFDIM_f16(%cast, %cast_135) : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x2x?xf16>
    %cast_136 = tensor.cast %94 : tensor<?x?x?x2x?xf16> to tensor<8x?x8x2x32xf16>
    %95 = torch_c.from_builtin_tensor %cast_136 : tensor<8x?x8x2x32xf16> -> !torch.vtensor<[8,?,8,2,32],f16>
    torch.bind_symbolic_shape %95, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 2, 32)> : !torch.vtensor<[8,?,8,2,32],f16>
    %int8_137 = torch.constant.int 8
    %int8_138 = torch.constant.int 8
    %int64_139 = torch.constant.int 64
    %96 = torch.prim.ListConstruct %int8_137, %22, %int8_138, %int64_139 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %97 = torch.aten.view %95, %96 : !torch.vtensor<[8,?,8,2,32],f16>, !torch.list<int> -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %97, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %none_140 = torch.constant.none
    %none_141 = torch.constant.none
    %int5_142 = torch.constant.int 5
    %cpu_143 = torch.constant.device "cpu"
    %int0_144 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %97, %none_140, %none_141, %int5_142, %cpu_143, %int0_144 : !torch.vtensor<[8,?,8,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int0_145 = torch.constant.int 0
    %none_146 = torch.constant.none
    %none_147 = torch.constant.none
    %cpu_148 = torch.constant.device "cpu"
    %false_149 = torch.constant.bool false
    %98 = torch.aten.arange.start %int0_145, %22, %none_146, %none_147, %cpu_148, %false_149 : !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %98, [%18], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int0_150 = torch.constant.int 0
    %99 = torch.aten.unsqueeze %98, %int0_150 : !torch.vtensor<[?],si64>, !torch.int -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %99, [%18], affine_map<()[s0] -> (1, s0 * 32)> : !torch.vtensor<[1,?],si64>
    %int0_151 = torch.constant.int 0
    %int64_152 = torch.constant.int 64
    %int2_153 = torch.constant.int 2
    %none_154 = torch.constant.none
    %none_155 = torch.constant.none
    %cpu_156 = torch.constant.device "cpu"
    %false_157 = torch.constant.bool false
    %100 = torch.aten.arange.start_step %int0_151, %int64_152, %int2_153, %none_154, %none_155, %cpu_156, %false_157 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[32],si64>
    %none_158 = torch.constant.none
    %none_159 = torch.constant.none
    %int4_160 = torch.constant.int 4
    %cpu_161 = torch.constant.device "cpu"
    %int0_162 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %100, %none_158, %none_159, %int4_160, %cpu_161, %int0_162 : !torch.vtensor<[32],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_163 = torch.constant.int 6
    %101 = torch.prims.convert_element_type %100, %int6_163 : !torch.vtensor<[32],si64>, !torch.int -> !torch.vtensor<[32],f32>
    %int64_164 = torch.constant.int 64
    %102 = torch.aten.div.Scalar %101, %int64_164 : !torch.vtensor<[32],f32>, !torch.int -> !torch.vtensor<[32],f32>
    %float1.000000e04_165 = torch.constant.float 1.000000e+04
    %103 = torch.aten.pow.Scalar %float1.000000e04_165, %102 : !torch.float, !torch.vtensor<[32],f32> -> !torch.vtensor<[32],f32>
    %104 = torch.aten.reciprocal %103 : !torch.vtensor<[32],f32> -> !torch.vtensor<[32],f32>
    %float1.000000e00_166 = torch.constant.float 1.000000e+00
    %105 = torch.aten.mul.Scalar %104, %float1.000000e00_166 : !torch.vtensor<[32],f32>, !torch.float -> !torch.vtensor<[32],f32>
    %none_167 = torch.constant.none
    %106 = torch.aten.clone %2, %none_167 : !torch.vtensor<[],f32>, !torch.none -> !torch.vtensor<[],f32>
    %int0_168 = torch.constant.int 0
    %107 = torch.aten.unsqueeze %105, %int0_168 : !torch.vtensor<[32],f32>, !torch.int -> !torch.vtensor<[1,32],f32>
    %int2_169 = torch.constant.int 2
    %108 = torch.aten.unsqueeze %107, %int2_169 : !torch.vtensor<[1,32],f32>, !torch.int -> !torch.vtensor<[1,32,1],f32>
    %none_170 = torch.constant.none
    %none_171 = torch.constant.none
    %int6_172 = torch.constant.int 6
    %cpu_173 = torch.constant.device "cpu"
    %int0_174 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %108, %none_170, %none_171, %int6_172, %cpu_173, %int0_174 : !torch.vtensor<[1,32,1],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_175 = torch.constant.int 1
    %int-1_176 = torch.constant.int -1
    %int1_177 = torch.constant.int 1
    %109 = torch.prim.ListConstruct %int1_175, %int-1_176, %int1_177 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_178 = torch.constant.bool false
    %110 = torch.aten.expand %108, %109, %false_178 : !torch.vtensor<[1,32,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,32,1],f32>
    %int1_179 = torch.constant.int 1
    %111 = torch.aten.unsqueeze %99, %int1_179 : !torch.vtensor<[1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],si64>
    torch.bind_symbolic_shape %111, [%18], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],si64>
    %none_180 = torch.constant.none
    %none_181 = torch.constant.none
    %int4_182 = torch.constant.int 4
    %cpu_183 = torch.constant.device "cpu"
    %int0_184 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %111, %none_180, %none_181, %int4_182, %cpu_183, %int0_184 : !torch.vtensor<[1,1,?],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_185 = torch.constant.int 6
    %112 = torch.prims.convert_element_type %111, %int6_185 : !torch.vtensor<[1,1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],f32>
    torch.bind_symbolic_shape %112, [%18], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],f32>
    %113 = torch.aten.matmul %110, %112 : !torch.vtensor<[1,32,1],f32>, !torch.vtensor<[1,1,?],f32> -> !torch.vtensor<[1,32,?],f32>
    torch.bind_symbolic_shape %113, [%18], affine_map<()[s0] -> (1, 32, s0 * 32)> : !torch.vtensor<[1,32,?],f32>
    %int1_186 = torch.constant.int 1
    %int2_187 = torch.constant.int 2
    %114 = torch.aten.transpose.int %113, %int1_186, %int2_187 : !torch.vtensor<[1,32,?],f32>, !torch.int, !torch.int -> !torch.vtensor<[1,?,32],f32>
    torch.bind_symbolic_shape %114, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f32>
    %115 = torch.aten.cos %114 : !torch.vtensor<[1,?,32],f32> -> !torch.vtensor<[1,?,32],f32>
    torch.bind_symbolic_shape %115, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f32>
    %116 = torch.aten.mul.Tensor %115, %106 : !torch.vtensor<[1,?,32],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[1,?,32],f32>
    torch.bind_symbolic_shape %116, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f32>
    %none_188 = torch.constant.none
    %none_189 = torch.constant.none
    %int6_190 = torch.constant.int 6
    %cpu_191 = torch.constant.device "cpu"
    %int0_192 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %116, %none_188, %none_189, %int6_190, %cpu_191, %int0_192 : !torch.vtensor<[1,?,32],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_193 = torch.constant.int 5
    %117 = torch.prims.convert_element_type %116, %int5_193 : !torch.vtensor<[1,?,32],f32>, !torch.int -> !torch.vtensor<[1,?,32],f16>
    torch.bind_symbolic_shape %117, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f16>
    %118 = torch.aten.sin %114 : !torch.vtensor<[1,?,32],f32> -> !torch.vtensor<[1,?,32],f32>
    torch.bind_symbolic_shape %118, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f32>
    %119 = torch.aten.mul.Tensor %118, %106 : !torch.vtensor<[1,?,32],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[1,?,32],f32>
    torch.bind_symbolic_shape %119, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f32>
    %none_194 = torch.constant.none
    %none_195 = torch.constant.none
    %int6_196 = torch.constant.int 6
    %cpu_197 = torch.constant.device "cpu"
    %int0_198 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %119, %none_194, %none_195, %int6_196, %cpu_197, %int0_198 : !torch.vtensor<[1,?,32],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_199 = torch.constant.int 5
    %120 = torch.prims.convert_element_type %119, %int5_199 : !torch.vtensor<[1,?,32],f32>, !torch.int -> !torch.vtensor<[1,?,32],f16>
    torch.bind_symbolic_shape %120, [%18], affine_map<()[s0] -> (1, s0 * 32, 32)> : !torch.vtensor<[1,?,32],f16>
    %int2_200 = torch.constant.int 2
    %121 = torch.aten.unsqueeze %117, %int2_200 : !torch.vtensor<[1,?,32],f16>, !torch.int -> !torch.vtensor<[1,?,1,32],f16>
    torch.bind_symbolic_shape %121, [%18], affine_map<()[s0] -> (1, s0 * 32, 1, 32)> : !torch.vtensor<[1,?,1,32],f16>
    %int2_201 = torch.constant.int 2
    %122 = torch.aten.unsqueeze %120, %int2_201 : !torch.vtensor<[1,?,32],f16>, !torch.int -> !torch.vtensor<[1,?,1,32],f16>
    torch.bind_symbolic_shape %122, [%18], affine_map<()[s0] -> (1, s0 * 32, 1, 32)> : !torch.vtensor<[1,?,1,32],f16>
    %none_202 = torch.constant.none
    %none_203 = torch.constant.none
    %int5_204 = torch.constant.int 5
    %cpu_205 = torch.constant.device "cpu"
    %int0_206 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %121, %none_202, %none_203, %int5_204, %cpu_205, %int0_206 : !torch.vtensor<[1,?,1,32],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_207 = torch.constant.none
    %none_208 = torch.constant.none
    %int5_209 = torch.constant.int 5
    %cpu_210 = torch.constant.device "cpu"
    %int0_211 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %122, %none_207, %none_208, %int5_209, %cpu_210, %int0_211 : !torch.vtensor<[1,?,1,32],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_212 = torch.constant.none
    %none_213 = torch.constant.none
    %int5_214 = torch.constant.int 5
    %cpu_215 = torch.constant.device "cpu"
    %int0_216 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %56, %none_212, %none_213, %int5_214, %cpu_215, %int0_216 : !torch.vtensor<[8,?,2,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int3_217 = torch.constant.int 3
    %int0_218 = torch.constant.int 0
    %int32_219 = torch.constant.int 32
    %int1_220 = torch.constant.int 1
    %123 = torch.aten.slice.Tensor %56, %int3_217, %int0_218, %int32_219, %int1_220 : !torch.vtensor<[8,?,2,64],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,?,2,32],f16>
    torch.bind_symbolic_shape %123, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 32)> : !torch.vtensor<[8,?,2,32],f16>
    %int3_221 = torch.constant.int 3
    %int32_222 = torch.constant.int 32
    %int9223372036854775807_223 = torch.constant.int 9223372036854775807
    %int1_224 = torch.constant.int 1
    %124 = torch.aten.slice.Tensor %56, %int3_221, %int32_222, %int9223372036854775807_223, %int1_224 : !torch.vtensor<[8,?,2,64],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,?,2,32],f16>
    torch.bind_symbolic_shape %124, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 32)> : !torch.vtensor<[8,?,2,32],f16>
    %125 = torch.aten.mul.Tensor %123, %121 : !torch.vtensor<[8,?,2,32],f16>, !torch.vtensor<[1,?,1,32],f16> -> !torch.vtensor<[8,?,2,32],f16>
    torch.bind_symbolic_shape %125, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 32)> : !torch.vtensor<[8,?,2,32],f16>
    %126 = torch.aten.mul.Tensor %124, %122 : !torch.vtensor<[8,?,2,32],f16>, !torch.vtensor<[1,?,1,32],f16> -> !torch.vtensor<[8,?,2,32],f16>
    torch.bind_symbolic_shape %126, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 32)> : !torch.vtensor<[8,?,2,32],f16>
    %int1_225 = torch.constant.int 1
    %127 = torch.aten.sub.Tensor %125, %126, %int1_225 : !torch.vtensor<[8,?,2,32],f16>, !torch.vtensor<[8,?,2,32],f16>, !torch.int -> !torch.vtensor<[8,?,2,32],f16>
    torch.bind_symbolic_shape %127, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 32)> : !torch.vtensor<[8,?,2,32],f16>
    %128 = torch.aten.mul.Tensor %124, %121 : !torch.vtensor<[8,?,2,32],f16>, !torch.vtensor<[1,?,1,32],f16> -> !torch.vtensor<[8,?,2,32],f16>
    torch.bind_symbolic_shape %128, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 32)> : !torch.vtensor<[8,?,2,32],f16>
    %129 = torch.aten.mul.Tensor %123, %122 : !torch.vtensor<[8,?,2,32],f16>, !torch.vtensor<[1,?,1,32],f16> -> !torch.vtensor<[8,?,2,32],f16>
    torch.bind_symbolic_shape %129, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 32)> : !torch.vtensor<[8,?,2,32],f16>
    %int1_226 = torch.constant.int 1
    %130 = torch.aten.add.Tensor %128, %129, %int1_226 : !torch.vtensor<[8,?,2,32],f16>, !torch.vtensor<[8,?,2,32],f16>, !torch.int -> !torch.vtensor<[8,?,2,32],f16>
    torch.bind_symbolic_shape %130, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 32)> : !torch.vtensor<[8,?,2,32],f16>
    %131 = torch_c.to_builtin_tensor %127 : !torch.vtensor<[8,?,2,32],f16> -> tensor<8x?x2x32xf16>
    %cast_227 = tensor.cast %131 : tensor<8x?x2x32xf16> to tensor<?x?x?x?xf16>
    %132 = torch_c.to_builtin_tensor %130 : !torch.vtensor<[8,?,2,32],f16> -> tensor<8x?x2x32xf16>
    %cast_228 = tensor.cast %132 : tensor<8x?x2x32xf16> to tensor<?x?x?x?xf16>
    %133 = util.call @rope_select_concat_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_TWO_2_HALFDIM_f16(%cast_227, %cast_228) : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x2x?xf16>
    %cast_229 = tensor.cast %133 : tensor<?x?x?x2x?xf16> to tensor<8x?x2x2x32xf16>
    %134 = torch_c.from_builtin_tensor %cast_229 : tensor<8x?x2x2x32xf16> -> !torch.vtensor<[8,?,2,2,32],f16>
    torch.bind_symbolic_shape %134, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 2, 32)> : !torch.vtensor<[8,?,2,2,32],f16>
    %int8_230 = torch.constant.int 8
    %int2_231 = torch.constant.int 2
    %int64_232 = torch.constant.int 64
    %135 = torch.prim.ListConstruct %int8_230, %22, %int2_231, %int64_232 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %136 = torch.aten.view %134, %135 : !torch.vtensor<[8,?,2,2,32],f16>, !torch.list<int> -> !torch.vtensor<[8,?,2,64],f16>
    torch.bind_symbolic_shape %136, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 64)> : !torch.vtensor<[8,?,2,64],f16>
    %none_233 = torch.constant.none
    %none_234 = torch.constant.none
    %int5_235 = torch.constant.int 5
    %cpu_236 = torch.constant.device "cpu"
    %int0_237 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %136, %none_233, %none_234, %int5_235, %cpu_236, %int0_237 : !torch.vtensor<[8,?,2,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_238 = torch.constant.int 1
    %int2_239 = torch.constant.int 2
    %int2_240 = torch.constant.int 2
    %int32_241 = torch.constant.int 32
    %int64_242 = torch.constant.int 64
    %137 = torch.prim.ListConstruct %21, %int1_238, %int2_239, %int2_240, %int32_241, %int64_242 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %138 = torch.aten.view %16, %137 : !torch.vtensor<[?,8192],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,2,32,64],f16>
    torch.bind_symbolic_shape %138, [%19], affine_map<()[s0] -> (s0, 1, 2, 2, 32, 64)> : !torch.vtensor<[?,1,2,2,32,64],f16>
    %int2_243 = torch.constant.int 2
    %139 = torch.aten.mul.int %21, %int2_243 : !torch.int, !torch.int -> !torch.int
    %int2_244 = torch.constant.int 2
    %int32_245 = torch.constant.int 32
    %int64_246 = torch.constant.int 64
    %140 = torch.prim.ListConstruct %139, %int2_244, %int32_245, %int64_246 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %141 = torch.aten.view %138, %140 : !torch.vtensor<[?,1,2,2,32,64],f16>, !torch.list<int> -> !torch.vtensor<[?,2,32,64],f16>
    torch.bind_symbolic_shape %141, [%19], affine_map<()[s0] -> (s0 * 2, 2, 32, 64)> : !torch.vtensor<[?,2,32,64],f16>
    %int1_247 = torch.constant.int 1
    %142 = torch.aten.mul.Scalar %arg2, %int1_247 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %142, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int0_248 = torch.constant.int 0
    %int1_249 = torch.constant.int 1
    %143 = torch.aten.add.Scalar %142, %int0_248, %int1_249 : !torch.vtensor<[8,?],si64>, !torch.int, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %143, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int2_250 = torch.constant.int 2
    %144 = torch.aten.mul.Scalar %143, %int2_250 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %144, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int0_251 = torch.constant.int 0
    %int1_252 = torch.constant.int 1
    %145 = torch.aten.add.Scalar %144, %int0_251, %int1_252 : !torch.vtensor<[8,?],si64>, !torch.int, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %145, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int8_253 = torch.constant.int 8
    %146 = torch.aten.mul.int %int8_253, %20 : !torch.int, !torch.int -> !torch.int
    %147 = torch.prim.ListConstruct %146 : (!torch.int) -> !torch.list<int>
    %148 = torch.aten.view %145, %147 : !torch.vtensor<[8,?],si64>, !torch.list<int> -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %148, [%18], affine_map<()[s0] -> (s0 * 8)> : !torch.vtensor<[?],si64>
    %int8_254 = torch.constant.int 8
    %int32_255 = torch.constant.int 32
    %int2_256 = torch.constant.int 2
    %int64_257 = torch.constant.int 64
    %149 = torch.prim.ListConstruct %int8_254, %20, %int32_255, %int2_256, %int64_257 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %150 = torch.aten.view %136, %149 : !torch.vtensor<[8,?,2,64],f16>, !torch.list<int> -> !torch.vtensor<[8,?,32,2,64],f16>
    torch.bind_symbolic_shape %150, [%18], affine_map<()[s0] -> (8, s0, 32, 2, 64)> : !torch.vtensor<[8,?,32,2,64],f16>
    %int32_258 = torch.constant.int 32
    %int2_259 = torch.constant.int 2
    %int64_260 = torch.constant.int 64
    %151 = torch.prim.ListConstruct %146, %int32_258, %int2_259, %int64_260 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %152 = torch.aten.view %150, %151 : !torch.vtensor<[8,?,32,2,64],f16>, !torch.list<int> -> !torch.vtensor<[?,32,2,64],f16>
    torch.bind_symbolic_shape %152, [%18], affine_map<()[s0] -> (s0 * 8, 32, 2, 64)> : !torch.vtensor<[?,32,2,64],f16>
    %int1_261 = torch.constant.int 1
    %int2_262 = torch.constant.int 2
    %153 = torch.aten.transpose.int %152, %int1_261, %int2_262 : !torch.vtensor<[?,32,2,64],f16>, !torch.int, !torch.int -> !torch.vtensor<[?,2,32,64],f16>
    torch.bind_symbolic_shape %153, [%18], affine_map<()[s0] -> (s0 * 8, 2, 32, 64)> : !torch.vtensor<[?,2,32,64],f16>
    %none_263 = torch.constant.none
    %none_264 = torch.constant.none
    %int5_265 = torch.constant.int 5
    %cpu_266 = torch.constant.device "cpu"
    %int0_267 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %153, %none_263, %none_264, %int5_265, %cpu_266, %int0_267 : !torch.vtensor<[?,2,32,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %154 = torch.prim.ListConstruct %148 : (!torch.vtensor<[?],si64>) -> !torch.list<optional<vtensor>>
    %false_268 = torch.constant.bool false
    %155 = torch.aten.index_put %141, %154, %153, %false_268 : !torch.vtensor<[?,2,32,64],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[?,2,32,64],f16>, !torch.bool -> !torch.vtensor<[?,2,32,64],f16>
    torch.bind_symbolic_shape %155, [%19], affine_map<()[s0] -> (s0 * 2, 2, 32, 64)> : !torch.vtensor<[?,2,32,64],f16>
    %int1_269 = torch.constant.int 1
    %int2_270 = torch.constant.int 2
    %int2_271 = torch.constant.int 2
    %int32_272 = torch.constant.int 32
    %int64_273 = torch.constant.int 64
    %156 = torch.prim.ListConstruct %21, %int1_269, %int2_270, %int2_271, %int32_272, %int64_273 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %157 = torch.aten.view %155, %156 : !torch.vtensor<[?,2,32,64],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,2,32,64],f16>
    torch.bind_symbolic_shape %157, [%19], affine_map<()[s0] -> (s0, 1, 2, 2, 32, 64)> : !torch.vtensor<[?,1,2,2,32,64],f16>
    %int8192 = torch.constant.int 8192
    %158 = torch.prim.ListConstruct %21, %int8192 : (!torch.int, !torch.int) -> !torch.list<int>
    %159 = torch.aten.view %157, %158 : !torch.vtensor<[?,1,2,2,32,64],f16>, !torch.list<int> -> !torch.vtensor<[?,8192],f16>
    torch.bind_symbolic_shape %159, [%19], affine_map<()[s0] -> (s0, 8192)> : !torch.vtensor<[?,8192],f16>
    %int1_274 = torch.constant.int 1
    %int2_275 = torch.constant.int 2
    %int2_276 = torch.constant.int 2
    %int32_277 = torch.constant.int 32
    %int64_278 = torch.constant.int 64
    %160 = torch.prim.ListConstruct %21, %int1_274, %int2_275, %int2_276, %int32_277, %int64_278 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %161 = torch.aten.view %159, %160 : !torch.vtensor<[?,8192],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,2,32,64],f16>
    torch.bind_symbolic_shape %161, [%19], affine_map<()[s0] -> (s0, 1, 2, 2, 32, 64)> : !torch.vtensor<[?,1,2,2,32,64],f16>
    %int2_279 = torch.constant.int 2
    %int32_280 = torch.constant.int 32
    %int64_281 = torch.constant.int 64
    %162 = torch.prim.ListConstruct %139, %int2_279, %int32_280, %int64_281 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %163 = torch.aten.view %161, %162 : !torch.vtensor<[?,1,2,2,32,64],f16>, !torch.list<int> -> !torch.vtensor<[?,2,32,64],f16>
    torch.bind_symbolic_shape %163, [%19], affine_map<()[s0] -> (s0 * 2, 2, 32, 64)> : !torch.vtensor<[?,2,32,64],f16>
    %int1_282 = torch.constant.int 1
    %164 = torch.aten.mul.Scalar %arg2, %int1_282 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %164, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int0_283 = torch.constant.int 0
    %int1_284 = torch.constant.int 1
    %165 = torch.aten.add.Scalar %164, %int0_283, %int1_284 : !torch.vtensor<[8,?],si64>, !torch.int, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %165, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int2_285 = torch.constant.int 2
    %166 = torch.aten.mul.Scalar %165, %int2_285 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %166, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int1_286 = torch.constant.int 1
    %int1_287 = torch.constant.int 1
    %167 = torch.aten.add.Scalar %166, %int1_286, %int1_287 : !torch.vtensor<[8,?],si64>, !torch.int, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %167, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %168 = torch.prim.ListConstruct %146 : (!torch.int) -> !torch.list<int>
    %169 = torch.aten.view %167, %168 : !torch.vtensor<[8,?],si64>, !torch.list<int> -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %169, [%18], affine_map<()[s0] -> (s0 * 8)> : !torch.vtensor<[?],si64>
    %int8_288 = torch.constant.int 8
    %int32_289 = torch.constant.int 32
    %int2_290 = torch.constant.int 2
    %int64_291 = torch.constant.int 64
    %170 = torch.prim.ListConstruct %int8_288, %20, %int32_289, %int2_290, %int64_291 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %171 = torch.aten.view %58, %170 : !torch.vtensor<[8,?,2,64],f16>, !torch.list<int> -> !torch.vtensor<[8,?,32,2,64],f16>
    torch.bind_symbolic_shape %171, [%18], affine_map<()[s0] -> (8, s0, 32, 2, 64)> : !torch.vtensor<[8,?,32,2,64],f16>
    %int32_292 = torch.constant.int 32
    %int2_293 = torch.constant.int 2
    %int64_294 = torch.constant.int 64
    %172 = torch.prim.ListConstruct %146, %int32_292, %int2_293, %int64_294 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %173 = torch.aten.view %171, %172 : !torch.vtensor<[8,?,32,2,64],f16>, !torch.list<int> -> !torch.vtensor<[?,32,2,64],f16>
    torch.bind_symbolic_shape %173, [%18], affine_map<()[s0] -> (s0 * 8, 32, 2, 64)> : !torch.vtensor<[?,32,2,64],f16>
    %int1_295 = torch.constant.int 1
    %int2_296 = torch.constant.int 2
    %174 = torch.aten.transpose.int %173, %int1_295, %int2_296 : !torch.vtensor<[?,32,2,64],f16>, !torch.int, !torch.int -> !torch.vtensor<[?,2,32,64],f16>
    torch.bind_symbolic_shape %174, [%18], affine_map<()[s0] -> (s0 * 8, 2, 32, 64)> : !torch.vtensor<[?,2,32,64],f16>
    %none_297 = torch.constant.none
    %none_298 = torch.constant.none
    %int5_299 = torch.constant.int 5
    %cpu_300 = torch.constant.device "cpu"
    %int0_301 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %174, %none_297, %none_298, %int5_299, %cpu_300, %int0_301 : !torch.vtensor<[?,2,32,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %175 = torch.prim.ListConstruct %169 : (!torch.vtensor<[?],si64>) -> !torch.list<optional<vtensor>>
    %false_302 = torch.constant.bool false
    %176 = torch.aten.index_put %163, %175, %174, %false_302 : !torch.vtensor<[?,2,32,64],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[?,2,32,64],f16>, !torch.bool -> !torch.vtensor<[?,2,32,64],f16>
    torch.bind_symbolic_shape %176, [%19], affine_map<()[s0] -> (s0 * 2, 2, 32, 64)> : !torch.vtensor<[?,2,32,64],f16>
    %int1_303 = torch.constant.int 1
    %int2_304 = torch.constant.int 2
    %int2_305 = torch.constant.int 2
    %int32_306 = torch.constant.int 32
    %int64_307 = torch.constant.int 64
    %177 = torch.prim.ListConstruct %21, %int1_303, %int2_304, %int2_305, %int32_306, %int64_307 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %178 = torch.aten.view %176, %177 : !torch.vtensor<[?,2,32,64],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,2,32,64],f16>
    torch.bind_symbolic_shape %178, [%19], affine_map<()[s0] -> (s0, 1, 2, 2, 32, 64)> : !torch.vtensor<[?,1,2,2,32,64],f16>
    %int8192_308 = torch.constant.int 8192
    %179 = torch.prim.ListConstruct %21, %int8192_308 : (!torch.int, !torch.int) -> !torch.list<int>
    %180 = torch.aten.view %178, %179 : !torch.vtensor<[?,1,2,2,32,64],f16>, !torch.list<int> -> !torch.vtensor<[?,8192],f16>
    torch.overwrite.tensor.contents %180 overwrites %arg3 : !torch.vtensor<[?,8192],f16>, !torch.tensor<[?,8192],f16>
    torch.bind_symbolic_shape %180, [%19], affine_map<()[s0] -> (s0, 8192)> : !torch.vtensor<[?,8192],f16>
    %int0_309 = torch.constant.int 0
    %int1_310 = torch.constant.int 1
    %none_311 = torch.constant.none
    %none_312 = torch.constant.none
    %cpu_313 = torch.constant.device "cpu"
    %false_314 = torch.constant.bool false
    %181 = torch.aten.arange.start_step %int0_309, %22, %int1_310, %none_311, %none_312, %cpu_313, %false_314 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %181, [%18], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int-1_315 = torch.constant.int -1
    %182 = torch.aten.unsqueeze %arg1, %int-1_315 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %183 = torch.aten.ge.Tensor %181, %182 : !torch.vtensor<[?],si64>, !torch.vtensor<[8,1],si64> -> !torch.vtensor<[8,?],i1>
    torch.bind_symbolic_shape %183, [%18], affine_map<()[s0] -> (8, s0 * 32)> : !torch.vtensor<[8,?],i1>
    %none_316 = torch.constant.none
    %none_317 = torch.constant.none
    %cpu_318 = torch.constant.device "cpu"
    %false_319 = torch.constant.bool false
    %184 = torch.aten.arange %22, %none_316, %none_317, %cpu_318, %false_319 : !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %184, [%18], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int0_320 = torch.constant.int 0
    %185 = torch.aten.unsqueeze %184, %int0_320 : !torch.vtensor<[?],si64>, !torch.int -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %185, [%18], affine_map<()[s0] -> (1, s0 * 32)> : !torch.vtensor<[1,?],si64>
    %int1_321 = torch.constant.int 1
    %186 = torch.aten.unsqueeze %185, %int1_321 : !torch.vtensor<[1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],si64>
    torch.bind_symbolic_shape %186, [%18], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],si64>
    %int2_322 = torch.constant.int 2
    %187 = torch.aten.unsqueeze %186, %int2_322 : !torch.vtensor<[1,1,?],si64>, !torch.int -> !torch.vtensor<[1,1,1,?],si64>
    torch.bind_symbolic_shape %187, [%18], affine_map<()[s0] -> (1, 1, 1, s0 * 32)> : !torch.vtensor<[1,1,1,?],si64>
    %none_323 = torch.constant.none
    %none_324 = torch.constant.none
    %cpu_325 = torch.constant.device "cpu"
    %false_326 = torch.constant.bool false
    %188 = torch.aten.arange %22, %none_323, %none_324, %cpu_325, %false_326 : !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %188, [%18], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int0_327 = torch.constant.int 0
    %189 = torch.aten.unsqueeze %188, %int0_327 : !torch.vtensor<[?],si64>, !torch.int -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %189, [%18], affine_map<()[s0] -> (1, s0 * 32)> : !torch.vtensor<[1,?],si64>
    %int1_328 = torch.constant.int 1
    %190 = torch.aten.unsqueeze %189, %int1_328 : !torch.vtensor<[1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],si64>
    torch.bind_symbolic_shape %190, [%18], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],si64>
    %int3_329 = torch.constant.int 3
    %191 = torch.aten.unsqueeze %190, %int3_329 : !torch.vtensor<[1,1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?,1],si64>
    torch.bind_symbolic_shape %191, [%18], affine_map<()[s0] -> (1, 1, s0 * 32, 1)> : !torch.vtensor<[1,1,?,1],si64>
    %192 = torch.aten.gt.Tensor %187, %191 : !torch.vtensor<[1,1,1,?],si64>, !torch.vtensor<[1,1,?,1],si64> -> !torch.vtensor<[1,1,?,?],i1>
    torch.bind_symbolic_shape %192, [%18], affine_map<()[s0] -> (1, 1, s0 * 32, s0 * 32)> : !torch.vtensor<[1,1,?,?],i1>
    %int1_330 = torch.constant.int 1
    %193 = torch.aten.unsqueeze %183, %int1_330 : !torch.vtensor<[8,?],i1>, !torch.int -> !torch.vtensor<[8,1,?],i1>
    torch.bind_symbolic_shape %193, [%18], affine_map<()[s0] -> (8, 1, s0 * 32)> : !torch.vtensor<[8,1,?],i1>
    %int2_331 = torch.constant.int 2
    %194 = torch.aten.unsqueeze %193, %int2_331 : !torch.vtensor<[8,1,?],i1>, !torch.int -> !torch.vtensor<[8,1,1,?],i1>
    torch.bind_symbolic_shape %194, [%18], affine_map<()[s0] -> (8, 1, 1, s0 * 32)> : !torch.vtensor<[8,1,1,?],i1>
    %195 = torch.aten.logical_or %192, %194 : !torch.vtensor<[1,1,?,?],i1>, !torch.vtensor<[8,1,1,?],i1> -> !torch.vtensor<[8,1,?,?],i1>
    torch.bind_symbolic_shape %195, [%18], affine_map<()[s0] -> (8, 1, s0 * 32, s0 * 32)> : !torch.vtensor<[8,1,?,?],i1>
    %none_332 = torch.constant.none
    %196 = torch.aten.clone %3, %none_332 : !torch.vtensor<[],f16>, !torch.none -> !torch.vtensor<[],f16>
    %int0_333 = torch.constant.int 0
    %197 = torch.aten.where.ScalarOther %195, %196, %int0_333 : !torch.vtensor<[8,1,?,?],i1>, !torch.vtensor<[],f16>, !torch.int -> !torch.vtensor<[8,1,?,?],f16>
    torch.bind_symbolic_shape %197, [%18], affine_map<()[s0] -> (8, 1, s0 * 32, s0 * 32)> : !torch.vtensor<[8,1,?,?],f16>
    %none_334 = torch.constant.none
    %none_335 = torch.constant.none
    %int5_336 = torch.constant.int 5
    %cpu_337 = torch.constant.device "cpu"
    %int0_338 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %197, %none_334, %none_335, %int5_336, %cpu_337, %int0_338 : !torch.vtensor<[8,1,?,?],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_339 = torch.constant.none
    %none_340 = torch.constant.none
    %int5_341 = torch.constant.int 5
    %cpu_342 = torch.constant.device "cpu"
    %int0_343 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %197, %none_339, %none_340, %int5_341, %cpu_342, %int0_343 : !torch.vtensor<[8,1,?,?],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int-2_344 = torch.constant.int -2
    %198 = torch.aten.unsqueeze %136, %int-2_344 : !torch.vtensor<[8,?,2,64],f16>, !torch.int -> !torch.vtensor<[8,?,2,1,64],f16>
    torch.bind_symbolic_shape %198, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 1, 64)> : !torch.vtensor<[8,?,2,1,64],f16>
    %int8_345 = torch.constant.int 8
    %int2_346 = torch.constant.int 2
    %int4_347 = torch.constant.int 4
    %int64_348 = torch.constant.int 64
    %199 = torch.prim.ListConstruct %int8_345, %22, %int2_346, %int4_347, %int64_348 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_349 = torch.constant.bool false
    %200 = torch.aten.expand %198, %199, %false_349 : !torch.vtensor<[8,?,2,1,64],f16>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,?,2,4,64],f16>
    torch.bind_symbolic_shape %200, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 4, 64)> : !torch.vtensor<[8,?,2,4,64],f16>
    %int0_350 = torch.constant.int 0
    %201 = torch.aten.clone %200, %int0_350 : !torch.vtensor<[8,?,2,4,64],f16>, !torch.int -> !torch.vtensor<[8,?,2,4,64],f16>
    torch.bind_symbolic_shape %201, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 4, 64)> : !torch.vtensor<[8,?,2,4,64],f16>
    %int8_351 = torch.constant.int 8
    %int8_352 = torch.constant.int 8
    %int64_353 = torch.constant.int 64
    %202 = torch.prim.ListConstruct %int8_351, %22, %int8_352, %int64_353 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %203 = torch.aten._unsafe_view %201, %202 : !torch.vtensor<[8,?,2,4,64],f16>, !torch.list<int> -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %203, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %int-2_354 = torch.constant.int -2
    %204 = torch.aten.unsqueeze %58, %int-2_354 : !torch.vtensor<[8,?,2,64],f16>, !torch.int -> !torch.vtensor<[8,?,2,1,64],f16>
    torch.bind_symbolic_shape %204, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 1, 64)> : !torch.vtensor<[8,?,2,1,64],f16>
    %int8_355 = torch.constant.int 8
    %int2_356 = torch.constant.int 2
    %int4_357 = torch.constant.int 4
    %int64_358 = torch.constant.int 64
    %205 = torch.prim.ListConstruct %int8_355, %22, %int2_356, %int4_357, %int64_358 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_359 = torch.constant.bool false
    %206 = torch.aten.expand %204, %205, %false_359 : !torch.vtensor<[8,?,2,1,64],f16>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,?,2,4,64],f16>
    torch.bind_symbolic_shape %206, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 4, 64)> : !torch.vtensor<[8,?,2,4,64],f16>
    %int0_360 = torch.constant.int 0
    %207 = torch.aten.clone %206, %int0_360 : !torch.vtensor<[8,?,2,4,64],f16>, !torch.int -> !torch.vtensor<[8,?,2,4,64],f16>
    torch.bind_symbolic_shape %207, [%18], affine_map<()[s0] -> (8, s0 * 32, 2, 4, 64)> : !torch.vtensor<[8,?,2,4,64],f16>
    %int8_361 = torch.constant.int 8
    %int8_362 = torch.constant.int 8
    %int64_363 = torch.constant.int 64
    %208 = torch.prim.ListConstruct %int8_361, %22, %int8_362, %int64_363 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %209 = torch.aten._unsafe_view %207, %208 : !torch.vtensor<[8,?,2,4,64],f16>, !torch.list<int> -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %209, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %int1_364 = torch.constant.int 1
    %int2_365 = torch.constant.int 2
    %210 = torch.aten.transpose.int %97, %int1_364, %int2_365 : !torch.vtensor<[8,?,8,64],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,8,?,64],f16>
    torch.bind_symbolic_shape %210, [%18], affine_map<()[s0] -> (8, 8, s0 * 32, 64)> : !torch.vtensor<[8,8,?,64],f16>
    %int1_366 = torch.constant.int 1
    %int2_367 = torch.constant.int 2
    %211 = torch.aten.transpose.int %203, %int1_366, %int2_367 : !torch.vtensor<[8,?,8,64],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,8,?,64],f16>
    torch.bind_symbolic_shape %211, [%18], affine_map<()[s0] -> (8, 8, s0 * 32, 64)> : !torch.vtensor<[8,8,?,64],f16>
    %int1_368 = torch.constant.int 1
    %int2_369 = torch.constant.int 2
    %212 = torch.aten.transpose.int %209, %int1_368, %int2_369 : !torch.vtensor<[8,?,8,64],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,8,?,64],f16>
    torch.bind_symbolic_shape %212, [%18], affine_map<()[s0] -> (8, 8, s0 * 32, 64)> : !torch.vtensor<[8,8,?,64],f16>
    %float0.000000e00 = torch.constant.float 0.000000e+00
    %false_370 = torch.constant.bool false
    %none_371 = torch.constant.none
    %false_372 = torch.constant.bool false
    %213 = torch.aten.scaled_dot_product_attention %210, %211, %212, %197, %float0.000000e00, %false_370, %none_371, %false_372 : !torch.vtensor<[8,8,?,64],f16>, !torch.vtensor<[8,8,?,64],f16>, !torch.vtensor<[8,8,?,64],f16>, !torch.vtensor<[8,1,?,?],f16>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[8,8,?,64],f16>
    torch.bind_symbolic_shape %213, [%18], affine_map<()[s0] -> (8, 8, s0 * 32, 64)> : !torch.vtensor<[8,8,?,64],f16>
    %int1_373 = torch.constant.int 1
    %int2_374 = torch.constant.int 2
    %214 = torch.aten.transpose.int %213, %int1_373, %int2_374 : !torch.vtensor<[8,8,?,64],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %214, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %int8_375 = torch.constant.int 8
    %int512_376 = torch.constant.int 512
    %215 = torch.prim.ListConstruct %int8_375, %22, %int512_376 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %216 = torch.aten.view %214, %215 : !torch.vtensor<[8,?,8,64],f16>, !torch.list<int> -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %216, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f16>
    %int-2_377 = torch.constant.int -2
    %int-1_378 = torch.constant.int -1
    %217 = torch.aten.transpose.int %8, %int-2_377, %int-1_378 : !torch.vtensor<[512,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[512,512],f16>
    %none_379 = torch.constant.none
    %none_380 = torch.constant.none
    %int5_381 = torch.constant.int 5
    %cpu_382 = torch.constant.device "cpu"
    %int0_383 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %217, %none_379, %none_380, %int5_381, %cpu_382, %int0_383 : !torch.vtensor<[512,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int512_384 = torch.constant.int 512
    %218 = torch.prim.ListConstruct %35, %int512_384 : (!torch.int, !torch.int) -> !torch.list<int>
    %219 = torch.aten.view %216, %218 : !torch.vtensor<[8,?,512],f16>, !torch.list<int> -> !torch.vtensor<[?,512],f16>
    torch.bind_symbolic_shape %219, [%18], affine_map<()[s0] -> (s0 * 256, 512)> : !torch.vtensor<[?,512],f16>
    %220 = torch.aten.matmul %219, %217 : !torch.vtensor<[?,512],f16>, !torch.vtensor<[512,512],f16> -> !torch.vtensor<[?,512],f16>
    torch.bind_symbolic_shape %220, [%18], affine_map<()[s0] -> (s0 * 256, 512)> : !torch.vtensor<[?,512],f16>
    %int8_385 = torch.constant.int 8
    %int512_386 = torch.constant.int 512
    %221 = torch.prim.ListConstruct %int8_385, %22, %int512_386 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %222 = torch.aten.view %220, %221 : !torch.vtensor<[?,512],f16>, !torch.list<int> -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %222, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f16>
    %none_387 = torch.constant.none
    %none_388 = torch.constant.none
    %int5_389 = torch.constant.int 5
    %cpu_390 = torch.constant.device "cpu"
    %int0_391 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %222, %none_387, %none_388, %int5_389, %cpu_390, %int0_391 : !torch.vtensor<[8,?,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_392 = torch.constant.int 1
    %223 = torch.aten.add.Tensor %23, %222, %int1_392 : !torch.vtensor<[8,?,512],f16>, !torch.vtensor<[8,?,512],f16>, !torch.int -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %223, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f16>
    %none_393 = torch.constant.none
    %none_394 = torch.constant.none
    %int5_395 = torch.constant.int 5
    %cpu_396 = torch.constant.device "cpu"
    %int0_397 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %223, %none_393, %none_394, %int5_395, %cpu_396, %int0_397 : !torch.vtensor<[8,?,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_398 = torch.constant.int 6
    %224 = torch.prims.convert_element_type %223, %int6_398 : !torch.vtensor<[8,?,512],f16>, !torch.int -> !torch.vtensor<[8,?,512],f32>
    torch.bind_symbolic_shape %224, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f32>
    %int2_399 = torch.constant.int 2
    %225 = torch.aten.pow.Tensor_Scalar %224, %int2_399 : !torch.vtensor<[8,?,512],f32>, !torch.int -> !torch.vtensor<[8,?,512],f32>
    torch.bind_symbolic_shape %225, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f32>
    %int-1_400 = torch.constant.int -1
    %226 = torch.prim.ListConstruct %int-1_400 : (!torch.int) -> !torch.list<int>
    %true_401 = torch.constant.bool true
    %none_402 = torch.constant.none
    %227 = torch.aten.mean.dim %225, %226, %true_401, %none_402 : !torch.vtensor<[8,?,512],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %227, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %float1.000000e-05_403 = torch.constant.float 1.000000e-05
    %int1_404 = torch.constant.int 1
    %228 = torch.aten.add.Scalar %227, %float1.000000e-05_403, %int1_404 : !torch.vtensor<[8,?,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %228, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %229 = torch.aten.rsqrt %228 : !torch.vtensor<[8,?,1],f32> -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %229, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %230 = torch.aten.mul.Tensor %224, %229 : !torch.vtensor<[8,?,512],f32>, !torch.vtensor<[8,?,1],f32> -> !torch.vtensor<[8,?,512],f32>
    torch.bind_symbolic_shape %230, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f32>
    %none_405 = torch.constant.none
    %none_406 = torch.constant.none
    %int6_407 = torch.constant.int 6
    %cpu_408 = torch.constant.device "cpu"
    %int0_409 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %230, %none_405, %none_406, %int6_407, %cpu_408, %int0_409 : !torch.vtensor<[8,?,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_410 = torch.constant.int 5
    %231 = torch.prims.convert_element_type %230, %int5_410 : !torch.vtensor<[8,?,512],f32>, !torch.int -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %231, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f16>
    %232 = torch.aten.mul.Tensor %9, %231 : !torch.vtensor<[512],f32>, !torch.vtensor<[8,?,512],f16> -> !torch.vtensor<[8,?,512],f32>
    torch.bind_symbolic_shape %232, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f32>
    %none_411 = torch.constant.none
    %none_412 = torch.constant.none
    %int6_413 = torch.constant.int 6
    %cpu_414 = torch.constant.device "cpu"
    %int0_415 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %232, %none_411, %none_412, %int6_413, %cpu_414, %int0_415 : !torch.vtensor<[8,?,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_416 = torch.constant.int 5
    %233 = torch.prims.convert_element_type %232, %int5_416 : !torch.vtensor<[8,?,512],f32>, !torch.int -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %233, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f16>
    %int-1_417 = torch.constant.int -1
    %int512_418 = torch.constant.int 512
    %234 = torch.prim.ListConstruct %int-1_417, %int512_418 : (!torch.int, !torch.int) -> !torch.list<int>
    %235 = torch.aten.view %233, %234 : !torch.vtensor<[8,?,512],f16>, !torch.list<int> -> !torch.vtensor<[?,512],f16>
    torch.bind_symbolic_shape %235, [%18], affine_map<()[s0] -> (s0 * 256, 512)> : !torch.vtensor<[?,512],f16>
    %none_419 = torch.constant.none
    %none_420 = torch.constant.none
    %int6_421 = torch.constant.int 6
    %cpu_422 = torch.constant.device "cpu"
    %int0_423 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %10, %none_419, %none_420, %int6_421, %cpu_422, %int0_423 : !torch.vtensor<[8,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_424 = torch.constant.int 5
    %236 = torch.prims.convert_element_type %10, %int5_424 : !torch.vtensor<[8,512],f32>, !torch.int -> !torch.vtensor<[8,512],f16>
    %int-2_425 = torch.constant.int -2
    %int-1_426 = torch.constant.int -1
    %237 = torch.aten.transpose.int %236, %int-2_425, %int-1_426 : !torch.vtensor<[8,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[512,8],f16>
    %none_427 = torch.constant.none
    %none_428 = torch.constant.none
    %int5_429 = torch.constant.int 5
    %cpu_430 = torch.constant.device "cpu"
    %int0_431 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %237, %none_427, %none_428, %int5_429, %cpu_430, %int0_431 : !torch.vtensor<[512,8],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %238 = torch.aten.matmul %235, %237 : !torch.vtensor<[?,512],f16>, !torch.vtensor<[512,8],f16> -> !torch.vtensor<[?,8],f16>
    torch.bind_symbolic_shape %238, [%18], affine_map<()[s0] -> (s0 * 256, 8)> : !torch.vtensor<[?,8],f16>
    %none_432 = torch.constant.none
    %none_433 = torch.constant.none
    %int5_434 = torch.constant.int 5
    %cpu_435 = torch.constant.device "cpu"
    %int0_436 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %238, %none_432, %none_433, %int5_434, %cpu_435, %int0_436 : !torch.vtensor<[?,8],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_437 = torch.constant.int 6
    %239 = torch.prims.convert_element_type %238, %int6_437 : !torch.vtensor<[?,8],f16>, !torch.int -> !torch.vtensor<[?,8],f32>
    torch.bind_symbolic_shape %239, [%18], affine_map<()[s0] -> (s0 * 256, 8)> : !torch.vtensor<[?,8],f32>
    %int1_438 = torch.constant.int 1
    %none_439 = torch.constant.none
    %240 = torch.aten.softmax.int %239, %int1_438, %none_439 : !torch.vtensor<[?,8],f32>, !torch.int, !torch.none -> !torch.vtensor<[?,8],f32>
    torch.bind_symbolic_shape %240, [%18], affine_map<()[s0] -> (s0 * 256, 8)> : !torch.vtensor<[?,8],f32>
    %int2_440 = torch.constant.int 2
    %int-1_441 = torch.constant.int -1
    %true_442 = torch.constant.bool true
    %true_443 = torch.constant.bool true
    %values, %indices = torch.aten.topk %240, %int2_440, %int-1_441, %true_442, %true_443 : !torch.vtensor<[?,8],f32>, !torch.int, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[?,2],f32>, !torch.vtensor<[?,2],si64>
    torch.bind_symbolic_shape %values, [%18], affine_map<()[s0] -> (s0 * 256, 2)> : !torch.vtensor<[?,2],f32>
    torch.bind_symbolic_shape %indices, [%18], affine_map<()[s0] -> (s0 * 256, 2)> : !torch.vtensor<[?,2],si64>
    %none_444 = torch.constant.none
    %none_445 = torch.constant.none
    %int6_446 = torch.constant.int 6
    %cpu_447 = torch.constant.device "cpu"
    %int0_448 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %values, %none_444, %none_445, %int6_446, %cpu_447, %int0_448 : !torch.vtensor<[?,2],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_449 = torch.constant.int 5
    %241 = torch.prims.convert_element_type %values, %int5_449 : !torch.vtensor<[?,2],f32>, !torch.int -> !torch.vtensor<[?,2],f16>
    torch.bind_symbolic_shape %241, [%18], affine_map<()[s0] -> (s0 * 256, 2)> : !torch.vtensor<[?,2],f16>
    %int8_450 = torch.constant.int 8
    %242 = torch.prim.ListConstruct %35, %int8_450 : (!torch.int, !torch.int) -> !torch.list<int>
    %none_451 = torch.constant.none
    %none_452 = torch.constant.none
    %cpu_453 = torch.constant.device "cpu"
    %false_454 = torch.constant.bool false
    %none_455 = torch.constant.none
    %243 = torch.aten.empty.memory_format %242, %none_451, %none_452, %cpu_453, %false_454, %none_455 : !torch.list<int>, !torch.none, !torch.none, !torch.Device, !torch.bool, !torch.none -> !torch.vtensor<[?,8],f32>
    torch.bind_symbolic_shape %243, [%18], affine_map<()[s0] -> (s0 * 256, 8)> : !torch.vtensor<[?,8],f32>
    %int5_456 = torch.constant.int 5
    %none_457 = torch.constant.none
    %none_458 = torch.constant.none
    %false_459 = torch.constant.bool false
    %int1_460 = torch.constant.int 1
    %244 = torch.aten.zeros_like %243, %int5_456, %none_457, %none_458, %false_459, %int1_460 : !torch.vtensor<[?,8],f32>, !torch.int, !torch.none, !torch.none, !torch.bool, !torch.int -> !torch.vtensor<[?,8],f16>
    torch.bind_symbolic_shape %244, [%18], affine_map<()[s0] -> (s0 * 256, 8)> : !torch.vtensor<[?,8],f16>
    %int1_461 = torch.constant.int 1
    %245 = torch.aten.scatter.src %244, %int1_461, %indices, %241 : !torch.vtensor<[?,8],f16>, !torch.int, !torch.vtensor<[?,2],si64>, !torch.vtensor<[?,2],f16> -> !torch.vtensor<[?,8],f16>
    torch.bind_symbolic_shape %245, [%18], affine_map<()[s0] -> (s0 * 256, 8)> : !torch.vtensor<[?,8],f16>
    %none_462 = torch.constant.none
    %none_463 = torch.constant.none
    %cpu_464 = torch.constant.device "cpu"
    %false_465 = torch.constant.bool false
    %246 = torch.aten.arange %35, %none_462, %none_463, %cpu_464, %false_465 : !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %246, [%18], affine_map<()[s0] -> (s0 * 256)> : !torch.vtensor<[?],si64>
    %int1_466 = torch.constant.int 1
    %int-1_467 = torch.constant.int -1
    %247 = torch.prim.ListConstruct %int1_466, %int-1_467 : (!torch.int, !torch.int) -> !torch.list<int>
    %248 = torch.aten.view %246, %247 : !torch.vtensor<[?],si64>, !torch.list<int> -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %248, [%18], affine_map<()[s0] -> (1, s0 * 256)> : !torch.vtensor<[1,?],si64>
    %int8_468 = torch.constant.int 8
    %int-1_469 = torch.constant.int -1
    %249 = torch.prim.ListConstruct %int8_468, %int-1_469 : (!torch.int, !torch.int) -> !torch.list<int>
    %false_470 = torch.constant.bool false
    %250 = torch.aten.expand %248, %249, %false_470 : !torch.vtensor<[1,?],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %250, [%18], affine_map<()[s0] -> (8, s0 * 256)> : !torch.vtensor<[8,?],si64>
    %int8_471 = torch.constant.int 8
    %251 = torch.aten.mul.int %int8_471, %35 : !torch.int, !torch.int -> !torch.int
    %int0_472 = torch.constant.int 0
    %252 = torch.aten.clone %250, %int0_472 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %252, [%18], affine_map<()[s0] -> (8, s0 * 256)> : !torch.vtensor<[8,?],si64>
    %int1_473 = torch.constant.int 1
    %253 = torch.prim.ListConstruct %251, %int1_473 : (!torch.int, !torch.int) -> !torch.list<int>
    %254 = torch.aten._unsafe_view %252, %253 : !torch.vtensor<[8,?],si64>, !torch.list<int> -> !torch.vtensor<[?,1],si64>
    torch.bind_symbolic_shape %254, [%18], affine_map<()[s0] -> (s0 * 2048, 1)> : !torch.vtensor<[?,1],si64>
    %int-1_474 = torch.constant.int -1
    %int512_475 = torch.constant.int 512
    %255 = torch.prim.ListConstruct %int-1_474, %int512_475 : (!torch.int, !torch.int) -> !torch.list<int>
    %false_476 = torch.constant.bool false
    %256 = torch.aten.expand %254, %255, %false_476 : !torch.vtensor<[?,1],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,512],si64>
    torch.bind_symbolic_shape %256, [%18], affine_map<()[s0] -> (s0 * 2048, 512)> : !torch.vtensor<[?,512],si64>
    %int0_477 = torch.constant.int 0
    %false_478 = torch.constant.bool false
    %257 = torch.aten.gather %235, %int0_477, %256, %false_478 : !torch.vtensor<[?,512],f16>, !torch.int, !torch.vtensor<[?,512],si64>, !torch.bool -> !torch.vtensor<[?,512],f16>
    torch.bind_symbolic_shape %257, [%18], affine_map<()[s0] -> (s0 * 2048, 512)> : !torch.vtensor<[?,512],f16>
    %int0_479 = torch.constant.int 0
    %int1_480 = torch.constant.int 1
    %258 = torch.aten.transpose.int %245, %int0_479, %int1_480 : !torch.vtensor<[?,8],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,?],f16>
    torch.bind_symbolic_shape %258, [%18], affine_map<()[s0] -> (8, s0 * 256)> : !torch.vtensor<[8,?],f16>
    %int0_481 = torch.constant.int 0
    %259 = torch.aten.gt.Scalar %258, %int0_481 : !torch.vtensor<[8,?],f16>, !torch.int -> !torch.vtensor<[8,?],i1>
    torch.bind_symbolic_shape %259, [%18], affine_map<()[s0] -> (8, s0 * 256)> : !torch.vtensor<[8,?],i1>
    %int0_482 = torch.constant.int 0
    %260 = torch.aten.clone %259, %int0_482 : !torch.vtensor<[8,?],i1>, !torch.int -> !torch.vtensor<[8,?],i1>
    torch.bind_symbolic_shape %260, [%18], affine_map<()[s0] -> (8, s0 * 256)> : !torch.vtensor<[8,?],i1>
    %int1_483 = torch.constant.int 1
    %261 = torch.prim.ListConstruct %251, %int1_483 : (!torch.int, !torch.int) -> !torch.list<int>
    %262 = torch.aten._unsafe_view %260, %261 : !torch.vtensor<[8,?],i1>, !torch.list<int> -> !torch.vtensor<[?,1],i1>
    torch.bind_symbolic_shape %262, [%18], affine_map<()[s0] -> (s0 * 2048, 1)> : !torch.vtensor<[?,1],i1>
    %263 = torch.aten.mul.Tensor %257, %262 : !torch.vtensor<[?,512],f16>, !torch.vtensor<[?,1],i1> -> !torch.vtensor<[?,512],f16>
    torch.bind_symbolic_shape %263, [%18], affine_map<()[s0] -> (s0 * 2048, 512)> : !torch.vtensor<[?,512],f16>
    %int8_484 = torch.constant.int 8
    %int512_485 = torch.constant.int 512
    %264 = torch.prim.ListConstruct %int8_484, %35, %int512_485 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %265 = torch.aten.view %263, %264 : !torch.vtensor<[?,512],f16>, !torch.list<int> -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %265, [%18], affine_map<()[s0] -> (8, s0 * 256, 512)> : !torch.vtensor<[8,?,512],f16>
    %int-2_486 = torch.constant.int -2
    %int-1_487 = torch.constant.int -1
    %266 = torch.aten.transpose.int %11, %int-2_486, %int-1_487 : !torch.vtensor<[8,1024,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,512,1024],f16>
    %none_488 = torch.constant.none
    %none_489 = torch.constant.none
    %int5_490 = torch.constant.int 5
    %cpu_491 = torch.constant.device "cpu"
    %int0_492 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %266, %none_488, %none_489, %int5_490, %cpu_491, %int0_492 : !torch.vtensor<[8,512,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %267 = torch.aten.matmul %265, %266 : !torch.vtensor<[8,?,512],f16>, !torch.vtensor<[8,512,1024],f16> -> !torch.vtensor<[8,?,1024],f16>
    torch.bind_symbolic_shape %267, [%18], affine_map<()[s0] -> (8, s0 * 256, 1024)> : !torch.vtensor<[8,?,1024],f16>
    %268 = torch.aten.silu %267 : !torch.vtensor<[8,?,1024],f16> -> !torch.vtensor<[8,?,1024],f16>
    torch.bind_symbolic_shape %268, [%18], affine_map<()[s0] -> (8, s0 * 256, 1024)> : !torch.vtensor<[8,?,1024],f16>
    %int-2_493 = torch.constant.int -2
    %int-1_494 = torch.constant.int -1
    %269 = torch.aten.transpose.int %12, %int-2_493, %int-1_494 : !torch.vtensor<[8,1024,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,512,1024],f16>
    %none_495 = torch.constant.none
    %none_496 = torch.constant.none
    %int5_497 = torch.constant.int 5
    %cpu_498 = torch.constant.device "cpu"
    %int0_499 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %269, %none_495, %none_496, %int5_497, %cpu_498, %int0_499 : !torch.vtensor<[8,512,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %270 = torch.aten.matmul %265, %269 : !torch.vtensor<[8,?,512],f16>, !torch.vtensor<[8,512,1024],f16> -> !torch.vtensor<[8,?,1024],f16>
    torch.bind_symbolic_shape %270, [%18], affine_map<()[s0] -> (8, s0 * 256, 1024)> : !torch.vtensor<[8,?,1024],f16>
    %271 = torch.aten.mul.Tensor %268, %270 : !torch.vtensor<[8,?,1024],f16>, !torch.vtensor<[8,?,1024],f16> -> !torch.vtensor<[8,?,1024],f16>
    torch.bind_symbolic_shape %271, [%18], affine_map<()[s0] -> (8, s0 * 256, 1024)> : !torch.vtensor<[8,?,1024],f16>
    %int-2_500 = torch.constant.int -2
    %int-1_501 = torch.constant.int -1
    %272 = torch.aten.transpose.int %13, %int-2_500, %int-1_501 : !torch.vtensor<[8,512,1024],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,1024,512],f16>
    %none_502 = torch.constant.none
    %none_503 = torch.constant.none
    %int5_504 = torch.constant.int 5
    %cpu_505 = torch.constant.device "cpu"
    %int0_506 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %272, %none_502, %none_503, %int5_504, %cpu_505, %int0_506 : !torch.vtensor<[8,1024,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %273 = torch.aten.matmul %271, %272 : !torch.vtensor<[8,?,1024],f16>, !torch.vtensor<[8,1024,512],f16> -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %273, [%18], affine_map<()[s0] -> (8, s0 * 256, 512)> : !torch.vtensor<[8,?,512],f16>
    %int512_507 = torch.constant.int 512
    %274 = torch.prim.ListConstruct %251, %int512_507 : (!torch.int, !torch.int) -> !torch.list<int>
    %275 = torch.aten.view %273, %274 : !torch.vtensor<[8,?,512],f16>, !torch.list<int> -> !torch.vtensor<[?,512],f16>
    torch.bind_symbolic_shape %275, [%18], affine_map<()[s0] -> (s0 * 2048, 512)> : !torch.vtensor<[?,512],f16>
    %int0_508 = torch.constant.int 0
    %276 = torch.aten.clone %258, %int0_508 : !torch.vtensor<[8,?],f16>, !torch.int -> !torch.vtensor<[8,?],f16>
    torch.bind_symbolic_shape %276, [%18], affine_map<()[s0] -> (8, s0 * 256)> : !torch.vtensor<[8,?],f16>
    %int1_509 = torch.constant.int 1
    %277 = torch.prim.ListConstruct %251, %int1_509 : (!torch.int, !torch.int) -> !torch.list<int>
    %278 = torch.aten._unsafe_view %276, %277 : !torch.vtensor<[8,?],f16>, !torch.list<int> -> !torch.vtensor<[?,1],f16>
    torch.bind_symbolic_shape %278, [%18], affine_map<()[s0] -> (s0 * 2048, 1)> : !torch.vtensor<[?,1],f16>
    %279 = torch.aten.mul.Tensor %275, %278 : !torch.vtensor<[?,512],f16>, !torch.vtensor<[?,1],f16> -> !torch.vtensor<[?,512],f16>
    torch.bind_symbolic_shape %279, [%18], affine_map<()[s0] -> (s0 * 2048, 512)> : !torch.vtensor<[?,512],f16>
    %int8_510 = torch.constant.int 8
    %int512_511 = torch.constant.int 512
    %280 = torch.prim.ListConstruct %int8_510, %35, %int512_511 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %281 = torch.aten.view %279, %280 : !torch.vtensor<[?,512],f16>, !torch.list<int> -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %281, [%18], affine_map<()[s0] -> (8, s0 * 256, 512)> : !torch.vtensor<[8,?,512],f16>
    %int0_512 = torch.constant.int 0
    %282 = torch.prim.ListConstruct %int0_512 : (!torch.int) -> !torch.list<int>
    %false_513 = torch.constant.bool false
    %none_514 = torch.constant.none
    %283 = torch.aten.sum.dim_IntList %281, %282, %false_513, %none_514 : !torch.vtensor<[8,?,512],f16>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?,512],f16>
    torch.bind_symbolic_shape %283, [%18], affine_map<()[s0] -> (s0 * 256, 512)> : !torch.vtensor<[?,512],f16>
    %int8_515 = torch.constant.int 8
    %int512_516 = torch.constant.int 512
    %284 = torch.prim.ListConstruct %int8_515, %22, %int512_516 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %285 = torch.aten.view %283, %284 : !torch.vtensor<[?,512],f16>, !torch.list<int> -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %285, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f16>
    %int1_517 = torch.constant.int 1
    %286 = torch.aten.add.Tensor %223, %285, %int1_517 : !torch.vtensor<[8,?,512],f16>, !torch.vtensor<[8,?,512],f16>, !torch.int -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %286, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f16>
    %none_518 = torch.constant.none
    %none_519 = torch.constant.none
    %int5_520 = torch.constant.int 5
    %cpu_521 = torch.constant.device "cpu"
    %int0_522 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %286, %none_518, %none_519, %int5_520, %cpu_521, %int0_522 : !torch.vtensor<[8,?,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_523 = torch.constant.none
    %none_524 = torch.constant.none
    %int5_525 = torch.constant.int 5
    %cpu_526 = torch.constant.device "cpu"
    %int0_527 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %286, %none_523, %none_524, %int5_525, %cpu_526, %int0_527 : !torch.vtensor<[8,?,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_528 = torch.constant.int 6
    %287 = torch.prims.convert_element_type %286, %int6_528 : !torch.vtensor<[8,?,512],f16>, !torch.int -> !torch.vtensor<[8,?,512],f32>
    torch.bind_symbolic_shape %287, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f32>
    %int2_529 = torch.constant.int 2
    %288 = torch.aten.pow.Tensor_Scalar %287, %int2_529 : !torch.vtensor<[8,?,512],f32>, !torch.int -> !torch.vtensor<[8,?,512],f32>
    torch.bind_symbolic_shape %288, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f32>
    %int-1_530 = torch.constant.int -1
    %289 = torch.prim.ListConstruct %int-1_530 : (!torch.int) -> !torch.list<int>
    %true_531 = torch.constant.bool true
    %none_532 = torch.constant.none
    %290 = torch.aten.mean.dim %288, %289, %true_531, %none_532 : !torch.vtensor<[8,?,512],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %290, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %float1.000000e-05_533 = torch.constant.float 1.000000e-05
    %int1_534 = torch.constant.int 1
    %291 = torch.aten.add.Scalar %290, %float1.000000e-05_533, %int1_534 : !torch.vtensor<[8,?,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %291, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %292 = torch.aten.rsqrt %291 : !torch.vtensor<[8,?,1],f32> -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %292, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %293 = torch.aten.mul.Tensor %287, %292 : !torch.vtensor<[8,?,512],f32>, !torch.vtensor<[8,?,1],f32> -> !torch.vtensor<[8,?,512],f32>
    torch.bind_symbolic_shape %293, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f32>
    %none_535 = torch.constant.none
    %none_536 = torch.constant.none
    %int6_537 = torch.constant.int 6
    %cpu_538 = torch.constant.device "cpu"
    %int0_539 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %293, %none_535, %none_536, %int6_537, %cpu_538, %int0_539 : !torch.vtensor<[8,?,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_540 = torch.constant.int 5
    %294 = torch.prims.convert_element_type %293, %int5_540 : !torch.vtensor<[8,?,512],f32>, !torch.int -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %294, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f16>
    %295 = torch.aten.mul.Tensor %14, %294 : !torch.vtensor<[1,512],f32>, !torch.vtensor<[8,?,512],f16> -> !torch.vtensor<[8,?,512],f32>
    torch.bind_symbolic_shape %295, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f32>
    %none_541 = torch.constant.none
    %none_542 = torch.constant.none
    %int6_543 = torch.constant.int 6
    %cpu_544 = torch.constant.device "cpu"
    %int0_545 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %295, %none_541, %none_542, %int6_543, %cpu_544, %int0_545 : !torch.vtensor<[8,?,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_546 = torch.constant.int 5
    %296 = torch.prims.convert_element_type %295, %int5_546 : !torch.vtensor<[8,?,512],f32>, !torch.int -> !torch.vtensor<[8,?,512],f16>
    torch.bind_symbolic_shape %296, [%18], affine_map<()[s0] -> (8, s0 * 32, 512)> : !torch.vtensor<[8,?,512],f16>
    %int-2_547 = torch.constant.int -2
    %int-1_548 = torch.constant.int -1
    %297 = torch.aten.transpose.int %15, %int-2_547, %int-1_548 : !torch.vtensor<[1024,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[512,1024],f16>
    %none_549 = torch.constant.none
    %none_550 = torch.constant.none
    %int5_551 = torch.constant.int 5
    %cpu_552 = torch.constant.device "cpu"
    %int0_553 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %297, %none_549, %none_550, %int5_551, %cpu_552, %int0_553 : !torch.vtensor<[512,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int512_554 = torch.constant.int 512
    %298 = torch.prim.ListConstruct %35, %int512_554 : (!torch.int, !torch.int) -> !torch.list<int>
    %299 = torch.aten.view %296, %298 : !torch.vtensor<[8,?,512],f16>, !torch.list<int> -> !torch.vtensor<[?,512],f16>
    torch.bind_symbolic_shape %299, [%18], affine_map<()[s0] -> (s0 * 256, 512)> : !torch.vtensor<[?,512],f16>
    %300 = torch.aten.matmul %299, %297 : !torch.vtensor<[?,512],f16>, !torch.vtensor<[512,1024],f16> -> !torch.vtensor<[?,1024],f16>
    torch.bind_symbolic_shape %300, [%18], affine_map<()[s0] -> (s0 * 256, 1024)> : !torch.vtensor<[?,1024],f16>
    %int8_555 = torch.constant.int 8
    %int1024 = torch.constant.int 1024
    %301 = torch.prim.ListConstruct %int8_555, %22, %int1024 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %302 = torch.aten.view %300, %301 : !torch.vtensor<[?,1024],f16>, !torch.list<int> -> !torch.vtensor<[8,?,1024],f16>
    torch.bind_symbolic_shape %302, [%18], affine_map<()[s0] -> (8, s0 * 32, 1024)> : !torch.vtensor<[8,?,1024],f16>
    return %302 : !torch.vtensor<[8,?,1024],f16>
  }
  func.func @decode_bs8(%arg0: !torch.vtensor<[8,1],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg1: !torch.vtensor<[8],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg2: !torch.vtensor<[8],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg3: !torch.vtensor<[8,?],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg4: !torch.tensor<[?,8192],f16> {iree.abi.affinity = #hal.device.promise<@__device_0>}) -> !torch.vtensor<[8,1,1024],f16> attributes {torch.assume_strict_symbolic_shapes} {
    %__auto.token_embd.weight = util.global.load @__auto.token_embd.weight : tensor<1024x512xf16>
    %0 = torch_c.from_builtin_tensor %__auto.token_embd.weight : tensor<1024x512xf16> -> !torch.vtensor<[1024,512],f16>
    %1 = torch.vtensor.literal(dense<1.000000e+00> : tensor<f32>) : !torch.vtensor<[],f32>
    %2 = torch.vtensor.literal(dense<1.000000e+00> : tensor<f32>) : !torch.vtensor<[],f32>
    %3 = torch.vtensor.literal(dense<0> : tensor<si64>) : !torch.vtensor<[],si64>
    %4 = torch.vtensor.literal(dense<1> : tensor<si64>) : !torch.vtensor<[],si64>
    %5 = torch.vtensor.literal(dense<0> : tensor<si64>) : !torch.vtensor<[],si64>
    %6 = torch.vtensor.literal(dense<0> : tensor<si64>) : !torch.vtensor<[],si64>
    %7 = torch.vtensor.literal(dense<1> : tensor<si64>) : !torch.vtensor<[],si64>
    %8 = torch.vtensor.literal(dense<0xFC00> : tensor<f16>) : !torch.vtensor<[],f16>
    %__auto.blk.0.attn_norm.weight = util.global.load @__auto.blk.0.attn_norm.weight : tensor<512xf32>
    %9 = torch_c.from_builtin_tensor %__auto.blk.0.attn_norm.weight : tensor<512xf32> -> !torch.vtensor<[512],f32>
    %__auto.blk.0.attn_q.weight = util.global.load @__auto.blk.0.attn_q.weight : tensor<512x512xf16>
    %10 = torch_c.from_builtin_tensor %__auto.blk.0.attn_q.weight : tensor<512x512xf16> -> !torch.vtensor<[512,512],f16>
    %__auto.blk.0.attn_k.weight = util.global.load @__auto.blk.0.attn_k.weight : tensor<128x512xf16>
    %11 = torch_c.from_builtin_tensor %__auto.blk.0.attn_k.weight : tensor<128x512xf16> -> !torch.vtensor<[128,512],f16>
    %__auto.blk.0.attn_v.weight = util.global.load @__auto.blk.0.attn_v.weight : tensor<128x512xf16>
    %12 = torch_c.from_builtin_tensor %__auto.blk.0.attn_v.weight : tensor<128x512xf16> -> !torch.vtensor<[128,512],f16>
    %__auto.blk.0.attn_output.weight = util.global.load @__auto.blk.0.attn_output.weight : tensor<512x512xf16>
    %13 = torch_c.from_builtin_tensor %__auto.blk.0.attn_output.weight : tensor<512x512xf16> -> !torch.vtensor<[512,512],f16>
    %__auto.blk.0.ffn_norm.weight = util.global.load @__auto.blk.0.ffn_norm.weight : tensor<512xf32>
    %14 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_norm.weight : tensor<512xf32> -> !torch.vtensor<[512],f32>
    %__auto.blk.0.ffn_gate_inp.weight = util.global.load @__auto.blk.0.ffn_gate_inp.weight : tensor<8x512xf32>
    %15 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_gate_inp.weight : tensor<8x512xf32> -> !torch.vtensor<[8,512],f32>
    %__auto.blk.0.ffn_gate_exps.weight = util.global.load @__auto.blk.0.ffn_gate_exps.weight : tensor<8x1024x512xf16>
    %16 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_gate_exps.weight : tensor<8x1024x512xf16> -> !torch.vtensor<[8,1024,512],f16>
    %__auto.blk.0.ffn_up_exps.weight = util.global.load @__auto.blk.0.ffn_up_exps.weight : tensor<8x1024x512xf16>
    %17 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_up_exps.weight : tensor<8x1024x512xf16> -> !torch.vtensor<[8,1024,512],f16>
    %__auto.blk.0.ffn_down_exps.weight = util.global.load @__auto.blk.0.ffn_down_exps.weight : tensor<8x512x1024xf16>
    %18 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_down_exps.weight : tensor<8x512x1024xf16> -> !torch.vtensor<[8,512,1024],f16>
    %__auto.output_norm.weight = util.global.load @__auto.output_norm.weight : tensor<1x512xf32>
    %19 = torch_c.from_builtin_tensor %__auto.output_norm.weight : tensor<1x512xf32> -> !torch.vtensor<[1,512],f32>
    %__auto.output.weight = util.global.load @__auto.output.weight : tensor<1024x512xf16>
    %20 = torch_c.from_builtin_tensor %__auto.output.weight : tensor<1024x512xf16> -> !torch.vtensor<[1024,512],f16>
    %21 = torch.copy.to_vtensor %arg4 : !torch.vtensor<[?,8192],f16>
    %22 = torch.symbolic_int "s23" {min_val = 2, max_val = 127} : !torch.int
    %23 = torch.symbolic_int "s98" {min_val = 0, max_val = 9223372036854775807} : !torch.int
    torch.bind_symbolic_shape %arg3, [%22], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %21, [%23], affine_map<()[s0] -> (s0, 8192)> : !torch.vtensor<[?,8192],f16>
    %int1 = torch.constant.int 1
    %24 = torch.aten.size.int %arg3, %int1 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.int
    %int0 = torch.constant.int 0
    %25 = torch.aten.size.int %21, %int0 : !torch.vtensor<[?,8192],f16>, !torch.int -> !torch.int
    %none = torch.constant.none
    %none_0 = torch.constant.none
    %int5 = torch.constant.int 5
    %cpu = torch.constant.device "cpu"
    %int0_1 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %0, %none, %none_0, %int5, %cpu, %int0_1 : !torch.vtensor<[1024,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int-1 = torch.constant.int -1
    %false = torch.constant.bool false
    %false_2 = torch.constant.bool false
    %26 = torch.aten.embedding %0, %arg0, %int-1, %false, %false_2 : !torch.vtensor<[1024,512],f16>, !torch.vtensor<[8,1],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[8,1,512],f16>
    %none_3 = torch.constant.none
    %none_4 = torch.constant.none
    %int5_5 = torch.constant.int 5
    %cpu_6 = torch.constant.device "cpu"
    %int0_7 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %26, %none_3, %none_4, %int5_5, %cpu_6, %int0_7 : !torch.vtensor<[8,1,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6 = torch.constant.int 6
    %27 = torch.prims.convert_element_type %26, %int6 : !torch.vtensor<[8,1,512],f16>, !torch.int -> !torch.vtensor<[8,1,512],f32>
    %int2 = torch.constant.int 2
    %28 = torch.aten.pow.Tensor_Scalar %27, %int2 : !torch.vtensor<[8,1,512],f32>, !torch.int -> !torch.vtensor<[8,1,512],f32>
    %int-1_8 = torch.constant.int -1
    %29 = torch.prim.ListConstruct %int-1_8 : (!torch.int) -> !torch.list<int>
    %true = torch.constant.bool true
    %none_9 = torch.constant.none
    %30 = torch.aten.mean.dim %28, %29, %true, %none_9 : !torch.vtensor<[8,1,512],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,1,1],f32>
    %float1.000000e-05 = torch.constant.float 1.000000e-05
    %int1_10 = torch.constant.int 1
    %31 = torch.aten.add.Scalar %30, %float1.000000e-05, %int1_10 : !torch.vtensor<[8,1,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %32 = torch.aten.rsqrt %31 : !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,1,1],f32>
    %33 = torch.aten.mul.Tensor %27, %32 : !torch.vtensor<[8,1,512],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,1,512],f32>
    %none_11 = torch.constant.none
    %none_12 = torch.constant.none
    %int6_13 = torch.constant.int 6
    %cpu_14 = torch.constant.device "cpu"
    %int0_15 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %33, %none_11, %none_12, %int6_13, %cpu_14, %int0_15 : !torch.vtensor<[8,1,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_16 = torch.constant.int 5
    %34 = torch.prims.convert_element_type %33, %int5_16 : !torch.vtensor<[8,1,512],f32>, !torch.int -> !torch.vtensor<[8,1,512],f16>
    %35 = torch.aten.mul.Tensor %9, %34 : !torch.vtensor<[512],f32>, !torch.vtensor<[8,1,512],f16> -> !torch.vtensor<[8,1,512],f32>
    %none_17 = torch.constant.none
    %none_18 = torch.constant.none
    %int6_19 = torch.constant.int 6
    %cpu_20 = torch.constant.device "cpu"
    %int0_21 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %35, %none_17, %none_18, %int6_19, %cpu_20, %int0_21 : !torch.vtensor<[8,1,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_22 = torch.constant.int 5
    %36 = torch.prims.convert_element_type %35, %int5_22 : !torch.vtensor<[8,1,512],f32>, !torch.int -> !torch.vtensor<[8,1,512],f16>
    %int-2 = torch.constant.int -2
    %int-1_23 = torch.constant.int -1
    %37 = torch.aten.transpose.int %10, %int-2, %int-1_23 : !torch.vtensor<[512,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[512,512],f16>
    %none_24 = torch.constant.none
    %none_25 = torch.constant.none
    %int5_26 = torch.constant.int 5
    %cpu_27 = torch.constant.device "cpu"
    %int0_28 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %37, %none_24, %none_25, %int5_26, %cpu_27, %int0_28 : !torch.vtensor<[512,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8 = torch.constant.int 8
    %int512 = torch.constant.int 512
    %38 = torch.prim.ListConstruct %int8, %int512 : (!torch.int, !torch.int) -> !torch.list<int>
    %39 = torch.aten.view %36, %38 : !torch.vtensor<[8,1,512],f16>, !torch.list<int> -> !torch.vtensor<[8,512],f16>
    %40 = torch.aten.matmul %39, %37 : !torch.vtensor<[8,512],f16>, !torch.vtensor<[512,512],f16> -> !torch.vtensor<[8,512],f16>
    %int8_29 = torch.constant.int 8
    %int1_30 = torch.constant.int 1
    %int512_31 = torch.constant.int 512
    %41 = torch.prim.ListConstruct %int8_29, %int1_30, %int512_31 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %42 = torch.aten.view %40, %41 : !torch.vtensor<[8,512],f16>, !torch.list<int> -> !torch.vtensor<[8,1,512],f16>
    %int-2_32 = torch.constant.int -2
    %int-1_33 = torch.constant.int -1
    %43 = torch.aten.transpose.int %11, %int-2_32, %int-1_33 : !torch.vtensor<[128,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[512,128],f16>
    %none_34 = torch.constant.none
    %none_35 = torch.constant.none
    %int5_36 = torch.constant.int 5
    %cpu_37 = torch.constant.device "cpu"
    %int0_38 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %43, %none_34, %none_35, %int5_36, %cpu_37, %int0_38 : !torch.vtensor<[512,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8_39 = torch.constant.int 8
    %int512_40 = torch.constant.int 512
    %44 = torch.prim.ListConstruct %int8_39, %int512_40 : (!torch.int, !torch.int) -> !torch.list<int>
    %45 = torch.aten.view %36, %44 : !torch.vtensor<[8,1,512],f16>, !torch.list<int> -> !torch.vtensor<[8,512],f16>
    %46 = torch.aten.matmul %45, %43 : !torch.vtensor<[8,512],f16>, !torch.vtensor<[512,128],f16> -> !torch.vtensor<[8,128],f16>
    %int8_41 = torch.constant.int 8
    %int1_42 = torch.constant.int 1
    %int128 = torch.constant.int 128
    %47 = torch.prim.ListConstruct %int8_41, %int1_42, %int128 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %48 = torch.aten.view %46, %47 : !torch.vtensor<[8,128],f16>, !torch.list<int> -> !torch.vtensor<[8,1,128],f16>
    %int-2_43 = torch.constant.int -2
    %int-1_44 = torch.constant.int -1
    %49 = torch.aten.transpose.int %12, %int-2_43, %int-1_44 : !torch.vtensor<[128,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[512,128],f16>
    %none_45 = torch.constant.none
    %none_46 = torch.constant.none
    %int5_47 = torch.constant.int 5
    %cpu_48 = torch.constant.device "cpu"
    %int0_49 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %49, %none_45, %none_46, %int5_47, %cpu_48, %int0_49 : !torch.vtensor<[512,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8_50 = torch.constant.int 8
    %int512_51 = torch.constant.int 512
    %50 = torch.prim.ListConstruct %int8_50, %int512_51 : (!torch.int, !torch.int) -> !torch.list<int>
    %51 = torch.aten.view %36, %50 : !torch.vtensor<[8,1,512],f16>, !torch.list<int> -> !torch.vtensor<[8,512],f16>
    %52 = torch.aten.matmul %51, %49 : !torch.vtensor<[8,512],f16>, !torch.vtensor<[512,128],f16> -> !torch.vtensor<[8,128],f16>
    %int8_52 = torch.constant.int 8
    %int1_53 = torch.constant.int 1
    %int128_54 = torch.constant.int 128
    %53 = torch.prim.ListConstruct %int8_52, %int1_53, %int128_54 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %54 = torch.aten.view %52, %53 : !torch.vtensor<[8,128],f16>, !torch.list<int> -> !torch.vtensor<[8,1,128],f16>
    %int8_55 = torch.constant.int 8
    %int1_56 = torch.constant.int 1
    %int8_57 = torch.constant.int 8
    %int64 = torch.constant.int 64
    %55 = torch.prim.ListConstruct %int8_55, %int1_56, %int8_57, %int64 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %56 = torch.aten.view %42, %55 : !torch.vtensor<[8,1,512],f16>, !torch.list<int> -> !torch.vtensor<[8,1,8,64],f16>
    %int8_58 = torch.constant.int 8
    %int1_59 = torch.constant.int 1
    %int2_60 = torch.constant.int 2
    %int64_61 = torch.constant.int 64
    %57 = torch.prim.ListConstruct %int8_58, %int1_59, %int2_60, %int64_61 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %58 = torch.aten.view %48, %57 : !torch.vtensor<[8,1,128],f16>, !torch.list<int> -> !torch.vtensor<[8,1,2,64],f16>
    %int8_62 = torch.constant.int 8
    %int1_63 = torch.constant.int 1
    %int2_64 = torch.constant.int 2
    %int64_65 = torch.constant.int 64
    %59 = torch.prim.ListConstruct %int8_62, %int1_63, %int2_64, %int64_65 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %60 = torch.aten.view %54, %59 : !torch.vtensor<[8,1,128],f16>, !torch.list<int> -> !torch.vtensor<[8,1,2,64],f16>
    %int0_66 = torch.constant.int 0
    %int1_67 = torch.constant.int 1
    %none_68 = torch.constant.none
    %none_69 = torch.constant.none
    %cpu_70 = torch.constant.device "cpu"
    %false_71 = torch.constant.bool false
    %61 = torch.aten.arange.start %int0_66, %int1_67, %none_68, %none_69, %cpu_70, %false_71 : !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[1],si64>
    %int0_72 = torch.constant.int 0
    %62 = torch.aten.unsqueeze %61, %int0_72 : !torch.vtensor<[1],si64>, !torch.int -> !torch.vtensor<[1,1],si64>
    %int1_73 = torch.constant.int 1
    %63 = torch.aten.unsqueeze %arg2, %int1_73 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %int1_74 = torch.constant.int 1
    %64 = torch.aten.add.Tensor %62, %63, %int1_74 : !torch.vtensor<[1,1],si64>, !torch.vtensor<[8,1],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %int0_75 = torch.constant.int 0
    %int64_76 = torch.constant.int 64
    %int2_77 = torch.constant.int 2
    %none_78 = torch.constant.none
    %none_79 = torch.constant.none
    %cpu_80 = torch.constant.device "cpu"
    %false_81 = torch.constant.bool false
    %65 = torch.aten.arange.start_step %int0_75, %int64_76, %int2_77, %none_78, %none_79, %cpu_80, %false_81 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[32],si64>
    %none_82 = torch.constant.none
    %none_83 = torch.constant.none
    %int4 = torch.constant.int 4
    %cpu_84 = torch.constant.device "cpu"
    %int0_85 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %65, %none_82, %none_83, %int4, %cpu_84, %int0_85 : !torch.vtensor<[32],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_86 = torch.constant.int 6
    %66 = torch.prims.convert_element_type %65, %int6_86 : !torch.vtensor<[32],si64>, !torch.int -> !torch.vtensor<[32],f32>
    %int64_87 = torch.constant.int 64
    %67 = torch.aten.div.Scalar %66, %int64_87 : !torch.vtensor<[32],f32>, !torch.int -> !torch.vtensor<[32],f32>
    %float1.000000e04 = torch.constant.float 1.000000e+04
    %68 = torch.aten.pow.Scalar %float1.000000e04, %67 : !torch.float, !torch.vtensor<[32],f32> -> !torch.vtensor<[32],f32>
    %69 = torch.aten.reciprocal %68 : !torch.vtensor<[32],f32> -> !torch.vtensor<[32],f32>
    %float1.000000e00 = torch.constant.float 1.000000e+00
    %70 = torch.aten.mul.Scalar %69, %float1.000000e00 : !torch.vtensor<[32],f32>, !torch.float -> !torch.vtensor<[32],f32>
    %none_88 = torch.constant.none
    %71 = torch.aten.clone %1, %none_88 : !torch.vtensor<[],f32>, !torch.none -> !torch.vtensor<[],f32>
    %int0_89 = torch.constant.int 0
    %72 = torch.aten.unsqueeze %70, %int0_89 : !torch.vtensor<[32],f32>, !torch.int -> !torch.vtensor<[1,32],f32>
    %int2_90 = torch.constant.int 2
    %73 = torch.aten.unsqueeze %72, %int2_90 : !torch.vtensor<[1,32],f32>, !torch.int -> !torch.vtensor<[1,32,1],f32>
    %none_91 = torch.constant.none
    %none_92 = torch.constant.none
    %int6_93 = torch.constant.int 6
    %cpu_94 = torch.constant.device "cpu"
    %int0_95 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %73, %none_91, %none_92, %int6_93, %cpu_94, %int0_95 : !torch.vtensor<[1,32,1],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8_96 = torch.constant.int 8
    %int-1_97 = torch.constant.int -1
    %int1_98 = torch.constant.int 1
    %74 = torch.prim.ListConstruct %int8_96, %int-1_97, %int1_98 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_99 = torch.constant.bool false
    %75 = torch.aten.expand %73, %74, %false_99 : !torch.vtensor<[1,32,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,32,1],f32>
    %int1_100 = torch.constant.int 1
    %76 = torch.aten.unsqueeze %64, %int1_100 : !torch.vtensor<[8,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %none_101 = torch.constant.none
    %none_102 = torch.constant.none
    %int4_103 = torch.constant.int 4
    %cpu_104 = torch.constant.device "cpu"
    %int0_105 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %76, %none_101, %none_102, %int4_103, %cpu_104, %int0_105 : !torch.vtensor<[8,1,1],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_106 = torch.constant.int 6
    %77 = torch.prims.convert_element_type %76, %int6_106 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %78 = torch.aten.matmul %75, %77 : !torch.vtensor<[8,32,1],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,32,1],f32>
    %int1_107 = torch.constant.int 1
    %int2_108 = torch.constant.int 2
    %79 = torch.aten.transpose.int %78, %int1_107, %int2_108 : !torch.vtensor<[8,32,1],f32>, !torch.int, !torch.int -> !torch.vtensor<[8,1,32],f32>
    %80 = torch.aten.cos %79 : !torch.vtensor<[8,1,32],f32> -> !torch.vtensor<[8,1,32],f32>
    %81 = torch.aten.mul.Tensor %80, %71 : !torch.vtensor<[8,1,32],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[8,1,32],f32>
    %none_109 = torch.constant.none
    %none_110 = torch.constant.none
    %int6_111 = torch.constant.int 6
    %cpu_112 = torch.constant.device "cpu"
    %int0_113 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %81, %none_109, %none_110, %int6_111, %cpu_112, %int0_113 : !torch.vtensor<[8,1,32],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_114 = torch.constant.int 5
    %82 = torch.prims.convert_element_type %81, %int5_114 : !torch.vtensor<[8,1,32],f32>, !torch.int -> !torch.vtensor<[8,1,32],f16>
    %83 = torch.aten.sin %79 : !torch.vtensor<[8,1,32],f32> -> !torch.vtensor<[8,1,32],f32>
    %84 = torch.aten.mul.Tensor %83, %71 : !torch.vtensor<[8,1,32],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[8,1,32],f32>
    %none_115 = torch.constant.none
    %none_116 = torch.constant.none
    %int6_117 = torch.constant.int 6
    %cpu_118 = torch.constant.device "cpu"
    %int0_119 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %84, %none_115, %none_116, %int6_117, %cpu_118, %int0_119 : !torch.vtensor<[8,1,32],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_120 = torch.constant.int 5
    %85 = torch.prims.convert_element_type %84, %int5_120 : !torch.vtensor<[8,1,32],f32>, !torch.int -> !torch.vtensor<[8,1,32],f16>
    %int2_121 = torch.constant.int 2
    %86 = torch.aten.unsqueeze %82, %int2_121 : !torch.vtensor<[8,1,32],f16>, !torch.int -> !torch.vtensor<[8,1,1,32],f16>
    %int2_122 = torch.constant.int 2
    %87 = torch.aten.unsqueeze %85, %int2_122 : !torch.vtensor<[8,1,32],f16>, !torch.int -> !torch.vtensor<[8,1,1,32],f16>
    %none_123 = torch.constant.none
    %none_124 = torch.constant.none
    %int5_125 = torch.constant.int 5
    %cpu_126 = torch.constant.device "cpu"
    %int0_127 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %86, %none_123, %none_124, %int5_125, %cpu_126, %int0_127 : !torch.vtensor<[8,1,1,32],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_128 = torch.constant.none
    %none_129 = torch.constant.none
    %int5_130 = torch.constant.int 5
    %cpu_131 = torch.constant.device "cpu"
    %int0_132 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %87, %none_128, %none_129, %int5_130, %cpu_131, %int0_132 : !torch.vtensor<[8,1,1,32],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_133 = torch.constant.none
    %none_134 = torch.constant.none
    %int5_135 = torch.constant.int 5
    %cpu_136 = torch.constant.device "cpu"
    %int0_137 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %56, %none_133, %none_134, %int5_135, %cpu_136, %int0_137 : !torch.vtensor<[8,1,8,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int3 = torch.constant.int 3
    %int0_138 = torch.constant.int 0
    %int32 = torch.constant.int 32
    %int1_139 = torch.constant.int 1
    %88 = torch.aten.slice.Tensor %56, %int3, %int0_138, %int32, %int1_139 : !torch.vtensor<[8,1,8,64],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,1,8,32],f16>
    %int3_140 = torch.constant.int 3
    %int32_141 = torch.constant.int 32
    %int9223372036854775807 = torch.constant.int 9223372036854775807
    %int1_142 = torch.constant.int 1
    %89 = torch.aten.slice.Tensor %56, %int3_140, %int32_141, %int9223372036854775807, %int1_142 : !torch.vtensor<[8,1,8,64],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,1,8,32],f16>
    %90 = torch.aten.mul.Tensor %88, %86 : !torch.vtensor<[8,1,8,32],f16>, !torch.vtensor<[8,1,1,32],f16> -> !torch.vtensor<[8,1,8,32],f16>
    %91 = torch.aten.mul.Tensor %89, %87 : !torch.vtensor<[8,1,8,32],f16>, !torch.vtensor<[8,1,1,32],f16> -> !torch.vtensor<[8,1,8,32],f16>
    %int1_143 = torch.constant.int 1
    %92 = torch.aten.sub.Tensor %90, %91, %int1_143 : !torch.vtensor<[8,1,8,32],f16>, !torch.vtensor<[8,1,8,32],f16>, !torch.int -> !torch.vtensor<[8,1,8,32],f16>
    %93 = torch.aten.mul.Tensor %89, %86 : !torch.vtensor<[8,1,8,32],f16>, !torch.vtensor<[8,1,1,32],f16> -> !torch.vtensor<[8,1,8,32],f16>
    %94 = torch.aten.mul.Tensor %88, %87 : !torch.vtensor<[8,1,8,32],f16>, !torch.vtensor<[8,1,1,32],f16> -> !torch.vtensor<[8,1,8,32],f16>
    %int1_144 = torch.constant.int 1
    %95 = torch.aten.add.Tensor %93, %94, %int1_144 : !torch.vtensor<[8,1,8,32],f16>, !torch.vtensor<[8,1,8,32],f16>, !torch.int -> !torch.vtensor<[8,1,8,32],f16>
    %96 = torch_c.to_builtin_tensor %92 : !torch.vtensor<[8,1,8,32],f16> -> tensor<8x1x8x32xf16>
    %cast = tensor.cast %96 : tensor<8x1x8x32xf16> to tensor<?x?x?x?xf16>
    %97 = torch_c.to_builtin_tensor %95 : !torch.vtensor<[8,1,8,32],f16> -> tensor<8x1x8x32xf16>
    %cast_145 = tensor.cast %97 : tensor<8x1x8x32xf16> to tensor<?x?x?x?xf16>
    %98 = util.call @rope_select_concat_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_TWO_2_HALFDIM_f16(%cast, %cast_145) : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x2x?xf16>
    %cast_146 = tensor.cast %98 : tensor<?x?x?x2x?xf16> to tensor<8x1x8x2x32xf16>
    %99 = torch_c.from_builtin_tensor %cast_146 : tensor<8x1x8x2x32xf16> -> !torch.vtensor<[8,1,8,2,32],f16>
    %int8_147 = torch.constant.int 8
    %int1_148 = torch.constant.int 1
    %int8_149 = torch.constant.int 8
    %int64_150 = torch.constant.int 64
    %100 = torch.prim.ListConstruct %int8_147, %int1_148, %int8_149, %int64_150 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %101 = torch.aten.view %99, %100 : !torch.vtensor<[8,1,8,2,32],f16>, !torch.list<int> -> !torch.vtensor<[8,1,8,64],f16>
    %none_151 = torch.constant.none
    %none_152 = torch.constant.none
    %int5_153 = torch.constant.int 5
    %cpu_154 = torch.constant.device "cpu"
    %int0_155 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %101, %none_151, %none_152, %int5_153, %cpu_154, %int0_155 : !torch.vtensor<[8,1,8,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int0_156 = torch.constant.int 0
    %int1_157 = torch.constant.int 1
    %none_158 = torch.constant.none
    %none_159 = torch.constant.none
    %cpu_160 = torch.constant.device "cpu"
    %false_161 = torch.constant.bool false
    %102 = torch.aten.arange.start %int0_156, %int1_157, %none_158, %none_159, %cpu_160, %false_161 : !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[1],si64>
    %int0_162 = torch.constant.int 0
    %103 = torch.aten.unsqueeze %102, %int0_162 : !torch.vtensor<[1],si64>, !torch.int -> !torch.vtensor<[1,1],si64>
    %int1_163 = torch.constant.int 1
    %104 = torch.aten.unsqueeze %arg2, %int1_163 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %int1_164 = torch.constant.int 1
    %105 = torch.aten.add.Tensor %103, %104, %int1_164 : !torch.vtensor<[1,1],si64>, !torch.vtensor<[8,1],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %int0_165 = torch.constant.int 0
    %int64_166 = torch.constant.int 64
    %int2_167 = torch.constant.int 2
    %none_168 = torch.constant.none
    %none_169 = torch.constant.none
    %cpu_170 = torch.constant.device "cpu"
    %false_171 = torch.constant.bool false
    %106 = torch.aten.arange.start_step %int0_165, %int64_166, %int2_167, %none_168, %none_169, %cpu_170, %false_171 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[32],si64>
    %none_172 = torch.constant.none
    %none_173 = torch.constant.none
    %int4_174 = torch.constant.int 4
    %cpu_175 = torch.constant.device "cpu"
    %int0_176 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %106, %none_172, %none_173, %int4_174, %cpu_175, %int0_176 : !torch.vtensor<[32],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_177 = torch.constant.int 6
    %107 = torch.prims.convert_element_type %106, %int6_177 : !torch.vtensor<[32],si64>, !torch.int -> !torch.vtensor<[32],f32>
    %int64_178 = torch.constant.int 64
    %108 = torch.aten.div.Scalar %107, %int64_178 : !torch.vtensor<[32],f32>, !torch.int -> !torch.vtensor<[32],f32>
    %float1.000000e04_179 = torch.constant.float 1.000000e+04
    %109 = torch.aten.pow.Scalar %float1.000000e04_179, %108 : !torch.float, !torch.vtensor<[32],f32> -> !torch.vtensor<[32],f32>
    %110 = torch.aten.reciprocal %109 : !torch.vtensor<[32],f32> -> !torch.vtensor<[32],f32>
    %float1.000000e00_180 = torch.constant.float 1.000000e+00
    %111 = torch.aten.mul.Scalar %110, %float1.000000e00_180 : !torch.vtensor<[32],f32>, !torch.float -> !torch.vtensor<[32],f32>
    %none_181 = torch.constant.none
    %112 = torch.aten.clone %2, %none_181 : !torch.vtensor<[],f32>, !torch.none -> !torch.vtensor<[],f32>
    %int0_182 = torch.constant.int 0
    %113 = torch.aten.unsqueeze %111, %int0_182 : !torch.vtensor<[32],f32>, !torch.int -> !torch.vtensor<[1,32],f32>
    %int2_183 = torch.constant.int 2
    %114 = torch.aten.unsqueeze %113, %int2_183 : !torch.vtensor<[1,32],f32>, !torch.int -> !torch.vtensor<[1,32,1],f32>
    %none_184 = torch.constant.none
    %none_185 = torch.constant.none
    %int6_186 = torch.constant.int 6
    %cpu_187 = torch.constant.device "cpu"
    %int0_188 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %114, %none_184, %none_185, %int6_186, %cpu_187, %int0_188 : !torch.vtensor<[1,32,1],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8_189 = torch.constant.int 8
    %int-1_190 = torch.constant.int -1
    %int1_191 = torch.constant.int 1
    %115 = torch.prim.ListConstruct %int8_189, %int-1_190, %int1_191 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_192 = torch.constant.bool false
    %116 = torch.aten.expand %114, %115, %false_192 : !torch.vtensor<[1,32,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,32,1],f32>
    %int1_193 = torch.constant.int 1
    %117 = torch.aten.unsqueeze %105, %int1_193 : !torch.vtensor<[8,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %none_194 = torch.constant.none
    %none_195 = torch.constant.none
    %int4_196 = torch.constant.int 4
    %cpu_197 = torch.constant.device "cpu"
    %int0_198 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %117, %none_194, %none_195, %int4_196, %cpu_197, %int0_198 : !torch.vtensor<[8,1,1],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_199 = torch.constant.int 6
    %118 = torch.prims.convert_element_type %117, %int6_199 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %119 = torch.aten.matmul %116, %118 : !torch.vtensor<[8,32,1],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,32,1],f32>
    %int1_200 = torch.constant.int 1
    %int2_201 = torch.constant.int 2
    %120 = torch.aten.transpose.int %119, %int1_200, %int2_201 : !torch.vtensor<[8,32,1],f32>, !torch.int, !torch.int -> !torch.vtensor<[8,1,32],f32>
    %121 = torch.aten.cos %120 : !torch.vtensor<[8,1,32],f32> -> !torch.vtensor<[8,1,32],f32>
    %122 = torch.aten.mul.Tensor %121, %112 : !torch.vtensor<[8,1,32],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[8,1,32],f32>
    %none_202 = torch.constant.none
    %none_203 = torch.constant.none
    %int6_204 = torch.constant.int 6
    %cpu_205 = torch.constant.device "cpu"
    %int0_206 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %122, %none_202, %none_203, %int6_204, %cpu_205, %int0_206 : !torch.vtensor<[8,1,32],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_207 = torch.constant.int 5
    %123 = torch.prims.convert_element_type %122, %int5_207 : !torch.vtensor<[8,1,32],f32>, !torch.int -> !torch.vtensor<[8,1,32],f16>
    %124 = torch.aten.sin %120 : !torch.vtensor<[8,1,32],f32> -> !torch.vtensor<[8,1,32],f32>
    %125 = torch.aten.mul.Tensor %124, %112 : !torch.vtensor<[8,1,32],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[8,1,32],f32>
    %none_208 = torch.constant.none
    %none_209 = torch.constant.none
    %int6_210 = torch.constant.int 6
    %cpu_211 = torch.constant.device "cpu"
    %int0_212 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %125, %none_208, %none_209, %int6_210, %cpu_211, %int0_212 : !torch.vtensor<[8,1,32],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_213 = torch.constant.int 5
    %126 = torch.prims.convert_element_type %125, %int5_213 : !torch.vtensor<[8,1,32],f32>, !torch.int -> !torch.vtensor<[8,1,32],f16>
    %int2_214 = torch.constant.int 2
    %127 = torch.aten.unsqueeze %123, %int2_214 : !torch.vtensor<[8,1,32],f16>, !torch.int -> !torch.vtensor<[8,1,1,32],f16>
    %int2_215 = torch.constant.int 2
    %128 = torch.aten.unsqueeze %126, %int2_215 : !torch.vtensor<[8,1,32],f16>, !torch.int -> !torch.vtensor<[8,1,1,32],f16>
    %none_216 = torch.constant.none
    %none_217 = torch.constant.none
    %int5_218 = torch.constant.int 5
    %cpu_219 = torch.constant.device "cpu"
    %int0_220 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %127, %none_216, %none_217, %int5_218, %cpu_219, %int0_220 : !torch.vtensor<[8,1,1,32],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_221 = torch.constant.none
    %none_222 = torch.constant.none
    %int5_223 = torch.constant.int 5
    %cpu_224 = torch.constant.device "cpu"
    %int0_225 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %128, %none_221, %none_222, %int5_223, %cpu_224, %int0_225 : !torch.vtensor<[8,1,1,32],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_226 = torch.constant.none
    %none_227 = torch.constant.none
    %int5_228 = torch.constant.int 5
    %cpu_229 = torch.constant.device "cpu"
    %int0_230 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %58, %none_226, %none_227, %int5_228, %cpu_229, %int0_230 : !torch.vtensor<[8,1,2,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int3_231 = torch.constant.int 3
    %int0_232 = torch.constant.int 0
    %int32_233 = torch.constant.int 32
    %int1_234 = torch.constant.int 1
    %129 = torch.aten.slice.Tensor %58, %int3_231, %int0_232, %int32_233, %int1_234 : !torch.vtensor<[8,1,2,64],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,1,2,32],f16>
    %int3_235 = torch.constant.int 3
    %int32_236 = torch.constant.int 32
    %int9223372036854775807_237 = torch.constant.int 9223372036854775807
    %int1_238 = torch.constant.int 1
    %130 = torch.aten.slice.Tensor %58, %int3_235, %int32_236, %int9223372036854775807_237, %int1_238 : !torch.vtensor<[8,1,2,64],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,1,2,32],f16>
    %131 = torch.aten.mul.Tensor %129, %127 : !torch.vtensor<[8,1,2,32],f16>, !torch.vtensor<[8,1,1,32],f16> -> !torch.vtensor<[8,1,2,32],f16>
    %132 = torch.aten.mul.Tensor %130, %128 : !torch.vtensor<[8,1,2,32],f16>, !torch.vtensor<[8,1,1,32],f16> -> !torch.vtensor<[8,1,2,32],f16>
    %int1_239 = torch.constant.int 1
    %133 = torch.aten.sub.Tensor %131, %132, %int1_239 : !torch.vtensor<[8,1,2,32],f16>, !torch.vtensor<[8,1,2,32],f16>, !torch.int -> !torch.vtensor<[8,1,2,32],f16>
    %134 = torch.aten.mul.Tensor %130, %127 : !torch.vtensor<[8,1,2,32],f16>, !torch.vtensor<[8,1,1,32],f16> -> !torch.vtensor<[8,1,2,32],f16>
    %135 = torch.aten.mul.Tensor %129, %128 : !torch.vtensor<[8,1,2,32],f16>, !torch.vtensor<[8,1,1,32],f16> -> !torch.vtensor<[8,1,2,32],f16>
    %int1_240 = torch.constant.int 1
    %136 = torch.aten.add.Tensor %134, %135, %int1_240 : !torch.vtensor<[8,1,2,32],f16>, !torch.vtensor<[8,1,2,32],f16>, !torch.int -> !torch.vtensor<[8,1,2,32],f16>
    %137 = torch_c.to_builtin_tensor %133 : !torch.vtensor<[8,1,2,32],f16> -> tensor<8x1x2x32xf16>
    %cast_241 = tensor.cast %137 : tensor<8x1x2x32xf16> to tensor<?x?x?x?xf16>
    %138 = torch_c.to_builtin_tensor %136 : !torch.vtensor<[8,1,2,32],f16> -> tensor<8x1x2x32xf16>
    %cast_242 = tensor.cast %138 : tensor<8x1x2x32xf16> to tensor<?x?x?x?xf16>
    %139 = util.call @rope_select_concat_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_TWO_2_HALFDIM_f16(%cast_241, %cast_242) : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x2x?xf16>
    %cast_243 = tensor.cast %139 : tensor<?x?x?x2x?xf16> to tensor<8x1x2x2x32xf16>
    %140 = torch_c.from_builtin_tensor %cast_243 : tensor<8x1x2x2x32xf16> -> !torch.vtensor<[8,1,2,2,32],f16>
    %int8_244 = torch.constant.int 8
    %int1_245 = torch.constant.int 1
    %int2_246 = torch.constant.int 2
    %int64_247 = torch.constant.int 64
    %141 = torch.prim.ListConstruct %int8_244, %int1_245, %int2_246, %int64_247 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %142 = torch.aten.view %140, %141 : !torch.vtensor<[8,1,2,2,32],f16>, !torch.list<int> -> !torch.vtensor<[8,1,2,64],f16>
    %none_248 = torch.constant.none
    %none_249 = torch.constant.none
    %int5_250 = torch.constant.int 5
    %cpu_251 = torch.constant.device "cpu"
    %int0_252 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %142, %none_248, %none_249, %int5_250, %cpu_251, %int0_252 : !torch.vtensor<[8,1,2,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_253 = torch.constant.int 1
    %int2_254 = torch.constant.int 2
    %int2_255 = torch.constant.int 2
    %int32_256 = torch.constant.int 32
    %int64_257 = torch.constant.int 64
    %143 = torch.prim.ListConstruct %25, %int1_253, %int2_254, %int2_255, %int32_256, %int64_257 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %144 = torch.aten.view %21, %143 : !torch.vtensor<[?,8192],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,2,32,64],f16>
    torch.bind_symbolic_shape %144, [%23], affine_map<()[s0] -> (s0, 1, 2, 2, 32, 64)> : !torch.vtensor<[?,1,2,2,32,64],f16>
    %int2_258 = torch.constant.int 2
    %145 = torch.aten.mul.int %25, %int2_258 : !torch.int, !torch.int -> !torch.int
    %int2_259 = torch.constant.int 2
    %146 = torch.aten.mul.int %145, %int2_259 : !torch.int, !torch.int -> !torch.int
    %int32_260 = torch.constant.int 32
    %147 = torch.aten.mul.int %146, %int32_260 : !torch.int, !torch.int -> !torch.int
    %int64_261 = torch.constant.int 64
    %148 = torch.prim.ListConstruct %147, %int64_261 : (!torch.int, !torch.int) -> !torch.list<int>
    %149 = torch.aten.view %144, %148 : !torch.vtensor<[?,1,2,2,32,64],f16>, !torch.list<int> -> !torch.vtensor<[?,64],f16>
    torch.bind_symbolic_shape %149, [%23], affine_map<()[s0] -> (s0 * 128, 64)> : !torch.vtensor<[?,64],f16>
    %int32_262 = torch.constant.int 32
    %150 = torch.aten.floor_divide.Scalar %arg2, %int32_262 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8],si64>
    %int1_263 = torch.constant.int 1
    %151 = torch.aten.unsqueeze %150, %int1_263 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %int1_264 = torch.constant.int 1
    %false_265 = torch.constant.bool false
    %152 = torch.aten.gather %arg3, %int1_264, %151, %false_265 : !torch.vtensor<[8,?],si64>, !torch.int, !torch.vtensor<[8,1],si64>, !torch.bool -> !torch.vtensor<[8,1],si64>
    %int8_266 = torch.constant.int 8
    %int1_267 = torch.constant.int 1
    %int1_268 = torch.constant.int 1
    %153 = torch.prim.ListConstruct %int8_266, %int1_267, %int1_268 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %154 = torch.aten.view %152, %153 : !torch.vtensor<[8,1],si64>, !torch.list<int> -> !torch.vtensor<[8,1,1],si64>
    %int32_269 = torch.constant.int 32
    %155 = torch.aten.remainder.Scalar %arg2, %int32_269 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8],si64>
    %int8_270 = torch.constant.int 8
    %int1_271 = torch.constant.int 1
    %int1_272 = torch.constant.int 1
    %156 = torch.prim.ListConstruct %int8_270, %int1_271, %int1_272 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %157 = torch.aten.view %155, %156 : !torch.vtensor<[8],si64>, !torch.list<int> -> !torch.vtensor<[8,1,1],si64>
    %int2_273 = torch.constant.int 2
    %none_274 = torch.constant.none
    %none_275 = torch.constant.none
    %cpu_276 = torch.constant.device "cpu"
    %false_277 = torch.constant.bool false
    %158 = torch.aten.arange %int2_273, %none_274, %none_275, %cpu_276, %false_277 : !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[2],si64>
    %int1_278 = torch.constant.int 1
    %int1_279 = torch.constant.int 1
    %int2_280 = torch.constant.int 2
    %159 = torch.prim.ListConstruct %int1_278, %int1_279, %int2_280 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %160 = torch.aten.view %158, %159 : !torch.vtensor<[2],si64>, !torch.list<int> -> !torch.vtensor<[1,1,2],si64>
    %none_281 = torch.constant.none
    %161 = torch.aten.clone %3, %none_281 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %int1_282 = torch.constant.int 1
    %int1_283 = torch.constant.int 1
    %int1_284 = torch.constant.int 1
    %162 = torch.prim.ListConstruct %int1_282, %int1_283, %int1_284 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %163 = torch.aten.view %161, %162 : !torch.vtensor<[],si64>, !torch.list<int> -> !torch.vtensor<[1,1,1],si64>
    %int1_285 = torch.constant.int 1
    %164 = torch.aten.mul.Scalar %154, %int1_285 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int0_286 = torch.constant.int 0
    %int1_287 = torch.constant.int 1
    %165 = torch.aten.add.Scalar %164, %int0_286, %int1_287 : !torch.vtensor<[8,1,1],si64>, !torch.int, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int2_288 = torch.constant.int 2
    %166 = torch.aten.mul.Scalar %165, %int2_288 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int1_289 = torch.constant.int 1
    %167 = torch.aten.add.Tensor %166, %163, %int1_289 : !torch.vtensor<[8,1,1],si64>, !torch.vtensor<[1,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int2_290 = torch.constant.int 2
    %168 = torch.aten.mul.Scalar %167, %int2_290 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int1_291 = torch.constant.int 1
    %169 = torch.aten.add.Tensor %168, %160, %int1_291 : !torch.vtensor<[8,1,1],si64>, !torch.vtensor<[1,1,2],si64>, !torch.int -> !torch.vtensor<[8,1,2],si64>
    %int32_292 = torch.constant.int 32
    %170 = torch.aten.mul.Scalar %169, %int32_292 : !torch.vtensor<[8,1,2],si64>, !torch.int -> !torch.vtensor<[8,1,2],si64>
    %int1_293 = torch.constant.int 1
    %171 = torch.aten.add.Tensor %170, %157, %int1_293 : !torch.vtensor<[8,1,2],si64>, !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,2],si64>
    %none_294 = torch.constant.none
    %none_295 = torch.constant.none
    %int5_296 = torch.constant.int 5
    %cpu_297 = torch.constant.device "cpu"
    %int0_298 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %142, %none_294, %none_295, %int5_296, %cpu_297, %int0_298 : !torch.vtensor<[8,1,2,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %172 = torch.prim.ListConstruct %171 : (!torch.vtensor<[8,1,2],si64>) -> !torch.list<optional<vtensor>>
    %false_299 = torch.constant.bool false
    %173 = torch.aten.index_put %149, %172, %142, %false_299 : !torch.vtensor<[?,64],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[8,1,2,64],f16>, !torch.bool -> !torch.vtensor<[?,64],f16>
    torch.bind_symbolic_shape %173, [%23], affine_map<()[s0] -> (s0 * 128, 64)> : !torch.vtensor<[?,64],f16>
    %int1_300 = torch.constant.int 1
    %int2_301 = torch.constant.int 2
    %int2_302 = torch.constant.int 2
    %int32_303 = torch.constant.int 32
    %int64_304 = torch.constant.int 64
    %174 = torch.prim.ListConstruct %25, %int1_300, %int2_301, %int2_302, %int32_303, %int64_304 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %175 = torch.aten.view %173, %174 : !torch.vtensor<[?,64],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,2,32,64],f16>
    torch.bind_symbolic_shape %175, [%23], affine_map<()[s0] -> (s0, 1, 2, 2, 32, 64)> : !torch.vtensor<[?,1,2,2,32,64],f16>
    %int8192 = torch.constant.int 8192
    %176 = torch.prim.ListConstruct %25, %int8192 : (!torch.int, !torch.int) -> !torch.list<int>
    %177 = torch.aten.view %175, %176 : !torch.vtensor<[?,1,2,2,32,64],f16>, !torch.list<int> -> !torch.vtensor<[?,8192],f16>
    torch.bind_symbolic_shape %177, [%23], affine_map<()[s0] -> (s0, 8192)> : !torch.vtensor<[?,8192],f16>
    %int1_305 = torch.constant.int 1
    %int2_306 = torch.constant.int 2
    %int2_307 = torch.constant.int 2
    %int32_308 = torch.constant.int 32
    %int64_309 = torch.constant.int 64
    %178 = torch.prim.ListConstruct %25, %int1_305, %int2_306, %int2_307, %int32_308, %int64_309 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %179 = torch.aten.view %177, %178 : !torch.vtensor<[?,8192],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,2,32,64],f16>
    torch.bind_symbolic_shape %179, [%23], affine_map<()[s0] -> (s0, 1, 2, 2, 32, 64)> : !torch.vtensor<[?,1,2,2,32,64],f16>
    %int64_310 = torch.constant.int 64
    %180 = torch.prim.ListConstruct %147, %int64_310 : (!torch.int, !torch.int) -> !torch.list<int>
    %181 = torch.aten.view %179, %180 : !torch.vtensor<[?,1,2,2,32,64],f16>, !torch.list<int> -> !torch.vtensor<[?,64],f16>
    torch.bind_symbolic_shape %181, [%23], affine_map<()[s0] -> (s0 * 128, 64)> : !torch.vtensor<[?,64],f16>
    %none_311 = torch.constant.none
    %182 = torch.aten.clone %4, %none_311 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %int1_312 = torch.constant.int 1
    %int1_313 = torch.constant.int 1
    %int1_314 = torch.constant.int 1
    %183 = torch.prim.ListConstruct %int1_312, %int1_313, %int1_314 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %184 = torch.aten.view %182, %183 : !torch.vtensor<[],si64>, !torch.list<int> -> !torch.vtensor<[1,1,1],si64>
    %int1_315 = torch.constant.int 1
    %185 = torch.aten.mul.Scalar %154, %int1_315 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int0_316 = torch.constant.int 0
    %int1_317 = torch.constant.int 1
    %186 = torch.aten.add.Scalar %185, %int0_316, %int1_317 : !torch.vtensor<[8,1,1],si64>, !torch.int, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int2_318 = torch.constant.int 2
    %187 = torch.aten.mul.Scalar %186, %int2_318 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int1_319 = torch.constant.int 1
    %188 = torch.aten.add.Tensor %187, %184, %int1_319 : !torch.vtensor<[8,1,1],si64>, !torch.vtensor<[1,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int2_320 = torch.constant.int 2
    %189 = torch.aten.mul.Scalar %188, %int2_320 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int1_321 = torch.constant.int 1
    %190 = torch.aten.add.Tensor %189, %160, %int1_321 : !torch.vtensor<[8,1,1],si64>, !torch.vtensor<[1,1,2],si64>, !torch.int -> !torch.vtensor<[8,1,2],si64>
    %int32_322 = torch.constant.int 32
    %191 = torch.aten.mul.Scalar %190, %int32_322 : !torch.vtensor<[8,1,2],si64>, !torch.int -> !torch.vtensor<[8,1,2],si64>
    %int1_323 = torch.constant.int 1
    %192 = torch.aten.add.Tensor %191, %157, %int1_323 : !torch.vtensor<[8,1,2],si64>, !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,2],si64>
    %none_324 = torch.constant.none
    %none_325 = torch.constant.none
    %int5_326 = torch.constant.int 5
    %cpu_327 = torch.constant.device "cpu"
    %int0_328 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %60, %none_324, %none_325, %int5_326, %cpu_327, %int0_328 : !torch.vtensor<[8,1,2,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %193 = torch.prim.ListConstruct %192 : (!torch.vtensor<[8,1,2],si64>) -> !torch.list<optional<vtensor>>
    %false_329 = torch.constant.bool false
    %194 = torch.aten.index_put %181, %193, %60, %false_329 : !torch.vtensor<[?,64],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[8,1,2,64],f16>, !torch.bool -> !torch.vtensor<[?,64],f16>
    torch.bind_symbolic_shape %194, [%23], affine_map<()[s0] -> (s0 * 128, 64)> : !torch.vtensor<[?,64],f16>
    %int1_330 = torch.constant.int 1
    %int2_331 = torch.constant.int 2
    %int2_332 = torch.constant.int 2
    %int32_333 = torch.constant.int 32
    %int64_334 = torch.constant.int 64
    %195 = torch.prim.ListConstruct %25, %int1_330, %int2_331, %int2_332, %int32_333, %int64_334 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %196 = torch.aten.view %194, %195 : !torch.vtensor<[?,64],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,2,32,64],f16>
    torch.bind_symbolic_shape %196, [%23], affine_map<()[s0] -> (s0, 1, 2, 2, 32, 64)> : !torch.vtensor<[?,1,2,2,32,64],f16>
    %int8192_335 = torch.constant.int 8192
    %197 = torch.prim.ListConstruct %25, %int8192_335 : (!torch.int, !torch.int) -> !torch.list<int>
    %198 = torch.aten.view %196, %197 : !torch.vtensor<[?,1,2,2,32,64],f16>, !torch.list<int> -> !torch.vtensor<[?,8192],f16>
    torch.overwrite.tensor.contents %198 overwrites %arg4 : !torch.vtensor<[?,8192],f16>, !torch.tensor<[?,8192],f16>
    torch.bind_symbolic_shape %198, [%23], affine_map<()[s0] -> (s0, 8192)> : !torch.vtensor<[?,8192],f16>
    %none_336 = torch.constant.none
    %199 = torch.aten.clone %5, %none_336 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %none_337 = torch.constant.none
    %200 = torch.aten.clone %6, %none_337 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %none_338 = torch.constant.none
    %201 = torch.aten.clone %7, %none_338 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %int1_339 = torch.constant.int 1
    %int2_340 = torch.constant.int 2
    %int2_341 = torch.constant.int 2
    %int32_342 = torch.constant.int 32
    %int64_343 = torch.constant.int 64
    %202 = torch.prim.ListConstruct %25, %int1_339, %int2_340, %int2_341, %int32_342, %int64_343 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %203 = torch.aten.view %198, %202 : !torch.vtensor<[?,8192],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,2,32,64],f16>
    torch.bind_symbolic_shape %203, [%23], affine_map<()[s0] -> (s0, 1, 2, 2, 32, 64)> : !torch.vtensor<[?,1,2,2,32,64],f16>
    %204 = torch_c.to_builtin_tensor %203 : !torch.vtensor<[?,1,2,2,32,64],f16> -> tensor<?x1x2x2x32x64xf16>
    %205 = torch_c.to_builtin_tensor %arg3 : !torch.vtensor<[8,?],si64> -> tensor<8x?xi64>
    %cast_344 = tensor.cast %205 : tensor<8x?xi64> to tensor<?x?xi64>
    %206 = torch_c.to_builtin_tensor %199 : !torch.vtensor<[],si64> -> tensor<i64>
    %207 = torch_c.to_builtin_tensor %200 : !torch.vtensor<[],si64> -> tensor<i64>
    %208 = util.call @paged_attention_kv_cache_gather_CACHE_SIZE_T_BLOCK_1_PART_2_HEAD_COUNT_KV_2_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_64_f16_BATCH_PAGES_i64__i64__i64_BATCH_PAGES_HEAD_COUNT_KV_2_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_64_f16(%204, %cast_344, %206, %207) : (tensor<?x1x2x2x32x64xf16>, tensor<?x?xi64>, tensor<i64>, tensor<i64>) -> tensor<?x?x2x32x64xf16>
    %cast_345 = tensor.cast %208 : tensor<?x?x2x32x64xf16> to tensor<8x?x2x32x64xf16>
    %209 = torch_c.from_builtin_tensor %cast_345 : tensor<8x?x2x32x64xf16> -> !torch.vtensor<[8,?,2,32,64],f16>
    torch.bind_symbolic_shape %209, [%22], affine_map<()[s0] -> (8, s0, 2, 32, 64)> : !torch.vtensor<[8,?,2,32,64],f16>
    %210 = torch_c.to_builtin_tensor %203 : !torch.vtensor<[?,1,2,2,32,64],f16> -> tensor<?x1x2x2x32x64xf16>
    %211 = torch_c.to_builtin_tensor %arg3 : !torch.vtensor<[8,?],si64> -> tensor<8x?xi64>
    %cast_346 = tensor.cast %211 : tensor<8x?xi64> to tensor<?x?xi64>
    %212 = torch_c.to_builtin_tensor %199 : !torch.vtensor<[],si64> -> tensor<i64>
    %213 = torch_c.to_builtin_tensor %201 : !torch.vtensor<[],si64> -> tensor<i64>
    %214 = util.call @paged_attention_kv_cache_gather_CACHE_SIZE_T_BLOCK_1_PART_2_HEAD_COUNT_KV_2_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_64_f16_BATCH_PAGES_i64__i64__i64_BATCH_PAGES_HEAD_COUNT_KV_2_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_64_f16(%210, %cast_346, %212, %213) : (tensor<?x1x2x2x32x64xf16>, tensor<?x?xi64>, tensor<i64>, tensor<i64>) -> tensor<?x?x2x32x64xf16>
    %cast_347 = tensor.cast %214 : tensor<?x?x2x32x64xf16> to tensor<8x?x2x32x64xf16>
    %215 = torch_c.from_builtin_tensor %cast_347 : tensor<8x?x2x32x64xf16> -> !torch.vtensor<[8,?,2,32,64],f16>
    torch.bind_symbolic_shape %215, [%22], affine_map<()[s0] -> (8, s0, 2, 32, 64)> : !torch.vtensor<[8,?,2,32,64],f16>
    %int2_348 = torch.constant.int 2
    %int3_349 = torch.constant.int 3
    %216 = torch.aten.transpose.int %209, %int2_348, %int3_349 : !torch.vtensor<[8,?,2,32,64],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,?,32,2,64],f16>
    torch.bind_symbolic_shape %216, [%22], affine_map<()[s0] -> (8, s0, 32, 2, 64)> : !torch.vtensor<[8,?,32,2,64],f16>
    %int32_350 = torch.constant.int 32
    %217 = torch.aten.mul.int %24, %int32_350 : !torch.int, !torch.int -> !torch.int
    %int0_351 = torch.constant.int 0
    %218 = torch.aten.clone %216, %int0_351 : !torch.vtensor<[8,?,32,2,64],f16>, !torch.int -> !torch.vtensor<[8,?,32,2,64],f16>
    torch.bind_symbolic_shape %218, [%22], affine_map<()[s0] -> (8, s0, 32, 2, 64)> : !torch.vtensor<[8,?,32,2,64],f16>
    %int8_352 = torch.constant.int 8
    %int2_353 = torch.constant.int 2
    %int64_354 = torch.constant.int 64
    %219 = torch.prim.ListConstruct %int8_352, %217, %int2_353, %int64_354 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %220 = torch.aten._unsafe_view %218, %219 : !torch.vtensor<[8,?,32,2,64],f16>, !torch.list<int> -> !torch.vtensor<[8,?,2,64],f16>
    torch.bind_symbolic_shape %220, [%22], affine_map<()[s0] -> (8, s0 * 32, 2, 64)> : !torch.vtensor<[8,?,2,64],f16>
    %int2_355 = torch.constant.int 2
    %int3_356 = torch.constant.int 3
    %221 = torch.aten.transpose.int %215, %int2_355, %int3_356 : !torch.vtensor<[8,?,2,32,64],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,?,32,2,64],f16>
    torch.bind_symbolic_shape %221, [%22], affine_map<()[s0] -> (8, s0, 32, 2, 64)> : !torch.vtensor<[8,?,32,2,64],f16>
    %int0_357 = torch.constant.int 0
    %222 = torch.aten.clone %221, %int0_357 : !torch.vtensor<[8,?,32,2,64],f16>, !torch.int -> !torch.vtensor<[8,?,32,2,64],f16>
    torch.bind_symbolic_shape %222, [%22], affine_map<()[s0] -> (8, s0, 32, 2, 64)> : !torch.vtensor<[8,?,32,2,64],f16>
    %int8_358 = torch.constant.int 8
    %int2_359 = torch.constant.int 2
    %int64_360 = torch.constant.int 64
    %223 = torch.prim.ListConstruct %int8_358, %217, %int2_359, %int64_360 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %224 = torch.aten._unsafe_view %222, %223 : !torch.vtensor<[8,?,32,2,64],f16>, !torch.list<int> -> !torch.vtensor<[8,?,2,64],f16>
    torch.bind_symbolic_shape %224, [%22], affine_map<()[s0] -> (8, s0 * 32, 2, 64)> : !torch.vtensor<[8,?,2,64],f16>
    %int0_361 = torch.constant.int 0
    %int1_362 = torch.constant.int 1
    %none_363 = torch.constant.none
    %none_364 = torch.constant.none
    %cpu_365 = torch.constant.device "cpu"
    %false_366 = torch.constant.bool false
    %225 = torch.aten.arange.start_step %int0_361, %217, %int1_362, %none_363, %none_364, %cpu_365, %false_366 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %225, [%22], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int-1_367 = torch.constant.int -1
    %226 = torch.aten.unsqueeze %arg1, %int-1_367 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %227 = torch.aten.ge.Tensor %225, %226 : !torch.vtensor<[?],si64>, !torch.vtensor<[8,1],si64> -> !torch.vtensor<[8,?],i1>
    torch.bind_symbolic_shape %227, [%22], affine_map<()[s0] -> (8, s0 * 32)> : !torch.vtensor<[8,?],i1>
    %none_368 = torch.constant.none
    %228 = torch.aten.clone %8, %none_368 : !torch.vtensor<[],f16>, !torch.none -> !torch.vtensor<[],f16>
    %int0_369 = torch.constant.int 0
    %229 = torch.aten.where.ScalarOther %227, %228, %int0_369 : !torch.vtensor<[8,?],i1>, !torch.vtensor<[],f16>, !torch.int -> !torch.vtensor<[8,?],f16>
    torch.bind_symbolic_shape %229, [%22], affine_map<()[s0] -> (8, s0 * 32)> : !torch.vtensor<[8,?],f16>
    %none_370 = torch.constant.none
    %none_371 = torch.constant.none
    %int5_372 = torch.constant.int 5
    %cpu_373 = torch.constant.device "cpu"
    %int0_374 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %229, %none_370, %none_371, %int5_372, %cpu_373, %int0_374 : !torch.vtensor<[8,?],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_375 = torch.constant.int 1
    %230 = torch.aten.unsqueeze %229, %int1_375 : !torch.vtensor<[8,?],f16>, !torch.int -> !torch.vtensor<[8,1,?],f16>
    torch.bind_symbolic_shape %230, [%22], affine_map<()[s0] -> (8, 1, s0 * 32)> : !torch.vtensor<[8,1,?],f16>
    %int1_376 = torch.constant.int 1
    %231 = torch.aten.unsqueeze %230, %int1_376 : !torch.vtensor<[8,1,?],f16>, !torch.int -> !torch.vtensor<[8,1,1,?],f16>
    torch.bind_symbolic_shape %231, [%22], affine_map<()[s0] -> (8, 1, 1, s0 * 32)> : !torch.vtensor<[8,1,1,?],f16>
    %none_377 = torch.constant.none
    %none_378 = torch.constant.none
    %int5_379 = torch.constant.int 5
    %cpu_380 = torch.constant.device "cpu"
    %int0_381 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %231, %none_377, %none_378, %int5_379, %cpu_380, %int0_381 : !torch.vtensor<[8,1,1,?],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int-2_382 = torch.constant.int -2
    %232 = torch.aten.unsqueeze %220, %int-2_382 : !torch.vtensor<[8,?,2,64],f16>, !torch.int -> !torch.vtensor<[8,?,2,1,64],f16>
    torch.bind_symbolic_shape %232, [%22], affine_map<()[s0] -> (8, s0 * 32, 2, 1, 64)> : !torch.vtensor<[8,?,2,1,64],f16>
    %int8_383 = torch.constant.int 8
    %int2_384 = torch.constant.int 2
    %int4_385 = torch.constant.int 4
    %int64_386 = torch.constant.int 64
    %233 = torch.prim.ListConstruct %int8_383, %217, %int2_384, %int4_385, %int64_386 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_387 = torch.constant.bool false
    %234 = torch.aten.expand %232, %233, %false_387 : !torch.vtensor<[8,?,2,1,64],f16>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,?,2,4,64],f16>
    torch.bind_symbolic_shape %234, [%22], affine_map<()[s0] -> (8, s0 * 32, 2, 4, 64)> : !torch.vtensor<[8,?,2,4,64],f16>
    %int0_388 = torch.constant.int 0
    %235 = torch.aten.clone %234, %int0_388 : !torch.vtensor<[8,?,2,4,64],f16>, !torch.int -> !torch.vtensor<[8,?,2,4,64],f16>
    torch.bind_symbolic_shape %235, [%22], affine_map<()[s0] -> (8, s0 * 32, 2, 4, 64)> : !torch.vtensor<[8,?,2,4,64],f16>
    %int8_389 = torch.constant.int 8
    %int8_390 = torch.constant.int 8
    %int64_391 = torch.constant.int 64
    %236 = torch.prim.ListConstruct %int8_389, %217, %int8_390, %int64_391 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %237 = torch.aten._unsafe_view %235, %236 : !torch.vtensor<[8,?,2,4,64],f16>, !torch.list<int> -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %237, [%22], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %int-2_392 = torch.constant.int -2
    %238 = torch.aten.unsqueeze %224, %int-2_392 : !torch.vtensor<[8,?,2,64],f16>, !torch.int -> !torch.vtensor<[8,?,2,1,64],f16>
    torch.bind_symbolic_shape %238, [%22], affine_map<()[s0] -> (8, s0 * 32, 2, 1, 64)> : !torch.vtensor<[8,?,2,1,64],f16>
    %int8_393 = torch.constant.int 8
    %int2_394 = torch.constant.int 2
    %int4_395 = torch.constant.int 4
    %int64_396 = torch.constant.int 64
    %239 = torch.prim.ListConstruct %int8_393, %217, %int2_394, %int4_395, %int64_396 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_397 = torch.constant.bool false
    %240 = torch.aten.expand %238, %239, %false_397 : !torch.vtensor<[8,?,2,1,64],f16>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,?,2,4,64],f16>
    torch.bind_symbolic_shape %240, [%22], affine_map<()[s0] -> (8, s0 * 32, 2, 4, 64)> : !torch.vtensor<[8,?,2,4,64],f16>
    %int0_398 = torch.constant.int 0
    %241 = torch.aten.clone %240, %int0_398 : !torch.vtensor<[8,?,2,4,64],f16>, !torch.int -> !torch.vtensor<[8,?,2,4,64],f16>
    torch.bind_symbolic_shape %241, [%22], affine_map<()[s0] -> (8, s0 * 32, 2, 4, 64)> : !torch.vtensor<[8,?,2,4,64],f16>
    %int8_399 = torch.constant.int 8
    %int8_400 = torch.constant.int 8
    %int64_401 = torch.constant.int 64
    %242 = torch.prim.ListConstruct %int8_399, %217, %int8_400, %int64_401 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %243 = torch.aten._unsafe_view %241, %242 : !torch.vtensor<[8,?,2,4,64],f16>, !torch.list<int> -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %243, [%22], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %int1_402 = torch.constant.int 1
    %int2_403 = torch.constant.int 2
    %244 = torch.aten.transpose.int %101, %int1_402, %int2_403 : !torch.vtensor<[8,1,8,64],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,8,1,64],f16>
    %int1_404 = torch.constant.int 1
    %int2_405 = torch.constant.int 2
    %245 = torch.aten.transpose.int %237, %int1_404, %int2_405 : !torch.vtensor<[8,?,8,64],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,8,?,64],f16>
    torch.bind_symbolic_shape %245, [%22], affine_map<()[s0] -> (8, 8, s0 * 32, 64)> : !torch.vtensor<[8,8,?,64],f16>
    %int1_406 = torch.constant.int 1
    %int2_407 = torch.constant.int 2
    %246 = torch.aten.transpose.int %243, %int1_406, %int2_407 : !torch.vtensor<[8,?,8,64],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,8,?,64],f16>
    torch.bind_symbolic_shape %246, [%22], affine_map<()[s0] -> (8, 8, s0 * 32, 64)> : !torch.vtensor<[8,8,?,64],f16>
    %float0.000000e00 = torch.constant.float 0.000000e+00
    %false_408 = torch.constant.bool false
    %none_409 = torch.constant.none
    %false_410 = torch.constant.bool false
    %247 = torch.aten.scaled_dot_product_attention %244, %245, %246, %231, %float0.000000e00, %false_408, %none_409, %false_410 : !torch.vtensor<[8,8,1,64],f16>, !torch.vtensor<[8,8,?,64],f16>, !torch.vtensor<[8,8,?,64],f16>, !torch.vtensor<[8,1,1,?],f16>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[8,8,1,64],f16>
    %int1_411 = torch.constant.int 1
    %int2_412 = torch.constant.int 2
    %248 = torch.aten.transpose.int %247, %int1_411, %int2_412 : !torch.vtensor<[8,8,1,64],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,1,8,64],f16>
    %int8_413 = torch.constant.int 8
    %int1_414 = torch.constant.int 1
    %int512_415 = torch.constant.int 512
    %249 = torch.prim.ListConstruct %int8_413, %int1_414, %int512_415 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %250 = torch.aten.view %248, %249 : !torch.vtensor<[8,1,8,64],f16>, !torch.list<int> -> !torch.vtensor<[8,1,512],f16>
    %int-2_416 = torch.constant.int -2
    %int-1_417 = torch.constant.int -1
    %251 = torch.aten.transpose.int %13, %int-2_416, %int-1_417 : !torch.vtensor<[512,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[512,512],f16>
    %none_418 = torch.constant.none
    %none_419 = torch.constant.none
    %int5_420 = torch.constant.int 5
    %cpu_421 = torch.constant.device "cpu"
    %int0_422 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %251, %none_418, %none_419, %int5_420, %cpu_421, %int0_422 : !torch.vtensor<[512,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8_423 = torch.constant.int 8
    %int512_424 = torch.constant.int 512
    %252 = torch.prim.ListConstruct %int8_423, %int512_424 : (!torch.int, !torch.int) -> !torch.list<int>
    %253 = torch.aten.view %250, %252 : !torch.vtensor<[8,1,512],f16>, !torch.list<int> -> !torch.vtensor<[8,512],f16>
    %254 = torch.aten.matmul %253, %251 : !torch.vtensor<[8,512],f16>, !torch.vtensor<[512,512],f16> -> !torch.vtensor<[8,512],f16>
    %int8_425 = torch.constant.int 8
    %int1_426 = torch.constant.int 1
    %int512_427 = torch.constant.int 512
    %255 = torch.prim.ListConstruct %int8_425, %int1_426, %int512_427 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %256 = torch.aten.view %254, %255 : !torch.vtensor<[8,512],f16>, !torch.list<int> -> !torch.vtensor<[8,1,512],f16>
    %none_428 = torch.constant.none
    %none_429 = torch.constant.none
    %int5_430 = torch.constant.int 5
    %cpu_431 = torch.constant.device "cpu"
    %int0_432 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %256, %none_428, %none_429, %int5_430, %cpu_431, %int0_432 : !torch.vtensor<[8,1,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_433 = torch.constant.int 1
    %257 = torch.aten.add.Tensor %26, %256, %int1_433 : !torch.vtensor<[8,1,512],f16>, !torch.vtensor<[8,1,512],f16>, !torch.int -> !torch.vtensor<[8,1,512],f16>
    %none_434 = torch.constant.none
    %none_435 = torch.constant.none
    %int5_436 = torch.constant.int 5
    %cpu_437 = torch.constant.device "cpu"
    %int0_438 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %257, %none_434, %none_435, %int5_436, %cpu_437, %int0_438 : !torch.vtensor<[8,1,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_439 = torch.constant.int 6
    %258 = torch.prims.convert_element_type %257, %int6_439 : !torch.vtensor<[8,1,512],f16>, !torch.int -> !torch.vtensor<[8,1,512],f32>
    %int2_440 = torch.constant.int 2
    %259 = torch.aten.pow.Tensor_Scalar %258, %int2_440 : !torch.vtensor<[8,1,512],f32>, !torch.int -> !torch.vtensor<[8,1,512],f32>
    %int-1_441 = torch.constant.int -1
    %260 = torch.prim.ListConstruct %int-1_441 : (!torch.int) -> !torch.list<int>
    %true_442 = torch.constant.bool true
    %none_443 = torch.constant.none
    %261 = torch.aten.mean.dim %259, %260, %true_442, %none_443 : !torch.vtensor<[8,1,512],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,1,1],f32>
    %float1.000000e-05_444 = torch.constant.float 1.000000e-05
    %int1_445 = torch.constant.int 1
    %262 = torch.aten.add.Scalar %261, %float1.000000e-05_444, %int1_445 : !torch.vtensor<[8,1,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %263 = torch.aten.rsqrt %262 : !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,1,1],f32>
    %264 = torch.aten.mul.Tensor %258, %263 : !torch.vtensor<[8,1,512],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,1,512],f32>
    %none_446 = torch.constant.none
    %none_447 = torch.constant.none
    %int6_448 = torch.constant.int 6
    %cpu_449 = torch.constant.device "cpu"
    %int0_450 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %264, %none_446, %none_447, %int6_448, %cpu_449, %int0_450 : !torch.vtensor<[8,1,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_451 = torch.constant.int 5
    %265 = torch.prims.convert_element_type %264, %int5_451 : !torch.vtensor<[8,1,512],f32>, !torch.int -> !torch.vtensor<[8,1,512],f16>
    %266 = torch.aten.mul.Tensor %14, %265 : !torch.vtensor<[512],f32>, !torch.vtensor<[8,1,512],f16> -> !torch.vtensor<[8,1,512],f32>
    %none_452 = torch.constant.none
    %none_453 = torch.constant.none
    %int6_454 = torch.constant.int 6
    %cpu_455 = torch.constant.device "cpu"
    %int0_456 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %266, %none_452, %none_453, %int6_454, %cpu_455, %int0_456 : !torch.vtensor<[8,1,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_457 = torch.constant.int 5
    %267 = torch.prims.convert_element_type %266, %int5_457 : !torch.vtensor<[8,1,512],f32>, !torch.int -> !torch.vtensor<[8,1,512],f16>
    %int-1_458 = torch.constant.int -1
    %int512_459 = torch.constant.int 512
    %268 = torch.prim.ListConstruct %int-1_458, %int512_459 : (!torch.int, !torch.int) -> !torch.list<int>
    %269 = torch.aten.view %267, %268 : !torch.vtensor<[8,1,512],f16>, !torch.list<int> -> !torch.vtensor<[8,512],f16>
    %none_460 = torch.constant.none
    %none_461 = torch.constant.none
    %int6_462 = torch.constant.int 6
    %cpu_463 = torch.constant.device "cpu"
    %int0_464 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %15, %none_460, %none_461, %int6_462, %cpu_463, %int0_464 : !torch.vtensor<[8,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_465 = torch.constant.int 5
    %270 = torch.prims.convert_element_type %15, %int5_465 : !torch.vtensor<[8,512],f32>, !torch.int -> !torch.vtensor<[8,512],f16>
    %int-2_466 = torch.constant.int -2
    %int-1_467 = torch.constant.int -1
    %271 = torch.aten.transpose.int %270, %int-2_466, %int-1_467 : !torch.vtensor<[8,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[512,8],f16>
    %none_468 = torch.constant.none
    %none_469 = torch.constant.none
    %int5_470 = torch.constant.int 5
    %cpu_471 = torch.constant.device "cpu"
    %int0_472 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %271, %none_468, %none_469, %int5_470, %cpu_471, %int0_472 : !torch.vtensor<[512,8],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %272 = torch.aten.matmul %269, %271 : !torch.vtensor<[8,512],f16>, !torch.vtensor<[512,8],f16> -> !torch.vtensor<[8,8],f16>
    %none_473 = torch.constant.none
    %none_474 = torch.constant.none
    %int5_475 = torch.constant.int 5
    %cpu_476 = torch.constant.device "cpu"
    %int0_477 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %272, %none_473, %none_474, %int5_475, %cpu_476, %int0_477 : !torch.vtensor<[8,8],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_478 = torch.constant.int 6
    %273 = torch.prims.convert_element_type %272, %int6_478 : !torch.vtensor<[8,8],f16>, !torch.int -> !torch.vtensor<[8,8],f32>
    %int1_479 = torch.constant.int 1
    %none_480 = torch.constant.none
    %274 = torch.aten.softmax.int %273, %int1_479, %none_480 : !torch.vtensor<[8,8],f32>, !torch.int, !torch.none -> !torch.vtensor<[8,8],f32>
    %int2_481 = torch.constant.int 2
    %int-1_482 = torch.constant.int -1
    %true_483 = torch.constant.bool true
    %true_484 = torch.constant.bool true
    %values, %indices = torch.aten.topk %274, %int2_481, %int-1_482, %true_483, %true_484 : !torch.vtensor<[8,8],f32>, !torch.int, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[8,2],f32>, !torch.vtensor<[8,2],si64>
    %none_485 = torch.constant.none
    %none_486 = torch.constant.none
    %int6_487 = torch.constant.int 6
    %cpu_488 = torch.constant.device "cpu"
    %int0_489 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %values, %none_485, %none_486, %int6_487, %cpu_488, %int0_489 : !torch.vtensor<[8,2],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_490 = torch.constant.int 5
    %275 = torch.prims.convert_element_type %values, %int5_490 : !torch.vtensor<[8,2],f32>, !torch.int -> !torch.vtensor<[8,2],f16>
    %int8_491 = torch.constant.int 8
    %int8_492 = torch.constant.int 8
    %276 = torch.prim.ListConstruct %int8_491, %int8_492 : (!torch.int, !torch.int) -> !torch.list<int>
    %none_493 = torch.constant.none
    %none_494 = torch.constant.none
    %cpu_495 = torch.constant.device "cpu"
    %false_496 = torch.constant.bool false
    %none_497 = torch.constant.none
    %277 = torch.aten.empty.memory_format %276, %none_493, %none_494, %cpu_495, %false_496, %none_497 : !torch.list<int>, !torch.none, !torch.none, !torch.Device, !torch.bool, !torch.none -> !torch.vtensor<[8,8],f32>
    %int5_498 = torch.constant.int 5
    %none_499 = torch.constant.none
    %none_500 = torch.constant.none
    %false_501 = torch.constant.bool false
    %int1_502 = torch.constant.int 1
    %278 = torch.aten.zeros_like %277, %int5_498, %none_499, %none_500, %false_501, %int1_502 : !torch.vtensor<[8,8],f32>, !torch.int, !torch.none, !torch.none, !torch.bool, !torch.int -> !torch.vtensor<[8,8],f16>
    %int1_503 = torch.constant.int 1
    %279 = torch.aten.scatter.src %278, %int1_503, %indices, %275 : !torch.vtensor<[8,8],f16>, !torch.int, !torch.vtensor<[8,2],si64>, !torch.vtensor<[8,2],f16> -> !torch.vtensor<[8,8],f16>
    %int8_504 = torch.constant.int 8
    %none_505 = torch.constant.none
    %none_506 = torch.constant.none
    %cpu_507 = torch.constant.device "cpu"
    %false_508 = torch.constant.bool false
    %280 = torch.aten.arange %int8_504, %none_505, %none_506, %cpu_507, %false_508 : !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[8],si64>
    %int1_509 = torch.constant.int 1
    %int-1_510 = torch.constant.int -1
    %281 = torch.prim.ListConstruct %int1_509, %int-1_510 : (!torch.int, !torch.int) -> !torch.list<int>
    %282 = torch.aten.view %280, %281 : !torch.vtensor<[8],si64>, !torch.list<int> -> !torch.vtensor<[1,8],si64>
    %int8_511 = torch.constant.int 8
    %int-1_512 = torch.constant.int -1
    %283 = torch.prim.ListConstruct %int8_511, %int-1_512 : (!torch.int, !torch.int) -> !torch.list<int>
    %false_513 = torch.constant.bool false
    %284 = torch.aten.expand %282, %283, %false_513 : !torch.vtensor<[1,8],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,8],si64>
    %int0_514 = torch.constant.int 0
    %285 = torch.aten.clone %284, %int0_514 : !torch.vtensor<[8,8],si64>, !torch.int -> !torch.vtensor<[8,8],si64>
    %int64_515 = torch.constant.int 64
    %int1_516 = torch.constant.int 1
    %286 = torch.prim.ListConstruct %int64_515, %int1_516 : (!torch.int, !torch.int) -> !torch.list<int>
    %287 = torch.aten._unsafe_view %285, %286 : !torch.vtensor<[8,8],si64>, !torch.list<int> -> !torch.vtensor<[64,1],si64>
    %int-1_517 = torch.constant.int -1
    %int512_518 = torch.constant.int 512
    %288 = torch.prim.ListConstruct %int-1_517, %int512_518 : (!torch.int, !torch.int) -> !torch.list<int>
    %false_519 = torch.constant.bool false
    %289 = torch.aten.expand %287, %288, %false_519 : !torch.vtensor<[64,1],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[64,512],si64>
    %int0_520 = torch.constant.int 0
    %false_521 = torch.constant.bool false
    %290 = torch.aten.gather %269, %int0_520, %289, %false_521 : !torch.vtensor<[8,512],f16>, !torch.int, !torch.vtensor<[64,512],si64>, !torch.bool -> !torch.vtensor<[64,512],f16>
    %int0_522 = torch.constant.int 0
    %int1_523 = torch.constant.int 1
    %291 = torch.aten.transpose.int %279, %int0_522, %int1_523 : !torch.vtensor<[8,8],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,8],f16>
    %int0_524 = torch.constant.int 0
    %292 = torch.aten.gt.Scalar %291, %int0_524 : !torch.vtensor<[8,8],f16>, !torch.int -> !torch.vtensor<[8,8],i1>
    %int0_525 = torch.constant.int 0
    %293 = torch.aten.clone %292, %int0_525 : !torch.vtensor<[8,8],i1>, !torch.int -> !torch.vtensor<[8,8],i1>
    %int64_526 = torch.constant.int 64
    %int1_527 = torch.constant.int 1
    %294 = torch.prim.ListConstruct %int64_526, %int1_527 : (!torch.int, !torch.int) -> !torch.list<int>
    %295 = torch.aten._unsafe_view %293, %294 : !torch.vtensor<[8,8],i1>, !torch.list<int> -> !torch.vtensor<[64,1],i1>
    %296 = torch.aten.mul.Tensor %290, %295 : !torch.vtensor<[64,512],f16>, !torch.vtensor<[64,1],i1> -> !torch.vtensor<[64,512],f16>
    %int8_528 = torch.constant.int 8
    %int8_529 = torch.constant.int 8
    %int512_530 = torch.constant.int 512
    %297 = torch.prim.ListConstruct %int8_528, %int8_529, %int512_530 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %298 = torch.aten.view %296, %297 : !torch.vtensor<[64,512],f16>, !torch.list<int> -> !torch.vtensor<[8,8,512],f16>
    %int-2_531 = torch.constant.int -2
    %int-1_532 = torch.constant.int -1
    %299 = torch.aten.transpose.int %16, %int-2_531, %int-1_532 : !torch.vtensor<[8,1024,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,512,1024],f16>
    %none_533 = torch.constant.none
    %none_534 = torch.constant.none
    %int5_535 = torch.constant.int 5
    %cpu_536 = torch.constant.device "cpu"
    %int0_537 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %299, %none_533, %none_534, %int5_535, %cpu_536, %int0_537 : !torch.vtensor<[8,512,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %300 = torch.aten.matmul %298, %299 : !torch.vtensor<[8,8,512],f16>, !torch.vtensor<[8,512,1024],f16> -> !torch.vtensor<[8,8,1024],f16>
    %301 = torch.aten.silu %300 : !torch.vtensor<[8,8,1024],f16> -> !torch.vtensor<[8,8,1024],f16>
    %int-2_538 = torch.constant.int -2
    %int-1_539 = torch.constant.int -1
    %302 = torch.aten.transpose.int %17, %int-2_538, %int-1_539 : !torch.vtensor<[8,1024,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,512,1024],f16>
    %none_540 = torch.constant.none
    %none_541 = torch.constant.none
    %int5_542 = torch.constant.int 5
    %cpu_543 = torch.constant.device "cpu"
    %int0_544 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %302, %none_540, %none_541, %int5_542, %cpu_543, %int0_544 : !torch.vtensor<[8,512,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %303 = torch.aten.matmul %298, %302 : !torch.vtensor<[8,8,512],f16>, !torch.vtensor<[8,512,1024],f16> -> !torch.vtensor<[8,8,1024],f16>
    %304 = torch.aten.mul.Tensor %301, %303 : !torch.vtensor<[8,8,1024],f16>, !torch.vtensor<[8,8,1024],f16> -> !torch.vtensor<[8,8,1024],f16>
    %int-2_545 = torch.constant.int -2
    %int-1_546 = torch.constant.int -1
    %305 = torch.aten.transpose.int %18, %int-2_545, %int-1_546 : !torch.vtensor<[8,512,1024],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,1024,512],f16>
    %none_547 = torch.constant.none
    %none_548 = torch.constant.none
    %int5_549 = torch.constant.int 5
    %cpu_550 = torch.constant.device "cpu"
    %int0_551 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %305, %none_547, %none_548, %int5_549, %cpu_550, %int0_551 : !torch.vtensor<[8,1024,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %306 = torch.aten.matmul %304, %305 : !torch.vtensor<[8,8,1024],f16>, !torch.vtensor<[8,1024,512],f16> -> !torch.vtensor<[8,8,512],f16>
    %int64_552 = torch.constant.int 64
    %int512_553 = torch.constant.int 512
    %307 = torch.prim.ListConstruct %int64_552, %int512_553 : (!torch.int, !torch.int) -> !torch.list<int>
    %308 = torch.aten.view %306, %307 : !torch.vtensor<[8,8,512],f16>, !torch.list<int> -> !torch.vtensor<[64,512],f16>
    %int0_554 = torch.constant.int 0
    %309 = torch.aten.clone %291, %int0_554 : !torch.vtensor<[8,8],f16>, !torch.int -> !torch.vtensor<[8,8],f16>
    %int64_555 = torch.constant.int 64
    %int1_556 = torch.constant.int 1
    %310 = torch.prim.ListConstruct %int64_555, %int1_556 : (!torch.int, !torch.int) -> !torch.list<int>
    %311 = torch.aten._unsafe_view %309, %310 : !torch.vtensor<[8,8],f16>, !torch.list<int> -> !torch.vtensor<[64,1],f16>
    %312 = torch.aten.mul.Tensor %308, %311 : !torch.vtensor<[64,512],f16>, !torch.vtensor<[64,1],f16> -> !torch.vtensor<[64,512],f16>
    %int8_557 = torch.constant.int 8
    %int8_558 = torch.constant.int 8
    %int512_559 = torch.constant.int 512
    %313 = torch.prim.ListConstruct %int8_557, %int8_558, %int512_559 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %314 = torch.aten.view %312, %313 : !torch.vtensor<[64,512],f16>, !torch.list<int> -> !torch.vtensor<[8,8,512],f16>
    %int0_560 = torch.constant.int 0
    %315 = torch.prim.ListConstruct %int0_560 : (!torch.int) -> !torch.list<int>
    %false_561 = torch.constant.bool false
    %none_562 = torch.constant.none
    %316 = torch.aten.sum.dim_IntList %314, %315, %false_561, %none_562 : !torch.vtensor<[8,8,512],f16>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,512],f16>
    %int8_563 = torch.constant.int 8
    %int1_564 = torch.constant.int 1
    %int512_565 = torch.constant.int 512
    %317 = torch.prim.ListConstruct %int8_563, %int1_564, %int512_565 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %318 = torch.aten.view %316, %317 : !torch.vtensor<[8,512],f16>, !torch.list<int> -> !torch.vtensor<[8,1,512],f16>
    %int1_566 = torch.constant.int 1
    %319 = torch.aten.add.Tensor %257, %318, %int1_566 : !torch.vtensor<[8,1,512],f16>, !torch.vtensor<[8,1,512],f16>, !torch.int -> !torch.vtensor<[8,1,512],f16>
    %none_567 = torch.constant.none
    %none_568 = torch.constant.none
    %int5_569 = torch.constant.int 5
    %cpu_570 = torch.constant.device "cpu"
    %int0_571 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %319, %none_567, %none_568, %int5_569, %cpu_570, %int0_571 : !torch.vtensor<[8,1,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_572 = torch.constant.none
    %none_573 = torch.constant.none
    %int5_574 = torch.constant.int 5
    %cpu_575 = torch.constant.device "cpu"
    %int0_576 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %319, %none_572, %none_573, %int5_574, %cpu_575, %int0_576 : !torch.vtensor<[8,1,512],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_577 = torch.constant.int 6
    %320 = torch.prims.convert_element_type %319, %int6_577 : !torch.vtensor<[8,1,512],f16>, !torch.int -> !torch.vtensor<[8,1,512],f32>
    %int2_578 = torch.constant.int 2
    %321 = torch.aten.pow.Tensor_Scalar %320, %int2_578 : !torch.vtensor<[8,1,512],f32>, !torch.int -> !torch.vtensor<[8,1,512],f32>
    %int-1_579 = torch.constant.int -1
    %322 = torch.prim.ListConstruct %int-1_579 : (!torch.int) -> !torch.list<int>
    %true_580 = torch.constant.bool true
    %none_581 = torch.constant.none
    %323 = torch.aten.mean.dim %321, %322, %true_580, %none_581 : !torch.vtensor<[8,1,512],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,1,1],f32>
    %float1.000000e-05_582 = torch.constant.float 1.000000e-05
    %int1_583 = torch.constant.int 1
    %324 = torch.aten.add.Scalar %323, %float1.000000e-05_582, %int1_583 : !torch.vtensor<[8,1,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %325 = torch.aten.rsqrt %324 : !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,1,1],f32>
    %326 = torch.aten.mul.Tensor %320, %325 : !torch.vtensor<[8,1,512],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,1,512],f32>
    %none_584 = torch.constant.none
    %none_585 = torch.constant.none
    %int6_586 = torch.constant.int 6
    %cpu_587 = torch.constant.device "cpu"
    %int0_588 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %326, %none_584, %none_585, %int6_586, %cpu_587, %int0_588 : !torch.vtensor<[8,1,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_589 = torch.constant.int 5
    %327 = torch.prims.convert_element_type %326, %int5_589 : !torch.vtensor<[8,1,512],f32>, !torch.int -> !torch.vtensor<[8,1,512],f16>
    %328 = torch.aten.mul.Tensor %19, %327 : !torch.vtensor<[1,512],f32>, !torch.vtensor<[8,1,512],f16> -> !torch.vtensor<[8,1,512],f32>
    %none_590 = torch.constant.none
    %none_591 = torch.constant.none
    %int6_592 = torch.constant.int 6
    %cpu_593 = torch.constant.device "cpu"
    %int0_594 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %328, %none_590, %none_591, %int6_592, %cpu_593, %int0_594 : !torch.vtensor<[8,1,512],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_595 = torch.constant.int 5
    %329 = torch.prims.convert_element_type %328, %int5_595 : !torch.vtensor<[8,1,512],f32>, !torch.int -> !torch.vtensor<[8,1,512],f16>
    %int-2_596 = torch.constant.int -2
    %int-1_597 = torch.constant.int -1
    %330 = torch.aten.transpose.int %20, %int-2_596, %int-1_597 : !torch.vtensor<[1024,512],f16>, !torch.int, !torch.int -> !torch.vtensor<[512,1024],f16>
    %none_598 = torch.constant.none
    %none_599 = torch.constant.none
    %int5_600 = torch.constant.int 5
    %cpu_601 = torch.constant.device "cpu"
    %int0_602 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %330, %none_598, %none_599, %int5_600, %cpu_601, %int0_602 : !torch.vtensor<[512,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8_603 = torch.constant.int 8
    %int512_604 = torch.constant.int 512
    %331 = torch.prim.ListConstruct %int8_603, %int512_604 : (!torch.int, !torch.int) -> !torch.list<int>
    %332 = torch.aten.view %329, %331 : !torch.vtensor<[8,1,512],f16>, !torch.list<int> -> !torch.vtensor<[8,512],f16>
    %333 = torch.aten.matmul %332, %330 : !torch.vtensor<[8,512],f16>, !torch.vtensor<[512,1024],f16> -> !torch.vtensor<[8,1024],f16>
    %int8_605 = torch.constant.int 8
    %int1_606 = torch.constant.int 1
    %int1024 = torch.constant.int 1024
    %334 = torch.prim.ListConstruct %int8_605, %int1_606, %int1024 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %335 = torch.aten.view %333, %334 : !torch.vtensor<[8,1024],f16>, !torch.list<int> -> !torch.vtensor<[8,1,1024],f16>
    return %335 : !torch.vtensor<[8,1,1024],f16>
  }
  util.func private @rope_select_concat_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_TWO_2_HALFDIM_f16(%arg0: tensor<?x?x?x?xf16>, %arg1: tensor<?x?x?x?xf16>) -> tensor<?x?x?x2x?xf16> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?x?x?x?xf16>
    %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?x?x?xf16>
    %dim_1 = tensor.dim %arg0, %c2 : tensor<?x?x?x?xf16>
    %dim_2 = tensor.dim %arg0, %c3 : tensor<?x?x?x?xf16>
    %0 = tensor.empty(%dim, %dim_0, %dim_1, %dim_2) : tensor<?x?x?x2x?xf16>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %arg1 : tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) outs(%0 : tensor<?x?x?x2x?xf16>) {
    ^bb0(%in: f16, %in_3: f16, %out: f16):
      %2 = linalg.index 3 : index
      %3 = arith.cmpi eq, %2, %c0 : index
      %4 = arith.select %3, %in, %in_3 : f16
      linalg.yield %4 : f16
    } -> tensor<?x?x?x2x?xf16>
    util.return %1 : tensor<?x?x?x2x?xf16>
  }
  util.func private @paged_attention_kv_cache_gather_CACHE_SIZE_T_BLOCK_1_PART_2_HEAD_COUNT_KV_2_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_64_f16_BATCH_PAGES_i64__i64__i64_BATCH_PAGES_HEAD_COUNT_KV_2_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_64_f16(%arg0: tensor<?x1x2x2x32x64xf16>, %arg1: tensor<?x?xi64>, %arg2: tensor<i64>, %arg3: tensor<i64>) -> tensor<?x?x2x32x64xf16> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %extracted = tensor.extract %arg2[] : tensor<i64>
    %extracted_0 = tensor.extract %arg3[] : tensor<i64>
    %0 = arith.index_cast %extracted : i64 to index
    %1 = arith.index_cast %extracted_0 : i64 to index
    %dim = tensor.dim %arg0, %c0 : tensor<?x1x2x2x32x64xf16>
    %dim_1 = tensor.dim %arg1, %c0 : tensor<?x?xi64>
    %dim_2 = tensor.dim %arg1, %c1 : tensor<?x?xi64>
    %extracted_slice = tensor.extract_slice %arg0[0, %0, %1, 0, 0, 0] [%dim, 1, 1, 2, 32, 64] [1, 1, 1, 1, 1, 1] : tensor<?x1x2x2x32x64xf16> to tensor<?x2x32x64xf16>
    %2 = tensor.empty(%dim_1, %dim_2) : tensor<?x?x2x32x64xf16>
    %3 = iree_linalg_ext.gather dimension_map = [0] ins(%extracted_slice, %arg1 : tensor<?x2x32x64xf16>, tensor<?x?xi64>) outs(%2 : tensor<?x?x2x32x64xf16>) -> tensor<?x?x2x32x64xf16>
    util.return %3 : tensor<?x?x2x32x64xf16>
  }
}
