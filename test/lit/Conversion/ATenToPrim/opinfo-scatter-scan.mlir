// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s
// Overloads added for PyTorch's OpInfo samples (issue #17), second batch:
// index_* and put as prim.scatter, unpooling, scans by doubling, order
// statistics from the sort, writes through a view's constant table,
// tensordot, block_diag, _chunk_cat and the feature/alpha dropouts. Their
// values against eager are checked by ctest's `opinfo:` tests.

// index_add(x, 0, i, s, alpha=2): the index spread along the source's
// other dims, the source scaled, one scatter-add.
// CHECK-LABEL: func.func @index_add
// CHECK-DAG: %[[ALPHA:.+]] = prim.constant dense<2.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[AT:.+]] = prim.broadcast_in_dim %arg1, dims = [0] : tensor<2xi64> -> tensor<2x3xi64>
// CHECK-DAG: %[[SCALED:.+]] = prim.mul %arg2, %[[ALPHA]]
// CHECK: prim.scatter add %arg0, %[[AT]], %[[SCALED]], dim = 0
func.func @index_add(%x: tensor<5x3xf32>, %i: tensor<2xi64>, %s: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %0 = aten.call "aten.index_add.default"(self: %x, index: %i, source: %s) {dim = 0 : i64, alpha = 2.0 : f64} : (tensor<5x3xf32>, tensor<2xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// index_add of booleans is a logical or: a scatter-max of 0/1 in i32.
// CHECK-LABEL: func.func @index_add_bool
// CHECK: prim.scatter max %{{.+}} : (tensor<5x3xi32>, tensor<2x3xi64>, tensor<2x3xi32>) -> tensor<5x3xi32>
// CHECK: prim.convert %{{.+}} : tensor<5x3xi32> -> tensor<5x3xi1>
func.func @index_add_bool(%x: tensor<5x3xi1>, %i: tensor<2xi64>, %s: tensor<2x3xi1>) -> tensor<5x3xi1> {
  %0 = aten.call "aten.index_add.default"(self: %x, index: %i, source: %s) {dim = 0 : i64} : (tensor<5x3xi1>, tensor<2xi64>, tensor<2x3xi1>) -> tensor<5x3xi1>
  return %0 : tensor<5x3xi1>
}

// -----

// index_fill wraps negative indices by the dim's size (3), as torch does.
// CHECK-LABEL: func.func @index_fill
// CHECK-DAG: %[[FILL:.+]] = prim.constant dense<-1.000000e+00> : tensor<5x2xf32>
// CHECK-DAG: %[[SIZE:.+]] = prim.constant dense<3> : tensor<2xi64>
// CHECK: %[[NEG:.+]] = prim.compare %arg1, %{{.+}}, predicate = lt
// CHECK: %[[UP:.+]] = prim.add %arg1, %[[SIZE]]
// CHECK: %[[WRAPPED:.+]] = prim.select %[[NEG]], %[[UP]], %arg1
// CHECK: %[[AT:.+]] = prim.broadcast_in_dim %[[WRAPPED]], dims = [1] : tensor<2xi64> -> tensor<5x2xi64>
// CHECK: prim.scatter assign %arg0, %[[AT]], %[[FILL]], dim = 1
func.func @index_fill(%x: tensor<5x3xf32>, %i: tensor<2xi64>) -> tensor<5x3xf32> {
  %0 = aten.call "aten.index_fill.int_Scalar"(self: %x, index: %i) {dim = 1 : i64, value = -1.0 : f64} : (tensor<5x3xf32>, tensor<2xi64>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// put with accumulate: self flattened, indices wrapped by its 6 elements.
// CHECK-LABEL: func.func @put
// CHECK-DAG: %[[SIX:.+]] = prim.constant dense<6> : tensor<4xi64>
// CHECK-DAG: %[[FLAT:.+]] = prim.reshape %arg0 : tensor<2x3xf32> -> tensor<6xf32>
// CHECK: prim.add %arg1, %[[SIX]]
// CHECK: %[[SUM:.+]] = prim.scatter add %[[FLAT]], %{{.+}}, %arg2, dim = 0
// CHECK: prim.reshape %[[SUM]] : tensor<6xf32> -> tensor<2x3xf32>
func.func @put(%x: tensor<2x3xf32>, %i: tensor<4xi64>, %s: tensor<4xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.put.default"(self: %x, index: %i, source: %s) {accumulate = true} : (tensor<2x3xf32>, tensor<4xi64>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// max_unpool2d: each value written at its index in its plane of zeros.
// CHECK-LABEL: func.func @max_unpool2d
// CHECK-DAG: %[[ZEROS:.+]] = prim.constant dense<0.000000e+00> : tensor<2x16xf32>
// CHECK-DAG: %[[VALUES:.+]] = prim.reshape %arg0 : tensor<1x2x2x2xf32> -> tensor<2x4xf32>
// CHECK-DAG: %[[AT:.+]] = prim.reshape %arg1 : tensor<1x2x2x2xi64> -> tensor<2x4xi64>
// CHECK: %[[OUT:.+]] = prim.scatter assign %[[ZEROS]], %[[AT]], %[[VALUES]], dim = 1
// CHECK: prim.reshape %[[OUT]] : tensor<2x16xf32> -> tensor<1x2x4x4xf32>
func.func @max_unpool2d(%x: tensor<1x2x2x2xf32>, %i: tensor<1x2x2x2xi64>) -> tensor<1x2x4x4xf32> {
  %0 = aten.call "aten.max_unpool2d.default"(self: %x, indices: %i) {output_size = array<i64: 4, 4>} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// cummax over 5 elements: three doubling steps (shifts 1, 2, 4); the later
// partial wins when the earlier is not NaN and it is NaN or >= it.
// CHECK-LABEL: func.func @cummax
// CHECK: %[[INDEX:.+]] = prim.iota dim = 1 : tensor<3x5xi64>
// CHECK: %[[EARLY:.+]] = prim.slice %arg0 [0:3, 0:4]
// CHECK: %[[LATE:.+]] = prim.slice %arg0 [0:3, 1:5]
// CHECK: %[[KEEP:.+]] = prim.slice %arg0 [0:3, 0:1]
// CHECK: %[[GE:.+]] = prim.compare %[[LATE]], %[[EARLY]], predicate = ge
// CHECK: %[[NUMBER:.+]] = prim.compare %[[EARLY]], %[[EARLY]], predicate = eq
// CHECK: %[[NAN:.+]] = prim.compare %[[LATE]], %[[LATE]], predicate = ne
// CHECK: %[[EITHER:.+]] = prim.or %[[NAN]], %[[GE]]
// CHECK: %[[WINS:.+]] = prim.and %[[NUMBER]], %[[EITHER]]
// CHECK: %[[VALUE:.+]] = prim.select %[[WINS]], %[[LATE]], %[[EARLY]]
// CHECK: prim.concatenate [%[[KEEP]], %[[VALUE]]], dim = 1
// CHECK: prim.slice %{{.+}} [0:3, 2:5]
// CHECK: prim.slice %{{.+}} [0:3, 4:5]
func.func @cummax(%x: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xi64>) {
  %0:2 = aten.call "aten.cummax.default"(self: %x) {dim = 1 : i64} : (tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xi64>)
  return %0#0, %0#1 : tensor<3x5xf32>, tensor<3x5xi64>
}

// -----

// logcumsumexp of bfloat16: logaddexp steps in f32, one rounding.
// CHECK-LABEL: func.func @logcumsumexp
// CHECK: prim.convert %arg0 : tensor<4xbf16> -> tensor<4xf32>
// CHECK: prim.log1p
// CHECK: prim.concatenate
// CHECK: prim.log1p
// CHECK: %[[LAST:.+]] = prim.concatenate
// CHECK-NOT: prim.log1p
// CHECK: prim.convert %[[LAST]] : tensor<4xf32> -> tensor<4xbf16>
func.func @logcumsumexp(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = aten.call "aten.logcumsumexp.default"(self: %x) {dim = 0 : i64} : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// median.dim: the lower median (position 2 of 5) of the sorted row, or the
// first NaN (position 5 - #NaN) when the row has one; value and index.
// CHECK-LABEL: func.func @median
// CHECK-DAG: %[[MIDDLE:.+]] = prim.constant dense<2> : tensor<3x1xi64>
// CHECK-DAG: %[[FIVE:.+]] = prim.constant dense<5> : tensor<3x1xi64>
// CHECK: %[[NANS:.+]] = prim.reshape %{{.+}} : tensor<3xi64> -> tensor<3x1xi64>
// CHECK: %[[NUMBERS:.+]] = prim.sub %[[FIVE]], %[[NANS]]
// CHECK: %[[ANY:.+]] = prim.compare %[[NANS]], %{{.+}}, predicate = gt
// CHECK: %[[AT:.+]] = prim.select %[[ANY]], %[[NUMBERS]], %[[MIDDLE]]
// CHECK: prim.reduce sum %{{.+}}, dims = [2] : tensor<3x5x5xi64> -> tensor<3x5xi64>
// CHECK: %[[ORDER:.+]] = prim.reduce sum %{{.+}}, dims = [2] : tensor<3x5x5xi64> -> tensor<3x5xi64>
// CHECK: %[[SORTED:.+]] = prim.take_along %arg0, %[[ORDER]], dim = 1
// CHECK: prim.take_along %[[SORTED]], %[[AT]], dim = 1 : (tensor<3x5xf32>, tensor<3x1xi64>) -> tensor<3x1xf32>
// CHECK: prim.take_along %[[ORDER]], %[[AT]], dim = 1 : (tensor<3x5xi64>, tensor<3x1xi64>) -> tensor<3x1xi64>
func.func @median(%x: tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3xi64>) {
  %0:2 = aten.call "aten.median.dim"(self: %x) {dim = 1 : i64} : (tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3xi64>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xi64>
}

// -----

// kthvalue(k=2, keepdim): position 1 of the sorted row, dim kept.
// CHECK-LABEL: func.func @kthvalue
// CHECK: %[[AT:.+]] = prim.constant dense<1> : tensor<3x1xi64>
// CHECK: prim.take_along %{{.+}}, %[[AT]], dim = 1 : (tensor<3x5xi64>, tensor<3x1xi64>) -> tensor<3x1xi64>
func.func @kthvalue(%x: tensor<3x5xi64>) -> (tensor<3x1xi64>, tensor<3x1xi64>) {
  %0:2 = aten.call "aten.kthvalue.default"(self: %x) {k = 2 : i64, dim = 1 : i64, keepdim = true} : (tensor<3x5xi64>) -> (tensor<3x1xi64>, tensor<3x1xi64>)
  return %0#0, %0#1 : tensor<3x1xi64>, tensor<3x1xi64>
}

// -----

// diagonal_scatter(offset 1) of a 3x3: positions 1 and 5 take src's
// elements 0 and 1, the rest keep self.
// CHECK-LABEL: func.func @diagonal_scatter
// CHECK-DAG: %[[MASK:.+]] = prim.constant dense<[false, true, false, false, false, true, false, false, false]> : tensor<9xi1>
// CHECK-DAG: %[[FROM:.+]] = prim.constant dense<[0, 0, 0, 0, 0, 1, 0, 0, 0]> : tensor<9xi64>
// CHECK: %[[SPREAD:.+]] = prim.take %arg1, %[[FROM]], dim = 0
// CHECK: %[[SELF:.+]] = prim.reshape %arg0 : tensor<3x3xf32> -> tensor<9xf32>
// CHECK: %[[OUT:.+]] = prim.select %[[MASK]], %[[SPREAD]], %[[SELF]]
// CHECK: prim.reshape %[[OUT]] : tensor<9xf32> -> tensor<3x3xf32>
func.func @diagonal_scatter(%x: tensor<3x3xf32>, %s: tensor<2xf32>) -> tensor<3x3xf32> {
  %0 = aten.call "aten.diagonal_scatter.default"(self: %x, src: %s) {offset = 1 : i64} : (tensor<3x3xf32>, tensor<2xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// linalg_diagonal defaults to the last two dims.
// CHECK-LABEL: func.func @linalg_diagonal
// CHECK: prim.constant dense<{{\[\[}}0, 3], [4, 7]]> : tensor<2x2xi64>
func.func @linalg_diagonal(%a: tensor<2x2x2xf32>) -> tensor<2x2xf32> {
  %0 = aten.call "aten.linalg_diagonal.default"(A: %a) : (tensor<2x2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// tensordot contracting self's (1, 2) with other's (1, 0): self needs no
// move, other its dims (1, 0) first; one [2, 12] x [12, 5] matmul.
// CHECK-LABEL: func.func @tensordot
// CHECK-NOT: prim.transpose %arg0
// CHECK: %[[LHS:.+]] = prim.reshape %arg0 : tensor<2x3x4xf32> -> tensor<2x12xf32>
// CHECK: %[[MOVED:.+]] = prim.transpose %arg1, permutation = [1, 0, 2] : tensor<4x3x5xf32> -> tensor<3x4x5xf32>
// CHECK: %[[RHS:.+]] = prim.reshape %[[MOVED]] : tensor<3x4x5xf32> -> tensor<12x5xf32>
// CHECK: %[[OUT:.+]] = prim.matmul %[[LHS]], %[[RHS]]
// CHECK: return %[[OUT]]
func.func @tensordot(%a: tensor<2x3x4xf32>, %b: tensor<4x3x5xf32>) -> tensor<2x5xf32> {
  %0 = aten.call "aten.tensordot.default"(self: %a, other: %b) {dims_self = array<i64: 1, 2>, dims_other = array<i64: 1, 0>} : (tensor<2x3x4xf32>, tensor<4x3x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// feature_dropout draws one number per (sample, channel), broadcast over
// the rest; kept values scaled by 1 / (1 - p).
// CHECK-LABEL: func.func @feature_dropout
// CHECK-DAG: %[[SCALE:.+]] = prim.constant dense<2.000000e+00> : tensor<2x3x4xf32>
// CHECK-DAG: prim.iota dim = 0 : tensor<2x3x1xi64>
// CHECK: %[[KEEP:.+]] = prim.compare %{{.+}}, %{{.+}}, predicate = ge : tensor<2x3x1xf32>
// CHECK: %[[SPREAD:.+]] = prim.broadcast_in_dim %[[KEEP]], dims = [0, 1, 2] : tensor<2x3x1xi1> -> tensor<2x3x4xi1>
// CHECK: %[[SCALED:.+]] = prim.mul %arg0, %[[SCALE]]
// CHECK: prim.select %[[SPREAD]], %[[SCALED]], %{{.+}}
func.func @feature_dropout(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = aten.call "aten.feature_dropout.default"(input: %x) {p = 0.5 : f64, train = true} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// block_diag of a 2x2 and a vector (one row of 3): each padded with zeros
// to the 5 columns at its offset, then stacked.
// CHECK-LABEL: func.func @block_diag
// CHECK: %[[A:.+]] = prim.pad %arg0, low = [0, 0], high = [0, 3]
// CHECK: %[[ROW:.+]] = prim.reshape %arg1 : tensor<3xf32> -> tensor<1x3xf32>
// CHECK: %[[B:.+]] = prim.pad %[[ROW]], low = [0, 2], high = [0, 0]
// CHECK: prim.concatenate [%[[A]], %[[B]]], dim = 0 : (tensor<2x5xf32>, tensor<1x5xf32>) -> tensor<3x5xf32>
func.func @block_diag(%a: tensor<2x2xf32>, %b: tensor<3xf32>) -> tensor<3x5xf32> {
  %0 = aten.call "aten.block_diag.default"(tensors: [%a, %b]) : (tensor<2x2xf32>, tensor<3xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// combinations(r=2) of 4 elements: the 6 increasing position pairs, in
// lexicographic order, as one take.
// CHECK-LABEL: func.func @combinations
// CHECK: %[[TABLE:.+]] = prim.constant dense<{{\[\[}}0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]> : tensor<6x2xi64>
// CHECK: prim.take %arg0, %[[TABLE]], dim = 0 : (tensor<4xf32>, tensor<6x2xi64>) -> tensor<6x2xf32>
func.func @combinations(%x: tensor<4xf32>) -> tensor<6x2xf32> {
  %0 = aten.call "aten.combinations.default"(self: %x) {r = 2 : i64} : (tensor<4xf32>) -> tensor<6x2xf32>
  return %0 : tensor<6x2xf32>
}

// -----

// combinations with replacement: non-decreasing pairs of 3 elements.
// CHECK-LABEL: func.func @combinations_with_replacement
// CHECK: prim.constant dense<{{\[\[}}0, 0], [0, 1], [0, 2], [1, 1], [1, 2], [2, 2]]> : tensor<6x2xi64>
func.func @combinations_with_replacement(%x: tensor<3xf32>) -> tensor<6x2xf32> {
  %0 = aten.call "aten.combinations.default"(self: %x) {r = 2 : i64, with_replacement = true} : (tensor<3xf32>) -> tensor<6x2xf32>
  return %0 : tensor<6x2xf32>
}

// -----

// renorm(p=2, dim=0, maxnorm=1): each row's norm over the other dims; rows
// above 1 scaled by 1 / (norm + 1e-7).
// CHECK-LABEL: func.func @renorm
// CHECK: %[[NORM:.+]] = prim.sqrt %{{.+}} : tensor<3x1xf32>
// CHECK: %[[OVER:.+]] = prim.compare %[[NORM]], %{{.+}}, predicate = gt
// CHECK: %[[FACTOR:.+]] = prim.select %[[OVER]]
// CHECK: %[[SPREAD:.+]] = prim.broadcast_in_dim %[[FACTOR]], dims = [0, 1] : tensor<3x1xf32> -> tensor<3x4xf32>
// CHECK: prim.mul %arg0, %[[SPREAD]]
func.func @renorm(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = aten.call "aten.renorm.default"(self: %x) {p = 2.0 : f64, dim = 0 : i64, maxnorm = 1.0 : f64} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// bilinear: x1 [2, 3] times the weight as [3, 4 x 5], then x2 along the
// outputs, summed over its 5.
// CHECK-LABEL: func.func @bilinear
// CHECK: %[[W:.+]] = prim.transpose %arg2, permutation = [1, 0, 2] : tensor<4x3x5xf32> -> tensor<3x4x5xf32>
// CHECK: %[[FLAT:.+]] = prim.reshape %[[W]] : tensor<3x4x5xf32> -> tensor<3x20xf32>
// CHECK: %[[LEFT:.+]] = prim.matmul %arg0, %[[FLAT]]
// CHECK: prim.reduce sum %{{.+}}, dims = [2] : tensor<2x4x5xf32> -> tensor<2x4xf32>
func.func @bilinear(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>, %w: tensor<4x3x5xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.bilinear.default"(input1: %a, input2: %b, weight: %w) : (tensor<2x3xf32>, tensor<2x5xf32>, tensor<4x3x5xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// nonzero_static(size 4) of a 2x3: each non-zero element's row is the
// count of non-zeros before it (a running count); zeros and those past 4 go to a spare
// fifth row, sliced off; rows not written keep fill_value -1.
// CHECK-LABEL: func.func @nonzero_static
// CHECK-DAG: %[[CANVAS:.+]] = prim.constant dense<-1> : tensor<5x2xi64>
// CHECK-DAG: %[[SPARE:.+]] = prim.constant dense<4> : tensor<6xi64>
// CHECK: %[[COORDS:.+]] = prim.concatenate [%{{.+}}, %{{.+}}], dim = 1 : (tensor<6x1xi64>, tensor<6x1xi64>) -> tensor<6x2xi64>
// CHECK: %[[NONZERO:.+]] = prim.compare %{{.+}}, %{{.+}}, predicate = ne : tensor<6xf32>
// The running count of non-zeros.
// CHECK: %[[ONES:.+]] = prim.convert %[[NONZERO]] : tensor<6xi1> -> tensor<6xi64>
// CHECK: %[[COUNT:.+]] = prim.cumsum %[[ONES]], dim = 0 : tensor<6xi64>
// CHECK: %[[ROW:.+]] = prim.sub %[[COUNT]]
// CHECK: %[[FITS:.+]] = prim.compare %[[ROW]], %[[SPARE]], predicate = lt
// CHECK: %[[PLACED:.+]] = prim.and %[[NONZERO]], %[[FITS]]
// CHECK: %[[TARGET:.+]] = prim.select %[[PLACED]], %[[ROW]], %[[SPARE]]
// CHECK: %[[AT:.+]] = prim.broadcast_in_dim %[[TARGET]], dims = [0] : tensor<6xi64> -> tensor<6x2xi64>
// CHECK: %[[OUT:.+]] = prim.scatter assign %[[CANVAS]], %[[AT]], %[[COORDS]], dim = 0
// CHECK: prim.slice %[[OUT]] [0:4, 0:2]
func.func @nonzero_static(%x: tensor<2x3xf32>) -> tensor<4x2xi64> {
  %0 = aten.call "aten.nonzero_static.default"(self: %x) {size = 4 : i64, fill_value = -1 : i64} : (tensor<2x3xf32>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// -----

// linspace with one step is start (found by OpInfo's full sample set:
// the halves' formula gave end).
// CHECK-LABEL: func.func @linspace_one_step
// CHECK-DAG: %[[START:.+]] = prim.constant dense<0.000000e+00> : tensor<1xf32>
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<1.000000e+00> : tensor<1xf32>
// CHECK: %[[FIRST:.+]] = prim.compare %{{.+}}, %[[HALF]], predicate = lt
// CHECK: prim.select %[[FIRST]]
func.func @linspace_one_step() -> tensor<1xbf16> {
  %0 = aten.call "aten.linspace.default"() {end = 1 : i64, start = 0 : i64, steps = 1 : i64} : () -> tensor<1xbf16>
  return %0 : tensor<1xbf16>
}

// -----

// logspace in bfloat16 with the end a tensor: torch's kernel rounds the
// bounds and their difference to bfloat16 first (4.3 is 4.3125 there), so
// the exponents come from the rounded ones.
// CHECK-LABEL: func.func @logspace_rounded_bounds
// CHECK: %[[END:.+]] = prim.convert %arg0 : tensor<i64> -> tensor<f32>
// CHECK: %[[ENDS:.+]] = prim.broadcast_in_dim %[[END]]
// CHECK: %[[START16:.+]] = prim.convert %{{.+}} : tensor<4xf32> -> tensor<4xbf16>
// CHECK: %[[START:.+]] = prim.convert %[[START16]] : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[END16:.+]] = prim.convert %[[ENDS]] : tensor<4xf32> -> tensor<4xbf16>
// CHECK: %[[ENDR:.+]] = prim.convert %[[END16]] : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[SPAN:.+]] = prim.sub %[[ENDR]], %[[START]]
// CHECK: %[[SPAN16:.+]] = prim.convert %[[SPAN]] : tensor<4xf32> -> tensor<4xbf16>
// CHECK: prim.pow
func.func @logspace_rounded_bounds(%end: tensor<i64>) -> tensor<4xbf16> {
  %0 = aten.call "aten.logspace.Scalar_Tensor"(end: %end) {base = 1.000000e+01 : f64, device = "cpu", dtype = bf16, layout = #aten.none, pin_memory = false, start = 4.300000e+00 : f64, steps = 4 : i64} : (tensor<i64>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
