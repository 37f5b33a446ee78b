// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// log2(x) = ln(x) * (1 / ln 2), 1 / ln 2 = 1.44269504 (rounded to f32).
// CHECK-LABEL: func.func @log2
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>)
// CHECK-DAG: %[[C:.+]] = prim.constant dense<1.44269502> : tensor<2x4xf32>
// CHECK-DAG: %[[L:.+]] = prim.log %[[X]] : tensor<2x4xf32>
// CHECK: %[[Y:.+]] = prim.mul %[[L]], %[[C]] : tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @log2(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.log2.default"(self: %x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// log10 of bf16: computed in f32 (1 / ln 10 = 0.434294482) and rounded once.
// CHECK-LABEL: func.func @log10_bf16
// CHECK-SAME: (%[[X:.+]]: tensor<4xbf16>)
// CHECK-DAG: %[[C:.+]] = prim.constant dense<0.434294492> : tensor<4xf32>
// CHECK-DAG: %[[F:.+]] = prim.convert %[[X]] : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[L:.+]] = prim.log %[[F]] : tensor<4xf32>
// CHECK: %[[M:.+]] = prim.mul %[[L]], %[[C]] : tensor<4xf32>
// CHECK: %[[Y:.+]] = prim.convert %[[M]] : tensor<4xf32> -> tensor<4xbf16>
// CHECK: return %[[Y]]
func.func @log10_bf16(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = aten.call "aten.log10.default"(self: %x) : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// expm1(x) with u = e^x (Kahan): x where u == 1, -1 where u - 1 == -1,
// u - 1 where x > 20 (no cancellation; avoids overflow of (u - 1) * x),
// else (u - 1) * x / ln(u).
// CHECK-LABEL: func.func @expm1
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[M1:.+]] = prim.constant dense<-1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[TWENTY:.+]] = prim.constant dense<2.000000e+01> : tensor<4xf32>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[U:.+]] = prim.exp %[[X]]
// CHECK: %[[UM1:.+]] = prim.sub %[[U]], %[[ONE]]
// CHECK: %[[NUM:.+]] = prim.mul %[[UM1]], %[[X]]
// CHECK: %[[LOG:.+]] = prim.log %[[U]]
// CHECK: %[[K:.+]] = prim.div %[[NUM]], %[[LOG]]
// CHECK: %[[BIG:.+]] = prim.compare %[[X]], %[[TWENTY]], predicate = gt
// CHECK: %[[R1:.+]] = prim.select %[[BIG]], %[[UM1]], %[[K]]
// CHECK: %[[ISM1:.+]] = prim.compare %[[UM1]], %[[M1]], predicate = eq
// CHECK: %[[R2:.+]] = prim.select %[[ISM1]], %[[M1]], %[[R1]]
// CHECK: %[[IS1:.+]] = prim.compare %[[U]], %[[ONE]], predicate = eq
// CHECK: %[[Y:.+]] = prim.select %[[IS1]], %[[X]], %[[R2]]
// CHECK: return %[[Y]]
func.func @expm1(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.expm1.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// asin(x) = atan2(x, sqrt((1 - x) * (1 + x))); the constants of a `?` shape
// are splats sized from x.
// CHECK-LABEL: func.func @asin_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<?x4xf32>)
// CHECK-DAG: %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[N:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x4xf32>
// CHECK: %[[S:.+]] = prim.splat %[[ONE]], dynamic_sizes(%[[N]]) : f32 -> tensor<?x4xf32>
// CHECK: %[[A:.+]] = prim.sub %[[S]], %[[X]]
// CHECK: %[[B:.+]] = prim.add %{{.+}}, %[[X]]
// CHECK: %[[P:.+]] = prim.mul %[[A]], %[[B]]
// CHECK: %[[C:.+]] = prim.sqrt %[[P]]
// CHECK: %[[Y:.+]] = prim.atan2 %[[X]], %[[C]] : tensor<?x4xf32>
// CHECK: return %[[Y]]
func.func @asin_dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = aten.call "aten.asin.default"(self: %x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// acos(x) = atan2(sqrt((1 - x) * (1 + x)), x): the operands of asin swapped.
// CHECK-LABEL: func.func @acos
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK: %[[C:.+]] = prim.sqrt
// CHECK: %[[Y:.+]] = prim.atan2 %[[C]], %[[X]] : tensor<4xf32>
// CHECK: return %[[Y]]
func.func @acos(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.acos.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// atan(x) = atan2(x, 1), f16 in f32.
// CHECK-LABEL: func.func @atan_f16
// CHECK-SAME: (%[[X:.+]]: tensor<4xf16>)
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[F:.+]] = prim.convert %[[X]] : tensor<4xf16> -> tensor<4xf32>
// CHECK: %[[A:.+]] = prim.atan2 %[[F]], %[[ONE]] : tensor<4xf32>
// CHECK: %[[Y:.+]] = prim.convert %[[A]] : tensor<4xf32> -> tensor<4xf16>
// CHECK: return %[[Y]]
func.func @atan_f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = aten.call "aten.atan.default"(self: %x) : (tensor<4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// sinh(x) = sign(x) * (t + t / (t + 1)) / 2 with t = expm1(|x|); beyond
// |x| = 20, e^|x| / 2 as (w / 2) * w with w = e^(|x| / 2).
// CHECK-LABEL: func.func @sinh
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-DAG: %[[TWENTY:.+]] = prim.constant dense<2.000000e+01> : tensor<4xf32>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[A:.+]] = prim.abs %[[X]]
// CHECK: prim.exp %[[A]]
// CHECK: %[[T:.+]] = prim.select %{{.+}}, %[[A]], %{{.+}} : tensor<4xi1>, tensor<4xf32>
// CHECK: %[[T1:.+]] = prim.add %[[T]], %[[ONE]]
// CHECK: %[[Q:.+]] = prim.div %[[T]], %[[T1]]
// CHECK: %[[S:.+]] = prim.add %[[T]], %[[Q]]
// CHECK: %[[H:.+]] = prim.mul %[[S]], %[[HALF]]
// CHECK: %[[BIG:.+]] = prim.compare %[[A]], %[[TWENTY]], predicate = gt
// CHECK: %[[AH:.+]] = prim.mul %[[A]], %[[HALF]]
// CHECK: %[[W:.+]] = prim.exp %[[AH]]
// CHECK: %[[WH:.+]] = prim.mul %[[W]], %[[HALF]]
// CHECK: %[[E:.+]] = prim.mul %[[WH]], %[[W]]
// CHECK: %[[R:.+]] = prim.select %[[BIG]], %[[E]], %[[H]]
// CHECK: %[[NEG:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = lt
// CHECK: %[[MR:.+]] = prim.neg %[[R]]
// CHECK: %[[Y:.+]] = prim.select %[[NEG]], %[[MR]], %[[R]]
// CHECK: return %[[Y]]
func.func @sinh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.sinh.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// cosh(x) = (u + 1 / u) / 2, u = e^|x|; beyond |x| = 20 e^|x| / 2 as for
// sinh.
// CHECK-LABEL: func.func @cosh
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[TWENTY:.+]] = prim.constant dense<2.000000e+01> : tensor<4xf32>
// CHECK: %[[A:.+]] = prim.abs %[[X]]
// CHECK: %[[U:.+]] = prim.exp %[[A]]
// CHECK: %[[R:.+]] = prim.div %[[ONE]], %[[U]]
// CHECK: %[[S:.+]] = prim.add %[[U]], %[[R]]
// CHECK: %[[C:.+]] = prim.mul %[[S]], %[[HALF]]
// CHECK: %[[BIG:.+]] = prim.compare %[[A]], %[[TWENTY]], predicate = gt
// CHECK: %[[W:.+]] = prim.exp
// CHECK: %[[E:.+]] = prim.mul %{{.+}}, %[[W]]
// CHECK: %[[Y:.+]] = prim.select %[[BIG]], %[[E]], %[[C]]
// CHECK: return %[[Y]]
func.func @cosh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.cosh.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// tan(x) = sin(x) / cos(x)
// CHECK-LABEL: func.func @tan
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[S:.+]] = prim.sin %[[X]]
// CHECK-DAG: %[[C:.+]] = prim.cos %[[X]]
// CHECK: %[[Y:.+]] = prim.div %[[S]], %[[C]] : tensor<4xf32>
// CHECK: return %[[Y]]
func.func @tan(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.tan.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// asinh(x) = sign(x) * log1p(a + a^2 / (1 + sqrt(1 + a^2))), a = |x|; beyond
// 2^28 (0x4D800000) log(a) + ln 2.
// CHECK-LABEL: func.func @asinh
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[LN2:.+]] = prim.constant dense<0.693147182> : tensor<4xf32>
// CHECK-DAG: %[[BIG:.+]] = prim.constant dense<0x4D800000> : tensor<4xf32>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[A:.+]] = prim.abs %[[X]]
// CHECK: %[[A2:.+]] = prim.mul %[[A]], %[[A]]
// CHECK: %[[P:.+]] = prim.add %[[ONE]], %[[A2]]
// CHECK: %[[SQ:.+]] = prim.sqrt %[[P]]
// CHECK: %[[D:.+]] = prim.add %[[ONE]], %[[SQ]]
// CHECK: %[[Q:.+]] = prim.div %[[A2]], %[[D]]
// CHECK: %[[IN:.+]] = prim.add %[[A]], %[[Q]]
// CHECK: %[[L:.+]] = prim.log1p %[[IN]]
// CHECK: %[[ISBIG:.+]] = prim.compare %[[A]], %[[BIG]], predicate = gt
// CHECK: %[[LA:.+]] = prim.log %[[A]]
// CHECK: %[[L2:.+]] = prim.add %[[LA]], %[[LN2]]
// CHECK: %[[R:.+]] = prim.select %[[ISBIG]], %[[L2]], %[[L]]
// CHECK: %[[NEG:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = lt
// CHECK: %[[MR:.+]] = prim.neg %[[R]]
// CHECK: %[[Y:.+]] = prim.select %[[NEG]], %[[MR]], %[[R]]
// CHECK: return %[[Y]]
func.func @asinh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.asinh.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// acosh(x) = log1p(t + sqrt(t * (t + 2))), t = x - 1; beyond 2^28
// log(x) + ln 2.
// CHECK-LABEL: func.func @acosh
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[LN2:.+]] = prim.constant dense<0.693147182> : tensor<4xf32>
// CHECK-DAG: %[[BIG:.+]] = prim.constant dense<0x4D800000> : tensor<4xf32>
// CHECK-DAG: %[[TWO:.+]] = prim.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[T:.+]] = prim.sub %[[X]], %[[ONE]]
// CHECK: %[[T2:.+]] = prim.add %[[T]], %[[TWO]]
// CHECK: %[[P:.+]] = prim.mul %[[T]], %[[T2]]
// CHECK: %[[SQ:.+]] = prim.sqrt %[[P]]
// CHECK: %[[IN:.+]] = prim.add %[[T]], %[[SQ]]
// CHECK: %[[L:.+]] = prim.log1p %[[IN]]
// CHECK: %[[ISBIG:.+]] = prim.compare %[[X]], %[[BIG]], predicate = gt
// CHECK: %[[LX:.+]] = prim.log %[[X]]
// CHECK: %[[L2:.+]] = prim.add %[[LX]], %[[LN2]]
// CHECK: %[[Y:.+]] = prim.select %[[ISBIG]], %[[L2]], %[[L]]
// CHECK: return %[[Y]]
func.func @acosh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.acosh.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// atanh(x) = sign(x) * log1p(2a / (1 - a)) / 2, a = |x|.
// CHECK-LABEL: func.func @atanh
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[A:.+]] = prim.abs %[[X]]
// CHECK: %[[A2:.+]] = prim.add %[[A]], %[[A]]
// CHECK: %[[D:.+]] = prim.sub %[[ONE]], %[[A]]
// CHECK: %[[Q:.+]] = prim.div %[[A2]], %[[D]]
// CHECK: %[[L:.+]] = prim.log1p %[[Q]]
// CHECK: %[[R:.+]] = prim.mul %[[L]], %[[HALF]]
// CHECK: %[[NEG:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = lt
// CHECK: %[[MR:.+]] = prim.neg %[[R]]
// CHECK: %[[Y:.+]] = prim.select %[[NEG]], %[[MR]], %[[R]]
// CHECK: return %[[Y]]
func.func @atanh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.atanh.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// erf and log1p of f16: one op, in f32.
// CHECK-LABEL: func.func @erf_log1p_f16
// CHECK-SAME: (%[[X:.+]]: tensor<4xf16>)
// CHECK: %[[F:.+]] = prim.convert %[[X]] : tensor<4xf16> -> tensor<4xf32>
// CHECK: %[[E:.+]] = prim.erf %[[F]] : tensor<4xf32>
// CHECK: %[[Y:.+]] = prim.convert %[[E]] : tensor<4xf32> -> tensor<4xf16>
// CHECK: %[[F2:.+]] = prim.convert %[[X]] : tensor<4xf16> -> tensor<4xf32>
// CHECK: %[[L:.+]] = prim.log1p %[[F2]] : tensor<4xf32>
// CHECK: %[[Z:.+]] = prim.convert %[[L]] : tensor<4xf32> -> tensor<4xf16>
// CHECK: return %[[Y]], %[[Z]]
func.func @erf_log1p_f16(%x: tensor<4xf16>) -> (tensor<4xf16>, tensor<4xf16>) {
  %0 = aten.call "aten.erf.default"(self: %x) : (tensor<4xf16>) -> tensor<4xf16>
  %1 = aten.call "aten.log1p.default"(self: %x) : (tensor<4xf16>) -> tensor<4xf16>
  return %0, %1 : tensor<4xf16>, tensor<4xf16>
}

