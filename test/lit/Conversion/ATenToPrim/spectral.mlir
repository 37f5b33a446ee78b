// Symmetric eigen and SVD by Jacobi rotations (Spectral.cpp), in f64,
// unrolled: every round rotates disjoint pairs of columns at once.
// RUN: %pt2c-opt %s --pt2c-decompose-aten -split-input-file | FileCheck %s

// eigvalsh of a 2 x 2 (one pair, one round per sweep): the lower triangle
// mirrored, then per round the pair's diagonal entries and off-diagonal
// entry gathered, the angle theta = (aqq - app) / 2 apq, t = sgn(theta) /
// (|theta| + sqrt(theta^2 + 1)) (0 where apq is 0), and the columns, then
// the rows, rotated by c and the signed s. The diagonal at the end, sorted
// ascending (stable ranks), rounded once.
// CHECK-LABEL: func.func @eigvalsh
// CHECK: %[[A:.*]] = prim.convert %arg0 : tensor<2x2xf32> -> tensor<2x2xf64>
// CHECK: %[[T:.*]] = prim.transpose %[[A]], permutation = [1, 0]
// CHECK: %[[SYM:.*]] = prim.select %{{.*}}, %[[A]], %[[T]]
// CHECK: prim.take_along %[[SYM]], %{{.*}}, dim = 1 : (tensor<2x2xf64>, tensor<2x1xi64>) -> tensor<2x1xf64>
// CHECK: %[[DIFF:.*]] = prim.sub
// CHECK: %[[THETA:.*]] = prim.div %[[DIFF]], %{{.*}} : tensor<1x2xf64>
// CHECK: prim.sqrt
// CHECK: prim.compare %[[THETA]], %{{.*}}, predicate = lt
// CHECK: prim.take_along %[[SYM]], %{{.*}}, dim = 1 : (tensor<2x2xf64>, tensor<2x2xi64>) -> tensor<2x2xf64>
// CHECK: prim.take_along %{{.*}}, %{{.*}}, dim = 0 : (tensor<2x2xf64>, tensor<2x2xi64>) -> tensor<2x2xf64>
// CHECK: prim.reduce sum %{{.*}}, dims = [1] : tensor<2x2xi64> -> tensor<2xi64>
// CHECK: %[[SORTED:.*]] = prim.take_along %{{.*}}, %{{.*}}, dim = 0 : (tensor<2xf64>, tensor<2xi64>) -> tensor<2xf64>
// CHECK: prim.convert %[[SORTED]] : tensor<2xf64> -> tensor<2xf32>
func.func @eigvalsh(%a: tensor<2x2xf32>) -> tensor<2xf32> {
  %0 = aten.call "aten.linalg_eigvalsh.default"(self: %a) {UPLO = "L"} : (tensor<2x2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// svdvals of a tall 3 x 2 (one-sided Jacobi): per round the columns'
// squared norms and the pair's dot product (sums down the rows) give the
// angle; at the end the columns' norms, sorted descending.
// CHECK-LABEL: func.func @svdvals
// CHECK: %[[A:.*]] = prim.convert %arg0 : tensor<3x2xf32> -> tensor<3x2xf64>
// CHECK: %[[SQ:.*]] = prim.mul %[[A]], %[[A]] : tensor<3x2xf64>
// CHECK: prim.reduce sum %[[SQ]], dims = [0] : tensor<3x2xf64> -> tensor<2xf64>
// CHECK: prim.take_along %[[A]], %{{.*}}, dim = 1 : (tensor<3x2xf64>, tensor<3x2xi64>) -> tensor<3x2xf64>
// CHECK: prim.reduce sum %{{.*}}, dims = [0] : tensor<3x2xf64> -> tensor<2xf64>
// CHECK: %[[S:.*]] = prim.sqrt %{{.*}} : tensor<2xf64>
// CHECK: prim.compare %{{.*}}, %{{.*}}, predicate = gt : tensor<2x2xf64>
// CHECK: prim.take_along %[[S]], %{{.*}}, dim = 0 : (tensor<2xf64>, tensor<2xi64>) -> tensor<2xf64>
// CHECK: prim.convert %{{.*}} : tensor<2xf64> -> tensor<2xf32>
func.func @svdvals(%a: tensor<3x2xf32>) -> tensor<2xf32> {
  %0 = aten.call "aten.linalg_svdvals.default"(A: %a) : (tensor<3x2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// matrix_rank with torch's default tolerance (rtol = eps * max(m, n)):
// the singular values above max(atol, rtol * the largest), counted.
// CHECK-LABEL: func.func @matrix_rank
// CHECK-DAG: prim.constant dense<3.5762786865234375E-7> : tensor<1xf64>
// CHECK: %[[LARGEST:.*]] = prim.reduce max %{{.*}}, dims = [0] : tensor<3xf64> -> tensor<f64>
// CHECK: %[[TOL:.*]] = prim.max
// CHECK: %[[B:.*]] = prim.broadcast_in_dim %[[TOL]], dims = [0] : tensor<1xf64> -> tensor<3xf64>
// CHECK: %[[ABOVE:.*]] = prim.compare %{{.*}}, %[[B]], predicate = gt : tensor<3xf64>
// CHECK: %[[COUNT:.*]] = prim.convert %[[ABOVE]] : tensor<3xi1> -> tensor<3xi64>
// CHECK: prim.reduce sum %[[COUNT]], dims = [0] : tensor<3xi64> -> tensor<i64>
func.func @matrix_rank(%a: tensor<3x3xf32>) -> tensor<i64> {
  %0 = aten.call "aten.linalg_matrix_rank.atol_rtol_tensor"(input: %a) {hermitian = false} : (tensor<3x3xf32>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

// pinv of a wide 2 x 3: V diag(1/s) U^T over the singular values above
// the tolerance (the others' reciprocals are 0).
// CHECK-LABEL: func.func @pinv
// CHECK: %[[ABOVE:.*]] = prim.compare %[[S:.*]], %{{.*}}, predicate = gt : tensor<2xf64>
// CHECK: %[[INV:.*]] = prim.div %{{.*}}, %[[S]] : tensor<2xf64>
// CHECK: prim.select %[[ABOVE]], %[[INV]], %{{.*}} : tensor<2xi1>, tensor<2xf64>
// CHECK: %[[SCALED:.*]] = prim.mul %{{.*}}, %{{.*}} : tensor<3x2xf64>
// CHECK: %[[UT:.*]] = prim.transpose %{{.*}}, permutation = [1, 0] : tensor<2x2xf64> -> tensor<2x2xf64>
// CHECK: %[[P:.*]] = prim.matmul %[[SCALED]], %[[UT]] : (tensor<3x2xf64>, tensor<2x2xf64>) -> tensor<3x2xf64>
// CHECK: prim.convert %[[P]] : tensor<3x2xf64> -> tensor<3x2xf32>
func.func @pinv(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = aten.call "aten.linalg_pinv.atol_rtol_tensor"(self: %a) {hermitian = false} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// The nuclear norm over dims (0, 2): those dims moved last, the sum of the
// singular values of each [4, 3] matrix.
// CHECK-LABEL: func.func @nuclear
// CHECK: %[[T:.*]] = prim.transpose %arg0, permutation = [1, 0, 2] : tensor<4x2x3xf32> -> tensor<2x4x3xf32>
// CHECK: prim.convert %[[T]] : tensor<2x4x3xf32> -> tensor<2x4x3xf64>
// CHECK: %[[SUM:.*]] = prim.reduce sum %{{.*}}, dims = [1] : tensor<2x3xf64> -> tensor<2xf64>
// CHECK: prim.convert %[[SUM]] : tensor<2xf64> -> tensor<2xf32>
func.func @nuclear(%a: tensor<4x2x3xf32>) -> tensor<2xf32> {
  %0 = aten.call "aten.linalg_matrix_norm.str_ord"(self: %a) {ord = "nuc", dim = array<i64: 0, 2>, keepdim = false} : (tensor<4x2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// The 1-norm: the largest column sum of |x| (sum down the rows, max
// across); -inf: the smallest row sum.
// CHECK-LABEL: func.func @one_and_minus_inf
// CHECK: %[[ABS:.*]] = prim.abs %arg0 : tensor<3x4xf32>
// CHECK: %[[COLS:.*]] = prim.reduce sum %[[ABS]], dims = [0]
// CHECK: prim.reduce max %{{.*}}, dims = [1]
// CHECK: %[[ABS2:.*]] = prim.abs %arg0 : tensor<3x4xf32>
// CHECK: prim.reduce sum %[[ABS2]], dims = [1]
// CHECK: prim.reduce min %{{.*}}, dims = [0]
func.func @one_and_minus_inf(%x: tensor<3x4xf32>) -> (tensor<f32>, tensor<f32>) {
  %0 = aten.call "aten.linalg_matrix_norm.default"(self: %x) {ord = 1 : i64, dim = array<i64: -2, -1>, keepdim = false} : (tensor<3x4xf32>) -> tensor<f32>
  %1 = aten.call "aten.linalg_matrix_norm.default"(self: %x) {ord = 0xFFF0000000000000 : f64, dim = array<i64: -2, -1>, keepdim = false} : (tensor<3x4xf32>) -> tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}

// -----

// linalg_norm with a matrix ord is linalg_matrix_norm over its two dims (the
// two of a 2-d self when no dim is given): "fro" the 2-norm of the entries,
// inf the largest row sum of |x|; "nuc" of a matrix without entries is 0
// (no singular values), as torch gives.
// CHECK-LABEL: func.func @linalg_norm_matrix_ords
// CHECK: %[[ZERO:.*]] = prim.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[SQ:.*]] = prim.mul %arg0, %arg0 : tensor<3x4xf32>
// CHECK: prim.reduce sum %[[SQ]], dims = [0, 1] : tensor<3x4xf32> -> tensor<f32>
// CHECK: %[[ABS:.*]] = prim.abs %arg0 : tensor<3x4xf32>
// CHECK: prim.reduce sum %[[ABS]], dims = [1]
// CHECK: prim.reduce max %{{.*}}, dims = [0]
// CHECK: return %{{.*}}, %{{.*}}, %[[ZERO]]
func.func @linalg_norm_matrix_ords(%x: tensor<3x4xf32>, %e: tensor<5x0xf32>) -> (tensor<1x1xf32>, tensor<f32>, tensor<f32>) {
  %0 = aten.call "aten.linalg_norm.ord_str"(self: %x) {ord = "fro", dim = #aten.none, keepdim = true} : (tensor<3x4xf32>) -> tensor<1x1xf32>
  %1 = aten.call "aten.linalg_norm.default"(self: %x) {ord = 0x7FF0000000000000 : f64, dim = #aten.none, keepdim = false, dtype = #aten.none} : (tensor<3x4xf32>) -> tensor<f32>
  %2 = aten.call "aten.linalg_norm.ord_str"(self: %e) {ord = "nuc", dim = array<i64: 0, 1>, keepdim = false} : (tensor<5x0xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<1x1xf32>, tensor<f32>, tensor<f32>
}
