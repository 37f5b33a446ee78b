// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-host-shape-buffers))' --split-input-file | FileCheck %s

// The shape of a dynamic reshape is written and read by the host only: it
// moves to the stack, where host stores are legal during a CUDA run.
// CHECK-LABEL: func.func @reshape_shape
// CHECK: %[[S:.+]] = memref.alloca() {alignment = 64 : i64} : memref<2xindex>
// CHECK: memref.store %{{.+}}, %[[S]]
// CHECK: memref.reshape %arg0(%[[S]])
// CHECK-NOT: memref.alloc(
func.func @reshape_shape(%x: memref<?xf32>, %n: index) -> memref<?x1xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.alloc() {alignment = 64 : i64} : memref<2xindex>
  memref.store %n, %s[%c0] : memref<2xindex>
  memref.store %c1, %s[%c1] : memref<2xindex>
  %r = memref.reshape %x(%s) : (memref<?xf32>, memref<2xindex>) -> memref<?x1xf32>
  return %r : memref<?x1xf32>
}

// -----

// A buffer that a kernel may read (here a copy) stays device scratch.
// CHECK-LABEL: func.func @data_buffer
// CHECK: memref.alloc() : memref<2xindex>
// CHECK-NOT: memref.alloca
func.func @data_buffer(%n: index, %out: memref<2xindex>) {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<2xindex>
  memref.store %n, %s[%c0] : memref<2xindex>
  memref.copy %s, %out : memref<2xindex> to memref<2xindex>
  return
}
