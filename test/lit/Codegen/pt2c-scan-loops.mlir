// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pt2c-scan-loops{min-work=64 max-chunks=2}))' | FileCheck %s

// A cumsum along dim 1 of [4, 6, 3] as pt2c-lower-prim-to-linalg emits it
// (marked pt2c.scan_dim): 72 elements, over min-work, so an scf.forall of
// two chunks of 2 rows (max-chunks); in each, loops over (row, k, column),
// the column innermost, that add the input at k to the running sum at k - 1
// (at k itself, the init's zero, when k = 0) and write it at k.
// CHECK-LABEL: func.func @cumsum_chunked
// CHECK-SAME: (%[[X:.+]]: tensor<4x6x3xf32>)
// CHECK: %[[ZEROS:.+]] = linalg.fill
// CHECK: %[[R:.+]] = scf.forall (%[[C:.+]]) in (2) shared_outs(%[[OUT:.+]] = %[[ZEROS]])
// CHECK: %[[FIRST:.+]] = arith.muli %[[C]], %{{.+}} : index
// CHECK: %[[XS:.+]] = tensor.extract_slice %[[X]][%[[FIRST]], 0, 0] [2, 6, 3] [1, 1, 1]
// CHECK: %[[OS:.+]] = tensor.extract_slice %[[OUT]][%[[FIRST]], 0, 0] [2, 6, 3] [1, 1, 1]
// CHECK: %[[L0:.+]] = scf.for %[[P0:.+]] = %[[ZERO:.+]] to %{{.+}} step %[[ONE:.+]] iter_args(%[[A0:.+]] = %[[OS]])
// CHECK: scf.for %[[K:.+]] = %[[ZERO]] to %{{.+}} step %[[ONE]] iter_args(%[[A1:.+]] = %[[A0]])
// CHECK: scf.for %[[P2:.+]] = %[[ZERO]] to %{{.+}} step %[[ONE]] iter_args(%[[A2:.+]] = %[[A1]])
// CHECK: %[[AT0:.+]] = arith.cmpi eq, %[[K]], %[[ZERO]] : index
// CHECK: %[[BEFORE:.+]] = arith.subi %[[K]], %[[ONE]] : index
// CHECK: %[[PREV:.+]] = arith.select %[[AT0]], %[[K]], %[[BEFORE]] : index
// CHECK: %[[RUNNING:.+]] = tensor.extract %[[A2]][%[[P0]], %[[PREV]], %[[P2]]]
// CHECK: %[[IN:.+]] = tensor.extract %[[XS]][%[[P0]], %[[K]], %[[P2]]]
// CHECK: %[[TAKE:.+]] = arith.cmpi ule, %[[K]], %[[K]] : index
// CHECK: %[[TERM:.+]] = arith.select %[[TAKE]], %[[IN]], %{{.+}} : f32
// CHECK: %[[SUM:.+]] = arith.addf %[[RUNNING]], %[[TERM]] : f32
// CHECK: %[[INS:.+]] = tensor.insert %[[SUM]] into %[[A2]][%[[P0]], %[[K]], %[[P2]]]
// CHECK: scf.yield %[[INS]]
// CHECK: scf.forall.in_parallel
// CHECK: tensor.parallel_insert_slice %[[L0]] into %[[OUT]][%[[FIRST]], 0, 0] [2, 6, 3] [1, 1, 1]
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
#in = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @cumsum_chunked(%x: tensor<4x6x3xf32>) -> tensor<4x6x3xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4x6x3xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6x3xf32>) -> tensor<4x6x3xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x : tensor<4x6x3xf32>) outs(%zeros : tensor<4x6x3xf32>) attrs = {pt2c.scan_dim = 1 : i64} {
  ^bb0(%in: f32, %acc: f32):
    %i = linalg.index 1 : index
    %k = linalg.index 3 : index
    %inside = arith.cmpi ule, %k, %i : index
    %term = arith.select %inside, %in, %zero : f32
    %sum = arith.addf %acc, %term : f32
    linalg.yield %sum : f32
  } -> tensor<4x6x3xf32>
  return %r : tensor<4x6x3xf32>
}

// -----

