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

// The other int operators: mod is lhs - floordiv(lhs, rhs) * rhs (Python's
// sign rule: the divisor's), comparisons are signed, neg is 0 - a,
// torch.sym_max/sym_min are signed max/min and sym_not flips a bool.
// CHECK-LABEL: func.func @int_ops
// CHECK-DAG: %[[TRUE:.+]] = arith.constant true
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : i64
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : i64
// CHECK-DAG: %[[CM3:.+]] = arith.constant -3 : i64
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : i64
// CHECK: %[[S:.+]] = arith.index_cast %{{.+}} : index to i64
// CHECK: %[[SUB:.+]] = arith.subi %[[S]], %[[C1]] : i64
// CHECK: %[[Q:.+]] = arith.floordivsi %[[S]], %[[CM3]] : i64
// CHECK: %[[QB:.+]] = arith.muli %[[Q]], %[[CM3]] : i64
// CHECK: %[[MOD:.+]] = arith.subi %[[S]], %[[QB]] : i64
// CHECK: %[[EQ:.+]] = arith.cmpi eq, %[[S]], %[[SUB]] : i64
// CHECK: %[[NE:.+]] = arith.cmpi ne, %[[S]], %[[C4]] : i64
// CHECK: %[[LT:.+]] = arith.cmpi slt, %[[S]], %[[C4]] : i64
// CHECK: %[[GT:.+]] = arith.cmpi sgt, %[[S]], %[[C4]] : i64
// CHECK: %[[AND:.+]] = arith.andi %[[LT]], %[[GT]] : i1
// CHECK: %[[OR:.+]] = arith.ori %[[S]], %[[C1]] : i64
// CHECK: %[[NEG:.+]] = arith.subi %[[C0]], %[[S]] : i64
// CHECK: %[[MAX:.+]] = arith.maxsi %[[S]], %[[C8]] : i64
// CHECK: %[[MIN:.+]] = arith.minsi %[[S]], %[[C8]] : i64
// CHECK: %[[NOT:.+]] = arith.xori %[[AND]], %[[TRUE]] : i1
// CHECK: return %[[SUB]], %[[MOD]], %[[EQ]], %[[NE]], %[[LT]], %[[GT]], %[[AND]], %[[OR]], %[[NEG]], %[[MAX]], %[[MIN]], %[[NOT]]
func.func @int_ops(%x: tensor<?x4xf32>) -> (i64, i64, i1, i1, i1, i1, i1, i64, i64, i64, i64, i1) {
  %s = aten.call "aten.sym_size.int"(self: %x) {dim = 0 : i64} : (tensor<?x4xf32>) -> i64
  %0 = aten.call "_operator.sub"(a: %s) {b = 1 : i64} : (i64) -> i64
  %1 = aten.call "_operator.mod"(a: %s) {b = -3 : i64} : (i64) -> i64
  %2 = aten.call "_operator.eq"(a: %s, b: %0) : (i64, i64) -> i1
  %3 = aten.call "_operator.ne"(a: %s) {b = 4 : i64} : (i64) -> i1
  %4 = aten.call "_operator.lt"(a: %s) {b = 4 : i64} : (i64) -> i1
  %5 = aten.call "_operator.gt"(a: %s) {b = 4 : i64} : (i64) -> i1
  %6 = aten.call "_operator.and_"(a: %4, b: %5) : (i1, i1) -> i1
  %7 = aten.call "_operator.or_"(a: %s) {b = 1 : i64} : (i64) -> i64
  %8 = aten.call "_operator.neg"(a: %s) : (i64) -> i64
  %9 = aten.call "torch.sym_max"(a: %s) {b = 8 : i64} : (i64) -> i64
  %10 = aten.call "torch.sym_min"(a: %s) {b = 8 : i64} : (i64) -> i64
  %11 = aten.call "torch.sym_not"(a: %6) : (i1) -> i1
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i64, i64, i1, i1, i1, i1, i1, i64, i64, i64, i64, i1
}

