// RUN: %pt2c-opt %s --pt2c-verify-aten | FileCheck %s

// What pt2c-verify-aten accepts and leaves unchanged: every form the
// importer gives a well-formed archive (docs/aten-form.md).

// CHECK-LABEL: func.func @accepted
// CHECK-COUNT-12: aten.call
func.func @accepted(%x: tensor<4x8xf32>, %w: tensor<2x8xf32>, %img: tensor<1x1x8x8xf32>,
                    %ids: tensor<3xi64>, %s: i64) -> (tensor<4x2xf32>, tensor<4x8xf32>, tensor<1x1x4x4xf32>, tensor<4x8xf32>, tensor<3x8xf32>, tensor<f32>, tensor<4x8xf16>, tensor<4x8xf32>, i64, tensor<4x8xf32>)
    attributes {pt2c.symbols = {s0 = {max = 8 : i64, min = 2 : i64}, s1 = {min = 1 : i64}}} {
  // An optional tensor as None; defaulted arguments left out.
  %0 = aten.call "aten.linear.default"(input: %x, weight: %w) {bias = #aten.none} : (tensor<4x8xf32>, tensor<2x8xf32>) -> tensor<4x2xf32>
  // A wrapped number for a Tensor (torch.export writes add.Tensor(x, 1)).
  %1 = aten.call "aten.add.Tensor"(self: %x) {other = 1 : i64, alpha = 1 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // One int for an int[2] (broadcast), an empty stride (= kernel_size).
  %2 = aten.call "aten.max_pool2d.default"(self: %img) {kernel_size = 2 : i64, stride = array<i64>, padding = 0 : i64, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x8x8xf32>) -> tensor<1x1x4x4xf32>
  // A symbolic wrapped number.
  %3 = aten.call "aten.add.Tensor"(self: %x, other: %s) {alpha = 1 : i64} : (tensor<4x8xf32>, i64) -> tensor<4x8xf32>
  // A list of optional tensors holding None.
  %none = aten.none
  %4 = aten.call "aten.index.Tensor"(self: %x, indices: [%ids, %none]) : (tensor<4x8xf32>, tensor<3xi64>, !aten.none) -> tensor<3x8xf32>
  // int[1]? dims: any number of them.
  %5 = aten.call "aten.sum.dim_IntList"(self: %x) {dim = array<i64: 0, -1>, keepdim = false, dtype = #aten.none} : (tensor<4x8xf32>) -> tensor<f32>
  // A dtype, a layout and a memory format.
  %6 = aten.call "aten._to_copy.default"(self: %x) {dtype = f16, layout = "strided", device = "cpu", pin_memory = #aten.none, non_blocking = false, memory_format = "contiguous_format"} : (tensor<4x8xf32>) -> tensor<4x8xf16>
  // A string.
  %7 = aten.call "aten.gelu.default"(self: %x) {approximate = "none"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // An int result.
  %8 = aten.call "aten.sym_size.int"(self: %x) {dim = 1} : (tensor<4x8xf32>) -> i64
  // Dims count from the end.
  %9 = aten.call "aten.softmax.int"(self: %x) {dim = -2, dtype = #aten.none} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // stack's new last dim (its result's rank), cat's last.
  %10 = aten.call "aten.stack.default"(tensors: [%x, %x]) {dim = 2} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8x2xf32>
  %11 = aten.call "aten.cat.default"(tensors: [%x, %x]) {dim = -1} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<4x2xf32>, tensor<4x8xf32>, tensor<1x1x4x4xf32>, tensor<4x8xf32>, tensor<3x8xf32>, tensor<f32>, tensor<4x8xf16>, tensor<4x8xf32>, i64, tensor<4x8xf32>
}
