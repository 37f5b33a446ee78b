// RUN: %pt2c-opt %s --split-input-file --pt2c-fuse-attention='min-work=0 max-chunks=8 vector-bits=512' | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pt2c-fuse-attention='min-work=100000 max-chunks=8 vector-bits=512' | FileCheck %s --check-prefix=SMALL

// softmax(q·kᵀ)·v over 2 heads of 32 rows: one loop over (head, 8 rows),
// 8 chunks; each computes its rows' scores (kᵀ read whole for its head),
// their softmax and their product with v; nothing of the attention is left
// outside.
// CHECK-LABEL: func.func @attention
// CHECK-NOT: linalg.generic
// CHECK: scf.forall (%[[H:.+]], %[[R:.+]]) = (0, 0) to (2, 32) step (1, 8)
// CHECK: tensor.extract_slice %arg0[0, %[[H]], %[[R]], 0] [1, 1, 8, 8]
// CHECK: tensor.extract_slice %arg1[0, %[[H]], 0, 0] [1, 1, 8, 32]
// CHECK: linalg.generic {{.+}} outs(%{{.+}} : tensor<1x1x8x32xf32>)
// CHECK: linalg.reduce
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK: linalg.reduce
// CHECK: arith.divf
// CHECK: tensor.extract_slice %arg2[0, %[[H]], 0, 0] [1, 1, 32, 8]
// CHECK: linalg.generic {{.+}} outs(%{{.+}} : tensor<1x1x8x8xf32>)
// CHECK: scf.forall.in_parallel
// CHECK-NOT: linalg.generic
// CHECK: return
// Below min-work, nothing changes.
// SMALL-LABEL: func.func @attention
// SMALL-NOT: scf.forall
// SMALL: return
#lhs = affine_map<(b, h, l, k, n) -> (b, h, l, k)>
#rhs = affine_map<(b, h, l, k, n) -> (b, h, k, n)>
#out = affine_map<(b, h, l, k, n) -> (b, h, l, n)>
#id = affine_map<(b, h, l, s) -> (b, h, l, s)>
#row = affine_map<(b, h, l, s) -> (b, h, l)>
func.func @attention(%q: tensor<1x2x32x8xf32>, %kt: tensor<1x2x8x32xf32>, %v: tensor<1x2x32x8xf32>) -> (tensor<1x2x32x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %se = tensor.empty() : tensor<1x2x32x32xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%se : tensor<1x2x32x32xf32>) -> tensor<1x2x32x32xf32>
  %s = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]} ins(%q, %kt : tensor<1x2x32x8xf32>, tensor<1x2x8x32xf32>) outs(%sz : tensor<1x2x32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x32x32xf32>
  %re = tensor.empty() : tensor<1x2x32xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%re : tensor<1x2x32xf32>) -> tensor<1x2x32xf32>
  %max = linalg.reduce ins(%s : tensor<1x2x32x32xf32>) outs(%mi : tensor<1x2x32xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %x = arith.maximumf %in, %init : f32
      linalg.yield %x : f32
    }
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s, %max : tensor<1x2x32x32xf32>, tensor<1x2x32xf32>) outs(%se : tensor<1x2x32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %d = arith.subf %a, %b : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<1x2x32x32xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<1x2x32xf32>) -> tensor<1x2x32xf32>
  %sum = linalg.reduce ins(%ex : tensor<1x2x32x32xf32>) outs(%si : tensor<1x2x32xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %x = arith.addf %in, %init : f32
      linalg.yield %x : f32
    }
  %p = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ex, %sum : tensor<1x2x32x32xf32>, tensor<1x2x32xf32>) outs(%se : tensor<1x2x32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %x = arith.divf %a, %b : f32
    linalg.yield %x : f32
  } -> tensor<1x2x32x32xf32>
  %oe = tensor.empty() : tensor<1x2x32x8xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x2x32x8xf32>) -> tensor<1x2x32x8xf32>
  %o = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]} ins(%p, %v : tensor<1x2x32x32xf32>, tensor<1x2x32x8xf32>) outs(%oz : tensor<1x2x32x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x32x8xf32>
  return %o : tensor<1x2x32x8xf32>
}

// -----

