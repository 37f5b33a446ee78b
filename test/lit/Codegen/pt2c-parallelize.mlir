// RUN: %pt2c-opt %s --split-input-file --pt2c-parallelize="min-work=1024 max-chunks=16" | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pt2c-parallelize="min-work=1024 max-chunks=16 fuse-epilogues=false" | FileCheck %s --check-prefix=NOFUSE

// A large op is split along its outermost parallel loop with 2 or more
// iterations (not the innermost, LLVM's vector loop): 64 rows in 16 chunks
// of 4.
// CHECK-LABEL: func.func @rows
// CHECK: scf.forall (%[[I:.+]]) = (0) to (64) step (4) shared_outs(%[[O:.+]] = %{{.+}}) -> (tensor<1x64x256xf32>)
// CHECK: tensor.extract_slice %{{.+}}[0, %[[I]], 0] [1, 4, 256] [1, 1, 1]
// CHECK: linalg.generic {{.+}} outs(%{{.+}} : tensor<1x4x256xf32>)
// CHECK: tensor.parallel_insert_slice
func.func @rows(%x: tensor<1x64x256xf32>) -> tensor<1x64x256xf32> {
  %e = tensor.empty() : tensor<1x64x256xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<1x64x256xf32>) outs(%e : tensor<1x64x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<1x64x256xf32>
  return %0 : tensor<1x64x256xf32>
}

// -----

// A reduction is split along a parallel loop, never the reduced one.
// CHECK-LABEL: func.func @row_sums
// CHECK: scf.forall (%{{.+}}) = (0) to (128) step (8)
// CHECK: linalg.reduce ins(%{{.+}} : tensor<8x512xf32>)
func.func @row_sums(%x: tensor<128x512xf32>, %init: tensor<128xf32>) -> tensor<128xf32> {
  %0 = linalg.reduce ins(%x : tensor<128x512xf32>) outs(%init : tensor<128xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<128xf32>
}

// -----

// An outermost loop of 3 gives too few chunks for the threads (vit_b_16
// splits q, k and v off this way): the next parallel loop is cut too, in
// about max-chunks / 3 chunks, never the innermost.
// CHECK-LABEL: func.func @few_outer
// CHECK: scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (3, 197) step (1, 33)
// CHECK: linalg.generic {{.+}} outs(%{{.+}} : tensor<1x?x256xf32>)
func.func @few_outer(%x: tensor<197x3x256xf32>) -> tensor<3x197x256xf32> {
  %e = tensor.empty() : tensor<3x197x256xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<197x3x256xf32>) outs(%e : tensor<3x197x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<3x197x256xf32>
  return %0 : tensor<3x197x256xf32>
}

// -----

// Small ops stay on one thread.
// CHECK-LABEL: func.func @small
// CHECK-NOT: scf.forall
func.func @small(%x: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<16x16xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// Large fills are split like any op: one core does not saturate the
// memory (256 rows in 16 chunks).
// CHECK-LABEL: func.func @fill
// CHECK:         scf.forall (%[[I:.*]]) = (0) to (256) step (16) shared_outs(%[[O:.*]] = %{{.*}}) -> (tensor<256x256xf32>) {
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %[[O]][%[[I]], 0] [16, 256] [1, 1]
// CHECK-NEXT:      linalg.fill ins(%{{.*}} : f32) outs(%[[S]] : tensor<16x256xf32>)
func.func @fill() -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %big = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%big : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %f : tensor<256x256xf32>
}

// -----

// A row-major f32 contraction (pt2c-tile-contractions tiles it 6x16) is cut
// into chunks of whole register tiles; one whose columns are n, not a
// packed weight's panels (a convolution), along the loop with the most
// tiles: here the 1025 output positions of an im2col convolution (64 column tiles
// and a column left over, against 11 row tiles of its 64 channels). The
// op is split where its last whole tile ends: 1024 columns in 16 static
// chunks of 64, and the 1 column left over, another op, which is chunked
// on its own (along its 60 whole rows; its last 4 rows are a third op).
// CHECK-LABEL: func.func @convolution_columns
// CHECK: %[[WHOLE:.+]] = tensor.extract_slice %arg1[0, 0, 0, 0] [1, 1, 27, 1024] [1, 1, 1, 1]
// CHECK: scf.forall (%[[P:.+]]) = (0) to (1024) step (64)
// CHECK:   tensor.extract_slice %[[WHOLE]][0, 0, 0, %[[P]]] [1, 1, 27, 64]
// CHECK:   linalg.generic {{.+}} outs(%{{.+}} : tensor<1x1x64x64xf32>)
// CHECK: tensor.extract_slice %arg1[0, 0, 0, 1024] [1, 1, 27, 1] [1, 1, 1, 1]
// CHECK: scf.forall (%{{.+}}) = (0) to (60) step (6)
// CHECK:   linalg.generic {{.+}} outs(%{{.+}} : tensor<1x1x6x1xf32>)
// CHECK: linalg.generic {{.+}} outs(%{{.+}} : tensor<1x1x4x1xf32>)
func.func @convolution_columns(%w: tensor<1x64x27xf32>, %col: tensor<1x1x27x1025xf32>, %acc: tensor<1x1x64x1025xf32>) -> tensor<1x1x64x1025xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(n, g, f, r, p) -> (g, f, r)>, affine_map<(n, g, f, r, p) -> (n, g, r, p)>, affine_map<(n, g, f, r, p) -> (n, g, f, p)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w, %col : tensor<1x64x27xf32>, tensor<1x1x27x1025xf32>) outs(%acc : tensor<1x1x64x1025xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<1x1x64x1025xf32>
  return %r : tensor<1x1x64x1025xf32>
}

