// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pt2c-convolutions-along-filters{vector-bits=512 panel=32}),canonicalize)' | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pt2c-convolutions-along-filters{vector-bits=512 panel=32}),func.func(pt2c-permute-weights),canonicalize,func.func(pt2c-pack-weight-panels{panel=32}),pt2c-tile-contractions{vector-bits=512})' | FileCheck %s --check-prefix=PACKED

// A 3x3 convolution over a 7x7 map (49 positions, 64 filters): along the
// positions an AVX-512 tile wastes 4 vectors on 3.06, along the filters
// nothing; it is rewritten along the filters. The input is transposed
// channels-last (a linalg.transpose, which the CPU pipeline does not fuse
// into the copy), the windows are copied position by position from it
// ([1, 1, 49, 144], each position's 144 values in a row, ordered (kh, kw,
// c) so each (kh, kw) copies 16 contiguous channels), the filter is read
// transposed to match as [144, 64] ([KH, KW, C, F]) and the result is
// transposed back to [1, 1, 64, 49].
// CHECK-DAG: #[[$ROWS:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 + d4, d3 + d5, d1 * 16 + d6)>
// CHECK-DAG: #[[$LHS:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[$RHS:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
// CHECK-DAG: #[[$BACK:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>
// CHECK-LABEL: func.func @three_by_three_7x7
// CHECK: %[[NHWC:.+]] = linalg.transpose ins(%arg1 : tensor<1x16x9x9xf32>) outs(%{{.+}} : tensor<1x9x9x16xf32>) permutation = [0, 2, 3, 1]
// CHECK: %[[WIN:.+]] = linalg.generic {indexing_maps = [#[[$ROWS]], #{{.+}}], {{.+}} ins(%[[NHWC]] : tensor<1x9x9x16xf32>) outs(%{{.+}} : tensor<1x1x7x7x3x3x16xf32>)
// CHECK: %[[X:.+]] = tensor.collapse_shape %[[WIN]] {{\[\[}}0], [1], [2, 3], [4, 5, 6]] : tensor<1x1x7x7x3x3x16xf32> into tensor<1x1x49x144xf32>
// CHECK: %[[T:.+]] = linalg.transpose ins(%arg0 : tensor<64x16x3x3xf32>) outs(%{{.+}} : tensor<3x3x16x64xf32>) permutation = [2, 3, 1, 0]
// CHECK: %[[W:.+]] = tensor.collapse_shape %[[T]] {{\[\[}}0, 1, 2], [3]] : tensor<3x3x16x64xf32> into tensor<144x64xf32>
// CHECK: %[[ACC:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<1x1x49x64xf32>)
// CHECK: %[[R:.+]] = linalg.generic {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]} ins(%[[X]], %[[W]] : tensor<1x1x49x144xf32>, tensor<144x64xf32>) outs(%[[ACC]] : tensor<1x1x49x64xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[B:.+]] = linalg.generic {indexing_maps = [#[[$BACK]], #{{.+}}], {{.+}} ins(%[[R]] : tensor<1x1x49x64xf32>) outs(%{{.+}} : tensor<1x1x64x49xf32>)
// CHECK: return %[[B]]
// CHECK-NOT: linalg.generic
// The filter is then stored transposed and packed in 2 panels of 32
// filters, and the product is register-tiled in 7 tiles of 7 positions x
// 32 filters (none left over), each k step broadcasting 7 neighbouring
// values (one per position row) and reading one
// contiguous 32-float row of the panel.
// PACKED-LABEL: func.func @three_by_three_7x7
// PACKED-SAME: (%arg0: tensor<2x144x32xf32> {pt2c.weight = "conv.weight", pt2c.weight_panel = 32 : i64, pt2c.weight_permutation = array<i64: 2, 3, 1, 0>}
// PACKED: scf.for %{{.+}} = %{{.+}} to %c49 step %c7
// PACKED: vector.transfer_read {{.+}} : tensor<1x1x49x2x32xf32>, vector<7x1x32xf32>
// PACKED: scf.for %[[K:.+]] = %{{.+}} to %c144 step
// PACKED: vector.transfer_read %{{.+}} : tensor<1x1x49x144xf32>, vector<7x1xf32>
// PACKED: vector.transfer_read %arg0[%{{.+}}, %[[K]], %{{.+}}]{{.+}} : tensor<2x144x32xf32>, vector<32xf32>
// PACKED: vector.contract
#window = affine_map<(n, g, c, i, j, y, x) -> (n, g * 16 + c, y + i, x + j)>
#identity7 = affine_map<(n, g, c, i, j, y, x) -> (n, g, c, i, j, y, x)>
#filter = affine_map<(n, g, f, r, p) -> (g, f, r)>
#windows = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out = affine_map<(n, g, f, r, p) -> (n, g, f, p)>

