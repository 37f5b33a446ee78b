// RUN: %pt2c-opt %s --pt2c-approximate-math | FileCheck %s

// erf and tanh, scalar as the CPU loops hold them: arithmetic after the
// pass (no libm call left to block vectorization); exp stays (LLVM has an
// intrinsic for it).
// CHECK-LABEL: func.func @gelus
// CHECK-NOT: math.erf
// CHECK-NOT: math.tanh
// CHECK-DAG: arith.mulf
// CHECK-DAG: arith.select
// CHECK: math.exp
func.func @gelus(%x: f32) -> (f32, f32, f32) {
  %e = math.erf %x : f32
  %t = math.tanh %x : f32
  %x2 = math.exp %x : f32
  return %e, %t, %x2 : f32, f32, f32
}
