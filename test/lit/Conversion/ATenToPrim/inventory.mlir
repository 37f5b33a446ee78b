// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s
// Overloads added from the inventory of every ATen overload (issue #17);
// their values against eager are checked by the corpus's inventory family.

// all(x, dim) is an and-reduce of x != 0.
// CHECK-LABEL: func.func @all_dim
// CHECK: %[[NZ:.+]] = prim.compare %arg0, %{{.+}}, predicate = ne : tensor<3x5xf32>
// CHECK: prim.reduce and %[[NZ]], dims = [1] : tensor<3x5xi1> -> tensor<3xi1>
func.func @all_dim(%x: tensor<3x5xf32>) -> tensor<3xi1> {
  %0 = aten.call "aten.all.dim"(self: %x) {dim = 1 : i64, keepdim = false} : (tensor<3x5xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// rot90(x, 1, [0, 1]) reverses dim 1, then swaps dims 0 and 1.
// CHECK-LABEL: func.func @rot90
// CHECK: %[[R:.+]] = prim.reverse %arg0, dims = [1]
// CHECK: prim.transpose %[[R]], permutation = [1, 0, 2]
func.func @rot90(%x: tensor<3x4x5xf32>) -> tensor<4x3x5xf32> {
  %0 = aten.call "aten.rot90.default"(self: %x) {dims = array<i64: 0, 1>, k = 1 : i64} : (tensor<3x4x5xf32>) -> tensor<4x3x5xf32>
  return %0 : tensor<4x3x5xf32>
}

// -----

// pixel_shuffle(x, 2): [2, 8, 3, 4] as [2, 2, 2, 2, 3, 4], the two factors
// moved next to H and W, merged into [2, 2, 6, 8].
// CHECK-LABEL: func.func @pixel_shuffle
// CHECK: %[[S:.+]] = prim.reshape %arg0 : tensor<2x8x3x4xf32> -> tensor<2x2x2x2x3x4xf32>
// CHECK: %[[T:.+]] = prim.transpose %[[S]], permutation = [0, 1, 4, 2, 5, 3]
// CHECK: prim.reshape %[[T]] : tensor<2x2x3x2x4x2xf32> -> tensor<2x2x6x8xf32>
func.func @pixel_shuffle(%x: tensor<2x8x3x4xf32>) -> tensor<2x2x6x8xf32> {
  %0 = aten.call "aten.pixel_shuffle.default"(self: %x) {upscale_factor = 2 : i64} : (tensor<2x8x3x4xf32>) -> tensor<2x2x6x8xf32>
  return %0 : tensor<2x2x6x8xf32>
}

// -----

// linspace(-1, 3, 5): from the start for i < 2, from the end after (both
// ends exact), step 1.
// CHECK-LABEL: func.func @linspace
// CHECK-DAG: prim.constant dense<2.000000e+00> : tensor<5xf32>
// CHECK-DAG: prim.constant dense<-1.000000e+00> : tensor<5xf32>
// CHECK-DAG: prim.constant dense<3.000000e+00> : tensor<5xf32>
// CHECK: prim.iota dim = 0 : tensor<5xf32>
// CHECK: prim.compare %{{.+}}, %{{.+}}, predicate = lt : tensor<5xf32>
// CHECK: prim.select
func.func @linspace() -> tensor<5xf32> {
  %0 = aten.call "aten.linspace.default"() {device = "cpu", dtype = f32, end = 3.000000e+00 : f64, layout = #aten.none, pin_memory = false, start = -1.000000e+00 : f64, steps = 5 : i64} : () -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// _safe_softmax: 0 along a row that is -inf everywhere.
// CHECK-LABEL: func.func @safe_softmax
// CHECK: %[[NEG:.+]] = prim.compare %arg0, %{{.+}}, predicate = eq : tensor<6x5xf32>
// CHECK: %[[ROW:.+]] = prim.reduce and %[[NEG]], dims = [1]
// CHECK: %[[KEPT:.+]] = prim.reshape %[[ROW]]
// CHECK: %[[ALL:.+]] = prim.broadcast_in_dim %[[KEPT]]
// CHECK: prim.select %[[ALL]], %{{.+}}, %{{.+}} : tensor<6x5xi1>, tensor<6x5xf32>
func.func @safe_softmax(%x: tensor<6x5xf32>) -> tensor<6x5xf32> {
  %0 = aten.call "aten._safe_softmax.default"(self: %x) {dim = -1 : i64, dtype = #aten.none} : (tensor<6x5xf32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}
