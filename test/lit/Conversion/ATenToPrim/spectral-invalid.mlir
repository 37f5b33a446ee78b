// What the Jacobi eigen / SVD decompositions refuse, named at the op.
// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// eigh of a matrix that is not square.
func.func @eigh_not_square(%a: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2x2xf32>) {
  // expected-error @+1 {{no decomposition of 'aten.linalg_eigh.default' applies}}
  %0:2 = aten.call "aten.linalg_eigh.default"(self: %a) {UPLO = "L"} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2x2xf32>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<2x2xf32>
}

// -----

// UPLO names neither triangle.
func.func @eigvalsh_bad_uplo(%a: tensor<2x2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{no decomposition of 'aten.linalg_eigvalsh.default' applies}}
  %0 = aten.call "aten.linalg_eigvalsh.default"(self: %a) {UPLO = "X"} : (tensor<2x2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Larger than the unrolled algorithms take.
func.func @svd_too_large(%a: tensor<80x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.linalg_svdvals.default' applies: matrices of 'tensor<80x3xf32>' are larger than pt2c's unrolled linear algebra takes (64 x 64)}}
  %0 = aten.call "aten.linalg_svdvals.default"(A: %a) : (tensor<80x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// A dynamic batch: the rounds are unrolled over static shapes.
func.func @svd_dynamic(%a: tensor<?x3x3xf32>) -> tensor<?x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.linalg_svdvals.default' applies}}
  %0 = aten.call "aten.linalg_svdvals.default"(A: %a) : (tensor<?x3x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// A hermitian pinv of a matrix that is not square.
func.func @pinv_hermitian_not_square(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{no decomposition of 'aten.linalg_pinv.atol_rtol_tensor' applies}}
  %0 = aten.call "aten.linalg_pinv.atol_rtol_tensor"(self: %a) {hermitian = true} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// cond with an order other than the 2-norm's.
func.func @cond_one(%a: tensor<3x3xf32>) -> tensor<f32> {
  // expected-error @+1 {{no decomposition of 'aten.linalg_cond.default' applies}}
  %0 = aten.call "aten.linalg_cond.default"(self: %a) {p = 1 : i64} : (tensor<3x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// A matrix norm of an order that is no matrix norm.
func.func @matrix_norm_three(%a: tensor<3x3xf32>) -> tensor<f32> {
  // expected-error @+1 {{no decomposition of 'aten.linalg_matrix_norm.default' applies}}
  %0 = aten.call "aten.linalg_matrix_norm.default"(self: %a) {ord = 3 : i64, dim = array<i64: -2, -1>, keepdim = false} : (tensor<3x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}
