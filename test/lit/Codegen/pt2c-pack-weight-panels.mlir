// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pt2c-pack-weight-panels{panel=16}))' | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pt2c-pack-weight-panels{panel=16}),pt2c-tile-contractions)' | FileCheck %s --check-prefix=TILED

// A linear layer's weight [K=64, N=32], read as the rhs (k, n) of a
// row-major contraction: stored as 2 panels of 16 columns, [2, 64, 16];
// the contraction gets a panel loop before its column loop and writes the
// output viewed as [12, 2, 16].
// CHECK-DAG: = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-DAG: = affine_map<(d0, d1, d2, d3) -> (d2, d1, d3)>
// CHECK-DAG: = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-LABEL: func.func @linear
// CHECK-SAME: (%[[W:.+]]: tensor<2x64x16xf32> {pt2c.weight = "fc.weight", pt2c.weight_panel = 16 : i64}, %[[X:.+]]: tensor<12x64xf32> {pt2c.input = "x"}) -> tensor<12x32xf32>
// CHECK: %[[ACC:.+]] = linalg.fill
// CHECK: %[[ACC3:.+]] = tensor.expand_shape %[[ACC]] {{\[\[}}0], [1, 2]] output_shape [12, 2, 16] : tensor<12x32xf32> into tensor<12x2x16xf32>
// CHECK: %[[R3:.+]] = linalg.generic {indexing_maps = [{{.+}}], iterator_types = ["parallel", "reduction", "parallel", "parallel"]} ins(%[[X]], %[[W]] : tensor<12x64xf32>, tensor<2x64x16xf32>) outs(%[[ACC3]] : tensor<12x2x16xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[R:.+]] = tensor.collapse_shape %[[R3]] {{\[\[}}0], [1, 2]] : tensor<12x2x16xf32> into tensor<12x32xf32>
// CHECK: return %[[R]]
// The packed form is still a register-tiled contraction: one tile per
// panel and 6 rows, its rhs one contiguous 16-float row of the panel per k.
// TILED-LABEL: func.func @linear
// TILED: scf.for %[[P:.+]] = %{{.+}} to %c2 step %{{.+}} iter_args
// TILED: scf.for %[[M:.+]] = %{{.+}} to %c12 step %c6 iter_args
// TILED: vector.transfer_read %{{.+}}[%[[M]], %[[P]], %{{.+}}]{{.*}} : tensor<12x2x16xf32>, vector<6x1x16xf32>
// TILED: scf.for %[[K:.+]] = %{{.+}} to %c64 step %{{.+}} iter_args
// TILED: vector.transfer_read %arg0[%[[P]], %[[K]], %{{.+}}]{{.*}} : tensor<2x64x16xf32>, vector<16xf32>
// TILED: vector.contract
#lhs = affine_map<(m, k, n) -> (m, k)>
#rhs = affine_map<(m, k, n) -> (k, n)>
#out = affine_map<(m, k, n) -> (m, n)>
func.func @linear(%w: tensor<64x32xf32> {pt2c.weight = "fc.weight"}, %x: tensor<12x64xf32> {pt2c.input = "x"}) -> tensor<12x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<12x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<12x32xf32>) -> tensor<12x32xf32>
  %r = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %w : tensor<12x64xf32>, tensor<64x32xf32>) outs(%acc : tensor<12x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<12x32xf32>
  return %r : tensor<12x32xf32>
}

// -----

