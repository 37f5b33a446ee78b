// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(pt2c-lower-prim-to-linalg,canonicalize,func.func(pt2c-convolutions-channels-last),canonicalize,cse)' | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(pt2c-lower-prim-to-linalg,canonicalize,func.func(pt2c-convolutions-channels-last{all-types}),canonicalize,cse)' | FileCheck %s --check-prefix=ALL

// A 3x3 convolution, a per-channel add, a 2x2 max-pool and a 1x1
// convolution in bfloat16. Channels-last, the activations are transposed
// once on the way in and once on the way out: the add and the pool run on
// NHWC tensors in between, the pool reads its input in place (no windows
// copy), and the second convolution reads the pool's result through
// reshapes. The filters are transposed to [F, KH, KW, C] (which
// pt2c-permute-weights then stores).
// CHECK-LABEL: func.func @block
// CHECK-SAME: (%[[X:.+]]: tensor<2x8x8x8xbf16>, %[[W1:.+]]: tensor<16x8x3x3xbf16>, %[[B:.+]]: tensor<16xbf16>, %[[W2:.+]]: tensor<16x16x1x1xbf16>)
// CHECK: %[[PADDED:.+]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: %[[XT:.+]] = linalg.transpose ins(%[[PADDED]] : tensor<2x8x10x10xbf16>) outs(%{{.+}} : tensor<2x10x10x8xbf16>) permutation = [0, 2, 3, 1]
// CHECK: %[[WINDOWS:.+]] = linalg.generic {{.*}} ins(%[[XT]] : tensor<2x10x10x8xbf16>) outs(%{{.+}} : tensor<2x8x8x1x3x3x8xbf16>)
// CHECK: tensor.collapse_shape %[[WINDOWS]] {{\[}}[0], [1, 2], [3], [4, 5, 6]] : tensor<2x8x8x1x3x3x8xbf16> into tensor<2x64x1x72xbf16>
// CHECK: linalg.transpose ins(%[[W1]] : tensor<16x8x3x3xbf16>) outs(%{{.+}} : tensor<16x3x3x8xbf16>) permutation = [0, 2, 3, 1]
// CHECK: %[[CONV:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]{{.*}} outs(%{{.+}} : tensor<2x64x1x16xf32>)
// CHECK: %[[ADD:.+]] = linalg.generic {{.*}} ins(%{{.+}}, %{{.+}} : tensor<2x8x8x16xbf16>, tensor<2x16x8x8xbf16>) outs(%{{.+}} : tensor<2x8x8x16xbf16>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK: %[[POOL:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%{{.+}} : tensor<2x2xbf16>) outs(%{{.+}} : tensor<2x4x4x16xbf16>)
// CHECK: %[[ELEMENT:.+]] = tensor.extract %[[ADD]]
// CHECK-NEXT: arith.maximumf %[[ELEMENT]]
// CHECK-NOT: linalg.transpose ins(%{{.+}} : tensor<2x4x4x16xbf16>)
// CHECK: linalg.transpose ins(%[[W2]] : tensor<16x16x1x1xbf16>) outs(%{{.+}} : tensor<16x1x1x16xbf16>) permutation = [0, 2, 3, 1]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]{{.*}} outs(%{{.+}} : tensor<2x16x1x16xf32>)
// CHECK: %[[ROUNDED:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<2x4x4x16xbf16>)
// CHECK: %[[Y:.+]] = linalg.transpose ins(%[[ROUNDED]] : tensor<2x4x4x16xbf16>) outs(%{{.+}} : tensor<2x16x4x4xbf16>) permutation = [0, 3, 1, 2]
// CHECK: return %[[Y]]
func.func @block(%x: tensor<2x8x8x8xbf16>, %w1: tensor<16x8x3x3xbf16>, %b: tensor<16xbf16>, %w2: tensor<16x16x1x1xbf16>) -> tensor<2x16x4x4xbf16> {
  %c = prim.convolution %x, %w1, padding = [[1, 1], [1, 1]] : (tensor<2x8x8x8xbf16>, tensor<16x8x3x3xbf16>) -> tensor<2x16x8x8xbf16>
  %bb = prim.broadcast_in_dim %b, dims = [1] : tensor<16xbf16> -> tensor<2x16x8x8xbf16>
  %a = prim.add %c, %bb : tensor<2x16x8x8xbf16>
  %p = prim.reduce_window max %a, window = [1, 1, 2, 2], strides = [1, 1, 2, 2] : tensor<2x16x8x8xbf16> -> tensor<2x16x4x4xbf16>
  %y = prim.convolution %p, %w2 : (tensor<2x16x4x4xbf16>, tensor<16x16x1x1xbf16>) -> tensor<2x16x4x4xbf16>
  return %y : tensor<2x16x4x4xbf16>
}

// -----

