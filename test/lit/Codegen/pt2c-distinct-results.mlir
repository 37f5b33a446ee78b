// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-distinct-results))' | FileCheck %s

// The second of two equal results is copied into a buffer of its own; the
// first, computed by an op, is left as it is.
// CHECK-LABEL: func.func @duplicate
// CHECK-SAME:    (%[[X:.*]]: tensor<4xf32>)
// CHECK:         %[[R:.*]] = linalg.exp ins(%[[X]]
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    %[[C:.*]] = linalg.copy ins(%[[R]] : tensor<4xf32>) outs(%[[E]] : tensor<4xf32>)
// CHECK-NEXT:    return %[[R]], %[[C]]
func.func @duplicate(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %init = tensor.empty() : tensor<4xf32>
  %r = linalg.exp ins(%x : tensor<4xf32>) outs(%init : tensor<4xf32>) -> tensor<4xf32>
  return %r, %r : tensor<4xf32>, tensor<4xf32>
}

// An input returned as it is (dynamic dim: the copy's size is read from it).
// CHECK-LABEL: func.func @argument
// CHECK-SAME:    (%[[X:.*]]: tensor<?x3xf32>)
// CHECK:         %[[D:.*]] = tensor.dim %[[X]], %c0
// CHECK-NEXT:    %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x3xf32>
// CHECK-NEXT:    %[[C:.*]] = linalg.copy ins(%[[X]] : tensor<?x3xf32>) outs(%[[E]] : tensor<?x3xf32>)
// CHECK-NEXT:    return %[[C]]
func.func @argument(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  return %x : tensor<?x3xf32>
}

// A constant result: its global must not become the caller's buffer.
// CHECK-LABEL: func.func @constant
// CHECK:         %[[K:.*]] = arith.constant dense<1.000000e+00>
// CHECK:         %[[C:.*]] = linalg.copy ins(%[[K]] : tensor<2xf32>)
// CHECK-NEXT:    return %[[C]]
func.func @constant() -> tensor<2xf32> {
  %k = arith.constant dense<1.0> : tensor<2xf32>
  return %k : tensor<2xf32>
}

// Distinct computed results and non-tensor results are left alone.
// CHECK-LABEL: func.func @distinct
// CHECK-NOT:     linalg.copy
// CHECK:         return
func.func @distinct(%x: tensor<4xf32>, %i: i64) -> (tensor<4xf32>, tensor<4xf32>, i64, i64) {
  %init = tensor.empty() : tensor<4xf32>
  %a = linalg.exp ins(%x : tensor<4xf32>) outs(%init : tensor<4xf32>) -> tensor<4xf32>
  %b = linalg.abs ins(%x : tensor<4xf32>) outs(%init : tensor<4xf32>) -> tensor<4xf32>
  return %a, %b, %i, %i : tensor<4xf32>, tensor<4xf32>, i64, i64
}