// 20 rows: two chunks of 8 per head, then the last 4 rows of each head in
// a loop of their own, so that every chunk is static.
// CHECK-LABEL: func.func @split_rows
// CHECK: scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (2, 16) step (1, 8)
// CHECK: linalg.generic {{.+}} outs(%{{.+}} : tensor<1x1x8x32xf32>)
// CHECK: linalg.generic {{.+}} outs(%{{.+}} : tensor<1x1x8x8xf32>)
// CHECK: tensor.insert_slice %{{.+}} into %{{.+}}[0, 0, 0, 0] [1, 2, 16, 8]
// CHECK: scf.forall (%[[H:.+]]) in (2)
// CHECK: tensor.extract_slice %arg0[0, %[[H]], 16, 0] [1, 1, 4, 8]
// CHECK: linalg.generic {{.+}} outs(%{{.+}} : tensor<1x1x4x32xf32>)
// CHECK: linalg.generic {{.+}} outs(%{{.+}} : tensor<1x1x4x8xf32>)
// CHECK: tensor.insert_slice %{{.+}} into %{{.+}}[0, 0, 16, 0] [1, 2, 4, 8]
// CHECK-NOT: linalg.generic
// CHECK: return
#lhs = affine_map<(b, h, l, k, n) -> (b, h, l, k)>
#rhs = affine_map<(b, h, l, k, n) -> (b, h, k, n)>
#out = affine_map<(b, h, l, k, n) -> (b, h, l, n)>
#id = affine_map<(b, h, l, s) -> (b, h, l, s)>
#row = affine_map<(b, h, l, s) -> (b, h, l)>
func.func @split_rows(%q: tensor<1x2x20x8xf32>, %kt: tensor<1x2x8x32xf32>, %v: tensor<1x2x32x8xf32>) -> (tensor<1x2x20x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %se = tensor.empty() : tensor<1x2x20x32xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%se : tensor<1x2x20x32xf32>) -> tensor<1x2x20x32xf32>
  %s = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]} ins(%q, %kt : tensor<1x2x20x8xf32>, tensor<1x2x8x32xf32>) outs(%sz : tensor<1x2x20x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x20x32xf32>
  %re = tensor.empty() : tensor<1x2x20xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%re : tensor<1x2x20xf32>) -> tensor<1x2x20xf32>
  %max = linalg.reduce ins(%s : tensor<1x2x20x32xf32>) outs(%mi : tensor<1x2x20xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %x = arith.maximumf %in, %init : f32
      linalg.yield %x : f32
    }
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s, %max : tensor<1x2x20x32xf32>, tensor<1x2x20xf32>) outs(%se : tensor<1x2x20x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %d = arith.subf %a, %b : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<1x2x20x32xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<1x2x20xf32>) -> tensor<1x2x20xf32>
  %sum = linalg.reduce ins(%ex : tensor<1x2x20x32xf32>) outs(%si : tensor<1x2x20xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %x = arith.addf %in, %init : f32
      linalg.yield %x : f32
    }
  %p = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ex, %sum : tensor<1x2x20x32xf32>, tensor<1x2x20xf32>) outs(%se : tensor<1x2x20x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %x = arith.divf %a, %b : f32
    linalg.yield %x : f32
  } -> tensor<1x2x20x32xf32>
  %oe = tensor.empty() : tensor<1x2x20x8xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x2x20x8xf32>) -> tensor<1x2x20x8xf32>
  %o = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]} ins(%p, %v : tensor<1x2x20x32xf32>, tensor<1x2x32x8xf32>) outs(%oz : tensor<1x2x20x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x20x8xf32>
  return %o : tensor<1x2x20x8xf32>
}

// -----

// The scores are a result too: q·kᵀ must be computed whole, so the attention
// stays as it is.
// CHECK-LABEL: func.func @scores_returned
// CHECK-NOT: scf.forall
// CHECK: return
#lhs = affine_map<(b, h, l, k, n) -> (b, h, l, k)>
#rhs = affine_map<(b, h, l, k, n) -> (b, h, k, n)>
#out = affine_map<(b, h, l, k, n) -> (b, h, l, n)>
#id = affine_map<(b, h, l, s) -> (b, h, l, s)>
#row = affine_map<(b, h, l, s) -> (b, h, l)>
func.func @scores_returned(%q: tensor<1x2x32x8xf32>, %kt: tensor<1x2x8x32xf32>, %v: tensor<1x2x32x8xf32>) -> (tensor<1x2x32x8xf32>, tensor<1x2x32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %se = tensor.empty() : tensor<1x2x32x32xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%se : tensor<1x2x32x32xf32>) -> tensor<1x2x32x32xf32>
  %s = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]} ins(%q, %kt : tensor<1x2x32x8xf32>, tensor<1x2x8x32xf32>) outs(%sz : tensor<1x2x32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x32x32xf32>
  %re = tensor.empty() : tensor<1x2x32xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%re : tensor<1x2x32xf32>) -> tensor<1x2x32xf32>
  %max = linalg.reduce ins(%s : tensor<1x2x32x32xf32>) outs(%mi : tensor<1x2x32xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %x = arith.maximumf %in, %init : f32
      linalg.yield %x : f32
    }
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s, %max : tensor<1x2x32x32xf32>, tensor<1x2x32xf32>) outs(%se : tensor<1x2x32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %d = arith.subf %a, %b : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<1x2x32x32xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<1x2x32xf32>) -> tensor<1x2x32xf32>
  %sum = linalg.reduce ins(%ex : tensor<1x2x32x32xf32>) outs(%si : tensor<1x2x32xf32>) dimensions = [3]
    (%in: f32, %init: f32) {
      %x = arith.addf %in, %init : f32
      linalg.yield %x : f32
    }
  %p = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ex, %sum : tensor<1x2x32x32xf32>, tensor<1x2x32xf32>) outs(%se : tensor<1x2x32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %x = arith.divf %a, %b : f32
    linalg.yield %x : f32
  } -> tensor<1x2x32x32xf32>
  %oe = tensor.empty() : tensor<1x2x32x8xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x2x32x8xf32>) -> tensor<1x2x32x8xf32>
  %o = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]} ins(%p, %v : tensor<1x2x32x32xf32>, tensor<1x2x32x8xf32>) outs(%oz : tensor<1x2x32x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x32x8xf32>
  return %o, %s : tensor<1x2x32x8xf32>, tensor<1x2x32x32xf32>
}