// -----

// Many rows, few columns: chunks along the rows, in whole tiles of 6: the
// 252 whole rows in 14 static chunks of 18; the last 4 rows are another
// op, too narrow to chunk.
// CHECK-LABEL: func.func @matmul_rows
// CHECK: scf.forall (%{{.+}}) = (0) to (252) step (18)
// CHECK:   linalg.generic {{.+}} outs(%{{.+}} : tensor<18x16xf32>)
// CHECK: %[[LAST:.+]] = tensor.extract_slice %arg0[252, 0] [4, 64] [1, 1]
// CHECK-NOT: scf.forall
// CHECK: linalg.generic {{.+}} ins(%[[LAST]], %{{.+}} : tensor<4x64xf32>, tensor<64x16xf32>)
func.func @matmul_rows(%a: tensor<256x64xf32>, %b: tensor<64x16xf32>, %c: tensor<256x16xf32>) -> tensor<256x16xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<256x64xf32>, tensor<64x16xf32>) outs(%c : tensor<256x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<256x16xf32>
  return %r : tensor<256x16xf32>
}

// -----

// A contraction with too few tiles along any one loop for half of
// max-chunks (16 here): 4 row tiles of 6 and 4 panels of 16 columns (a
// packed weight's panel loop, a batch loop of 1-tile steps): chunked along
// both in a 2-d forall (one loop alone: 4 chunks). 8 chunks of 12 rows x
// 1 panel read 8 x (12 + 16) x K, 16 of 6 x 1 read 16 x (6 + 16) x K.
// CHECK-LABEL: func.func @two_dims
// CHECK: scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (24, 4) step (12, 1)
// CHECK:   linalg.generic {{.+}} outs(%{{.+}} : tensor<12x1x16xf32>)
func.func @two_dims(%x: tensor<24x256xf32>, %w: tensor<4x256x16xf32>, %acc: tensor<24x4x16xf32>) -> tensor<24x4x16xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, p, n) -> (m, k)>, affine_map<(m, k, p, n) -> (p, k, n)>, affine_map<(m, k, p, n) -> (m, p, n)>], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x, %w : tensor<24x256xf32>, tensor<4x256x16xf32>) outs(%acc : tensor<24x4x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<24x4x16xf32>
  return %r : tensor<24x4x16xf32>
}

// -----

// 37 panels (a prime count, as gpt2's LM head has 1570 = 2 x 5 x 157) and
// 2 row tiles, max-chunks 16: no cut into 8 to 16 equal chunks exists, so
// the least-reading cut with a smaller last chunk is taken: all rows and 5
// panels a chunk, 8 chunks (the last of 2 panels) reading 8 x (12 + 80) x
// K. The rows are not cut, so not split either.
// CHECK-LABEL: func.func @prime_panels
// CHECK: scf.forall (%{{.+}}) = (0) to (37) step (5)
// CHECK:   linalg.generic {{.+}} outs(%{{.+}} : tensor<12x?x16xf32>)
// CHECK-NOT: scf.forall (
func.func @prime_panels(%x: tensor<12x256xf32>, %w: tensor<37x256x16xf32>, %acc: tensor<12x37x16xf32>) -> tensor<12x37x16xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, p, n) -> (m, k)>, affine_map<(m, k, p, n) -> (p, k, n)>, affine_map<(m, k, p, n) -> (m, p, n)>], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x, %w : tensor<12x256xf32>, tensor<37x256x16xf32>) outs(%acc : tensor<12x37x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<12x37x16xf32>
  return %r : tensor<12x37x16xf32>
}

