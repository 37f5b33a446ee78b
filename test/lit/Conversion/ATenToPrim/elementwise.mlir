// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// neg(x) = -x: one elementwise op, same type.
// CHECK-LABEL: func.func @neg
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK: %[[Y:.+]] = prim.neg %[[X]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @neg(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.neg.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// exp(x) = e^x: one elementwise op, same type.
// CHECK-LABEL: func.func @exp
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK: %[[Y:.+]] = prim.exp %[[X]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @exp(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.exp.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// log(x) = ln x: one elementwise op, same type.
// CHECK-LABEL: func.func @log
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK: %[[Y:.+]] = prim.log %[[X]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @log(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.log.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// rsqrt(x) = 1/sqrt(x): one elementwise op, same type.
// CHECK-LABEL: func.func @rsqrt
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK: %[[Y:.+]] = prim.rsqrt %[[X]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @rsqrt(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.rsqrt.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// sqrt(x): one elementwise op, same type.
// CHECK-LABEL: func.func @sqrt
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK: %[[Y:.+]] = prim.sqrt %[[X]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @sqrt(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.sqrt.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// sin(x): one elementwise op, same type.
// CHECK-LABEL: func.func @sin
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK: %[[Y:.+]] = prim.sin %[[X]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @sin(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.sin.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// cos(x): one elementwise op, same type.
// CHECK-LABEL: func.func @cos
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK: %[[Y:.+]] = prim.cos %[[X]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @cos(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.cos.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// abs(x) = |x|: one elementwise op, same type.
// CHECK-LABEL: func.func @abs
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK: %[[Y:.+]] = prim.abs %[[X]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @abs(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.abs.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// tanh(x): one elementwise op, same type.
// CHECK-LABEL: func.func @tanh
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK: %[[Y:.+]] = prim.tanh %[[X]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @tanh(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.tanh.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// sigmoid(x) = 1/(1+e^-x), kept whole as prim.logistic: one elementwise op, same type.
// CHECK-LABEL: func.func @sigmoid
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK: %[[Y:.+]] = prim.logistic %[[X]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @sigmoid(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.sigmoid.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// exp of an int tensor is a float tensor: the input is converted to the
// result type first.
// CHECK-LABEL: func.func @exp_int
// CHECK-SAME: (%[[X:.+]]: tensor<4xi64>)
// CHECK: %[[F:.+]] = prim.convert %[[X]] : tensor<4xi64> -> tensor<4xf32>
// CHECK: %[[Y:.+]] = prim.exp %[[F]] : tensor<4xf32>
// CHECK: return %[[Y]]
func.func @exp_int(%x: tensor<4xi64>) -> tensor<4xf32> {
  %0 = aten.call "aten.exp.default"(self: %x) : (tensor<4xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// add(x, y) = x + y, y [3] broadcast to [2, 3] along the trailing dim.
// CHECK-LABEL: func.func @add
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>, %[[Y:.+]]: tensor<3xf32>)
// CHECK: %[[YB:.+]] = prim.broadcast_in_dim %[[Y]], dims = [1] : tensor<3xf32> -> tensor<2x3xf32>
// CHECK: %[[R:.+]] = prim.add %[[X]], %[[YB]] : tensor<2x3xf32>
// CHECK: return %[[R]]
func.func @add(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.add.Tensor"(self: %x, other: %y) {alpha = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// add with a dynamic batch: y [1, 3] expands to [?, 3], the `?` taken from
// x's dim 0.
// CHECK-LABEL: func.func @add_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<?x3xf32>, %[[Y:.+]]: tensor<1x3xf32>)
// CHECK: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[N:.+]] = tensor.dim %[[X]], %[[C0]] : tensor<?x3xf32>
// CHECK: %[[YB:.+]] = prim.broadcast_in_dim %[[Y]], dims = [0, 1], dynamic_sizes(%[[N]]) : tensor<1x3xf32> -> tensor<?x3xf32>
// CHECK: %[[R:.+]] = prim.add %[[X]], %[[YB]] : tensor<?x3xf32>
// CHECK: return %[[R]]
func.func @add_dynamic(%x: tensor<?x3xf32>, %y: tensor<1x3xf32>) -> tensor<?x3xf32> {
  %0 = aten.call "aten.add.Tensor"(self: %x, other: %y) {alpha = 1 : i64} : (tensor<?x3xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// sub(x, y, alpha=2) = x - 2 * y
// CHECK-LABEL: func.func @sub_alpha
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>, %[[Y:.+]]: tensor<2x3xf32>)
// CHECK: %[[TWO:.+]] = prim.constant dense<2.000000e+00> : tensor<2x3xf32>
// CHECK: %[[SY:.+]] = prim.mul %[[Y]], %[[TWO]] : tensor<2x3xf32>
// CHECK: %[[R:.+]] = prim.sub %[[X]], %[[SY]] : tensor<2x3xf32>
// CHECK: return %[[R]]
func.func @sub_alpha(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.sub.Tensor"(self: %x, other: %y) {alpha = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// sub of an int scalar from an int tensor: x - 1 in i64.
// CHECK-LABEL: func.func @sub_scalar_int
// CHECK-SAME: (%[[X:.+]]: tensor<2x1xi64>)
// CHECK: %[[ONE:.+]] = prim.constant dense<1> : tensor<2x1xi64>
// CHECK: %[[R:.+]] = prim.sub %[[X]], %[[ONE]] : tensor<2x1xi64>
// CHECK: return %[[R]]
func.func @sub_scalar_int(%x: tensor<2x1xi64>) -> tensor<2x1xi64> {
  %0 = aten.call "aten.sub.Tensor"(self: %x) {alpha = 1 : i64, other = 1 : i64} : (tensor<2x1xi64>) -> tensor<2x1xi64>
  return %0 : tensor<2x1xi64>
}

// -----

// mul(x, 0.5): the scalar becomes a constant of the result type.
// CHECK-LABEL: func.func @mul_scalar
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK: %[[HALF:.+]] = prim.constant dense<5.000000e-01> : tensor<2x3xf32>
// CHECK: %[[R:.+]] = prim.mul %[[X]], %[[HALF]] : tensor<2x3xf32>
// CHECK: return %[[R]]
func.func @mul_scalar(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.mul.Tensor"(self: %x) {other = 5.000000e-01 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// div(x int, y float) = float(x) / y: true division in the promoted type,
// y [2, 1] broadcast to [2, 3].
// CHECK-LABEL: func.func @div
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xi64>, %[[Y:.+]]: tensor<2x1xf32>)
// CHECK: %[[XF:.+]] = prim.convert %[[X]] : tensor<2x3xi64> -> tensor<2x3xf32>
// CHECK: %[[YB:.+]] = prim.broadcast_in_dim %[[Y]], dims = [0, 1] : tensor<2x1xf32> -> tensor<2x3xf32>
// CHECK: %[[R:.+]] = prim.div %[[XF]], %[[YB]] : tensor<2x3xf32>
// CHECK: return %[[R]]
func.func @div(%x: tensor<2x3xi64>, %y: tensor<2x1xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.div.Tensor"(self: %x, other: %y) : (tensor<2x3xi64>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// pow(x, 3) = x ** 3 with a constant exponent.
// CHECK-LABEL: func.func @pow
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK: %[[E:.+]] = prim.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK: %[[R:.+]] = prim.pow %[[X]], %[[E]] : tensor<4xf32>
// CHECK: return %[[R]]
func.func @pow(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.pow.Tensor_Scalar"(self: %x) {exponent = 3.000000e+00 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// pow(x, 2) = x * x
// CHECK-LABEL: func.func @pow_square
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-NOT: prim.pow
// CHECK: %[[R:.+]] = prim.mul %[[X]], %[[X]] : tensor<4xf32>
// CHECK: return %[[R]]
func.func @pow_square(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.pow.Tensor_Scalar"(self: %x) {exponent = 2 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// pow(x, 0.5) = sqrt(x)
// CHECK-LABEL: func.func @pow_half
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-NOT: prim.pow
// CHECK: %[[R:.+]] = prim.sqrt %[[X]] : tensor<4xf32>
// CHECK: return %[[R]]
func.func @pow_half(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.pow.Tensor_Scalar"(self: %x) {exponent = 5.000000e-01 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// a & b on bool: logical and; the 0-d operand is broadcast to [1, 4] (dims = []).
// CHECK-LABEL: func.func @and_op
// CHECK-SAME: (%[[A:.+]]: tensor<i1>, %[[B:.+]]: tensor<1x4xi1>)
// CHECK: %[[AB:.+]] = prim.broadcast_in_dim %[[A]], dims = [] : tensor<i1> -> tensor<1x4xi1>
// CHECK: %[[R:.+]] = prim.and %[[AB]], %[[B]] : tensor<1x4xi1>
// CHECK: return %[[R]]
func.func @and_op(%a: tensor<i1>, %b: tensor<1x4xi1>) -> tensor<1x4xi1> {
  %0 = aten.call "aten.__and__.Tensor"(self: %a, other: %b) : (tensor<i1>, tensor<1x4xi1>) -> tensor<1x4xi1>
  return %0 : tensor<1x4xi1>
}

// -----

// a | b on bool: logical or; the 0-d operand is broadcast to [1, 4] (dims = []).
// CHECK-LABEL: func.func @or_op
// CHECK-SAME: (%[[A:.+]]: tensor<i1>, %[[B:.+]]: tensor<1x4xi1>)
// CHECK: %[[AB:.+]] = prim.broadcast_in_dim %[[A]], dims = [] : tensor<i1> -> tensor<1x4xi1>
// CHECK: %[[R:.+]] = prim.or %[[AB]], %[[B]] : tensor<1x4xi1>
// CHECK: return %[[R]]
func.func @or_op(%a: tensor<i1>, %b: tensor<1x4xi1>) -> tensor<1x4xi1> {
  %0 = aten.call "aten.__or__.Tensor"(self: %a, other: %b) : (tensor<i1>, tensor<1x4xi1>) -> tensor<1x4xi1>
  return %0 : tensor<1x4xi1>
}

// -----

// bitwise_and(a, b) = a & b on i64
// CHECK-LABEL: func.func @bitwise_and
// CHECK-SAME: (%[[A:.+]]: tensor<4xi64>, %[[B:.+]]: tensor<4xi64>)
// CHECK: %[[R:.+]] = prim.and %[[A]], %[[B]] : tensor<4xi64>
// CHECK: return %[[R]]
func.func @bitwise_and(%a: tensor<4xi64>, %b: tensor<4xi64>) -> tensor<4xi64> {
  %0 = aten.call "aten.bitwise_and.Tensor"(self: %a, other: %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// bitwise_or(a, b) = a | b on i64
// CHECK-LABEL: func.func @bitwise_or
// CHECK-SAME: (%[[A:.+]]: tensor<4xi64>, %[[B:.+]]: tensor<4xi64>)
// CHECK: %[[R:.+]] = prim.or %[[A]], %[[B]] : tensor<4xi64>
// CHECK: return %[[R]]
func.func @bitwise_or(%a: tensor<4xi64>, %b: tensor<4xi64>) -> tensor<4xi64> {
  %0 = aten.call "aten.bitwise_or.Tensor"(self: %a, other: %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}
