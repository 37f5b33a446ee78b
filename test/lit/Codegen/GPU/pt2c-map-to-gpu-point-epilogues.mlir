// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-map-to-gpu{block-size=64},canonicalize,cse))' --split-input-file | FileCheck %s
// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-map-to-gpu{block-size=64 point-epilogues=false},canonicalize,cse))' --split-input-file | FileCheck %s --check-prefix=OFF

// A direct depthwise convolution's shape (a thread per output point
// summing a 3x3 window into float32), then its bias, ReLU and rounding
// to bfloat16, the output allocated between the two: one launch, the
// window sum finished in registers, the float32 buffer never written.
// CHECK-LABEL: func.func @depthwise_epilogue
// CHECK: memref.alloc() : memref<4x4x8xbf16>
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.load %arg2[%{{.+}}] : memref<8xbf16>
// CHECK: arith.maximumf
// CHECK-NOT: memref.store %{{.+}}, %{{.+}} : memref<4x4x8xf32>
// CHECK: memref.store %{{.+}}, %{{.+}} : memref<4x4x8xbf16>
// CHECK-NOT: gpu.launch
// The option off: two launches, the sum stored and read back.
// OFF-LABEL: func.func @depthwise_epilogue
// OFF: gpu.launch
// OFF: memref.store %{{.+}}, %{{.+}} : memref<4x4x8xf32>
// OFF: gpu.launch
// OFF: memref.load %{{.+}} : memref<4x4x8xf32>
#in = affine_map<(y, x, c, i, j) -> (y + i, x + j, c)>
#w = affine_map<(y, x, c, i, j) -> (i, j, c)>
#out = affine_map<(y, x, c, i, j) -> (y, x, c)>
#id = affine_map<(y, x, c) -> (y, x, c)>
#ch = affine_map<(y, x, c) -> (c)>
func.func @depthwise_epilogue(%x: memref<6x6x8xbf16>, %w: memref<3x3x8xbf16>,
                              %b: memref<8xbf16>) -> memref<4x4x8xbf16> {
  %zero = arith.constant 0.0 : f32
  %sum = memref.alloc() : memref<4x4x8xf32>
  linalg.fill ins(%zero : f32) outs(%sum : memref<4x4x8xf32>)
  linalg.generic {indexing_maps = [#in, #w, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %w : memref<6x6x8xbf16>, memref<3x3x8xbf16>) outs(%sum : memref<4x4x8xf32>) {
  ^bb0(%a: bf16, %f: bf16, %acc: f32):
    %a32 = arith.extf %a : bf16 to f32
    %f32 = arith.extf %f : bf16 to f32
    %m = arith.mulf %a32, %f32 : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  %y = memref.alloc() : memref<4x4x8xbf16>
  linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sum, %b : memref<4x4x8xf32>, memref<8xbf16>) outs(%y : memref<4x4x8xbf16>) {
  ^bb0(%s: f32, %bias: bf16, %o: bf16):
    %b32 = arith.extf %bias : bf16 to f32
    %t = arith.addf %s, %b32 : f32
    %r = arith.truncf %t : f32 to bf16
    %z = arith.constant 0.0 : bf16
    %relu = arith.maximumf %r, %z : bf16
    linalg.yield %relu : bf16
  }
  memref.dealloc %sum : memref<4x4x8xf32>
  return %y : memref<4x4x8xbf16>
}

// -----

// The op after reads the sum transposed: still the thread's own point
// (a permutation of its loops), so one launch.
// CHECK-LABEL: func.func @transposed_read
// CHECK: gpu.launch
// CHECK-NOT: gpu.launch
#in = affine_map<(y, x, i) -> (y, x + i)>
#k = affine_map<(y, x, i) -> (i)>
#out = affine_map<(y, x, i) -> (y, x)>
func.func @transposed_read(%x: memref<4x10xf32>, %k: memref<3xf32>, %y: memref<8x4xf32>) {
  %sum = memref.alloc() : memref<4x8xf32>
  linalg.generic {indexing_maps = [#in, #k, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %k : memref<4x10xf32>, memref<3xf32>) outs(%sum : memref<4x8xf32>) {
  ^bb0(%a: f32, %f: f32, %acc: f32):
    %m = arith.mulf %a, %f : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%sum : memref<4x8xf32>) outs(%y : memref<8x4xf32>) {
  ^bb0(%s: f32, %o: f32):
    %n = arith.negf %s : f32
    linalg.yield %n : f32
  }
  memref.dealloc %sum : memref<4x8xf32>
  return
}

// -----

// Kept apart: an op reading the sum at another point (broadcast of a
// row's first sum), and an op writing into the buffer the reduction reads
// (other threads may still read the window it overwrites).
// CHECK-LABEL: func.func @kept_apart
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK-NOT: gpu.launch
#in = affine_map<(y, x, i) -> (y, x + i)>
#k = affine_map<(y, x, i) -> (i)>
#out = affine_map<(y, x, i) -> (y, x)>
func.func @kept_apart(%x: memref<4x10xf32>, %k: memref<3xf32>, %y: memref<4x8xf32>) {
  %sum = memref.alloc() : memref<4x8xf32>
  linalg.generic {indexing_maps = [#in, #k, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %k : memref<4x10xf32>, memref<3xf32>) outs(%sum : memref<4x8xf32>) {
  ^bb0(%a: f32, %f: f32, %acc: f32):
    %m = arith.mulf %a, %f : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, 0)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%sum : memref<4x8xf32>) outs(%y : memref<4x8xf32>) {
  ^bb0(%s: f32, %o: f32):
    linalg.yield %s : f32
  }
  %sum2 = memref.alloc() : memref<4x8xf32>
  linalg.generic {indexing_maps = [#in, #k, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %k : memref<4x10xf32>, memref<3xf32>) outs(%sum2 : memref<4x8xf32>) {
  ^bb0(%a: f32, %f: f32, %acc: f32):
    %m = arith.mulf %a, %f : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  %window = memref.subview %x[0, 0] [4, 8] [1, 1] : memref<4x10xf32> to memref<4x8xf32, strided<[10, 1]>>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%sum2 : memref<4x8xf32>) outs(%window : memref<4x8xf32, strided<[10, 1]>>) {
  ^bb0(%s: f32, %o: f32):
    linalg.yield %s : f32
  }
  memref.dealloc %sum : memref<4x8xf32>
  memref.dealloc %sum2 : memref<4x8xf32>
  return
}

// -----

// The sum is also the function's result: the thread stores it and then
// does the op after with the same value.
// CHECK-LABEL: func.func @result_still_read
// CHECK: gpu.launch
// CHECK: memref.store %[[S:.+]], %arg2
// CHECK: arith.negf %[[S]]
// CHECK: memref.store %{{.+}}, %arg3
// CHECK-NOT: gpu.launch
#in = affine_map<(y, x, i) -> (y, x + i)>
#k = affine_map<(y, x, i) -> (i)>
#out = affine_map<(y, x, i) -> (y, x)>
func.func @result_still_read(%x: memref<4x10xf32>, %k: memref<3xf32>, %sum: memref<4x8xf32>, %y: memref<4x8xf32>) {
  linalg.generic {indexing_maps = [#in, #k, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %k : memref<4x10xf32>, memref<3xf32>) outs(%sum : memref<4x8xf32>) {
  ^bb0(%a: f32, %f: f32, %acc: f32):
    %m = arith.mulf %a, %f : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%sum : memref<4x8xf32>) outs(%y : memref<4x8xf32>) {
  ^bb0(%s: f32, %o: f32):
    %n = arith.negf %s : f32
    linalg.yield %n : f32
  }
  return
}
