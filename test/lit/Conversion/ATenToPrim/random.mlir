// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s
// RUN: %pt2c-opt %s --pt2c-decompose-aten=seed=81985529216486895 --split-input-file | FileCheck %s --check-prefix=SEED

// Two random nodes draw from streams 0 and 1 of one seed (the counter's
// third word): the second draw's constant stream word is 1. rand's uniform
// numbers take the top 24 bits of word 0 (a division by 2^8) times 2^-24.
// The seed's two halves are the key: with seed 0x0123456789ABCDEF the first
// round xors in k1 = 0x01234567 (19088743) and k0 = 0x89ABCDEF (2309737967).
// CHECK-LABEL: func.func @two_draws
// CHECK-DAG: prim.constant dense<5.96046448E-8> : tensor<2x3xf32>
// CHECK-DAG: prim.constant dense<256> : tensor<2x3xi64>
// CHECK-DAG: prim.constant dense<3528531795> : tensor<2x3xi64>
// CHECK-DAG: prim.constant dense<1> : tensor<2x3xi64>
// CHECK-DAG: prim.constant dense<0> : tensor<2x3xi64>
// CHECK-DAG: prim.iota dim = 0 : tensor<2x3xi64>
// CHECK-DAG: prim.iota dim = 1 : tensor<2x3xi64>
// CHECK-NOT: aten.call
// SEED-LABEL: func.func @two_draws
// SEED-DAG: prim.constant dense<19088743> : tensor<2x3xi64>
// SEED-DAG: prim.constant dense<2309737967> : tensor<2x3xi64>
func.func @two_draws() -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = aten.call "aten.rand.default"() {device = "cpu", dtype = #aten.none, layout = #aten.none, pin_memory = false, size = array<i64: 2, 3>} : () -> tensor<2x3xf32>
  %1 = aten.call "aten.rand.default"() {device = "cpu", dtype = #aten.none, layout = #aten.none, pin_memory = false, size = array<i64: 2, 3>} : () -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// bernoulli(x, p=0.3): 1 where a uniform number is below p, in x's type.
// CHECK-LABEL: func.func @bernoulli_p
// CHECK: %[[P:.+]] = prim.constant dense<3.000000e-01> : tensor<4xf32>
// CHECK: %[[LT:.+]] = prim.compare %{{.+}}, %[[P]], predicate = lt : tensor<4xf32>
// CHECK: prim.convert %[[LT]] : tensor<4xi1> -> tensor<4xf32>
func.func @bernoulli_p(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.bernoulli.p"(self: %x) {generator = #aten.none, p = 3.000000e-01 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// dropout in training mode keeps an element where u >= p and scales it by
// 1 / (1 - p); in eval mode it is the identity.
// CHECK-LABEL: func.func @dropout
// CHECK-DAG: %[[SCALE:.+]] = prim.constant dense<1.33333337> : tensor<4xf32>
// CHECK-DAG: %[[P:.+]] = prim.constant dense<2.500000e-01> : tensor<4xf32>
// CHECK: %[[KEEP:.+]] = prim.compare %{{.+}}, %[[P]], predicate = ge : tensor<4xf32>
// CHECK: %[[SCALED:.+]] = prim.mul %{{.+}}, %[[SCALE]] : tensor<4xf32>
// CHECK: %[[R:.+]] = prim.select %[[KEEP]], %[[SCALED]], %{{.+}} : tensor<4xi1>, tensor<4xf32>
// CHECK: return %[[R]], %arg0 :
func.func @dropout(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = aten.call "aten.dropout.default"(input: %x) {p = 2.500000e-01 : f64, train = true} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = aten.call "aten.dropout.default"(input: %x) {p = 2.500000e-01 : f64, train = false} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
