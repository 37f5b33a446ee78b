// RUN: %pt2c-opt %s --split-input-file --pt2c-fuse-elementwise | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pt2c-fuse-elementwise='broadcast-into-contractions=true' | FileCheck %s --check-prefix=BCAST

// An elementwise chain becomes one generic.
// CHECK-LABEL: func.func @chain
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @chain(%x: tensor<64xf32>, %y: tensor<64xf32>) -> tensor<64xf32> {
  %e0 = tensor.empty() : tensor<64xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<64xf32>) outs(%e0 : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %e1 = tensor.empty() : tensor<64xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%0, %y : tensor<64xf32>, tensor<64xf32>) outs(%e1 : tensor<64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  return %1 : tensor<64xf32>
}

// -----

// The window copy (im2col) stays its own op and the contraction keeps its
// flat (r, p) loops: upstream's linalg-fuse-elementwise-ops would expand
// the contraction through the collapse_shape and fuse the copy into it.
// CHECK-LABEL: func.func @im2col_contraction
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: outs(%{{.+}} : tensor<2x3x6x6xf32>)
// CHECK: tensor.collapse_shape
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "reduction", "parallel"]
// CHECK-SAME: ins(%{{.+}}, %{{.+}} : tensor<4x6xf32>, tensor<6x36xf32>)
func.func @im2col_contraction(%x: tensor<3x7x6xf32>, %w: tensor<4x6xf32>) -> tensor<4x36xf32> {
  %e = tensor.empty() : tensor<2x3x6x6xf32>
  %col = linalg.generic {indexing_maps = [affine_map<(i, c, y, x) -> (c, y + i, x)>, affine_map<(i, c, y, x) -> (i, c, y, x)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<3x7x6xf32>) outs(%e : tensor<2x3x6x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<2x3x6x6xf32>
  %flat = tensor.collapse_shape %col [[0, 1], [2, 3]] : tensor<2x3x6x6xf32> into tensor<6x36xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<4x36xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<4x36xf32>) -> tensor<4x36xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(f, r, p) -> (f, r)>, affine_map<(f, r, p) -> (r, p)>, affine_map<(f, r, p) -> (f, p)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%w, %flat : tensor<4x6xf32>, tensor<6x36xf32>) outs(%acc : tensor<4x36xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x36xf32>
  return %r : tensor<4x36xf32>
}

// -----

// An elementwise producer that a contraction reads broadcast (the matmul's
// lhs, read once per output column) stays its own op: fused, it would be
// recomputed for every column and the contraction would no longer be the
// plain multiply-add that the register tiles take.
// CHECK-LABEL: func.func @relu_into_matmul
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "parallel"]
// CHECK: arith.maximumf
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "reduction", "parallel"]
// CHECK-NEXT: ^bb0(%{{.+}}: f32, %{{.+}}: f32, %{{.+}}: f32):
// CHECK-NEXT: arith.mulf
// With broadcast-into-contractions=true it is fused all the same.
// BCAST-LABEL: func.func @relu_into_matmul
// BCAST: linalg.generic {{.+}} iterator_types = ["parallel", "reduction", "parallel"]
// BCAST: arith.maximumf
// BCAST: arith.mulf
// BCAST-NOT: linalg.generic
func.func @relu_into_matmul(%x: tensor<4x6xf32>, %w: tensor<6x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x6xf32>
  %init = tensor.empty() : tensor<4x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%relu, %w : tensor<4x6xf32>, tensor<6x8xf32>) outs(%acc : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