// -----

// reciprocal of an int tensor: 1 / x in the float result type.
// CHECK-LABEL: func.func @reciprocal_int
// CHECK-SAME: (%[[X:.+]]: tensor<4xi64>)
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[F:.+]] = prim.convert %[[X]] : tensor<4xi64> -> tensor<4xf32>
// CHECK: %[[Y:.+]] = prim.div %[[ONE]], %[[F]] : tensor<4xf32>
// CHECK: return %[[Y]]
func.func @reciprocal_int(%x: tensor<4xi64>) -> tensor<4xf32> {
  %0 = aten.call "aten.reciprocal.default"(self: %x) : (tensor<4xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// floor, ceil, round (half to even: prim.round) are one op each; trunc(x) =
// x < 0 ? ceil(x) : floor(x).
// CHECK-LABEL: func.func @rounding
// CHECK-SAME: (%[[X:.+]]: tensor<4xbf16>)
// CHECK: %[[FL:.+]] = prim.floor %[[X]] : tensor<4xbf16>
// CHECK: %[[CE:.+]] = prim.ceil %[[X]] : tensor<4xbf16>
// CHECK: %[[RO:.+]] = prim.round %[[X]] : tensor<4xbf16>
// CHECK: %[[NEG:.+]] = prim.compare %[[X]], %{{.+}}, predicate = lt : tensor<4xbf16>
// CHECK: %[[C:.+]] = prim.ceil %[[X]]
// CHECK: %[[F:.+]] = prim.floor %[[X]]
// CHECK: %[[TR:.+]] = prim.select %[[NEG]], %[[C]], %[[F]]
// CHECK: return %[[FL]], %[[CE]], %[[RO]], %[[TR]]
func.func @rounding(%x: tensor<4xbf16>) -> (tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>) {
  %0 = aten.call "aten.floor.default"(self: %x) : (tensor<4xbf16>) -> tensor<4xbf16>
  %1 = aten.call "aten.ceil.default"(self: %x) : (tensor<4xbf16>) -> tensor<4xbf16>
  %2 = aten.call "aten.round.default"(self: %x) : (tensor<4xbf16>) -> tensor<4xbf16>
  %3 = aten.call "aten.trunc.default"(self: %x) : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0, %1, %2, %3 : tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>
}

// -----

// Rounding an integer tensor returns it as it is.
// CHECK-LABEL: func.func @trunc_int
// CHECK-SAME: (%[[X:.+]]: tensor<4xi64>)
// CHECK-NEXT: return %[[X]]
func.func @trunc_int(%x: tensor<4xi64>) -> tensor<4xi64> {
  %0 = aten.call "aten.trunc.default"(self: %x) : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// sign(x) = (x > 0) - (x < 0), converted to x's type (0 at 0).
// CHECK-LABEL: func.func @sign_i32
// CHECK-SAME: (%[[X:.+]]: tensor<4xi32>)
// CHECK: %[[ZERO:.+]] = prim.constant dense<0> : tensor<4xi32>
// CHECK: %[[GT:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = gt
// CHECK: %[[P:.+]] = prim.convert %[[GT]] : tensor<4xi1> -> tensor<4xi32>
// CHECK: %[[LT:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = lt
// CHECK: %[[N:.+]] = prim.convert %[[LT]] : tensor<4xi1> -> tensor<4xi32>
// CHECK: %[[Y:.+]] = prim.sub %[[P]], %[[N]] : tensor<4xi32>
// CHECK: return %[[Y]]
func.func @sign_i32(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = aten.call "aten.sign.default"(self: %x) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// isinf(x) = |x| == inf, isnan(x) = x != x.
// CHECK-LABEL: func.func @isinf_isnan
// CHECK-SAME: (%[[X:.+]]: tensor<4xf16>)
// CHECK: %[[INF:.+]] = prim.constant dense<0x7C00> : tensor<4xf16>
// CHECK: %[[A:.+]] = prim.abs %[[X]]
// CHECK: %[[I:.+]] = prim.compare %[[A]], %[[INF]], predicate = eq : tensor<4xf16>
// CHECK: %[[N:.+]] = prim.compare %[[X]], %[[X]], predicate = ne : tensor<4xf16>
// CHECK: return %[[I]], %[[N]]
func.func @isinf_isnan(%x: tensor<4xf16>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = aten.call "aten.isinf.default"(self: %x) : (tensor<4xf16>) -> tensor<4xi1>
  %1 = aten.call "aten.isnan.default"(self: %x) : (tensor<4xf16>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// Integers are never inf.
// CHECK-LABEL: func.func @isinf_int
// CHECK: %[[F:.+]] = prim.constant dense<false> : tensor<4xi1>
// CHECK: return %[[F]]
func.func @isinf_int(%x: tensor<4xi64>) -> tensor<4xi1> {
  %0 = aten.call "aten.isinf.default"(self: %x) : (tensor<4xi64>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// logical_not(x) = x == 0, compared in x's type.
// CHECK-LABEL: func.func @logical_not_f32
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK: %[[Y:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = eq : tensor<4xf32>
// CHECK: return %[[Y]]
func.func @logical_not_f32(%x: tensor<4xf32>) -> tensor<4xi1> {
  %0 = aten.call "aten.logical_not.default"(self: %x) : (tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// bitwise_not(x) = ~x; on bool it is logical not.
// CHECK-LABEL: func.func @bitwise_not
// CHECK-SAME: (%[[X:.+]]: tensor<4xi32>, %[[B:.+]]: tensor<4xi1>)
// CHECK: %[[Y:.+]] = prim.not %[[X]] : tensor<4xi32>
// CHECK: %[[Z:.+]] = prim.not %[[B]] : tensor<4xi1>
// CHECK: return %[[Y]], %[[Z]]
func.func @bitwise_not(%x: tensor<4xi32>, %b: tensor<4xi1>) -> (tensor<4xi32>, tensor<4xi1>) {
  %0 = aten.call "aten.bitwise_not.default"(self: %x) : (tensor<4xi32>) -> tensor<4xi32>
  %1 = aten.call "aten.bitwise_not.default"(self: %b) : (tensor<4xi1>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi32>, tensor<4xi1>
}

// -----

// exp2(x) = pow(2, x) (exact at integers, unlike exp(x ln 2)); frac(x) =
// x - trunc(x); deg2rad multiplies by pi/180 = 0.0174532925, rad2deg by
// 180/pi = 57.2957795.
// CHECK-LABEL: func.func @exp2_frac_degrees
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[TWO:.+]] = prim.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[TORAD:.+]] = prim.constant dense<0.0174532924> : tensor<4xf32>
// CHECK-DAG: %[[TODEG:.+]] = prim.constant dense<57.2957802> : tensor<4xf32>
// CHECK: %[[P:.+]] = prim.pow %[[TWO]], %[[X]] : tensor<4xf32>
// CHECK: %[[C:.+]] = prim.ceil %[[X]]
// CHECK: %[[F:.+]] = prim.floor %[[X]]
// CHECK: %[[T:.+]] = prim.select %{{.+}}, %[[C]], %[[F]]
// CHECK: %[[FR:.+]] = prim.sub %[[X]], %[[T]]
// CHECK: %[[R:.+]] = prim.mul %[[X]], %[[TORAD]]
// CHECK: %[[D:.+]] = prim.mul %[[X]], %[[TODEG]]
// CHECK: return %[[P]], %[[FR]], %[[R]], %[[D]]
func.func @exp2_frac_degrees(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = aten.call "aten.exp2.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = aten.call "aten.frac.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = aten.call "aten.deg2rad.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = aten.call "aten.rad2deg.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// erfc(x) = 1 - erf(x) of f16 in f32; square keeps integers integers.
// CHECK-LABEL: func.func @erfc_square
// CHECK-SAME: (%[[X:.+]]: tensor<4xf16>, %[[I:.+]]: tensor<4xi64>)
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[F:.+]] = prim.convert %[[X]] : tensor<4xf16> -> tensor<4xf32>
// CHECK: %[[E:.+]] = prim.erf %[[F]]
// CHECK: %[[S:.+]] = prim.sub %[[ONE]], %[[E]]
// CHECK: %[[Y:.+]] = prim.convert %[[S]] : tensor<4xf32> -> tensor<4xf16>
// CHECK: %[[SQ:.+]] = prim.mul %[[I]], %[[I]] : tensor<4xi64>
// CHECK: return %[[Y]], %[[SQ]]
func.func @erfc_square(%x: tensor<4xf16>, %i: tensor<4xi64>) -> (tensor<4xf16>, tensor<4xi64>) {
  %0 = aten.call "aten.erfc.default"(self: %x) : (tensor<4xf16>) -> tensor<4xf16>
  %1 = aten.call "aten.square.default"(self: %i) : (tensor<4xi64>) -> tensor<4xi64>
  return %0, %1 : tensor<4xf16>, tensor<4xi64>
}

// -----

// logit(x, eps) = log(z / (1 - z)) with z = x clamped to [eps, 1 - eps];
// without eps x itself.
// CHECK-LABEL: func.func @logit
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[LO:.+]] = prim.constant dense<2.500000e-01> : tensor<4xf32>
// CHECK-DAG: %[[HI:.+]] = prim.constant dense<7.500000e-01> : tensor<4xf32>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[Z0:.+]] = prim.max %[[X]], %[[LO]]
// CHECK: %[[Z:.+]] = prim.min %[[Z0]], %[[HI]]
// CHECK: %[[D:.+]] = prim.sub %[[ONE]], %[[Z]]
// CHECK: %[[Q:.+]] = prim.div %[[Z]], %[[D]]
// CHECK: %[[L:.+]] = prim.log %[[Q]]
// CHECK: %[[D2:.+]] = prim.sub %[[ONE]], %[[X]]
// CHECK: %[[Q2:.+]] = prim.div %[[X]], %[[D2]]
// CHECK: %[[L2:.+]] = prim.log %[[Q2]]
// CHECK: return %[[L]], %[[L2]]
func.func @logit(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = aten.call "aten.logit.default"(self: %x) {eps = 2.500000e-01 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = aten.call "aten.logit.default"(self: %x) {eps = #aten.none} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// isfinite(x) = |x| < inf (false for NaN); isposinf/isneginf compare with
// +-inf; an integer is always finite and never infinite.
// CHECK-LABEL: func.func @finite_tests
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>, %[[I:.+]]: tensor<4xi32>)
// CHECK-DAG: %[[INF:.+]] = prim.constant dense<0x7F800000> : tensor<4xf32>
// CHECK-DAG: %[[NINF:.+]] = prim.constant dense<0xFF800000> : tensor<4xf32>
// CHECK-DAG: %[[TRUE:.+]] = prim.constant dense<true> : tensor<4xi1>
// CHECK-DAG: %[[FALSE:.+]] = prim.constant dense<false> : tensor<4xi1>
// CHECK: %[[A:.+]] = prim.abs %[[X]]
// CHECK: %[[FIN:.+]] = prim.compare %[[A]], %[[INF]], predicate = lt
// CHECK: %[[POS:.+]] = prim.compare %[[X]], %[[INF]], predicate = eq
// CHECK: %[[NEG:.+]] = prim.compare %[[X]], %[[NINF]], predicate = eq
// CHECK: return %[[FIN]], %[[POS]], %[[NEG]], %[[TRUE]], %[[FALSE]]
func.func @finite_tests(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = aten.call "aten.isfinite.default"(self: %x) : (tensor<4xf32>) -> tensor<4xi1>
  %1 = aten.call "aten.isposinf.default"(self: %x) : (tensor<4xf32>) -> tensor<4xi1>
  %2 = aten.call "aten.isneginf.default"(self: %x) : (tensor<4xf32>) -> tensor<4xi1>
  %3 = aten.call "aten.isfinite.default"(self: %i) : (tensor<4xi32>) -> tensor<4xi1>
  %4 = aten.call "aten.isneginf.default"(self: %i) : (tensor<4xi32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// signbit(x) = x < 0, or x == 0 with 1 / x < 0 (-0.0); on integers x < 0.
// CHECK-LABEL: func.func @signbit
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>, %[[I:.+]]: tensor<4xi64>)
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[IZERO:.+]] = prim.constant dense<0> : tensor<4xi64>
// CHECK: %[[Z:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = eq
// CHECK: %[[R:.+]] = prim.div %[[ONE]], %[[X]]
// CHECK: %[[RN:.+]] = prim.compare %[[R]], %[[ZERO]], predicate = lt
// CHECK: %[[NZ:.+]] = prim.and %[[Z]], %[[RN]]
// CHECK: %[[N:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = lt
// CHECK: %[[S:.+]] = prim.or %[[N]], %[[NZ]]
// CHECK: %[[SI:.+]] = prim.compare %[[I]], %[[IZERO]], predicate = lt
// CHECK: return %[[S]], %[[SI]]
func.func @signbit(%x: tensor<4xf32>, %i: tensor<4xi64>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = aten.call "aten.signbit.default"(self: %x) : (tensor<4xf32>) -> tensor<4xi1>
  %1 = aten.call "aten.signbit.default"(self: %i) : (tensor<4xi64>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// nan_to_num(x, nan=0, posinf=None, neginf=-5): NaN -> 0, +inf -> the
// largest f16 (65504), -inf -> -5; computed in f16 itself so that the
// default is f16's largest value, not f32's.
// CHECK-LABEL: func.func @nan_to_num
// CHECK-SAME: (%[[X:.+]]: tensor<4xf16>)
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf16>
// CHECK-DAG: %[[BIG:.+]] = prim.constant dense<6.550400e+04> : tensor<4xf16>
// CHECK-DAG: %[[M5:.+]] = prim.constant dense<-5.000000e+00> : tensor<4xf16>
// CHECK-DAG: %[[INF:.+]] = prim.constant dense<0x7C00> : tensor<4xf16>
// CHECK-DAG: %[[NINF:.+]] = prim.constant dense<0xFC00> : tensor<4xf16>
// CHECK: %[[NAN:.+]] = prim.compare %[[X]], %[[X]], predicate = ne
// CHECK: %[[R1:.+]] = prim.select %[[NAN]], %[[ZERO]], %[[X]]
// CHECK: %[[P:.+]] = prim.compare %[[X]], %[[INF]], predicate = eq
// CHECK: %[[R2:.+]] = prim.select %[[P]], %[[BIG]], %[[R1]]
// CHECK: %[[N:.+]] = prim.compare %[[X]], %[[NINF]], predicate = eq
// CHECK: %[[R3:.+]] = prim.select %[[N]], %[[M5]], %[[R2]]
// CHECK: return %[[R3]]
func.func @nan_to_num(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = aten.call "aten.nan_to_num.default"(self: %x) {nan = 0.000000e+00 : f64, posinf = #aten.none, neginf = -5.000000e+00 : f64} : (tensor<4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
