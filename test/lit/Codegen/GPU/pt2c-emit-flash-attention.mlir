// RUN: %pt2c-opt %s --pt2c-emit-flash-attention --canonicalize --cse | FileCheck %s

// A stand-in call (pt2c-attention-to-kernel's) becomes the kernel: a
// dynamic batch of 2 heads, L = 20 (two blocks of 16 rows), S = 40 (two
// tiles of 32 keys), E = 8, Ev = 48 (two columns per lane), f16 values
// widened on load, an additive mask read at (batch, key), and the output
// written transposed. The bodiless function goes.
// CHECK-LABEL: func.func @emit
// CHECK-SAME: %[[Q:[a-z0-9]+]]: memref<?x2x20x8xf32>, %[[K:[a-z0-9]+]]: memref<?x2x40x8xf32>, %[[V:[a-z0-9]+]]: memref<?x2x40x48xf16>, %[[BIAS:[a-z0-9]+]]: memref<?x40xf32>, %[[O:[a-z0-9]+]]: memref<?x20x2x48xf32>
// Grid: batch x heads x 2 row blocks; 4 warps; query, key (padded to 9
// columns) and value tiles in shared memory.
// CHECK: %[[N:.+]] = memref.dim %[[O]], %{{.+}} : memref<?x20x2x48xf32>
// CHECK: %[[BLOCKS:.+]] = arith.muli %[[N]], %c4 : index
// CHECK: gpu.launch blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[BLOCKS]], %{{.+}} = %c1, %{{.+}} = %c1) threads(%[[TX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %c128, %{{.+}} = %c1, %{{.+}} = %c1)
// CHECK-SAME: workgroup(%[[QS:.+]] : memref<16x8xf32, #gpu.address_space<workgroup>>, %[[KS:.+]] : memref<32x9xf32, #gpu.address_space<workgroup>>, %[[VS:.+]] : memref<32x48xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.load %[[Q]]
// CHECK: memref.store %{{.+}}, %[[QS]]
// Key tiles: wait for the last tile's readers, stage keys and values, wait.
// CHECK: scf.for %{{.+}} = %c0 to %c40 step %c32 iter_args
// CHECK: gpu.barrier
// CHECK: memref.load %[[K]]
// CHECK: memref.store %{{.+}}, %[[KS]]
// CHECK: %[[HALF:.+]] = memref.load %[[V]]
// CHECK: arith.extf %[[HALF]] : f16 to f32
// CHECK: memref.store %{{.+}}, %[[VS]]
// CHECK: gpu.barrier
// Scores: 4 rows per warp against the lane's key, scaled, the bias added,
// keys past 40 at -inf; online softmax through warp shuffles.
// CHECK: scf.for %{{.+}} = %c0 to %c8 step %c1 iter_args
// CHECK-COUNT-4: math.fma
// CHECK: arith.mulf %{{.+}}, %cst
// CHECK: memref.load %[[BIAS]]
// CHECK: arith.addf
// CHECK: gpu.shuffle  xor
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK: gpu.shuffle  xor
// Values: p of lane j broadcast by an idx shuffle, two columns per lane.
// CHECK: scf.for %{{.+}} = %c0 to %c32 step %c1 iter_args
// CHECK: gpu.shuffle  idx
// CHECK-COUNT-2: math.fma
// Rows and columns that exist are divided by their sums and stored
// through the transposed map (batch, row, head, column).
// CHECK: scf.if
// CHECK: arith.divf
// CHECK: memref.store %{{.+}}, %[[O]][%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}] : memref<?x20x2x48xf32>
// CHECK-NOT: pt2c_flash_attention_0
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mask = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
func.func @emit(%q: memref<?x2x20x8xf32>, %k: memref<?x2x40x8xf32>, %v: memref<?x2x40x48xf16>,
                %bias: memref<?x40xf32>, %o: memref<?x20x2x48xf32>) {
  call @pt2c_flash_attention_0(%q, %k, %v, %bias, %o) {pt2c.flash_attention = {additive = array<i1: true>, causal = false, head_dim = 8 : i64, keys = 40 : i64, maps = [#id, #id, #id, #mask, #out], queries = 20 : i64, scale = 0.25 : f64, value_dim = 48 : i64}}
      : (memref<?x2x20x8xf32>, memref<?x2x40x8xf32>, memref<?x2x40x48xf16>, memref<?x40xf32>, memref<?x20x2x48xf32>) -> ()
  return
}
func.func private @pt2c_flash_attention_0(memref<?x2x20x8xf32>, memref<?x2x40x8xf32>, memref<?x2x40x48xf16>, memref<?x40xf32>, memref<?x20x2x48xf32>)

// is_causal: a block visits keys below min(S, its first row + 16) only, and
// a key past the row scores -inf.
// CHECK-LABEL: func.func @causal
// CHECK: gpu.launch
// CHECK: %[[FIRST:.+]] = arith.muli %{{.+}}, %c16 : index
// CHECK: %[[BLOCKEND:.+]] = arith.addi %[[FIRST]], %c16 : index
// CHECK: %[[END:.+]] = arith.minui %[[BLOCKEND]], %c64 : index
// CHECK: scf.for %{{.+}} = %c0 to %[[END]] step %c32 iter_args
// CHECK: arith.cmpi ule
// CHECK: arith.andi
#id2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @causal(%q: memref<2x64x16xf32>, %k: memref<2x64x16xf32>, %v: memref<2x64x16xf32>,
                  %o: memref<2x64x16xf32>) {
  call @pt2c_flash_attention_1(%q, %k, %v, %o) {pt2c.flash_attention = {additive = array<i1>, causal = true, head_dim = 16 : i64, keys = 64 : i64, maps = [#id2, #id2, #id2, #id2], queries = 64 : i64, scale = 0.25 : f64, value_dim = 16 : i64}}
      : (memref<2x64x16xf32>, memref<2x64x16xf32>, memref<2x64x16xf32>, memref<2x64x16xf32>) -> ()
  return
}
func.func private @pt2c_flash_attention_1(memref<2x64x16xf32>, memref<2x64x16xf32>, memref<2x64x16xf32>, memref<2x64x16xf32>)
