// RUN: %pt2c-opt %s --pt2c-lower-prim-to-linalg --split-input-file | FileCheck %s

// A prim op whose result holds no elements computes nothing: it becomes a
// tensor.empty before any lowering sees an empty shape (a pad of a batch
// of 0 once lowered to a slice the CPU pipeline rejected).
// CHECK-LABEL: func.func @pad_of_empty_batch
// CHECK-NEXT: %[[E:.+]] = tensor.empty() : tensor<0x3x4x5xf32>
// CHECK-NEXT: return %[[E]]
func.func @pad_of_empty_batch(%x: tensor<0x3x3x3xf32>) -> tensor<0x3x4x5xf32> {
  %0 = prim.pad %x, low = [0, 0, 0, 0], high = [0, 0, 1, 2], value = 2.000000e+00 : f32 : tensor<0x3x3x3xf32> -> tensor<0x3x4x5xf32>
  return %0 : tensor<0x3x4x5xf32>
}

// -----

// An empty operand of a non-empty result is lowered as usual: only ops
// with no elements in every result are replaced.
// CHECK-LABEL: func.func @sum_of_empty
// CHECK: linalg.fill
// CHECK: linalg.reduce ins(%{{.+}} : tensor<0x4xf32>)
func.func @sum_of_empty(%x: tensor<0x4xf32>) -> tensor<4xf32> {
  %0 = prim.reduce sum %x, dims = [0] : tensor<0x4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
