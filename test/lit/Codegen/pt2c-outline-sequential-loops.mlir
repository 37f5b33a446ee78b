// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(pt2c-outline-parallel-loops{sequential-above=1})' | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pt2c-outline-parallel-loops | FileCheck %s --check-prefix=DEFAULT

// Two outermost sequential loops, more than `sequential-above`: each moves
// into a private function marked noinline (LLVM would inline a function
// called once straight back), called where it was; the loop nested in the
// second stays inside it.
// CHECK-LABEL: func.func private @forward_loop_0(
// CHECK-SAME: passthrough = ["noinline"]
// CHECK: scf.for
// CHECK: memref.store
// CHECK-LABEL: func.func private @forward_loop_1(
// CHECK-SAME: passthrough = ["noinline"]
// CHECK: scf.for
// CHECK: scf.for
// CHECK-LABEL: func.func @forward(
// CHECK-NOT: scf.for
// CHECK: call @forward_loop_0(
// CHECK: call @forward_loop_1(
// CHECK: return
// At the default (64) two loops are far too few: nothing moves.
// DEFAULT-LABEL: func.func @forward(
// DEFAULT-NOT: call
// DEFAULT: scf.for
// DEFAULT: scf.for
func.func @forward(%a: memref<64xf32>, %b: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    memref.store %one, %a[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      memref.store %one, %b[%i, %j] : memref<8x8xf32>
    }
  }
  return
}

// -----

// A loop that yields a value stays where it is (the call could not give
// it back), and one loop alone is not above the bound.
// CHECK-LABEL: func.func @sum(
// CHECK-NOT: call
// CHECK: scf.for
// CHECK: iter_args
func.func @sum(%a: memref<64xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %a[%i] : memref<64xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  scf.for %i = %c0 to %c64 step %c1 {
    memref.store %s, %a[%i] : memref<64xf32>
  }
  return %s : f32
}
