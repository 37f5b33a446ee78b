// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// mse_loss(a, b) with reduction 1 (mean): the sum of (a - b)^2 over all
// elements divided by their count (12); l1_loss with reduction 0 (none)
// is |a - b| itself, and 2 (sum) the plain sum.
// CHECK-LABEL: func.func @losses
// CHECK-SAME: (%[[A:.+]]: tensor<3x4xf32>, %[[B:.+]]: tensor<3x4xf32>)
// CHECK-DAG: %[[N:.+]] = prim.constant dense<1.200000e+01> : tensor<f32>
// CHECK: %[[D:.+]] = prim.sub %[[A]], %[[B]]
// CHECK: %[[SQ:.+]] = prim.mul %[[D]], %[[D]]
// CHECK: %[[S:.+]] = prim.reduce sum %[[SQ]], dims = [0, 1] : tensor<3x4xf32> -> tensor<f32>
// CHECK: %[[MEAN:.+]] = prim.div %[[S]], %[[N]] : tensor<f32>
// CHECK: %[[D2:.+]] = prim.sub %[[A]], %[[B]]
// CHECK: %[[ABS:.+]] = prim.abs %[[D2]]
// CHECK: %[[D3:.+]] = prim.sub %[[A]], %[[B]]
// CHECK: %[[ABS3:.+]] = prim.abs %[[D3]]
// CHECK: %[[SUM:.+]] = prim.reduce sum %[[ABS3]], dims = [0, 1]
// CHECK: return %[[MEAN]], %[[ABS]], %[[SUM]]
func.func @losses(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> (tensor<f32>, tensor<3x4xf32>, tensor<f32>) {
  %0 = aten.call "aten.mse_loss.default"(self: %a, target: %b) {reduction = 1 : i64} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<f32>
  %1 = aten.call "aten.l1_loss.default"(self: %a, target: %b) {reduction = 0 : i64} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %2 = aten.call "aten.l1_loss.default"(self: %a, target: %b) {reduction = 2 : i64} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<f32>, tensor<3x4xf32>, tensor<f32>
}

// -----

// A target of another shape is broadcast first ([3, 1] and [4] make
// [3, 4]), and a mean counts the broadcast elements; f16 in f32.
// CHECK-LABEL: func.func @mse_broadcast
// CHECK-SAME: (%[[A:.+]]: tensor<3x1xf16>, %[[B:.+]]: tensor<4xf16>)
// CHECK-DAG: %[[N:.+]] = prim.constant dense<1.200000e+01> : tensor<f32>
// CHECK: %[[FA:.+]] = prim.convert %[[A]] : tensor<3x1xf16> -> tensor<3x1xf32>
// CHECK: prim.broadcast_in_dim %[[FA]], dims = [0, 1] : tensor<3x1xf32> -> tensor<3x4xf32>
// CHECK: %[[FB:.+]] = prim.convert %[[B]] : tensor<4xf16> -> tensor<4xf32>
// CHECK: prim.broadcast_in_dim %[[FB]], dims = [1] : tensor<4xf32> -> tensor<3x4xf32>
// CHECK: %[[S:.+]] = prim.reduce sum %{{.+}}, dims = [0, 1] : tensor<3x4xf32> -> tensor<f32>
// CHECK: %[[M:.+]] = prim.div %[[S]], %[[N]]
// CHECK: prim.convert %[[M]] : tensor<f32> -> tensor<f16>
func.func @mse_broadcast(%a: tensor<3x1xf16>, %b: tensor<4xf16>) -> tensor<f16> {
  %0 = aten.call "aten.mse_loss.default"(self: %a, target: %b) {reduction = 1 : i64} : (tensor<3x1xf16>, tensor<4xf16>) -> tensor<f16>
  return %0 : tensor<f16>
}

// -----

// multi_margin_loss: x[y] gathered per row, max(0, margin - x[y] + x[i])
// summed over the classes i other than y, over C, then the mean.
// CHECK-LABEL: func.func @multi_margin
// CHECK: %[[Y:.*]] = prim.reshape %arg1 : tensor<2xi64> -> tensor<2x1xi64>
// CHECK: %[[XY:.*]] = prim.take_along %arg0, %[[Y]], dim = 1 : (tensor<2x3xf32>, tensor<2x1xi64>) -> tensor<2x1xf32>
// CHECK: prim.max
// CHECK: %[[OTHER:.*]] = prim.compare %{{.*}}, %{{.*}}, predicate = ne : tensor<2x3xi64>
// CHECK: %[[TERMS:.*]] = prim.select %[[OTHER]]
// CHECK: prim.reduce sum %[[TERMS]], dims = [1] : tensor<2x3xf32> -> tensor<2xf32>
// CHECK: prim.reduce sum %{{.*}}, dims = [0] : tensor<2xf32> -> tensor<f32>
func.func @multi_margin(%x: tensor<2x3xf32>, %t: tensor<2xi64>) -> tensor<f32> {
  %0 = aten.call "aten.multi_margin_loss.default"(self: %x, target: %t) {p = 1 : i64, margin = 1 : i64, reduction = 1 : i64} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// multilabel_margin_loss: the target entries before the first -1 (a
// cumsum of the -1s is still 0), which classes they name (pairs [N, j, i]),
// and the hinge over (valid j, non-target i) pairs summed per row.
// CHECK-LABEL: func.func @multilabel
// CHECK: %[[ENDS:.*]] = prim.cumsum %{{.*}}, dim = 1 : tensor<2x3xi64>
// CHECK: %[[VALID:.*]] = prim.compare %[[ENDS]], %{{.*}}, predicate = eq : tensor<2x3xi64>
// CHECK: prim.iota dim = 2 : tensor<2x3x3xi64>
// CHECK: %[[IS:.*]] = prim.reduce max %{{.*}}, dims = [1] : tensor<2x3x3xi64> -> tensor<2x3xi64>
// CHECK: prim.take_along %arg0, %{{.*}}, dim = 1 : (tensor<2x3xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
// CHECK: prim.max
// CHECK: prim.reduce sum %{{.*}}, dims = [1, 2] : tensor<2x3x3xf32> -> tensor<2xf32>
func.func @multilabel(%x: tensor<2x3xf32>, %t: tensor<2x3xi64>) -> tensor<2xf32> {
  %0 = aten.call "aten.multilabel_margin_loss.default"(self: %x, target: %t) {reduction = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// cross_entropy with class probabilities as the target (float, self's
// shape): -sum over the classes (dim 1) of target x log_softmax, label
// smoothing 0.1 mixing in 0.1 / 3 per class; mean over the 2 x 2 samples.
// CHECK-LABEL: func.func @cross_entropy_probabilities
// CHECK: %[[SMOOTH:.+]] = prim.mul %{{.+}}, %{{.+}} : tensor<2x3x2xf32>
// CHECK: %[[T:.+]] = prim.add %[[SMOOTH]], %{{.+}} : tensor<2x3x2xf32>
// CHECK: %[[TERMS:.+]] = prim.mul %{{.+}}, %[[T]] : tensor<2x3x2xf32>
// CHECK: %[[PER:.+]] = prim.reduce sum %[[TERMS]], dims = [1] : tensor<2x3x2xf32> -> tensor<2x2xf32>
// CHECK: %[[NEG:.+]] = prim.neg %[[PER]] : tensor<2x2xf32>
// CHECK: %[[ALL:.+]] = prim.reduce sum %[[NEG]], dims = [0, 1] : tensor<2x2xf32> -> tensor<f32>
// CHECK: prim.div %[[ALL]], %{{.+}} : tensor<f32>
func.func @cross_entropy_probabilities(%x: tensor<2x3x2xf32>, %t: tensor<2x3x2xf32>) -> tensor<f32> {
  %0 = aten.call "aten.cross_entropy_loss.default"(self: %x, target: %t) {ignore_index = -100 : i64, label_smoothing = 1.000000e-01 : f64, reduction = 1 : i64, weight = #aten.none} : (tensor<2x3x2xf32>, tensor<2x3x2xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}
