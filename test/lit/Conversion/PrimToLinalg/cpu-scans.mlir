// RUN: %pt2c-opt %s --pt2c-lower-prim-to-linalg="block-integer-scans=false" --split-input-file | FileCheck %s

// A CPU-only library (block-integer-scans=false): a long integer row stays
// one generic, marked with its dim for pt2c-scan-loops (a loop along the
// row on the CPU; integer sums are exact in any order).
// CHECK-LABEL: func.func @long_integer_cumsum
// CHECK-NOT: tensor.reshape
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}} ins(%arg0 : tensor<2x300xi64>){{.*}}attrs = {pt2c.scan_dim = 1 : i64}
// CHECK-NOT: tensor.reshape
// CHECK: return
func.func @long_integer_cumsum(%x: tensor<2x300xi64>) -> tensor<2x300xi64> {
  %0 = prim.cumsum %x, dim = 1 : tensor<2x300xi64>
  return %0 : tensor<2x300xi64>
}

// -----

// A long float row is still scanned by blocks: they bound its rounding as
// pairwise sums do (a float32 sum strictly left to right over thousands of
// elements drifts from torch's CPU kernel, which sums in double).
// CHECK-LABEL: func.func @long_float_cumsum
// CHECK: tensor.pad %arg0 low[0, 0] high[0, 4]
// CHECK: tensor.reshape {{.*}} -> tensor<2x38x8xf32>
// CHECK: linalg.generic {{.*}}attrs = {pt2c.scan_dim = 2 : i64}
// CHECK: linalg.generic {{.*}}attrs = {pt2c.scan_dim = 1 : i64}
// CHECK: return
func.func @long_float_cumsum(%x: tensor<2x300xf32>) -> tensor<2x300xf32> {
  %0 = prim.cumsum %x, dim = 1 : tensor<2x300xf32>
  return %0 : tensor<2x300xf32>
}

// -----

// An integer row too long for one thread's loop (70,000 steps, over
// kLoopScanSteps, with no other rows to share): blocks, whose inner scans
// the CPU runs in chunks of blocks.
// CHECK-LABEL: func.func @very_long_integer_cumsum
// CHECK: tensor.reshape {{.*}} -> tensor<8750x8xi32>
// CHECK: linalg.generic {{.*}}attrs = {pt2c.scan_dim = 1 : i64}
// CHECK: return
func.func @very_long_integer_cumsum(%x: tensor<70000xi32>) -> tensor<70000xi32> {
  %0 = prim.cumsum %x, dim = 0 : tensor<70000xi32>
  return %0 : tensor<70000xi32>
}
