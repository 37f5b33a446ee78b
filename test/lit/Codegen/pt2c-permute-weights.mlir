// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pt2c-permute-weights),canonicalize)' | FileCheck %s

// A linear layer's weight, read only through one transpose (twice, by
// two layers sharing it): stored transposed, the transposes gone. The
// bias and the user input are untouched.
// CHECK-LABEL: func.func @linear
// CHECK-SAME: (%[[W:.+]]: tensor<8x16xf32> {pt2c.weight = "fc.weight", pt2c.weight_permutation = array<i64: 1, 0>}, %[[B:.+]]: tensor<16xf32> {pt2c.weight = "fc.bias"}, %[[X:.+]]: tensor<4x8xf32> {pt2c.input = "x"})
// CHECK-NOT: linalg.transpose
// CHECK: return %[[W]], %[[W]], %[[B]]
func.func @linear(%w: tensor<16x8xf32> {pt2c.weight = "fc.weight"}, %b: tensor<16xf32> {pt2c.weight = "fc.bias"},
                  %x: tensor<4x8xf32> {pt2c.input = "x"}) -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<8x16xf32>
  %t1 = linalg.transpose ins(%w : tensor<16x8xf32>) outs(%e : tensor<8x16xf32>) permutation = [1, 0]
  %t2 = linalg.transpose ins(%w : tensor<16x8xf32>) outs(%e : tensor<8x16xf32>) permutation = [1, 0]
  return %t1, %t2, %b : tensor<8x16xf32>, tensor<8x16xf32>, tensor<16xf32>
}

// -----

// Kept: a weight also read as it is (a tied embedding), a weight
// transposed two ways, and a user input (its layout is the caller's).
// CHECK-LABEL: func.func @kept
// CHECK-NOT: pt2c.weight_permutation
// CHECK-COUNT-4: linalg.transpose
func.func @kept(%tied: tensor<4x8xf32> {pt2c.weight = "tied"}, %two: tensor<2x3x4xf32> {pt2c.weight = "two"},
                %x: tensor<4x8xf32> {pt2c.input = "x"})
    -> (tensor<4x8xf32>, tensor<8x4xf32>, tensor<4x3x2xf32>, tensor<3x2x4xf32>, tensor<8x4xf32>) {
  %e = tensor.empty() : tensor<8x4xf32>
  %t = linalg.transpose ins(%tied : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<4x3x2xf32>
  %a = linalg.transpose ins(%two : tensor<2x3x4xf32>) outs(%e2 : tensor<4x3x2xf32>) permutation = [2, 1, 0]
  %e3 = tensor.empty() : tensor<3x2x4xf32>
  %c = linalg.transpose ins(%two : tensor<2x3x4xf32>) outs(%e3 : tensor<3x2x4xf32>) permutation = [1, 0, 2]
  %u = linalg.transpose ins(%x : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
  return %tied, %t, %a, %c, %u : tensor<4x8xf32>, tensor<8x4xf32>, tensor<4x3x2xf32>, tensor<3x2x4xf32>, tensor<8x4xf32>
}

// -----

// With duplicate-shared (CPU-only libraries), a tied embedding, gathered as
// it is and transposed for the LM head, gets a second weight argument after
// the last weight (before the user inputs): the same archive tensor stored
// transposed, which the transposes' users read.
// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pt2c-permute-weights{duplicate-shared=true}),canonicalize)' | FileCheck %s --check-prefix=DUP
// DUP-LABEL: func.func @tied
// DUP-SAME: (%[[E:.+]]: tensor<10x4xf32> {pt2c.weight = "wte"}, %[[B:.+]]: tensor<4xf32> {pt2c.weight = "b"}, %[[T:.+]]: tensor<4x10xf32> {pt2c.weight = "wte", pt2c.weight_permutation = array<i64: 1, 0>}, %{{.+}}: tensor<4x10xf32> {pt2c.input = "x"})
// DUP-NOT: linalg.transpose
// DUP: return %[[E]], %[[T]], %[[B]]
func.func @tied(%wte: tensor<10x4xf32> {pt2c.weight = "wte"}, %b: tensor<4xf32> {pt2c.weight = "b"},
                %x: tensor<4x10xf32> {pt2c.input = "x"}) -> (tensor<10x4xf32>, tensor<4x10xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4x10xf32>
  %t = linalg.transpose ins(%wte : tensor<10x4xf32>) outs(%e : tensor<4x10xf32>) permutation = [1, 0]
  return %wte, %t, %b : tensor<10x4xf32>, tensor<4x10xf32>, tensor<4xf32>
}
