// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-vectorize-copies{max-vector-elements=64}))' | FileCheck %s
// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-vectorize-copies{vector-bits=512}))' | FileCheck %s --check-prefix=WIDE

// A convolution's window copy (im2col of a padded 3x3 input, rows of 28
// output positions): loops over channel, kh, kw and output row; each row
// one 28-wide load from the input row shifted by kh and kw, one store.
// CHECK: #[[$SUM:.*]] = affine_map<(d0, d1) -> (d0 + d1)>
// CHECK-LABEL: func.func @window_copy
// CHECK:         scf.for %[[C:.*]] = %c0 to %c8 step %c1 {
// CHECK-NEXT:      scf.for %[[KH:.*]] = %c0{{.*}} to %c3 step %c1{{.*}} {
// CHECK-NEXT:        scf.for %[[KW:.*]] = %c0{{.*}} to %c3{{.*}} step %c1{{.*}} {
// CHECK-NEXT:          scf.for %[[H:.*]] = %c0{{.*}} to %c4 step %c1{{.*}} {
// CHECK:                 %[[Y:.*]] = affine.apply #[[$SUM]](%[[KH]], %[[H]])
// CHECK-NEXT:            %[[ROW:.*]] = vector.load %arg0[%[[C]], %[[Y]], %[[KW]]] : memref<8x6x30xf32>, vector<28xf32>
// CHECK-NEXT:            vector.store %[[ROW]], %arg1[%[[C]], %[[KH]], %[[KW]], %[[H]], %{{.*}}] : memref<8x3x3x4x28xf32>, vector<28xf32>
// CHECK-NOT:     linalg.generic
func.func @window_copy(%x: memref<8x6x30xf32>, %windows: memref<8x3x3x4x28xf32>) {
  linalg.generic {indexing_maps = [affine_map<(c, kh, kw, h, w) -> (c, h + kh, w + kw)>,
                                   affine_map<(c, kh, kw, h, w) -> (c, kh, kw, h, w)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<8x6x30xf32>) outs(%windows : memref<8x3x3x4x28xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}

// A linalg.copy between strided views whose rows are contiguous, rows of
// 150 bfloat16: two 64-wide pieces in a loop, then the 22 left.
// CHECK-LABEL: func.func @long_rows
// CHECK:         scf.for %[[I:.*]] = %c0 to %c5 step %c1 {
// CHECK:           scf.for %[[J:.*]] = %c0{{.*}} to %c128 step %c64 {
// CHECK-NEXT:        %[[P:.*]] = vector.load %arg0[%[[I]], %[[J]]] : memref<5x150xbf16, strided<[200, 1]>>, vector<64xbf16>
// CHECK-NEXT:        vector.store %[[P]], %arg1[%[[I]], %[[J]]] : memref<5x150xbf16>, vector<64xbf16>
// CHECK:           %[[T:.*]] = vector.load %arg0[%[[I]], %c128{{.*}}] : memref<5x150xbf16, strided<[200, 1]>>, vector<22xbf16>
// CHECK-NEXT:      vector.store %[[T]], %arg1[%[[I]], %c128{{.*}}] : memref<5x150xbf16>, vector<22xbf16>
func.func @long_rows(%a: memref<5x150xbf16, strided<[200, 1]>>, %b: memref<5x150xbf16>) {
  linalg.copy ins(%a : memref<5x150xbf16, strided<[200, 1]>>) outs(%b : memref<5x150xbf16>)
  return
}

// Left as they are: a transposing copy (its rows are columns of the
// input), a copy whose input row is strided, a copy of booleans, a
// computing op, and a row of dynamic length.
// CHECK-LABEL: func.func @not_rows
// CHECK-COUNT-5: linalg.
// CHECK-NOT:     vector.load
func.func @not_rows(%a: memref<16x32xf32>, %b: memref<32x16xf32>, %s: memref<16x32xf32, strided<[64, 2]>>,
                    %c: memref<16x32xf32>, %p: memref<16x32xi1>, %q: memref<16x32xi1>,
                    %d: memref<4x?xf32>, %e: memref<4x?xf32>) {
  linalg.transpose ins(%a : memref<16x32xf32>) outs(%b : memref<32x16xf32>) permutation = [1, 0]
  linalg.copy ins(%s : memref<16x32xf32, strided<[64, 2]>>) outs(%c : memref<16x32xf32>)
  linalg.copy ins(%p : memref<16x32xi1>) outs(%q : memref<16x32xi1>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<16x32xf32>) outs(%c : memref<16x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  linalg.copy ins(%d : memref<4x?xf32>) outs(%e : memref<4x?xf32>)
  return
}

// A transpose of 32-bit elements: with 512-bit vectors, 16 x 16 blocks,
// each 16 rows of the input loaded, shuffled in registers and stored as 16
// rows of the output; the 17th row of the input is the edge block (1 x 16
// loaded, 16 one-element stores). With 256-bit vectors it stays a loop.
// WIDE-LABEL: func.func @transpose
// WIDE:         scf.for %[[B:.*]] = %c0 to %c2 step %c1 {
// WIDE-COUNT-16:  vector.load %arg0[%[[B]], %{{.*}}, %c0{{.*}}] : memref<2x17x16xf32>, vector<16xf32>
// WIDE:           vector.shuffle
// WIDE-NOT:       vector.transpose
// WIDE-COUNT-16:  vector.store %{{.*}}, %arg1[%[[B]], %{{.*}}, %c0{{.*}}] : memref<2x16x17xf32>, vector<16xf32>
// WIDE:           vector.load %arg0[%[[B]], %{{.*}}, %c0{{.*}}] : memref<2x17x16xf32>, vector<16xf32>
// WIDE-COUNT-16:  vector.store %{{.*}}, %arg1[%[[B]], %{{.*}}, %c16] : memref<2x16x17xf32>, vector<1xf32>
// WIDE-NOT:     linalg.transpose
// CHECK-LABEL: func.func @transpose
// CHECK:         linalg.transpose
// CHECK-NOT:     vector.load
func.func @transpose(%a: memref<2x17x16xf32>, %b: memref<2x16x17xf32>) {
  linalg.transpose ins(%a : memref<2x17x16xf32>) outs(%b : memref<2x16x17xf32>) permutation = [0, 2, 1]
  return
}

// A narrow transpose (4 channels of 20 positions, as a chunk of a
// convolution's channels-last transpose): a 16 x 4 block, 16 rows of 4
// loaded, 4 rows of 16 stored, then the 4 x 4 edge block.
// WIDE-LABEL: func.func @narrow_transpose
// WIDE-COUNT-16: vector.load %arg0[%{{.*}}, %c0] : memref<20x4xf32>, vector<4xf32>
// WIDE-COUNT-4:  vector.store %{{.*}}, %arg1[%{{.*}}, %c0{{.*}}] : memref<4x20xf32>, vector<16xf32>
// WIDE-COUNT-4:  vector.load %arg0[%{{.*}}, %c0] : memref<20x4xf32>, vector<4xf32>
// WIDE-COUNT-4:  vector.store %{{.*}}, %arg1[%{{.*}}, %c16] : memref<4x20xf32>, vector<4xf32>
// WIDE-NOT:      linalg.transpose
func.func @narrow_transpose(%a: memref<20x4xf32>, %b: memref<4x20xf32>) {
  linalg.transpose ins(%a : memref<20x4xf32>) outs(%b : memref<4x20xf32>) permutation = [1, 0]
  return
}