// A batched matmul that broadcasts the weight over the batch: the batch
// loop stays outermost, the panel loop goes before the columns.
// CHECK-DAG: = affine_map<(d0, d1, d2, d3, d4) -> (d3, d2, d4)>
// CHECK-DAG: = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
// CHECK-LABEL: func.func @batched
// CHECK-SAME: tensor<3x8x16xf32> {pt2c.weight = "w", pt2c.weight_panel = 16 : i64}
// CHECK: tensor.expand_shape %{{.+}} {{\[\[}}0], [1], [2, 3]] output_shape [2, 5, 3, 16] : tensor<2x5x48xf32> into tensor<2x5x3x16xf32>
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "parallel", "reduction", "parallel", "parallel"]}
// CHECK: tensor.collapse_shape %{{.+}} {{\[\[}}0], [1], [2, 3]] : tensor<2x5x3x16xf32> into tensor<2x5x48xf32>
func.func @batched(%w: tensor<8x48xf32> {pt2c.weight = "w"}, %x: tensor<2x5x8xf32>, %acc: tensor<2x5x48xf32>) -> tensor<2x5x48xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, k, n) -> (b, m, k)>, affine_map<(b, m, k, n) -> (k, n)>, affine_map<(b, m, k, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
      ins(%x, %w : tensor<2x5x8xf32>, tensor<8x48xf32>) outs(%acc : tensor<2x5x48xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x5x48xf32>
  return %r : tensor<2x5x48xf32>
}

// -----

// Columns past the last whole panel: a tied LM head read transposed, [K=64,
// N=37]: its 2 whole panels are packed in place ([2, 64, 16], columns [0,
// 32)), the last 5 columns become a weight argument of their own after the
// last weight ([64, 5], the same archive tensor and permutation, columns
// [32, 37)). The contraction is split along its output columns: the packed
// part writes columns 0-31, the tail, sliced from that result, 32-36.
// CHECK-LABEL: func.func @tail
// CHECK-SAME: (%[[W:.+]]: tensor<2x64x16xf32> {pt2c.weight = "head.weight", pt2c.weight_columns = array<i64: 0, 32>, pt2c.weight_panel = 16 : i64, pt2c.weight_permutation = array<i64: 1, 0>},
// CHECK-SAME: %[[BIAS:.+]]: tensor<37xf32> {pt2c.weight = "head.bias"},
// CHECK-SAME: %[[T:.+]]: tensor<64x5xf32> {pt2c.weight = "head.weight", pt2c.weight_columns = array<i64: 32, 37>, pt2c.weight_permutation = array<i64: 1, 0>},
// CHECK-SAME: %[[X:.+]]: tensor<12x64xf32> {pt2c.input = "x"}) -> tensor<12x37xf32>
// CHECK: %[[ACC:.+]] = linalg.fill
// CHECK: %[[FRONT:.+]] = tensor.extract_slice %[[ACC]][0, 0] [12, 32] [1, 1] : tensor<12x37xf32> to tensor<12x32xf32>
// CHECK: %[[FRONT3:.+]] = tensor.expand_shape %[[FRONT]] {{\[\[}}0], [1, 2]] output_shape [12, 2, 16]
// CHECK: %[[P3:.+]] = linalg.generic {{.+}} ins(%[[X]], %[[W]] : tensor<12x64xf32>, tensor<2x64x16xf32>) outs(%[[FRONT3]] : tensor<12x2x16xf32>)
// CHECK: %[[P:.+]] = tensor.collapse_shape %[[P3]]
// CHECK: %[[WITH:.+]] = tensor.insert_slice %[[P]] into %[[ACC]][0, 0] [12, 32] [1, 1] : tensor<12x32xf32> into tensor<12x37xf32>
// CHECK: %[[BACK:.+]] = tensor.extract_slice %[[WITH]][0, 32] [12, 5] [1, 1] : tensor<12x37xf32> to tensor<12x5xf32>
// CHECK: %[[TR:.+]] = linalg.generic {{.+}} ins(%[[X]], %[[T]] : tensor<12x64xf32>, tensor<64x5xf32>) outs(%[[BACK]] : tensor<12x5xf32>)
// CHECK: %[[R:.+]] = tensor.insert_slice %[[TR]] into %[[WITH]][0, 32] [12, 5] [1, 1] : tensor<12x5xf32> into tensor<12x37xf32>
// CHECK: return %[[R]]
// Both parts are register-tiled: the packed one in 16-column panels, the
// tail (narrower than a vector) as tiles of its own.
// TILED-LABEL: func.func @tail
// TILED-COUNT-2: vector.contract
#lhs = affine_map<(m, k, n) -> (m, k)>
#rhs = affine_map<(m, k, n) -> (k, n)>
#out = affine_map<(m, k, n) -> (m, n)>
func.func @tail(%w: tensor<64x37xf32> {pt2c.weight = "head.weight", pt2c.weight_permutation = array<i64: 1, 0>},
                %b: tensor<37xf32> {pt2c.weight = "head.bias"},
                %x: tensor<12x64xf32> {pt2c.input = "x"}) -> tensor<12x37xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<12x37xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<12x37xf32>) -> tensor<12x37xf32>
  %r = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %w : tensor<12x64xf32>, tensor<64x37xf32>) outs(%acc : tensor<12x37xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %p = arith.mulf %a, %c : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<12x37xf32>
  return %r : tensor<12x37xf32>
}

// -----

// Kept as they are: fewer than 2 whole panels (24 columns: one and a
// half), a single panel (nothing to gain), a weight also read another way (returned
// here; a tied embedding is gathered), a weight read as the lhs, and a user
// input (its layout is the caller's).
// CHECK-LABEL: func.func @kept
// CHECK-NOT: pt2c.weight_panel
// CHECK-NOT: tensor.expand_shape
#lhs = affine_map<(m, k, n) -> (m, k)>
#rhs = affine_map<(m, k, n) -> (k, n)>
#out = affine_map<(m, k, n) -> (m, n)>
func.func @kept(%w24: tensor<8x24xf32> {pt2c.weight = "w24"}, %w16: tensor<8x16xf32> {pt2c.weight = "w16"},
                %tied: tensor<8x32xf32> {pt2c.weight = "tied"}, %left: tensor<4x8xf32> {pt2c.weight = "left"},
                %input: tensor<8x32xf32> {pt2c.input = "y"}, %x: tensor<4x8xf32>, %y: tensor<8x32xf32>)
    -> (tensor<4x24xf32>, tensor<4x16xf32>, tensor<4x32xf32>, tensor<8x32xf32>, tensor<4x32xf32>, tensor<4x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %e24 = tensor.empty() : tensor<4x24xf32>
  %a24 = linalg.fill ins(%zero : f32) outs(%e24 : tensor<4x24xf32>) -> tensor<4x24xf32>
  %r24 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %w24 : tensor<4x8xf32>, tensor<8x24xf32>) outs(%a24 : tensor<4x24xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x24xf32>
  %e16 = tensor.empty() : tensor<4x16xf32>
  %a16 = linalg.fill ins(%zero : f32) outs(%e16 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r16 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %w16 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%a16 : tensor<4x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  %e32 = tensor.empty() : tensor<4x32xf32>
  %a32 = linalg.fill ins(%zero : f32) outs(%e32 : tensor<4x32xf32>) -> tensor<4x32xf32>
  %rtied = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %tied : tensor<4x8xf32>, tensor<8x32xf32>) outs(%a32 : tensor<4x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x32xf32>
  %rleft = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%left, %y : tensor<4x8xf32>, tensor<8x32xf32>) outs(%a32 : tensor<4x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x32xf32>
  %rinput = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %input : tensor<4x8xf32>, tensor<8x32xf32>) outs(%a32 : tensor<4x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x32xf32>
  return %r24, %r16, %rtied, %tied, %rleft, %rinput : tensor<4x24xf32>, tensor<4x16xf32>, tensor<4x32xf32>, tensor<8x32xf32>, tensor<4x32xf32>, tensor<4x32xf32>
}
