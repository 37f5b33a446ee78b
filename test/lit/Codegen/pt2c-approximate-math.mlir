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

// powf with a constant exponent: x ** 3 (GPT-2's GELU) is two multiplies,
// x ** 0.5 a sqrt; an exponent that is not a constant stays powf.
// CHECK-LABEL: func.func @powers
// CHECK-SAME: (%[[X:.+]]: f32, %[[Y:.+]]: f32)
// CHECK: %[[SQ:.+]] = arith.mulf %[[X]], %[[X]]
// CHECK: %[[CUBE:.+]] = arith.mulf %[[X]], %[[SQ]]
// CHECK: %[[ROOT:.+]] = math.sqrt %[[X]]
// CHECK: %[[ANY:.+]] = math.powf %[[X]], %[[Y]]
// CHECK: return %[[CUBE]], %[[ROOT]], %[[ANY]]
func.func @powers(%x: f32, %y: f32) -> (f32, f32, f32) {
  %three = arith.constant 3.0 : f32
  %half = arith.constant 0.5 : f32
  %cube = math.powf %x, %three : f32
  %root = math.powf %x, %half : f32
  %any = math.powf %x, %y : f32
  return %cube, %root, %any : f32, f32, f32
}
