// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// avg_pool1d(k 3, s 2, p 1, count_include_pad=False) over 5: windows
// [-1, 0, 1], [1, 2, 3], [3, 4, 5] gathered with clamped indices, the
// out-of-input elements zeroed, summed, and divided by the elements inside
// the input (2, 3, 2).
// CHECK-LABEL: func.func @avg_pool1d_exclude_pad
// CHECK-DAG: %[[INV:.+]] = prim.constant dense<[5.000000e-01, 0.333333343, 5.000000e-01]> : tensor<3xf32>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<2x3x3x3xf32>
// CHECK-DAG: %[[MASK:.+]] = prim.constant dense<{{\[\[}}false, true, true], [true, true, true], [true, true, false]]> : tensor<3x3xi1>
// CHECK-DAG: %[[IDX:.+]] = prim.constant dense<{{\[\[}}0, 0, 1], [1, 2, 3], [3, 4, 0]]> : tensor<3x3xi64>
// CHECK: %[[W:.+]] = prim.take %arg0, %[[IDX]], dim = 2 : (tensor<2x3x5xf32>, tensor<3x3xi64>) -> tensor<2x3x3x3xf32>
// CHECK: %[[M:.+]] = prim.broadcast_in_dim %[[MASK]], dims = [2, 3]
// CHECK: %[[S:.+]] = prim.select %[[M]], %[[W]], %[[ZERO]]
// CHECK: %[[SUM:.+]] = prim.reduce sum %[[S]], dims = [3]
// CHECK: %[[D:.+]] = prim.broadcast_in_dim %[[INV]], dims = [2]
// CHECK: prim.mul %[[SUM]], %[[D]]
func.func @avg_pool1d_exclude_pad(%x: tensor<2x3x5xf32>) -> tensor<2x3x3xf32> {
  %0 = aten.call "aten.avg_pool1d.default"(self: %x) {kernel_size = array<i64: 3>, stride = array<i64: 2>, padding = array<i64: 1>, ceil_mode = false, count_include_pad = false} : (tensor<2x3x5xf32>) -> tensor<2x3x3xf32>
  return %0 : tensor<2x3x3xf32>
}

// -----

// max_pool2d_with_indices (1x2 windows, stride defaulting to the kernel):
// the first maximum's window slot picks the flat input index h * W + w from
// a constant table.
// CHECK-LABEL: func.func @max_pool2d_with_indices
// CHECK-DAG: %[[TABLE:.+]] = prim.constant dense<{{\[\[\[}}0, 1], [2, 3]]]> : tensor<1x2x2xi64>
// CHECK: %[[W:.+]] = prim.reshape %{{.+}} : tensor<1x1x2x1x2xf32> -> tensor<1x1x2x2xf32>
// CHECK: %[[MAX:.+]] = prim.reduce max %[[W]], dims = [3]
// CHECK: %[[FIRST:.+]] = prim.reduce min %{{.+}}, dims = [3] : tensor<1x1x2x2xi64> -> tensor<1x1x2xi64>
// CHECK: %[[AT:.+]] = prim.reshape %[[FIRST]] : tensor<1x1x2xi64> -> tensor<1x1x2x1xi64>
// CHECK: %[[T:.+]] = prim.broadcast_in_dim %[[TABLE]], dims = [1, 2, 3]
// CHECK: %[[I:.+]] = prim.take_along %[[T]], %[[AT]], dim = 3
// CHECK: %[[R:.+]] = prim.reshape %[[I]] : tensor<1x1x2x1xi64> -> tensor<1x1x2xi64>
// CHECK: return %{{.+}}, %[[R]]
func.func @max_pool2d_with_indices(%x: tensor<1x1x4xf32>) -> (tensor<1x1x2xf32>, tensor<1x1x2xi64>) {
  %0:2 = aten.call "aten.max_pool2d_with_indices.default"(self: %x) {kernel_size = array<i64: 1, 2>, stride = array<i64>, padding = array<i64: 0>, dilation = array<i64: 1>, ceil_mode = false} : (tensor<1x1x4xf32>) -> (tensor<1x1x2xf32>, tensor<1x1x2xi64>)
  return %0#0, %0#1 : tensor<1x1x2xf32>, tensor<1x1x2xi64>
}

// -----

// adaptive_avg_pool1d 5 -> 3: windows [0, 2), [1, 4), [3, 5) padded to 3
// elements and masked; divisors 2, 3, 2.
// CHECK-LABEL: func.func @adaptive_avg_pool1d
// CHECK-DAG: prim.constant dense<[5.000000e-01, 0.333333343, 5.000000e-01]> : tensor<3xf32>
// CHECK-DAG: prim.constant dense<{{\[\[}}true, true, false], [true, true, true], [true, true, false]]> : tensor<3x3xi1>
// CHECK-DAG: %[[IDX:.+]] = prim.constant dense<{{\[\[}}0, 1, 0], [1, 2, 3], [3, 4, 0]]> : tensor<3x3xi64>
// CHECK: prim.take %arg0, %[[IDX]], dim = 1 : (tensor<2x5xf32>, tensor<3x3xi64>) -> tensor<2x3x3xf32>
func.func @adaptive_avg_pool1d(%x: tensor<2x5xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.adaptive_avg_pool1d.default"(self: %x) {output_size = array<i64: 3>} : (tensor<2x5xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
