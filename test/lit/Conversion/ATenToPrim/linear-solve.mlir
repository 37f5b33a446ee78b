// LU with partial pivoting and the solves on it (LinearSolve.cpp), unrolled
// over the columns, in f64.
// RUN: %pt2c-opt %s --pt2c-decompose-aten -split-input-file | FileCheck %s

// det of a 2 x 2: per column, the largest magnitude at or below the
// diagonal (reduce max, its first row), the two rows swapped by a gather,
// the multipliers (column / pivot) stored below the diagonal and the
// trailing block updated; det = the product of U's diagonal times the
// swaps' sign, rounded once to f32.
// CHECK-LABEL: func.func @det
// CHECK: %[[A:.*]] = prim.convert %arg0 : tensor<2x2xf32> -> tensor<2x2xf64>
// CHECK: prim.reduce max {{.*}} dims = [0] : tensor<2x1xf64>
// CHECK: prim.take_along %[[A]], {{.*}}, dim = 0 : (tensor<2x2xf64>, tensor<2x2xi64>) -> tensor<2x2xf64>
// CHECK: prim.neg
// CHECK: prim.div {{.*}} : tensor<2x1xf64>
// CHECK: prim.sub {{.*}} : tensor<2x2xf64>
// CHECK: %[[PROD:.*]] = prim.reduce prod {{.*}} dims = [0] : tensor<2xf64> -> tensor<f64>
// CHECK: %[[DET:.*]] = prim.mul {{.*}}, %[[PROD]] : tensor<f64>
// CHECK: prim.convert %[[DET]] : tensor<f64> -> tensor<f32>
func.func @det(%a: tensor<2x2xf32>) -> tensor<f32> {
  %0 = aten.call "aten.linalg_det.default"(A: %a) : (tensor<2x2xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// A lower triangular solve: row 0 of X is b0 / t00, then the rows below
// lose t[i, 0] x0; row 1 is what is left / t11. The upper triangle is not
// read.
// CHECK-LABEL: func.func @solve_lower
// CHECK: %[[T:.*]] = prim.convert %arg0 : tensor<2x2xf32> -> tensor<2x2xf64>
// CHECK: prim.slice %[[T]] [0:1, 0:2]
// CHECK: prim.div {{.*}} : tensor<1x3xf64>
// CHECK: prim.slice %[[T]] [0:2, 0:1]
// CHECK: prim.sub {{.*}} : tensor<2x3xf64>
// CHECK: prim.slice %[[T]] [1:2, 0:2]
// CHECK: prim.div {{.*}} : tensor<1x3xf64>
// CHECK: prim.convert {{.*}} : tensor<2x3xf64> -> tensor<2x3xf32>
func.func @solve_lower(%t: tensor<2x2xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.linalg_solve_triangular.default"(self: %t, B: %b) {upper = false, left = true, unitriangular = false} : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// lu_factor's pivots are LAPACK's: 1-based int32.
// CHECK-LABEL: func.func @lu_factor
// CHECK: %[[ONE:.*]] = prim.constant dense<1> : tensor<3xi64>
// CHECK: %[[PIV:.*]] = prim.concatenate {{.*}} dim = 0 : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xi64>
// CHECK: %[[BASED:.*]] = prim.add %[[PIV]], %[[ONE]] : tensor<3xi64>
// CHECK: prim.convert %[[BASED]] : tensor<3xi64> -> tensor<3xi32>
func.func @lu_factor(%a: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3xi32>) {
  %0:2 = aten.call "aten.linalg_lu_factor.default"(A: %a) {pivot = true} : (tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3xi32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3xi32>
}

// -----

// matrix_exp: the 1-norm picks the squarings at run time (the 40 possible
// ones are selects), after a degree-14 Taylor series.
// CHECK-LABEL: func.func @matrix_exp
// CHECK: prim.ceil
// CHECK: prim.pow
// CHECK-COUNT-14: prim.matmul
// CHECK-COUNT-40: prim.matmul
// CHECK-NOT: prim.matmul
func.func @matrix_exp(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = aten.call "aten.matrix_exp.default"(self: %a) : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// Cholesky reads the lower triangle only (the symmetric matrix of it), a
// square root per column, and returns the lower factor.
// CHECK-LABEL: func.func @cholesky
// CHECK: prim.transpose
// CHECK-COUNT-2: prim.sqrt
// CHECK-NOT: prim.sqrt
// CHECK: prim.convert {{.*}} : tensor<2x2xf64> -> tensor<2x2xf32>
func.func @cholesky(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = aten.call "aten.linalg_cholesky.default"(self: %a) {upper = false} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// geqrf: per column, the reflector of LAPACK's slarfg (beta = -sign(alpha)
// |(alpha, x)|, tau = (beta - alpha) / beta, 0 where the column is already
// reduced) applied to the columns on its right; tau of the 2 columns.
// CHECK-LABEL: func.func @geqrf
// CHECK-COUNT-2: prim.sqrt
// CHECK-NOT: prim.sqrt
// CHECK: %[[TAU:.*]] = prim.concatenate {{.*}} dim = 0 : (tensor<1xf64>, tensor<1xf64>) -> tensor<2xf64>
// CHECK: prim.convert %[[TAU]] : tensor<2xf64> -> tensor<2xf32>
func.func @geqrf(%a: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<2xf32>) {
  %0:2 = aten.call "aten.geqrf.default"(self: %a) : (tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<2xf32>
}
