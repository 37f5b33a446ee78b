// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// avg_pool1d(k 3, s 2, p 1, count_include_pad=False) over 5: windows
// [-1, 0, 1], [1, 2, 3], [3, 4, 5] gathered with clamped indices, the
// out-of-input elements zeroed, summed, and divided (as torch divides, not
// multiplied by a reciprocal) by the elements inside the input (2, 3, 2).
// CHECK-LABEL: func.func @avg_pool1d_exclude_pad
// CHECK-DAG: %[[DIV:.+]] = prim.constant dense<[2.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<2x3x3x3xf32>
// CHECK-DAG: %[[MASK:.+]] = prim.constant dense<{{\[\[}}false, true, true], [true, true, true], [true, true, false]]> : tensor<3x3xi1>
// CHECK-DAG: %[[IDX:.+]] = prim.constant dense<{{\[\[}}0, 0, 1], [1, 2, 3], [3, 4, 0]]> : tensor<3x3xi64>
// CHECK: %[[W:.+]] = prim.take %arg0, %[[IDX]], dim = 2 : (tensor<2x3x5xf32>, tensor<3x3xi64>) -> tensor<2x3x3x3xf32>
// CHECK: %[[M:.+]] = prim.broadcast_in_dim %[[MASK]], dims = [2, 3]
// CHECK: %[[S:.+]] = prim.select %[[M]], %[[W]], %[[ZERO]]
// CHECK: %[[SUM:.+]] = prim.reduce sum %[[S]], dims = [3]
// CHECK: %[[D:.+]] = prim.broadcast_in_dim %[[DIV]], dims = [2]
// CHECK: %[[R:.+]] = prim.div %[[SUM]], %[[D]]
// CHECK: return %[[R]]
func.func @avg_pool1d_exclude_pad(%x: tensor<2x3x5xf32>) -> tensor<2x3x3xf32> {
  %0 = aten.call "aten.avg_pool1d.default"(self: %x) {kernel_size = array<i64: 3>, stride = array<i64: 2>, padding = array<i64: 1>, ceil_mode = false, count_include_pad = false} : (tensor<2x3x5xf32>) -> tensor<2x3x3xf32>
  return %0 : tensor<2x3x3xf32>
}

// -----

