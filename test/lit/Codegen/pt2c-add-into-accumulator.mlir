// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pt2c-add-into-accumulator))' | FileCheck %s

// A linear layer (zero-filled matmul, then the broadcast bias added) and a
// residual added after it: the bias becomes the matmul's starting
// accumulator (no zeros added), then the residual is added to that start,
// and the matmul, accumulating into it, replaces both adds.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @linear_residual
// CHECK-SAME: (%[[X:.+]]: tensor<12x64xf32>, %[[W:.+]]: tensor<64x32xf32>, %[[B:.+]]: tensor<32xf32>, %[[RES:.+]]: tensor<12x32xf32>)
// CHECK: %[[BIAS:.+]] = linalg.generic {indexing_maps = [#[[$ROW]], #[[$ID]]], {{.+}}} ins(%[[B]] : tensor<32xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]]
// CHECK: %[[START:.+]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]]], {{.+}}} ins(%[[RES]], %[[BIAS]] : tensor<12x32xf32>, tensor<12x32xf32>)
// CHECK-NEXT: ^bb0(%[[R:.+]]: f32, %[[OLD:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT: %[[SUM:.+]] = arith.addf %[[OLD]], %[[R]]
// CHECK-NEXT: linalg.yield %[[SUM]]
// CHECK: %[[MM:.+]] = linalg.generic {{.+}} ins(%[[X]], %[[W]] : tensor<12x64xf32>, tensor<64x32xf32>) outs(%[[START]] : tensor<12x32xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return %[[MM]]
#lhs = affine_map<(m, k, n) -> (m, k)>
#rhs = affine_map<(m, k, n) -> (k, n)>
#out = affine_map<(m, k, n) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#row = affine_map<(m, n) -> (n)>
func.func @linear_residual(%x: tensor<12x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32xf32>, %res: tensor<12x32xf32>) -> tensor<12x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<12x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<12x32xf32>) -> tensor<12x32xf32>
  %mm = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %w : tensor<12x64xf32>, tensor<64x32xf32>) outs(%acc : tensor<12x32xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %p = arith.mulf %a, %c : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<12x32xf32>
  %biased = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<12x32xf32>, tensor<32xf32>) outs(%e : tensor<12x32xf32>) {
  ^bb0(%m: f32, %v: f32, %o: f32):
    %s = arith.addf %m, %v : f32
    linalg.yield %s : f32
  } -> tensor<12x32xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%res, %biased : tensor<12x32xf32>, tensor<12x32xf32>) outs(%e : tensor<12x32xf32>) {
  ^bb0(%r: f32, %m: f32, %o: f32):
    %s = arith.addf %r, %m : f32
    linalg.yield %s : f32
  } -> tensor<12x32xf32>
  return %sum : tensor<12x32xf32>
}

// -----

// A packed contraction (pt2c-pack-weight-panels: the output viewed as
// [12, 2, 16]): the new start is built at the add's shape and viewed the
// same way.
// CHECK-LABEL: func.func @packed
// CHECK: %[[START:.+]] = linalg.generic {{.+}} ins(%{{.+}} : tensor<32xf32>) outs(%{{.+}} : tensor<12x32xf32>)
// CHECK: %[[START3:.+]] = tensor.expand_shape %[[START]] {{\[\[}}0], [1, 2]] output_shape [12, 2, 16]
// CHECK: %[[MM3:.+]] = linalg.generic {{.+}} outs(%[[START3]] : tensor<12x2x16xf32>)
// CHECK: %[[MM:.+]] = tensor.collapse_shape %[[MM3]]
// CHECK-NOT: linalg.generic
// CHECK: return %[[MM]]
#lhs = affine_map<(m, k, p, n) -> (m, k)>
#rhs = affine_map<(m, k, p, n) -> (p, k, n)>
#out = affine_map<(m, k, p, n) -> (m, p, n)>
#id = affine_map<(m, n) -> (m, n)>
#row = affine_map<(m, n) -> (n)>
func.func @packed(%x: tensor<12x64xf32>, %w: tensor<2x64x16xf32>, %b: tensor<32xf32>) -> tensor<12x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<12x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<12x32xf32>) -> tensor<12x32xf32>
  %acc3 = tensor.expand_shape %acc [[0], [1, 2]] output_shape [12, 2, 16] : tensor<12x32xf32> into tensor<12x2x16xf32>
  %mm3 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x, %w : tensor<12x64xf32>, tensor<2x64x16xf32>) outs(%acc3 : tensor<12x2x16xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %p = arith.mulf %a, %c : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<12x2x16xf32>
  %mm = tensor.collapse_shape %mm3 [[0], [1, 2]] : tensor<12x2x16xf32> into tensor<12x32xf32>
  %biased = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<12x32xf32>, tensor<32xf32>) outs(%e : tensor<12x32xf32>) {
  ^bb0(%m: f32, %v: f32, %o: f32):
    %s = arith.addf %m, %v : f32
    linalg.yield %s : f32
  } -> tensor<12x32xf32>
  return %biased : tensor<12x32xf32>
}