// An RGB input: its 3 channels are padded with zeros to 8, in the input and
// in the filter. A depthwise convolution becomes one generic over (n, y, x,
// c, i, j) reading the NHWC input in place, its filter [KH, KW, C]; its
// zero padding is folded into the reads (row y + i - 1 inside [0, 8), the
// load clamped, else 0) instead of a padded copy.
// CHECK-LABEL: func.func @depthwise_and_rgb
// CHECK-SAME: (%[[X:.+]]: tensor<1x3x8x8xbf16>, %[[W1:.+]]: tensor<16x3x3x3xbf16>, %[[W2:.+]]: tensor<16x1x3x3xbf16>)
// CHECK: tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 5, 1, 1]
// CHECK: linalg.transpose ins(%{{.+}} : tensor<1x8x10x10xbf16>) outs(%{{.+}} : tensor<1x10x10x8xbf16>) permutation = [0, 2, 3, 1]
// CHECK: %[[W1T:.+]] = linalg.transpose ins(%[[W1]] : tensor<16x3x3x3xbf16>)
// CHECK: tensor.pad %[[W1T]] low[0, 0, 0, 0] high[0, 0, 0, 5]
// CHECK: %[[SIXTEEN:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<1x8x8x16xbf16>)
// CHECK: %[[W2T:.+]] = linalg.transpose ins(%[[W2]] : tensor<16x1x3x3xbf16>) outs(%{{.+}} : tensor<1x3x3x16xbf16>) permutation = [1, 2, 3, 0]
// CHECK: %[[W2F:.+]] = tensor.collapse_shape %[[W2T]] {{\[}}[0, 1], [2], [3]] : tensor<1x3x3x16xbf16> into tensor<3x3x16xbf16>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[W2F]] : tensor<3x3x16xbf16>) outs(%{{.+}} : tensor<1x8x8x16xf32>)
// CHECK: %[[Y:.+]] = linalg.index 1
// CHECK: %[[I:.+]] = linalg.index 4
// CHECK: %[[YI:.+]] = arith.addi %[[Y]], %[[I]]
// CHECK: %[[ROW:.+]] = arith.subi %[[YI]], %{{.+}}
// CHECK: arith.cmpi sge, %[[ROW]]
// CHECK: arith.cmpi slt, %[[ROW]]
// CHECK: %[[X:.+]] = tensor.extract %[[SIXTEEN]]
// CHECK: arith.select %{{.+}}, %[[X]], %{{.+}} : bf16
// CHECK: linalg.transpose ins(%{{.+}} : tensor<1x8x8x16xbf16>) outs(%{{.+}} : tensor<1x16x8x8xbf16>) permutation = [0, 3, 1, 2]
func.func @depthwise_and_rgb(%x: tensor<1x3x8x8xbf16>, %w1: tensor<16x3x3x3xbf16>, %w2: tensor<16x1x3x3xbf16>) -> tensor<1x16x8x8xbf16> {
  %c = prim.convolution %x, %w1, padding = [[1, 1], [1, 1]] : (tensor<1x3x8x8xbf16>, tensor<16x3x3x3xbf16>) -> tensor<1x16x8x8xbf16>
  %d = prim.convolution %c, %w2, padding = [[1, 1], [1, 1]], feature_group_count = 16 : (tensor<1x16x8x8xbf16>, tensor<16x1x3x3xbf16>) -> tensor<1x16x8x8xbf16>
  return %d : tensor<1x16x8x8xbf16>
}

// -----

// float32 stays channels-first unless all-types is set.
// CHECK-LABEL: func.func @float32
// CHECK-NOT: linalg.transpose
// CHECK: return
// ALL-LABEL: func.func @float32
// ALL: linalg.transpose ins(%{{.+}} : tensor<1x8x8x8xf32>) outs(%{{.+}} : tensor<1x8x8x8xf32>) permutation = [0, 2, 3, 1]
// ALL: linalg.transpose ins(%{{.+}} : tensor<1x6x6x8xf32>) outs(%{{.+}} : tensor<1x8x6x6xf32>) permutation = [0, 3, 1, 2]
func.func @float32(%x: tensor<1x8x8x8xf32>, %w: tensor<8x8x3x3xf32>) -> tensor<1x8x6x6xf32> {
  %c = prim.convolution %x, %w : (tensor<1x8x8x8xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x6x6xf32>
  return %c : tensor<1x8x6x6xf32>
}

// -----

// A patch embedding (stride = kernel, 3 channels), flattened and
// transposed to [N, patches, F] as a ViT does: its windows copy moves the
// input once, so its channels stay 3 (the matmul over 4 * 4 * 3 = 48 is a
// GEMM), and the result's transposes sink through the flatten and cancel
// against the ViT's own: [N, OH, OW, F] is already [N, patches, F].
// CHECK-LABEL: func.func @patch_embedding
// CHECK: linalg.transpose ins(%{{.+}} : tensor<1x3x8x8xbf16>) outs(%{{.+}} : tensor<1x8x8x3xbf16>)
// CHECK: linalg.generic {{.*}} outs(%{{.+}} : tensor<1x2x2x1x4x4x3xbf16>)
// CHECK: linalg.transpose ins(%{{.+}} : tensor<16x3x4x4xbf16>) outs(%{{.+}} : tensor<16x4x4x3xbf16>)
// CHECK-NOT: linalg.transpose
// CHECK: return %{{.+}} : tensor<1x4x16xbf16>
func.func @patch_embedding(%x: tensor<1x3x8x8xbf16>, %w: tensor<16x3x4x4xbf16>) -> tensor<1x4x16xbf16> {
  %c = prim.convolution %x, %w, strides = [4, 4] : (tensor<1x3x8x8xbf16>, tensor<16x3x4x4xbf16>) -> tensor<1x16x2x2xbf16>
  %f = prim.reshape %c : tensor<1x16x2x2xbf16> -> tensor<1x16x4xbf16>
  %t = prim.transpose %f, permutation = [0, 2, 1] : tensor<1x16x4xbf16> -> tensor<1x4x16xbf16>
  return %t : tensor<1x4x16xbf16>
}
