// RUN: %pt2c-opt %s --split-input-file --pt2c-tile-contractions='k-block=40' --canonicalize --cse | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pt2c-tile-contractions='k-block=0' --canonicalize --cse | FileCheck %s --check-prefix=WHOLE

// K = 100 with blocks of at most 40: 3 equal-as-possible blocks of 34 (the
// last 32), an scf.for around the whole register tiling that carries the
// output; each tile reads its accumulator once per block and walks the
// block's k, its lhs read at the block's offset.
// CHECK-DAG: #[[$LEN:.+]] = affine_map<(d0) -> (-d0 + 100, 34)>
// CHECK-LABEL: func.func @long
// CHECK: scf.for %[[KB:.+]] = %c0 to %c100 step %c34 iter_args(%[[OUT:.+]] = %arg2) -> (tensor<12x32xf32>)
// CHECK: %[[N:.+]] = affine.min #[[$LEN]](%[[KB]])
// CHECK: scf.for %[[COL:.+]] = %c0 to %c32 step %c16
// CHECK: scf.for %[[ROW:.+]] = %c0 to %c12 step %c6
// CHECK: vector.transfer_read %{{.+}}[%[[ROW]], %[[COL]]]{{.*}} : tensor<12x32xf32>, vector<6x16xf32>
// CHECK: scf.for %[[K:.+]] = %c0 to %[[N]] step %c1
// CHECK: vector.contract
// A reduction that fits one block, or blocking off: the k loop runs over
// all of K, no loop around the tiles.
// WHOLE-LABEL: func.func @long
// WHOLE-NOT: affine.min
// WHOLE: scf.for %{{.+}} = %c0 to %c32 step %c16
// WHOLE: scf.for %{{.+}} = %c0 to %c100 step %c1
#lhs = affine_map<(m, k, n) -> (m, k)>
#rhs = affine_map<(m, k, n) -> (k, n)>
#out = affine_map<(m, k, n) -> (m, n)>
func.func @long(%x: tensor<12x100xf32>, %w: tensor<100x32xf32>, %acc: tensor<12x32xf32>) -> tensor<12x32xf32> {
  %r = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %w : tensor<12x100xf32>, tensor<100x32xf32>) outs(%acc : tensor<12x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<12x32xf32>
  return %r : tensor<12x32xf32>
}

// -----

// K = 40 fits one block of 40: no block loop.
// CHECK-LABEL: func.func @fits
// CHECK-NOT: affine.min
// CHECK: scf.for %{{.+}} = %c0 to %c40 step %c1
#lhs = affine_map<(m, k, n) -> (m, k)>
#rhs = affine_map<(m, k, n) -> (k, n)>
#out = affine_map<(m, k, n) -> (m, n)>
func.func @fits(%x: tensor<12x40xf32>, %w: tensor<40x32xf32>, %acc: tensor<12x32xf32>) -> tensor<12x32xf32> {
  %r = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %w : tensor<12x40xf32>, tensor<40x32xf32>) outs(%acc : tensor<12x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<12x32xf32>
  return %r : tensor<12x32xf32>
}
