// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-map-to-gpu{block-size=64},canonicalize,cse))' --split-input-file | FileCheck %s

// One zero-filled buffer, copied into the outputs of two row sums (what
// bufferization makes of one CSE'd fill): the copies become fills of the
// outputs, those fold into the sums (each starts from 0.0 instead of
// loading its output), and the shared buffer, read by nothing now, goes.
// Two launches are left of five ops.
// CHECK-LABEL: func.func @shared_init
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %[[ZERO]])
// CHECK-NOT: memref.load %arg1
// CHECK: memref.store %{{.+}}, %arg1
// CHECK: gpu.launch
// CHECK: memref.store %{{.+}}, %arg2
// CHECK-NOT: gpu.launch
func.func @shared_init(%a: memref<4x8xf32>, %o1: memref<4xf32>, %o2: memref<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %init = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%init : memref<4xf32>)
  memref.copy %init, %o1 : memref<4xf32> to memref<4xf32>
  linalg.reduce ins(%a : memref<4x8xf32>) outs(%o1 : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  memref.copy %init, %o2 : memref<4xf32> to memref<4xf32>
  linalg.reduce ins(%a : memref<4x8xf32>) outs(%o2 : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.maximumf %x, %acc : f32
      linalg.yield %s : f32
    }
  memref.dealloc %init : memref<4xf32>
  return
}

// -----

// Kept: a copy of a buffer written again before it (its values are not
// the fill's), a fill an op reads as an input too, and a fill followed by
// an op that writes only part of it.
// CHECK-LABEL: func.func @kept
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK: memref.load %arg1
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK: memref.load %arg3
// CHECK-NOT: gpu.launch
func.func @kept(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<4xf32>, %d: memref<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %init = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%init : memref<4xf32>)
  linalg.copy ins(%a : memref<4xf32>) outs(%init : memref<4xf32>)
  memref.copy %init, %b : memref<4xf32> to memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%b : memref<4xf32>)
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                  iterator_types = ["parallel"]}
      ins(%b : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zero : f32) outs(%d : memref<4x4xf32>)
  %row = memref.subview %d[0, 0] [1, 4] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[1]>>
  linalg.copy ins(%a : memref<4xf32>) outs(%row : memref<4xf32, strided<[1]>>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      outs(%d : memref<4x4xf32>) {
  ^bb0(%y: f32):
    %s = arith.addf %y, %y : f32
    linalg.yield %s : f32
  }
  memref.dealloc %init : memref<4xf32>
  return
}

// -----

// A CSE'd zero buffer copied into one matmul's output, then accumulated
// into in place by another inside the scf.if of a library call's fallback
// (what gemm-to-library leaves for the last layer): a use after the copy,
// nested in a later op, does not keep the copy. The copy becomes a fill.
// CHECK-LABEL: func.func @later_nested_user
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[SHARED:.+]] = memref.alloc() : memref<4x4xf32>
// CHECK: gpu.launch
// CHECK: memref.store %[[ZERO]], %[[SHARED]]
// CHECK: gpu.launch
// CHECK-NOT: memref.load
// CHECK: memref.store %[[ZERO]], %arg2
// CHECK: scf.if
// CHECK: memref.load %[[SHARED]]
func.func @later_nested_user(%a: memref<4x8xf32>, %b: memref<8x4xf32>, %o: memref<4x4xf32>,
                             %flag: i1) {
  %zero = arith.constant 0.0 : f32
  %init = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%zero : f32) outs(%init : memref<4x4xf32>)
  memref.copy %init, %o : memref<4x4xf32> to memref<4x4xf32>
  scf.if %flag {
    linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x4xf32>) outs(%init : memref<4x4xf32>)
  }
  memref.dealloc %init : memref<4x4xf32>
  return
}