// -----

// vit_b_16's 3072 -> 768 projection in small: 24 row tiles of 8 and 24
// panels of 32 columns (AVX-512 tiles), at most 64 chunks. 36 chunks of 64
// rows x 2 panels and 32 of 48 rows x 3 panels read the same
// (36 x (64 + 64) x K = 32 x (48 + 96) x K); 32 fill 16 threads in two
// rounds where 36 need three, the last with 4 threads busy.
// RUN: %pt2c-opt %s --split-input-file --pt2c-parallelize="max-chunks=64 vector-bits=512" | FileCheck %s --check-prefix=EVEN
// CHECK-LABEL: func.func @even_chunks
// EVEN-LABEL: func.func @even_chunks
// EVEN: scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (192, 24) step (48, 3)
func.func @even_chunks(%x: tensor<192x768xf32>, %w: tensor<24x768x32xf32>, %acc: tensor<192x24x32xf32>) -> tensor<192x24x32xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, p, n) -> (m, k)>, affine_map<(m, k, p, n) -> (p, k, n)>, affine_map<(m, k, p, n) -> (m, p, n)>], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x, %w : tensor<192x768xf32>, tensor<24x768x32xf32>) outs(%acc : tensor<192x24x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<192x24x32xf32>
  return %r : tensor<192x24x32xf32>
}

// -----

// A contraction's chunks also fill its accumulator and compute its only
// reader, an elementwise op (here a scale per column, computed after the
// contraction, and a ReLU): one loop instead of three. Each chunk fills a
// tensor of its own, multiplies into it and writes only the consumer's
// tile; the product is never inserted into a whole-size tensor. The scale
// moves above the loop.
// CHECK-LABEL: func.func @epilogue
// CHECK-SAME:    (%[[A:.+]]: tensor<256x64xf32>, %[[B:.+]]: tensor<64x16xf32>, %[[S:.+]]: tensor<16xf32>)
// CHECK-NOT:     linalg.fill
// CHECK:         %[[SCALE:.+]] = linalg.generic {{.+}} ins(%[[S]] : tensor<16xf32>)
// CHECK:         %[[OUT:.+]] = tensor.empty() : tensor<252x16xf32>
// CHECK:         scf.forall (%{{.+}}) = (0) to (252) step (18) shared_outs(%[[O:.+]] = %[[OUT]])
// CHECK:           %[[E:.+]] = tensor.empty() : tensor<18x16xf32>
// CHECK:           %[[ZERO:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E]] : tensor<18x16xf32>)
// CHECK:           %[[P:.+]] = linalg.generic {{.+}} outs(%[[ZERO]] : tensor<18x16xf32>)
// CHECK:             arith.mulf
// CHECK:           %[[SS:.+]] = tensor.extract_slice %[[SCALE]][0] [16] [1]
// CHECK:           %[[R:.+]] = linalg.generic {{.+}} ins(%[[P]], %[[SS]] : tensor<18x16xf32>, tensor<16xf32>)
// CHECK:             arith.maximumf
// CHECK:           scf.forall.in_parallel
// CHECK-NEXT:        tensor.parallel_insert_slice %[[R]] into %[[O]]
// CHECK-NOT:         tensor.parallel_insert_slice
// NOFUSE-LABEL: func.func @epilogue
// NOFUSE:         scf.forall
// NOFUSE:           linalg.fill
// NOFUSE:           arith.mulf
// NOFUSE-NOT:       arith.maximumf
// NOFUSE:         scf.forall
// NOFUSE:           arith.maximumf
func.func @epilogue(%a: tensor<256x64xf32>, %b: tensor<64x16xf32>, %s: tensor<16xf32>) -> tensor<252x16xf32> {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<252x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<252x16xf32>) -> tensor<252x16xf32>
  %a0 = tensor.extract_slice %a[0, 0] [252, 64] [1, 1] : tensor<256x64xf32> to tensor<252x64xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a0, %b : tensor<252x64xf32>, tensor<64x16xf32>) outs(%acc : tensor<252x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %t = arith.addf %o, %m : f32
    linalg.yield %t : f32
  } -> tensor<252x16xf32>
  %se = tensor.empty() : tensor<16xf32>
  %scale = linalg.generic {indexing_maps = [affine_map<(n) -> (n)>, affine_map<(n) -> (n)>], iterator_types = ["parallel"]}
      ins(%s : tensor<16xf32>) outs(%se : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %d = arith.mulf %x, %two : f32
    linalg.yield %d : f32
  } -> tensor<16xf32>
  %re = tensor.empty() : tensor<252x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%p, %scale : tensor<252x16xf32>, tensor<16xf32>) outs(%re : tensor<252x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %z = arith.maximumf %m, %zero : f32
    linalg.yield %z : f32
  } -> tensor<252x16xf32>
  return %r : tensor<252x16xf32>
}

