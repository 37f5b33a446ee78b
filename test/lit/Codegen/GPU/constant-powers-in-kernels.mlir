// The GPU pipeline writes a constant power as multiplies before ops become
// kernels: GPT-2's GELU (bfloat16) cubes its input, and libdevice's powf
// (what convert-gpu-to-nvvm makes of math.powf) is a long routine.
// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(pt2c-gpu-kernels)' | FileCheck %s

// CHECK: gpu.func @forward_kernel(
// CHECK-NOT: math.powf
// CHECK: %[[SQ:.+]] = arith.mulf %[[X:.+]], %[[X]] : bf16
// CHECK: arith.mulf %[[X]], %[[SQ]] : bf16
// CHECK: math.tanh
// CHECK-NOT: math.powf
#id = affine_map<(i, j) -> (i, j)>
func.func @forward(%a: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %e = tensor.empty() : tensor<4x8xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xbf16>) outs(%e : tensor<4x8xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    %three = arith.constant 3.0 : bf16
    %c = arith.constant 4.467770e-02 : bf16
    %cube = math.powf %x, %three : bf16
    %m = arith.mulf %cube, %c : bf16
    %s = arith.addf %x, %m : bf16
    %t = math.tanh %s : bf16
    linalg.yield %t : bf16
  } -> tensor<4x8xbf16>
  return %r : tensor<4x8xbf16>
}