// avg_pool2d ceil_mode with count_include_pad over W = 6 (k 3, s 2, p 1):
// 4 windows starting at -1, 1, 3, 5. The last one, [5, 8), runs past the
// padded edge 7: torch counts the padding (divisor 3 for the first) but
// not what lies beyond it (2 for the last). (H = 1 with kernel 1 keeps 1
// row; this case declared H = 2 pooled to 1 until the decomposition checked
// the declared output sizes against torch's.)
// CHECK-LABEL: func.func @avg_pool2d_ceil_mode
// CHECK-DAG: %[[DIV:.+]] = prim.constant dense<{{\[\[}}3.000000e+00, 3.000000e+00, 3.000000e+00, 2.000000e+00]]> : tensor<1x4xf32>
// CHECK-DAG: prim.constant dense<{{\[\[\[}}false, true, true], [true, true, true], [true, true, true], [true, false, false]]]> : tensor<1x4x3xi1>
// CHECK-DAG: prim.constant dense<{{\[\[}}0, 0, 1], [1, 2, 3], [3, 4, 5], [5, 0, 0]]> : tensor<4x3xi64>
// CHECK: %[[SUM:.+]] = prim.reduce sum %{{.+}}, dims = [3] : tensor<1x1x4x3xf32> -> tensor<1x1x4xf32>
// CHECK: %[[D:.+]] = prim.broadcast_in_dim %[[DIV]], dims = [1, 2]
// CHECK: prim.div %[[SUM]], %[[D]]
func.func @avg_pool2d_ceil_mode(%x: tensor<1x1x6xf32>) -> tensor<1x1x4xf32> {
  %0 = aten.call "aten.avg_pool2d.default"(self: %x) {kernel_size = array<i64: 1, 3>, stride = array<i64: 1, 2>, padding = array<i64: 0, 1>, ceil_mode = true, count_include_pad = true, divisor_override = #aten.none} : (tensor<1x1x6xf32>) -> tensor<1x1x4xf32>
  return %0 : tensor<1x1x4xf32>
}

// -----

// avg_pool3d of an unbatched f16 [C, D, H, W] with divisor_override 3: the
// windows (stride defaulting to the kernel) summed in f32, divided by 3
// everywhere, rounded to f16 once.
// CHECK-LABEL: func.func @avg_pool3d_divisor_override_f16
// CHECK-DAG: %[[DIV:.+]] = prim.constant dense<3.000000e+00> : tensor<1x1x2xf32>
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<1x2x2x4xf16> -> tensor<1x2x2x4xf32>
// CHECK: prim.take %[[X]]
// CHECK: %[[W:.+]] = prim.reshape %{{.+}} : tensor<1x1x1x2x2x2x2xf32> -> tensor<1x1x1x2x8xf32>
// CHECK-NOT: prim.select
// CHECK: %[[SUM:.+]] = prim.reduce sum %[[W]], dims = [4]
// CHECK: %[[D:.+]] = prim.broadcast_in_dim %[[DIV]], dims = [1, 2, 3]
// CHECK: %[[MEAN:.+]] = prim.div %[[SUM]], %[[D]] : tensor<1x1x1x2xf32>
// CHECK: %[[R:.+]] = prim.convert %[[MEAN]] : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xf16>
// CHECK: return %[[R]]
func.func @avg_pool3d_divisor_override_f16(%x: tensor<1x2x2x4xf16>) -> tensor<1x1x1x2xf16> {
  %0 = aten.call "aten.avg_pool3d.default"(self: %x) {kernel_size = array<i64: 2>, stride = array<i64>, padding = array<i64: 0>, ceil_mode = false, count_include_pad = true, divisor_override = 3 : i64} : (tensor<1x2x2x4xf16>) -> tensor<1x1x1x2xf16>
  return %0 : tensor<1x1x1x2xf16>
}

// -----

// max_pool2d_with_indices (1x2 windows, stride defaulting to the kernel):
// torch's window slot (the first maximum, or the last NaN: a NaN at slot k
// keys -1 - k in a min-reduce) picks the flat input index h * W + w from a
// constant table.
// CHECK-LABEL: func.func @max_pool2d_with_indices
// CHECK-DAG: %[[TABLE:.+]] = prim.constant dense<{{\[\[\[}}0, 1], [2, 3]]]> : tensor<1x2x2xi64>
// CHECK-DAG: %[[MINUS1:.+]] = prim.constant dense<-1> : tensor<1x1x2x2xi64>
// CHECK-DAG: %[[K:.+]] = prim.constant dense<2> : tensor<1x1x2x2xi64>
// CHECK: %[[W:.+]] = prim.reshape %{{.+}} : tensor<1x1x2x1x2xf32> -> tensor<1x1x2x2xf32>
// CHECK: %[[MAX:.+]] = prim.reduce max %[[W]], dims = [3]
// CHECK: %[[SLOT:.+]] = prim.iota dim = 3 : tensor<1x1x2x2xi64>
// CHECK: %[[MAXB:.+]] = prim.broadcast_in_dim %[[MAX]], dims = [0, 1, 2]
// CHECK: %[[ISMAX:.+]] = prim.compare %[[W]], %[[MAXB]], predicate = eq
// CHECK: %[[ISNAN:.+]] = prim.compare %[[W]], %[[W]], predicate = ne
// CHECK: %[[NANKEY:.+]] = prim.sub %[[MINUS1]], %[[SLOT]]
// CHECK: %[[MAXKEY:.+]] = prim.select %[[ISMAX]], %[[SLOT]], %[[K]]
// CHECK: %[[KEY:.+]] = prim.select %[[ISNAN]], %[[NANKEY]], %[[MAXKEY]]
// CHECK: %[[LEAST:.+]] = prim.reduce min %[[KEY]], dims = [3] : tensor<1x1x2x2xi64> -> tensor<1x1x2xi64>
// CHECK: %[[KEPT:.+]] = prim.reshape %[[LEAST]] : tensor<1x1x2xi64> -> tensor<1x1x2x1xi64>
// CHECK: %[[NEG:.+]] = prim.compare %[[KEPT]], %{{.+}}, predicate = lt
// CHECK: %[[UNKEY:.+]] = prim.sub %{{.+}}, %[[KEPT]]
// CHECK: %[[AT:.+]] = prim.select %[[NEG]], %[[UNKEY]], %[[KEPT]]
// CHECK: %[[T:.+]] = prim.broadcast_in_dim %[[TABLE]], dims = [1, 2, 3]
// CHECK: %[[I:.+]] = prim.take_along %[[T]], %[[AT]], dim = 3
// CHECK: %[[R:.+]] = prim.reshape %[[I]] : tensor<1x1x2x1xi64> -> tensor<1x1x2xi64>
// CHECK: return %[[MAX]], %[[R]]
func.func @max_pool2d_with_indices(%x: tensor<1x1x4xf32>) -> (tensor<1x1x2xf32>, tensor<1x1x2xi64>) {
  %0:2 = aten.call "aten.max_pool2d_with_indices.default"(self: %x) {kernel_size = array<i64: 1, 2>, stride = array<i64>, padding = array<i64: 0>, dilation = array<i64: 1>, ceil_mode = false} : (tensor<1x1x4xf32>) -> (tensor<1x1x2xf32>, tensor<1x1x2xi64>)
  return %0#0, %0#1 : tensor<1x1x2xf32>, tensor<1x1x2xi64>
}

// -----

// Padded max_pool2d_with_indices (W 5, k 3, s 2, p 1): padding slots hold
// -inf, and a window of only -inf input may pick one; torch then reports
// where its scan starts, the window's first element inside the input, so
// the table holds that (0 and 3) in the padding slots instead of -1.
// CHECK-LABEL: func.func @max_pool2d_padded_indices
// CHECK-DAG: %[[TABLE:.+]] = prim.constant dense<{{\[\[\[}}0, 0, 1], [1, 2, 3], [3, 4, 3]]]> : tensor<1x3x3xi64>
// CHECK-DAG: %[[NEGINF:.+]] = prim.constant dense<0xFF800000> : tensor<1x1x3x3xf32>
// CHECK-DAG: prim.constant dense<{{\[\[\[}}false, true, true], [true, true, true], [true, true, false]]]> : tensor<1x3x3xi1>
// CHECK: %[[W:.+]] = prim.select %{{.+}}, %{{.+}}, %[[NEGINF]]
// CHECK: prim.reduce max %[[W]], dims = [3]
// CHECK: %[[T:.+]] = prim.broadcast_in_dim %[[TABLE]], dims = [1, 2, 3]
// CHECK: prim.take_along %[[T]], %{{.+}}, dim = 3
func.func @max_pool2d_padded_indices(%x: tensor<1x1x5xf32>) -> (tensor<1x1x3xf32>, tensor<1x1x3xi64>) {
  %0:2 = aten.call "aten.max_pool2d_with_indices.default"(self: %x) {kernel_size = array<i64: 1, 3>, stride = array<i64: 1, 2>, padding = array<i64: 0, 1>, dilation = array<i64: 1>, ceil_mode = false} : (tensor<1x1x5xf32>) -> (tensor<1x1x3xf32>, tensor<1x1x3xi64>)
  return %0#0, %0#1 : tensor<1x1x3xf32>, tensor<1x1x3xi64>
}

// -----

// max_pool1d over L 7 (k 3, s 2, dilation 2, p 1): windows read
// {-1, 1, 3}, {1, 3, 5}, {3, 5, 7}; the values alone (no index table).
// CHECK-LABEL: func.func @max_pool1d_dilated
// CHECK-DAG: prim.constant dense<{{\[\[}}0, 1, 3], [1, 3, 5], [3, 5, 0]]> : tensor<3x3xi64>
// CHECK-DAG: prim.constant dense<{{\[\[}}false, true, true], [true, true, true], [true, true, false]]> : tensor<3x3xi1>
// CHECK: %[[MAX:.+]] = prim.reduce max %{{.+}}, dims = [2] : tensor<4x3x3xf32> -> tensor<4x3xf32>
// CHECK-NOT: prim.iota
// CHECK: return %[[MAX]]
func.func @max_pool1d_dilated(%x: tensor<4x7xf32>) -> tensor<4x3xf32> {
  %0 = aten.call "aten.max_pool1d.default"(self: %x) {kernel_size = array<i64: 3>, stride = array<i64: 2>, padding = array<i64: 1>, dilation = array<i64: 2>, ceil_mode = false} : (tensor<4x7xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// max_pool3d with dilation 2 along H: each spatial dim gathers its own
// window positions (H reads rows 0 and 2), then one max over the 8.
// CHECK-LABEL: func.func @max_pool3d_dilated
// CHECK-DAG: %[[H:.+]] = prim.constant dense<{{\[\[}}0, 2]]> : tensor<1x2xi64>
// CHECK-DAG: %[[DW:.+]] = prim.constant dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>
// CHECK: %[[A:.+]] = prim.take %arg0, %[[DW]], dim = 3
// CHECK: %[[B:.+]] = prim.take %[[A]], %[[H]], dim = 2
// CHECK: %[[C:.+]] = prim.take %[[B]], %[[DW]], dim = 1
// CHECK: prim.transpose %[[C]], permutation = [0, 1, 3, 5, 2, 4, 6]
// CHECK: %[[W:.+]] = prim.reshape %{{.+}} -> tensor<1x1x1x1x8xf32>
// CHECK: prim.reduce max %[[W]], dims = [4] : tensor<1x1x1x1x8xf32> -> tensor<1x1x1x1xf32>
func.func @max_pool3d_dilated(%x: tensor<1x2x3x3xf32>) -> tensor<1x1x1x1xf32> {
  %0 = aten.call "aten.max_pool3d.default"(self: %x) {kernel_size = array<i64: 2, 2, 2>, stride = array<i64: 2>, padding = array<i64: 0>, dilation = array<i64: 1, 2, 1>, ceil_mode = false} : (tensor<1x2x3x3xf32>) -> tensor<1x1x1x1xf32>
  return %0 : tensor<1x1x1x1xf32>
}

// -----

// max_pool3d_with_indices over [D, H, W] = [2, 2, 3] (k [2, 2, 1]): the
// table's flat index is d * H * W + h * W + w.
// CHECK-LABEL: func.func @max_pool3d_with_indices
// CHECK-DAG: prim.constant dense<{{\[\[\[\[}}0, 3, 6, 9], [1, 4, 7, 10], [2, 5, 8, 11]]]]> : tensor<1x1x3x4xi64>
// CHECK: prim.take_along
func.func @max_pool3d_with_indices(%x: tensor<1x2x2x3xf32>) -> (tensor<1x1x1x3xf32>, tensor<1x1x1x3xi64>) {
  %0:2 = aten.call "aten.max_pool3d_with_indices.default"(self: %x) {kernel_size = array<i64: 2, 2, 1>, stride = array<i64>, padding = array<i64: 0>, dilation = array<i64: 1>, ceil_mode = false} : (tensor<1x2x2x3xf32>) -> (tensor<1x1x1x3xf32>, tensor<1x1x1x3xi64>)
  return %0#0, %0#1 : tensor<1x1x1x3xf32>, tensor<1x1x1x3xi64>
}

// -----

// adaptive_avg_pool1d 5 -> 3: windows [0, 2), [1, 4), [3, 5) padded to 3
// elements and masked; divided by 2, 3, 2.
// CHECK-LABEL: func.func @adaptive_avg_pool1d
// CHECK-DAG: %[[DIV:.+]] = prim.constant dense<[2.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK-DAG: prim.constant dense<{{\[\[}}true, true, false], [true, true, true], [true, true, false]]> : tensor<3x3xi1>
// CHECK-DAG: %[[IDX:.+]] = prim.constant dense<{{\[\[}}0, 1, 0], [1, 2, 3], [3, 4, 0]]> : tensor<3x3xi64>
// CHECK: prim.take %arg0, %[[IDX]], dim = 1 : (tensor<2x5xf32>, tensor<3x3xi64>) -> tensor<2x3x3xf32>
// CHECK: %[[SUM:.+]] = prim.reduce sum
// CHECK: %[[D:.+]] = prim.broadcast_in_dim %[[DIV]], dims = [1]
// CHECK: prim.div %[[SUM]], %[[D]]
func.func @adaptive_avg_pool1d(%x: tensor<2x5xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.adaptive_avg_pool1d.default"(self: %x) {output_size = array<i64: 3>} : (tensor<2x5xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// _adaptive_avg_pool2d 3x5 -> 2x3 in bf16: summed in f32, then divided per
// dim in order as torch's kernel does (sum / kh / kw): H windows [0, 2),
// [1, 3) count 2, 2; W windows [0, 2), [1, 4), [3, 5) count 2, 3, 2.
// CHECK-LABEL: func.func @adaptive_avg_pool2d_uneven_bf16
// CHECK-DAG: %[[KW:.+]] = prim.constant dense<[2.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[KH:.+]] = prim.constant dense<2.000000e+00> : tensor<2xf32>
// CHECK: prim.convert %arg0 : tensor<1x3x5xbf16> -> tensor<1x3x5xf32>
// CHECK: %[[SUM:.+]] = prim.reduce sum %{{.+}}, dims = [3] : tensor<1x2x3x6xf32> -> tensor<1x2x3xf32>
// CHECK: %[[DH:.+]] = prim.broadcast_in_dim %[[KH]], dims = [1]
// CHECK: %[[M1:.+]] = prim.div %[[SUM]], %[[DH]]
// CHECK: %[[DW:.+]] = prim.broadcast_in_dim %[[KW]], dims = [2]
// CHECK: %[[M2:.+]] = prim.div %[[M1]], %[[DW]]
// CHECK: prim.convert %[[M2]] : tensor<1x2x3xf32> -> tensor<1x2x3xbf16>
func.func @adaptive_avg_pool2d_uneven_bf16(%x: tensor<1x3x5xbf16>) -> tensor<1x2x3xbf16> {
  %0 = aten.call "aten._adaptive_avg_pool2d.default"(self: %x) {output_size = array<i64: 2, 3>} : (tensor<1x3x5xbf16>) -> tensor<1x2x3xbf16>
  return %0 : tensor<1x2x3xbf16>
}

// -----

// adaptive_avg_pool2d whose output divides the input (4x6 -> 2x1), f16,
// dynamic batch: one reduce_window sum in f32 over 2x6 windows, / 2 / 6,
// rounded to f16 once.
// CHECK-LABEL: func.func @adaptive_avg_pool2d_even_f16
// CHECK-DAG: %[[KW:.+]] = prim.constant dense<6.000000e+00> : tensor<1xf32>
// CHECK-DAG: %[[KH:.+]] = prim.constant dense<2.000000e+00> : tensor<2xf32>
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<?x3x4x6xf16> -> tensor<?x3x4x6xf32>
// CHECK: %[[SUM:.+]] = prim.reduce_window sum %[[X]], window = [1, 1, 2, 6], strides = [1, 1, 2, 6] : tensor<?x3x4x6xf32> -> tensor<?x3x2x1xf32>
// CHECK: %[[DH:.+]] = prim.broadcast_in_dim %[[KH]], dims = [2], dynamic_sizes
// CHECK: %[[M1:.+]] = prim.div %[[SUM]], %[[DH]]
// CHECK: %[[DW:.+]] = prim.broadcast_in_dim %[[KW]], dims = [3], dynamic_sizes
// CHECK: %[[M2:.+]] = prim.div %[[M1]], %[[DW]]
// CHECK: %[[R:.+]] = prim.convert %[[M2]] : tensor<?x3x2x1xf32> -> tensor<?x3x2x1xf16>
// CHECK: return %[[R]]
func.func @adaptive_avg_pool2d_even_f16(%x: tensor<?x3x4x6xf16>) -> tensor<?x3x2x1xf16> {
  %0 = aten.call "aten.adaptive_avg_pool2d.default"(self: %x) {output_size = array<i64: 2, 1>} : (tensor<?x3x4x6xf16>) -> tensor<?x3x2x1xf16>
  return %0 : tensor<?x3x2x1xf16>
}

// -----

// adaptive_avg_pool2d 8x6 -> 2x3 (moved here from conv.mlir with the code):
// equal 4x2 windows (stride 4x2) summed, then / 4 / 2.
// CHECK-LABEL: func.func @adaptive_avg_pool2d_even
// CHECK-SAME: (%[[X:.+]]: tensor<2x32x8x6xf32>)
// CHECK-DAG: %[[KW:.+]] = prim.constant dense<2.000000e+00> : tensor<3xf32>
// CHECK-DAG: %[[KH:.+]] = prim.constant dense<4.000000e+00> : tensor<2xf32>
// CHECK: %[[S:.+]] = prim.reduce_window sum %[[X]], window = [1, 1, 4, 2], strides = [1, 1, 4, 2] : tensor<2x32x8x6xf32> -> tensor<2x32x2x3xf32>
// CHECK: %[[DH:.+]] = prim.broadcast_in_dim %[[KH]], dims = [2] : tensor<2xf32> -> tensor<2x32x2x3xf32>
// CHECK: %[[M:.+]] = prim.div %[[S]], %[[DH]]
// CHECK: %[[DW:.+]] = prim.broadcast_in_dim %[[KW]], dims = [3] : tensor<3xf32> -> tensor<2x32x2x3xf32>
// CHECK: %[[R:.+]] = prim.div %[[M]], %[[DW]]
// CHECK-NOT: prim.convert
// CHECK: return %[[R]]
func.func @adaptive_avg_pool2d_even(%x: tensor<2x32x8x6xf32>) -> tensor<2x32x2x3xf32> {
  %0 = aten.call "aten.adaptive_avg_pool2d.default"(self: %x) {output_size = array<i64: 2, 3>} : (tensor<2x32x8x6xf32>) -> tensor<2x32x2x3xf32>
  return %0 : tensor<2x32x2x3xf32>
}

// -----

// adaptive_avg_pool2d to 1x1: each channel's 8x8 plane summed, / 8 / 8.
// CHECK-LABEL: func.func @adaptive_avg_pool2d_global
// CHECK-SAME: (%[[X:.+]]: tensor<2x32x8x8xf32>)
// CHECK-DAG: %[[K:.+]] = prim.constant dense<8.000000e+00> : tensor<1xf32>
// CHECK: %[[S:.+]] = prim.reduce_window sum %[[X]], window = [1, 1, 8, 8], strides = [1, 1, 8, 8] : tensor<2x32x8x8xf32> -> tensor<2x32x1x1xf32>
// CHECK: %[[DH:.+]] = prim.broadcast_in_dim %[[K]], dims = [2]
// CHECK: %[[M:.+]] = prim.div %[[S]], %[[DH]]
// CHECK: %[[DW:.+]] = prim.broadcast_in_dim %[[K]], dims = [3]
// CHECK: %[[R:.+]] = prim.div %[[M]], %[[DW]]
// CHECK: return %[[R]]
func.func @adaptive_avg_pool2d_global(%x: tensor<2x32x8x8xf32>) -> tensor<2x32x1x1xf32> {
  %0 = aten.call "aten.adaptive_avg_pool2d.default"(self: %x) {output_size = array<i64: 1, 1>} : (tensor<2x32x8x8xf32>) -> tensor<2x32x1x1xf32>
  return %0 : tensor<2x32x1x1xf32>
}

// -----

// _adaptive_avg_pool3d 3x2x5 -> 2x1x3: sum / kd / kh / kw, three divisions.
// CHECK-LABEL: func.func @adaptive_avg_pool3d
// CHECK-DAG: %[[KW:.+]] = prim.constant dense<[2.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[KH:.+]] = prim.constant dense<2.000000e+00> : tensor<1xf32>
// CHECK-DAG: %[[KD:.+]] = prim.constant dense<2.000000e+00> : tensor<2xf32>
// CHECK: %[[SUM:.+]] = prim.reduce sum %{{.+}}, dims = [4] : tensor<1x2x1x3x12xf32> -> tensor<1x2x1x3xf32>
// CHECK: %[[B1:.+]] = prim.broadcast_in_dim %[[KD]], dims = [1]
// CHECK: %[[M1:.+]] = prim.div %[[SUM]], %[[B1]]
// CHECK: %[[B2:.+]] = prim.broadcast_in_dim %[[KH]], dims = [2]
// CHECK: %[[M2:.+]] = prim.div %[[M1]], %[[B2]]
// CHECK: %[[B3:.+]] = prim.broadcast_in_dim %[[KW]], dims = [3]
// CHECK: prim.div %[[M2]], %[[B3]]
func.func @adaptive_avg_pool3d(%x: tensor<1x3x2x5xf32>) -> tensor<1x2x1x3xf32> {
  %0 = aten.call "aten._adaptive_avg_pool3d.default"(self: %x) {output_size = array<i64: 2, 1, 3>} : (tensor<1x3x2x5xf32>) -> tensor<1x2x1x3xf32>
  return %0 : tensor<1x2x1x3xf32>
}

// -----

// adaptive_max_pool2d 3x5 -> 1x3: windows H [0, 3) x W [0, 2) / [1, 4) /
// [3, 5), padded to 3x3 slots with -inf; the slots past an adaptive
// window's end point at its start in the index table.
// CHECK-LABEL: func.func @adaptive_max_pool2d
// CHECK-DAG: %[[TABLE:.+]] = prim.constant dense<{{\[\[\[}}0, 1, 0, 5, 6, 0, 10, 11, 0], [1, 2, 3, 6, 7, 8, 11, 12, 13], [3, 4, 3, 8, 9, 3, 13, 14, 3]]]> : tensor<1x3x9xi64>
// CHECK-DAG: %[[NEGINF:.+]] = prim.constant dense<0xFF800000> : tensor<2x1x3x9xf32>
// CHECK: %[[W:.+]] = prim.select %{{.+}}, %{{.+}}, %[[NEGINF]]
// CHECK: %[[MAX:.+]] = prim.reduce max %[[W]], dims = [3] : tensor<2x1x3x9xf32> -> tensor<2x1x3xf32>
// CHECK: %[[T:.+]] = prim.broadcast_in_dim %[[TABLE]], dims = [1, 2, 3]
// CHECK: %[[I:.+]] = prim.take_along %[[T]], %{{.+}}, dim = 3
// CHECK: %[[R:.+]] = prim.reshape %[[I]] : tensor<2x1x3x1xi64> -> tensor<2x1x3xi64>
// CHECK: return %[[MAX]], %[[R]]
func.func @adaptive_max_pool2d(%x: tensor<2x3x5xf32>) -> (tensor<2x1x3xf32>, tensor<2x1x3xi64>) {
  %0:2 = aten.call "aten.adaptive_max_pool2d.default"(self: %x) {output_size = array<i64: 1, 3>} : (tensor<2x3x5xf32>) -> (tensor<2x1x3xf32>, tensor<2x1x3xi64>)
  return %0#0, %0#1 : tensor<2x1x3xf32>, tensor<2x1x3xi64>
}

// -----

// im2col (unfold) 3x3 with a 2x2 kernel: windows gathered per dim, then
// [N, C, OH, OW, KH*KW] -> [N, C, KH*KW, OH, OW] -> [N, C*KH*KW, OH*OW].
// CHECK-LABEL: func.func @im2col
// CHECK-DAG: %[[IDX:.+]] = prim.constant dense<{{\[\[}}0, 1], [1, 2]]> : tensor<2x2xi64>
// CHECK: %[[A:.+]] = prim.take %arg0, %[[IDX]], dim = 3
// CHECK: %[[B:.+]] = prim.take %[[A]], %[[IDX]], dim = 2
// CHECK: prim.transpose %[[B]], permutation = [0, 1, 2, 4, 3, 5]
// CHECK: %[[W:.+]] = prim.reshape %{{.+}} : tensor<1x2x2x2x2x2xf32> -> tensor<1x2x2x2x4xf32>
// CHECK: %[[T:.+]] = prim.transpose %[[W]], permutation = [0, 1, 4, 2, 3]
// CHECK: %[[R:.+]] = prim.reshape %[[T]] : tensor<1x2x4x2x2xf32> -> tensor<1x8x4xf32>
// CHECK: return %[[R]]
func.func @im2col(%x: tensor<1x2x3x3xf32>) -> tensor<1x8x4xf32> {
  %0 = aten.call "aten.im2col.default"(self: %x) {kernel_size = array<i64: 2, 2>, dilation = array<i64: 1, 1>, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x3x3xf32>) -> tensor<1x8x4xf32>
  return %0 : tensor<1x8x4xf32>
}

// -----

// col2im (fold) to 4x4 (k 2, s 2, p 1): 3x3 columns per kernel offset.
// Offset (i, j) lands at (i + 2y, j + 2x) of the 6x6 padded canvas: pad
// with interior 1 and low (i, j); the four canvases are added and the
// padding sliced away.
// CHECK-LABEL: func.func @col2im
// CHECK: %[[C:.+]] = prim.reshape %arg0 : tensor<1x4x9xf32> -> tensor<1x1x4x3x3xf32>
// CHECK: prim.pad %{{.+}}, low = [0, 0, 0, 0], high = [0, 0, 1, 1], interior = [0, 0, 1, 1]
// CHECK: prim.pad %{{.+}}, low = [0, 0, 0, 1], high = [0, 0, 1, 0], interior = [0, 0, 1, 1]
// CHECK: prim.add
// CHECK: prim.pad %{{.+}}, low = [0, 0, 1, 0], high = [0, 0, 0, 1], interior = [0, 0, 1, 1]
// CHECK: prim.add
// CHECK: prim.pad %{{.+}}, low = [0, 0, 1, 1], high = [0, 0, 0, 0], interior = [0, 0, 1, 1]
// CHECK: %[[SUM:.+]] = prim.add
// CHECK: %[[R:.+]] = prim.slice %[[SUM]] [0:1, 0:1, 1:5, 1:5] : tensor<1x1x6x6xf32> -> tensor<1x1x4x4xf32>
// CHECK: return %[[R]]
func.func @col2im(%x: tensor<1x4x9xf32>) -> tensor<1x1x4x4xf32> {
  %0 = aten.call "aten.col2im.default"(self: %x) {output_size = array<i64: 4, 4>, kernel_size = array<i64: 2, 2>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x4x9xf32>) -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

// Integer pooling, as torch's integer kernels: the average is the sum
// divided in the integer type (prim.div truncates; count_include_pad:
// 9 everywhere); max_pool2d is a reduce_window (its linalg lowering starts
// integers from the type's least value).
// CHECK-LABEL: func.func @pool_int
// CHECK-DAG: prim.constant dense<9> : tensor<2x2xi64>
// CHECK: prim.reduce sum
// CHECK: prim.div {{.*}} : tensor<1x1x2x2xi64>
// CHECK: prim.reduce_window max %arg0
func.func @pool_int(%x: tensor<1x1x3x3xi64>) -> (tensor<1x1x2x2xi64>, tensor<1x1x2x2xi64>) {
  %0 = aten.call "aten.avg_pool2d.default"(self: %x) {kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, ceil_mode = false, count_include_pad = true, divisor_override = #aten.none} : (tensor<1x1x3x3xi64>) -> tensor<1x1x2x2xi64>
  %1 = aten.call "aten.max_pool2d.default"(self: %x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x3x3xi64>) -> tensor<1x1x2x2xi64>
  return %0, %1 : tensor<1x1x2x2xi64>, tensor<1x1x2x2xi64>
}

// -----

// fractional_max_pool2d of [1, 2, 7, 6] to [3, 2] with 2x3 windows: each
// plane's two samples (W reads sample 0, H sample 1, as torch) give the
// window starts int((i + u) alpha) - int(u alpha), alpha = (in - k) /
// (out - 1), in the input's type; the last window starts at in - k. The
// flat index (h * 6 + w) of every (plane, output, window element) gathers
// [2, 6, 6] windows: their max, and the index at the slot torch's scan
// reports.
// CHECK-LABEL: func.func @fractional_max_pool2d
// CHECK: %[[U:.*]] = prim.reshape %{{.*}} : tensor<1x2x2xf32> -> tensor<2x2xf32>
// CHECK: %[[UH:.*]] = prim.slice %[[U]] [0:2, 1:2]
// CHECK: prim.div %{{.*}}, %{{.*}} : tensor<2x3xf32>
// CHECK: prim.convert %{{.*}} : tensor<2x3xf32> -> tensor<2x3xi64>
// CHECK: %[[UW:.*]] = prim.slice %[[U]] [0:2, 0:1]
// CHECK: %[[INDEX:.*]] = prim.reshape %{{.*}} : tensor<2x3x2x2x3xi64> -> tensor<2x6x6xi64>
// CHECK: prim.take_along %{{.*}}, %{{.*}}, dim = 1 : (tensor<2x42xf32>, tensor<2x36xi64>) -> tensor<2x36xf32>
// CHECK: %[[MAX:.*]] = prim.reduce max %{{.*}}, dims = [2] : tensor<2x6x6xf32> -> tensor<2x6xf32>
// CHECK: prim.take_along %[[INDEX]], %{{.*}}, dim = 2 : (tensor<2x6x6xi64>, tensor<2x6x1xi64>) -> tensor<2x6x1xi64>
func.func @fractional_max_pool2d(%x: tensor<1x2x7x6xf32>, %u: tensor<1x2x2xf32>) -> (tensor<1x2x3x2xf32>, tensor<1x2x3x2xi64>) {
  %0:2 = aten.call "aten.fractional_max_pool2d.default"(self: %x, random_samples: %u) {kernel_size = array<i64: 2, 3>, output_size = array<i64: 3, 2>} : (tensor<1x2x7x6xf32>, tensor<1x2x2xf32>) -> (tensor<1x2x3x2xf32>, tensor<1x2x3x2xi64>)
  return %0#0, %0#1 : tensor<1x2x3x2xf32>, tensor<1x2x3x2xi64>
}
