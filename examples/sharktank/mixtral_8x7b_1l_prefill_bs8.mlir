#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
module @module {
  util.global private @__auto.token_embd.weight = #flow.parameter.named<"model"::"token_embd.weight"> : tensor<32000x4096xf16>
  util.global private @__auto.blk.0.attn_norm.weight = #flow.parameter.named<"model"::"blk.0.attn_norm.weight"> : tensor<4096xf32>
  util.global private @__auto.blk.0.attn_q.weight = #flow.parameter.named<"model"::"blk.0.attn_q.weight"> : tensor<4096x4096xf16>
  util.global private @__auto.blk.0.attn_k.weight = #flow.parameter.named<"model"::"blk.0.attn_k.weight"> : tensor<1024x4096xf16>
  util.global private @__auto.blk.0.attn_v.weight = #flow.parameter.named<"model"::"blk.0.attn_v.weight"> : tensor<1024x4096xf16>
  util.global private @__auto.blk.0.attn_output.weight = #flow.parameter.named<"model"::"blk.0.attn_output.weight"> : tensor<4096x4096xf16>
  util.global private @__auto.blk.0.ffn_norm.weight = #flow.parameter.named<"model"::"blk.0.ffn_norm.weight"> : tensor<4096xf32>
  util.global private @__auto.blk.0.ffn_gate_inp.weight = #flow.parameter.named<"model"::"blk.0.ffn_gate_inp.weight"> : tensor<8x4096xf32>
  util.global private @__auto.blk.0.ffn_gate_exps.weight = #flow.parameter.named<"model"::"blk.0.ffn_gate_exps.weight"> : tensor<8x14336x4096xf16>
  util.global private @__auto.blk.0.ffn_up_exps.weight = #flow.parameter.named<"model"::"blk.0.ffn_up_exps.weight"> : tensor<8x14336x4096xf16>
  util.global private @__auto.blk.0.ffn_down_exps.weight = #flow.parameter.named<"model"::"blk.0.ffn_down_exps.weight"> : tensor<8x4096x14336xf16>
  util.global private @__auto.output_norm.weight = #flow.parameter.named<"model"::"output_norm.weight"> : tensor<1x4096xf32>
  util.global private @__auto.output.weight = #flow.parameter.named<"model"::"output.weight"> : tensor<32000x4096xf16>
  func.func @prefill_bs8(%arg0: !torch.vtensor<[8,?],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg1: !torch.vtensor<[8],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg2: !torch.vtensor<[8,?],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg3: !torch.tensor<[?,65536],f16> {iree.abi.affinity = #hal.device.promise<@__device_0>}) -> !torch.vtensor<[8,?,32000],f16> attributes {torch.assume_strict_symbolic_shapes} {
    %__auto.token_embd.weight = util.global.load @__auto.token_embd.weight : tensor<32000x4096xf16>
    %0 = torch_c.from_builtin_tensor %__auto.token_embd.weight : tensor<32000x4096xf16> -> !torch.vtensor<[32000,4096],f16>
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
    %__auto.blk.0.ffn_gate_inp.weight = util.global.load @__auto.blk.0.ffn_gate_inp.weight : tensor<8x4096xf32>
    %10 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_gate_inp.weight : tensor<8x4096xf32> -> !torch.vtensor<[8,4096],f32>
    %__auto.blk.0.ffn_gate_exps.weight = util.global.load @__auto.blk.0.ffn_gate_exps.weight : tensor<8x14336x4096xf16>
    %11 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_gate_exps.weight : tensor<8x14336x4096xf16> -> !torch.vtensor<[8,14336,4096],f16>
    %__auto.blk.0.ffn_up_exps.weight = util.global.load @__auto.blk.0.ffn_up_exps.weight : tensor<8x14336x4096xf16>
    %12 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_up_exps.weight : tensor<8x14336x4096xf16> -> !torch.vtensor<[8,14336,4096],f16>
    %__auto.blk.0.ffn_down_exps.weight = util.global.load @__auto.blk.0.ffn_down_exps.weight : tensor<8x4096x14336xf16>
    %13 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_down_exps.weight : tensor<8x4096x14336xf16> -> !torch.vtensor<[8,4096,14336],f16>
    %__auto.output_norm.weight = util.global.load @__auto.output_norm.weight : tensor<1x4096xf32>
    %14 = torch_c.from_builtin_tensor %__auto.output_norm.weight : tensor<1x4096xf32> -> !torch.vtensor<[1,4096],f32>
    %__auto.output.weight = util.global.load @__auto.output.weight : tensor<32000x4096xf16>
    %15 = torch_c.from_builtin_tensor %__auto.output.weight : tensor<32000x4096xf16> -> !torch.vtensor<[32000,4096],f16>
    %16 = torch.copy.to_vtensor %arg3 : !torch.vtensor<[?,65536],f16>
    %17 = torch.symbolic_int "32*s23" {min_val = 64, max_val = 4064} : !torch.int
    %18 = torch.symbolic_int "s23" {min_val = 2, max_val = 127} : !torch.int
    %19 = torch.symbolic_int "s39" {min_val = 0, max_val = 9223372036854775807} : !torch.int
    torch.bind_symbolic_shape %arg0, [%18], affine_map<()[s0] -> (8, s0 * 32)> : !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %arg2, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %16, [%19], affine_map<()[s0] -> (s0, 65536)> : !torch.vtensor<[?,65536],f16>
    %int1 = torch.constant.int 1
    %20 = torch.aten.size.int %arg2, %int1 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.int
    %int0 = torch.constant.int 0
    %21 = torch.aten.size.int %16, %int0 : !torch.vtensor<[?,65536],f16>, !torch.int -> !torch.int
    %int1_0 = torch.constant.int 1
    %22 = torch.aten.size.int %arg0, %int1_0 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.int
    %none = torch.constant.none
    %none_1 = torch.constant.none
    %int5 = torch.constant.int 5
    %cpu = torch.constant.device "cpu"
    %int0_2 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %0, %none, %none_1, %int5, %cpu, %int0_2 : !torch.vtensor<[32000,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int-1 = torch.constant.int -1
    %false = torch.constant.bool false
    %false_3 = torch.constant.bool false
    %23 = torch.aten.embedding %0, %arg0, %int-1, %false, %false_3 : !torch.vtensor<[32000,4096],f16>, !torch.vtensor<[8,?],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %23, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %none_4 = torch.constant.none
    %none_5 = torch.constant.none
    %int5_6 = torch.constant.int 5
    %cpu_7 = torch.constant.device "cpu"
    %int0_8 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %23, %none_4, %none_5, %int5_6, %cpu_7, %int0_8 : !torch.vtensor<[8,?,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6 = torch.constant.int 6
    %24 = torch.prims.convert_element_type %23, %int6 : !torch.vtensor<[8,?,4096],f16>, !torch.int -> !torch.vtensor<[8,?,4096],f32>
    torch.bind_symbolic_shape %24, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f32>
    %int2 = torch.constant.int 2
    %25 = torch.aten.pow.Tensor_Scalar %24, %int2 : !torch.vtensor<[8,?,4096],f32>, !torch.int -> !torch.vtensor<[8,?,4096],f32>
    torch.bind_symbolic_shape %25, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f32>
    %int-1_9 = torch.constant.int -1
    %26 = torch.prim.ListConstruct %int-1_9 : (!torch.int) -> !torch.list<int>
    %true = torch.constant.bool true
    %none_10 = torch.constant.none
    %27 = torch.aten.mean.dim %25, %26, %true, %none_10 : !torch.vtensor<[8,?,4096],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %27, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %float1.000000e-05 = torch.constant.float 1.000000e-05
    %int1_11 = torch.constant.int 1
    %28 = torch.aten.add.Scalar %27, %float1.000000e-05, %int1_11 : !torch.vtensor<[8,?,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %28, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %29 = torch.aten.rsqrt %28 : !torch.vtensor<[8,?,1],f32> -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %29, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %30 = torch.aten.mul.Tensor %24, %29 : !torch.vtensor<[8,?,4096],f32>, !torch.vtensor<[8,?,1],f32> -> !torch.vtensor<[8,?,4096],f32>
    torch.bind_symbolic_shape %30, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f32>
    %none_12 = torch.constant.none
    %none_13 = torch.constant.none
    %int6_14 = torch.constant.int 6
    %cpu_15 = torch.constant.device "cpu"
    %int0_16 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %30, %none_12, %none_13, %int6_14, %cpu_15, %int0_16 : !torch.vtensor<[8,?,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_17 = torch.constant.int 5
    %31 = torch.prims.convert_element_type %30, %int5_17 : !torch.vtensor<[8,?,4096],f32>, !torch.int -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %31, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %32 = torch.aten.mul.Tensor %4, %31 : !torch.vtensor<[4096],f32>, !torch.vtensor<[8,?,4096],f16> -> !torch.vtensor<[8,?,4096],f32>
    torch.bind_symbolic_shape %32, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f32>
    %none_18 = torch.constant.none
    %none_19 = torch.constant.none
    %int6_20 = torch.constant.int 6
    %cpu_21 = torch.constant.device "cpu"
    %int0_22 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %32, %none_18, %none_19, %int6_20, %cpu_21, %int0_22 : !torch.vtensor<[8,?,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_23 = torch.constant.int 5
    %33 = torch.prims.convert_element_type %32, %int5_23 : !torch.vtensor<[8,?,4096],f32>, !torch.int -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %33, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %int-2 = torch.constant.int -2
    %int-1_24 = torch.constant.int -1
    %34 = torch.aten.transpose.int %5, %int-2, %int-1_24 : !torch.vtensor<[4096,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,4096],f16>
    %none_25 = torch.constant.none
    %none_26 = torch.constant.none
    %int5_27 = torch.constant.int 5
    %cpu_28 = torch.constant.device "cpu"
    %int0_29 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %34, %none_25, %none_26, %int5_27, %cpu_28, %int0_29 : !torch.vtensor<[4096,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8 = torch.constant.int 8
    %35 = torch.aten.mul.int %int8, %22 : !torch.int, !torch.int -> !torch.int
    %int4096 = torch.constant.int 4096
    %36 = torch.prim.ListConstruct %35, %int4096 : (!torch.int, !torch.int) -> !torch.list<int>
    %37 = torch.aten.view %33, %36 : !torch.vtensor<[8,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %37, [%18], affine_map<()[s0] -> (s0 * 256, 4096)> : !torch.vtensor<[?,4096],f16>
    %38 = torch.aten.matmul %37, %34 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[4096,4096],f16> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %38, [%18], affine_map<()[s0] -> (s0 * 256, 4096)> : !torch.vtensor<[?,4096],f16>
    %int8_30 = torch.constant.int 8
    %int4096_31 = torch.constant.int 4096
    %39 = torch.prim.ListConstruct %int8_30, %22, %int4096_31 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %40 = torch.aten.view %38, %39 : !torch.vtensor<[?,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %40, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %int-2_32 = torch.constant.int -2
    %int-1_33 = torch.constant.int -1
    %41 = torch.aten.transpose.int %6, %int-2_32, %int-1_33 : !torch.vtensor<[1024,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,1024],f16>
    %none_34 = torch.constant.none
    %none_35 = torch.constant.none
    %int5_36 = torch.constant.int 5
    %cpu_37 = torch.constant.device "cpu"
    %int0_38 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %41, %none_34, %none_35, %int5_36, %cpu_37, %int0_38 : !torch.vtensor<[4096,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4096_39 = torch.constant.int 4096
    %42 = torch.prim.ListConstruct %35, %int4096_39 : (!torch.int, !torch.int) -> !torch.list<int>
    %43 = torch.aten.view %33, %42 : !torch.vtensor<[8,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %43, [%18], affine_map<()[s0] -> (s0 * 256, 4096)> : !torch.vtensor<[?,4096],f16>
    %44 = torch.aten.matmul %43, %41 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[4096,1024],f16> -> !torch.vtensor<[?,1024],f16>
    torch.bind_symbolic_shape %44, [%18], affine_map<()[s0] -> (s0 * 256, 1024)> : !torch.vtensor<[?,1024],f16>
    %int8_40 = torch.constant.int 8
    %int1024 = torch.constant.int 1024
    %45 = torch.prim.ListConstruct %int8_40, %22, %int1024 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %46 = torch.aten.view %44, %45 : !torch.vtensor<[?,1024],f16>, !torch.list<int> -> !torch.vtensor<[8,?,1024],f16>
    torch.bind_symbolic_shape %46, [%18], affine_map<()[s0] -> (8, s0 * 32, 1024)> : !torch.vtensor<[8,?,1024],f16>
    %int-2_41 = torch.constant.int -2
    %int-1_42 = torch.constant.int -1
    %47 = torch.aten.transpose.int %7, %int-2_41, %int-1_42 : !torch.vtensor<[1024,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,1024],f16>
    %none_43 = torch.constant.none
    %none_44 = torch.constant.none
    %int5_45 = torch.constant.int 5
    %cpu_46 = torch.constant.device "cpu"
    %int0_47 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %47, %none_43, %none_44, %int5_45, %cpu_46, %int0_47 : !torch.vtensor<[4096,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4096_48 = torch.constant.int 4096
    %48 = torch.prim.ListConstruct %35, %int4096_48 : (!torch.int, !torch.int) -> !torch.list<int>
    %49 = torch.aten.view %33, %48 : !torch.vtensor<[8,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %49, [%18], affine_map<()[s0] -> (s0 * 256, 4096)> : !torch.vtensor<[?,4096],f16>
    %50 = torch.aten.matmul %49, %47 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[4096,1024],f16> -> !torch.vtensor<[?,1024],f16>
    torch.bind_symbolic_shape %50, [%18], affine_map<()[s0] -> (s0 * 256, 1024)> : !torch.vtensor<[?,1024],f16>
    %int8_49 = torch.constant.int 8
    %int1024_50 = torch.constant.int 1024
    %51 = torch.prim.ListConstruct %int8_49, %22, %int1024_50 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %52 = torch.aten.view %50, %51 : !torch.vtensor<[?,1024],f16>, !torch.list<int> -> !torch.vtensor<[8,?,1024],f16>
    torch.bind_symbolic_shape %52, [%18], affine_map<()[s0] -> (8, s0 * 32, 1024)> : !torch.vtensor<[8,?,1024],f16>
    %int8_51 = torch.constant.int 8
    %int32 = torch.constant.int 32
    %int128 = torch.constant.int 128
    %53 = torch.prim.ListConstruct %int8_51, %22, %int32, %int128 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %54 = torch.aten.view %40, %53 : !torch.vtensor<[8,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,?,32,128],f16>
    torch.bind_symbolic_shape %54, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 128)> : !torch.vtensor<[8,?,32,128],f16>
    %int8_52 = torch.constant.int 8
    %int8_53 = torch.constant.int 8
    %int128_54 = torch.constant.int 128
    %55 = torch.prim.ListConstruct %int8_52, %22, %int8_53, %int128_54 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %56 = torch.aten.view %46, %55 : !torch.vtensor<[8,?,1024],f16>, !torch.list<int> -> !torch.vtensor<[8,?,8,128],f16>
    torch.bind_symbolic_shape %56, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 128)> : !torch.vtensor<[8,?,8,128],f16>
    %int8_55 = torch.constant.int 8
    %int8_56 = torch.constant.int 8
    %int128_57 = torch.constant.int 128
    %57 = torch.prim.ListConstruct %int8_55, %22, %int8_56, %int128_57 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %58 = torch.aten.view %52, %57 : !torch.vtensor<[8,?,1024],f16>, !torch.list<int> -> !torch.vtensor<[8,?,8,128],f16>
    torch.bind_symbolic_shape %58, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 128)> : !torch.vtensor<[8,?,8,128],f16>
    %int0_58 = torch.constant.int 0
    %none_59 = torch.constant.none
    %none_60 = torch.constant.none
    %cpu_61 = torch.constant.device "cpu"
    %false_62 = torch.constant.bool false
    %59 = torch.aten.arange.start %int0_58, %22, %none_59, %none_60, %cpu_61, %false_62 : !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %59, [%18], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int0_63 = torch.constant.int 0
    %60 = torch.aten.unsqueeze %59, %int0_63 : !torch.vtensor<[?],si64>, !torch.int -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %60, [%18], affine_map<()[s0] -> (1, s0 * 32)> : !torch.vtensor<[1,?],si64>
    %int0_64 = torch.constant.int 0
    %int128_65 = torch.constant.int 128
    %int2_66 = torch.constant.int 2
    %none_67 = torch.constant.none
    %none_68 = torch.constant.none
    %cpu_69 = torch.constant.device "cpu"
    %false_70 = torch.constant.bool false
    %61 = torch.aten.arange.start_step %int0_64, %int128_65, %int2_66, %none_67, %none_68, %cpu_69, %false_70 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[64],si64>
    %none_71 = torch.constant.none
    %none_72 = torch.constant.none
    %int4 = torch.constant.int 4
    %cpu_73 = torch.constant.device "cpu"
    %int0_74 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %61, %none_71, %none_72, %int4, %cpu_73, %int0_74 : !torch.vtensor<[64],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_75 = torch.constant.int 6
    %62 = torch.prims.convert_element_type %61, %int6_75 : !torch.vtensor<[64],si64>, !torch.int -> !torch.vtensor<[64],f32>
    %int128_76 = torch.constant.int 128
    %63 = torch.aten.div.Scalar %62, %int128_76 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[64],f32>
    %float1.000000e06 = torch.constant.float 1.000000e+06
    %64 = torch.aten.pow.Scalar %float1.000000e06, %63 : !torch.float, !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %65 = torch.aten.reciprocal %64 : !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %float1.000000e00 = torch.constant.float 1.000000e+00
    %66 = torch.aten.mul.Scalar %65, %float1.000000e00 : !torch.vtensor<[64],f32>, !torch.float -> !torch.vtensor<[64],f32>
    %none_77 = torch.constant.none
    %67 = torch.aten.clone %1, %none_77 : !torch.vtensor<[],f32>, !torch.none -> !torch.vtensor<[],f32>
    %int0_78 = torch.constant.int 0
    %68 = torch.aten.unsqueeze %66, %int0_78 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[1,64],f32>
    %int2_79 = torch.constant.int 2
    %69 = torch.aten.unsqueeze %68, %int2_79 : !torch.vtensor<[1,64],f32>, !torch.int -> !torch.vtensor<[1,64,1],f32>
    %none_80 = torch.constant.none
    %none_81 = torch.constant.none
    %int6_82 = torch.constant.int 6
    %cpu_83 = torch.constant.device "cpu"
    %int0_84 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %69, %none_80, %none_81, %int6_82, %cpu_83, %int0_84 : !torch.vtensor<[1,64,1],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_85 = torch.constant.int 1
    %int-1_86 = torch.constant.int -1
    %int1_87 = torch.constant.int 1
    %70 = torch.prim.ListConstruct %int1_85, %int-1_86, %int1_87 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_88 = torch.constant.bool false
    %71 = torch.aten.expand %69, %70, %false_88 : !torch.vtensor<[1,64,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,64,1],f32>
    %int1_89 = torch.constant.int 1
    %72 = torch.aten.unsqueeze %60, %int1_89 : !torch.vtensor<[1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],si64>
    torch.bind_symbolic_shape %72, [%18], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],si64>
    %none_90 = torch.constant.none
    %none_91 = torch.constant.none
    %int4_92 = torch.constant.int 4
    %cpu_93 = torch.constant.device "cpu"
    %int0_94 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %72, %none_90, %none_91, %int4_92, %cpu_93, %int0_94 : !torch.vtensor<[1,1,?],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_95 = torch.constant.int 6
    %73 = torch.prims.convert_element_type %72, %int6_95 : !torch.vtensor<[1,1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],f32>
    torch.bind_symbolic_shape %73, [%18], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],f32>
    %74 = torch.aten.matmul %71, %73 : !torch.vtensor<[1,64,1],f32>, !torch.vtensor<[1,1,?],f32> -> !torch.vtensor<[1,64,?],f32>
    torch.bind_symbolic_shape %74, [%18], affine_map<()[s0] -> (1, 64, s0 * 32)> : !torch.vtensor<[1,64,?],f32>
    %int1_96 = torch.constant.int 1
    %int2_97 = torch.constant.int 2
    %75 = torch.aten.transpose.int %74, %int1_96, %int2_97 : !torch.vtensor<[1,64,?],f32>, !torch.int, !torch.int -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %75, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %76 = torch.aten.cos %75 : !torch.vtensor<[1,?,64],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %76, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %77 = torch.aten.mul.Tensor %76, %67 : !torch.vtensor<[1,?,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %77, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %none_98 = torch.constant.none
    %none_99 = torch.constant.none
    %int6_100 = torch.constant.int 6
    %cpu_101 = torch.constant.device "cpu"
    %int0_102 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %77, %none_98, %none_99, %int6_100, %cpu_101, %int0_102 : !torch.vtensor<[1,?,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_103 = torch.constant.int 5
    %78 = torch.prims.convert_element_type %77, %int5_103 : !torch.vtensor<[1,?,64],f32>, !torch.int -> !torch.vtensor<[1,?,64],f16>
    torch.bind_symbolic_shape %78, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f16>
    %79 = torch.aten.sin %75 : !torch.vtensor<[1,?,64],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %79, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %80 = torch.aten.mul.Tensor %79, %67 : !torch.vtensor<[1,?,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %80, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %none_104 = torch.constant.none
    %none_105 = torch.constant.none
    %int6_106 = torch.constant.int 6
    %cpu_107 = torch.constant.device "cpu"
    %int0_108 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %80, %none_104, %none_105, %int6_106, %cpu_107, %int0_108 : !torch.vtensor<[1,?,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_109 = torch.constant.int 5
    %81 = torch.prims.convert_element_type %80, %int5_109 : !torch.vtensor<[1,?,64],f32>, !torch.int -> !torch.vtensor<[1,?,64],f16>
    torch.bind_symbolic_shape %81, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f16>
    %int2_110 = torch.constant.int 2
    %82 = torch.aten.unsqueeze %78, %int2_110 : !torch.vtensor<[1,?,64],f16>, !torch.int -> !torch.vtensor<[1,?,1,64],f16>
    torch.bind_symbolic_shape %82, [%18], affine_map<()[s0] -> (1, s0 * 32, 1, 64)> : !torch.vtensor<[1,?,1,64],f16>
    %int2_111 = torch.constant.int 2
    %83 = torch.aten.unsqueeze %81, %int2_111 : !torch.vtensor<[1,?,64],f16>, !torch.int -> !torch.vtensor<[1,?,1,64],f16>
    torch.bind_symbolic_shape %83, [%18], affine_map<()[s0] -> (1, s0 * 32, 1, 64)> : !torch.vtensor<[1,?,1,64],f16>
    %none_112 = torch.constant.none
    %none_113 = torch.constant.none
    %int5_114 = torch.constant.int 5
    %cpu_115 = torch.constant.device "cpu"
    %int0_116 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %82, %none_112, %none_113, %int5_114, %cpu_115, %int0_116 : !torch.vtensor<[1,?,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_117 = torch.constant.none
    %none_118 = torch.constant.none
    %int5_119 = torch.constant.int 5
    %cpu_120 = torch.constant.device "cpu"
    %int0_121 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %83, %none_117, %none_118, %int5_119, %cpu_120, %int0_121 : !torch.vtensor<[1,?,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_122 = torch.constant.none
    %none_123 = torch.constant.none
    %int5_124 = torch.constant.int 5
    %cpu_125 = torch.constant.device "cpu"
    %int0_126 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %54, %none_122, %none_123, %int5_124, %cpu_125, %int0_126 : !torch.vtensor<[8,?,32,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int3 = torch.constant.int 3
    %int0_127 = torch.constant.int 0
    %int64 = torch.constant.int 64
    %int1_128 = torch.constant.int 1
    %84 = torch.aten.slice.Tensor %54, %int3, %int0_127, %int64, %int1_128 : !torch.vtensor<[8,?,32,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,?,32,64],f16>
    torch.bind_symbolic_shape %84, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 64)> : !torch.vtensor<[8,?,32,64],f16>
    %int3_129 = torch.constant.int 3
    %int64_130 = torch.constant.int 64
    %int9223372036854775807 = torch.constant.int 9223372036854775807
    %int1_131 = torch.constant.int 1
    %85 = torch.aten.slice.Tensor %54, %int3_129, %int64_130, %int9223372036854775807, %int1_131 : !torch.vtensor<[8,?,32,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,?,32,64],f16>
    torch.bind_symbolic_shape %85, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 64)> : !torch.vtensor<[8,?,32,64],f16>
    %86 = torch.aten.mul.Tensor %84, %82 : !torch.vtensor<[8,?,32,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[8,?,32,64],f16>
    torch.bind_symbolic_shape %86, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 64)> : !torch.vtensor<[8,?,32,64],f16>
    %87 = torch.aten.mul.Tensor %85, %83 : !torch.vtensor<[8,?,32,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[8,?,32,64],f16>
    torch.bind_symbolic_shape %87, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 64)> : !torch.vtensor<[8,?,32,64],f16>
    %int1_132 = torch.constant.int 1
    %88 = torch.aten.sub.Tensor %86, %87, %int1_132 : !torch.vtensor<[8,?,32,64],f16>, !torch.vtensor<[8,?,32,64],f16>, !torch.int -> !torch.vtensor<[8,?,32,64],f16>
    torch.bind_symbolic_shape %88, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 64)> : !torch.vtensor<[8,?,32,64],f16>
    %89 = torch.aten.mul.Tensor %85, %82 : !torch.vtensor<[8,?,32,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[8,?,32,64],f16>
    torch.bind_symbolic_shape %89, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 64)> : !torch.vtensor<[8,?,32,64],f16>
    %90 = torch.aten.mul.Tensor %84, %83 : !torch.vtensor<[8,?,32,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[8,?,32,64],f16>
    torch.bind_symbolic_shape %90, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 64)> : !torch.vtensor<[8,?,32,64],f16>
    %int1_133 = torch.constant.int 1
    %91 = torch.aten.add.Tensor %89, %90, %int1_133 : !torch.vtensor<[8,?,32,64],f16>, !torch.vtensor<[8,?,32,64],f16>, !torch.int -> !torch.vtensor<[8,?,32,64],f16>
    torch.bind_symbolic_shape %91, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 64)> : !torch.vtensor<[8,?,32,64],f16>
    %92 = torch_c.to_builtin_tensor %88 : !torch.vtensor<[8,?,32,64],f16> -> tensor<8x?x32x64xf16>
    %cast = tensor.cast %92 : tensor<8x?x32x64xf16> to tensor<?x?x?x?xf16>
    %93 = torch_c.to_builtin_tensor %91 : !torch.vtensor<[8,?,32,64],f16> -> tensor<8x?x32x64xf16>
    %cast_134 = tensor.cast %93 : tensor<8x?x32x64xf16> to tensor<?x?x?x?xf16>
    %94 = util.call @rope_select_concat_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_TWO_2_HALFDIM_f16(%cast, %cast_134) : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x2x?xf16>
    %cast_135 = tensor.cast %94 : tensor<?x?x?x2x?xf16> to tensor<8x?x32x2x64xf16>
    %95 = torch_c.from_builtin_tensor %cast_135 : tensor<8x?x32x2x64xf16> -> !torch.vtensor<[8,?,32,2,64],f16>
    torch.bind_symbolic_shape %95, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 2, 64)> : !torch.vtensor<[8,?,32,2,64],f16>
    %int8_136 = torch.constant.int 8
    %int32_137 = torch.constant.int 32
    %int128_138 = torch.constant.int 128
    %96 = torch.prim.ListConstruct %int8_136, %22, %int32_137, %int128_138 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %97 = torch.aten.view %95, %96 : !torch.vtensor<[8,?,32,2,64],f16>, !torch.list<int> -> !torch.vtensor<[8,?,32,128],f16>
    torch.bind_symbolic_shape %97, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 128)> : !torch.vtensor<[8,?,32,128],f16>
    %none_139 = torch.constant.none
    %none_140 = torch.constant.none
    %int5_141 = torch.constant.int 5
    %cpu_142 = torch.constant.device "cpu"
    %int0_143 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %97, %none_139, %none_140, %int5_141, %cpu_142, %int0_143 : !torch.vtensor<[8,?,32,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int0_144 = torch.constant.int 0
    %none_145 = torch.constant.none
    %none_146 = torch.constant.none
    %cpu_147 = torch.constant.device "cpu"
    %false_148 = torch.constant.bool false
    %98 = torch.aten.arange.start %int0_144, %22, %none_145, %none_146, %cpu_147, %false_148 : !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %98, [%18], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int0_149 = torch.constant.int 0
    %99 = torch.aten.unsqueeze %98, %int0_149 : !torch.vtensor<[?],si64>, !torch.int -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %99, [%18], affine_map<()[s0] -> (1, s0 * 32)> : !torch.vtensor<[1,?],si64>
    %int0_150 = torch.constant.int 0
    %int128_151 = torch.constant.int 128
    %int2_152 = torch.constant.int 2
    %none_153 = torch.constant.none
    %none_154 = torch.constant.none
    %cpu_155 = torch.constant.device "cpu"
    %false_156 = torch.constant.bool false
    %100 = torch.aten.arange.start_step %int0_150, %int128_151, %int2_152, %none_153, %none_154, %cpu_155, %false_156 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[64],si64>
    %none_157 = torch.constant.none
    %none_158 = torch.constant.none
    %int4_159 = torch.constant.int 4
    %cpu_160 = torch.constant.device "cpu"
    %int0_161 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %100, %none_157, %none_158, %int4_159, %cpu_160, %int0_161 : !torch.vtensor<[64],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_162 = torch.constant.int 6
    %101 = torch.prims.convert_element_type %100, %int6_162 : !torch.vtensor<[64],si64>, !torch.int -> !torch.vtensor<[64],f32>
    %int128_163 = torch.constant.int 128
    %102 = torch.aten.div.Scalar %101, %int128_163 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[64],f32>
    %float1.000000e06_164 = torch.constant.float 1.000000e+06
    %103 = torch.aten.pow.Scalar %float1.000000e06_164, %102 : !torch.float, !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %104 = torch.aten.reciprocal %103 : !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %float1.000000e00_165 = torch.constant.float 1.000000e+00
    %105 = torch.aten.mul.Scalar %104, %float1.000000e00_165 : !torch.vtensor<[64],f32>, !torch.float -> !torch.vtensor<[64],f32>
    %none_166 = torch.constant.none
    %106 = torch.aten.clone %2, %none_166 : !torch.vtensor<[],f32>, !torch.none -> !torch.vtensor<[],f32>
    %int0_167 = torch.constant.int 0
    %107 = torch.aten.unsqueeze %105, %int0_167 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[1,64],f32>
    %int2_168 = torch.constant.int 2
    %108 = torch.aten.unsqueeze %107, %int2_168 : !torch.vtensor<[1,64],f32>, !torch.int -> !torch.vtensor<[1,64,1],f32>
    %none_169 = torch.constant.none
    %none_170 = torch.constant.none
    %int6_171 = torch.constant.int 6
    %cpu_172 = torch.constant.device "cpu"
    %int0_173 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %108, %none_169, %none_170, %int6_171, %cpu_172, %int0_173 : !torch.vtensor<[1,64,1],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_174 = torch.constant.int 1
    %int-1_175 = torch.constant.int -1
    %int1_176 = torch.constant.int 1
    %109 = torch.prim.ListConstruct %int1_174, %int-1_175, %int1_176 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_177 = torch.constant.bool false
    %110 = torch.aten.expand %108, %109, %false_177 : !torch.vtensor<[1,64,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,64,1],f32>
    %int1_178 = torch.constant.int 1
    %111 = torch.aten.unsqueeze %99, %int1_178 : !torch.vtensor<[1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],si64>
    torch.bind_symbolic_shape %111, [%18], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],si64>
    %none_179 = torch.constant.none
    %none_180 = torch.constant.none
    %int4_181 = torch.constant.int 4
    %cpu_182 = torch.constant.device "cpu"
    %int0_183 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %111, %none_179, %none_180, %int4_181, %cpu_182, %int0_183 : !torch.vtensor<[1,1,?],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_184 = torch.constant.int 6
    %112 = torch.prims.convert_element_type %111, %int6_184 : !torch.vtensor<[1,1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],f32>
    torch.bind_symbolic_shape %112, [%18], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],f32>
    %113 = torch.aten.matmul %110, %112 : !torch.vtensor<[1,64,1],f32>, !torch.vtensor<[1,1,?],f32> -> !torch.vtensor<[1,64,?],f32>
    torch.bind_symbolic_shape %113, [%18], affine_map<()[s0] -> (1, 64, s0 * 32)> : !torch.vtensor<[1,64,?],f32>
    %int1_185 = torch.constant.int 1
    %int2_186 = torch.constant.int 2
    %114 = torch.aten.transpose.int %113, %int1_185, %int2_186 : !torch.vtensor<[1,64,?],f32>, !torch.int, !torch.int -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %114, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %115 = torch.aten.cos %114 : !torch.vtensor<[1,?,64],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %115, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %116 = torch.aten.mul.Tensor %115, %106 : !torch.vtensor<[1,?,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %116, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %none_187 = torch.constant.none
    %none_188 = torch.constant.none
    %int6_189 = torch.constant.int 6
    %cpu_190 = torch.constant.device "cpu"
    %int0_191 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %116, %none_187, %none_188, %int6_189, %cpu_190, %int0_191 : !torch.vtensor<[1,?,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_192 = torch.constant.int 5
    %117 = torch.prims.convert_element_type %116, %int5_192 : !torch.vtensor<[1,?,64],f32>, !torch.int -> !torch.vtensor<[1,?,64],f16>
    torch.bind_symbolic_shape %117, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f16>
    %118 = torch.aten.sin %114 : !torch.vtensor<[1,?,64],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %118, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %119 = torch.aten.mul.Tensor %118, %106 : !torch.vtensor<[1,?,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[1,?,64],f32>
    torch.bind_symbolic_shape %119, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f32>
    %none_193 = torch.constant.none
    %none_194 = torch.constant.none
    %int6_195 = torch.constant.int 6
    %cpu_196 = torch.constant.device "cpu"
    %int0_197 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %119, %none_193, %none_194, %int6_195, %cpu_196, %int0_197 : !torch.vtensor<[1,?,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_198 = torch.constant.int 5
    %120 = torch.prims.convert_element_type %119, %int5_198 : !torch.vtensor<[1,?,64],f32>, !torch.int -> !torch.vtensor<[1,?,64],f16>
    torch.bind_symbolic_shape %120, [%18], affine_map<()[s0] -> (1, s0 * 32, 64)> : !torch.vtensor<[1,?,64],f16>
    %int2_199 = torch.constant.int 2
    %121 = torch.aten.unsqueeze %117, %int2_199 : !torch.vtensor<[1,?,64],f16>, !torch.int -> !torch.vtensor<[1,?,1,64],f16>
    torch.bind_symbolic_shape %121, [%18], affine_map<()[s0] -> (1, s0 * 32, 1, 64)> : !torch.vtensor<[1,?,1,64],f16>
    %int2_200 = torch.constant.int 2
    %122 = torch.aten.unsqueeze %120, %int2_200 : !torch.vtensor<[1,?,64],f16>, !torch.int -> !torch.vtensor<[1,?,1,64],f16>
    torch.bind_symbolic_shape %122, [%18], affine_map<()[s0] -> (1, s0 * 32, 1, 64)> : !torch.vtensor<[1,?,1,64],f16>
    %none_201 = torch.constant.none
    %none_202 = torch.constant.none
    %int5_203 = torch.constant.int 5
    %cpu_204 = torch.constant.device "cpu"
    %int0_205 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %121, %none_201, %none_202, %int5_203, %cpu_204, %int0_205 : !torch.vtensor<[1,?,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_206 = torch.constant.none
    %none_207 = torch.constant.none
    %int5_208 = torch.constant.int 5
    %cpu_209 = torch.constant.device "cpu"
    %int0_210 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %122, %none_206, %none_207, %int5_208, %cpu_209, %int0_210 : !torch.vtensor<[1,?,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_211 = torch.constant.none
    %none_212 = torch.constant.none
    %int5_213 = torch.constant.int 5
    %cpu_214 = torch.constant.device "cpu"
    %int0_215 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %56, %none_211, %none_212, %int5_213, %cpu_214, %int0_215 : !torch.vtensor<[8,?,8,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int3_216 = torch.constant.int 3
    %int0_217 = torch.constant.int 0
    %int64_218 = torch.constant.int 64
    %int1_219 = torch.constant.int 1
    %123 = torch.aten.slice.Tensor %56, %int3_216, %int0_217, %int64_218, %int1_219 : !torch.vtensor<[8,?,8,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %123, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %int3_220 = torch.constant.int 3
    %int64_221 = torch.constant.int 64
    %int9223372036854775807_222 = torch.constant.int 9223372036854775807
    %int1_223 = torch.constant.int 1
    %124 = torch.aten.slice.Tensor %56, %int3_220, %int64_221, %int9223372036854775807_222, %int1_223 : !torch.vtensor<[8,?,8,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %124, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %125 = torch.aten.mul.Tensor %123, %121 : !torch.vtensor<[8,?,8,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %125, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %126 = torch.aten.mul.Tensor %124, %122 : !torch.vtensor<[8,?,8,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %126, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %int1_224 = torch.constant.int 1
    %127 = torch.aten.sub.Tensor %125, %126, %int1_224 : !torch.vtensor<[8,?,8,64],f16>, !torch.vtensor<[8,?,8,64],f16>, !torch.int -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %127, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %128 = torch.aten.mul.Tensor %124, %121 : !torch.vtensor<[8,?,8,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %128, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %129 = torch.aten.mul.Tensor %123, %122 : !torch.vtensor<[8,?,8,64],f16>, !torch.vtensor<[1,?,1,64],f16> -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %129, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %int1_225 = torch.constant.int 1
    %130 = torch.aten.add.Tensor %128, %129, %int1_225 : !torch.vtensor<[8,?,8,64],f16>, !torch.vtensor<[8,?,8,64],f16>, !torch.int -> !torch.vtensor<[8,?,8,64],f16>
    torch.bind_symbolic_shape %130, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 64)> : !torch.vtensor<[8,?,8,64],f16>
    %131 = torch_c.to_builtin_tensor %127 : !torch.vtensor<[8,?,8,64],f16> -> tensor<8x?x8x64xf16>
    %cast_226 = tensor.cast %131 : tensor<8x?x8x64xf16> to tensor<?x?x?x?xf16>
    %132 = torch_c.to_builtin_tensor %130 : !torch.vtensor<[8,?,8,64],f16> -> tensor<8x?x8x64xf16>
    %cast_227 = tensor.cast %132 : tensor<8x?x8x64xf16> to tensor<?x?x?x?xf16>
    %133 = util.call @rope_select_concat_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_TWO_2_HALFDIM_f16(%cast_226, %cast_227) : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x2x?xf16>
    %cast_228 = tensor.cast %133 : tensor<?x?x?x2x?xf16> to tensor<8x?x8x2x64xf16>
    %134 = torch_c.from_builtin_tensor %cast_228 : tensor<8x?x8x2x64xf16> -> !torch.vtensor<[8,?,8,2,64],f16>
    torch.bind_symbolic_shape %134, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 2, 64)> : !torch.vtensor<[8,?,8,2,64],f16>
    %int8_229 = torch.constant.int 8
    %int8_230 = torch.constant.int 8
    %int128_231 = torch.constant.int 128
    %135 = torch.prim.ListConstruct %int8_229, %22, %int8_230, %int128_231 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %136 = torch.aten.view %134, %135 : !torch.vtensor<[8,?,8,2,64],f16>, !torch.list<int> -> !torch.vtensor<[8,?,8,128],f16>
    torch.bind_symbolic_shape %136, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 128)> : !torch.vtensor<[8,?,8,128],f16>
    %none_232 = torch.constant.none
    %none_233 = torch.constant.none
    %int5_234 = torch.constant.int 5
    %cpu_235 = torch.constant.device "cpu"
    %int0_236 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %136, %none_232, %none_233, %int5_234, %cpu_235, %int0_236 : !torch.vtensor<[8,?,8,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_237 = torch.constant.int 1
    %int2_238 = torch.constant.int 2
    %int8_239 = torch.constant.int 8
    %int32_240 = torch.constant.int 32
    %int128_241 = torch.constant.int 128
    %137 = torch.prim.ListConstruct %21, %int1_237, %int2_238, %int8_239, %int32_240, %int128_241 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %138 = torch.aten.view %16, %137 : !torch.vtensor<[?,65536],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %138, [%19], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int2_242 = torch.constant.int 2
    %139 = torch.aten.mul.int %21, %int2_242 : !torch.int, !torch.int -> !torch.int
    %int8_243 = torch.constant.int 8
    %int32_244 = torch.constant.int 32
    %int128_245 = torch.constant.int 128
    %140 = torch.prim.ListConstruct %139, %int8_243, %int32_244, %int128_245 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %141 = torch.aten.view %138, %140 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,8,32,128],f16>
    torch.bind_symbolic_shape %141, [%19], affine_map<()[s0] -> (s0 * 2, 8, 32, 128)> : !torch.vtensor<[?,8,32,128],f16>
    %int1_246 = torch.constant.int 1
    %142 = torch.aten.mul.Scalar %arg2, %int1_246 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %142, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int0_247 = torch.constant.int 0
    %int1_248 = torch.constant.int 1
    %143 = torch.aten.add.Scalar %142, %int0_247, %int1_248 : !torch.vtensor<[8,?],si64>, !torch.int, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %143, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int2_249 = torch.constant.int 2
    %144 = torch.aten.mul.Scalar %143, %int2_249 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %144, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int0_250 = torch.constant.int 0
    %int1_251 = torch.constant.int 1
    %145 = torch.aten.add.Scalar %144, %int0_250, %int1_251 : !torch.vtensor<[8,?],si64>, !torch.int, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %145, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int8_252 = torch.constant.int 8
    %146 = torch.aten.mul.int %int8_252, %20 : !torch.int, !torch.int -> !torch.int
    %147 = torch.prim.ListConstruct %146 : (!torch.int) -> !torch.list<int>
    %148 = torch.aten.view %145, %147 : !torch.vtensor<[8,?],si64>, !torch.list<int> -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %148, [%18], affine_map<()[s0] -> (s0 * 8)> : !torch.vtensor<[?],si64>
    %int8_253 = torch.constant.int 8
    %int32_254 = torch.constant.int 32
    %int8_255 = torch.constant.int 8
    %int128_256 = torch.constant.int 128
    %149 = torch.prim.ListConstruct %int8_253, %20, %int32_254, %int8_255, %int128_256 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %150 = torch.aten.view %136, %149 : !torch.vtensor<[8,?,8,128],f16>, !torch.list<int> -> !torch.vtensor<[8,?,32,8,128],f16>
    torch.bind_symbolic_shape %150, [%18], affine_map<()[s0] -> (8, s0, 32, 8, 128)> : !torch.vtensor<[8,?,32,8,128],f16>
    %int32_257 = torch.constant.int 32
    %int8_258 = torch.constant.int 8
    %int128_259 = torch.constant.int 128
    %151 = torch.prim.ListConstruct %146, %int32_257, %int8_258, %int128_259 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %152 = torch.aten.view %150, %151 : !torch.vtensor<[8,?,32,8,128],f16>, !torch.list<int> -> !torch.vtensor<[?,32,8,128],f16>
    torch.bind_symbolic_shape %152, [%18], affine_map<()[s0] -> (s0 * 8, 32, 8, 128)> : !torch.vtensor<[?,32,8,128],f16>
    %int1_260 = torch.constant.int 1
    %int2_261 = torch.constant.int 2
    %153 = torch.aten.transpose.int %152, %int1_260, %int2_261 : !torch.vtensor<[?,32,8,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[?,8,32,128],f16>
    torch.bind_symbolic_shape %153, [%18], affine_map<()[s0] -> (s0 * 8, 8, 32, 128)> : !torch.vtensor<[?,8,32,128],f16>
    %none_262 = torch.constant.none
    %none_263 = torch.constant.none
    %int5_264 = torch.constant.int 5
    %cpu_265 = torch.constant.device "cpu"
    %int0_266 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %153, %none_262, %none_263, %int5_264, %cpu_265, %int0_266 : !torch.vtensor<[?,8,32,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %154 = torch.prim.ListConstruct %148 : (!torch.vtensor<[?],si64>) -> !torch.list<optional<vtensor>>
    %false_267 = torch.constant.bool false
    %155 = torch.aten.index_put %141, %154, %153, %false_267 : !torch.vtensor<[?,8,32,128],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[?,8,32,128],f16>, !torch.bool -> !torch.vtensor<[?,8,32,128],f16>
    torch.bind_symbolic_shape %155, [%19], affine_map<()[s0] -> (s0 * 2, 8, 32, 128)> : !torch.vtensor<[?,8,32,128],f16>
    %int1_268 = torch.constant.int 1
    %int2_269 = torch.constant.int 2
    %int8_270 = torch.constant.int 8
    %int32_271 = torch.constant.int 32
    %int128_272 = torch.constant.int 128
    %156 = torch.prim.ListConstruct %21, %int1_268, %int2_269, %int8_270, %int32_271, %int128_272 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %157 = torch.aten.view %155, %156 : !torch.vtensor<[?,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %157, [%19], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int65536 = torch.constant.int 65536
    %158 = torch.prim.ListConstruct %21, %int65536 : (!torch.int, !torch.int) -> !torch.list<int>
    %159 = torch.aten.view %157, %158 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,65536],f16>
    torch.bind_symbolic_shape %159, [%19], affine_map<()[s0] -> (s0, 65536)> : !torch.vtensor<[?,65536],f16>
    %int1_273 = torch.constant.int 1
    %int2_274 = torch.constant.int 2
    %int8_275 = torch.constant.int 8
    %int32_276 = torch.constant.int 32
    %int128_277 = torch.constant.int 128
    %160 = torch.prim.ListConstruct %21, %int1_273, %int2_274, %int8_275, %int32_276, %int128_277 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %161 = torch.aten.view %159, %160 : !torch.vtensor<[?,65536],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %161, [%19], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int8_278 = torch.constant.int 8
    %int32_279 = torch.constant.int 32
    %int128_280 = torch.constant.int 128
    %162 = torch.prim.ListConstruct %139, %int8_278, %int32_279, %int128_280 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %163 = torch.aten.view %161, %162 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,8,32,128],f16>
    torch.bind_symbolic_shape %163, [%19], affine_map<()[s0] -> (s0 * 2, 8, 32, 128)> : !torch.vtensor<[?,8,32,128],f16>
    %int1_281 = torch.constant.int 1
    %164 = torch.aten.mul.Scalar %arg2, %int1_281 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %164, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int0_282 = torch.constant.int 0
    %int1_283 = torch.constant.int 1
    %165 = torch.aten.add.Scalar %164, %int0_282, %int1_283 : !torch.vtensor<[8,?],si64>, !torch.int, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %165, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int2_284 = torch.constant.int 2
    %166 = torch.aten.mul.Scalar %165, %int2_284 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %166, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %int1_285 = torch.constant.int 1
    %int1_286 = torch.constant.int 1
    %167 = torch.aten.add.Scalar %166, %int1_285, %int1_286 : !torch.vtensor<[8,?],si64>, !torch.int, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %167, [%18], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    %168 = torch.prim.ListConstruct %146 : (!torch.int) -> !torch.list<int>
    %169 = torch.aten.view %167, %168 : !torch.vtensor<[8,?],si64>, !torch.list<int> -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %169, [%18], affine_map<()[s0] -> (s0 * 8)> : !torch.vtensor<[?],si64>
    %int8_287 = torch.constant.int 8
    %int32_288 = torch.constant.int 32
    %int8_289 = torch.constant.int 8
    %int128_290 = torch.constant.int 128
    %170 = torch.prim.ListConstruct %int8_287, %20, %int32_288, %int8_289, %int128_290 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %171 = torch.aten.view %58, %170 : !torch.vtensor<[8,?,8,128],f16>, !torch.list<int> -> !torch.vtensor<[8,?,32,8,128],f16>
    torch.bind_symbolic_shape %171, [%18], affine_map<()[s0] -> (8, s0, 32, 8, 128)> : !torch.vtensor<[8,?,32,8,128],f16>
    %int32_291 = torch.constant.int 32
    %int8_292 = torch.constant.int 8
    %int128_293 = torch.constant.int 128
    %172 = torch.prim.ListConstruct %146, %int32_291, %int8_292, %int128_293 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %173 = torch.aten.view %171, %172 : !torch.vtensor<[8,?,32,8,128],f16>, !torch.list<int> -> !torch.vtensor<[?,32,8,128],f16>
    torch.bind_symbolic_shape %173, [%18], affine_map<()[s0] -> (s0 * 8, 32, 8, 128)> : !torch.vtensor<[?,32,8,128],f16>
    %int1_294 = torch.constant.int 1
    %int2_295 = torch.constant.int 2
    %174 = torch.aten.transpose.int %173, %int1_294, %int2_295 : !torch.vtensor<[?,32,8,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[?,8,32,128],f16>
    torch.bind_symbolic_shape %174, [%18], affine_map<()[s0] -> (s0 * 8, 8, 32, 128)> : !torch.vtensor<[?,8,32,128],f16>
    %none_296 = torch.constant.none
    %none_297 = torch.constant.none
    %int5_298 = torch.constant.int 5
    %cpu_299 = torch.constant.device "cpu"
    %int0_300 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %174, %none_296, %none_297, %int5_298, %cpu_299, %int0_300 : !torch.vtensor<[?,8,32,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %175 = torch.prim.ListConstruct %169 : (!torch.vtensor<[?],si64>) -> !torch.list<optional<vtensor>>
    %false_301 = torch.constant.bool false
    %176 = torch.aten.index_put %163, %175, %174, %false_301 : !torch.vtensor<[?,8,32,128],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[?,8,32,128],f16>, !torch.bool -> !torch.vtensor<[?,8,32,128],f16>
    torch.bind_symbolic_shape %176, [%19], affine_map<()[s0] -> (s0 * 2, 8, 32, 128)> : !torch.vtensor<[?,8,32,128],f16>
    %int1_302 = torch.constant.int 1
    %int2_303 = torch.constant.int 2
    %int8_304 = torch.constant.int 8
    %int32_305 = torch.constant.int 32
    %int128_306 = torch.constant.int 128
    %177 = torch.prim.ListConstruct %21, %int1_302, %int2_303, %int8_304, %int32_305, %int128_306 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %178 = torch.aten.view %176, %177 : !torch.vtensor<[?,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %178, [%19], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int65536_307 = torch.constant.int 65536
    %179 = torch.prim.ListConstruct %21, %int65536_307 : (!torch.int, !torch.int) -> !torch.list<int>
    %180 = torch.aten.view %178, %179 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,65536],f16>
    torch.overwrite.tensor.contents %180 overwrites %arg3 : !torch.vtensor<[?,65536],f16>, !torch.tensor<[?,65536],f16>
    torch.bind_symbolic_shape %180, [%19], affine_map<()[s0] -> (s0, 65536)> : !torch.vtensor<[?,65536],f16>
    %int0_308 = torch.constant.int 0
    %int1_309 = torch.constant.int 1
    %none_310 = torch.constant.none
    %none_311 = torch.constant.none
    %cpu_312 = torch.constant.device "cpu"
    %false_313 = torch.constant.bool false
    %181 = torch.aten.arange.start_step %int0_308, %22, %int1_309, %none_310, %none_311, %cpu_312, %false_313 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %181, [%18], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int-1_314 = torch.constant.int -1
    %182 = torch.aten.unsqueeze %arg1, %int-1_314 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %183 = torch.aten.ge.Tensor %181, %182 : !torch.vtensor<[?],si64>, !torch.vtensor<[8,1],si64> -> !torch.vtensor<[8,?],i1>
    torch.bind_symbolic_shape %183, [%18], affine_map<()[s0] -> (8, s0 * 32)> : !torch.vtensor<[8,?],i1>
    %none_315 = torch.constant.none
    %none_316 = torch.constant.none
    %cpu_317 = torch.constant.device "cpu"
    %false_318 = torch.constant.bool false
    %184 = torch.aten.arange %22, %none_315, %none_316, %cpu_317, %false_318 : !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %184, [%18], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int0_319 = torch.constant.int 0
    %185 = torch.aten.unsqueeze %184, %int0_319 : !torch.vtensor<[?],si64>, !torch.int -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %185, [%18], affine_map<()[s0] -> (1, s0 * 32)> : !torch.vtensor<[1,?],si64>
    %int1_320 = torch.constant.int 1
    %186 = torch.aten.unsqueeze %185, %int1_320 : !torch.vtensor<[1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],si64>
    torch.bind_symbolic_shape %186, [%18], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],si64>
    %int2_321 = torch.constant.int 2
    %187 = torch.aten.unsqueeze %186, %int2_321 : !torch.vtensor<[1,1,?],si64>, !torch.int -> !torch.vtensor<[1,1,1,?],si64>
    torch.bind_symbolic_shape %187, [%18], affine_map<()[s0] -> (1, 1, 1, s0 * 32)> : !torch.vtensor<[1,1,1,?],si64>
    %none_322 = torch.constant.none
    %none_323 = torch.constant.none
    %cpu_324 = torch.constant.device "cpu"
    %false_325 = torch.constant.bool false
    %188 = torch.aten.arange %22, %none_322, %none_323, %cpu_324, %false_325 : !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %188, [%18], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int0_326 = torch.constant.int 0
    %189 = torch.aten.unsqueeze %188, %int0_326 : !torch.vtensor<[?],si64>, !torch.int -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %189, [%18], affine_map<()[s0] -> (1, s0 * 32)> : !torch.vtensor<[1,?],si64>
    %int1_327 = torch.constant.int 1
    %190 = torch.aten.unsqueeze %189, %int1_327 : !torch.vtensor<[1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?],si64>
    torch.bind_symbolic_shape %190, [%18], affine_map<()[s0] -> (1, 1, s0 * 32)> : !torch.vtensor<[1,1,?],si64>
    %int3_328 = torch.constant.int 3
    %191 = torch.aten.unsqueeze %190, %int3_328 : !torch.vtensor<[1,1,?],si64>, !torch.int -> !torch.vtensor<[1,1,?,1],si64>
    torch.bind_symbolic_shape %191, [%18], affine_map<()[s0] -> (1, 1, s0 * 32, 1)> : !torch.vtensor<[1,1,?,1],si64>
    %192 = torch.aten.gt.Tensor %187, %191 : !torch.vtensor<[1,1,1,?],si64>, !torch.vtensor<[1,1,?,1],si64> -> !torch.vtensor<[1,1,?,?],i1>
    torch.bind_symbolic_shape %192, [%18], affine_map<()[s0] -> (1, 1, s0 * 32, s0 * 32)> : !torch.vtensor<[1,1,?,?],i1>
    %int1_329 = torch.constant.int 1
    %193 = torch.aten.unsqueeze %183, %int1_329 : !torch.vtensor<[8,?],i1>, !torch.int -> !torch.vtensor<[8,1,?],i1>
    torch.bind_symbolic_shape %193, [%18], affine_map<()[s0] -> (8, 1, s0 * 32)> : !torch.vtensor<[8,1,?],i1>
    %int2_330 = torch.constant.int 2
    %194 = torch.aten.unsqueeze %193, %int2_330 : !torch.vtensor<[8,1,?],i1>, !torch.int -> !torch.vtensor<[8,1,1,?],i1>
    torch.bind_symbolic_shape %194, [%18], affine_map<()[s0] -> (8, 1, 1, s0 * 32)> : !torch.vtensor<[8,1,1,?],i1>
    %195 = torch.aten.logical_or %192, %194 : !torch.vtensor<[1,1,?,?],i1>, !torch.vtensor<[8,1,1,?],i1> -> !torch.vtensor<[8,1,?,?],i1>
    torch.bind_symbolic_shape %195, [%18], affine_map<()[s0] -> (8, 1, s0 * 32, s0 * 32)> : !torch.vtensor<[8,1,?,?],i1>
    %none_331 = torch.constant.none
    %196 = torch.aten.clone %3, %none_331 : !torch.vtensor<[],f16>, !torch.none -> !torch.vtensor<[],f16>
    %int0_332 = torch.constant.int 0
    %197 = torch.aten.where.ScalarOther %195, %196, %int0_332 : !torch.vtensor<[8,1,?,?],i1>, !torch.vtensor<[],f16>, !torch.int -> !torch.vtensor<[8,1,?,?],f16>
    torch.bind_symbolic_shape %197, [%18], affine_map<()[s0] -> (8, 1, s0 * 32, s0 * 32)> : !torch.vtensor<[8,1,?,?],f16>
    %none_333 = torch.constant.none
    %none_334 = torch.constant.none
    %int5_335 = torch.constant.int 5
    %cpu_336 = torch.constant.device "cpu"
    %int0_337 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %197, %none_333, %none_334, %int5_335, %cpu_336, %int0_337 : !torch.vtensor<[8,1,?,?],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_338 = torch.constant.none
    %none_339 = torch.constant.none
    %int5_340 = torch.constant.int 5
    %cpu_341 = torch.constant.device "cpu"
    %int0_342 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %197, %none_338, %none_339, %int5_340, %cpu_341, %int0_342 : !torch.vtensor<[8,1,?,?],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int-2_343 = torch.constant.int -2
    %198 = torch.aten.unsqueeze %136, %int-2_343 : !torch.vtensor<[8,?,8,128],f16>, !torch.int -> !torch.vtensor<[8,?,8,1,128],f16>
    torch.bind_symbolic_shape %198, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 1, 128)> : !torch.vtensor<[8,?,8,1,128],f16>
    %int8_344 = torch.constant.int 8
    %int8_345 = torch.constant.int 8
    %int4_346 = torch.constant.int 4
    %int128_347 = torch.constant.int 128
    %199 = torch.prim.ListConstruct %int8_344, %22, %int8_345, %int4_346, %int128_347 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_348 = torch.constant.bool false
    %200 = torch.aten.expand %198, %199, %false_348 : !torch.vtensor<[8,?,8,1,128],f16>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,?,8,4,128],f16>
    torch.bind_symbolic_shape %200, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 4, 128)> : !torch.vtensor<[8,?,8,4,128],f16>
    %int0_349 = torch.constant.int 0
    %201 = torch.aten.clone %200, %int0_349 : !torch.vtensor<[8,?,8,4,128],f16>, !torch.int -> !torch.vtensor<[8,?,8,4,128],f16>
    torch.bind_symbolic_shape %201, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 4, 128)> : !torch.vtensor<[8,?,8,4,128],f16>
    %int8_350 = torch.constant.int 8
    %int32_351 = torch.constant.int 32
    %int128_352 = torch.constant.int 128
    %202 = torch.prim.ListConstruct %int8_350, %22, %int32_351, %int128_352 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %203 = torch.aten._unsafe_view %201, %202 : !torch.vtensor<[8,?,8,4,128],f16>, !torch.list<int> -> !torch.vtensor<[8,?,32,128],f16>
    torch.bind_symbolic_shape %203, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 128)> : !torch.vtensor<[8,?,32,128],f16>
    %int-2_353 = torch.constant.int -2
    %204 = torch.aten.unsqueeze %58, %int-2_353 : !torch.vtensor<[8,?,8,128],f16>, !torch.int -> !torch.vtensor<[8,?,8,1,128],f16>
    torch.bind_symbolic_shape %204, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 1, 128)> : !torch.vtensor<[8,?,8,1,128],f16>
    %int8_354 = torch.constant.int 8
    %int8_355 = torch.constant.int 8
    %int4_356 = torch.constant.int 4
    %int128_357 = torch.constant.int 128
    %205 = torch.prim.ListConstruct %int8_354, %22, %int8_355, %int4_356, %int128_357 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_358 = torch.constant.bool false
    %206 = torch.aten.expand %204, %205, %false_358 : !torch.vtensor<[8,?,8,1,128],f16>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,?,8,4,128],f16>
    torch.bind_symbolic_shape %206, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 4, 128)> : !torch.vtensor<[8,?,8,4,128],f16>
    %int0_359 = torch.constant.int 0
    %207 = torch.aten.clone %206, %int0_359 : !torch.vtensor<[8,?,8,4,128],f16>, !torch.int -> !torch.vtensor<[8,?,8,4,128],f16>
    torch.bind_symbolic_shape %207, [%18], affine_map<()[s0] -> (8, s0 * 32, 8, 4, 128)> : !torch.vtensor<[8,?,8,4,128],f16>
    %int8_360 = torch.constant.int 8
    %int32_361 = torch.constant.int 32
    %int128_362 = torch.constant.int 128
    %208 = torch.prim.ListConstruct %int8_360, %22, %int32_361, %int128_362 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %209 = torch.aten._unsafe_view %207, %208 : !torch.vtensor<[8,?,8,4,128],f16>, !torch.list<int> -> !torch.vtensor<[8,?,32,128],f16>
    torch.bind_symbolic_shape %209, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 128)> : !torch.vtensor<[8,?,32,128],f16>
    %int1_363 = torch.constant.int 1
    %int2_364 = torch.constant.int 2
    %210 = torch.aten.transpose.int %97, %int1_363, %int2_364 : !torch.vtensor<[8,?,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,32,?,128],f16>
    torch.bind_symbolic_shape %210, [%18], affine_map<()[s0] -> (8, 32, s0 * 32, 128)> : !torch.vtensor<[8,32,?,128],f16>
    %int1_365 = torch.constant.int 1
    %int2_366 = torch.constant.int 2
    %211 = torch.aten.transpose.int %203, %int1_365, %int2_366 : !torch.vtensor<[8,?,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,32,?,128],f16>
    torch.bind_symbolic_shape %211, [%18], affine_map<()[s0] -> (8, 32, s0 * 32, 128)> : !torch.vtensor<[8,32,?,128],f16>
    %int1_367 = torch.constant.int 1
    %int2_368 = torch.constant.int 2
    %212 = torch.aten.transpose.int %209, %int1_367, %int2_368 : !torch.vtensor<[8,?,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,32,?,128],f16>
    torch.bind_symbolic_shape %212, [%18], affine_map<()[s0] -> (8, 32, s0 * 32, 128)> : !torch.vtensor<[8,32,?,128],f16>
    %float0.000000e00 = torch.constant.float 0.000000e+00
    %false_369 = torch.constant.bool false
    %none_370 = torch.constant.none
    %false_371 = torch.constant.bool false
    %213 = torch.aten.scaled_dot_product_attention %210, %211, %212, %197, %float0.000000e00, %false_369, %none_370, %false_371 : !torch.vtensor<[8,32,?,128],f16>, !torch.vtensor<[8,32,?,128],f16>, !torch.vtensor<[8,32,?,128],f16>, !torch.vtensor<[8,1,?,?],f16>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[8,32,?,128],f16>
    torch.bind_symbolic_shape %213, [%18], affine_map<()[s0] -> (8, 32, s0 * 32, 128)> : !torch.vtensor<[8,32,?,128],f16>
    %int1_372 = torch.constant.int 1
    %int2_373 = torch.constant.int 2
    %214 = torch.aten.transpose.int %213, %int1_372, %int2_373 : !torch.vtensor<[8,32,?,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,?,32,128],f16>
    torch.bind_symbolic_shape %214, [%18], affine_map<()[s0] -> (8, s0 * 32, 32, 128)> : !torch.vtensor<[8,?,32,128],f16>
    %int8_374 = torch.constant.int 8
    %int4096_375 = torch.constant.int 4096
    %215 = torch.prim.ListConstruct %int8_374, %22, %int4096_375 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %216 = torch.aten.view %214, %215 : !torch.vtensor<[8,?,32,128],f16>, !torch.list<int> -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %216, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %int-2_376 = torch.constant.int -2
    %int-1_377 = torch.constant.int -1
    %217 = torch.aten.transpose.int %8, %int-2_376, %int-1_377 : !torch.vtensor<[4096,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,4096],f16>
    %none_378 = torch.constant.none
    %none_379 = torch.constant.none
    %int5_380 = torch.constant.int 5
    %cpu_381 = torch.constant.device "cpu"
    %int0_382 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %217, %none_378, %none_379, %int5_380, %cpu_381, %int0_382 : !torch.vtensor<[4096,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4096_383 = torch.constant.int 4096
    %218 = torch.prim.ListConstruct %35, %int4096_383 : (!torch.int, !torch.int) -> !torch.list<int>
    %219 = torch.aten.view %216, %218 : !torch.vtensor<[8,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %219, [%18], affine_map<()[s0] -> (s0 * 256, 4096)> : !torch.vtensor<[?,4096],f16>
    %220 = torch.aten.matmul %219, %217 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[4096,4096],f16> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %220, [%18], affine_map<()[s0] -> (s0 * 256, 4096)> : !torch.vtensor<[?,4096],f16>
    %int8_384 = torch.constant.int 8
    %int4096_385 = torch.constant.int 4096
    %221 = torch.prim.ListConstruct %int8_384, %22, %int4096_385 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %222 = torch.aten.view %220, %221 : !torch.vtensor<[?,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %222, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %none_386 = torch.constant.none
    %none_387 = torch.constant.none
    %int5_388 = torch.constant.int 5
    %cpu_389 = torch.constant.device "cpu"
    %int0_390 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %222, %none_386, %none_387, %int5_388, %cpu_389, %int0_390 : !torch.vtensor<[8,?,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_391 = torch.constant.int 1
    %223 = torch.aten.add.Tensor %23, %222, %int1_391 : !torch.vtensor<[8,?,4096],f16>, !torch.vtensor<[8,?,4096],f16>, !torch.int -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %223, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %none_392 = torch.constant.none
    %none_393 = torch.constant.none
    %int5_394 = torch.constant.int 5
    %cpu_395 = torch.constant.device "cpu"
    %int0_396 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %223, %none_392, %none_393, %int5_394, %cpu_395, %int0_396 : !torch.vtensor<[8,?,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_397 = torch.constant.int 6
    %224 = torch.prims.convert_element_type %223, %int6_397 : !torch.vtensor<[8,?,4096],f16>, !torch.int -> !torch.vtensor<[8,?,4096],f32>
    torch.bind_symbolic_shape %224, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f32>
    %int2_398 = torch.constant.int 2
    %225 = torch.aten.pow.Tensor_Scalar %224, %int2_398 : !torch.vtensor<[8,?,4096],f32>, !torch.int -> !torch.vtensor<[8,?,4096],f32>
    torch.bind_symbolic_shape %225, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f32>
    %int-1_399 = torch.constant.int -1
    %226 = torch.prim.ListConstruct %int-1_399 : (!torch.int) -> !torch.list<int>
    %true_400 = torch.constant.bool true
    %none_401 = torch.constant.none
    %227 = torch.aten.mean.dim %225, %226, %true_400, %none_401 : !torch.vtensor<[8,?,4096],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %227, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %float1.000000e-05_402 = torch.constant.float 1.000000e-05
    %int1_403 = torch.constant.int 1
    %228 = torch.aten.add.Scalar %227, %float1.000000e-05_402, %int1_403 : !torch.vtensor<[8,?,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %228, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %229 = torch.aten.rsqrt %228 : !torch.vtensor<[8,?,1],f32> -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %229, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %230 = torch.aten.mul.Tensor %224, %229 : !torch.vtensor<[8,?,4096],f32>, !torch.vtensor<[8,?,1],f32> -> !torch.vtensor<[8,?,4096],f32>
    torch.bind_symbolic_shape %230, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f32>
    %none_404 = torch.constant.none
    %none_405 = torch.constant.none
    %int6_406 = torch.constant.int 6
    %cpu_407 = torch.constant.device "cpu"
    %int0_408 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %230, %none_404, %none_405, %int6_406, %cpu_407, %int0_408 : !torch.vtensor<[8,?,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_409 = torch.constant.int 5
    %231 = torch.prims.convert_element_type %230, %int5_409 : !torch.vtensor<[8,?,4096],f32>, !torch.int -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %231, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %232 = torch.aten.mul.Tensor %9, %231 : !torch.vtensor<[4096],f32>, !torch.vtensor<[8,?,4096],f16> -> !torch.vtensor<[8,?,4096],f32>
    torch.bind_symbolic_shape %232, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f32>
    %none_410 = torch.constant.none
    %none_411 = torch.constant.none
    %int6_412 = torch.constant.int 6
    %cpu_413 = torch.constant.device "cpu"
    %int0_414 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %232, %none_410, %none_411, %int6_412, %cpu_413, %int0_414 : !torch.vtensor<[8,?,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_415 = torch.constant.int 5
    %233 = torch.prims.convert_element_type %232, %int5_415 : !torch.vtensor<[8,?,4096],f32>, !torch.int -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %233, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %int-1_416 = torch.constant.int -1
    %int4096_417 = torch.constant.int 4096
    %234 = torch.prim.ListConstruct %int-1_416, %int4096_417 : (!torch.int, !torch.int) -> !torch.list<int>
    %235 = torch.aten.view %233, %234 : !torch.vtensor<[8,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %235, [%18], affine_map<()[s0] -> (s0 * 256, 4096)> : !torch.vtensor<[?,4096],f16>
    %none_418 = torch.constant.none
    %none_419 = torch.constant.none
    %int6_420 = torch.constant.int 6
    %cpu_421 = torch.constant.device "cpu"
    %int0_422 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %10, %none_418, %none_419, %int6_420, %cpu_421, %int0_422 : !torch.vtensor<[8,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_423 = torch.constant.int 5
    %236 = torch.prims.convert_element_type %10, %int5_423 : !torch.vtensor<[8,4096],f32>, !torch.int -> !torch.vtensor<[8,4096],f16>
    %int-2_424 = torch.constant.int -2
    %int-1_425 = torch.constant.int -1
    %237 = torch.aten.transpose.int %236, %int-2_424, %int-1_425 : !torch.vtensor<[8,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,8],f16>
    %none_426 = torch.constant.none
    %none_427 = torch.constant.none
    %int5_428 = torch.constant.int 5
    %cpu_429 = torch.constant.device "cpu"
    %int0_430 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %237, %none_426, %none_427, %int5_428, %cpu_429, %int0_430 : !torch.vtensor<[4096,8],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %238 = torch.aten.matmul %235, %237 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[4096,8],f16> -> !torch.vtensor<[?,8],f16>
    torch.bind_symbolic_shape %238, [%18], affine_map<()[s0] -> (s0 * 256, 8)> : !torch.vtensor<[?,8],f16>
    %none_431 = torch.constant.none
    %none_432 = torch.constant.none
    %int5_433 = torch.constant.int 5
    %cpu_434 = torch.constant.device "cpu"
    %int0_435 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %238, %none_431, %none_432, %int5_433, %cpu_434, %int0_435 : !torch.vtensor<[?,8],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_436 = torch.constant.int 6
    %239 = torch.prims.convert_element_type %238, %int6_436 : !torch.vtensor<[?,8],f16>, !torch.int -> !torch.vtensor<[?,8],f32>
    torch.bind_symbolic_shape %239, [%18], affine_map<()[s0] -> (s0 * 256, 8)> : !torch.vtensor<[?,8],f32>
    %int1_437 = torch.constant.int 1
    %none_438 = torch.constant.none
    %240 = torch.aten.softmax.int %239, %int1_437, %none_438 : !torch.vtensor<[?,8],f32>, !torch.int, !torch.none -> !torch.vtensor<[?,8],f32>
    torch.bind_symbolic_shape %240, [%18], affine_map<()[s0] -> (s0 * 256, 8)> : !torch.vtensor<[?,8],f32>
    %int2_439 = torch.constant.int 2
    %int-1_440 = torch.constant.int -1
    %true_441 = torch.constant.bool true
    %true_442 = torch.constant.bool true
    %values, %indices = torch.aten.topk %240, %int2_439, %int-1_440, %true_441, %true_442 : !torch.vtensor<[?,8],f32>, !torch.int, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[?,2],f32>, !torch.vtensor<[?,2],si64>
    torch.bind_symbolic_shape %values, [%18], affine_map<()[s0] -> (s0 * 256, 2)> : !torch.vtensor<[?,2],f32>
    torch.bind_symbolic_shape %indices, [%18], affine_map<()[s0] -> (s0 * 256, 2)> : !torch.vtensor<[?,2],si64>
    %none_443 = torch.constant.none
    %none_444 = torch.constant.none
    %int6_445 = torch.constant.int 6
    %cpu_446 = torch.constant.device "cpu"
    %int0_447 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %values, %none_443, %none_444, %int6_445, %cpu_446, %int0_447 : !torch.vtensor<[?,2],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_448 = torch.constant.int 5
    %241 = torch.prims.convert_element_type %values, %int5_448 : !torch.vtensor<[?,2],f32>, !torch.int -> !torch.vtensor<[?,2],f16>
    torch.bind_symbolic_shape %241, [%18], affine_map<()[s0] -> (s0 * 256, 2)> : !torch.vtensor<[?,2],f16>
    %int8_449 = torch.constant.int 8
    %242 = torch.prim.ListConstruct %35, %int8_449 : (!torch.int, !torch.int) -> !torch.list<int>
    %none_450 = torch.constant.none
    %none_451 = torch.constant.none
    %cpu_452 = torch.constant.device "cpu"
    %false_453 = torch.constant.bool false
    %none_454 = torch.constant.none
    %243 = torch.aten.empty.memory_format %242, %none_450, %none_451, %cpu_452, %false_453, %none_454 : !torch.list<int>, !torch.none, !torch.none, !torch.Device, !torch.bool, !torch.none -> !torch.vtensor<[?,8],f32>
    torch.bind_symbolic_shape %243, [%18], affine_map<()[s0] -> (s0 * 256, 8)> : !torch.vtensor<[?,8],f32>
    %int5_455 = torch.constant.int 5
    %none_456 = torch.constant.none
    %none_457 = torch.constant.none
    %false_458 = torch.constant.bool false
    %int1_459 = torch.constant.int 1
    %244 = torch.aten.zeros_like %243, %int5_455, %none_456, %none_457, %false_458, %int1_459 : !torch.vtensor<[?,8],f32>, !torch.int, !torch.none, !torch.none, !torch.bool, !torch.int -> !torch.vtensor<[?,8],f16>
    torch.bind_symbolic_shape %244, [%18], affine_map<()[s0] -> (s0 * 256, 8)> : !torch.vtensor<[?,8],f16>
    %int1_460 = torch.constant.int 1
    %245 = torch.aten.scatter.src %244, %int1_460, %indices, %241 : !torch.vtensor<[?,8],f16>, !torch.int, !torch.vtensor<[?,2],si64>, !torch.vtensor<[?,2],f16> -> !torch.vtensor<[?,8],f16>
    torch.bind_symbolic_shape %245, [%18], affine_map<()[s0] -> (s0 * 256, 8)> : !torch.vtensor<[?,8],f16>
    %none_461 = torch.constant.none
    %none_462 = torch.constant.none
    %cpu_463 = torch.constant.device "cpu"
    %false_464 = torch.constant.bool false
    %246 = torch.aten.arange %35, %none_461, %none_462, %cpu_463, %false_464 : !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %246, [%18], affine_map<()[s0] -> (s0 * 256)> : !torch.vtensor<[?],si64>
    %int1_465 = torch.constant.int 1
    %int-1_466 = torch.constant.int -1
    %247 = torch.prim.ListConstruct %int1_465, %int-1_466 : (!torch.int, !torch.int) -> !torch.list<int>
    %248 = torch.aten.view %246, %247 : !torch.vtensor<[?],si64>, !torch.list<int> -> !torch.vtensor<[1,?],si64>
    torch.bind_symbolic_shape %248, [%18], affine_map<()[s0] -> (1, s0 * 256)> : !torch.vtensor<[1,?],si64>
    %int8_467 = torch.constant.int 8
    %int-1_468 = torch.constant.int -1
    %249 = torch.prim.ListConstruct %int8_467, %int-1_468 : (!torch.int, !torch.int) -> !torch.list<int>
    %false_469 = torch.constant.bool false
    %250 = torch.aten.expand %248, %249, %false_469 : !torch.vtensor<[1,?],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %250, [%18], affine_map<()[s0] -> (8, s0 * 256)> : !torch.vtensor<[8,?],si64>
    %int8_470 = torch.constant.int 8
    %251 = torch.aten.mul.int %int8_470, %35 : !torch.int, !torch.int -> !torch.int
    %int0_471 = torch.constant.int 0
    %252 = torch.aten.clone %250, %int0_471 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %252, [%18], affine_map<()[s0] -> (8, s0 * 256)> : !torch.vtensor<[8,?],si64>
    %int1_472 = torch.constant.int 1
    %253 = torch.prim.ListConstruct %251, %int1_472 : (!torch.int, !torch.int) -> !torch.list<int>
    %254 = torch.aten._unsafe_view %252, %253 : !torch.vtensor<[8,?],si64>, !torch.list<int> -> !torch.vtensor<[?,1],si64>
    torch.bind_symbolic_shape %254, [%18], affine_map<()[s0] -> (s0 * 2048, 1)> : !torch.vtensor<[?,1],si64>
    %int-1_473 = torch.constant.int -1
    %int4096_474 = torch.constant.int 4096
    %255 = torch.prim.ListConstruct %int-1_473, %int4096_474 : (!torch.int, !torch.int) -> !torch.list<int>
    %false_475 = torch.constant.bool false
    %256 = torch.aten.expand %254, %255, %false_475 : !torch.vtensor<[?,1],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,4096],si64>
    torch.bind_symbolic_shape %256, [%18], affine_map<()[s0] -> (s0 * 2048, 4096)> : !torch.vtensor<[?,4096],si64>
    %int0_476 = torch.constant.int 0
    %false_477 = torch.constant.bool false
    %257 = torch.aten.gather %235, %int0_476, %256, %false_477 : !torch.vtensor<[?,4096],f16>, !torch.int, !torch.vtensor<[?,4096],si64>, !torch.bool -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %257, [%18], affine_map<()[s0] -> (s0 * 2048, 4096)> : !torch.vtensor<[?,4096],f16>
    %int0_478 = torch.constant.int 0
    %int1_479 = torch.constant.int 1
    %258 = torch.aten.transpose.int %245, %int0_478, %int1_479 : !torch.vtensor<[?,8],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,?],f16>
    torch.bind_symbolic_shape %258, [%18], affine_map<()[s0] -> (8, s0 * 256)> : !torch.vtensor<[8,?],f16>
    %int0_480 = torch.constant.int 0
    %259 = torch.aten.gt.Scalar %258, %int0_480 : !torch.vtensor<[8,?],f16>, !torch.int -> !torch.vtensor<[8,?],i1>
    torch.bind_symbolic_shape %259, [%18], affine_map<()[s0] -> (8, s0 * 256)> : !torch.vtensor<[8,?],i1>
    %int0_481 = torch.constant.int 0
    %260 = torch.aten.clone %259, %int0_481 : !torch.vtensor<[8,?],i1>, !torch.int -> !torch.vtensor<[8,?],i1>
    torch.bind_symbolic_shape %260, [%18], affine_map<()[s0] -> (8, s0 * 256)> : !torch.vtensor<[8,?],i1>
    %int1_482 = torch.constant.int 1
    %261 = torch.prim.ListConstruct %251, %int1_482 : (!torch.int, !torch.int) -> !torch.list<int>
    %262 = torch.aten._unsafe_view %260, %261 : !torch.vtensor<[8,?],i1>, !torch.list<int> -> !torch.vtensor<[?,1],i1>
    torch.bind_symbolic_shape %262, [%18], affine_map<()[s0] -> (s0 * 2048, 1)> : !torch.vtensor<[?,1],i1>
    %263 = torch.aten.mul.Tensor %257, %262 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[?,1],i1> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %263, [%18], affine_map<()[s0] -> (s0 * 2048, 4096)> : !torch.vtensor<[?,4096],f16>
    %int8_483 = torch.constant.int 8
    %int4096_484 = torch.constant.int 4096
    %264 = torch.prim.ListConstruct %int8_483, %35, %int4096_484 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %265 = torch.aten.view %263, %264 : !torch.vtensor<[?,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %265, [%18], affine_map<()[s0] -> (8, s0 * 256, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %int-2_485 = torch.constant.int -2
    %int-1_486 = torch.constant.int -1
    %266 = torch.aten.transpose.int %11, %int-2_485, %int-1_486 : !torch.vtensor<[8,14336,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,4096,14336],f16>
    %none_487 = torch.constant.none
    %none_488 = torch.constant.none
    %int5_489 = torch.constant.int 5
    %cpu_490 = torch.constant.device "cpu"
    %int0_491 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %266, %none_487, %none_488, %int5_489, %cpu_490, %int0_491 : !torch.vtensor<[8,4096,14336],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %267 = torch.aten.matmul %265, %266 : !torch.vtensor<[8,?,4096],f16>, !torch.vtensor<[8,4096,14336],f16> -> !torch.vtensor<[8,?,14336],f16>
    torch.bind_symbolic_shape %267, [%18], affine_map<()[s0] -> (8, s0 * 256, 14336)> : !torch.vtensor<[8,?,14336],f16>
    %268 = torch.aten.silu %267 : !torch.vtensor<[8,?,14336],f16> -> !torch.vtensor<[8,?,14336],f16>
    torch.bind_symbolic_shape %268, [%18], affine_map<()[s0] -> (8, s0 * 256, 14336)> : !torch.vtensor<[8,?,14336],f16>
    %int-2_492 = torch.constant.int -2
    %int-1_493 = torch.constant.int -1
    %269 = torch.aten.transpose.int %12, %int-2_492, %int-1_493 : !torch.vtensor<[8,14336,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,4096,14336],f16>
    %none_494 = torch.constant.none
    %none_495 = torch.constant.none
    %int5_496 = torch.constant.int 5
    %cpu_497 = torch.constant.device "cpu"
    %int0_498 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %269, %none_494, %none_495, %int5_496, %cpu_497, %int0_498 : !torch.vtensor<[8,4096,14336],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %270 = torch.aten.matmul %265, %269 : !torch.vtensor<[8,?,4096],f16>, !torch.vtensor<[8,4096,14336],f16> -> !torch.vtensor<[8,?,14336],f16>
    torch.bind_symbolic_shape %270, [%18], affine_map<()[s0] -> (8, s0 * 256, 14336)> : !torch.vtensor<[8,?,14336],f16>
    %271 = torch.aten.mul.Tensor %268, %270 : !torch.vtensor<[8,?,14336],f16>, !torch.vtensor<[8,?,14336],f16> -> !torch.vtensor<[8,?,14336],f16>
    torch.bind_symbolic_shape %271, [%18], affine_map<()[s0] -> (8, s0 * 256, 14336)> : !torch.vtensor<[8,?,14336],f16>
    %int-2_499 = torch.constant.int -2
    %int-1_500 = torch.constant.int -1
    %272 = torch.aten.transpose.int %13, %int-2_499, %int-1_500 : !torch.vtensor<[8,4096,14336],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,14336,4096],f16>
    %none_501 = torch.constant.none
    %none_502 = torch.constant.none
    %int5_503 = torch.constant.int 5
    %cpu_504 = torch.constant.device "cpu"
    %int0_505 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %272, %none_501, %none_502, %int5_503, %cpu_504, %int0_505 : !torch.vtensor<[8,14336,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %273 = torch.aten.matmul %271, %272 : !torch.vtensor<[8,?,14336],f16>, !torch.vtensor<[8,14336,4096],f16> -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %273, [%18], affine_map<()[s0] -> (8, s0 * 256, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %int4096_506 = torch.constant.int 4096
    %274 = torch.prim.ListConstruct %251, %int4096_506 : (!torch.int, !torch.int) -> !torch.list<int>
    %275 = torch.aten.view %273, %274 : !torch.vtensor<[8,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %275, [%18], affine_map<()[s0] -> (s0 * 2048, 4096)> : !torch.vtensor<[?,4096],f16>
    %int0_507 = torch.constant.int 0
    %276 = torch.aten.clone %258, %int0_507 : !torch.vtensor<[8,?],f16>, !torch.int -> !torch.vtensor<[8,?],f16>
    torch.bind_symbolic_shape %276, [%18], affine_map<()[s0] -> (8, s0 * 256)> : !torch.vtensor<[8,?],f16>
    %int1_508 = torch.constant.int 1
    %277 = torch.prim.ListConstruct %251, %int1_508 : (!torch.int, !torch.int) -> !torch.list<int>
    %278 = torch.aten._unsafe_view %276, %277 : !torch.vtensor<[8,?],f16>, !torch.list<int> -> !torch.vtensor<[?,1],f16>
    torch.bind_symbolic_shape %278, [%18], affine_map<()[s0] -> (s0 * 2048, 1)> : !torch.vtensor<[?,1],f16>
    %279 = torch.aten.mul.Tensor %275, %278 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[?,1],f16> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %279, [%18], affine_map<()[s0] -> (s0 * 2048, 4096)> : !torch.vtensor<[?,4096],f16>
    %int8_509 = torch.constant.int 8
    %int4096_510 = torch.constant.int 4096
    %280 = torch.prim.ListConstruct %int8_509, %35, %int4096_510 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %281 = torch.aten.view %279, %280 : !torch.vtensor<[?,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %281, [%18], affine_map<()[s0] -> (8, s0 * 256, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %int0_511 = torch.constant.int 0
    %282 = torch.prim.ListConstruct %int0_511 : (!torch.int) -> !torch.list<int>
    %false_512 = torch.constant.bool false
    %none_513 = torch.constant.none
    %283 = torch.aten.sum.dim_IntList %281, %282, %false_512, %none_513 : !torch.vtensor<[8,?,4096],f16>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %283, [%18], affine_map<()[s0] -> (s0 * 256, 4096)> : !torch.vtensor<[?,4096],f16>
    %int8_514 = torch.constant.int 8
    %int4096_515 = torch.constant.int 4096
    %284 = torch.prim.ListConstruct %int8_514, %22, %int4096_515 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %285 = torch.aten.view %283, %284 : !torch.vtensor<[?,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %285, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %int1_516 = torch.constant.int 1
    %286 = torch.aten.add.Tensor %223, %285, %int1_516 : !torch.vtensor<[8,?,4096],f16>, !torch.vtensor<[8,?,4096],f16>, !torch.int -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %286, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %none_517 = torch.constant.none
    %none_518 = torch.constant.none
    %int5_519 = torch.constant.int 5
    %cpu_520 = torch.constant.device "cpu"
    %int0_521 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %286, %none_517, %none_518, %int5_519, %cpu_520, %int0_521 : !torch.vtensor<[8,?,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_522 = torch.constant.none
    %none_523 = torch.constant.none
    %int5_524 = torch.constant.int 5
    %cpu_525 = torch.constant.device "cpu"
    %int0_526 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %286, %none_522, %none_523, %int5_524, %cpu_525, %int0_526 : !torch.vtensor<[8,?,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_527 = torch.constant.int 6
    %287 = torch.prims.convert_element_type %286, %int6_527 : !torch.vtensor<[8,?,4096],f16>, !torch.int -> !torch.vtensor<[8,?,4096],f32>
    torch.bind_symbolic_shape %287, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f32>
    %int2_528 = torch.constant.int 2
    %288 = torch.aten.pow.Tensor_Scalar %287, %int2_528 : !torch.vtensor<[8,?,4096],f32>, !torch.int -> !torch.vtensor<[8,?,4096],f32>
    torch.bind_symbolic_shape %288, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f32>
    %int-1_529 = torch.constant.int -1
    %289 = torch.prim.ListConstruct %int-1_529 : (!torch.int) -> !torch.list<int>
    %true_530 = torch.constant.bool true
    %none_531 = torch.constant.none
    %290 = torch.aten.mean.dim %288, %289, %true_530, %none_531 : !torch.vtensor<[8,?,4096],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %290, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %float1.000000e-05_532 = torch.constant.float 1.000000e-05
    %int1_533 = torch.constant.int 1
    %291 = torch.aten.add.Scalar %290, %float1.000000e-05_532, %int1_533 : !torch.vtensor<[8,?,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %291, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %292 = torch.aten.rsqrt %291 : !torch.vtensor<[8,?,1],f32> -> !torch.vtensor<[8,?,1],f32>
    torch.bind_symbolic_shape %292, [%18], affine_map<()[s0] -> (8, s0 * 32, 1)> : !torch.vtensor<[8,?,1],f32>
    %293 = torch.aten.mul.Tensor %287, %292 : !torch.vtensor<[8,?,4096],f32>, !torch.vtensor<[8,?,1],f32> -> !torch.vtensor<[8,?,4096],f32>
    torch.bind_symbolic_shape %293, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f32>
    %none_534 = torch.constant.none
    %none_535 = torch.constant.none
    %int6_536 = torch.constant.int 6
    %cpu_537 = torch.constant.device "cpu"
    %int0_538 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %293, %none_534, %none_535, %int6_536, %cpu_537, %int0_538 : !torch.vtensor<[8,?,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_539 = torch.constant.int 5
    %294 = torch.prims.convert_element_type %293, %int5_539 : !torch.vtensor<[8,?,4096],f32>, !torch.int -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %294, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %295 = torch.aten.mul.Tensor %14, %294 : !torch.vtensor<[1,4096],f32>, !torch.vtensor<[8,?,4096],f16> -> !torch.vtensor<[8,?,4096],f32>
    torch.bind_symbolic_shape %295, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f32>
    %none_540 = torch.constant.none
    %none_541 = torch.constant.none
    %int6_542 = torch.constant.int 6
    %cpu_543 = torch.constant.device "cpu"
    %int0_544 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %295, %none_540, %none_541, %int6_542, %cpu_543, %int0_544 : !torch.vtensor<[8,?,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_545 = torch.constant.int 5
    %296 = torch.prims.convert_element_type %295, %int5_545 : !torch.vtensor<[8,?,4096],f32>, !torch.int -> !torch.vtensor<[8,?,4096],f16>
    torch.bind_symbolic_shape %296, [%18], affine_map<()[s0] -> (8, s0 * 32, 4096)> : !torch.vtensor<[8,?,4096],f16>
    %int-2_546 = torch.constant.int -2
    %int-1_547 = torch.constant.int -1
    %297 = torch.aten.transpose.int %15, %int-2_546, %int-1_547 : !torch.vtensor<[32000,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,32000],f16>
    %none_548 = torch.constant.none
    %none_549 = torch.constant.none
    %int5_550 = torch.constant.int 5
    %cpu_551 = torch.constant.device "cpu"
    %int0_552 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %297, %none_548, %none_549, %int5_550, %cpu_551, %int0_552 : !torch.vtensor<[4096,32000],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int4096_553 = torch.constant.int 4096
    %298 = torch.prim.ListConstruct %35, %int4096_553 : (!torch.int, !torch.int) -> !torch.list<int>
    %299 = torch.aten.view %296, %298 : !torch.vtensor<[8,?,4096],f16>, !torch.list<int> -> !torch.vtensor<[?,4096],f16>
    torch.bind_symbolic_shape %299, [%18], affine_map<()[s0] -> (s0 * 256, 4096)> : !torch.vtensor<[?,4096],f16>
    %300 = torch.aten.matmul %299, %297 : !torch.vtensor<[?,4096],f16>, !torch.vtensor<[4096,32000],f16> -> !torch.vtensor<[?,32000],f16>
    torch.bind_symbolic_shape %300, [%18], affine_map<()[s0] -> (s0 * 256, 32000)> : !torch.vtensor<[?,32000],f16>
    %int8_554 = torch.constant.int 8
    %int32000 = torch.constant.int 32000
    %301 = torch.prim.ListConstruct %int8_554, %22, %int32000 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %302 = torch.aten.view %300, %301 : !torch.vtensor<[?,32000],f16>, !torch.list<int> -> !torch.vtensor<[8,?,32000],f16>
    torch.bind_symbolic_shape %302, [%18], affine_map<()[s0] -> (8, s0 * 32, 32000)> : !torch.vtensor<[8,?,32000],f16>
    return %302 : !torch.vtensor<[8,?,32000],f16>
  }
  func.func @decode_bs8(%arg0: !torch.vtensor<[8,1],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg1: !torch.vtensor<[8],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg2: !torch.vtensor<[8],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg3: !torch.vtensor<[8,?],si64> {iree.abi.affinity = #hal.device.promise<@__device_0>}, %arg4: !torch.tensor<[?,65536],f16> {iree.abi.affinity = #hal.device.promise<@__device_0>}) -> !torch.vtensor<[8,1,32000],f16> attributes {torch.assume_strict_symbolic_shapes} {
    %__auto.token_embd.weight = util.global.load @__auto.token_embd.weight : tensor<32000x4096xf16>
    %0 = torch_c.from_builtin_tensor %__auto.token_embd.weight : tensor<32000x4096xf16> -> !torch.vtensor<[32000,4096],f16>
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
    %__auto.blk.0.ffn_gate_inp.weight = util.global.load @__auto.blk.0.ffn_gate_inp.weight : tensor<8x4096xf32>
    %15 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_gate_inp.weight : tensor<8x4096xf32> -> !torch.vtensor<[8,4096],f32>
    %__auto.blk.0.ffn_gate_exps.weight = util.global.load @__auto.blk.0.ffn_gate_exps.weight : tensor<8x14336x4096xf16>
    %16 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_gate_exps.weight : tensor<8x14336x4096xf16> -> !torch.vtensor<[8,14336,4096],f16>
    %__auto.blk.0.ffn_up_exps.weight = util.global.load @__auto.blk.0.ffn_up_exps.weight : tensor<8x14336x4096xf16>
    %17 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_up_exps.weight : tensor<8x14336x4096xf16> -> !torch.vtensor<[8,14336,4096],f16>
    %__auto.blk.0.ffn_down_exps.weight = util.global.load @__auto.blk.0.ffn_down_exps.weight : tensor<8x4096x14336xf16>
    %18 = torch_c.from_builtin_tensor %__auto.blk.0.ffn_down_exps.weight : tensor<8x4096x14336xf16> -> !torch.vtensor<[8,4096,14336],f16>
    %__auto.output_norm.weight = util.global.load @__auto.output_norm.weight : tensor<1x4096xf32>
    %19 = torch_c.from_builtin_tensor %__auto.output_norm.weight : tensor<1x4096xf32> -> !torch.vtensor<[1,4096],f32>
    %__auto.output.weight = util.global.load @__auto.output.weight : tensor<32000x4096xf16>
    %20 = torch_c.from_builtin_tensor %__auto.output.weight : tensor<32000x4096xf16> -> !torch.vtensor<[32000,4096],f16>
    %21 = torch.copy.to_vtensor %arg4 : !torch.vtensor<[?,65536],f16>
    %22 = torch.symbolic_int "s23" {min_val = 2, max_val = 127} : !torch.int
    %23 = torch.symbolic_int "s98" {min_val = 0, max_val = 9223372036854775807} : !torch.int
    torch.bind_symbolic_shape %arg3, [%22], affine_map<()[s0] -> (8, s0)> : !torch.vtensor<[8,?],si64>
    torch.bind_symbolic_shape %21, [%23], affine_map<()[s0] -> (s0, 65536)> : !torch.vtensor<[?,65536],f16>
    %int1 = torch.constant.int 1
    %24 = torch.aten.size.int %arg3, %int1 : !torch.vtensor<[8,?],si64>, !torch.int -> !torch.int
    %int0 = torch.constant.int 0
    %25 = torch.aten.size.int %21, %int0 : !torch.vtensor<[?,65536],f16>, !torch.int -> !torch.int
    %none = torch.constant.none
    %none_0 = torch.constant.none
    %int5 = torch.constant.int 5
    %cpu = torch.constant.device "cpu"
    %int0_1 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %0, %none, %none_0, %int5, %cpu, %int0_1 : !torch.vtensor<[32000,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int-1 = torch.constant.int -1
    %false = torch.constant.bool false
    %false_2 = torch.constant.bool false
    %26 = torch.aten.embedding %0, %arg0, %int-1, %false, %false_2 : !torch.vtensor<[32000,4096],f16>, !torch.vtensor<[8,1],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[8,1,4096],f16>
    %none_3 = torch.constant.none
    %none_4 = torch.constant.none
    %int5_5 = torch.constant.int 5
    %cpu_6 = torch.constant.device "cpu"
    %int0_7 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %26, %none_3, %none_4, %int5_5, %cpu_6, %int0_7 : !torch.vtensor<[8,1,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6 = torch.constant.int 6
    %27 = torch.prims.convert_element_type %26, %int6 : !torch.vtensor<[8,1,4096],f16>, !torch.int -> !torch.vtensor<[8,1,4096],f32>
    %int2 = torch.constant.int 2
    %28 = torch.aten.pow.Tensor_Scalar %27, %int2 : !torch.vtensor<[8,1,4096],f32>, !torch.int -> !torch.vtensor<[8,1,4096],f32>
    %int-1_8 = torch.constant.int -1
    %29 = torch.prim.ListConstruct %int-1_8 : (!torch.int) -> !torch.list<int>
    %true = torch.constant.bool true
    %none_9 = torch.constant.none
    %30 = torch.aten.mean.dim %28, %29, %true, %none_9 : !torch.vtensor<[8,1,4096],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,1,1],f32>
    %float1.000000e-05 = torch.constant.float 1.000000e-05
    %int1_10 = torch.constant.int 1
    %31 = torch.aten.add.Scalar %30, %float1.000000e-05, %int1_10 : !torch.vtensor<[8,1,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %32 = torch.aten.rsqrt %31 : !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,1,1],f32>
    %33 = torch.aten.mul.Tensor %27, %32 : !torch.vtensor<[8,1,4096],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,1,4096],f32>
    %none_11 = torch.constant.none
    %none_12 = torch.constant.none
    %int6_13 = torch.constant.int 6
    %cpu_14 = torch.constant.device "cpu"
    %int0_15 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %33, %none_11, %none_12, %int6_13, %cpu_14, %int0_15 : !torch.vtensor<[8,1,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_16 = torch.constant.int 5
    %34 = torch.prims.convert_element_type %33, %int5_16 : !torch.vtensor<[8,1,4096],f32>, !torch.int -> !torch.vtensor<[8,1,4096],f16>
    %35 = torch.aten.mul.Tensor %9, %34 : !torch.vtensor<[4096],f32>, !torch.vtensor<[8,1,4096],f16> -> !torch.vtensor<[8,1,4096],f32>
    %none_17 = torch.constant.none
    %none_18 = torch.constant.none
    %int6_19 = torch.constant.int 6
    %cpu_20 = torch.constant.device "cpu"
    %int0_21 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %35, %none_17, %none_18, %int6_19, %cpu_20, %int0_21 : !torch.vtensor<[8,1,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_22 = torch.constant.int 5
    %36 = torch.prims.convert_element_type %35, %int5_22 : !torch.vtensor<[8,1,4096],f32>, !torch.int -> !torch.vtensor<[8,1,4096],f16>
    %int-2 = torch.constant.int -2
    %int-1_23 = torch.constant.int -1
    %37 = torch.aten.transpose.int %10, %int-2, %int-1_23 : !torch.vtensor<[4096,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,4096],f16>
    %none_24 = torch.constant.none
    %none_25 = torch.constant.none
    %int5_26 = torch.constant.int 5
    %cpu_27 = torch.constant.device "cpu"
    %int0_28 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %37, %none_24, %none_25, %int5_26, %cpu_27, %int0_28 : !torch.vtensor<[4096,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8 = torch.constant.int 8
    %int4096 = torch.constant.int 4096
    %38 = torch.prim.ListConstruct %int8, %int4096 : (!torch.int, !torch.int) -> !torch.list<int>
    %39 = torch.aten.view %36, %38 : !torch.vtensor<[8,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,4096],f16>
    %40 = torch.aten.matmul %39, %37 : !torch.vtensor<[8,4096],f16>, !torch.vtensor<[4096,4096],f16> -> !torch.vtensor<[8,4096],f16>
    %int8_29 = torch.constant.int 8
    %int1_30 = torch.constant.int 1
    %int4096_31 = torch.constant.int 4096
    %41 = torch.prim.ListConstruct %int8_29, %int1_30, %int4096_31 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %42 = torch.aten.view %40, %41 : !torch.vtensor<[8,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,1,4096],f16>
    %int-2_32 = torch.constant.int -2
    %int-1_33 = torch.constant.int -1
    %43 = torch.aten.transpose.int %11, %int-2_32, %int-1_33 : !torch.vtensor<[1024,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,1024],f16>
    %none_34 = torch.constant.none
    %none_35 = torch.constant.none
    %int5_36 = torch.constant.int 5
    %cpu_37 = torch.constant.device "cpu"
    %int0_38 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %43, %none_34, %none_35, %int5_36, %cpu_37, %int0_38 : !torch.vtensor<[4096,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8_39 = torch.constant.int 8
    %int4096_40 = torch.constant.int 4096
    %44 = torch.prim.ListConstruct %int8_39, %int4096_40 : (!torch.int, !torch.int) -> !torch.list<int>
    %45 = torch.aten.view %36, %44 : !torch.vtensor<[8,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,4096],f16>
    %46 = torch.aten.matmul %45, %43 : !torch.vtensor<[8,4096],f16>, !torch.vtensor<[4096,1024],f16> -> !torch.vtensor<[8,1024],f16>
    %int8_41 = torch.constant.int 8
    %int1_42 = torch.constant.int 1
    %int1024 = torch.constant.int 1024
    %47 = torch.prim.ListConstruct %int8_41, %int1_42, %int1024 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %48 = torch.aten.view %46, %47 : !torch.vtensor<[8,1024],f16>, !torch.list<int> -> !torch.vtensor<[8,1,1024],f16>
    %int-2_43 = torch.constant.int -2
    %int-1_44 = torch.constant.int -1
    %49 = torch.aten.transpose.int %12, %int-2_43, %int-1_44 : !torch.vtensor<[1024,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,1024],f16>
    %none_45 = torch.constant.none
    %none_46 = torch.constant.none
    %int5_47 = torch.constant.int 5
    %cpu_48 = torch.constant.device "cpu"
    %int0_49 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %49, %none_45, %none_46, %int5_47, %cpu_48, %int0_49 : !torch.vtensor<[4096,1024],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8_50 = torch.constant.int 8
    %int4096_51 = torch.constant.int 4096
    %50 = torch.prim.ListConstruct %int8_50, %int4096_51 : (!torch.int, !torch.int) -> !torch.list<int>
    %51 = torch.aten.view %36, %50 : !torch.vtensor<[8,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,4096],f16>
    %52 = torch.aten.matmul %51, %49 : !torch.vtensor<[8,4096],f16>, !torch.vtensor<[4096,1024],f16> -> !torch.vtensor<[8,1024],f16>
    %int8_52 = torch.constant.int 8
    %int1_53 = torch.constant.int 1
    %int1024_54 = torch.constant.int 1024
    %53 = torch.prim.ListConstruct %int8_52, %int1_53, %int1024_54 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %54 = torch.aten.view %52, %53 : !torch.vtensor<[8,1024],f16>, !torch.list<int> -> !torch.vtensor<[8,1,1024],f16>
    %int8_55 = torch.constant.int 8
    %int1_56 = torch.constant.int 1
    %int32 = torch.constant.int 32
    %int128 = torch.constant.int 128
    %55 = torch.prim.ListConstruct %int8_55, %int1_56, %int32, %int128 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %56 = torch.aten.view %42, %55 : !torch.vtensor<[8,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,1,32,128],f16>
    %int8_57 = torch.constant.int 8
    %int1_58 = torch.constant.int 1
    %int8_59 = torch.constant.int 8
    %int128_60 = torch.constant.int 128
    %57 = torch.prim.ListConstruct %int8_57, %int1_58, %int8_59, %int128_60 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %58 = torch.aten.view %48, %57 : !torch.vtensor<[8,1,1024],f16>, !torch.list<int> -> !torch.vtensor<[8,1,8,128],f16>
    %int8_61 = torch.constant.int 8
    %int1_62 = torch.constant.int 1
    %int8_63 = torch.constant.int 8
    %int128_64 = torch.constant.int 128
    %59 = torch.prim.ListConstruct %int8_61, %int1_62, %int8_63, %int128_64 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %60 = torch.aten.view %54, %59 : !torch.vtensor<[8,1,1024],f16>, !torch.list<int> -> !torch.vtensor<[8,1,8,128],f16>
    %int0_65 = torch.constant.int 0
    %int1_66 = torch.constant.int 1
    %none_67 = torch.constant.none
    %none_68 = torch.constant.none
    %cpu_69 = torch.constant.device "cpu"
    %false_70 = torch.constant.bool false
    %61 = torch.aten.arange.start %int0_65, %int1_66, %none_67, %none_68, %cpu_69, %false_70 : !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[1],si64>
    %int0_71 = torch.constant.int 0
    %62 = torch.aten.unsqueeze %61, %int0_71 : !torch.vtensor<[1],si64>, !torch.int -> !torch.vtensor<[1,1],si64>
    %int1_72 = torch.constant.int 1
    %63 = torch.aten.unsqueeze %arg2, %int1_72 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %int1_73 = torch.constant.int 1
    %64 = torch.aten.add.Tensor %62, %63, %int1_73 : !torch.vtensor<[1,1],si64>, !torch.vtensor<[8,1],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %int0_74 = torch.constant.int 0
    %int128_75 = torch.constant.int 128
    %int2_76 = torch.constant.int 2
    %none_77 = torch.constant.none
    %none_78 = torch.constant.none
    %cpu_79 = torch.constant.device "cpu"
    %false_80 = torch.constant.bool false
    %65 = torch.aten.arange.start_step %int0_74, %int128_75, %int2_76, %none_77, %none_78, %cpu_79, %false_80 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[64],si64>
    %none_81 = torch.constant.none
    %none_82 = torch.constant.none
    %int4 = torch.constant.int 4
    %cpu_83 = torch.constant.device "cpu"
    %int0_84 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %65, %none_81, %none_82, %int4, %cpu_83, %int0_84 : !torch.vtensor<[64],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_85 = torch.constant.int 6
    %66 = torch.prims.convert_element_type %65, %int6_85 : !torch.vtensor<[64],si64>, !torch.int -> !torch.vtensor<[64],f32>
    %int128_86 = torch.constant.int 128
    %67 = torch.aten.div.Scalar %66, %int128_86 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[64],f32>
    %float1.000000e06 = torch.constant.float 1.000000e+06
    %68 = torch.aten.pow.Scalar %float1.000000e06, %67 : !torch.float, !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %69 = torch.aten.reciprocal %68 : !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %float1.000000e00 = torch.constant.float 1.000000e+00
    %70 = torch.aten.mul.Scalar %69, %float1.000000e00 : !torch.vtensor<[64],f32>, !torch.float -> !torch.vtensor<[64],f32>
    %none_87 = torch.constant.none
    %71 = torch.aten.clone %1, %none_87 : !torch.vtensor<[],f32>, !torch.none -> !torch.vtensor<[],f32>
    %int0_88 = torch.constant.int 0
    %72 = torch.aten.unsqueeze %70, %int0_88 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[1,64],f32>
    %int2_89 = torch.constant.int 2
    %73 = torch.aten.unsqueeze %72, %int2_89 : !torch.vtensor<[1,64],f32>, !torch.int -> !torch.vtensor<[1,64,1],f32>
    %none_90 = torch.constant.none
    %none_91 = torch.constant.none
    %int6_92 = torch.constant.int 6
    %cpu_93 = torch.constant.device "cpu"
    %int0_94 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %73, %none_90, %none_91, %int6_92, %cpu_93, %int0_94 : !torch.vtensor<[1,64,1],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8_95 = torch.constant.int 8
    %int-1_96 = torch.constant.int -1
    %int1_97 = torch.constant.int 1
    %74 = torch.prim.ListConstruct %int8_95, %int-1_96, %int1_97 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_98 = torch.constant.bool false
    %75 = torch.aten.expand %73, %74, %false_98 : !torch.vtensor<[1,64,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,64,1],f32>
    %int1_99 = torch.constant.int 1
    %76 = torch.aten.unsqueeze %64, %int1_99 : !torch.vtensor<[8,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %none_100 = torch.constant.none
    %none_101 = torch.constant.none
    %int4_102 = torch.constant.int 4
    %cpu_103 = torch.constant.device "cpu"
    %int0_104 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %76, %none_100, %none_101, %int4_102, %cpu_103, %int0_104 : !torch.vtensor<[8,1,1],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_105 = torch.constant.int 6
    %77 = torch.prims.convert_element_type %76, %int6_105 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %78 = torch.aten.matmul %75, %77 : !torch.vtensor<[8,64,1],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,64,1],f32>
    %int1_106 = torch.constant.int 1
    %int2_107 = torch.constant.int 2
    %79 = torch.aten.transpose.int %78, %int1_106, %int2_107 : !torch.vtensor<[8,64,1],f32>, !torch.int, !torch.int -> !torch.vtensor<[8,1,64],f32>
    %80 = torch.aten.cos %79 : !torch.vtensor<[8,1,64],f32> -> !torch.vtensor<[8,1,64],f32>
    %81 = torch.aten.mul.Tensor %80, %71 : !torch.vtensor<[8,1,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[8,1,64],f32>
    %none_108 = torch.constant.none
    %none_109 = torch.constant.none
    %int6_110 = torch.constant.int 6
    %cpu_111 = torch.constant.device "cpu"
    %int0_112 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %81, %none_108, %none_109, %int6_110, %cpu_111, %int0_112 : !torch.vtensor<[8,1,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_113 = torch.constant.int 5
    %82 = torch.prims.convert_element_type %81, %int5_113 : !torch.vtensor<[8,1,64],f32>, !torch.int -> !torch.vtensor<[8,1,64],f16>
    %83 = torch.aten.sin %79 : !torch.vtensor<[8,1,64],f32> -> !torch.vtensor<[8,1,64],f32>
    %84 = torch.aten.mul.Tensor %83, %71 : !torch.vtensor<[8,1,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[8,1,64],f32>
    %none_114 = torch.constant.none
    %none_115 = torch.constant.none
    %int6_116 = torch.constant.int 6
    %cpu_117 = torch.constant.device "cpu"
    %int0_118 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %84, %none_114, %none_115, %int6_116, %cpu_117, %int0_118 : !torch.vtensor<[8,1,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_119 = torch.constant.int 5
    %85 = torch.prims.convert_element_type %84, %int5_119 : !torch.vtensor<[8,1,64],f32>, !torch.int -> !torch.vtensor<[8,1,64],f16>
    %int2_120 = torch.constant.int 2
    %86 = torch.aten.unsqueeze %82, %int2_120 : !torch.vtensor<[8,1,64],f16>, !torch.int -> !torch.vtensor<[8,1,1,64],f16>
    %int2_121 = torch.constant.int 2
    %87 = torch.aten.unsqueeze %85, %int2_121 : !torch.vtensor<[8,1,64],f16>, !torch.int -> !torch.vtensor<[8,1,1,64],f16>
    %none_122 = torch.constant.none
    %none_123 = torch.constant.none
    %int5_124 = torch.constant.int 5
    %cpu_125 = torch.constant.device "cpu"
    %int0_126 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %86, %none_122, %none_123, %int5_124, %cpu_125, %int0_126 : !torch.vtensor<[8,1,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_127 = torch.constant.none
    %none_128 = torch.constant.none
    %int5_129 = torch.constant.int 5
    %cpu_130 = torch.constant.device "cpu"
    %int0_131 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %87, %none_127, %none_128, %int5_129, %cpu_130, %int0_131 : !torch.vtensor<[8,1,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_132 = torch.constant.none
    %none_133 = torch.constant.none
    %int5_134 = torch.constant.int 5
    %cpu_135 = torch.constant.device "cpu"
    %int0_136 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %56, %none_132, %none_133, %int5_134, %cpu_135, %int0_136 : !torch.vtensor<[8,1,32,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int3 = torch.constant.int 3
    %int0_137 = torch.constant.int 0
    %int64 = torch.constant.int 64
    %int1_138 = torch.constant.int 1
    %88 = torch.aten.slice.Tensor %56, %int3, %int0_137, %int64, %int1_138 : !torch.vtensor<[8,1,32,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,1,32,64],f16>
    %int3_139 = torch.constant.int 3
    %int64_140 = torch.constant.int 64
    %int9223372036854775807 = torch.constant.int 9223372036854775807
    %int1_141 = torch.constant.int 1
    %89 = torch.aten.slice.Tensor %56, %int3_139, %int64_140, %int9223372036854775807, %int1_141 : !torch.vtensor<[8,1,32,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,1,32,64],f16>
    %90 = torch.aten.mul.Tensor %88, %86 : !torch.vtensor<[8,1,32,64],f16>, !torch.vtensor<[8,1,1,64],f16> -> !torch.vtensor<[8,1,32,64],f16>
    %91 = torch.aten.mul.Tensor %89, %87 : !torch.vtensor<[8,1,32,64],f16>, !torch.vtensor<[8,1,1,64],f16> -> !torch.vtensor<[8,1,32,64],f16>
    %int1_142 = torch.constant.int 1
    %92 = torch.aten.sub.Tensor %90, %91, %int1_142 : !torch.vtensor<[8,1,32,64],f16>, !torch.vtensor<[8,1,32,64],f16>, !torch.int -> !torch.vtensor<[8,1,32,64],f16>
    %93 = torch.aten.mul.Tensor %89, %86 : !torch.vtensor<[8,1,32,64],f16>, !torch.vtensor<[8,1,1,64],f16> -> !torch.vtensor<[8,1,32,64],f16>
    %94 = torch.aten.mul.Tensor %88, %87 : !torch.vtensor<[8,1,32,64],f16>, !torch.vtensor<[8,1,1,64],f16> -> !torch.vtensor<[8,1,32,64],f16>
    %int1_143 = torch.constant.int 1
    %95 = torch.aten.add.Tensor %93, %94, %int1_143 : !torch.vtensor<[8,1,32,64],f16>, !torch.vtensor<[8,1,32,64],f16>, !torch.int -> !torch.vtensor<[8,1,32,64],f16>
    %96 = torch_c.to_builtin_tensor %92 : !torch.vtensor<[8,1,32,64],f16> -> tensor<8x1x32x64xf16>
    %cast = tensor.cast %96 : tensor<8x1x32x64xf16> to tensor<?x?x?x?xf16>
    %97 = torch_c.to_builtin_tensor %95 : !torch.vtensor<[8,1,32,64],f16> -> tensor<8x1x32x64xf16>
    %cast_144 = tensor.cast %97 : tensor<8x1x32x64xf16> to tensor<?x?x?x?xf16>
    %98 = util.call @rope_select_concat_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_TWO_2_HALFDIM_f16(%cast, %cast_144) : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x2x?xf16>
    %cast_145 = tensor.cast %98 : tensor<?x?x?x2x?xf16> to tensor<8x1x32x2x64xf16>
    %99 = torch_c.from_builtin_tensor %cast_145 : tensor<8x1x32x2x64xf16> -> !torch.vtensor<[8,1,32,2,64],f16>
    %int8_146 = torch.constant.int 8
    %int1_147 = torch.constant.int 1
    %int32_148 = torch.constant.int 32
    %int128_149 = torch.constant.int 128
    %100 = torch.prim.ListConstruct %int8_146, %int1_147, %int32_148, %int128_149 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %101 = torch.aten.view %99, %100 : !torch.vtensor<[8,1,32,2,64],f16>, !torch.list<int> -> !torch.vtensor<[8,1,32,128],f16>
    %none_150 = torch.constant.none
    %none_151 = torch.constant.none
    %int5_152 = torch.constant.int 5
    %cpu_153 = torch.constant.device "cpu"
    %int0_154 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %101, %none_150, %none_151, %int5_152, %cpu_153, %int0_154 : !torch.vtensor<[8,1,32,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int0_155 = torch.constant.int 0
    %int1_156 = torch.constant.int 1
    %none_157 = torch.constant.none
    %none_158 = torch.constant.none
    %cpu_159 = torch.constant.device "cpu"
    %false_160 = torch.constant.bool false
    %102 = torch.aten.arange.start %int0_155, %int1_156, %none_157, %none_158, %cpu_159, %false_160 : !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[1],si64>
    %int0_161 = torch.constant.int 0
    %103 = torch.aten.unsqueeze %102, %int0_161 : !torch.vtensor<[1],si64>, !torch.int -> !torch.vtensor<[1,1],si64>
    %int1_162 = torch.constant.int 1
    %104 = torch.aten.unsqueeze %arg2, %int1_162 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %int1_163 = torch.constant.int 1
    %105 = torch.aten.add.Tensor %103, %104, %int1_163 : !torch.vtensor<[1,1],si64>, !torch.vtensor<[8,1],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %int0_164 = torch.constant.int 0
    %int128_165 = torch.constant.int 128
    %int2_166 = torch.constant.int 2
    %none_167 = torch.constant.none
    %none_168 = torch.constant.none
    %cpu_169 = torch.constant.device "cpu"
    %false_170 = torch.constant.bool false
    %106 = torch.aten.arange.start_step %int0_164, %int128_165, %int2_166, %none_167, %none_168, %cpu_169, %false_170 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[64],si64>
    %none_171 = torch.constant.none
    %none_172 = torch.constant.none
    %int4_173 = torch.constant.int 4
    %cpu_174 = torch.constant.device "cpu"
    %int0_175 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %106, %none_171, %none_172, %int4_173, %cpu_174, %int0_175 : !torch.vtensor<[64],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_176 = torch.constant.int 6
    %107 = torch.prims.convert_element_type %106, %int6_176 : !torch.vtensor<[64],si64>, !torch.int -> !torch.vtensor<[64],f32>
    %int128_177 = torch.constant.int 128
    %108 = torch.aten.div.Scalar %107, %int128_177 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[64],f32>
    %float1.000000e06_178 = torch.constant.float 1.000000e+06
    %109 = torch.aten.pow.Scalar %float1.000000e06_178, %108 : !torch.float, !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %110 = torch.aten.reciprocal %109 : !torch.vtensor<[64],f32> -> !torch.vtensor<[64],f32>
    %float1.000000e00_179 = torch.constant.float 1.000000e+00
    %111 = torch.aten.mul.Scalar %110, %float1.000000e00_179 : !torch.vtensor<[64],f32>, !torch.float -> !torch.vtensor<[64],f32>
    %none_180 = torch.constant.none
    %112 = torch.aten.clone %2, %none_180 : !torch.vtensor<[],f32>, !torch.none -> !torch.vtensor<[],f32>
    %int0_181 = torch.constant.int 0
    %113 = torch.aten.unsqueeze %111, %int0_181 : !torch.vtensor<[64],f32>, !torch.int -> !torch.vtensor<[1,64],f32>
    %int2_182 = torch.constant.int 2
    %114 = torch.aten.unsqueeze %113, %int2_182 : !torch.vtensor<[1,64],f32>, !torch.int -> !torch.vtensor<[1,64,1],f32>
    %none_183 = torch.constant.none
    %none_184 = torch.constant.none
    %int6_185 = torch.constant.int 6
    %cpu_186 = torch.constant.device "cpu"
    %int0_187 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %114, %none_183, %none_184, %int6_185, %cpu_186, %int0_187 : !torch.vtensor<[1,64,1],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8_188 = torch.constant.int 8
    %int-1_189 = torch.constant.int -1
    %int1_190 = torch.constant.int 1
    %115 = torch.prim.ListConstruct %int8_188, %int-1_189, %int1_190 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_191 = torch.constant.bool false
    %116 = torch.aten.expand %114, %115, %false_191 : !torch.vtensor<[1,64,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,64,1],f32>
    %int1_192 = torch.constant.int 1
    %117 = torch.aten.unsqueeze %105, %int1_192 : !torch.vtensor<[8,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %none_193 = torch.constant.none
    %none_194 = torch.constant.none
    %int4_195 = torch.constant.int 4
    %cpu_196 = torch.constant.device "cpu"
    %int0_197 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %117, %none_193, %none_194, %int4_195, %cpu_196, %int0_197 : !torch.vtensor<[8,1,1],si64>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_198 = torch.constant.int 6
    %118 = torch.prims.convert_element_type %117, %int6_198 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %119 = torch.aten.matmul %116, %118 : !torch.vtensor<[8,64,1],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,64,1],f32>
    %int1_199 = torch.constant.int 1
    %int2_200 = torch.constant.int 2
    %120 = torch.aten.transpose.int %119, %int1_199, %int2_200 : !torch.vtensor<[8,64,1],f32>, !torch.int, !torch.int -> !torch.vtensor<[8,1,64],f32>
    %121 = torch.aten.cos %120 : !torch.vtensor<[8,1,64],f32> -> !torch.vtensor<[8,1,64],f32>
    %122 = torch.aten.mul.Tensor %121, %112 : !torch.vtensor<[8,1,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[8,1,64],f32>
    %none_201 = torch.constant.none
    %none_202 = torch.constant.none
    %int6_203 = torch.constant.int 6
    %cpu_204 = torch.constant.device "cpu"
    %int0_205 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %122, %none_201, %none_202, %int6_203, %cpu_204, %int0_205 : !torch.vtensor<[8,1,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_206 = torch.constant.int 5
    %123 = torch.prims.convert_element_type %122, %int5_206 : !torch.vtensor<[8,1,64],f32>, !torch.int -> !torch.vtensor<[8,1,64],f16>
    %124 = torch.aten.sin %120 : !torch.vtensor<[8,1,64],f32> -> !torch.vtensor<[8,1,64],f32>
    %125 = torch.aten.mul.Tensor %124, %112 : !torch.vtensor<[8,1,64],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[8,1,64],f32>
    %none_207 = torch.constant.none
    %none_208 = torch.constant.none
    %int6_209 = torch.constant.int 6
    %cpu_210 = torch.constant.device "cpu"
    %int0_211 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %125, %none_207, %none_208, %int6_209, %cpu_210, %int0_211 : !torch.vtensor<[8,1,64],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_212 = torch.constant.int 5
    %126 = torch.prims.convert_element_type %125, %int5_212 : !torch.vtensor<[8,1,64],f32>, !torch.int -> !torch.vtensor<[8,1,64],f16>
    %int2_213 = torch.constant.int 2
    %127 = torch.aten.unsqueeze %123, %int2_213 : !torch.vtensor<[8,1,64],f16>, !torch.int -> !torch.vtensor<[8,1,1,64],f16>
    %int2_214 = torch.constant.int 2
    %128 = torch.aten.unsqueeze %126, %int2_214 : !torch.vtensor<[8,1,64],f16>, !torch.int -> !torch.vtensor<[8,1,1,64],f16>
    %none_215 = torch.constant.none
    %none_216 = torch.constant.none
    %int5_217 = torch.constant.int 5
    %cpu_218 = torch.constant.device "cpu"
    %int0_219 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %127, %none_215, %none_216, %int5_217, %cpu_218, %int0_219 : !torch.vtensor<[8,1,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_220 = torch.constant.none
    %none_221 = torch.constant.none
    %int5_222 = torch.constant.int 5
    %cpu_223 = torch.constant.device "cpu"
    %int0_224 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %128, %none_220, %none_221, %int5_222, %cpu_223, %int0_224 : !torch.vtensor<[8,1,1,64],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_225 = torch.constant.none
    %none_226 = torch.constant.none
    %int5_227 = torch.constant.int 5
    %cpu_228 = torch.constant.device "cpu"
    %int0_229 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %58, %none_225, %none_226, %int5_227, %cpu_228, %int0_229 : !torch.vtensor<[8,1,8,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int3_230 = torch.constant.int 3
    %int0_231 = torch.constant.int 0
    %int64_232 = torch.constant.int 64
    %int1_233 = torch.constant.int 1
    %129 = torch.aten.slice.Tensor %58, %int3_230, %int0_231, %int64_232, %int1_233 : !torch.vtensor<[8,1,8,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,1,8,64],f16>
    %int3_234 = torch.constant.int 3
    %int64_235 = torch.constant.int 64
    %int9223372036854775807_236 = torch.constant.int 9223372036854775807
    %int1_237 = torch.constant.int 1
    %130 = torch.aten.slice.Tensor %58, %int3_234, %int64_235, %int9223372036854775807_236, %int1_237 : !torch.vtensor<[8,1,8,128],f16>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,1,8,64],f16>
    %131 = torch.aten.mul.Tensor %129, %127 : !torch.vtensor<[8,1,8,64],f16>, !torch.vtensor<[8,1,1,64],f16> -> !torch.vtensor<[8,1,8,64],f16>
    %132 = torch.aten.mul.Tensor %130, %128 : !torch.vtensor<[8,1,8,64],f16>, !torch.vtensor<[8,1,1,64],f16> -> !torch.vtensor<[8,1,8,64],f16>
    %int1_238 = torch.constant.int 1
    %133 = torch.aten.sub.Tensor %131, %132, %int1_238 : !torch.vtensor<[8,1,8,64],f16>, !torch.vtensor<[8,1,8,64],f16>, !torch.int -> !torch.vtensor<[8,1,8,64],f16>
    %134 = torch.aten.mul.Tensor %130, %127 : !torch.vtensor<[8,1,8,64],f16>, !torch.vtensor<[8,1,1,64],f16> -> !torch.vtensor<[8,1,8,64],f16>
    %135 = torch.aten.mul.Tensor %129, %128 : !torch.vtensor<[8,1,8,64],f16>, !torch.vtensor<[8,1,1,64],f16> -> !torch.vtensor<[8,1,8,64],f16>
    %int1_239 = torch.constant.int 1
    %136 = torch.aten.add.Tensor %134, %135, %int1_239 : !torch.vtensor<[8,1,8,64],f16>, !torch.vtensor<[8,1,8,64],f16>, !torch.int -> !torch.vtensor<[8,1,8,64],f16>
    %137 = torch_c.to_builtin_tensor %133 : !torch.vtensor<[8,1,8,64],f16> -> tensor<8x1x8x64xf16>
    %cast_240 = tensor.cast %137 : tensor<8x1x8x64xf16> to tensor<?x?x?x?xf16>
    %138 = torch_c.to_builtin_tensor %136 : !torch.vtensor<[8,1,8,64],f16> -> tensor<8x1x8x64xf16>
    %cast_241 = tensor.cast %138 : tensor<8x1x8x64xf16> to tensor<?x?x?x?xf16>
    %139 = util.call @rope_select_concat_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_HALFDIM_f16_BS_SL_HEADS_TWO_2_HALFDIM_f16(%cast_240, %cast_241) : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x2x?xf16>
    %cast_242 = tensor.cast %139 : tensor<?x?x?x2x?xf16> to tensor<8x1x8x2x64xf16>
    %140 = torch_c.from_builtin_tensor %cast_242 : tensor<8x1x8x2x64xf16> -> !torch.vtensor<[8,1,8,2,64],f16>
    %int8_243 = torch.constant.int 8
    %int1_244 = torch.constant.int 1
    %int8_245 = torch.constant.int 8
    %int128_246 = torch.constant.int 128
    %141 = torch.prim.ListConstruct %int8_243, %int1_244, %int8_245, %int128_246 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %142 = torch.aten.view %140, %141 : !torch.vtensor<[8,1,8,2,64],f16>, !torch.list<int> -> !torch.vtensor<[8,1,8,128],f16>
    %none_247 = torch.constant.none
    %none_248 = torch.constant.none
    %int5_249 = torch.constant.int 5
    %cpu_250 = torch.constant.device "cpu"
    %int0_251 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %142, %none_247, %none_248, %int5_249, %cpu_250, %int0_251 : !torch.vtensor<[8,1,8,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_252 = torch.constant.int 1
    %int2_253 = torch.constant.int 2
    %int8_254 = torch.constant.int 8
    %int32_255 = torch.constant.int 32
    %int128_256 = torch.constant.int 128
    %143 = torch.prim.ListConstruct %25, %int1_252, %int2_253, %int8_254, %int32_255, %int128_256 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %144 = torch.aten.view %21, %143 : !torch.vtensor<[?,65536],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %144, [%23], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int2_257 = torch.constant.int 2
    %145 = torch.aten.mul.int %25, %int2_257 : !torch.int, !torch.int -> !torch.int
    %int8_258 = torch.constant.int 8
    %146 = torch.aten.mul.int %145, %int8_258 : !torch.int, !torch.int -> !torch.int
    %int32_259 = torch.constant.int 32
    %147 = torch.aten.mul.int %146, %int32_259 : !torch.int, !torch.int -> !torch.int
    %int128_260 = torch.constant.int 128
    %148 = torch.prim.ListConstruct %147, %int128_260 : (!torch.int, !torch.int) -> !torch.list<int>
    %149 = torch.aten.view %144, %148 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,128],f16>
    torch.bind_symbolic_shape %149, [%23], affine_map<()[s0] -> (s0 * 512, 128)> : !torch.vtensor<[?,128],f16>
    %int32_261 = torch.constant.int 32
    %150 = torch.aten.floor_divide.Scalar %arg2, %int32_261 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8],si64>
    %int1_262 = torch.constant.int 1
    %151 = torch.aten.unsqueeze %150, %int1_262 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %int1_263 = torch.constant.int 1
    %false_264 = torch.constant.bool false
    %152 = torch.aten.gather %arg3, %int1_263, %151, %false_264 : !torch.vtensor<[8,?],si64>, !torch.int, !torch.vtensor<[8,1],si64>, !torch.bool -> !torch.vtensor<[8,1],si64>
    %int8_265 = torch.constant.int 8
    %int1_266 = torch.constant.int 1
    %int1_267 = torch.constant.int 1
    %153 = torch.prim.ListConstruct %int8_265, %int1_266, %int1_267 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %154 = torch.aten.view %152, %153 : !torch.vtensor<[8,1],si64>, !torch.list<int> -> !torch.vtensor<[8,1,1],si64>
    %int32_268 = torch.constant.int 32
    %155 = torch.aten.remainder.Scalar %arg2, %int32_268 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8],si64>
    %int8_269 = torch.constant.int 8
    %int1_270 = torch.constant.int 1
    %int1_271 = torch.constant.int 1
    %156 = torch.prim.ListConstruct %int8_269, %int1_270, %int1_271 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %157 = torch.aten.view %155, %156 : !torch.vtensor<[8],si64>, !torch.list<int> -> !torch.vtensor<[8,1,1],si64>
    %int8_272 = torch.constant.int 8
    %none_273 = torch.constant.none
    %none_274 = torch.constant.none
    %cpu_275 = torch.constant.device "cpu"
    %false_276 = torch.constant.bool false
    %158 = torch.aten.arange %int8_272, %none_273, %none_274, %cpu_275, %false_276 : !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[8],si64>
    %int1_277 = torch.constant.int 1
    %int1_278 = torch.constant.int 1
    %int8_279 = torch.constant.int 8
    %159 = torch.prim.ListConstruct %int1_277, %int1_278, %int8_279 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %160 = torch.aten.view %158, %159 : !torch.vtensor<[8],si64>, !torch.list<int> -> !torch.vtensor<[1,1,8],si64>
    %none_280 = torch.constant.none
    %161 = torch.aten.clone %3, %none_280 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %int1_281 = torch.constant.int 1
    %int1_282 = torch.constant.int 1
    %int1_283 = torch.constant.int 1
    %162 = torch.prim.ListConstruct %int1_281, %int1_282, %int1_283 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %163 = torch.aten.view %161, %162 : !torch.vtensor<[],si64>, !torch.list<int> -> !torch.vtensor<[1,1,1],si64>
    %int1_284 = torch.constant.int 1
    %164 = torch.aten.mul.Scalar %154, %int1_284 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int0_285 = torch.constant.int 0
    %int1_286 = torch.constant.int 1
    %165 = torch.aten.add.Scalar %164, %int0_285, %int1_286 : !torch.vtensor<[8,1,1],si64>, !torch.int, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int2_287 = torch.constant.int 2
    %166 = torch.aten.mul.Scalar %165, %int2_287 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int1_288 = torch.constant.int 1
    %167 = torch.aten.add.Tensor %166, %163, %int1_288 : !torch.vtensor<[8,1,1],si64>, !torch.vtensor<[1,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int8_289 = torch.constant.int 8
    %168 = torch.aten.mul.Scalar %167, %int8_289 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int1_290 = torch.constant.int 1
    %169 = torch.aten.add.Tensor %168, %160, %int1_290 : !torch.vtensor<[8,1,1],si64>, !torch.vtensor<[1,1,8],si64>, !torch.int -> !torch.vtensor<[8,1,8],si64>
    %int32_291 = torch.constant.int 32
    %170 = torch.aten.mul.Scalar %169, %int32_291 : !torch.vtensor<[8,1,8],si64>, !torch.int -> !torch.vtensor<[8,1,8],si64>
    %int1_292 = torch.constant.int 1
    %171 = torch.aten.add.Tensor %170, %157, %int1_292 : !torch.vtensor<[8,1,8],si64>, !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,8],si64>
    %none_293 = torch.constant.none
    %none_294 = torch.constant.none
    %int5_295 = torch.constant.int 5
    %cpu_296 = torch.constant.device "cpu"
    %int0_297 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %142, %none_293, %none_294, %int5_295, %cpu_296, %int0_297 : !torch.vtensor<[8,1,8,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %172 = torch.prim.ListConstruct %171 : (!torch.vtensor<[8,1,8],si64>) -> !torch.list<optional<vtensor>>
    %false_298 = torch.constant.bool false
    %173 = torch.aten.index_put %149, %172, %142, %false_298 : !torch.vtensor<[?,128],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[8,1,8,128],f16>, !torch.bool -> !torch.vtensor<[?,128],f16>
    torch.bind_symbolic_shape %173, [%23], affine_map<()[s0] -> (s0 * 512, 128)> : !torch.vtensor<[?,128],f16>
    %int1_299 = torch.constant.int 1
    %int2_300 = torch.constant.int 2
    %int8_301 = torch.constant.int 8
    %int32_302 = torch.constant.int 32
    %int128_303 = torch.constant.int 128
    %174 = torch.prim.ListConstruct %25, %int1_299, %int2_300, %int8_301, %int32_302, %int128_303 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %175 = torch.aten.view %173, %174 : !torch.vtensor<[?,128],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %175, [%23], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int65536 = torch.constant.int 65536
    %176 = torch.prim.ListConstruct %25, %int65536 : (!torch.int, !torch.int) -> !torch.list<int>
    %177 = torch.aten.view %175, %176 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,65536],f16>
    torch.bind_symbolic_shape %177, [%23], affine_map<()[s0] -> (s0, 65536)> : !torch.vtensor<[?,65536],f16>
    %int1_304 = torch.constant.int 1
    %int2_305 = torch.constant.int 2
    %int8_306 = torch.constant.int 8
    %int32_307 = torch.constant.int 32
    %int128_308 = torch.constant.int 128
    %178 = torch.prim.ListConstruct %25, %int1_304, %int2_305, %int8_306, %int32_307, %int128_308 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %179 = torch.aten.view %177, %178 : !torch.vtensor<[?,65536],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %179, [%23], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int128_309 = torch.constant.int 128
    %180 = torch.prim.ListConstruct %147, %int128_309 : (!torch.int, !torch.int) -> !torch.list<int>
    %181 = torch.aten.view %179, %180 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,128],f16>
    torch.bind_symbolic_shape %181, [%23], affine_map<()[s0] -> (s0 * 512, 128)> : !torch.vtensor<[?,128],f16>
    %none_310 = torch.constant.none
    %182 = torch.aten.clone %4, %none_310 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %int1_311 = torch.constant.int 1
    %int1_312 = torch.constant.int 1
    %int1_313 = torch.constant.int 1
    %183 = torch.prim.ListConstruct %int1_311, %int1_312, %int1_313 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %184 = torch.aten.view %182, %183 : !torch.vtensor<[],si64>, !torch.list<int> -> !torch.vtensor<[1,1,1],si64>
    %int1_314 = torch.constant.int 1
    %185 = torch.aten.mul.Scalar %154, %int1_314 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int0_315 = torch.constant.int 0
    %int1_316 = torch.constant.int 1
    %186 = torch.aten.add.Scalar %185, %int0_315, %int1_316 : !torch.vtensor<[8,1,1],si64>, !torch.int, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int2_317 = torch.constant.int 2
    %187 = torch.aten.mul.Scalar %186, %int2_317 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int1_318 = torch.constant.int 1
    %188 = torch.aten.add.Tensor %187, %184, %int1_318 : !torch.vtensor<[8,1,1],si64>, !torch.vtensor<[1,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int8_319 = torch.constant.int 8
    %189 = torch.aten.mul.Scalar %188, %int8_319 : !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,1],si64>
    %int1_320 = torch.constant.int 1
    %190 = torch.aten.add.Tensor %189, %160, %int1_320 : !torch.vtensor<[8,1,1],si64>, !torch.vtensor<[1,1,8],si64>, !torch.int -> !torch.vtensor<[8,1,8],si64>
    %int32_321 = torch.constant.int 32
    %191 = torch.aten.mul.Scalar %190, %int32_321 : !torch.vtensor<[8,1,8],si64>, !torch.int -> !torch.vtensor<[8,1,8],si64>
    %int1_322 = torch.constant.int 1
    %192 = torch.aten.add.Tensor %191, %157, %int1_322 : !torch.vtensor<[8,1,8],si64>, !torch.vtensor<[8,1,1],si64>, !torch.int -> !torch.vtensor<[8,1,8],si64>
    %none_323 = torch.constant.none
    %none_324 = torch.constant.none
    %int5_325 = torch.constant.int 5
    %cpu_326 = torch.constant.device "cpu"
    %int0_327 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %60, %none_323, %none_324, %int5_325, %cpu_326, %int0_327 : !torch.vtensor<[8,1,8,128],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %193 = torch.prim.ListConstruct %192 : (!torch.vtensor<[8,1,8],si64>) -> !torch.list<optional<vtensor>>
    %false_328 = torch.constant.bool false
    %194 = torch.aten.index_put %181, %193, %60, %false_328 : !torch.vtensor<[?,128],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[8,1,8,128],f16>, !torch.bool -> !torch.vtensor<[?,128],f16>
    torch.bind_symbolic_shape %194, [%23], affine_map<()[s0] -> (s0 * 512, 128)> : !torch.vtensor<[?,128],f16>
    %int1_329 = torch.constant.int 1
    %int2_330 = torch.constant.int 2
    %int8_331 = torch.constant.int 8
    %int32_332 = torch.constant.int 32
    %int128_333 = torch.constant.int 128
    %195 = torch.prim.ListConstruct %25, %int1_329, %int2_330, %int8_331, %int32_332, %int128_333 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %196 = torch.aten.view %194, %195 : !torch.vtensor<[?,128],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %196, [%23], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %int65536_334 = torch.constant.int 65536
    %197 = torch.prim.ListConstruct %25, %int65536_334 : (!torch.int, !torch.int) -> !torch.list<int>
    %198 = torch.aten.view %196, %197 : !torch.vtensor<[?,1,2,8,32,128],f16>, !torch.list<int> -> !torch.vtensor<[?,65536],f16>
    torch.overwrite.tensor.contents %198 overwrites %arg4 : !torch.vtensor<[?,65536],f16>, !torch.tensor<[?,65536],f16>
    torch.bind_symbolic_shape %198, [%23], affine_map<()[s0] -> (s0, 65536)> : !torch.vtensor<[?,65536],f16>
    %none_335 = torch.constant.none
    %199 = torch.aten.clone %5, %none_335 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %none_336 = torch.constant.none
    %200 = torch.aten.clone %6, %none_336 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %none_337 = torch.constant.none
    %201 = torch.aten.clone %7, %none_337 : !torch.vtensor<[],si64>, !torch.none -> !torch.vtensor<[],si64>
    %int1_338 = torch.constant.int 1
    %int2_339 = torch.constant.int 2
    %int8_340 = torch.constant.int 8
    %int32_341 = torch.constant.int 32
    %int128_342 = torch.constant.int 128
    %202 = torch.prim.ListConstruct %25, %int1_338, %int2_339, %int8_340, %int32_341, %int128_342 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %203 = torch.aten.view %198, %202 : !torch.vtensor<[?,65536],f16>, !torch.list<int> -> !torch.vtensor<[?,1,2,8,32,128],f16>
    torch.bind_symbolic_shape %203, [%23], affine_map<()[s0] -> (s0, 1, 2, 8, 32, 128)> : !torch.vtensor<[?,1,2,8,32,128],f16>
    %204 = torch_c.to_builtin_tensor %203 : !torch.vtensor<[?,1,2,8,32,128],f16> -> tensor<?x1x2x8x32x128xf16>
    %205 = torch_c.to_builtin_tensor %arg3 : !torch.vtensor<[8,?],si64> -> tensor<8x?xi64>
    %cast_343 = tensor.cast %205 : tensor<8x?xi64> to tensor<?x?xi64>
    %206 = torch_c.to_builtin_tensor %199 : !torch.vtensor<[],si64> -> tensor<i64>
    %207 = torch_c.to_builtin_tensor %200 : !torch.vtensor<[],si64> -> tensor<i64>
    %208 = util.call @paged_attention_kv_cache_gather_CACHE_SIZE_T_BLOCK_1_PART_2_HEAD_COUNT_KV_8_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_128_f16_BATCH_PAGES_i64__i64__i64_BATCH_PAGES_HEAD_COUNT_KV_8_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_128_f16(%204, %cast_343, %206, %207) : (tensor<?x1x2x8x32x128xf16>, tensor<?x?xi64>, tensor<i64>, tensor<i64>) -> tensor<?x?x8x32x128xf16>
    %cast_344 = tensor.cast %208 : tensor<?x?x8x32x128xf16> to tensor<8x?x8x32x128xf16>
    %209 = torch_c.from_builtin_tensor %cast_344 : tensor<8x?x8x32x128xf16> -> !torch.vtensor<[8,?,8,32,128],f16>
    torch.bind_symbolic_shape %209, [%22], affine_map<()[s0] -> (8, s0, 8, 32, 128)> : !torch.vtensor<[8,?,8,32,128],f16>
    %210 = torch_c.to_builtin_tensor %203 : !torch.vtensor<[?,1,2,8,32,128],f16> -> tensor<?x1x2x8x32x128xf16>
    %211 = torch_c.to_builtin_tensor %arg3 : !torch.vtensor<[8,?],si64> -> tensor<8x?xi64>
    %cast_345 = tensor.cast %211 : tensor<8x?xi64> to tensor<?x?xi64>
    %212 = torch_c.to_builtin_tensor %199 : !torch.vtensor<[],si64> -> tensor<i64>
    %213 = torch_c.to_builtin_tensor %201 : !torch.vtensor<[],si64> -> tensor<i64>
    %214 = util.call @paged_attention_kv_cache_gather_CACHE_SIZE_T_BLOCK_1_PART_2_HEAD_COUNT_KV_8_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_128_f16_BATCH_PAGES_i64__i64__i64_BATCH_PAGES_HEAD_COUNT_KV_8_BLOCK_SEQ_STRIDE_32_ATTN_HEAD_DIM_128_f16(%210, %cast_345, %212, %213) : (tensor<?x1x2x8x32x128xf16>, tensor<?x?xi64>, tensor<i64>, tensor<i64>) -> tensor<?x?x8x32x128xf16>
    %cast_346 = tensor.cast %214 : tensor<?x?x8x32x128xf16> to tensor<8x?x8x32x128xf16>
    %215 = torch_c.from_builtin_tensor %cast_346 : tensor<8x?x8x32x128xf16> -> !torch.vtensor<[8,?,8,32,128],f16>
    torch.bind_symbolic_shape %215, [%22], affine_map<()[s0] -> (8, s0, 8, 32, 128)> : !torch.vtensor<[8,?,8,32,128],f16>
    %int2_347 = torch.constant.int 2
    %int3_348 = torch.constant.int 3
    %216 = torch.aten.transpose.int %209, %int2_347, %int3_348 : !torch.vtensor<[8,?,8,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,?,32,8,128],f16>
    torch.bind_symbolic_shape %216, [%22], affine_map<()[s0] -> (8, s0, 32, 8, 128)> : !torch.vtensor<[8,?,32,8,128],f16>
    %int32_349 = torch.constant.int 32
    %217 = torch.aten.mul.int %24, %int32_349 : !torch.int, !torch.int -> !torch.int
    %int0_350 = torch.constant.int 0
    %218 = torch.aten.clone %216, %int0_350 : !torch.vtensor<[8,?,32,8,128],f16>, !torch.int -> !torch.vtensor<[8,?,32,8,128],f16>
    torch.bind_symbolic_shape %218, [%22], affine_map<()[s0] -> (8, s0, 32, 8, 128)> : !torch.vtensor<[8,?,32,8,128],f16>
    %int8_351 = torch.constant.int 8
    %int8_352 = torch.constant.int 8
    %int128_353 = torch.constant.int 128
    %219 = torch.prim.ListConstruct %int8_351, %217, %int8_352, %int128_353 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %220 = torch.aten._unsafe_view %218, %219 : !torch.vtensor<[8,?,32,8,128],f16>, !torch.list<int> -> !torch.vtensor<[8,?,8,128],f16>
    torch.bind_symbolic_shape %220, [%22], affine_map<()[s0] -> (8, s0 * 32, 8, 128)> : !torch.vtensor<[8,?,8,128],f16>
    %int2_354 = torch.constant.int 2
    %int3_355 = torch.constant.int 3
    %221 = torch.aten.transpose.int %215, %int2_354, %int3_355 : !torch.vtensor<[8,?,8,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,?,32,8,128],f16>
    torch.bind_symbolic_shape %221, [%22], affine_map<()[s0] -> (8, s0, 32, 8, 128)> : !torch.vtensor<[8,?,32,8,128],f16>
    %int0_356 = torch.constant.int 0
    %222 = torch.aten.clone %221, %int0_356 : !torch.vtensor<[8,?,32,8,128],f16>, !torch.int -> !torch.vtensor<[8,?,32,8,128],f16>
    torch.bind_symbolic_shape %222, [%22], affine_map<()[s0] -> (8, s0, 32, 8, 128)> : !torch.vtensor<[8,?,32,8,128],f16>
    %int8_357 = torch.constant.int 8
    %int8_358 = torch.constant.int 8
    %int128_359 = torch.constant.int 128
    %223 = torch.prim.ListConstruct %int8_357, %217, %int8_358, %int128_359 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %224 = torch.aten._unsafe_view %222, %223 : !torch.vtensor<[8,?,32,8,128],f16>, !torch.list<int> -> !torch.vtensor<[8,?,8,128],f16>
    torch.bind_symbolic_shape %224, [%22], affine_map<()[s0] -> (8, s0 * 32, 8, 128)> : !torch.vtensor<[8,?,8,128],f16>
    %int0_360 = torch.constant.int 0
    %int1_361 = torch.constant.int 1
    %none_362 = torch.constant.none
    %none_363 = torch.constant.none
    %cpu_364 = torch.constant.device "cpu"
    %false_365 = torch.constant.bool false
    %225 = torch.aten.arange.start_step %int0_360, %217, %int1_361, %none_362, %none_363, %cpu_364, %false_365 : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
    torch.bind_symbolic_shape %225, [%22], affine_map<()[s0] -> (s0 * 32)> : !torch.vtensor<[?],si64>
    %int-1_366 = torch.constant.int -1
    %226 = torch.aten.unsqueeze %arg1, %int-1_366 : !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8,1],si64>
    %227 = torch.aten.ge.Tensor %225, %226 : !torch.vtensor<[?],si64>, !torch.vtensor<[8,1],si64> -> !torch.vtensor<[8,?],i1>
    torch.bind_symbolic_shape %227, [%22], affine_map<()[s0] -> (8, s0 * 32)> : !torch.vtensor<[8,?],i1>
    %none_367 = torch.constant.none
    %228 = torch.aten.clone %8, %none_367 : !torch.vtensor<[],f16>, !torch.none -> !torch.vtensor<[],f16>
    %int0_368 = torch.constant.int 0
    %229 = torch.aten.where.ScalarOther %227, %228, %int0_368 : !torch.vtensor<[8,?],i1>, !torch.vtensor<[],f16>, !torch.int -> !torch.vtensor<[8,?],f16>
    torch.bind_symbolic_shape %229, [%22], affine_map<()[s0] -> (8, s0 * 32)> : !torch.vtensor<[8,?],f16>
    %none_369 = torch.constant.none
    %none_370 = torch.constant.none
    %int5_371 = torch.constant.int 5
    %cpu_372 = torch.constant.device "cpu"
    %int0_373 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %229, %none_369, %none_370, %int5_371, %cpu_372, %int0_373 : !torch.vtensor<[8,?],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_374 = torch.constant.int 1
    %230 = torch.aten.unsqueeze %229, %int1_374 : !torch.vtensor<[8,?],f16>, !torch.int -> !torch.vtensor<[8,1,?],f16>
    torch.bind_symbolic_shape %230, [%22], affine_map<()[s0] -> (8, 1, s0 * 32)> : !torch.vtensor<[8,1,?],f16>
    %int1_375 = torch.constant.int 1
    %231 = torch.aten.unsqueeze %230, %int1_375 : !torch.vtensor<[8,1,?],f16>, !torch.int -> !torch.vtensor<[8,1,1,?],f16>
    torch.bind_symbolic_shape %231, [%22], affine_map<()[s0] -> (8, 1, 1, s0 * 32)> : !torch.vtensor<[8,1,1,?],f16>
    %none_376 = torch.constant.none
    %none_377 = torch.constant.none
    %int5_378 = torch.constant.int 5
    %cpu_379 = torch.constant.device "cpu"
    %int0_380 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %231, %none_376, %none_377, %int5_378, %cpu_379, %int0_380 : !torch.vtensor<[8,1,1,?],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int-2_381 = torch.constant.int -2
    %232 = torch.aten.unsqueeze %220, %int-2_381 : !torch.vtensor<[8,?,8,128],f16>, !torch.int -> !torch.vtensor<[8,?,8,1,128],f16>
    torch.bind_symbolic_shape %232, [%22], affine_map<()[s0] -> (8, s0 * 32, 8, 1, 128)> : !torch.vtensor<[8,?,8,1,128],f16>
    %int8_382 = torch.constant.int 8
    %int8_383 = torch.constant.int 8
    %int4_384 = torch.constant.int 4
    %int128_385 = torch.constant.int 128
    %233 = torch.prim.ListConstruct %int8_382, %217, %int8_383, %int4_384, %int128_385 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_386 = torch.constant.bool false
    %234 = torch.aten.expand %232, %233, %false_386 : !torch.vtensor<[8,?,8,1,128],f16>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,?,8,4,128],f16>
    torch.bind_symbolic_shape %234, [%22], affine_map<()[s0] -> (8, s0 * 32, 8, 4, 128)> : !torch.vtensor<[8,?,8,4,128],f16>
    %int0_387 = torch.constant.int 0
    %235 = torch.aten.clone %234, %int0_387 : !torch.vtensor<[8,?,8,4,128],f16>, !torch.int -> !torch.vtensor<[8,?,8,4,128],f16>
    torch.bind_symbolic_shape %235, [%22], affine_map<()[s0] -> (8, s0 * 32, 8, 4, 128)> : !torch.vtensor<[8,?,8,4,128],f16>
    %int8_388 = torch.constant.int 8
    %int32_389 = torch.constant.int 32
    %int128_390 = torch.constant.int 128
    %236 = torch.prim.ListConstruct %int8_388, %217, %int32_389, %int128_390 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %237 = torch.aten._unsafe_view %235, %236 : !torch.vtensor<[8,?,8,4,128],f16>, !torch.list<int> -> !torch.vtensor<[8,?,32,128],f16>
    torch.bind_symbolic_shape %237, [%22], affine_map<()[s0] -> (8, s0 * 32, 32, 128)> : !torch.vtensor<[8,?,32,128],f16>
    %int-2_391 = torch.constant.int -2
    %238 = torch.aten.unsqueeze %224, %int-2_391 : !torch.vtensor<[8,?,8,128],f16>, !torch.int -> !torch.vtensor<[8,?,8,1,128],f16>
    torch.bind_symbolic_shape %238, [%22], affine_map<()[s0] -> (8, s0 * 32, 8, 1, 128)> : !torch.vtensor<[8,?,8,1,128],f16>
    %int8_392 = torch.constant.int 8
    %int8_393 = torch.constant.int 8
    %int4_394 = torch.constant.int 4
    %int128_395 = torch.constant.int 128
    %239 = torch.prim.ListConstruct %int8_392, %217, %int8_393, %int4_394, %int128_395 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %false_396 = torch.constant.bool false
    %240 = torch.aten.expand %238, %239, %false_396 : !torch.vtensor<[8,?,8,1,128],f16>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,?,8,4,128],f16>
    torch.bind_symbolic_shape %240, [%22], affine_map<()[s0] -> (8, s0 * 32, 8, 4, 128)> : !torch.vtensor<[8,?,8,4,128],f16>
    %int0_397 = torch.constant.int 0
    %241 = torch.aten.clone %240, %int0_397 : !torch.vtensor<[8,?,8,4,128],f16>, !torch.int -> !torch.vtensor<[8,?,8,4,128],f16>
    torch.bind_symbolic_shape %241, [%22], affine_map<()[s0] -> (8, s0 * 32, 8, 4, 128)> : !torch.vtensor<[8,?,8,4,128],f16>
    %int8_398 = torch.constant.int 8
    %int32_399 = torch.constant.int 32
    %int128_400 = torch.constant.int 128
    %242 = torch.prim.ListConstruct %int8_398, %217, %int32_399, %int128_400 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %243 = torch.aten._unsafe_view %241, %242 : !torch.vtensor<[8,?,8,4,128],f16>, !torch.list<int> -> !torch.vtensor<[8,?,32,128],f16>
    torch.bind_symbolic_shape %243, [%22], affine_map<()[s0] -> (8, s0 * 32, 32, 128)> : !torch.vtensor<[8,?,32,128],f16>
    %int1_401 = torch.constant.int 1
    %int2_402 = torch.constant.int 2
    %244 = torch.aten.transpose.int %101, %int1_401, %int2_402 : !torch.vtensor<[8,1,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,32,1,128],f16>
    %int1_403 = torch.constant.int 1
    %int2_404 = torch.constant.int 2
    %245 = torch.aten.transpose.int %237, %int1_403, %int2_404 : !torch.vtensor<[8,?,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,32,?,128],f16>
    torch.bind_symbolic_shape %245, [%22], affine_map<()[s0] -> (8, 32, s0 * 32, 128)> : !torch.vtensor<[8,32,?,128],f16>
    %int1_405 = torch.constant.int 1
    %int2_406 = torch.constant.int 2
    %246 = torch.aten.transpose.int %243, %int1_405, %int2_406 : !torch.vtensor<[8,?,32,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,32,?,128],f16>
    torch.bind_symbolic_shape %246, [%22], affine_map<()[s0] -> (8, 32, s0 * 32, 128)> : !torch.vtensor<[8,32,?,128],f16>
    %float0.000000e00 = torch.constant.float 0.000000e+00
    %false_407 = torch.constant.bool false
    %none_408 = torch.constant.none
    %false_409 = torch.constant.bool false
    %247 = torch.aten.scaled_dot_product_attention %244, %245, %246, %231, %float0.000000e00, %false_407, %none_408, %false_409 : !torch.vtensor<[8,32,1,128],f16>, !torch.vtensor<[8,32,?,128],f16>, !torch.vtensor<[8,32,?,128],f16>, !torch.vtensor<[8,1,1,?],f16>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[8,32,1,128],f16>
    %int1_410 = torch.constant.int 1
    %int2_411 = torch.constant.int 2
    %248 = torch.aten.transpose.int %247, %int1_410, %int2_411 : !torch.vtensor<[8,32,1,128],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,1,32,128],f16>
    %int8_412 = torch.constant.int 8
    %int1_413 = torch.constant.int 1
    %int4096_414 = torch.constant.int 4096
    %249 = torch.prim.ListConstruct %int8_412, %int1_413, %int4096_414 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %250 = torch.aten.view %248, %249 : !torch.vtensor<[8,1,32,128],f16>, !torch.list<int> -> !torch.vtensor<[8,1,4096],f16>
    %int-2_415 = torch.constant.int -2
    %int-1_416 = torch.constant.int -1
    %251 = torch.aten.transpose.int %13, %int-2_415, %int-1_416 : !torch.vtensor<[4096,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,4096],f16>
    %none_417 = torch.constant.none
    %none_418 = torch.constant.none
    %int5_419 = torch.constant.int 5
    %cpu_420 = torch.constant.device "cpu"
    %int0_421 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %251, %none_417, %none_418, %int5_419, %cpu_420, %int0_421 : !torch.vtensor<[4096,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8_422 = torch.constant.int 8
    %int4096_423 = torch.constant.int 4096
    %252 = torch.prim.ListConstruct %int8_422, %int4096_423 : (!torch.int, !torch.int) -> !torch.list<int>
    %253 = torch.aten.view %250, %252 : !torch.vtensor<[8,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,4096],f16>
    %254 = torch.aten.matmul %253, %251 : !torch.vtensor<[8,4096],f16>, !torch.vtensor<[4096,4096],f16> -> !torch.vtensor<[8,4096],f16>
    %int8_424 = torch.constant.int 8
    %int1_425 = torch.constant.int 1
    %int4096_426 = torch.constant.int 4096
    %255 = torch.prim.ListConstruct %int8_424, %int1_425, %int4096_426 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %256 = torch.aten.view %254, %255 : !torch.vtensor<[8,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,1,4096],f16>
    %none_427 = torch.constant.none
    %none_428 = torch.constant.none
    %int5_429 = torch.constant.int 5
    %cpu_430 = torch.constant.device "cpu"
    %int0_431 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %256, %none_427, %none_428, %int5_429, %cpu_430, %int0_431 : !torch.vtensor<[8,1,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int1_432 = torch.constant.int 1
    %257 = torch.aten.add.Tensor %26, %256, %int1_432 : !torch.vtensor<[8,1,4096],f16>, !torch.vtensor<[8,1,4096],f16>, !torch.int -> !torch.vtensor<[8,1,4096],f16>
    %none_433 = torch.constant.none
    %none_434 = torch.constant.none
    %int5_435 = torch.constant.int 5
    %cpu_436 = torch.constant.device "cpu"
    %int0_437 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %257, %none_433, %none_434, %int5_435, %cpu_436, %int0_437 : !torch.vtensor<[8,1,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_438 = torch.constant.int 6
    %258 = torch.prims.convert_element_type %257, %int6_438 : !torch.vtensor<[8,1,4096],f16>, !torch.int -> !torch.vtensor<[8,1,4096],f32>
    %int2_439 = torch.constant.int 2
    %259 = torch.aten.pow.Tensor_Scalar %258, %int2_439 : !torch.vtensor<[8,1,4096],f32>, !torch.int -> !torch.vtensor<[8,1,4096],f32>
    %int-1_440 = torch.constant.int -1
    %260 = torch.prim.ListConstruct %int-1_440 : (!torch.int) -> !torch.list<int>
    %true_441 = torch.constant.bool true
    %none_442 = torch.constant.none
    %261 = torch.aten.mean.dim %259, %260, %true_441, %none_442 : !torch.vtensor<[8,1,4096],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,1,1],f32>
    %float1.000000e-05_443 = torch.constant.float 1.000000e-05
    %int1_444 = torch.constant.int 1
    %262 = torch.aten.add.Scalar %261, %float1.000000e-05_443, %int1_444 : !torch.vtensor<[8,1,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %263 = torch.aten.rsqrt %262 : !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,1,1],f32>
    %264 = torch.aten.mul.Tensor %258, %263 : !torch.vtensor<[8,1,4096],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,1,4096],f32>
    %none_445 = torch.constant.none
    %none_446 = torch.constant.none
    %int6_447 = torch.constant.int 6
    %cpu_448 = torch.constant.device "cpu"
    %int0_449 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %264, %none_445, %none_446, %int6_447, %cpu_448, %int0_449 : !torch.vtensor<[8,1,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_450 = torch.constant.int 5
    %265 = torch.prims.convert_element_type %264, %int5_450 : !torch.vtensor<[8,1,4096],f32>, !torch.int -> !torch.vtensor<[8,1,4096],f16>
    %266 = torch.aten.mul.Tensor %14, %265 : !torch.vtensor<[4096],f32>, !torch.vtensor<[8,1,4096],f16> -> !torch.vtensor<[8,1,4096],f32>
    %none_451 = torch.constant.none
    %none_452 = torch.constant.none
    %int6_453 = torch.constant.int 6
    %cpu_454 = torch.constant.device "cpu"
    %int0_455 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %266, %none_451, %none_452, %int6_453, %cpu_454, %int0_455 : !torch.vtensor<[8,1,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_456 = torch.constant.int 5
    %267 = torch.prims.convert_element_type %266, %int5_456 : !torch.vtensor<[8,1,4096],f32>, !torch.int -> !torch.vtensor<[8,1,4096],f16>
    %int-1_457 = torch.constant.int -1
    %int4096_458 = torch.constant.int 4096
    %268 = torch.prim.ListConstruct %int-1_457, %int4096_458 : (!torch.int, !torch.int) -> !torch.list<int>
    %269 = torch.aten.view %267, %268 : !torch.vtensor<[8,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,4096],f16>
    %none_459 = torch.constant.none
    %none_460 = torch.constant.none
    %int6_461 = torch.constant.int 6
    %cpu_462 = torch.constant.device "cpu"
    %int0_463 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %15, %none_459, %none_460, %int6_461, %cpu_462, %int0_463 : !torch.vtensor<[8,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_464 = torch.constant.int 5
    %270 = torch.prims.convert_element_type %15, %int5_464 : !torch.vtensor<[8,4096],f32>, !torch.int -> !torch.vtensor<[8,4096],f16>
    %int-2_465 = torch.constant.int -2
    %int-1_466 = torch.constant.int -1
    %271 = torch.aten.transpose.int %270, %int-2_465, %int-1_466 : !torch.vtensor<[8,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,8],f16>
    %none_467 = torch.constant.none
    %none_468 = torch.constant.none
    %int5_469 = torch.constant.int 5
    %cpu_470 = torch.constant.device "cpu"
    %int0_471 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %271, %none_467, %none_468, %int5_469, %cpu_470, %int0_471 : !torch.vtensor<[4096,8],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %272 = torch.aten.matmul %269, %271 : !torch.vtensor<[8,4096],f16>, !torch.vtensor<[4096,8],f16> -> !torch.vtensor<[8,8],f16>
    %none_472 = torch.constant.none
    %none_473 = torch.constant.none
    %int5_474 = torch.constant.int 5
    %cpu_475 = torch.constant.device "cpu"
    %int0_476 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %272, %none_472, %none_473, %int5_474, %cpu_475, %int0_476 : !torch.vtensor<[8,8],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_477 = torch.constant.int 6
    %273 = torch.prims.convert_element_type %272, %int6_477 : !torch.vtensor<[8,8],f16>, !torch.int -> !torch.vtensor<[8,8],f32>
    %int1_478 = torch.constant.int 1
    %none_479 = torch.constant.none
    %274 = torch.aten.softmax.int %273, %int1_478, %none_479 : !torch.vtensor<[8,8],f32>, !torch.int, !torch.none -> !torch.vtensor<[8,8],f32>
    %int2_480 = torch.constant.int 2
    %int-1_481 = torch.constant.int -1
    %true_482 = torch.constant.bool true
    %true_483 = torch.constant.bool true
    %values, %indices = torch.aten.topk %274, %int2_480, %int-1_481, %true_482, %true_483 : !torch.vtensor<[8,8],f32>, !torch.int, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[8,2],f32>, !torch.vtensor<[8,2],si64>
    %none_484 = torch.constant.none
    %none_485 = torch.constant.none
    %int6_486 = torch.constant.int 6
    %cpu_487 = torch.constant.device "cpu"
    %int0_488 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %values, %none_484, %none_485, %int6_486, %cpu_487, %int0_488 : !torch.vtensor<[8,2],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_489 = torch.constant.int 5
    %275 = torch.prims.convert_element_type %values, %int5_489 : !torch.vtensor<[8,2],f32>, !torch.int -> !torch.vtensor<[8,2],f16>
    %int8_490 = torch.constant.int 8
    %int8_491 = torch.constant.int 8
    %276 = torch.prim.ListConstruct %int8_490, %int8_491 : (!torch.int, !torch.int) -> !torch.list<int>
    %none_492 = torch.constant.none
    %none_493 = torch.constant.none
    %cpu_494 = torch.constant.device "cpu"
    %false_495 = torch.constant.bool false
    %none_496 = torch.constant.none
    %277 = torch.aten.empty.memory_format %276, %none_492, %none_493, %cpu_494, %false_495, %none_496 : !torch.list<int>, !torch.none, !torch.none, !torch.Device, !torch.bool, !torch.none -> !torch.vtensor<[8,8],f32>
    %int5_497 = torch.constant.int 5
    %none_498 = torch.constant.none
    %none_499 = torch.constant.none
    %false_500 = torch.constant.bool false
    %int1_501 = torch.constant.int 1
    %278 = torch.aten.zeros_like %277, %int5_497, %none_498, %none_499, %false_500, %int1_501 : !torch.vtensor<[8,8],f32>, !torch.int, !torch.none, !torch.none, !torch.bool, !torch.int -> !torch.vtensor<[8,8],f16>
    %int1_502 = torch.constant.int 1
    %279 = torch.aten.scatter.src %278, %int1_502, %indices, %275 : !torch.vtensor<[8,8],f16>, !torch.int, !torch.vtensor<[8,2],si64>, !torch.vtensor<[8,2],f16> -> !torch.vtensor<[8,8],f16>
    %int8_503 = torch.constant.int 8
    %none_504 = torch.constant.none
    %none_505 = torch.constant.none
    %cpu_506 = torch.constant.device "cpu"
    %false_507 = torch.constant.bool false
    %280 = torch.aten.arange %int8_503, %none_504, %none_505, %cpu_506, %false_507 : !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[8],si64>
    %int1_508 = torch.constant.int 1
    %int-1_509 = torch.constant.int -1
    %281 = torch.prim.ListConstruct %int1_508, %int-1_509 : (!torch.int, !torch.int) -> !torch.list<int>
    %282 = torch.aten.view %280, %281 : !torch.vtensor<[8],si64>, !torch.list<int> -> !torch.vtensor<[1,8],si64>
    %int8_510 = torch.constant.int 8
    %int-1_511 = torch.constant.int -1
    %283 = torch.prim.ListConstruct %int8_510, %int-1_511 : (!torch.int, !torch.int) -> !torch.list<int>
    %false_512 = torch.constant.bool false
    %284 = torch.aten.expand %282, %283, %false_512 : !torch.vtensor<[1,8],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8,8],si64>
    %int0_513 = torch.constant.int 0
    %285 = torch.aten.clone %284, %int0_513 : !torch.vtensor<[8,8],si64>, !torch.int -> !torch.vtensor<[8,8],si64>
    %int64_514 = torch.constant.int 64
    %int1_515 = torch.constant.int 1
    %286 = torch.prim.ListConstruct %int64_514, %int1_515 : (!torch.int, !torch.int) -> !torch.list<int>
    %287 = torch.aten._unsafe_view %285, %286 : !torch.vtensor<[8,8],si64>, !torch.list<int> -> !torch.vtensor<[64,1],si64>
    %int-1_516 = torch.constant.int -1
    %int4096_517 = torch.constant.int 4096
    %288 = torch.prim.ListConstruct %int-1_516, %int4096_517 : (!torch.int, !torch.int) -> !torch.list<int>
    %false_518 = torch.constant.bool false
    %289 = torch.aten.expand %287, %288, %false_518 : !torch.vtensor<[64,1],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[64,4096],si64>
    %int0_519 = torch.constant.int 0
    %false_520 = torch.constant.bool false
    %290 = torch.aten.gather %269, %int0_519, %289, %false_520 : !torch.vtensor<[8,4096],f16>, !torch.int, !torch.vtensor<[64,4096],si64>, !torch.bool -> !torch.vtensor<[64,4096],f16>
    %int0_521 = torch.constant.int 0
    %int1_522 = torch.constant.int 1
    %291 = torch.aten.transpose.int %279, %int0_521, %int1_522 : !torch.vtensor<[8,8],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,8],f16>
    %int0_523 = torch.constant.int 0
    %292 = torch.aten.gt.Scalar %291, %int0_523 : !torch.vtensor<[8,8],f16>, !torch.int -> !torch.vtensor<[8,8],i1>
    %int0_524 = torch.constant.int 0
    %293 = torch.aten.clone %292, %int0_524 : !torch.vtensor<[8,8],i1>, !torch.int -> !torch.vtensor<[8,8],i1>
    %int64_525 = torch.constant.int 64
    %int1_526 = torch.constant.int 1
    %294 = torch.prim.ListConstruct %int64_525, %int1_526 : (!torch.int, !torch.int) -> !torch.list<int>
    %295 = torch.aten._unsafe_view %293, %294 : !torch.vtensor<[8,8],i1>, !torch.list<int> -> !torch.vtensor<[64,1],i1>
    %296 = torch.aten.mul.Tensor %290, %295 : !torch.vtensor<[64,4096],f16>, !torch.vtensor<[64,1],i1> -> !torch.vtensor<[64,4096],f16>
    %int8_527 = torch.constant.int 8
    %int8_528 = torch.constant.int 8
    %int4096_529 = torch.constant.int 4096
    %297 = torch.prim.ListConstruct %int8_527, %int8_528, %int4096_529 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %298 = torch.aten.view %296, %297 : !torch.vtensor<[64,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,8,4096],f16>
    %int-2_530 = torch.constant.int -2
    %int-1_531 = torch.constant.int -1
    %299 = torch.aten.transpose.int %16, %int-2_530, %int-1_531 : !torch.vtensor<[8,14336,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,4096,14336],f16>
    %none_532 = torch.constant.none
    %none_533 = torch.constant.none
    %int5_534 = torch.constant.int 5
    %cpu_535 = torch.constant.device "cpu"
    %int0_536 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %299, %none_532, %none_533, %int5_534, %cpu_535, %int0_536 : !torch.vtensor<[8,4096,14336],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %300 = torch.aten.matmul %298, %299 : !torch.vtensor<[8,8,4096],f16>, !torch.vtensor<[8,4096,14336],f16> -> !torch.vtensor<[8,8,14336],f16>
    %301 = torch.aten.silu %300 : !torch.vtensor<[8,8,14336],f16> -> !torch.vtensor<[8,8,14336],f16>
    %int-2_537 = torch.constant.int -2
    %int-1_538 = torch.constant.int -1
    %302 = torch.aten.transpose.int %17, %int-2_537, %int-1_538 : !torch.vtensor<[8,14336,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,4096,14336],f16>
    %none_539 = torch.constant.none
    %none_540 = torch.constant.none
    %int5_541 = torch.constant.int 5
    %cpu_542 = torch.constant.device "cpu"
    %int0_543 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %302, %none_539, %none_540, %int5_541, %cpu_542, %int0_543 : !torch.vtensor<[8,4096,14336],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %303 = torch.aten.matmul %298, %302 : !torch.vtensor<[8,8,4096],f16>, !torch.vtensor<[8,4096,14336],f16> -> !torch.vtensor<[8,8,14336],f16>
    %304 = torch.aten.mul.Tensor %301, %303 : !torch.vtensor<[8,8,14336],f16>, !torch.vtensor<[8,8,14336],f16> -> !torch.vtensor<[8,8,14336],f16>
    %int-2_544 = torch.constant.int -2
    %int-1_545 = torch.constant.int -1
    %305 = torch.aten.transpose.int %18, %int-2_544, %int-1_545 : !torch.vtensor<[8,4096,14336],f16>, !torch.int, !torch.int -> !torch.vtensor<[8,14336,4096],f16>
    %none_546 = torch.constant.none
    %none_547 = torch.constant.none
    %int5_548 = torch.constant.int 5
    %cpu_549 = torch.constant.device "cpu"
    %int0_550 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %305, %none_546, %none_547, %int5_548, %cpu_549, %int0_550 : !torch.vtensor<[8,14336,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %306 = torch.aten.matmul %304, %305 : !torch.vtensor<[8,8,14336],f16>, !torch.vtensor<[8,14336,4096],f16> -> !torch.vtensor<[8,8,4096],f16>
    %int64_551 = torch.constant.int 64
    %int4096_552 = torch.constant.int 4096
    %307 = torch.prim.ListConstruct %int64_551, %int4096_552 : (!torch.int, !torch.int) -> !torch.list<int>
    %308 = torch.aten.view %306, %307 : !torch.vtensor<[8,8,4096],f16>, !torch.list<int> -> !torch.vtensor<[64,4096],f16>
    %int0_553 = torch.constant.int 0
    %309 = torch.aten.clone %291, %int0_553 : !torch.vtensor<[8,8],f16>, !torch.int -> !torch.vtensor<[8,8],f16>
    %int64_554 = torch.constant.int 64
    %int1_555 = torch.constant.int 1
    %310 = torch.prim.ListConstruct %int64_554, %int1_555 : (!torch.int, !torch.int) -> !torch.list<int>
    %311 = torch.aten._unsafe_view %309, %310 : !torch.vtensor<[8,8],f16>, !torch.list<int> -> !torch.vtensor<[64,1],f16>
    %312 = torch.aten.mul.Tensor %308, %311 : !torch.vtensor<[64,4096],f16>, !torch.vtensor<[64,1],f16> -> !torch.vtensor<[64,4096],f16>
    %int8_556 = torch.constant.int 8
    %int8_557 = torch.constant.int 8
    %int4096_558 = torch.constant.int 4096
    %313 = torch.prim.ListConstruct %int8_556, %int8_557, %int4096_558 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %314 = torch.aten.view %312, %313 : !torch.vtensor<[64,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,8,4096],f16>
    %int0_559 = torch.constant.int 0
    %315 = torch.prim.ListConstruct %int0_559 : (!torch.int) -> !torch.list<int>
    %false_560 = torch.constant.bool false
    %none_561 = torch.constant.none
    %316 = torch.aten.sum.dim_IntList %314, %315, %false_560, %none_561 : !torch.vtensor<[8,8,4096],f16>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,4096],f16>
    %int8_562 = torch.constant.int 8
    %int1_563 = torch.constant.int 1
    %int4096_564 = torch.constant.int 4096
    %317 = torch.prim.ListConstruct %int8_562, %int1_563, %int4096_564 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %318 = torch.aten.view %316, %317 : !torch.vtensor<[8,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,1,4096],f16>
    %int1_565 = torch.constant.int 1
    %319 = torch.aten.add.Tensor %257, %318, %int1_565 : !torch.vtensor<[8,1,4096],f16>, !torch.vtensor<[8,1,4096],f16>, !torch.int -> !torch.vtensor<[8,1,4096],f16>
    %none_566 = torch.constant.none
    %none_567 = torch.constant.none
    %int5_568 = torch.constant.int 5
    %cpu_569 = torch.constant.device "cpu"
    %int0_570 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %319, %none_566, %none_567, %int5_568, %cpu_569, %int0_570 : !torch.vtensor<[8,1,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %none_571 = torch.constant.none
    %none_572 = torch.constant.none
    %int5_573 = torch.constant.int 5
    %cpu_574 = torch.constant.device "cpu"
    %int0_575 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %319, %none_571, %none_572, %int5_573, %cpu_574, %int0_575 : !torch.vtensor<[8,1,4096],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int6_576 = torch.constant.int 6
    %320 = torch.prims.convert_element_type %319, %int6_576 : !torch.vtensor<[8,1,4096],f16>, !torch.int -> !torch.vtensor<[8,1,4096],f32>
    %int2_577 = torch.constant.int 2
    %321 = torch.aten.pow.Tensor_Scalar %320, %int2_577 : !torch.vtensor<[8,1,4096],f32>, !torch.int -> !torch.vtensor<[8,1,4096],f32>
    %int-1_578 = torch.constant.int -1
    %322 = torch.prim.ListConstruct %int-1_578 : (!torch.int) -> !torch.list<int>
    %true_579 = torch.constant.bool true
    %none_580 = torch.constant.none
    %323 = torch.aten.mean.dim %321, %322, %true_579, %none_580 : !torch.vtensor<[8,1,4096],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,1,1],f32>
    %float1.000000e-05_581 = torch.constant.float 1.000000e-05
    %int1_582 = torch.constant.int 1
    %324 = torch.aten.add.Scalar %323, %float1.000000e-05_581, %int1_582 : !torch.vtensor<[8,1,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %325 = torch.aten.rsqrt %324 : !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,1,1],f32>
    %326 = torch.aten.mul.Tensor %320, %325 : !torch.vtensor<[8,1,4096],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[8,1,4096],f32>
    %none_583 = torch.constant.none
    %none_584 = torch.constant.none
    %int6_585 = torch.constant.int 6
    %cpu_586 = torch.constant.device "cpu"
    %int0_587 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %326, %none_583, %none_584, %int6_585, %cpu_586, %int0_587 : !torch.vtensor<[8,1,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_588 = torch.constant.int 5
    %327 = torch.prims.convert_element_type %326, %int5_588 : !torch.vtensor<[8,1,4096],f32>, !torch.int -> !torch.vtensor<[8,1,4096],f16>
    %328 = torch.aten.mul.Tensor %19, %327 : !torch.vtensor<[1,4096],f32>, !torch.vtensor<[8,1,4096],f16> -> !torch.vtensor<[8,1,4096],f32>
    %none_589 = torch.constant.none
    %none_590 = torch.constant.none
    %int6_591 = torch.constant.int 6
    %cpu_592 = torch.constant.device "cpu"
    %int0_593 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %328, %none_589, %none_590, %int6_591, %cpu_592, %int0_593 : !torch.vtensor<[8,1,4096],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int5_594 = torch.constant.int 5
    %329 = torch.prims.convert_element_type %328, %int5_594 : !torch.vtensor<[8,1,4096],f32>, !torch.int -> !torch.vtensor<[8,1,4096],f16>
    %int-2_595 = torch.constant.int -2
    %int-1_596 = torch.constant.int -1
    %330 = torch.aten.transpose.int %20, %int-2_595, %int-1_596 : !torch.vtensor<[32000,4096],f16>, !torch.int, !torch.int -> !torch.vtensor<[4096,32000],f16>
    %none_597 = torch.constant.none
    %none_598 = torch.constant.none
    %int5_599 = torch.constant.int 5
    %cpu_600 = torch.constant.device "cpu"
    %int0_601 = torch.constant.int 0
    torch.aten._assert_tensor_metadata %330, %none_597, %none_598, %int5_599, %cpu_600, %int0_601 : !torch.vtensor<[4096,32000],f16>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
    %int8_602 = torch.constant.int 8
    %int4096_603 = torch.constant.int 4096
    %331 = torch.prim.ListConstruct %int8_602, %int4096_603 : (!torch.int, !torch.int) -> !torch.list<int>
    %332 = torch.aten.view %329, %331 : !torch.vtensor<[8,1,4096],f16>, !torch.list<int> -> !torch.vtensor<[8,4096],f16>
    %333 = torch.aten.matmul %332, %330 : !torch.vtensor<[8,4096],f16>, !torch.vtensor<[4096,32000],f16> -> !torch.vtensor<[8,32000],f16>
    %int8_604 = torch.constant.int 8
    %int1_605 = torch.constant.int 1
    %int32000 = torch.constant.int 32000
    %334 = torch.prim.ListConstruct %int8_604, %int1_605, %int32000 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %335 = torch.aten.view %333, %334 : !torch.vtensor<[8,32000],f16>, !torch.list<int> -> !torch.vtensor<[8,1,32000],f16>
    return %335 : !torch.vtensor<[8,1,32000],f16>
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
