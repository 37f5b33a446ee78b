// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pt2c-scatter-loops{min-work=8 max-chunks=2}))' | FileCheck %s

// A scatter-add along dim 0 as pt2c-lower-prim-to-linalg emits it (marked
// pt2c.scatter_dim): loops over the indices' [2, 3] positions; each update
// goes to row indices[u0, u1] of column u1 when that row exists, combined
// by the generic's own body (linalg.index 0 read as the target row).
// CHECK-LABEL: func.func @scatter_add
// CHECK-SAME: (%[[X:.+]]: tensor<4x3xf32>, %[[I:.+]]: tensor<2x3xi64>, %[[U:.+]]: tensor<2x3xf32>)
// CHECK: %[[COPY:.+]] = linalg.copy ins(%[[X]]
// CHECK: %[[ROWS:.+]] = tensor.dim %[[COPY]], %{{.+}} : tensor<4x3xf32>
// CHECK: %[[R:.+]] = scf.for %[[U0:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[A0:.+]] = %[[COPY]])
// CHECK: scf.for %[[U1:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[A1:.+]] = %[[A0]])
// CHECK: %[[IDX:.+]] = tensor.extract %[[I]][%[[U0]], %[[U1]]]
// CHECK: %[[T:.+]] = arith.index_cast %[[IDX]] : i64 to index
// CHECK: %[[IN:.+]] = arith.cmpi ult, %[[T]], %[[ROWS]]
// CHECK: scf.if %[[IN]] -> (tensor<4x3xf32>)
// CHECK: %[[CUR:.+]] = tensor.extract %[[A1]][%[[T]], %[[U1]]]
// CHECK: %[[UPD:.+]] = tensor.extract %[[U]][%[[U0]], %[[U1]]]
// CHECK: %[[SUM:.+]] = arith.addf %[[CUR]], %[[UPD]]
// CHECK: %[[NEW:.+]] = arith.select %{{.+}}, %[[SUM]], %[[CUR]]
// CHECK: %[[INS:.+]] = tensor.insert %[[NEW]] into %[[A1]][%[[T]], %[[U1]]]
// CHECK: scf.yield %[[INS]]
// CHECK: } else {
// CHECK: scf.yield %[[A1]]
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
#rows = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @scatter_add(%x: tensor<4x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x3xf32>
  %copy = linalg.copy ins(%x : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [#rows, #rows, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%i, %u : tensor<2x3xi64>, tensor<2x3xf32>) outs(%copy : tensor<4x3xf32>) attrs = {pt2c.scatter_dim = 0 : i64} {
  ^bb0(%index: i64, %update: f32, %current: f32):
    %p = linalg.index 0 : index
    %t = arith.index_cast %index : i64 to index
    %hit = arith.cmpi eq, %t, %p : index
    %sum = arith.addf %current, %update : f32
    %v = arith.select %hit, %sum, %current : f32
    linalg.yield %v : f32
  } -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

// Without the mark the generic is left alone (the GPU form).
// CHECK-LABEL: func.func @unmarked
// CHECK: linalg.generic
// CHECK-NOT: scf.for
#rows = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @unmarked(%x: tensor<4x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %r = linalg.generic {indexing_maps = [#rows, #rows, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%i, %u : tensor<2x3xi64>, tensor<2x3xf32>) outs(%x : tensor<4x3xf32>) {
  ^bb0(%index: i64, %update: f32, %current: f32):
    %p = linalg.index 0 : index
    %t = arith.index_cast %index : i64 to index
    %hit = arith.cmpi eq, %t, %p : index
    %sum = arith.addf %current, %update : f32
    %v = arith.select %hit, %sum, %current : f32
    linalg.yield %v : f32
  } -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

// A scatter along dim 1 with 4 x 3 = 12 updates (min-work 8): chunks of the
// indices' rows (max-chunks 2: rows [0, 2) and [2, 4)), each row's updates
// landing in its own row, as an scf.forall. The body's linalg.index 0 (a
// guard on the row, as Scatter.cpp writes for indices with fewer rows than
// the result) reads the chunk's first row plus the local one.
// CHECK-LABEL: func.func @scatter_rows_chunked
// CHECK-SAME: (%[[X:.+]]: tensor<4x5xf32>, %[[I:.+]]: tensor<4x3xi64>, %[[U:.+]]: tensor<4x3xf32>)
// CHECK: %[[R:.+]] = scf.forall (%[[C:.+]]) in (2) shared_outs(%[[OUT:.+]] = %[[X]])
// CHECK: %[[FIRST:.+]] = arith.muli %[[C]], %{{.+}} : index
// CHECK-DAG: %[[IS:.+]] = tensor.extract_slice %[[I]][%[[FIRST]], 0] [2, 3] [1, 1]
// CHECK-DAG: %[[US:.+]] = tensor.extract_slice %[[U]][%[[FIRST]], 0] [2, 3] [1, 1]
// CHECK-DAG: %[[OS:.+]] = tensor.extract_slice %[[OUT]][%[[FIRST]], 0] [2, 5] [1, 1]
// CHECK: %[[L:.+]] = scf.for %[[U0:.+]] = {{.+}} iter_args(%[[A0:.+]] = %[[OS]])
// CHECK: scf.for %[[U1:.+]] = {{.+}} iter_args(%[[A1:.+]] = %[[A0]])
// CHECK: %[[IDX:.+]] = tensor.extract %[[IS]][%[[U0]], %[[U1]]]
// CHECK: %[[T:.+]] = arith.index_cast %[[IDX]] : i64 to index
// CHECK: scf.if
// CHECK: %[[CUR:.+]] = tensor.extract %[[A1]][%[[U0]], %[[T]]]
// CHECK: %[[UPD:.+]] = tensor.extract %[[US]][%[[U0]], %[[U1]]]
// CHECK: %[[ROW:.+]] = arith.addi %[[FIRST]], %[[U0]] : index
// CHECK: arith.cmpi ult, %[[ROW]], %{{.+}} : index
// CHECK: tensor.insert %{{.+}} into %[[A1]][%[[U0]], %[[T]]]
// CHECK: scf.forall.in_parallel
// CHECK: tensor.parallel_insert_slice %[[L]] into %[[OUT]][%[[FIRST]], 0] [2, 5] [1, 1]
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
#rows = affine_map<(d0, d1, d2) -> (d0, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @scatter_rows_chunked(%x: tensor<4x5xf32>, %i: tensor<4x3xi64>, %u: tensor<4x3xf32>) -> tensor<4x5xf32> {
  %r = linalg.generic {indexing_maps = [#rows, #rows, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%i, %u : tensor<4x3xi64>, tensor<4x3xf32>) outs(%x : tensor<4x5xf32>) attrs = {pt2c.scatter_dim = 1 : i64} {
  ^bb0(%index: i64, %update: f32, %current: f32):
    %row = linalg.index 0 : index
    %p = linalg.index 1 : index
    %t = arith.index_cast %index : i64 to index
    %hit = arith.cmpi eq, %t, %p : index
    %c3 = arith.constant 3 : index
    %inRows = arith.cmpi ult, %row, %c3 : index
    %take = arith.andi %hit, %inRows : i1
    %v = arith.select %take, %update, %current : f32
    linalg.yield %v : f32
  } -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}
