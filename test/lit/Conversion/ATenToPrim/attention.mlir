// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// sdpa(q [.., L 8, E 16], k [.., S 6, E], v [.., S, Ev 32]) =
// softmax(q @ k^T * 1/sqrt(16)) @ v: k's last two dims swapped, the scores
// scaled by 0.25, a softmax over the key dim 3, then a matmul with v.
// CHECK-LABEL: func.func @sdpa
// CHECK-SAME: (%[[Q:.+]]: tensor<2x4x8x16xf32>, %[[K:.+]]: tensor<2x4x6x16xf32>, %[[V:.+]]: tensor<2x4x6x32xf32>)
// CHECK: %[[SCALE:.+]] = prim.constant dense<2.500000e-01> : tensor<2x4x8x6xf32>
// CHECK: %[[KT:.+]] = prim.transpose %[[K]], permutation = [0, 1, 3, 2] : tensor<2x4x6x16xf32> -> tensor<2x4x16x6xf32>
// CHECK: %[[QK:.+]] = prim.matmul %[[Q]], %[[KT]] : (tensor<2x4x8x16xf32>, tensor<2x4x16x6xf32>) -> tensor<2x4x8x6xf32>
// CHECK: %[[S:.+]] = prim.mul %[[QK]], %[[SCALE]] : tensor<2x4x8x6xf32>
// CHECK: %[[MAX:.+]] = prim.reduce max %[[S]], dims = [3] : tensor<2x4x8x6xf32> -> tensor<2x4x8xf32>
// CHECK: %[[MAXK:.+]] = prim.reshape %[[MAX]] : tensor<2x4x8xf32> -> tensor<2x4x8x1xf32>
// CHECK: %[[MAXB:.+]] = prim.broadcast_in_dim %[[MAXK]], dims = [0, 1, 2, 3] : tensor<2x4x8x1xf32> -> tensor<2x4x8x6xf32>
// CHECK: %[[D:.+]] = prim.sub %[[S]], %[[MAXB]] : tensor<2x4x8x6xf32>
// CHECK: %[[E:.+]] = prim.exp %[[D]] : tensor<2x4x8x6xf32>
// CHECK: %[[SUM:.+]] = prim.reduce sum %[[E]], dims = [3] : tensor<2x4x8x6xf32> -> tensor<2x4x8xf32>
// CHECK: %[[SUMK:.+]] = prim.reshape %[[SUM]] : tensor<2x4x8xf32> -> tensor<2x4x8x1xf32>
// CHECK: %[[SUMB:.+]] = prim.broadcast_in_dim %[[SUMK]], dims = [0, 1, 2, 3] : tensor<2x4x8x1xf32> -> tensor<2x4x8x6xf32>
// CHECK: %[[P:.+]] = prim.div %[[E]], %[[SUMB]] : tensor<2x4x8x6xf32>
// CHECK: %[[R:.+]] = prim.matmul %[[P]], %[[V]] : (tensor<2x4x8x6xf32>, tensor<2x4x6x32xf32>) -> tensor<2x4x8x32xf32>
// CHECK: return %[[R]]
func.func @sdpa(%q: tensor<2x4x8x16xf32>, %k: tensor<2x4x6x16xf32>, %v: tensor<2x4x6x32xf32>) -> tensor<2x4x8x32xf32> {
  %0 = aten.call "aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v) {attn_mask = #aten.none, dropout_p = 0.000000e+00 : f64, enable_gqa = false, is_causal = false, scale = #aten.none} : (tensor<2x4x8x16xf32>, tensor<2x4x6x16xf32>, tensor<2x4x6x32xf32>) -> tensor<2x4x8x32xf32>
  return %0 : tensor<2x4x8x32xf32>
}

// -----

