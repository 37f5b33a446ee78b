// RUN: %pt2c-opt %s --split-input-file --pt2c-fuse-elementwise='broadcast-into-contractions=false generalize-reductions=true' | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pt2c-fuse-elementwise='broadcast-into-contractions=false' | FileCheck %s --check-prefix=NAMED
// RUN: %pt2c-opt %s --split-input-file --pt2c-fuse-elementwise='broadcast-into-contractions=false generalize-transposes=true' | FileCheck %s --check-prefix=TRANSPOSE

// The GPU policy: a computing producer (gelu-like) is not fused into the
// matmul that reads it broadcast along the columns, so the matmul keeps a
// plain multiply-add body (a library call) and the producer runs once per
// element; a transpose, which only moves data, still fuses.
// CHECK-LABEL: func.func @matmul_inputs
// CHECK: %[[ACT:.+]] = linalg.generic
// CHECK: math.erf
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[ACT]], %arg1 : tensor<4x8xf32>, tensor<16x8xf32>)
// CHECK-NOT: math.erf
// CHECK: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: linalg.yield
#id = affine_map<(i, j) -> (i, j)>
#tr = affine_map<(i, j) -> (j, i)>
func.func @matmul_inputs(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %act = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.erf %a : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %et = tensor.empty() : tensor<8x16xf32>
  %wt = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<16x8xf32>) outs(%et : tensor<8x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8x16xf32>
  %zero = arith.constant 0.0 : f32
  %ec = tensor.empty() : tensor<4x16xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ec : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%act, %wt : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// -----

// A reduction that reads its producer at every point of its parallel
// loops (a softmax's sum of exp) still fuses: each value is computed once.
// CHECK-LABEL: func.func @row_sum
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK: math.exp
// CHECK-NOT: linalg.generic
func.func @row_sum(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %zero = arith.constant 0.0 : f32
  %es = tensor.empty() : tensor<4xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%es : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<4x8xf32>) outs(%s0 : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// generalize-reductions: a layer norm's variance. The squares (one use)
// fuse into the sum of squares, now a generic; the centered values (two
// uses) stay their own op. Without the option the reduce stays named and
// nothing fuses into it.
// CHECK-LABEL: func.func @sum_of_squares
// CHECK: %[[CENTERED:.+]] = linalg.generic
// CHECK: arith.subf
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "reduction"]} ins(%[[CENTERED]]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.reduce
// NAMED-LABEL: func.func @sum_of_squares
// NAMED: linalg.reduce
func.func @sum_of_squares(%x: tensor<8x64xf32>, %mean: tensor<8xf32>) -> (tensor<8xf32>, tensor<8x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<8x64xf32>
  %centered = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                              iterator_types = ["parallel", "parallel"]}
      ins(%x, %mean : tensor<8x64xf32>, tensor<8xf32>) outs(%empty : tensor<8x64xf32>) {
  ^bb0(%v: f32, %m: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    linalg.yield %d : f32
  } -> tensor<8x64xf32>
  %squares = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                             iterator_types = ["parallel", "parallel"]}
      ins(%centered : tensor<8x64xf32>) outs(%empty : tensor<8x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<8x64xf32>
  %init = tensor.empty() : tensor<8xf32>
  %filled = linalg.fill ins(%zero : f32) outs(%init : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.reduce ins(%squares : tensor<8x64xf32>) outs(%filled : tensor<8xf32>) dimensions = [1]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  return %sum, %centered : tensor<8xf32>, tensor<8x64xf32>
}

// -----

// A linear layer's weight transpose as PrimToLinalg writes it, a named
// linalg.transpose: with generalize-transposes it becomes the matmul's
// map (the matmul reads w[j, k] directly: no copy of the weight on each
// run); without, it stays a separate op.
// TRANSPOSE-LABEL: func.func @weight_transpose
// TRANSPOSE-NOT: linalg.transpose
// TRANSPOSE: linalg.generic {indexing_maps = [#{{.+}}, #[[WMAP:.+]], #{{.+}}], iterator_types = ["parallel", "parallel", "reduction"]}
// TRANSPOSE-SAME: ins(%arg0, %arg1 : tensor<4x8xbf16>, tensor<16x8xbf16>)
// NAMED-LABEL: func.func @weight_transpose
// NAMED: linalg.transpose
// NAMED-SAME: permutation = [1, 0]
#x = affine_map<(i, j, k) -> (i, k)>
#w = affine_map<(i, j, k) -> (k, j)>
#y = affine_map<(i, j, k) -> (i, j)>
func.func @weight_transpose(%x: tensor<4x8xbf16>, %w: tensor<16x8xbf16>) -> tensor<4x16xf32> {
  %et = tensor.empty() : tensor<8x16xbf16>
  %wt = linalg.transpose ins(%w : tensor<16x8xbf16>) outs(%et : tensor<8x16xbf16>) permutation = [1, 0]
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [#x, #w, #y], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %wt : tensor<4x8xbf16>, tensor<8x16xbf16>) outs(%init : tensor<4x16xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %a32 = arith.extf %a : bf16 to f32
    %b32 = arith.extf %b : bf16 to f32
    %m = arith.mulf %a32, %b32 : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// -----

// index_add's index broadcast to the updates' shape and the updates'
// scaling stay their own ops: fused into the marked scatter they would
// drop its mark (pt2c-scatter-atomics and pt2c-scatter-loops then leave
// it the O(size x updates) generic). The unmarked twin takes the broadcast
// in (the scaling computes: the GPU policy keeps it out of reductions).
// CHECK-LABEL: func.func @scatter_keeps_its_form
// CHECK: %[[IDX:.+]] = linalg.generic
// CHECK: %[[UPD:.+]] = linalg.generic
// CHECK: linalg.generic {{.+}} ins(%[[IDX]], %[[UPD]] : tensor<6x4xi64>, tensor<6x4xf32>) {{.+}} attrs = {pt2c.scatter_dim = 0 : i64}
// CHECK-LABEL: func.func @unmarked_twin
// CHECK: linalg.generic
// CHECK: linalg.generic {{.+}} ins(%{{.+}}, %{{.+}} : tensor<6xi64>, tensor<6x4xf32>)
#bcast = affine_map<(d0, d1) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @scatter_keeps_its_form(%x: tensor<8x4xf32>, %i: tensor<6xi64>, %u: tensor<6x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<6x4xi64>
  %idx = linalg.generic {indexing_maps = [#bcast, #id2], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<6xi64>) outs(%e : tensor<6x4xi64>) {
  ^bb0(%a: i64, %b: i64):
    linalg.yield %a : i64
  } -> tensor<6x4xi64>
  %eu = tensor.empty() : tensor<6x4xf32>
  %upd = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%u : tensor<6x4xf32>) outs(%eu : tensor<6x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %twice = arith.addf %a, %a : f32
    linalg.yield %twice : f32
  } -> tensor<6x4xf32>
  %r = linalg.generic {indexing_maps = [#rows, #rows, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%idx, %upd : tensor<6x4xi64>, tensor<6x4xf32>) outs(%x : tensor<8x4xf32>) attrs = {pt2c.scatter_dim = 0 : i64} {
  ^bb0(%index: i64, %update: f32, %current: f32):
    %p = linalg.index 0 : index
    %t = arith.index_cast %index : i64 to index
    %hit = arith.cmpi eq, %t, %p : index
    %sum = arith.addf %current, %update : f32
    %v = arith.select %hit, %sum, %current : f32
    linalg.yield %v : f32
  } -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

func.func @unmarked_twin(%x: tensor<8x4xf32>, %i: tensor<6xi64>, %u: tensor<6x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<6x4xi64>
  %idx = linalg.generic {indexing_maps = [#bcast, #id2], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<6xi64>) outs(%e : tensor<6x4xi64>) {
  ^bb0(%a: i64, %b: i64):
    linalg.yield %a : i64
  } -> tensor<6x4xi64>
  %eu = tensor.empty() : tensor<6x4xf32>
  %upd = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%u : tensor<6x4xf32>) outs(%eu : tensor<6x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %twice = arith.addf %a, %a : f32
    linalg.yield %twice : f32
  } -> tensor<6x4xf32>
  %r = linalg.generic {indexing_maps = [#rows, #rows, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%idx, %upd : tensor<6x4xi64>, tensor<6x4xf32>) outs(%x : tensor<8x4xf32>) {
  ^bb0(%index: i64, %update: f32, %current: f32):
    %p = linalg.index 0 : index
    %t = arith.index_cast %index : i64 to index
    %hit = arith.cmpi eq, %t, %p : index
    %sum = arith.addf %current, %update : f32
    %v = arith.select %hit, %sum, %current : f32
    linalg.yield %v : f32
  } -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}
