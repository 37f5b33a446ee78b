// RUN: %pt2c-opt %s --split-input-file --pt2c-tile-contractions --canonicalize --cse | FileCheck %s

#lhs = affine_map<(m, k, n) -> (m, k)>
#rhs = affine_map<(m, k, n) -> (k, n)>
#out = affine_map<(m, k, n) -> (m, n)>

// An 8x32 by 32x29 matmul (PrimToLinalg's (m, k, n) form). Columns split
// into 16 + 8 + a 5-column tail; rows into 6 + a 2-row remainder. Every
// tile becomes a k loop carrying its accumulator as a vector (read before
// the loop, written after it) around one vector.contract of a 6x1 (or 2x1)
// lhs column by a 1xN rhs row.
// CHECK-LABEL: func.func @remainders
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C6:.+]] = arith.constant 6 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
// Columns 0-15, rows 0-5:
// CHECK: %[[ACC:.+]] = vector.transfer_read %{{.+}}[%[[C0]], %[[C0]]]{{.*}} vector<6x16xf32>
// CHECK: %[[SUM:.+]] = scf.for %[[K:.+]] = %[[C0]] to %[[C32]] step %[[C1]] iter_args(%[[V:.+]] = %[[ACC]]) -> (vector<6x16xf32>)
// CHECK:   %[[A:.+]] = vector.transfer_read %arg0[%[[C0]], %[[K]]]{{.*}} : tensor<8x32xf32>, vector<6x1xf32>
// CHECK:   %[[B:.+]] = vector.transfer_read %arg1[%[[K]], %[[C0]]]{{.*}} : tensor<32x29xf32>, vector<16xf32>
// CHECK:   %[[B2:.+]] = vector.broadcast %[[B]] : vector<16xf32> to vector<1x16xf32>
// CHECK:   %[[NEXT:.+]] = vector.contract {{.+}} %[[A]], %[[B2]], %[[V]] : vector<6x1xf32>, vector<1x16xf32> into vector<6x16xf32>
// CHECK:   scf.yield %[[NEXT]] : vector<6x16xf32>
// CHECK: vector.transfer_write %[[SUM]]
// Columns 0-15, rows 6-7:
// CHECK: scf.for {{.+}} -> (vector<2x16xf32>)
// CHECK:   vector.contract {{.+}} : vector<2x1xf32>, vector<1x16xf32> into vector<2x16xf32>
// Columns 16-23, rows 0-5 and 6-7:
// CHECK: scf.for {{.+}} -> (vector<6x8xf32>)
// CHECK:   vector.transfer_read %arg1[%{{.+}}, %[[C16]]]{{.*}} vector<8xf32>
// CHECK:   vector.contract {{.+}} : vector<6x1xf32>, vector<1x8xf32> into vector<6x8xf32>
// CHECK: scf.for {{.+}} -> (vector<2x8xf32>)
// CHECK:   vector.contract {{.+}} : vector<2x1xf32>, vector<1x8xf32> into vector<2x8xf32>
// Columns 24-28: 6x5 and 2x5 tiles; no scalar loops are left.
// CHECK: scf.for {{.+}} -> (vector<6x5xf32>)
// CHECK:   vector.transfer_read %arg1[%{{.+}}, %{{.+}}]{{.*}} vector<5xf32>
// CHECK:   vector.contract {{.+}} : vector<6x1xf32>, vector<1x5xf32> into vector<6x5xf32>
// CHECK: scf.for {{.+}} -> (vector<2x5xf32>)
// CHECK:   vector.contract {{.+}} : vector<2x1xf32>, vector<1x5xf32> into vector<2x5xf32>
// CHECK-NOT: linalg.generic
func.func @remainders(%a: tensor<8x32xf32>, %b: tensor<32x29xf32>, %c: tensor<8x29xf32>) -> tensor<8x29xf32> {
  %r = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<8x32xf32>, tensor<32x29xf32>) outs(%c : tensor<8x29xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<8x29xf32>
  return %r : tensor<8x29xf32>
}

// -----

#lhs = affine_map<(m, k, n) -> (m, k)>
#rhs = affine_map<(m, k, n) -> (k, n)>
#out = affine_map<(m, k, n) -> (m, n)>

// Dynamic rows (a dynamic batch): the row loop is peeled at a multiple of 6
// computed at run time; its main part holds static 6x16 vector tiles, the
// remaining 0-5 rows keep the scalar linalg op (on a ?x16 tile).
// CHECK-LABEL: func.func @dynamic_rows
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C6:.+]] = arith.constant 6 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
// CHECK: %[[ROWS:.+]] = tensor.dim %arg0, %[[C0]] : tensor<?x64xf32>
// CHECK: scf.for %[[N:.+]] = %[[C0]] to %[[C32]] step %[[C16]]
// CHECK:   %[[FULL:.+]] = affine.apply #{{.+}}()[%[[ROWS]]]
// CHECK:   scf.for %[[M:.+]] = %[[C0]] to %[[FULL]] step %[[C6]]
// CHECK:     vector.transfer_read %{{.+}}[%[[M]], %[[N]]]{{.*}} : tensor<?x32xf32>, vector<6x16xf32>
// CHECK:     scf.for {{.+}} -> (vector<6x16xf32>)
// CHECK:       vector.contract {{.+}} : vector<6x1xf32>, vector<1x16xf32> into vector<6x16xf32>
// CHECK:   scf.for %{{.+}} = %[[FULL]] to %[[ROWS]] step %[[C6]]
// CHECK-NOT: vector.contract
// CHECK:     linalg.generic {{.+}} outs(%{{.+}} : tensor<?x16xf32>)
func.func @dynamic_rows(%a: tensor<?x64xf32>, %b: tensor<64x32xf32>, %c: tensor<?x32xf32>) -> tensor<?x32xf32> {
  %r = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<?x64xf32>, tensor<64x32xf32>) outs(%c : tensor<?x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x32xf32>
  return %r : tensor<?x32xf32>
}

