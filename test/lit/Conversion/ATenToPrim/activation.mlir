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
