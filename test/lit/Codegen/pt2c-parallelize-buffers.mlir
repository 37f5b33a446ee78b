// RUN: %pt2c-opt %s --pt2c-parallelize-buffers='min-work=1024 max-chunks=8' | FileCheck %s

// A large contiguous copy: chunks of rows, each a memref.copy (a memcpy).
// 64 rows in at most 8 chunks: 8 rows each.
// CHECK-LABEL: func.func @contiguous
// CHECK:         scf.parallel (%[[I:.*]]) = (%c0) to (%c64) step (%c8) {
// CHECK-NEXT:      %[[S:.*]] = memref.subview %arg0[%[[I]], 0] [8, 32] [1, 1] : memref<64x32xf32> to memref<8x32xf32, strided<[32, 1], offset: ?>>
// CHECK-NEXT:      %[[T:.*]] = memref.subview %arg1[%[[I]], 0] [8, 32] [1, 1] : memref<64x32xf32> to memref<8x32xf32, strided<[32, 1], offset: ?>>
// CHECK-NEXT:      memref.copy %[[S]], %[[T]]
// CHECK-NEXT:      scf.reduce
// CHECK-NOT:     memref.copy
func.func @contiguous(%a: memref<64x32xf32>, %b: memref<64x32xf32>) {
  memref.copy %a, %b : memref<64x32xf32> to memref<64x32xf32>
  return
}

// A strided source (a slice of a wider buffer), leading dims of 1 skipped,
// 35 rows in chunks of 5 (a divisor near 35 / 8); the chunks copy with
// linalg.copy.
// CHECK-LABEL: func.func @strided
// CHECK:         scf.parallel (%[[I:.*]]) = (%c0) to (%c35) step (%c5) {
// CHECK:           %[[S:.*]] = memref.subview %arg0[0, %[[I]], 0] [1, 5, 64] [1, 1, 1]
// CHECK:           %[[T:.*]] = memref.subview %arg1[0, %[[I]], 0] [1, 5, 64] [1, 1, 1]
// CHECK:           linalg.copy ins(%[[S]] : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NOT:     memref.copy
func.func @strided(%a: memref<1x35x64xf32, strided<[6720, 192, 1]>>, %b: memref<1x35x64xf32>) {
  memref.copy %a, %b : memref<1x35x64xf32, strided<[6720, 192, 1]>> to memref<1x35x64xf32>
  return
}

// 37 rows: no divisor gives enough chunks, so the last chunk is shorter
// (affine.min of the chunk and what is left), and the chunks, of dynamic
// shape, copy with linalg.copy.
// CHECK-LABEL: func.func @ragged
// CHECK:         scf.parallel (%[[I:.*]]) = (%c0) to (%c37) step (%c5) {
// CHECK-NEXT:      %[[N:.*]] = affine.min #{{.*}}(%[[I]])
// CHECK-NEXT:      %[[S:.*]] = memref.subview %arg0[%[[I]], 0] [%[[N]], 64] [1, 1]
// CHECK-NEXT:      %[[T:.*]] = memref.subview %arg1[%[[I]], 0] [%[[N]], 64] [1, 1]
// CHECK-NEXT:      linalg.copy ins(%[[S]] : memref<?x64xf32, {{.*}}>) outs(%[[T]] : memref<?x64xf32, {{.*}}>)
func.func @ragged(%a: memref<37x64xf32>, %b: memref<37x64xf32>) {
  memref.copy %a, %b : memref<37x64xf32> to memref<37x64xf32>
  return
}

// Small copies stay on one thread: a contiguous one as it is, a strided
// one as a linalg.copy (no generic element-by-element runtime copy).
// CHECK-LABEL: func.func @small
// CHECK-NOT:     scf.parallel
// CHECK:         memref.copy %arg0, %arg1 : memref<4x8xf32> to memref<4x8xf32>
// CHECK-NEXT:    linalg.copy ins(%arg2 : memref<4x8xf32, strided<[16, 1]>>) outs(%arg1 : memref<4x8xf32>)
func.func @small(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %c: memref<4x8xf32, strided<[16, 1]>>) {
  memref.copy %a, %b : memref<4x8xf32> to memref<4x8xf32>
  memref.copy %c, %b : memref<4x8xf32, strided<[16, 1]>> to memref<4x8xf32>
  return
}

// A loop bufferization added (a pad's fill as linalg.map) is tiled along
// its outermost loop with 2 or more iterations into chunks.
// CHECK-LABEL: func.func @pad_fill
// CHECK:         scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK:           %[[S:.*]] = memref.subview %arg0[0, %[[I]], 0] [1, 8, 114] [1, 1, 1]
// CHECK:           linalg.map outs(%[[S]] : memref<1x8x114xf32, strided<[7296, 114, 1], offset: ?>>)
// CHECK:         }
// CHECK-NOT:     linalg.map
func.func @pad_fill(%a: memref<1x64x114xf32>) {
  %c = arith.constant 0xFF800000 : f32
  linalg.map outs(%a : memref<1x64x114xf32>)
    (%init: f32) {
      linalg.yield %c : f32
    }
  return
}

// An op already inside a parallel loop is left alone.
// CHECK-LABEL: func.func @nested
// CHECK:         scf.parallel
// CHECK-NOT:     scf.parallel
// CHECK:         memref.copy
func.func @nested(%a: memref<64x32xf32>, %b: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    memref.copy %a, %b : memref<64x32xf32> to memref<64x32xf32>
    scf.reduce
  }
  return
}
