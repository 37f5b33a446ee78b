// RUN: %pt2c-opt %s --pt2c-fuse-elementwise='broadcast-into-contractions=false generalize-reductions=true recompute-cheap-producers=true' | FileCheck %s
// RUN: %pt2c-opt %s --pt2c-fuse-elementwise='broadcast-into-contractions=false generalize-reductions=true' | FileCheck %s --check-prefix=KEPT

// A 16-bit layer norm's centring, x - mean (x widened from bfloat16), has
// two users: the variance's sum of squares and the normalization. With
// recompute-cheap-producers each recomputes it from the bfloat16 x (no
// wider than the float32 result) and the row's mean: no float32 copy is
// written and read back.
// CHECK-LABEL: func.func @layer_norm_centring
// CHECK: %[[VAR:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg1 : tensor<4x8xbf16>, tensor<4x1xf32>)
// CHECK: arith.extf
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: %[[NORM:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x8xbf16>, tensor<4x1xf32>)
// CHECK: arith.subf
// CHECK: arith.truncf
// CHECK: return %[[VAR]], %[[NORM]]
// Without it, the centred float32 tensor is computed once and read twice.
// KEPT-LABEL: func.func @layer_norm_centring
// KEPT: %[[C:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<4x8xf32>)
// KEPT: linalg.generic {{.*}} ins(%[[C]] : tensor<4x8xf32>)
// KEPT: linalg.generic {{.*}} ins(%[[C]] : tensor<4x8xf32>)
#id = affine_map<(a, b) -> (a, b)>
#row = affine_map<(a, b) -> (a, 0)>
#red = affine_map<(a, b) -> (a)>
func.func @layer_norm_centring(%x: tensor<4x8xbf16>, %m: tensor<4x1xf32>) -> (tensor<4xf32>, tensor<4x8xbf16>) {
  %c = arith.constant 0.5 : f32
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %centered = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<4x8xbf16>, tensor<4x1xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: bf16, %b: f32, %o: f32):
    %w = arith.extf %a : bf16 to f32
    %s = arith.mulf %b, %c : f32
    %d = arith.subf %w, %s : f32
    linalg.yield %d : f32
  } -> tensor<4x8xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]} ins(%centered : tensor<4x8xf32>) outs(%f : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %q = arith.mulf %a, %a : f32
    %r = arith.addf %q, %o : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4x8xbf16>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%centered : tensor<4x8xf32>) outs(%e2 : tensor<4x8xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %t = arith.truncf %a : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<4x8xbf16>
  return %sum, %n : tensor<4xf32>, tensor<4x8xbf16>
}

// A producer that reads more than it writes (two full-size bfloat16
// inputs for one bfloat16 result, a residual add) stays shared.
// CHECK-LABEL: func.func @residual_kept
// CHECK: %[[ADD:.+]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<4x8xbf16>, tensor<4x8xbf16>)
// CHECK: linalg.generic {{.*}} ins(%[[ADD]] : tensor<4x8xbf16>)
// CHECK: linalg.generic {{.*}} ins(%[[ADD]] : tensor<4x8xbf16>)
func.func @residual_kept(%x: tensor<4x8xbf16>, %y: tensor<4x8xbf16>) -> (tensor<4x8xf32>, tensor<4x8xbf16>) {
  %e = tensor.empty() : tensor<4x8xbf16>
  %add = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<4x8xbf16>, tensor<4x8xbf16>) outs(%e : tensor<4x8xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %o: bf16):
    %s = arith.addf %a, %b : bf16
    linalg.yield %s : bf16
  } -> tensor<4x8xbf16>
  %e1 = tensor.empty() : tensor<4x8xf32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%add : tensor<4x8xbf16>) outs(%e1 : tensor<4x8xf32>) {
  ^bb0(%a: bf16, %o: f32):
    %t = arith.extf %a : bf16 to f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%add : tensor<4x8xbf16>) outs(%e : tensor<4x8xbf16>) {
  ^bb0(%a: bf16, %o: bf16):
    %t = arith.negf %a : bf16
    linalg.yield %t : bf16
  } -> tensor<4x8xbf16>
  return %w, %n : tensor<4x8xf32>, tensor<4x8xbf16>
}

// -----

// A cheap producer with two users, one of them a reshape: the control
// function is asked about folding it through the reshape too (reshape
// propagation), whose owner is no loop nest (this crashed the compiler:
// squeezenet with --conv-layout nhwc). Here the widening moves below the
// reshape, and is recomputed in the negation.
// CHECK-LABEL: func.func @cheap_producer_into_reshape
// CHECK: %[[SPLIT:.+]] = tensor.expand_shape %arg0
// CHECK: %[[WIDE:.+]] = linalg.generic {{.*}} ins(%[[SPLIT]] : tensor<2x4x2x4xbf16>)
// CHECK: %[[NEG:.+]] = linalg.generic {{.*}} ins(%arg0 : tensor<2x4x8xbf16>)
// CHECK: arith.extf
// CHECK-NEXT: arith.negf
// CHECK: return %[[NEG]], %[[WIDE]]
func.func @cheap_producer_into_reshape(%x: tensor<2x4x8xbf16>) -> (tensor<2x4x8xf32>, tensor<2x4x2x4xf32>) {
  %e = tensor.empty() : tensor<2x4x8xf32>
  %wide = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>],
                          iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x4x8xbf16>) outs(%e : tensor<2x4x8xf32>) {
  ^bb0(%a: bf16, %o: f32):
    %w = arith.extf %a : bf16 to f32
    linalg.yield %w : f32
  } -> tensor<2x4x8xf32>
  %neg = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%wide : tensor<2x4x8xf32>) outs(%e : tensor<2x4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<2x4x8xf32>
  %split = tensor.expand_shape %wide [[0], [1], [2, 3]] output_shape [2, 4, 2, 4] : tensor<2x4x8xf32> into tensor<2x4x2x4xf32>
  return %neg, %split : tensor<2x4x8xf32>, tensor<2x4x2x4xf32>
}
