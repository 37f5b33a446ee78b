// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// view splits the last dim 64 into 4x16: a row-major reshape.
// CHECK-LABEL: func.func @view
// CHECK-SAME: (%[[X:.+]]: tensor<2x16x64xf32>)
// CHECK: %[[R:.+]] = prim.reshape %[[X]] : tensor<2x16x64xf32> -> tensor<2x16x4x16xf32>
// CHECK: return %[[R]]
func.func @view(%x: tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32> {
  %0 = aten.call "aten.view.default"(self: %x) {size = array<i64: 2, 16, 4, 16>} : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
  return %0 : tensor<2x16x4x16xf32>
}

// -----

// reshape merges the last two dims (-1 = 4*16 = 64): a row-major reshape.
// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[X:.+]]: tensor<2x16x4x16xf32>)
// CHECK: %[[R:.+]] = prim.reshape %[[X]] : tensor<2x16x4x16xf32> -> tensor<2x16x64xf32>
// CHECK: return %[[R]]
func.func @reshape(%x: tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32> {
  %0 = aten.call "aten.reshape.default"(self: %x) {shape = array<i64: 2, 16, -1>} : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
  return %0 : tensor<2x16x64xf32>
}

// -----

// flatten(start_dim=1, end_dim=-1) merges dims 1..3 into one: a reshape.
// CHECK-LABEL: func.func @flatten
// CHECK-SAME: (%[[X:.+]]: tensor<2x32x1x1xf32>)
// CHECK: %[[R:.+]] = prim.reshape %[[X]] : tensor<2x32x1x1xf32> -> tensor<2x32xf32>
// CHECK: return %[[R]]
func.func @flatten(%x: tensor<2x32x1x1xf32>) -> tensor<2x32xf32> {
  %0 = aten.call "aten.flatten.using_ints"(self: %x) {end_dim = -1 : i64, start_dim = 1 : i64} : (tensor<2x32x1x1xf32>) -> tensor<2x32xf32>
  return %0 : tensor<2x32xf32>
}

// -----

// unsqueeze(x, 1) inserts a size-1 dim: a reshape [2] -> [2, 1].
// CHECK-LABEL: func.func @unsqueeze
// CHECK-SAME: (%[[X:.+]]: tensor<2xi64>)
// CHECK: %[[R:.+]] = prim.reshape %[[X]] : tensor<2xi64> -> tensor<2x1xi64>
// CHECK: return %[[R]]
func.func @unsqueeze(%x: tensor<2xi64>) -> tensor<2x1xi64> {
  %0 = aten.call "aten.unsqueeze.default"(self: %x) {dim = 1 : i64} : (tensor<2xi64>) -> tensor<2x1xi64>
  return %0 : tensor<2x1xi64>
}

// -----

// squeeze(x, 1) drops the size-1 dim 1: a reshape [2, 1, 3] -> [2, 3].
// CHECK-LABEL: func.func @squeeze_dim
// CHECK-SAME: (%[[X:.+]]: tensor<2x1x3xf32>)
// CHECK: %[[R:.+]] = prim.reshape %[[X]] : tensor<2x1x3xf32> -> tensor<2x3xf32>
// CHECK: return %[[R]]
func.func @squeeze_dim(%x: tensor<2x1x3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.squeeze.dim"(self: %x) {dim = 1 : i64} : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// squeeze(x, [0, -2]) drops the size-1 dims 0 and 2: a reshape [1, 2, 1, 3] -> [2, 3].
// CHECK-LABEL: func.func @squeeze_dims
// CHECK-SAME: (%[[X:.+]]: tensor<1x2x1x3xf32>)
// CHECK: %[[R:.+]] = prim.reshape %[[X]] : tensor<1x2x1x3xf32> -> tensor<2x3xf32>
// CHECK: return %[[R]]
func.func @squeeze_dims(%x: tensor<1x2x1x3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.squeeze.dims"(self: %x) {dim = array<i64: 0, -2>} : (tensor<1x2x1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// reshape to [3, -1] with a dynamic input batch: the `?` of the result is
// numel / 3 = (d0 * 3 * 4) / 3.
// CHECK-LABEL: func.func @reshape_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<?x3x4xf32>)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK: %[[D0:.+]] = tensor.dim %[[X]], %[[C0]] : tensor<?x3x4xf32>
// CHECK: %[[M1:.+]] = arith.muli %[[D0]], %[[C3]] : index
// CHECK: %[[NUMEL:.+]] = arith.muli %[[M1]], %[[C4]] : index
// CHECK: %[[N:.+]] = arith.divui %[[NUMEL]], %[[C3]] : index
// CHECK: %[[R:.+]] = prim.reshape %[[X]], dynamic_sizes(%[[N]]) : tensor<?x3x4xf32> -> tensor<3x?xf32>
// CHECK: return %[[R]]
func.func @reshape_dynamic(%x: tensor<?x3x4xf32>) -> tensor<3x?xf32> {
  %0 = aten.call "aten.reshape.default"(self: %x) {shape = array<i64: 3, -1>} : (tensor<?x3x4xf32>) -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}

// -----

// alias is the identity on values: the input is returned as is.
// CHECK-LABEL: func.func @alias
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]] : tensor<2x3xf32>
func.func @alias(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.alias.default"(self: %x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// clone is the identity on values: the input is returned as is.
// CHECK-LABEL: func.func @clone
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]] : tensor<2x3xf32>
func.func @clone(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.clone.default"(self: %x) {memory_format = #aten.none} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// contiguous is the identity on values: the input is returned as is.
// CHECK-LABEL: func.func @contiguous
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]] : tensor<2x3xf32>
func.func @contiguous(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.contiguous.default"(self: %x) {memory_format = "contiguous_format"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// detach is the identity on values: the input is returned as is.
// CHECK-LABEL: func.func @detach
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]] : tensor<2x3xf32>
func.func @detach(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.detach.default"(self: %x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// lift_fresh_copy is the identity on values: the input is returned as is.
// CHECK-LABEL: func.func @lift_fresh_copy
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]] : tensor<2x3xf32>
func.func @lift_fresh_copy(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.lift_fresh_copy.default"(self: %x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// dropout with train=False is the identity: the input is returned as is.
// CHECK-LABEL: func.func @dropout_eval
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]] : tensor<2x3xf32>
func.func @dropout_eval(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.dropout.default"(input: %x) {p = 1.000000e-01 : f64, train = false} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// _assert_tensor_metadata is a check with no result: it is erased.
// CHECK-LABEL: func.func @assert_tensor_metadata
// CHECK-SAME: (%[[X:.+]]: tensor<2x16xi64>)
// CHECK-NEXT: return %[[X]] : tensor<2x16xi64>
func.func @assert_tensor_metadata(%x: tensor<2x16xi64>) -> tensor<2x16xi64> {
  aten.call "aten._assert_tensor_metadata.default"(a: %x) {device = "cpu", dtype = i64, layout = "strided", size = #aten.none, stride = #aten.none} : (tensor<2x16xi64>) -> ()
  return %x : tensor<2x16xi64>
}

// -----

// to(x, float32) is a dtype conversion i64 -> f32.
// CHECK-LABEL: func.func @to_dtype
// CHECK-SAME: (%[[X:.+]]: tensor<1x16xi64>)
// CHECK: %[[R:.+]] = prim.convert %[[X]] : tensor<1x16xi64> -> tensor<1x16xf32>
// CHECK: return %[[R]]
func.func @to_dtype(%x: tensor<1x16xi64>) -> tensor<1x16xf32> {
  %0 = aten.call "aten.to.dtype"(self: %x) {copy = false, dtype = f32, memory_format = #aten.none, non_blocking = false} : (tensor<1x16xi64>) -> tensor<1x16xf32>
  return %0 : tensor<1x16xf32>
}

// -----

// to(x, 'cpu', bool): the device is ignored, the dtype converts i64 -> i1 (x != 0).
// CHECK-LABEL: func.func @to_device
// CHECK-SAME: (%[[X:.+]]: tensor<2x16xi64>)
// CHECK: %[[R:.+]] = prim.convert %[[X]] : tensor<2x16xi64> -> tensor<2x16xi1>
// CHECK: return %[[R]]
func.func @to_device(%x: tensor<2x16xi64>) -> tensor<2x16xi1> {
  %0 = aten.call "aten.to.device"(self: %x) {copy = false, device = "cpu", dtype = i1, memory_format = #aten.none, non_blocking = false} : (tensor<2x16xi64>) -> tensor<2x16xi1>
  return %0 : tensor<2x16xi1>
}

// -----

// to(x, dtype=bfloat16, layout, device): a dtype conversion f32 -> bf16.
// CHECK-LABEL: func.func @to_dtype_layout
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK: %[[R:.+]] = prim.convert %[[X]] : tensor<2x3xf32> -> tensor<2x3xbf16>
// CHECK: return %[[R]]
func.func @to_dtype_layout(%x: tensor<2x3xf32>) -> tensor<2x3xbf16> {
  %0 = aten.call "aten.to.dtype_layout"(self: %x) {copy = false, device = "cpu", dtype = bf16, layout = "strided", memory_format = #aten.none, non_blocking = false, pin_memory = #aten.none} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// _to_copy(x, dtype=float16): a dtype conversion f32 -> f16.
// CHECK-LABEL: func.func @to_copy
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK: %[[R:.+]] = prim.convert %[[X]] : tensor<2x3xf32> -> tensor<2x3xf16>
// CHECK: return %[[R]]
func.func @to_copy(%x: tensor<2x3xf32>) -> tensor<2x3xf16> {
  %0 = aten.call "aten._to_copy.default"(self: %x) {device = #aten.none, dtype = f16, layout = #aten.none, memory_format = #aten.none, non_blocking = false, pin_memory = #aten.none} : (tensor<2x3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// to() to the dtype the tensor already has is the identity (no convert).
// CHECK-LABEL: func.func @to_same_dtype
// CHECK-SAME: (%[[X:.+]]: tensor<1x16xi1>)
// CHECK-NEXT: return %[[X]] : tensor<1x16xi1>
func.func @to_same_dtype(%x: tensor<1x16xi1>) -> tensor<1x16xi1> {
  %0 = aten.call "aten.to.dtype_layout"(self: %x) {copy = false, device = "cpu", dtype = i1, layout = "strided", memory_format = #aten.none, non_blocking = false, pin_memory = #aten.none} : (tensor<1x16xi1>) -> tensor<1x16xi1>
  return %0 : tensor<1x16xi1>
}

// -----

// transpose(x, 1, -1) swaps dims 1 and 3: permutation [0, 3, 2, 1].
// CHECK-LABEL: func.func @transpose
// CHECK-SAME: (%[[X:.+]]: tensor<2x16x4x8xf32>)
// CHECK: %[[R:.+]] = prim.transpose %[[X]], permutation = [0, 3, 2, 1] : tensor<2x16x4x8xf32> -> tensor<2x8x4x16xf32>
// CHECK: return %[[R]]
func.func @transpose(%x: tensor<2x16x4x8xf32>) -> tensor<2x8x4x16xf32> {
  %0 = aten.call "aten.transpose.int"(self: %x) {dim0 = 1 : i64, dim1 = -1 : i64} : (tensor<2x16x4x8xf32>) -> tensor<2x8x4x16xf32>
  return %0 : tensor<2x8x4x16xf32>
}

// -----

// permute(x, [2, 0, 3, 1, -1]): the same permutation, -1 normalized to 4.
// CHECK-LABEL: func.func @permute
// CHECK-SAME: (%[[X:.+]]: tensor<2x17x3x4x32xf32>)
// CHECK: %[[R:.+]] = prim.transpose %[[X]], permutation = [2, 0, 3, 1, 4] : tensor<2x17x3x4x32xf32> -> tensor<3x2x4x17x32xf32>
// CHECK: return %[[R]]
func.func @permute(%x: tensor<2x17x3x4x32xf32>) -> tensor<3x2x4x17x32xf32> {
  %0 = aten.call "aten.permute.default"(self: %x) {dims = array<i64: 2, 0, 3, 1, -1>} : (tensor<2x17x3x4x32xf32>) -> tensor<3x2x4x17x32xf32>
  return %0 : tensor<3x2x4x17x32xf32>
}

// -----

// expand [1, 4] to [2, 3, 4]: the operand's dims map to the trailing result
// dims [1, 2]; its size-1 dim stretches to 3 and a new leading dim of 2 appears.
// CHECK-LABEL: func.func @expand
// CHECK-SAME: (%[[X:.+]]: tensor<1x4xf32>)
// CHECK: %[[R:.+]] = prim.broadcast_in_dim %[[X]], dims = [1, 2] : tensor<1x4xf32> -> tensor<2x3x4xf32>
// CHECK: return %[[R]]
func.func @expand(%x: tensor<1x4xf32>) -> tensor<2x3x4xf32> {
  %0 = aten.call "aten.expand.default"(self: %x) {implicit = false, size = array<i64: 2, 3, -1>} : (tensor<1x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// expand [?, 1] to [-1, 4]: the `?` is kept, sized by the input's dim 0.
// CHECK-LABEL: func.func @expand_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<?x1xf32>)
// CHECK: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[N:.+]] = tensor.dim %[[X]], %[[C0]] : tensor<?x1xf32>
// CHECK: %[[R:.+]] = prim.broadcast_in_dim %[[X]], dims = [0, 1], dynamic_sizes(%[[N]]) : tensor<?x1xf32> -> tensor<?x4xf32>
// CHECK: return %[[R]]
func.func @expand_dynamic(%x: tensor<?x1xf32>) -> tensor<?x4xf32> {
  %0 = aten.call "aten.expand.default"(self: %x) {implicit = false, size = array<i64: -1, 4>} : (tensor<?x1xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// x[:, -8::3] on a dim of 10: start -8 wraps to 2, end (INT64_MAX) clamps
// to 10, step 3 -> elements 2, 5, 8.
// CHECK-LABEL: func.func @slice
// CHECK-SAME: (%[[X:.+]]: tensor<4x10xf32>)
// CHECK: %[[R:.+]] = prim.slice %[[X]] [0:4, 2:10:3] : tensor<4x10xf32> -> tensor<4x3xf32>
// CHECK: return %[[R]]
func.func @slice(%x: tensor<4x10xf32>) -> tensor<4x3xf32> {
  %0 = aten.call "aten.slice.Tensor"(self: %x) {dim = -1 : i64, start = -8 : i64, end = 9223372036854775807 : i64, step = 3 : i64} : (tensor<4x10xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// select(x, 1, -1) = x[:, 15]: the slab 15:16 of dim 1, then that dim
// dropped by a reshape.
// CHECK-LABEL: func.func @select
// CHECK-SAME: (%[[X:.+]]: tensor<2x16x128xf32>)
// CHECK: %[[S:.+]] = prim.slice %[[X]] [0:2, 15:16, 0:128] : tensor<2x16x128xf32> -> tensor<2x1x128xf32>
// CHECK: %[[R:.+]] = prim.reshape %[[S]] : tensor<2x1x128xf32> -> tensor<2x128xf32>
// CHECK: return %[[R]]
func.func @select(%x: tensor<2x16x128xf32>) -> tensor<2x128xf32> {
  %0 = aten.call "aten.select.int"(self: %x) {dim = 1 : i64, index = -1 : i64} : (tensor<2x16x128xf32>) -> tensor<2x128xf32>
  return %0 : tensor<2x128xf32>
}

// -----

// unbind(x, 1) = (x[:, 0], x[:, 1]): one slice + reshape per index.
// CHECK-LABEL: func.func @unbind
// CHECK-SAME: (%[[X:.+]]: tensor<3x2x4xf32>)
// CHECK: %[[S0:.+]] = prim.slice %[[X]] [0:3, 0:1, 0:4] : tensor<3x2x4xf32> -> tensor<3x1x4xf32>
// CHECK: %[[R0:.+]] = prim.reshape %[[S0]] : tensor<3x1x4xf32> -> tensor<3x4xf32>
// CHECK: %[[S1:.+]] = prim.slice %[[X]] [0:3, 1:2, 0:4] : tensor<3x2x4xf32> -> tensor<3x1x4xf32>
// CHECK: %[[R1:.+]] = prim.reshape %[[S1]] : tensor<3x1x4xf32> -> tensor<3x4xf32>
// CHECK: return %[[R0]], %[[R1]]
func.func @unbind(%x: tensor<3x2x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %0:2 = aten.call "aten.unbind.int"(self: %x) {dim = 1 : i64} : (tensor<3x2x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// split(x, 4, dim=-1) of a dim of 10: chunks [0:4], [4:8] and the short
// last one [8:10].
// CHECK-LABEL: func.func @split
// CHECK-SAME: (%[[X:.+]]: tensor<2x10xf32>)
// CHECK: %[[A:.+]] = prim.slice %[[X]] [0:2, 0:4] : tensor<2x10xf32> -> tensor<2x4xf32>
// CHECK: %[[B:.+]] = prim.slice %[[X]] [0:2, 4:8] : tensor<2x10xf32> -> tensor<2x4xf32>
// CHECK: %[[C:.+]] = prim.slice %[[X]] [0:2, 8:10] : tensor<2x10xf32> -> tensor<2x2xf32>
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @split(%x: tensor<2x10xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>) {
  %0:3 = aten.call "aten.split.Tensor"(self: %x) {dim = -1 : i64, split_size = 4 : i64} : (tensor<2x10xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>
}

// -----

// cat([a, e, b], dim=-1): the legacy empty [0] tensor is skipped, b is
// converted to the result dtype, and a, b are joined along dim 1.
// CHECK-LABEL: func.func @cat
// CHECK-SAME: (%[[A:.+]]: tensor<2x3xf32>, %[[B:.+]]: tensor<2x5xi64>, %[[E:.+]]: tensor<0xf32>)
// CHECK: %[[BF:.+]] = prim.convert %[[B]] : tensor<2x5xi64> -> tensor<2x5xf32>
// CHECK: %[[R:.+]] = prim.concatenate [%[[A]], %[[BF]]], dim = 1 : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
// CHECK: return %[[R]]
func.func @cat(%a: tensor<2x3xf32>, %b: tensor<2x5xi64>, %e: tensor<0xf32>) -> tensor<2x8xf32> {
  %0 = aten.call "aten.cat.default"(tensors: [%a, %e, %b]) {dim = -1 : i64} : (tensor<2x3xf32>, tensor<0xf32>, tensor<2x5xi64>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// cat along a dynamic batch dim 0: the result's dim is `?`.
// CHECK-LABEL: func.func @cat_dynamic
// CHECK-SAME: (%[[A:.+]]: tensor<?x4xf32>, %[[B:.+]]: tensor<2x4xf32>)
// CHECK: %[[R:.+]] = prim.concatenate [%[[A]], %[[B]]], dim = 0 : (tensor<?x4xf32>, tensor<2x4xf32>) -> tensor<?x4xf32>
// CHECK: return %[[R]]
func.func @cat_dynamic(%a: tensor<?x4xf32>, %b: tensor<2x4xf32>) -> tensor<?x4xf32> {
  %0 = aten.call "aten.cat.default"(tensors: [%a, %b]) {dim = 0 : i64} : (tensor<?x4xf32>, tensor<2x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// stack on dim 1 = cat of [2, 1, 6] views; split_with_sizes [2, 4] on the
// last dim = consecutive slices 0:2 and 2:6; t swaps a matrix's dims and
// leaves a vector as it is.
// CHECK-LABEL: func.func @stack_split_t
// CHECK-SAME: (%[[X:.+]]: tensor<2x6xf32>, %[[V:.+]]: tensor<6xf32>)
// CHECK: %[[U0:.+]] = prim.reshape %[[X]] : tensor<2x6xf32> -> tensor<2x1x6xf32>
// CHECK: %[[U1:.+]] = prim.reshape %[[X]] : tensor<2x6xf32> -> tensor<2x1x6xf32>
// CHECK: %[[ST:.+]] = prim.concatenate [%[[U0]], %[[U1]]], dim = 1 : (tensor<2x1x6xf32>, tensor<2x1x6xf32>) -> tensor<2x2x6xf32>
// CHECK: %[[A:.+]] = prim.slice %[[X]] [0:2, 0:2] : tensor<2x6xf32> -> tensor<2x2xf32>
// CHECK: %[[B:.+]] = prim.slice %[[X]] [0:2, 2:6] : tensor<2x6xf32> -> tensor<2x4xf32>
// CHECK: %[[T:.+]] = prim.transpose %[[X]], permutation = [1, 0] : tensor<2x6xf32> -> tensor<6x2xf32>
// CHECK: return %[[ST]], %[[A]], %[[B]], %[[T]], %[[V]]
func.func @stack_split_t(%x: tensor<2x6xf32>, %v: tensor<6xf32>) -> (tensor<2x2x6xf32>, tensor<2x2xf32>, tensor<2x4xf32>, tensor<6x2xf32>, tensor<6xf32>) {
  %0 = aten.call "aten.stack.default"(tensors: [%x, %x]) {dim = 1 : i64} : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x2x6xf32>
  %1:2 = aten.call "aten.split_with_sizes.default"(self: %x) {split_sizes = array<i64: 2, 4>, dim = -1 : i64} : (tensor<2x6xf32>) -> (tensor<2x2xf32>, tensor<2x4xf32>)
  %2 = aten.call "aten.t.default"(self: %x) : (tensor<2x6xf32>) -> tensor<6x2xf32>
  %3 = aten.call "aten.t.default"(self: %v) : (tensor<6xf32>) -> tensor<6xf32>
  return %0, %1#0, %1#1, %2, %3 : tensor<2x2x6xf32>, tensor<2x2xf32>, tensor<2x4xf32>, tensor<6x2xf32>, tensor<6xf32>
}

// -----

// reshape_as(x, other) is x in other's shape; a `?` size is other's dim,
// not a guess from x's element count (two `?` dims could not be inferred).
// view_as is the same value.
// CHECK-LABEL: func.func @reshape_as
// CHECK-SAME: (%[[X:.+]]: tensor<?x6xf32>, %[[O:.+]]: tensor<?x2x?xf32>, %[[S:.+]]: tensor<3x2x?xf32>)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG: %[[D0:.+]] = tensor.dim %[[O]], %[[C0]]
// CHECK-DAG: %[[D2:.+]] = tensor.dim %[[O]], %[[C2]]
// CHECK: %[[R:.+]] = prim.reshape %[[X]], dynamic_sizes(%[[D0]], %[[D2]]) : tensor<?x6xf32> -> tensor<?x2x?xf32>
// CHECK: %[[S2:.+]] = tensor.dim %[[S]], %{{.+}}
// CHECK: prim.reshape %[[X]], dynamic_sizes(%[[S2]]) : tensor<?x6xf32> -> tensor<3x2x?xf32>
func.func @reshape_as(%x: tensor<?x6xf32>, %other: tensor<?x2x?xf32>, %static: tensor<3x2x?xf32>) -> (tensor<?x2x?xf32>, tensor<3x2x?xf32>) {
  %0 = aten.call "aten.reshape_as.default"(self: %x, other: %other) : (tensor<?x6xf32>, tensor<?x2x?xf32>) -> tensor<?x2x?xf32>
  %1 = aten.call "aten.view_as.default"(self: %x, other: %static) : (tensor<?x6xf32>, tensor<3x2x?xf32>) -> tensor<3x2x?xf32>
  return %0, %1 : tensor<?x2x?xf32>, tensor<3x2x?xf32>
}

// -----

// broadcast_tensors([a [3, 1], b [4]]) = a and b each broadcast to [3, 4].
// CHECK-LABEL: func.func @broadcast_tensors
// CHECK-SAME: (%[[A:.+]]: tensor<3x1xf32>, %[[B:.+]]: tensor<4xf32>)
// CHECK: %[[AA:.+]] = prim.broadcast_in_dim %[[A]], dims = [0, 1] : tensor<3x1xf32> -> tensor<3x4xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [1] : tensor<4xf32> -> tensor<3x4xf32>
// CHECK: return %[[AA]], %[[BB]]
func.func @broadcast_tensors(%a: tensor<3x1xf32>, %b: tensor<4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %0:2 = aten.call "aten.broadcast_tensors.default"(tensors: [%a, %b]) : (tensor<3x1xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// Tensor.view(dtype) of the same element size reads the same bits as
// another dtype: float32 <-> int32 and float16 -> bfloat16 are
// prim.bitcast_convert; bool -> int8 (a bool's byte is 0 or 1) a convert;
// a view to its own dtype is the tensor itself.
// CHECK-LABEL: func.func @view_dtype
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>, %[[H:.+]]: tensor<4xf16>, %[[B:.+]]: tensor<5xi1>)
// CHECK: %[[BITS:.+]] = prim.bitcast_convert %[[X]] : tensor<2x3xf32> -> tensor<2x3xi32>
// CHECK: %[[BACK:.+]] = prim.bitcast_convert %[[BITS]] : tensor<2x3xi32> -> tensor<2x3xf32>
// CHECK: %[[BF:.+]] = prim.bitcast_convert %[[H]] : tensor<4xf16> -> tensor<4xbf16>
// CHECK: %[[BYTES:.+]] = prim.convert %[[B]] : tensor<5xi1> -> tensor<5xi8>
// CHECK: return %[[BITS]], %[[BACK]], %[[BF]], %[[BYTES]], %[[X]]
func.func @view_dtype(%x: tensor<2x3xf32>, %h: tensor<4xf16>, %b: tensor<5xi1>) -> (tensor<2x3xi32>, tensor<2x3xf32>, tensor<4xbf16>, tensor<5xi8>, tensor<2x3xf32>) {
  %0 = aten.call "aten.view.dtype"(self: %x) {dtype = i32} : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %1 = aten.call "aten.view.dtype"(self: %0) {dtype = f32} : (tensor<2x3xi32>) -> tensor<2x3xf32>
  %2 = aten.call "aten.view.dtype"(self: %h) {dtype = bf16} : (tensor<4xf16>) -> tensor<4xbf16>
  %3 = aten.call "aten.view.dtype"(self: %b) {dtype = i8} : (tensor<5xi1>) -> tensor<5xi8>
  %4 = aten.call "aten.view.dtype"(self: %x) {dtype = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3xi32>, tensor<2x3xf32>, tensor<4xbf16>, tensor<5xi8>, tensor<2x3xf32>
}
