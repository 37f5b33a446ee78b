// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(pt2c-gemm-to-library,canonicalize,cse)' | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(pt2c-gemm-to-library{allow-tf32},canonicalize,cse)' | FileCheck %s --check-prefix=TF32

// With allow-tf32 (pt2c --allow-tf32) every call's last argument carries
// PT2CRT_GEMM_ALLOW_TF32 (64): here no epilogue, so 64 itself.
// TF32-LABEL: func.func @matmul
// TF32: %[[FLAGS:.+]] = arith.constant 64 : i64
// TF32: call @pt2crt_cuda_gemm({{.*}}, %[[FLAGS]]) :

// A row-major matmul: the call gets (type 0, m 4, n 16, k 8), then each
// operand's address and its strides along its rows and columns, then two
// unused outer loops (size 1, strides 0), then no epilogue (bias 0, kind
// 0); the generic runs only when the call returns 0.
// CHECK-LABEL: func.func @matmul
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : i64
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : i64
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : i64
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : i64
// CHECK: %[[PA:.+]] = memref.extract_aligned_pointer_as_index %arg0
// CHECK: %[[A:.+]] = arith.index_cast %[[PA]] : index to i64
// CHECK: %[[PB:.+]] = memref.extract_aligned_pointer_as_index %arg1
// CHECK: %[[B:.+]] = arith.index_cast %[[PB]] : index to i64
// CHECK: %[[PC:.+]] = memref.extract_aligned_pointer_as_index %arg2
// CHECK: %[[C:.+]] = arith.index_cast %[[PC]] : index to i64
// CHECK: %[[DONE:.+]] = call @pt2crt_cuda_gemm(%[[C0]], %[[C4]], %[[C16]], %[[C8]], %[[A]], %[[C8]], %[[C1]], %[[B]], %[[C16]], %[[C1]], %[[C]], %[[C16]], %[[C1]], %[[C1]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C0]])
// CHECK: %[[DECLINED:.+]] = arith.cmpi eq, %[[DONE]], %{{.+}} : i32
// CHECK: scf.if %[[DECLINED]] {
// CHECK-NEXT: linalg.generic
// CHECK: func.func private @pt2crt_cuda_gemm(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
func.func @matmul(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// linear's dot-product form reads W [n, k] in place: B's strides along
// (k, n) are (1, 32). f16 inputs widened in the body: type 1.
// CHECK-LABEL: func.func @linear_f16
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : i64
// CHECK-DAG: %[[C32:.+]] = arith.constant 32 : i64
// CHECK: call @pt2crt_cuda_gemm(%[[C1]], %{{.+}}, %{{.+}}, %[[C32]], %{{.+}}, %[[C32]], %[[C1]], %{{.+}}, %[[C1]], %[[C32]],
func.func @linear_f16(%x: memref<2x32xf16>, %w: memref<64x32xf16>, %c: memref<2x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<2x32xf16>, memref<64x32xf16>) outs(%c : memref<2x64xf32>) {
  ^bb0(%in: f16, %wt: f16, %acc: f32):
    %e0 = arith.extf %in : f16 to f32
    %e1 = arith.extf %wt : f16 to f32
    %p = arith.mulf %e0, %e1 fastmath<reassoc,contract> : f32
    %s = arith.addf %acc, %p fastmath<reassoc,contract> : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Attention's scores: batch and heads are the two outer loops (sizes 2
// and 4, with each operand's strides along them).
// CHECK-LABEL: func.func @heads
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : i64
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : i64
// CHECK-DAG: %[[C256:.+]] = arith.constant 256 : i64
// CHECK-DAG: %[[C1024:.+]] = arith.constant 1024 : i64
// CHECK: call @pt2crt_cuda_gemm({{.*}}, %[[C2]], %[[C1024]], %[[C1024]], %[[C1024]], %[[C4]], %[[C256]], %[[C256]], %[[C256]], %{{.+}}, %{{.+}})
func.func @heads(%q: memref<2x4x16x16xf32>, %k: memref<2x4x16x16xf32>, %s: memref<2x4x16x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, h, i, l, j) -> (b, h, i, l)>, affine_map<(b, h, i, l, j) -> (b, h, l, j)>, affine_map<(b, h, i, l, j) -> (b, h, i, j)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%q, %k : memref<2x4x16x16xf32>, memref<2x4x16x16xf32>) outs(%s : memref<2x4x16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Not matmuls: a max-plus product, an integer product, a sum of a
// computed value, two reduction loops. They stay as they are, and nothing
// is declared.
// CHECK-LABEL: func.func @not_gemms
// CHECK-NOT: call
// CHECK-NOT: scf.if
// CHECK-NOT: pt2crt_cuda_gemm
func.func @not_gemms(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>,
                     %ia: memref<4x8xi32>, %ib: memref<8x16xi32>, %ic: memref<4x16xi32>,
                     %x: memref<4x8x8xf32>, %y: memref<8x8x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%u: f32, %v: f32, %acc: f32):
    %p = arith.addf %u, %v : f32
    %s = arith.maximumf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%ia, %ib : memref<4x8xi32>, memref<8x16xi32>) outs(%ic : memref<4x16xi32>) {
  ^bb0(%u: i32, %v: i32, %acc: i32):
    %p = arith.muli %u, %v : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  }
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%u: f32, %v: f32, %acc: f32):
    %e = math.exp %u : f32
    %p = arith.mulf %e, %v : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(m, n, k, l) -> (m, k, l)>, affine_map<(m, n, k, l) -> (k, l, n)>, affine_map<(m, n, k, l) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %y : memref<4x8x8xf32>, memref<8x8x16xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%u: f32, %v: f32, %acc: f32):
    %p = arith.mulf %u, %v : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A linear layer: x·Wᵀ, then the bias added in place, then ReLU. The bias
