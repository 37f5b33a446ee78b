// RUN: %pt2c-opt %s --split-input-file --pt2c-fold-index-checks | FileCheck %s

// A check whose clamps all sit in kernels is done by those kernels: the
// runtime's scan goes; before each launch reading the indices the host
// asks for a slot (the dim's size, the site's address), and the kernel,
// where its clamp finds the index outside (and the runtime gave a slot),
// stores the index and a 1 there. Two launches read the ids: a slot each.
// The marks are gone afterwards.
// CHECK-LABEL: func.func @folded
// CHECK-NOT: pt2crt_cuda_index_scan
// The scan's own site address, left for canonicalization:
// CHECK: llvm.ptrtoint
// CHECK: %[[NAME:.+]] = llvm.mlir.addressof @pt2c_index_site : !llvm.ptr
// CHECK-NEXT: %[[SITE:.+]] = llvm.ptrtoint %[[NAME]] : !llvm.ptr to i64
// CHECK-NEXT: %[[SLOT:.+]] = call @pt2crt_cuda_index_slot(%c10_i64, %[[SITE]]) : (i64, i64) -> i64
// CHECK: gpu.launch
// CHECK: %[[I:.+]] = arith.index_cast %{{.+}} : i64 to index
// CHECK: %[[INSIDE:.+]] = arith.cmpi ult, %[[I]], %c10 : index
// CHECK: %[[OUTSIDE:.+]] = arith.xori %[[INSIDE]], %true
// CHECK: %[[GIVEN:.+]] = arith.cmpi ne, %[[SLOT]], %c0_i64
// CHECK: %[[RECORD:.+]] = arith.andi %[[OUTSIDE]], %[[GIVEN]]
// CHECK: scf.if %[[RECORD]] {
// CHECK-NEXT: %[[VALUE:.+]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: %[[PAIR:.+]] = llvm.inttoptr %[[SLOT]] : i64 to !llvm.ptr
// CHECK-NEXT: llvm.store %[[VALUE]], %[[PAIR]] : i64, !llvm.ptr
// CHECK-NEXT: %[[FLAG:.+]] = llvm.getelementptr %[[PAIR]][1] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT: %[[ONE:.+]] = arith.constant 1 : i64
// CHECK-NEXT: llvm.store %[[ONE]], %[[FLAG]] : i64, !llvm.ptr
// CHECK-NEXT: }
// CHECK: arith.select %[[INSIDE]]
// CHECK: gpu.terminator
// CHECK: %[[SLOT2:.+]] = call @pt2crt_cuda_index_slot(%c10_i64, %{{.+}})
// CHECK: gpu.launch
// CHECK: arith.cmpi ne, %[[SLOT2]], %c0_i64
// CHECK-NOT: pt2c.index_site
// CHECK: func.func private @pt2crt_cuda_index_slot(i64, i64) -> i64
llvm.mlir.global private constant @pt2c_index_site("input 'ids' at embedding\00") {addr_space = 0 : i32}
func.func private @pt2crt_cuda_index_scan(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
func.func @folded(%w: memref<10x4xf32>, %ids: memref<3xi64>, %out: memref<3x4xf32>, %out2: memref<3x4xf32>, %address: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %c0_i64 = arith.constant 0 : i64
  %c1_i64 = arith.constant 1 : i64
  %c3_i64 = arith.constant 3 : i64
  %c8_i64 = arith.constant 8 : i64
  %c10_i64 = arith.constant 10 : i64
  %name = llvm.mlir.addressof @pt2c_index_site : !llvm.ptr
  %site = llvm.ptrtoint %name : !llvm.ptr to i64
  %r = func.call @pt2crt_cuda_index_scan(%address, %c8_i64, %c1_i64, %c1_i64, %c1_i64, %c3_i64, %c0_i64, %c0_i64, %c0_i64, %c1_i64, %c10_i64, %site) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %id = memref.load %ids[%bx] : memref<3xi64>
    %i = arith.index_cast %id : i64 to index
    %inside = arith.cmpi ult, %i, %c10 {pt2c.index_site = @pt2c_index_site} : index
    %row = arith.select %inside, %i, %c0 : index
    %v = memref.load %w[%row, %c0] : memref<10x4xf32>
    memref.store %v, %out[%bx, %c0] : memref<3x4xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %id = memref.load %ids[%bx] : memref<3xi64>
    %i = arith.index_cast %id : i64 to index
    %inside = arith.cmpi ult, %i, %c10 {pt2c.index_site = @pt2c_index_site} : index
    %row = arith.select %inside, %i, %c0 : index
    %v = memref.load %w[%row, %c1] : memref<10x4xf32>
    memref.store %v, %out2[%bx, %c0] : memref<3x4xf32>
    gpu.terminator
  }
  return
}

