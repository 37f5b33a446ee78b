// RUN: %pt2c-opt %s --split-input-file --pt2c-tile-contractions="vector-bits=512 k-block=768" --canonicalize --cse | FileCheck %s

// An output that starts as a fill of zeros: every tile starts its
// accumulators at zero in registers (no read of the output before the k
// loop) and the fill goes, so the output is written once, by the tiles.
// 20x48: tiles 8x32, 4x32 (the row remainder), 8x16 and 4x16 (the column
// part of one vector): all four start at zero.
// CHECK-LABEL: func.func @zeros
// CHECK-NOT: linalg.fill
// CHECK-DAG: %[[Z8x32:.+]] = arith.constant dense<0.000000e+00> : vector<8x32xf32>
// CHECK-DAG: %[[Z4x32:.+]] = arith.constant dense<0.000000e+00> : vector<4x32xf32>
// CHECK-DAG: %[[Z8x16:.+]] = arith.constant dense<0.000000e+00> : vector<8x16xf32>
// CHECK-DAG: %[[Z4x16:.+]] = arith.constant dense<0.000000e+00> : vector<4x16xf32>
// CHECK-NOT: vector.transfer_read %{{.+}} : tensor<20x48xf32>
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %[[Z8x32]]) -> (vector<8x32xf32>)
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %[[Z4x32]]) -> (vector<4x32xf32>)
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %[[Z8x16]]) -> (vector<8x16xf32>)
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %[[Z4x16]]) -> (vector<4x16xf32>)
// CHECK-NOT: linalg.generic
func.func @zeros(%a: tensor<20x64xf32>, %b: tensor<64x48xf32>) -> tensor<20x48xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<20x48xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<20x48xf32>) -> tensor<20x48xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<20x64xf32>, tensor<64x48xf32>) outs(%c : tensor<20x48xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<20x48xf32>
  return %r : tensor<20x48xf32>
}

// -----

// Any constant: the accumulators start at it (1.5 here).
// CHECK-LABEL: func.func @constant
// CHECK-NOT: linalg.fill
// CHECK: %[[START:.+]] = arith.constant dense<1.500000e+00> : vector<8x32xf32>
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %[[START]]) -> (vector<8x32xf32>)
func.func @constant(%a: tensor<8x64xf32>, %b: tensor<64x32xf32>) -> tensor<8x32xf32> {
  %v = arith.constant 1.5 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %c = linalg.fill ins(%v : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<8x64xf32>, tensor<64x32xf32>) outs(%c : tensor<8x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// -----

// K = 1000 runs in blocks of at most 768: the second block's tiles start
// from the first one's sums, so the tiles read the output and the fill
// stays.
// CHECK-LABEL: func.func @blocks
// CHECK: linalg.fill
// CHECK: vector.transfer_read %{{.+}} : tensor<8x32xf32>, vector<8x32xf32>
// CHECK-NOT: dense<0.000000e+00> : vector<8x32xf32>
func.func @blocks(%a: tensor<8x1000xf32>, %b: tensor<1000x32xf32>) -> tensor<8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<8x1000xf32>, tensor<1000x32xf32>) outs(%c : tensor<8x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// -----

// Rows of a dynamic batch: the dynamic remainder stays a linalg op that
// reads its part of the output, so the fill stays; the static tiles still
// start at zero.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK: %[[Z:.+]] = arith.constant dense<0.000000e+00> : vector<8x32xf32>
// CHECK: %[[FILLED:.+]] = linalg.fill
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %[[FILLED]])
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %[[Z]]) -> (vector<8x32xf32>)
// CHECK: linalg.generic
func.func @dynamic_rows(%a: tensor<?x64xf32>, %b: tensor<64x32xf32>) -> tensor<?x32xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%n) : tensor<?x32xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<?x64xf32>, tensor<64x32xf32>) outs(%c : tensor<?x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x32xf32>
  return %r : tensor<?x32xf32>
}

// -----

// A fill something else reads too: the contraction may not overwrite it
// alone, so the tiles read the output as before.
// CHECK-LABEL: func.func @shared_fill
// CHECK: linalg.fill
// CHECK: vector.transfer_read %{{.+}} : tensor<8x32xf32>, vector<8x32xf32>
func.func @shared_fill(%a: tensor<8x64xf32>, %b: tensor<64x32xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<8x64xf32>, tensor<64x32xf32>) outs(%c : tensor<8x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x32xf32>
  return %r, %c : tensor<8x32xf32>, tensor<8x32xf32>
}
