// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s
// Overloads and argument forms added for PyTorch's OpInfo samples (issue
// #17); their values against eager are checked by ctest's `opinfo:` tests.

// movedim(x, 0, -1): dim 0 goes last, the others keep their order.
// CHECK-LABEL: func.func @movedim
// CHECK: prim.transpose %arg0, permutation = [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
func.func @movedim(%x: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %0 = aten.call "aten.movedim.int"(self: %x) {source = 0 : i64, destination = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  return %0 : tensor<3x4x2xf32>
}

// -----

// mT swaps the last two dims only.
// CHECK-LABEL: func.func @mT
// CHECK: prim.transpose %arg0, permutation = [0, 2, 1]
func.func @mT(%x: tensor<2x3x4xf32>) -> tensor<2x4x3xf32> {
  %0 = aten.call "aten.mT.default"(self: %x) : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// numpy_T reverses every dim.
// CHECK-LABEL: func.func @numpy_T
// CHECK: prim.transpose %arg0, permutation = [2, 1, 0]
func.func @numpy_T(%x: tensor<2x3x4xf32>) -> tensor<4x3x2xf32> {
  %0 = aten.call "aten.numpy_T.default"(self: %x) : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  return %0 : tensor<4x3x2xf32>
}

// -----

// narrow(x, 1, -3, 2): a negative start counts from the end: columns 3, 4.
// CHECK-LABEL: func.func @narrow
// CHECK: prim.slice %arg0 [0:5, 3:5] : tensor<5x6xf32> -> tensor<5x2xf32>
func.func @narrow(%x: tensor<5x6xf32>) -> tensor<5x2xf32> {
  %0 = aten.call "aten.narrow.default"(self: %x) {dim = 1 : i64, start = -3 : i64, length = 2 : i64} : (tensor<5x6xf32>) -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// -----

// tile(x, [2]) on a 2-d x repeats [1, 2]: its dims are counts, which the
// dim range check leaves alone.
// CHECK-LABEL: func.func @tile
// CHECK: prim.broadcast_in_dim %{{.+}} -> tensor<1x2x2x3xf32>
// CHECK: prim.reshape %{{.+}} : tensor<1x2x2x3xf32> -> tensor<2x6xf32>
func.func @tile(%x: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %0 = aten.call "aten.tile.default"(self: %x) {dims = array<i64: 2>} : (tensor<2x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// isclose with equal_nan: equal, or both NaN, or a finite error within
// atol + |rtol other|.
// CHECK-LABEL: func.func @isclose
// CHECK-DAG: %[[RTOL:.+]] = prim.constant dense<1.000000e-03> : tensor<4xf32>
// CHECK-DAG: %[[EQ:.+]] = prim.compare %arg0, %arg1, predicate = eq
// CHECK-DAG: %[[NAN0:.+]] = prim.compare %arg0, %arg0, predicate = ne
// CHECK-DAG: %[[NAN1:.+]] = prim.compare %arg1, %arg1, predicate = ne
// CHECK: %[[BOTH:.+]] = prim.and %[[NAN0]], %[[NAN1]]
// CHECK: %[[SAME:.+]] = prim.or %[[EQ]], %[[BOTH]]
// CHECK: prim.mul %[[RTOL]], %arg1
// CHECK: %[[DIFF:.+]] = prim.sub %arg0, %arg1
// CHECK: %[[ERR:.+]] = prim.abs %[[DIFF]]
// CHECK: %[[INF:.+]] = prim.sub %[[ERR]], %[[ERR]]
// CHECK: %[[FINITE:.+]] = prim.compare %[[INF]], %{{.+}}, predicate = eq
// CHECK: %[[WITHIN:.+]] = prim.compare %[[ERR]], %{{.+}}, predicate = le
// CHECK: %[[OK:.+]] = prim.and %[[FINITE]], %[[WITHIN]]
// CHECK: prim.or %[[SAME]], %[[OK]]
func.func @isclose(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xi1> {
  %0 = aten.call "aten.isclose.default"(self: %x, other: %y) {rtol = 0.001 : f64, atol = 0.0 : f64, equal_nan = true} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// count_nonzero over one dim: a sum of (x != 0) in int64.
// CHECK-LABEL: func.func @count_nonzero
// CHECK: %[[NZ:.+]] = prim.compare %arg0, %{{.+}}, predicate = ne
// CHECK: %[[I:.+]] = prim.convert %[[NZ]] : tensor<3x5xi1> -> tensor<3x5xi64>
// CHECK: prim.reduce sum %[[I]], dims = [1] : tensor<3x5xi64> -> tensor<3xi64>
func.func @count_nonzero(%x: tensor<3x5xf32>) -> tensor<3xi64> {
  %0 = aten.call "aten.count_nonzero.default"(self: %x) {dim = 1 : i64} : (tensor<3x5xf32>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// nanmean: NaNs become 0 in the sum and are not counted; float16 in f32.
// CHECK-LABEL: func.func @nanmean
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<3x5xf16> -> tensor<3x5xf32>
// CHECK: %[[PRESENT:.+]] = prim.compare %[[X]], %[[X]], predicate = eq
// CHECK: %[[VALUES:.+]] = prim.select %[[PRESENT]], %[[X]]
// CHECK: %[[ONES:.+]] = prim.convert %[[PRESENT]] : tensor<3x5xi1> -> tensor<3x5xf32>
// CHECK: %[[SUM:.+]] = prim.reduce sum %[[VALUES]], dims = [1]
// CHECK: %[[COUNT:.+]] = prim.reduce sum %[[ONES]], dims = [1]
// CHECK: %[[MEAN:.+]] = prim.div %[[SUM]], %[[COUNT]] : tensor<3xf32>
// CHECK: prim.convert %[[MEAN]] : tensor<3xf32> -> tensor<3xf16>
func.func @nanmean(%x: tensor<3x5xf16>) -> tensor<3xf16> {
  %0 = aten.call "aten.nanmean.default"(self: %x) {dim = array<i64: 1>, keepdim = false} : (tensor<3x5xf16>) -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// -----

// linalg_vecdot broadcasts y over x's rows and sums along the last dim.
// CHECK-LABEL: func.func @vecdot
// CHECK: %[[Y:.+]] = prim.broadcast_in_dim %arg1, dims = [1] : tensor<4xf32> -> tensor<3x4xf32>
// CHECK: %[[P:.+]] = prim.mul %arg0, %[[Y]]
// CHECK: prim.reduce sum %[[P]], dims = [1] : tensor<3x4xf32> -> tensor<3xf32>
func.func @vecdot(%x: tensor<3x4xf32>, %y: tensor<4xf32>) -> tensor<3xf32> {
  %0 = aten.call "aten.linalg_vecdot.default"(x: %x, y: %y) {dim = -1 : i64} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// argsort descending: sort's ranks (a greater key first), then the index at
// each rank; the values are not gathered.
// CHECK-LABEL: func.func @argsort
// CHECK: prim.compare %{{.+}}, %{{.+}}, predicate = gt : tensor<6x6xf32>
// CHECK: %[[RANKS:.+]] = prim.reduce sum %{{.+}}, dims = [1] : tensor<6x6xi64> -> tensor<6xi64>
// CHECK: %[[R:.+]] = prim.broadcast_in_dim %[[RANKS]]
// CHECK: prim.reduce sum %{{.+}}, dims = [1] : tensor<6x6xi64> -> tensor<6xi64>
// CHECK-NOT: prim.take_along
func.func @argsort(%x: tensor<6xf32>) -> tensor<6xi64> {
  %0 = aten.call "aten.argsort.default"(self: %x) {dim = 0 : i64, descending = true} : (tensor<6xf32>) -> tensor<6xi64>
  return %0 : tensor<6xi64>
}

// -----

// float_power computes in float64, both operands converted.
// CHECK-LABEL: func.func @float_power
// CHECK: %[[B:.+]] = prim.convert %arg0 : tensor<4xf32> -> tensor<4xf64>
// CHECK: %[[E:.+]] = prim.convert %arg1 : tensor<4xi64> -> tensor<4xf64>
// CHECK: prim.pow %[[B]], %[[E]] : tensor<4xf64>
func.func @float_power(%x: tensor<4xf32>, %y: tensor<4xi64>) -> tensor<4xf64> {
  %0 = aten.call "aten.float_power.Tensor_Tensor"(self: %x, exponent: %y) : (tensor<4xf32>, tensor<4xi64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// index_select of a 0-d tensor reads it as one element along dim 0.
// CHECK-LABEL: func.func @index_select_0d
// CHECK: %[[ONE:.+]] = prim.reshape %arg0 : tensor<f32> -> tensor<1xf32>
// CHECK: %[[T:.+]] = prim.take %[[ONE]], %arg1, dim = 0
// CHECK: prim.reshape %[[T]] : tensor<1xf32> -> tensor<f32>
func.func @index_select_0d(%x: tensor<f32>, %i: tensor<1xi64>) -> tensor<f32> {
  %0 = aten.call "aten.index_select.default"(self: %x, index: %i) {dim = 0 : i64} : (tensor<f32>, tensor<1xi64>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// linear of a 1-d input: one row through the matmul, reshaped back.
// CHECK-LABEL: func.func @linear_1d
// CHECK: %[[ROW:.+]] = prim.reshape %arg0 : tensor<3xf32> -> tensor<1x3xf32>
// CHECK: %[[MM:.+]] = prim.matmul %[[ROW]], %{{.+}} -> tensor<1x4xf32>
// CHECK: %[[B:.+]] = prim.add %[[MM]]
// CHECK: prim.reshape %[[B]] : tensor<1x4xf32> -> tensor<4xf32>
func.func @linear_1d(%x: tensor<3xf32>, %w: tensor<4x3xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.linear.default"(input: %x, weight: %w, bias: %b) : (tensor<3xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// hstack of vectors concatenates along dim 0.
// CHECK-LABEL: func.func @hstack
// CHECK: prim.concatenate [%{{.+}}, %{{.+}}], dim = 0 : (tensor<3xf32>, tensor<2xf32>) -> tensor<5xf32>
func.func @hstack(%a: tensor<3xf32>, %b: tensor<2xf32>) -> tensor<5xf32> {
  %0 = aten.call "aten.hstack.default"(tensors: [%a, %b]) : (tensor<3xf32>, tensor<2xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// column_stack makes a vector a column, then concatenates along dim 1.
// CHECK-LABEL: func.func @column_stack
// CHECK: %[[C:.+]] = prim.reshape %arg0 : tensor<3xf32> -> tensor<3x1xf32>
// CHECK: prim.concatenate [%[[C]], %{{.+}}], dim = 1 : (tensor<3x1xf32>, tensor<3x2xf32>) -> tensor<3x3xf32>
func.func @column_stack(%a: tensor<3xf32>, %b: tensor<3x2xf32>) -> tensor<3x3xf32> {
  %0 = aten.call "aten.column_stack.default"(tensors: [%a, %b]) : (tensor<3xf32>, tensor<3x2xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// take_along_dim broadcasts the indices over the other dims, then gathers.
// CHECK-LABEL: func.func @take_along_dim
// CHECK: %[[I:.+]] = prim.broadcast_in_dim %arg1, dims = [0, 1] : tensor<1x2xi64> -> tensor<3x2xi64>
// CHECK: prim.take_along %arg0, %[[I]], dim = 1
func.func @take_along_dim(%x: tensor<3x4xf32>, %i: tensor<1x2xi64>) -> tensor<3x2xf32> {
  %0 = aten.call "aten.take_along_dim.default"(self: %x, indices: %i) {dim = 1 : i64} : (tensor<3x4xf32>, tensor<1x2xi64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// kron spreads a over [2, 1, 3, 1] and b over [1, 4, 1, 5], multiplies, merges.
// CHECK-LABEL: func.func @kron
// CHECK: %[[A:.+]] = prim.broadcast_in_dim %{{.+}}, dims = [0, 2] : tensor<2x3xf32> -> tensor<2x4x3x5xf32>
// CHECK: %[[B:.+]] = prim.broadcast_in_dim %{{.+}}, dims = [1, 3] : tensor<4x5xf32> -> tensor<2x4x3x5xf32>
// CHECK: %[[P:.+]] = prim.mul %[[A]], %[[B]]
// CHECK: prim.reshape %[[P]] : tensor<2x4x3x5xf32> -> tensor<8x15xf32>
func.func @kron(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<8x15xf32> {
  %0 = aten.call "aten.kron.default"(self: %a, other: %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<8x15xf32>
  return %0 : tensor<8x15xf32>
}

// -----

// cross: a[(1, 2, 0)] b[(2, 0, 1)] - a[(2, 0, 1)] b[(1, 2, 0)] along the dim.
// CHECK-LABEL: func.func @cross
// CHECK-DAG: %[[AFTER:.+]] = prim.constant dense<[2, 0, 1]> : tensor<3xi64>
// CHECK-DAG: %[[NEXT:.+]] = prim.constant dense<[1, 2, 0]> : tensor<3xi64>
// CHECK: %[[A1:.+]] = prim.take %arg0, %[[NEXT]], dim = 1
// CHECK: %[[B1:.+]] = prim.take %arg1, %[[AFTER]], dim = 1
// CHECK: %[[L:.+]] = prim.mul %[[A1]], %[[B1]]
// CHECK: %[[A2:.+]] = prim.take %arg0, %[[AFTER]], dim = 1
// CHECK: %[[B2:.+]] = prim.take %arg1, %[[NEXT]], dim = 1
// CHECK: %[[R:.+]] = prim.mul %[[A2]], %[[B2]]
// CHECK: prim.sub %[[L]], %[[R]]
func.func @cross(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = aten.call "aten.linalg_cross.default"(self: %a, other: %b) {dim = -1 : i64} : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// diag(v, 1): v[i] at (i, i + 1) of a 4x4 matrix, 0 elsewhere; the read index
// is clamped into v (2) where it is dropped.
// CHECK-LABEL: func.func @diag_vector
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1> : tensor<4x4xi64>
// CHECK-DAG: %[[LAST:.+]] = prim.constant dense<2> : tensor<4x4xi64>
// CHECK: %[[ROW:.+]] = prim.iota dim = 0 : tensor<4x4xi64>
// CHECK: %[[COL:.+]] = prim.iota dim = 1 : tensor<4x4xi64>
// CHECK: %[[SRC:.+]] = prim.min %[[ROW]], %[[LAST]]
// CHECK: %[[T:.+]] = prim.take %{{.+}}, %[[SRC]], dim = 0 : (tensor<3xf32>, tensor<4x4xi64>) -> tensor<4x4xf32>
// CHECK: %[[D:.+]] = prim.sub %[[COL]], %[[ROW]]
// CHECK: %[[ON:.+]] = prim.compare %[[D]], %[[ONE]], predicate = eq
// CHECK: prim.select %[[ON]], %[[T]]
func.func @diag_vector(%x: tensor<3xf32>) -> tensor<4x4xf32> {
  %0 = aten.call "aten.diag.default"(self: %x) {diagonal = 1 : i64} : (tensor<3xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// diag(m, -1) of a 3x4 matrix: (1, 0) and (2, 1), flat 4 and 9.
// CHECK-LABEL: func.func @diag_matrix
// CHECK: %[[I:.+]] = prim.constant dense<[4, 9]> : tensor<2xi64>
// CHECK: %[[F:.+]] = prim.reshape %arg0 : tensor<3x4xf32> -> tensor<12xf32>
// CHECK: prim.take %[[F]], %[[I]], dim = 0
func.func @diag_matrix(%x: tensor<3x4xf32>) -> tensor<2xf32> {
  %0 = aten.call "aten.diag.default"(self: %x) {diagonal = -1 : i64} : (tensor<3x4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// meshgrid with "xy": the first tensor varies along dim 1.
// CHECK-LABEL: func.func @meshgrid_xy
// CHECK: prim.broadcast_in_dim %{{.+}}, dims = [1] : tensor<2xf32> -> tensor<3x2xf32>
// CHECK: prim.broadcast_in_dim %{{.+}}, dims = [0] : tensor<3xf32> -> tensor<3x2xf32>
func.func @meshgrid_xy(%a: tensor<2xf32>, %b: tensor<3xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %0:2 = aten.call "aten.meshgrid.indexing"(tensors: [%a, %b]) {indexing = "xy"} : (tensor<2xf32>, tensor<3xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<3x2xf32>
}

// -----

// trapezoid: (y[1:] + y[:-1]) (x[1:] - x[:-1]) / 2 summed along the dim.
// CHECK-LABEL: func.func @trapezoid
// CHECK: %[[Y1:.+]] = prim.slice %arg0 [0:2, 1:5]
// CHECK: %[[Y0:.+]] = prim.slice %arg0 [0:2, 0:4]
// CHECK: %[[S:.+]] = prim.add %[[Y1]], %[[Y0]]
// CHECK: %[[X1:.+]] = prim.slice %arg1 [1:5]
// CHECK: %[[X0:.+]] = prim.slice %arg1 [0:4]
// CHECK: %[[W:.+]] = prim.sub %[[X1]], %[[X0]]
// CHECK: %[[WB:.+]] = prim.broadcast_in_dim %[[W]], dims = [1]
// CHECK: prim.mul %[[S]], %[[WB]]
// CHECK: prim.reduce sum %{{.+}}, dims = [1] : tensor<2x4xf32> -> tensor<2xf32>
func.func @trapezoid(%y: tensor<2x5xf32>, %x: tensor<5xf32>) -> tensor<2xf32> {
  %0 = aten.call "aten.trapezoid.x"(y: %y, x: %x) {dim = -1 : i64} : (tensor<2x5xf32>, tensor<5xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// unfold(x, 1, size 3, step 2) of 7 columns: windows at 0, 2 and 4.
// CHECK-LABEL: func.func @unfold
// CHECK: %[[W:.+]] = prim.constant dense<{{\[}}[0, 1, 2], [2, 3, 4], [4, 5, 6]]> : tensor<3x3xi64>
// CHECK: prim.take %arg0, %[[W]], dim = 1 : (tensor<2x7xf32>, tensor<3x3xi64>) -> tensor<2x3x3xf32>
func.func @unfold(%x: tensor<2x7xf32>) -> tensor<2x3x3xf32> {
  %0 = aten.call "aten.unfold.default"(self: %x) {dimension = 1 : i64, size = 3 : i64, step = 2 : i64} : (tensor<2x7xf32>) -> tensor<2x3x3xf32>
  return %0 : tensor<2x3x3xf32>
}

// -----

// repeat_interleave(x, 2, dim 1): a new dim of 2 after dim 1, merged.
// CHECK-LABEL: func.func @repeat_interleave
// CHECK: %[[B:.+]] = prim.broadcast_in_dim %arg0, dims = [0, 1] : tensor<2x3xf32> -> tensor<2x3x2xf32>
// CHECK: prim.reshape %[[B]] : tensor<2x3x2xf32> -> tensor<2x6xf32>
func.func @repeat_interleave(%x: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %0 = aten.call "aten.repeat_interleave.self_int"(self: %x) {repeats = 2 : i64, dim = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// fftshift of 5 rolls by 2: [3, 4, 0, 1, 2].
// CHECK-LABEL: func.func @fftshift
// CHECK: %[[HI:.+]] = prim.slice %arg0 [3:5]
// CHECK: %[[LO:.+]] = prim.slice %arg0 [0:3]
// CHECK: prim.concatenate [%[[HI]], %[[LO]]], dim = 0
func.func @fftshift(%x: tensor<5xf32>) -> tensor<5xf32> {
  %0 = aten.call "aten.fft_fftshift.default"(self: %x) : (tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// sum_to_size([2, 3, 4] -> [3, 1]): the leading dim and the last summed.
// CHECK-LABEL: func.func @sum_to_size
// CHECK: prim.reduce sum %arg0, dims = [0, 2] : tensor<2x3x4xf32> -> tensor<3xf32>
// CHECK: -> tensor<3x1xf32>
func.func @sum_to_size(%x: tensor<2x3x4xf32>) -> tensor<3x1xf32> {
  %0 = aten.call "aten.sum_to_size.default"(self: %x) {size = array<i64: 3, 1>} : (tensor<2x3x4xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

// inner of [2, 3] and [4, 3]: one matmul with the second transposed.
// CHECK-LABEL: func.func @inner
// CHECK: %[[T:.+]] = prim.transpose %{{.+}}, permutation = [1, 0] : tensor<4x3xf32> -> tensor<3x4xf32>
// CHECK: prim.matmul %{{.+}}, %[[T]] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @inner(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.inner.default"(self: %a, other: %b) : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// hsplit cuts dim 1 of a matrix, as the results' shapes say.
// CHECK-LABEL: func.func @hsplit
// CHECK: prim.slice %arg0 [0:2, 0:3]
// CHECK: prim.slice %arg0 [0:2, 3:6]
func.func @hsplit(%x: tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0:2 = aten.call "aten.hsplit.int"(self: %x) {sections = 2 : i64} : (tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// cosine_similarity: each operand divided by its 2-norm (at least eps)
// first, then the sum of the product.
// CHECK-LABEL: func.func @cosine_similarity
// CHECK: %[[EPS:.+]] = prim.constant dense<9.99999993E-9> : tensor<2x1xf32>
// CHECK: %[[N1:.+]] = prim.sqrt
// CHECK: %[[C1:.+]] = prim.max %[[N1]], %[[EPS]]
// CHECK: %[[B1:.+]] = prim.broadcast_in_dim %[[C1]]
// CHECK: %[[X1:.+]] = prim.div %arg0, %[[B1]]
// CHECK: %[[X2:.+]] = prim.div %arg1,
// CHECK: %[[P:.+]] = prim.mul %[[X1]], %[[X2]]
// CHECK: prim.reduce sum %[[P]], dims = [1] : tensor<2x3xf32> -> tensor<2xf32>
func.func @cosine_similarity(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = aten.call "aten.cosine_similarity.default"(x1: %a, x2: %b) {dim = 1 : i64, eps = 1.0e-08 : f64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// margin_ranking_loss: max(0, margin - target (x1 - x2)), mean of 4.
// CHECK-LABEL: func.func @margin_ranking
// CHECK-DAG: %[[N:.+]] = prim.constant dense<4.000000e+00> : tensor<f32>
// CHECK-DAG: %[[M:.+]] = prim.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK: %[[D:.+]] = prim.sub %arg0, %arg1
// CHECK: %[[TD:.+]] = prim.mul %arg2, %[[D]]
// CHECK: %[[L:.+]] = prim.sub %[[M]], %[[TD]]
// CHECK: %[[H:.+]] = prim.max %[[L]]
// CHECK: %[[S:.+]] = prim.reduce sum %[[H]], dims = [0]
// CHECK: prim.div %[[S]], %[[N]]
func.func @margin_ranking(%a: tensor<4xf32>, %b: tensor<4xf32>, %t: tensor<4xf32>) -> tensor<f32> {
  %0 = aten.call "aten.margin_ranking_loss.default"(input1: %a, input2: %b, target: %t) {margin = 0.5 : f64, reduction = 1 : i64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// kl_div: xlogy(y, y) - y x, 0 where the target is 0.
// CHECK-LABEL: func.func @kl_div
// CHECK: %[[Z:.+]] = prim.compare %arg1, %{{.+}}, predicate = eq
// CHECK: %[[LOG:.+]] = prim.log %arg1
// CHECK: %[[YLOGY:.+]] = prim.mul %arg1, %[[LOG]]
// CHECK: %[[E:.+]] = prim.select %[[Z]], %{{.+}}, %[[YLOGY]]
// CHECK: %[[YX:.+]] = prim.mul %arg1, %arg0
// CHECK: prim.sub %[[E]], %[[YX]]
func.func @kl_div(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.kl_div.default"(self: %x, target: %y) {reduction = 0 : i64, log_target = false} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// pairwise_distance with p = 1: sum |x1 - x2 + eps| over the last dim.
// CHECK-LABEL: func.func @pairwise_distance
// CHECK: %[[EPS:.+]] = prim.constant dense<9.99999997E-7> : tensor<2x3xf32>
// CHECK: %[[D:.+]] = prim.sub %arg0, %arg1
// CHECK: %[[DE:.+]] = prim.add %[[D]], %[[EPS]]
// CHECK: %[[A:.+]] = prim.abs %[[DE]]
// CHECK: prim.reduce sum %[[A]], dims = [1] : tensor<2x3xf32> -> tensor<2xf32>
func.func @pairwise_distance(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = aten.call "aten.pairwise_distance.default"(x1: %a, x2: %b) {p = 1.0 : f64, eps = 1.0e-06 : f64, keepdim = false} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// On bool, add is an or and mul an and, as in torch.
// CHECK-LABEL: func.func @bool_add_mul
// CHECK: %[[OR:.+]] = prim.or %arg0, %arg1 : tensor<4xi1>
// CHECK: prim.and %[[OR]], %arg1 : tensor<4xi1>
func.func @bool_add_mul(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = aten.call "aten.add.Tensor"(self: %a, other: %b) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = aten.call "aten.mul.Tensor"(self: %0, other: %b) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %1 : tensor<4xi1>
}