// A bfloat16 cumprod along its last dim, 35 elements (under min-work):
// loops on one thread, the body's widening to the f32 accumulator cloned.
// CHECK-LABEL: func.func @cumprod_bf16
// CHECK-NOT: scf.forall
// CHECK: scf.for
// CHECK: scf.for %[[K:.+]] = {{.+}} iter_args(%[[A:.+]] = %{{.+}}) -> (tensor<5x7xf32>)
// CHECK: %[[RUNNING:.+]] = tensor.extract %[[A]]
// CHECK: %[[IN:.+]] = tensor.extract %arg0[%{{.+}}, %[[K]]] : tensor<5x7xbf16>
// CHECK: %[[W:.+]] = arith.extf %[[IN]] : bf16 to f32
// CHECK: %[[T:.+]] = arith.select %{{.+}}, %[[W]], %{{.+}} : f32
// CHECK: arith.mulf %[[RUNNING]], %[[T]] : f32
// CHECK-NOT: linalg.generic {{.*}}reduction
// CHECK: arith.truncf
#in = affine_map<(d0, d1, d2) -> (d0, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @cumprod_bf16(%x: tensor<5x7xbf16>) -> tensor<5x7xbf16> {
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<5x7xf32>
  %ones = linalg.fill ins(%one : f32) outs(%e : tensor<5x7xf32>) -> tensor<5x7xf32>
  %p = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<5x7xbf16>) outs(%ones : tensor<5x7xf32>) attrs = {pt2c.scan_dim = 1 : i64} {
  ^bb0(%in: bf16, %acc: f32):
    %i = linalg.index 1 : index
    %k = linalg.index 2 : index
    %inside = arith.cmpi ule, %k, %i : index
    %w = arith.extf %in : bf16 to f32
    %term = arith.select %inside, %w, %one : f32
    %prod = arith.mulf %acc, %term : f32
    linalg.yield %prod : f32
  } -> tensor<5x7xf32>
  %e2 = tensor.empty() : tensor<5x7xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<5x7xf32>) outs(%e2 : tensor<5x7xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %t = arith.truncf %in : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<5x7xbf16>
  return %r : tensor<5x7xbf16>
}

// -----

// Along a dynamic dim 0: sequential loops bounded by the tensor's dims
// (there is no earlier dim to cut into chunks).
// CHECK-LABEL: func.func @cumsum_dynamic
// CHECK-NOT: scf.forall
// CHECK: %[[N:.+]] = tensor.dim %arg0, %{{.+}} : tensor<?x3xi64>
// CHECK: scf.for %[[K:.+]] = %{{.+}} to %[[N]]
// CHECK: scf.for
// CHECK: arith.addi
// CHECK-NOT: linalg.generic
#in = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @cumsum_dynamic(%x: tensor<?x3xi64>) -> tensor<?x3xi64> {
  %zero = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3xi64>
  %e = tensor.empty(%n) : tensor<?x3xi64>
  %zeros = linalg.fill ins(%zero : i64) outs(%e : tensor<?x3xi64>) -> tensor<?x3xi64>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<?x3xi64>) outs(%zeros : tensor<?x3xi64>) attrs = {pt2c.scan_dim = 0 : i64} {
  ^bb0(%in: i64, %acc: i64):
    %i = linalg.index 0 : index
    %k = linalg.index 2 : index
    %inside = arith.cmpi ule, %k, %i : index
    %term = arith.select %inside, %in, %zero : i64
    %sum = arith.addi %acc, %term : i64
    linalg.yield %sum : i64
  } -> tensor<?x3xi64>
  return %r : tensor<?x3xi64>
}

// -----

// Without the mark, or with a body that reads another position than the
// row's, the generic is left alone.
// CHECK-LABEL: func.func @unmarked
// CHECK: linalg.generic
// CHECK-NOT: scf.for
// CHECK-LABEL: func.func @reads_row_index
// CHECK: linalg.generic
// CHECK-NOT: scf.for
#in = affine_map<(d0, d1, d2) -> (d0, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @unmarked(%x: tensor<2x5xf32>, %init: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x5xf32>) outs(%init : tensor<2x5xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %i = linalg.index 1 : index
    %k = linalg.index 2 : index
    %inside = arith.cmpi ule, %k, %i : index
    %term = arith.select %inside, %in, %zero : f32
    %sum = arith.addf %acc, %term : f32
    linalg.yield %sum : f32
  } -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}
func.func @reads_row_index(%x: tensor<2x5xf32>, %init: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x5xf32>) outs(%init : tensor<2x5xf32>) attrs = {pt2c.scan_dim = 1 : i64} {
  ^bb0(%in: f32, %acc: f32):
    %row = linalg.index 0 : index
    %c = arith.index_cast %row : index to i32
    %f = arith.sitofp %c : i32 to f32
    %sum = arith.addf %acc, %f : f32
    linalg.yield %sum : f32
  } -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}
