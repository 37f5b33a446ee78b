// The Frobenius norm, vander, histc and max pooling's backward.
// RUN: %pt2c-opt %s --pt2c-decompose-aten -split-input-file | FileCheck %s

// matrix_norm "fro": the 2-norm of the entries over both dims.
// CHECK-LABEL: func.func @frobenius
// CHECK: %[[SQ:.*]] = prim.mul %arg0, %arg0 : tensor<3x4xf32>
// CHECK: %[[SUM:.*]] = prim.reduce sum %[[SQ]], dims = [0, 1]
// CHECK: prim.sqrt %[[SUM]] : tensor<f32>
func.func @frobenius(%x: tensor<3x4xf32>) -> tensor<f32> {
  %0 = aten.call "aten.linalg_matrix_norm.str_ord"(self: %x) {ord = "fro", dim = array<i64: -2, -1>, keepdim = false, dtype = #aten.none} : (tensor<3x4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// vander: ones and N - 1 copies of x, multiplied up (cumprod), as torch.
// CHECK-LABEL: func.func @vander
// CHECK: %[[X:.*]] = prim.reshape %arg0 : tensor<3xi64> -> tensor<3x1xi64>
// CHECK: %[[COLS:.*]] = prim.concatenate [%{{.*}}, %[[X]], %[[X]], %[[X]]], dim = 1
// CHECK: prim.cumprod %[[COLS]], dim = 1 : tensor<3x4xi64>
func.func @vander(%v: tensor<3xi64>) -> tensor<3x4xi64> {
  %0 = aten.call "aten.linalg_vander.default"(x: %v) {N = 4 : i64} : (tensor<3xi64>) -> tensor<3x4xi64>
  return %0 : tensor<3x4xi64>
}

// -----

// histc over [-1, 1] in 4 bins: the bin in the input's type, the last
// bin taking x == max, elements outside counted nowhere (a 0 at bin 0),
// the counts added by one scatter in f64.
// CHECK-LABEL: func.func @histc
// CHECK: %[[IN:.*]] = prim.and
// CHECK: prim.floor {{.*}} : tensor<6xf32>
// CHECK: %[[BIN:.*]] = prim.min
// CHECK: %[[AT:.*]] = prim.select %[[IN]], %[[BIN]]
// CHECK: %[[INDEX:.*]] = prim.convert %[[AT]] : tensor<6xf32> -> tensor<6xi64>
// CHECK: %[[ONE:.*]] = prim.select %[[IN]]
// CHECK: %[[WEIGHT:.*]] = prim.convert %[[ONE]] : tensor<6xf32> -> tensor<6xf64>
// CHECK: prim.scatter add %{{.*}}, %[[INDEX]], %[[WEIGHT]], dim = 0 : (tensor<4xf64>, tensor<6xi64>, tensor<6xf64>) -> tensor<4xf64>
func.func @histc(%h: tensor<6xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.histc.default"(self: %h) {bins = 4 : i64, min = -1.0 : f64, max = 1.0 : f64} : (tensor<6xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// max_pool2d's backward: each gradient added at its flat spatial index.
// CHECK-LABEL: func.func @max_pool_backward
// CHECK: %[[I:.*]] = prim.reshape %arg2 : tensor<1x1x2x2xi64> -> tensor<1x1x4xi64>
// CHECK: %[[G:.*]] = prim.reshape %arg0 : tensor<1x1x2x2xf32> -> tensor<1x1x4xf32>
// CHECK: %[[S:.*]] = prim.scatter add %{{.*}}, %[[I]], %[[G]], dim = 2 : (tensor<1x1x16xf32>, tensor<1x1x4xi64>, tensor<1x1x4xf32>) -> tensor<1x1x16xf32>
// CHECK: prim.reshape %[[S]] : tensor<1x1x16xf32> -> tensor<1x1x4x4xf32>
func.func @max_pool_backward(%g: tensor<1x1x2x2xf32>, %s: tensor<1x1x4x4xf32>, %i: tensor<1x1x2x2xi64>) -> tensor<1x1x4x4xf32> {
  %0 = aten.call "aten.max_pool2d_with_indices_backward.default"(grad_output: %g, self: %s, indices: %i) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x2x2xf32>, tensor<1x1x4x4xf32>, tensor<1x1x2x2xi64>) -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}
