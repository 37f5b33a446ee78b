// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// arange(5) = [0, 1, 2, 3, 4]: a bare iota (step 1, start 0 add nothing).
// CHECK-LABEL: func.func @arange
// CHECK-NOT: prim.mul
// CHECK-NOT: prim.add
// CHECK: %[[R:.+]] = prim.iota dim = 0 : tensor<5xi64>
// CHECK-NEXT: return %[[R]]
func.func @arange() -> tensor<5xi64> {
  %0 = aten.call "aten.arange.default"() {device = "cpu", dtype = #aten.none, end = 5 : i64, layout = #aten.none, pin_memory = false} : () -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

// -----

// arange(3, 7) = iota + 3 = [3, 4, 5, 6].
// CHECK-LABEL: func.func @arange_start
// CHECK: %[[START:.+]] = prim.constant dense<3> : tensor<4xi64>
// CHECK: %[[I:.+]] = prim.iota dim = 0 : tensor<4xi64>
// CHECK-NOT: prim.mul
// CHECK: %[[R:.+]] = prim.add %[[I]], %[[START]] : tensor<4xi64>
// CHECK: return %[[R]]
func.func @arange_start() -> tensor<4xi64> {
  %0 = aten.call "aten.arange.start"() {device = "cpu", dtype = #aten.none, end = 7 : i64, layout = #aten.none, pin_memory = false, start = 3 : i64} : () -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// arange(1.0, 3.0, 0.5) = iota * 0.5 + 1.0 = [1.0, 1.5, 2.0, 2.5].
// CHECK-LABEL: func.func @arange_start_step
// CHECK-DAG: %[[START:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[STEP:.+]] = prim.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK: %[[I:.+]] = prim.iota dim = 0 : tensor<4xf32>
// CHECK: %[[S:.+]] = prim.mul %[[I]], %[[STEP]] : tensor<4xf32>
// CHECK: %[[R:.+]] = prim.add %[[S]], %[[START]] : tensor<4xf32>
// CHECK: return %[[R]]
func.func @arange_start_step() -> tensor<4xf32> {
  %0 = aten.call "aten.arange.start_step"() {device = "cpu", dtype = f32, end = 3.000000e+00 : f64, layout = #aten.none, pin_memory = false, start = 1.000000e+00 : f64, step = 5.000000e-01 : f64} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// new_ones(x, [], dtype=bool): a constant true of the result type (x's
// values are not read).
// CHECK-LABEL: func.func @new_ones
// CHECK: %[[R:.+]] = prim.constant dense<true> : tensor<i1>
// CHECK-NEXT: return %[[R]]
func.func @new_ones(%x: tensor<1x16xi64>) -> tensor<i1> {
  %0 = aten.call "aten.new_ones.default"(self: %x) {device = #aten.none, dtype = i1, layout = #aten.none, pin_memory = false, size = array<i64>} : (tensor<1x16xi64>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

// new_zeros(x, [2, 3]): a constant 0 of the result type.
// CHECK-LABEL: func.func @new_zeros
// CHECK: %[[R:.+]] = prim.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @new_zeros(%x: tensor<4xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.new_zeros.default"(self: %x) {device = #aten.none, dtype = #aten.none, layout = #aten.none, pin_memory = #aten.none, size = array<i64: 2, 3>} : (tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// ones([2, 3], dtype=int64): a constant 1.
// CHECK-LABEL: func.func @ones
// CHECK: %[[R:.+]] = prim.constant dense<1> : tensor<2x3xi64>
// CHECK-NEXT: return %[[R]]
func.func @ones() -> tensor<2x3xi64> {
  %0 = aten.call "aten.ones.default"() {device = "cpu", dtype = i64, layout = #aten.none, pin_memory = false, size = array<i64: 2, 3>} : () -> tensor<2x3xi64>
  return %0 : tensor<2x3xi64>
}

// -----

// zeros([4]): a constant 0.
// CHECK-LABEL: func.func @zeros
// CHECK: %[[R:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT: return %[[R]]
func.func @zeros() -> tensor<4xf32> {
  %0 = aten.call "aten.zeros.default"() {device = "cpu", dtype = #aten.none, layout = #aten.none, pin_memory = false, size = array<i64: 4>} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// full([2, 3], -1.5): a constant -1.5.
// CHECK-LABEL: func.func @full
// CHECK: %[[R:.+]] = prim.constant dense<-1.500000e+00> : tensor<2x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @full() -> tensor<2x3xf32> {
  %0 = aten.call "aten.full.default"() {device = "cpu", dtype = f32, fill_value = -1.500000e+00 : f64, layout = #aten.none, pin_memory = false, size = array<i64: 2, 3>} : () -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