// -----

// An im2col convolution, loops (n, g, f, r, p): weights [G, F, R], windows
// [N, G, R, P], output [N, G, F, P]. The unit batch loops go; the output
// channels f are the tile rows, the positions p its columns, the window
// elements r its k loop.
// CHECK-LABEL: func.func @convolution
// CHECK-DAG: %[[C6:.+]] = arith.constant 6 : index
// CHECK-DAG: %[[C12:.+]] = arith.constant 12 : index
// CHECK-DAG: %[[C27:.+]] = arith.constant 27 : index
// CHECK: scf.for %[[P:.+]] = %{{.+}} to %{{.+}} step %{{.+}}
// CHECK:   scf.for %[[F:.+]] = %{{.+}} to %[[C12]] step %[[C6]]
// CHECK:     vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}, %[[F]], %[[P]]]{{.*}} : tensor<1x1x12x32xf32>, vector<6x16xf32>
// CHECK:     scf.for %[[R:.+]] = %{{.+}} to %[[C27]] {{.+}} -> (vector<6x16xf32>)
// CHECK:       vector.transfer_read %arg0[%{{.+}}, %[[F]], %[[R]]]{{.*}} : tensor<1x12x27xf32>, vector<6x1xf32>
// CHECK:       vector.transfer_read %arg1[%{{.+}}, %{{.+}}, %[[R]], %[[P]]]{{.*}} : tensor<1x1x27x32xf32>, vector<16xf32>
// CHECK:       vector.contract
// CHECK:     vector.transfer_write {{.+}} : vector<6x16xf32>, tensor<1x1x12x32xf32>
// CHECK-NOT: linalg.generic
func.func @convolution(%w: tensor<1x12x27xf32>, %col: tensor<1x1x27x32xf32>, %acc: tensor<1x1x12x32xf32>) -> tensor<1x1x12x32xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(n, g, f, r, p) -> (g, f, r)>, affine_map<(n, g, f, r, p) -> (n, g, r, p)>, affine_map<(n, g, f, r, p) -> (n, g, f, p)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%w, %col : tensor<1x12x27xf32>, tensor<1x1x27x32xf32>) outs(%acc : tensor<1x1x12x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<1x1x12x32xf32>
  return %r : tensor<1x1x12x32xf32>
}

// -----

// Fewer columns than a ymm vector: still one register tile (here 4x4, the
// whole op), so the k loop carries 4 rows of accumulators instead of
// storing each output on every k step.
// CHECK-LABEL: func.func @narrow
// CHECK: scf.for {{.+}} -> (vector<4x4xf32>)
// CHECK:   vector.contract {{.+}} : vector<4x1xf32>, vector<1x4xf32> into vector<4x4xf32>
// CHECK-NOT: linalg.generic
func.func @narrow(%a: tensor<4x64xf32>, %b: tensor<64x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<4x64xf32>, tensor<64x4xf32>) outs(%c : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// Not row-major contractions, left alone: dot products (k innermost, the
// rhs read along k) and an elementwise op fused into the body.
// CHECK-LABEL: func.func @untouched
// CHECK-NOT: vector.
// CHECK-NOT: scf.for
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: vector.
// CHECK-NOT: scf.for
func.func @untouched(%a: tensor<4x64xf32>, %w: tensor<32x64xf32>, %c: tensor<4x32xf32>,
                     %b: tensor<64x4xf32>, %c4: tensor<4x4xf32>) -> (tensor<4x32xf32>, tensor<4x4xf32>) {
  %dot = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %w : tensor<4x64xf32>, tensor<32x64xf32>) outs(%c : tensor<4x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y fastmath<reassoc, contract> : f32
    %s = arith.addf %o, %p fastmath<reassoc, contract> : f32
    linalg.yield %s : f32
  } -> tensor<4x32xf32>
  %fused = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<4x64xf32>, tensor<64x4xf32>) outs(%c4 : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %e = math.exp %x : f32
    %p = arith.mulf %e, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  return %dot, %fused : tensor<4x32xf32>, tensor<4x4xf32>
}

// -----

// A contraction with no rows (a linear layer of a 0-row batch) computes
// nothing and is left as it is: splitting its 20 columns into tiles of a
// zero-trip row loop crashed in linalg::splitOp (an OpInfo bilinear
// sample of 0 rows).
// CHECK-LABEL: func.func @no_rows
// CHECK: linalg.generic
// CHECK-SAME: ins(%arg0, %arg1 : tensor<0x3xf32>, tensor<3x20xf32>)
// CHECK-NOT: scf.for
func.func @no_rows(%a: tensor<0x3xf32>, %b: tensor<3x20xf32>, %c: tensor<0x20xf32>) -> tensor<0x20xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<0x3xf32>, tensor<3x20xf32>) outs(%c : tensor<0x20xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<0x20xf32>
  return %r : tensor<0x20xf32>
}
