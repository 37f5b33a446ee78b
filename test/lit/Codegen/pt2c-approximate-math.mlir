// RUN: %pt2c-opt %s --pt2c-approximate-math | FileCheck %s

// erf, tanh and exp, scalar as the CPU loops hold them: arithmetic after
// the pass (no libm call left to block vectorization: LLVM's exp intrinsic
// would become a scalar expf call). exp is 2^k (an exponent built with
// integer ops) times a polynomial.
// CHECK-LABEL: func.func @math
// CHECK-NOT: math.erf
// CHECK-NOT: math.tanh
// CHECK-NOT: math.exp
// CHECK-DAG: arith.mulf
// CHECK-DAG: arith.select
// CHECK-DAG: math.floor
// CHECK-DAG: arith.shli
// CHECK-DAG: arith.bitcast
// CHECK-NOT: math.exp
func.func @math(%x: f32) -> (f32, f32, f32) {
  %e = math.erf %x : f32
  %t = math.tanh %x : f32
  %x2 = math.exp %x : f32
  return %e, %t, %x2 : f32, f32, f32
}
