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

// -----

// The *_like makers and fill have self's shape: on a `?` dim they splat
// with self's size (zeros_like with dtype=i64 splats an i64 0; empty_like's
// unspecified values are zeros); fill.Tensor broadcasts its 0-dim value.
// CHECK-LABEL: func.func @like_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<?x4xf32>, %[[V:.+]]: tensor<f32>)
// CHECK-DAG: %[[Q:.+]] = arith.constant 2.500000e-01 : f32
// CHECK-DAG: %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[ZI:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[TWO:.+]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[N0:.+]] = tensor.dim %[[X]], %{{.+}}
// CHECK: %[[FULL:.+]] = prim.splat %[[TWO]], dynamic_sizes(%[[N0]]) : f32 -> tensor<?x4xf32>
// CHECK: %[[N1:.+]] = tensor.dim %[[X]], %{{.+}}
// CHECK: %[[ZEROS:.+]] = prim.splat %[[ZI]], dynamic_sizes(%[[N1]]) : i64 -> tensor<?x4xi64>
// CHECK: %[[ONES:.+]] = prim.splat %[[ONE]], dynamic_sizes(%{{.+}}) : f32 -> tensor<?x4xf32>
// CHECK: %[[EMPTY:.+]] = prim.splat %[[Z]], dynamic_sizes(%{{.+}}) : f32 -> tensor<?x4xf32>
// CHECK: %[[FILL:.+]] = prim.splat %[[Q]], dynamic_sizes(%{{.+}}) : f32 -> tensor<?x4xf32>
// CHECK: %[[FT:.+]] = prim.broadcast_in_dim %[[V]], dims = [], dynamic_sizes(%{{.+}}) : tensor<f32> -> tensor<?x4xf32>
// CHECK: return %[[FULL]], %[[ZEROS]], %[[ONES]], %[[EMPTY]], %[[FILL]], %[[FT]]
func.func @like_dynamic(%x: tensor<?x4xf32>, %v: tensor<f32>) -> (tensor<?x4xf32>, tensor<?x4xi64>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  %0 = aten.call "aten.full_like.default"(self: %x) {device = #aten.none, dtype = #aten.none, fill_value = 2.000000e+00 : f64, layout = #aten.none, memory_format = #aten.none, pin_memory = false} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = aten.call "aten.zeros_like.default"(self: %x) {device = #aten.none, dtype = i64, layout = #aten.none, memory_format = #aten.none, pin_memory = false} : (tensor<?x4xf32>) -> tensor<?x4xi64>
  %2 = aten.call "aten.ones_like.default"(self: %x) {device = #aten.none, dtype = #aten.none, layout = #aten.none, memory_format = #aten.none, pin_memory = false} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %3 = aten.call "aten.empty_like.default"(self: %x) {device = #aten.none, dtype = #aten.none, layout = #aten.none, memory_format = #aten.none, pin_memory = false} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %4 = aten.call "aten.fill.Scalar"(self: %x) {value = 2.500000e-01 : f64} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %5 = aten.call "aten.fill.Tensor"(self: %x, value: %v) : (tensor<?x4xf32>, tensor<f32>) -> tensor<?x4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<?x4xf32>, tensor<?x4xi64>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// Static makers: empty/new_empty/empty_strided give zeros (their values are
// unspecified), new_full(7) and scalar_tensor(3.5) constants of the result
// dtype (bf16).
// CHECK-LABEL: func.func @static_makers
// CHECK-DAG: %[[E23:.+]] = prim.constant dense<0.000000e+00> : tensor<2x3xbf16>
// CHECK-DAG: %[[E2:.+]] = prim.constant dense<0.000000e+00> : tensor<2xbf16>
// CHECK-DAG: %[[F7:.+]] = prim.constant dense<7.000000e+00> : tensor<2xbf16>
// CHECK-DAG: %[[S:.+]] = prim.constant dense<3.500000e+00> : tensor<bf16>
// CHECK: return %[[E23]], %[[E2]], %[[F7]], %[[E23]], %[[S]]
func.func @static_makers(%x: tensor<3x4xbf16>) -> (tensor<2x3xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2x3xbf16>, tensor<bf16>) {
  %0 = aten.call "aten.empty.memory_format"() {device = "cpu", dtype = bf16, layout = #aten.none, memory_format = #aten.none, pin_memory = false, size = array<i64: 2, 3>} : () -> tensor<2x3xbf16>
  %1 = aten.call "aten.new_empty.default"(self: %x) {device = #aten.none, dtype = #aten.none, layout = #aten.none, pin_memory = false, size = array<i64: 2>} : (tensor<3x4xbf16>) -> tensor<2xbf16>
  %2 = aten.call "aten.new_full.default"(self: %x) {device = #aten.none, dtype = #aten.none, fill_value = 7.000000e+00 : f64, layout = #aten.none, pin_memory = false, size = array<i64: 2>} : (tensor<3x4xbf16>) -> tensor<2xbf16>
  %3 = aten.call "aten.empty_strided.default"() {device = #aten.none, dtype = bf16, layout = #aten.none, pin_memory = #aten.none, size = array<i64: 2, 3>, stride = array<i64: 1, 2>} : () -> tensor<2x3xbf16>
  %4 = aten.call "aten.scalar_tensor.default"() {device = #aten.none, dtype = bf16, layout = #aten.none, pin_memory = #aten.none, s = 3.500000e+00 : f64} : () -> tensor<bf16>
  return %0, %1, %2, %3, %4 : tensor<2x3xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2x3xbf16>, tensor<bf16>
}

// -----

// fill(x, True) writes 1, not -1: the bool is read as a bool, never as a
// sign-extended i1 integer (issue #17); an int64 result shows it as 1 too.
// CHECK-LABEL: func.func @fill_true
// CHECK-DAG: prim.constant dense<1.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: prim.constant dense<1> : tensor<2xi64>
// CHECK-NOT: dense<-1
func.func @fill_true(%x: tensor<2x3xf32>, %i: tensor<2xi64>) -> (tensor<2x3xf32>, tensor<2xi64>) {
  %0 = aten.call "aten.fill.Scalar"(self: %x) {value = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = aten.call "aten.fill.Scalar"(self: %i) {value = true} : (tensor<2xi64>) -> tensor<2xi64>
  return %0, %1 : tensor<2x3xf32>, tensor<2xi64>
}
