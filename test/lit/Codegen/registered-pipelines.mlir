// The two pipelines run by name, as pt2c runs them (SharedPipelines.h).
// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(pt2c-cpu-pipeline)' | FileCheck %s --check-prefix=CPU
// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(pt2c-gpu-kernels)' | FileCheck %s --check-prefix=GPU

// The CPU pipeline leaves one LLVM function, the result an out-parameter,
// and nothing but the LLVM dialect.
// CPU: llvm.func @forward(
// CPU: llvm.fadd
// CPU-NOT: linalg.
// CPU-NOT: memref.

// The GPU kernels: the add is one kernel in the module's one gpu.module,
// launched from the host function, which writes into its out-parameter.
// GPU: func.func @forward(%{{.+}}: memref<4x8xf32>, %{{.+}}: memref<4x8xf32>, %{{.+}}: memref<4x8xf32>)
// GPU: gpu.launch_func @forward_kernel::@forward_kernel
// GPU: gpu.module @forward_kernel
// GPU: gpu.func @forward_kernel(
// GPU: arith.addf
#id = affine_map<(i, j) -> (i, j)>
func.func @forward(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
