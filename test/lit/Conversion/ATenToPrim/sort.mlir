// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// sort descending along dim 0 by ranks: x_i (I, broadcast along the new dim
// 1) against every x_j (J). rank[i] counts the j that sort before i: x_j >
// x_i, or x_j NaN and x_i not (NaN is the largest), or a tie with j < i
// (stable); order[r] sums the i whose rank is r; values gather by order.
// CHECK-LABEL: func.func @sort_descending
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0> : tensor<2x2x4xi64>
// CHECK-DAG: %[[FALSE:.+]] = prim.constant dense<false> : tensor<2x2x4xi1>
// CHECK: %[[XI:.+]] = prim.broadcast_in_dim %[[X]], dims = [0, 2] : tensor<2x4xf32> -> tensor<2x2x4xf32>
// CHECK: %[[XJ:.+]] = prim.broadcast_in_dim %[[X]], dims = [1, 2] : tensor<2x4xf32> -> tensor<2x2x4xf32>
// CHECK: %[[I:.+]] = prim.iota dim = 0 : tensor<2x2x4xi64>
// CHECK: %[[J:.+]] = prim.iota dim = 1 : tensor<2x2x4xi64>
// CHECK: %[[IGT:.+]] = prim.compare %[[XI]], %[[XJ]], predicate = gt
// CHECK: %[[JNUM:.+]] = prim.compare %[[XJ]], %[[XJ]], predicate = eq
// CHECK: %[[INAN:.+]] = prim.compare %[[XI]], %[[XI]], predicate = ne
// CHECK: %[[INANJNUM:.+]] = prim.and %[[INAN]], %[[JNUM]]
// CHECK: %[[IFIRST:.+]] = prim.or %[[IGT]], %[[INANJNUM]]
// CHECK: %[[JLESS:.+]] = prim.compare %[[J]], %[[I]], predicate = lt : tensor<2x2x4xi64>
// CHECK: %[[TIE:.+]] = prim.select %[[IFIRST]], %[[FALSE]], %[[JLESS]]
// CHECK: %[[JGT:.+]] = prim.compare %[[XJ]], %[[XI]], predicate = gt
// CHECK: %[[INUM:.+]] = prim.compare %[[XI]], %[[XI]], predicate = eq
// CHECK: %[[JNAN:.+]] = prim.compare %[[XJ]], %[[XJ]], predicate = ne
// CHECK: %[[JNANINUM:.+]] = prim.and %[[JNAN]], %[[INUM]]
// CHECK: %[[JFIRST:.+]] = prim.or %[[JGT]], %[[JNANINUM]]
// CHECK: %[[BEFORE:.+]] = prim.or %[[JFIRST]], %[[TIE]]
// CHECK: %[[COUNT:.+]] = prim.convert %[[BEFORE]] : tensor<2x2x4xi1> -> tensor<2x2x4xi64>
// CHECK: %[[RANK:.+]] = prim.reduce sum %[[COUNT]], dims = [1] : tensor<2x2x4xi64> -> tensor<2x4xi64>
// CHECK: %[[RI:.+]] = prim.broadcast_in_dim %[[RANK]], dims = [1, 2] : tensor<2x4xi64> -> tensor<2x2x4xi64>
// CHECK: %[[R:.+]] = prim.iota dim = 0 : tensor<2x2x4xi64>
// CHECK: %[[II:.+]] = prim.iota dim = 1 : tensor<2x2x4xi64>
// CHECK: %[[HIT:.+]] = prim.compare %[[RI]], %[[R]], predicate = eq
// CHECK: %[[AT:.+]] = prim.select %[[HIT]], %[[II]], %[[ZERO]]
// CHECK: %[[ORDER:.+]] = prim.reduce sum %[[AT]], dims = [1] : tensor<2x2x4xi64> -> tensor<2x4xi64>
// CHECK: %[[V:.+]] = prim.take_along %[[X]], %[[ORDER]], dim = 0 : (tensor<2x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
// CHECK: return %[[V]], %[[ORDER]]
func.func @sort_descending(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xi64>) {
  %0:2 = aten.call "aten.sort.default"(self: %x) {dim = 0 : i64, descending = true} : (tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xi64>)
  return %0#0, %0#1 : tensor<2x4xf32>, tensor<2x4xi64>
}

