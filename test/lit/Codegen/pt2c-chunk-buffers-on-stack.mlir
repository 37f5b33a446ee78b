// RUN: %pt2c-opt %s --split-input-file --pt2c-chunk-buffers-on-stack="max-bytes=4096" | FileCheck %s

// A chunk's small static buffers become stack buffers at the top of the
// chunk's body; a large one and one outside any parallel loop stay on the
// heap.
// CHECK-LABEL: func.func @chunk
// CHECK:         %[[HEAP:.+]] = memref.alloc() : memref<64xf32>
// CHECK:         scf.parallel
// CHECK-NEXT:      %[[ROW:.+]] = memref.alloca() {alignment = 64 : i64} : memref<1x512xf32>
// CHECK-NOT:       memref.alloca
// CHECK:           memref.alloc() {alignment = 64 : i64} : memref<4x512xf32>
// CHECK:           linalg.fill ins(%{{.+}} : f32) outs(%[[ROW]] : memref<1x512xf32>)
func.func @chunk(%out: memref<64x512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %heap = memref.alloc() : memref<64xf32>
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %big = memref.alloc() {alignment = 64 : i64} : memref<4x512xf32>
    %row = memref.alloc() {alignment = 64 : i64} : memref<1x512xf32>
    linalg.fill ins(%zero : f32) outs(%row : memref<1x512xf32>)
    linalg.fill ins(%zero : f32) outs(%big : memref<4x512xf32>)
    %dst = memref.subview %out[%i, 0] [1, 512] [1, 1] : memref<64x512xf32> to memref<1x512xf32, strided<[512, 1], offset: ?>>
    memref.copy %row, %dst : memref<1x512xf32> to memref<1x512xf32, strided<[512, 1], offset: ?>>
    scf.reduce
  }
  memref.dealloc %heap : memref<64xf32>
  return
}

// -----

// A buffer whose size is only known at run time stays on the heap.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT:     memref.alloca
// CHECK:         memref.alloc(%{{.+}})
func.func @dynamic(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %b = memref.alloc(%n) : memref<?xf32>
    scf.reduce
  }
  return
}