// is_causal with an explicit scale 0.125: position (l, s) is kept where
// s <= l (torch's tril), i.e. iota(dim 1) <= iota(dim 0) on [L, S], broadcast
// over the batch and heads; the rest becomes -inf before the softmax.
// CHECK-LABEL: func.func @sdpa_causal
// CHECK-SAME: (%[[Q:.+]]: tensor<1x2x4x8xf32>, %[[K:.+]]: tensor<1x2x4x8xf32>, %[[V:.+]]: tensor<1x2x4x8xf32>)
// CHECK-DAG: %[[NEGINF:.+]] = prim.constant dense<0xFF800000> : tensor<1x2x4x4xf32>
// CHECK-DAG: %[[SCALE:.+]] = prim.constant dense<1.250000e-01> : tensor<1x2x4x4xf32>
// CHECK: %[[KT:.+]] = prim.transpose %[[K]], permutation = [0, 1, 3, 2]
// CHECK: %[[QK:.+]] = prim.matmul %[[Q]], %[[KT]]
// CHECK: %[[S:.+]] = prim.mul %[[QK]], %[[SCALE]] : tensor<1x2x4x4xf32>
// CHECK: %[[ROW:.+]] = prim.iota dim = 0 : tensor<4x4xi64>
// CHECK: %[[COL:.+]] = prim.iota dim = 1 : tensor<4x4xi64>
// CHECK: %[[KEEP:.+]] = prim.compare %[[COL]], %[[ROW]], predicate = le : tensor<4x4xi64>
// CHECK: %[[KEEPB:.+]] = prim.broadcast_in_dim %[[KEEP]], dims = [2, 3] : tensor<4x4xi1> -> tensor<1x2x4x4xi1>
// CHECK: %[[MS:.+]] = prim.select %[[KEEPB]], %[[S]], %[[NEGINF]] : tensor<1x2x4x4xi1>, tensor<1x2x4x4xf32>
// CHECK: prim.reduce max %[[MS]], dims = [3]
// CHECK: prim.sub %[[MS]], %{{.+}} : tensor<1x2x4x4xf32>
// CHECK: %[[E:.+]] = prim.exp
// CHECK: prim.reduce sum %[[E]], dims = [3]
// CHECK: %[[P:.+]] = prim.div %[[E]], %{{.+}} : tensor<1x2x4x4xf32>
// CHECK: %[[R:.+]] = prim.matmul %[[P]], %[[V]] : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
// CHECK: return %[[R]]
func.func @sdpa_causal(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x4x8xf32>, %v: tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %0 = aten.call "aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v) {attn_mask = #aten.none, dropout_p = 0.000000e+00 : f64, enable_gqa = false, is_causal = true, scale = 1.250000e-01 : f64} : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----

// A bool attn_mask keeps the scores where it is true and puts -inf elsewhere;
// the [1, 1, 4, 4] mask is broadcast over the heads. Scale 1/sqrt(8).
// CHECK-LABEL: func.func @sdpa_bool_mask
// CHECK-SAME: (%[[Q:.+]]: tensor<1x2x4x8xf32>, %[[K:.+]]: tensor<1x2x4x8xf32>, %[[V:.+]]: tensor<1x2x4x8xf32>, %[[M:.+]]: tensor<1x1x4x4xi1>)
// CHECK-DAG: %[[NEGINF:.+]] = prim.constant dense<0xFF800000> : tensor<1x2x4x4xf32>
// CHECK-DAG: %[[SCALE:.+]] = prim.constant dense<0.353553385> : tensor<1x2x4x4xf32>
// CHECK: %[[QK:.+]] = prim.matmul %[[Q]], %{{.+}} : (tensor<1x2x4x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK: %[[S:.+]] = prim.mul %[[QK]], %[[SCALE]] : tensor<1x2x4x4xf32>
// CHECK: %[[MB:.+]] = prim.broadcast_in_dim %[[M]], dims = [0, 1, 2, 3] : tensor<1x1x4x4xi1> -> tensor<1x2x4x4xi1>
// CHECK: %[[MS:.+]] = prim.select %[[MB]], %[[S]], %[[NEGINF]] : tensor<1x2x4x4xi1>, tensor<1x2x4x4xf32>
// CHECK: prim.reduce max %[[MS]], dims = [3]
// CHECK: %[[P:.+]] = prim.div
// CHECK: %[[R:.+]] = prim.matmul %[[P]], %[[V]]
// CHECK: return %[[R]]
func.func @sdpa_bool_mask(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x4x8xf32>, %v: tensor<1x2x4x8xf32>, %m: tensor<1x1x4x4xi1>) -> tensor<1x2x4x8xf32> {
  %0 = aten.call "aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v, attn_mask: %m) {dropout_p = 0.000000e+00 : f64, enable_gqa = false, is_causal = false, scale = #aten.none} : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x1x4x4xi1>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----

// A float attn_mask [L, S] is added to the scaled scores (broadcast to the
// trailing dims [2, 3]); no select.
// CHECK-LABEL: func.func @sdpa_float_mask
// CHECK-SAME: (%[[Q:.+]]: tensor<1x2x4x8xf32>, %[[K:.+]]: tensor<1x2x4x8xf32>, %[[V:.+]]: tensor<1x2x4x8xf32>, %[[M:.+]]: tensor<4x4xf32>)
// CHECK: %[[SCALE:.+]] = prim.constant dense<0.353553385> : tensor<1x2x4x4xf32>
// CHECK: %[[QK:.+]] = prim.matmul %[[Q]], %{{.+}} : (tensor<1x2x4x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK: %[[S:.+]] = prim.mul %[[QK]], %[[SCALE]] : tensor<1x2x4x4xf32>
// CHECK: %[[MB:.+]] = prim.broadcast_in_dim %[[M]], dims = [2, 3] : tensor<4x4xf32> -> tensor<1x2x4x4xf32>
// CHECK: %[[MS:.+]] = prim.add %[[S]], %[[MB]] : tensor<1x2x4x4xf32>
// CHECK-NOT: prim.select
// CHECK: prim.reduce max %[[MS]], dims = [3]
// CHECK: %[[P:.+]] = prim.div
// CHECK: %[[R:.+]] = prim.matmul %[[P]], %[[V]]
// CHECK: return %[[R]]
func.func @sdpa_float_mask(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x4x8xf32>, %v: tensor<1x2x4x8xf32>, %m: tensor<4x4xf32>) -> tensor<1x2x4x8xf32> {
  %0 = aten.call "aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v, attn_mask: %m) {dropout_p = 0.000000e+00 : f64, enable_gqa = false, is_causal = false, scale = #aten.none} : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<4x4xf32>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----

// A dynamic batch with is_causal: the scale and -inf splats and the mask
// broadcast take the `?` from the scores; the [L, S] iota mask stays static.
// CHECK-LABEL: func.func @sdpa_causal_dynamic
// CHECK-SAME: (%[[Q:.+]]: tensor<?x2x4x8xf32>, %[[K:.+]]: tensor<?x2x4x8xf32>, %[[V:.+]]: tensor<?x2x4x8xf32>)
// CHECK-DAG: %[[NEGINF:.+]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[SC:.+]] = arith.constant 0.353553385 : f32
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[KT:.+]] = prim.transpose %[[K]], permutation = [0, 1, 3, 2] : tensor<?x2x4x8xf32> -> tensor<?x2x8x4xf32>
// CHECK: %[[QK:.+]] = prim.matmul %[[Q]], %[[KT]] : (tensor<?x2x4x8xf32>, tensor<?x2x8x4xf32>) -> tensor<?x2x4x4xf32>
// CHECK: %[[N:.+]] = tensor.dim %[[QK]], %[[C0]]
// CHECK: %[[SCALE:.+]] = prim.splat %[[SC]], dynamic_sizes(%[[N]]) : f32 -> tensor<?x2x4x4xf32>
// CHECK: %[[S:.+]] = prim.mul %[[QK]], %[[SCALE]] : tensor<?x2x4x4xf32>
// CHECK: %[[NI:.+]] = prim.splat %[[NEGINF]], dynamic_sizes(%{{.+}}) : f32 -> tensor<?x2x4x4xf32>
// CHECK: %[[ROW:.+]] = prim.iota dim = 0 : tensor<4x4xi64>
// CHECK: %[[COL:.+]] = prim.iota dim = 1 : tensor<4x4xi64>
// CHECK: %[[KEEP:.+]] = prim.compare %[[COL]], %[[ROW]], predicate = le : tensor<4x4xi64>
// CHECK: %[[KEEPB:.+]] = prim.broadcast_in_dim %[[KEEP]], dims = [2, 3], dynamic_sizes(%{{.+}}) : tensor<4x4xi1> -> tensor<?x2x4x4xi1>
// CHECK: %[[MS:.+]] = prim.select %[[KEEPB]], %[[S]], %[[NI]] : tensor<?x2x4x4xi1>, tensor<?x2x4x4xf32>
// CHECK: prim.reduce max %[[MS]], dims = [3] : tensor<?x2x4x4xf32> -> tensor<?x2x4xf32>
// CHECK: %[[P:.+]] = prim.div
// CHECK: %[[R:.+]] = prim.matmul %[[P]], %[[V]] : (tensor<?x2x4x4xf32>, tensor<?x2x4x8xf32>) -> tensor<?x2x4x8xf32>
// CHECK: return %[[R]]
func.func @sdpa_causal_dynamic(%q: tensor<?x2x4x8xf32>, %k: tensor<?x2x4x8xf32>, %v: tensor<?x2x4x8xf32>) -> tensor<?x2x4x8xf32> {
  %0 = aten.call "aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v) {attn_mask = #aten.none, dropout_p = 0.000000e+00 : f64, enable_gqa = false, is_causal = true, scale = #aten.none} : (tensor<?x2x4x8xf32>, tensor<?x2x4x8xf32>, tensor<?x2x4x8xf32>) -> tensor<?x2x4x8xf32>
  return %0 : tensor<?x2x4x8xf32>
}

// -----

// Batch dims broadcast as in torch's matmul: k, v [1, 4, ..] meet q
// [2, 4, ..], so both are broadcast to the result's batch [2, 4] first.
// CHECK-LABEL: func.func @sdpa_broadcast_batch
// CHECK-SAME: (%[[Q:.+]]: tensor<2x4x5x8xf32>, %[[K:.+]]: tensor<1x4x6x8xf32>, %[[V:.+]]: tensor<1x4x6x8xf32>)
// CHECK-DAG: %[[KB:.+]] = prim.broadcast_in_dim %[[K]], dims = [0, 1, 2, 3] : tensor<1x4x6x8xf32> -> tensor<2x4x6x8xf32>
// CHECK-DAG: %[[VB:.+]] = prim.broadcast_in_dim %[[V]], dims = [0, 1, 2, 3] : tensor<1x4x6x8xf32> -> tensor<2x4x6x8xf32>
// CHECK: %[[KT:.+]] = prim.transpose %[[KB]], permutation = [0, 1, 3, 2]
// CHECK: prim.matmul %[[Q]], %[[KT]] : (tensor<2x4x5x8xf32>, tensor<2x4x8x6xf32>) -> tensor<2x4x5x6xf32>
// CHECK: %[[R:.+]] = prim.matmul %{{.+}}, %[[VB]] : (tensor<2x4x5x6xf32>, tensor<2x4x6x8xf32>) -> tensor<2x4x5x8xf32>
// CHECK: return %[[R]]
func.func @sdpa_broadcast_batch(%q: tensor<2x4x5x8xf32>, %k: tensor<1x4x6x8xf32>, %v: tensor<1x4x6x8xf32>) -> tensor<2x4x5x8xf32> {
  %0 = aten.call "aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v) {attn_mask = #aten.none, dropout_p = 0.000000e+00 : f64, enable_gqa = false, is_causal = false, scale = #aten.none} : (tensor<2x4x5x8xf32>, tensor<1x4x6x8xf32>, tensor<1x4x6x8xf32>) -> tensor<2x4x5x8xf32>
  return %0 : tensor<2x4x5x8xf32>
}

// -----

// Grouped-query attention, 4 query heads on 2 key/value heads: each kv head
// is repeated twice in place (repeat_interleave: head h reads kv head h/2),
// a [.., 2, 2, S, E] broadcast then merged to [.., 4, S, E].
// CHECK-LABEL: func.func @sdpa_gqa
// CHECK-SAME: (%[[Q:.+]]: tensor<1x4x5x8xf32>, %[[K:.+]]: tensor<1x2x5x8xf32>, %[[V:.+]]: tensor<1x2x5x8xf32>)
// CHECK: %[[KS:.+]] = prim.broadcast_in_dim %[[K]], dims = [0, 1, 3, 4] : tensor<1x2x5x8xf32> -> tensor<1x2x2x5x8xf32>
// CHECK: %[[KR:.+]] = prim.reshape %[[KS]] : tensor<1x2x2x5x8xf32> -> tensor<1x4x5x8xf32>
// CHECK: %[[VS:.+]] = prim.broadcast_in_dim %[[V]], dims = [0, 1, 3, 4] : tensor<1x2x5x8xf32> -> tensor<1x2x2x5x8xf32>
// CHECK: %[[VR:.+]] = prim.reshape %[[VS]] : tensor<1x2x2x5x8xf32> -> tensor<1x4x5x8xf32>
// CHECK: prim.transpose %[[KR]], permutation = [0, 1, 3, 2]
// CHECK: %[[R:.+]] = prim.matmul %{{.+}}, %[[VR]] : (tensor<1x4x5x5xf32>, tensor<1x4x5x8xf32>) -> tensor<1x4x5x8xf32>
// CHECK: return %[[R]]
func.func @sdpa_gqa(%q: tensor<1x4x5x8xf32>, %k: tensor<1x2x5x8xf32>, %v: tensor<1x2x5x8xf32>) -> tensor<1x4x5x8xf32> {
  %0 = aten.call "aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v) {attn_mask = #aten.none, dropout_p = 0.000000e+00 : f64, enable_gqa = true, is_causal = true, scale = #aten.none} : (tensor<1x4x5x8xf32>, tensor<1x2x5x8xf32>, tensor<1x2x5x8xf32>) -> tensor<1x4x5x8xf32>
  return %0 : tensor<1x4x5x8xf32>
}

// -----

// float16 attention runs in float32 and rounds once at the end.
// CHECK-LABEL: func.func @sdpa_f16
// CHECK-SAME: (%[[Q:.+]]: tensor<1x2x3x4xf16>, %[[K:.+]]: tensor<1x2x3x4xf16>, %[[V:.+]]: tensor<1x2x3x4xf16>)
// CHECK-DAG: %[[Q32:.+]] = prim.convert %[[Q]] : tensor<1x2x3x4xf16> -> tensor<1x2x3x4xf32>
// CHECK-DAG: %[[K32:.+]] = prim.convert %[[K]] : tensor<1x2x3x4xf16> -> tensor<1x2x3x4xf32>
// CHECK-DAG: %[[V32:.+]] = prim.convert %[[V]] : tensor<1x2x3x4xf16> -> tensor<1x2x3x4xf32>
// CHECK: %[[O:.+]] = prim.matmul %{{.+}}, %[[V32]] : (tensor<1x2x3x3xf32>, tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
// CHECK: %[[R:.+]] = prim.convert %[[O]] : tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf16>
// CHECK: return %[[R]]
func.func @sdpa_f16(%q: tensor<1x2x3x4xf16>, %k: tensor<1x2x3x4xf16>, %v: tensor<1x2x3x4xf16>) -> tensor<1x2x3x4xf16> {
  %0 = aten.call "aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v) {attn_mask = #aten.none, dropout_p = 0.000000e+00 : f64, enable_gqa = false, is_causal = false, scale = #aten.none} : (tensor<1x2x3x4xf16>, tensor<1x2x3x4xf16>, tensor<1x2x3x4xf16>) -> tensor<1x2x3x4xf16>
  return %0 : tensor<1x2x3x4xf16>
}
