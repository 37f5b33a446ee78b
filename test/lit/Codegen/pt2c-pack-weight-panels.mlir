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

// Kept as they are: columns that are not a whole number of panels (24), a
// single panel (nothing to gain), a weight also read another way (returned
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
