// RUN: %pt2c-opt %s --split-input-file --pt2c-convolution-epilogue | FileCheck %s

// A channels-last bfloat16 convolution (y [2, 16, 1, 8] = [n, p, g, f/g],
// handed over transposed) followed by resnet's bottleneck end: out =
// relu(y + bias + z), in bf16. The call gets the flags 1 | BIAS (4) |
// RESIDUAL (8) | RELU (16) = 29 and the bias's, z's and out's addresses;
// out's allocation moves above the call and the bias's reshape is cloned
// there; the generic runs when the answer is not DONE_WITH_EPILOGUE (2).
// CHECK-LABEL: func.func @bias_residual_relu
// CHECK-SAME: (%[[X:.+]]: memref<2x4x4x8xbf16>, %[[W:.+]]: memref<1x8x72xbf16>, %[[B:.+]]: memref<8xbf16>, %[[Z:.+]]: memref<2x4x4x1x8xbf16>)
// CHECK: %[[Y:.+]] = memref.alloc() : memref<2x16x1x8xbf16>
// CHECK: %[[OUT:.+]] = memref.alloc() {alignment = 64 : i64} : memref<2x4x4x1x8xbf16>
// CHECK: %[[BV:.+]] = memref.expand_shape %[[B]]
// CHECK-DAG: %[[C29:.+]] = arith.constant 29 : i64
// CHECK-DAG: %[[BP:.+]] = memref.extract_aligned_pointer_as_index %[[BV]]
// CHECK-DAG: %[[ZP:.+]] = memref.extract_aligned_pointer_as_index %[[Z]]
// CHECK-DAG: %[[OP:.+]] = memref.extract_aligned_pointer_as_index %[[OUT]]
// CHECK: %[[DONE:.+]] = call @pt2crt_cuda_conv({{.*}}, %[[C29]], %[[BA:[^,]+]], %[[ZA:[^,]+]], %[[OA:[^,]+]])
// CHECK: scf.if
// CHECK: linalg.fill
// CHECK: %[[C2:.+]] = arith.constant 2 : i32
// CHECK: %[[UNDONE:.+]] = arith.cmpi ne, %[[DONE]], %[[C2]] : i32
// CHECK: scf.if %[[UNDONE]] {
// CHECK-NEXT: linalg.generic
// CHECK-SAME: outs(%[[OUT]] :
// CHECK: }
// CHECK: memref.dealloc %[[Y]]
// CHECK: return %[[OUT]]
#id = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#channel = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>
func.func @bias_residual_relu(%x: memref<2x4x4x8xbf16>, %w: memref<1x8x72xbf16>,
                              %bias: memref<8xbf16>, %z: memref<2x4x4x1x8xbf16>)
    -> memref<2x4x4x1x8xbf16> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c8 = arith.constant 8 : i64
  %c32 = arith.constant 32 : i64
  %c72 = arith.constant 72 : i64
  %c128 = arith.constant 128 : i64
  %c576 = arith.constant 576 : i64
  %c0_i32 = arith.constant 0 : i32
  %zero = arith.constant 0.0 : bf16
  %xp = memref.extract_aligned_pointer_as_index %x : memref<2x4x4x8xbf16> -> index
  %xa = arith.index_cast %xp : index to i64
  %wp = memref.extract_aligned_pointer_as_index %w : memref<1x8x72xbf16> -> index
  %wa = arith.index_cast %wp : index to i64
  %y = memref.alloc() : memref<2x16x1x8xbf16>
  %yt = memref.transpose %y (d0, d1, d2, d3) -> (d0, d2, d3, d1) : memref<2x16x1x8xbf16> to memref<2x1x8x16xbf16, strided<[128, 8, 1, 8]>>
  %yp = memref.extract_aligned_pointer_as_index %yt : memref<2x1x8x16xbf16, strided<[128, 8, 1, 8]>> -> index
  %ya = arith.index_cast %yp : index to i64
  %done = call @pt2crt_cuda_conv(%c2, %xa, %c2, %c8, %c4, %c4, %c128, %c1, %c32, %c8, %wa, %c8, %c3, %c3, %c576, %c72, %c1, %ya, %c4, %c4, %c128, %c8, %c1, %c8, %c1, %c1, %c1, %c1, %c1, %c1, %c1, %c0, %c1, %c0, %c0, %c0) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
  %declined = arith.cmpi eq, %done, %c0_i32 : i32
  scf.if %declined {
    linalg.fill ins(%zero : bf16) outs(%y : memref<2x16x1x8xbf16>)
  }
  %yv = memref.expand_shape %y [[0], [1, 2], [3], [4]] output_shape [2, 4, 4, 1, 8] : memref<2x16x1x8xbf16> into memref<2x4x4x1x8xbf16>
  %bv = memref.expand_shape %bias [[0, 1]] output_shape [1, 8] : memref<8xbf16> into memref<1x8xbf16>
  %out = memref.alloc() {alignment = 64 : i64} : memref<2x4x4x1x8xbf16>
  linalg.generic {indexing_maps = [#id, #channel, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%yv, %bv, %z : memref<2x4x4x1x8xbf16>, memref<1x8xbf16>, memref<2x4x4x1x8xbf16>)
      outs(%out : memref<2x4x4x1x8xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %r: bf16, %o: bf16):
    %s = arith.addf %a, %b : bf16
    %t = arith.addf %s, %r : bf16
    %m = arith.maximumf %t, %zero : bf16
    linalg.yield %m : bf16
  }
  memref.dealloc %y : memref<2x16x1x8xbf16>
  return %out : memref<2x4x4x1x8xbf16>
}
func.func private @pt2crt_cuda_conv(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32

// -----

// float32, channels-first (y [1, 1, 4, 16] = [n, g, f, p]): the bias alone,
// in float32 through extf/truncf-free adds: flags BIAS (4), no z.
// CHECK-LABEL: func.func @bias_only
// CHECK: %[[C0:.+]] = arith.constant 0 : i64
// CHECK: %[[DONE:.+]] = call @pt2crt_cuda_conv({{.*}}, %[[C0]], %c4_i64_{{[0-9]+}}, %{{[^,]+}}, %[[C0]], %{{[^,]+}})
// CHECK: arith.cmpi ne, %[[DONE]]
// CHECK: scf.if
// CHECK-NEXT: linalg.generic
#id2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#channel2 = affine_map<(d0, d1, d2, d3, d4) -> (d1, d2)>
func.func @bias_only(%xa: i64, %wa: i64, %bias: memref<4xf32>) -> memref<1x1x4x4x4xf32> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %c16 = arith.constant 16 : i64
  %c64 = arith.constant 64 : i64
  %c0_i32 = arith.constant 0 : i32
  %zero = arith.constant 0.0 : f32
  %y = memref.alloc() : memref<1x1x4x16xf32>
  %yp = memref.extract_aligned_pointer_as_index %y : memref<1x1x4x16xf32> -> index
  %ya = arith.index_cast %yp : index to i64
  %done = call @pt2crt_cuda_conv(%c0, %xa, %c1, %c4, %c4, %c4, %c64, %c16, %c4, %c1, %wa, %c4, %c1, %c1, %c16, %c4, %c1, %ya, %c4, %c4, %c64, %c64, %c16, %c1, %c0, %c0, %c1, %c1, %c1, %c1, %c1, %c0, %c0, %c0, %c0, %c0) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
  %declined = arith.cmpi eq, %done, %c0_i32 : i32
  scf.if %declined {
    linalg.fill ins(%zero : f32) outs(%y : memref<1x1x4x16xf32>)
  }
  %yv = memref.expand_shape %y [[0], [1], [2], [3, 4]] output_shape [1, 1, 4, 4, 4] : memref<1x1x4x16xf32> into memref<1x1x4x4x4xf32>
  %bv = memref.expand_shape %bias [[0, 1]] output_shape [1, 4] : memref<4xf32> into memref<1x4xf32>
  %out = memref.alloc() {alignment = 64 : i64} : memref<1x1x4x4x4xf32>
  linalg.generic {indexing_maps = [#channel2, #id2, #id2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%bv, %yv : memref<1x4xf32>, memref<1x1x4x4x4xf32>) outs(%out : memref<1x1x4x4x4xf32>) {
  ^bb0(%b: f32, %a: f32, %o: f32):
    %s = arith.addf %b, %a : f32
    linalg.yield %s : f32
  }
  memref.dealloc %y : memref<1x1x4x16xf32>
  return %out : memref<1x1x4x4x4xf32>
}
func.func private @pt2crt_cuda_conv(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32

// -----

// Not offered: y is read after the epilogue too (with it done, y is never
// written), ...
// CHECK-LABEL: func.func @y_read_again
// CHECK: call @pt2crt_cuda_conv({{.*}}, %[[C0:[^,]+]], %[[C0]], %[[C0]])
// CHECK-NOT: arith.cmpi ne
// CHECK: scf.if
// CHECK-NOT: scf.if
// CHECK: return
#id = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#channel = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>
func.func @y_read_again(%x: memref<2x4x4x8xbf16>, %w: memref<1x8x72xbf16>,
                              %bias: memref<8xbf16>, %z: memref<2x4x4x1x8xbf16>)
    -> memref<2x4x4x1x8xbf16> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c8 = arith.constant 8 : i64
  %c32 = arith.constant 32 : i64
  %c72 = arith.constant 72 : i64
  %c128 = arith.constant 128 : i64
  %c576 = arith.constant 576 : i64
  %c0_i32 = arith.constant 0 : i32
  %zero = arith.constant 0.0 : bf16
  %xp = memref.extract_aligned_pointer_as_index %x : memref<2x4x4x8xbf16> -> index
  %xa = arith.index_cast %xp : index to i64
  %wp = memref.extract_aligned_pointer_as_index %w : memref<1x8x72xbf16> -> index
  %wa = arith.index_cast %wp : index to i64
  %y = memref.alloc() : memref<2x16x1x8xbf16>
  %yt = memref.transpose %y (d0, d1, d2, d3) -> (d0, d2, d3, d1) : memref<2x16x1x8xbf16> to memref<2x1x8x16xbf16, strided<[128, 8, 1, 8]>>
  %yp = memref.extract_aligned_pointer_as_index %yt : memref<2x1x8x16xbf16, strided<[128, 8, 1, 8]>> -> index
  %ya = arith.index_cast %yp : index to i64
  %done = call @pt2crt_cuda_conv(%c2, %xa, %c2, %c8, %c4, %c4, %c128, %c1, %c32, %c8, %wa, %c8, %c3, %c3, %c576, %c72, %c1, %ya, %c4, %c4, %c128, %c8, %c1, %c8, %c1, %c1, %c1, %c1, %c1, %c1, %c1, %c0, %c1, %c0, %c0, %c0) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
  %declined = arith.cmpi eq, %done, %c0_i32 : i32
  scf.if %declined {
    linalg.fill ins(%zero : bf16) outs(%y : memref<2x16x1x8xbf16>)
  }
  %yv = memref.expand_shape %y [[0], [1, 2], [3], [4]] output_shape [2, 4, 4, 1, 8] : memref<2x16x1x8xbf16> into memref<2x4x4x1x8xbf16>
  %bv = memref.expand_shape %bias [[0, 1]] output_shape [1, 8] : memref<8xbf16> into memref<1x8xbf16>
  %out = memref.alloc() {alignment = 64 : i64} : memref<2x4x4x1x8xbf16>
  linalg.generic {indexing_maps = [#id, #channel, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%yv, %bv, %z : memref<2x4x4x1x8xbf16>, memref<1x8xbf16>, memref<2x4x4x1x8xbf16>)
      outs(%out : memref<2x4x4x1x8xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %r: bf16, %o: bf16):
    %s = arith.addf %a, %b : bf16
    %t = arith.addf %s, %r : bf16
    %m = arith.maximumf %t, %zero : bf16
    linalg.yield %m : bf16
  }
  %keep = memref.alloc() : memref<2x4x4x1x8xbf16>
  memref.copy %yv, %keep : memref<2x4x4x1x8xbf16> to memref<2x4x4x1x8xbf16>
  memref.dealloc %y : memref<2x16x1x8xbf16>
  return %out : memref<2x4x4x1x8xbf16>
}
func.func private @pt2crt_cuda_conv(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32

// -----

// ... the generic computes more than act(y + bias + z), ...
// CHECK-LABEL: func.func @more_than_relu
// CHECK: call @pt2crt_cuda_conv({{.*}}, %[[C0:[^,]+]], %[[C0]], %[[C0]])
// CHECK-NOT: arith.cmpi ne
// CHECK: scf.if
// CHECK-NOT: scf.if
// CHECK: return
#id = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#channel = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>
func.func @more_than_relu(%x: memref<2x4x4x8xbf16>, %w: memref<1x8x72xbf16>,
                              %bias: memref<8xbf16>, %z: memref<2x4x4x1x8xbf16>)
    -> memref<2x4x4x1x8xbf16> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c8 = arith.constant 8 : i64
  %c32 = arith.constant 32 : i64
  %c72 = arith.constant 72 : i64
  %c128 = arith.constant 128 : i64
  %c576 = arith.constant 576 : i64
  %c0_i32 = arith.constant 0 : i32
  %zero = arith.constant 0.0 : bf16
  %xp = memref.extract_aligned_pointer_as_index %x : memref<2x4x4x8xbf16> -> index
  %xa = arith.index_cast %xp : index to i64
  %wp = memref.extract_aligned_pointer_as_index %w : memref<1x8x72xbf16> -> index
  %wa = arith.index_cast %wp : index to i64
  %y = memref.alloc() : memref<2x16x1x8xbf16>
  %yt = memref.transpose %y (d0, d1, d2, d3) -> (d0, d2, d3, d1) : memref<2x16x1x8xbf16> to memref<2x1x8x16xbf16, strided<[128, 8, 1, 8]>>
  %yp = memref.extract_aligned_pointer_as_index %yt : memref<2x1x8x16xbf16, strided<[128, 8, 1, 8]>> -> index
  %ya = arith.index_cast %yp : index to i64
  %done = call @pt2crt_cuda_conv(%c2, %xa, %c2, %c8, %c4, %c4, %c128, %c1, %c32, %c8, %wa, %c8, %c3, %c3, %c576, %c72, %c1, %ya, %c4, %c4, %c128, %c8, %c1, %c8, %c1, %c1, %c1, %c1, %c1, %c1, %c1, %c0, %c1, %c0, %c0, %c0) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
  %declined = arith.cmpi eq, %done, %c0_i32 : i32
  scf.if %declined {
    linalg.fill ins(%zero : bf16) outs(%y : memref<2x16x1x8xbf16>)
  }
  %yv = memref.expand_shape %y [[0], [1, 2], [3], [4]] output_shape [2, 4, 4, 1, 8] : memref<2x16x1x8xbf16> into memref<2x4x4x1x8xbf16>
  %bv = memref.expand_shape %bias [[0, 1]] output_shape [1, 8] : memref<8xbf16> into memref<1x8xbf16>
  %out = memref.alloc() {alignment = 64 : i64} : memref<2x4x4x1x8xbf16>
  linalg.generic {indexing_maps = [#id, #channel, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%yv, %bv, %z : memref<2x4x4x1x8xbf16>, memref<1x8xbf16>, memref<2x4x4x1x8xbf16>)
      outs(%out : memref<2x4x4x1x8xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %r: bf16, %o: bf16):
    %s = arith.addf %a, %b : bf16
    %t = arith.addf %s, %r : bf16
    %m = arith.maximumf %t, %zero : bf16
    %m2 = arith.mulf %m, %m : bf16
    linalg.yield %m2 : bf16
  }
  memref.dealloc %y : memref<2x16x1x8xbf16>
  return %out : memref<2x4x4x1x8xbf16>
}
func.func private @pt2crt_cuda_conv(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32

// -----

// ... out is written before the generic (the call would write it earlier), ...
// CHECK-LABEL: func.func @out_written_before
// CHECK: call @pt2crt_cuda_conv({{.*}}, %[[C0:[^,]+]], %[[C0]], %[[C0]])
// CHECK-NOT: arith.cmpi ne
// CHECK: scf.if
// CHECK-NOT: scf.if
// CHECK: return
#id = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#channel = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>
func.func @out_written_before(%x: memref<2x4x4x8xbf16>, %w: memref<1x8x72xbf16>,
                              %bias: memref<8xbf16>, %z: memref<2x4x4x1x8xbf16>)
    -> memref<2x4x4x1x8xbf16> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c8 = arith.constant 8 : i64
  %c32 = arith.constant 32 : i64
  %c72 = arith.constant 72 : i64
  %c128 = arith.constant 128 : i64
  %c576 = arith.constant 576 : i64
  %c0_i32 = arith.constant 0 : i32
  %zero = arith.constant 0.0 : bf16
  %xp = memref.extract_aligned_pointer_as_index %x : memref<2x4x4x8xbf16> -> index
  %xa = arith.index_cast %xp : index to i64
  %wp = memref.extract_aligned_pointer_as_index %w : memref<1x8x72xbf16> -> index
  %wa = arith.index_cast %wp : index to i64
  %y = memref.alloc() : memref<2x16x1x8xbf16>
  %yt = memref.transpose %y (d0, d1, d2, d3) -> (d0, d2, d3, d1) : memref<2x16x1x8xbf16> to memref<2x1x8x16xbf16, strided<[128, 8, 1, 8]>>
  %yp = memref.extract_aligned_pointer_as_index %yt : memref<2x1x8x16xbf16, strided<[128, 8, 1, 8]>> -> index
  %ya = arith.index_cast %yp : index to i64
  %done = call @pt2crt_cuda_conv(%c2, %xa, %c2, %c8, %c4, %c4, %c128, %c1, %c32, %c8, %wa, %c8, %c3, %c3, %c576, %c72, %c1, %ya, %c4, %c4, %c128, %c8, %c1, %c8, %c1, %c1, %c1, %c1, %c1, %c1, %c1, %c0, %c1, %c0, %c0, %c0) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
  %declined = arith.cmpi eq, %done, %c0_i32 : i32
  scf.if %declined {
    linalg.fill ins(%zero : bf16) outs(%y : memref<2x16x1x8xbf16>)
  }
  %yv = memref.expand_shape %y [[0], [1, 2], [3], [4]] output_shape [2, 4, 4, 1, 8] : memref<2x16x1x8xbf16> into memref<2x4x4x1x8xbf16>
  %bv = memref.expand_shape %bias [[0, 1]] output_shape [1, 8] : memref<8xbf16> into memref<1x8xbf16>
  %out = memref.alloc() {alignment = 64 : i64} : memref<2x4x4x1x8xbf16>
  linalg.fill ins(%zero : bf16) outs(%out : memref<2x4x4x1x8xbf16>)
  linalg.generic {indexing_maps = [#id, #channel, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%yv, %bv, %z : memref<2x4x4x1x8xbf16>, memref<1x8xbf16>, memref<2x4x4x1x8xbf16>)
      outs(%out : memref<2x4x4x1x8xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %r: bf16, %o: bf16):
    %s = arith.addf %a, %b : bf16
    %t = arith.addf %s, %r : bf16
    %m = arith.maximumf %t, %zero : bf16
    linalg.yield %m : bf16
  }
  memref.dealloc %y : memref<2x16x1x8xbf16>
  return %out : memref<2x4x4x1x8xbf16>
}
func.func private @pt2crt_cuda_conv(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32

// -----

// ... or the bias is read along the rows rather than the output channels.
// CHECK-LABEL: func.func @bias_along_rows
// CHECK: call @pt2crt_cuda_conv({{.*}}, %[[C0:[^,]+]], %[[C0]], %[[C0]])
// CHECK-NOT: arith.cmpi ne
// CHECK: scf.if
// CHECK-NOT: scf.if
// CHECK: return
#id2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#channel2 = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3)>
func.func @bias_along_rows(%xa: i64, %wa: i64, %bias: memref<4xf32>) -> memref<1x1x4x4x4xf32> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %c16 = arith.constant 16 : i64
  %c64 = arith.constant 64 : i64
  %c0_i32 = arith.constant 0 : i32
  %zero = arith.constant 0.0 : f32
  %y = memref.alloc() : memref<1x1x4x16xf32>
  %yp = memref.extract_aligned_pointer_as_index %y : memref<1x1x4x16xf32> -> index
  %ya = arith.index_cast %yp : index to i64
  %done = call @pt2crt_cuda_conv(%c0, %xa, %c1, %c4, %c4, %c4, %c64, %c16, %c4, %c1, %wa, %c4, %c1, %c1, %c16, %c4, %c1, %ya, %c4, %c4, %c64, %c64, %c16, %c1, %c0, %c0, %c1, %c1, %c1, %c1, %c1, %c0, %c0, %c0, %c0, %c0) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
  %declined = arith.cmpi eq, %done, %c0_i32 : i32
  scf.if %declined {
    linalg.fill ins(%zero : f32) outs(%y : memref<1x1x4x16xf32>)
  }
  %yv = memref.expand_shape %y [[0], [1], [2], [3, 4]] output_shape [1, 1, 4, 4, 4] : memref<1x1x4x16xf32> into memref<1x1x4x4x4xf32>
  %bv = memref.expand_shape %bias [[0, 1]] output_shape [1, 4] : memref<4xf32> into memref<1x4xf32>
  %out = memref.alloc() {alignment = 64 : i64} : memref<1x1x4x4x4xf32>
  linalg.generic {indexing_maps = [#channel2, #id2, #id2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%bv, %yv : memref<1x4xf32>, memref<1x1x4x4x4xf32>) outs(%out : memref<1x1x4x4x4xf32>) {
  ^bb0(%b: f32, %a: f32, %o: f32):
    %s = arith.addf %b, %a : f32
    linalg.yield %s : f32
  }
  memref.dealloc %y : memref<1x1x4x16xf32>
  return %out : memref<1x1x4x4x4xf32>
}
func.func private @pt2crt_cuda_conv(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
