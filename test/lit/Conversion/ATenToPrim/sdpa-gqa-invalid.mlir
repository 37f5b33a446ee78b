// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics

// Grouped-query attention whose value has another head count than its key
// is refused at the node (torch refuses it too). Found by
// pt2c-fuzz-compile (2026-11-27, 3,902 executions into run 8;
// UndefinedBehaviorSanitizer: member call on a null mlir::Value in the
// sdpa decomposition): the attention corpus's sdpa_gqa-f32 with its
// `value` rewired to the query (8 heads against the key's 2). Repeating
// the value's heads failed to build and the next step used the null value.

func.func @heads(%q: tensor<1x8x5x4xf32>, %k: tensor<1x2x5x4xf32>) -> tensor<1x8x5x4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.scaled_dot_product_attention.default' applies: key and value have different head counts (2 and 8)}}
  %0 = aten.call "aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %q) {attn_mask = #aten.none, dropout_p = 0.000000e+00 : f64, enable_gqa = true, is_causal = true, scale = #aten.none} : (tensor<1x8x5x4xf32>, tensor<1x2x5x4xf32>, tensor<1x8x5x4xf32>) -> tensor<1x8x5x4xf32>
  return %0 : tensor<1x8x5x4xf32>
}
