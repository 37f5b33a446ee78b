// RUN: %pt2c-opt %s --pt2c-device-index-checks --canonicalize | FileCheck %s

// The CUDA pipeline keeps the index checks, read where the values are: the
// scf.if marked pt2c.index_check (which would read the reduction's results
// on the host) becomes a call of the runtime. Where the runtime's one
// kernel can reduce the indices (i32 or i64, up to 4 dims) the call names
// them (address, element bytes, 4 sizes and 4 strides, the missing leading
// dims of size 1), the size and the site's address, and the generated
// reduction and its fills go; otherwise (here i16 indices) the call names
// the device addresses of the reduction's smallest and largest index. The
// report's declaration goes; the site names stay (the runtime prints
// them). The clamped gather and an scf.if without the mark are kept.
// CHECK: llvm.mlir.global private constant @pt2c_index_site("input 'ids' at embedding\00")
// CHECK-NOT: pt2crt_index_out_of_range
// CHECK-LABEL: func.func @gather
// CHECK-NOT: linalg.fill
// CHECK-NOT: iterator_types = ["reduction"]
// CHECK: %[[SITE:.+]] = llvm.ptrtoint %{{.+}} : !llvm.ptr to i64
// CHECK: %[[IDS:.+]] = bufferization.to_buffer %arg1 read_only
// CHECK: %{{.+}}, %[[OFFSET:.+]], %{{.+}}, %[[STRIDE:.+]] = memref.extract_strided_metadata %[[IDS]]
// CHECK: %[[ALIGNED:.+]] = memref.extract_aligned_pointer_as_index %[[IDS]]
// CHECK: %[[BYTES:.+]] = arith.muli %[[OFFSET]], %c8
// CHECK: %[[FIRST:.+]] = arith.addi %[[ALIGNED]], %[[BYTES]]
// CHECK: %[[ADDRESS:.+]] = arith.index_cast %[[FIRST]] : index to i64
// CHECK: %[[S:.+]] = arith.index_cast %[[STRIDE]] : index to i64
// CHECK: call @pt2crt_cuda_index_scan(%[[ADDRESS]], %c8_i64, %c1_i64, %c1_i64, %c1_i64, %c3_i64, %c0_i64, %c0_i64, %c0_i64, %[[S]], %c10_i64, %[[SITE]]) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
// CHECK-NOT: tensor.extract %{{.+}}[] : tensor<i64>
// CHECK: scf.if %arg2 {
// CHECK-NEXT: func.call @keep()
// CHECK: arith.select
// CHECK: tensor.extract
// CHECK-LABEL: func.func @narrow
// CHECK: %[[R:.+]]:2 = linalg.generic {{.+}} iterator_types = ["reduction"]
// CHECK-DAG: %[[LO:.+]] = bufferization.to_buffer %[[R]]#0 read_only
// CHECK-DAG: %[[HI:.+]] = bufferization.to_buffer %[[R]]#1 read_only
// CHECK-DAG: memref.extract_aligned_pointer_as_index %[[LO]]
// CHECK-DAG: memref.extract_aligned_pointer_as_index %[[HI]]
// CHECK: call @pt2crt_cuda_index_range(%{{.+}}, %{{.+}}, %c10_i64, %{{.+}}) : (i64, i64, i64, i64) -> i32
// CHECK-NOT: tensor.extract %[[R]]
// CHECK-DAG: func.func private @pt2crt_cuda_index_scan(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
// CHECK-DAG: func.func private @pt2crt_cuda_index_range(i64, i64, i64, i64) -> i32
llvm.mlir.global private constant @pt2c_index_site("input 'ids' at embedding\00") {addr_space = 0 : i32}
func.func private @pt2crt_index_out_of_range(i64, i64, i64, !llvm.ptr)
func.func private @keep()
func.func @gather(%w: tensor<10x4xf32>, %ids: tensor<3xi64>, %flag: i1) -> tensor<3x4xf32> {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c0_i64 = arith.constant 0 : i64
  %c10_i64 = arith.constant 10 : i64
  %max = arith.constant 9223372036854775807 : i64
  %min = arith.constant -9223372036854775808 : i64
  %name = llvm.mlir.addressof @pt2c_index_site : !llvm.ptr
  %e = tensor.empty() : tensor<i64>
  %lo0 = linalg.fill ins(%max : i64) outs(%e : tensor<i64>) -> tensor<i64>
  %hi0 = linalg.fill ins(%min : i64) outs(%e : tensor<i64>) -> tensor<i64>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%ids : tensor<3xi64>) outs(%lo0, %hi0 : tensor<i64>, tensor<i64>) {
  ^bb0(%in: i64, %lo: i64, %hi: i64):
    %a = arith.minsi %lo, %in : i64
    %b = arith.maxsi %hi, %in : i64
    linalg.yield %a, %b : i64, i64
  } -> (tensor<i64>, tensor<i64>)
  %lo = tensor.extract %r#0[] : tensor<i64>
  %hi = tensor.extract %r#1[] : tensor<i64>
  %below = arith.cmpi slt, %lo, %c0_i64 : i64
  %above = arith.cmpi sge, %hi, %c10_i64 : i64
  %bad = arith.ori %below, %above : i1
  scf.if %bad {
    func.call @pt2crt_index_out_of_range(%lo, %hi, %c10_i64, %name) : (i64, i64, i64, !llvm.ptr) -> ()
  } {pt2c.index_check}
  scf.if %flag {
    func.call @keep() : () -> ()
  }
  %out = tensor.empty() : tensor<3x4xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<3xi64>) outs(%out : tensor<3x4xf32>) {
  ^bb0(%in: i64, %o: f32):
    %i = arith.index_cast %in : i64 to index
    %inside = arith.cmpi ult, %i, %c10 : index
    %row = arith.select %inside, %i, %c0 : index
    %col = linalg.index 1 : index
    %v = tensor.extract %w[%row, %col] : tensor<10x4xf32>
    linalg.yield %v : f32
  } -> tensor<3x4xf32>
  return %g : tensor<3x4xf32>
}

