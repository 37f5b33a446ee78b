// RUN: %pt2c-opt %s --pt2c-lower-prim-to-linalg --split-input-file | FileCheck %s

// A 1-d convolution runs as a 2-d one over a unit height: input and weight
// gain a unit dim 2 (the dynamic batch kept), the padding stays on the last
// dim, and the result drops the unit dim again.
// CHECK-LABEL: func.func @conv1d
// CHECK: %[[X:.+]] = tensor.reshape %arg0(%{{.+}}) : (tensor<?x4x10xf32>, tensor<4xindex>) -> tensor<?x4x1x10xf32>
// CHECK: %[[W:.+]] = tensor.reshape %arg1(%{{.+}}) : (tensor<6x2x3xf32>, tensor<4xindex>) -> tensor<6x2x1x3xf32>
// CHECK: tensor.pad %[[X]] low[0, 0, 0, 1] high[0, 0, 0, 1]
// CHECK: tensor.reshape %{{.+}}(%{{.+}}) : (tensor<?x6x1x5xf32>, tensor<3xindex>) -> tensor<?x6x5xf32>
func.func @conv1d(%x: tensor<?x4x10xf32>, %w: tensor<6x2x3xf32>) -> tensor<?x6x5xf32> {
  %0 = prim.convolution %x, %w, strides = [2], padding = [[1, 1]], rhs_dilation = [1], feature_group_count = 2 : (tensor<?x4x10xf32>, tensor<6x2x3xf32>) -> tensor<?x6x5xf32>
  return %0 : tensor<?x6x5xf32>
}

// -----

// A 3-d float16 convolution: widened to f32, padded in depth (low 1), then
// one 2-d convolution per kernel depth tap kd over the input depths
// kd + 2 * od (od < 3) folded into the batch, the taps summed in f32 and
// rounded to f16 once.
// CHECK-LABEL: func.func @conv3d_f16
// CHECK: arith.extf %{{.+}} : f16 to f32
// CHECK: %[[P:.+]] = tensor.pad %{{.+}} low[0, 0, 1, 0, 0] high[0, 0, 0, 0, 0]
// CHECK: tensor.extract_slice %[[P]][0, 0, 0, 0, 0] [1, 2, 3, 6, 6] [1, 1, 2, 1, 1]
// CHECK: linalg.transpose {{.*}} permutation = [0, 2, 1, 3, 4]
// CHECK: tensor.reshape {{.*}} -> tensor<3x2x6x6xf32>
// CHECK: tensor.extract_slice %[[P]][0, 0, 1, 0, 0] [1, 2, 3, 6, 6] [1, 1, 2, 1, 1]
// CHECK: arith.addf %{{.+}}, %{{.+}} : f32
// CHECK: arith.truncf %{{.+}} : f32 to f16
// CHECK-NOT: arith.truncf
// CHECK: return %{{.+}} : tensor<1x3x3x6x6xf16>
func.func @conv3d_f16(%x: tensor<1x2x5x6x6xf16>, %w: tensor<3x2x2x3x3xf16>) -> tensor<1x3x3x6x6xf16> {
  %0 = prim.convolution %x, %w, strides = [2, 1, 1], padding = [[1, 0], [1, 1], [1, 1]], rhs_dilation = [1, 1, 1], feature_group_count = 1 : (tensor<1x2x5x6x6xf16>, tensor<3x2x2x3x3xf16>) -> tensor<1x3x3x6x6xf16>
  return %0 : tensor<1x3x3x6x6xf16>
}

// -----

// 3-d max windows are separable: 2x2 (H, W) windows with the depth folded
// into the channels [1, 2*4, 6, 6], then 2-deep windows over [1, 2, 4, 9].
// CHECK-LABEL: func.func @max_window_3d
// CHECK: tensor.reshape %arg0(%{{.+}}) : (tensor<1x2x4x6x6xf32>, tensor<4xindex>) -> tensor<1x8x6x6xf32>
// CHECK: arith.maximumf
// CHECK: tensor.reshape %{{.+}}(%{{.+}}) : (tensor<1x8x3x3xf32>, tensor<4xindex>) -> tensor<1x2x4x9xf32>
// CHECK: arith.maximumf
// CHECK: tensor.reshape %{{.+}}(%{{.+}}) : (tensor<1x2x2x9xf32>, tensor<5xindex>) -> tensor<1x2x2x3x3xf32>
func.func @max_window_3d(%x: tensor<1x2x4x6x6xf32>) -> tensor<1x2x2x3x3xf32> {
  %0 = prim.reduce_window max %x, window = [1, 1, 2, 2, 2], strides = [1, 1, 2, 2, 2] : tensor<1x2x4x6x6xf32> -> tensor<1x2x2x3x3xf32>
  return %0 : tensor<1x2x2x3x3xf32>
}

// -----

// A 2-d bfloat16 convolution multiplies and sums in f32, rounding once.
// CHECK-LABEL: func.func @conv2d_bf16
// CHECK: linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<1x1x2x16xf32>)
// CHECK: arith.extf %{{.+}} : bf16 to f32
// CHECK: arith.extf %{{.+}} : bf16 to f32
// CHECK: arith.mulf %{{.+}}, %{{.+}} fastmath<contract> : f32
// CHECK: arith.truncf %{{.+}} : f32 to bf16
func.func @conv2d_bf16(%x: tensor<1x3x6x6xbf16>, %w: tensor<2x3x3x3xbf16>) -> tensor<1x2x4x4xbf16> {
  %0 = prim.convolution %x, %w : (tensor<1x3x6x6xbf16>, tensor<2x3x3x3xbf16>) -> tensor<1x2x4x4xbf16>
  return %0 : tensor<1x2x4x4xbf16>
}

