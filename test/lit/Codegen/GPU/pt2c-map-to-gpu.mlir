// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-map-to-gpu{block-size=128},canonicalize,cse))' --split-input-file | FileCheck %s

// An elementwise op: one thread per point of the 4x256 space, 8 blocks of
// 128, the innermost index (id mod 256) varying fastest; threads past the
// end do nothing. The space is static and small: the point id is taken
// apart in 32 bits (a 64-bit division is many GPU instructions).
// CHECK-LABEL: func.func @elementwise
// CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG: %[[C256:.+]] = arith.constant 256 : i32
// CHECK-DAG: %[[C1024:.+]] = arith.constant 1024 : index
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK: gpu.launch blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C8]], %{{.+}}) threads(%[[TX:.+]], %{{.+}}, %{{.+}}) in (%[[BS:.+]] = %[[C128]],
// CHECK: %[[START:.+]] = arith.muli %[[BX]], %[[BS]]
// CHECK: %[[ID:.+]] = arith.addi %[[START]], %[[TX]]
// CHECK: %[[IN:.+]] = arith.cmpi ult, %[[ID]], %[[C1024]]
// CHECK: scf.if %[[IN]]
// CHECK: %[[ID32:.+]] = arith.index_castui %[[ID]] : index to i32
// CHECK: %[[J32:.+]] = arith.remui %[[ID32]], %[[C256]] : i32
// CHECK: %[[I32:.+]] = arith.divui %[[ID32]], %[[C256]] : i32
// CHECK: %[[J:.+]] = arith.index_castui %[[J32]] : i32 to index
// CHECK: %[[I:.+]] = arith.index_castui %[[I32]] : i32 to index
// CHECK: %[[X:.+]] = memref.load %arg0[%[[I]], %[[J]]]
// CHECK: %[[E:.+]] = math.exp %[[X]]
// CHECK: memref.store %[[E]], %arg1[%[[I]], %[[J]]]
// CHECK-NOT: linalg.generic
func.func @elementwise(%a: memref<4x256xf32>, %o: memref<4x256xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x256xf32>) outs(%o : memref<4x256xf32>) {
  ^bb0(%x: f32, %y: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  }
  return
}

// -----

// A reduction written (reduction, parallel): the parallel loop becomes the
// threads; each thread runs the reduction in order, its accumulator in a
// register (loaded once, stored once).
// CHECK-LABEL: func.func @column_sums
// CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
// CHECK: gpu.launch {{.+}} threads(%[[TX:[^,]+]],
// CHECK: arith.cmpi ult, %[[TX]], %[[C32]]
// CHECK: %[[INIT:.+]] = memref.load %arg1[%[[TX]]]
// CHECK: %[[SUM:.+]] = scf.for %[[K:.+]] = %{{.+}} to %[[C64]] step %{{.+}} iter_args(%[[ACC:.+]] = %[[INIT]]) -> (f32)
// CHECK: %[[X:.+]] = memref.load %arg0[%[[K]], %[[TX]]] : memref<64x32xf32>
// CHECK: %[[NEXT:.+]] = arith.addf %[[X]], %[[ACC]]
// CHECK: scf.yield %[[NEXT]]
// CHECK: memref.store %[[SUM]], %arg1[%[[TX]]]
// CHECK-NOT: scf.parallel
func.func @column_sums(%a: memref<64x32xf32>, %o: memref<32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(k, j) -> (k, j)>, affine_map<(k, j) -> (j)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%a : memref<64x32xf32>) outs(%o : memref<32xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A full reduction has no parallel loop: one thread does it. A copy becomes
// a kernel too (as a host memcpy it would not see device memory).
// CHECK-LABEL: func.func @total_and_copy
// CHECK-DAG: %[[ONE:.+]] = arith.constant 1 : index
// CHECK: gpu.launch blocks({{.+}}) in (%{{.+}} = %[[ONE]], %{{.+}} = %[[ONE]], %{{.+}} = %[[ONE]]) threads({{.+}}) in (%{{.+}} = %[[ONE]], %{{.+}} = %[[ONE]], %{{.+}} = %[[ONE]])
// CHECK: memref.load %arg1[]
// CHECK: scf.for
// CHECK: arith.addf
// CHECK: memref.store %{{.+}}, %arg1[]
// CHECK: gpu.launch {{.+}} threads(%[[TX:[^,]+]],
// CHECK: %[[X:.+]] = memref.load %arg0[%[[TX]]]
// CHECK: memref.store %[[X]], %arg2[%[[TX]]]
// CHECK-NOT: memref.copy
func.func @total_and_copy(%a: memref<16xf32>, %o: memref<f32>, %c: memref<16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> ()>],
                  iterator_types = ["reduction"]}
      ins(%a : memref<16xf32>) outs(%o : memref<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  memref.copy %a, %c : memref<16xf32> to memref<16xf32>
  return
}

// -----

// Dynamic extents: the thread count is computed on the host from the sizes.
// CHECK-LABEL: func.func @dynamic
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
// CHECK: %[[N:.+]] = memref.dim %arg0
// CHECK: %[[TOTAL:.+]] = arith.muli %[[N]], %[[C8]]
// CHECK: %[[GRID:.+]] = arith.ceildivui %[[TOTAL]], %[[C128]]
// CHECK: gpu.launch blocks({{.+}}) in (%{{.+}} = %[[GRID]],
// CHECK: arith.cmpi ult, %{{.+}}, %[[TOTAL]]
func.func @dynamic(%a: memref<?x8xf32>, %o: memref<?x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<?x8xf32>) outs(%o : memref<?x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  }
  return
}

