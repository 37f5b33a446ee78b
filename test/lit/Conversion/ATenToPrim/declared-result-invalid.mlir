// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics

// A node whose declared result type contradicts what its decomposition
// derives from its arguments (another rank, element type or static size)
// is refused with an error at the node. Found by pt2c-fuzz-compile
// (2026-11-27, 627 executions in): the gather corpus's embedding-f32 with
// the `sizes` of one embedding's output given a fourth dim, [2, 5, 4, 4];
// pt2c-decompose-aten replaced the node by a prim.take of type 2x5x4,
// returned as 2x5x4x4: the pass succeeded and the module did not verify
// (`pt2c --emit prim` said "type of return operand 0 ... doesn't match
// function result type"). The check is the rewriter's, for every
// decomposition (DecomposeATen.cpp, CheckedRewriter).

// The finding, minimized: one dim too many.
func.func @rank(%w: tensor<10x4xf32>, %ids: tensor<2x5xi64>) -> tensor<2x5x4x4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.embedding.default' applies: result 0 is declared 'tensor<2x5x4x4xf32>' but its arguments give 'tensor<2x5x4xf32>'}}
  %0 = aten.call "aten.embedding.default"(weight: %w, indices: %ids) {padding_idx = -1 : i64, scale_grad_by_freq = false, sparse = false} : (tensor<10x4xf32>, tensor<2x5xi64>) -> tensor<2x5x4x4xf32>
  return %0 : tensor<2x5x4x4xf32>
}

// -----

// Another static size.
func.func @size(%w: tensor<10x4xf32>, %ids: tensor<2x5xi64>) -> tensor<2x5x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.embedding.default' applies: result 0 is declared 'tensor<2x5x3xf32>' but its arguments give 'tensor<2x5x4xf32>'}}
  %0 = aten.call "aten.embedding.default"(weight: %w, indices: %ids) {padding_idx = -1 : i64, scale_grad_by_freq = false, sparse = false} : (tensor<10x4xf32>, tensor<2x5xi64>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}

// -----

// Another element type, the result used by a node instead of returned
// (where the mismatch would go on unseen into the next decomposition).
func.func @dtype(%w: tensor<10x4xf32>, %ids: tensor<2x5xi64>) -> tensor<2x5x4xf16> {
  // expected-error @+1 {{no decomposition of 'aten.embedding.default' applies: result 0 is declared 'tensor<2x5x4xf16>' but its arguments give 'tensor<2x5x4xf32>'}}
  %0 = aten.call "aten.embedding.default"(weight: %w, indices: %ids) {padding_idx = -1 : i64, scale_grad_by_freq = false, sparse = false} : (tensor<10x4xf32>, tensor<2x5xi64>) -> tensor<2x5x4xf16>
  %1 = aten.call "aten.relu.default"(self: %0) : (tensor<2x5x4xf16>) -> tensor<2x5x4xf16>
  return %1 : tensor<2x5x4xf16>
}

// -----

// A `?` where the arguments give a size (or the reverse) is no
// contradiction: the node decomposes.
func.func @dynamic(%w: tensor<10x4xf32>, %ids: tensor<?x5xi64>) -> tensor<?x5x4xf32> {
  %0 = aten.call "aten.embedding.default"(weight: %w, indices: %ids) {padding_idx = -1 : i64, scale_grad_by_freq = false, sparse = false} : (tensor<10x4xf32>, tensor<?x5xi64>) -> tensor<?x5x4xf32>
  return %0 : tensor<?x5x4xf32>
}
