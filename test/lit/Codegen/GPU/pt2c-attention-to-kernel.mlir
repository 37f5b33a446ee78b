// RUN: %pt2c-opt %s --split-input-file --pt2c-attention-to-kernel | FileCheck %s

// sdpa as ATenToPrim and PrimToLinalg write it: q·kᵀ (kᵀ a transpose of
// k [1, 2, 6, 8]), times 0.5, a boolean mask [4, 6] broadcast to the
// scores, softmax, ·v; its result transposed to [1, 4, 2, 8] for the heads
// to merge. One call stands for the kernel: it reads q, k (through both
// transposes: an identity map), v and the unbroadcast mask (map (l, s)),
// and writes the transposed layout itself, so the output transpose goes
// too. The batch dim has size 1: the operands read it at 0. The chain's
// ops are left dead.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>
// CHECK-DAG: #[[$MASK:.+]] = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
// CHECK-LABEL: func.func @sdpa
// CHECK-SAME: (%[[Q:.+]]: tensor<1x2x4x8xf32>, %[[K:.+]]: tensor<1x2x6x8xf32>, %[[V:.+]]: tensor<1x2x6x8xf32>, %[[M:.+]]: tensor<4x6xi1>)
// CHECK: %[[O:.+]] = memref.alloc() : memref<1x4x2x8xf32>
// CHECK: %[[QB:.+]] = bufferization.to_buffer %[[Q]] read_only : tensor<1x2x4x8xf32> to memref<1x2x4x8xf32, strided<[?, ?, ?, ?], offset: ?>>
// CHECK: %[[KB:.+]] = bufferization.to_buffer %[[K]] read_only
// CHECK: %[[VB:.+]] = bufferization.to_buffer %[[V]] read_only
// CHECK: %[[MB:.+]] = bufferization.to_buffer %[[M]] read_only : tensor<4x6xi1> to memref<4x6xi1, strided<[?, ?], offset: ?>>
// CHECK: call @pt2c_flash_attention_0(%[[QB]], %[[KB]], %[[VB]], %[[MB]], %[[O]])
// CHECK-SAME: pt2c.flash_attention = {additive = array<i1: false>, causal = false, head_dim = 8 : i64, keys = 6 : i64,
// CHECK-SAME: maps = [#[[$ID]], #[[$ID]], #[[$ID]], #[[$MASK]], #[[$OUT]]], queries = 4 : i64, scale = 5.000000e-01 : f64, value_dim = 8 : i64}
// CHECK: %[[R:.+]] = bufferization.to_tensor %[[O]] restrict writable : memref<1x4x2x8xf32> to tensor<1x4x2x8xf32>
// CHECK: return %[[R]]
// CHECK: func.func private @pt2c_flash_attention_0(memref<1x2x4x8xf32, strided<[?, ?, ?, ?], offset: ?>>, memref<1x2x6x8xf32, strided<[?, ?, ?, ?], offset: ?>>, memref<1x2x6x8xf32, strided<[?, ?, ?, ?], offset: ?>>, memref<4x6xi1, strided<[?, ?], offset: ?>>, memref<1x4x2x8xf32>)
#id = affine_map<(b, h, l, s) -> (b, h, l, s)>
#row = affine_map<(b, h, l, s) -> (b, h, l, 0)>
func.func @sdpa(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x8xf32>,
                %mask: tensor<4x6xi1>) -> tensor<1x4x2x8xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %half = arith.constant dense<0.5> : tensor<1x2x4x6xf32>
  %ninfs = arith.constant dense<0xFF800000> : tensor<1x2x4x6xf32>
  %shape = arith.constant dense<[1, 2, 4, 1]> : tensor<4xindex>
  %ekt = tensor.empty() : tensor<1x2x8x6xf32>
  %kt = linalg.transpose ins(%k : tensor<1x2x6x8xf32>) outs(%ekt : tensor<1x2x8x6xf32>) permutation = [0, 1, 3, 2]
  %es = tensor.empty() : tensor<1x2x4x6xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<1x2x4x6xf32>) -> tensor<1x2x4x6xf32>
  %scores = linalg.generic {indexing_maps = [affine_map<(b, h, m, k, n) -> (b, h, m, k)>, affine_map<(b, h, m, k, n) -> (b, h, k, n)>, affine_map<(b, h, m, k, n) -> (b, h, m, n)>],
                            iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%q, %kt : tensor<1x2x4x8xf32>, tensor<1x2x8x6xf32>) outs(%zs : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x2x4x6xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%scores, %half : tensor<1x2x4x6xf32>, tensor<1x2x4x6xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<1x2x4x6xf32>
  %em = tensor.empty() : tensor<1x2x4x6xi1>
  %keep = linalg.generic {indexing_maps = [affine_map<(b, h, l, s) -> (l, s)>, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%mask : tensor<4x6xi1>) outs(%em : tensor<1x2x4x6xi1>) {
  ^bb0(%a: i1, %o: i1):
    linalg.yield %a : i1
  } -> tensor<1x2x4x6xi1>
  %masked = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%keep, %scaled, %ninfs : tensor<1x2x4x6xi1>, tensor<1x2x4x6xf32>, tensor<1x2x4x6xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%c: i1, %a: f32, %b: f32, %o: f32):
    %s = arith.select %c, %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x2x4x6xf32>
  %er = tensor.empty() : tensor<1x2x4xf32>
  %fmax = linalg.fill ins(%ninf : f32) outs(%er : tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
  %max = linalg.reduce ins(%masked : tensor<1x2x4x6xf32>) outs(%fmax : tensor<1x2x4xf32>) dimensions = [3]
    (%a: f32, %acc: f32) {
      %m = arith.maximumf %a, %acc : f32
      linalg.yield %m : f32
    }
  %max4 = tensor.reshape %max(%shape) : (tensor<1x2x4xf32>, tensor<4xindex>) -> tensor<1x2x4x1xf32>
  %maxb = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%max4 : tensor<1x2x4x1xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<1x2x4x6xf32>
  %centered = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%masked, %maxb : tensor<1x2x4x6xf32>, tensor<1x2x4x6xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<1x2x4x6xf32>
  %exp = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%centered : tensor<1x2x4x6xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<1x2x4x6xf32>
  %fsum = linalg.fill ins(%zero : f32) outs(%er : tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
  %sum = linalg.reduce ins(%exp : tensor<1x2x4x6xf32>) outs(%fsum : tensor<1x2x4xf32>) dimensions = [3]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  %sum4 = tensor.reshape %sum(%shape) : (tensor<1x2x4xf32>, tensor<4xindex>) -> tensor<1x2x4x1xf32>
  %sumb = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sum4 : tensor<1x2x4x1xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<1x2x4x6xf32>
  %weights = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%exp, %sumb : tensor<1x2x4x6xf32>, tensor<1x2x4x6xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<1x2x4x6xf32>
  %eo = tensor.empty() : tensor<1x2x4x8xf32>
  %zo = linalg.fill ins(%zero : f32) outs(%eo : tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %out = linalg.generic {indexing_maps = [affine_map<(b, h, m, k, n) -> (b, h, m, k)>, affine_map<(b, h, m, k, n) -> (b, h, k, n)>, affine_map<(b, h, m, k, n) -> (b, h, m, n)>],
                         iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%weights, %v : tensor<1x2x4x6xf32>, tensor<1x2x6x8xf32>) outs(%zo : tensor<1x2x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x2x4x8xf32>
  %et = tensor.empty() : tensor<1x4x2x8xf32>
  %merged = linalg.transpose ins(%out : tensor<1x2x4x8xf32>) outs(%et : tensor<1x4x2x8xf32>) permutation = [0, 2, 1, 3]
  return %merged : tensor<1x4x2x8xf32>
}

// -----

// Softmax of a plain matmul with no scale multiply, and a head dim past
// the kernel's 128: neither is taken.
// CHECK-LABEL: func.func @not_attention
// CHECK-NOT: pt2c_flash_attention
#id2 = affine_map<(l, s) -> (l, s)>
#row2 = affine_map<(l, s) -> (l, 0)>
func.func @not_attention(%q: tensor<4x160xf32>, %kt: tensor<160x6xf32>, %v: tensor<6x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %shape = arith.constant dense<[4, 1]> : tensor<2xindex>
  %es = tensor.empty() : tensor<4x6xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<4x6xf32>) -> tensor<4x6xf32>
  %scores = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>],
                            iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%q, %kt : tensor<4x160xf32>, tensor<160x6xf32>) outs(%zs : tensor<4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  %er = tensor.empty() : tensor<4xf32>
  %fmax = linalg.fill ins(%ninf : f32) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  %max = linalg.reduce ins(%scores : tensor<4x6xf32>) outs(%fmax : tensor<4xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %m = arith.maximumf %a, %acc : f32
      linalg.yield %m : f32
    }
  %max2 = tensor.reshape %max(%shape) : (tensor<4xf32>, tensor<2xindex>) -> tensor<4x1xf32>
  %maxb = linalg.generic {indexing_maps = [#row2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%max2 : tensor<4x1xf32>) outs(%es : tensor<4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x6xf32>
  %centered = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%scores, %maxb : tensor<4x6xf32>, tensor<4x6xf32>) outs(%es : tensor<4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<4x6xf32>
  %exp = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%centered : tensor<4x6xf32>) outs(%es : tensor<4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<4x6xf32>
  %fsum = linalg.fill ins(%zero : f32) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.reduce ins(%exp : tensor<4x6xf32>) outs(%fsum : tensor<4xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  %sum2 = tensor.reshape %sum(%shape) : (tensor<4xf32>, tensor<2xindex>) -> tensor<4x1xf32>
  %sumb = linalg.generic {indexing_maps = [#row2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%sum2 : tensor<4x1xf32>) outs(%es : tensor<4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x6xf32>
  %weights = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sumb : tensor<4x6xf32>, tensor<4x6xf32>) outs(%es : tensor<4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<4x6xf32>
  %eo = tensor.empty() : tensor<4x8xf32>
  %zo = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x8xf32>) -> tensor<4x8xf32>
  %out = linalg.generic {indexing_maps = [affine_map<(m, k, n) -> (m, k)>, affine_map<(m, k, n) -> (k, n)>, affine_map<(m, k, n) -> (m, n)>],
                         iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%weights, %v : tensor<4x6xf32>, tensor<6x8xf32>) outs(%zo : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %out : tensor<4x8xf32>
}

// -----

// q packed as [L, heads x E] (a projection's output) and brought to
// [1, heads, L, E] by a reshape, a transpose and a reshape that merges
// dims: the kernel reads the packed buffer itself, at (l, h * 8 + e), the
// reshapes' floordiv and mod removed with the dims' sizes.
// CHECK-DAG: #[[$PACKED:.+]] = affine_map<(d0, d1, d2, d3) -> (d2, d3 + d1 * 8)>
// CHECK-LABEL: func.func @sdpa_packed_heads
// CHECK-SAME: (%[[P:.+]]: tensor<4x16xf32>,
// CHECK: %[[PB:.+]] = bufferization.to_buffer %[[P]] read_only : tensor<4x16xf32>
// CHECK: call @pt2c_flash_attention_0(%[[PB]],
// CHECK-SAME: maps = [#[[$PACKED]],
#id2 = affine_map<(b, h, l, s) -> (b, h, l, s)>
#row2 = affine_map<(b, h, l, s) -> (b, h, l, 0)>
func.func @sdpa_packed_heads(%packed: tensor<4x16xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x8xf32>,
                %mask: tensor<4x6xi1>) -> tensor<1x4x2x8xf32> {
  %s3 = arith.constant dense<[4, 2, 8]> : tensor<3xindex>
  %s4 = arith.constant dense<[1, 2, 4, 8]> : tensor<4xindex>
  %split = tensor.reshape %packed(%s3) : (tensor<4x16xf32>, tensor<3xindex>) -> tensor<4x2x8xf32>
  %eq = tensor.empty() : tensor<2x4x8xf32>
  %heads = linalg.transpose ins(%split : tensor<4x2x8xf32>) outs(%eq : tensor<2x4x8xf32>) permutation = [1, 0, 2]
  %q = tensor.reshape %heads(%s4) : (tensor<2x4x8xf32>, tensor<4xindex>) -> tensor<1x2x4x8xf32>
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %half = arith.constant dense<0.5> : tensor<1x2x4x6xf32>
  %ninfs = arith.constant dense<0xFF800000> : tensor<1x2x4x6xf32>
  %shape = arith.constant dense<[1, 2, 4, 1]> : tensor<4xindex>
  %ekt = tensor.empty() : tensor<1x2x8x6xf32>
  %kt = linalg.transpose ins(%k : tensor<1x2x6x8xf32>) outs(%ekt : tensor<1x2x8x6xf32>) permutation = [0, 1, 3, 2]
  %es = tensor.empty() : tensor<1x2x4x6xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<1x2x4x6xf32>) -> tensor<1x2x4x6xf32>
  %scores = linalg.generic {indexing_maps = [affine_map<(b, h, m, k, n) -> (b, h, m, k)>, affine_map<(b, h, m, k, n) -> (b, h, k, n)>, affine_map<(b, h, m, k, n) -> (b, h, m, n)>],
                            iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%q, %kt : tensor<1x2x4x8xf32>, tensor<1x2x8x6xf32>) outs(%zs : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x2x4x6xf32>
  %scaled = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%scores, %half : tensor<1x2x4x6xf32>, tensor<1x2x4x6xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<1x2x4x6xf32>
  %em = tensor.empty() : tensor<1x2x4x6xi1>
  %keep = linalg.generic {indexing_maps = [affine_map<(b, h, l, s) -> (l, s)>, #id2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%mask : tensor<4x6xi1>) outs(%em : tensor<1x2x4x6xi1>) {
  ^bb0(%a: i1, %o: i1):
    linalg.yield %a : i1
  } -> tensor<1x2x4x6xi1>
  %masked = linalg.generic {indexing_maps = [#id2, #id2, #id2, #id2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%keep, %scaled, %ninfs : tensor<1x2x4x6xi1>, tensor<1x2x4x6xf32>, tensor<1x2x4x6xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%c: i1, %a: f32, %b: f32, %o: f32):
    %s = arith.select %c, %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x2x4x6xf32>
  %er = tensor.empty() : tensor<1x2x4xf32>
  %fmax = linalg.fill ins(%ninf : f32) outs(%er : tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
  %max = linalg.reduce ins(%masked : tensor<1x2x4x6xf32>) outs(%fmax : tensor<1x2x4xf32>) dimensions = [3]
    (%a: f32, %acc: f32) {
      %m = arith.maximumf %a, %acc : f32
      linalg.yield %m : f32
    }
  %max4 = tensor.reshape %max(%shape) : (tensor<1x2x4xf32>, tensor<4xindex>) -> tensor<1x2x4x1xf32>
  %maxb = linalg.generic {indexing_maps = [#row2, #id2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%max4 : tensor<1x2x4x1xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<1x2x4x6xf32>
  %centered = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%masked, %maxb : tensor<1x2x4x6xf32>, tensor<1x2x4x6xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<1x2x4x6xf32>
  %exp = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%centered : tensor<1x2x4x6xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<1x2x4x6xf32>
  %fsum = linalg.fill ins(%zero : f32) outs(%er : tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
  %sum = linalg.reduce ins(%exp : tensor<1x2x4x6xf32>) outs(%fsum : tensor<1x2x4xf32>) dimensions = [3]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  %sum4 = tensor.reshape %sum(%shape) : (tensor<1x2x4xf32>, tensor<4xindex>) -> tensor<1x2x4x1xf32>
  %sumb = linalg.generic {indexing_maps = [#row2, #id2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sum4 : tensor<1x2x4x1xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<1x2x4x6xf32>
  %weights = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%exp, %sumb : tensor<1x2x4x6xf32>, tensor<1x2x4x6xf32>) outs(%es : tensor<1x2x4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<1x2x4x6xf32>
  %eo = tensor.empty() : tensor<1x2x4x8xf32>
  %zo = linalg.fill ins(%zero : f32) outs(%eo : tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %out = linalg.generic {indexing_maps = [affine_map<(b, h, m, k, n) -> (b, h, m, k)>, affine_map<(b, h, m, k, n) -> (b, h, k, n)>, affine_map<(b, h, m, k, n) -> (b, h, m, n)>],
                         iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]}
      ins(%weights, %v : tensor<1x2x4x6xf32>, tensor<1x2x6x8xf32>) outs(%zo : tensor<1x2x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x2x4x8xf32>
  %et = tensor.empty() : tensor<1x4x2x8xf32>
  %merged = linalg.transpose ins(%out : tensor<1x2x4x8xf32>) outs(%et : tensor<1x4x2x8xf32>) permutation = [0, 2, 1, 3]
  return %merged : tensor<1x4x2x8xf32>
}
