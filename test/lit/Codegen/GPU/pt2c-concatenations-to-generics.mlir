// RUN: %pt2c-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(pt2c-concatenations-to-generics))" | FileCheck %s

// A rotary embedding's rotate_half: cat((-x[..., 32:], x[..., :32])) along
// the last dim. One generic reads piece 0 at j mod 32 and piece 1 at
// (j - 32) mod 32, which is j mod 32 too (in bounds everywhere), and picks
// by the index.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$MOD:.+]] = affine_map<(d0, d1) -> (d0, d1 mod 32)>
// CHECK-LABEL: func.func @rotate_half(
// CHECK-NOT: tensor.insert_slice
// CHECK: %[[EMPTY:.+]] = tensor.empty() : tensor<4x64xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$MOD]], #[[$MOD]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[NEG:.+]], %[[LOW:.+]] : tensor<4x32xf32>, tensor<4x32xf32>) outs(%[[EMPTY]] : tensor<4x64xf32>)
// CHECK: ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %{{.+}}: f32):
// CHECK: %[[J:.+]] = linalg.index 1 : index
// CHECK: %[[BEFORE:.+]] = arith.cmpi ult, %[[J]], %c32 : index
// CHECK: %[[V:.+]] = arith.select %[[BEFORE]], %[[A]], %[[B]] : f32
// CHECK: linalg.yield %[[V]] : f32
func.func @rotate_half(%x: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %low = tensor.extract_slice %x[0, 0] [4, 32] [1, 1] : tensor<4x64xf32> to tensor<4x32xf32>
  %high = tensor.extract_slice %x[0, 32] [4, 32] [1, 1] : tensor<4x64xf32> to tensor<4x32xf32>
  %e = tensor.empty() : tensor<4x32xf32>
  %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%high : tensor<4x32xf32>) outs(%e : tensor<4x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x32xf32>
  %dest = tensor.empty() : tensor<4x64xf32>
  %0 = tensor.insert_slice %neg into %dest[0, 0] [4, 32] [1, 1] : tensor<4x32xf32> into tensor<4x64xf32>
  %1 = tensor.insert_slice %low into %0[0, 32] [4, 32] [1, 1] : tensor<4x32xf32> into tensor<4x64xf32>
  return %1 : tensor<4x64xf32>
}

// -----

// Three pieces of different sizes along dim 0, inserted out of order: the
// select chain follows their offsets (0: %a, 1-2: %b, 3-6: %c); %a's row
// (d0 mod 1) is row 0.
// CHECK-DAG: #[[$A0:.+]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[$B0:.+]] = affine_map<(d0, d1) -> ((d0 - 1) mod 2, d1)>
// CHECK-DAG: #[[$C0:.+]] = affine_map<(d0, d1) -> ((d0 - 3) mod 4, d1)>
// CHECK-LABEL: func.func @three_pieces(
// CHECK: linalg.generic {indexing_maps = [#[[$A0]], #[[$B0]], #[[$C0]], #{{.+}}]
// CHECK-SAME: ins(%arg0, %arg1, %arg2 : tensor<1x8xi64>, tensor<2x8xi64>, tensor<4x8xi64>)
// CHECK: ^bb0(%[[A:.+]]: i64, %[[B:.+]]: i64, %[[C:.+]]: i64, %{{.+}}: i64):
// CHECK: %[[I:.+]] = linalg.index 0 : index
// CHECK: %[[IN_B:.+]] = arith.cmpi ult, %[[I]], %c3 : index
// CHECK: %[[BC:.+]] = arith.select %[[IN_B]], %[[B]], %[[C]] : i64
// CHECK: %[[IN_A:.+]] = arith.cmpi ult, %[[I]], %c1 : index
// CHECK: %[[ABC:.+]] = arith.select %[[IN_A]], %[[A]], %[[BC]] : i64
// CHECK: linalg.yield %[[ABC]] : i64
func.func @three_pieces(%a: tensor<1x8xi64>, %b: tensor<2x8xi64>, %c: tensor<4x8xi64>) -> tensor<7x8xi64> {
  %dest = tensor.empty() : tensor<7x8xi64>
  %0 = tensor.insert_slice %c into %dest[3, 0] [4, 8] [1, 1] : tensor<4x8xi64> into tensor<7x8xi64>
  %1 = tensor.insert_slice %a into %0[0, 0] [1, 8] [1, 1] : tensor<1x8xi64> into tensor<7x8xi64>
  %2 = tensor.insert_slice %b into %1[1, 0] [2, 8] [1, 1] : tensor<2x8xi64> into tensor<7x8xi64>
  return %2 : tensor<7x8xi64>
}

// -----

// Left as inserts: pieces that do not tile the destination (a gap, so the
// rest keeps the empty tensor's undefined values), an intermediate result
// read elsewhere, a piece placed along two dims, and five pieces.
// CHECK-LABEL: func.func @not_concatenations(
// CHECK-NOT: linalg.generic
// CHECK-COUNT-11: tensor.insert_slice
// CHECK-NOT: linalg.generic
func.func @not_concatenations(%a: tensor<4x2xf32>, %b: tensor<2x2xf32>, %c: tensor<4x1xf32>)
    -> (tensor<4x8xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x5xf32>) {
  %e8 = tensor.empty() : tensor<4x8xf32>
  %gap0 = tensor.insert_slice %a into %e8[0, 0] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<4x8xf32>
  %gap1 = tensor.insert_slice %a into %gap0[0, 4] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<4x8xf32>
  %e4 = tensor.empty() : tensor<4x4xf32>
  %seen0 = tensor.insert_slice %a into %e4[0, 0] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<4x4xf32>
  %seen1 = tensor.insert_slice %a into %seen0[0, 2] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<4x4xf32>
  %two0 = tensor.insert_slice %b into %e4[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
  %two1 = tensor.insert_slice %a into %two0[0, 2] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<4x4xf32>
  %e5 = tensor.empty() : tensor<4x5xf32>
  %f0 = tensor.insert_slice %c into %e5[0, 0] [4, 1] [1, 1] : tensor<4x1xf32> into tensor<4x5xf32>
  %f1 = tensor.insert_slice %c into %f0[0, 1] [4, 1] [1, 1] : tensor<4x1xf32> into tensor<4x5xf32>
  %f2 = tensor.insert_slice %c into %f1[0, 2] [4, 1] [1, 1] : tensor<4x1xf32> into tensor<4x5xf32>
  %f3 = tensor.insert_slice %c into %f2[0, 3] [4, 1] [1, 1] : tensor<4x1xf32> into tensor<4x5xf32>
  %f4 = tensor.insert_slice %c into %f3[0, 4] [4, 1] [1, 1] : tensor<4x1xf32> into tensor<4x5xf32>
  return %gap1, %seen0, %seen1, %two1, %f4 : tensor<4x8xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x5xf32>
}
