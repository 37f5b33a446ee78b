// RUN: %pt2c-opt %s --split-input-file --pass-pipeline='builtin.module(pt2c-gemm-to-library,canonicalize,cse)' | FileCheck %s

// GPT-2's MLP in bfloat16: the matmul, the op rounding its float32 result
// to bfloat16 plus the bias (D), then, through a reshape of D, the tanh
// GELU as torch exports it (x ** 3 still a powf). The call writes the
// GELU's output, seen with D's shape: kind 51 (GELU_BIAS | OVERWRITE |
// NARROW_OUTPUT); the rounding op and the GELU each run only when the call
// did not do the epilogue (answer 2), the GELU reading D as before.
// CHECK-LABEL: func.func @gelu_after_bias
// CHECK-DAG: %[[C51:.+]] = arith.constant 51 : i64
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : i32
// CHECK: %[[D:.+]] = memref.alloc() : memref<4x16xbf16>
// CHECK: %[[OUT:.+]] = memref.alloc() : memref<2x2x16xbf16>
// CHECK: %[[AS_D:.+]] = memref.reinterpret_cast %[[OUT]] to offset: [0], sizes: [4, 16], strides: [16, 1] : memref<2x2x16xbf16> to memref<4x16xbf16>
// CHECK: memref.extract_aligned_pointer_as_index %[[AS_D]]
// CHECK: %[[ANSWER:.+]] = call @pt2crt_cuda_gemm({{.*}}, %[[C51]])
// CHECK: %[[UNDONE:.+]] = arith.cmpi ne, %[[ANSWER]], %[[C2]] : i32
// CHECK: scf.if %[[UNDONE]] {
// CHECK-NEXT: linalg.generic {{.*}} outs(%[[D]] : memref<4x16xbf16>)
// CHECK: %[[VIEW:.+]] = memref.expand_shape %[[D]]
// CHECK: scf.if %[[UNDONE]] {
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[VIEW]] : memref<2x2x16xbf16>) outs(%[[OUT]] : memref<2x2x16xbf16>)
// CHECK: math.tanh
// CHECK: return %[[OUT]]
#na = affine_map<(m, n, k) -> (m, k)>
#nb = affine_map<(m, n, k) -> (n, k)>
#nc = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
#id3 = affine_map<(a, b, c) -> (a, b, c)>
func.func @gelu_after_bias(%x: memref<4x8xbf16>, %w: memref<16x8xbf16>, %bias: memref<16xbf16>) -> memref<2x2x16xbf16> {
  %zero = arith.constant 0.0 : f32
  %three = arith.constant 3.0 : bf16
  %k = arith.constant 0.044715 : bf16
  %s2pi = arith.constant 0.7978845608 : bf16
  %one = arith.constant 1.0 : bf16
  %half = arith.constant 0.5 : bf16
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
  %d = memref.alloc() : memref<4x16xbf16>
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : memref<4x16xf32>, memref<16xbf16>) outs(%d : memref<4x16xbf16>) {
  ^bb0(%v: f32, %b: bf16, %o: bf16):
    %r = arith.truncf %v : f32 to bf16
    %s = arith.addf %r, %b : bf16
    linalg.yield %s : bf16
  }
  memref.dealloc %c : memref<4x16xf32>
  %view = memref.expand_shape %d [[0, 1], [2]] output_shape [2, 2, 16] : memref<4x16xbf16> into memref<2x2x16xbf16>
  %out = memref.alloc() : memref<2x2x16xbf16>
  linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%view : memref<2x2x16xbf16>) outs(%out : memref<2x2x16xbf16>) {
  ^bb0(%in: bf16, %o: bf16):
    %cube = math.powf %in, %three : bf16
    %t0 = arith.mulf %cube, %k : bf16
    %t1 = arith.addf %in, %t0 : bf16
    %t2 = arith.mulf %t1, %s2pi : bf16
    %t3 = math.tanh %t2 : bf16
    %t4 = arith.addf %t3, %one : bf16
    %t5 = arith.mulf %in, %half : bf16
    %t6 = arith.mulf %t5, %t4 : bf16
    linalg.yield %t6 : bf16
  }
  memref.dealloc %d : memref<4x16xbf16>
  return %out : memref<2x2x16xbf16>
}

// -----

