// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(pt2c-gpu-kernels)' | FileCheck %s

// index_add(0, i, u * 2) into a copy of x, as pt2c-lower-prim-to-linalg
// emits it, through the GPU kernel formation: the marked scatter keeps its
// form through fusion and bufferization and becomes a kernel with a thread
// per update adding atomically, after the kernel that copies x into the
// result (the atomics add to that copy). The index broadcast and the
// scaling stay kernels of their own.
// CHECK: func.func @forward(%[[X:.+]]: memref<8x4xf32>, %{{.+}}: memref<6xi64>, %{{.+}}: memref<6x4xf32>, %[[OUT:.+]]: memref<8x4xf32>)
// CHECK: gpu.launch_func @forward_kernel::@{{.+}} args(%{{.+}} : index, %{{.+}} : memref<6xi64>, %[[IDX:.+]] : memref<6x4xi64>)
// CHECK: gpu.launch_func @forward_kernel::@{{.+}} args(%{{.+}} : index, %{{.+}} : memref<6x4xf32>, %[[UPD:.+]] : memref<6x4xf32>)
// CHECK: gpu.launch_func @forward_kernel::@{{.+}} args(%{{.+}} : index, %[[X]] : memref<8x4xf32>, %[[OUT]] : memref<8x4xf32>)
// CHECK: gpu.launch_func @forward_kernel::@[[SCATTER:.+]] blocks in {{.+}} args(%[[OUT]] : memref<8x4xf32>, %{{.+}} : index, %[[IDX]] : memref<6x4xi64>, %[[UPD]] : memref<6x4xf32>)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.func @[[SCATTER]](
// CHECK-NOT: gpu.func
// CHECK: memref.atomic_rmw addf
#bcast = affine_map<(d0, d1) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @forward(%x: tensor<8x4xf32>, %i: tensor<6xi64>, %u: tensor<6x4xf32>) -> tensor<8x4xf32> {
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
  %ec = tensor.empty() : tensor<8x4xf32>
  %copy = linalg.copy ins(%x : tensor<8x4xf32>) outs(%ec : tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = linalg.generic {indexing_maps = [#rows, #rows, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%idx, %upd : tensor<6x4xi64>, tensor<6x4xf32>) outs(%copy : tensor<8x4xf32>) attrs = {pt2c.scatter_dim = 0 : i64} {
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