// (its address) and kind 2 go to the call; the matmul runs when the call
// declined (0), the bias op when it did not do the epilogue (not 2).
// CHECK-LABEL: func.func @linear_relu
// CHECK-DAG: %[[KIND:.+]] = arith.constant 2 : i64
// CHECK: %[[PBIAS:.+]] = memref.extract_aligned_pointer_as_index %arg2
// CHECK: %[[BIAS:.+]] = arith.index_cast %[[PBIAS]] : index to i64
// CHECK: %[[DONE:.+]] = call @pt2crt_cuda_gemm({{.*}}, %[[BIAS]], %[[KIND]])
// CHECK: %[[DECLINED:.+]] = arith.cmpi eq, %[[DONE]], %c0_i32
// CHECK: scf.if %[[DECLINED]] {
// CHECK-NEXT: linalg.generic
// CHECK: arith.mulf
// CHECK: %[[UNDONE:.+]] = arith.cmpi ne, %[[DONE]], %c2_i32
// CHECK: scf.if %[[UNDONE]] {
// CHECK-NEXT: linalg.generic
// CHECK: arith.addf
// CHECK: arith.maximumf
func.func @linear_relu(%x: memref<4x8xf32>, %w: memref<16x8xf32>, %b: memref<16xf32>, %c: memref<4x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<4x8xf32>, memref<16x8xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%c, %b : memref<4x16xf32>, memref<16xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%v: f32, %bias: f32, %out: f32):
    %s = arith.addf %v, %bias : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A bias alone (kind 1), on batched rows: [2, 4, 16] += x·Wᵀ, bias over the
