// RUN: %pt2c-opt %s --split-input-file --pt2c-parallelize="min-work=1024 max-chunks=16" | FileCheck %s

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

// Small ops and fills stay on one thread.
// CHECK-LABEL: func.func @small
// CHECK-NOT: scf.forall
func.func @small(%x: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<16x16xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<16x16xf32>
  %zero = arith.constant 0.0 : f32
  %big = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%big : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<16x16xf32>
}
