// The pieces the CPU and GPU pipelines share run alone under their names.
// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(pt2c-bufferize-module)' | FileCheck %s --check-prefix=BUF
// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(pt2c-bufferize-module,func.func(convert-linalg-to-loops),convert-scf-to-cf,pt2c-host-to-llvm{calls=openmp})' | FileCheck %s --check-prefix=LLVM
// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(pt2c-bufferize-module,func.func(convert-linalg-to-loops),convert-scf-to-cf,pt2c-host-to-llvm{calls=gpu})' | FileCheck %s --check-prefix=LLVM
// RUN: not %pt2c-opt %s --pass-pipeline='builtin.module(pt2c-host-to-llvm{calls=bogus})' 2>&1 | FileCheck %s --check-prefix=BAD

// Bufferized with the result as an out-parameter the caller allocates.
// BUF-LABEL: func.func @forward(%arg0: memref<4xf32>, %arg1: memref<4xf32>)
// BUF: linalg.generic {{.+}} ins(%arg0 : memref<4xf32>) outs(%arg1 : memref<4xf32>)
// BUF-NOT: memref.alloc
// BUF: return
// BUF-NOT: tensor<

// Then the LLVM dialect, nothing of func, arith or cf left.
// LLVM: llvm.func @forward
// LLVM-NOT: func.func
// LLVM-NOT: arith.
// LLVM-NOT: cf.
// LLVM: llvm.return

// BAD: Cannot find option named 'bogus'
func.func @forward(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