func.func @narrow(%ids: tensor<3xi16>) -> (tensor<i64>, tensor<i64>) {
  %c10_i64 = arith.constant 10 : i64
  %c0_i64 = arith.constant 0 : i64
  %max = arith.constant 9223372036854775807 : i64
  %min = arith.constant -9223372036854775808 : i64
  %name = llvm.mlir.addressof @pt2c_index_site : !llvm.ptr
  %e = tensor.empty() : tensor<i64>
  %lo0 = linalg.fill ins(%max : i64) outs(%e : tensor<i64>) -> tensor<i64>
  %hi0 = linalg.fill ins(%min : i64) outs(%e : tensor<i64>) -> tensor<i64>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%ids : tensor<3xi16>) outs(%lo0, %hi0 : tensor<i64>, tensor<i64>) {
  ^bb0(%in: i16, %lo: i64, %hi: i64):
    %w = arith.extsi %in : i16 to i64
    %a = arith.minsi %lo, %w : i64
    %b = arith.maxsi %hi, %w : i64
    linalg.yield %a, %b : i64, i64
  } -> (tensor<i64>, tensor<i64>)
  %lo = tensor.extract %r#0[] : tensor<i64>
  %hi = tensor.extract %r#1[] : tensor<i64>
  %below = arith.cmpi slt, %lo, %c0_i64 : i64
  %above = arith.cmpi sge, %hi, %c10_i64 : i64
  %bad = arith.ori %below, %above : i1
  scf.if %bad {
    func.call @pt2crt_index_out_of_range(%lo, %hi, %c10_i64, %name) : (i64, i64, i64, !llvm.ptr) -> ()
  } {pt2c.index_check}
  // The results stay used, as a reduction another op also reads.
  return %r#0, %r#1 : tensor<i64>, tensor<i64>
}