// -----

// A clamp of the site also on the host (outside any kernel) would read
// unchecked: the scan stays. A marked clamp without a scan (a check the
// runtime reads from the generated reduction) is left as it is. Either
// way the marks go.
// CHECK-LABEL: func.func @kept
// CHECK: call @pt2crt_cuda_index_scan
// CHECK-NOT: pt2crt_cuda_index_slot
// CHECK-NOT: pt2c.index_site
// CHECK-NOT: llvm.store
// CHECK-LABEL: func.func @no_scan
// CHECK-NOT: pt2crt_cuda_index_slot
// CHECK-NOT: pt2c.index_site
// CHECK-NOT: llvm.store
// CHECK: return
llvm.mlir.global private constant @pt2c_index_site("input 'ids' at embedding\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @pt2c_index_site_0("computed indices\00") {addr_space = 0 : i32}
func.func private @pt2crt_cuda_index_scan(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
func.func @kept(%w: memref<10x4xf32>, %ids: memref<3xi64>, %out: memref<3x4xf32>, %address: i64) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %c0_i64 = arith.constant 0 : i64
  %c1_i64 = arith.constant 1 : i64
  %c3_i64 = arith.constant 3 : i64
  %c8_i64 = arith.constant 8 : i64
  %c10_i64 = arith.constant 10 : i64
  %name = llvm.mlir.addressof @pt2c_index_site : !llvm.ptr
  %site = llvm.ptrtoint %name : !llvm.ptr to i64
  %r = func.call @pt2crt_cuda_index_scan(%address, %c8_i64, %c1_i64, %c1_i64, %c1_i64, %c3_i64, %c0_i64, %c0_i64, %c0_i64, %c1_i64, %c10_i64, %site) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %id = memref.load %ids[%bx] : memref<3xi64>
    %i = arith.index_cast %id : i64 to index
    %inside = arith.cmpi ult, %i, %c10 {pt2c.index_site = @pt2c_index_site} : index
    %row = arith.select %inside, %i, %c0 : index
    %v = memref.load %w[%row, %c0] : memref<10x4xf32>
    memref.store %v, %out[%bx, %c0] : memref<3x4xf32>
    gpu.terminator
  }
  %id = memref.load %ids[%c0] : memref<3xi64>
  %i = arith.index_cast %id : i64 to index
  %inside = arith.cmpi ult, %i, %c10 {pt2c.index_site = @pt2c_index_site} : index
  %row = arith.select %inside, %i, %c0 : index
  %v = memref.load %w[%row, %c0] : memref<10x4xf32>
  return %v : f32
}
func.func @no_scan(%w: memref<10x4xf32>, %ids: memref<3xi64>, %out: memref<3x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %id = memref.load %ids[%bx] : memref<3xi64>
    %i = arith.index_cast %id : i64 to index
    %inside = arith.cmpi ult, %i, %c10 {pt2c.index_site = @pt2c_index_site_0} : index
    %row = arith.select %inside, %i, %c0 : index
    %v = memref.load %w[%row, %c0] : memref<10x4xf32>
    memref.store %v, %out[%bx, %c0] : memref<3x4xf32>
    gpu.terminator
  }
  return
}
