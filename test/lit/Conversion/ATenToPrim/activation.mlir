// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// relu(x) = max(x, 0)
// CHECK-LABEL: func.func @relu
// CHECK-SAME: (%[[X:.+]]: tensor<4x8xf32>)
// CHECK: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4x8xf32>
// CHECK: %[[Y:.+]] = prim.max %[[X]], %[[ZERO]] : tensor<4x8xf32>
// CHECK: return %[[Y]]
func.func @relu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = aten.call "aten.relu.default"(self: %x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// relu with a dynamic batch: the zero is a splat sized by the input's `?` dim.
// CHECK-LABEL: func.func @relu_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<?x8xf32>)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[ZS:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[N:.+]] = tensor.dim %[[X]], %[[C0]] : tensor<?x8xf32>
// CHECK: %[[ZERO:.+]] = prim.splat %[[ZS]], dynamic_sizes(%[[N]]) : f32 -> tensor<?x8xf32>
// CHECK: %[[Y:.+]] = prim.max %[[X]], %[[ZERO]] : tensor<?x8xf32>
// CHECK: return %[[Y]]
func.func @relu_dynamic(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = aten.call "aten.relu.default"(self: %x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// gelu(x) = (x * 0.5) * (1 + erf(x * 1/sqrt(2)))   (approximate = "none")
// CHECK-LABEL: func.func @gelu
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<2x4xf32>
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<5.000000e-01> : tensor<2x4xf32>
// CHECK-DAG: %[[RSQRT2:.+]] = prim.constant dense<0.707106769> : tensor<2x4xf32>
// CHECK: %[[S:.+]] = prim.mul %[[X]], %[[RSQRT2]] : tensor<2x4xf32>
// CHECK: %[[E:.+]] = prim.erf %[[S]] : tensor<2x4xf32>
// CHECK: %[[XH:.+]] = prim.mul %[[X]], %[[HALF]] : tensor<2x4xf32>
// CHECK: %[[E1:.+]] = prim.add %[[E]], %[[ONE]] : tensor<2x4xf32>
// CHECK: %[[Y:.+]] = prim.mul %[[XH]], %[[E1]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @gelu(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.gelu.default"(self: %x) {approximate = "none"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// gelu(x) = (x * 0.5) * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3)))   (approximate = "tanh")
// CHECK-LABEL: func.func @gelu_tanh
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<2x4xf32>
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<5.000000e-01> : tensor<2x4xf32>
// CHECK-DAG: %[[K:.+]] = prim.constant dense<0.797884583> : tensor<2x4xf32>
// CHECK-DAG: %[[A:.+]] = prim.constant dense<4.471500e-02> : tensor<2x4xf32>
// CHECK: %[[X2:.+]] = prim.mul %[[X]], %[[X]] : tensor<2x4xf32>
// CHECK: %[[X3:.+]] = prim.mul %[[X]], %[[X2]] : tensor<2x4xf32>
// CHECK: %[[AX3:.+]] = prim.mul %[[X3]], %[[A]] : tensor<2x4xf32>
// CHECK: %[[IN:.+]] = prim.add %[[X]], %[[AX3]] : tensor<2x4xf32>
// CHECK: %[[KIN:.+]] = prim.mul %[[IN]], %[[K]] : tensor<2x4xf32>
// CHECK: %[[T:.+]] = prim.tanh %[[KIN]] : tensor<2x4xf32>
// CHECK: %[[XH:.+]] = prim.mul %[[X]], %[[HALF]] : tensor<2x4xf32>
// CHECK: %[[T1:.+]] = prim.add %[[T]], %[[ONE]] : tensor<2x4xf32>
// CHECK: %[[Y:.+]] = prim.mul %[[XH]], %[[T1]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @gelu_tanh(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.gelu.default"(self: %x) {approximate = "tanh"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// silu(x) = x * sigmoid(x), the sigmoid kept whole as prim.logistic.
// CHECK-LABEL: func.func @silu
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK: %[[S:.+]] = prim.logistic %[[X]] : tensor<2x4xf32>
// CHECK: %[[Y:.+]] = prim.mul %[[X]], %[[S]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @silu(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.silu.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// hardsigmoid(x) = min(max(x + 3, 0), 6) * (1/6)
// CHECK-LABEL: func.func @hardsigmoid
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK-DAG: %[[SIXTH:.+]] = prim.constant dense<0.166666672> : tensor<2x4xf32>
// CHECK-DAG: %[[SIX:.+]] = prim.constant dense<6.000000e+00> : tensor<2x4xf32>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<2x4xf32>
// CHECK-DAG: %[[THREE:.+]] = prim.constant dense<3.000000e+00> : tensor<2x4xf32>
// CHECK: %[[SH:.+]] = prim.add %[[X]], %[[THREE]] : tensor<2x4xf32>
// CHECK: %[[LO:.+]] = prim.max %[[SH]], %[[ZERO]] : tensor<2x4xf32>
// CHECK: %[[HI:.+]] = prim.min %[[LO]], %[[SIX]] : tensor<2x4xf32>
// CHECK: %[[Y:.+]] = prim.mul %[[HI]], %[[SIXTH]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @hardsigmoid(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.hardsigmoid.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// hardswish(x) = x * hardsigmoid(x) = x * (min(max(x + 3, 0), 6) * (1/6))
// CHECK-LABEL: func.func @hardswish
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK-DAG: %[[SIXTH:.+]] = prim.constant dense<0.166666672> : tensor<2x4xf32>
// CHECK-DAG: %[[SIX:.+]] = prim.constant dense<6.000000e+00> : tensor<2x4xf32>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<2x4xf32>
// CHECK-DAG: %[[THREE:.+]] = prim.constant dense<3.000000e+00> : tensor<2x4xf32>
// CHECK: %[[SH:.+]] = prim.add %[[X]], %[[THREE]] : tensor<2x4xf32>
// CHECK: %[[LO:.+]] = prim.max %[[SH]], %[[ZERO]] : tensor<2x4xf32>
// CHECK: %[[HI:.+]] = prim.min %[[LO]], %[[SIX]] : tensor<2x4xf32>
// CHECK: %[[HS:.+]] = prim.mul %[[HI]], %[[SIXTH]] : tensor<2x4xf32>
// CHECK: %[[Y:.+]] = prim.mul %[[X]], %[[HS]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @hardswish(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.hardswish.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// leaky_relu(x, 0.1) = x > 0 ? x : x * 0.1
// CHECK-LABEL: func.func @leaky_relu
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK-DAG: %[[SLOPE:.+]] = prim.constant dense<1.000000e-01> : tensor<2x4xf32>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<2x4xf32>
// CHECK: %[[POS:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = gt : tensor<2x4xf32>
// CHECK: %[[SC:.+]] = prim.mul %[[X]], %[[SLOPE]] : tensor<2x4xf32>
// CHECK: %[[Y:.+]] = prim.select %[[POS]], %[[X]], %[[SC]] : tensor<2x4xi1>, tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @leaky_relu(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.leaky_relu.default"(self: %x) {negative_slope = 1.000000e-01 : f64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// relu6(x) = min(max(x, 0), 6)
// CHECK-LABEL: func.func @relu6
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[SIX:.+]] = prim.constant dense<6.000000e+00> : tensor<4xf32>
// CHECK: %[[A:.+]] = prim.max %[[X]], %[[ZERO]]
// CHECK: %[[B:.+]] = prim.min %[[A]], %[[SIX]]
// CHECK: return %[[B]]
func.func @relu6(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.relu6.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// elu(x, alpha=1.5, scale=2, input_scale=0.5) =
//   x > 0 ? 2 * x : (1.5 * 2 = 3) * expm1(0.5 * x)
// CHECK-LABEL: func.func @elu
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[TWO:.+]] = prim.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[THREE:.+]] = prim.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK: %[[S:.+]] = prim.mul %[[X]], %[[HALF]]
// CHECK: prim.exp %[[S]]
// CHECK: %[[E:.+]] = prim.select %{{.+}}, %[[S]], %{{.+}} : tensor<4xi1>, tensor<4xf32>
// CHECK: %[[NEG:.+]] = prim.mul %[[E]], %[[THREE]]
// CHECK: %[[POS:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = gt
// CHECK: %[[LIN:.+]] = prim.mul %[[X]], %[[TWO]]
// CHECK: %[[Y:.+]] = prim.select %[[POS]], %[[LIN]], %[[NEG]]
// CHECK: return %[[Y]]
func.func @elu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.elu.default"(self: %x) {alpha = 1.500000e+00 : f64, input_scale = 5.000000e-01 : f64, scale = 2 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// softplus(x, beta=2, threshold=3) = 2x > 3 ? x : log1p(exp(2x)) / 2, for
// bf16 in f32.
// CHECK-LABEL: func.func @softplus_bf16
// CHECK-SAME: (%[[X:.+]]: tensor<4xbf16>)
// CHECK-DAG: %[[THREE:.+]] = prim.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[TWO:.+]] = prim.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK: %[[F:.+]] = prim.convert %[[X]] : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[S:.+]] = prim.mul %[[F]], %[[TWO]]
// CHECK: %[[E:.+]] = prim.exp %[[S]]
// CHECK: %[[L:.+]] = prim.log1p %[[E]]
// CHECK: %[[D:.+]] = prim.div %[[L]], %[[TWO]]
// CHECK: %[[BIG:.+]] = prim.compare %[[S]], %[[THREE]], predicate = gt
// CHECK: %[[R:.+]] = prim.select %[[BIG]], %[[F]], %[[D]]
// CHECK: %[[Y:.+]] = prim.convert %[[R]] : tensor<4xf32> -> tensor<4xbf16>
// CHECK: return %[[Y]]
func.func @softplus_bf16(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = aten.call "aten.softplus.default"(self: %x) {beta = 2 : i64, threshold = 3 : i64} : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// mish(x) = x * tanh(log1p(exp(x)))
// CHECK-LABEL: func.func @mish
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK: %[[E:.+]] = prim.exp %[[X]]
// CHECK: %[[L:.+]] = prim.log1p %[[E]]
// CHECK: %[[T:.+]] = prim.tanh %[[L]]
// CHECK: %[[Y:.+]] = prim.mul %[[X]], %[[T]]
// CHECK: return %[[Y]]
func.func @mish(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.mish.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// celu(x, alpha=2) = elu with input_scale 1/alpha: x > 0 ? x : 2 * expm1(x / 2);
// selu = 1.0507 * (x > 0 ? x : 1.6733 * expm1(x)).
// CHECK-LABEL: func.func @celu_selu
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-DAG: %[[TWO:.+]] = prim.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[SA:.+]] = prim.constant dense<1.75809932> : tensor<4xf32>
// CHECK-DAG: %[[SCALE:.+]] = prim.constant dense<1.05070102> : tensor<4xf32>
// CHECK: %[[XS:.+]] = prim.mul %[[X]], %[[HALF]]
// CHECK: prim.exp %[[XS]]
// CHECK: %[[NEG:.+]] = prim.mul %{{.+}}, %[[TWO]]
// CHECK: prim.select %{{.+}}, %{{.+}}, %[[NEG]]
// CHECK: %[[SNEG:.+]] = prim.mul %{{.+}}, %[[SA]]
// CHECK: %[[SPOS:.+]] = prim.mul %[[X]], %[[SCALE]]
// CHECK: prim.select %{{.+}}, %[[SPOS]], %[[SNEG]]
func.func @celu_selu(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = aten.call "aten.celu.default"(self: %x) {alpha = 2.000000e+00 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = aten.call "aten.selu.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// log_sigmoid(x) = min(x, 0) - log1p(exp(-|x|)).
// CHECK-LABEL: func.func @log_sigmoid
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK: %[[A:.+]] = prim.abs %[[X]]
// CHECK: %[[N:.+]] = prim.neg %[[A]]
// CHECK: %[[E:.+]] = prim.exp %[[N]]
// CHECK: %[[L:.+]] = prim.log1p %[[E]]
// CHECK: %[[M:.+]] = prim.min %[[X]], %[[ZERO]]
// CHECK: %[[R:.+]] = prim.sub %[[M]], %[[L]]
// CHECK: return %[[R]]
func.func @log_sigmoid(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.log_sigmoid.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// threshold(x, 1, 20) = x <= 1 ? 20 : x, on integers too; hardshrink(x,
// 0.5) = 0 on [-0.5, 0.5], else x; softshrink(x, 0.5) = x - 0.5 above,
// x + 0.5 below, x * 0 between (NaN stays NaN, as torch's kernel).
// CHECK-LABEL: func.func @shrink
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>, %[[I:.+]]: tensor<4xi64>)
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1> : tensor<4xi64>
// CHECK-DAG: %[[TWENTY:.+]] = prim.constant dense<20> : tensor<4xi64>
// CHECK-DAG: %[[L:.+]] = prim.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-DAG: %[[ML:.+]] = prim.constant dense<-5.000000e-01> : tensor<4xf32>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK: %[[LE:.+]] = prim.compare %[[I]], %[[ONE]], predicate = le
// CHECK: %[[T:.+]] = prim.select %[[LE]], %[[TWENTY]], %[[I]]
// CHECK: %[[GE:.+]] = prim.compare %[[X]], %[[ML]], predicate = ge
// CHECK: %[[LE2:.+]] = prim.compare %[[X]], %[[L]], predicate = le
// CHECK: %[[IN:.+]] = prim.and %[[GE]], %[[LE2]]
// CHECK: %[[H:.+]] = prim.select %[[IN]], %[[ZERO]], %[[X]]
// CHECK: %[[ABOVE:.+]] = prim.compare %[[X]], %[[L]], predicate = gt
// CHECK: %[[BELOW:.+]] = prim.compare %[[X]], %[[ML]], predicate = lt
// CHECK: %[[DOWN:.+]] = prim.sub %[[X]], %[[L]]
// CHECK: %[[UP:.+]] = prim.add %[[X]], %[[L]]
// CHECK: %[[Z:.+]] = prim.mul %[[X]], %[[ZERO]]
// CHECK: %[[S1:.+]] = prim.select %[[BELOW]], %[[UP]], %[[Z]]
// CHECK: %[[S:.+]] = prim.select %[[ABOVE]], %[[DOWN]], %[[S1]]
// CHECK: return %[[T]], %[[H]], %[[S]]
func.func @shrink(%x: tensor<4xf32>, %i: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xf32>, tensor<4xf32>) {
  %0 = aten.call "aten.threshold.default"(self: %i) {threshold = 1 : i64, value = 20 : i64} : (tensor<4xi64>) -> tensor<4xi64>
  %1 = aten.call "aten.hardshrink.default"(self: %x) {lambd = 5.000000e-01 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = aten.call "aten.softshrink.default"(self: %x) {lambd = 5.000000e-01 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xi64>, tensor<4xf32>, tensor<4xf32>
}

// -----

// prelu(x, w [C]) = x > 0 ? x : w * x with w along dim 1 (the channels);
// a single weight [1] is one value for all.
// CHECK-LABEL: func.func @prelu
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x5xf32>, %[[W:.+]]: tensor<3xf32>, %[[W1:.+]]: tensor<1xf32>)
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<2x3x5xf32>
// CHECK: %[[WB:.+]] = prim.broadcast_in_dim %[[W]], dims = [1] : tensor<3xf32> -> tensor<2x3x5xf32>
// CHECK: %[[POS:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = gt
// CHECK: %[[S:.+]] = prim.mul %[[WB]], %[[X]]
// CHECK: %[[R:.+]] = prim.select %[[POS]], %[[X]], %[[S]]
// CHECK: %[[W0:.+]] = prim.reshape %[[W1]] : tensor<1xf32> -> tensor<f32>
// CHECK: prim.broadcast_in_dim %[[W0]], dims = [] : tensor<f32> -> tensor<2x3x5xf32>
// CHECK: return %[[R]]
func.func @prelu(%x: tensor<2x3x5xf32>, %w: tensor<3xf32>, %w1: tensor<1xf32>) -> (tensor<2x3x5xf32>, tensor<2x3x5xf32>) {
  %0 = aten.call "aten.prelu.default"(self: %x, weight: %w) : (tensor<2x3x5xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  %1 = aten.call "aten._prelu_kernel.default"(self: %x, weight: %w1) : (tensor<2x3x5xf32>, tensor<1xf32>) -> tensor<2x3x5xf32>
  return %0, %1 : tensor<2x3x5xf32>, tensor<2x3x5xf32>
}

// -----

// glu(x, dim=1) = x[:, :3] * logistic(x[:, 3:]).
// CHECK-LABEL: func.func @glu
// CHECK-SAME: (%[[X:.+]]: tensor<2x6xf32>)
// CHECK: %[[A:.+]] = prim.slice %[[X]] [0:2, 0:3] : tensor<2x6xf32> -> tensor<2x3xf32>
// CHECK: %[[B:.+]] = prim.slice %[[X]] [0:2, 3:6] : tensor<2x6xf32> -> tensor<2x3xf32>
// CHECK: %[[S:.+]] = prim.logistic %[[B]]
// CHECK: %[[R:.+]] = prim.mul %[[A]], %[[S]]
// CHECK: return %[[R]]
func.func @glu(%x: tensor<2x6xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.glu.default"(self: %x) {dim = 1 : i64} : (tensor<2x6xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
