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

// A row longer than 64 sorts by digits (RadixSort.cpp): the float's bits
// (NaN made one quiet NaN, -0.0 made 0), a negative one's magnitude bits
// flipped (~bits ^ sign bit), offset by 2^31 into a nonnegative word; then
// 16 passes of 2 bits, lowest first. The first pass reads the word itself:
// its digit (& 3) as one-hot [3, 70, 4], a running count along the row, the
// row's count per digit (the last position) and their exclusive running
// sum; each element's place (its digit's start plus the ones before it,
// minus one) is where the order scatters. Each later pass reads the word in
// the order so far and shifts its digit down by a division. The order is a
// permutation and the places are in the row by construction: its gathers
// and scatters are marked pt2c.indices_in_range (no run-time check).
// CHECK-LABEL: func.func @sort_long_row
// CHECK-SAME: (%[[X:.+]]: tensor<3x70xf32>)
// CHECK-DAG: %[[NAN:.+]] = prim.constant dense<2143289344> : tensor<3x70xi32>
// CHECK-DAG: %[[SIGN:.+]] = prim.constant dense<-2147483648> : tensor<3x70xi32>
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<2147483648> : tensor<3x70xi64>
// CHECK: %[[DIGITS:.+]] = prim.iota dim = 2 : tensor<3x70x4xi32>
// CHECK: %[[START:.+]] = prim.iota dim = 1 : tensor<3x70xi64>
// CHECK: %[[BITS:.+]] = prim.bitcast_convert %[[X]] : tensor<3x70xf32> -> tensor<3x70xi32>
// CHECK: %[[ISNAN:.+]] = prim.compare %[[X]], %[[X]], predicate = ne
// CHECK: %[[NOZERO:.+]] = prim.select %{{.+}}, %{{.+}}, %[[BITS]]
// CHECK: %[[CANON:.+]] = prim.select %[[ISNAN]], %[[NAN]], %[[NOZERO]]
// CHECK: %[[INV:.+]] = prim.xor %[[CANON]], %{{.+}} : tensor<3x70xi32>
// CHECK: %[[FLIP:.+]] = prim.xor %[[INV]], %[[SIGN]] : tensor<3x70xi32>
// CHECK: %[[NEG:.+]] = prim.compare %[[CANON]], %{{.+}}, predicate = lt
// CHECK: %[[KEY:.+]] = prim.select %[[NEG]], %[[FLIP]], %[[CANON]]
// CHECK: %[[WIDE:.+]] = prim.convert %[[KEY]] : tensor<3x70xi32> -> tensor<3x70xi64>
// CHECK: %[[WORD:.+]] = prim.add %[[WIDE]], %[[HALF]] : tensor<3x70xi64>
// CHECK: %[[D0:.+]] = prim.and %[[WORD]], %{{.+}} : tensor<3x70xi64>
// CHECK: %[[D1:.+]] = prim.convert %[[D0]] : tensor<3x70xi64> -> tensor<3x70xi32>
// CHECK: %[[SPREAD:.+]] = prim.broadcast_in_dim %[[D1]], dims = [0, 1] : tensor<3x70xi32> -> tensor<3x70x4xi32>
// CHECK: %[[HOT:.+]] = prim.compare %[[SPREAD]], %[[DIGITS]], predicate = eq : tensor<3x70x4xi32>
// CHECK: %[[ONEHOT:.+]] = prim.convert %[[HOT]] : tensor<3x70x4xi1> -> tensor<3x70x4xi32>
// CHECK: %[[COUNTED:.+]] = prim.cumsum %[[ONEHOT]], dim = 1 : tensor<3x70x4xi32>
// CHECK: %[[LASTPOS:.+]] = prim.slice %[[COUNTED]] [0:3, 69:70, 0:4]
// CHECK: %[[COUNTS:.+]] = prim.reshape %[[LASTPOS]] : tensor<3x1x4xi32> -> tensor<3x4xi32>
// CHECK: %[[UPTO:.+]] = prim.cumsum %[[COUNTS]], dim = 1 : tensor<3x4xi32>
// CHECK: %[[STARTS:.+]] = prim.sub %[[UPTO]], %[[COUNTS]] : tensor<3x4xi32>
// CHECK: %[[S3:.+]] = prim.broadcast_in_dim %[[STARTS]], dims = [0, 2] : tensor<3x4xi32> -> tensor<3x70x4xi32>
// CHECK: %[[PLACES:.+]] = prim.add %[[COUNTED]], %[[S3]] : tensor<3x70x4xi32>
// CHECK: %[[MINE:.+]] = prim.mul %[[ONEHOT]], %[[PLACES]] : tensor<3x70x4xi32>
// CHECK: %[[PLACE:.+]] = prim.reduce sum %[[MINE]], dims = [2] : tensor<3x70x4xi32> -> tensor<3x70xi32>
// CHECK: %[[P64:.+]] = prim.convert %[[PLACE]] : tensor<3x70xi32> -> tensor<3x70xi64>
// CHECK: %[[AT:.+]] = prim.sub %[[P64]], %{{.+}} : tensor<3x70xi64>
// CHECK: %[[ORDER1:.+]] = prim.scatter assign %{{.+}}, %[[AT]], %[[START]], dim = 1 {pt2c.indices_in_range}
// CHECK: %[[NEXT:.+]] = prim.take_along %[[WORD]], %[[ORDER1]], dim = 1 {pt2c.indices_in_range}
// CHECK: prim.div %[[NEXT]], %{{.+}} : tensor<3x70xi64>
// CHECK-COUNT-14: prim.scatter assign
// CHECK: %[[ORDER:.+]] = prim.scatter assign
// CHECK-NOT: prim.scatter
// CHECK: %[[FIRST:.+]] = prim.slice %[[ORDER]] [0:3, 0:70]
// CHECK: %[[V:.+]] = prim.take_along %[[X]], %[[FIRST]], dim = 1 {pt2c.indices_in_range}
// CHECK: return %[[V]], %[[FIRST]]
func.func @sort_long_row(%x: tensor<3x70xf32>) -> (tensor<3x70xf32>, tensor<3x70xi64>) {
  %0:2 = aten.call "aten.sort.stable"(self: %x) {stable = true, dim = 1 : i64, descending = false} : (tensor<3x70xf32>) -> (tensor<3x70xf32>, tensor<3x70xi64>)
  return %0#0, %0#1 : tensor<3x70xf32>, tensor<3x70xi64>
}

