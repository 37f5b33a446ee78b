// RUN: %pt2c-opt %s --split-input-file --pt2c-tile-contractions="vector-bits=512" --canonicalize --cse | FileCheck %s

// With AVX-512 (vector-bits=512) the register tile is 8 rows x 32 columns
// (2 zmm per row, 16 accumulators). A 20x64 by 64x48 matmul: columns split
// into 32 + one 16-wide vector part, rows into 8-row tiles and a 4-row
// remainder.
// CHECK-LABEL: func.func @avx512
// CHECK: scf.for {{.+}} -> (vector<8x32xf32>)
// CHECK:   vector.transfer_read %arg1[{{.+}}]{{.*}} : tensor<64x48xf32>, vector<32xf32>
// CHECK:   vector.contract {{.+}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK: scf.for {{.+}} -> (vector<4x32xf32>)
// CHECK: scf.for {{.+}} -> (vector<8x16xf32>)
// CHECK:   vector.contract {{.+}} : vector<8x1xf32>, vector<1x16xf32> into vector<8x16xf32>
// CHECK: scf.for {{.+}} -> (vector<4x16xf32>)
// CHECK-NOT: linalg.generic
func.func @avx512(%a: tensor<20x64xf32>, %b: tensor<64x48xf32>, %c: tensor<20x48xf32>) -> tensor<20x48xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<20x64xf32>, tensor<64x48xf32>) outs(%c : tensor<20x48xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<20x48xf32>
  return %r : tensor<20x48xf32>
}

// -----

// 49 rows (resnet50's 7x7 positions along its filters): 8-row tiles would
// leave a 1-row tile, two chains of dependent FMAs; 7 tiles of 7 rows
// leave none.
// CHECK-LABEL: func.func @seven_row_tiles
// CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c7
// CHECK: scf.for {{.+}} -> (vector<7x32xf32>)
// CHECK:   vector.contract {{.+}} : vector<7x1xf32>, vector<1x32xf32> into vector<7x32xf32>
// CHECK-NOT: vector<1x32xf32> into vector<1x32xf32>
// CHECK-NOT: linalg.generic
func.func @seven_row_tiles(%a: tensor<49x64xf32>, %b: tensor<64x32xf32>, %c: tensor<49x32xf32>) -> tensor<49x32xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<49x64xf32>, tensor<64x32xf32>) outs(%c : tensor<49x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<49x32xf32>
  return %r : tensor<49x32xf32>
}
