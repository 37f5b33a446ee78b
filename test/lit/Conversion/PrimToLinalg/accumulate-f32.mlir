// RUN: %pt2c-opt %s --pt2c-lower-prim-to-linalg --split-input-file | FileCheck %s

// float16 matmul: products summed in an f32 accumulator (inputs widened in
// the body), rounded to f16 once at the end, as docs/prim-ops.md promises.
// CHECK-LABEL: func.func @matmul_f16
// CHECK: %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[ACC:.+]] = linalg.fill ins(%[[Z]] : f32) outs(%{{.+}} : tensor<2x4xf32>)
// CHECK: %[[MM:.+]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<2x3xf16>, tensor<3x4xf16>) outs(%[[ACC]] : tensor<2x4xf32>)
// CHECK:   ^bb0(%[[A:.+]]: f16, %[[B:.+]]: f16, %[[O:.+]]: f32):
// CHECK:     %[[AW:.+]] = arith.extf %[[A]] : f16 to f32
// CHECK:     %[[BW:.+]] = arith.extf %[[B]] : f16 to f32
// CHECK:     %[[P:.+]] = arith.mulf %[[AW]], %[[BW]]
// CHECK:     arith.addf %[[O]], %[[P]]
// CHECK: linalg.generic {{.*}} ins(%[[MM]] : tensor<2x4xf32>) outs(%{{.+}} : tensor<2x4xf16>)
// CHECK:   arith.truncf %{{.+}} : f32 to f16
func.func @matmul_f16(%a: tensor<2x3xf16>, %b: tensor<3x4xf16>) -> tensor<2x4xf16> {
  %0 = prim.matmul %a, %b : (tensor<2x3xf16>, tensor<3x4xf16>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// -----

// bfloat16 sum: f32 accumulator, one rounding; max stays in bfloat16 (exact).
// CHECK-LABEL: func.func @reduce_bf16
// CHECK: %[[S:.+]] = linalg.reduce ins(%arg0 : tensor<4x8xbf16>) outs(%{{.+}} : tensor<4xf32>)
// CHECK:   arith.extf %{{.+}} : bf16 to f32
// CHECK: arith.truncf %{{.+}} : f32 to bf16
// CHECK: linalg.reduce ins(%arg0 : tensor<4x8xbf16>) outs(%{{.+}} : tensor<4xbf16>)
// CHECK-NEXT: (%{{.+}}: bf16, %{{.+}}: bf16) {
// CHECK-NEXT:   arith.maximumf
func.func @reduce_bf16(%x: tensor<4x8xbf16>) -> (tensor<4xbf16>, tensor<4xbf16>) {
  %0 = prim.reduce sum %x, dims = [1] : tensor<4x8xbf16> -> tensor<4xbf16>
  %1 = prim.reduce max %x, dims = [1] : tensor<4x8xbf16> -> tensor<4xbf16>
  return %0, %1 : tensor<4xbf16>, tensor<4xbf16>
}

// -----

// float16 cumsum: running sums in f32, each rounded once.
// CHECK-LABEL: func.func @cumsum_f16
// CHECK: %[[C:.+]] = linalg.generic {{.*}} ins(%arg0 : tensor<3x5xf16>) outs(%{{.+}} : tensor<3x5xf32>)
// CHECK:   arith.extf %{{.+}} : f16 to f32
// CHECK: linalg.generic {{.*}} ins(%[[C]] : tensor<3x5xf32>) outs(%{{.+}} : tensor<3x5xf16>)
// CHECK:   arith.truncf
func.func @cumsum_f16(%x: tensor<3x5xf16>) -> tensor<3x5xf16> {
  %0 = prim.cumsum %x, dim = 1 : tensor<3x5xf16>
  return %0 : tensor<3x5xf16>
}

// -----

// bfloat16 cumprod: as torch's CPU kernel, running products in f32 (start
// 1, positions after i_dim contribute 1), each output rounded once. The
// generic carries the scanned dim for the CPU's pt2c-scan-loops.
// CHECK-LABEL: func.func @cumprod_bf16
// CHECK: %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[INIT:.+]] = linalg.fill ins(%[[ONE]] : f32) outs(%{{.+}} : tensor<3x5xf32>)
// CHECK: %[[C:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<3x5xbf16>) outs(%[[INIT]] : tensor<3x5xf32>) attrs =  {pt2c.scan_dim = 1 : i64}
// CHECK:   ^bb0(%[[IN:.+]]: bf16, %[[ACC:.+]]: f32):
// CHECK:     %[[I:.+]] = linalg.index 1 : index
// CHECK:     %[[K:.+]] = linalg.index 2 : index
// CHECK:     %[[INSIDE:.+]] = arith.cmpi ule, %[[K]], %[[I]] : index
// CHECK:     %[[W:.+]] = arith.extf %[[IN]] : bf16 to f32
// CHECK:     %[[T:.+]] = arith.select %[[INSIDE]], %[[W]], %[[ONE]] : f32
// CHECK:     %[[P:.+]] = arith.mulf %[[ACC]], %[[T]] : f32
// CHECK:     linalg.yield %[[P]] : f32
// CHECK: linalg.generic {{.*}} ins(%[[C]] : tensor<3x5xf32>) outs(%{{.+}} : tensor<3x5xbf16>)
// CHECK:   arith.truncf
func.func @cumprod_bf16(%x: tensor<3x5xbf16>) -> tensor<3x5xbf16> {
  %0 = prim.cumprod %x, dim = 1 : tensor<3x5xbf16>
  return %0 : tensor<3x5xbf16>
}