// -----

// Kept: a matmul result that is also returned (the add is not its only
// use), and one added after a broadcast (the add reads it with another
// map, so it is not the add's shape).
// CHECK-LABEL: func.func @kept
// CHECK: %[[MM:.+]] = linalg.generic {{.+}} outs(%{{.+}} : tensor<12x32xf32>)
// CHECK: %[[ADD:.+]] = linalg.generic {{.+}} ins(%[[MM]], %{{.+}} : tensor<12x32xf32>, tensor<32xf32>)
// CHECK: %[[MM2:.+]] = linalg.generic {{.+}} outs(%{{.+}} : tensor<1x32xf32>)
// CHECK: %[[ADD2:.+]] = linalg.generic {{.+}} ins(%[[MM2]], %{{.+}} : tensor<1x32xf32>, tensor<12x32xf32>)
// CHECK: return %[[MM]], %[[ADD]], %[[ADD2]]
#lhs = affine_map<(m, k, n) -> (m, k)>
#rhs = affine_map<(m, k, n) -> (k, n)>
#out = affine_map<(m, k, n) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#row = affine_map<(m, n) -> (n)>
#first = affine_map<(m, n) -> (0, n)>
func.func @kept(%x: tensor<12x64xf32>, %x1: tensor<1x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32xf32>, %res: tensor<12x32xf32>)
    -> (tensor<12x32xf32>, tensor<12x32xf32>, tensor<12x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<12x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<12x32xf32>) -> tensor<12x32xf32>
  %mm = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %w : tensor<12x64xf32>, tensor<64x32xf32>) outs(%acc : tensor<12x32xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %p = arith.mulf %a, %c : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<12x32xf32>
  %biased = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<12x32xf32>, tensor<32xf32>) outs(%e : tensor<12x32xf32>) {
  ^bb0(%m: f32, %v: f32, %o: f32):
    %s = arith.addf %m, %v : f32
    linalg.yield %s : f32
  } -> tensor<12x32xf32>
  %e1 = tensor.empty() : tensor<1x32xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x32xf32>) -> tensor<1x32xf32>
  %mm1 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x1, %w : tensor<1x64xf32>, tensor<64x32xf32>) outs(%acc1 : tensor<1x32xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %p = arith.mulf %a, %c : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x32xf32>
  %spread = linalg.generic {indexing_maps = [#first, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm1, %res : tensor<1x32xf32>, tensor<12x32xf32>) outs(%e : tensor<12x32xf32>) {
  ^bb0(%m: f32, %r: f32, %o: f32):
    %s = arith.addf %m, %r : f32
    linalg.yield %s : f32
  } -> tensor<12x32xf32>
  return %mm, %biased, %spread : tensor<12x32xf32>, tensor<12x32xf32>, tensor<12x32xf32>
}
