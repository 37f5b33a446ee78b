// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-map-to-gpu{block-size=128},canonicalize,cse))' --split-input-file | FileCheck %s
// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-map-to-gpu{block-size=128 warp-reductions=false},canonicalize,cse))' --split-input-file | FileCheck %s --check-prefix=OFF

// A row maximum: a warp per row (4 warps of 32 in a block of 128, 2
// blocks for 8 rows); each lane strides through its row by 32 from -inf,
// five xor shuffles combine the lanes, lane 0 folds the result into the
// output's initial value.
// CHECK-LABEL: func.func @row_max
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG: %[[C512:.+]] = arith.constant 512 : index
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[NEGINF:.+]] = arith.constant 0xFF800000 : f32
// CHECK: gpu.launch blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C2]], %{{.+}}) threads(%[[TX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C128]],
// CHECK: %[[LANE:.+]] = arith.remui %[[TX]], %[[C32]]
// CHECK: %[[WARP:.+]] = arith.divui %[[TX]], %[[C32]]
// CHECK: %[[FIRST:.+]] = arith.muli %[[BX]], %[[C4]]
// CHECK: %[[ROW:.+]] = arith.addi %[[FIRST]], %[[WARP]]
// CHECK: %[[IN:.+]] = arith.cmpi ult, %[[ROW]], %[[C8]]
// CHECK: scf.if %[[IN]]
// CHECK: %[[PARTIAL:.+]] = scf.for %[[J:.+]] = %[[LANE]] to %[[C512]] step %[[C32]] iter_args(%[[ACC:.+]] = %[[NEGINF]])
// CHECK: %[[X:.+]] = memref.load %arg0[%[[ROW]], %[[J]]]
// CHECK: %[[M:.+]] = arith.maximumf %[[ACC]], %[[X]]
// CHECK: scf.yield %[[M]]
// CHECK: %[[S16:.+]], %{{.+}} = gpu.shuffle xor %[[PARTIAL]], %{{.+}}, %{{.+}} : f32
// CHECK: arith.maximumf %[[PARTIAL]], %[[S16]]
// CHECK-COUNT-4: gpu.shuffle xor
// CHECK: %[[ISLANE0:.+]] = arith.cmpi eq, %[[LANE]], %[[C0]]
// CHECK: scf.if %[[ISLANE0]]
// CHECK: %[[INIT:.+]] = memref.load %arg1[%[[ROW]]]
// CHECK: %[[R:.+]] = arith.maximumf %[[INIT]], %{{.+}}
// CHECK: memref.store %[[R]], %arg1[%[[ROW]]]
// CHECK-NOT: linalg.generic
// OFF-LABEL: func.func @row_max
// OFF-NOT: gpu.shuffle
// OFF: scf.for %{{.+}} = %c0 to %c512 step %c1
func.func @row_max(%a: memref<8x512xf32>, %o: memref<8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x512xf32>) outs(%o : memref<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %acc, %x : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// Softmax's denominator with its producer fused: exp(x - max[b, i]) summed
// over a dynamic row, the max read broadcast. The body runs per element
// with the lane's partial as accumulator; lanes start from 0.0.
// CHECK-LABEL: func.func @softmax_sum
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
// CHECK: %[[N:.+]] = memref.dim %arg0, %c2
// CHECK: gpu.launch
// CHECK: %[[LANE:.+]] = arith.remui %{{.+}}, %[[C32]]
// CHECK: scf.for %[[J:.+]] = %[[LANE]] to %[[N]] step %[[C32]] iter_args(%[[ACC:.+]] = %[[ZERO]])
// CHECK: %[[X:.+]] = memref.load %arg0[%{{.+}}, %{{.+}}, %[[J]]]
// CHECK: %[[M:.+]] = memref.load %arg1[%{{.+}}, %{{.+}}]
// CHECK: %[[D:.+]] = arith.subf %[[X]], %[[M]]
// CHECK: %[[E:.+]] = math.exp %[[D]]
// CHECK: arith.addf %[[ACC]], %[[E]]
// CHECK-COUNT-5: gpu.shuffle xor
func.func @softmax_sum(%x: memref<2x4x?xf32>, %m: memref<2x4xf32>, %o: memref<2x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>,
                                   affine_map<(b, i, j) -> (b, i)>,
                                   affine_map<(b, i, j) -> (b, i)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %m : memref<2x4x?xf32>, memref<2x4xf32>) outs(%o : memref<2x4xf32>) {
  ^bb0(%v: f32, %max: f32, %acc: f32):
    %d = arith.subf %v, %max : f32
    %e = math.exp %d : f32
    %s = arith.addf %acc, %e : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// An i32 row sum: integer combiners shuffle too.
// CHECK-LABEL: func.func @int_sum
// CHECK: scf.for
// CHECK: arith.addi
// CHECK-COUNT-5: gpu.shuffle xor {{.+}} : i32
func.func @int_sum(%a: memref<3x64xi32>, %o: memref<3xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<3x64xi32>) outs(%o : memref<3xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %acc, %x : i32
    linalg.yield %s : i32
  }
  return
}

// -----

// 64-bit accumulators (a count's i64 sum, an f64 sum): a warp per row
// too; NVVM's shuffle moves 32 bits, so each of the 5 xor steps moves the
// partial as its two halves and joins them again. (Rows of different
// counts, so that they stay two kernels: RowGroup.h.)
// CHECK-LABEL: func.func @wide
// CHECK: gpu.launch
// CHECK-COUNT-10: gpu.shuffle xor %{{.+}} : i32
// CHECK: gpu.launch
// CHECK: arith.bitcast %{{.+}} : f64 to i64
// CHECK-COUNT-10: gpu.shuffle xor %{{.+}} : i32
// CHECK: return
func.func @wide(%i: memref<4x64xi64>, %io: memref<4xi64>, %f: memref<8x64xf64>, %fo: memref<8xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%i : memref<4x64xi64>) outs(%io : memref<4xi64>) {
  ^bb0(%x: i64, %acc: i64):
    %s = arith.addi %acc, %x : i64
    linalg.yield %s : i64
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%f : memref<8x64xf64>) outs(%fo : memref<8xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.addf %acc, %x : f64
    linalg.yield %s : f64
  }
  return
}

