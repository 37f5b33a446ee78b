// RUN: %pt2c-opt %s --pt2c-lower-prim-to-linalg --split-input-file | FileCheck %s

// A running sum over 300 elements (longer than 128): padded with zeros to
// 38 blocks of 8, each block scanned by the direct lowering (a reduction
// over k inside the block), the blocks' last elements scanned as a row of
// 38, shifted one block on (zero first) and added to every element of the
// block after; then the 300 elements kept.
// CHECK-LABEL: func.func @long_cumsum
// CHECK: %[[PAD:.+]] = tensor.pad %arg0 low[0, 0] high[0, 4]
// CHECK: %[[BLOCKS:.+]] = tensor.reshape %[[PAD]]{{.*}} -> tensor<2x38x8xi64>
// CHECK: %[[INNER:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]{{.*}} ins(%[[BLOCKS]] : tensor<2x38x8xi64>)
// CHECK: %[[LAST:.+]] = tensor.extract_slice %[[INNER]][0, 0, 7] [2, 38, 1]
// CHECK: %[[TOTALS:.+]] = tensor.reshape %[[LAST]]{{.*}} -> tensor<2x38xi64>
// CHECK: %[[ENDS:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}} ins(%[[TOTALS]] : tensor<2x38xi64>)
// CHECK: %[[EARLIER:.+]] = tensor.extract_slice %[[ENDS]][0, 0] [2, 37]
// CHECK: %[[CARRIED:.+]] = tensor.pad %[[EARLIER]] low[0, 1] high[0, 0]
// CHECK: %[[SPREAD:.+]] = linalg.generic {{.*}} ins(%[[CARRIED]] : tensor<2x38xi64>) outs(%{{.+}} : tensor<2x38x8xi64>)
// CHECK: %[[SUM:.+]] = linalg.generic {{.*}} ins(%[[INNER]], %[[SPREAD]] : tensor<2x38x8xi64>, tensor<2x38x8xi64>)
// CHECK:   arith.addi
// CHECK: %[[FLAT:.+]] = tensor.reshape %[[SUM]]{{.*}} -> tensor<2x304xi64>
// CHECK: %[[ROW:.+]] = tensor.extract_slice %[[FLAT]][0, 0] [2, 300] [1, 1]
// CHECK: return %[[ROW]]
func.func @long_cumsum(%x: tensor<2x300xi64>) -> tensor<2x300xi64> {
  %0 = prim.cumsum %x, dim = 1 : tensor<2x300xi64>
  return %0 : tensor<2x300xi64>
}

// -----

// 128 elements is short: the direct lowering, no blocks.
// CHECK-LABEL: func.func @short_cumsum
// CHECK-NOT: tensor.reshape
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}} ins(%arg0 : tensor<2x128xf32>)
// CHECK-NOT: tensor.reshape
// CHECK: return
func.func @short_cumsum(%x: tensor<2x128xf32>) -> tensor<2x128xf32> {
  %0 = prim.cumsum %x, dim = 1 : tensor<2x128xf32>
  return %0 : tensor<2x128xf32>
}

// -----

// A float16 running product over dim 0 of 5003: widened to f32 once, 626
// blocks of 8 (padded with ones), their 626 totals long enough to be
// blocked again (79 blocks), products to carry, one rounding to f16 at the
// end.
// CHECK-LABEL: func.func @long_cumprod_f16
// CHECK: %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK: arith.extf {{.*}} : f16 to f32
// CHECK: tensor.pad %{{.+}} low[0, 0] high[5, 0]
// CHECK: tensor.yield %[[ONE]]
// CHECK: tensor.reshape {{.*}} -> tensor<626x8x3xf32>
// CHECK: tensor.reshape {{.*}} -> tensor<79x8x3xf32>
// CHECK: arith.mulf
// CHECK: tensor.reshape {{.*}} -> tensor<632x3xf32>
// CHECK: arith.mulf
// CHECK: tensor.reshape {{.*}} -> tensor<5008x3xf32>
// CHECK: tensor.extract_slice %{{.+}}[0, 0] [5003, 3] [1, 1]
// CHECK: arith.truncf {{.*}} : f32 to f16
// CHECK-NOT: arith.truncf
// CHECK: return
func.func @long_cumprod_f16(%x: tensor<5003x3xf16>) -> tensor<5003x3xf16> {
  %0 = prim.cumprod %x, dim = 0 : tensor<5003x3xf16>
  return %0 : tensor<5003x3xf16>
}
