// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(pt2c-convolution-to-library,canonicalize,cse)' | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(pt2c-convolution-to-library{allow-tf32},canonicalize,cse)' | FileCheck %s --check-prefix=TF32

// With allow-tf32 the last argument carries PT2CRT_CONV_ALLOW_TF32 (2).
// TF32-LABEL: func.func @padded_strided
// TF32: %[[C2:.+]] = arith.constant 2 : i64
// TF32: call @pt2crt_cuda_conv({{.*}}, %[[C2]], %[[Z:[^,]+]], %[[Z]], %[[Z]]) :

// conv2d(x [2, 3, 8, 8], w [16, 3, 3, 3], padding 1, stride 2) as PrimToLinalg
// writes it: the zero pad, the windows (im2col), the weights [1, 16, 27]
// times the windows into a zero-filled [2, 1, 16, 16]. The pad is symmetric,
// so cuDNN gets x itself with padding (1, 1); the geometry follows the
// windows' read map (y*2 + i, x*2 + j: strides 2, dilations 1). The chain is
// kept behind the answer, writing into the call's buffer.
// CHECK-LABEL: func.func @padded_strided
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x8x8xf32>, %[[W:.+]]: tensor<1x16x27xf32>)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : i64
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : i64
// CHECK-DAG: %[[C3:.+]] = arith.constant 3 : i64
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : i64
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : i64
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : i64
// CHECK-DAG: %[[C256:.+]] = arith.constant 256 : i64
// CHECK: %[[XB:.+]] = bufferization.to_buffer %[[X]] read_only : tensor<2x3x8x8xf32> to memref<2x3x8x8xf32, strided<[?, ?, ?, ?], offset: ?>>
// CHECK: %[[WB:.+]] = bufferization.to_buffer %[[W]] read_only
// CHECK: %[[Y:.+]] = memref.alloc() : memref<2x1x16x16xf32>
// CHECK: %{{.+}}, %{{.+}}, %{{.+}}:4, %[[XS:.+]]:4 = memref.extract_strided_metadata %[[XB]]
// CHECK: %[[XP:.+]] = memref.extract_aligned_pointer_as_index %[[XB]]
// CHECK: %{{.+}}, %{{.+}}, %{{.+}}:3, %[[WS:.+]]:3 = memref.extract_strided_metadata %[[WB]]
// CHECK: %[[YP:.+]] = memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK: %[[YA:.+]] = arith.index_cast %[[YP]] : index to i64
// CHECK: %[[DONE:.+]] = call @pt2crt_cuda_conv(%[[C0]], %{{.+}}, %[[C2]], %[[C3]], %[[C8]], %[[C8]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[C16]], %[[C3]], %[[C3]], %{{.+}}, %{{.+}}, %{{.+}}, %[[YA]], %[[C4]], %[[C4]], %[[C256]], %[[C256]], %[[C16]], %[[C1]], %[[C1]], %[[C1]], %[[C2]], %[[C2]], %[[C1]], %[[C1]], %[[C1]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C0]])
// CHECK: %[[DECLINED:.+]] = arith.cmpi eq, %[[DONE]], %{{.+}} : i32
// CHECK: scf.if %[[DECLINED]] {
// CHECK: tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: linalg.generic
// CHECK: tensor.collapse_shape
// CHECK: linalg.fill
// CHECK: %[[FALLBACK:.+]] = linalg.generic
// CHECK: bufferization.materialize_in_destination %[[FALLBACK]] in writable %[[Y]]
// CHECK: }
// CHECK: %[[R:.+]] = bufferization.to_tensor %[[Y]] restrict writable
// CHECK: return %[[R]]
// CHECK: func.func private @pt2crt_cuda_conv(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
func.func @padded_strided(%x: tensor<2x3x8x8xf32>, %w: tensor<1x16x27xf32>) -> tensor<2x1x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<2x3x8x8xf32> to tensor<2x3x10x10xf32>
  %e = tensor.empty() : tensor<2x1x3x3x3x4x4xf32>
  %windows = linalg.generic {
      indexing_maps = [affine_map<(n, g, c, i, j, y, x) -> (n, g * 3 + c, y * 2 + i, x * 2 + j)>,
                       affine_map<(n, g, c, i, j, y, x) -> (n, g, c, i, j, y, x)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%padded : tensor<2x3x10x10xf32>) outs(%e : tensor<2x1x3x3x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x1x3x3x3x4x4xf32>
  %col = tensor.collapse_shape %windows [[0], [1], [2, 3, 4], [5, 6]] : tensor<2x1x3x3x3x4x4xf32> into tensor<2x1x27x16xf32>
  %e2 = tensor.empty() : tensor<2x1x16x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x1x16x16xf32>) -> tensor<2x1x16x16xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(n, g, f, r, p) -> (g, f, r)>, affine_map<(n, g, f, r, p) -> (n, g, r, p)>,
                       affine_map<(n, g, f, r, p) -> (n, g, f, p)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w, %col : tensor<1x16x27xf32>, tensor<2x1x27x16xf32>) outs(%init : tensor<2x1x16x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x1x16x16xf32>
  return %r : tensor<2x1x16x16xf32>
}