// -----

// Kept a thread per output: a matmul (B is read across rows), a column sum
// (the reduction is not the contiguous dim), a row shorter than a warp, a
// body that uses the accumulator twice, a transposed (non-unit-stride) row.
// CHECK-LABEL: func.func @not_warp
// CHECK-NOT: gpu.shuffle
// CHECK: return
func.func @not_warp(%a: memref<16x64xf32>, %b: memref<64x16xf32>, %c: memref<16x16xf32>,
                    %col: memref<64xf32>, %short: memref<16x16xf32>, %s16: memref<16xf32>,
                    %t: memref<16x64xf32, strided<[1, 16]>>,
                    %o16: memref<16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<16x64xf32>, memref<64x16xf32>) outs(%c : memref<16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%b : memref<64x16xf32>) outs(%s16 : memref<16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%short : memref<16x16xf32>) outs(%s16 : memref<16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<16x64xf32>) outs(%o16 : memref<16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %p = arith.mulf %acc, %x : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%t : memref<16x64xf32, strided<[1, 16]>>) outs(%o16 : memref<16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Few long rows: a block of 128 threads per row. Each thread strides by
// 128; each warp combines by shuffles, lane 0 of each warp leaves its
// result in shared memory, and after the barrier every warp reads the 4
// results back (lanes past them hold identity) and combines them again;
// thread 0 stores.
// CHECK-LABEL: func.func @long_rows
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG: %[[C4096:.+]] = arith.constant 4096 : index
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: gpu.launch blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C4]], %{{.+}}) threads(%[[TX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C128]], %{{.+}}) workgroup(%[[SHARED:.+]] : memref<4xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[MEMBER:.+]] = arith.remui %[[TX]], %[[C128]]
// CHECK: scf.for %{{.+}} = %[[MEMBER]] to %[[C4096]] step %[[C128]] iter_args(%{{.+}} = %[[ZERO]])
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK: %[[LANE:.+]] = arith.remui %[[TX]], %c32
// CHECK: %[[WARP:.+]] = arith.divui %[[TX]], %c32
// CHECK: %[[LEADER:.+]] = arith.cmpi eq, %[[LANE]], %c0
// CHECK: scf.if %[[LEADER]]
// CHECK: memref.store %{{.+}}, %[[SHARED]][%[[WARP]]]
// CHECK: gpu.barrier
// CHECK: %[[HAS:.+]] = arith.cmpi ult, %[[LANE]], %[[C4]]
// CHECK: %[[AT:.+]] = arith.select %[[HAS]], %[[LANE]], %c0
// CHECK: %[[BACK:.+]] = memref.load %[[SHARED]][%[[AT]]]
// CHECK: arith.select %[[HAS]], %[[BACK]], %[[ZERO]]
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK: %[[FIRST:.+]] = arith.cmpi eq, %[[MEMBER]], %c0
// CHECK: scf.if %[[FIRST]]
// CHECK: memref.store
func.func @long_rows(%a: memref<4x4096xf32>, %o: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x4096xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}
