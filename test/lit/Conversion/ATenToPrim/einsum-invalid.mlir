// What the einsum decomposition refuses, named at the op (never a wrong
// program).
// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// j is 3 in one operand and 4 in the other: neither broadcasts.
func.func @einsum_size_clash(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{no decomposition of 'aten.einsum.default' applies}}
  %0 = aten.call "aten.einsum.default"(tensors: [%a, %b]) {equation = "ij,jk->ik", path = #aten.none} : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// Two letters for a rank-3 tensor (and no ellipsis).
func.func @einsum_rank_mismatch(%a: tensor<2x3x4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.einsum.default' applies}}
  %0 = aten.call "aten.einsum.default"(tensors: [%a]) {equation = "ij->ij", path = #aten.none} : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// An output letter no operand has.
func.func @einsum_unknown_output(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.einsum.default' applies}}
  %0 = aten.call "aten.einsum.default"(tensors: [%a]) {equation = "ij->ik", path = #aten.none} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
