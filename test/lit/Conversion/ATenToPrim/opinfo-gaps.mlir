// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s
// Ops first met in PyTorch's OpInfo corpus: the masked index forms
// (Composite.cpp: they emit index.Tensor / index_put calls that the same
// pass decomposes next), integer shifts, gcd and frexp (Pointwise.cpp),
// tril_indices (Creation.cpp), rrelu and native_dropout_backward
// (Random.cpp), _softmax_backward_data (Norm.cpp). Their values against
// eager: ctest's `op-corpus: gaps` and `opinfo:`.

// _unsafe_masked_index: each index clamped to [-size, size - 1], then
// index.Tensor's gather (wrapped negatives, one take), then where(mask, .,
// fill).
// CHECK-LABEL: func.func @masked_index
// CHECK-DAG: %[[FILL:.+]] = prim.constant dense<1.000000e+00> : tensor<7x8xf32>
// CHECK-DAG: %[[RMAX:.+]] = prim.constant dense<4> : tensor<7x1xi64>
// CHECK-DAG: %[[RMIN:.+]] = prim.constant dense<-5> : tensor<7x1xi64>
// CHECK-DAG: %[[CMAX:.+]] = prim.constant dense<5> : tensor<1x8xi64>
// CHECK-DAG: %[[CMIN:.+]] = prim.constant dense<-6> : tensor<1x8xi64>
// CHECK: %[[R0:.+]] = prim.min %arg2, %[[RMAX]]
// CHECK: %[[R:.+]] = prim.max %[[R0]], %[[RMIN]]
// CHECK: %[[C0:.+]] = prim.min %arg3, %[[CMAX]]
// CHECK: %[[C:.+]] = prim.max %[[C0]], %[[CMIN]]
// CHECK: %[[FLAT:.+]] = prim.reshape %arg0 : tensor<5x6xf32> -> tensor<30xf32>
// CHECK: %[[G:.+]] = prim.take %[[FLAT]], %{{.+}}, dim = 0
// CHECK: %[[OUT:.+]] = prim.select %arg1, %[[G]], %[[FILL]]
// CHECK: return %[[OUT]]
// CHECK-NOT: aten.call
func.func @masked_index(%x: tensor<5x6xf32>, %m: tensor<7x8xi1>, %r: tensor<7x1xi64>, %c: tensor<1x8xi64>) -> tensor<7x8xf32> {
  %0 = aten.call "aten._unsafe_masked_index.default"(self: %x, mask: %m, indices: [%r, %c]) {fill = 1 : i64} : (tensor<5x6xf32>, tensor<7x8xi1>, tensor<7x1xi64>, tensor<1x8xi64>) -> tensor<7x8xf32>
  return %0 : tensor<7x8xf32>
}

// -----

// The accumulating put of booleans: the masked values added as int64 by
// index_put's scatter, then != 0 (a logical or).
// CHECK-LABEL: func.func @put_bool
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0> : tensor<5x6xi64>
// CHECK: %[[KEPT:.+]] = prim.select %arg1, %arg4, %{{.+}} : tensor<7x8xi1>, tensor<7x8xi1>
// CHECK: %[[SELF:.+]] = prim.convert %arg0 : tensor<5x6xi1> -> tensor<5x6xi64>
// CHECK: %[[VALUES:.+]] = prim.convert %[[KEPT]] : tensor<7x8xi1> -> tensor<7x8xi64>
// CHECK: %[[SUM:.+]] = prim.scatter add
// CHECK: %[[BACK:.+]] = prim.reshape %[[SUM]] : tensor<30xi64> -> tensor<5x6xi64>
// CHECK: %[[OR:.+]] = prim.compare %[[BACK]], %[[ZERO]], predicate = ne
// CHECK: return %[[OR]] : tensor<5x6xi1>
func.func @put_bool(%x: tensor<5x6xi1>, %m: tensor<7x8xi1>, %r: tensor<7x1xi64>, %c: tensor<1x8xi64>, %v: tensor<7x8xi1>) -> tensor<5x6xi1> {
  %0 = aten.call "aten._unsafe_masked_index_put_accumulate.default"(self: %x, mask: %m, indices: [%r, %c], values: %v) : (tensor<5x6xi1>, tensor<7x8xi1>, tensor<7x1xi64>, tensor<1x8xi64>, tensor<7x8xi1>) -> tensor<5x6xi1>
  return %0 : tensor<5x6xi1>
}

// -----

