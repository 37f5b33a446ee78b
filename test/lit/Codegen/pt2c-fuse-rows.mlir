// RUN: %pt2c-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(pt2c-fuse-rows{min-work=1024 max-chunks=16}),cse)" | FileCheck %s

// A layer norm as the CPU pipeline sees it after elementwise fusion: the
// row sums, the centred values, their squares and sums, the output. All of
// it runs in one loop over chunks of rows (64 rows in 16 chunks of 4); the
// [rows, 1] reshapes of the statistics fold into the generics' maps.
// CHECK-LABEL: func.func @layer_norm
// CHECK-NOT:     tensor.reshape
// CHECK:         scf.forall (%[[I:.+]]) = (0) to (64) step (4)
// CHECK:           %[[X:.+]] = tensor.extract_slice %{{.+}}[%[[I]], 0] [4, 256] [1, 1]
// CHECK:           %[[SUM:.+]] = linalg.reduce ins(%[[X]] : tensor<4x256xf32>)
// CHECK:           %[[D:.+]] = linalg.generic {{.+}} ins(%[[X]], %[[SUM]] : tensor<4x256xf32>, tensor<4xf32>)
// CHECK:           %[[SQ:.+]] = linalg.generic {{.+}} ins(%[[D]] : tensor<4x256xf32>)
// CHECK:           %[[VAR:.+]] = linalg.reduce ins(%[[SQ]] : tensor<4x256xf32>)
// CHECK:           linalg.generic {{.+}} ins(%[[D]], %[[VAR]] : tensor<4x256xf32>, tensor<4xf32>)
// CHECK:           tensor.parallel_insert_slice
// CHECK-NOT:     linalg.reduce
// CHECK:         return
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
func.func @layer_norm(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 3.906250e-03 : f32
  %eps = arith.constant 1.0e-05 : f32
  %shape = arith.constant dense<[64, 1]> : tensor<2xindex>
  %e = tensor.empty() : tensor<64x256xf32>
  %s0 = tensor.empty() : tensor<64xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%s0 : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.reduce ins(%x : tensor<64x256xf32>) outs(%f0 : tensor<64xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
    }
  %sum2 = tensor.reshape %sum(%shape) : (tensor<64xf32>, tensor<2xindex>) -> tensor<64x1xf32>
  %d = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %sum2 : tensor<64x256xf32>, tensor<64x1xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %m = arith.mulf %s, %n : f32
    %r = arith.subf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%d : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.mulf %a, %a : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  %s1 = tensor.empty() : tensor<64xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%s1 : tensor<64xf32>) -> tensor<64xf32>
  %var = linalg.reduce ins(%sq : tensor<64x256xf32>) outs(%f1 : tensor<64xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
    }
  %var2 = tensor.reshape %var(%shape) : (tensor<64xf32>, tensor<2xindex>) -> tensor<64x1xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%d, %var2 : tensor<64x256xf32>, tensor<64x1xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%a: f32, %v: f32, %o: f32):
    %m = arith.mulf %v, %n : f32
    %p = arith.addf %m, %eps : f32
    %q = math.rsqrt %p : f32
    %r = arith.mulf %a, %q : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}

// -----

// The sum a layer norm normalizes is also returned: it stays outside the
// chunks (computed once), and the group reads it.
// CHECK-LABEL: func.func @shared_input
// CHECK:         %[[S:.+]] = linalg.generic
// CHECK:         scf.forall
// CHECK:           tensor.extract_slice %[[S]]
// CHECK:           linalg.reduce
// CHECK:         return %{{.+}}, %[[S]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @shared_input(%x: tensor<64x256xf32>, %y: tensor<64x256xf32>) -> (tensor<64x256xf32>, tensor<64x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<64x256xf32>, tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  %s0 = tensor.empty() : tensor<64xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%s0 : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.reduce ins(%s : tensor<64x256xf32>) outs(%f0 : tensor<64xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
    }
  %d = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%s, %sum : tensor<64x256xf32>, tensor<64xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %r = arith.subf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  return %d, %s : tensor<64x256xf32>, tensor<64x256xf32>
}

// -----

// A softmax over 2 heads: the heads give too few chunks, so the rows of
// each head are cut too (2 x 8 chunks); max, exp, sum and division run in
// each chunk.
// CHECK-LABEL: func.func @softmax
// CHECK:         scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (2, 64) step (1, 8)
// CHECK:           linalg.reduce ins(%{{.+}} : tensor<1x8x128xf32>)
// CHECK:           math.exp
// CHECK:           linalg.reduce ins(%{{.+}} : tensor<1x8x128xf32>)
// CHECK:           arith.divf
// CHECK:         return
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @softmax(%x: tensor<2x64x128xf32>) -> tensor<2x64x128xf32> {
  %low = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x64x128xf32>
  %s0 = tensor.empty() : tensor<2x64xf32>
  %f0 = linalg.fill ins(%low : f32) outs(%s0 : tensor<2x64xf32>) -> tensor<2x64xf32>
  %max = linalg.reduce ins(%x : tensor<2x64x128xf32>) outs(%f0 : tensor<2x64xf32>) dimensions = [2]
    (%a: f32, %b: f32) {
      %r = arith.maximumf %a, %b : f32
      linalg.yield %r : f32
    }
  %exp = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %max : tensor<2x64x128xf32>, tensor<2x64xf32>) outs(%e : tensor<2x64x128xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %t = arith.subf %a, %m : f32
    %r = math.exp %t : f32
    linalg.yield %r : f32
  } -> tensor<2x64x128xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%s0 : tensor<2x64xf32>) -> tensor<2x64xf32>
  %sum = linalg.reduce ins(%exp : tensor<2x64x128xf32>) outs(%f1 : tensor<2x64xf32>) dimensions = [2]
    (%a: f32, %b: f32) {
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
    }
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%exp, %sum : tensor<2x64x128xf32>, tensor<2x64xf32>) outs(%e : tensor<2x64x128xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<2x64x128xf32>
  return %y : tensor<2x64x128xf32>
}

// -----

// A softmax along the first dim: the chunks cut the dim the reductions
// walk, so they would need whole rows of it; nothing is fused and each op
// is left to pt2c-parallelize.
// CHECK-LABEL: func.func @along_rows
// CHECK-NOT:     scf.forall
// CHECK:         return
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @along_rows(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %s0 = tensor.empty() : tensor<256xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%s0 : tensor<256xf32>) -> tensor<256xf32>
  %sum = linalg.reduce ins(%x : tensor<64x256xf32>) outs(%f0 : tensor<256xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
    }
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %sum : tensor<64x256xf32>, tensor<256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}

// -----

// Elementwise chains without a reduction are pt2c-fuse-elementwise's; a
// matmul is no row op. Nothing changes.
// CHECK-LABEL: func.func @no_reduction
// CHECK-NOT:     scf.forall
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @no_reduction(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %e = tensor.empty() : tensor<64x256xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %a : tensor<64x256xf32>, tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %r = arith.mulf %v, %w : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  return %b : tensor<64x256xf32>
}