// last dim.
// CHECK-LABEL: func.func @linear_bias_batched
// CHECK-DAG: %[[KIND:.+]] = arith.constant 1 : i64
// CHECK: call @pt2crt_cuda_gemm({{.*}}, %{{.+}}, %[[KIND]])
// CHECK: scf.if
// CHECK: scf.if
// CHECK-NEXT: linalg.generic
// CHECK: arith.addf
func.func @linear_bias_batched(%x: memref<2x4x8xf32>, %w: memref<16x8xf32>, %b: memref<16xf32>, %c: memref<2x4x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(o, m, n, k) -> (o, m, k)>, affine_map<(o, m, n, k) -> (n, k)>, affine_map<(o, m, n, k) -> (o, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<2x4x8xf32>, memref<16x8xf32>) outs(%c : memref<2x4x16xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(o, i, j) -> (o, i, j)>, affine_map<(o, i, j) -> (j)>, affine_map<(o, i, j) -> (o, i, j)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c, %b : memref<2x4x16xf32>, memref<16xf32>) outs(%c : memref<2x4x16xf32>) {
  ^bb0(%v: f32, %bias: f32, %out: f32):
    %s = arith.addf %bias, %v : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Not epilogues: a bias along C's rows (a convolution's, per output
// channel), a body that does more (GELU after the bias), a result written
// elsewhere. The calls get kind 0 and the ops stay where they were.
// CHECK-LABEL: func.func @not_epilogues
// CHECK-COUNT-3: call @pt2crt_cuda_gemm({{.*}}, %c0_i64, %c0_i64)
// CHECK-NOT: arith.cmpi ne
func.func @not_epilogues(%x: memref<4x8xf32>, %w: memref<16x8xf32>, %rows: memref<4xf32>,
                         %b: memref<16xf32>, %c: memref<4x16xf32>, %d: memref<4x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<4x8xf32>, memref<16x8xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%c, %rows : memref<4x16xf32>, memref<4xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%v: f32, %bias: f32, %out: f32):
    %s = arith.addf %v, %bias : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<4x8xf32>, memref<16x8xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%c, %b : memref<4x16xf32>, memref<16xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%v: f32, %bias: f32, %out: f32):
    %s = arith.addf %v, %bias : f32
    %g = math.erf %s : f32
    linalg.yield %g : f32
  }
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<4x8xf32>, memref<16x8xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%c, %b : memref<4x16xf32>, memref<16xf32>) outs(%d : memref<4x16xf32>) {
  ^bb0(%v: f32, %bias: f32, %out: f32):
    %s = arith.addf %v, %bias : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Each matmul's output is a copy of one CSE'd zero-filled buffer (what
// bufferization makes of a shared zero tensor). The copies become fills;
// a zero fill right before a matmul means the call may overwrite C: kind
// 16 (PT2CRT_GEMM_OVERWRITE), and the fill moves behind the answer, for the
// fallback. A matmul whose output holds other values keeps kind 0.
// CHECK-LABEL: func.func @zero_filled_outputs
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : i64
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NOT: memref.copy
// CHECK: call @pt2crt_cuda_gemm({{.*}}, %[[C0]], %[[C16]])
// CHECK: scf.if
// CHECK-NEXT: linalg.fill ins(%[[ZERO]] : f32) outs(%arg2 : memref<4x16xf32>)
// CHECK-NEXT: linalg.generic
// CHECK: call @pt2crt_cuda_gemm({{.*}}, %[[C0]], %[[C16]])
// CHECK: scf.if
// CHECK-NEXT: linalg.fill ins(%[[ZERO]] : f32) outs(%arg3 : memref<4x16xf32>)
// CHECK-NEXT: linalg.generic
// CHECK: call @pt2crt_cuda_gemm({{.*}}, %[[C0]], %[[C0]])
// CHECK: scf.if
// CHECK-NEXT: linalg.generic
#za = affine_map<(m, n, k) -> (m, k)>
#zb = affine_map<(m, n, k) -> (k, n)>
#zc = affine_map<(m, n, k) -> (m, n)>
func.func @zero_filled_outputs(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c1: memref<4x16xf32>,
                               %c2: memref<4x16xf32>, %c3: memref<4x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %shared = memref.alloc() : memref<4x16xf32>
  linalg.fill ins(%zero : f32) outs(%shared : memref<4x16xf32>)
  memref.copy %shared, %c1 : memref<4x16xf32> to memref<4x16xf32>
  linalg.generic {indexing_maps = [#za, #zb, #zc], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c1 : memref<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  memref.copy %shared, %c2 : memref<4x16xf32> to memref<4x16xf32>
  linalg.generic {indexing_maps = [#za, #zb, #zc], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c2 : memref<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  memref.dealloc %shared : memref<4x16xf32>
  linalg.generic {indexing_maps = [#za, #zb, #zc], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c3 : memref<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// bfloat16 linear layers: the op after each matmul rounds its float32
// result to bfloat16 and adds the bias (in bfloat16, or in float32 before
// rounding). The call writes the rounded result D itself: kind 49 (BIAS |
// OVERWRITE | NARROW_OUTPUT, bias and D of bfloat16), D's allocation moves
// before it, and the fill, the matmul and the rounding op run only when it
// declines. The second matmul's float32 buffer was zero-filled early (as
// bufferization leaves the last user of a shared zero buffer): with
// nothing touching it in between, the fill moves down to the matmul. A
// matmul whose float32 result is read again later keeps it (kind 16).
// CHECK-LABEL: func.func @narrow_outputs
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : i64
// CHECK-DAG: %[[C49:.+]] = arith.constant 49 : i64
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : i32
// CHECK: %[[EARLY:.+]] = memref.alloc() : memref<4x16xf32>
// CHECK: %[[C:.+]] = memref.alloc() : memref<4x16xf32>
// CHECK: %[[D1:.+]] = memref.alloc() : memref<4x16xbf16>
// CHECK: %[[A1:.+]] = call @pt2crt_cuda_gemm({{.*}}, %[[C49]])
// CHECK: scf.if
// CHECK-NEXT: linalg.fill {{.*}} outs(%[[C]] : memref<4x16xf32>)
// CHECK-NEXT: linalg.generic
// CHECK: %[[UNDONE1:.+]] = arith.cmpi ne, %[[A1]], %[[C2]] : i32
// CHECK: scf.if %[[UNDONE1]]
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[C]], %arg2 : memref<4x16xf32>, memref<16xbf16>) outs(%[[D1]] : memref<4x16xbf16>)
// CHECK: %[[D2:.+]] = memref.alloc() : memref<4x16xbf16>
// CHECK: call @pt2crt_cuda_gemm({{.*}}, %[[C49]])
// CHECK: scf.if
// CHECK-NEXT: linalg.fill {{.*}} outs(%[[EARLY]] : memref<4x16xf32>)
// CHECK-NEXT: linalg.generic
// CHECK: scf.if
// CHECK-NEXT: linalg.generic {{.*}} outs(%[[D2]] : memref<4x16xbf16>)
// CHECK: call @pt2crt_cuda_gemm({{.*}}, %[[C16]])
// CHECK: return
#na = affine_map<(m, n, k) -> (m, k)>
#nb = affine_map<(m, n, k) -> (n, k)>
#nc = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
func.func @narrow_outputs(%x: memref<4x8xbf16>, %w: memref<16x8xbf16>, %bias: memref<16xbf16>,
                          %kept: memref<4x16xf32>) -> (memref<4x16xbf16>, memref<4x16xbf16>) {
  %zero = arith.constant 0.0 : f32
  %early = memref.alloc() : memref<4x16xf32>
  linalg.fill ins(%zero : f32) outs(%early : memref<4x16xf32>)
  %c = memref.alloc() : memref<4x16xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<4x16xf32>)
  linalg.generic {indexing_maps = [#na, #nb, #nc], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<4x8xbf16>, memref<16x8xbf16>) outs(%c : memref<4x16xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  %d1 = memref.alloc() : memref<4x16xbf16>
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : memref<4x16xf32>, memref<16xbf16>) outs(%d1 : memref<4x16xbf16>) {
  ^bb0(%v: f32, %b: bf16, %o: bf16):
    %r = arith.truncf %v : f32 to bf16
    %s = arith.addf %r, %b : bf16
    linalg.yield %s : bf16
  }
  memref.dealloc %c : memref<4x16xf32>
  linalg.generic {indexing_maps = [#na, #nb, #nc], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<4x8xbf16>, memref<16x8xbf16>) outs(%early : memref<4x16xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  %d2 = memref.alloc() : memref<4x16xbf16>
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%early, %bias : memref<4x16xf32>, memref<16xbf16>) outs(%d2 : memref<4x16xbf16>) {
  ^bb0(%v: f32, %b: bf16, %o: bf16):
    %be = arith.extf %b : bf16 to f32
    %s = arith.addf %v, %be : f32
    %r = arith.truncf %s : f32 to bf16
    linalg.yield %r : bf16
  }
  memref.dealloc %early : memref<4x16xf32>
  // Rounded, but the float32 result is read again afterwards.
  %c3 = memref.alloc() : memref<4x16xf32>
  linalg.fill ins(%zero : f32) outs(%c3 : memref<4x16xf32>)
  linalg.generic {indexing_maps = [#na, #nb, #nc], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<4x8xbf16>, memref<16x8xbf16>) outs(%c3 : memref<4x16xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  %d3 = memref.alloc() : memref<4x16xbf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c3 : memref<4x16xf32>) outs(%d3 : memref<4x16xbf16>) {
  ^bb0(%v: f32, %o: bf16):
    %r = arith.truncf %v : f32 to bf16
    linalg.yield %r : bf16
  }
  memref.copy %c3, %kept : memref<4x16xf32> to memref<4x16xf32>
  memref.dealloc %c3 : memref<4x16xf32>
  return %d1, %d2 : memref<4x16xbf16>, memref<4x16xbf16>
}

// -----

// A vocabulary projection whose rows (50257 bfloat16) are not 16-byte
// aligned: cuBLASLt would take its one-element-at-a-time kernels. The call
// writes a buffer with rows padded to 50264 instead, and when it did the
// work the rows are copied out; the padded buffer is freed after.
// CHECK-LABEL: func.func @unaligned_rows
// CHECK-DAG: %[[C49:.+]] = arith.constant 49 : i64
// CHECK-DAG: %[[C50264:.+]] = arith.constant 50264 : i64
// CHECK: %[[D:.+]] = memref.alloc() : memref<4x50257xbf16>
// CHECK: %[[P:.+]] = memref.alloc() {alignment = 64 : i64} : memref<4x50264xbf16>
// CHECK: call @pt2crt_cuda_gemm({{.*}}, %[[C50264]], %{{.+}}, {{.*}}, %[[C49]])
// CHECK: scf.if
// CHECK: linalg.generic
// CHECK: } else {
// CHECK: %[[ROWS:.+]] = memref.subview %[[P]][0, 0] [4, 50257] [1, 1]
// CHECK: memref.copy %[[ROWS]], %[[D]]
// CHECK: memref.dealloc %[[P]]
#ua = affine_map<(m, n, k) -> (m, k)>
#ub = affine_map<(m, n, k) -> (n, k)>
#uc = affine_map<(m, n, k) -> (m, n)>
#uid = affine_map<(m, n) -> (m, n)>
#ucol = affine_map<(m, n) -> (n)>
func.func @unaligned_rows(%x: memref<4x8xbf16>, %w: memref<50257x8xbf16>, %bias: memref<50257xbf16>)
    -> memref<4x50257xbf16> {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<4x50257xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<4x50257xf32>)
  linalg.generic {indexing_maps = [#ua, #ub, #uc], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<4x8xbf16>, memref<50257x8xbf16>) outs(%c : memref<4x50257xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  %d = memref.alloc() : memref<4x50257xbf16>
  linalg.generic {indexing_maps = [#uid, #ucol, #uid], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : memref<4x50257xf32>, memref<50257xbf16>) outs(%d : memref<4x50257xbf16>) {
  ^bb0(%v: f32, %b: bf16, %o: bf16):
    %r = arith.truncf %v : f32 to bf16
    %s = arith.addf %r, %b : bf16
    linalg.yield %s : bf16
  }
  memref.dealloc %c : memref<4x50257xf32>
  return %d : memref<4x50257xbf16>
}
