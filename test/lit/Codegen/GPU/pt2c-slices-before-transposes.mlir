// RUN: %pt2c-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(pt2c-slices-before-transposes))" | FileCheck %s

// llama's q: transposed (batch, seq, heads, dim) -> (batch, heads, seq,
// dim), read whole by `q * cos` and in halves by rotate_half. Each half
// becomes a transpose of the same half of the input (dim 3 stays dim 3);
// the whole transpose stays for its other reader.
// CHECK-LABEL: func.func @rotary_halves(
// CHECK-SAME: %[[X:.+]]: tensor<2x16x4x64xf32>
// CHECK: %[[WHOLE:.+]] = linalg.transpose ins(%[[X]] : tensor<2x16x4x64xf32>) outs(%{{.+}} : tensor<2x4x16x64xf32>) permutation = [0, 2, 1, 3]
// CHECK-DAG: %[[LOW:.+]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [2, 16, 4, 32] [1, 1, 1, 1] : tensor<2x16x4x64xf32> to tensor<2x16x4x32xf32>
// CHECK-DAG: %[[HIGH:.+]] = tensor.extract_slice %[[X]][0, 0, 0, 32] [2, 16, 4, 32] [1, 1, 1, 1] : tensor<2x16x4x64xf32> to tensor<2x16x4x32xf32>
// CHECK-DAG: linalg.transpose ins(%[[LOW]] : tensor<2x16x4x32xf32>) outs(%{{.+}} : tensor<2x4x16x32xf32>) permutation = [0, 2, 1, 3]
// CHECK-DAG: linalg.transpose ins(%[[HIGH]] : tensor<2x16x4x32xf32>) outs(%{{.+}} : tensor<2x4x16x32xf32>) permutation = [0, 2, 1, 3]
// CHECK-NOT: tensor.extract_slice %[[WHOLE]]
func.func @rotary_halves(%x: tensor<2x16x4x64xf32>) -> (tensor<2x4x16x64xf32>, tensor<2x4x16x32xf32>, tensor<2x4x16x32xf32>) {
  %e = tensor.empty() : tensor<2x4x16x64xf32>
  %t = linalg.transpose ins(%x : tensor<2x16x4x64xf32>) outs(%e : tensor<2x4x16x64xf32>) permutation = [0, 2, 1, 3]
  %low = tensor.extract_slice %t[0, 0, 0, 0] [2, 4, 16, 32] [1, 1, 1, 1] : tensor<2x4x16x64xf32> to tensor<2x4x16x32xf32>
  %high = tensor.extract_slice %t[0, 0, 0, 32] [2, 4, 16, 32] [1, 1, 1, 1] : tensor<2x4x16x64xf32> to tensor<2x4x16x32xf32>
  return %t, %low, %high : tensor<2x4x16x64xf32>, tensor<2x4x16x32xf32>, tensor<2x4x16x32xf32>
}

// -----

// A 2-d transpose with a strided slice along both dims and a dynamic
// offset: the input's dim 0 takes the result's dim 1 offset, size and
// stride, and the other way round.
// CHECK-LABEL: func.func @strided_dynamic(
// CHECK-SAME: %[[X:.+]]: tensor<8x6xf32>, %[[O:.+]]: index
// CHECK: %[[S:.+]] = tensor.extract_slice %[[X]][1, %[[O]]] [3, 2] [2, 3] : tensor<8x6xf32> to tensor<3x2xf32>
// CHECK: %[[E:.+]] = tensor.empty() : tensor<2x3xf32>
// CHECK: %[[T:.+]] = linalg.transpose ins(%[[S]] : tensor<3x2xf32>) outs(%[[E]] : tensor<2x3xf32>) permutation = [1, 0]
// CHECK: return %[[T]]
func.func @strided_dynamic(%x: tensor<8x6xf32>, %o: index) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<6x8xf32>
  %t = linalg.transpose ins(%x : tensor<8x6xf32>) outs(%e : tensor<6x8xf32>) permutation = [1, 0]
  %s = tensor.extract_slice %t[%o, 1] [2, 3] [3, 2] : tensor<6x8xf32> to tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}

// -----

// A rank-reducing slice is left alone.
// CHECK-LABEL: func.func @rank_reducing(
// CHECK: %[[T:.+]] = linalg.transpose
// CHECK: tensor.extract_slice %[[T]][0, 0] [1, 8] [1, 1] : tensor<6x8xf32> to tensor<8xf32>
func.func @rank_reducing(%x: tensor<8x6xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<6x8xf32>
  %t = linalg.transpose ins(%x : tensor<8x6xf32>) outs(%e : tensor<6x8xf32>) permutation = [1, 0]
  %s = tensor.extract_slice %t[0, 0] [1, 8] [1, 1] : tensor<6x8xf32> to tensor<8xf32>
  return %s : tensor<8xf32>
}