// -----

// Depthwise (groups 4: channel g * 1 + c), dilation 2, a dynamic batch,
// an asymmetric pad ("same" padding of an even kernel): cuDNN pads both
// sides alike, so it gets the padded tensor and padding 0. The batch is
// read off the buffer and sizes the result.
// CHECK-LABEL: func.func @depthwise_dynamic
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : i64
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : i64
// CHECK-DAG: %[[C5:.+]] = arith.constant 5 : i64
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : i64
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : i64
// CHECK: %[[PADDED:.+]] = tensor.pad
// CHECK: %[[XB:.+]] = bufferization.to_buffer %[[PADDED]] read_only
// CHECK: %[[N:.+]] = tensor.dim %[[PADDED]], %{{.+}}
// CHECK: %[[N64:.+]] = arith.index_cast %[[N]] : index to i64
// CHECK: memref.alloc(%[[N]]) : memref<?x4x2x9xf32>
// CHECK: call @pt2crt_cuda_conv(%[[C0]], %{{.+}}, %[[N64]], %[[C4]], %[[C5]], %[[C5]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[C8]], %[[C2]], %[[C2]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[C0]], %[[C0]], %[[C1]], %[[C1]], %[[C2]], %[[C2]], %[[C4]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C0]])
func.func @depthwise_dynamic(%x: tensor<?x4x4x4xf32>, %w: tensor<4x2x4xf32>) -> tensor<?x4x2x9xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %padded = tensor.pad %x low[0, 0, 0, 0] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<?x4x4x4xf32> to tensor<?x4x5x5xf32>
  %n = tensor.dim %x, %c0 : tensor<?x4x4x4xf32>
  %e = tensor.empty(%n) : tensor<?x4x1x2x2x3x3xf32>
  %windows = linalg.generic {
      indexing_maps = [affine_map<(n, g, c, i, j, y, x) -> (n, g + c, y + i * 2, x + j * 2)>,
                       affine_map<(n, g, c, i, j, y, x) -> (n, g, c, i, j, y, x)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%padded : tensor<?x4x5x5xf32>) outs(%e : tensor<?x4x1x2x2x3x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<?x4x1x2x2x3x3xf32>
  %col = tensor.collapse_shape %windows [[0], [1], [2, 3, 4], [5, 6]] : tensor<?x4x1x2x2x3x3xf32> into tensor<?x4x4x9xf32>
  %e2 = tensor.empty(%n) : tensor<?x4x2x9xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<?x4x2x9xf32>) -> tensor<?x4x2x9xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(n, g, f, r, p) -> (g, f, r)>, affine_map<(n, g, f, r, p) -> (n, g, r, p)>,
                       affine_map<(n, g, f, r, p) -> (n, g, f, p)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w, %col : tensor<4x2x4xf32>, tensor<?x4x4x9xf32>) outs(%init : tensor<?x4x2x9xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<?x4x2x9xf32>
  return %r : tensor<?x4x2x9xf32>
}