// -----

// topk(k = 4, largest) of bf16 rows: a descending sort whose order keeps
// only ranks 0..3 (a [3, 4, 20] rank-match, not [3, 20, 20]); the keys
// compare as f32, the values are gathered from the bf16 input.
// CHECK-LABEL: func.func @topk_bf16
// CHECK-SAME: (%[[X:.+]]: tensor<3x20xbf16>)
// CHECK: %[[K:.+]] = prim.convert %[[X]] : tensor<3x20xbf16> -> tensor<3x20xf32>
// CHECK: prim.broadcast_in_dim %[[K]], dims = [0, 1] : tensor<3x20xf32> -> tensor<3x20x20xf32>
// CHECK: prim.compare %{{.+}}, %{{.+}}, predicate = gt : tensor<3x20x20xf32>
// CHECK: %[[RANK:.+]] = prim.reduce sum %{{.+}}, dims = [2] : tensor<3x20x20xi64> -> tensor<3x20xi64>
// CHECK: prim.broadcast_in_dim %[[RANK]], dims = [0, 2] : tensor<3x20xi64> -> tensor<3x4x20xi64>
// CHECK: %[[ORDER:.+]] = prim.reduce sum %{{.+}}, dims = [2] : tensor<3x4x20xi64> -> tensor<3x4xi64>
// CHECK: %[[V:.+]] = prim.take_along %[[X]], %[[ORDER]], dim = 1 : (tensor<3x20xbf16>, tensor<3x4xi64>) -> tensor<3x4xbf16>
// CHECK: return %[[V]], %[[ORDER]]
func.func @topk_bf16(%x: tensor<3x20xbf16>) -> (tensor<3x4xbf16>, tensor<3x4xi64>) {
  %0:2 = aten.call "aten.topk.default"(self: %x) {k = 4 : i64, dim = -1 : i64, largest = true, sorted = true} : (tensor<3x20xbf16>) -> (tensor<3x4xbf16>, tensor<3x4xi64>)
  return %0#0, %0#1 : tensor<3x4xbf16>, tensor<3x4xi64>
}

// -----

// topk with largest = false is an ascending sort (lt); integers need no
// NaN terms.
// CHECK-LABEL: func.func @topk_smallest_int
// CHECK-NOT: predicate = ne
// CHECK: prim.compare %{{.+}}, %{{.+}}, predicate = lt : tensor<5x5x2xi32>
// CHECK-NOT: predicate = ne
// CHECK: prim.take_along %arg0, %{{.+}}, dim = 0 : (tensor<5x2xi32>, tensor<3x2xi64>) -> tensor<3x2xi32>
func.func @topk_smallest_int(%x: tensor<5x2xi32>) -> (tensor<3x2xi32>, tensor<3x2xi64>) {
  %0:2 = aten.call "aten.topk.default"(self: %x) {k = 3 : i64, dim = 0 : i64, largest = false, sorted = true} : (tensor<5x2xi32>) -> (tensor<3x2xi32>, tensor<3x2xi64>)
  return %0#0, %0#1 : tensor<3x2xi32>, tensor<3x2xi64>
}

// -----

// bool keys compare as int64: i1 reads as signed, so true < false there.
// CHECK-LABEL: func.func @sort_bool
// CHECK: %[[K:.+]] = prim.convert %arg0 : tensor<5xi1> -> tensor<5xi64>
// CHECK: prim.broadcast_in_dim %[[K]], dims = [0] : tensor<5xi64> -> tensor<5x5xi64>
// CHECK: prim.take_along %arg0, %{{.+}}, dim = 0 : (tensor<5xi1>, tensor<5xi64>) -> tensor<5xi1>
func.func @sort_bool(%x: tensor<5xi1>) -> (tensor<5xi1>, tensor<5xi64>) {
  %0:2 = aten.call "aten.sort.default"(self: %x) {dim = 0 : i64, descending = false} : (tensor<5xi1>) -> (tensor<5xi1>, tensor<5xi64>)
  return %0#0, %0#1 : tensor<5xi1>, tensor<5xi64>
}

// -----

