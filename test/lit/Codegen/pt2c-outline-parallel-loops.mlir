// RUN: %pt2c-opt %s --split-input-file --pt2c-outline-parallel-loops | FileCheck %s

// Two outermost parallel loops: each moves into a private function of its
// own, its arguments the values it uses from outside except constants (the
// bounds are cloned in, so that what follows still sees them as constants),
// called where it was; the nested loop stays inside its outer one.
// CHECK-LABEL: func.func private @forward_parallel_0(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: f32, %[[A:[a-z0-9]+]]: memref<64xf32>) {
// CHECK-DAG:     arith.constant 0 : index
// CHECK-DAG:     arith.constant 64 : index
// CHECK:         scf.parallel
// CHECK:           memref.store %[[X]], %[[A]]
// CHECK:         return
// CHECK-LABEL: func.func private @forward_parallel_1(
// CHECK-SAME:      %[[B:[a-z0-9]+]]: memref<8x8xf32>) {
// CHECK:         arith.constant 8 : index
// CHECK:         scf.parallel
// CHECK:           scf.parallel
// CHECK:         return
// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[FA:[a-z0-9]+]]: memref<64xf32>, %[[FB:[a-z0-9]+]]: memref<8x8xf32>, %[[FX:[a-z0-9]+]]: f32)
// CHECK-NOT:     scf.parallel
// CHECK:         call @forward_parallel_0(%[[FX]], %[[FA]]) : (f32, memref<64xf32>) -> ()
// CHECK:         memref.store %[[FX]], %[[FA]]
// CHECK:         call @forward_parallel_1(%[[FB]]) : (memref<8x8xf32>) -> ()
// CHECK-NOT:     scf.parallel
// CHECK:         return
func.func @forward(%a: memref<64xf32>, %b: memref<8x8xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    memref.store %x, %a[%i] : memref<64xf32>
    scf.reduce
  }
  memref.store %x, %a[%c0] : memref<64xf32>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    scf.parallel (%j) = (%c0) to (%c8) step (%c1) {
      %v = memref.load %b[%i, %j] : memref<8x8xf32>
      memref.store %v, %b[%j, %i] : memref<8x8xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// One parallel loop: the function is left as it is.
// CHECK-LABEL: func.func @single
// CHECK-NOT:     call
// CHECK:         scf.parallel
func.func @single(%a: memref<64xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    memref.store %x, %a[%i] : memref<64xf32>
    scf.reduce
  }
  return
}
