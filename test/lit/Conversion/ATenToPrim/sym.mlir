// RUN: %pt2c-opt %s --pt2c-decompose-aten | FileCheck %s

// Sizes a dynamic-shape program computes: sym_size reads dim 0 as an i64,
// `_operator.*` are Python int arithmetic, the view and new_ones take their
// `?` sizes from the computed values (not from x's dims: new_ones' dim 0 is
// 2 * s), a SymInt operand of mul.Tensor is splatted at run time, the
// assertion export proved is dropped, numel/stride are products of dims and
// floordiv rounds toward minus infinity.
// CHECK-LABEL: func.func @sym_ops
// CHECK-DAG: %[[CM3:.+]] = arith.constant -3 : i64
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : i64
// CHECK-DAG: %[[C0I:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : i64
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : i64
// CHECK: %[[D:.+]] = tensor.dim %arg0, %{{.+}} : tensor<?x4xf32>
// CHECK: %[[S:.+]] = arith.index_cast %[[D]] : index to i64
// CHECK: %[[SI:.+]] = arith.index_cast %[[S]] : i64 to index
// CHECK: %[[V:.+]] = prim.reshape %arg0, dynamic_sizes(%[[SI]]) : tensor<?x4xf32> -> tensor<?x2x2xf32>
// CHECK: %[[S1:.+]] = arith.addi %[[S]], %[[C1]] : i64
// CHECK: %[[F:.+]] = arith.sitofp %[[S1]] : i64 to f32
// CHECK: %[[SPLAT:.+]] = prim.splat %[[F]], dynamic_sizes(%{{.+}}) : f32 -> tensor<?x2x2xf32>
// CHECK: %[[M:.+]] = prim.mul %[[V]], %[[SPLAT]]
// CHECK: %[[S2:.+]] = arith.muli %[[S]], %[[C2]] : i64
// CHECK: %[[S2I:.+]] = arith.index_cast %[[S2]] : i64 to index
// CHECK: %[[ONES:.+]] = prim.splat %[[ONE]], dynamic_sizes(%[[S2I]]) : f32 -> tensor<?x3xf32>
// CHECK: %[[GE:.+]] = arith.cmpi sge, %[[S]], %[[C0I]] : i64
// CHECK-NOT: aten.call
// CHECK: %[[NUMEL:.+]] = arith.muli %{{.+}}, %[[C4]] : i64
// CHECK: %[[FD:.+]] = arith.floordivsi %[[S]], %[[CM3]] : i64
// CHECK: return %[[M]], %[[ONES]], %[[GE]], %[[NUMEL]], %[[C4]], %[[FD]]
func.func @sym_ops(%x: tensor<?x4xf32>) -> (tensor<?x2x2xf32>, tensor<?x3xf32>, i1, i64, i64, i64) {
  %0 = aten.call "aten.sym_size.int"(self: %x) {dim = 0 : i64} : (tensor<?x4xf32>) -> i64
  %c2 = arith.constant 2 : i64
  %1 = aten.call "aten.view.default"(self: %x, size: [%0, %c2, %c2]) : (tensor<?x4xf32>, i64, i64, i64) -> tensor<?x2x2xf32>
  %2 = aten.call "_operator.add"(a: %0) {b = 1 : i64} : (i64) -> i64
  %3 = aten.call "aten.mul.Tensor"(self: %1, other: %2) : (tensor<?x2x2xf32>, i64) -> tensor<?x2x2xf32>
  %4 = aten.call "_operator.mul"(a: %0) {b = 2 : i64} : (i64) -> i64
  %c3 = arith.constant 3 : i64
  %5 = aten.call "aten.new_ones.default"(self: %x, size: [%4, %c3]) {device = #aten.none, dtype = #aten.none, layout = #aten.none, pin_memory = false} : (tensor<?x4xf32>, i64, i64) -> tensor<?x3xf32>
  %6 = aten.call "_operator.ge"(a: %0) {b = 0 : i64} : (i64) -> i1
  aten.call "aten._assert_scalar.default"(self: %6) {assert_msg = "u0 >= 0"} : (i1) -> ()
  %7 = aten.call "aten.sym_numel.default"(self: %x) : (tensor<?x4xf32>) -> i64
  %8 = aten.call "aten.sym_stride.int"(self: %x) {dim = 0 : i64} : (tensor<?x4xf32>) -> i64
  %9 = aten.call "_operator.floordiv"(a: %0) {b = -3 : i64} : (i64) -> i64
  return %3, %5, %6, %7, %8, %9 : tensor<?x2x2xf32>, tensor<?x3xf32>, i1, i64, i64, i64
}