// -----

// Not convolutions: a batched matmul whose right operand is no window copy,
// and a convolution of float16 windows with float32 weights (cuDNN takes
// one type for both). Both stay as they are.
// CHECK-LABEL: func.func @not_convolutions
// CHECK-NOT: pt2crt_cuda_conv
// CHECK-NOT: bufferization.to_buffer
func.func @not_convolutions(%w: tensor<1x16x27xf32>, %m: tensor<2x1x27x16xf32>,
                            %x: tensor<1x3x6x6xf16>, %wh: tensor<1x4x27xf32>)
    -> (tensor<2x1x16x16xf32>, tensor<1x1x4x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<2x1x16x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x1x16x16xf32>) -> tensor<2x1x16x16xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(n, g, f, r, p) -> (g, f, r)>, affine_map<(n, g, f, r, p) -> (n, g, r, p)>,
                       affine_map<(n, g, f, r, p) -> (n, g, f, p)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w, %m : tensor<1x16x27xf32>, tensor<2x1x27x16xf32>) outs(%init : tensor<2x1x16x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x1x16x16xf32>
  %e = tensor.empty() : tensor<1x1x3x3x3x4x4xf16>
  %windows = linalg.generic {
      indexing_maps = [affine_map<(n, g, c, i, j, y, x) -> (n, g * 3 + c, y + i, x + j)>,
                       affine_map<(n, g, c, i, j, y, x) -> (n, g, c, i, j, y, x)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x3x6x6xf16>) outs(%e : tensor<1x1x3x3x3x4x4xf16>) {
  ^bb0(%in: f16, %out: f16):
    linalg.yield %in : f16
  } -> tensor<1x1x3x3x3x4x4xf16>
  %col = tensor.collapse_shape %windows [[0], [1], [2, 3, 4], [5, 6]] : tensor<1x1x3x3x3x4x4xf16> into tensor<1x1x27x16xf16>
  %e3 = tensor.empty() : tensor<1x1x4x16xf32>
  %init3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x1x4x16xf32>) -> tensor<1x1x4x16xf32>
  %h = linalg.generic {
      indexing_maps = [affine_map<(n, g, f, r, p) -> (g, f, r)>, affine_map<(n, g, f, r, p) -> (n, g, r, p)>,
                       affine_map<(n, g, f, r, p) -> (n, g, f, p)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%wh, %col : tensor<1x4x27xf32>, tensor<1x1x27x16xf16>) outs(%init3 : tensor<1x1x4x16xf32>) {
  ^bb0(%a: f32, %b: f16, %acc: f32):
    %b32 = arith.extf %b : f16 to f32
    %p = arith.mulf %a, %b32 : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x1x4x16xf32>
  return %r, %h : tensor<2x1x16x16xf32>, tensor<1x1x4x16xf32>
}

// -----

// bfloat16 (float16 alike): the matmul widens its operands and sums in
// f32. cuDNN gets type 2 and writes a bf16 buffer (summed in f32, rounded
// once); the fallback rounds its f32 sum into that buffer; the f32 tensor
// the chain expects is the buffer widened.
// CHECK-LABEL: func.func @bfloat16
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : i64
// CHECK: %[[Y:.+]] = memref.alloc() : memref<1x1x4x16xbf16>
// CHECK: %[[DONE:.+]] = call @pt2crt_cuda_conv(%[[C2]],
// CHECK: scf.if
// CHECK: arith.extf %{{.+}} : bf16 to f32
// CHECK: arith.addf
// CHECK-NEXT: linalg.yield
// CHECK-NEXT: } -> tensor<1x1x4x16xf32>
// CHECK: %[[ROUNDED:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<1x1x4x16xbf16>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.truncf %{{.+}} : f32 to bf16
// CHECK: bufferization.materialize_in_destination %[[ROUNDED]] in writable %[[Y]]
// CHECK: }
// CHECK: %[[T:.+]] = bufferization.to_tensor %[[Y]] restrict writable : memref<1x1x4x16xbf16> to tensor<1x1x4x16xbf16>
// CHECK: %[[WIDE:.+]] = linalg.generic {{.*}} ins(%[[T]] : tensor<1x1x4x16xbf16>)
// CHECK: arith.extf %{{.+}} : bf16 to f32
// CHECK: return %[[WIDE]] : tensor<1x1x4x16xf32>
func.func @bfloat16(%x: tensor<1x2x4x4xbf16>, %w: tensor<1x4x18xbf16>) -> tensor<1x1x4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %zero16 = arith.constant 0.0 : bf16
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero16 : bf16
  } : tensor<1x2x4x4xbf16> to tensor<1x2x6x6xbf16>
  %e = tensor.empty() : tensor<1x1x2x3x3x4x4xbf16>
  %windows = linalg.generic {
      indexing_maps = [affine_map<(n, g, c, i, j, y, x) -> (n, g * 2 + c, y + i, x + j)>,
                       affine_map<(n, g, c, i, j, y, x) -> (n, g, c, i, j, y, x)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%padded : tensor<1x2x6x6xbf16>) outs(%e : tensor<1x1x2x3x3x4x4xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    linalg.yield %in : bf16
  } -> tensor<1x1x2x3x3x4x4xbf16>
  %col = tensor.collapse_shape %windows [[0], [1], [2, 3, 4], [5, 6]] : tensor<1x1x2x3x3x4x4xbf16> into tensor<1x1x18x16xbf16>
  %e2 = tensor.empty() : tensor<1x1x4x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x1x4x16xf32>) -> tensor<1x1x4x16xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(n, g, f, r, p) -> (g, f, r)>, affine_map<(n, g, f, r, p) -> (n, g, r, p)>,
                       affine_map<(n, g, f, r, p) -> (n, g, f, p)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w, %col : tensor<1x4x18xbf16>, tensor<1x1x18x16xbf16>) outs(%init : tensor<1x1x4x16xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %wa = arith.extf %a : bf16 to f32
    %wb = arith.extf %b : bf16 to f32
    %m = arith.mulf %wa, %wb : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x1x4x16xf32>
  return %r : tensor<1x1x4x16xf32>
}