// A 0-d tensor sorts to itself at index 0.
// CHECK-LABEL: func.func @sort_scalar
// CHECK: %[[ZERO:.+]] = prim.constant dense<0> : tensor<i64>
// CHECK: return %arg0, %[[ZERO]]
func.func @sort_scalar(%x: tensor<f32>) -> (tensor<f32>, tensor<i64>) {
  %0:2 = aten.call "aten.sort.default"(self: %x) {dim = 0 : i64, descending = false} : (tensor<f32>) -> (tensor<f32>, tensor<i64>)
  return %0#0, %0#1 : tensor<f32>, tensor<i64>
}

// -----

// cumprod of int32 gives int64 (torch's promotion, the archive's result
// type): widen first, then the prefix product along dim -2 = 0.
// CHECK-LABEL: func.func @cumprod_int
// CHECK: %[[W:.+]] = prim.convert %arg0 : tensor<3x4xi32> -> tensor<3x4xi64>
// CHECK: %[[C:.+]] = prim.cumprod %[[W]], dim = 0 : tensor<3x4xi64>
// CHECK: return %[[C]]
func.func @cumprod_int(%x: tensor<3x4xi32>) -> tensor<3x4xi64> {
  %0 = aten.call "aten.cumprod.default"(self: %x) {dim = -2 : i64, dtype = #aten.none} : (tensor<3x4xi32>) -> tensor<3x4xi64>
  return %0 : tensor<3x4xi64>
}

// -----

// cumprod with dtype = f32 of an f16 input converts before multiplying.
// CHECK-LABEL: func.func @cumprod_dtype
// CHECK: %[[W:.+]] = prim.convert %arg0 : tensor<6xf16> -> tensor<6xf32>
// CHECK: prim.cumprod %[[W]], dim = 0 : tensor<6xf32>
func.func @cumprod_dtype(%x: tensor<6xf16>) -> tensor<6xf32> {
  %0 = aten.call "aten.cumprod.default"(self: %x) {dim = 0 : i64, dtype = f32} : (tensor<6xf16>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// mode along the last dim: each element's count (pairwise equality sums),
// the smallest of the most frequent values, and the last index holding it.
// CHECK-LABEL: func.func @mode
// CHECK: %[[EQ:.*]] = prim.compare %{{.*}}, %{{.*}}, predicate = eq : tensor<3x4x4xi64>
// CHECK: %[[ONES:.*]] = prim.convert %[[EQ]] : tensor<3x4x4xi1> -> tensor<3x4x4xi64>
// CHECK: %[[COUNTS:.*]] = prim.reduce sum %[[ONES]], dims = [2] : tensor<3x4x4xi64> -> tensor<3x4xi64>
// CHECK: prim.reduce max %[[COUNTS]], dims = [1]
// CHECK: %[[MOST:.*]] = prim.compare %[[COUNTS]], %{{.*}}, predicate = eq : tensor<3x4xi64>
// CHECK: %[[CAND:.*]] = prim.select %[[MOST]], %arg0, %{{.*}}
// CHECK: prim.reduce min %[[CAND]], dims = [1]
// CHECK: %[[IOTA:.*]] = prim.iota dim = 1 : tensor<3x4xi64>
// CHECK: %[[AT:.*]] = prim.select %{{.*}}, %[[IOTA]], %{{.*}}
// CHECK: %[[LAST:.*]] = prim.reduce max %[[AT]], dims = [1]
// CHECK: prim.take_along %arg0, %{{.*}}, dim = 1 : (tensor<3x4xi64>, tensor<3x1xi64>) -> tensor<3x1xi64>
func.func @mode(%x: tensor<3x4xi64>) -> (tensor<3xi64>, tensor<3xi64>) {
  %0:2 = aten.call "aten.mode.default"(self: %x) {dim = -1 : i64, keepdim = false} : (tensor<3x4xi64>) -> (tensor<3xi64>, tensor<3xi64>)
  return %0#0, %0#1 : tensor<3xi64>, tensor<3xi64>
}

// -----

// A row longer than 64 sorts by the bitonic network: padded to 128 (the
// padding's indices, >= 70, sort last), 7 * 8 / 2 = 28 compare-exchange
// steps over (key, index) pairs. Step (span 2, j 1) pairs i with i ^ 1: a
// reshape to [3, 64, 2, 1] and a reverse of the pair dim; i keeps the
// earlier of the two when it is the lower one in an ascending block (i & 1
// == 0 equals i & 2 == 0). The last step (span 128, j 1) is again distance
// 1; then the first 70 indices are the order.
// CHECK-LABEL: func.func @sort_long_row
// CHECK-SAME: (%[[X:.+]]: tensor<3x70xf32>)
// CHECK-DAG: %[[N:.+]] = prim.constant dense<70> : tensor<3x128xi64>
// CHECK: %[[KEYS:.+]] = prim.pad %[[X]], low = [0, 0], high = [0, 58], value = 0.000000e+00 : f32 : tensor<3x70xf32> -> tensor<3x128xf32>
// CHECK: %[[I:.+]] = prim.iota dim = 1 : tensor<3x128xi64>
// CHECK: %[[LOWER:.+]] = prim.compare %{{.+}}, %{{.+}}, predicate = eq : tensor<3x128xi64>
// CHECK: %[[ASC:.+]] = prim.compare %{{.+}}, %{{.+}}, predicate = eq : tensor<3x128xi64>
// CHECK: %[[MIXED:.+]] = prim.xor %[[LOWER]], %[[ASC]] : tensor<3x128xi1>
// CHECK: %[[EARLIER:.+]] = prim.not %[[MIXED]]
// CHECK: %[[PAIRS:.+]] = prim.reshape %[[KEYS]] : tensor<3x128xf32> -> tensor<3x64x2x1xf32>
// CHECK: %[[SWAPPED:.+]] = prim.reverse %[[PAIRS]], dims = [2] : tensor<3x64x2x1xf32>
// CHECK: %[[OTHER:.+]] = prim.reshape %[[SWAPPED]] : tensor<3x64x2x1xf32> -> tensor<3x128xf32>
// CHECK: %[[OTHERI:.+]] = prim.reshape %{{.+}} : tensor<3x64x2x1xi64> -> tensor<3x128xi64>
// CHECK: %[[OTHERREAL:.+]] = prim.compare %[[OTHERI]], %[[N]], predicate = lt
// CHECK: %[[FIRSTOF:.+]] = prim.select %[[OTHERREAL]], %{{.+}}, %{{.+}} : tensor<3x128xi1>, tensor<3x128xi1>
// CHECK: %[[DIFFER:.+]] = prim.xor %[[EARLIER]], %[[FIRSTOF]] : tensor<3x128xi1>
// CHECK: %[[TAKE:.+]] = prim.not %[[DIFFER]] : tensor<3x128xi1>
// CHECK: %[[K1:.+]] = prim.select %[[TAKE]], %[[OTHER]], %[[KEYS]] : tensor<3x128xi1>, tensor<3x128xf32>
// CHECK: %[[I1:.+]] = prim.select %[[TAKE]], %[[OTHERI]], %[[I]] : tensor<3x128xi1>, tensor<3x128xi64>
// CHECK: prim.reshape %[[K1]] : tensor<3x128xf32> -> tensor<3x32x2x2xf32>
// CHECK-COUNT-52: prim.reverse
// CHECK: prim.reshape %{{.+}} : tensor<3x128xf32> -> tensor<3x64x2x1xf32>
// CHECK: %[[ORDER:.+]] = prim.select {{.+}} : tensor<3x128xi1>, tensor<3x128xi64>
// CHECK-NEXT: %[[FIRST:.+]] = prim.slice %[[ORDER]] [0:3, 0:70] : tensor<3x128xi64> -> tensor<3x70xi64>
// CHECK: %[[V:.+]] = prim.take_along %[[X]], %[[FIRST]], dim = 1
// CHECK: return %[[V]], %[[FIRST]]
func.func @sort_long_row(%x: tensor<3x70xf32>) -> (tensor<3x70xf32>, tensor<3x70xi64>) {
  %0:2 = aten.call "aten.sort.stable"(self: %x) {stable = true, dim = 1 : i64, descending = false} : (tensor<3x70xf32>) -> (tensor<3x70xf32>, tensor<3x70xi64>)
  return %0#0, %0#1 : tensor<3x70xf32>, tensor<3x70xi64>
}
