// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics

// A dim outside its tensor's rank is refused before any decomposition
// indexes with it (a transpose's dim1 of 99 wrote past a stack array).
func.func @transpose_dim(%x: tensor<2x3x4xf32>) -> tensor<2x4x3xf32> {
  // expected-error @+1 {{'aten.transpose.int': argument 'dim1' = 99 is out of range for a tensor of rank 3}}
  %0 = aten.call "aten.transpose.int"(self: %x) {dim0 = 1, dim1 = 99} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// Softmax over dim 99 (it used to abort in a reduction's type inference).
func.func @softmax_dim(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'aten.softmax.int': argument 'dim' = 99 is out of range for a tensor of rank 2}}
  %0 = aten.call "aten.softmax.int"(self: %x) {dim = 99, dtype = #aten.none} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A list of dims is checked entry by entry; negative dims count from the
// end (-3 is rank 2's first dim minus one: out).
func.func @sum_dims(%x: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error @+1 {{'aten.sum.dim_IntList': argument 'dim' = -3 is out of range for a tensor of rank 2}}
  %0 = aten.call "aten.sum.dim_IntList"(self: %x) {dim = array<i64: 0, -3>, keepdim = false, dtype = #aten.none} : (tensor<2x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// unsqueeze inserts a dim: rank + 1 positions, [-rank - 1, rank], are valid.
func.func @unsqueeze_last(%x: tensor<2x3xf32>) -> tensor<2x3x1xf32> {
  %0 = aten.call "aten.unsqueeze.default"(self: %x) {dim = 2} : (tensor<2x3xf32>) -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}