// Not the tanh GELU: BERT's erf form (another function), tanh(x) alone
// (tanh, but not GELU), and the tanh GELU whose input D is read again
// afterwards (the call would leave D unwritten). Each call keeps kind 49
// (BIAS | OVERWRITE | NARROW_OUTPUT), writing D.
// CHECK-LABEL: func.func @not_gelu
// CHECK-NOT: arith.constant 51 : i64
// CHECK-NOT: reinterpret_cast
// CHECK-COUNT-3: call @pt2crt_cuda_gemm({{.*}}, %c49_i64)
// CHECK: return
#na = affine_map<(m, n, k) -> (m, k)>
#nb = affine_map<(m, n, k) -> (n, k)>
#nc = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
func.func @not_gelu(%x: memref<4x8xbf16>, %w: memref<16x8xbf16>, %bias: memref<16xbf16>,
                    %o1: memref<4x16xbf16>, %o2: memref<4x16xbf16>, %o3: memref<4x16xbf16>,
                    %o4: memref<4x16xbf16>) {
  %zero = arith.constant 0.0 : f32
  %k = arith.constant 0.044715 : bf16
  %s2pi = arith.constant 0.7978845608 : bf16
  %rsqrt2 = arith.constant 0.70710678 : bf16
  %one = arith.constant 1.0 : bf16
  %half = arith.constant 0.5 : bf16
  // erf GELU
  %c1 = memref.alloc() : memref<4x16xf32>
  linalg.fill ins(%zero : f32) outs(%c1 : memref<4x16xf32>)
  linalg.generic {indexing_maps = [#na, #nb, #nc], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<4x8xbf16>, memref<16x8xbf16>) outs(%c1 : memref<4x16xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  %d1 = memref.alloc() : memref<4x16xbf16>
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c1, %bias : memref<4x16xf32>, memref<16xbf16>) outs(%d1 : memref<4x16xbf16>) {
  ^bb0(%v: f32, %b: bf16, %o: bf16):
    %r = arith.truncf %v : f32 to bf16
    %s = arith.addf %r, %b : bf16
    linalg.yield %s : bf16
  }
  memref.dealloc %c1 : memref<4x16xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%d1 : memref<4x16xbf16>) outs(%o1 : memref<4x16xbf16>) {
  ^bb0(%in: bf16, %o: bf16):
    %t0 = arith.mulf %in, %rsqrt2 : bf16
    %t1 = math.erf %t0 : bf16
    %t2 = arith.addf %t1, %one : bf16
    %t3 = arith.mulf %in, %half : bf16
    %t4 = arith.mulf %t3, %t2 : bf16
    linalg.yield %t4 : bf16
  }
  memref.dealloc %d1 : memref<4x16xbf16>
  // tanh alone
  %c2 = memref.alloc() : memref<4x16xf32>
  linalg.fill ins(%zero : f32) outs(%c2 : memref<4x16xf32>)
  linalg.generic {indexing_maps = [#na, #nb, #nc], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<4x8xbf16>, memref<16x8xbf16>) outs(%c2 : memref<4x16xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  %d2 = memref.alloc() : memref<4x16xbf16>
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c2, %bias : memref<4x16xf32>, memref<16xbf16>) outs(%d2 : memref<4x16xbf16>) {
  ^bb0(%v: f32, %b: bf16, %o: bf16):
    %r = arith.truncf %v : f32 to bf16
    %s = arith.addf %r, %b : bf16
    linalg.yield %s : bf16
  }
  memref.dealloc %c2 : memref<4x16xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%d2 : memref<4x16xbf16>) outs(%o2 : memref<4x16xbf16>) {
  ^bb0(%in: bf16, %o: bf16):
    %t = math.tanh %in : bf16
    linalg.yield %t : bf16
  }
  memref.dealloc %d2 : memref<4x16xbf16>
  // tanh GELU, but D is read again afterwards
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
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c3, %bias : memref<4x16xf32>, memref<16xbf16>) outs(%d3 : memref<4x16xbf16>) {
  ^bb0(%v: f32, %b: bf16, %o: bf16):
    %r = arith.truncf %v : f32 to bf16
    %s = arith.addf %r, %b : bf16
    linalg.yield %s : bf16
  }
  memref.dealloc %c3 : memref<4x16xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%d3 : memref<4x16xbf16>) outs(%o3 : memref<4x16xbf16>) {
  ^bb0(%in: bf16, %o: bf16):
    %t0 = arith.mulf %in, %in : bf16
    %t1 = arith.mulf %t0, %in : bf16
    %t2 = arith.mulf %t1, %k : bf16
    %t3 = arith.addf %in, %t2 : bf16
    %t4 = arith.mulf %t3, %s2pi : bf16
    %t5 = math.tanh %t4 : bf16
    %t6 = arith.addf %t5, %one : bf16
    %t7 = arith.mulf %in, %half : bf16
    %t8 = arith.mulf %t7, %t6 : bf16
    linalg.yield %t8 : bf16
  }
  memref.copy %d3, %o4 : memref<4x16xbf16> to memref<4x16xbf16>
  memref.dealloc %d3 : memref<4x16xbf16>
  return
}
