// RUN: %pt2c-opt %s --pt2c-lower-prim-to-linalg --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @add
// CHECK: %[[E:.+]] = tensor.empty() : tensor<4x8xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} outs(%[[E]] : tensor<4x8xf32>)
// CHECK: arith.addf
func.func @add(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = prim.add %a, %b : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A dim of size 1 being expanded reads index 0.
// CHECK-DAG: #[[$EXPAND:.+]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @broadcast_expand
// CHECK: linalg.generic {indexing_maps = [#[[$EXPAND]], #{{.+}}]
func.func @broadcast_expand(%x: tensor<4x1xf32>) -> tensor<4x8xf32> {
  %0 = prim.broadcast_in_dim %x, dims = [0, 1] : tensor<4x1xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// matmul loops (m, k, n): the reduction outside the contiguous n loop, so the
// innermost loop vectorizes without reassociating the sum.
// CHECK-DAG: #[[$LHS:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$RHS:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @matmul
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : f32)
// CHECK: linalg.generic {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-SAME: ins(%{{.+}}, %{{.+}} : tensor<4x64xf32>, tensor<64x32xf32>) outs(%[[INIT]] : tensor<4x32xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @matmul(%a: tensor<4x64xf32>, %b: tensor<64x32xf32>) -> tensor<4x32xf32> {
  %0 = prim.matmul %a, %b : (tensor<4x64xf32>, tensor<64x32xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

// max reduces from -inf with the NaN-propagating maximum.
// CHECK-LABEL: func.func @reduce_max
// CHECK: %[[NEG_INF:.+]] = arith.constant 0xFF800000 : f32
// CHECK: linalg.fill ins(%[[NEG_INF]] : f32)
// CHECK: linalg.reduce ins(%{{.+}} : tensor<?x8xf32>) {{.*}} dimensions = [1]
// CHECK: arith.maximumf
func.func @reduce_max(%x: tensor<?x8xf32>) -> tensor<?xf32> {
  %0 = prim.reduce max %x, dims = [1] : tensor<?x8xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK: linalg.transpose ins(%{{.+}} : tensor<4x8xf32>) outs(%{{.+}} : tensor<8x4xf32>) permutation = [1, 0]
func.func @transpose(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %0 = prim.transpose %x, permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// Padding is explicit, then the named NCHW/FCHW convolution.
// CHECK-LABEL: func.func @convolution
// CHECK: tensor.pad %{{.+}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
// CHECK-SAME: outs(%{{.+}} : tensor<2x8x16x16xf32>)
func.func @convolution(%x: tensor<2x3x32x32xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<2x8x16x16xf32> {
  %0 = prim.convolution %x, %w, strides = [2, 2], padding = [[1, 1], [1, 1]] : (tensor<2x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<2x8x16x16xf32>
  return %0 : tensor<2x8x16x16xf32>
}

// -----

// gather rows: a generic over the result reading the table with tensor.extract.
// CHECK-LABEL: func.func @take
// CHECK: linalg.generic
// CHECK: arith.index_cast
// CHECK: tensor.extract %{{.+}}[%{{.+}}, %{{.+}}] : tensor<10x4xf32>
func.func @take(%w: tensor<10x4xf32>, %ids: tensor<3xi64>) -> tensor<3x4xf32> {
  %0 = prim.take %w, %ids, dim = 0 : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
