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

// -----

// div(x, y, rounding_mode="floor") of f16 as torch's div_floor_floating, in
// f32: m = fmod(x, y); d = (x - m) / y, minus 1 where m != 0 and the signs
// of m and y differ; floor(d) + 1 where d - floor(d) > 0.5; x / y where
// y == 0. x [3, 1] and y [4] broadcast to [3, 4] first.
// CHECK-LABEL: func.func @div_floor_f16
// CHECK-SAME: (%[[X:.+]]: tensor<3x1xf16>, %[[Y:.+]]: tensor<4xf16>)
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<5.000000e-01> : tensor<3x4xf32>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<3x4xf32>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<3x4xf32>
// CHECK: %[[XF:.+]] = prim.convert %[[X]] : tensor<3x1xf16> -> tensor<3x1xf32>
// CHECK: %[[A:.+]] = prim.broadcast_in_dim %[[XF]], dims = [0, 1] : tensor<3x1xf32> -> tensor<3x4xf32>
// CHECK: %[[YF:.+]] = prim.convert %[[Y]] : tensor<4xf16> -> tensor<4xf32>
// CHECK: %[[B:.+]] = prim.broadcast_in_dim %[[YF]], dims = [1] : tensor<4xf32> -> tensor<3x4xf32>
// CHECK: %[[Q:.+]] = prim.div %[[A]], %[[B]]
// CHECK: %[[M:.+]] = prim.rem %[[A]], %[[B]]
// CHECK: %[[AM:.+]] = prim.sub %[[A]], %[[M]]
// CHECK: %[[D:.+]] = prim.div %[[AM]], %[[B]]
// CHECK: %[[NZ:.+]] = prim.compare %[[M]], %[[ZERO]], predicate = ne
// CHECK: %[[MN:.+]] = prim.compare %[[M]], %[[ZERO]], predicate = lt
// CHECK: %[[BN:.+]] = prim.compare %[[B]], %[[ZERO]], predicate = lt
// CHECK: %[[DIFF:.+]] = prim.xor %[[MN]], %[[BN]] : tensor<3x4xi1>
// CHECK: %[[ADJ:.+]] = prim.and %[[NZ]], %[[DIFF]] : tensor<3x4xi1>
// CHECK: %[[D1:.+]] = prim.sub %[[D]], %[[ONE]]
// CHECK: %[[D2:.+]] = prim.select %[[ADJ]], %[[D1]], %[[D]]
// CHECK: %[[F:.+]] = prim.floor %[[D2]]
// CHECK: %[[FR:.+]] = prim.sub %[[D2]], %[[F]]
// CHECK: %[[UP:.+]] = prim.compare %[[FR]], %[[HALF]], predicate = gt
// CHECK: %[[F1:.+]] = prim.add %[[F]], %[[ONE]]
// CHECK: %[[F2:.+]] = prim.select %[[UP]], %[[F1]], %[[F]]
// CHECK: %[[BZ:.+]] = prim.compare %[[B]], %[[ZERO]], predicate = eq
// CHECK: %[[R:.+]] = prim.select %[[BZ]], %[[Q]], %[[F2]]
// CHECK: %[[OUT:.+]] = prim.convert %[[R]] : tensor<3x4xf32> -> tensor<3x4xf16>
// CHECK: return %[[OUT]]
func.func @div_floor_f16(%x: tensor<3x1xf16>, %y: tensor<4xf16>) -> tensor<3x4xf16> {
  %0 = aten.call "aten.div.Tensor_mode"(self: %x, other: %y) {rounding_mode = "floor"} : (tensor<3x1xf16>, tensor<4xf16>) -> tensor<3x4xf16>
  return %0 : tensor<3x4xf16>
}

// -----