// -----

// A 3-d transposed convolution (lhs_dilation 2 everywhere): the depth
// dilation is materialized first (3 depths -> 5, zeros between, a strided
// insert into zeros), then padded in depth; each depth tap's 2-d
// convolution dilates height and width itself.
// CHECK-LABEL: func.func @conv3d_transposed
// CHECK: %[[Z:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<1x2x5x4x4xf32>)
// CHECK: %[[D:.+]] = tensor.insert_slice %arg0 into %[[Z]][0, 0, 0, 0, 0] [1, 2, 3, 4, 4] [1, 1, 2, 1, 1]
// CHECK: %[[P:.+]] = tensor.pad %[[D]] low[0, 0, 1, 0, 0] high[0, 0, 1, 0, 0]
// CHECK: tensor.extract_slice %[[P]][0, 0, 0, 0, 0] [1, 2, 6, 4, 4] [1, 1, 1, 1, 1]
// CHECK: tensor.insert_slice %{{.+}} into %{{.+}}[0, 0, 0, 0] [6, 2, 4, 4] [1, 1, 2, 2] : tensor<6x2x4x4xf32> into tensor<6x2x7x7xf32>
// CHECK: tensor.extract_slice %[[P]][0, 0, 1, 0, 0] [1, 2, 6, 4, 4] [1, 1, 1, 1, 1]
// CHECK: return %{{.+}} : tensor<1x3x6x8x8xf32>
func.func @conv3d_transposed(%x: tensor<1x2x3x4x4xf32>, %w: tensor<3x2x2x3x3xf32>) -> tensor<1x3x6x8x8xf32> {
  %0 = prim.convolution %x, %w, strides = [1, 1, 1], padding = [[1, 1], [1, 2], [1, 2]], lhs_dilation = [2, 2, 2], rhs_dilation = [1, 1, 1], feature_group_count = 1 : (tensor<1x2x3x4x4xf32>, tensor<3x2x2x3x3xf32>) -> tensor<1x3x6x8x8xf32>
  return %0 : tensor<1x3x6x8x8xf32>
}

// -----

// A 3-d convolution with a dynamic batch: the batch is folded with the 2
// output depths into the 2-d convolutions' batch (N * 2, computed), and
// the result unfolded with N again.
// CHECK-LABEL: func.func @conv3d_dynamic_batch
// CHECK: %[[N:.+]] = tensor.dim %arg0, %{{.+}} : tensor<?x2x5x6x6xf32>
// CHECK: %[[NOD:.+]] = arith.muli %[[N]], %{{.+}} : index
// CHECK: tensor.extract_slice %arg0[0, 0, 0, 0, 0] [%{{.+}}, 2, 2, 6, 6] [1, 1, 2, 1, 1]
// CHECK: tensor.from_elements %[[NOD]]
// CHECK: tensor.reshape %{{.+}}(%{{.+}}) : (tensor<?x2x2x6x6xf32>, tensor<4xindex>) -> tensor<?x2x6x6xf32>
// CHECK: tensor.extract_slice %arg0[0, 0, 1, 0, 0] [%{{.+}}, 2, 2, 6, 6] [1, 1, 2, 1, 1]
// CHECK: tensor.from_elements %[[N]]
// CHECK: tensor.reshape %{{.+}}(%{{.+}}) : (tensor<?x3x4x4xf32>, tensor<5xindex>) -> tensor<?x2x3x4x4xf32>
// CHECK: return %{{.+}} : tensor<?x3x2x4x4xf32>
func.func @conv3d_dynamic_batch(%x: tensor<?x2x5x6x6xf32>, %w: tensor<3x2x2x3x3xf32>) -> tensor<?x3x2x4x4xf32> {
  %0 = prim.convolution %x, %w, strides = [2, 1, 1], rhs_dilation = [1, 1, 1], feature_group_count = 1 : (tensor<?x2x5x6x6xf32>, tensor<3x2x2x3x3xf32>) -> tensor<?x3x2x4x4xf32>
  return %0 : tensor<?x3x2x4x4xf32>
}

// -----

// A 2-d transposed convolution with a dynamic batch: the zeros it is
// dilated into take the batch size from the input.
// CHECK-LABEL: func.func @conv2d_transposed_dynamic_batch
// CHECK: %[[N:.+]] = tensor.dim %arg0, %{{.+}} : tensor<?x2x3x3xf32>
// CHECK: %[[E:.+]] = tensor.empty(%[[N]]) : tensor<?x2x5x5xf32>
// CHECK: %[[Z:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E]] : tensor<?x2x5x5xf32>)
// CHECK: tensor.insert_slice %arg0 into %[[Z]][0, 0, 0, 0] [%[[N]], 2, 3, 3] [1, 1, 2, 2]
// CHECK: tensor.pad %{{.+}} low[0, 0, 1, 1] high[0, 0, 2, 2]
// CHECK: return %{{.+}} : tensor<?x3x6x6xf32>
func.func @conv2d_transposed_dynamic_batch(%x: tensor<?x2x3x3xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<?x3x6x6xf32> {
  %0 = prim.convolution %x, %w, strides = [1, 1], padding = [[1, 2], [1, 2]], lhs_dilation = [2, 2], rhs_dilation = [1, 1], feature_group_count = 1 : (tensor<?x2x3x3xf32>, tensor<3x2x3x3xf32>) -> tensor<?x3x6x6xf32>
  return %0 : tensor<?x3x6x6xf32>
}
