// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// sum over dims [1, -1] with keepdim of an int32 tensor: torch sums ints
// in int64 (the archive's result type), so the input is widened first; the
// two reduced dims come back as size 1.
// CHECK-LABEL: func.func @sum_dims_int
// CHECK: %[[W:.+]] = prim.convert %arg0 : tensor<2x3x4xi32> -> tensor<2x3x4xi64>
// CHECK: %[[S:.+]] = prim.reduce sum %[[W]], dims = [1, 2] : tensor<2x3x4xi64> -> tensor<2xi64>
// CHECK: %[[R:.+]] = prim.reshape %[[S]] : tensor<2xi64> -> tensor<2x1x1xi64>
// CHECK: return %[[R]]
func.func @sum_dims_int(%x: tensor<2x3x4xi32>) -> tensor<2x1x1xi64> {
  %0 = aten.call "aten.sum.dim_IntList"(self: %x) {dim = array<i64: 1, -1>, keepdim = true, dtype = #aten.none} : (tensor<2x3x4xi32>) -> tensor<2x1x1xi64>
  return %0 : tensor<2x1x1xi64>
}

// -----

// var with correction 1 over dim 1 (N = 4) of float16: in float32, mean =
// sum * 1/4, then sum((x - mean)^2) * 1/(4 - 1), rounded to f16 once.
// CHECK-LABEL: func.func @var_f16
// CHECK-DAG: %[[INVDOF:.+]] = prim.constant dense<0.333333343> : tensor<2xf32>
// CHECK-DAG: %[[INVN:.+]] = prim.constant dense<2.500000e-01> : tensor<2x1xf32>
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<2x4xf16> -> tensor<2x4xf32>
// CHECK: %[[S:.+]] = prim.reduce sum %[[X]], dims = [1]
// CHECK: %[[SK:.+]] = prim.reshape %[[S]] : tensor<2xf32> -> tensor<2x1xf32>
// CHECK: %[[M:.+]] = prim.mul %[[SK]], %[[INVN]]
// CHECK: %[[MB:.+]] = prim.broadcast_in_dim %[[M]], dims = [0, 1] : tensor<2x1xf32> -> tensor<2x4xf32>
// CHECK: %[[C:.+]] = prim.sub %[[X]], %[[MB]]
// CHECK: %[[SQ:.+]] = prim.mul %[[C]], %[[C]]
// CHECK: %[[SS:.+]] = prim.reduce sum %[[SQ]], dims = [1] : tensor<2x4xf32> -> tensor<2xf32>
// CHECK: %[[V:.+]] = prim.mul %[[SS]], %[[INVDOF]]
// CHECK: %[[R:.+]] = prim.convert %[[V]] : tensor<2xf32> -> tensor<2xf16>
// CHECK: return %[[R]]
func.func @var_f16(%x: tensor<2x4xf16>) -> tensor<2xf16> {
  %0 = aten.call "aten.var.correction"(self: %x) {dim = array<i64: 1>, correction = 1 : i64, keepdim = false} : (tensor<2x4xf16>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

// argmax along dim 1: positions equal to the row max (or NaN, which torch
// treats as the max) keep their index, others 5 (the dim size); the
// min-reduce picks the first such index.
// CHECK-LABEL: func.func @argmax
// CHECK-DAG: %[[BEYOND:.+]] = prim.constant dense<5> : tensor<3x5xi64>
// CHECK: %[[MAX:.+]] = prim.reduce max %arg0, dims = [1] : tensor<3x5xf32> -> tensor<3xf32>
// CHECK: %[[MK:.+]] = prim.reshape %[[MAX]] : tensor<3xf32> -> tensor<3x1xf32>
// CHECK: %[[IOTA:.+]] = prim.iota dim = 1 : tensor<3x5xi64>
// CHECK: %[[MB:.+]] = prim.broadcast_in_dim %[[MK]], dims = [0, 1]
// CHECK: %[[HIT:.+]] = prim.compare %arg0, %[[MB]], predicate = eq
// CHECK: %[[NAN:.+]] = prim.compare %arg0, %arg0, predicate = ne
// CHECK: %[[ANY:.+]] = prim.or %[[HIT]], %[[NAN]]
// CHECK: %[[CAND:.+]] = prim.select %[[ANY]], %[[IOTA]], %[[BEYOND]]
// CHECK: prim.reduce min %[[CAND]], dims = [1] : tensor<3x5xi64> -> tensor<3xi64>
func.func @argmax(%x: tensor<3x5xf32>) -> tensor<3xi64> {
  %0 = aten.call "aten.argmax.default"(self: %x) {dim = 1 : i64, keepdim = false} : (tensor<3x5xf32>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// any along dim 1 of a float tensor: or-reduce of x != 0.
// CHECK-LABEL: func.func @any_dim
// CHECK: %[[Z:.+]] = prim.constant dense<0.000000e+00> : tensor<3x5xf32>
// CHECK: %[[NZ:.+]] = prim.compare %arg0, %[[Z]], predicate = ne : tensor<3x5xf32>
// CHECK: %[[R:.+]] = prim.reduce or %[[NZ]], dims = [1] : tensor<3x5xi1> -> tensor<3xi1>
// CHECK: return %[[R]]
func.func @any_dim(%x: tensor<3x5xf32>) -> tensor<3xi1> {
  %0 = aten.call "aten.any.dim"(self: %x) {dim = 1 : i64, keepdim = false} : (tensor<3x5xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// logsumexp of a 0-d tensor over its dim 0 (torch wraps 0 and -1 for a
// 0-d tensor) is its one element: no prim.reduce over a dim it lacks (that
// failed type inference and aborted pt2c, issue #17).
// CHECK-LABEL: func.func @logsumexp_0d
// CHECK-SAME: (%[[X:.+]]: tensor<f32>)
// CHECK-NOT: prim.reduce
// CHECK: return %[[X]], %[[X]]
func.func @logsumexp_0d(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = aten.call "aten.logsumexp.default"(self: %x) {dim = array<i64: 0>, keepdim = false} : (tensor<f32>) -> tensor<f32>
  %1 = aten.call "aten.logsumexp.default"(self: %x) {dim = array<i64: -1>, keepdim = true} : (tensor<f32>) -> tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}

// -----

// segment_reduce mean by lengths with an initial: the segments' ends (a
// cumsum) and starts, a [segments, rows] membership mask, the masked sum
// per segment, (initial + sum) / length where the segment is not empty and
// the initial where it is.
// CHECK-LABEL: func.func @segment_mean
// CHECK: %[[ENDS:.*]] = prim.cumsum %arg1, dim = 0 : tensor<3xi64>
// CHECK: %[[STARTS:.*]] = prim.sub %[[ENDS]], %arg1 : tensor<3xi64>
// CHECK: %[[ROW:.*]] = prim.iota dim = 1 : tensor<3x5xi64>
// CHECK: prim.compare %[[ROW]], %{{.*}}, predicate = ge : tensor<3x5xi64>
// CHECK: prim.compare %[[ROW]], %{{.*}}, predicate = lt : tensor<3x5xi64>
// CHECK: %[[SUM:.*]] = prim.reduce sum %{{.*}}, dims = [1] : tensor<3x5x2xf32> -> tensor<3x2xf32>
// CHECK: %[[NONEMPTY:.*]] = prim.compare %{{.*}}, %{{.*}}, predicate = gt : tensor<3x2xf32>
// CHECK: prim.select %[[NONEMPTY]]
func.func @segment_mean(%x: tensor<5x2xf32>, %l: tensor<3xi64>) -> tensor<3x2xf32> {
  %0 = aten.call "aten.segment_reduce.default"(data: %x, lengths: %l) {reduce = "mean", axis = 0 : i64, unsafe = false, initial = 5.000000e-01 : f64} : (tensor<5x2xf32>, tensor<3xi64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// segment_reduce along axis 1 with 2-d lengths: each of the 2 rows of data
// has its own 3 segments, so the ends and starts are [2, 3] (a cumsum along
// dim 1), the membership mask [2, 3, 5], and the reduction runs over dim 2
// of [2, 3, 5, 4].
// CHECK-LABEL: func.func @segment_axis1
// CHECK: %[[ENDS:.*]] = prim.cumsum %arg1, dim = 1 : tensor<2x3xi64>
// CHECK: %[[ROW:.*]] = prim.iota dim = 2 : tensor<2x3x5xi64>
// CHECK: prim.broadcast_in_dim %[[ENDS]], dims = [0, 1] : tensor<2x3xi64> -> tensor<2x3x5xi64>
// CHECK: prim.broadcast_in_dim %arg0, dims = [0, 2, 3] : tensor<2x5x4xf32> -> tensor<2x3x5x4xf32>
// CHECK: prim.reduce max %{{.*}}, dims = [2] : tensor<2x3x5x4xf32> -> tensor<2x3x4xf32>
func.func @segment_axis1(%x: tensor<2x5x4xf32>, %l: tensor<2x3xi64>) -> tensor<2x3x4xf32> {
  %0 = aten.call "aten.segment_reduce.default"(data: %x, lengths: %l) {reduce = "max", axis = 1 : i64, unsafe = false} : (tensor<2x5x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// trapezoid with an x of lower rank than y: x gets leading 1s ([1, 3]), its
// differences along dim ([1, 2]) broadcast with y's pieces ([2, 2]).
// CHECK-LABEL: func.func @trapezoid_broadcast_x
// CHECK: %[[R:.*]] = prim.slice %arg1 [0:1, 1:3]
// CHECK: %[[L:.*]] = prim.slice %arg1 [0:1, 0:2]
// CHECK: %[[DX:.*]] = prim.sub %[[R]], %[[L]] : tensor<1x2xf32>
// CHECK: prim.broadcast_in_dim %[[DX]], dims = [0, 1] : tensor<1x2xf32> -> tensor<2x2xf32>
// CHECK: prim.reduce sum %{{.*}}, dims = [1] : tensor<2x2xf32> -> tensor<2xf32>
func.func @trapezoid_broadcast_x(%y: tensor<2x3xf32>, %x: tensor<1x3xf32>) -> tensor<2xf32> {
  %0 = aten.call "aten.trapezoid.x"(y: %y, x: %x) {dim = -1 : i64} : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
