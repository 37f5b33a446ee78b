// RUN: %pt2c-opt %s --split-input-file --pt2c-chunk-buffers-on-stack="max-bytes=4096" | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pt2c-chunk-buffers-on-stack="max-bytes=4096 max-slot-bytes=65536" | FileCheck %s --check-prefix=CAPPED

// A chunk's small static buffers become stack buffers at the top of the
// chunk's body; a large one gets a slot in one buffer of 64 slots (one per
// iteration) allocated before the loop, the slot of the team member
// running the iteration (pt2crt_team_member(), declared once): member m's
// 8192 bytes from m x 8192, reused by each iteration it runs. One outside
// any parallel loop stays as it is.
// CHECK:       func.func private @pt2crt_team_member() -> i32
// CHECK-LABEL: func.func @chunk
// CHECK:         %[[HEAP:.+]] = memref.alloc() : memref<64xf32>
// CHECK:         %[[SLOTS:.+]] = memref.alloc() {alignment = 64 : i64} : memref<524288xi8>
// CHECK:         scf.parallel (%[[I:.+]]) =
// CHECK-NEXT:      %[[ROW:.+]] = memref.alloca() {alignment = 64 : i64} : memref<1x512xf32>
// CHECK-NEXT:      %[[MEMBER:.+]] = func.call @pt2crt_team_member() : () -> i32
// CHECK-NEXT:      %[[INDEX:.+]] = arith.index_cast %[[MEMBER]] : i32 to index
// CHECK-NOT:       memref.alloca
// CHECK:           %[[SLOT:.+]] = arith.muli %[[INDEX]], %c8192
// CHECK:           %[[SHIFT:.+]] = arith.addi %[[SLOT]], %c0
// CHECK:           %[[BIG:.+]] = memref.view %[[SLOTS]][%[[SHIFT]]][] : memref<524288xi8> to memref<4x512xf32>
// CHECK-NOT:       memref.alloc
// CHECK:           linalg.fill ins(%{{.+}} : f32) outs(%[[ROW]] : memref<1x512xf32>)
// CHECK:           linalg.fill ins(%{{.+}} : f32) outs(%[[BIG]] : memref<4x512xf32>)
// With the slots capped below 64 x 8192 bytes, the large buffer stays in
// the chunk and nothing asks for the member.
// CAPPED-NOT:   pt2crt_team_member
// CAPPED-LABEL: func.func @chunk
// CAPPED-NOT:     xi8>
// CAPPED:         scf.parallel
// CAPPED:           memref.alloc() {alignment = 64 : i64} : memref<4x512xf32>
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

// A buffer whose size is only known at run time stays on the heap, in
// the chunk.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT:     memref.alloca
// CHECK:         scf.parallel
// CHECK:           memref.alloc(%{{.+}})
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

// -----

// Two large buffers of a 2-d loop (2 x 3 iterations): 8192 and 6000
// bytes, each rounded up to 64, the second at the first's end (14208
// bytes a slot, 6 slots); the slot is the member's, whatever the loop's
// rank.
// CHECK-LABEL: func.func @two_buffers
// CHECK:         %[[SLOTS:.+]] = memref.alloc() {alignment = 64 : i64} : memref<85248xi8>
// CHECK:         scf.parallel (%[[I:.+]], %[[J:.+]]) =
// CHECK:           %[[MEMBER:.+]] = func.call @pt2crt_team_member() : () -> i32
// CHECK:           %[[INDEX:.+]] = arith.index_cast %[[MEMBER]] : i32 to index
// CHECK:           %[[SLOT:.+]] = arith.muli %[[INDEX]], %c14208
// CHECK:           memref.view %[[SLOTS]][%{{.+}}][] : memref<85248xi8> to memref<2048xf32>
// CHECK:           %[[SECOND:.+]] = arith.addi %[[SLOT]], %c8192
// CHECK:           memref.view %[[SLOTS]][%[[SECOND]]][] : memref<85248xi8> to memref<1500xf32>
func.func @two_buffers(%out: memref<2x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c3) step (%c1, %c1) {
    %a = memref.alloc() : memref<2048xf32>
    %b = memref.alloc() : memref<1500xf32>
    linalg.fill ins(%zero : f32) outs(%a : memref<2048xf32>)
    linalg.fill ins(%zero : f32) outs(%b : memref<1500xf32>)
    scf.reduce
  }
  return
}
