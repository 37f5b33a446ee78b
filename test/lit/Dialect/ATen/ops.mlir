// RUN: %pt2c-opt %s | FileCheck %s
// RUN: %pt2c-opt %s | %pt2c-opt | FileCheck %s
// RUN: %pt2c-opt %s -mlir-print-op-generic | %pt2c-opt | FileCheck %s

// CHECK-LABEL: func.func @single_and_list_operands
func.func @single_and_list_operands(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  // CHECK: aten.call "aten.cat.default"(tensors: [%{{.+}}, %{{.+}}]) {dim = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  %0 = aten.call "aten.cat.default"(tensors: [%a, %b]) {dim = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// A list of one stays a list; an empty list is kept too.
// CHECK-LABEL: func.func @list_of_one
func.func @list_of_one(%a: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: aten.call "aten.cat.default"(tensors: [%{{.+}}], others: []) : (tensor<2xf32>) -> tensor<2xf32>
  %0 = aten.call "aten.cat.default"(tensors: [%a], others: []) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// None in a Tensor?[] list, #aten.none attributes, multiple and zero results,
// other attributes after the args dictionary, and names that need quoting.
// CHECK-LABEL: func.func @none_and_results
func.func @none_and_results(%x: tensor<4x5xf32>, %i: tensor<3xi64>) {
  // CHECK: %[[NONE:.+]] = aten.none
  %none = aten.none
  // CHECK: aten.call "aten.index.Tensor"(self: %{{.+}}, indices: [%[[NONE]], %{{.+}}]) {dtype = #aten.none} attributes {pt2c.result_dims = [unit]} : (tensor<4x5xf32>, !aten.none, tensor<3xi64>) -> tensor<4x3xf32>
  %0 = aten.call "aten.index.Tensor"(self: %x, indices: [%none, %i]) {dtype = #aten.none} attributes {pt2c.result_dims = [unit]} : (tensor<4x5xf32>, !aten.none, tensor<3xi64>) -> tensor<4x3xf32>
  // CHECK: %{{.+}}:2 = aten.call "aten.max.dim"(self: %{{.+}}) {dim = 1 : i64} : (tensor<4x5xf32>) -> (tensor<4xf32>, tensor<4xi64>)
  %1:2 = aten.call "aten.max.dim"(self: %x) {dim = 1 : i64} : (tensor<4x5xf32>) -> (tensor<4xf32>, tensor<4xi64>)
  // CHECK: aten.call "higher_order.example"("": %{{.+}}, "2nd arg": %{{.+}}) : (tensor<4x5xf32>, tensor<3xi64>) -> ()
  aten.call "higher_order.example"("": %x, "2nd arg": %i) : (tensor<4x5xf32>, tensor<3xi64>) -> ()
  return
}
