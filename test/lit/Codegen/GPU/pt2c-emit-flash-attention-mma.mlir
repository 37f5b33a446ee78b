// RUN: %pt2c-opt %s --pt2c-emit-flash-attention=tensor-cores=true --canonicalize --cse | FileCheck %s
// RUN: not %pt2c-opt %s --pt2c-emit-flash-attention 2>&1 | FileCheck %s --check-prefix=CUDA-CORES

// With tensor cores allowed, 16-bit q, k and v take the mma.sync kernel:
// a dynamic batch of 2 heads, L = 20 (one block of 64 rows), S = 100 (two
// tiles of 64 keys), E = 8 (zero-padded to one k step of 16), Ev = 24
// (three output tiles of 8), an additive mask read at (batch, key), the
// result rounded to bfloat16 as it is stored.
// CHECK-LABEL: func.func @mma
// CHECK-SAME: %[[Q:[a-z0-9]+]]: memref<?x2x20x8xbf16>, %[[K:[a-z0-9]+]]: memref<?x2x100x8xbf16>, %[[V:[a-z0-9]+]]: memref<?x2x100x24xbf16>, %[[BIAS:[a-z0-9]+]]: memref<?x100xf32>, %[[O:[a-z0-9]+]]: memref<?x20x2x24xbf16>
// Grid: batch x heads x 1 row block of 64; 4 warps; keys [64][8 + 4]
// and transposed values [24][32 + 4] as packed 32-bit words.
// CHECK: gpu.launch {{.*}} threads(%{{.+}}, %{{.+}}, %{{.+}}) in (%{{.+}} = %c128, %{{.+}} = %c1, %{{.+}} = %c1)
// CHECK-SAME: workgroup(%[[KS:.+]] : memref<64x12xi32, #gpu.address_space<workgroup>>, %[[VS:.+]] : memref<24x36xi32, #gpu.address_space<workgroup>>)
// Query fragments read once, before the key tiles.
// CHECK: memref.load %[[Q]]
// CHECK: scf.for %{{.+}} = %c0 to %c100 step %c64 iter_args
// CHECK: gpu.barrier
// CHECK: memref.load %[[K]]
// CHECK: memref.store %{{.+}}, %[[KS]]
// CHECK: memref.load %[[V]]
// CHECK: memref.store %{{.+}}, %[[VS]]
// CHECK: gpu.barrier
// Scores: 8 tiles of 8 keys, one k step each; then the mask, base-2
// exponentials, and P·V: 4 steps of 16 keys into 3 output tiles.
// CHECK-COUNT-8: nvvm.mma.sync {{.*}} {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>}
// CHECK: memref.load %[[BIAS]]
// CHECK: math.exp2
// CHECK-COUNT-12: nvvm.mma.sync
// CHECK: scf.yield
// Rows and columns that exist are stored, rounded to bfloat16.
// CHECK: arith.divf
// CHECK: arith.truncf %{{.+}} : f32 to bf16
// CHECK: memref.store %{{.+}}, %[[O]]
// CHECK-NOT: pt2c_flash_attention_0
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mask = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
func.func @mma(%q: memref<?x2x20x8xbf16>, %k: memref<?x2x100x8xbf16>, %v: memref<?x2x100x24xbf16>,
               %bias: memref<?x100xf32>, %o: memref<?x20x2x24xbf16>) {
  call @pt2c_flash_attention_0(%q, %k, %v, %bias, %o) {pt2c.flash_attention = {additive = array<i1: true>, causal = false, head_dim = 8 : i64, keys = 100 : i64, maps = [#id, #id, #id, #mask, #out], queries = 20 : i64, scale = 0.25 : f64, value_dim = 24 : i64}}
      : (memref<?x2x20x8xbf16>, memref<?x2x100x8xbf16>, memref<?x2x100x24xbf16>, memref<?x100xf32>, memref<?x20x2x24xbf16>) -> ()
  return
}
func.func private @pt2c_flash_attention_0(memref<?x2x20x8xbf16>, memref<?x2x100x8xbf16>, memref<?x2x100x24xbf16>, memref<?x100xf32>, memref<?x20x2x24xbf16>)

// float32 operands keep the CUDA-core kernel even where tensor cores are
// allowed (TF32 would break float32's tolerance).
// CHECK-LABEL: func.func @f32
// CHECK: gpu.launch
// CHECK-NOT: nvvm.mma.sync
// CHECK: math.fma
// CHECK-NOT: nvvm.mma.sync
// CHECK: return
#id2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @f32(%q: memref<2x64x16xf32>, %k: memref<2x64x16xf32>, %v: memref<2x64x16xf32>,
               %o: memref<2x64x16xf32>) {
  call @pt2c_flash_attention_1(%q, %k, %v, %o) {pt2c.flash_attention = {additive = array<i1>, causal = false, head_dim = 16 : i64, keys = 64 : i64, maps = [#id2, #id2, #id2, #id2], queries = 64 : i64, scale = 0.25 : f64, value_dim = 16 : i64}}
      : (memref<2x64x16xf32>, memref<2x64x16xf32>, memref<2x64x16xf32>, memref<2x64x16xf32>) -> ()
  return
}
func.func private @pt2c_flash_attention_1(memref<2x64x16xf32>, memref<2x64x16xf32>, memref<2x64x16xf32>, memref<2x64x16xf32>)

// q, k and v read in place from one packed projection the function
// allocated ([L x batch, 3 x heads x E], rows of 96 elements): keys and
// values are staged 8 columns (16 bytes) per load, keys stored as 4 words
// at once; the queries' fragments stay 2-byte loads. (One key tile: the
// tile loop folds away.)
// CHECK-LABEL: func.func @packed
// CHECK: %[[QKV:.+]] = memref.alloc() : memref<40x96xbf16>
// CHECK: gpu.launch
// CHECK: memref.load %[[QKV]]
// CHECK: vector.load %[[QKV]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<40x96xbf16>, vector<8xbf16>
// CHECK: vector.store %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}] : memref<64x12xi32, #gpu.address_space<workgroup>>, vector<4xi32>
// CHECK: vector.load %[[QKV]]
// CHECK: nvvm.mma.sync
#q = affine_map<(b, h, l, e) -> (l * 2 + b, h * 16 + e)>
#k = affine_map<(b, h, l, e) -> (l * 2 + b, h * 16 + e + 32)>
#v = affine_map<(b, h, l, e) -> (l * 2 + b, h * 16 + e + 64)>
#o = affine_map<(b, h, l, e) -> (b, h, l, e)>
func.func @packed(%o: memref<2x2x20x16xbf16>) {
  %qkv = memref.alloc() : memref<40x96xbf16>
  call @pt2c_flash_attention_2(%qkv, %qkv, %qkv, %o) {pt2c.flash_attention = {additive = array<i1>, causal = false, head_dim = 16 : i64, keys = 20 : i64, maps = [#q, #k, #v, #o], queries = 20 : i64, scale = 0.25 : f64, value_dim = 16 : i64}}
      : (memref<40x96xbf16>, memref<40x96xbf16>, memref<40x96xbf16>, memref<2x2x20x16xbf16>) -> ()
  memref.dealloc %qkv : memref<40x96xbf16>
  return
}
func.func private @pt2c_flash_attention_2(memref<40x96xbf16>, memref<40x96xbf16>, memref<40x96xbf16>, memref<2x2x20x16xbf16>)

// Head dims over 128 (E = 256, Ev = 200): 32 keys staged at a time, so the
// key tile [32][128 + 4] and the transposed values [200][16 + 4] stay
// within 48 KiB; scores are 4 tiles of 8 keys, 16 k steps each, and P·V 2
// steps of 16 keys into 25 output tiles (causal: the key loop ends at the
// block's last row). Without tensor cores no kernel
// takes these dims: the call is refused with the reason.
// CHECK-LABEL: func.func @wide_heads
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%{{.+}} : memref<32x132xi32, #gpu.address_space<workgroup>>, %{{.+}} : memref<200x20xi32, #gpu.address_space<workgroup>>)
// CHECK: scf.for %{{.+}} = %c0 to %{{.+}} step %c32 iter_args
// CHECK-COUNT-64: nvvm.mma.sync
// CHECK: math.exp2
// CHECK-COUNT-50: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: scf.yield
// CUDA-CORES: error: 'func.call' op attention with head dims 256 and 200 needs the tensor-core kernel
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @wide_heads(%q: memref<2x70x256xbf16>, %k: memref<2x90x256xbf16>, %v: memref<2x90x200xbf16>,
                      %o: memref<2x70x200xbf16>) {
  call @pt2c_flash_attention_3(%q, %k, %v, %o) {pt2c.flash_attention = {additive = array<i1>, causal = true, head_dim = 256 : i64, keys = 90 : i64, maps = [#id3, #id3, #id3, #id3], queries = 70 : i64, scale = 0.0625 : f64, value_dim = 200 : i64}}
      : (memref<2x70x256xbf16>, memref<2x90x256xbf16>, memref<2x90x200xbf16>, memref<2x70x200xbf16>) -> ()
  return
}
func.func private @pt2c_flash_attention_3(memref<2x70x256xbf16>, memref<2x90x256xbf16>, memref<2x90x200xbf16>, memref<2x70x200xbf16>)