// int32 >>: shifts in [0, 31) divide by 2^b (one less for a negative value
// with a remainder); the others give the sign fill.
// CHECK-LABEL: func.func @shift_right
// CHECK-DAG: %[[MINUS:.+]] = prim.constant dense<-1> : tensor<4xi32>
// CHECK-DAG: %[[LIMIT:.+]] = prim.constant dense<31> : tensor<4xi32>
// CHECK: %[[LT:.+]] = prim.compare %arg1, %[[LIMIT]], predicate = lt
// CHECK: %[[IN:.+]] = prim.and %{{.+}}, %[[LT]]
// CHECK: %[[P:.+]] = prim.pow %{{.+}}, %{{.+}} : tensor<4xi32>
// CHECK: %[[Q:.+]] = prim.div %arg0, %[[P]]
// CHECK: prim.rem %arg0, %[[P]]
// CHECK: %[[NEG:.+]] = prim.compare %arg0, %{{.+}}, predicate = lt
// CHECK: %[[FILL:.+]] = prim.select %[[NEG]], %[[MINUS]], %{{.+}}
// CHECK: prim.select %[[IN]], %{{.+}}, %[[FILL]]
func.func @shift_right(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = aten.call "aten.bitwise_right_shift.Tensor"(self: %a, other: %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// uint8 >> has no sign fill (-1 is not a uint8).
// CHECK-LABEL: func.func @shift_right_unsigned
// CHECK-NOT: dense<-1>
// CHECK: return
func.func @shift_right_unsigned(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xui8> {
  %0 = aten.call "aten.bitwise_right_shift.Tensor"(self: %a, other: %b) : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// gcd: Euclid's 92 steps, each a remainder by a divisor kept away from 0;
// the last step's remainder is never read (only its a), so 91 remain.
// CHECK-LABEL: func.func @gcd
// CHECK-COUNT-91: prim.rem
// CHECK-NOT: prim.rem
// CHECK: return
func.func @gcd(%a: tensor<3xi64>, %b: tensor<3xi64>) -> tensor<3xi64> {
  %0 = aten.call "aten.gcd.default"(self: %a, other: %b) : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// frexp: mantissa in the input's dtype, exponent int32; (x, 0) at 0, inf
// and NaN.
// CHECK-LABEL: func.func @frexp
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<4xf16> -> tensor<4xf64>
// CHECK: prim.log
// CHECK: prim.pow
// CHECK: %[[M:.+]] = prim.select %[[REGULAR:.+]], %{{.+}}, %[[X]]
// CHECK: prim.convert %[[M]] : tensor<4xf64> -> tensor<4xf16>
// CHECK: %[[E:.+]] = prim.select %[[REGULAR]], %{{.+}}, %{{.+}}
// CHECK: prim.convert %[[E]] : tensor<4xf64> -> tensor<4xi32>
func.func @frexp(%x: tensor<4xf16>) -> (tensor<4xf16>, tensor<4xi32>) {
  %0:2 = aten.call "aten.frexp.Tensor"(self: %x) : (tensor<4xf16>) -> (tensor<4xf16>, tensor<4xi32>)
  return %0#0, %0#1 : tensor<4xf16>, tensor<4xi32>
}

// -----

// tril_indices(3, 2): a constant built at compile time, row-major.
// CHECK-LABEL: func.func @tril
// CHECK: prim.constant dense<{{\[}}[0, 1, 1, 2, 2], [0, 0, 1, 0, 1]]> : tensor<2x5xi64>
func.func @tril() -> tensor<2x5xi64> {
  %0 = aten.call "aten.tril_indices.default"() {row = 3 : i64, col = 2 : i64, offset = 0 : i64, dtype = #aten.none, layout = #aten.none, device = #aten.none, pin_memory = #aten.none} : () -> tensor<2x5xi64>
  return %0 : tensor<2x5xi64>
}

// -----

// rrelu in eval: the mean slope (0.1 + 0.3) / 2; in training, a Philox draw.
// CHECK-LABEL: func.func @rrelu_eval
// CHECK-DAG: %[[SLOPE:.+]] = prim.constant dense<2.000000e-01> : tensor<5xf32>
// CHECK: %[[SCALED:.+]] = prim.mul %arg0, %[[SLOPE]]
// CHECK: prim.select %{{.+}}, %arg0, %[[SCALED]]
func.func @rrelu_eval(%x: tensor<5xf32>) -> tensor<5xf32> {
  %0 = aten.call "aten.rrelu.default"(self: %x) {generator = #aten.none, lower = 1.000000e-01 : f64, training = false, upper = 3.000000e-01 : f64} : (tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @rrelu_train
// CHECK: prim.xor
// CHECK: prim.select
func.func @rrelu_train(%x: tensor<5xf32>) -> tensor<5xf32> {
  %0 = aten.call "aten.rrelu.default"(self: %x) {generator = #aten.none, lower = 1.000000e-01 : f64, training = true, upper = 3.000000e-01 : f64} : (tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// _softmax_backward_data of bfloat16 in f32: y * (g - sum(g * y, dim)).
// CHECK-LABEL: func.func @softmax_backward
// CHECK: %[[G:.+]] = prim.convert %arg0 : tensor<3x4xbf16> -> tensor<3x4xf32>
// CHECK: %[[Y:.+]] = prim.convert %arg1 : tensor<3x4xbf16> -> tensor<3x4xf32>
// CHECK: %[[GY:.+]] = prim.mul %[[G]], %[[Y]]
// CHECK: %[[DOT:.+]] = prim.reduce sum %[[GY]]
// CHECK: %[[SUB:.+]] = prim.sub %[[G]], %{{.+}}
// CHECK: %[[R:.+]] = prim.mul %[[Y]], %[[SUB]]
// CHECK: prim.convert %[[R]] : tensor<3x4xf32> -> tensor<3x4xbf16>
func.func @softmax_backward(%g: tensor<3x4xbf16>, %y: tensor<3x4xbf16>) -> tensor<3x4xbf16> {
  %0 = aten.call "aten._softmax_backward_data.default"(grad_output: %g, output: %y) {dim = 1 : i64, input_dtype = 15 : i64} : (tensor<3x4xbf16>, tensor<3x4xbf16>) -> tensor<3x4xbf16>
  return %0 : tensor<3x4xbf16>
}

// -----

// native_dropout_backward: grad * mask * scale.
// CHECK-LABEL: func.func @dropout_backward
// CHECK-DAG: %[[SCALE:.+]] = prim.constant dense<1.250000e+00> : tensor<6xf32>
// CHECK: %[[MASK:.+]] = prim.convert %arg1 : tensor<6xi1> -> tensor<6xf32>
// CHECK: %[[KEPT:.+]] = prim.mul %arg0, %[[MASK]]
// CHECK: prim.mul %[[KEPT]], %[[SCALE]]
func.func @dropout_backward(%g: tensor<6xf32>, %m: tensor<6xi1>) -> tensor<6xf32> {
  %0 = aten.call "aten.native_dropout_backward.default"(grad_output: %g, mask: %m) {scale = 1.250000e+00 : f64} : (tensor<6xf32>, tensor<6xi1>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// resize (resize_'s functional form) to fewer elements: the first 20 of the
// flattened 24, reshaped.
// CHECK-LABEL: func.func @resize_fewer
// CHECK: %[[FLAT:.+]] = prim.reshape %arg0 : tensor<3x8xf32> -> tensor<24xf32>
// CHECK: %[[FIRST:.+]] = prim.slice %[[FLAT]]
// CHECK-SAME: tensor<24xf32> -> tensor<20xf32>
// CHECK: prim.reshape %[[FIRST]] : tensor<20xf32> -> tensor<4x5xf32>
func.func @resize_fewer(%x: tensor<3x8xf32>) -> tensor<4x5xf32> {
  %0 = aten.call "aten.resize.default"(self: %x) {memory_format = #aten.none, size = array<i64: 4, 5>} : (tensor<3x8xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// gradient along dim 1, spacing 2, second-order edges: the three parts
// concatenated along the dim.
// CHECK-LABEL: func.func @gradient
// CHECK-DAG: %[[HALF_H:.+]] = prim.constant dense<2.500000e-01> : tensor<5x5xf32>
// CHECK: %[[NEXT:.+]] = prim.slice %arg0
// CHECK: %[[PREV:.+]] = prim.slice %arg0
// CHECK: %[[D:.+]] = prim.sub %[[NEXT]], %[[PREV]]
// CHECK: %[[INNER:.+]] = prim.mul %[[D]], %[[HALF_H]]
// CHECK: prim.concatenate [%{{.+}}, %[[INNER]], %{{.+}}], dim = 1
func.func @gradient(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %0 = aten.call "aten.gradient.scalarint"(self: %x) {dim = 1 : i64, edge_order = 2 : i64, spacing = 2.000000e+00 : f64} : (tensor<5x7xf32>) -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}