// Python's promotion: bool arithmetic is on ints (True + True is 2, +True
// is 1); int / int and int * float are float (f64) operations; a float `!=`
// is unordered (true on NaN); a SymFloat operand of mul.Tensor is rounded
// to the tensor's dtype and splatted.
// CHECK-LABEL: func.func @bool_and_float
// CHECK-DAG: %[[C15:.+]] = arith.constant 1.500000e+00 : f64
// CHECK-DAG: %[[C3:.+]] = arith.constant 3.000000e+00 : f64
// CHECK-DAG: %[[C2:.+]] = arith.constant 2.000000e+00 : f64
// CHECK: %[[S:.+]] = arith.index_cast %{{.+}} : index to i64
// CHECK: %[[B:.+]] = arith.cmpi sgt, %[[S]]
// CHECK: %[[B1:.+]] = arith.extui %[[B]] : i1 to i64
// CHECK: %[[B2:.+]] = arith.extui %[[B]] : i1 to i64
// CHECK: %[[ADD:.+]] = arith.addi %[[B1]], %[[B2]] : i64
// CHECK: %[[POS:.+]] = arith.extui %[[B]] : i1 to i64
// CHECK: %[[SF:.+]] = arith.sitofp %[[S]] : i64 to f64
// CHECK: %[[DIV:.+]] = arith.divf %[[SF]], %[[C2]] : f64
// CHECK: %[[MUL:.+]] = arith.mulf %[[DIV]], %[[C3]] : f64
// CHECK: %[[NE:.+]] = arith.cmpf une, %[[MUL]], %[[C15]] : f64
// CHECK: %[[FLOAT:.+]] = arith.sitofp %[[S]] : i64 to f64
// CHECK: %[[F32:.+]] = arith.truncf %[[DIV]] : f64 to f32
// CHECK: %[[SPLAT:.+]] = prim.splat %[[F32]], dynamic_sizes(%{{.+}}) : f32 -> tensor<?x4xf32>
// CHECK: %[[T:.+]] = prim.mul %arg0, %[[SPLAT]]
// CHECK: return %[[ADD]], %[[POS]], %[[DIV]], %[[MUL]], %[[NE]], %[[FLOAT]], %[[T]]
func.func @bool_and_float(%x: tensor<?x4xf32>) -> (i64, i64, f64, f64, i1, f64, tensor<?x4xf32>) {
  %s = aten.call "aten.sym_size.int"(self: %x) {dim = 0 : i64} : (tensor<?x4xf32>) -> i64
  %b = aten.call "_operator.gt"(a: %s) {b = 4 : i64} : (i64) -> i1
  %0 = aten.call "_operator.add"(a: %b, b: %b) : (i1, i1) -> i64
  %1 = aten.call "_operator.pos"(a: %b) : (i1) -> i64
  %2 = aten.call "_operator.truediv"(a: %s) {b = 2 : i64} : (i64) -> f64
  %3 = aten.call "_operator.mul"(a: %2) {b = 3 : i64} : (f64) -> f64
  %4 = aten.call "_operator.ne"(a: %3) {b = 1.5 : f64} : (f64) -> i1
  %5 = aten.call "torch.sym_float"(a: %s) : (i64) -> f64
  %6 = aten.call "aten.mul.Tensor"(self: %x, other: %2) : (tensor<?x4xf32>, f64) -> tensor<?x4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : i64, i64, f64, f64, i1, f64, tensor<?x4xf32>
}