// -----

// The channels-last form (pt2c-convolutions-channels-last): x [2, 8, 8, 16]
// NHWC behind a spatial zero pad, windows [N, OH, OW, G, KH, KW, C/G], the
// filter [G, F/G, KH * KW * C/G] from an [F, KH, KW, C] one, the matmul
// over (n, p, g, f, r) writing [N, P, G, F/G]. cuDNN gets x and y as
// transposed views (channel stride 1: x strides [1024, 1, 128, 16], y
// [n, g, f, p] strides [1024, 16, 1, 16]) and the filter flag 1.
// CHECK-LABEL: func.func @channels_last
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : i64
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : i64
// CHECK-DAG: %[[C3:.+]] = arith.constant 3 : i64
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : i64
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : i64
// CHECK-DAG: %[[C1024:.+]] = arith.constant 1024 : i64
// CHECK: %[[XB:.+]] = bufferization.to_buffer %{{.+}} read_only : tensor<2x8x8x16xbf16>
// CHECK: %[[Y:.+]] = memref.alloc() : memref<2x64x1x16xbf16>
// CHECK: %[[XT:.+]] = memref.transpose %[[XB]] (d0, d1, d2, d3) -> (d0, d3, d1, d2)
// CHECK: %[[YT:.+]] = memref.transpose %[[Y]] (d0, d1, d2, d3) -> (d0, d2, d3, d1)
// CHECK: memref.extract_strided_metadata %[[XT]]
// CHECK: memref.extract_aligned_pointer_as_index %[[YT]]
// CHECK: call @pt2crt_cuda_conv(%[[C2]], %{{.+}}, %[[C2]], %[[C16]], %[[C8]], %[[C8]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[C16]], %[[C3]], %[[C3]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[C8]], %[[C8]], %[[C1024]], %[[C16]], %[[C1]], %[[C16]], %[[C1]], %[[C1]], %[[C1]], %[[C1]], %[[C1]], %[[C1]], %[[C1]], %[[C0]], %[[C1]], %[[C0]], %[[C0]], %[[C0]])
// CHECK: scf.if
// CHECK: tensor.pad
// CHECK: linalg.generic
func.func @channels_last(%x: tensor<2x8x8x16xbf16>, %w: tensor<1x16x144xbf16>) -> tensor<2x64x1x16xf32> {
  %zero = arith.constant 0.0 : f32
  %zero16 = arith.constant 0.0 : bf16
  %padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero16 : bf16
  } : tensor<2x8x8x16xbf16> to tensor<2x10x10x16xbf16>
  %e = tensor.empty() : tensor<2x8x8x1x3x3x16xbf16>
  %windows = linalg.generic {
      indexing_maps = [affine_map<(n, y, x, g, i, j, c) -> (n, y + i, x + j, g * 16 + c)>,
                       affine_map<(n, y, x, g, i, j, c) -> (n, y, x, g, i, j, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%padded : tensor<2x10x10x16xbf16>) outs(%e : tensor<2x8x8x1x3x3x16xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    linalg.yield %in : bf16
  } -> tensor<2x8x8x1x3x3x16xbf16>
  %col = tensor.collapse_shape %windows [[0], [1, 2], [3], [4, 5, 6]] : tensor<2x8x8x1x3x3x16xbf16> into tensor<2x64x1x144xbf16>
  %e2 = tensor.empty() : tensor<2x64x1x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x64x1x16xf32>) -> tensor<2x64x1x16xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(n, p, g, f, r) -> (g, f, r)>, affine_map<(n, p, g, f, r) -> (n, p, g, r)>,
                       affine_map<(n, p, g, f, r) -> (n, p, g, f)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%w, %col : tensor<1x16x144xbf16>, tensor<2x64x1x144xbf16>) outs(%init : tensor<2x64x1x16xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %a32 = arith.extf %a : bf16 to f32
    %b32 = arith.extf %b : bf16 to f32
    %m = arith.mulf %a32, %b32 : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x64x1x16xf32>
  return %r : tensor<2x64x1x16xf32>
}

