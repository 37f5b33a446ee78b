// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// grid_sampler_2d, nearest, border padding, align_corners: x in [-1, 1]
// maps to (x + 1) * (W - 1) / 2 and is clipped to [0, W - 1] with NaN to 0
// (select on x > 0, then min), y likewise with H; rounded half to even and
// read at y * W + x (in i64) from the flattened plane of each channel, the
// read masked to 0 off the input.
// CHECK-LABEL: func.func @grid_nearest_border
// CHECK-DAG: %[[ZEROS:.+]] = prim.constant dense<0.000000e+00> : tensor<1x2x9xf32>
// CHECK-DAG: %[[W:.+]] = prim.constant dense<5> : tensor<1x9xi64>
// CHECK-DAG: %[[LASTY:.+]] = prim.constant dense<3.000000e+00> : tensor<1x9xf32>
// CHECK-DAG: %[[LASTX:.+]] = prim.constant dense<4.000000e+00> : tensor<1x9xf32>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<1x9xf32>
// CHECK-DAG: %[[HALFW:.+]] = prim.constant dense<2.000000e+00> : tensor<1x9xf32>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<1x9xf32>
// CHECK: %[[PLANE:.+]] = prim.reshape %arg0 : tensor<1x2x4x5xf32> -> tensor<1x2x20xf32>
// CHECK: %[[GX:.+]] = prim.slice %arg1 [0:1, 0:3, 0:3, 0:1]
// CHECK: %[[GXF:.+]] = prim.reshape %[[GX]] : tensor<1x3x3x1xf32> -> tensor<1x9xf32>
// CHECK: %[[SHIFTED:.+]] = prim.add %[[GXF]], %[[ONE]]
// CHECK: %[[SX:.+]] = prim.mul %[[SHIFTED]], %[[HALFW]]
// CHECK: %[[POS:.+]] = prim.compare %[[SX]], %[[ZERO]], predicate = gt
// CHECK: %[[LOX:.+]] = prim.select %[[POS]], %[[SX]], %[[ZERO]]
// CHECK: %[[X:.+]] = prim.min %[[LOX]], %[[LASTX]]
// CHECK: prim.min %{{.+}}, %[[LASTY]]
// CHECK: %[[RX:.+]] = prim.round %[[X]]
// CHECK: %[[INX:.+]] = prim.and
// CHECK: %[[SAFEX:.+]] = prim.select %[[INX]], %[[RX]], %[[ZERO]]
// CHECK: %[[IX:.+]] = prim.convert %[[SAFEX]] : tensor<1x9xf32> -> tensor<1x9xi64>
// CHECK: %[[INY:.+]] = prim.and
// CHECK: %[[IY:.+]] = prim.convert %{{.+}} : tensor<1x9xf32> -> tensor<1x9xi64>
// CHECK: %[[ROW:.+]] = prim.mul %[[IY]], %[[W]] : tensor<1x9xi64>
// CHECK: %[[FLAT:.+]] = prim.add %[[ROW]], %[[IX]] : tensor<1x9xi64>
// CHECK: %[[IN:.+]] = prim.and %[[INY]], %[[INX]]
// CHECK: %[[IB:.+]] = prim.broadcast_in_dim %[[FLAT]], dims = [0, 2] : tensor<1x9xi64> -> tensor<1x2x9xi64>
// CHECK: %[[READ:.+]] = prim.take_along %[[PLANE]], %[[IB]], dim = 2
// CHECK: %[[MASK:.+]] = prim.broadcast_in_dim %[[IN]], dims = [0, 2] : tensor<1x9xi1> -> tensor<1x2x9xi1>
// CHECK: %[[OUT:.+]] = prim.select %[[MASK]], %[[READ]], %[[ZEROS]]
// CHECK: prim.reshape %[[OUT]] : tensor<1x2x9xf32> -> tensor<1x2x3x3xf32>
func.func @grid_nearest_border(%x: tensor<1x2x4x5xf32>, %g: tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32> {
  %0 = aten.call "aten.grid_sampler_2d.default"(input: %x, grid: %g) {interpolation_mode = 1 : i64, padding_mode = 1 : i64, align_corners = true} : (tensor<1x2x4x5xf32>, tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// Bilinear, zeros padding, not align_corners, f16 on a 64x64 plane: the
// position (x + 1) * 32 - 0.5 and the weights stay in f16 as in torch's CPU
// kernel, but the flat index is i64 (y * 64 + x does not fit f16's 11-bit
// mantissa). Four taps NW, NE, SW, SE, each masked, then weighted by the
// opposite area and summed in that order.
// CHECK-LABEL: func.func @grid_bilinear_zeros_f16
// CHECK-DAG: %[[W:.+]] = prim.constant dense<64> : tensor<1x4xi64>
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<5.000000e-01> : tensor<1x4xf16>
// CHECK-DAG: %[[SCALE:.+]] = prim.constant dense<3.200000e+01> : tensor<1x4xf16>
// CHECK: %[[SX:.+]] = prim.mul %{{.+}}, %[[SCALE]] : tensor<1x4xf16>
// CHECK: %[[X:.+]] = prim.sub %[[SX]], %[[HALF]] : tensor<1x4xf16>
// CHECK: %[[X0:.+]] = prim.floor %[[X]] : tensor<1x4xf16>
// CHECK-NOT: xf32>
// CHECK: prim.mul %{{.+}}, %[[W]] : tensor<1x4xi64>
// CHECK-COUNT-4: prim.take_along %{{.+}} : (tensor<1x1x4096xf16>, tensor<1x1x4xi64>) -> tensor<1x1x4xf16>
// CHECK: %[[S1:.+]] = prim.add %{{.+}}, %{{.+}} : tensor<1x1x4xf16>
// CHECK: %[[S2:.+]] = prim.add %[[S1]], %{{.+}} : tensor<1x1x4xf16>
// CHECK: %[[S3:.+]] = prim.add %[[S2]], %{{.+}} : tensor<1x1x4xf16>
// CHECK: prim.reshape %[[S3]] : tensor<1x1x4xf16> -> tensor<1x1x2x2xf16>
func.func @grid_bilinear_zeros_f16(%x: tensor<1x1x64x64xf16>, %g: tensor<1x2x2x2xf16>) -> tensor<1x1x2x2xf16> {
  %0 = aten.call "aten.grid_sampler.default"(input: %x, grid: %g) {interpolation_mode = 0 : i64, padding_mode = 0 : i64, align_corners = false} : (tensor<1x1x64x64xf16>, tensor<1x2x2x2xf16>) -> tensor<1x1x2x2xf16>
  return %0 : tensor<1x1x2x2xf16>
}

// -----

// Reflection padding, not align_corners, W = 5: positions mirror at the
// pixel edges -0.5 and 4.5: d = |x + 0.5| folded by twice the span (10):
// e = d - floor(d / 10) * 10, min(e, 10 - e) - 0.5, then clipped to [0, 4].
// CHECK-LABEL: func.func @grid_reflection
// CHECK-DAG: %[[LOW:.+]] = prim.constant dense<-5.000000e-01> : tensor<1x9xf32>
// CHECK-DAG: %[[SPAN:.+]] = prim.constant dense<1.000000e+01> : tensor<1x9xf32>
// CHECK-DAG: %[[LASTX:.+]] = prim.constant dense<4.000000e+00> : tensor<1x9xf32>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<1x9xf32>
// CHECK: %[[X:.+]] = prim.sub %{{.+}}, %{{.+}} : tensor<1x9xf32>
// CHECK: %[[FROMLOW:.+]] = prim.sub %[[X]], %[[LOW]]
// CHECK: %[[D:.+]] = prim.abs %[[FROMLOW]]
// CHECK: %[[Q:.+]] = prim.div %[[D]], %[[SPAN]]
// CHECK: %[[FLIPS:.+]] = prim.floor %[[Q]]
// CHECK: %[[WHOLE:.+]] = prim.mul %[[FLIPS]], %[[SPAN]]
// CHECK: %[[EXTRA:.+]] = prim.sub %[[D]], %[[WHOLE]]
// CHECK: %[[BACK:.+]] = prim.sub %[[SPAN]], %[[EXTRA]]
// CHECK: %[[FOLDED:.+]] = prim.min %[[EXTRA]], %[[BACK]]
// CHECK: %[[R:.+]] = prim.add %[[FOLDED]], %[[LOW]]
// CHECK: %[[POS:.+]] = prim.compare %[[R]], %[[ZERO]], predicate = gt
// CHECK: %[[LO:.+]] = prim.select %[[POS]], %[[R]], %[[ZERO]]
// CHECK: prim.min %[[LO]], %[[LASTX]]
func.func @grid_reflection(%x: tensor<1x2x4x5xf32>, %g: tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32> {
  %0 = aten.call "aten.grid_sampler_2d.default"(input: %x, grid: %g) {interpolation_mode = 1 : i64, padding_mode = 2 : i64, align_corners = false} : (tensor<1x2x4x5xf32>, tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// Bicubic, zeros padding, align_corners: the unpadded position's floor and
// fraction t give the cubic convolution weights (A = -0.75) of the taps at
// floor - 1 .. floor + 2; the first, ((A (t + 1) - 5A)(t + 1) + 8A)(t + 1) - 4A.
// 4x4 masked reads, each row summed with the x weights, then the rows with
// the y weights.
// CHECK-LABEL: func.func @grid_bicubic
// CHECK-DAG: %[[FOURA:.+]] = prim.constant dense<-3.000000e+00> : tensor<1x9xf32>
// CHECK-DAG: %[[EIGHTA:.+]] = prim.constant dense<-6.000000e+00> : tensor<1x9xf32>
// CHECK-DAG: %[[FIVEA:.+]] = prim.constant dense<-3.750000e+00> : tensor<1x9xf32>
// CHECK-DAG: %[[A:.+]] = prim.constant dense<-7.500000e-01> : tensor<1x9xf32>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<1x9xf32>
// CHECK: %[[X:.+]] = prim.mul %{{.+}}, %{{.+}} : tensor<1x9xf32>
// CHECK: %[[Y:.+]] = prim.mul %{{.+}}, %{{.+}} : tensor<1x9xf32>
// CHECK: %[[X0:.+]] = prim.floor %[[X]]
// CHECK: %[[T:.+]] = prim.sub %[[X]], %[[X0]]
// CHECK: %[[T1:.+]] = prim.add %[[T]], %[[ONE]]
// CHECK: %[[P1:.+]] = prim.mul %[[A]], %[[T1]]
// CHECK: %[[P2:.+]] = prim.sub %[[P1]], %[[FIVEA]]
// CHECK: %[[P3:.+]] = prim.mul %[[P2]], %[[T1]]
// CHECK: %[[P4:.+]] = prim.add %[[P3]], %[[EIGHTA]]
// CHECK: %[[P5:.+]] = prim.mul %[[P4]], %[[T1]]
// CHECK: prim.sub %[[P5]], %[[FOURA]]
// CHECK-COUNT-16: prim.take_along
// CHECK-NOT: prim.take_along
// CHECK: prim.reshape %{{.+}} : tensor<1x2x9xf32> -> tensor<1x2x3x3xf32>
func.func @grid_bicubic(%x: tensor<1x2x4x5xf32>, %g: tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32> {
  %0 = aten.call "aten.grid_sampler_2d.default"(input: %x, grid: %g) {interpolation_mode = 2 : i64, padding_mode = 0 : i64, align_corners = true} : (tensor<1x2x4x5xf32>, tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// grid_sampler_3d, trilinear, zeros padding, align_corners=false, as torch's
// scalar kernel: x, y, z unnormalized as ((g + 1) * size - 1) / 2; the 8
// corners' flat indices (z * H + y) * W + x, each read masked off the input
// and weighed by the product of its opposite distances, x first; the
// corners added top before bottom, north before south, west before east.
// CHECK-LABEL: func.func @grid_trilinear
// CHECK: %[[PLANE:.+]] = prim.reshape %arg0 : tensor<1x2x3x4x5xf32> -> tensor<1x2x60xf32>
// CHECK: %[[GX:.+]] = prim.slice %arg1 [0:1, 0:2, 0:2, 0:2, 0:1]
// CHECK: %[[SX:.+]] = prim.mul %{{.+}}, %{{.+}} : tensor<1x8xf32>
// CHECK: %[[SX1:.+]] = prim.sub %[[SX]], %{{.+}} : tensor<1x8xf32>
// CHECK: %[[X:.+]] = prim.div %[[SX1]], %{{.+}} : tensor<1x8xf32>
// CHECK: %[[X0:.+]] = prim.floor %[[X]]
// CHECK-COUNT-8: prim.take_along %[[PLANE]]
// CHECK: prim.reshape %{{.+}} : tensor<1x2x8xf32> -> tensor<1x2x2x2x2xf32>
func.func @grid_trilinear(%x: tensor<1x2x3x4x5xf32>, %g: tensor<1x2x2x2x3xf32>) -> tensor<1x2x2x2x2xf32> {
  %0 = aten.call "aten.grid_sampler_3d.default"(input: %x, grid: %g) {interpolation_mode = 0 : i64, padding_mode = 0 : i64, align_corners = false} : (tensor<1x2x3x4x5xf32>, tensor<1x2x2x2x3xf32>) -> tensor<1x2x2x2x2xf32>
  return %0 : tensor<1x2x2x2x2xf32>
}