// Facts of value tensors: storage offset 0, contiguous, the stride of dim 0
// is the product of the later dims (static ones folded in), dims count from
// the end when negative.
// CHECK-LABEL: func.func @tensor_facts
// CHECK-DAG: %[[TRUE:.+]] = arith.constant true
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[C3:.+]] = arith.constant 3 : i64
// CHECK-DAG: %[[I2:.+]] = arith.constant 2 : index
// CHECK: %[[D2:.+]] = tensor.dim %arg0, %[[I2]]
// CHECK: %[[S2:.+]] = arith.index_cast %[[D2]] : index to i64
// CHECK: %[[STRIDE:.+]] = arith.muli %[[S2]], %[[C3]] : i64
// CHECK: %[[LAST:.+]] = tensor.dim %arg0, %[[I2]]
// CHECK: %[[SIZE:.+]] = arith.index_cast %[[LAST]] : index to i64
// CHECK: return %[[C0]], %[[STRIDE]], %[[TRUE]], %[[SIZE]]
func.func @tensor_facts(%x: tensor<?x3x?xf32>) -> (i64, i64, i1, i64) {
  %0 = aten.call "aten.sym_storage_offset.default"(self: %x) : (tensor<?x3x?xf32>) -> i64
  %1 = aten.call "aten.sym_stride.int"(self: %x) {dim = 0 : i64} : (tensor<?x3x?xf32>) -> i64
  %2 = aten.call "aten.sym_is_contiguous.default"(self: %x) {memory_format = "contiguous_format"} : (tensor<?x3x?xf32>) -> i1
  %3 = aten.call "aten.sym_size.int"(self: %x) {dim = -1 : i64} : (tensor<?x3x?xf32>) -> i64
  return %0, %1, %2, %3 : i64, i64, i1, i64
}

// view(x, [s, -1]) and view(x, [-1, 2, 2]) with a size list the graph
// computed: the -1 is what is left of the element count, never a size of -1.
// CHECK-LABEL: func.func @view_infers_minus_one
// CHECK-DAG: %[[I4:.+]] = arith.constant 4 : index
// CHECK-DAG: %[[I0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[I2:.+]] = arith.constant 2 : index
// CHECK: %[[D0:.+]] = tensor.dim %arg0, %[[I0]]
// CHECK: %[[S:.+]] = arith.index_cast %[[D0]] : index to i64
// CHECK: %[[SI:.+]] = arith.index_cast %[[S]] : i64 to index
// CHECK: %[[N0:.+]] = tensor.dim %arg0, %[[I0]]
// CHECK: %[[N1:.+]] = arith.muli %[[N0]], %[[I4]] : index
// CHECK: %[[N2D:.+]] = tensor.dim %arg0, %[[I2]]
// CHECK: %[[NUMEL:.+]] = arith.muli %[[N1]], %[[N2D]] : index
// CHECK: %[[REST:.+]] = arith.divui %[[NUMEL]], %[[SI]] : index
// CHECK: %[[V:.+]] = prim.reshape %arg0, dynamic_sizes(%[[SI]], %[[REST]]) : tensor<?x4x?xf32> -> tensor<?x?xf32>
// CHECK: %[[NUMEL2:.+]] = arith.muli %{{.+}}, %dim{{.*}} : index
// CHECK: %[[REST2:.+]] = arith.divui %[[NUMEL2]], %[[I4]] : index
// CHECK: %[[W:.+]] = prim.reshape %arg0, dynamic_sizes(%[[REST2]]) : tensor<?x4x?xf32> -> tensor<?x2x2xf32>
// CHECK-NOT: constant -1
// CHECK: return %[[V]], %[[W]]
func.func @view_infers_minus_one(%x: tensor<?x4x?xf32>) -> (tensor<?x?xf32>, tensor<?x2x2xf32>) {
  %s = aten.call "aten.sym_size.int"(self: %x) {dim = 0 : i64} : (tensor<?x4x?xf32>) -> i64
  %m = arith.constant -1 : i64
  %c2 = arith.constant 2 : i64
  %0 = aten.call "aten.view.default"(self: %x, size: [%s, %m]) : (tensor<?x4x?xf32>, i64, i64) -> tensor<?x?xf32>
  %1 = aten.call "aten.view.default"(self: %x, size: [%m, %c2, %c2]) : (tensor<?x4x?xf32>, i64, i64, i64) -> tensor<?x2x2xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x2x2xf32>
}