// -----

// A product that another op reads too stays whole: its reader is cut on
// its own (the fill still goes into the contraction's chunks).
// CHECK-LABEL: func.func @shared_product
// CHECK:         scf.forall
// CHECK:           linalg.fill
// CHECK:           arith.mulf
// CHECK-NOT:       math.exp
// CHECK:         scf.forall
// CHECK:           math.exp
func.func @shared_product(%a: tensor<252x64xf32>, %b: tensor<64x16xf32>) -> (tensor<252x16xf32>, tensor<252x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<252x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<252x16xf32>) -> tensor<252x16xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<252x64xf32>, tensor<64x16xf32>) outs(%acc : tensor<252x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %t = arith.addf %o, %m : f32
    linalg.yield %t : f32
  } -> tensor<252x16xf32>
  %re = tensor.empty() : tensor<252x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<252x16xf32>) outs(%re : tensor<252x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %z = math.exp %x : f32
    linalg.yield %z : f32
  } -> tensor<252x16xf32>
  return %p, %r : tensor<252x16xf32>, tensor<252x16xf32>
}

// -----

// A packed linear layer (columns as 2 panels of 16) with its bias as the
// accumulator (pt2c-add-into-accumulator) and GELU's erf read through the
// panels' collapse and a tensor.reshape adding the batch dim: each chunk
// broadcasts its slice of the bias in place, multiplies into it, and
// computes the consumer on its tile; the consumer iterates over the
// panels [rows, panel, column] instead of [1, rows, columns].
// CHECK-LABEL: func.func @bias_and_reshaped_epilogue
// CHECK-SAME:    (%[[A:.+]]: tensor<96x64xf32>, %[[W:.+]]: tensor<2x64x16xf32>, %[[BIAS:.+]]: tensor<2x16xf32>
// CHECK-NOT:     linalg.generic
// CHECK:         scf.forall
// CHECK:           %[[B:.+]] = linalg.generic {{.+}} ins(%{{.+}} : tensor<{{.+}}>) outs(%{{.+}} : tensor<[[TILE:.+]]>)
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        linalg.yield
// CHECK:           %[[P:.+]] = linalg.generic {{.+}} outs(%[[B]] : tensor<[[TILE]]>)
// CHECK:             arith.mulf
// CHECK:           %[[R:.+]] = linalg.generic {{.+}} ins(%[[P]] : tensor<[[TILE]]>)
// CHECK:             math.erf
// CHECK:           scf.forall.in_parallel
// CHECK-NEXT:        tensor.parallel_insert_slice %[[R]]
// CHECK-NOT:         tensor.parallel_insert_slice
// CHECK:         tensor.collapse_shape
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func @bias_and_reshaped_epilogue(%a: tensor<96x64xf32>, %w: tensor<2x64x16xf32>, %bias: tensor<2x16xf32>, %shape: tensor<3xindex>) -> tensor<1x96x32xf32> {
  %e = tensor.empty() : tensor<96x2x16xf32>
  %acc = linalg.generic {indexing_maps = [affine_map<(m, p, n) -> (p, n)>, affine_map<(m, p, n) -> (m, p, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%bias : tensor<2x16xf32>) outs(%e : tensor<96x2x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<96x2x16xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(m, k, p, n) -> (m, k)>, affine_map<(m, k, p, n) -> (p, k, n)>, affine_map<(m, k, p, n) -> (m, p, n)>], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%a, %w : tensor<96x64xf32>, tensor<2x64x16xf32>) outs(%acc : tensor<96x2x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %t = arith.addf %o, %m : f32
    linalg.yield %t : f32
  } -> tensor<96x2x16xf32>
  %columns = tensor.collapse_shape %p [[0], [1, 2]] : tensor<96x2x16xf32> into tensor<96x32xf32>
  %batched = tensor.reshape %columns(%shape) : (tensor<96x32xf32>, tensor<3xindex>) -> tensor<1x96x32xf32>
  %re = tensor.empty() : tensor<1x96x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%batched : tensor<1x96x32xf32>) outs(%re : tensor<1x96x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %g = math.erf %x : f32
    linalg.yield %g : f32
  } -> tensor<1x96x32xf32>
  return %r : tensor<1x96x32xf32>
}