// -----

// A constant table (a bufferized dense constant) is host memory: the kernel
// takes the global itself, which outlining copies into the GPU module.
// CHECK-LABEL: func.func @table_lookup
// CHECK: gpu.launch
// CHECK: %[[T:.+]] = memref.get_global @indices : memref<4xi64>
// CHECK: memref.load %[[T]]
memref.global "private" constant @indices : memref<4xi64> = dense<[3, 2, 1, 0]>
func.func @table_lookup(%x: memref<4xf32>, %o: memref<4xf32>) {
  %t = memref.get_global @indices : memref<4xi64>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                  iterator_types = ["parallel"]}
      ins(%t : memref<4xi64>) outs(%o : memref<4xf32>) {
  ^bb0(%j: i64, %out: f32):
    %k = arith.index_cast %j : i64 to index
    %v = memref.load %x[%k] : memref<4xf32>
    linalg.yield %v : f32
  }
  return
}

// -----

// A view of a constant table (here a gather index reshaped, its shape a
// constant too) is cloned into the kernel with the globals it reads: left
// outside, the kernel got a host address.
// CHECK-LABEL: func.func @table_view
// CHECK: gpu.launch
// CHECK-DAG: %[[T:.+]] = memref.get_global @column : memref<1x4xi64>
// CHECK-DAG: %[[S:.+]] = memref.get_global @shape : memref<2xindex>
// CHECK: %[[V:.+]] = memref.reshape %[[T]](%[[S]])
// CHECK: memref.load %[[V]]
memref.global "private" constant @column : memref<1x4xi64> = dense<[[3, 2, 1, 0]]>
memref.global "private" constant @shape : memref<2xindex> = dense<[4, 1]>
func.func @table_view(%x: memref<4xf32>, %o: memref<4x1xf32>) {
  %t = memref.get_global @column : memref<1x4xi64>
  %s = memref.get_global @shape : memref<2xindex>
  %v = memref.reshape %t(%s) : (memref<1x4xi64>, memref<2xindex>) -> memref<4x1xi64>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%v : memref<4x1xi64>) outs(%o : memref<4x1xf32>) {
  ^bb0(%j: i64, %out: f32):
    %k = arith.index_cast %j : i64 to index
    %e = memref.load %x[%k] : memref<4xf32>
    linalg.yield %e : f32
  }
  return
}

// -----

// A large elementwise op (1100 x 1024 points, at least 2^20): 4 points per
// thread, block b covering 4 x 128 consecutive points, step k of its
// threads the k-th 128 of them. All four points are loaded first (a point
// past the end reads the last one instead), then each is computed and
// stored if it exists: 2200 blocks for 1126400 points.
// CHECK-LABEL: func.func @large_elementwise
// CHECK-DAG: %[[C512:.+]] = arith.constant 512 : index
// CHECK-DAG: %[[C2200:.+]] = arith.constant 2200 : index
// CHECK-DAG: %[[LAST:.+]] = arith.constant 1126399 : index
// CHECK-DAG: %[[TOTAL:.+]] = arith.constant 1126400 : index
// CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG: %[[C256:.+]] = arith.constant 256 : index
// CHECK-DAG: %[[C384:.+]] = arith.constant 384 : index
// CHECK: gpu.launch blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C2200]], %{{.+}}) threads(%[[TX:.+]], %{{.+}}, %{{.+}}) in
// CHECK: %[[START:.+]] = arith.muli %[[BX]], %[[C512]]
// CHECK: %[[P0:.+]] = arith.addi %[[START]], %[[TX]]
// CHECK: arith.minui %[[P0]], %[[LAST]]
// CHECK: %[[X0:.+]] = memref.load %arg0
// CHECK: %[[P1:.+]] = arith.addi %[[P0]], %[[C128]]
// CHECK: arith.minui %[[P1]], %[[LAST]]
// CHECK: %[[X1:.+]] = memref.load %arg0
// CHECK: %[[P2:.+]] = arith.addi %[[P0]], %[[C256]]
// CHECK: %[[X2:.+]] = memref.load %arg0
// CHECK: %[[P3:.+]] = arith.addi %[[P0]], %[[C384]]
// CHECK: %[[X3:.+]] = memref.load %arg0
// CHECK-NOT: memref.load
// CHECK: %[[IN0:.+]] = arith.cmpi ult, %[[P0]], %[[TOTAL]]
// CHECK: scf.if %[[IN0]]
// CHECK: math.exp %[[X0]]
// CHECK: memref.store
// CHECK: %[[IN3:.+]] = arith.cmpi ult, %[[P3]], %[[TOTAL]]
// CHECK: scf.if %[[IN3]]
// CHECK: math.exp %[[X3]]
// CHECK: memref.store
func.func @large_elementwise(%a: memref<1100x1024xf32>, %o: memref<1100x1024xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<1100x1024xf32>) outs(%o : memref<1100x1024xf32>) {
  ^bb0(%x: f32, %y: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  }
  return
}
