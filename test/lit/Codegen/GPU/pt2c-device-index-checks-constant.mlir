// RUN: %pt2c-opt %s --pt2c-device-index-checks | FileCheck %s

// A check whose range the compiler knew (constant indices outside the
// size: IndexChecks.cpp compares the known range on the host) stays on the
// host: no runtime scan of a table that lives in host memory (the device
// would fault reading it), and the report keeps its declaration.
// CHECK: func.func private @pt2crt_index_out_of_range
// CHECK-LABEL: func.func @known_range
// CHECK-NOT: pt2crt_cuda_index
// CHECK: scf.if %{{.+}} {
// CHECK-NEXT: func.call @pt2crt_index_out_of_range(%c0_i64, %c10_i64, %c10_i64, %{{.+}})
// CHECK-NEXT: } {pt2c.index_check}
// CHECK-NOT: pt2crt_cuda_index
llvm.mlir.global private constant @pt2c_index_site("computed indices\00") {addr_space = 0 : i32}
func.func private @pt2crt_index_out_of_range(i64, i64, i64, !llvm.ptr)
func.func @known_range(%size: i64) {
  %c0_i64 = arith.constant 0 : i64
  %c10_i64 = arith.constant 10 : i64
  %name = llvm.mlir.addressof @pt2c_index_site : !llvm.ptr
  %above = arith.cmpi sge, %c10_i64, %size : i64
  scf.if %above {
    func.call @pt2crt_index_out_of_range(%c0_i64, %c10_i64, %c10_i64, %name) : (i64, i64, i64, !llvm.ptr) -> ()
  } {pt2c.index_check}
  return
}