// -----

// vit_b_16's 768 -> 3072 projection in small (K = 8): 197 rows, 24 whole
// tiles of 8 and 5 rows over, and 96 panels. 32 chunks of 96 rows x 6
// panels and 32 of all 197 rows x 3 panels read the same; cut along the
// panels only, the rows are not split where their last whole tile ends
// (no contraction of the 5 rows left over, no insert of two parts before
// the consumer).
// RUN: %pt2c-opt %s --split-input-file --pt2c-parallelize="max-chunks=64 vector-bits=512" | FileCheck %s --check-prefix=ROWS
// CHECK-LABEL: func.func @whole_rows
// ROWS-LABEL: func.func @whole_rows
// ROWS:     scf.forall (%{{.+}}) = (0) to (96) step (3)
// ROWS:       linalg.generic {{.+}} outs(%{{.+}} : tensor<197x3x32xf32>)
// ROWS-NOT: scf.forall (
// ROWS:     return
func.func @whole_rows(%x: tensor<197x8xf32>, %w: tensor<96x8x32xf32>, %acc: tensor<197x96x32xf32>) -> tensor<197x96x32xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, p, n) -> (m, k)>, affine_map<(m, k, p, n) -> (p, k, n)>, affine_map<(m, k, p, n) -> (m, p, n)>], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x, %w : tensor<197x8xf32>, tensor<96x8x32xf32>) outs(%acc : tensor<197x96x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<197x96x32xf32>
  return %r : tensor<197x96x32xf32>
}

// -----

// resnet50's 3x3 512-filter layer at 7x7 along its filters
// (pt2c-convolutions-along-filters), K shortened: 49 positions as rows (7
// tiles of 7) and 16 panels. Cut into 32 to 64 chunks, the rows would be
// cut and every row block would read the whole weight again (1 x 2 panels
// in 56 chunks), or a smaller last block would leave its rows dynamic and
// untiled (4 + 3 row tiles); with fewer row tiles than 16, whole rows in
// 16 chunks, one panel each, are taken.
// RUN: %pt2c-opt %s --split-input-file --pt2c-parallelize="max-chunks=64 vector-bits=512" | FileCheck %s --check-prefix=FEW
// CHECK-LABEL: func.func @few_rows
// FEW-LABEL: func.func @few_rows
// FEW:     scf.forall (%{{.+}}) in (16)
// FEW:       linalg.generic {{.+}} outs(%{{.+}} : tensor<49x1x32xf32>)
// FEW-NOT: scf.forall (
// FEW:     return
func.func @few_rows(%x: tensor<49x64xf32>, %w: tensor<16x64x32xf32>, %acc: tensor<49x16x32xf32>) -> tensor<49x16x32xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, p, n) -> (m, k)>, affine_map<(m, k, p, n) -> (p, k, n)>, affine_map<(m, k, p, n) -> (m, p, n)>], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x, %w : tensor<49x64xf32>, tensor<16x64x32xf32>) outs(%acc : tensor<49x16x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<49x16x32xf32>
  return %r : tensor<49x16x32xf32>
}

// -----

// An op that reads a loop backwards (a flip: -d2 + 1) stays whole: MLIR's
// tiling would slice its input through the decreasing map wrongly even
// along the loops it does not cut (a [64, 512, 2, 1] reverse cut along
// dim 0 read a slice of 1 along dim 2; the bitonic sort did not compile).
// CHECK-LABEL: func.func @reversed
// CHECK-NOT: scf.forall
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.+}} : tensor<64x512x2x1xf32>)
// NOFUSE-LABEL: func.func @reversed
// NOFUSE-NOT: scf.forall
func.func @reversed(%x: tensor<64x512x2x1xf32>) -> tensor<64x512x2x1xf32> {
  %e = tensor.empty() : tensor<64x512x2x1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, -d2 + 1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<64x512x2x1xf32>) outs(%e : tensor<64x512x2x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<64x512x2x1xf32>
  return %r : tensor<64x512x2x1xf32>
}
