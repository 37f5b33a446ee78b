// RUN: %pt2c-opt %s --pt2c-thread-buffers | FileCheck %s

// The stack buffers at the top of an OpenMP loop body, and those in the
// alloca_scope convert-scf-to-openmp wraps a body in, move to the start of
// the parallel region: made once per thread, not once per chunk. The
// emptied scope is inlined (a single-block op would not survive its loops
// becoming blocks).
// CHECK-LABEL: func.func @thread_buffers
// CHECK:         omp.parallel {
// CHECK-NEXT:      memref.alloca() : memref<1x512xf32>
// CHECK-NEXT:      memref.alloca() : memref<1xf32>
// CHECK:           omp.loop_nest
// CHECK-NOT:         memref.alloca_scope
// CHECK-NOT:         memref.alloca
// CHECK:             linalg.fill
// CHECK:             omp.yield
func.func @thread_buffers(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %s = memref.alloca() : memref<1xf32>
        memref.alloca_scope {
          %row = memref.alloca() : memref<1x512xf32>
          linalg.fill ins(%zero : f32) outs(%row : memref<1x512xf32>)
          linalg.fill ins(%zero : f32) outs(%s : memref<1xf32>)
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