// Integer floor division by 3: C's x / 3, minus 1 where x % 3 is nonzero
// and its sign differs from the divisor's (-4 // 3 = -1 - 1 = -2).
// CHECK-LABEL: func.func @div_floor_int
// CHECK-SAME: (%[[X:.+]]: tensor<4xi64>)
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0> : tensor<4xi64>
// CHECK-DAG: %[[THREE:.+]] = prim.constant dense<3> : tensor<4xi64>
// CHECK: %[[Q:.+]] = prim.div %[[X]], %[[THREE]] : tensor<4xi64>
// CHECK: %[[R:.+]] = prim.rem %[[X]], %[[THREE]] : tensor<4xi64>
// CHECK: %[[NZ:.+]] = prim.compare %[[R]], %[[ZERO]], predicate = ne
// CHECK: %[[RN:.+]] = prim.compare %[[R]], %[[ZERO]], predicate = lt
// CHECK: %[[BN:.+]] = prim.compare %[[THREE]], %[[ZERO]], predicate = lt
// CHECK: %[[DIFF:.+]] = prim.xor %[[RN]], %[[BN]]
// CHECK: %[[ADJ:.+]] = prim.and %[[NZ]], %[[DIFF]]
// CHECK: %[[ADJI:.+]] = prim.convert %[[ADJ]] : tensor<4xi1> -> tensor<4xi64>
// CHECK: %[[Y:.+]] = prim.sub %[[Q]], %[[ADJI]] : tensor<4xi64>
// CHECK: return %[[Y]]
func.func @div_floor_int(%x: tensor<4xi64>) -> tensor<4xi64> {
  %0 = aten.call "aten.div.Scalar_mode"(self: %x) {other = 3 : i64, rounding_mode = "floor"} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// div(x, y, rounding_mode="trunc") of bf16: x / y in f32, rounded to bf16
// as torch does, then truncated (x < 0 ? ceil : floor).
// CHECK-LABEL: func.func @div_trunc_bf16
// CHECK-SAME: (%[[X:.+]]: tensor<4xbf16>, %[[Y:.+]]: tensor<4xbf16>)
// CHECK: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK: %[[A:.+]] = prim.convert %[[X]] : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[B:.+]] = prim.convert %[[Y]] : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[Q:.+]] = prim.div %[[A]], %[[B]] : tensor<4xf32>
// CHECK: %[[QR:.+]] = prim.convert %[[Q]] : tensor<4xf32> -> tensor<4xbf16>
// CHECK: %[[QF:.+]] = prim.convert %[[QR]] : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[NEG:.+]] = prim.compare %[[QF]], %[[ZERO]], predicate = lt
// CHECK: %[[C:.+]] = prim.ceil %[[QF]]
// CHECK: %[[F:.+]] = prim.floor %[[QF]]
// CHECK: %[[T:.+]] = prim.select %[[NEG]], %[[C]], %[[F]]
// CHECK: %[[OUT:.+]] = prim.convert %[[T]] : tensor<4xf32> -> tensor<4xbf16>
// CHECK: return %[[OUT]]
func.func @div_trunc_bf16(%x: tensor<4xbf16>, %y: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = aten.call "aten.div.Tensor_mode"(self: %x, other: %y) {rounding_mode = "trunc"} : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// rounding_mode=None is true division; an int scalar divisor is splatted.
// CHECK-LABEL: func.func @div_scalar
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK: %[[FOUR:.+]] = prim.constant dense<4.000000e+00> : tensor<4xf32>
// CHECK: %[[Y:.+]] = prim.div %[[X]], %[[FOUR]] : tensor<4xf32>
// CHECK: %[[Z:.+]] = prim.div %[[X]], %[[FOUR]] : tensor<4xf32>
// CHECK: return %[[Y]], %[[Z]]
func.func @div_scalar(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = aten.call "aten.div.Scalar"(self: %x) {other = 4 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = aten.call "aten.div.Scalar_mode"(self: %x) {other = 4 : i64, rounding_mode = #aten.none} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// add/sub/mul.Scalar: the scalar splatted (and scaled by alpha).
// CHECK-LABEL: func.func @scalar_arith
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[C15:.+]] = prim.constant dense<1.500000e+00> : tensor<4xf32>
// CHECK-DAG: %[[C025:.+]] = prim.constant dense<2.500000e-01> : tensor<4xf32>
// CHECK-DAG: %[[CM3:.+]] = prim.constant dense<-3.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[C2:.+]] = prim.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK: %[[A:.+]] = prim.add %[[X]], %[[C15]]
// CHECK: %[[S2:.+]] = prim.mul %[[C025]], %[[C2]]
// CHECK: %[[S:.+]] = prim.sub %[[X]], %[[S2]]
// CHECK: %[[M:.+]] = prim.mul %[[X]], %[[CM3]]
// CHECK: return %[[A]], %[[S]], %[[M]]
func.func @scalar_arith(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = aten.call "aten.add.Scalar"(self: %x) {alpha = 1 : i64, other = 1.500000e+00 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = aten.call "aten.sub.Scalar"(self: %x) {alpha = 2 : i64, other = 2.500000e-01 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = aten.call "aten.mul.Scalar"(self: %x) {other = -3 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// rsub(x, 1, alpha=2) = 1 - 2 * x
// CHECK-LABEL: func.func @rsub
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[TWO:.+]] = prim.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK: %[[S:.+]] = prim.mul %[[X]], %[[TWO]]
// CHECK: %[[Y:.+]] = prim.sub %[[ONE]], %[[S]]
// CHECK: return %[[Y]]
func.func @rsub(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.rsub.Scalar"(self: %x) {alpha = 2 : i64, other = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// pow(2.0, x): the scalar base splatted; pow(x, y) with y broadcast.
// CHECK-LABEL: func.func @pow_scalar_tensor
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>, %[[E:.+]]: tensor<4xf32>)
// CHECK: %[[TWO:.+]] = prim.constant dense<2.000000e+00> : tensor<2x4xf32>
// CHECK: %[[P:.+]] = prim.pow %[[TWO]], %[[X]] : tensor<2x4xf32>
// CHECK: %[[EB:.+]] = prim.broadcast_in_dim %[[E]], dims = [1] : tensor<4xf32> -> tensor<2x4xf32>
// CHECK: %[[Q:.+]] = prim.pow %[[X]], %[[EB]] : tensor<2x4xf32>
// CHECK: return %[[P]], %[[Q]]
func.func @pow_scalar_tensor(%x: tensor<2x4xf32>, %e: tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = aten.call "aten.pow.Scalar"(exponent: %x) {self = 2.000000e+00 : f64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = aten.call "aten.pow.Tensor_Tensor"(self: %x, exponent: %e) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// fmod(x, 1.5) = C's fmod; f16 converted to f32 and back (explicitly, so the
// operand keeps its own f16 rounding).
// CHECK-LABEL: func.func @fmod_f16
// CHECK-SAME: (%[[X:.+]]: tensor<4xf16>)
// CHECK-DAG: %[[D:.+]] = prim.constant dense<1.500000e+00> : tensor<4xf32>
// CHECK-DAG: %[[XF:.+]] = prim.convert %[[X]] : tensor<4xf16> -> tensor<4xf32>
// CHECK: %[[M:.+]] = prim.rem %[[XF]], %[[D]] : tensor<4xf32>
// CHECK: %[[Y:.+]] = prim.convert %[[M]] : tensor<4xf32> -> tensor<4xf16>
// CHECK: return %[[Y]]
func.func @fmod_f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = aten.call "aten.fmod.Scalar"(self: %x) {other = 1.500000e+00 : f64} : (tensor<4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// remainder(x, 1.5) = m + 1.5 where m = fmod(x, 1.5) is nonzero with a sign
// other than the divisor's, else m (the divisor's sign).
// CHECK-LABEL: func.func @remainder
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[D:.+]] = prim.constant dense<1.500000e+00> : tensor<4xf32>
// CHECK: %[[M:.+]] = prim.rem %[[X]], %[[D]]
// CHECK: %[[NZ:.+]] = prim.compare %[[M]], %[[ZERO]], predicate = ne
// CHECK: %[[MN:.+]] = prim.compare %[[M]], %[[ZERO]], predicate = lt
// CHECK: %[[DN:.+]] = prim.compare %[[D]], %[[ZERO]], predicate = lt
// CHECK: %[[DIFF:.+]] = prim.xor %[[MN]], %[[DN]]
// CHECK: %[[ADJ:.+]] = prim.and %[[NZ]], %[[DIFF]]
// CHECK: %[[MD:.+]] = prim.add %[[M]], %[[D]]
// CHECK: %[[Y:.+]] = prim.select %[[ADJ]], %[[MD]], %[[M]]
// CHECK: return %[[Y]]
func.func @remainder(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.remainder.Scalar"(self: %x) {other = 1.500000e+00 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// maximum/minimum/atan2: one op on the broadcast operands.
// CHECK-LABEL: func.func @max_min_atan2
// CHECK-SAME: (%[[X:.+]]: tensor<3x1xf32>, %[[Y:.+]]: tensor<4xf32>)
// CHECK: %[[XB:.+]] = prim.broadcast_in_dim %[[X]], dims = [0, 1] : tensor<3x1xf32> -> tensor<3x4xf32>
// CHECK: %[[YB:.+]] = prim.broadcast_in_dim %[[Y]], dims = [1] : tensor<4xf32> -> tensor<3x4xf32>
// CHECK: %[[MAX:.+]] = prim.max %[[XB]], %[[YB]]
// CHECK: %[[MIN:.+]] = prim.min
// CHECK: %[[AT:.+]] = prim.atan2
// CHECK: return %[[MAX]], %[[MIN]], %[[AT]]
func.func @max_min_atan2(%x: tensor<3x1xf32>, %y: tensor<4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %0 = aten.call "aten.maximum.default"(self: %x, other: %y) : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %1 = aten.call "aten.minimum.default"(self: %x, other: %y) : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %2 = aten.call "aten.atan2.default"(self: %x, other: %y) : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// atan2 of int tensors: both converted to the float result first.
// CHECK-LABEL: func.func @atan2_int
// CHECK-SAME: (%[[Y:.+]]: tensor<4xi64>, %[[X:.+]]: tensor<4xi64>)
// CHECK: %[[YF:.+]] = prim.convert %[[Y]] : tensor<4xi64> -> tensor<4xf32>
// CHECK: %[[XF:.+]] = prim.convert %[[X]] : tensor<4xi64> -> tensor<4xf32>
// CHECK: %[[A:.+]] = prim.atan2 %[[YF]], %[[XF]] : tensor<4xf32>
// CHECK: return %[[A]]
func.func @atan2_int(%y: tensor<4xi64>, %x: tensor<4xi64>) -> tensor<4xf32> {
  %0 = aten.call "aten.atan2.default"(self: %y, other: %x) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// clamp(x, -0.5, 0.75) = min(max(x, -0.5), 0.75); with max=None only the max.
// CHECK-LABEL: func.func @clamp
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[LO:.+]] = prim.constant dense<-5.000000e-01> : tensor<4xf32>
// CHECK-DAG: %[[HI:.+]] = prim.constant dense<7.500000e-01> : tensor<4xf32>
// CHECK: %[[A:.+]] = prim.max %[[X]], %[[LO]]
// CHECK: %[[B:.+]] = prim.min %[[A]], %[[HI]]
// CHECK: %[[C:.+]] = prim.max %[[X]], %{{.+}}
// CHECK-NOT: prim.min
// CHECK: return %[[B]], %[[C]]
func.func @clamp(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = aten.call "aten.clamp.default"(self: %x) {max = 7.500000e-01 : f64, min = -5.000000e-01 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = aten.call "aten.clamp.default"(self: %x) {max = #aten.none, min = -5.000000e-01 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// clamp.Tensor: bounds broadcast to the result; self [3, 1, 8] too.
// CHECK-LABEL: func.func @clamp_tensor
// CHECK-SAME: (%[[X:.+]]: tensor<3x1x8xf32>, %[[LO:.+]]: tensor<4x8xf32>, %[[HI:.+]]: tensor<4x8xf32>)
// CHECK: %[[XB:.+]] = prim.broadcast_in_dim %[[X]], dims = [0, 1, 2] : tensor<3x1x8xf32> -> tensor<3x4x8xf32>
// CHECK: %[[LB:.+]] = prim.broadcast_in_dim %[[LO]], dims = [1, 2] : tensor<4x8xf32> -> tensor<3x4x8xf32>
// CHECK: %[[HB:.+]] = prim.broadcast_in_dim %[[HI]], dims = [1, 2] : tensor<4x8xf32> -> tensor<3x4x8xf32>
// CHECK: %[[A:.+]] = prim.max %[[XB]], %[[LB]]
// CHECK: %[[B:.+]] = prim.min %[[A]], %[[HB]]
// CHECK: return %[[B]]
func.func @clamp_tensor(%x: tensor<3x1x8xf32>, %lo: tensor<4x8xf32>, %hi: tensor<4x8xf32>) -> tensor<3x4x8xf32> {
  %0 = aten.call "aten.clamp.Tensor"(self: %x, min: %lo, max: %hi) : (tensor<3x1x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<3x4x8xf32>
  return %0 : tensor<3x4x8xf32>
}

// -----

// hardtanh(x) with torch's defaults min_val=-1, max_val=1.
// CHECK-LABEL: func.func @hardtanh_defaults
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[LO:.+]] = prim.constant dense<-1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[HI:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[A:.+]] = prim.max %[[X]], %[[LO]]
// CHECK: %[[B:.+]] = prim.min %[[A]], %[[HI]]
// CHECK: return %[[B]]
func.func @hardtanh_defaults(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.hardtanh.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// where(c, x, y) with an i64 x and an f32 result: c [4, 1] broadcast, x
// converted to f32 and broadcast.
// CHECK-LABEL: func.func @where_self_promote
// CHECK-SAME: (%[[C:.+]]: tensor<4x1xi1>, %[[X:.+]]: tensor<5xi64>, %[[Y:.+]]: tensor<4x5xf32>)
// CHECK: %[[CB:.+]] = prim.broadcast_in_dim %[[C]], dims = [0, 1] : tensor<4x1xi1> -> tensor<4x5xi1>
// CHECK: %[[XF:.+]] = prim.convert %[[X]] : tensor<5xi64> -> tensor<5xf32>
// CHECK: %[[XB:.+]] = prim.broadcast_in_dim %[[XF]], dims = [1] : tensor<5xf32> -> tensor<4x5xf32>
// CHECK: %[[R:.+]] = prim.select %[[CB]], %[[XB]], %[[Y]]
// CHECK: return %[[R]]
func.func @where_self_promote(%c: tensor<4x1xi1>, %x: tensor<5xi64>, %y: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %0 = aten.call "aten.where.self"(condition: %c, self: %x, other: %y) : (tensor<4x1xi1>, tensor<5xi64>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// where(c, x, 0.5) and where(c, -1.0, x): the scalar side splatted.
// CHECK-LABEL: func.func @where_scalars
// CHECK-SAME: (%[[C:.+]]: tensor<4x6xi1>, %[[X:.+]]: tensor<4x6xf32>)
// CHECK-DAG: %[[H:.+]] = prim.constant dense<5.000000e-01> : tensor<4x6xf32>
// CHECK-DAG: %[[M:.+]] = prim.constant dense<-1.000000e+00> : tensor<4x6xf32>
// CHECK: %[[A:.+]] = prim.select %[[C]], %[[X]], %[[H]]
// CHECK: %[[B:.+]] = prim.select %[[C]], %[[M]], %[[X]]
// CHECK: return %[[A]], %[[B]]
func.func @where_scalars(%c: tensor<4x6xi1>, %x: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>) {
  %0 = aten.call "aten.where.ScalarOther"(condition: %c, self: %x) {other = 5.000000e-01 : f64} : (tensor<4x6xi1>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %1 = aten.call "aten.where.ScalarSelf"(condition: %c, other: %x) {self = -1.000000e+00 : f64} : (tensor<4x6xi1>, tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0, %1 : tensor<4x6xf32>, tensor<4x6xf32>
}

// -----

// masked_fill(x, m, -1e4): select(m broadcast, splat, x).
// CHECK-LABEL: func.func @masked_fill_scalar
// CHECK-SAME: (%[[X:.+]]: tensor<4x6xf32>, %[[M:.+]]: tensor<1x6xi1>)
// CHECK: %[[V:.+]] = prim.constant dense<-1.000000e+04> : tensor<4x6xf32>
// CHECK: %[[MB:.+]] = prim.broadcast_in_dim %[[M]], dims = [0, 1] : tensor<1x6xi1> -> tensor<4x6xi1>
// CHECK: %[[R:.+]] = prim.select %[[MB]], %[[V]], %[[X]]
// CHECK: return %[[R]]
func.func @masked_fill_scalar(%x: tensor<4x6xf32>, %m: tensor<1x6xi1>) -> tensor<4x6xf32> {
  %0 = aten.call "aten.masked_fill.Scalar"(self: %x, mask: %m) {value = -1.000000e+04 : f64} : (tensor<4x6xf32>, tensor<1x6xi1>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// masked_fill with a 0-dim tensor value, on a `?` dim: the value and the
// mask are broadcast to x's shape, the `?` size read from x.
// CHECK-LABEL: func.func @masked_fill_tensor_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<?x6xf32>, %[[M:.+]]: tensor<1x6xi1>, %[[V:.+]]: tensor<f32>)
// CHECK: %[[N:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x6xf32>
// CHECK: %[[VB:.+]] = prim.broadcast_in_dim %[[V]], dims = [], dynamic_sizes(%[[N]]) : tensor<f32> -> tensor<?x6xf32>
// CHECK: %[[N2:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x6xf32>
// CHECK: %[[MB:.+]] = prim.broadcast_in_dim %[[M]], dims = [0, 1], dynamic_sizes(%[[N2]]) : tensor<1x6xi1> -> tensor<?x6xi1>
// CHECK: %[[R:.+]] = prim.select %[[MB]], %[[VB]], %[[X]]
// CHECK: return %[[R]]
func.func @masked_fill_tensor_dynamic(%x: tensor<?x6xf32>, %m: tensor<1x6xi1>, %v: tensor<f32>) -> tensor<?x6xf32> {
  %0 = aten.call "aten.masked_fill.Tensor"(self: %x, mask: %m, value: %v) : (tensor<?x6xf32>, tensor<1x6xi1>, tensor<f32>) -> tensor<?x6xf32>
  return %0 : tensor<?x6xf32>
}

// -----

// logical_and/or/xor of floats: x != 0 (convert to i1) on both sides.
// CHECK-LABEL: func.func @logical_f32
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>, %[[Y:.+]]: tensor<4xf32>)
// CHECK: %[[XB:.+]] = prim.convert %[[X]] : tensor<4xf32> -> tensor<4xi1>
// CHECK: %[[YB:.+]] = prim.convert %[[Y]] : tensor<4xf32> -> tensor<4xi1>
// CHECK: %[[A:.+]] = prim.and %[[XB]], %[[YB]] : tensor<4xi1>
// CHECK: %[[O:.+]] = prim.or %{{.+}}, %{{.+}} : tensor<4xi1>
// CHECK: %[[X2:.+]] = prim.xor %{{.+}}, %{{.+}} : tensor<4xi1>
// CHECK: return %[[A]], %[[O]], %[[X2]]
func.func @logical_f32(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = aten.call "aten.logical_and.default"(self: %x, other: %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = aten.call "aten.logical_or.default"(self: %x, other: %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = aten.call "aten.logical_xor.default"(self: %x, other: %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// bitwise ops with a scalar (x & 6, x | 6, x ^ 6) and xor of two tensors.
// CHECK-LABEL: func.func @bitwise_scalar_xor
// CHECK-SAME: (%[[X:.+]]: tensor<4xi32>, %[[Y:.+]]: tensor<4xi32>)
// CHECK: %[[SIX:.+]] = prim.constant dense<6> : tensor<4xi32>
// CHECK: %[[A:.+]] = prim.and %[[X]], %[[SIX]] : tensor<4xi32>
// CHECK: %[[O:.+]] = prim.or %[[X]], %[[SIX]] : tensor<4xi32>
// CHECK: %[[XS:.+]] = prim.xor %[[X]], %[[SIX]] : tensor<4xi32>
// CHECK: %[[XT:.+]] = prim.xor %[[X]], %[[Y]] : tensor<4xi32>
// CHECK: %[[XT2:.+]] = prim.xor %[[X]], %[[Y]] : tensor<4xi32>
// CHECK: return %[[A]], %[[O]], %[[XS]], %[[XT]], %[[XT2]]
func.func @bitwise_scalar_xor(%x: tensor<4xi32>, %y: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = aten.call "aten.bitwise_and.Scalar"(self: %x) {other = 6 : i64} : (tensor<4xi32>) -> tensor<4xi32>
  %1 = aten.call "aten.bitwise_or.Scalar"(self: %x) {other = 6 : i64} : (tensor<4xi32>) -> tensor<4xi32>
  %2 = aten.call "aten.bitwise_xor.Scalar"(self: %x) {other = 6 : i64} : (tensor<4xi32>) -> tensor<4xi32>
  %3 = aten.call "aten.__xor__.Tensor"(self: %x, other: %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %4 = aten.call "aten.bitwise_xor.Tensor"(self: %x, other: %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0, %1, %2, %3, %4 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}
