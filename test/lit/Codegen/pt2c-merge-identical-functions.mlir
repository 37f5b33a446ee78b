// RUN: %pt2c-opt %s --split-input-file --pt2c-merge-identical-functions | FileCheck %s

// Two private functions with the same body (their locations aside) become
// the first: both calls go to it and the second is erased. The third
// differs in one constant and stays, called where it was.
// CHECK-LABEL: func.func private @forward_loop_0(
// CHECK-NOT: func.func private @forward_loop_1(
// CHECK-LABEL: func.func private @forward_loop_2(
// CHECK: arith.constant 2.000000e+00
// CHECK-LABEL: func.func @forward(
// CHECK-NEXT: call @forward_loop_0(%arg0)
// CHECK-NEXT: call @forward_loop_0(%arg1)
// CHECK-NEXT: call @forward_loop_2(%arg1)
func.func private @forward_loop_0(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %a[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    memref.store %y, %a[%i] : memref<64xf32>
  } loc("layer0")
  return
}
func.func private @forward_loop_1(%b: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %b[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    memref.store %y, %b[%i] : memref<64xf32>
  } loc("layer1")
  return
}
func.func private @forward_loop_2(%b: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %two = arith.constant 2.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %b[%i] : memref<64xf32>
    %y = arith.addf %x, %two : f32
    memref.store %y, %b[%i] : memref<64xf32>
  }
  return
}
func.func @forward(%x: memref<64xf32>, %y: memref<64xf32>) {
  call @forward_loop_0(%x) : (memref<64xf32>) -> ()
  call @forward_loop_1(%y) : (memref<64xf32>) -> ()
  call @forward_loop_2(%y) : (memref<64xf32>) -> ()
  return
}

// -----

// The same ops wired differently (the second function adds its arguments
// the other way round into another buffer) are different functions.
// CHECK-LABEL: func.func private @wired_0(
// CHECK-LABEL: func.func private @wired_1(
// CHECK-LABEL: func.func @forward(
// CHECK-NEXT: call @wired_0(
// CHECK-NEXT: call @wired_1(
func.func private @wired_0(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xf32>
  %y = memref.load %b[%c0] : memref<4xf32>
  %z = arith.subf %x, %y : f32
  memref.store %z, %a[%c0] : memref<4xf32>
  return
}
func.func private @wired_1(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xf32>
  %y = memref.load %b[%c0] : memref<4xf32>
  %z = arith.subf %y, %x : f32
  memref.store %z, %b[%c0] : memref<4xf32>
  return
}
func.func @forward(%x: memref<4xf32>, %y: memref<4xf32>) {
  call @wired_0(%x, %y) : (memref<4xf32>, memref<4xf32>) -> ()
  call @wired_1(%x, %y) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

// Same bodies, but the attributes differ (`noinline` on one), the
// argument types differ, or the function is public (an entry point):
// nothing merges.
// CHECK-LABEL: func.func private @attrs_0(
// CHECK-LABEL: func.func private @attrs_1(
// CHECK-SAME: passthrough = ["noinline"]
// CHECK-LABEL: func.func private @types_0(
// CHECK-LABEL: func.func @public_0(
// CHECK-LABEL: func.func @public_1(
// CHECK-LABEL: func.func @forward(
// CHECK-NEXT: call @attrs_0(
// CHECK-NEXT: call @attrs_1(
// CHECK-NEXT: call @types_0(
// CHECK-NEXT: call @public_0(
// CHECK-NEXT: call @public_1(
func.func private @attrs_0(%a: memref<4xf32>) {
  return
}
func.func private @attrs_1(%a: memref<4xf32>) attributes {passthrough = ["noinline"]} {
  return
}
func.func private @types_0(%a: memref<8xf32>) {
  return
}
func.func @public_0(%a: memref<4xf32>) {
  return
}
func.func @public_1(%a: memref<4xf32>) {
  return
}
func.func @forward(%x: memref<4xf32>, %y: memref<8xf32>) {
  call @attrs_0(%x) : (memref<4xf32>) -> ()
  call @attrs_1(%x) : (memref<4xf32>) -> ()
  call @types_0(%y) : (memref<8xf32>) -> ()
  call @public_0(%x) : (memref<4xf32>) -> ()
  call @public_1(%x) : (memref<4xf32>) -> ()
  return
}

// -----

// Nested regions are compared too: the inner loop's bounds differ.
// CHECK-LABEL: func.func private @nested_0(
// CHECK-LABEL: func.func private @nested_1(
// CHECK-LABEL: func.func @forward(
// CHECK-NEXT: call @nested_0(
// CHECK-NEXT: call @nested_1(
func.func private @nested_0(%a: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    scf.for %j = %c0 to %c8 step %c1 {
      memref.store %zero, %a[%i, %j] : memref<8x8xf32>
    }
  }
  return
}
func.func private @nested_1(%a: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    scf.for %j = %c0 to %c4 step %c1 {
      memref.store %zero, %a[%i, %j] : memref<8x8xf32>
    }
  }
  return
}
func.func @forward(%x: memref<8x8xf32>) {
  call @nested_0(%x) : (memref<8x8xf32>) -> ()
  call @nested_1(%x) : (memref<8x8xf32>) -> ()
  return
}

// -----

// Kernels of a gpu.module (public there, launched only by this module):
// the second is the first's copy (its locations aside) and goes, its launch
// now naming @kernels::@k_0; @k_2 reads its argument at another index and
// stays. The host function (public) is not a candidate.
// CHECK-LABEL: gpu.module @kernels
// CHECK: gpu.func @k_0(
// CHECK-NOT: gpu.func @k_1(
// CHECK: gpu.func @k_2(
// CHECK-LABEL: func.func @forward(
// CHECK: gpu.launch_func @kernels::@k_0 {{.*}} args(%arg0 : memref<64xf32>)
// CHECK: gpu.launch_func @kernels::@k_0 {{.*}} args(%arg1 : memref<64xf32>)
// CHECK: gpu.launch_func @kernels::@k_2 {{.*}} args(%arg1 : memref<64xf32>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k_0(%a: memref<64xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<64xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%i] : memref<64xf32>
      gpu.return
    }
    gpu.func @k_1(%a: memref<64xf32>) kernel {
      %i = gpu.thread_id x loc("layer1")
      %x = memref.load %a[%i] : memref<64xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%i] : memref<64xf32>
      gpu.return
    }
    gpu.func @k_2(%a: memref<64xf32>) kernel {
      %i = gpu.thread_id y
      %x = memref.load %a[%i] : memref<64xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%i] : memref<64xf32>
      gpu.return
    }
  }
  func.func @forward(%x: memref<64xf32>, %y: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@k_0 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%x : memref<64xf32>)
    gpu.launch_func @kernels::@k_1 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%y : memref<64xf32>)
    gpu.launch_func @kernels::@k_2 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%y : memref<64xf32>)
    return
  }
}
