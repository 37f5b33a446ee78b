// RUN: %pt2c-opt %s --pt2c-decompose-aten --canonicalize --cse --split-input-file | FileCheck %s

// nonzero: the count of non-zeros, the running count's last element, is
// read from a tensor (tensor.extract) and sizes the result; each non-zero
// element writes its position into slot (running count - 1)
// of a buffer with a spare slot (6 + 1) that the zeros all write into, and
// the first `count` slots are the positions; the coordinates are the
// position's quotient and remainder by the row length. @forward returns
// the [u0, 2] result flat in a buffer of its largest size (6 rows: 12
// elements) and u0 itself after the outputs.
// CHECK-LABEL: func.func @forward
// CHECK-SAME: -> (tensor<12xi64> {pt2c.capacity = 12 : i64, pt2c.dims = ["u0", 2], pt2c.output = "nonzero"}, tensor<2x3xf32> {pt2c.output = "y"}, tensor<i64> {pt2c.symbol_value = "u0"})
// CHECK-DAG: %[[C3:.+]] = arith.constant 3 : i64
// CHECK-DAG: %[[EMPTY:.+]] = prim.constant dense<0> : tensor<7xi64>
// CHECK-DAG: %[[SPARE:.+]] = prim.constant dense<6> : tensor<6xi64>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1> : tensor<6xi64>
// CHECK-DAG: %[[C5:.+]] = arith.constant 5 : index
// CHECK: %[[NZ:.+]] = prim.compare %{{.+}}, %{{.+}}, predicate = ne : tensor<6xf32>
// CHECK: %[[ONES:.+]] = prim.convert %[[NZ]] : tensor<6xi1> -> tensor<6xi64>
// The running count: a prim.cumsum (long rows are scanned by blocks when
// lowered).
// CHECK: %[[RUNNING:.+]] = prim.cumsum %[[ONES]], dim = 0 : tensor<6xi64>
// CHECK: %[[NUMBER:.+]] = prim.sub %[[RUNNING]], %[[ONE]] : tensor<6xi64>
// CHECK: %[[SLOT:.+]] = prim.select %[[NZ]], %[[NUMBER]], %[[SPARE]]
// CHECK: %[[COUNT64:.+]] = tensor.extract %[[RUNNING]][%[[C5]]] : tensor<6xi64>
// CHECK: %[[COUNT:.+]] = arith.index_cast %[[COUNT64]] : i64 to index
// CHECK: %[[INDEX:.+]] = prim.iota dim = 0 : tensor<6xi64>
// CHECK: %[[SLOTS:.+]] = prim.scatter assign %[[EMPTY]], %[[SLOT]], %[[INDEX]], dim = 0 : (tensor<7xi64>, tensor<6xi64>, tensor<6xi64>) -> tensor<7xi64>
// CHECK: %[[POS:.+]] = tensor.extract_slice %[[SLOTS]][0] [%[[COUNT]]] [1] : tensor<7xi64> to tensor<?xi64>
// CHECK: %[[ROWLEN:.+]] = prim.splat %[[C3]]
// CHECK: %[[ROW:.+]] = prim.div %[[POS]], %[[ROWLEN]] : tensor<?xi64>
// CHECK: %[[COL:.+]] = prim.rem %[[POS]], %[[ROWLEN]] : tensor<?xi64>
// CHECK: %[[COORDS:.+]] = prim.concatenate
// CHECK-SAME: -> tensor<?x2xi64>
// CHECK: %[[BUFFER:.+]] = prim.splat %{{.+}} : i64 -> tensor<12xi64>
// CHECK: %[[ROWS:.+]] = tensor.dim %[[COORDS]], %{{.+}} : tensor<?x2xi64>
// CHECK: %[[N:.+]] = arith.muli %[[ROWS]]
// CHECK: %[[FLAT:.+]] = prim.reshape %[[COORDS]], dynamic_sizes(%[[N]]) : tensor<?x2xi64> -> tensor<?xi64>
// CHECK: %[[KEPT:.+]] = arith.minsi %[[N]]
// CHECK: %[[HEAD:.+]] = tensor.extract_slice %[[FLAT]][0] [%[[KEPT]]] [1]
// CHECK: %[[OUT:.+]] = tensor.insert_slice %[[HEAD]] into %[[BUFFER]][0] [%[[KEPT]]] [1] : tensor<?xi64> into tensor<12xi64>
// CHECK: %[[U0:.+]] = arith.index_cast %[[ROWS]] : index to i64
// CHECK: %[[U0T:.+]] = tensor.from_elements %[[U0]] : tensor<i64>
// CHECK: return %[[OUT]], %{{.+}}, %[[U0T]]
func.func @forward(%x: tensor<2x3xf32> {pt2c.input = "x"}) -> (tensor<?x2xi64> {pt2c.dims = ["u0", 2], pt2c.output = "nonzero"}, tensor<2x3xf32> {pt2c.output = "y"}) attributes {pt2c.symbols = {u0 = {max = 6 : i64, min = 0 : i64}}} {
  %0 = aten.call "aten.nonzero.default"(self: %x) : (tensor<2x3xf32>) -> tensor<?x2xi64>
  return %0, %x : tensor<?x2xi64>, tensor<2x3xf32>
}