// expand of a size-1 dim to a size the graph computed (cls.expand(b, -1)):
// the `?` size is the list's; a `?` dim of self keeps its own size.
// CHECK-LABEL: func.func @expand_to_computed_size
// CHECK: %[[D:.+]] = tensor.dim %arg0
// CHECK: %[[S:.+]] = arith.index_cast %[[D]] : index to i64
// CHECK: %[[SI:.+]] = arith.index_cast %[[S]] : i64 to index
// CHECK: %[[E:.+]] = prim.broadcast_in_dim %arg1, dims = [1, 2], dynamic_sizes(%[[SI]]) : tensor<1x4xf32> -> tensor<?x1x4xf32>
// CHECK: %[[D2:.+]] = tensor.dim %arg0
// CHECK: %[[K:.+]] = prim.broadcast_in_dim %arg0, dims = [0, 1], dynamic_sizes(%[[D2]]) : tensor<?x1xf32> -> tensor<?x3xf32>
// CHECK: return %[[E]], %[[K]]
func.func @expand_to_computed_size(%x: tensor<?x1xf32>, %cls: tensor<1x4xf32>) -> (tensor<?x1x4xf32>, tensor<?x3xf32>) {
  %s = aten.call "aten.sym_size.int"(self: %x) {dim = 0 : i64} : (tensor<?x1xf32>) -> i64
  %m = arith.constant -1 : i64
  %c3 = arith.constant 3 : i64
  %0 = aten.call "aten.expand.default"(self: %cls, size: [%s, %m, %m]) {implicit = false} : (tensor<1x4xf32>, i64, i64, i64) -> tensor<?x1x4xf32>
  %1 = aten.call "aten.expand.default"(self: %x, size: [%m, %c3]) {implicit = false} : (tensor<?x1xf32>, i64, i64) -> tensor<?x3xf32>
  return %0, %1 : tensor<?x1x4xf32>, tensor<?x3xf32>
}

// A fill value the graph computed (torch.full((2, 3), x.shape[0]),
// full_like(x, n)) is splatted at run time, converted as torch does
// (bool(n) is n != 0).
// CHECK-LABEL: func.func @computed_fill
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : i64
// CHECK: %[[S:.+]] = arith.index_cast %{{.+}} : index to i64
// CHECK: %[[INTS:.+]] = prim.splat %[[S]] : i64 -> tensor<2x3xi64>
// CHECK: %[[F:.+]] = arith.sitofp %[[S]] : i64 to f32
// CHECK: %[[LIKE:.+]] = prim.splat %[[F]], dynamic_sizes(%{{.+}}) : f32 -> tensor<?x4xf32>
// CHECK: %[[SI:.+]] = arith.index_cast %[[S]] : i64 to index
// CHECK: %[[B:.+]] = arith.cmpi ne, %[[S]], %[[C0]] : i64
// CHECK: %[[BOOLS:.+]] = prim.splat %[[B]], dynamic_sizes(%[[SI]]) : i1 -> tensor<?x3xi1>
// CHECK: return %[[INTS]], %[[LIKE]], %[[BOOLS]]
func.func @computed_fill(%x: tensor<?x4xf32>) -> (tensor<2x3xi64>, tensor<?x4xf32>, tensor<?x3xi1>) {
  %s = aten.call "aten.sym_size.int"(self: %x) {dim = 0 : i64} : (tensor<?x4xf32>) -> i64
  %c3 = arith.constant 3 : i64
  %0 = aten.call "aten.full.default"(fill_value: %s) {size = array<i64: 2, 3>, device = #aten.none, dtype = #aten.none, layout = #aten.none, pin_memory = #aten.none} : (i64) -> tensor<2x3xi64>
  %1 = aten.call "aten.full_like.default"(self: %x, fill_value: %s) {device = #aten.none, dtype = #aten.none, layout = #aten.none, pin_memory = #aten.none, memory_format = #aten.none} : (tensor<?x4xf32>, i64) -> tensor<?x4xf32>
  %2 = aten.call "aten.full.default"(size: [%s, %c3], fill_value: %s) {device = #aten.none, dtype = i1, layout = #aten.none, pin_memory = #aten.none} : (i64, i64, i64) -> tensor<?x3xi1>
  return %0, %1, %2 : tensor<2x3xi64>, tensor<?x4xf32>, tensor<?x3xi1>
}
