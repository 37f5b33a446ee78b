// Folds of prim ops (canonicalize).
// RUN: %pt2c-opt %s --canonicalize --split-input-file | FileCheck %s

// A constant reshaped is the constant in the new shape (decompositions
// reshape constant gather indices; a backend then places one table, never
// a view of it).
// CHECK-LABEL: func.func @reshape_of_constant
// CHECK: %[[C:.+]] = prim.constant dense<{{\[}}[3], [2], [1], [0]]> : tensor<4x1xi64>
// CHECK-NOT: prim.reshape
// CHECK: return %[[C]]
func.func @reshape_of_constant() -> tensor<4x1xi64> {
  %c = prim.constant dense<[[3, 2, 1, 0]]> : tensor<1x4xi64>
  %r = prim.reshape %c : tensor<1x4xi64> -> tensor<4x1xi64>
  return %r : tensor<4x1xi64>
}

// -----

// A reshape of anything else stays.
// CHECK-LABEL: func.func @reshape_of_argument
// CHECK: prim.reshape %arg0 : tensor<1x4xi64> -> tensor<4x1xi64>
func.func @reshape_of_argument(%x: tensor<1x4xi64>) -> tensor<4x1xi64> {
  %r = prim.reshape %x : tensor<1x4xi64> -> tensor<4x1xi64>
  return %r : tensor<4x1xi64>
}
