// RUN: %pt2c-opt %s --pt2c-decompose-aten | FileCheck %s

// grid_sampler_2d, nearest, border padding, align_corners: x in [-1, 1]
// maps to (x + 1) * (W - 1) / 2 and is clamped to [0, W - 1] (y likewise
// with H), rounded half to even, and read at y * W + x from the flattened
// plane of each channel.
// CHECK-LABEL: func.func @grid_nearest_border
// CHECK-DAG: %[[W:.+]] = prim.constant dense<5.000000e+00> : tensor<1x9xf32>
// CHECK-DAG: %[[HALFW:.+]] = prim.constant dense<2.000000e+00> : tensor<1x9xf32>
// CHECK-DAG: %[[LASTX:.+]] = prim.constant dense<4.000000e+00> : tensor<1x9xf32>
// CHECK: %[[PLANE:.+]] = prim.reshape %arg0 : tensor<1x2x4x5xf32> -> tensor<1x2x20xf32>
// CHECK: %[[GX:.+]] = prim.slice %arg1 [0:1, 0:3, 0:3, 0:1]
// CHECK: %[[SX:.+]] = prim.mul %{{.+}}, %[[HALFW]]
// CHECK: %[[LOX:.+]] = prim.max %[[SX]], %{{.+}}
// CHECK: %[[X:.+]] = prim.min %[[LOX]], %[[LASTX]]
// CHECK: %[[GY:.+]] = prim.slice %arg1 [0:1, 0:3, 0:3, 1:2]
// CHECK: %[[RX:.+]] = prim.round %[[X]]
// CHECK: %[[RY:.+]] = prim.round %{{.+}}
// CHECK: %[[ROW:.+]] = prim.mul %{{.+}}, %[[W]]
// CHECK: %[[FLAT:.+]] = prim.add %[[ROW]], %{{.+}}
// CHECK: %[[I:.+]] = prim.convert %[[FLAT]] : tensor<1x9xf32> -> tensor<1x9xi64>
// CHECK: %[[IB:.+]] = prim.broadcast_in_dim %[[I]], dims = [0, 2] : tensor<1x9xi64> -> tensor<1x2x9xi64>
// CHECK: prim.take_along %[[PLANE]], %[[IB]], dim = 2
// CHECK: prim.reshape %{{.+}} : tensor<1x2x9xf32> -> tensor<1x2x3x3xf32>
func.func @grid_nearest_border(%x: tensor<1x2x4x5xf32>, %g: tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32> {
  %0 = aten.call "aten.grid_sampler_2d.default"(input: %x, grid: %g) {interpolation_mode = 1 : i64, padding_mode = 1 : i64, align_corners = true} : (tensor<1x2x4x5xf32>, tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}
