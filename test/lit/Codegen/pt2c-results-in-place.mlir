// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pt2c-results-in-place))' | FileCheck %s

// A result computed as [4, 6] and returned as [2, 2, 6] (buffer-results-to-
// out-params copied it into %out): the allocation becomes %out seen as
// [4, 6], written in place; the copy, the reshape and the deallocation go.
// CHECK-LABEL: func.func @reshaped_result
// CHECK-SAME: (%[[X:.+]]: memref<4x6xf32>, %[[OUT:.+]]: memref<2x2x6xf32>)
// CHECK-NEXT: %[[VIEW:.+]] = memref.collapse_shape %[[OUT]] {{\[}}[0, 1], [2]] : memref<2x2x6xf32> into memref<4x6xf32>
// CHECK-NEXT: memref.copy %[[X]], %[[VIEW]]
// CHECK-NEXT: return
func.func @reshaped_result(%x: memref<4x6xf32>, %out: memref<2x2x6xf32>) {
  %b = memref.alloc() : memref<4x6xf32>
  memref.copy %x, %b : memref<4x6xf32> to memref<4x6xf32>
  %r = memref.expand_shape %b [[0, 1], [2]] output_shape [2, 2, 6] : memref<4x6xf32> into memref<2x2x6xf32>
  memref.copy %r, %out : memref<2x2x6xf32> to memref<2x2x6xf32>
  memref.dealloc %b : memref<4x6xf32>
  return
}

// -----

// The out-param is also read before the copy: writing it early would change
// what that read sees, so everything stays.
// CHECK-LABEL: func.func @out_param_read
// CHECK: memref.alloc
// CHECK: memref.copy %{{.+}}, %arg1
// CHECK: memref.dealloc
func.func @out_param_read(%x: memref<4x6xf32>, %out: memref<2x2x6xf32>, %seen: memref<2x2x6xf32>) {
  %b = memref.alloc() : memref<4x6xf32>
  memref.copy %x, %b : memref<4x6xf32> to memref<4x6xf32>
  memref.copy %out, %seen : memref<2x2x6xf32> to memref<2x2x6xf32>
  %r = memref.expand_shape %b [[0, 1], [2]] output_shape [2, 2, 6] : memref<4x6xf32> into memref<2x2x6xf32>
  memref.copy %r, %out : memref<2x2x6xf32> to memref<2x2x6xf32>
  memref.dealloc %b : memref<4x6xf32>
  return
}

// -----

// A stem convolution's way out: its [1, 1, 4, 12] buffer collapsed to
// [1, 4, 12], then expanded to the [1, 4, 3, 4] result. No single reshape
// takes [1, 4, 3, 4] to [1, 1, 4, 12]: %out is flattened and expanded
// again, and both reshapes, the copy and the deallocation go.
// CHECK-LABEL: func.func @two_reshapes
// CHECK-SAME: (%[[X:.+]]: memref<1x1x4x12xf32>, %[[OUT:.+]]: memref<1x4x3x4xf32>)
// CHECK-NEXT: %[[FLAT:.+]] = memref.collapse_shape %[[OUT]] {{\[}}[0, 1, 2, 3]] : memref<1x4x3x4xf32> into memref<48xf32>
// CHECK-NEXT: %[[VIEW:.+]] = memref.expand_shape %[[FLAT]] {{\[}}[0, 1, 2, 3]] output_shape [1, 1, 4, 12] : memref<48xf32> into memref<1x1x4x12xf32>
// CHECK-NEXT: memref.copy %[[X]], %[[VIEW]]
// CHECK-NEXT: return
func.func @two_reshapes(%x: memref<1x1x4x12xf32>, %out: memref<1x4x3x4xf32>) {
  %b = memref.alloc() : memref<1x1x4x12xf32>
  memref.copy %x, %b : memref<1x1x4x12xf32> to memref<1x1x4x12xf32>
  %c = memref.collapse_shape %b [[0], [1, 2], [3]] : memref<1x1x4x12xf32> into memref<1x4x12xf32>
  %r = memref.expand_shape %c [[0], [1], [2, 3]] output_shape [1, 4, 3, 4] : memref<1x4x12xf32> into memref<1x4x3x4xf32>
  memref.copy %r, %out : memref<1x4x3x4xf32> to memref<1x4x3x4xf32>
  memref.dealloc %b : memref<1x1x4x12xf32>
  return
}

// -----

// A reshape in the chain with a second use (read after the copy) keeps
// the copy: the chain must be the buffer's only way out.
// CHECK-LABEL: func.func @chain_read_twice
// CHECK: memref.alloc
// CHECK: memref.copy %{{.+}}, %arg1
func.func @chain_read_twice(%x: memref<1x1x4x12xf32>, %out: memref<1x4x3x4xf32>, %seen: memref<1x4x12xf32>) {
  %b = memref.alloc() : memref<1x1x4x12xf32>
  memref.copy %x, %b : memref<1x1x4x12xf32> to memref<1x1x4x12xf32>
  %c = memref.collapse_shape %b [[0], [1, 2], [3]] : memref<1x1x4x12xf32> into memref<1x4x12xf32>
  %r = memref.expand_shape %c [[0], [1], [2, 3]] output_shape [1, 4, 3, 4] : memref<1x4x12xf32> into memref<1x4x3x4xf32>
  memref.copy %r, %out : memref<1x4x3x4xf32> to memref<1x4x3x4xf32>
  memref.copy %c, %seen : memref<1x4x12xf32> to memref<1x4x12xf32>
  memref.dealloc %b : memref<1x1x4x12xf32>
  return
}
