// RUN: %pt2c-opt %s --pt2c-profile-points | FileCheck %s

// Each piece of work at the top of a bufferized function is bracketed by
// the profiler hooks with its point id; allocations, views and
// deallocations are not points. The names come from the ops' locations: a
// fused loop names its own node and those of the ops inside it, in order,
// with the source line of the first node that has one.
// CHECK-LABEL: func.func @forward
// CHECK:         %[[T:.*]] = llvm.mlir.addressof @pt2c_profile_points : !llvm.ptr
// CHECK:         memref.alloc
// CHECK:         %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    llvm.call @pt2crt_profile_begin(%[[T]], %[[C0]]) : (!llvm.ptr, i32) -> ()
// CHECK-NEXT:    scf.forall
// CHECK:         call @pt2crt_profile_end(%[[T]], %[[C0]])
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    call @pt2crt_profile_begin(%[[T]], %[[C1]])
// CHECK-NEXT:    memref.copy
// CHECK-NEXT:    call @pt2crt_profile_end(%[[T]], %[[C1]])
// CHECK:         call @pt2crt_profile_begin(%[[T]], %{{.*}})
// CHECK-NEXT:    linalg.generic
// CHECK:         call @pt2crt_profile_end
// A library call and the fallback kernel inside the scf.if after it are
// points of their own; the scf.if itself is not.
// CHECK:         call @pt2crt_profile_begin(%[[T]], %{{.*}})
// CHECK-NEXT:    %[[A:.*]] = call @pt2crt_cuda_gemm
// CHECK-NEXT:    call @pt2crt_profile_end
// CHECK:         scf.if
// CHECK:           call @pt2crt_profile_begin(%[[T]], %{{.*}})
// CHECK-NEXT:      gpu.launch_func @kernels::@k
// CHECK-NEXT:      call @pt2crt_profile_end
// A loop nest holding a register-tiled contraction computes a matmul.
// CHECK:         call @pt2crt_profile_begin(%[[T]], %{{.*}})
// CHECK-NEXT:    scf.for
// CHECK:         call @pt2crt_profile_end
// CHECK:         scf.parallel
// CHECK:         call @pt2crt_profile_end
// CHECK-NEXT:    memref.dealloc
// CHECK-NEXT:    return
// The hooks touch only the runtime's own memory, so LLVM optimizes the
// code around them as if they were not there.
// CHECK:       llvm.func @pt2crt_profile_begin(!llvm.ptr, i32) attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK:       llvm.func @pt2crt_profile_end(!llvm.ptr, i32) attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// The names, NUL separated, an empty one last.
// CHECK:       llvm.mlir.global private constant @pt2c_profile_points
// CHECK-SAME:    ("parallel matmul: linear_1, gelu_2 @ model.py:7\00copy: clone_3\00elementwise: add_4, mul_5, sub_6, div_7 (+1) @ model.py:9\00cuBLASLt gemm: addmm_9\00kernel k: relu_10\00matmul: mm_11\00parallel copy: copy_12\00\00")

#map = affine_map<(d0, d1) -> (d0, d1)>
#mm_a = affine_map<(d0, d1, d2) -> (d0, d2)>
#mm_b = affine_map<(d0, d1, d2) -> (d2, d1)>
#mm_c = affine_map<(d0, d1, d2) -> (d0, d1)>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%arg0: memref<4x4xf32>) kernel {
      gpu.return
    }
  }
  func.func private @pt2crt_cuda_gemm(i64) -> i32
  func.func @forward(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %out: memref<4x4xf32>) {
    %tmp = memref.alloc() : memref<4x4xf32>
    scf.forall (%i) in (2) {
      %va = memref.subview %a[%i, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: ?>>
      %vt = memref.subview %tmp[%i, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: ?>>
      linalg.generic {indexing_maps = [#mm_a, #mm_b, #mm_c], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%va, %b : memref<2x4xf32, strided<[4, 1], offset: ?>>, memref<4x4xf32>)
          outs(%vt : memref<2x4xf32, strided<[4, 1], offset: ?>>) {
      ^bb0(%x: f32, %y: f32, %acc: f32):
        %p = arith.mulf %x, %y : f32 loc(#linear)
        %s = arith.addf %acc, %p : f32 loc(#linear)
        %g = math.erf %s : f32 loc(#gelu)
        linalg.yield %g : f32
      } loc(#linear)
    } loc(#linear)
    memref.copy %tmp, %out : memref<4x4xf32> to memref<4x4xf32> loc("clone_3")
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
        ins(%a : memref<4x4xf32>) outs(%out : memref<4x4xf32>) {
    ^bb0(%x: f32, %y: f32):
      %0 = arith.addf %x, %y : f32 loc(#add)
      %1 = arith.mulf %0, %y : f32 loc("mul_5")
      %2 = arith.subf %1, %y : f32 loc("sub_6")
      %3 = arith.divf %2, %y : f32 loc("div_7")
      %4 = arith.negf %3 : f32 loc("neg_8")
      linalg.yield %4 : f32
    } loc(#add)
    %c0 = arith.constant 0 : i64
    %answer = func.call @pt2crt_cuda_gemm(%c0) : (i64) -> i32 loc("addmm_9")
    %c0_i32 = arith.constant 0 : i32
    %declined = arith.cmpi eq, %answer, %c0_i32 : i32
    scf.if %declined {
      %c1 = arith.constant 1 : index
      gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
          args(%tmp : memref<4x4xf32>) loc("relu_10")
    }
    %lo = arith.constant 0 : index
    %hi = arith.constant 4 : index
    %step = arith.constant 1 : index
    %lhs = arith.constant dense<1.0> : vector<2x4xf32>
    %rhs = arith.constant dense<2.0> : vector<4x2xf32>
    %acc = arith.constant dense<0.0> : vector<2x2xf32>
    scf.for %k = %lo to %hi step %step {
      %r = vector.contract {indexing_maps = [#mm_a, #mm_b, #mm_c], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>}
          %lhs, %rhs, %acc : vector<2x4xf32>, vector<4x2xf32> into vector<2x2xf32> loc("mm_11")
    }
    scf.parallel (%i) = (%lo) to (%hi) step (%step) {
      memref.copy %a, %b : memref<4x4xf32> to memref<4x4xf32> loc("copy_12")
      scf.reduce
    }
    memref.dealloc %tmp : memref<4x4xf32>
    return
  }
}
#linear = loc("linear_1"("model.py":7:0))
#gelu = loc("gelu_2"("model.py":8:0))
#add = loc("add_4"("model.py":9:0))