// -----

// Channels-last with 3 channels (a patch embedding left unpadded): cuDNN has
// no tensor-core kernel for them, so the chain stays for
// pt2c-gemm-to-library (the windows times the filter is a GEMM).
// CHECK-LABEL: func.func @channels_last_three_channels
// CHECK-NOT: pt2crt_cuda_conv
// CHECK: linalg.generic
func.func @channels_last_three_channels(%x: tensor<1x8x8x3xbf16>, %w: tensor<1x16x48xbf16>) -> tensor<1x4x1x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x2x1x4x4x3xbf16>
  %windows = linalg.generic {
      indexing_maps = [affine_map<(n, y, x, g, i, j, c) -> (n, y * 4 + i, x * 4 + j, g * 3 + c)>,
                       affine_map<(n, y, x, g, i, j, c) -> (n, y, x, g, i, j, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x8x8x3xbf16>) outs(%e : tensor<1x2x2x1x4x4x3xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    linalg.yield %in : bf16
  } -> tensor<1x2x2x1x4x4x3xbf16>
  %col = tensor.collapse_shape %windows [[0], [1, 2], [3], [4, 5, 6]] : tensor<1x2x2x1x4x4x3xbf16> into tensor<1x4x1x48xbf16>
  %e2 = tensor.empty() : tensor<1x4x1x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x4x1x16xf32>) -> tensor<1x4x1x16xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(n, p, g, f, r) -> (g, f, r)>, affine_map<(n, p, g, f, r) -> (n, p, g, r)>,
                       affine_map<(n, p, g, f, r) -> (n, p, g, f)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%w, %col : tensor<1x16x48xbf16>, tensor<1x4x1x48xbf16>) outs(%init : tensor<1x4x1x16xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %a32 = arith.extf %a : bf16 to f32
    %b32 = arith.extf %b : bf16 to f32
    %m = arith.mulf %a32, %b32 : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x4x1x16xf32>
  return %r : tensor<1x4x1x16xf32>
}