func.func @three_by_three_7x7(%w: tensor<64x16x3x3xf32> {pt2c.weight = "conv.weight"}, %x: tensor<1x16x9x9xf32> {pt2c.input = "x"}) -> tensor<1x1x64x49xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x1x16x3x3x7x7xf32>
  %win = linalg.generic {indexing_maps = [#window, #identity7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x16x9x9xf32>) outs(%e0 : tensor<1x1x16x3x3x7x7xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x1x16x3x3x7x7xf32>
  %rows = tensor.collapse_shape %win [[0], [1], [2, 3, 4], [5, 6]] : tensor<1x1x16x3x3x7x7xf32> into tensor<1x1x144x49xf32>
  %w5 = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [1, 64, 16, 3, 3] : tensor<64x16x3x3xf32> into tensor<1x64x16x3x3xf32>
  %w3 = tensor.collapse_shape %w5 [[0], [1], [2, 3, 4]] : tensor<1x64x16x3x3xf32> into tensor<1x64x144xf32>
  %e1 = tensor.empty() : tensor<1x1x64x49xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x1x64x49xf32>) -> tensor<1x1x64x49xf32>
  %r = linalg.generic {indexing_maps = [#filter, #windows, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w3, %rows : tensor<1x64x144xf32>, tensor<1x1x144x49xf32>) outs(%acc : tensor<1x1x64x49xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<1x1x64x49xf32>
  return %r : tensor<1x1x64x49xf32>
}

// -----

// 28x28: 784 positions are whole vectors; the positions stay the vector
// dim (pt2c-chunk-convolutions copies their windows chunk by chunk).
// CHECK-LABEL: func.func @three_by_three_28x28
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {{.+}} ins(%{{.+}}, %{{.+}} : tensor<1x64x144xf32>, tensor<1x1x144x784xf32>) outs(%{{.+}} : tensor<1x1x64x784xf32>)
// PACKED-LABEL: func.func @three_by_three_28x28
// PACKED-SAME: (%arg0: tensor<64x16x3x3xf32> {pt2c.weight = "conv.weight"}
#window = affine_map<(n, g, c, i, j, y, x) -> (n, g * 16 + c, y + i, x + j)>
#identity7 = affine_map<(n, g, c, i, j, y, x) -> (n, g, c, i, j, y, x)>
#filter = affine_map<(n, g, f, r, p) -> (g, f, r)>
#windows = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out = affine_map<(n, g, f, r, p) -> (n, g, f, p)>

func.func @three_by_three_28x28(%w: tensor<64x16x3x3xf32> {pt2c.weight = "conv.weight"}, %x: tensor<1x16x30x30xf32> {pt2c.input = "x"}) -> tensor<1x1x64x784xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x1x16x3x3x28x28xf32>
  %win = linalg.generic {indexing_maps = [#window, #identity7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x16x30x30xf32>) outs(%e0 : tensor<1x1x16x3x3x28x28xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x1x16x3x3x28x28xf32>
  %rows = tensor.collapse_shape %win [[0], [1], [2, 3, 4], [5, 6]] : tensor<1x1x16x3x3x28x28xf32> into tensor<1x1x144x784xf32>
  %w5 = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [1, 64, 16, 3, 3] : tensor<64x16x3x3xf32> into tensor<1x64x16x3x3xf32>
  %w3 = tensor.collapse_shape %w5 [[0], [1], [2, 3, 4]] : tensor<1x64x16x3x3xf32> into tensor<1x64x144xf32>
  %e1 = tensor.empty() : tensor<1x1x64x784xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x1x64x784xf32>) -> tensor<1x1x64x784xf32>
  %r = linalg.generic {indexing_maps = [#filter, #windows, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w3, %rows : tensor<1x64x144xf32>, tensor<1x1x144x784xf32>) outs(%acc : tensor<1x1x64x784xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<1x1x64x784xf32>
  return %r : tensor<1x1x64x784xf32>
}

// -----

// A 1x1 convolution reads its input [1, 1, 32, 49] itself: it is copied
// transposed, each position's 32 channels in a row.
// CHECK-LABEL: func.func @pointwise_7x7
// CHECK: %[[X:.+]] = linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}], {{.+}} ins(%arg1 : tensor<1x1x32x49xf32>) outs(%{{.+}} : tensor<1x1x49x32xf32>)
// CHECK: %[[W:.+]] = tensor.collapse_shape %{{.+}} {{\[\[}}0, 1, 2], [3]] : tensor<32x1x1x64xf32> into tensor<32x64xf32>
// CHECK: linalg.generic {{.+}} ins(%[[X]], %[[W]] : tensor<1x1x49x32xf32>, tensor<32x64xf32>) outs(%{{.+}} : tensor<1x1x49x64xf32>)
// PACKED-LABEL: func.func @pointwise_7x7
// PACKED-SAME: (%arg0: tensor<2x32x32xf32> {pt2c.weight = "conv.weight", pt2c.weight_panel = 32 : i64, pt2c.weight_permutation = array<i64: 1, 2, 3, 0>}
#window = affine_map<(n, g, c, i, j, y, x) -> (n, g * 16 + c, y + i, x + j)>
#identity7 = affine_map<(n, g, c, i, j, y, x) -> (n, g, c, i, j, y, x)>
#filter = affine_map<(n, g, f, r, p) -> (g, f, r)>
#windows = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out = affine_map<(n, g, f, r, p) -> (n, g, f, p)>

func.func @pointwise_7x7(%w: tensor<64x32x1x1xf32> {pt2c.weight = "conv.weight"}, %x: tensor<1x1x32x49xf32> {pt2c.input = "x"}) -> tensor<1x1x64x49xf32> {
  %zero = arith.constant 0.0 : f32
  %w5 = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [1, 64, 32, 1, 1] : tensor<64x32x1x1xf32> into tensor<1x64x32x1x1xf32>
  %w3 = tensor.collapse_shape %w5 [[0], [1], [2, 3, 4]] : tensor<1x64x32x1x1xf32> into tensor<1x64x32xf32>
  %e1 = tensor.empty() : tensor<1x1x64x49xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x1x64x49xf32>) -> tensor<1x1x64x49xf32>
  %r = linalg.generic {indexing_maps = [#filter, #windows, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w3, %x : tensor<1x64x32xf32>, tensor<1x1x32x49xf32>) outs(%acc : tensor<1x1x64x49xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<1x1x64x49xf32>
  return %r : tensor<1x1x64x49xf32>
}

// -----

// 40 filters are not whole panels of 32: unchanged.
// CHECK-LABEL: func.func @filters_not_in_panels
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {{.+}} ins(%{{.+}}, %{{.+}} : tensor<1x40x144xf32>, tensor<1x1x144x49xf32>) outs(%{{.+}} : tensor<1x1x40x49xf32>)
// PACKED-LABEL: func.func @filters_not_in_panels
// PACKED-SAME: (%arg0: tensor<40x16x3x3xf32> {pt2c.weight = "conv.weight"}
#window = affine_map<(n, g, c, i, j, y, x) -> (n, g * 16 + c, y + i, x + j)>
#identity7 = affine_map<(n, g, c, i, j, y, x) -> (n, g, c, i, j, y, x)>
#filter = affine_map<(n, g, f, r, p) -> (g, f, r)>
#windows = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out = affine_map<(n, g, f, r, p) -> (n, g, f, p)>

func.func @filters_not_in_panels(%w: tensor<40x16x3x3xf32> {pt2c.weight = "conv.weight"}, %x: tensor<1x16x9x9xf32> {pt2c.input = "x"}) -> tensor<1x1x40x49xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x1x16x3x3x7x7xf32>
  %win = linalg.generic {indexing_maps = [#window, #identity7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x16x9x9xf32>) outs(%e0 : tensor<1x1x16x3x3x7x7xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x1x16x3x3x7x7xf32>
  %rows = tensor.collapse_shape %win [[0], [1], [2, 3, 4], [5, 6]] : tensor<1x1x16x3x3x7x7xf32> into tensor<1x1x144x49xf32>
  %w5 = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [1, 40, 16, 3, 3] : tensor<40x16x3x3xf32> into tensor<1x40x16x3x3xf32>
  %w3 = tensor.collapse_shape %w5 [[0], [1], [2, 3, 4]] : tensor<1x40x16x3x3xf32> into tensor<1x40x144xf32>
  %e1 = tensor.empty() : tensor<1x1x40x49xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x1x40x49xf32>) -> tensor<1x1x40x49xf32>
  %r = linalg.generic {indexing_maps = [#filter, #windows, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w3, %rows : tensor<1x40x144xf32>, tensor<1x1x144x49xf32>) outs(%acc : tensor<1x1x40x49xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<1x1x40x49xf32>
  return %r : tensor<1x1x40x49xf32>
}

// -----

// 14x14: 196 positions are 12.25 vectors, costed 13 along the positions;
// along the 64 filters the tiles waste nothing (832 -> 784, 6% less).
// The window copy is rebuilt position by position at no extra cost, so a
// twentieth less is enough: rewritten along the filters.
// CHECK-LABEL: func.func @three_by_three_14x14
// CHECK: linalg.generic {{.+}} ins(%{{.+}} : tensor<1x16x16x16xf32>) outs(%{{.+}} : tensor<1x1x14x14x3x3x16xf32>)
// CHECK: linalg.transpose ins(%arg0 : tensor<64x16x3x3xf32>) {{.+}} permutation = [2, 3, 1, 0]
// CHECK: linalg.generic {{.+}} ins(%{{.+}}, %{{.+}} : tensor<1x1x196x144xf32>, tensor<144x64xf32>) outs(%{{.+}} : tensor<1x1x196x64xf32>)
#window = affine_map<(n, g, c, i, j, y, x) -> (n, g * 16 + c, y + i, x + j)>
#identity7 = affine_map<(n, g, c, i, j, y, x) -> (n, g, c, i, j, y, x)>
#filter = affine_map<(n, g, f, r, p) -> (g, f, r)>
#windows = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out = affine_map<(n, g, f, r, p) -> (n, g, f, p)>

func.func @three_by_three_14x14(%w: tensor<64x16x3x3xf32> {pt2c.weight = "conv.weight"}, %x: tensor<1x16x16x16xf32> {pt2c.input = "x"}) -> tensor<1x1x64x196xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x1x16x3x3x14x14xf32>
  %win = linalg.generic {indexing_maps = [#window, #identity7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x16x16x16xf32>) outs(%e0 : tensor<1x1x16x3x3x14x14xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x1x16x3x3x14x14xf32>
  %rows = tensor.collapse_shape %win [[0], [1], [2, 3, 4], [5, 6]] : tensor<1x1x16x3x3x14x14xf32> into tensor<1x1x144x196xf32>
  %w5 = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [1, 64, 16, 3, 3] : tensor<64x16x3x3xf32> into tensor<1x64x16x3x3xf32>
  %w3 = tensor.collapse_shape %w5 [[0], [1], [2, 3, 4]] : tensor<1x64x16x3x3xf32> into tensor<1x64x144xf32>
  %e1 = tensor.empty() : tensor<1x1x64x196xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x1x64x196xf32>) -> tensor<1x1x64x196xf32>
  %r = linalg.generic {indexing_maps = [#filter, #windows, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w3, %rows : tensor<1x64x144xf32>, tensor<1x1x144x196xf32>) outs(%acc : tensor<1x1x64x196xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<1x1x64x196xf32>
  return %r : tensor<1x1x64x196xf32>
}

// -----

// The same 6% at 14x14 for a 1x1 convolution does not pay for the
// transposed copy of its input (a tenth less is needed): unchanged.
// CHECK-LABEL: func.func @pointwise_14x14
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {{.+}} ins(%{{.+}}, %arg1 : tensor<1x64x32xf32>, tensor<1x1x32x196xf32>) outs(%{{.+}} : tensor<1x1x64x196xf32>)
#filter = affine_map<(n, g, f, r, p) -> (g, f, r)>
#windows = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out = affine_map<(n, g, f, r, p) -> (n, g, f, p)>

func.func @pointwise_14x14(%w: tensor<64x32x1x1xf32> {pt2c.weight = "conv.weight"}, %x: tensor<1x1x32x196xf32> {pt2c.input = "x"}) -> tensor<1x1x64x196xf32> {
  %zero = arith.constant 0.0 : f32
  %w5 = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [1, 64, 32, 1, 1] : tensor<64x32x1x1xf32> into tensor<1x64x32x1x1xf32>
  %w3 = tensor.collapse_shape %w5 [[0], [1], [2, 3, 4]] : tensor<1x64x32x1x1xf32> into tensor<1x64x32xf32>
  %e1 = tensor.empty() : tensor<1x1x64x196xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x1x64x196xf32>) -> tensor<1x1x64x196xf32>
  %r = linalg.generic {indexing_maps = [#filter, #windows, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w3, %x : tensor<1x64x32xf32>, tensor<1x1x32x196xf32>) outs(%acc : tensor<1x1x64x196xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<1x1x64x196xf32>
  return %r : tensor<1x1x64x196xf32>
}

// -----

// A patch embedding (3 channels, 16x16 kernel, stride 16) over 14x14
// positions: along the filters as above, but its kernel rows (16) are
// longer than its channels (3), so the window copy keeps (c, kh, kw) and
// the input stays as it is; the filter is read [C, KH, KW, F].
// CHECK-LABEL: func.func @patch_embedding
// CHECK-NOT: permutation = [0, 2, 3, 1]
// CHECK: linalg.generic {{.+}} ins(%arg1 : tensor<1x3x224x224xf32>) outs(%{{.+}} : tensor<1x1x14x14x3x16x16xf32>)
// CHECK: linalg.transpose ins(%arg0 : tensor<64x3x16x16xf32>) {{.+}} permutation = [1, 2, 3, 0]
// CHECK: linalg.generic {{.+}} ins(%{{.+}}, %{{.+}} : tensor<1x1x196x768xf32>, tensor<768x64xf32>) outs(%{{.+}} : tensor<1x1x196x64xf32>)
#window = affine_map<(n, g, c, i, j, y, x) -> (n, g * 3 + c, y * 16 + i, x * 16 + j)>
#identity7 = affine_map<(n, g, c, i, j, y, x) -> (n, g, c, i, j, y, x)>
#filter = affine_map<(n, g, f, r, p) -> (g, f, r)>
#windows = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out = affine_map<(n, g, f, r, p) -> (n, g, f, p)>

func.func @patch_embedding(%w: tensor<64x3x16x16xf32> {pt2c.weight = "conv.weight"}, %x: tensor<1x3x224x224xf32> {pt2c.input = "x"}) -> tensor<1x1x64x196xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x1x3x16x16x14x14xf32>
  %win = linalg.generic {indexing_maps = [#window, #identity7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x3x224x224xf32>) outs(%e0 : tensor<1x1x3x16x16x14x14xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x1x3x16x16x14x14xf32>
  %rows = tensor.collapse_shape %win [[0], [1], [2, 3, 4], [5, 6]] : tensor<1x1x3x16x16x14x14xf32> into tensor<1x1x768x196xf32>
  %w5 = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [1, 64, 3, 16, 16] : tensor<64x3x16x16xf32> into tensor<1x64x3x16x16xf32>
  %w3 = tensor.collapse_shape %w5 [[0], [1], [2, 3, 4]] : tensor<1x64x3x16x16xf32> into tensor<1x64x768xf32>
  %e1 = tensor.empty() : tensor<1x1x64x196xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x1x64x196xf32>) -> tensor<1x1x64x196xf32>
  %r = linalg.generic {indexing_maps = [#filter, #windows, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w3, %rows : tensor<1x64x768xf32>, tensor<1x1x768x196xf32>) outs(%acc : tensor<1x1x64x196xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<1x1x64x196xf32>
  return %r : tensor<1x1x64x196xf32>
}
