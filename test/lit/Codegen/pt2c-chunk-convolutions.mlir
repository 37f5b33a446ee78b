// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pt2c-chunk-convolutions{vector-bits=256 min-row-bytes=256 min-chunks=4}))' | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pt2c-chunk-convolutions{vector-bits=256 min-row-bytes=256 min-chunks=4}),pt2c-tile-contractions)' | FileCheck %s --check-prefix=TILED

// A 3x3 convolution as PrimToLinalg lowers it (the window copy [1, 1, C=4,
// 3, 3, OH=8, OW=8] collapsed to [1, 1, 36, 64], 24 filters, a zero-filled
// accumulator). With 6 x 16 register tiles, 4 output rows are 32
// positions, two whole tiles: 2 row blocks; 2 chunks are fewer than
// min-chunks, so the 24 filters go in 2 blocks of 12. Each chunk copies its
// rows' windows (input rows 4i .. 4i+5), fills its part of the output and
// multiplies; the whole window copy and the whole fill are gone.
// CHECK-DAG: #[[$POS:.+]] = affine_map<(d0) -> (d0 * 32)>
// CHECK-DAG: #[[$FIL:.+]] = affine_map<(d0) -> (d0 * 12)>
// CHECK-LABEL: func.func @conv3x3
// CHECK-SAME:    (%[[W:.+]]: tensor<1x24x36xf32>, %[[IN:.+]]: tensor<1x4x10x10xf32>)
// CHECK-NOT:     linalg.fill
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<1x1x24x64xf32>
// CHECK:         scf.forall (%[[I:.+]], %[[J:.+]]) in (2, 2) shared_outs(%[[O:.+]] = %[[E]])
// CHECK-DAG:       %[[P0:.+]] = affine.apply #[[$POS]](%[[I]])
// CHECK-DAG:       %[[F0:.+]] = affine.apply #[[$FIL]](%[[J]])
// CHECK:           %[[ROWS:.+]] = tensor.extract_slice %[[IN]][0, 0, %{{.+}}, 0] [1, 4, 6, 10] [1, 1, 1, 1]
// CHECK:           %[[WIN:.+]] = linalg.generic {{.+}} ins(%[[ROWS]] : tensor<1x4x6x10xf32>) outs(%{{.+}} : tensor<1x1x4x3x3x4x8xf32>)
// CHECK:           %[[RHS:.+]] = tensor.collapse_shape %[[WIN]] {{\[\[}}0], [1], [2, 3, 4], [5, 6]] : tensor<1x1x4x3x3x4x8xf32> into tensor<1x1x36x32xf32>
// CHECK:           %[[LHS:.+]] = tensor.extract_slice %[[W]][0, %[[F0]], 0] [1, 12, 36] [1, 1, 1]
// CHECK:           %[[PART:.+]] = tensor.extract_slice %[[O]][0, 0, %[[F0]], %[[P0]]] [1, 1, 12, 32] [1, 1, 1, 1]
// CHECK:           %[[ZERO:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[PART]] : tensor<1x1x12x32xf32>)
// CHECK:           %[[R:.+]] = linalg.generic {{.+}} ins(%[[LHS]], %[[RHS]] : tensor<1x12x36xf32>, tensor<1x1x36x32xf32>) outs(%[[ZERO]] : tensor<1x1x12x32xf32>)
// CHECK:             arith.mulf
// CHECK:             arith.addf
// CHECK:           scf.forall.in_parallel
// CHECK-NEXT:        tensor.parallel_insert_slice %[[R]] into %[[O]][0, 0, %[[F0]], %[[P0]]] [1, 1, 12, 32] [1, 1, 1, 1]
// CHECK-NOT:     tensor<1x1x36x64xf32>
// The product in each chunk is still a register-tiled contraction.
// TILED-LABEL: func.func @conv3x3
// TILED:         scf.forall
// TILED:           vector.contract
#read = affine_map<(n, g, c, i, j, y, x) -> (n, g * 4 + c, y + i, x + j)>
#id7 = affine_map<(n, g, c, i, j, y, x) -> (n, g, c, i, j, y, x)>
#w = affine_map<(n, g, f, r, p) -> (g, f, r)>
#win = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out = affine_map<(n, g, f, r, p) -> (n, g, f, p)>
func.func @conv3x3(%weight: tensor<1x24x36xf32>, %padded: tensor<1x4x10x10xf32>) -> tensor<1x1x24x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e7 = tensor.empty() : tensor<1x1x4x3x3x8x8xf32>
  %windows = linalg.generic {indexing_maps = [#read, #id7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%padded : tensor<1x4x10x10xf32>) outs(%e7 : tensor<1x1x4x3x3x8x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<1x1x4x3x3x8x8xf32>
  %rhs = tensor.collapse_shape %windows [[0], [1], [2, 3, 4], [5, 6]] : tensor<1x1x4x3x3x8x8xf32> into tensor<1x1x36x64xf32>
  %e = tensor.empty() : tensor<1x1x24x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x24x64xf32>) -> tensor<1x1x24x64xf32>
  %r = linalg.generic {indexing_maps = [#w, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%weight, %rhs : tensor<1x24x36xf32>, tensor<1x1x36x64xf32>) outs(%acc : tensor<1x1x24x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x1x24x64xf32>
  return %r : tensor<1x1x24x64xf32>
}

// -----

// A pointwise convolution reads its input [1, 1, C=8, 16, 16] collapsed:
// each chunk copies its rows of it (2 rows: 32 positions) into a tensor of
// its own, contiguous, and multiplies that.
// CHECK-LABEL: func.func @pointwise
// CHECK-SAME:    %[[X:[a-z0-9]+]]: tensor<1x1x8x16x16xf32>
// CHECK:         scf.forall (%[[I:.+]], %{{.+}}) in (8, 1)
// CHECK:           %[[ROWS:.+]] = tensor.extract_slice %[[X]][0, 0, 0, %{{.+}}, 0] [1, 1, 8, 2, 16] [1, 1, 1, 1, 1]
// CHECK:           %[[COPY:.+]] = linalg.copy ins(%[[ROWS]] : tensor<1x1x8x2x16xf32>) outs(%{{.+}} : tensor<1x1x8x2x16xf32>)
// CHECK:           %[[RHS:.+]] = tensor.collapse_shape %[[COPY]] {{\[\[}}0], [1], [2], [3, 4]] : tensor<1x1x8x2x16xf32> into tensor<1x1x8x32xf32>
// CHECK:           linalg.generic {{.+}} ins(%{{.+}}, %[[RHS]] : tensor<1x16x8xf32>, tensor<1x1x8x32xf32>)
#w = affine_map<(n, g, f, r, p) -> (g, f, r)>
#win = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out = affine_map<(n, g, f, r, p) -> (n, g, f, p)>
func.func @pointwise(%weight: tensor<1x16x8xf32>, %x: tensor<1x1x8x16x16xf32>) -> tensor<1x1x16x256xf32> {
  %zero = arith.constant 0.0 : f32
  %rhs = tensor.collapse_shape %x [[0], [1], [2], [3, 4]] : tensor<1x1x8x16x16xf32> into tensor<1x1x8x256xf32>
  %e = tensor.empty() : tensor<1x1x16x256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x16x256xf32>) -> tensor<1x1x16x256xf32>
  %r = linalg.generic {indexing_maps = [#w, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%weight, %rhs : tensor<1x16x8xf32>, tensor<1x1x8x256xf32>) outs(%acc : tensor<1x1x16x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x1x16x256xf32>
  return %r : tensor<1x1x16x256xf32>
}

// -----

// Left as they are: fewer filters than min-rows (a depthwise convolution's
// one per group) ...
// CHECK-LABEL: func.func @few_filters
// CHECK-NOT:     scf.forall
#w = affine_map<(n, g, f, r, p) -> (g, f, r)>
#win = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out = affine_map<(n, g, f, r, p) -> (n, g, f, p)>
func.func @few_filters(%weight: tensor<8x1x9xf32>, %x: tensor<1x8x9x16x16xf32>, %acc: tensor<1x8x1x256xf32>) -> tensor<1x8x1x256xf32> {
  %rhs = tensor.collapse_shape %x [[0], [1], [2], [3, 4]] : tensor<1x8x9x16x16xf32> into tensor<1x8x9x256xf32>
  %r = linalg.generic {indexing_maps = [#w, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%weight, %rhs : tensor<8x1x9xf32>, tensor<1x8x9x256xf32>) outs(%acc : tensor<1x8x1x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x8x1x256xf32>
  return %r : tensor<1x8x1x256xf32>
}

// -----

// ... and output positions whose rows are shorter than min-row-bytes
// (7 x 7 = 49 floats, 196 bytes: a window row's neighbours share its pages).
// CHECK-LABEL: func.func @few_positions
// CHECK-NOT:     scf.forall
#w = affine_map<(n, g, f, r, p) -> (g, f, r)>
#win = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out = affine_map<(n, g, f, r, p) -> (n, g, f, p)>
func.func @few_positions(%weight: tensor<1x32x8xf32>, %x: tensor<1x1x8x7x7xf32>, %acc: tensor<1x1x32x49xf32>) -> tensor<1x1x32x49xf32> {
  %rhs = tensor.collapse_shape %x [[0], [1], [2], [3, 4]] : tensor<1x1x8x7x7xf32> into tensor<1x1x8x49xf32>
  %r = linalg.generic {indexing_maps = [#w, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%weight, %rhs : tensor<1x32x8xf32>, tensor<1x1x8x49xf32>) outs(%acc : tensor<1x1x32x49xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x1x32x49xf32>
  return %r : tensor<1x1x32x49xf32>
}

// -----

// The input of a pointwise convolution made by an elementwise op that is
// also returned (a block's output, read again by the residual add): the
// op runs whole once, and each chunk copies its rows of the result rather
// than computing them again.
// CHECK-LABEL: func.func @shared_producer
// CHECK:         %[[RELU:.+]] = linalg.generic
// CHECK:           arith.maximumf
// CHECK:         scf.forall
// CHECK:           %[[ROWS:.+]] = tensor.extract_slice %[[RELU]]
// CHECK:           linalg.copy ins(%[[ROWS]]
// CHECK-NOT:       arith.maximumf
// CHECK:         scf.forall.in_parallel
#id = affine_map<(a, b, c, d, e) -> (a, b, c, d, e)>
#w = affine_map<(n, g, f, r, p) -> (g, f, r)>
#win = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out = affine_map<(n, g, f, r, p) -> (n, g, f, p)>
func.func @shared_producer(%weight: tensor<1x16x8xf32>, %x: tensor<1x1x8x16x16xf32>, %acc: tensor<1x1x16x256xf32>) -> (tensor<1x1x16x256xf32>, tensor<1x1x8x16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x8x16x16xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x1x8x16x16xf32>) outs(%e : tensor<1x1x8x16x16xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x1x8x16x16xf32>
  %rhs = tensor.collapse_shape %relu [[0], [1], [2], [3, 4]] : tensor<1x1x8x16x16xf32> into tensor<1x1x8x256xf32>
  %r = linalg.generic {indexing_maps = [#w, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%weight, %rhs : tensor<1x16x8xf32>, tensor<1x1x8x256xf32>) outs(%acc : tensor<1x1x16x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x1x16x256xf32>
  return %r, %relu : tensor<1x1x16x256xf32>, tensor<1x1x8x16x16xf32>
}

// -----

// Two pointwise convolutions of one input share its collapse (as CSE
// leaves a block's first 1x1 convolution and its downsample): both are
// chunked, and the shared collapse, read by neither afterwards, goes once.
// CHECK-LABEL: func.func @shared_collapse
// CHECK-NOT:     tensor<1x1x8x256xf32>
// CHECK:         scf.forall
// CHECK:           linalg.copy
// CHECK:         scf.forall
// CHECK:           linalg.copy
// CHECK-NOT:     tensor<1x1x8x256xf32>
// CHECK:         return
#w = affine_map<(n, g, f, r, p) -> (g, f, r)>
#win = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out = affine_map<(n, g, f, r, p) -> (n, g, f, p)>
func.func @shared_collapse(%w1: tensor<1x16x8xf32>, %w2: tensor<1x32x8xf32>, %x: tensor<1x1x8x16x16xf32>, %a1: tensor<1x1x16x256xf32>, %a2: tensor<1x1x32x256xf32>) -> (tensor<1x1x16x256xf32>, tensor<1x1x32x256xf32>) {
  %rhs = tensor.collapse_shape %x [[0], [1], [2], [3, 4]] : tensor<1x1x8x16x16xf32> into tensor<1x1x8x256xf32>
  %r1 = linalg.generic {indexing_maps = [#w, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w1, %rhs : tensor<1x16x8xf32>, tensor<1x1x8x256xf32>) outs(%a1 : tensor<1x1x16x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x1x16x256xf32>
  %r2 = linalg.generic {indexing_maps = [#w, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w2, %rhs : tensor<1x32x8xf32>, tensor<1x1x8x256xf32>) outs(%a2 : tensor<1x1x32x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x1x32x256xf32>
  return %r1, %r2 : tensor<1x1x16x256xf32>, tensor<1x1x32x256xf32>
}

// -----

// The convolution's only reader, an elementwise op over its output
// positions as rows and columns (a batch norm's scale per filter, computed
// after the convolution, and a ReLU), is computed in the chunks on each
// chunk's tile: it iterates over the collapsed positions [64] instead of
// [8, 8], the scale moves above the loop, the product stays in the chunk
// (a tensor of its own) and only the consumer's tile is written back.
// CHECK-LABEL: func.func @conv3x3_epilogue
// CHECK-SAME:    (%[[W:.+]]: tensor<1x24x36xf32>, %[[IN:.+]]: tensor<1x4x10x10xf32>, %[[S:.+]]: tensor<24xf32>)
// CHECK:         %[[SCALE:.+]] = linalg.generic {{.+}} ins(%[[S]] : tensor<24xf32>)
// CHECK:         scf.forall (%{{.+}}, %{{.+}}) in (2, 2) shared_outs(%[[O:.+]] = %{{.+}}) -> (tensor<1x1x24x64xf32>)
// CHECK:           %[[E:.+]] = tensor.empty() : tensor<1x1x12x32xf32>
// CHECK:           %[[ZERO:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E]] : tensor<1x1x12x32xf32>)
// CHECK:           %[[P:.+]] = linalg.generic {{.+}} outs(%[[ZERO]] : tensor<1x1x12x32xf32>)
// CHECK:             arith.mulf
// CHECK:           %[[SS:.+]] = tensor.extract_slice %[[SCALE]]
// CHECK:           %[[R:.+]] = linalg.generic {{.+}} ins(%[[P]], %[[SS]] : tensor<1x1x12x32xf32>, tensor<12xf32>)
// CHECK:             arith.maximumf
// CHECK:           scf.forall.in_parallel
// CHECK-NEXT:        tensor.parallel_insert_slice %[[R]] into %[[O]]
// CHECK-NOT:         tensor.parallel_insert_slice
// CHECK:         tensor.expand_shape %{{.+}} {{\[\[}}0], [1], [2], [3, 4]] output_shape [1, 1, 24, 8, 8]
#read_e = affine_map<(n, g, c, i, j, y, x) -> (n, g * 4 + c, y + i, x + j)>
#id7_e = affine_map<(n, g, c, i, j, y, x) -> (n, g, c, i, j, y, x)>
#w_e = affine_map<(n, g, f, r, p) -> (g, f, r)>
#win_e = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out_e = affine_map<(n, g, f, r, p) -> (n, g, f, p)>
#id5_e = affine_map<(n, g, f, y, x) -> (n, g, f, y, x)>
#chan_e = affine_map<(n, g, f, y, x) -> (f)>
func.func @conv3x3_epilogue(%weight: tensor<1x24x36xf32>, %padded: tensor<1x4x10x10xf32>, %s: tensor<24xf32>) -> tensor<1x1x24x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e7 = tensor.empty() : tensor<1x1x4x3x3x8x8xf32>
  %windows = linalg.generic {indexing_maps = [#read_e, #id7_e], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%padded : tensor<1x4x10x10xf32>) outs(%e7 : tensor<1x1x4x3x3x8x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<1x1x4x3x3x8x8xf32>
  %rhs = tensor.collapse_shape %windows [[0], [1], [2, 3, 4], [5, 6]] : tensor<1x1x4x3x3x8x8xf32> into tensor<1x1x36x64xf32>
  %e = tensor.empty() : tensor<1x1x24x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x24x64xf32>) -> tensor<1x1x24x64xf32>
  %r = linalg.generic {indexing_maps = [#w_e, #win_e, #out_e], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%weight, %rhs : tensor<1x24x36xf32>, tensor<1x1x36x64xf32>) outs(%acc : tensor<1x1x24x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %t = arith.addf %o, %p : f32
    linalg.yield %t : f32
  } -> tensor<1x1x24x64xf32>
  %rows = tensor.expand_shape %r [[0], [1], [2], [3, 4]] output_shape [1, 1, 24, 8, 8] : tensor<1x1x24x64xf32> into tensor<1x1x24x8x8xf32>
  %se = tensor.empty() : tensor<24xf32>
  %scale = linalg.generic {indexing_maps = [affine_map<(f) -> (f)>, affine_map<(f) -> (f)>], iterator_types = ["parallel"]}
      ins(%s : tensor<24xf32>) outs(%se : tensor<24xf32>) {
  ^bb0(%x: f32, %o: f32):
    %d = arith.mulf %x, %two : f32
    linalg.yield %d : f32
  } -> tensor<24xf32>
  %ye = tensor.empty() : tensor<1x1x24x8x8xf32>
  %y = linalg.generic {indexing_maps = [#id5_e, #chan_e, #id5_e], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%rows, %scale : tensor<1x1x24x8x8xf32>, tensor<24xf32>) outs(%ye : tensor<1x1x24x8x8xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %m = arith.mulf %x, %c : f32
    %z = arith.maximumf %m, %zero : f32
    linalg.yield %z : f32
  } -> tensor<1x1x24x8x8xf32>
  return %y : tensor<1x1x24x8x8xf32>
}

// -----

// A consumer that is the next (pointwise) convolution's input, read only by
// it, stays that convolution's to compute in its own chunks: it is not
// moved into the first convolution's chunks too.
// CHECK-LABEL: func.func @epilogue_feeds_pointwise
// CHECK:         %[[A:.+]] = scf.forall
// CHECK-NOT:       arith.maximumf
// CHECK:           tensor.parallel_insert_slice
// CHECK:         %[[ROWS:.+]] = tensor.expand_shape %[[A]]
// CHECK:         scf.forall
// CHECK:           %[[PART:.+]] = tensor.extract_slice %[[ROWS]]
// CHECK:           linalg.generic {{.+}} ins(%[[PART]] : tensor<1x1x16x2x16xf32>)
// CHECK:             arith.maximumf
#w_p = affine_map<(n, g, f, r, p) -> (g, f, r)>
#win_p = affine_map<(n, g, f, r, p) -> (n, g, r, p)>
#out_p = affine_map<(n, g, f, r, p) -> (n, g, f, p)>
#id5_p = affine_map<(n, g, f, y, x) -> (n, g, f, y, x)>
func.func @epilogue_feeds_pointwise(%w1: tensor<1x16x8xf32>, %w2: tensor<1x16x16xf32>, %x: tensor<1x1x8x16x16xf32>) -> tensor<1x1x16x256xf32> {
  %zero = arith.constant 0.0 : f32
  %rhs = tensor.collapse_shape %x [[0], [1], [2], [3, 4]] : tensor<1x1x8x16x16xf32> into tensor<1x1x8x256xf32>
  %e = tensor.empty() : tensor<1x1x16x256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x16x256xf32>) -> tensor<1x1x16x256xf32>
  %r = linalg.generic {indexing_maps = [#w_p, #win_p, #out_p], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w1, %rhs : tensor<1x16x8xf32>, tensor<1x1x8x256xf32>) outs(%acc : tensor<1x1x16x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x1x16x256xf32>
  %rows = tensor.expand_shape %r [[0], [1], [2], [3, 4]] output_shape [1, 1, 16, 16, 16] : tensor<1x1x16x256xf32> into tensor<1x1x16x16x16xf32>
  %ye = tensor.empty() : tensor<1x1x16x16x16xf32>
  %y = linalg.generic {indexing_maps = [#id5_p, #id5_p], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%rows : tensor<1x1x16x16x16xf32>) outs(%ye : tensor<1x1x16x16x16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %z = arith.maximumf %v, %zero : f32
    linalg.yield %z : f32
  } -> tensor<1x1x16x16x16xf32>
  %rhs2 = tensor.collapse_shape %y [[0], [1], [2], [3, 4]] : tensor<1x1x16x16x16xf32> into tensor<1x1x16x256xf32>
  %e2 = tensor.empty() : tensor<1x1x16x256xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x1x16x256xf32>) -> tensor<1x1x16x256xf32>
  %r2 = linalg.generic {indexing_maps = [#w_p, #win_p, #out_p], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w2, %rhs2 : tensor<1x16x16xf32>, tensor<1x1x16x256xf32>) outs(%acc2 : tensor<1x1x16x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x1x16x256xf32>
  return %r2 : tensor<1x1x16x256xf32>
}
