// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-private-fills))' | FileCheck %s

// Two matmuls start from one CSE'd zero fill: the second gets its own fill
// of its own tensor.empty, right before it, so bufferization need not copy
// the first one's zeros into its output.
// CHECK-LABEL: func.func @shared
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT:    %[[Z:.*]] = linalg.fill ins(%[[C:.*]] : f32) outs(%[[E]] : tensor<4x8xf32>)
// CHECK-NEXT:    %[[A:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x16xf32>, tensor<16x8xf32>) outs(%[[Z]] : tensor<4x8xf32>)
// CHECK-NEXT:    %[[E2:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT:    %[[Z2:.*]] = linalg.fill ins(%[[C]] : f32) outs(%[[E2]] : tensor<4x8xf32>)
// CHECK-NEXT:    %[[B:.*]] = linalg.matmul ins(%[[A]], %{{.*}} : tensor<4x8xf32>, tensor<8x8xf32>) outs(%[[Z2]] : tensor<4x8xf32>)
// CHECK-NEXT:    return %[[B]]
func.func @shared(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %v: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %a = linalg.matmul ins(%x, %w : tensor<4x16xf32>, tensor<16x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
  %b = linalg.matmul ins(%a, %v : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}

// A fill with one user is left alone.
// CHECK-LABEL: func.func @single
// CHECK-COUNT-1: linalg.fill
// CHECK-NOT:     linalg.fill
func.func @single(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %a = linalg.matmul ins(%x, %w : tensor<4x16xf32>, tensor<16x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %a : tensor<4x8xf32>
}
