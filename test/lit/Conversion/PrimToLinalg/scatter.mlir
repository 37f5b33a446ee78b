// RUN: %pt2c-opt %s --pt2c-lower-prim-to-linalg --split-input-file | FileCheck %s

// bf16 add: the operand is copied to f32, one generic runs parallel over
// the result and reduces over the indices' dim 0 (d2), adding the updates
// whose index is the row (d0), and the sum is rounded once.
// CHECK-DAG: #[[$AT_J:.+]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$ROW:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @add_bf16
// An index outside [0, 5) would match no row and its update be lost: the
// indices are checked at run time first (IndexChecks.cpp).
// CHECK: %[[RANGE:.+]]:2 = linalg.generic {{.+}} ins(%arg1 : tensor<3x4xi64>)
// CHECK: scf.if
// CHECK-NEXT: func.call @pt2crt_index_out_of_range
// CHECK: {pt2c.index_check}
// CHECK: %[[ACC:.+]] = linalg.generic {{.*}} ins(%arg0 : tensor<5x4xbf16>) outs(%{{.+}} : tensor<5x4xf32>)
// CHECK: arith.extf
// CHECK: %[[SUM:.+]] = linalg.generic {indexing_maps = [#[[$AT_J]], #[[$AT_J]], #[[$ROW]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg1, %arg2 : tensor<3x4xi64>, tensor<3x4xbf16>) outs(%[[ACC]] : tensor<5x4xf32>)
// The mark, and the site of the indices' check (the GPU's scatter kernel
// does the check in its own compare: pt2c-scatter-atomics).
// CHECK-SAME: attrs = {pt2c.index_site = @pt2c_index_site, pt2c.scatter_dim = 0 : i64}
// CHECK: ^bb0(%[[I:.+]]: i64, %[[U:.+]]: bf16, %[[OUT:.+]]: f32):
// CHECK: %[[ROWPOS:.+]] = linalg.index 0 : index
// CHECK: %[[TARGET:.+]] = arith.index_cast %[[I]] : i64 to index
// CHECK: %[[HIT:.+]] = arith.cmpi eq, %[[TARGET]], %[[ROWPOS]] : index
// CHECK: %[[WIDE:.+]] = arith.extf %[[U]] : bf16 to f32
// CHECK: %[[NEXT:.+]] = arith.addf %[[OUT]], %[[WIDE]] : f32
// CHECK: arith.select %[[HIT]], %[[NEXT]], %[[OUT]] : f32
// CHECK: linalg.generic {{.*}} ins(%[[SUM]] : tensor<5x4xf32>) outs(%{{.+}} : tensor<5x4xbf16>)
// CHECK: arith.truncf
func.func @add_bf16(%x: tensor<5x4xbf16>, %i: tensor<3x4xi64>, %u: tensor<3x4xbf16>) -> tensor<5x4xbf16> {
  %0 = prim.scatter add %x, %i, %u, dim = 0 : (tensor<5x4xbf16>, tensor<3x4xi64>, tensor<3x4xbf16>) -> tensor<5x4xbf16>
  return %0 : tensor<5x4xbf16>
}

// -----

// assign with indices smaller than the operand in dim 0 (2 of 3 rows): a
// linalg.copy of the operand (an identity generic would fold and the
// scatter would write into the argument), rows >= 2 are guarded and read
// a clamped row; the last update that hits wins.
// CHECK-LABEL: func.func @assign_small
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK: %[[COPY:.+]] = linalg.copy ins(%arg0 : tensor<3x5xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg1 : tensor<2x1xi32>) outs(%[[COPY]] : tensor<3x5xf32>)
// CHECK: ^bb0(%{{.+}}: i32, %[[OUT:.+]]: f32):
// CHECK: %[[COL:.+]] = linalg.index 1 : index
// CHECK: %[[ROWPOS:.+]] = linalg.index 0 : index
// CHECK: %[[IN:.+]] = arith.cmpi ult, %[[ROWPOS]], %[[C2]] : index
// CHECK: %[[R:.+]] = arith.select %[[IN]], %[[ROWPOS]], %[[C0]] : index
// CHECK: %[[I:.+]] = tensor.extract %arg1[%[[R]], %[[C0]]] : tensor<2x1xi32>
// CHECK: %[[U:.+]] = tensor.extract %arg2[%[[R]], %[[C0]]] : tensor<2x1xf32>
// CHECK: %[[TARGET:.+]] = arith.index_cast %[[I]] : i32 to index
// CHECK: %[[EQ:.+]] = arith.cmpi eq, %[[TARGET]], %[[COL]] : index
// CHECK: %[[HIT:.+]] = arith.andi %[[EQ]], %[[IN]] : i1
// CHECK: arith.select %[[HIT]], %[[U]], %[[OUT]] : f32
func.func @assign_small(%x: tensor<3x5xf32>, %i: tensor<2x1xi32>, %u: tensor<2x1xf32>) -> tensor<3x5xf32> {
  %0 = prim.scatter assign %x, %i, %u, dim = 1 : (tensor<3x5xf32>, tensor<2x1xi32>, tensor<2x1xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Integer max with unknown row counts: guarded by the indices' run-time
// size, combined with a signed maximum.
// CHECK-LABEL: func.func @max_int
// CHECK: %[[N:.+]] = tensor.dim %arg1, %{{.+}} : tensor<?x4xi64>
// CHECK: linalg.generic
// CHECK: arith.cmpi ult, %{{.+}}, %[[N]] : index
// CHECK: %[[M:.+]] = arith.maxsi %[[OUT:.+]], %{{.+}} : i32
// CHECK: arith.select %{{.+}}, %[[M]], %[[OUT]] : i32
func.func @max_int(%x: tensor<?x4xi32>, %i: tensor<?x4xi64>, %u: tensor<?x4xi32>) -> tensor<?x4xi32> {
  %0 = prim.scatter max %x, %i, %u, dim = 1 : (tensor<?x4xi32>, tensor<?x4xi64>, tensor<?x4xi32>) -> tensor<?x4xi32>
  return %0 : tensor<?x4xi32>
}

// -----

// Float min and mul: NaN-propagating minimum, a product.
// CHECK-LABEL: func.func @min_mul
// CHECK: arith.minimumf
// CHECK: arith.mulf
func.func @min_mul(%x: tensor<4xf32>, %i: tensor<6xi64>, %u: tensor<6xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = prim.scatter min %x, %i, %u, dim = 0 : (tensor<4xf32>, tensor<6xi64>, tensor<6xf32>) -> tensor<4xf32>
  %1 = prim.scatter mul %x, %i, %u, dim = 0 : (tensor<4xf32>, tensor<6xi64>, tensor<6xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
