// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-scatter-atomics{block-size=128},canonicalize,cse))' --split-input-file | FileCheck %s

// scatter_add along dim 0 as pt2c-lower-prim-to-linalg emits it, bufferized:
// a thread per update (the indices' 2x3 positions: one block of 128), each
// reading its index and update and adding the update into row `index` of
// its column when that row exists. No thread visits the result's 4 rows.
// Neighbouring threads take neighbouring columns (id mod 3).
// CHECK-LABEL: func.func @scatter_add
// CHECK-SAME: (%[[I:.+]]: memref<2x3xi64>, %[[U:.+]]: memref<2x3xf32>, %[[ACC:.+]]: memref<4x3xf32>)
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG: %[[C6:.+]] = arith.constant 6 : index
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK: gpu.launch blocks(%{{.+}}, %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C1]], %{{.+}}) threads(%[[TX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C128]],
// One block: the thread id is the update's linear position.
// CHECK: %[[EXISTS:.+]] = arith.cmpi ult, %[[TX]], %[[C6]]
// CHECK: scf.if %[[EXISTS]]
// CHECK: %[[REM:.+]] = arith.remui %{{.+}}, %{{.+}} : i32
// CHECK: %[[COL:.+]] = arith.index_castui %[[REM]] : i32 to index
// CHECK: %[[J:.+]] = arith.index_castui %{{.+}} : i32 to index
// CHECK: %[[IDX:.+]] = memref.load %[[I]][%[[J]], %[[COL]]]
// CHECK: %[[UPD:.+]] = memref.load %[[U]][%[[J]], %[[COL]]]
// CHECK: %[[T:.+]] = arith.index_cast %[[IDX]] : i64 to index
// The generic names its indices' check site: the compare every index goes
// through carries it, for pt2c-fold-index-checks to do the check there.
// CHECK: %[[IN:.+]] = arith.cmpi ult, %[[T]], %[[C4]] {pt2c.index_site = @pt2c_index_site}
// CHECK: scf.if %[[IN]]
// CHECK: memref.atomic_rmw addf %[[UPD]], %[[ACC]][%[[T]], %[[COL]]]
// CHECK-NOT: linalg.generic
#rows = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @scatter_add(%i: memref<2x3xi64>, %u: memref<2x3xf32>, %acc: memref<4x3xf32>) {
  linalg.generic {indexing_maps = [#rows, #rows, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%i, %u : memref<2x3xi64>, memref<2x3xf32>) outs(%acc : memref<4x3xf32>) attrs = {pt2c.index_site = @pt2c_index_site, pt2c.scatter_dim = 0 : i64} {
  ^bb0(%index: i64, %update: f32, %current: f32):
    %p = linalg.index 0 : index
    %t = arith.index_cast %index : i64 to index
    %hit = arith.cmpi eq, %t, %p : index
    %sum = arith.addf %current, %update : f32
    %v = arith.select %hit, %sum, %current : f32
    linalg.yield %v : f32
  }
  return
}

// -----

// An update that replaces the element (scatter, index_copy) along dim 1 of
// a dynamic result: a plain store, the dim's size read from the result.
// CHECK-LABEL: func.func @scatter_assign
// CHECK-SAME: (%[[I:.+]]: memref<3x2xi64>, %[[U:.+]]: memref<3x2xi32>, %[[ACC:.+]]: memref<3x?xi32>)
// CHECK: %[[COLS:.+]] = memref.dim %[[ACC]], %{{.+}} : memref<3x?xi32>
// CHECK: gpu.launch
// CHECK: %[[IDX:.+]] = memref.load %[[I]][%[[R:.+]], %[[J:.+]]]
// CHECK: %[[UPD:.+]] = memref.load %[[U]][%[[R]], %[[J]]]
// CHECK: %[[T:.+]] = arith.index_cast %[[IDX]] : i64 to index
// CHECK: %[[IN:.+]] = arith.cmpi ult, %[[T]], %[[COLS]]
// CHECK: scf.if %[[IN]]
// CHECK: memref.store %[[UPD]], %[[ACC]][%[[R]], %[[T]]]
// CHECK-NOT: memref.atomic_rmw
// CHECK-NOT: linalg.generic
#cols = affine_map<(d0, d1, d2) -> (d0, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @scatter_assign(%i: memref<3x2xi64>, %u: memref<3x2xi32>, %acc: memref<3x?xi32>) {
  linalg.generic {indexing_maps = [#cols, #cols, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%i, %u : memref<3x2xi64>, memref<3x2xi32>) outs(%acc : memref<3x?xi32>) attrs = {pt2c.scatter_dim = 1 : i64} {
  ^bb0(%index: i64, %update: i32, %current: i32):
    %p = linalg.index 1 : index
    %t = arith.index_cast %index : i64 to index
    %hit = arith.cmpi eq, %t, %p : index
    %v = arith.select %hit, %update, %current : i32
    linalg.yield %v : i32
  }
  return
}

// -----

// The max and min kinds: NaN-propagating float max, signed and unsigned
// integer min, each its atomic.
// CHECK-LABEL: func.func @scatter_reduce_kinds
// CHECK: memref.atomic_rmw maximumf
// CHECK: memref.atomic_rmw mins
// CHECK: memref.atomic_rmw minu
// CHECK-NOT: linalg.generic
#rows = affine_map<(d0, d1) -> (d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @scatter_reduce_kinds(%i: memref<5xi64>, %f: memref<5xf64>, %n: memref<5xi64>,
                                %af: memref<8xf64>, %an: memref<8xi64>, %au: memref<8xi64>) {
  linalg.generic {indexing_maps = [#rows, #rows, #out], iterator_types = ["parallel", "reduction"]} ins(%i, %f : memref<5xi64>, memref<5xf64>) outs(%af : memref<8xf64>) attrs = {pt2c.scatter_dim = 0 : i64} {
  ^bb0(%index: i64, %update: f64, %current: f64):
    %p = linalg.index 0 : index
    %t = arith.index_cast %index : i64 to index
    %hit = arith.cmpi eq, %t, %p : index
    %m = arith.maximumf %current, %update : f64
    %v = arith.select %hit, %m, %current : f64
    linalg.yield %v : f64
  }
  linalg.generic {indexing_maps = [#rows, #rows, #out], iterator_types = ["parallel", "reduction"]} ins(%i, %n : memref<5xi64>, memref<5xi64>) outs(%an : memref<8xi64>) attrs = {pt2c.scatter_dim = 0 : i64} {
  ^bb0(%index: i64, %update: i64, %current: i64):
    %p = linalg.index 0 : index
    %t = arith.index_cast %index : i64 to index
    %hit = arith.cmpi eq, %p, %t : index
    %m = arith.minsi %update, %current : i64
    %v = arith.select %hit, %m, %current : i64
    linalg.yield %v : i64
  }
  linalg.generic {indexing_maps = [#rows, #rows, #out], iterator_types = ["parallel", "reduction"]} ins(%i, %n : memref<5xi64>, memref<5xi64>) outs(%au : memref<8xi64>) attrs = {pt2c.scatter_dim = 0 : i64} {
  ^bb0(%index: i64, %update: i64, %current: i64):
    %p = linalg.index 0 : index
    %t = arith.index_cast %index : i64 to index
    %hit = arith.cmpi eq, %t, %p : index
    %m = arith.minui %current, %update : i64
    %v = arith.select %hit, %m, %current : i64
    linalg.yield %v : i64
  }
  return
}

// -----

// Indices smaller than the result in another dim (the guarded form): the
// body reads indices and updates itself at positions it clamps, and its
// guard (the column inside the indices) stays part of the condition.
// CHECK-LABEL: func.func @scatter_guarded
// CHECK-SAME: (%[[I:.+]]: memref<2x2xi64>, %[[U:.+]]: memref<2x2xf32>, %[[ACC:.+]]: memref<4x3xf32>)
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK: gpu.launch
// CHECK: %[[IDX:.+]] = memref.load %[[I]]
// CHECK: %[[UPD:.+]] = memref.load %[[U]]
// CHECK: %[[T:.+]] = arith.index_cast %[[IDX]] : i64 to index
// CHECK: %[[IN:.+]] = arith.cmpi ult, %[[T]], %[[C4]]
// CHECK: %[[BOTH:.+]] = arith.andi %[[IN]], %{{.+}}
// CHECK: scf.if %[[BOTH]]
// CHECK: memref.atomic_rmw addf %[[UPD]], %[[ACC]][%[[T]], %{{.+}}]
// CHECK-NOT: linalg.generic
#zeros = affine_map<(d0, d1, d2) -> (d2, 0)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @scatter_guarded(%i: memref<2x2xi64>, %u: memref<2x2xf32>, %acc: memref<4x3xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  linalg.generic {indexing_maps = [#zeros, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%i : memref<2x2xi64>) outs(%acc : memref<4x3xf32>) attrs = {pt2c.scatter_dim = 0 : i64} {
  ^bb0(%unused: i64, %current: f32):
    %p = linalg.index 0 : index
    %col = linalg.index 1 : index
    %j = linalg.index 2 : index
    %in = arith.cmpi ult, %col, %c2 : index
    %c = arith.select %in, %col, %c0 : index
    %index = memref.load %i[%j, %c] : memref<2x2xi64>
    %update = memref.load %u[%j, %c] : memref<2x2xf32>
    %t = arith.index_cast %index : i64 to index
    %eq = arith.cmpi eq, %t, %p : index
    %hit = arith.andi %eq, %in : i1
    %sum = arith.addf %current, %update : f32
    %v = arith.select %hit, %sum, %current : f32
    linalg.yield %v : f32
  }
  return
}

// -----

// What stays the generic pt2c-map-to-gpu runs: a product (no native atomic
// multiply), a 16-bit result, and a generic without the mark.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: gpu.launch
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT: gpu.launch
#rows = affine_map<(d0, d1) -> (d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @left_alone(%i: memref<5xi64>, %f: memref<5xf32>, %h: memref<5xf16>,
                      %af: memref<8xf32>, %ah: memref<8xf16>) {
  linalg.generic {indexing_maps = [#rows, #rows, #out], iterator_types = ["parallel", "reduction"]} ins(%i, %f : memref<5xi64>, memref<5xf32>) outs(%af : memref<8xf32>) attrs = {pt2c.scatter_dim = 0 : i64} {
  ^bb0(%index: i64, %update: f32, %current: f32):
    %p = linalg.index 0 : index
    %t = arith.index_cast %index : i64 to index
    %hit = arith.cmpi eq, %t, %p : index
    %m = arith.mulf %current, %update : f32
    %v = arith.select %hit, %m, %current : f32
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [#rows, #rows, #out], iterator_types = ["parallel", "reduction"]} ins(%i, %h : memref<5xi64>, memref<5xf16>) outs(%ah : memref<8xf16>) attrs = {pt2c.scatter_dim = 0 : i64} {
  ^bb0(%index: i64, %update: f16, %current: f16):
    %p = linalg.index 0 : index
    %t = arith.index_cast %index : i64 to index
    %hit = arith.cmpi eq, %t, %p : index
    %m = arith.addf %current, %update : f16
    %v = arith.select %hit, %m, %current : f16
    linalg.yield %v : f16
  }
  linalg.generic {indexing_maps = [#rows, #rows, #out], iterator_types = ["parallel", "reduction"]} ins(%i, %f : memref<5xi64>, memref<5xf32>) outs(%af : memref<8xf32>) {
  ^bb0(%index: i64, %update: f32, %current: f32):
    %p = linalg.index 0 : index
    %t = arith.index_cast %index : i64 to index
    %hit = arith.cmpi eq, %t, %p : index
    %m = arith.addf %current, %update : f32
    %v = arith.select %hit, %m, %current : f32
    linalg.yield %v : f32
  }
  return
}
