// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// layer_norm over the last dim (8): mean = sum * 1/8, c = x - mean,
// var = sum(c*c) * 1/8 (biased), y = c * rsqrt(var + 1e-5) * w + b, with w
// and b broadcast along dim 2.
// CHECK-LABEL: func.func @layer_norm
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x8xf32>, %[[W:.+]]: tensor<8xf32>, %[[B:.+]]: tensor<8xf32>)
// CHECK-DAG: %[[EPS:.+]] = prim.constant dense<9.99999974E-6> : tensor<2x3x1xf32>
// CHECK-DAG: %[[INV:.+]] = prim.constant dense<1.250000e-01> : tensor<2x3x1xf32>
// CHECK: %[[S:.+]] = prim.reduce sum %[[X]], dims = [2] : tensor<2x3x8xf32> -> tensor<2x3xf32>
// CHECK: %[[SK:.+]] = prim.reshape %[[S]] : tensor<2x3xf32> -> tensor<2x3x1xf32>
// CHECK: %[[MEAN:.+]] = prim.mul %[[SK]], %[[INV]] : tensor<2x3x1xf32>
// CHECK: %[[MEANB:.+]] = prim.broadcast_in_dim %[[MEAN]], dims = [0, 1, 2] : tensor<2x3x1xf32> -> tensor<2x3x8xf32>
// CHECK: %[[C:.+]] = prim.sub %[[X]], %[[MEANB]] : tensor<2x3x8xf32>
// CHECK: %[[SQ:.+]] = prim.mul %[[C]], %[[C]] : tensor<2x3x8xf32>
// CHECK: %[[SS:.+]] = prim.reduce sum %[[SQ]], dims = [2] : tensor<2x3x8xf32> -> tensor<2x3xf32>
// CHECK: %[[SSK:.+]] = prim.reshape %[[SS]] : tensor<2x3xf32> -> tensor<2x3x1xf32>
// CHECK: %[[VAR:.+]] = prim.mul %[[SSK]], %[[INV]] : tensor<2x3x1xf32>
// CHECK: %[[VE:.+]] = prim.add %[[VAR]], %[[EPS]] : tensor<2x3x1xf32>
// CHECK: %[[RSTD:.+]] = prim.rsqrt %[[VE]] : tensor<2x3x1xf32>
// CHECK: %[[RSTDB:.+]] = prim.broadcast_in_dim %[[RSTD]], dims = [0, 1, 2] : tensor<2x3x1xf32> -> tensor<2x3x8xf32>
// CHECK: %[[N:.+]] = prim.mul %[[C]], %[[RSTDB]] : tensor<2x3x8xf32>
// CHECK: %[[WB:.+]] = prim.broadcast_in_dim %[[W]], dims = [2] : tensor<8xf32> -> tensor<2x3x8xf32>
// CHECK: %[[NW:.+]] = prim.mul %[[N]], %[[WB]] : tensor<2x3x8xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [2] : tensor<8xf32> -> tensor<2x3x8xf32>
// CHECK: %[[R:.+]] = prim.add %[[NW]], %[[BB]] : tensor<2x3x8xf32>
// CHECK: return %[[R]]
func.func @layer_norm(%x: tensor<2x3x8xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x3x8xf32> {
  %0 = aten.call "aten.layer_norm.default"(input: %x, weight: %w, bias: %b) {cudnn_enable = false, eps = 1.000000e-05 : f64, normalized_shape = array<i64: 8>} : (tensor<2x3x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
  return %0 : tensor<2x3x8xf32>
}

// -----

// layer_norm of f16 over the last two dims [3, 8] (24 elements), no affine:
// computed in f32 (as torch does for half types), reduced over dims [1, 2]
// with 1/24, eps 1e-6, and converted back to f16 at the end.
// CHECK-LABEL: func.func @layer_norm_f16_two_dims
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x8xf16>)
// CHECK-DAG: %[[EPS:.+]] = prim.constant dense<9.99999997E-7> : tensor<2x1x1xf32>
// CHECK-DAG: %[[INV:.+]] = prim.constant dense<0.0416666679> : tensor<2x1x1xf32>
// CHECK: %[[XF:.+]] = prim.convert %[[X]] : tensor<2x3x8xf16> -> tensor<2x3x8xf32>
// CHECK: %[[S:.+]] = prim.reduce sum %[[XF]], dims = [1, 2] : tensor<2x3x8xf32> -> tensor<2xf32>
// CHECK: %[[SK:.+]] = prim.reshape %[[S]] : tensor<2xf32> -> tensor<2x1x1xf32>
// CHECK: %[[MEAN:.+]] = prim.mul %[[SK]], %[[INV]] : tensor<2x1x1xf32>
// CHECK: %[[MEANB:.+]] = prim.broadcast_in_dim %[[MEAN]], dims = [0, 1, 2] : tensor<2x1x1xf32> -> tensor<2x3x8xf32>
// CHECK: %[[C:.+]] = prim.sub %[[XF]], %[[MEANB]] : tensor<2x3x8xf32>
// CHECK: %[[SQ:.+]] = prim.mul %[[C]], %[[C]] : tensor<2x3x8xf32>
// CHECK: %[[SS:.+]] = prim.reduce sum %[[SQ]], dims = [1, 2] : tensor<2x3x8xf32> -> tensor<2xf32>
// CHECK: %[[SSK:.+]] = prim.reshape %[[SS]] : tensor<2xf32> -> tensor<2x1x1xf32>
// CHECK: %[[VAR:.+]] = prim.mul %[[SSK]], %[[INV]] : tensor<2x1x1xf32>
// CHECK: %[[VE:.+]] = prim.add %[[VAR]], %[[EPS]] : tensor<2x1x1xf32>
// CHECK: %[[RSTD:.+]] = prim.rsqrt %[[VE]] : tensor<2x1x1xf32>
// CHECK: %[[RSTDB:.+]] = prim.broadcast_in_dim %[[RSTD]], dims = [0, 1, 2] : tensor<2x1x1xf32> -> tensor<2x3x8xf32>
// CHECK: %[[N:.+]] = prim.mul %[[C]], %[[RSTDB]] : tensor<2x3x8xf32>
// CHECK-NOT: prim.add
// CHECK: %[[R:.+]] = prim.convert %[[N]] : tensor<2x3x8xf32> -> tensor<2x3x8xf16>
// CHECK: return %[[R]]
func.func @layer_norm_f16_two_dims(%x: tensor<2x3x8xf16>) -> tensor<2x3x8xf16> {
  %0 = aten.call "aten.layer_norm.default"(input: %x) {bias = #aten.none, cudnn_enable = false, eps = 1.000000e-06 : f64, normalized_shape = array<i64: 3, 8>, weight = #aten.none} : (tensor<2x3x8xf16>) -> tensor<2x3x8xf16>
  return %0 : tensor<2x3x8xf16>
}

// -----

// layer_norm with a dynamic batch: the kept-dim reshapes, the 1/8 and eps
// splats and the broadcasts back all take the batch `?` as a dynamic size.
// CHECK-LABEL: func.func @layer_norm_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<?x8xf32>)
// CHECK-DAG: %[[EPS:.+]] = arith.constant 9.99999974E-6 : f32
// CHECK-DAG: %[[INV:.+]] = arith.constant 1.250000e-01 : f32
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[S:.+]] = prim.reduce sum %[[X]], dims = [1] : tensor<?x8xf32> -> tensor<?xf32>
// CHECK: %[[N0:.+]] = tensor.dim %[[X]], %[[C0]]
// CHECK: %[[SK:.+]] = prim.reshape %[[S]], dynamic_sizes(%[[N0]]) : tensor<?xf32> -> tensor<?x1xf32>
// CHECK: %[[INVS:.+]] = prim.splat %[[INV]], dynamic_sizes(%{{.+}}) : f32 -> tensor<?x1xf32>
// CHECK: %[[MEAN:.+]] = prim.mul %[[SK]], %[[INVS]] : tensor<?x1xf32>
// CHECK: %[[MEANB:.+]] = prim.broadcast_in_dim %[[MEAN]], dims = [0, 1], dynamic_sizes(%{{.+}}) : tensor<?x1xf32> -> tensor<?x8xf32>
// CHECK: %[[C:.+]] = prim.sub %[[X]], %[[MEANB]] : tensor<?x8xf32>
// CHECK: prim.reduce sum %{{.+}}, dims = [1] : tensor<?x8xf32> -> tensor<?xf32>
// CHECK: %[[EPSS:.+]] = prim.splat %[[EPS]], dynamic_sizes(%{{.+}}) : f32 -> tensor<?x1xf32>
// CHECK: %[[VE:.+]] = prim.add %{{.+}}, %[[EPSS]] : tensor<?x1xf32>
// CHECK: %[[RSTD:.+]] = prim.rsqrt %[[VE]] : tensor<?x1xf32>
// CHECK: %[[RSTDB:.+]] = prim.broadcast_in_dim %[[RSTD]], dims = [0, 1], dynamic_sizes(%{{.+}}) : tensor<?x1xf32> -> tensor<?x8xf32>
// CHECK: %[[R:.+]] = prim.mul %[[C]], %[[RSTDB]] : tensor<?x8xf32>
// CHECK: return %[[R]]
func.func @layer_norm_dynamic(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = aten.call "aten.layer_norm.default"(input: %x) {bias = #aten.none, cudnn_enable = false, eps = 1.000000e-05 : f64, normalized_shape = array<i64: 8>, weight = #aten.none} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// softmax along dim 1 of [2, 5, 3]: e = exp(x - max_1(x)), y = e / sum_1(e),
// both reductions over dim 1 kept as size 1 and broadcast back.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.+]]: tensor<2x5x3xf32>)
// CHECK: %[[MAX:.+]] = prim.reduce max %[[X]], dims = [1] : tensor<2x5x3xf32> -> tensor<2x3xf32>
// CHECK: %[[MAXK:.+]] = prim.reshape %[[MAX]] : tensor<2x3xf32> -> tensor<2x1x3xf32>
// CHECK: %[[MAXB:.+]] = prim.broadcast_in_dim %[[MAXK]], dims = [0, 1, 2] : tensor<2x1x3xf32> -> tensor<2x5x3xf32>
// CHECK: %[[D:.+]] = prim.sub %[[X]], %[[MAXB]] : tensor<2x5x3xf32>
// CHECK: %[[E:.+]] = prim.exp %[[D]] : tensor<2x5x3xf32>
// CHECK: %[[SUM:.+]] = prim.reduce sum %[[E]], dims = [1] : tensor<2x5x3xf32> -> tensor<2x3xf32>
// CHECK: %[[SUMK:.+]] = prim.reshape %[[SUM]] : tensor<2x3xf32> -> tensor<2x1x3xf32>
// CHECK: %[[SUMB:.+]] = prim.broadcast_in_dim %[[SUMK]], dims = [0, 1, 2] : tensor<2x1x3xf32> -> tensor<2x5x3xf32>
// CHECK: %[[R:.+]] = prim.div %[[E]], %[[SUMB]] : tensor<2x5x3xf32>
// CHECK: return %[[R]]
func.func @softmax(%x: tensor<2x5x3xf32>) -> tensor<2x5x3xf32> {
  %0 = aten.call "aten.softmax.int"(self: %x) {dim = 1 : i64, dtype = #aten.none} : (tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}

// -----

// softmax along dim -1 (= 1) with a dynamic batch: the kept-dim reshapes and
// broadcasts are sized by the `?`.
// CHECK-LABEL: func.func @softmax_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<?x10xf32>)
// CHECK: %[[MAX:.+]] = prim.reduce max %[[X]], dims = [1] : tensor<?x10xf32> -> tensor<?xf32>
// CHECK: %[[MAXK:.+]] = prim.reshape %[[MAX]], dynamic_sizes(%{{.+}}) : tensor<?xf32> -> tensor<?x1xf32>
// CHECK: %[[MAXB:.+]] = prim.broadcast_in_dim %[[MAXK]], dims = [0, 1], dynamic_sizes(%{{.+}}) : tensor<?x1xf32> -> tensor<?x10xf32>
// CHECK: %[[D:.+]] = prim.sub %[[X]], %[[MAXB]] : tensor<?x10xf32>
// CHECK: %[[E:.+]] = prim.exp %[[D]] : tensor<?x10xf32>
// CHECK: %[[SUM:.+]] = prim.reduce sum %[[E]], dims = [1] : tensor<?x10xf32> -> tensor<?xf32>
// CHECK: %[[SUMK:.+]] = prim.reshape %[[SUM]], dynamic_sizes(%{{.+}}) : tensor<?xf32> -> tensor<?x1xf32>
// CHECK: %[[SUMB:.+]] = prim.broadcast_in_dim %[[SUMK]], dims = [0, 1], dynamic_sizes(%{{.+}}) : tensor<?x1xf32> -> tensor<?x10xf32>
// CHECK: %[[R:.+]] = prim.div %[[E]], %[[SUMB]] : tensor<?x10xf32>
// CHECK: return %[[R]]
func.func @softmax_dynamic(%x: tensor<?x10xf32>) -> tensor<?x10xf32> {
  %0 = aten.call "aten.softmax.int"(self: %x) {dim = -1 : i64, dtype = #aten.none} : (tensor<?x10xf32>) -> tensor<?x10xf32>
  return %0 : tensor<?x10xf32>
}

// -----

// log_softmax(x, dim=1) = (x - max) - log(sum(exp(x - max))) along dim 1,
// f16 in f32 and rounded once.
// CHECK-LABEL: func.func @log_softmax_f16
// CHECK-SAME: (%[[X:.+]]: tensor<3x4xf16>)
// CHECK: %[[F:.+]] = prim.convert %[[X]] : tensor<3x4xf16> -> tensor<3x4xf32>
// CHECK: %[[MAX:.+]] = prim.reduce max %[[F]], dims = [1] : tensor<3x4xf32> -> tensor<3xf32>
// CHECK: %[[MK:.+]] = prim.reshape %[[MAX]] : tensor<3xf32> -> tensor<3x1xf32>
// CHECK: %[[MB:.+]] = prim.broadcast_in_dim %[[MK]], dims = [0, 1] : tensor<3x1xf32> -> tensor<3x4xf32>
// CHECK: %[[S:.+]] = prim.sub %[[F]], %[[MB]]
// CHECK: %[[E:.+]] = prim.exp %[[S]]
// CHECK: %[[SUM:.+]] = prim.reduce sum %[[E]], dims = [1] : tensor<3x4xf32> -> tensor<3xf32>
// CHECK: %[[SK:.+]] = prim.reshape %[[SUM]] : tensor<3xf32> -> tensor<3x1xf32>
// CHECK: %[[L:.+]] = prim.log %[[SK]] : tensor<3x1xf32>
// CHECK: %[[LB:.+]] = prim.broadcast_in_dim %[[L]], dims = [0, 1] : tensor<3x1xf32> -> tensor<3x4xf32>
// CHECK: %[[R:.+]] = prim.sub %[[S]], %[[LB]]
// CHECK: %[[Y:.+]] = prim.convert %[[R]] : tensor<3x4xf32> -> tensor<3x4xf16>
// CHECK: return %[[Y]]
func.func @log_softmax_f16(%x: tensor<3x4xf16>) -> tensor<3x4xf16> {
  %0 = aten.call "aten.log_softmax.int"(self: %x) {dim = 1 : i64, dtype = #aten.none} : (tensor<3x4xf16>) -> tensor<3x4xf16>
  return %0 : tensor<3x4xf16>
}

// -----

// _log_softmax(x, dim=-1): the last dim (1 of rank 2).
// CHECK-LABEL: func.func @_log_softmax
// CHECK: prim.reduce max %{{.+}}, dims = [1]
// CHECK: prim.reduce sum %{{.+}}, dims = [1]
// CHECK: prim.log
func.func @_log_softmax(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = aten.call "aten._log_softmax.default"(self: %x) {dim = -1 : i64, half_to_float = false} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// _softmax(x, 0, half_to_float=True): f16 input, f32 result; x converted
// to f32 first, softmax along dim 0.
// CHECK-LABEL: func.func @_softmax_half_to_float
// CHECK-SAME: (%[[X:.+]]: tensor<3x4xf16>)
// CHECK: %[[F:.+]] = prim.convert %[[X]] : tensor<3x4xf16> -> tensor<3x4xf32>
// CHECK: prim.reduce max %[[F]], dims = [0] : tensor<3x4xf32> -> tensor<4xf32>
// CHECK: %[[E:.+]] = prim.exp
// CHECK: prim.reduce sum %[[E]], dims = [0]
// CHECK: %[[Y:.+]] = prim.div %[[E]], %{{.+}} : tensor<3x4xf32>
// CHECK: return %[[Y]]
func.func @_softmax_half_to_float(%x: tensor<3x4xf16>) -> tensor<3x4xf32> {
  %0 = aten.call "aten._softmax.default"(self: %x) {dim = 0 : i64, half_to_float = true} : (tensor<3x4xf16>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// rms_norm of bfloat16 over the last dim (4) with eps None: in float32,
// y = x * rsqrt(sum(x*x) * 1/4 + eps) * w, eps float32's epsilon
// (2^-23), one rounding at the end.
// CHECK-LABEL: func.func @rms_norm
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xbf16>, %[[W:.+]]: tensor<4xbf16>)
// CHECK-DAG: %[[EPS:.+]] = prim.constant dense<1.1920929E-7> : tensor<2x1xf32>
// CHECK-DAG: %[[INV:.+]] = prim.constant dense<2.500000e-01> : tensor<2x1xf32>
// CHECK: %[[X32:.+]] = prim.convert %[[X]] : tensor<2x4xbf16> -> tensor<2x4xf32>
// CHECK: %[[SQ:.+]] = prim.mul %[[X32]], %[[X32]]
// CHECK: %[[S:.+]] = prim.reduce sum %[[SQ]], dims = [1]
// CHECK: %[[SK:.+]] = prim.reshape %[[S]] : tensor<2xf32> -> tensor<2x1xf32>
// CHECK: %[[MS:.+]] = prim.mul %[[SK]], %[[INV]]
// CHECK: %[[A:.+]] = prim.add %[[MS]], %[[EPS]]
// CHECK: %[[R:.+]] = prim.rsqrt %[[A]]
// CHECK: %[[RB:.+]] = prim.broadcast_in_dim %[[R]], dims = [0, 1] : tensor<2x1xf32> -> tensor<2x4xf32>
// CHECK: %[[Y:.+]] = prim.mul %[[X32]], %[[RB]]
// CHECK: %[[W32:.+]] = prim.convert %[[W]] : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[WB:.+]] = prim.broadcast_in_dim %[[W32]], dims = [1]
// CHECK: %[[YW:.+]] = prim.mul %[[Y]], %[[WB]]
// CHECK: %[[OUT:.+]] = prim.convert %[[YW]] : tensor<2x4xf32> -> tensor<2x4xbf16>
// CHECK: return %[[OUT]]
func.func @rms_norm(%x: tensor<2x4xbf16>, %w: tensor<4xbf16>) -> tensor<2x4xbf16> {
  %0 = aten.call "aten.rms_norm.default"(input: %x, weight: %w) {normalized_shape = array<i64: 4>, eps = #aten.none} : (tensor<2x4xbf16>, tensor<4xbf16>) -> tensor<2x4xbf16>
  return %0 : tensor<2x4xbf16>
}

// -----

// native_layer_norm returns y with the mean (sum * 1/4) and rstd
// (rsqrt(var + 1e-5)), the normalized dim kept as size 1.
// CHECK-LABEL: func.func @native_layer_norm
// CHECK: %[[S:.+]] = prim.reduce sum %arg0, dims = [1]
// CHECK: %[[SK:.+]] = prim.reshape %[[S]] : tensor<2xf32> -> tensor<2x1xf32>
// CHECK: %[[MEAN:.+]] = prim.mul %[[SK]], %{{.+}} : tensor<2x1xf32>
// CHECK: %[[RSTD:.+]] = prim.rsqrt %{{.+}} : tensor<2x1xf32>
// CHECK: %[[Y:.+]] = prim.mul %{{.+}}, %{{.+}} : tensor<2x4xf32>
// CHECK: return %[[Y]], %[[MEAN]], %[[RSTD]]
func.func @native_layer_norm(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>) {
  %0:3 = aten.call "aten.native_layer_norm.default"(input: %x) {normalized_shape = array<i64: 4>, weight = #aten.none, bias = #aten.none, eps = 1.000000e-05 : f64} : (tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>
}

// -----

// _weight_norm(v, g, dim=0) = v * (g / ||v||), the 2-norm over every dim
// but 0, kept as [4, 1, 1]; dim=-1 is the norm of all of v (one value).
// CHECK-LABEL: func.func @weight_norm
// CHECK-SAME: (%[[V:.+]]: tensor<4x3x2xf32>, %[[G:.+]]: tensor<4x1x1xf32>, %[[G0:.+]]: tensor<1x1x1xf32>)
// CHECK: %[[SQ:.+]] = prim.mul %[[V]], %[[V]]
// CHECK: %[[S:.+]] = prim.reduce sum %[[SQ]], dims = [1, 2] : tensor<4x3x2xf32> -> tensor<4xf32>
// CHECK: %[[SK:.+]] = prim.reshape %[[S]] : tensor<4xf32> -> tensor<4x1x1xf32>
// CHECK: %[[N:.+]] = prim.sqrt %[[SK]]
// CHECK: %[[F:.+]] = prim.div %[[G]], %[[N]]
// CHECK: %[[FB:.+]] = prim.broadcast_in_dim %[[F]], dims = [0, 1, 2] : tensor<4x1x1xf32> -> tensor<4x3x2xf32>
// CHECK: %[[W:.+]] = prim.mul %[[V]], %[[FB]]
// CHECK: prim.reduce sum %{{.+}}, dims = [0, 1, 2] : tensor<4x3x2xf32> -> tensor<f32>
// CHECK: return %[[W]]
func.func @weight_norm(%v: tensor<4x3x2xf32>, %g: tensor<4x1x1xf32>, %g0: tensor<1x1x1xf32>) -> (tensor<4x3x2xf32>, tensor<4x3x2xf32>) {
  %0 = aten.call "aten._weight_norm.default"(v: %v, g: %g) {dim = 0 : i64} : (tensor<4x3x2xf32>, tensor<4x1x1xf32>) -> tensor<4x3x2xf32>
  %1 = aten.call "aten._weight_norm.default"(v: %v, g: %g0) {dim = -1 : i64} : (tensor<4x3x2xf32>, tensor<1x1x1xf32>) -> tensor<4x3x2xf32>
  return %0, %1 : tensor<4x3x2xf32>, tensor<4x3x2xf32>
}
