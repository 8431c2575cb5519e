#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
module @module {
  util.global private @__auto.token_embd.weight = #flow.parameter.named<"model"::"token_embd.weight"> : tensor<128256x4096xf16>
  util.global private @__auto.blk.0.attn_norm.weight = #flow.parameter.named<"model"::"blk.0.attn_norm.weight"> : tensor<4096xf32>
  util.global private @__auto.blk.0.attn_q.weight = #flow.parameter.named<"model"::"blk.0.attn_q.weight"> : tensor<4096x4096xf16>
  util.global private @__auto.blk.0.attn_k.weight = #flow.parameter.named<"model"::"blk.0.attn_k.weight"> : tensor<1024x4096xf16>
  util.global private @__auto.blk.0.attn_v.weight = #flow.parameter.named<"model"::"blk.0.attn_v.weight"> : tensor<1024x4096xf16>
  util.global private @__auto.blk.0.attn_output.weight = #flow.parameter.named<"model"::"blk.0.attn_output.weight"> : tensor<4096x4096xf16>
  util.global private @__auto.blk.0.ffn_norm.weight = #flow.parameter.named<"model"::"blk.0.ffn_norm.weight"> : tensor<4096xf32>
  util.global private @__auto.blk.0.ffn_gate.weight = #flow.parameter.named<"model"::"blk.0.ffn_gate.weight"> : tensor<14336x4096xf16>
  util.global private @__auto.blk.0.ffn_up.weight = #flow.parameter.named<"model"::"blk.0.ffn_up.weight"> : tensor<14336x4096xf16>
  util.global private @__auto.blk.0.ffn_down.weight = #flow.parameter.named<"model"::"blk.0.ffn_down.weight"> : tensor<4096x14336xf16>
  util.global private @__auto.output_norm.weight = #flow.parameter.named<"model"::"output_norm.weight"> : tensor<1x4096xf32>
  util.global private @__auto.output.weight = #flow.parameter.named<"model"::"output.weight"> : tensor<128256x4096xf16>
  func.func @prefill_bs4(%arg0: !torch.vtensor<[4,?],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg1: !torch.vtensor<[4],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg2: !torch.vtensor<[4,?],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg3: !torch.tensor<[?,65536],f16> {iree.abi.affinity = #hal.device.promise<@__device_0>}) -> !torch.vtensor<[4,?,128256],f16> attributes {torch.assume_strict_symbolic_shapes} {
    %__auto.token_embd.weight = util.global.load @__auto.token_embd.weight : tensor<128256x4096xf16>
    %0 = torch_c.from_builtin_tensor %__auto.token_embd.weight : tensor<128256x4096xf16> -> !torch.vtensor<[128256,4096],f16>
    %1 = torch.vtensor.literal(dense<1.000000e+00> : tensor<f32>) : !torch.vtensor<[],f32>
    %2 = torch.vtensor.literal(dense<1.000000e+00> : tensor<f32>) : !torch.vtensor<[],f32>
    %3 = torch.vtensor.literal(dense<0xFC00> : tensor<f16>) : !torch.vtensor<[],f16>
    %__auto.blk.0.attn_norm.weight = util.global.load @__auto.blk.0.attn_norm.weight : tensor<4096xf32>
    %4 = torch_c.from_builtin_tensor %__auto.blk.0.attn_norm.weight : tensor<4096xf32> -> !torch.vtensor<[4096],f32>
    %__auto.blk.0.attn_q.weight = util.global.load @__auto.blk.0.attn_q.weight : tensor<4096x4096xf16>
    %5 = torch_c.from_builtin_tensor %__auto.blk.0.attn_q.weight : tensor<4096x4096xf16> -> !torch.vtensor<[4096,4096],f16>
    %__auto.blk.0.attn_k.weight = util.global.load @__auto.blk.0.attn_k.weight : tensor<1024x4096xf16>
    %6 = torch_c.from_builtin_tensor %__auto.blk.0.attn_k.weight : tensor<1024x4096xf16> -> !torch.vtensor<[1024,4096],f16>
    %__auto.blk.0.attn_v.weight = util.global.load @__auto.blk.0.attn_v.weight : tensor<1024x4096xf16>
    %7 = torch_c.from_builtin_tensor %__auto.blk.0.attn_v.weight : tensor<1024x4096xf16> -> !torch.vtensor<[1024,4096],f16>
    %__auto.blk.0.attn_output.weight = util.global.load @__auto.blk.0.attn_output.weight : tensor<4096x4096xf16>
    %8 = torch_c.from_builtin_tensor %__auto.blk.0.attn_output.weight : tensor<4096x4096xf16> -> !torch.vtensor<[4096,4096],f16>
    %__auto.blk.0.ffn_norm.weight = util.global.load @__auto.blk.0.ffn_norm.weight : tensor<4096xf32>
    %9 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_norm.weight : tensor<4096xf32> -> !torch.vtensor<[4096],f32>
    %__auto.blk.0.ffn_gate.weight = util.global.load @__auto.blk.0.ffn_gate.weight : tensor<14336x4096xf16>
    %10 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_gate.weight : tensor<14336x4096xf16> -> !torch.vtensor<[14336,4096],f16>
    %__auto.blk.0.ffn_up.weight = util.global.load @__auto.blk.0.ffn_up.weight : tensor<14336x4096xf16>
    %11 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_up.weight : tensor<14336x4096xf16> -> !torch.vtensor<[14336,4096],f16>
    %__auto.blk.0.ffn_down.weight = util.global.load @__auto.blk.0.ffn_down.weight : tensor<4096x14336xf16>
    %12 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_down.weight : tensor<4096x14336xf16> -> !torch.vtensor<[4096,14336],f16>
    %__auto.output_norm.weight = util.global.load @__auto.output_norm.weight : tensor<1x4096xf32>
    %13 = torch_c.from_builtin_tensor %__auto.output_norm.weight : tensor<1x4096xf32> -> !torch.vtensor<[1,4096],f32>
    %__auto.output.weight = util.global.load @__auto.output.weight : tensor<128256x4096xf16>
    %14 = torch_c.from_builtin_tensor %__auto.output.weight : tensor<128256x4096xf16> -> !torch.vtensor<[128256,4096],f16>
    %15 = torch.copy.to_vtensor %arg3 : !torch.vtensor<[?,65536],f16>
    %16 = torch.symbolic_int "32*s23" {min_val = 64, max_val = 4064} : !torch.int
    %17 = torch.symbolic_int "s23" {min_val = 2, max_val = 127} : !torch.int
    %18 = torch.symbolic_int "s39" {min_val = 0, max_val = 9223372036854775807} : !torch.int
    torch.bind_symbolic_shape %arg0, [%17], affine_map<()[s0] -> (4, s0 * 32)> : !torch.vtensor<[4,?],si64>
    torch.bind_symbolic_shape %arg2, [%17], affine_map<()[s0] -> (4, s0)> : !torch.vtensor<[4,?],si64>
    torch.bind_symbolic_shape %15, [%18], affine_map<()[s0] -> (s0, 65536)> : !torch.vtensor<[?,65536],f16>
    %int1 = torch.constant.int 1
    %19 = torch.aten.size.int %arg2, %int1 : !torch.vtensor<[4,?],si64>, !torch.int -> !torch.int
    %int0 = torch.constant.int 0
    %20 = torch.aten.size.int %15, %int0 : !torch.vtensor<[?,65536],f16>, !torch.int -> !torch.int
    %int1_0 = torch.constant.int 1
    %21 = torch.aten.size.int %arg0, %int1_0 : !torch.vtensor<[4,?],si64>, !torch.int -> !torch.int
    %none = torch.constant.none
    %none_1 = torch.constant.none
    %int5 = torch.constant.int 5
    %cpu = torch.constant.device "cpu"
    %int0_2 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %0, %none, %none_1, %int5, %cpu, %int0_2 : !torch.vtensor<[128256,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int-1 = torch.constant.int -1
    %false = torch.constant.bool false
    %false_3 = torch.constant.bool false
    %22 = torch.aten.embedding %0, %arg0, %int-1, %false, %false_3 : !torch.vtensor<[128256,4096],f16>, !torch.vtensor<[4,?],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[4,?,4096],f16>
    torch.bind_symbolic_shape %22, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f16>
    %none_4 = torch.constant.none
    %none_5 = torch.constant.none
    %int5_6 = torch.constant.int 5
    %cpu_7 = torch.constant.device "cpu"
    %int0_8 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %22, %none_4, %none_5, %int5_6, %cpu_7, %int0_8 : !torch.vtensor<[4,?,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6 = torch.constant.int 6
    %23 = torch.prims.convert_element_type %22, %int6 : !torch.vtensor<[4,?,4096],f16>, !torch.int -> !torch.vtensor<[4,?,4096],f32>
    torch.bind_symbolic_shape %23, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f32>
    %int2 = torch.constant.int 2
    %24 = torch.aten.pow.Tensor_Scalar %23, %int2 : !torch.vtensor<[4,?,4096],f32>, !torch.int -> !torch.vtensor<[4,?,4096],f32>
    torch.bind_symbolic_shape %24, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f32>
    %int-1_9 = torch.constant.int -1
    %25 = torch.prim.ListConstruct %int-1_9 : (!torch.int) -> !torch.list<int>
    %true = torch.constant.bool true
    %none_10 = torch.constant.none
    %26 = torch.aten.mean.dim %24, %25, %true, %none_10 : !torch.vtensor<[4,?,4096],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[4,?,1],f32>
    torch.bind_symbolic_shape %26, [%17], affine_map<()[s0] -> (4, s0 * 32, 1)> : !torch.vtensor<[4,?,1],f32>
    %float1.000000e-05 = torch.constant.float 1.000000e-05
    %int1_11 = torch.constant.int 1
    %27 = torch.aten.add.Scalar %26, %float1.000000e-05, %int1_11 : !torch.vtensor<[4,?,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[4,?,1],f32>
    torch.bind_symbolic_shape %27, [%17], affine_map<()[s0] -> (4, s0 * 32, 1)> : !torch.vtensor<[4,?,1],f32>
    %28 = torch.aten.rsqrt %27 : !torch.vtensor<[4,?,1],f32> -> !torch.vtensor<[4,?,1],f32>
    torch.bind_symbolic_shape %28, [%17], affine_map<()[s0] -> (4, s0 * 32, 1)> : !torch.vtensor<[4,?,1],f32>
    %29 = torch.aten.mul.Tensor %23, %28 : !torch.vtensor<[4,?,4096],f32>, !torch.vtensor<[4,?,1],f32> -> !torch.vtensor<[4,?,4096],f32>
    torch.bind_symbolic_shape %29, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f32>
    %none_12 = torch.constant.none
    %none_13 = torch.constant.none
    %int6_14 = torch.constant.int 6
    %cpu_15 = torch.constant.device "cpu"
    %int0_16 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %29, %none_12, %none_13, %int6_14, %cpu_15, %int0_16 : !torch.vtensor<[4,?,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_17 = torch.constant.int 5
    %30 = torch.prims.convert_element_type %29, %int5_17 : !torch.vtensor<[4,?,4096],f32>, !torch.int -> !torch.vtensor<[4,?,4096],f16>
    torch.bind_symbolic_shape %30, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f16>
    %31 = torch.aten.mul.Tensor %4, %30 : !torch.vtensor<[4096],f32>, !torch.vtensor<[4,?,4096],f16> -> !torch.vtensor<[4,?,4096],f32>
    torch.bind_symbolic_shape %31, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f32>
    %none_18 = torch.constant.none
    %none_19 = torch.constant.none
    %int6_20 = torch.constant.int 6
    %cpu_21 = torch.constant.device "cpu"
    %int0_22 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %31, %none_18, %none_19, %int6_20, %cpu_21, %int0_22 : !torch.vtensor<[4,?,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_23 = torch.constant.int 5
    %32 = torch.prims.convert_element_type %31, %int5_23 : !torch.vtensor<[4,?,4096],f32>, !torch.int -> !torch.vtensor<[4,?,4096],f16>
    torch.bind_symbolic_shape %32, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f16>
    %int-2 = torch.constant.int -2
    %int-1_24 = torch.constant.int -1
    %33 = torch.aten.transpose.int %5, %int-2, %int-1_24 : !torch.vtensor<[4096,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,4096],f16>
    %none_25 = torch.constant.none
    %none_26 = torch.constant.none
    %int5_27 = torch.constant.int 5
    %cpu_28 = torch.constant.device "cpu"
    %int0_29 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %33, %none_25, %none_26, %int5_27, %cpu_28, %int0_29 : !torch.vtensor<[4096,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4 = torch.constant.int 4
    %34 = torch.aten.mul.int %int4, %21 : !torch.int, !torch.int -> !torch.int
    %int4096 = torch.constant.int 4096
    %35 = torch.prim.ListConstruct %34, %int4096 : (!torch.int, !torch.int) -> !torch.list<int>
    %36 = torch.aten.view %32, %35 : !torch.vtensor<[4,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %36, [%17], affine_map<()[s0] -> (s0 * 128, 4096)> : !torch.vtensor<[?,4096],f16>
    %37 = torch.aten.matmul %36, %33 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[4096,4096],f16> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %37, [%17], affine_map<()[s0] -> (s0 * 128, 4096)> : !torch.vtensor<[?,4096],f16>
    %int4_30 = torch.constant.int 4
    %int4096_31 = torch.constant.int 4096
    %38 = torch.prim.ListConstruct %int4_30, %21, %int4096_31 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %39 = torch.aten.view %37, %38 : !torch.vtensor<[?,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,?,4096],f16>
    torch.bind_symbolic_shape %39, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f16>
    %int-2_32 = torch.constant.int -2
    %int-1_33 = torch.constant.int -1
    %40 = torch.aten.transpose.int %6, %int-2_32, %int-1_33 : !torch.vtensor<[1024,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,1024],f16>
    %none_34 = torch.constant.none
    %none_35 = torch.constant.none
    %int5_36 = torch.constant.int 5
    %cpu_37 = torch.constant.device "cpu"
    %int0_38 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %40, %none_34, %none_35, %int5_36, %cpu_37, %int0_38 : !torch.vtensor<[4096,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4096_39 = torch.constant.int 4096
    %41 = torch.prim.ListConstruct %34, %int4096_39 : (!torch.int, !torch.int) -> !torch.list<int>
    %42 = torch.aten.view %32, %41 : !torch.vtensor<[4,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %42, [%17], affine_map<()[s0] -> (s0 * 128, 4096)> : !torch.vtensor<[?,4096],f16>
    %43 = torch.aten.matmul %42, %40 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[4096,1024],f16> -> !torch.vtensor<[?,1024],f16>
    torch.bind_symbolic_shape %43, [%17], affine_map<()[s0] -> (s0 * 128, 1024)> : !torch.vtensor<[?,1024],f16>
    %int4_40 = torch.constant.int 4
    %int1024 = torch.constant.int 1024
    %44 = torch.prim.ListConstruct %int4_40, %21, %int1024 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %45 = torch.aten.view %43, %44 : !torch.vtensor<[?,1024],f16>, !torch.list<int> -> !torch.vtensor<[4,?,1024],f16>
    torch.bind_symbolic_shape %45, [%17], affine_map<()[s0] -> (4, s0 * 32, 1024)> : !torch.vtensor<[4,?,1024],f16>
    %int-2_41 = torch.constant.int -2
    %int-1_42 = torch.constant.int -1
    %46 = torch.aten.transpose.int %7, %int-2_41, %int-1_42 : !torch.vtensor<[1024,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,1024],f16>
    %none_43 = torch.constant.none
    %none_44 = torch.constant.none
    %int5_45 = torch.constant.int 5
    %cpu_46 = torch.constant.device "cpu"
    %int0_47 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %46, %none_43, %none_44, %int5_45, %cpu_46, %int0_47 : !torch.vtensor<[4096,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4096_48 = torch.constant.int 4096
    %47 = torch.prim.ListConstruct %34, %int4096_48 : (!torch.int, !torch.int) -> !torch.list<int>
    %48 = torch.aten.view %32, %47 : !torch.vtensor<[4,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %48, [%17], affine_map<()[s0] -> (s0 * 128, 4096)> : !torch.vtensor<[?,4096],f16>
    %49 = torch.aten.matmul %48, %46 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[4096,1024],f16> -> !torch.vtensor<[?,1024],f16>
    torch.bind_symbolic_shape %49, [%17], affine_map<()[s0] -> (s0 * 128, 1024)> : !torch.vtensor<[?,1024],f16>
    %int4_49 = torch.constant.int 4
    %int1024_50 = torch.constant.int 1024
    %50 = torch.prim.ListConstruct %int4_49, %21, %int1024_50 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %51 = torch.aten.view %49, %50 : !torch.vtensor<[?,1024],f16>, !torch.list<int> -> !torch.vtensor<[4,?,1024],f16>
    torch.bind_symbolic_shape %51, [%17], affine_map<()[s0] -> (4, s0 * 32, 1024)> : !torch.vtensor<[4,?,1024],f16>
    %int4_51 = torch.constant.int 4
    %int32 = torch.constant.int 32
    %int128 = torch.constant.int 128
    %52 = torch.prim.ListConstruct %int4_51, %21, %int32, %int128 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %53 = torch.aten.view %39, %52 : !torch.vtensor<[4,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,?,32,128],f16>
    torch.bind_symbolic_shape %53, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 128)> : !torch.vtensor<[4,?,32,128],f16>
    %int4_52 = torch.constant.int 4
    %int8 = torch.constant.int 8
    %int128_53 = torch.constant.int 128
    %54 = torch.prim.ListConstruct %int4_52, %21, %int8, %int128_53 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %55 = torch.aten.view %45, %54 : !torch.vtensor<[4,?,1024],f16>, !torch.list<int> -> !torch.vtensor<[4,?,8,128],f16>
    torch.bind_symbolic_shape %55, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 128)> : !torch.vtensor<[4,?,8,128],f16>
    %int4_54 = torch.constant.int 4
    %int8_55 = torch.constant.int 8
    %int128_56 = torch.constant.int 128
    %56 = torch.prim.ListConstruct %int4_54, %21, %int8_55, %int128_56 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %57 = torch.aten.view %51, %56 : !torch.vtensor<[4,?,1024],f16>, !torch.list<int> -> !torch.vtensor<[4,?,8,128],f16>
    torch.bind_symbolic_shape %57, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 128)> : !torch.vtensor<[4,?,8,128],f16>
    %int0_57 = torch.constant.int 0
    %none_58 = torch.constant.none
    %none_59 = torch.constant.none
    %cpu_60 = torch.constant.device "cpu"
    %false_61 = torch.constant.bool false
    %58 = torch.aten.arange.start %int0_57, %21, %none_58, %none_59, %cpu_60, %false_61 : !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %58, [%17], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int0_62 = torch.constant.int 0
    %59 = torch.aten.unsqueeze %58, %int0_62 : !torch.vtensor<[?],si64>, !torch.int -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %59, [%17], affine_map<()[s0] -> (1, s0 * 32)> : !torch.vtensor<[1,?],si64>
    %int0_63 = torch.constant.int 0
    %int128_64 = torch.constant.int 128
    %int2_65 = torch.constant.int 2
    %none_66 = torch.constant.none
    %none_67 = torch.constant.none
    %cpu_68 = torch.constant.device "cpu"
    %false_69 = torch.constant.bool false
    %60 = torch.aten.arange.start_step %int0_63, %int128_64, %int2_65, %none_66, %none_67, %cpu_68, %false_69 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[64],si64>
    %none_70 = torch.constant.none
    %none_71 = torch.constant.none
    %int4_72 = torch.constant.int 4
    %cpu_73 = torch.constant.device "cpu"
    %int0_74 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %60, %none_70, %none_71, %int4_72, %cpu_73, %int0_74 : !torch.vtensor<[64],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_75 = torch.constant.int 6
    %61 = torch.prims.convert_element_type %60, %int6_75 : !torch.vtensor<[64],si64>, !torch.int -> !torch.vtensor<[64],f32>
    %int128_76 = torch.constant.int 128
    %62 = torch.aten.div.Scalar %61, %int128_76 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[64],f32>
    %float5.000000e05 = torch.constant.float 5.000000e+05
    %63 = torch.aten.pow.Scalar %float5.000000e05, %62 : !torch.float, !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %64 = torch.aten.reciprocal %63 : !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %float1.000000e00 = torch.constant.float 1.000000e+00
    %65 = torch.aten.mul.Scalar %64, %float1.000000e00 : !torch.vtensor<[64],f32>, !torch.float -> !torch.vtensor<[64],f32>
    %none_77 = torch.constant.none
    %66 = torch.aten.clone %1, %none_77 : !torch.vtensor<[],f32>, !torch.none -> !torch.vtensor<[],f32>
    %int0_78 = torch.constant.int 0
    %67 = torch.aten.unsqueeze %65, %int0_78 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[1,64],f32>
    %int2_79 = torch.constant.int 2
    %68 = torch.aten.unsqueeze %67, %int2_79 : !torch.vtensor<[1,64],f32>, !torch.int -> !torch.vtensor<[1,64,1],f32>
    %none_80 = torch.constant.none
    %none_81 = torch.constant.none
    %int6_82 = torch.constant.int 6
    %cpu_83 = torch.constant.device "cpu"
    %int0_84 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %68, %none_80, %none_81, %int6_82, %cpu_83, %int0_84 : !torch.vtensor<[1,64,1],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_85 = torch.constant.int 1
    %int-1_86 = torch.constant.int -1
    %int1_87 = torch.constant.int 1
    %69 = torch.prim.ListConstruct %int1_85, %int-1_86, %int1_87 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_88 = torch.constant.bool false
    %70 = torch.aten.expand %68, %69, %false_88 : !torch.vtensor<[1,64,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,64,1],f32>
    %int1_89 = torch.constant.int 1
    %71 = torch.aten.unsqueeze %59, %int1_89 : !torch.vtensor<[1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],si64>
    torch.bind_symbolic_shape %71, [%17], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],si64>
    %none_90 = torch.constant.none
    %none_91 = torch.constant.none
    %int4_92 = torch.constant.int 4
    %cpu_93 = torch.constant.device "cpu"
    %int0_94 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %71, %none_90, %none_91, %int4_92, %cpu_93, %int0_94 : !torch.vtensor<[1,1,?],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_95 = torch.constant.int 6
    %72 = torch.prims.convert_element_type %71, %int6_95 : !torch.vtensor<[1,1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],f32>
    torch.bind_symbolic_shape %72, [%17], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],f32>
    %73 = torch.aten.matmul %70, %72 : !torch.vtensor<[1,64,1],f32>, !torch.vtensor<[1,1,?],f32> -> !torch.vtensor<[1,64,?],f32>
    torch.bind_symbolic_shape %73, [%17], affine_map<()[s0] -> (1, 64, s0 * 32)> : !torch.vtensor<[1,64,?],f32>
    %int1_96 = torch.constant.int 1
    %int2_97 = torch.constant.int 2
    %74 = torch.aten.transpose.int %73, %int1_96, %int2_97 : !torch.vtensor<[1,64,?],f32>, !torch.int, !torch.int -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %74, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %75 = torch.aten.cos %74 : !torch.vtensor<[1,?,64],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %75, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %76 = torch.aten.mul.Tensor %75, %66 : !torch.vtensor<[1,?,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %76, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %none_98 = torch.constant.none
    %none_99 = torch.constant.none
    %int6_100 = torch.constant.int 6
    %cpu_101 = torch.constant.device "cpu"
    %int0_102 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %76, %none_98, %none_99, %int6_100, %cpu_101, %int0_102 : !torch.vtensor<[1,?,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_103 = torch.constant.int 5
    %77 = torch.prims.convert_element_type %76, %int5_103 : !torch.vtensor<[1,?,64],f32>, !torch.int -> !torch.vtensor<[1,?,64],f16>
    torch.bind_symbolic_shape %77, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f16>
    %78 = torch.aten.sin %74 : !torch.vtensor<[1,?,64],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %78, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %79 = torch.aten.mul.Tensor %78, %66 : !torch.vtensor<[1,?,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %79, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %none_104 = torch.constant.none
    %none_105 = torch.constant.none
    %int6_106 = torch.constant.int 6
    %cpu_107 = torch.constant.device "cpu"
    %int0_108 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %79, %none_104, %none_105, %int6_106, %cpu_107, %int0_108 : !torch.vtensor<[1,?,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_109 = torch.constant.int 5
    %80 = torch.prims.convert_element_type %79, %int5_109 : !torch.vtensor<[1,?,64],f32>, !torch.int -> !torch.vtensor<[1,?,64],f16>
    torch.bind_symbolic_shape %80, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f16>
    %int2_110 = torch.constant.int 2
    %81 = torch.aten.unsqueeze %77, %int2_110 : !torch.vtensor<[1,?,64],f16>, !torch.int -> !torch.vtensor<[1,?,1,64],f16>
    torch.bind_symbolic_shape %81, [%17], affine_map<()[s0] -> (1, s0 * 32, 1, 64)> : !torch.vtensor<[1,?,1,64],f16>
    %int2_111 = torch.constant.int 2
    %82 = torch.aten.unsqueeze %80, %int2_111 : !torch.vtensor<[1,?,64],f16>, !torch.int -> !torch.vtensor<[1,?,1,64],f16>
    torch.bind_symbolic_shape %82, [%17], affine_map<()[s0] -> (1, s0 * 32, 1, 64)> : !torch.vtensor<[1,?,1,64],f16>
    %none_112 = torch.constant.none
    %none_113 = torch.constant.none
    %int5_114 = torch.constant.int 5
    %cpu_115 = torch.constant.device "cpu"
    %int0_116 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %81, %none_112, %none_113, %int5_114, %cpu_115, %int0_116 : !torch.vtensor<[1,?,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_117 = torch.constant.none
    %none_118 = torch.constant.none
    %int5_119 = torch.constant.int 5
    %cpu_120 = torch.constant.device "cpu"
    %int0_121 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %82, %none_117, %none_118, %int5_119, %cpu_120, %int0_121 : !torch.vtensor<[1,?,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_122 = torch.constant.none
    %none_123 = torch.constant.none
    %int5_124 = torch.constant.int 5
    %cpu_125 = torch.constant.device "cpu"
    %int0_126 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %53, %none_122, %none_123, %int5_124, %cpu_125, %int0_126 : !torch.vtensor<[4,?,32,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int3 = torch.constant.int 3
    %int0_127 = torch.constant.int 0
    %int64 = torch.constant.int 64
    %int1_128 = torch.constant.int 1
    %83 = torch.aten.slice.Tensor %53, %int3, %int0_127, %int64, %int1_128 : !torch.vtensor<[4,?,32,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,?,32,64],f16>
    torch.bind_symbolic_shape %83, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 64)> : !torch.vtensor<[4,?,32,64],f16>
    %int3_129 = torch.constant.int 3
    %int64_130 = torch.constant.int 64
    %int9223372036854775807 = torch.constant.int 9223372036854775807
    %int1_131 = torch.constant.int 1
    %84 = torch.aten.slice.Tensor %53, %int3_129, %int64_130, %int9223372036854775807, %int1_131 : !torch.vtensor<[4,?,32,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,?,32,64],f16>
    torch.bind_symbolic_shape %84, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 64)> : !torch.vtensor<[4,?,32,64],f16>
    %85 = torch.aten.mul.Tensor %83, %81 : !torch.vtensor<[4,?,32,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[4,?,32,64],f16>
    torch.bind_symbolic_shape %85, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 64)> : !torch.vtensor<[4,?,32,64],f16>
    %86 = torch.aten.mul.Tensor %84, %82 : !torch.vtensor<[4,?,32,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[4,?,32,64],f16>
    torch.bind_symbolic_shape %86, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 64)> : !torch.vtensor<[4,?,32,64],f16>
    %int1_132 = torch.constant.int 1
    %87 = torch.aten.sub.Tensor %85, %86, %int1_132 : !torch.vtensor<[4,?,32,64],f16>, !torch.vtensor<[4,?,32,64],f16>, !torch.int -> !torch.vtensor<[4,?,32,64],f16>
    torch.bind_symbolic_shape %87, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 64)> : !torch.vtensor<[4,?,32,64],f16>
    %88 = torch.aten.mul.Tensor %84, %81 : !torch.vtensor<[4,?,32,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[4,?,32,64],f16>
    torch.bind_symbolic_shape %88, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 64)> : !torch.vtensor<[4,?,32,64],f16>
    %89 = torch.aten.mul.Tensor %83, %82 : !torch.vtensor<[4,?,32,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[4,?,32,64],f16>
    torch.bind_symbolic_shape %89, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 64)> : !torch.vtensor<[4,?,32,64],f16>
    %int1_133 = torch.constant.int 1
    %90 = torch.aten.add.Tensor %88, %89, %int1_133 : !torch.vtensor<[4,?,32,64],f16>, !torch.vtensor<[4,?,32,64],f16>, !torch.int -> !torch.vtensor<[4,?,32,64],f16>
    torch.bind_symbolic_shape %90, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 64)> : !torch.vtensor<[4,?,32,64],f16>
    %91 = torch_c.to_builtin_tensor %87 : !torch.vtensor<[4,?,32,64],f16> -> tensor<4x?x32x64xf16>
    %cast = tensor.cast %91 : tensor<4x?x32x64xf16> to tensor<?x?x?x?xf16>
    %92 = torch_c.to_builtin_tensor %90 : !torch.vtensor<[4,?,32,64],f16> -> tensor<4x?x32x64xf16>
    %cast_134 = tensor.cast %92 : tensor<4x?x32x64xf16> to tensor<?x?x?x?xf16>
    %93 = util.call @rope_select_concat_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_TWO_2_HALFDIM_f16(%cast, %cast_134) : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x2x?xf16>
    %cast_135 = tensor.cast %93 : tensor<?x?x?x2x?xf16> to tensor<4x?x32x2x64xf16>
    %94 = torch_c.from_builtin_tensor %cast_135 : tensor<4x?x32x2x64xf16> -> !torch.vtensor<[4,?,32,2,64],f16>
    torch.bind_symbolic_shape %94, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 2, 64)> : !torch.vtensor<[4,?,32,2,64],f16>
    %int4_136 = torch.constant.int 4
    %int32_137 = torch.constant.int 32
    %int128_138 = torch.constant.int 128
    %95 = torch.prim.ListConstruct %int4_136, %21, %int32_137, %int128_138 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %96 = torch.aten.view %94, %95 : !torch.vtensor<[4,?,32,2,64],f16>, !torch.list<int> -> !torch.vtensor<[4,?,32,128],f16>
    torch.bind_symbolic_shape %96, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 128)> : !torch.vtensor<[4,?,32,128],f16>
    %none_139 = torch.constant.none
    %none_140 = torch.constant.none
    %int5_141 = torch.constant.int 5
    %cpu_142 = torch.constant.device "cpu"
    %int0_143 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %96, %none_139, %none_140, %int5_141, %cpu_142, %int0_143 : !torch.vtensor<[4,?,32,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int0_144 = torch.constant.int 0
    %none_145 = torch.constant.none
    %none_146 = torch.constant.none
    %cpu_147 = torch.constant.device "cpu"
    %false_148 = torch.constant.bool false
    %97 = torch.aten.arange.start %int0_144, %21, %none_145, %none_146, %cpu_147, %false_148 : !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %97, [%17], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int0_149 = torch.constant.int 0
    %98 = torch.aten.unsqueeze %97, %int0_149 : !torch.vtensor<[?],si64>, !torch.int -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %98, [%17], affine_map<()[s0] -> (1, s0 * 32)> : !torch.vtensor<[1,?],si64>
    %int0_150 = torch.constant.int 0
    %int128_151 = torch.constant.int 128
    %int2_152 = torch.constant.int 2
    %none_153 = torch.constant.none
    %none_154 = torch.constant.none
    %cpu_155 = torch.constant.device "cpu"
    %false_156 = torch.constant.bool false
    %99 = torch.aten.arange.start_step %int0_150, %int128_151, %int2_152, %none_153, %none_154, %cpu_155, %false_156 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[64],si64>
    %none_157 = torch.constant.none
    %none_158 = torch.constant.none
    %int4_159 = torch.constant.int 4
    %cpu_160 = torch.constant.device "cpu"
    %int0_161 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %99, %none_157, %none_158, %int4_159, %cpu_160, %int0_161 : !torch.vtensor<[64],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_162 = torch.constant.int 6
    %100 = torch.prims.convert_element_type %99, %int6_162 : !torch.vtensor<[64],si64>, !torch.int -> !torch.vtensor<[64],f32>
    %int128_163 = torch.constant.int 128
    %101 = torch.aten.div.Scalar %100, %int128_163 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[64],f32>
    %float5.000000e05_164 = torch.constant.float 5.000000e+05
    %102 = torch.aten.pow.Scalar %float5.000000e05_164, %101 : !torch.float, !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %103 = torch.aten.reciprocal %102 : !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %float1.000000e00_165 = torch.constant.float 1.000000e+00
    %104 = torch.aten.mul.Scalar %103, %float1.000000e00_165 : !torch.vtensor<[64],f32>, !torch.float -> !torch.vtensor<[64],f32>
    %none_166 = torch.constant.none
    %105 = torch.aten.clone %2, %none_166 : !torch.vtensor<[],f32>, !torch.none -> !torch.vtensor<[],f32>
    %int0_167 = torch.constant.int 0
    %106 = torch.aten.unsqueeze %104, %int0_167 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[1,64],f32>
    %int2_168 = torch.constant.int 2
    %107 = torch.aten.unsqueeze %106, %int2_168 : !torch.vtensor<[1,64],f32>, !torch.int -> !torch.vtensor<[1,64,1],f32>
    %none_169 = torch.constant.none
    %none_170 = torch.constant.none
    %int6_171 = torch.constant.int 6
    %cpu_172 = torch.constant.device "cpu"
    %int0_173 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %107, %none_169, %none_170, %int6_171, %cpu_172, %int0_173 : !torch.vtensor<[1,64,1],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_174 = torch.constant.int 1
    %int-1_175 = torch.constant.int -1
    %int1_176 = torch.constant.int 1
    %108 = torch.prim.ListConstruct %int1_174, %int-1_175, %int1_176 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_177 = torch.constant.bool false
    %109 = torch.aten.expand %107, %108, %false_177 : !torch.vtensor<[1,64,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,64,1],f32>
    %int1_178 = torch.constant.int 1
    %110 = torch.aten.unsqueeze %98, %int1_178 : !torch.vtensor<[1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],si64>
    torch.bind_symbolic_shape %110, [%17], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],si64>
    %none_179 = torch.constant.none
    %none_180 = torch.constant.none
    %int4_181 = torch.constant.int 4
    %cpu_182 = torch.constant.device "cpu"
    %int0_183 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %110, %none_179, %none_180, %int4_181, %cpu_182, %int0_183 : !torch.vtensor<[1,1,?],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_184 = torch.constant.int 6
    %111 = torch.prims.convert_element_type %110, %int6_184 : !torch.vtensor<[1,1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],f32>
    torch.bind_symbolic_shape %111, [%17], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],f32>
    %112 = torch.aten.matmul %109, %111 : !torch.vtensor<[1,64,1],f32>, !torch.vtensor<[1,1,?],f32> -> !torch.vtensor<[1,64,?],f32>
    torch.bind_symbolic_shape %112, [%17], affine_map<()[s0] -> (1, 64, s0 * 32)> : !torch.vtensor<[1,64,?],f32>
    %int1_185 = torch.constant.int 1
    %int2_186 = torch.constant.int 2
    %113 = torch.aten.transpose.int %112, %int1_185, %int2_186 : !torch.vtensor<[1,64,?],f32>, !torch.int, !torch.int -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %113, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %114 = torch.aten.cos %113 : !torch.vtensor<[1,?,64],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %114, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %115 = torch.aten.mul.Tensor %114, %105 : !torch.vtensor<[1,?,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %115, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %none_187 = torch.constant.none
    %none_188 = torch.constant.none
    %int6_189 = torch.constant.int 6
    %cpu_190 = torch.constant.device "cpu"
    %int0_191 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %115, %none_187, %none_188, %int6_189, %cpu_190, %int0_191 : !torch.vtensor<[1,?,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_192 = torch.constant.int 5
    %116 = torch.prims.convert_element_type %115, %int5_192 : !torch.vtensor<[1,?,64],f32>, !torch.int -> !torch.vtensor<[1,?,64],f16>
    torch.bind_symbolic_shape %116, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f16>
    %117 = torch.aten.sin %113 : !torch.vtensor<[1,?,64],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %117, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %118 = torch.aten.mul.Tensor %117, %105 : !torch.vtensor<[1,?,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %118, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %none_193 = torch.constant.none
    %none_194 = torch.constant.none
    %int6_195 = torch.constant.int 6
    %cpu_196 = torch.constant.device "cpu"
    %int0_197 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %118, %none_193, %none_194, %int6_195, %cpu_196, %int0_197 : !torch.vtensor<[1,?,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_198 = torch.constant.int 5
    %119 = torch.prims.convert_element_type %118, %int5_198 : !torch.vtensor<[1,?,64],f32>, !torch.int -> !torch.vtensor<[1,?,64],f16>
    torch.bind_symbolic_shape %119, [%17], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f16>
    %int2_199 = torch.constant.int 2
    %120 = torch.aten.unsqueeze %116, %int2_199 : !torch.vtensor<[1,?,64],f16>, !torch.int -> !torch.vtensor<[1,?,1,64],f16>
    torch.bind_symbolic_shape %120, [%17], affine_map<()[s0] -> (1, s0 * 32, 1, 64)> : !torch.vtensor<[1,?,1,64],f16>
    %int2_200 = torch.constant.int 2
    %121 = torch.aten.unsqueeze %119, %int2_200 : !torch.vtensor<[1,?,64],f16>, !torch.int -> !torch.vtensor<[1,?,1,64],f16>
    torch.bind_symbolic_shape %121, [%17], affine_map<()[s0] -> (1, s0 * 32, 1, 64)> : !torch.vtensor<[1,?,1,64],f16>
    %none_201 = torch.constant.none
    %none_202 = torch.constant.none
    %int5_203 = torch.constant.int 5
    %cpu_204 = torch.constant.device "cpu"
    %int0_205 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %120, %none_201, %none_202, %int5_203, %cpu_204, %int0_205 : !torch.vtensor<[1,?,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_206 = torch.constant.none
    %none_207 = torch.constant.none
    %int5_208 = torch.constant.int 5
    %cpu_209 = torch.constant.device "cpu"
    %int0_210 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %121, %none_206, %none_207, %int5_208, %cpu_209, %int0_210 : !torch.vtensor<[1,?,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_211 = torch.constant.none
    %none_212 = torch.constant.none
    %int5_213 = torch.constant.int 5
    %cpu_214 = torch.constant.device "cpu"
    %int0_215 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %55, %none_211, %none_212, %int5_213, %cpu_214, %int0_215 : !torch.vtensor<[4,?,8,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int3_216 = torch.constant.int 3
    %int0_217 = torch.constant.int 0
    %int64_218 = torch.constant.int 64
    %int1_219 = torch.constant.int 1
    %122 = torch.aten.slice.Tensor %55, %int3_216, %int0_217, %int64_218, %int1_219 : !torch.vtensor<[4,?,8,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,?,8,64],f16>
    torch.bind_symbolic_shape %122, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 64)> : !torch.vtensor<[4,?,8,64],f16>
    %int3_220 = torch.constant.int 3
    %int64_221 = torch.constant.int 64
    %int9223372036854775807_222 = torch.constant.int 9223372036854775807
    %int1_223 = torch.constant.int 1
    %123 = torch.aten.slice.Tensor %55, %int3_220, %int64_221, %int9223372036854775807_222, %int1_223 : !torch.vtensor<[4,?,8,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,?,8,64],f16>
    torch.bind_symbolic_shape %123, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 64)> : !torch.vtensor<[4,?,8,64],f16>
    %124 = torch.aten.mul.Tensor %122, %120 : !torch.vtensor<[4,?,8,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[4,?,8,64],f16>
    torch.bind_symbolic_shape %124, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 64)> : !torch.vtensor<[4,?,8,64],f16>
    %125 = torch.aten.mul.Tensor %123, %121 : !torch.vtensor<[4,?,8,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[4,?,8,64],f16>
    torch.bind_symbolic_shape %125, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 64)> : !torch.vtensor<[4,?,8,64],f16>
    %int1_224 = torch.constant.int 1
    %126 = torch.aten.sub.Tensor %124, %125, %int1_224 : !torch.vtensor<[4,?,8,64],f16>, !torch.vtensor<[4,?,8,64],f16>, !torch.int -> !torch.vtensor<[4,?,8,64],f16>
    torch.bind_symbolic_shape %126, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 64)> : !torch.vtensor<[4,?,8,64],f16>
    %127 = torch.aten.mul.Tensor %123, %120 : !torch.vtensor<[4,?,8,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[4,?,8,64],f16>
    torch.bind_symbolic_shape %127, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 64)> : !torch.vtensor<[4,?,8,64],f16>
    %128 = torch.aten.mul.Tensor %122, %121 : !torch.vtensor<[4,?,8,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[4,?,8,64],f16>
    torch.bind_symbolic_shape %128, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 64)> : !torch.vtensor<[4,?,8,64],f16>
    %int1_225 = torch.constant.int 1
    %129 = torch.aten.add.Tensor %127, %128, %int1_225 : !torch.vtensor<[4,?,8,64],f16>, !torch.vtensor<[4,?,8,64],f16>, !torch.int -> !torch.vtensor<[4,?,8,64],f16>
    torch.bind_symbolic_shape %129, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 64)> : !torch.vtensor<[4,?,8,64],f16>
    %130 = torch_c.to_builtin_tensor %126 : !torch.vtensor<[4,?,8,64],f16> -> tensor<4x?x8x64xf16>
    %cast_226 = tensor.cast %130 : tensor<4x?x8x64xf16> to tensor<?x?x?x?xf16>
    %131 = torch_c.to_builtin_tensor %129 : !torch.vtensor<[4,?,8,64],f16> -> tensor<4x?x8x64xf16>
    %cast_227 = tensor.cast %131 : tensor<4x?x8x64xf16> to tensor<?x?x?x?xf16>
    %132 = util.call @rope_select_concat_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_TWO_2_HALFDIM_f16(%cast_226, %cast_227) : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x2x?xf16>
    %cast_228 = tensor.cast %132 : tensor<?x?x?x2x?xf16> to tensor<4x?x8x2x64xf16>
    %133 = torch_c.from_builtin_tensor %cast_228 : tensor<4x?x8x2x64xf16> -> !torch.vtensor<[4,?,8,2,64],f16>
    torch.bind_symbolic_shape %133, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 2, 64)> : !torch.vtensor<[4,?,8,2,64],f16>
    %int4_229 = torch.constant.int 4
    %int8_230 = torch.constant.int 8
    %int128_231 = torch.constant.int 128
    %134 = torch.prim.ListConstruct %int4_229, %21, %int8_230, %int128_231 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %135 = torch.aten.view %133, %134 : !torch.vtensor<[4,?,8,2,64],f16>, !torch.list<int> -> !torch.vtensor<[4,?,8,128],f16>
    torch.bind_symbolic_shape %135, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 128)> : !torch.vtensor<[4,?,8,128],f16>
    %none_232 = torch.constant.none
    %none_233 = torch.constant.none
    %int5_234 = torch.constant.int 5
    %cpu_235 = torch.constant.device "cpu"
    %int0_236 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %135, %none_232, %none_233, %int5_234, %cpu_235, %int0_236 : !torch.vtensor<[4,?,8,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_237 = torch.constant.int 1
    %int2_238 = torch.constant.int 2
    %int8_239 = torch.constant.int 8
    %int32_240 = torch.constant.int 32
    %int128_241 = torch.constant.int 128
    %136 = torch.prim.ListConstruct %20, %int1_237, %int2_238, %int8_239, %int32_240, %int128_241 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %137 = torch.aten.view %15, %136 : !torch.vtensor<[?,65536],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %137, [%18], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int2_242 = torch.constant.int 2
    %138 = torch.aten.mul.int %20, %int2_242 : !torch.int, !torch.int -> !torch.int
    %int8_243 = torch.constant.int 8
    %int32_244 = torch.constant.int 32
    %int128_245 = torch.constant.int 128
    %139 = torch.prim.ListConstruct %138, %int8_243, %int32_244, %int128_245 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %140 = torch.aten.view %137, %139 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,8,32,128],f16>
    torch.bind_symbolic_shape %140, [%18], affine_map<()[s0] -> (s0 * 2, 8, 32, 128)> : !torch.vtensor<[?,8,32,128],f16>
    %int1_246 = torch.constant.int 1
    %141 = torch.aten.mul.Scalar %arg2, %int1_246 : !torch.vtensor<[4,?],si64>, !torch.int -> !torch.vtensor<[4,?],si64>
    torch.bind_symbolic_shape %141, [%17], affine_map<()[s0] -> (4, s0)> : !torch.vtensor<[4,?],si64>
    %int0_247 = torch.constant.int 0
    %int1_248 = torch.constant.int 1
    %142 = torch.aten.add.Scalar %141, %int0_247, %int1_248 : !torch.vtensor<[4,?],si64>, !torch.int, !torch.int -> !torch.vtensor<[4,?],si64>
    torch.bind_symbolic_shape %142, [%17], affine_map<()[s0] -> (4, s0)> : !torch.vtensor<[4,?],si64>
    %int2_249 = torch.constant.int 2
    %143 = torch.aten.mul.Scalar %142, %int2_249 : !torch.vtensor<[4,?],si64>, !torch.int -> !torch.vtensor<[4,?],si64>
    torch.bind_symbolic_shape %143, [%17], affine_map<()[s0] -> (4, s0)> : !torch.vtensor<[4,?],si64>
    %int0_250 = torch.constant.int 0
    %int1_251 = torch.constant.int 1
    %144 = torch.aten.add.Scalar %143, %int0_250, %int1_251 : !torch.vtensor<[4,?],si64>, !torch.int, !torch.int -> !torch.vtensor<[4,?],si64>
    torch.bind_symbolic_shape %144, [%17], affine_map<()[s0] -> (4, s0)> : !torch.vtensor<[4,?],si64>
    %int4_252 = torch.constant.int 4
    %145 = torch.aten.mul.int %int4_252, %19 : !torch.int, !torch.int -> !torch.int
    %146 = torch.prim.ListConstruct %145 : (!torch.int) -> !torch.list<int>
    %147 = torch.aten.view %144, %146 : !torch.vtensor<[4,?],si64>, !torch.list<int> -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %147, [%17], affine_map<()[s0] -> (s0 * 4)> : !torch.vtensor<[?],si64>
    %int4_253 = torch.constant.int 4
    %int32_254 = torch.constant.int 32
    %int8_255 = torch.constant.int 8
    %int128_256 = torch.constant.int 128
    %148 = torch.prim.ListConstruct %int4_253, %19, %int32_254, %int8_255, %int128_256 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %149 = torch.aten.view %135, %148 : !torch.vtensor<[4,?,8,128],f16>, !torch.list<int> -> !torch.vtensor<[4,?,32,8,128],f16>
    torch.bind_symbolic_shape %149, [%17], affine_map<()[s0] -> (4, s0, 32, 8, 128)> : !torch.vtensor<[4,?,32,8,128],f16>
    %int32_257 = torch.constant.int 32
    %int8_258 = torch.constant.int 8
    %int128_259 = torch.constant.int 128
    %150 = torch.prim.ListConstruct %145, %int32_257, %int8_258, %int128_259 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %151 = torch.aten.view %149, %150 : !torch.vtensor<[4,?,32,8,128],f16>, !torch.list<int> -> !torch.vtensor<[?,32,8,128],f16>
    torch.bind_symbolic_shape %151, [%17], affine_map<()[s0] -> (s0 * 4, 32, 8, 128)> : !torch.vtensor<[?,32,8,128],f16>
    %int1_260 = torch.constant.int 1
    %int2_261 = torch.constant.int 2
    %152 = torch.aten.transpose.int %151, %int1_260, %int2_261 : !torch.vtensor<[?,32,8,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[?,8,32,128],f16>
    torch.bind_symbolic_shape %152, [%17], affine_map<()[s0] -> (s0 * 4, 8, 32, 128)> : !torch.vtensor<[?,8,32,128],f16>
    %none_262 = torch.constant.none
    %none_263 = torch.constant.none
    %int5_264 = torch.constant.int 5
    %cpu_265 = torch.constant.device "cpu"
    %int0_266 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %152, %none_262, %none_263, %int5_264, %cpu_265, %int0_266 : !torch.vtensor<[?,8,32,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %153 = torch.prim.ListConstruct %147 : (!torch.vtensor<[?],si64>) -> !torch.list<optional<vtensor>>
    %false_267 = torch.constant.bool false
    %154 = torch.aten.index_put %140, %153, %152, %false_267 : !torch.vtensor<[?,8,32,128],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[?,8,32,128],f16>, !torch.bool -> !torch.vtensor<[?,8,32,128],f16>
    torch.bind_symbolic_shape %154, [%18], affine_map<()[s0] -> (s0 * 2, 8, 32, 128)> : !torch.vtensor<[?,8,32,128],f16>
    %int1_268 = torch.constant.int 1
    %int2_269 = torch.constant.int 2
    %int8_270 = torch.constant.int 8
    %int32_271 = torch.constant.int 32
    %int128_272 = torch.constant.int 128
    %155 = torch.prim.ListConstruct %20, %int1_268, %int2_269, %int8_270, %int32_271, %int128_272 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %156 = torch.aten.view %154, %155 : !torch.vtensor<[?,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %156, [%18], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int65536 = torch.constant.int 65536
    %157 = torch.prim.ListConstruct %20, %int65536 : (!torch.int, !torch.int) -> !torch.list<int>
    %158 = torch.aten.view %156, %157 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,65536],f16>
    torch.bind_symbolic_shape %158, [%18], affine_map<()[s0] -> (s0, 65536)> : !torch.vtensor<[?,65536],f16>
    %int1_273 = torch.constant.int 1
    %int2_274 = torch.constant.int 2
    %int8_275 = torch.constant.int 8
    %int32_276 = torch.constant.int 32
    %int128_277 = torch.constant.int 128
    %159 = torch.prim.ListConstruct %20, %int1_273, %int2_274, %int8_275, %int32_276, %int128_277 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %160 = torch.aten.view %158, %159 : !torch.vtensor<[?,65536],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %160, [%18], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int8_278 = torch.constant.int 8
    %int32_279 = torch.constant.int 32
    %int128_280 = torch.constant.int 128
    %161 = torch.prim.ListConstruct %138, %int8_278, %int32_279, %int128_280 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %162 = torch.aten.view %160, %161 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,8,32,128],f16>
    torch.bind_symbolic_shape %162, [%18], affine_map<()[s0] -> (s0 * 2, 8, 32, 128)> : !torch.vtensor<[?,8,32,128],f16>
    %int1_281 = torch.constant.int 1
    %163 = torch.aten.mul.Scalar %arg2, %int1_281 : !torch.vtensor<[4,?],si64>, !torch.int -> !torch.vtensor<[4,?],si64>
    torch.bind_symbolic_shape %163, [%17], affine_map<()[s0] -> (4, s0)> : !torch.vtensor<[4,?],si64>
    %int0_282 = torch.constant.int 0
    %int1_283 = torch.constant.int 1
    %164 = torch.aten.add.Scalar %163, %int0_282, %int1_283 : !torch.vtensor<[4,?],si64>, !torch.int, !torch.int -> !torch.vtensor<[4,?],si64>
    torch.bind_symbolic_shape %164, [%17], affine_map<()[s0] -> (4, s0)> : !torch.vtensor<[4,?],si64>
    %int2_284 = torch.constant.int 2
    %165 = torch.aten.mul.Scalar %164, %int2_284 : !torch.vtensor<[4,?],si64>, !torch.int -> !torch.vtensor<[4,?],si64>
    torch.bind_symbolic_shape %165, [%17], affine_map<()[s0] -> (4, s0)> : !torch.vtensor<[4,?],si64>
    %int1_285 = torch.constant.int 1
    %int1_286 = torch.constant.int 1
    %166 = torch.aten.add.Scalar %165, %int1_285, %int1_286 : !torch.vtensor<[4,?],si64>, !torch.int, !torch.int -> !torch.vtensor<[4,?],si64>
    torch.bind_symbolic_shape %166, [%17], affine_map<()[s0] -> (4, s0)> : !torch.vtensor<[4,?],si64>
    %167 = torch.prim.ListConstruct %145 : (!torch.int) -> !torch.list<int>
    %168 = torch.aten.view %166, %167 : !torch.vtensor<[4,?],si64>, !torch.list<int> -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %168, [%17], affine_map<()[s0] -> (s0 * 4)> : !torch.vtensor<[?],si64>
    %int4_287 = torch.constant.int 4
    %int32_288 = torch.constant.int 32
    %int8_289 = torch.constant.int 8
    %int128_290 = torch.constant.int 128
    %169 = torch.prim.ListConstruct %int4_287, %19, %int32_288, %int8_289, %int128_290 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %170 = torch.aten.view %57, %169 : !torch.vtensor<[4,?,8,128],f16>, !torch.list<int> -> !torch.vtensor<[4,?,32,8,128],f16>
    torch.bind_symbolic_shape %170, [%17], affine_map<()[s0] -> (4, s0, 32, 8, 128)> : !torch.vtensor<[4,?,32,8,128],f16>
    %int32_291 = torch.constant.int 32
    %int8_292 = torch.constant.int 8
    %int128_293 = torch.constant.int 128
    %171 = torch.prim.ListConstruct %145, %int32_291, %int8_292, %int128_293 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %172 = torch.aten.view %170, %171 : !torch.vtensor<[4,?,32,8,128],f16>, !torch.list<int> -> !torch.vtensor<[?,32,8,128],f16>
    torch.bind_symbolic_shape %172, [%17], affine_map<()[s0] -> (s0 * 4, 32, 8, 128)> : !torch.vtensor<[?,32,8,128],f16>
    %int1_294 = torch.constant.int 1
    %int2_295 = torch.constant.int 2
    %173 = torch.aten.transpose.int %172, %int1_294, %int2_295 : !torch.vtensor<[?,32,8,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[?,8,32,128],f16>
    torch.bind_symbolic_shape %173, [%17], affine_map<()[s0] -> (s0 * 4, 8, 32, 128)> : !torch.vtensor<[?,8,32,128],f16>
    %none_296 = torch.constant.none
    %none_297 = torch.constant.none
    %int5_298 = torch.constant.int 5
    %cpu_299 = torch.constant.device "cpu"
    %int0_300 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %173, %none_296, %none_297, %int5_298, %cpu_299, %int0_300 : !torch.vtensor<[?,8,32,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %174 = torch.prim.ListConstruct %168 : (!torch.vtensor<[?],si64>) -> !torch.list<optional<vtensor>>
    %false_301 = torch.constant.bool false
    %175 = torch.aten.index_put %162, %174, %173, %false_301 : !torch.vtensor<[?,8,32,128],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[?,8,32,128],f16>, !torch.bool -> !torch.vtensor<[?,8,32,128],f16>
    torch.bind_symbolic_shape %175, [%18], affine_map<()[s0] -> (s0 * 2, 8, 32, 128)> : !torch.vtensor<[?,8,32,128],f16>
    %int1_302 = torch.constant.int 1
    %int2_303 = torch.constant.int 2
    %int8_304 = torch.constant.int 8
    %int32_305 = torch.constant.int 32
    %int128_306 = torch.constant.int 128
    %176 = torch.prim.ListConstruct %20, %int1_302, %int2_303, %int8_304, %int32_305, %int128_306 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %177 = torch.aten.view %175, %176 : !torch.vtensor<[?,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %177, [%18], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int65536_307 = torch.constant.int 65536
    %178 = torch.prim.ListConstruct %20, %int65536_307 : (!torch.int, !torch.int) -> !torch.list<int>
    %179 = torch.aten.view %177, %178 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,65536],f16>
    torch.overwrite.tensor.contents %179 overwrites %arg3 : !torch.vtensor<[?,65536],f16>, !torch.tensor<[?,65536],f16>
    torch.bind_symbolic_shape %179, [%18], affine_map<()[s0] -> (s0, 65536)> : !torch.vtensor<[?,65536],f16>
    %int0_308 = torch.constant.int 0
    %int1_309 = torch.constant.int 1
    %none_310 = torch.constant.none
    %none_311 = torch.constant.none
    %cpu_312 = torch.constant.device "cpu"
    %false_313 = torch.constant.bool false
    %180 = torch.aten.arange.start_step %int0_308, %21, %int1_309, %none_310, %none_311, %cpu_312, %false_313 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %180, [%17], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int-1_314 = torch.constant.int -1
    %181 = torch.aten.unsqueeze %arg1, %int-1_314 : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4,1],si64>
    %182 = torch.aten.ge.Tensor %180, %181 : !torch.vtensor<[?],si64>, !torch.vtensor<[4,1],si64> -> !torch.vtensor<[4,?],i1>
    torch.bind_symbolic_shape %182, [%17], affine_map<()[s0] -> (4, s0 * 32)> : !torch.vtensor<[4,?],i1>
    %none_315 = torch.constant.none
    %none_316 = torch.constant.none
    %cpu_317 = torch.constant.device "cpu"
    %false_318 = torch.constant.bool false
    %183 = torch.aten.arange %21, %none_315, %none_316, %cpu_317, %false_318 : !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %183, [%17], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int0_319 = torch.constant.int 0
    %184 = torch.aten.unsqueeze %183, %int0_319 : !torch.vtensor<[?],si64>, !torch.int -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %184, [%17], affine_map<()[s0] -> (1, s0 * 32)> : !torch.vtensor<[1,?],si64>
    %int1_320 = torch.constant.int 1
    %185 = torch.aten.unsqueeze %184, %int1_320 : !torch.vtensor<[1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],si64>
    torch.bind_symbolic_shape %185, [%17], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],si64>
    %int2_321 = torch.constant.int 2
    %186 = torch.aten.unsqueeze %185, %int2_321 : !torch.vtensor<[1,1,?],si64>, !torch.int -> !torch.vtensor<[1,1,1,?],si64>
    torch.bind_symbolic_shape %186, [%17], affine_map<()[s0] -> (1, 1, 1, s0 * 32)> : !torch.vtensor<[1,1,1,?],si64>
    %none_322 = torch.constant.none
    %none_323 = torch.constant.none
    %cpu_324 = torch.constant.device "cpu"
    %false_325 = torch.constant.bool false
    %187 = torch.aten.arange %21, %none_322, %none_323, %cpu_324, %false_325 : !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %187, [%17], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int0_326 = torch.constant.int 0
    %188 = torch.aten.unsqueeze %187, %int0_326 : !torch.vtensor<[?],si64>, !torch.int -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %188, [%17], affine_map<()[s0] -> (1, s0 * 32)> : !torch.vtensor<[1,?],si64>
    %int1_327 = torch.constant.int 1
    %189 = torch.aten.unsqueeze %188, %int1_327 : !torch.vtensor<[1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],si64>
    torch.bind_symbolic_shape %189, [%17], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],si64>
    %int3_328 = torch.constant.int 3
    %190 = torch.aten.unsqueeze %189, %int3_328 : !torch.vtensor<[1,1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?,1],si64>
    torch.bind_symbolic_shape %190, [%17], affine_map<()[s0] -> (1, 1, s0 * 32, 1)> : !torch.vtensor<[1,1,?,1],si64>
    %191 = torch.aten.gt.Tensor %186, %190 : !torch.vtensor<[1,1,1,?],si64>, !torch.vtensor<[1,1,?,1],si64> -> !torch.vtensor<[1,1,?,?],i1>
    torch.bind_symbolic_shape %191, [%17], affine_map<()[s0] -> (1, 1, s0 * 32, s0 * 32)> : !torch.vtensor<[1,1,?,?],i1>
    %int1_329 = torch.constant.int 1
    %192 = torch.aten.unsqueeze %182, %int1_329 : !torch.vtensor<[4,?],i1>, !torch.int -> !torch.vtensor<[4,1,?],i1>
    torch.bind_symbolic_shape %192, [%17], affine_map<()[s0] -> (4, 1, s0 * 32)> : !torch.vtensor<[4,1,?],i1>
    %int2_330 = torch.constant.int 2
    %193 = torch.aten.unsqueeze %192, %int2_330 : !torch.vtensor<[4,1,?],i1>, !torch.int -> !torch.vtensor<[4,1,1,?],i1>
    torch.bind_symbolic_shape %193, [%17], affine_map<()[s0] -> (4, 1, 1, s0 * 32)> : !torch.vtensor<[4,1,1,?],i1>
    %194 = torch.aten.logical_or %191, %193 : !torch.vtensor<[1,1,?,?],i1>, !torch.vtensor<[4,1,1,?],i1> -> !torch.vtensor<[4,1,?,?],i1>
    torch.bind_symbolic_shape %194, [%17], affine_map<()[s0] -> (4, 1, s0 * 32, s0 * 32)> : !torch.vtensor<[4,1,?,?],i1>
    %none_331 = torch.constant.none
    %195 = torch.aten.clone %3, %none_331 : !torch.vtensor<[],f16>, !torch.none -> !torch.vtensor<[],f16>
    %int0_332 = torch.constant.int 0
    %196 = torch.aten.where.ScalarOther %194, %195, %int0_332 : !torch.vtensor<[4,1,?,?],i1>, !torch.vtensor<[],f16>, !torch.int -> !torch.vtensor<[4,1,?,?],f16>
    torch.bind_symbolic_shape %196, [%17], affine_map<()[s0] -> (4, 1, s0 * 32, s0 * 32)> : !torch.vtensor<[4,1,?,?],f16>
    %none_333 = torch.constant.none
    %none_334 = torch.constant.none
    %int5_335 = torch.constant.int 5
    %cpu_336 = torch.constant.device "cpu"
    %int0_337 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %196, %none_333, %none_334, %int5_335, %cpu_336, %int0_337 : !torch.vtensor<[4,1,?,?],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_338 = torch.constant.none
    %none_339 = torch.constant.none
    %int5_340 = torch.constant.int 5
    %cpu_341 = torch.constant.device "cpu"
    %int0_342 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %196, %none_338, %none_339, %int5_340, %cpu_341, %int0_342 : !torch.vtensor<[4,1,?,?],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int-2_343 = torch.constant.int -2
    %197 = torch.aten.unsqueeze %135, %int-2_343 : !torch.vtensor<[4,?,8,128],f16>, !torch.int -> !torch.vtensor<[4,?,8,1,128],f16>
    torch.bind_symbolic_shape %197, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 1, 128)> : !torch.vtensor<[4,?,8,1,128],f16>
    %int4_344 = torch.constant.int 4
    %int8_345 = torch.constant.int 8
    %int4_346 = torch.constant.int 4
    %int128_347 = torch.constant.int 128
    %198 = torch.prim.ListConstruct %int4_344, %21, %int8_345, %int4_346, %int128_347 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_348 = torch.constant.bool false
    %199 = torch.aten.expand %197, %198, %false_348 : !torch.vtensor<[4,?,8,1,128],f16>, !torch.list<int>, !torch.bool -> !torch.vtensor<[4,?,8,4,128],f16>
    torch.bind_symbolic_shape %199, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 4, 128)> : !torch.vtensor<[4,?,8,4,128],f16>
    %int0_349 = torch.constant.int 0
    %200 = torch.aten.clone %199, %int0_349 : !torch.vtensor<[4,?,8,4,128],f16>, !torch.int -> !torch.vtensor<[4,?,8,4,128],f16>
    torch.bind_symbolic_shape %200, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 4, 128)> : !torch.vtensor<[4,?,8,4,128],f16>
    %int4_350 = torch.constant.int 4
    %int32_351 = torch.constant.int 32
    %int128_352 = torch.constant.int 128
    %201 = torch.prim.ListConstruct %int4_350, %21, %int32_351, %int128_352 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %202 = torch.aten._unsafe_view %200, %201 : !torch.vtensor<[4,?,8,4,128],f16>, !torch.list<int> -> !torch.vtensor<[4,?,32,128],f16>
    torch.bind_symbolic_shape %202, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 128)> : !torch.vtensor<[4,?,32,128],f16>
    %int-2_353 = torch.constant.int -2
    %203 = torch.aten.unsqueeze %57, %int-2_353 : !torch.vtensor<[4,?,8,128],f16>, !torch.int -> !torch.vtensor<[4,?,8,1,128],f16>
    torch.bind_symbolic_shape %203, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 1, 128)> : !torch.vtensor<[4,?,8,1,128],f16>
    %int4_354 = torch.constant.int 4
    %int8_355 = torch.constant.int 8
    %int4_356 = torch.constant.int 4
    %int128_357 = torch.constant.int 128
    %204 = torch.prim.ListConstruct %int4_354, %21, %int8_355, %int4_356, %int128_357 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_358 = torch.constant.bool false
    %205 = torch.aten.expand %203, %204, %false_358 : !torch.vtensor<[4,?,8,1,128],f16>, !torch.list<int>, !torch.bool -> !torch.vtensor<[4,?,8,4,128],f16>
    torch.bind_symbolic_shape %205, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 4, 128)> : !torch.vtensor<[4,?,8,4,128],f16>
    %int0_359 = torch.constant.int 0
    %206 = torch.aten.clone %205, %int0_359 : !torch.vtensor<[4,?,8,4,128],f16>, !torch.int -> !torch.vtensor<[4,?,8,4,128],f16>
    torch.bind_symbolic_shape %206, [%17], affine_map<()[s0] -> (4, s0 * 32, 8, 4, 128)> : !torch.vtensor<[4,?,8,4,128],f16>
    %int4_360 = torch.constant.int 4
    %int32_361 = torch.constant.int 32
    %int128_362 = torch.constant.int 128
    %207 = torch.prim.ListConstruct %int4_360, %21, %int32_361, %int128_362 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %208 = torch.aten._unsafe_view %206, %207 : !torch.vtensor<[4,?,8,4,128],f16>, !torch.list<int> -> !torch.vtensor<[4,?,32,128],f16>
    torch.bind_symbolic_shape %208, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 128)> : !torch.vtensor<[4,?,32,128],f16>
    %int1_363 = torch.constant.int 1
    %int2_364 = torch.constant.int 2
    %209 = torch.aten.transpose.int %96, %int1_363, %int2_364 : !torch.vtensor<[4,?,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[4,32,?,128],f16>
    torch.bind_symbolic_shape %209, [%17], affine_map<()[s0] -> (4, 32, s0 * 32, 128)> : !torch.vtensor<[4,32,?,128],f16>
    %int1_365 = torch.constant.int 1
    %int2_366 = torch.constant.int 2
    %210 = torch.aten.transpose.int %202, %int1_365, %int2_366 : !torch.vtensor<[4,?,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[4,32,?,128],f16>
    torch.bind_symbolic_shape %210, [%17], affine_map<()[s0] -> (4, 32, s0 * 32, 128)> : !torch.vtensor<[4,32,?,128],f16>
    %int1_367 = torch.constant.int 1
    %int2_368 = torch.constant.int 2
    %211 = torch.aten.transpose.int %208, %int1_367, %int2_368 : !torch.vtensor<[4,?,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[4,32,?,128],f16>
    torch.bind_symbolic_shape %211, [%17], affine_map<()[s0] -> (4, 32, s0 * 32, 128)> : !torch.vtensor<[4,32,?,128],f16>
    %float0.000000e00 = torch.constant.float 0.000000e+00
    %false_369 = torch.constant.bool false
    %none_370 = torch.constant.none
    %false_371 = torch.constant.bool false
    %212 = torch.aten.scaled_dot_product_attention %209, %210, %211, %196, %float0.000000e00, %false_369, %none_370, %false_371 : !torch.vtensor<[4,32,?,128],f16>, !torch.vtensor<[4,32,?,128],f16>, !torch.vtensor<[4,32,?,128],f16>, !torch.vtensor<[4,1,?,?],f16>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[4,32,?,128],f16>
    torch.bind_symbolic_shape %212, [%17], affine_map<()[s0] -> (4, 32, s0 * 32, 128)> : !torch.vtensor<[4,32,?,128],f16>
    %int1_372 = torch.constant.int 1
    %int2_373 = torch.constant.int 2
    %213 = torch.aten.transpose.int %212, %int1_372, %int2_373 : !torch.vtensor<[4,32,?,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[4,?,32,128],f16>
    torch.bind_symbolic_shape %213, [%17], affine_map<()[s0] -> (4, s0 * 32, 32, 128)> : !torch.vtensor<[4,?,32,128],f16>
    %int4_374 = torch.constant.int 4
    %int4096_375 = torch.constant.int 4096
    %214 = torch.prim.ListConstruct %int4_374, %21, %int4096_375 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %215 = torch.aten.view %213, %214 : !torch.vtensor<[4,?,32,128],f16>, !torch.list<int> -> !torch.vtensor<[4,?,4096],f16>
    torch.bind_symbolic_shape %215, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f16>
    %int-2_376 = torch.constant.int -2
    %int-1_377 = torch.constant.int -1
    %216 = torch.aten.transpose.int %8, %int-2_376, %int-1_377 : !torch.vtensor<[4096,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,4096],f16>
    %none_378 = torch.constant.none
    %none_379 = torch.constant.none
    %int5_380 = torch.constant.int 5
    %cpu_381 = torch.constant.device "cpu"
    %int0_382 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %216, %none_378, %none_379, %int5_380, %cpu_381, %int0_382 : !torch.vtensor<[4096,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4096_383 = torch.constant.int 4096
    %217 = torch.prim.ListConstruct %34, %int4096_383 : (!torch.int, !torch.int) -> !torch.list<int>
    %218 = torch.aten.view %215, %217 : !torch.vtensor<[4,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %218, [%17], affine_map<()[s0] -> (s0 * 128, 4096)> : !torch.vtensor<[?,4096],f16>
    %219 = torch.aten.matmul %218, %216 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[4096,4096],f16> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %219, [%17], affine_map<()[s0] -> (s0 * 128, 4096)> : !torch.vtensor<[?,4096],f16>
    %int4_384 = torch.constant.int 4
    %int4096_385 = torch.constant.int 4096
    %220 = torch.prim.ListConstruct %int4_384, %21, %int4096_385 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %221 = torch.aten.view %219, %220 : !torch.vtensor<[?,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,?,4096],f16>
    torch.bind_symbolic_shape %221, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f16>
    %none_386 = torch.constant.none
    %none_387 = torch.constant.none
    %int5_388 = torch.constant.int 5
    %cpu_389 = torch.constant.device "cpu"
    %int0_390 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %221, %none_386, %none_387, %int5_388, %cpu_389, %int0_390 : !torch.vtensor<[4,?,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_391 = torch.constant.int 1
    %222 = torch.aten.add.Tensor %22, %221, %int1_391 : !torch.vtensor<[4,?,4096],f16>, !torch.vtensor<[4,?,4096],f16>, !torch.int -> !torch.vtensor<[4,?,4096],f16>
    torch.bind_symbolic_shape %222, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f16>
    %none_392 = torch.constant.none
    %none_393 = torch.constant.none
    %int5_394 = torch.constant.int 5
    %cpu_395 = torch.constant.device "cpu"
    %int0_396 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %222, %none_392, %none_393, %int5_394, %cpu_395, %int0_396 : !torch.vtensor<[4,?,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_397 = torch.constant.int 6
    %223 = torch.prims.convert_element_type %222, %int6_397 : !torch.vtensor<[4,?,4096],f16>, !torch.int -> !torch.vtensor<[4,?,4096],f32>
    torch.bind_symbolic_shape %223, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f32>
    %int2_398 = torch.constant.int 2
    %224 = torch.aten.pow.Tensor_Scalar %223, %int2_398 : !torch.vtensor<[4,?,4096],f32>, !torch.int -> !torch.vtensor<[4,?,4096],f32>
    torch.bind_symbolic_shape %224, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f32>
    %int-1_399 = torch.constant.int -1
    %225 = torch.prim.ListConstruct %int-1_399 : (!torch.int) -> !torch.list<int>
    %true_400 = torch.constant.bool true
    %none_401 = torch.constant.none
    %226 = torch.aten.mean.dim %224, %225, %true_400, %none_401 : !torch.vtensor<[4,?,4096],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[4,?,1],f32>
    torch.bind_symbolic_shape %226, [%17], affine_map<()[s0] -> (4, s0 * 32, 1)> : !torch.vtensor<[4,?,1],f32>
    %float1.000000e-05_402 = torch.constant.float 1.000000e-05
    %int1_403 = torch.constant.int 1
    %227 = torch.aten.add.Scalar %226, %float1.000000e-05_402, %int1_403 : !torch.vtensor<[4,?,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[4,?,1],f32>
    torch.bind_symbolic_shape %227, [%17], affine_map<()[s0] -> (4, s0 * 32, 1)> : !torch.vtensor<[4,?,1],f32>
    %228 = torch.aten.rsqrt %227 : !torch.vtensor<[4,?,1],f32> -> !torch.vtensor<[4,?,1],f32>
    torch.bind_symbolic_shape %228, [%17], affine_map<()[s0] -> (4, s0 * 32, 1)> : !torch.vtensor<[4,?,1],f32>
    %229 = torch.aten.mul.Tensor %223, %228 : !torch.vtensor<[4,?,4096],f32>, !torch.vtensor<[4,?,1],f32> -> !torch.vtensor<[4,?,4096],f32>
    torch.bind_symbolic_shape %229, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f32>
    %none_404 = torch.constant.none
    %none_405 = torch.constant.none
    %int6_406 = torch.constant.int 6
    %cpu_407 = torch.constant.device "cpu"
    %int0_408 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %229, %none_404, %none_405, %int6_406, %cpu_407, %int0_408 : !torch.vtensor<[4,?,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_409 = torch.constant.int 5
    %230 = torch.prims.convert_element_type %229, %int5_409 : !torch.vtensor<[4,?,4096],f32>, !torch.int -> !torch.vtensor<[4,?,4096],f16>
    torch.bind_symbolic_shape %230, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f16>
    %231 = torch.aten.mul.Tensor %9, %230 : !torch.vtensor<[4096],f32>, !torch.vtensor<[4,?,4096],f16> -> !torch.vtensor<[4,?,4096],f32>
    torch.bind_symbolic_shape %231, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f32>
    %none_410 = torch.constant.none
    %none_411 = torch.constant.none
    %int6_412 = torch.constant.int 6
    %cpu_413 = torch.constant.device "cpu"
    %int0_414 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %231, %none_410, %none_411, %int6_412, %cpu_413, %int0_414 : !torch.vtensor<[4,?,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_415 = torch.constant.int 5
    %232 = torch.prims.convert_element_type %231, %int5_415 : !torch.vtensor<[4,?,4096],f32>, !torch.int -> !torch.vtensor<[4,?,4096],f16>
    torch.bind_symbolic_shape %232, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f16>
    %int-2_416 = torch.constant.int -2
    %int-1_417 = torch.constant.int -1
    %233 = torch.aten.transpose.int %10, %int-2_416, %int-1_417 : !torch.vtensor<[14336,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,14336],f16>
    %none_418 = torch.constant.none
    %none_419 = torch.constant.none
    %int5_420 = torch.constant.int 5
    %cpu_421 = torch.constant.device "cpu"
    %int0_422 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %233, %none_418, %none_419, %int5_420, %cpu_421, %int0_422 : !torch.vtensor<[4096,14336],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4096_423 = torch.constant.int 4096
    %234 = torch.prim.ListConstruct %34, %int4096_423 : (!torch.int, !torch.int) -> !torch.list<int>
    %235 = torch.aten.view %232, %234 : !torch.vtensor<[4,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %235, [%17], affine_map<()[s0] -> (s0 * 128, 4096)> : !torch.vtensor<[?,4096],f16>
    %236 = torch.aten.matmul %235, %233 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[4096,14336],f16> -> !torch.vtensor<[?,14336],f16>
    torch.bind_symbolic_shape %236, [%17], affine_map<()[s0] -> (s0 * 128, 14336)> : !torch.vtensor<[?,14336],f16>
    %int4_424 = torch.constant.int 4
    %int14336 = torch.constant.int 14336
    %237 = torch.prim.ListConstruct %int4_424, %21, %int14336 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %238 = torch.aten.view %236, %237 : !torch.vtensor<[?,14336],f16>, !torch.list<int> -> !torch.vtensor<[4,?,14336],f16>
    torch.bind_symbolic_shape %238, [%17], affine_map<()[s0] -> (4, s0 * 32, 14336)> : !torch.vtensor<[4,?,14336],f16>
    %239 = torch.aten.silu %238 : !torch.vtensor<[4,?,14336],f16> -> !torch.vtensor<[4,?,14336],f16>
    torch.bind_symbolic_shape %239, [%17], affine_map<()[s0] -> (4, s0 * 32, 14336)> : !torch.vtensor<[4,?,14336],f16>
    %int-2_425 = torch.constant.int -2
    %int-1_426 = torch.constant.int -1
    %240 = torch.aten.transpose.int %11, %int-2_425, %int-1_426 : !torch.vtensor<[14336,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,14336],f16>
    %none_427 = torch.constant.none
    %none_428 = torch.constant.none
    %int5_429 = torch.constant.int 5
    %cpu_430 = torch.constant.device "cpu"
    %int0_431 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %240, %none_427, %none_428, %int5_429, %cpu_430, %int0_431 : !torch.vtensor<[4096,14336],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4096_432 = torch.constant.int 4096
    %241 = torch.prim.ListConstruct %34, %int4096_432 : (!torch.int, !torch.int) -> !torch.list<int>
    %242 = torch.aten.view %232, %241 : !torch.vtensor<[4,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %242, [%17], affine_map<()[s0] -> (s0 * 128, 4096)> : !torch.vtensor<[?,4096],f16>
    %243 = torch.aten.matmul %242, %240 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[4096,14336],f16> -> !torch.vtensor<[?,14336],f16>
    torch.bind_symbolic_shape %243, [%17], affine_map<()[s0] -> (s0 * 128, 14336)> : !torch.vtensor<[?,14336],f16>
    %int4_433 = torch.constant.int 4
    %int14336_434 = torch.constant.int 14336
    %244 = torch.prim.ListConstruct %int4_433, %21, %int14336_434 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %245 = torch.aten.view %243, %244 : !torch.vtensor<[?,14336],f16>, !torch.list<int> -> !torch.vtensor<[4,?,14336],f16>
    torch.bind_symbolic_shape %245, [%17], affine_map<()[s0] -> (4, s0 * 32, 14336)> : !torch.vtensor<[4,?,14336],f16>
    %246 = torch.aten.mul.Tensor %239, %245 : !torch.vtensor<[4,?,14336],f16>, !torch.vtensor<[4,?,14336],f16> -> !torch.vtensor<[4,?,14336],f16>
    torch.bind_symbolic_shape %246, [%17], affine_map<()[s0] -> (4, s0 * 32, 14336)> : !torch.vtensor<[4,?,14336],f16>
    %int-2_435 = torch.constant.int -2
    %int-1_436 = torch.constant.int -1
    %247 = torch.aten.transpose.int %12, %int-2_435, %int-1_436 : !torch.vtensor<[4096,14336],f16>, !torch.int, !torch.int -> !torch.vtensor<[14336,4096],f16>
    %none_437 = torch.constant.none
    %none_438 = torch.constant.none
    %int5_439 = torch.constant.int 5
    %cpu_440 = torch.constant.device "cpu"
    %int0_441 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %247, %none_437, %none_438, %int5_439, %cpu_440, %int0_441 : !torch.vtensor<[14336,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int14336_442 = torch.constant.int 14336
    %248 = torch.prim.ListConstruct %34, %int14336_442 : (!torch.int, !torch.int) -> !torch.list<int>
    %249 = torch.aten.view %246, %248 : !torch.vtensor<[4,?,14336],f16>, !torch.list<int> -> !torch.vtensor<[?,14336],f16>
    torch.bind_symbolic_shape %249, [%17], affine_map<()[s0] -> (s0 * 128, 14336)> : !torch.vtensor<[?,14336],f16>
    %250 = torch.aten.matmul %249, %247 : !torch.vtensor<[?,14336],f16>, !torch.vtensor<[14336,4096],f16> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %250, [%17], affine_map<()[s0] -> (s0 * 128, 4096)> : !torch.vtensor<[?,4096],f16>
    %int4_443 = torch.constant.int 4
    %int4096_444 = torch.constant.int 4096
    %251 = torch.prim.ListConstruct %int4_443, %21, %int4096_444 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %252 = torch.aten.view %250, %251 : !torch.vtensor<[?,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,?,4096],f16>
    torch.bind_symbolic_shape %252, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f16>
    %int1_445 = torch.constant.int 1
    %253 = torch.aten.add.Tensor %222, %252, %int1_445 : !torch.vtensor<[4,?,4096],f16>, !torch.vtensor<[4,?,4096],f16>, !torch.int -> !torch.vtensor<[4,?,4096],f16>
    torch.bind_symbolic_shape %253, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f16>
    %none_446 = torch.constant.none
    %none_447 = torch.constant.none
    %int5_448 = torch.constant.int 5
    %cpu_449 = torch.constant.device "cpu"
    %int0_450 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %253, %none_446, %none_447, %int5_448, %cpu_449, %int0_450 : !torch.vtensor<[4,?,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_451 = torch.constant.none
    %none_452 = torch.constant.none
    %int5_453 = torch.constant.int 5
    %cpu_454 = torch.constant.device "cpu"
    %int0_455 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %253, %none_451, %none_452, %int5_453, %cpu_454, %int0_455 : !torch.vtensor<[4,?,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_456 = torch.constant.int 6
    %254 = torch.prims.convert_element_type %253, %int6_456 : !torch.vtensor<[4,?,4096],f16>, !torch.int -> !torch.vtensor<[4,?,4096],f32>
    torch.bind_symbolic_shape %254, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f32>
    %int2_457 = torch.constant.int 2
    %255 = torch.aten.pow.Tensor_Scalar %254, %int2_457 : !torch.vtensor<[4,?,4096],f32>, !torch.int -> !torch.vtensor<[4,?,4096],f32>
    torch.bind_symbolic_shape %255, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f32>
    %int-1_458 = torch.constant.int -1
    %256 = torch.prim.ListConstruct %int-1_458 : (!torch.int) -> !torch.list<int>
    %true_459 = torch.constant.bool true
    %none_460 = torch.constant.none
    %257 = torch.aten.mean.dim %255, %256, %true_459, %none_460 : !torch.vtensor<[4,?,4096],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[4,?,1],f32>
    torch.bind_symbolic_shape %257, [%17], affine_map<()[s0] -> (4, s0 * 32, 1)> : !torch.vtensor<[4,?,1],f32>
    %float1.000000e-05_461 = torch.constant.float 1.000000e-05
    %int1_462 = torch.constant.int 1
    %258 = torch.aten.add.Scalar %257, %float1.000000e-05_461, %int1_462 : !torch.vtensor<[4,?,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[4,?,1],f32>
    torch.bind_symbolic_shape %258, [%17], affine_map<()[s0] -> (4, s0 * 32, 1)> : !torch.vtensor<[4,?,1],f32>
    %259 = torch.aten.rsqrt %258 : !torch.vtensor<[4,?,1],f32> -> !torch.vtensor<[4,?,1],f32>
    torch.bind_symbolic_shape %259, [%17], affine_map<()[s0] -> (4, s0 * 32, 1)> : !torch.vtensor<[4,?,1],f32>
    %260 = torch.aten.mul.Tensor %254, %259 : !torch.vtensor<[4,?,4096],f32>, !torch.vtensor<[4,?,1],f32> -> !torch.vtensor<[4,?,4096],f32>
    torch.bind_symbolic_shape %260, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f32>
    %none_463 = torch.constant.none
    %none_464 = torch.constant.none
    %int6_465 = torch.constant.int 6
    %cpu_466 = torch.constant.device "cpu"
    %int0_467 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %260, %none_463, %none_464, %int6_465, %cpu_466, %int0_467 : !torch.vtensor<[4,?,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_468 = torch.constant.int 5
    %261 = torch.prims.convert_element_type %260, %int5_468 : !torch.vtensor<[4,?,4096],f32>, !torch.int -> !torch.vtensor<[4,?,4096],f16>
    torch.bind_symbolic_shape %261, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f16>
    %262 = torch.aten.mul.Tensor %13, %261 : !torch.vtensor<[1,4096],f32>, !torch.vtensor<[4,?,4096],f16> -> !torch.vtensor<[4,?,4096],f32>
    torch.bind_symbolic_shape %262, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f32>
    %none_469 = torch.constant.none
    %none_470 = torch.constant.none
    %int6_471 = torch.constant.int 6
    %cpu_472 = torch.constant.device "cpu"
    %int0_473 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %262, %none_469, %none_470, %int6_471, %cpu_472, %int0_473 : !torch.vtensor<[4,?,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_474 = torch.constant.int 5
    %263 = torch.prims.convert_element_type %262, %int5_474 : !torch.vtensor<[4,?,4096],f32>, !torch.int -> !torch.vtensor<[4,?,4096],f16>
    torch.bind_symbolic_shape %263, [%17], affine_map<()[s0] -> (4, s0 * 32, 4096)> : !torch.vtensor<[4,?,4096],f16>
    %int-2_475 = torch.constant.int -2
    %int-1_476 = torch.constant.int -1
    %264 = torch.aten.transpose.int %14, %int-2_475, %int-1_476 : !torch.vtensor<[128256,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,128256],f16>
    %none_477 = torch.constant.none
    %none_478 = torch.constant.none
    %int5_479 = torch.constant.int 5
    %cpu_480 = torch.constant.device "cpu"
    %int0_481 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %264, %none_477, %none_478, %int5_479, %cpu_480, %int0_481 : !torch.vtensor<[4096,128256],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4096_482 = torch.constant.int 4096
    %265 = torch.prim.ListConstruct %34, %int4096_482 : (!torch.int, !torch.int) -> !torch.list<int>
    %266 = torch.aten.view %263, %265 : !torch.vtensor<[4,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %266, [%17], affine_map<()[s0] -> (s0 * 128, 4096)> : !torch.vtensor<[?,4096],f16>
    %267 = torch.aten.matmul %266, %264 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[4096,128256],f16> -> !torch.vtensor<[?,128256],f16>
    torch.bind_symbolic_shape %267, [%17], affine_map<()[s0] -> (s0 * 128, 128256)> : !torch.vtensor<[?,128256],f16>
    %int4_483 = torch.constant.int 4
    %int128256 = torch.constant.int 128256
    %268 = torch.prim.ListConstruct %int4_483, %21, %int128256 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %269 = torch.aten.view %267, %268 : !torch.vtensor<[?,128256],f16>, !torch.list<int> -> !torch.vtensor<[4,?,128256],f16>
    torch.bind_symbolic_shape %269, [%17], affine_map<()[s0] -> (4, s0 * 32, 128256)> : !torch.vtensor<[4,?,128256],f16>
    return %269 : !torch.vtensor<[4,?,128256],f16>
  }
  func.func @decode_bs4(%arg0: !torch.vtensor<[4,1],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg1: !torch.vtensor<[4],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg2: !torch.vtensor<[4],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg3: !torch.vtensor<[4,?],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg4: !torch.tensor<[?,65536],f16> {iree.abi.affinity = #hal.device.promise<@__device_0>}) -> !torch.vtensor<[4,1,128256],f16> attributes {torch.assume_strict_symbolic_shapes} {
    %__auto.token_embd.weight = util.global.load @__auto.token_embd.weight : tensor<128256x4096xf16>
    %0 = torch_c.from_builtin_tensor %__auto.token_embd.weight : tensor<128256x4096xf16> -> !torch.vtensor<[128256,4096],f16>
    %1 = torch.vtensor.literal(dense<1.000000e+00> : tensor<f32>) : !torch.vtensor<[],f32>
    %2 = torch.vtensor.literal(dense<1.000000e+00> : tensor<f32>) : !torch.vtensor<[],f32>
    %3 = torch.vtensor.literal(dense<0> : tensor<si64>) : !torch.vtensor<[],si64>
    %4 = torch.vtensor.literal(dense<1> : tensor<si64>) : !torch.vtensor<[],si64>
    %5 = torch.vtensor.literal(dense<0> : tensor<si64>) : !torch.vtensor<[],si64>
    %6 = torch.vtensor.literal(dense<0> : tensor<si64>) : !torch.vtensor<[],si64>
    %7 = torch.vtensor.literal(dense<1> : tensor<si64>) : !torch.vtensor<[],si64>
    %8 = torch.vtensor.literal(dense<0xFC00> : tensor<f16>) : !torch.vtensor<[],f16>
    %__auto.blk.0.attn_norm.weight = util.global.load @__auto.blk.0.attn_norm.weight : tensor<4096xf32>
    %9 = torch_c.from_builtin_tensor %__auto.blk.0.attn_norm.weight : tensor<4096xf32> -> !torch.vtensor<[4096],f32>
    %__auto.blk.0.attn_q.weight = util.global.load @__auto.blk.0.attn_q.weight : tensor<4096x4096xf16>
    %10 = torch_c.from_builtin_tensor %__auto.blk.0.attn_q.weight : tensor<4096x4096xf16> -> !torch.vtensor<[4096,4096],f16>
    %__auto.blk.0.attn_k.weight = util.global.load @__auto.blk.0.attn_k.weight : tensor<1024x4096xf16>
    %11 = torch_c.from_builtin_tensor %__auto.blk.0.attn_k.weight : tensor<1024x4096xf16> -> !torch.vtensor<[1024,4096],f16>
    %__auto.blk.0.attn_v.weight = util.global.load @__auto.blk.0.attn_v.weight : tensor<1024x4096xf16>
    %12 = torch_c.from_builtin_tensor %__auto.blk.0.attn_v.weight : tensor<1024x4096xf16> -> !torch.vtensor<[1024,4096],f16>
    %__auto.blk.0.attn_output.weight = util.global.load @__auto.blk.0.attn_output.weight : tensor<4096x4096xf16>
    %13 = torch_c.from_builtin_tensor %__auto.blk.0.attn_output.weight : tensor<4096x4096xf16> -> !torch.vtensor<[4096,4096],f16>
    %__auto.blk.0.ffn_norm.weight = util.global.load @__auto.blk.0.ffn_norm.weight : tensor<4096xf32>
    %14 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_norm.weight : tensor<4096xf32> -> !torch.vtensor<[4096],f32>
    %__auto.blk.0.ffn_gate.weight = util.global.load @__auto.blk.0.ffn_gate.weight : tensor<14336x4096xf16>
    %15 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_gate.weight : tensor<14336x4096xf16> -> !torch.vtensor<[14336,4096],f16>
    %__auto.blk.0.ffn_up.weight = util.global.load @__auto.blk.0.ffn_up.weight : tensor<14336x4096xf16>
    %16 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_up.weight : tensor<14336x4096xf16> -> !torch.vtensor<[14336,4096],f16>
    %__auto.blk.0.ffn_down.weight = util.global.load @__auto.blk.0.ffn_down.weight : tensor<4096x14336xf16>
    %17 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_down.weight : tensor<4096x14336xf16> -> !torch.vtensor<[4096,14336],f16>
    %__auto.output_norm.weight = util.global.load @__auto.output_norm.weight : tensor<1x4096xf32>
    %18 = torch_c.from_builtin_tensor %__auto.output_norm.weight : tensor<1x4096xf32> -> !torch.vtensor<[1,4096],f32>
    %__auto.output.weight = util.global.load @__auto.output.weight : tensor<128256x4096xf16>
    %19 = torch_c.from_builtin_tensor %__auto.output.weight : tensor<128256x4096xf16> -> !torch.vtensor<[128256,4096],f16>
    %20 = torch.copy.to_vtensor %arg4 : !torch.vtensor<[?,65536],f16>
    %21 = torch.symbolic_int "s23" {min_val = 2, max_val = 127} : !torch.int
    %22 = torch.symbolic_int "s98" {min_val = 0, max_val = 9223372036854775807} : !torch.int
    torch.bind_symbolic_shape %arg3, [%21], affine_map<()[s0] -> (4, s0)> : !torch.vtensor<[4,?],si64>
    torch.bind_symbolic_shape %20, [%22], affine_map<()[s0] -> (s0, 65536)> : !torch.vtensor<[?,65536],f16>
    %int1 = torch.constant.int 1
    %23 = torch.aten.size.int %arg3, %int1 : !torch.vtensor<[4,?],si64>, !torch.int -> !torch.int
    %int0 = torch.constant.int 0
    %24 = torch.aten.size.int %20, %int0 : !torch.vtensor<[?,65536],f16>, !torch.int -> !torch.int
    %none = torch.constant.none
    %none_0 = torch.constant.none
    %int5 = torch.constant.int 5
    %cpu = torch.constant.device "cpu"
    %int0_1 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %0, %none, %none_0, %int5, %cpu, %int0_1 : !torch.vtensor<[128256,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int-1 = torch.constant.int -1
    %false = torch.constant.bool false
    %false_2 = torch.constant.bool false
    %25 = torch.aten.embedding %0, %arg0, %int-1, %false, %false_2 : !torch.vtensor<[128256,4096],f16>, !torch.vtensor<[4,1],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[4,1,4096],f16>
    %none_3 = torch.constant.none
    %none_4 = torch.constant.none
    %int5_5 = torch.constant.int 5
    %cpu_6 = torch.constant.device "cpu"
    %int0_7 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %25, %none_3, %none_4, %int5_5, %cpu_6, %int0_7 : !torch.vtensor<[4,1,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6 = torch.constant.int 6
    %26 = torch.prims.convert_element_type %25, %int6 : !torch.vtensor<[4,1,4096],f16>, !torch.int -> !torch.vtensor<[4,1,4096],f32>
    %int2 = torch.constant.int 2
    %27 = torch.aten.pow.Tensor_Scalar %26, %int2 : !torch.vtensor<[4,1,4096],f32>, !torch.int -> !torch.vtensor<[4,1,4096],f32>
    %int-1_8 = torch.constant.int -1
    %28 = torch.prim.ListConstruct %int-1_8 : (!torch.int) -> !torch.list<int>
    %true = torch.constant.bool true
    %none_9 = torch.constant.none
    %29 = torch.aten.mean.dim %27, %28, %true, %none_9 : !torch.vtensor<[4,1,4096],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[4,1,1],f32>
    %float1.000000e-05 = torch.constant.float 1.000000e-05
    %int1_10 = torch.constant.int 1
    %30 = torch.aten.add.Scalar %29, %float1.000000e-05, %int1_10 : !torch.vtensor<[4,1,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[4,1,1],f32>
    %31 = torch.aten.rsqrt %30 : !torch.vtensor<[4,1,1],f32> -> !torch.vtensor<[4,1,1],f32>
    %32 = torch.aten.mul.Tensor %26, %31 : !torch.vtensor<[4,1,4096],f32>, !torch.vtensor<[4,1,1],f32> -> !torch.vtensor<[4,1,4096],f32>
    %none_11 = torch.constant.none
    %none_12 = torch.constant.none
    %int6_13 = torch.constant.int 6
    %cpu_14 = torch.constant.device "cpu"
    %int0_15 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %32, %none_11, %none_12, %int6_13, %cpu_14, %int0_15 : !torch.vtensor<[4,1,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_16 = torch.constant.int 5
    %33 = torch.prims.convert_element_type %32, %int5_16 : !torch.vtensor<[4,1,4096],f32>, !torch.int -> !torch.vtensor<[4,1,4096],f16>
    %34 = torch.aten.mul.Tensor %9, %33 : !torch.vtensor<[4096],f32>, !torch.vtensor<[4,1,4096],f16> -> !torch.vtensor<[4,1,4096],f32>
    %none_17 = torch.constant.none
    %none_18 = torch.constant.none
    %int6_19 = torch.constant.int 6
    %cpu_20 = torch.constant.device "cpu"
    %int0_21 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %34, %none_17, %none_18, %int6_19, %cpu_20, %int0_21 : !torch.vtensor<[4,1,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_22 = torch.constant.int 5
    %35 = torch.prims.convert_element_type %34, %int5_22 : !torch.vtensor<[4,1,4096],f32>, !torch.int -> !torch.vtensor<[4,1,4096],f16>
    %int-2 = torch.constant.int -2
    %int-1_23 = torch.constant.int -1
    %36 = torch.aten.transpose.int %10, %int-2, %int-1_23 : !torch.vtensor<[4096,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,4096],f16>
    %none_24 = torch.constant.none
    %none_25 = torch.constant.none
    %int5_26 = torch.constant.int 5
    %cpu_27 = torch.constant.device "cpu"
    %int0_28 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %36, %none_24, %none_25, %int5_26, %cpu_27, %int0_28 : !torch.vtensor<[4096,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4 = torch.constant.int 4
    %int4096 = torch.constant.int 4096
    %37 = torch.prim.ListConstruct %int4, %int4096 : (!torch.int, !torch.int) -> !torch.list<int>
    %38 = torch.aten.view %35, %37 : !torch.vtensor<[4,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,4096],f16>
    %39 = torch.aten.matmul %38, %36 : !torch.vtensor<[4,4096],f16>, !torch.vtensor<[4096,4096],f16> -> !torch.vtensor<[4,4096],f16>
    %int4_29 = torch.constant.int 4
    %int1_30 = torch.constant.int 1
    %int4096_31 = torch.constant.int 4096
    %40 = torch.prim.ListConstruct %int4_29, %int1_30, %int4096_31 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %41 = torch.aten.view %39, %40 : !torch.vtensor<[4,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,1,4096],f16>
    %int-2_32 = torch.constant.int -2
    %int-1_33 = torch.constant.int -1
    %42 = torch.aten.transpose.int %11, %int-2_32, %int-1_33 : !torch.vtensor<[1024,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,1024],f16>
    %none_34 = torch.constant.none
    %none_35 = torch.constant.none
    %int5_36 = torch.constant.int 5
    %cpu_37 = torch.constant.device "cpu"
    %int0_38 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %42, %none_34, %none_35, %int5_36, %cpu_37, %int0_38 : !torch.vtensor<[4096,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4_39 = torch.constant.int 4
    %int4096_40 = torch.constant.int 4096
    %43 = torch.prim.ListConstruct %int4_39, %int4096_40 : (!torch.int, !torch.int) -> !torch.list<int>
    %44 = torch.aten.view %35, %43 : !torch.vtensor<[4,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,4096],f16>
    %45 = torch.aten.matmul %44, %42 : !torch.vtensor<[4,4096],f16>, !torch.vtensor<[4096,1024],f16> -> !torch.vtensor<[4,1024],f16>
    %int4_41 = torch.constant.int 4
    %int1_42 = torch.constant.int 1
    %int1024 = torch.constant.int 1024
    %46 = torch.prim.ListConstruct %int4_41, %int1_42, %int1024 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %47 = torch.aten.view %45, %46 : !torch.vtensor<[4,1024],f16>, !torch.list<int> -> !torch.vtensor<[4,1,1024],f16>
    %int-2_43 = torch.constant.int -2
    %int-1_44 = torch.constant.int -1
    %48 = torch.aten.transpose.int %12, %int-2_43, %int-1_44 : !torch.vtensor<[1024,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,1024],f16>
    %none_45 = torch.constant.none
    %none_46 = torch.constant.none
    %int5_47 = torch.constant.int 5
    %cpu_48 = torch.constant.device "cpu"
    %int0_49 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %48, %none_45, %none_46, %int5_47, %cpu_48, %int0_49 : !torch.vtensor<[4096,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4_50 = torch.constant.int 4
    %int4096_51 = torch.constant.int 4096
    %49 = torch.prim.ListConstruct %int4_50, %int4096_51 : (!torch.int, !torch.int) -> !torch.list<int>
    %50 = torch.aten.view %35, %49 : !torch.vtensor<[4,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,4096],f16>
    %51 = torch.aten.matmul %50, %48 : !torch.vtensor<[4,4096],f16>, !torch.vtensor<[4096,1024],f16> -> !torch.vtensor<[4,1024],f16>
    %int4_52 = torch.constant.int 4
    %int1_53 = torch.constant.int 1
    %int1024_54 = torch.constant.int 1024
    %52 = torch.prim.ListConstruct %int4_52, %int1_53, %int1024_54 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %53 = torch.aten.view %51, %52 : !torch.vtensor<[4,1024],f16>, !torch.list<int> -> !torch.vtensor<[4,1,1024],f16>
    %int4_55 = torch.constant.int 4
    %int1_56 = torch.constant.int 1
    %int32 = torch.constant.int 32
    %int128 = torch.constant.int 128
    %54 = torch.prim.ListConstruct %int4_55, %int1_56, %int32, %int128 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %55 = torch.aten.view %41, %54 : !torch.vtensor<[4,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,1,32,128],f16>
    %int4_57 = torch.constant.int 4
    %int1_58 = torch.constant.int 1
    %int8 = torch.constant.int 8
    %int128_59 = torch.constant.int 128
    %56 = torch.prim.ListConstruct %int4_57, %int1_58, %int8, %int128_59 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %57 = torch.aten.view %47, %56 : !torch.vtensor<[4,1,1024],f16>, !torch.list<int> -> !torch.vtensor<[4,1,8,128],f16>
    %int4_60 = torch.constant.int 4
    %int1_61 = torch.constant.int 1
    %int8_62 = torch.constant.int 8
    %int128_63 = torch.constant.int 128
    %58 = torch.prim.ListConstruct %int4_60, %int1_61, %int8_62, %int128_63 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %59 = torch.aten.view %53, %58 : !torch.vtensor<[4,1,1024],f16>, !torch.list<int> -> !torch.vtensor<[4,1,8,128],f16>
    %int0_64 = torch.constant.int 0
    %int1_65 = torch.constant.int 1
    %none_66 = torch.constant.none
    %none_67 = torch.constant.none
    %cpu_68 = torch.constant.device "cpu"
    %false_69 = torch.constant.bool false
    %60 = torch.aten.arange.start %int0_64, %int1_65, %none_66, %none_67, %cpu_68, %false_69 : !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[1],si64>
    %int0_70 = torch.constant.int 0
    %61 = torch.aten.unsqueeze %60, %int0_70 : !torch.vtensor<[1],si64>, !torch.int -> !torch.vtensor<[1,1],si64>
    %int1_71 = torch.constant.int 1
    %62 = torch.aten.unsqueeze %arg2, %int1_71 : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4,1],si64>
    %int1_72 = torch.constant.int 1
    %63 = torch.aten.add.Tensor %61, %62, %int1_72 : !torch.vtensor<[1,1],si64>, !torch.vtensor<[4,1],si64>, !torch.int -> !torch.vtensor<[4,1],si64>
    %int0_73 = torch.constant.int 0
    %int128_74 = torch.constant.int 128
    %int2_75 = torch.constant.int 2
    %none_76 = torch.constant.none
    %none_77 = torch.constant.none
    %cpu_78 = torch.constant.device "cpu"
    %false_79 = torch.constant.bool false
    %64 = torch.aten.arange.start_step %int0_73, %int128_74, %int2_75, %none_76, %none_77, %cpu_78, %false_79 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[64],si64>
    %none_80 = torch.constant.none
    %none_81 = torch.constant.none
    %int4_82 = torch.constant.int 4
    %cpu_83 = torch.constant.device "cpu"
    %int0_84 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %64, %none_80, %none_81, %int4_82, %cpu_83, %int0_84 : !torch.vtensor<[64],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_85 = torch.constant.int 6
    %65 = torch.prims.convert_element_type %64, %int6_85 : !torch.vtensor<[64],si64>, !torch.int -> !torch.vtensor<[64],f32>
    %int128_86 = torch.constant.int 128
    %66 = torch.aten.div.Scalar %65, %int128_86 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[64],f32>
    %float5.000000e05 = torch.constant.float 5.000000e+05
    %67 = torch.aten.pow.Scalar %float5.000000e05, %66 : !torch.float, !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %68 = torch.aten.reciprocal %67 : !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %float1.000000e00 = torch.constant.float 1.000000e+00
    %69 = torch.aten.mul.Scalar %68, %float1.000000e00 : !torch.vtensor<[64],f32>, !torch.float -> !torch.vtensor<[64],f32>
    %none_87 = torch.constant.none
    %70 = torch.aten.clone %1, %none_87 : !torch.vtensor<[],f32>, !torch.none -> !torch.vtensor<[],f32>
    %int0_88 = torch.constant.int 0
    %71 = torch.aten.unsqueeze %69, %int0_88 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[1,64],f32>
    %int2_89 = torch.constant.int 2
    %72 = torch.aten.unsqueeze %71, %int2_89 : !torch.vtensor<[1,64],f32>, !torch.int -> !torch.vtensor<[1,64,1],f32>
    %none_90 = torch.constant.none
    %none_91 = torch.constant.none
    %int6_92 = torch.constant.int 6
    %cpu_93 = torch.constant.device "cpu"
    %int0_94 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %72, %none_90, %none_91, %int6_92, %cpu_93, %int0_94 : !torch.vtensor<[1,64,1],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4_95 = torch.constant.int 4
    %int-1_96 = torch.constant.int -1
    %int1_97 = torch.constant.int 1
    %73 = torch.prim.ListConstruct %int4_95, %int-1_96, %int1_97 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_98 = torch.constant.bool false
    %74 = torch.aten.expand %72, %73, %false_98 : !torch.vtensor<[1,64,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[4,64,1],f32>
    %int1_99 = torch.constant.int 1
    %75 = torch.aten.unsqueeze %63, %int1_99 : !torch.vtensor<[4,1],si64>, !torch.int -> !torch.vtensor<[4,1,1],si64>
    %none_100 = torch.constant.none
    %none_101 = torch.constant.none
    %int4_102 = torch.constant.int 4
    %cpu_103 = torch.constant.device "cpu"
    %int0_104 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %75, %none_100, %none_101, %int4_102, %cpu_103, %int0_104 : !torch.vtensor<[4,1,1],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_105 = torch.constant.int 6
    %76 = torch.prims.convert_element_type %75, %int6_105 : !torch.vtensor<[4,1,1],si64>, !torch.int -> !torch.vtensor<[4,1,1],f32>
    %77 = torch.aten.matmul %74, %76 : !torch.vtensor<[4,64,1],f32>, !torch.vtensor<[4,1,1],f32> -> !torch.vtensor<[4,64,1],f32>
    %int1_106 = torch.constant.int 1
    %int2_107 = torch.constant.int 2
    %78 = torch.aten.transpose.int %77, %int1_106, %int2_107 : !torch.vtensor<[4,64,1],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,1,64],f32>
    %79 = torch.aten.cos %78 : !torch.vtensor<[4,1,64],f32> -> !torch.vtensor<[4,1,64],f32>
    %80 = torch.aten.mul.Tensor %79, %70 : !torch.vtensor<[4,1,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[4,1,64],f32>
    %none_108 = torch.constant.none
    %none_109 = torch.constant.none
    %int6_110 = torch.constant.int 6
    %cpu_111 = torch.constant.device "cpu"
    %int0_112 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %80, %none_108, %none_109, %int6_110, %cpu_111, %int0_112 : !torch.vtensor<[4,1,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_113 = torch.constant.int 5
    %81 = torch.prims.convert_element_type %80, %int5_113 : !torch.vtensor<[4,1,64],f32>, !torch.int -> !torch.vtensor<[4,1,64],f16>
    %82 = torch.aten.sin %78 : !torch.vtensor<[4,1,64],f32> -> !torch.vtensor<[4,1,64],f32>
    %83 = torch.aten.mul.Tensor %82, %70 : !torch.vtensor<[4,1,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[4,1,64],f32>
    %none_114 = torch.constant.none
    %none_115 = torch.constant.none
    %int6_116 = torch.constant.int 6
    %cpu_117 = torch.constant.device "cpu"
    %int0_118 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %83, %none_114, %none_115, %int6_116, %cpu_117, %int0_118 : !torch.vtensor<[4,1,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_119 = torch.constant.int 5
    %84 = torch.prims.convert_element_type %83, %int5_119 : !torch.vtensor<[4,1,64],f32>, !torch.int -> !torch.vtensor<[4,1,64],f16>
    %int2_120 = torch.constant.int 2
    %85 = torch.aten.unsqueeze %81, %int2_120 : !torch.vtensor<[4,1,64],f16>, !torch.int -> !torch.vtensor<[4,1,1,64],f16>
    %int2_121 = torch.constant.int 2
    %86 = torch.aten.unsqueeze %84, %int2_121 : !torch.vtensor<[4,1,64],f16>, !torch.int -> !torch.vtensor<[4,1,1,64],f16>
    %none_122 = torch.constant.none
    %none_123 = torch.constant.none
    %int5_124 = torch.constant.int 5
    %cpu_125 = torch.constant.device "cpu"
    %int0_126 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %85, %none_122, %none_123, %int5_124, %cpu_125, %int0_126 : !torch.vtensor<[4,1,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_127 = torch.constant.none
    %none_128 = torch.constant.none
    %int5_129 = torch.constant.int 5
    %cpu_130 = torch.constant.device "cpu"
    %int0_131 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %86, %none_127, %none_128, %int5_129, %cpu_130, %int0_131 : !torch.vtensor<[4,1,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_132 = torch.constant.none
    %none_133 = torch.constant.none
    %int5_134 = torch.constant.int 5
    %cpu_135 = torch.constant.device "cpu"
    %int0_136 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %55, %none_132, %none_133, %int5_134, %cpu_135, %int0_136 : !torch.vtensor<[4,1,32,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int3 = torch.constant.int 3
    %int0_137 = torch.constant.int 0
    %int64 = torch.constant.int 64
    %int1_138 = torch.constant.int 1
    %87 = torch.aten.slice.Tensor %55, %int3, %int0_137, %int64, %int1_138 : !torch.vtensor<[4,1,32,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,1,32,64],f16>
    %int3_139 = torch.constant.int 3
    %int64_140 = torch.constant.int 64
    %int9223372036854775807 = torch.constant.int 9223372036854775807
    %int1_141 = torch.constant.int 1
    %88 = torch.aten.slice.Tensor %55, %int3_139, %int64_140, %int9223372036854775807, %int1_141 : !torch.vtensor<[4,1,32,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,1,32,64],f16>
    %89 = torch.aten.mul.Tensor %87, %85 : !torch.vtensor<[4,1,32,64],f16>, !torch.vtensor<[4,1,1,64],f16> -> !torch.vtensor<[4,1,32,64],f16>
    %90 = torch.aten.mul.Tensor %88, %86 : !torch.vtensor<[4,1,32,64],f16>, !torch.vtensor<[4,1,1,64],f16> -> !torch.vtensor<[4,1,32,64],f16>
    %int1_142 = torch.constant.int 1
    %91 = torch.aten.sub.Tensor %89, %90, %int1_142 : !torch.vtensor<[4,1,32,64],f16>, !torch.vtensor<[4,1,32,64],f16>, !torch.int -> !torch.vtensor<[4,1,32,64],f16>
    %92 = torch.aten.mul.Tensor %88, %85 : !torch.vtensor<[4,1,32,64],f16>, !torch.vtensor<[4,1,1,64],f16> -> !torch.vtensor<[4,1,32,64],f16>
    %93 = torch.aten.mul.Tensor %87, %86 : !torch.vtensor<[4,1,32,64],f16>, !torch.vtensor<[4,1,1,64],f16> -> !torch.vtensor<[4,1,32,64],f16>
    %int1_143 = torch.constant.int 1
    %94 = torch.aten.add.Tensor %92, %93, %int1_143 : !torch.vtensor<[4,1,32,64],f16>, !torch.vtensor<[4,1,32,64],f16>, !torch.int -> !torch.vtensor<[4,1,32,64],f16>
    %95 = torch_c.to_builtin_tensor %91 : !torch.vtensor<[4,1,32,64],f16> -> tensor<4x1x32x64xf16>
    %cast = tensor.cast %95 : tensor<4x1x32x64xf16> to tensor<?x?x?x?xf16>
    %96 = torch_c.to_builtin_tensor %94 : !torch.vtensor<[4,1,32,64],f16> -> tensor<4x1x32x64xf16>
    %cast_144 = tensor.cast %96 : tensor<4x1x32x64xf16> to tensor<?x?x?x?xf16>
    %97 = util.call @rope_select_concat_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_TWO_2_HALFDIM_f16(%cast, %cast_144) : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x2x?xf16>
    %cast_145 = tensor.cast %97 : tensor<?x?x?x2x?xf16> to tensor<4x1x32x2x64xf16>
    %98 = torch_c.from_builtin_tensor %cast_145 : tensor<4x1x32x2x64xf16> -> !torch.vtensor<[4,1,32,2,64],f16>
    %int4_146 = torch.constant.int 4
    %int1_147 = torch.constant.int 1
    %int32_148 = torch.constant.int 32
    %int128_149 = torch.constant.int 128
    %99 = torch.prim.ListConstruct %int4_146, %int1_147, %int32_148, %int128_149 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %100 = torch.aten.view %98, %99 : !torch.vtensor<[4,1,32,2,64],f16>, !torch.list<int> -> !torch.vtensor<[4,1,32,128],f16>
    %none_150 = torch.constant.none
    %none_151 = torch.constant.none
    %int5_152 = torch.constant.int 5
    %cpu_153 = torch.constant.device "cpu"
    %int0_154 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %100, %none_150, %none_151, %int5_152, %cpu_153, %int0_154 : !torch.vtensor<[4,1,32,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int0_155 = torch.constant.int 0
    %int1_156 = torch.constant.int 1
    %none_157 = torch.constant.none
    %none_158 = torch.constant.none
    %cpu_159 = torch.constant.device "cpu"
    %false_160 = torch.constant.bool false
    %101 = torch.aten.arange.start %int0_155, %int1_156, %none_157, %none_158, %cpu_159, %false_160 : !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[1],si64>
    %int0_161 = torch.constant.int 0
    %102 = torch.aten.unsqueeze %101, %int0_161 : !torch.vtensor<[1],si64>, !torch.int -> !torch.vtensor<[1,1],si64>
    %int1_162 = torch.constant.int 1
    %103 = torch.aten.unsqueeze %arg2, %int1_162 : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4,1],si64>
    %int1_163 = torch.constant.int 1
    %104 = torch.aten.add.Tensor %102, %103, %int1_163 : !torch.vtensor<[1,1],si64>, !torch.vtensor<[4,1],si64>, !torch.int -> !torch.vtensor<[4,1],si64>
    %int0_164 = torch.constant.int 0
    %int128_165 = torch.constant.int 128
    %int2_166 = torch.constant.int 2
    %none_167 = torch.constant.none
    %none_168 = torch.constant.none
    %cpu_169 = torch.constant.device "cpu"
    %false_170 = torch.constant.bool false
    %105 = torch.aten.arange.start_step %int0_164, %int128_165, %int2_166, %none_167, %none_168, %cpu_169, %false_170 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[64],si64>
    %none_171 = torch.constant.none
    %none_172 = torch.constant.none
    %int4_173 = torch.constant.int 4
    %cpu_174 = torch.constant.device "cpu"
    %int0_175 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %105, %none_171, %none_172, %int4_173, %cpu_174, %int0_175 : !torch.vtensor<[64],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_176 = torch.constant.int 6
    %106 = torch.prims.convert_element_type %105, %int6_176 : !torch.vtensor<[64],si64>, !torch.int -> !torch.vtensor<[64],f32>
    %int128_177 = torch.constant.int 128
    %107 = torch.aten.div.Scalar %106, %int128_177 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[64],f32>
    %float5.000000e05_178 = torch.constant.float 5.000000e+05
    %108 = torch.aten.pow.Scalar %float5.000000e05_178, %107 : !torch.float, !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %109 = torch.aten.reciprocal %108 : !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %float1.000000e00_179 = torch.constant.float 1.000000e+00
    %110 = torch.aten.mul.Scalar %109, %float1.000000e00_179 : !torch.vtensor<[64],f32>, !torch.float -> !torch.vtensor<[64],f32>
    %none_180 = torch.constant.none
    %111 = torch.aten.clone %2, %none_180 : !torch.vtensor<[],f32>, !torch.none -> !torch.vtensor<[],f32>
    %int0_181 = torch.constant.int 0
    %112 = torch.aten.unsqueeze %110, %int0_181 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[1,64],f32>
    %int2_182 = torch.constant.int 2
    %113 = torch.aten.unsqueeze %112, %int2_182 : !torch.vtensor<[1,64],f32>, !torch.int -> !torch.vtensor<[1,64,1],f32>
    %none_183 = torch.constant.none
    %none_184 = torch.constant.none
    %int6_185 = torch.constant.int 6
    %cpu_186 = torch.constant.device "cpu"
    %int0_187 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %113, %none_183, %none_184, %int6_185, %cpu_186, %int0_187 : !torch.vtensor<[1,64,1],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4_188 = torch.constant.int 4
    %int-1_189 = torch.constant.int -1
    %int1_190 = torch.constant.int 1
    %114 = torch.prim.ListConstruct %int4_188, %int-1_189, %int1_190 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_191 = torch.constant.bool false
    %115 = torch.aten.expand %113, %114, %false_191 : !torch.vtensor<[1,64,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[4,64,1],f32>
    %int1_192 = torch.constant.int 1
    %116 = torch.aten.unsqueeze %104, %int1_192 : !torch.vtensor<[4,1],si64>, !torch.int -> !torch.vtensor<[4,1,1],si64>
    %none_193 = torch.constant.none
    %none_194 = torch.constant.none
    %int4_195 = torch.constant.int 4
    %cpu_196 = torch.constant.device "cpu"
    %int0_197 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %116, %none_193, %none_194, %int4_195, %cpu_196, %int0_197 : !torch.vtensor<[4,1,1],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_198 = torch.constant.int 6
    %117 = torch.prims.convert_element_type %116, %int6_198 : !torch.vtensor<[4,1,1],si64>, !torch.int -> !torch.vtensor<[4,1,1],f32>
    %118 = torch.aten.matmul %115, %117 : !torch.vtensor<[4,64,1],f32>, !torch.vtensor<[4,1,1],f32> -> !torch.vtensor<[4,64,1],f32>
    %int1_199 = torch.constant.int 1
    %int2_200 = torch.constant.int 2
    %119 = torch.aten.transpose.int %118, %int1_199, %int2_200 : !torch.vtensor<[4,64,1],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,1,64],f32>
    %120 = torch.aten.cos %119 : !torch.vtensor<[4,1,64],f32> -> !torch.vtensor<[4,1,64],f32>
    %121 = torch.aten.mul.Tensor %120, %111 : !torch.vtensor<[4,1,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[4,1,64],f32>
    %none_201 = torch.constant.none
    %none_202 = torch.constant.none
    %int6_203 = torch.constant.int 6
    %cpu_204 = torch.constant.device "cpu"
    %int0_205 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %121, %none_201, %none_202, %int6_203, %cpu_204, %int0_205 : !torch.vtensor<[4,1,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_206 = torch.constant.int 5
    %122 = torch.prims.convert_element_type %121, %int5_206 : !torch.vtensor<[4,1,64],f32>, !torch.int -> !torch.vtensor<[4,1,64],f16>
    %123 = torch.aten.sin %119 : !torch.vtensor<[4,1,64],f32> -> !torch.vtensor<[4,1,64],f32>
    %124 = torch.aten.mul.Tensor %123, %111 : !torch.vtensor<[4,1,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[4,1,64],f32>
    %none_207 = torch.constant.none
    %none_208 = torch.constant.none
    %int6_209 = torch.constant.int 6
    %cpu_210 = torch.constant.device "cpu"
    %int0_211 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %124, %none_207, %none_208, %int6_209, %cpu_210, %int0_211 : !torch.vtensor<[4,1,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_212 = torch.constant.int 5
    %125 = torch.prims.convert_element_type %124, %int5_212 : !torch.vtensor<[4,1,64],f32>, !torch.int -> !torch.vtensor<[4,1,64],f16>
    %int2_213 = torch.constant.int 2
    %126 = torch.aten.unsqueeze %122, %int2_213 : !torch.vtensor<[4,1,64],f16>, !torch.int -> !torch.vtensor<[4,1,1,64],f16>
    %int2_214 = torch.constant.int 2
    %127 = torch.aten.unsqueeze %125, %int2_214 : !torch.vtensor<[4,1,64],f16>, !torch.int -> !torch.vtensor<[4,1,1,64],f16>
    %none_215 = torch.constant.none
    %none_216 = torch.constant.none
    %int5_217 = torch.constant.int 5
    %cpu_218 = torch.constant.device "cpu"
    %int0_219 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %126, %none_215, %none_216, %int5_217, %cpu_218, %int0_219 : !torch.vtensor<[4,1,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_220 = torch.constant.none
    %none_221 = torch.constant.none
    %int5_222 = torch.constant.int 5
    %cpu_223 = torch.constant.device "cpu"
    %int0_224 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %127, %none_220, %none_221, %int5_222, %cpu_223, %int0_224 : !torch.vtensor<[4,1,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_225 = torch.constant.none
    %none_226 = torch.constant.none
    %int5_227 = torch.constant.int 5
    %cpu_228 = torch.constant.device "cpu"
    %int0_229 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %57, %none_225, %none_226, %int5_227, %cpu_228, %int0_229 : !torch.vtensor<[4,1,8,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int3_230 = torch.constant.int 3
    %int0_231 = torch.constant.int 0
    %int64_232 = torch.constant.int 64
    %int1_233 = torch.constant.int 1
    %128 = torch.aten.slice.Tensor %57, %int3_230, %int0_231, %int64_232, %int1_233 : !torch.vtensor<[4,1,8,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,1,8,64],f16>
    %int3_234 = torch.constant.int 3
    %int64_235 = torch.constant.int 64
    %int9223372036854775807_236 = torch.constant.int 9223372036854775807
    %int1_237 = torch.constant.int 1
    %129 = torch.aten.slice.Tensor %57, %int3_234, %int64_235, %int9223372036854775807_236, %int1_237 : !torch.vtensor<[4,1,8,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,1,8,64],f16>
    %130 = torch.aten.mul.Tensor %128, %126 : !torch.vtensor<[4,1,8,64],f16>, !torch.vtensor<[4,1,1,64],f16> -> !torch.vtensor<[4,1,8,64],f16>
    %131 = torch.aten.mul.Tensor %129, %127 : !torch.vtensor<[4,1,8,64],f16>, !torch.vtensor<[4,1,1,64],f16> -> !torch.vtensor<[4,1,8,64],f16>
    %int1_238 = torch.constant.int 1
    %132 = torch.aten.sub.Tensor %130, %131, %int1_238 : !torch.vtensor<[4,1,8,64],f16>, !torch.vtensor<[4,1,8,64],f16>, !torch.int -> !torch.vtensor<[4,1,8,64],f16>
    %133 = torch.aten.mul.Tensor %129, %126 : !torch.vtensor<[4,1,8,64],f16>, !torch.vtensor<[4,1,1,64],f16> -> !torch.vtensor<[4,1,8,64],f16>
    %134 = torch.aten.mul.Tensor %128, %127 : !torch.vtensor<[4,1,8,64],f16>, !torch.vtensor<[4,1,1,64],f16> -> !torch.vtensor<[4,1,8,64],f16>
    %int1_239 = torch.constant.int 1
    %135 = torch.aten.add.Tensor %133, %134, %int1_239 : !torch.vtensor<[4,1,8,64],f16>, !torch.vtensor<[4,1,8,64],f16>, !torch.int -> !torch.vtensor<[4,1,8,64],f16>
    %136 = torch_c.to_builtin_tensor %132 : !torch.vtensor<[4,1,8,64],f16> -> tensor<4x1x8x64xf16>
    %cast_240 = tensor.cast %136 : tensor<4x1x8x64xf16> to tensor<?x?x?x?xf16>
    %137 = torch_c.to_builtin_tensor %135 : !torch.vtensor<[4,1,8,64],f16> -> tensor<4x1x8x64xf16>
    %cast_241 = tensor.cast %137 : tensor<4x1x8x64xf16> to tensor<?x?x?x?xf16>
    %138 = util.call @rope_select_concat_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_TWO_2_HALFDIM_f16(%cast_240, %cast_241) : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x2x?xf16>
    %cast_242 = tensor.cast %138 : tensor<?x?x?x2x?xf16> to tensor<4x1x8x2x64xf16>
    %139 = torch_c.from_builtin_tensor %cast_242 : tensor<4x1x8x2x64xf16> -> !torch.vtensor<[4,1,8,2,64],f16>
    %int4_243 = torch.constant.int 4
    %int1_244 = torch.constant.int 1
    %int8_245 = torch.constant.int 8
    %int128_246 = torch.constant.int 128
    %140 = torch.prim.ListConstruct %int4_243, %int1_244, %int8_245, %int128_246 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %141 = torch.aten.view %139, %140 : !torch.vtensor<[4,1,8,2,64],f16>, !torch.list<int> -> !torch.vtensor<[4,1,8,128],f16>
    %none_247 = torch.constant.none
    %none_248 = torch.constant.none
    %int5_249 = torch.constant.int 5
    %cpu_250 = torch.constant.device "cpu"
    %int0_251 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %141, %none_247, %none_248, %int5_249, %cpu_250, %int0_251 : !torch.vtensor<[4,1,8,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_252 = torch.constant.int 1
    %int2_253 = torch.constant.int 2
    %int8_254 = torch.constant.int 8
    %int32_255 = torch.constant.int 32
    %int128_256 = torch.constant.int 128
    %142 = torch.prim.ListConstruct %24, %int1_252, %int2_253, %int8_254, %int32_255, %int128_256 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %143 = torch.aten.view %20, %142 : !torch.vtensor<[?,65536],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %143, [%22], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int2_257 = torch.constant.int 2
    %144 = torch.aten.mul.int %24, %int2_257 : !torch.int, !torch.int -> !torch.int
    %int8_258 = torch.constant.int 8
    %145 = torch.aten.mul.int %144, %int8_258 : !torch.int, !torch.int -> !torch.int
    %int32_259 = torch.constant.int 32
    %146 = torch.aten.mul.int %145, %int32_259 : !torch.int, !torch.int -> !torch.int
    %int128_260 = torch.constant.int 128
    %147 = torch.prim.ListConstruct %146, %int128_260 : (!torch.int, !torch.int) -> !torch.list<int>
    %148 = torch.aten.view %143, %147 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,128],f16>
    torch.bind_symbolic_shape %148, [%22], affine_map<()[s0] -> (s0 * 512, 128)> : !torch.vtensor<[?,128],f16>
    %int32_261 = torch.constant.int 32
    %149 = torch.aten.floor_divide.Scalar %arg2, %int32_261 : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4],si64>
    %int1_262 = torch.constant.int 1
    %150 = torch.aten.unsqueeze %149, %int1_262 : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4,1],si64>
    %int1_263 = torch.constant.int 1
    %false_264 = torch.constant.bool false
    %151 = torch.aten.gather %arg3, %int1_263, %150, %false_264 : !torch.vtensor<[4,?],si64>, !torch.int, !torch.vtensor<[4,1],si64>, !torch.bool -> !torch.vtensor<[4,1],si64>
    %int4_265 = torch.constant.int 4
    %int1_266 = torch.constant.int 1
    %int1_267 = torch.constant.int 1
    %152 = torch.prim.ListConstruct %int4_265, %int1_266, %int1_267 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %153 = torch.aten.view %151, %152 : !torch.vtensor<[4,1],si64>, !torch.list<int> -> !torch.vtensor<[4,1,1],si64>
    %int32_268 = torch.constant.int 32
    %154 = torch.aten.remainder.Scalar %arg2, %int32_268 : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4],si64>
    %int4_269 = torch.constant.int 4
    %int1_270 = torch.constant.int 1
    %int1_271 = torch.constant.int 1
    %155 = torch.prim.ListConstruct %int4_269, %int1_270, %int1_271 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %156 = torch.aten.view %154, %155 : !torch.vtensor<[4],si64>, !torch.list<int> -> !torch.vtensor<[4,1,1],si64>
    %int8_272 = torch.constant.int 8
    %none_273 = torch.constant.none
    %none_274 = torch.constant.none
    %cpu_275 = torch.constant.device "cpu"
    %false_276 = torch.constant.bool false
    %157 = torch.aten.arange %int8_272, %none_273, %none_274, %cpu_275, %false_276 : !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[8],si64>
    %int1_277 = torch.constant.int 1
    %int1_278 = torch.constant.int 1
    %int8_279 = torch.constant.int 8
    %158 = torch.prim.ListConstruct %int1_277, %int1_278, %int8_279 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %159 = torch.aten.view %157, %158 : !torch.vtensor<[8],si64>, !torch.list<int> -> !torch.vtensor<[1,1,8],si64>
    %none_280 = torch.constant.none
    %160 = torch.aten.clone %3, %none_280 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %int1_281 = torch.constant.int 1
    %int1_282 = torch.constant.int 1
    %int1_283 = torch.constant.int 1
    %161 = torch.prim.ListConstruct %int1_281, %int1_282, %int1_283 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %162 = torch.aten.view %160, %161 : !torch.vtensor<[],si64>, !torch.list<int> -> !torch.vtensor<[1,1,1],si64>
    %int1_284 = torch.constant.int 1
    %163 = torch.aten.mul.Scalar %153, %int1_284 : !torch.vtensor<[4,1,1],si64>, !torch.int -> !torch.vtensor<[4,1,1],si64>
    %int0_285 = torch.constant.int 0
    %int1_286 = torch.constant.int 1
    %164 = torch.aten.add.Scalar %163, %int0_285, %int1_286 : !torch.vtensor<[4,1,1],si64>, !torch.int, !torch.int -> !torch.vtensor<[4,1,1],si64>
    %int2_287 = torch.constant.int 2
    %165 = torch.aten.mul.Scalar %164, %int2_287 : !torch.vtensor<[4,1,1],si64>, !torch.int -> !torch.vtensor<[4,1,1],si64>
    %int1_288 = torch.constant.int 1
    %166 = torch.aten.add.Tensor %165, %162, %int1_288 : !torch.vtensor<[4,1,1],si64>, !torch.vtensor<[1,1,1],si64>, !torch.int -> !torch.vtensor<[4,1,1],si64>
    %int8_289 = torch.constant.int 8
    %167 = torch.aten.mul.Scalar %166, %int8_289 : !torch.vtensor<[4,1,1],si64>, !torch.int -> !torch.vtensor<[4,1,1],si64>
    %int1_290 = torch.constant.int 1
    %168 = torch.aten.add.Tensor %167, %159, %int1_290 : !torch.vtensor<[4,1,1],si64>, !torch.vtensor<[1,1,8],si64>, !torch.int -> !torch.vtensor<[4,1,8],si64>
    %int32_291 = torch.constant.int 32
    %169 = torch.aten.mul.Scalar %168, %int32_291 : !torch.vtensor<[4,1,8],si64>, !torch.int -> !torch.vtensor<[4,1,8],si64>
    %int1_292 = torch.constant.int 1
    %170 = torch.aten.add.Tensor %169, %156, %int1_292 : !torch.vtensor<[4,1,8],si64>, !torch.vtensor<[4,1,1],si64>, !torch.int -> !torch.vtensor<[4,1,8],si64>
    %none_293 = torch.constant.none
    %none_294 = torch.constant.none
    %int5_295 = torch.constant.int 5
    %cpu_296 = torch.constant.device "cpu"
    %int0_297 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %141, %none_293, %none_294, %int5_295, %cpu_296, %int0_297 : !torch.vtensor<[4,1,8,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %171 = torch.prim.ListConstruct %170 : (!torch.vtensor<[4,1,8],si64>) -> !torch.list<optional<vtensor>>
    %false_298 = torch.constant.bool false
    %172 = torch.aten.index_put %148, %171, %141, %false_298 : !torch.vtensor<[?,128],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[4,1,8,128],f16>, !torch.bool -> !torch.vtensor<[?,128],f16>
    torch.bind_symbolic_shape %172, [%22], affine_map<()[s0] -> (s0 * 512, 128)> : !torch.vtensor<[?,128],f16>
    %int1_299 = torch.constant.int 1
    %int2_300 = torch.constant.int 2
    %int8_301 = torch.constant.int 8
    %int32_302 = torch.constant.int 32
    %int128_303 = torch.constant.int 128
    %173 = torch.prim.ListConstruct %24, %int1_299, %int2_300, %int8_301, %int32_302, %int128_303 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %174 = torch.aten.view %172, %173 : !torch.vtensor<[?,128],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %174, [%22], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int65536 = torch.constant.int 65536
    %175 = torch.prim.ListConstruct %24, %int65536 : (!torch.int, !torch.int) -> !torch.list<int>
    %176 = torch.aten.view %174, %175 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,65536],f16>
    torch.bind_symbolic_shape %176, [%22], affine_map<()[s0] -> (s0, 65536)> : !torch.vtensor<[?,65536],f16>
    %int1_304 = torch.constant.int 1
    %int2_305 = torch.constant.int 2
    %int8_306 = torch.constant.int 8
    %int32_307 = torch.constant.int 32
    %int128_308 = torch.constant.int 128
    %177 = torch.prim.ListConstruct %24, %int1_304, %int2_305, %int8_306, %int32_307, %int128_308 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %178 = torch.aten.view %176, %177 : !torch.vtensor<[?,65536],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %178, [%22], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int128_309 = torch.constant.int 128
    %179 = torch.prim.ListConstruct %146, %int128_309 : (!torch.int, !torch.int) -> !torch.list<int>
    %180 = torch.aten.view %178, %179 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,128],f16>
    torch.bind_symbolic_shape %180, [%22], affine_map<()[s0] -> (s0 * 512, 128)> : !torch.vtensor<[?,128],f16>
    %none_310 = torch.constant.none
    %181 = torch.aten.clone %4, %none_310 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %int1_311 = torch.constant.int 1
    %int1_312 = torch.constant.int 1
    %int1_313 = torch.constant.int 1
    %182 = torch.prim.ListConstruct %int1_311, %int1_312, %int1_313 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %183 = torch.aten.view %181, %182 : !torch.vtensor<[],si64>, !torch.list<int> -> !torch.vtensor<[1,1,1],si64>
    %int1_314 = torch.constant.int 1
    %184 = torch.aten.mul.Scalar %153, %int1_314 : !torch.vtensor<[4,1,1],si64>, !torch.int -> !torch.vtensor<[4,1,1],si64>
    %int0_315 = torch.constant.int 0
    %int1_316 = torch.constant.int 1
    %185 = torch.aten.add.Scalar %184, %int0_315, %int1_316 : !torch.vtensor<[4,1,1],si64>, !torch.int, !torch.int -> !torch.vtensor<[4,1,1],si64>
    %int2_317 = torch.constant.int 2
    %186 = torch.aten.mul.Scalar %185, %int2_317 : !torch.vtensor<[4,1,1],si64>, !torch.int -> !torch.vtensor<[4,1,1],si64>
    %int1_318 = torch.constant.int 1
    %187 = torch.aten.add.Tensor %186, %183, %int1_318 : !torch.vtensor<[4,1,1],si64>, !torch.vtensor<[1,1,1],si64>, !torch.int -> !torch.vtensor<[4,1,1],si64>
    %int8_319 = torch.constant.int 8
    %188 = torch.aten.mul.Scalar %187, %int8_319 : !torch.vtensor<[4,1,1],si64>, !torch.int -> !torch.vtensor<[4,1,1],si64>
    %int1_320 = torch.constant.int 1
    %189 = torch.aten.add.Tensor %188, %159, %int1_320 : !torch.vtensor<[4,1,1],si64>, !torch.vtensor<[1,1,8],si64>, !torch.int -> !torch.vtensor<[4,1,8],si64>
    %int32_321 = torch.constant.int 32
    %190 = torch.aten.mul.Scalar %189, %int32_321 : !torch.vtensor<[4,1,8],si64>, !torch.int -> !torch.vtensor<[4,1,8],si64>
    %int1_322 = torch.constant.int 1
    %191 = torch.aten.add.Tensor %190, %156, %int1_322 : !torch.vtensor<[4,1,8],si64>, !torch.vtensor<[4,1,1],si64>, !torch.int -> !torch.vtensor<[4,1,8],si64>
    %none_323 = torch.constant.none
    %none_324 = torch.constant.none
    %int5_325 = torch.constant.int 5
    %cpu_326 = torch.constant.device "cpu"
    %int0_327 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %59, %none_323, %none_324, %int5_325, %cpu_326, %int0_327 : !torch.vtensor<[4,1,8,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %192 = torch.prim.ListConstruct %191 : (!torch.vtensor<[4,1,8],si64>) -> !torch.list<optional<vtensor>>
    %false_328 = torch.constant.bool false
    %193 = torch.aten.index_put %180, %192, %59, %false_328 : !torch.vtensor<[?,128],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[4,1,8,128],f16>, !torch.bool -> !torch.vtensor<[?,128],f16>
    torch.bind_symbolic_shape %193, [%22], affine_map<()[s0] -> (s0 * 512, 128)> : !torch.vtensor<[?,128],f16>
    %int1_329 = torch.constant.int 1
    %int2_330 = torch.constant.int 2
    %int8_331 = torch.constant.int 8
    %int32_332 = torch.constant.int 32
    %int128_333 = torch.constant.int 128
    %194 = torch.prim.ListConstruct %24, %int1_329, %int2_330, %int8_331, %int32_332, %int128_333 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %195 = torch.aten.view %193, %194 : !torch.vtensor<[?,128],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %195, [%22], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int65536_334 = torch.constant.int 65536
    %196 = torch.prim.ListConstruct %24, %int65536_334 : (!torch.int, !torch.int) -> !torch.list<int>
    %197 = torch.aten.view %195, %196 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,65536],f16>
    torch.overwrite.tensor.contents %197 overwrites %arg4 : !torch.vtensor<[?,65536],f16>, !torch.tensor<[?,65536],f16>
    torch.bind_symbolic_shape %197, [%22], affine_map<()[s0] -> (s0, 65536)> : !torch.vtensor<[?,65536],f16>
    %none_335 = torch.constant.none
    %198 = torch.aten.clone %5, %none_335 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %none_336 = torch.constant.none
    %199 = torch.aten.clone %6, %none_336 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %none_337 = torch.constant.none
    %200 = torch.aten.clone %7, %none_337 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %int1_338 = torch.constant.int 1
    %int2_339 = torch.constant.int 2
    %int8_340 = torch.constant.int 8
    %int32_341 = torch.constant.int 32
    %int128_342 = torch.constant.int 128
    %201 = torch.prim.ListConstruct %24, %int1_338, %int2_339, %int8_340, %int32_341, %int128_342 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %202 = torch.aten.view %197, %201 : !torch.vtensor<[?,65536],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %202, [%22], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %203 = torch_c.to_builtin_tensor %202 : !torch.vtensor<[?,1,2,8,32,128],f16> -> tensor<?x1x2x8x32x128xf16>
    %204 = torch_c.to_builtin_tensor %arg3 : !torch.vtensor<[4,?],si64> -> tensor<4x?xi64>
    %cast_343 = tensor.cast %204 : tensor<4x?xi64> to tensor<?x?xi64>
    %205 = torch_c.to_builtin_tensor %198 : !torch.vtensor<[],si64> -> tensor<i64>
    %206 = torch_c.to_builtin_tensor %199 : !torch.vtensor<[],si64> -> tensor<i64>
    %207 = util.call @paged_attention_kv_cache_gather_CACHE_SIZE_T_BLOCK_1_PART_2_HEAD_COUNT_KV_8_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_128_f16_BATCH_PAGES_i64__i64__i64_BATCH_PAGES_HEAD_COUNT_KV_8_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_128_f16(%203, %cast_343, %205, %206) : (tensor<?x1x2x8x32x128xf16>, tensor<?x?xi64>, tensor<i64>, tensor<i64>) -> tensor<?x?x8x32x128xf16>
    %cast_344 = tensor.cast %207 : tensor<?x?x8x32x128xf16> to tensor<4x?x8x32x128xf16>
    %208 = torch_c.from_builtin_tensor %cast_344 : tensor<4x?x8x32x128xf16> -> !torch.vtensor<[4,?,8,32,128],f16>
    torch.bind_symbolic_shape %208, [%21], affine_map<()[s0] -> (4, s0, 8, 32, 128)> : !torch.vtensor<[4,?,8,32,128],f16>
    %209 = torch_c.to_builtin_tensor %202 : !torch.vtensor<[?,1,2,8,32,128],f16> -> tensor<?x1x2x8x32x128xf16>
    %210 = torch_c.to_builtin_tensor %arg3 : !torch.vtensor<[4,?],si64> -> tensor<4x?xi64>
    %cast_345 = tensor.cast %210 : tensor<4x?xi64> to tensor<?x?xi64>
    %211 = torch_c.to_builtin_tensor %198 : !torch.vtensor<[],si64> -> tensor<i64>
    %212 = torch_c.to_builtin_tensor %200 : !torch.vtensor<[],si64> -> tensor<i64>
    %213 = util.call @paged_attention_kv_cache_gather_CACHE_SIZE_T_BLOCK_1_PART_2_HEAD_COUNT_KV_8_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_128_f16_BATCH_PAGES_i64__i64__i64_BATCH_PAGES_HEAD_COUNT_KV_8_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_128_f16(%209, %cast_345, %211, %212) : (tensor<?x1x2x8x32x128xf16>, tensor<?x?xi64>, tensor<i64>, tensor<i64>) -> tensor<?x?x8x32x128xf16>
    %cast_346 = tensor.cast %213 : tensor<?x?x8x32x128xf16> to tensor<4x?x8x32x128xf16>
    %214 = torch_c.from_builtin_tensor %cast_346 : tensor<4x?x8x32x128xf16> -> !torch.vtensor<[4,?,8,32,128],f16>
    torch.bind_symbolic_shape %214, [%21], affine_map<()[s0] -> (4, s0, 8, 32, 128)> : !torch.vtensor<[4,?,8,32,128],f16>
    %int2_347 = torch.constant.int 2
    %int3_348 = torch.constant.int 3
    %215 = torch.aten.transpose.int %208, %int2_347, %int3_348 : !torch.vtensor<[4,?,8,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[4,?,32,8,128],f16>
    torch.bind_symbolic_shape %215, [%21], affine_map<()[s0] -> (4, s0, 32, 8, 128)> : !torch.vtensor<[4,?,32,8,128],f16>
    %int32_349 = torch.constant.int 32
    %216 = torch.aten.mul.int %23, %int32_349 : !torch.int, !torch.int -> !torch.int
    %int0_350 = torch.constant.int 0
    %217 = torch.aten.clone %215, %int0_350 : !torch.vtensor<[4,?,32,8,128],f16>, !torch.int -> !torch.vtensor<[4,?,32,8,128],f16>
    torch.bind_symbolic_shape %217, [%21], affine_map<()[s0] -> (4, s0, 32, 8, 128)> : !torch.vtensor<[4,?,32,8,128],f16>
    %int4_351 = torch.constant.int 4
    %int8_352 = torch.constant.int 8
    %int128_353 = torch.constant.int 128
    %218 = torch.prim.ListConstruct %int4_351, %216, %int8_352, %int128_353 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %219 = torch.aten._unsafe_view %217, %218 : !torch.vtensor<[4,?,32,8,128],f16>, !torch.list<int> -> !torch.vtensor<[4,?,8,128],f16>
    torch.bind_symbolic_shape %219, [%21], affine_map<()[s0] -> (4, s0 * 32, 8, 128)> : !torch.vtensor<[4,?,8,128],f16>
    %int2_354 = torch.constant.int 2
    %int3_355 = torch.constant.int 3
    %220 = torch.aten.transpose.int %214, %int2_354, %int3_355 : !torch.vtensor<[4,?,8,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[4,?,32,8,128],f16>
    torch.bind_symbolic_shape %220, [%21], affine_map<()[s0] -> (4, s0, 32, 8, 128)> : !torch.vtensor<[4,?,32,8,128],f16>
    %int0_356 = torch.constant.int 0
    %221 = torch.aten.clone %220, %int0_356 : !torch.vtensor<[4,?,32,8,128],f16>, !torch.int -> !torch.vtensor<[4,?,32,8,128],f16>
    torch.bind_symbolic_shape %221, [%21], affine_map<()[s0] -> (4, s0, 32, 8, 128)> : !torch.vtensor<[4,?,32,8,128],f16>
    %int4_357 = torch.constant.int 4
    %int8_358 = torch.constant.int 8
    %int128_359 = torch.constant.int 128
    %222 = torch.prim.ListConstruct %int4_357, %216, %int8_358, %int128_359 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %223 = torch.aten._unsafe_view %221, %222 : !torch.vtensor<[4,?,32,8,128],f16>, !torch.list<int> -> !torch.vtensor<[4,?,8,128],f16>
    torch.bind_symbolic_shape %223, [%21], affine_map<()[s0] -> (4, s0 * 32, 8, 128)> : !torch.vtensor<[4,?,8,128],f16>
    %int0_360 = torch.constant.int 0
    %int1_361 = torch.constant.int 1
    %none_362 = torch.constant.none
    %none_363 = torch.constant.none
    %cpu_364 = torch.constant.device "cpu"
    %false_365 = torch.constant.bool false
    %224 = torch.aten.arange.start_step %int0_360, %216, %int1_361, %none_362, %none_363, %cpu_364, %false_365 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %224, [%21], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int-1_366 = torch.constant.int -1
    %225 = torch.aten.unsqueeze %arg1, %int-1_366 : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4,1],si64>
    %226 = torch.aten.ge.Tensor %224, %225 : !torch.vtensor<[?],si64>, !torch.vtensor<[4,1],si64> -> !torch.vtensor<[4,?],i1>
    torch.bind_symbolic_shape %226, [%21], affine_map<()[s0] -> (4, s0 * 32)> : !torch.vtensor<[4,?],i1>
    %none_367 = torch.constant.none
    %227 = torch.aten.clone %8, %none_367 : !torch.vtensor<[],f16>, !torch.none -> !torch.vtensor<[],f16>
    %int0_368 = torch.constant.int 0
    %228 = torch.aten.where.ScalarOther %226, %227, %int0_368 : !torch.vtensor<[4,?],i1>, !torch.vtensor<[],f16>, !torch.int -> !torch.vtensor<[4,?],f16>
    torch.bind_symbolic_shape %228, [%21], affine_map<()[s0] -> (4, s0 * 32)> : !torch.vtensor<[4,?],f16>
    %none_369 = torch.constant.none
    %none_370 = torch.constant.none
    %int5_371 = torch.constant.int 5
    %cpu_372 = torch.constant.device "cpu"
    %int0_373 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %228, %none_369, %none_370, %int5_371, %cpu_372, %int0_373 : !torch.vtensor<[4,?],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_374 = torch.constant.int 1
    %229 = torch.aten.unsqueeze %228, %int1_374 : !torch.vtensor<[4,?],f16>, !torch.int -> !torch.vtensor<[4,1,?],f16>
    torch.bind_symbolic_shape %229, [%21], affine_map<()[s0] -> (4, 1, s0 * 32)> : !torch.vtensor<[4,1,?],f16>
    %int1_375 = torch.constant.int 1
    %230 = torch.aten.unsqueeze %229, %int1_375 : !torch.vtensor<[4,1,?],f16>, !torch.int -> !torch.vtensor<[4,1,1,?],f16>
    torch.bind_symbolic_shape %230, [%21], affine_map<()[s0] -> (4, 1, 1, s0 * 32)> : !torch.vtensor<[4,1,1,?],f16>
    %none_376 = torch.constant.none
    %none_377 = torch.constant.none
    %int5_378 = torch.constant.int 5
    %cpu_379 = torch.constant.device "cpu"
    %int0_380 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %230, %none_376, %none_377, %int5_378, %cpu_379, %int0_380 : !torch.vtensor<[4,1,1,?],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int-2_381 = torch.constant.int -2
    %231 = torch.aten.unsqueeze %219, %int-2_381 : !torch.vtensor<[4,?,8,128],f16>, !torch.int -> !torch.vtensor<[4,?,8,1,128],f16>
    torch.bind_symbolic_shape %231, [%21], affine_map<()[s0] -> (4, s0 * 32, 8, 1, 128)> : !torch.vtensor<[4,?,8,1,128],f16>
    %int4_382 = torch.constant.int 4
    %int8_383 = torch.constant.int 8
    %int4_384 = torch.constant.int 4
    %int128_385 = torch.constant.int 128
    %232 = torch.prim.ListConstruct %int4_382, %216, %int8_383, %int4_384, %int128_385 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_386 = torch.constant.bool false
    %233 = torch.aten.expand %231, %232, %false_386 : !torch.vtensor<[4,?,8,1,128],f16>, !torch.list<int>, !torch.bool -> !torch.vtensor<[4,?,8,4,128],f16>
    torch.bind_symbolic_shape %233, [%21], affine_map<()[s0] -> (4, s0 * 32, 8, 4, 128)> : !torch.vtensor<[4,?,8,4,128],f16>
    %int0_387 = torch.constant.int 0
    %234 = torch.aten.clone %233, %int0_387 : !torch.vtensor<[4,?,8,4,128],f16>, !torch.int -> !torch.vtensor<[4,?,8,4,128],f16>
    torch.bind_symbolic_shape %234, [%21], affine_map<()[s0] -> (4, s0 * 32, 8, 4, 128)> : !torch.vtensor<[4,?,8,4,128],f16>
    %int4_388 = torch.constant.int 4
    %int32_389 = torch.constant.int 32
    %int128_390 = torch.constant.int 128
    %235 = torch.prim.ListConstruct %int4_388, %216, %int32_389, %int128_390 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %236 = torch.aten._unsafe_view %234, %235 : !torch.vtensor<[4,?,8,4,128],f16>, !torch.list<int> -> !torch.vtensor<[4,?,32,128],f16>
    torch.bind_symbolic_shape %236, [%21], affine_map<()[s0] -> (4, s0 * 32, 32, 128)> : !torch.vtensor<[4,?,32,128],f16>
    %int-2_391 = torch.constant.int -2
    %237 = torch.aten.unsqueeze %223, %int-2_391 : !torch.vtensor<[4,?,8,128],f16>, !torch.int -> !torch.vtensor<[4,?,8,1,128],f16>
    torch.bind_symbolic_shape %237, [%21], affine_map<()[s0] -> (4, s0 * 32, 8, 1, 128)> : !torch.vtensor<[4,?,8,1,128],f16>
    %int4_392 = torch.constant.int 4
    %int8_393 = torch.constant.int 8
    %int4_394 = torch.constant.int 4
    %int128_395 = torch.constant.int 128
    %238 = torch.prim.ListConstruct %int4_392, %216, %int8_393, %int4_394, %int128_395 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_396 = torch.constant.bool false
    %239 = torch.aten.expand %237, %238, %false_396 : !torch.vtensor<[4,?,8,1,128],f16>, !torch.list<int>, !torch.bool -> !torch.vtensor<[4,?,8,4,128],f16>
    torch.bind_symbolic_shape %239, [%21], affine_map<()[s0] -> (4, s0 * 32, 8, 4, 128)> : !torch.vtensor<[4,?,8,4,128],f16>
    %int0_397 = torch.constant.int 0
    %240 = torch.aten.clone %239, %int0_397 : !torch.vtensor<[4,?,8,4,128],f16>, !torch.int -> !torch.vtensor<[4,?,8,4,128],f16>
    torch.bind_symbolic_shape %240, [%21], affine_map<()[s0] -> (4, s0 * 32, 8, 4, 128)> : !torch.vtensor<[4,?,8,4,128],f16>
    %int4_398 = torch.constant.int 4
    %int32_399 = torch.constant.int 32
    %int128_400 = torch.constant.int 128
    %241 = torch.prim.ListConstruct %int4_398, %216, %int32_399, %int128_400 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %242 = torch.aten._unsafe_view %240, %241 : !torch.vtensor<[4,?,8,4,128],f16>, !torch.list<int> -> !torch.vtensor<[4,?,32,128],f16>
    torch.bind_symbolic_shape %242, [%21], affine_map<()[s0] -> (4, s0 * 32, 32, 128)> : !torch.vtensor<[4,?,32,128],f16>
    %int1_401 = torch.constant.int 1
    %int2_402 = torch.constant.int 2
    %243 = torch.aten.transpose.int %100, %int1_401, %int2_402 : !torch.vtensor<[4,1,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[4,32,1,128],f16>
    %int1_403 = torch.constant.int 1
    %int2_404 = torch.constant.int 2
    %244 = torch.aten.transpose.int %236, %int1_403, %int2_404 : !torch.vtensor<[4,?,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[4,32,?,128],f16>
    torch.bind_symbolic_shape %244, [%21], affine_map<()[s0] -> (4, 32, s0 * 32, 128)> : !torch.vtensor<[4,32,?,128],f16>
    %int1_405 = torch.constant.int 1
    %int2_406 = torch.constant.int 2
    %245 = torch.aten.transpose.int %242, %int1_405, %int2_406 : !torch.vtensor<[4,?,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[4,32,?,128],f16>
    torch.bind_symbolic_shape %245, [%21], affine_map<()[s0] -> (4, 32, s0 * 32, 128)> : !torch.vtensor<[4,32,?,128],f16>
    %float0.000000e00 = torch.constant.float 0.000000e+00
    %false_407 = torch.constant.bool false
    %none_408 = torch.constant.none
    %false_409 = torch.constant.bool false
    %246 = torch.aten.scaled_dot_product_attention %243, %244, %245, %230, %float0.000000e00, %false_407, %none_408, %false_409 : !torch.vtensor<[4,32,1,128],f16>, !torch.vtensor<[4,32,?,128],f16>, !torch.vtensor<[4,32,?,128],f16>, !torch.vtensor<[4,1,1,?],f16>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[4,32,1,128],f16>
    %int1_410 = torch.constant.int 1
    %int2_411 = torch.constant.int 2
    %247 = torch.aten.transpose.int %246, %int1_410, %int2_411 : !torch.vtensor<[4,32,1,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[4,1,32,128],f16>
    %int4_412 = torch.constant.int 4
    %int1_413 = torch.constant.int 1
    %int4096_414 = torch.constant.int 4096
    %248 = torch.prim.ListConstruct %int4_412, %int1_413, %int4096_414 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %249 = torch.aten.view %247, %248 : !torch.vtensor<[4,1,32,128],f16>, !torch.list<int> -> !torch.vtensor<[4,1,4096],f16>
    %int-2_415 = torch.constant.int -2
    %int-1_416 = torch.constant.int -1
    %250 = torch.aten.transpose.int %13, %int-2_415, %int-1_416 : !torch.vtensor<[4096,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,4096],f16>
    %none_417 = torch.constant.none
    %none_418 = torch.constant.none
    %int5_419 = torch.constant.int 5
    %cpu_420 = torch.constant.device "cpu"
    %int0_421 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %250, %none_417, %none_418, %int5_419, %cpu_420, %int0_421 : !torch.vtensor<[4096,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4_422 = torch.constant.int 4
    %int4096_423 = torch.constant.int 4096
    %251 = torch.prim.ListConstruct %int4_422, %int4096_423 : (!torch.int, !torch.int) -> !torch.list<int>
    %252 = torch.aten.view %249, %251 : !torch.vtensor<[4,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,4096],f16>
    %253 = torch.aten.matmul %252, %250 : !torch.vtensor<[4,4096],f16>, !torch.vtensor<[4096,4096],f16> -> !torch.vtensor<[4,4096],f16>
    %int4_424 = torch.constant.int 4
    %int1_425 = torch.constant.int 1
    %int4096_426 = torch.constant.int 4096
    %254 = torch.prim.ListConstruct %int4_424, %int1_425, %int4096_426 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %255 = torch.aten.view %253, %254 : !torch.vtensor<[4,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,1,4096],f16>
    %none_427 = torch.constant.none
    %none_428 = torch.constant.none
    %int5_429 = torch.constant.int 5
    %cpu_430 = torch.constant.device "cpu"
    %int0_431 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %255, %none_427, %none_428, %int5_429, %cpu_430, %int0_431 : !torch.vtensor<[4,1,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_432 = torch.constant.int 1
    %256 = torch.aten.add.Tensor %25, %255, %int1_432 : !torch.vtensor<[4,1,4096],f16>, !torch.vtensor<[4,1,4096],f16>, !torch.int -> !torch.vtensor<[4,1,4096],f16>
    %none_433 = torch.constant.none
    %none_434 = torch.constant.none
    %int5_435 = torch.constant.int 5
    %cpu_436 = torch.constant.device "cpu"
    %int0_437 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %256, %none_433, %none_434, %int5_435, %cpu_436, %int0_437 : !torch.vtensor<[4,1,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_438 = torch.constant.int 6
    %257 = torch.prims.convert_element_type %256, %int6_438 : !torch.vtensor<[4,1,4096],f16>, !torch.int -> !torch.vtensor<[4,1,4096],f32>
    %int2_439 = torch.constant.int 2
    %258 = torch.aten.pow.Tensor_Scalar %257, %int2_439 : !torch.vtensor<[4,1,4096],f32>, !torch.int -> !torch.vtensor<[4,1,4096],f32>
    %int-1_440 = torch.constant.int -1
    %259 = torch.prim.ListConstruct %int-1_440 : (!torch.int) -> !torch.list<int>
    %true_441 = torch.constant.bool true
    %none_442 = torch.constant.none
    %260 = torch.aten.mean.dim %258, %259, %true_441, %none_442 : !torch.vtensor<[4,1,4096],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[4,1,1],f32>
    %float1.000000e-05_443 = torch.constant.float 1.000000e-05
    %int1_444 = torch.constant.int 1
    %261 = torch.aten.add.Scalar %260, %float1.000000e-05_443, %int1_444 : !torch.vtensor<[4,1,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[4,1,1],f32>
    %262 = torch.aten.rsqrt %261 : !torch.vtensor<[4,1,1],f32> -> !torch.vtensor<[4,1,1],f32>
    %263 = torch.aten.mul.Tensor %257, %262 : !torch.vtensor<[4,1,4096],f32>, !torch.vtensor<[4,1,1],f32> -> !torch.vtensor<[4,1,4096],f32>
    %none_445 = torch.constant.none
    %none_446 = torch.constant.none
    %int6_447 = torch.constant.int 6
    %cpu_448 = torch.constant.device "cpu"
    %int0_449 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %263, %none_445, %none_446, %int6_447, %cpu_448, %int0_449 : !torch.vtensor<[4,1,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_450 = torch.constant.int 5
    %264 = torch.prims.convert_element_type %263, %int5_450 : !torch.vtensor<[4,1,4096],f32>, !torch.int -> !torch.vtensor<[4,1,4096],f16>
    %265 = torch.aten.mul.Tensor %14, %264 : !torch.vtensor<[4096],f32>, !torch.vtensor<[4,1,4096],f16> -> !torch.vtensor<[4,1,4096],f32>
    %none_451 = torch.constant.none
    %none_452 = torch.constant.none
    %int6_453 = torch.constant.int 6
    %cpu_454 = torch.constant.device "cpu"
    %int0_455 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %265, %none_451, %none_452, %int6_453, %cpu_454, %int0_455 : !torch.vtensor<[4,1,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_456 = torch.constant.int 5
    %266 = torch.prims.convert_element_type %265, %int5_456 : !torch.vtensor<[4,1,4096],f32>, !torch.int -> !torch.vtensor<[4,1,4096],f16>
    %int-2_457 = torch.constant.int -2
    %int-1_458 = torch.constant.int -1
    %267 = torch.aten.transpose.int %15, %int-2_457, %int-1_458 : !torch.vtensor<[14336,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,14336],f16>
    %none_459 = torch.constant.none
    %none_460 = torch.constant.none
    %int5_461 = torch.constant.int 5
    %cpu_462 = torch.constant.device "cpu"
    %int0_463 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %267, %none_459, %none_460, %int5_461, %cpu_462, %int0_463 : !torch.vtensor<[4096,14336],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4_464 = torch.constant.int 4
    %int4096_465 = torch.constant.int 4096
    %268 = torch.prim.ListConstruct %int4_464, %int4096_465 : (!torch.int, !torch.int) -> !torch.list<int>
    %269 = torch.aten.view %266, %268 : !torch.vtensor<[4,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,4096],f16>
    %270 = torch.aten.matmul %269, %267 : !torch.vtensor<[4,4096],f16>, !torch.vtensor<[4096,14336],f16> -> !torch.vtensor<[4,14336],f16>
    %int4_466 = torch.constant.int 4
    %int1_467 = torch.constant.int 1
    %int14336 = torch.constant.int 14336
    %271 = torch.prim.ListConstruct %int4_466, %int1_467, %int14336 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %272 = torch.aten.view %270, %271 : !torch.vtensor<[4,14336],f16>, !torch.list<int> -> !torch.vtensor<[4,1,14336],f16>
    %273 = torch.aten.silu %272 : !torch.vtensor<[4,1,14336],f16> -> !torch.vtensor<[4,1,14336],f16>
    %int-2_468 = torch.constant.int -2
    %int-1_469 = torch.constant.int -1
    %274 = torch.aten.transpose.int %16, %int-2_468, %int-1_469 : !torch.vtensor<[14336,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,14336],f16>
    %none_470 = torch.constant.none
    %none_471 = torch.constant.none
    %int5_472 = torch.constant.int 5
    %cpu_473 = torch.constant.device "cpu"
    %int0_474 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %274, %none_470, %none_471, %int5_472, %cpu_473, %int0_474 : !torch.vtensor<[4096,14336],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4_475 = torch.constant.int 4
    %int4096_476 = torch.constant.int 4096
    %275 = torch.prim.ListConstruct %int4_475, %int4096_476 : (!torch.int, !torch.int) -> !torch.list<int>
    %276 = torch.aten.view %266, %275 : !torch.vtensor<[4,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,4096],f16>
    %277 = torch.aten.matmul %276, %274 : !torch.vtensor<[4,4096],f16>, !torch.vtensor<[4096,14336],f16> -> !torch.vtensor<[4,14336],f16>
    %int4_477 = torch.constant.int 4
    %int1_478 = torch.constant.int 1
    %int14336_479 = torch.constant.int 14336
    %278 = torch.prim.ListConstruct %int4_477, %int1_478, %int14336_479 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %279 = torch.aten.view %277, %278 : !torch.vtensor<[4,14336],f16>, !torch.list<int> -> !torch.vtensor<[4,1,14336],f16>
    %280 = torch.aten.mul.Tensor %273, %279 : !torch.vtensor<[4,1,14336],f16>, !torch.vtensor<[4,1,14336],f16> -> !torch.vtensor<[4,1,14336],f16>
    %int-2_480 = torch.constant.int -2
    %int-1_481 = torch.constant.int -1
    %281 = torch.aten.transpose.int %17, %int-2_480, %int-1_481 : !torch.vtensor<[4096,14336],f16>, !torch.int, !torch.int -> !torch.vtensor<[14336,4096],f16>
    %none_482 = torch.constant.none
    %none_483 = torch.constant.none
    %int5_484 = torch.constant.int 5
    %cpu_485 = torch.constant.device "cpu"
    %int0_486 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %281, %none_482, %none_483, %int5_484, %cpu_485, %int0_486 : !torch.vtensor<[14336,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4_487 = torch.constant.int 4
    %int14336_488 = torch.constant.int 14336
    %282 = torch.prim.ListConstruct %int4_487, %int14336_488 : (!torch.int, !torch.int) -> !torch.list<int>
    %283 = torch.aten.view %280, %282 : !torch.vtensor<[4,1,14336],f16>, !torch.list<int> -> !torch.vtensor<[4,14336],f16>
    %284 = torch.aten.matmul %283, %281 : !torch.vtensor<[4,14336],f16>, !torch.vtensor<[14336,4096],f16> -> !torch.vtensor<[4,4096],f16>
    %int4_489 = torch.constant.int 4
    %int1_490 = torch.constant.int 1
    %int4096_491 = torch.constant.int 4096
    %285 = torch.prim.ListConstruct %int4_489, %int1_490, %int4096_491 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %286 = torch.aten.view %284, %285 : !torch.vtensor<[4,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,1,4096],f16>
    %int1_492 = torch.constant.int 1
    %287 = torch.aten.add.Tensor %256, %286, %int1_492 : !torch.vtensor<[4,1,4096],f16>, !torch.vtensor<[4,1,4096],f16>, !torch.int -> !torch.vtensor<[4,1,4096],f16>
    %none_493 = torch.constant.none
    %none_494 = torch.constant.none
    %int5_495 = torch.constant.int 5
    %cpu_496 = torch.constant.device "cpu"
    %int0_497 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %287, %none_493, %none_494, %int5_495, %cpu_496, %int0_497 : !torch.vtensor<[4,1,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_498 = torch.constant.none
    %none_499 = torch.constant.none
    %int5_500 = torch.constant.int 5
    %cpu_501 = torch.constant.device "cpu"
    %int0_502 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %287, %none_498, %none_499, %int5_500, %cpu_501, %int0_502 : !torch.vtensor<[4,1,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_503 = torch.constant.int 6
    %288 = torch.prims.convert_element_type %287, %int6_503 : !torch.vtensor<[4,1,4096],f16>, !torch.int -> !torch.vtensor<[4,1,4096],f32>
    %int2_504 = torch.constant.int 2
    %289 = torch.aten.pow.Tensor_Scalar %288, %int2_504 : !torch.vtensor<[4,1,4096],f32>, !torch.int -> !torch.vtensor<[4,1,4096],f32>
    %int-1_505 = torch.constant.int -1
    %290 = torch.prim.ListConstruct %int-1_505 : (!torch.int) -> !torch.list<int>
    %true_506 = torch.constant.bool true
    %none_507 = torch.constant.none
    %291 = torch.aten.mean.dim %289, %290, %true_506, %none_507 : !torch.vtensor<[4,1,4096],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[4,1,1],f32>
    %float1.000000e-05_508 = torch.constant.float 1.000000e-05
    %int1_509 = torch.constant.int 1
    %292 = torch.aten.add.Scalar %291, %float1.000000e-05_508, %int1_509 : !torch.vtensor<[4,1,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[4,1,1],f32>
    %293 = torch.aten.rsqrt %292 : !torch.vtensor<[4,1,1],f32> -> !torch.vtensor<[4,1,1],f32>
    %294 = torch.aten.mul.Tensor %288, %293 : !torch.vtensor<[4,1,4096],f32>, !torch.vtensor<[4,1,1],f32> -> !torch.vtensor<[4,1,4096],f32>
    %none_510 = torch.constant.none
    %none_511 = torch.constant.none
    %int6_512 = torch.constant.int 6
    %cpu_513 = torch.constant.device "cpu"
    %int0_514 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %294, %none_510, %none_511, %int6_512, %cpu_513, %int0_514 : !torch.vtensor<[4,1,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_515 = torch.constant.int 5
    %295 = torch.prims.convert_element_type %294, %int5_515 : !torch.vtensor<[4,1,4096],f32>, !torch.int -> !torch.vtensor<[4,1,4096],f16>
    %296 = torch.aten.mul.Tensor %18, %295 : !torch.vtensor<[1,4096],f32>, !torch.vtensor<[4,1,4096],f16> -> !torch.vtensor<[4,1,4096],f32>
    %none_516 = torch.constant.none
    %none_517 = torch.constant.none
    %int6_518 = torch.constant.int 6
    %cpu_519 = torch.constant.device "cpu"
    %int0_520 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %296, %none_516, %none_517, %int6_518, %cpu_519, %int0_520 : !torch.vtensor<[4,1,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_521 = torch.constant.int 5
    %297 = torch.prims.convert_element_type %296, %int5_521 : !torch.vtensor<[4,1,4096],f32>, !torch.int -> !torch.vtensor<[4,1,4096],f16>
    %int-2_522 = torch.constant.int -2
    %int-1_523 = torch.constant.int -1
    %298 = torch.aten.transpose.int %19, %int-2_522, %int-1_523 : !torch.vtensor<[128256,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,128256],f16>
    %none_524 = torch.constant.none
    %none_525 = torch.constant.none
    %int5_526 = torch.constant.int 5
    %cpu_527 = torch.constant.device "cpu"
    %int0_528 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %298, %none_524, %none_525, %int5_526, %cpu_527, %int0_528 : !torch.vtensor<[4096,128256],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4_529 = torch.constant.int 4
    %int4096_530 = torch.constant.int 4096
    %299 = torch.prim.ListConstruct %int4_529, %int4096_530 : (!torch.int, !torch.int) -> !torch.list<int>
    %300 = torch.aten.view %297, %299 : !torch.vtensor<[4,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[4,4096],f16>
    %301 = torch.aten.matmul %300, %298 : !torch.vtensor<[4,4096],f16>, !torch.vtensor<[4096,128256],f16> -> !torch.vtensor<[4,128256],f16>
    %int4_531 = torch.constant.int 4
    %int1_532 = torch.constant.int 1
    %int128256 = torch.constant.int 128256
    %302 = torch.prim.ListConstruct %int4_531, %int1_532, %int128256 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %303 = torch.aten.view %301, %302 : !torch.vtensor<[4,128256],f16>, !torch.list<int> -> !torch.vtensor<[4,1,128256],f16>
    return %303 : !torch.vtensor<[4,1,128256],f16>
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
  util.func private @paged_attention_kv_cache_gather_CACHE_SIZE_T_BLOCK_1_PART_2_HEAD_COUNT_KV_8_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_128_f16_BATCH_PAGES_i64__i64__i64_BATCH_PAGES_HEAD_COUNT_KV_8_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_128_f16(%arg0: tensor<?x1x2x8x32x128xf16>, %arg1: tensor<?x?xi64>, %arg2: tensor<i64>, %arg3: tensor<i64>) -> tensor<?x?x8x32x128xf16> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %extracted = tensor.extract %arg2[] : tensor<i64>
    %extracted_0 = tensor.extract %arg3[] : tensor<i64>
    %0 = arith.index_cast %extracted : i64 to index
    %1 = arith.index_cast %extracted_0 : i64 to index
    %dim = tensor.dim %arg0, %c0 : tensor<?x1x2x8x32x128xf16>
    %dim_1 = tensor.dim %arg1, %c0 : tensor<?x?xi64>
    %dim_2 = tensor.dim %arg1, %c1 : tensor<?x?xi64>
    %extracted_slice = tensor.extract_slice %arg0[0, %0, %1, 0, 0, 0] [%dim, 1, 1, 8, 32, 128] [1, 1, 1, 1, 1, 1] : tensor<?x1x2x8x32x128xf16> to tensor<?x8x32x128xf16>
    %2 = tensor.empty(%dim_1, %dim_2) : tensor<?x?x8x32x128xf16>
    %3 = iree_linalg_ext.gather dimension_map = [0] ins(%extracted_slice, %arg1 : tensor<?x8x32x128xf16>, tensor<?x?xi64>) outs(%2 : tensor<?x?x8x32x128xf16>) -> tensor<?x?x8x32x128xf16>
    util.return %3 : tensor<?x?x8x32x128xf16>
  }
}
