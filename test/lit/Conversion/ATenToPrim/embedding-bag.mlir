// RUN: %pt2c-opt %s --pt2c-decompose-aten | FileCheck %s

// _embedding_bag, mode mean, padding_idx 2: bag b holds positions
// offsets[b] <= i < offsets[b + 1] (the last bag ends at 8) whose index is
// not 2; the gathered rows are summed per bag and divided by the member
// count, empty bags giving 0. The unused auxiliary results are not computed.
// CHECK-LABEL: func.func @embedding_bag_mean
// CHECK-DAG: %[[PAD:.+]] = prim.constant dense<2> : tensor<3x8xi64>
// CHECK-DAG: %[[END:.+]] = prim.constant dense<8> : tensor<1xi64>
// CHECK: %[[POS:.+]] = prim.iota dim = 1 : tensor<3x8xi64>
// CHECK: %[[START:.+]] = prim.slice %arg2 [0:3]
// CHECK: %[[NEXT:.+]] = prim.slice %arg2 [1:3]
// CHECK: %[[STOP:.+]] = prim.concatenate [%[[NEXT]], %[[END]]], dim = 0
// CHECK: %[[GE:.+]] = prim.compare %[[POS]], %{{.+}}, predicate = ge
// CHECK: %[[LT:.+]] = prim.compare %[[POS]], %{{.+}}, predicate = lt
// CHECK: %[[IN:.+]] = prim.and %[[GE]], %[[LT]]
// CHECK: %[[NOTPAD:.+]] = prim.compare %{{.+}}, %[[PAD]], predicate = ne
// CHECK: %[[MEMBER:.+]] = prim.and %[[IN]], %[[NOTPAD]]
// CHECK: %[[ROWS:.+]] = prim.take %arg0, %arg1, dim = 0 : (tensor<10x4xf32>, tensor<8xi64>) -> tensor<8x4xf32>
// CHECK: %[[COUNT:.+]] = prim.reduce sum %{{.+}}, dims = [1] : tensor<3x8xf32> -> tensor<3xf32>
// CHECK: %[[SUM:.+]] = prim.reduce sum %{{.+}}, dims = [1] : tensor<3x8x4xf32> -> tensor<3x4xf32>
// CHECK: %[[MEAN:.+]] = prim.div %[[SUM]], %{{.+}}
// CHECK: prim.select %{{.+}}, %{{.+}}, %[[MEAN]]
func.func @embedding_bag_mean(%w: tensor<10x4xf32>, %i: tensor<8xi64>, %o: tensor<3xi64>) -> tensor<3x4xf32> {
  %0:4 = aten.call "aten._embedding_bag.default"(weight: %w, indices: %i, offsets: %o) {include_last_offset = false, mode = 1 : i64, padding_idx = 2 : i64, per_sample_weights = #aten.none, scale_grad_by_freq = false, sparse = false} : (tensor<10x4xf32>, tensor<8xi64>, tensor<3xi64>) -> (tensor<3x4xf32>, tensor<8xi64>, tensor<3xi64>, tensor<3xi64>)
  return %0#0 : tensor<3x4xf32>
}