// -----

// Descending over 100 bfloat16 values: the 16 bits themselves (8 passes of
// 2 bits), every bit inverted for descending order after the float's
// transform, offset by 2^15.
// CHECK-LABEL: func.func @sort_long_descending_bf16
// CHECK-DAG: %[[NAN:.+]] = prim.constant dense<32704> : tensor<2x100xi16>
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<32768> : tensor<2x100xi64>
// CHECK: %[[BITS:.+]] = prim.bitcast_convert %{{.+}} : tensor<2x100xbf16> -> tensor<2x100xi16>
// CHECK: prim.compare %{{.+}}, %{{.+}}, predicate = lt : tensor<2x100xi16>
// CHECK: %[[KEY:.+]] = prim.select %{{.+}}, %{{.+}}, %{{.+}} : tensor<2x100xi1>, tensor<2x100xi16>
// CHECK: %[[DESC:.+]] = prim.xor %[[KEY]], %{{.+}} : tensor<2x100xi16>
// CHECK: %[[WIDE:.+]] = prim.convert %[[DESC]] : tensor<2x100xi16> -> tensor<2x100xi64>
// CHECK: prim.add %[[WIDE]], %[[HALF]] : tensor<2x100xi64>
// CHECK-COUNT-8: prim.scatter assign
// CHECK-NOT: prim.scatter
func.func @sort_long_descending_bf16(%x: tensor<2x100xbf16>) -> (tensor<2x100xbf16>, tensor<2x100xi64>) {
  %0:2 = aten.call "aten.sort.stable"(self: %x) {stable = true, dim = 1 : i64, descending = true} : (tensor<2x100xbf16>) -> (tensor<2x100xbf16>, tensor<2x100xi64>)
  return %0#0, %0#1 : tensor<2x100xbf16>, tensor<2x100xi64>
}

// -----

// int64 keys: two 32-bit words (the low one, s & (2^32 - 1), sorted first;
// the high one, (s - low) / 2^32 + 2^31), 16 passes each.
// CHECK-LABEL: func.func @sort_long_i64
// CHECK-NOT: prim.bitcast_convert
// CHECK: %[[LOW:.+]] = prim.and %[[S:.+]], %{{.+}} : tensor<1x80xi64>
// CHECK: %[[REST:.+]] = prim.sub %[[S]], %[[LOW]]
// CHECK: %[[HIGH:.+]] = prim.div %[[REST]], %{{.+}}
// CHECK: prim.add %[[HIGH]], %{{.+}}
// CHECK-COUNT-32: prim.scatter assign
// CHECK-NOT: prim.scatter
func.func @sort_long_i64(%x: tensor<1x80xi64>) -> (tensor<1x80xi64>, tensor<1x80xi64>) {
  %0:2 = aten.call "aten.sort.stable"(self: %x) {stable = true, dim = 1 : i64, descending = false} : (tensor<1x80xi64>) -> (tensor<1x80xi64>, tensor<1x80xi64>)
  return %0#0, %0#1 : tensor<1x80xi64>, tensor<1x80xi64>
}
