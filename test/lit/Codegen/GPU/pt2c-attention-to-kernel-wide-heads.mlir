// RUN: %pt2c-opt %s --split-input-file --pt2c-attention-to-kernel=tensor-cores=true | FileCheck %s
// RUN: %pt2c-opt %s --split-input-file --pt2c-attention-to-kernel | FileCheck %s --check-prefix=CUDA-CORES

// Head dims over 128 (E = 256, Ev = 200) are taken only for the
// tensor-core kernel, whose key tiles shrink to 32 keys there: with
// bfloat16 q, k and v (widened to float32 for the chain, read through the
// widenings) and tensor-cores=true, one call stands for the kernel; the
// float32 kernel (tensor-cores=false) stops at 128 and leaves the chain.
// CHECK-LABEL: func.func @wide_heads_bf16
// CHECK: call @pt2c_flash_attention_0
// CHECK-SAME: head_dim = 256 : i64
// CHECK-SAME: value_dim = 200 : i64
// CUDA-CORES-LABEL: func.func @wide_heads_bf16
// CUDA-CORES-NOT: pt2c_flash_attention
// CUDA-CORES: return
func.func @wide_heads_bf16(%q: tensor<2x4x256xbf16>, %k: tensor<2x6x256xbf16>, %v: tensor<2x6x200xbf16>) -> tensor<2x4x200xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant dense<0.0625> : tensor<2x4x6xf32>
  %shape = arith.constant dense<[2, 4, 1]> : tensor<3xindex>
  %e_q = tensor.empty() : tensor<2x4x256xf32>
  %qw = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%q : tensor<2x4x256xbf16>) outs(%e_q : tensor<2x4x256xf32>) {
  ^bb0(%a: bf16, %o: f32):
    %w = arith.extf %a : bf16 to f32
    linalg.yield %w : f32
  } -> tensor<2x4x256xf32>
  %e_k = tensor.empty() : tensor<2x256x6xf32>
  %kt = linalg.generic {indexing_maps = [affine_map<(h, e, s) -> (h, s, e)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%k : tensor<2x6x256xbf16>) outs(%e_k : tensor<2x256x6xf32>) {
  ^bb0(%a: bf16, %o: f32):
    %w = arith.extf %a : bf16 to f32
    linalg.yield %w : f32
  } -> tensor<2x256x6xf32>
  %e_v = tensor.empty() : tensor<2x6x200xf32>
  %vw = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%v : tensor<2x6x200xbf16>) outs(%e_v : tensor<2x6x200xf32>) {
  ^bb0(%a: bf16, %o: f32):
    %w = arith.extf %a : bf16 to f32
    linalg.yield %w : f32
  } -> tensor<2x6x200xf32>
  %es = tensor.empty() : tensor<2x4x6xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
  %scores = linalg.generic {indexing_maps = [affine_map<(b, m, k, n) -> (b, m, k)>, affine_map<(b, m, k, n) -> (b, k, n)>, affine_map<(b, m, k, n) -> (b, m, n)>],
                            iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
      ins(%qw, %kt : tensor<2x4x256xf32>, tensor<2x256x6xf32>) outs(%zs : tensor<2x4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x4x6xf32>
  %scaled = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%scores, %scale : tensor<2x4x6xf32>, tensor<2x4x6xf32>) outs(%es : tensor<2x4x6xf32>) {
  ^bb0(%x0: f32, %x1: f32, %o: f32):
    %r = arith.mulf %x0, %x1 : f32
    linalg.yield %r : f32
  } -> tensor<2x4x6xf32>
  %er = tensor.empty() : tensor<2x4xf32>
  %fmax = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x4xf32>) -> tensor<2x4xf32>
  %max = linalg.reduce ins(%scaled : tensor<2x4x6xf32>) outs(%fmax : tensor<2x4xf32>) dimensions = [2]
    (%a: f32, %acc: f32) {
      %m = arith.maximumf %a, %acc : f32
      linalg.yield %m : f32
    }
  %max3 = tensor.reshape %max(%shape) : (tensor<2x4xf32>, tensor<3xindex>) -> tensor<2x4x1xf32>
  %maxb = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, 0)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%max3 : tensor<2x4x1xf32>) outs(%es : tensor<2x4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<2x4x6xf32>
  %centered = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%scaled, %maxb : tensor<2x4x6xf32>, tensor<2x4x6xf32>) outs(%es : tensor<2x4x6xf32>) {
  ^bb0(%x0: f32, %x1: f32, %o: f32):
    %r = arith.subf %x0, %x1 : f32
    linalg.yield %r : f32
  } -> tensor<2x4x6xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%centered : tensor<2x4x6xf32>) outs(%es : tensor<2x4x6xf32>) {
  ^bb0(%x0: f32, %o: f32):
    %r = math.exp %x0 : f32
    linalg.yield %r : f32
  } -> tensor<2x4x6xf32>
  %fsum = linalg.fill ins(%zero : f32) outs(%er : tensor<2x4xf32>) -> tensor<2x4xf32>
  %sum = linalg.reduce ins(%exp : tensor<2x4x6xf32>) outs(%fsum : tensor<2x4xf32>) dimensions = [2]
    (%a: f32, %acc: f32) {
      %m = arith.addf %a, %acc : f32
      linalg.yield %m : f32
    }
  %sum3 = tensor.reshape %sum(%shape) : (tensor<2x4xf32>, tensor<3xindex>) -> tensor<2x4x1xf32>
  %sumb = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, 0)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sum3 : tensor<2x4x1xf32>) outs(%es : tensor<2x4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<2x4x6xf32>
  %weights = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%exp, %sumb : tensor<2x4x6xf32>, tensor<2x4x6xf32>) outs(%es : tensor<2x4x6xf32>) {
  ^bb0(%x0: f32, %x1: f32, %o: f32):
    %r = arith.divf %x0, %x1 : f32
    linalg.yield %r : f32
  } -> tensor<2x4x6xf32>
  %eo = tensor.empty() : tensor<2x4x200xf32>
  %zo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x4x200xf32>) -> tensor<2x4x200xf32>
  %out = linalg.generic {indexing_maps = [affine_map<(b, m, k, n) -> (b, m, k)>, affine_map<(b, m, k, n) -> (b, k, n)>, affine_map<(b, m, k, n) -> (b, m, n)>],
                            iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
      ins(%weights, %vw : tensor<2x4x6xf32>, tensor<2x6x200xf32>) outs(%zo : tensor<2x4x200xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x4x200xf32>
  return %out : tensor<2x4x200xf32>
}

// -----

// The same in float32: no kernel takes it, tensor cores or not.
// CHECK-LABEL: func.func @wide_heads_f32
// CHECK-NOT: pt2c_flash_attention
// CHECK: return
// CUDA-CORES-LABEL: func.func @wide_heads_f32
// CUDA-CORES-NOT: pt2c_flash_attention
// CUDA-CORES: return
func.func @wide_heads_f32(%q: tensor<2x4x256xf32>, %k: tensor<2x6x256xf32>, %v: tensor<2x6x200xf32>) -> tensor<2x4x200xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant dense<0.0625> : tensor<2x4x6xf32>
  %shape = arith.constant dense<[2, 4, 1]> : tensor<3xindex>
  %ekt = tensor.empty() : tensor<2x256x6xf32>
  %kt = linalg.transpose ins(%k : tensor<2x6x256xf32>) outs(%ekt : tensor<2x256x6xf32>) permutation = [0, 2, 1]
  %es = tensor.empty() : tensor<2x4x6xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
  %scores = linalg.generic {indexing_maps = [affine_map<(b, m, k, n) -> (b, m, k)>, affine_map<(b, m, k, n) -> (b, k, n)>, affine_map<(b, m, k, n) -> (b, m, n)>],
                            iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
      ins(%q, %kt : tensor<2x4x256xf32>, tensor<2x256x6xf32>) outs(%zs : tensor<2x4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x4x6xf32>
  %scaled = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%scores, %scale : tensor<2x4x6xf32>, tensor<2x4x6xf32>) outs(%es : tensor<2x4x6xf32>) {
  ^bb0(%x0: f32, %x1: f32, %o: f32):
    %r = arith.mulf %x0, %x1 : f32
    linalg.yield %r : f32
  } -> tensor<2x4x6xf32>
  %er = tensor.empty() : tensor<2x4xf32>
  %fmax = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x4xf32>) -> tensor<2x4xf32>
  %max = linalg.reduce ins(%scaled : tensor<2x4x6xf32>) outs(%fmax : tensor<2x4xf32>) dimensions = [2]
    (%a: f32, %acc: f32) {
      %m = arith.maximumf %a, %acc : f32
      linalg.yield %m : f32
    }
  %max3 = tensor.reshape %max(%shape) : (tensor<2x4xf32>, tensor<3xindex>) -> tensor<2x4x1xf32>
  %maxb = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, 0)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%max3 : tensor<2x4x1xf32>) outs(%es : tensor<2x4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<2x4x6xf32>
  %centered = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%scaled, %maxb : tensor<2x4x6xf32>, tensor<2x4x6xf32>) outs(%es : tensor<2x4x6xf32>) {
  ^bb0(%x0: f32, %x1: f32, %o: f32):
    %r = arith.subf %x0, %x1 : f32
    linalg.yield %r : f32
  } -> tensor<2x4x6xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%centered : tensor<2x4x6xf32>) outs(%es : tensor<2x4x6xf32>) {
  ^bb0(%x0: f32, %o: f32):
    %r = math.exp %x0 : f32
    linalg.yield %r : f32
  } -> tensor<2x4x6xf32>
  %fsum = linalg.fill ins(%zero : f32) outs(%er : tensor<2x4xf32>) -> tensor<2x4xf32>
  %sum = linalg.reduce ins(%exp : tensor<2x4x6xf32>) outs(%fsum : tensor<2x4xf32>) dimensions = [2]
    (%a: f32, %acc: f32) {
      %m = arith.addf %a, %acc : f32
      linalg.yield %m : f32
    }
  %sum3 = tensor.reshape %sum(%shape) : (tensor<2x4xf32>, tensor<3xindex>) -> tensor<2x4x1xf32>
  %sumb = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, 0)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sum3 : tensor<2x4x1xf32>) outs(%es : tensor<2x4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<2x4x6xf32>
  %weights = linalg.generic {indexing_maps = [affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>, affine_map<(h, l, s) -> (h, l, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%exp, %sumb : tensor<2x4x6xf32>, tensor<2x4x6xf32>) outs(%es : tensor<2x4x6xf32>) {
  ^bb0(%x0: f32, %x1: f32, %o: f32):
    %r = arith.divf %x0, %x1 : f32
    linalg.yield %r : f32
  } -> tensor<2x4x6xf32>
  %eo = tensor.empty() : tensor<2x4x200xf32>
  %zo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x4x200xf32>) -> tensor<2x4x200xf32>
  %out = linalg.generic {indexing_maps = [affine_map<(b, m, k, n) -> (b, m, k)>, affine_map<(b, m, k, n) -> (b, k, n)>, affine_map<(b, m, k, n) -> (b, m, n)>],
                            iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
      ins(%weights, %v : tensor<2x4x6xf32>, tensor<2x6x200xf32>) outs(%zo : tensor<2x4x200xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x4x200xf32>
  return %out : tensor<2x4x200xf32>
}
