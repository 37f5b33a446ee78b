// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// scatter_add: one prim.scatter add along the dim.
// CHECK-LABEL: func.func @scatter_add
// CHECK: %[[R:.+]] = prim.scatter add %arg0, %arg1, %arg2, dim = 1 : (tensor<3x5xf32>, tensor<3x4xi64>, tensor<3x4xf32>) -> tensor<3x5xf32>
// CHECK: return %[[R]]
func.func @scatter_add(%x: tensor<3x5xf32>, %i: tensor<3x4xi64>, %s: tensor<3x4xf32>) -> tensor<3x5xf32> {
  %0 = aten.call "aten.scatter_add.default"(self: %x, index: %i, src: %s) {dim = 1 : i64} : (tensor<3x5xf32>, tensor<3x4xi64>, tensor<3x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// scatter.value along dim 0 with an index smaller than self: the value is
// splatted to the index's shape and assigned.
// CHECK-LABEL: func.func @scatter_value
// CHECK: %[[V:.+]] = prim.constant dense<2.000000e+00> : tensor<1x2xf32>
// CHECK: prim.scatter assign %arg0, %arg1, %[[V]], dim = 0 : (tensor<2x3xf32>, tensor<1x2xi64>, tensor<1x2xf32>) -> tensor<2x3xf32>
func.func @scatter_value(%x: tensor<2x3xf32>, %i: tensor<1x2xi64>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.scatter.value"(self: %x, index: %i) {dim = 0 : i64, value = 2.0 : f64} : (tensor<2x3xf32>, tensor<1x2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// scatter.src with src larger than index: only src's leading block is read.
// CHECK-LABEL: func.func @scatter_src_larger
// CHECK: %[[S:.+]] = prim.slice %arg2 [0:3, 0:1] : tensor<3x4xf32> -> tensor<3x1xf32>
// CHECK: prim.scatter assign %arg0, %arg1, %[[S]], dim = 1
func.func @scatter_src_larger(%x: tensor<3x5xf32>, %i: tensor<3x1xi64>, %s: tensor<3x4xf32>) -> tensor<3x5xf32> {
  %0 = aten.call "aten.scatter.src"(self: %x, index: %i, src: %s) {dim = -1 : i64} : (tensor<3x5xf32>, tensor<3x1xi64>, tensor<3x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// scatter_reduce amax, include_self=False: the positions hit are first
// overwritten with -inf (torch's identity), then the maximum is taken.
// CHECK-LABEL: func.func @scatter_amax_exclude_self
// CHECK: %[[LOW:.+]] = prim.constant dense<0xFF800000> : tensor<3x4xf32>
// CHECK: %[[BASE:.+]] = prim.scatter assign %arg0, %arg1, %[[LOW]], dim = 1
// CHECK: prim.scatter max %[[BASE]], %arg1, %arg2, dim = 1
func.func @scatter_amax_exclude_self(%x: tensor<3x5xf32>, %i: tensor<3x4xi64>, %s: tensor<3x4xf32>) -> tensor<3x5xf32> {
  %0 = aten.call "aten.scatter_reduce.two"(self: %x, index: %i, src: %s) {dim = 1 : i64, reduce = "amax", include_self = false} : (tensor<3x5xf32>, tensor<3x4xi64>, tensor<3x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Integer amin, include_self=False: the identity is the largest int32.
// CHECK-LABEL: func.func @scatter_amin_int
// CHECK: %[[HIGH:.+]] = prim.constant dense<2147483647> : tensor<2x2xi32>
// CHECK: %[[BASE:.+]] = prim.scatter assign %arg0, %arg1, %[[HIGH]], dim = 0
// CHECK: prim.scatter min %[[BASE]], %arg1, %arg2, dim = 0 : (tensor<4x2xi32>, tensor<2x2xi64>, tensor<2x2xi32>) -> tensor<4x2xi32>
func.func @scatter_amin_int(%x: tensor<4x2xi32>, %i: tensor<2x2xi64>, %s: tensor<2x2xi32>) -> tensor<4x2xi32> {
  %0 = aten.call "aten.scatter_reduce.two"(self: %x, index: %i, src: %s) {dim = 0 : i64, reduce = "amin", include_self = false} : (tensor<4x2xi32>, tensor<2x2xi64>, tensor<2x2xi32>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}

// -----

// scatter_reduce mean, include_self=True: the sum divided by the count of
// values that met there, self included (1 + hits; never 0).
// CHECK-LABEL: func.func @scatter_mean
// CHECK-DAG: %[[ONES:.+]] = prim.constant dense<1.000000e+00> : tensor<3x5xf32>
// CHECK-DAG: %[[UNIT:.+]] = prim.constant dense<1.000000e+00> : tensor<3x4xf32>
// CHECK: %[[SUM:.+]] = prim.scatter add %arg0, %arg1, %arg2, dim = 1
// CHECK: %[[COUNT:.+]] = prim.scatter add %[[ONES]], %arg1, %[[UNIT]], dim = 1
// CHECK: %[[ZERO:.+]] = prim.compare %[[COUNT]], %{{.+}}, predicate = eq
// CHECK: %[[N:.+]] = prim.select %[[ZERO]], %{{.+}}, %[[COUNT]]
// CHECK: prim.div %[[SUM]], %[[N]] : tensor<3x5xf32>
func.func @scatter_mean(%x: tensor<3x5xf32>, %i: tensor<3x4xi64>, %s: tensor<3x4xf32>) -> tensor<3x5xf32> {
  %0 = aten.call "aten.scatter_reduce.two"(self: %x, index: %i, src: %s) {dim = 1 : i64, reduce = "mean", include_self = true} : (tensor<3x5xf32>, tensor<3x4xi64>, tensor<3x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Integer mean rounds down: truncation, one less where the remainder is
// negative.
// CHECK-LABEL: func.func @scatter_mean_int
// CHECK: %[[Q:.+]] = prim.div %[[SUM:.+]], %[[N:.+]] : tensor<5xi64>
// CHECK: %[[R:.+]] = prim.rem %[[SUM]], %[[N]] : tensor<5xi64>
// CHECK: %[[NEG:.+]] = prim.compare %[[R]], %{{.+}}, predicate = lt
// CHECK: %[[LESS:.+]] = prim.sub %[[Q]], %{{.+}}
// CHECK: prim.select %[[NEG]], %[[LESS]], %[[Q]]
func.func @scatter_mean_int(%x: tensor<5xi64>, %i: tensor<3xi64>, %s: tensor<3xi64>) -> tensor<5xi64> {
  %0 = aten.call "aten.scatter_reduce.two"(self: %x, index: %i, src: %s) {dim = 0 : i64, reduce = "mean", include_self = false} : (tensor<5xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

// -----

// index_put(accumulate=True) of rows: negative indices wrap (+5), each
// index becomes a row of indices and the rows are added along dim 0.
// CHECK-LABEL: func.func @index_put
// CHECK-DAG: %[[FIVE:.+]] = prim.constant dense<5> : tensor<3xi64>
// CHECK: %[[NEG:.+]] = prim.compare %arg1, %{{.+}}, predicate = lt : tensor<3xi64>
// CHECK: %[[WRAP:.+]] = prim.add %arg1, %[[FIVE]]
// CHECK: %[[I:.+]] = prim.select %[[NEG]], %[[WRAP]], %arg1 : tensor<3xi1>, tensor<3xi64>
// CHECK: %[[ROWS:.+]] = prim.broadcast_in_dim %{{.+}}, dims = [0] : tensor<3xi64> -> tensor<3x4xi64>
// CHECK: prim.scatter add %{{.+}}, %[[ROWS]], %{{.+}}, dim = 0 : (tensor<5x4xf32>, tensor<3x4xi64>, tensor<3x4xf32>) -> tensor<5x4xf32>
func.func @index_put(%x: tensor<5x4xf32>, %i: tensor<3xi64>, %v: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %0 = aten.call "aten.index_put.default"(self: %x, indices: [%i], values: %v) {accumulate = true} : (tensor<5x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// x[:, i, j] = v with i [2, 1] and j [3] broadcast to B = [2, 3]: dims 1
// and 2 move to the front and flatten (6 x 4 = 24), the linear index is
// i * 4 + j, and v [3] broadcasts to the indexed shape [5, 2, 3], whose B
// dims move to the front as 6 rows of 5.
// CHECK-LABEL: func.func @index_put_none_broadcast
// CHECK-DAG: %[[ROWSIZE:.+]] = prim.constant dense<6> : tensor<2x3xi64>
// CHECK-DAG: %[[STRIDE:.+]] = prim.constant dense<4> : tensor<2x3xi64>
// CHECK: %[[T:.+]] = prim.transpose %arg0, permutation = [1, 2, 0] : tensor<5x6x4xf32> -> tensor<6x4x5xf32>
// CHECK: %[[X:.+]] = prim.reshape %[[T]] : tensor<6x4x5xf32> -> tensor<24x5xf32>
// CHECK: %[[J:.+]] = prim.broadcast_in_dim %arg2, dims = [1] : tensor<3xi64> -> tensor<2x3xi64>
// CHECK: prim.add %[[J]], %[[STRIDE]]
// CHECK: %[[I:.+]] = prim.broadcast_in_dim %arg1, dims = [0, 1] : tensor<2x1xi64> -> tensor<2x3xi64>
// CHECK: prim.add %[[I]], %[[ROWSIZE]]
// CHECK: %[[IW:.+]] = prim.select
// CHECK: prim.mul %[[IW]], %[[STRIDE]]
// CHECK: %[[LIN:.+]] = prim.reshape %{{.+}} : tensor<2x3xi64> -> tensor<6xi64>
// CHECK: %[[IDX:.+]] = prim.broadcast_in_dim %[[LIN]], dims = [0] : tensor<6xi64> -> tensor<6x5xi64>
// CHECK: %[[V:.+]] = prim.broadcast_in_dim %arg3, dims = [2] : tensor<3xf32> -> tensor<5x2x3xf32>
// CHECK: %[[VT:.+]] = prim.transpose %[[V]], permutation = [1, 2, 0] : tensor<5x2x3xf32> -> tensor<2x3x5xf32>
// CHECK: %[[ROWS:.+]] = prim.reshape %[[VT]] : tensor<2x3x5xf32> -> tensor<6x5xf32>
// CHECK: %[[S:.+]] = prim.scatter assign %[[X]], %[[IDX]], %[[ROWS]], dim = 0 : (tensor<24x5xf32>, tensor<6x5xi64>, tensor<6x5xf32>) -> tensor<24x5xf32>
// CHECK: %[[U:.+]] = prim.reshape %[[S]] : tensor<24x5xf32> -> tensor<6x4x5xf32>
// CHECK: prim.transpose %[[U]], permutation = [2, 0, 1] : tensor<6x4x5xf32> -> tensor<5x6x4xf32>
func.func @index_put_none_broadcast(%x: tensor<5x6x4xf32>, %i: tensor<2x1xi64>, %j: tensor<3xi64>, %v: tensor<3xf32>) -> tensor<5x6x4xf32> {
  %n = aten.none
  %0 = aten.call "aten.index_put.default"(self: %x, indices: [%n, %i, %j], values: %v) {accumulate = false} : (tensor<5x6x4xf32>, !aten.none, tensor<2x1xi64>, tensor<3xi64>, tensor<3xf32>) -> tensor<5x6x4xf32>
  return %0 : tensor<5x6x4xf32>
}

// -----

// x[:, mask] = v with a mask over dim 1 and v [2] (one value per last-dim
// position, the same for every picked row): a select over self; with
// accumulate, the selected values are added.
// CHECK-LABEL: func.func @index_put_mask
// CHECK: %[[V:.+]] = prim.broadcast_in_dim %arg2, dims = [2] : tensor<2xf32> -> tensor<3x1x2xf32>
// CHECK: %[[VS:.+]] = prim.broadcast_in_dim %[[V]], dims = [0, 1, 2] : tensor<3x1x2xf32> -> tensor<3x4x2xf32>
// CHECK: %[[M:.+]] = prim.broadcast_in_dim %arg1, dims = [1] : tensor<4xi1> -> tensor<3x4x2xi1>
// CHECK: %[[PUT:.+]] = prim.select %[[M]], %[[VS]], %arg0
// CHECK: %[[PICKED:.+]] = prim.select %{{.+}}, %{{.+}}, %{{.+}} : tensor<3x4x2xi1>, tensor<3x4x2xf32>
// CHECK: %[[ADDED:.+]] = prim.add %arg0, %[[PICKED]]
// CHECK: return %[[PUT]], %[[ADDED]]
func.func @index_put_mask(%x: tensor<3x4x2xf32>, %m: tensor<4xi1>, %v: tensor<2xf32>) -> (tensor<3x4x2xf32>, tensor<3x4x2xf32>) {
  %n = aten.none
  %0 = aten.call "aten.index_put.default"(self: %x, indices: [%n, %m], values: %v) {accumulate = false} : (tensor<3x4x2xf32>, !aten.none, tensor<4xi1>, tensor<2xf32>) -> tensor<3x4x2xf32>
  %1 = aten.call "aten.index_put.default"(self: %x, indices: [%n, %m], values: %v) {accumulate = true} : (tensor<3x4x2xf32>, !aten.none, tensor<4xi1>, tensor<2xf32>) -> tensor<3x4x2xf32>
  return %0, %1 : tensor<3x4x2xf32>, tensor<3x4x2xf32>
}

// -----

// 0-d scatters run as [1] ones: scatter_reduce amin without self (the
// identity first), and the older scatter.reduce with reduce "multiply"
// (self included: a product).
// CHECK-LABEL: func.func @scatter_scalars
// CHECK: %[[SELF:.+]] = prim.reshape %arg0 : tensor<f16> -> tensor<1xf16>
// CHECK: %[[BASE:.+]] = prim.scatter assign %[[SELF]]
// CHECK: %[[MIN:.+]] = prim.scatter min %[[BASE]], %{{.+}}, %{{.+}}, dim = 0 : (tensor<1xf16>, tensor<1xi64>, tensor<1xf16>) -> tensor<1xf16>
// CHECK: prim.reshape %[[MIN]] : tensor<1xf16> -> tensor<f16>
// CHECK: %[[PROD:.+]] = prim.scatter mul %{{.+}}, %{{.+}}, %{{.+}}, dim = 0 : (tensor<1xf16>, tensor<1xi64>, tensor<1xf16>) -> tensor<1xf16>
// CHECK: prim.reshape %[[PROD]] : tensor<1xf16> -> tensor<f16>
func.func @scatter_scalars(%x: tensor<f16>, %i: tensor<i64>, %s: tensor<f16>) -> (tensor<f16>, tensor<f16>) {
  %0 = aten.call "aten.scatter_reduce.two"(self: %x, index: %i, src: %s) {dim = 0 : i64, reduce = "amin", include_self = false} : (tensor<f16>, tensor<i64>, tensor<f16>) -> tensor<f16>
  %1 = aten.call "aten.scatter.reduce"(self: %x, index: %i, src: %s) {dim = -1 : i64, reduce = "multiply"} : (tensor<f16>, tensor<i64>, tensor<f16>) -> tensor<f16>
  return %0, %1 : tensor<f16>, tensor<f16>
}
