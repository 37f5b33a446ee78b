// RUN: %pt2c-opt %s --split-input-file --pt2c-merge-gpu-modules | FileCheck %s

// Two outlined modules whose different kernels share a name: one module
// remains, the second kernel is renamed and its launch follows. The
// constant table both modules copied is kept once.
// CHECK: gpu.module @first
// CHECK: memref.global "private" constant @table
// CHECK: gpu.func @kernel(
// CHECK: gpu.func @[[$SECOND:kernel_[0-9]+]](
// CHECK: memref.store
// CHECK-NOT: memref.global
// CHECK-NOT: gpu.module @second
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @first::@kernel
// CHECK: gpu.launch_func @first::@[[$SECOND]]
module attributes {gpu.container_module} {
  gpu.module @first {
    memref.global "private" constant @table : memref<2xi64> = dense<[3, 4]>
    gpu.func @kernel(%a: memref<4xf32>) kernel {
      %t = memref.get_global @table : memref<2xi64>
      gpu.return
    }
  }
  gpu.module @second {
    memref.global "private" constant @table : memref<2xi64> = dense<[3, 4]>
    gpu.func @kernel(%a: memref<4xf32>) kernel {
      %t = memref.get_global @table : memref<2xi64>
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      memref.store %zero, %a[%c0] : memref<4xf32>
      gpu.return
    }
  }
  func.func @host(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @first::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    gpu.launch_func @second::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    return
  }
}

// -----

// Two kernels with the same ops that read different elements (x[i] and
// x[j]: only the values used differ) are both kept.
// CHECK-LABEL: gpu.module @rows
// CHECK: gpu.func @kernel(
// CHECK: memref.load %{{.+}}[%[[I:.+]], %[[I]]]
// CHECK: gpu.func @[[$COLUMNS:kernel_[0-9]+]](
// CHECK: memref.load %{{.+}}[%[[J:.+]], %[[C0:.+]]]
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @rows::@kernel
// CHECK: gpu.launch_func @rows::@[[$COLUMNS]]
module attributes {gpu.container_module} {
  gpu.module @rows {
    gpu.func @kernel(%x: memref<4x4xf32>, %y: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %x[%i, %i] : memref<4x4xf32>
      memref.store %v, %y[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @columns {
    gpu.func @kernel(%x: memref<4x4xf32>, %y: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %x[%i, %c0] : memref<4x4xf32>
      memref.store %v, %y[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func @host(%x: memref<4x4xf32>, %y: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @rows::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4x4xf32>, %y : memref<4xf32>)
    gpu.launch_func @columns::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4x4xf32>, %y : memref<4xf32>)
    return
  }
}