// -----

// masked_select broadcasts the mask to self's shape and gathers the
// selected elements; x[mask] (index.Tensor with one bool index) gathers
// the selected rows; unique sorts by stable ranks, starts a group where a
// value differs from the one before, and gives each element its group
// through its rank; tensor_split at a tensor of indices reads each bound
// (Python slicing: negative from the end, clamped) and gathers a window.
// Symbols u0..u4 follow the outputs in name order; u2 (values and counts)
// is read from the values.
// CHECK-LABEL: func.func @forward
// CHECK-SAME: tensor<6xf32> {pt2c.capacity = 6 : i64, pt2c.dims = ["u0"], pt2c.output = "sel"}
// CHECK-SAME: tensor<6xf32> {pt2c.capacity = 6 : i64, pt2c.dims = ["u1", 3], pt2c.output = "rows"}
// CHECK-SAME: tensor<6xf32> {pt2c.capacity = 6 : i64, pt2c.dims = ["u2"], pt2c.output = "values"}
// CHECK-SAME: tensor<2x3xi64> {pt2c.output = "inverse"}
// CHECK-SAME: tensor<6xi64> {pt2c.capacity = 6 : i64, pt2c.dims = ["u2"], pt2c.output = "counts"}
// CHECK-SAME: tensor<6xf32> {pt2c.capacity = 6 : i64, pt2c.dims = [2, "u3"], pt2c.output = "left"}
// CHECK-SAME: tensor<6xf32> {pt2c.capacity = 6 : i64, pt2c.dims = [2, "u4"], pt2c.output = "right"}
// CHECK-SAME: tensor<i64> {pt2c.symbol_value = "u0"}, tensor<i64> {pt2c.symbol_value = "u1"}, tensor<i64> {pt2c.symbol_value = "u2"}, tensor<i64> {pt2c.symbol_value = "u3"}, tensor<i64> {pt2c.symbol_value = "u4"})
// CHECK: %[[FLATX:.+]] = prim.reshape %arg0 : tensor<2x3xf32> -> tensor<6xf32>
// CHECK: %[[MASK:.+]] = prim.broadcast_in_dim %arg1, dims = [1] : tensor<3xi1> -> tensor<2x3xi1>
// CHECK: prim.take %[[FLATX]], %{{.+}}, dim = 0 : (tensor<6xf32>, tensor<?xi64>) -> tensor<?xf32>
// CHECK: prim.take %arg0, %{{.+}}, dim = 0 : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<?x3xf32>
// CHECK: %[[RANKS:.+]] = prim.reduce sum %{{.+}}, dims = [1] : tensor<6x6xi64> -> tensor<6xi64>
// CHECK: %[[SORTED:.+]] = prim.take %[[FLATX]], %{{.+}}, dim = 0 : (tensor<6xf32>, tensor<6xi64>) -> tensor<6xf32>
// CHECK: %[[DIFFERS:.+]] = prim.compare %{{.+}}, %{{.+}}, predicate = ne : tensor<5xf32>
// CHECK: %[[FIRST:.+]] = prim.concatenate [%{{.+}}, %[[DIFFERS]]], dim = 0
// CHECK: %[[LAST:.+]] = prim.concatenate [%[[DIFFERS]], %{{.+}}], dim = 0
// CHECK: prim.take %[[SORTED]], %{{.+}}, dim = 0 : (tensor<6xf32>, tensor<?xi64>) -> tensor<?xf32>
// CHECK: prim.take %{{.+}}, %[[RANKS]], dim = 0 : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi64>
// CHECK: prim.slice %arg2 [0:1]
// CHECK: %[[AT:.+]] = tensor.extract %{{.+}}[] : tensor<i64>
// CHECK: arith.cmpi slt, %[[AT]]
// CHECK: prim.take %arg0, %{{.+}}, dim = 1 : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<2x?xf32>
// CHECK: prim.take %arg0, %{{.+}}, dim = 1 : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<2x?xf32>
func.func @forward(%x: tensor<2x3xf32> {pt2c.input = "x"}, %m: tensor<3xi1> {pt2c.input = "m"}, %at: tensor<1xi64> {pt2c.input = "at"}) -> (tensor<?xf32> {pt2c.dims = ["u0"], pt2c.output = "sel"}, tensor<?x3xf32> {pt2c.dims = ["u1", 3], pt2c.output = "rows"}, tensor<?xf32> {pt2c.dims = ["u2"], pt2c.output = "values"}, tensor<2x3xi64> {pt2c.output = "inverse"}, tensor<?xi64> {pt2c.dims = ["u2"], pt2c.output = "counts"}, tensor<2x?xf32> {pt2c.dims = [2, "u3"], pt2c.output = "left"}, tensor<2x?xf32> {pt2c.dims = [2, "u4"], pt2c.output = "right"}) attributes {pt2c.symbols = {u0 = {max = 6 : i64, min = 0 : i64}, u1 = {max = 2 : i64, min = 0 : i64}, u2 = {max = 6 : i64, min = 0 : i64}, u3 = {max = 3 : i64, min = 0 : i64}, u4 = {max = 3 : i64, min = 0 : i64}}} {
  %0 = aten.call "aten.masked_select.default"(self: %x, mask: %m) : (tensor<2x3xf32>, tensor<3xi1>) -> tensor<?xf32>
  %mask = aten.call "aten.gt.Scalar"(self: %x) {other = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %r = aten.call "aten.select.int"(self: %mask) {dim = 1 : i64, index = 0 : i64} : (tensor<2x3xi1>) -> tensor<2xi1>
  %1 = aten.call "aten.index.Tensor"(self: %x, indices: [%r]) : (tensor<2x3xf32>, tensor<2xi1>) -> tensor<?x3xf32>
  %2:3 = aten.call "aten._unique2.default"(self: %x) {sorted = true, return_inverse = true, return_counts = true} : (tensor<2x3xf32>) -> (tensor<?xf32>, tensor<2x3xi64>, tensor<?xi64>)
  %3:2 = aten.call "aten.tensor_split.tensor_indices_or_sections"(self: %x, tensor_indices_or_sections: %at) {dim = 1 : i64} : (tensor<2x3xf32>, tensor<1xi64>) -> (tensor<2x?xf32>, tensor<2x?xf32>)
  return %0, %1, %2#0, %2#1, %2#2, %3#0, %3#1 : tensor<?xf32>, tensor<?x3xf32>, tensor<?xf32>, tensor<2x3xi64>, tensor<?xi64>, tensor<2x?xf32>, tensor<2x?xf32>
}

// -----

// A 0-d input: [u0, 0], nothing to hold; the count is still returned.
// CHECK-LABEL: func.func @forward
// CHECK-SAME: -> (tensor<0xi64> {pt2c.capacity = 0 : i64, pt2c.dims = ["u0", 0], pt2c.output = "nonzero"}, tensor<i64> {pt2c.symbol_value = "u0"})
// CHECK: %[[EMPTY:.+]] = prim.splat %{{.+}} : i64 -> tensor<0xi64>
// CHECK: tensor.from_elements
// CHECK: return %[[EMPTY]]
func.func @forward(%x: tensor<f32> {pt2c.input = "x"}) -> (tensor<?x0xi64> {pt2c.dims = ["u0", 0], pt2c.output = "nonzero"}) attributes {pt2c.symbols = {u0 = {max = 1 : i64, min = 0 : i64}}} {
  %0 = aten.call "aten.nonzero.default"(self: %x) : (tensor<f32>) -> tensor<?x0xi64>
  return %0 : tensor<?x0xi64>
}

// -----

// unique_consecutive along dim 0 of a 1-d tensor is the flattened one; the
// inverse and counts the export declares without being asked for are
// computed too, and only the runs reach the output.
// CHECK-LABEL: func.func @forward
// CHECK-SAME: -> (tensor<5xf32> {pt2c.capacity = 5 : i64, pt2c.dims = ["u0"], pt2c.output = "runs"}, tensor<i64> {pt2c.symbol_value = "u0"})
// CHECK: %[[STARTS:.+]] = prim.concatenate [%{{.+}}, %{{.+}}], dim = 0 : (tensor<1xi1>, tensor<4xi1>) -> tensor<5xi1>
// CHECK: %[[RUNS:.+]] = prim.take %arg0, %{{.+}}, dim = 0 : (tensor<5xf32>, tensor<?xi64>) -> tensor<?xf32>
func.func @forward(%x: tensor<5xf32> {pt2c.input = "x"}) -> (tensor<?xf32> {pt2c.dims = ["u0"], pt2c.output = "runs"}) attributes {pt2c.symbols = {u0 = {max = 5 : i64, min = 0 : i64}}} {
  %0:3 = aten.call "aten.unique_consecutive.default"(self: %x) {dim = 0 : i64, return_counts = false, return_inverse = false} : (tensor<5xf32>) -> (tensor<?xf32>, tensor<5xf32>, tensor<?xf32>)
  return %0#0 : tensor<?xf32>
}

// -----

// unique_consecutive along dim 0 of a [5, 3]: the rows are the items; a
// row starts a group where any of its elements differs from the row
// before (an or-reduction); the runs are gathered whole.
// CHECK-LABEL: func.func @forward
// CHECK-SAME: -> (tensor<15xf32> {pt2c.capacity = 15 : i64, pt2c.dims = ["u0", 3], pt2c.output = "runs"}, tensor<i64> {pt2c.symbol_value = "u0"})
// CHECK: %[[NE:.+]] = prim.compare %{{.+}}, %{{.+}}, predicate = ne : tensor<4x3xf32>
// CHECK: %[[DIFFERS:.+]] = prim.reduce or %[[NE]], dims = [1] : tensor<4x3xi1> -> tensor<4xi1>
// CHECK: prim.concatenate [%{{.+}}, %[[DIFFERS]]], dim = 0
// CHECK: prim.take %arg0, %{{.+}}, dim = 0 : (tensor<5x3xf32>, tensor<?xi64>) -> tensor<?x3xf32>
func.func @forward(%x: tensor<5x3xf32> {pt2c.input = "x"}) -> (tensor<?x3xf32> {pt2c.dims = ["u0", 3], pt2c.output = "runs"}) attributes {pt2c.symbols = {u0 = {max = 5 : i64, min = 0 : i64}}} {
  %0:3 = aten.call "aten.unique_consecutive.default"(self: %x) {dim = 0 : i64, return_counts = false, return_inverse = true} : (tensor<5x3xf32>) -> (tensor<?x3xf32>, tensor<5xf32>, tensor<?xf32>)
  return %0#0 : tensor<?x3xf32>
}

// -----

// unique_dim along dim 1 of a [2, 4, 3]: the slices x[:, j, :] become the
// rows of a [4, 6] (dim 1 moved to the front); every pair of rows is
// ordered by its first differing column (a [4, 4, 6] comparison reduced by
// min, then or), the rows' ranks give the sorted order, and the runs of
// equal sorted rows are the groups. The inverse maps each slice to its
// group through its rank.
// CHECK-LABEL: func.func @forward
// CHECK-SAME: -> (tensor<24xf32> {pt2c.capacity = 24 : i64, pt2c.dims = [2, "u0", 3], pt2c.output = "values"}, tensor<4xi64> {pt2c.output = "inverse"}, tensor<i64> {pt2c.symbol_value = "u0"})
// CHECK: %[[MOVED:.+]] = prim.transpose %arg0, permutation = [1, 0, 2]
// CHECK: %[[ROWS:.+]] = prim.reshape %[[MOVED]] : tensor<4x2x3xf32> -> tensor<4x6xf32>
// CHECK: %[[DIFFERS:.+]] = prim.compare %{{.+}}, %{{.+}}, predicate = ne : tensor<4x4x6xf32>
// CHECK: %[[FIRST:.+]] = prim.reduce min %{{.+}}, dims = [2] : tensor<4x4x6xi64> -> tensor<4x4xi64>
// CHECK: %[[BEFORE:.+]] = prim.reduce or %{{.+}}, dims = [2] : tensor<4x4x6xi1> -> tensor<4x4xi1>
// CHECK: %[[RANKS:.+]] = prim.reduce sum %{{.+}}, dims = [1] : tensor<4x4xi64> -> tensor<4xi64>
// CHECK: %[[SORTED:.+]] = prim.take %arg0, %{{.+}}, dim = 1 : (tensor<2x4x3xf32>, tensor<4xi64>) -> tensor<2x4x3xf32>
// CHECK: prim.take %[[SORTED]], %{{.+}}, dim = 1 : (tensor<2x4x3xf32>, tensor<?xi64>) -> tensor<2x?x3xf32>
// CHECK: prim.take %{{.+}}, %[[RANKS]], dim = 0 : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
func.func @forward(%x: tensor<2x4x3xf32> {pt2c.input = "x"}) -> (tensor<2x?x3xf32> {pt2c.dims = [2, "u0", 3], pt2c.output = "values"}, tensor<4xi64> {pt2c.output = "inverse"}) attributes {pt2c.symbols = {u0 = {max = 4 : i64, min = 0 : i64}}} {
  %0:3 = aten.call "aten.unique_dim.default"(self: %x) {dim = 1 : i64, return_inverse = true, sorted = true} : (tensor<2x4x3xf32>) -> (tensor<2x?x3xf32>, tensor<4xi64>, tensor<?xi64>)
  return %0#0, %0#1 : tensor<2x?x3xf32>, tensor<4xi64>
}

// -----

// Along an empty dim there is nothing to group: self is the values and the
// inverse and counts are empty, all static.
// CHECK-LABEL: func.func @forward
// CHECK-NOT: prim.compare
// CHECK: return %arg0, %{{.+}}, %{{.+}} : tensor<5x0x5xf16>, tensor<0xf16>, tensor<0xf16>
func.func @forward(%x: tensor<5x0x5xf16> {pt2c.input = "x"}) -> (tensor<5x0x5xf16> {pt2c.output = "values"}, tensor<0xf16> {pt2c.output = "inverse"}, tensor<0xf16> {pt2c.output = "counts"}) attributes {pt2c.symbols = {}} {
  %0:3 = aten.call "aten.unique_consecutive.default"(self: %x) {dim = 1 : i64, return_counts = true, return_inverse = true} : (tensor<5x0x5xf16>) -> (tensor<5x0x5xf16>, tensor<0xf16>, tensor<0xf16>)
  return %0#0, %0#1, %0#2 : tensor<5x0x5xf16>, tensor<0xf16>, tensor<0xf16>
}

// -----

// unique_dim of 70 slices (more than the rank sort's 64) of 2 elements:
// ordered lexicographically by digits, a stable radix sort by the last
// column (16 passes of an int32) and then by the first from that order,
// instead of comparing all 70 x 70 pairs; each slice's rank by one scatter.
// CHECK-LABEL: func.func @unique_dim_long
// CHECK-NOT: 70x70
// CHECK: prim.slice %{{.+}} [0:70, 1:2] : tensor<70x2xi32> -> tensor<70x1xi32>
// CHECK-COUNT-16: prim.scatter assign
// CHECK: prim.slice %{{.+}} [0:70, 0:1] : tensor<70x2xi32> -> tensor<70x1xi32>
// CHECK: prim.take_along %{{.+}}, %{{.+}}, dim = 1 {pt2c.indices_in_range}
// CHECK-COUNT-16: prim.scatter assign
// CHECK: prim.scatter assign {{.*}}, dim = 0 {pt2c.indices_in_range} : (tensor<70xi64>, tensor<70xi64>, tensor<70xi64>) -> tensor<70xi64>
// CHECK-NOT: 70x70
// CHECK: return
func.func @unique_dim_long(%x: tensor<70x2xi32>) -> (tensor<?x2xi32>, tensor<70xi64>, tensor<?xi64>) {
  %0:3 = aten.call "aten.unique_dim.default"(self: %x) {dim = 0 : i64, return_inverse = true, return_counts = true, sorted = true} : (tensor<70x2xi32>) -> (tensor<?x2xi32>, tensor<70xi64>, tensor<?xi64>)
  return %0#0, %0#1, %0#2 : tensor<?x2xi32>, tensor<70xi64>, tensor<?xi64>
}
