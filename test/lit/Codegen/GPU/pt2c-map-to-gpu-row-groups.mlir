// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-map-to-gpu{block-size=128},canonicalize,cse))' --split-input-file | FileCheck %s
// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(func.func(pt2c-map-to-gpu{block-size=128 row-groups=false},canonicalize,cse))' --split-input-file | FileCheck %s --check-prefix=OFF

// A layer norm as it reaches the pass: a bias add over [32, 128] writing
// x, the mean and the variance as row reductions over x seen as
// [2, 16, 128] (their fills folded in), the normalization reading x, both
// (broadcast along the row) and the weight. One kernel; its 32 rows are
// few, so each gets a block of 128 threads (a warp per row would leave the
// GPU idle): each member walks the row's columns thread, thread + 128, ...;
// each reduction is combined by xor shuffles, then across the warps through
// its own shared buffer, and stored by every thread (no guard), so the
// later members read it back from their own writes.
// CHECK-LABEL: func.func @layer_norm
// CHECK: gpu.launch {{.*}} in (%{{.+}} = %c32, {{.*}} in (%{{.+}} = %c128, {{.*}} workgroup(%{{.+}} : memref<4xf32, #gpu.address_space<workgroup>>, %{{.+}} : memref<4xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for %{{.+}} = %{{.+}} to %c128 step %c128 {
// CHECK: arith.addf
// CHECK: memref.store %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}] : memref<32x128xf32>
// CHECK: scf.for %{{.+}} = %{{.+}} to %c128 step %c128 iter_args
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK: gpu.barrier
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK-NOT: scf.if
// CHECK: memref.store %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}] : memref<2x16xf32>
// CHECK: scf.for %{{.+}} = %{{.+}} to %c128 step %c128 iter_args
// CHECK: gpu.barrier
// CHECK: memref.store %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}] : memref<2x16xf32>
// CHECK: scf.for %{{.+}} = %{{.+}} to %c128 step %c128 {
// CHECK: math.rsqrt
// CHECK: memref.store %{{.+}}, %arg3
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK: return
// OFF-LABEL: func.func @layer_norm
// OFF-COUNT-4: gpu.launch
// OFF-NOT: gpu.launch
#row3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#bcast3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#red3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#col3 = affine_map<(d0, d1, d2) -> (d2)>
func.func @layer_norm(%y: memref<32x128xf32>, %b: memref<128xf32>, %w: memref<128xf32>,
                      %out: memref<2x16x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %inv = arith.constant 0.0078125 : f32
  %eps = arith.constant 1.0e-5 : f32
  %shape = memref.alloca() : memref<3xindex>
  %x = memref.alloc() : memref<32x128xf32>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%y, %b : memref<32x128xf32>, memref<128xf32>) outs(%x : memref<32x128xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  }
  %x3 = memref.reshape %x(%shape) : (memref<32x128xf32>, memref<3xindex>) -> memref<2x16x128xf32>
  %sum = memref.alloc() : memref<2x16xf32>
  linalg.fill ins(%zero : f32) outs(%sum : memref<2x16xf32>)
  linalg.generic {indexing_maps = [#row3, #red3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x3 : memref<2x16x128xf32>) outs(%sum : memref<2x16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  %sum3 = memref.expand_shape %sum [[0], [1, 2]] output_shape [2, 16, 1] : memref<2x16xf32> into memref<2x16x1xf32>
  %var = memref.alloc() : memref<2x16xf32>
  linalg.fill ins(%zero : f32) outs(%var : memref<2x16xf32>)
  linalg.generic {indexing_maps = [#row3, #bcast3, #red3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x3, %sum3 : memref<2x16x128xf32>, memref<2x16x1xf32>) outs(%var : memref<2x16xf32>) {
  ^bb0(%a: f32, %s: f32, %acc: f32):
    %mean = arith.mulf %s, %inv : f32
    %d = arith.subf %a, %mean : f32
    %sq = arith.mulf %d, %d : f32
    %r = arith.addf %sq, %acc : f32
    linalg.yield %r : f32
  }
  %var3 = memref.expand_shape %var [[0], [1, 2]] output_shape [2, 16, 1] : memref<2x16xf32> into memref<2x16x1xf32>
  linalg.generic {indexing_maps = [#row3, #bcast3, #bcast3, #col3, #row3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x3, %sum3, %var3, %w : memref<2x16x128xf32>, memref<2x16x1xf32>, memref<2x16x1xf32>, memref<128xf32>)
      outs(%out : memref<2x16x128xf32>) {
  ^bb0(%a: f32, %s: f32, %v: f32, %g: f32, %o: f32):
    %mean = arith.mulf %s, %inv : f32
    %d = arith.subf %a, %mean : f32
    %vm = arith.mulf %v, %inv : f32
    %ve = arith.addf %vm, %eps : f32
    %rs = math.rsqrt %ve : f32
    %n = arith.mulf %d, %rs : f32
    %r = arith.mulf %n, %g : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// The second op reads the row sums at another row (8 - 1 - i): a thread
// of row i would read what row 7 - i's warp writes, so no group.
// CHECK-LABEL: func.func @other_row
// OFF-LABEL: func.func @other_row
// CHECK-COUNT-2: gpu.launch
// CHECK-NOT: gpu.launch
func.func @other_row(%a: memref<8x64xf32>, %s: memref<8xf32>, %o: memref<8x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x64xf32>) outs(%s : memref<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.addf %x, %acc : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (-i + 7)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a, %s : memref<8x64xf32>, memref<8xf32>) outs(%o : memref<8x64xf32>) {
  ^bb0(%x: f32, %t: f32, %out: f32):
    %r = arith.divf %x, %t : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A call between the two (it may touch any memory): no group.
// CHECK-LABEL: func.func @call_between
// CHECK-COUNT-2: gpu.launch
// CHECK-NOT: gpu.launch
func.func private @opaque(memref<8x64xf32>)
func.func @call_between(%a: memref<8x64xf32>, %s: memref<8xf32>, %o: memref<8x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x64xf32>) outs(%s : memref<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.maximumf %x, %acc : f32
    linalg.yield %r : f32
  }
  func.call @opaque(%a) : (memref<8x64xf32>) -> ()
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a, %s : memref<8x64xf32>, memref<8xf32>) outs(%o : memref<8x64xf32>) {
  ^bb0(%x: f32, %t: f32, %out: f32):
    %r = arith.subf %x, %t : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A long row (4096) goes to a whole block per row, as a lone reduction
// would: each reduction's warps meet in shared memory of their own.
// CHECK-LABEL: func.func @long_softmax
// CHECK: gpu.launch {{.*}} workgroup(%{{.+}} : memref<4xf32, #gpu.address_space<workgroup>>, %{{.+}} : memref<4xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for %{{.+}} = %{{.+}} to %c4096 step %c128 iter_args
// CHECK: gpu.barrier
// CHECK: scf.for %{{.+}} = %{{.+}} to %c4096 step %c128 iter_args
// CHECK: math.exp
// CHECK: gpu.barrier
// CHECK: scf.for %{{.+}} = %{{.+}} to %c4096 step %c128 {
// CHECK: arith.divf
// CHECK-NOT: gpu.launch
func.func @long_softmax(%a: memref<4x4096xf32>, %m: memref<4xf32>, %s: memref<4xf32>, %o: memref<4x4096xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x4096xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.maximumf %x, %acc : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a, %m : memref<4x4096xf32>, memref<4xf32>) outs(%s : memref<4xf32>) {
  ^bb0(%x: f32, %mx: f32, %acc: f32):
    %d = arith.subf %x, %mx : f32
    %e = math.exp %d : f32
    %r = arith.addf %e, %acc : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a, %m, %s : memref<4x4096xf32>, memref<4xf32>, memref<4xf32>) outs(%o : memref<4x4096xf32>) {
  ^bb0(%x: f32, %mx: f32, %sm: f32, %out: f32):
    %d = arith.subf %x, %mx : f32
    %e = math.exp %d : f32
    %r = arith.divf %e, %sm : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// 8192 rows fill the GPU with a warp each: 4 rows per block of 128, each
// lane striding by 32, the row maximum combined by shuffles alone and read
// back by the subtraction.
// CHECK-LABEL: func.func @many_rows
// CHECK: gpu.launch {{.*}} in (%{{.+}} = %c2048, {{.*}} in (%{{.+}} = %c128,
// CHECK-NOT: workgroup
// CHECK: scf.for %{{.+}} = %{{.+}} to %c64 step %c32 iter_args
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.+}}, %arg1
// CHECK: scf.for %{{.+}} = %{{.+}} to %c64 step %c32 {
// CHECK: memref.load %arg1
// CHECK: arith.subf
// CHECK-NOT: gpu.launch
func.func @many_rows(%a: memref<8192x64xf32>, %m: memref<8192xf32>, %o: memref<8192x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8192x64xf32>) outs(%m : memref<8192xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.maximumf %x, %acc : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a, %m : memref<8192x64xf32>, memref<8192xf32>) outs(%o : memref<8192x64xf32>) {
  ^bb0(%x: f32, %t: f32, %out: f32):
    %r = arith.subf %x, %t : f32
    linalg.yield %r : f32
  }
  return
}
