// What the LU-based decompositions refuse, named at the op.
// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// det of a matrix that is not square.
func.func @det_not_square(%a: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error @+1 {{no decomposition of 'aten.linalg_det.default' applies}}
  %0 = aten.call "aten.linalg_det.default"(A: %a) : (tensor<2x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Larger than the unrolled algorithms take.
func.func @inv_too_large(%a: tensor<65x65xf32>) -> tensor<65x65xf32> {
  // expected-error @+1 {{no decomposition of 'aten.linalg_inv.default' applies: matrices of 'tensor<65x65xf32>' are larger than pt2c's unrolled linear algebra takes (64 x 64)}}
  %0 = aten.call "aten.linalg_inv.default"(A: %a) : (tensor<65x65xf32>) -> tensor<65x65xf32>
  return %0 : tensor<65x65xf32>
}

// -----

// A dynamic batch: the steps are unrolled over static shapes.
func.func @solve_dynamic(%a: tensor<?x3x3xf32>, %b: tensor<?x3x1xf32>) -> tensor<?x3x1xf32> {
  // expected-error @+1 {{no decomposition of 'aten.linalg_solve.default' applies}}
  %0 = aten.call "aten.linalg_solve.default"(A: %a, B: %b) {left = true} : (tensor<?x3x3xf32>, tensor<?x3x1xf32>) -> tensor<?x3x1xf32>
  return %0 : tensor<?x3x1xf32>
}

// -----

// solve with left=False (X A = B) is not supported yet.
func.func @solve_right(%a: tensor<3x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.linalg_solve.default' applies}}
  %0 = aten.call "aten.linalg_solve.default"(A: %a, B: %b) {left = false} : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// LU without pivoting (a CUDA-only option of torch).
func.func @lu_no_pivot(%a: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>) {
  // expected-error @+1 {{no decomposition of 'aten.linalg_lu.default' applies}}
  %0:3 = aten.call "aten.linalg_lu.default"(A: %a) {pivot = false} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>)
  return %0#0, %0#1, %0#2 : tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>
}

// -----

// det of integers (torch has no integer linalg).
func.func @det_int(%a: tensor<2x2xi64>) -> tensor<i64> {
  // expected-error @+1 {{no decomposition of 'aten.linalg_det.default' applies}}
  %0 = aten.call "aten.linalg_det.default"(A: %a) : (tensor<2x2xi64>) -> tensor<i64>
  return %0 : tensor<i64>
}
