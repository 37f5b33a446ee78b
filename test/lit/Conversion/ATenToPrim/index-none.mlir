// RUN: %pt2c-opt %s --pt2c-decompose-aten | FileCheck %s

// x[:, idx] (a None, then an index tensor on dim 1): dim 1 moves to the
// front, the take gathers [2, 1, 5, 3], and the leading dim 5 moves back in
// front of the index dims, where torch puts them.
// CHECK-LABEL: func.func @index_after_none
// CHECK: %[[T:.+]] = prim.transpose %arg0, permutation = [1, 0, 2] : tensor<5x6x3xf32> -> tensor<6x5x3xf32>
// CHECK: %[[I:.+]] = prim.select %{{.+}}, %{{.+}}, %arg1 : tensor<2x1xi1>, tensor<2x1xi64>
// CHECK: %[[G:.+]] = prim.take %{{.+}}, %[[I]], dim = 0 : (tensor<6x5x3xf32>, tensor<2x1xi64>) -> tensor<2x1x5x3xf32>
// CHECK: prim.transpose %[[G]], permutation = [2, 0, 1, 3] : tensor<2x1x5x3xf32> -> tensor<5x2x1x3xf32>
func.func @index_after_none(%x: tensor<5x6x3xf32>, %i: tensor<2x1xi64>) -> tensor<5x2x1x3xf32> {
  %n = aten.none
  %0 = aten.call "aten.index.Tensor"(self: %x, indices: [%n, %i]) : (tensor<5x6x3xf32>, !aten.none, tensor<2x1xi64>) -> tensor<5x2x1x3xf32>
  return %0 : tensor<5x2x1x3xf32>
}
