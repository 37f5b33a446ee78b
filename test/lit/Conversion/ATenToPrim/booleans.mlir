// Boolean forms of arithmetic ops, as torch computes them: fmax/fmin and
// heaviside on 0/1 (int64, converted back), scatter_add as a logical or
// (a max-scatter), addr as (self and beta) or (vec1 and vec2).
// RUN: %pt2c-opt %s --pt2c-decompose-aten -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @fmax_heaviside
// CHECK: %[[A:.*]] = prim.convert %arg0 : tensor<4xi1> -> tensor<4xi64>
// CHECK: prim.max %[[A]]
// CHECK: prim.convert {{.*}} : tensor<4xi64> -> tensor<4xi1>
// CHECK: prim.compare {{.*}} predicate = gt : tensor<4xi64>
// CHECK: prim.convert {{.*}} : tensor<4xi64> -> tensor<4xi1>
func.func @fmax_heaviside(%a: tensor<4xi1>, %b: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = aten.call "aten.fmax.default"(self: %a, other: %b) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = aten.call "aten.heaviside.default"(self: %a, values: %b) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @scatter_add_bool
// CHECK: prim.scatter max %arg0, %arg1, %arg2, dim = 0 : (tensor<3x2xi1>, tensor<2x2xi64>, tensor<2x2xi1>) -> tensor<3x2xi1>
func.func @scatter_add_bool(%s: tensor<3x2xi1>, %i: tensor<2x2xi64>, %src: tensor<2x2xi1>) -> tensor<3x2xi1> {
  %0 = aten.call "aten.scatter_add.default"(self: %s, index: %i, src: %src) {dim = 0 : i64} : (tensor<3x2xi1>, tensor<2x2xi64>, tensor<2x2xi1>) -> tensor<3x2xi1>
  return %0 : tensor<3x2xi1>
}

// -----

// CHECK-LABEL: func.func @addr_bool
// CHECK: %[[OUTER:.*]] = prim.and
// CHECK: prim.or %arg0, %[[OUTER]] : tensor<3x2xi1>
func.func @addr_bool(%s: tensor<3x2xi1>, %v1: tensor<3xi1>, %v2: tensor<2xi1>) -> tensor<3x2xi1> {
  %0 = aten.call "aten.addr.default"(self: %s, vec1: %v1, vec2: %v2) {alpha = 1 : i64, beta = 1 : i64} : (tensor<3x2xi1>, tensor<3xi1>, tensor<2xi1>) -> tensor<3x2xi1>
  return %0 : tensor<3x2xi1>
}
