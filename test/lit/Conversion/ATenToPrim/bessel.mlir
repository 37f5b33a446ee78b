// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s
// The modified Bessel functions (Bessel.cpp): f64 power series up to
// |x| = 15, the asymptotic series beyond, one rounding; their values
// against eager are checked by ctest's `opinfo:` tests.

// special_i1e: odd (negated for x < 0), scaled by e^-|x| in the series
// branch, 0 at |x| = inf.
// CHECK-LABEL: func.func @i1e
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf64>
// CHECK-DAG: %[[INF:.+]] = prim.constant dense<0x7FF0000000000000> : tensor<4xf64>
// CHECK-DAG: %[[LIMIT:.+]] = prim.constant dense<1.500000e+01> : tensor<4xf64>
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<4xf32> -> tensor<4xf64>
// CHECK: %[[A:.+]] = prim.abs %[[X]]
// CHECK: %[[NEGA:.+]] = prim.neg %[[A]]
// CHECK: prim.exp %[[NEGA]]
// CHECK: %[[FAR:.+]] = prim.compare %[[A]], %[[LIMIT]], predicate = gt
// CHECK: %[[I:.+]] = prim.select %[[FAR]]
// CHECK: %[[ATINF:.+]] = prim.compare %[[A]], %[[INF]], predicate = eq
// CHECK: %[[M:.+]] = prim.select %[[ATINF]], %[[ZERO]], %[[I]]
// CHECK: %[[NEG:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = lt
// CHECK: %[[FLIP:.+]] = prim.neg %[[M]]
// CHECK: %[[R:.+]] = prim.select %[[NEG]], %[[FLIP]], %[[M]]
// CHECK: prim.convert %[[R]] : tensor<4xf64> -> tensor<4xf32>
func.func @i1e(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.special_i1e.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// i0 of int64 (a float32 result): even, no sign step, inf at |x| = inf.
// CHECK-LABEL: func.func @i0_int
// CHECK: prim.convert %arg0 : tensor<3xi64> -> tensor<3xf64>
// CHECK: prim.exp
// CHECK: prim.select
// CHECK: %[[R:.+]] = prim.select %{{.+}}, %{{.+}}, %{{.+}} : tensor<3xi1>, tensor<3xf64>
// CHECK-NEXT: prim.convert %[[R]] : tensor<3xf64> -> tensor<3xf32>
func.func @i0_int(%x: tensor<3xi64>) -> tensor<3xf32> {
  %0 = aten.call "aten.i0.default"(self: %x) : (tensor<3xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
