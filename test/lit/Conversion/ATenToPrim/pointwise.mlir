// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// hypot(a, b) = m * sqrt(1 + (n / m)^2), m = max(|a|, |b|), n the min: 0
// where m is 0 (not 0/0), inf where either is infinite; b broadcast.
// CHECK-LABEL: func.func @hypot
// CHECK-SAME: (%[[A:.+]]: tensor<2x3xf32>, %[[B:.+]]: tensor<3xf32>)
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[INF:.+]] = prim.constant dense<0x7F800000> : tensor<2x3xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]]
// CHECK: %[[AA:.+]] = prim.abs %[[A]]
// CHECK: %[[AB:.+]] = prim.abs %[[BB]]
// CHECK: %[[M:.+]] = prim.max %[[AA]], %[[AB]]
// CHECK: %[[N:.+]] = prim.min %[[AA]], %[[AB]]
// CHECK: %[[R:.+]] = prim.div %[[N]], %[[M]]
// CHECK: %[[R2:.+]] = prim.mul %[[R]], %[[R]]
// CHECK: %[[S:.+]] = prim.add %[[ONE]], %[[R2]]
// CHECK: %[[Q:.+]] = prim.sqrt %[[S]]
// CHECK: %[[H:.+]] = prim.mul %[[M]], %[[Q]]
// CHECK: %[[MZ:.+]] = prim.compare %[[M]], %[[ZERO]], predicate = eq
// CHECK: %[[H0:.+]] = prim.select %[[MZ]], %[[ZERO]], %[[H]]
// CHECK: %[[IA:.+]] = prim.compare %[[AA]], %[[INF]], predicate = eq
// CHECK: %[[IB:.+]] = prim.compare %[[AB]], %[[INF]], predicate = eq
// CHECK: %[[II:.+]] = prim.or %[[IA]], %[[IB]]
// CHECK: %[[Y:.+]] = prim.select %[[II]], %[[INF]], %[[H0]]
// CHECK: return %[[Y]]
func.func @hypot(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.hypot.default"(self: %a, other: %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// logaddexp(a, b) = max(a, b) + log1p(exp(-|a - b|)), a where a == b is
// infinite; logaddexp2 uses 2^-|a - b| and divides the log1p by ln 2
// (times 1.44269504). bf16 is computed in f32.
// CHECK-LABEL: func.func @logaddexp
// CHECK-SAME: (%[[A:.+]]: tensor<4xbf16>, %[[B:.+]]: tensor<4xbf16>)
// CHECK-DAG: %[[INF:.+]] = prim.constant dense<0x7F800000> : tensor<4xf32>
// CHECK-DAG: %[[TWO:.+]] = prim.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[INVLN2:.+]] = prim.constant dense<1.44269502> : tensor<4xf32>
// CHECK: %[[FA:.+]] = prim.convert %[[A]] : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[FB:.+]] = prim.convert %[[B]] : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[M:.+]] = prim.max %[[FA]], %[[FB]]
// CHECK: %[[D:.+]] = prim.sub %[[FA]], %[[FB]]
// CHECK: %[[AD:.+]] = prim.abs %[[D]]
// CHECK: %[[ND:.+]] = prim.neg %[[AD]]
// CHECK: %[[E:.+]] = prim.exp %[[ND]]
// CHECK: %[[L:.+]] = prim.log1p %[[E]]
// CHECK: %[[EQ:.+]] = prim.compare %[[FA]], %[[FB]], predicate = eq
// CHECK: %[[ABSA:.+]] = prim.abs %[[FA]]
// CHECK: %[[ISINF:.+]] = prim.compare %[[ABSA]], %[[INF]], predicate = eq
// CHECK: %[[SAME:.+]] = prim.and %[[EQ]], %[[ISINF]]
// CHECK: %[[SUM:.+]] = prim.add %[[M]], %[[L]]
// CHECK: %[[R:.+]] = prim.select %[[SAME]], %[[FA]], %[[SUM]]
// CHECK: %[[Y:.+]] = prim.convert %[[R]] : tensor<4xf32> -> tensor<4xbf16>
// CHECK: %[[P:.+]] = prim.pow %[[TWO]], %{{.+}}
// CHECK: %[[L2:.+]] = prim.log1p %[[P]]
// CHECK: prim.mul %[[L2]], %[[INVLN2]]
// CHECK: return %[[Y]]
func.func @logaddexp(%a: tensor<4xbf16>, %b: tensor<4xbf16>) -> (tensor<4xbf16>, tensor<4xbf16>) {
  %0 = aten.call "aten.logaddexp.default"(self: %a, other: %b) : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
  %1 = aten.call "aten.logaddexp2.default"(self: %a, other: %b) : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
  return %0, %1 : tensor<4xbf16>, tensor<4xbf16>
}

// -----

// xlogy(x, y) = x * log(y), 0 where x == 0, y (NaN) where y is NaN; a
// scalar y (Scalar_Other) is splatted.
// CHECK-LABEL: func.func @xlogy
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>, %[[Y:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[THREE:.+]] = prim.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK: %[[XZ:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = eq
// CHECK: %[[L:.+]] = prim.log %[[Y]]
// CHECK: %[[P:.+]] = prim.mul %[[X]], %[[L]]
// CHECK: %[[R:.+]] = prim.select %[[XZ]], %[[ZERO]], %[[P]]
// CHECK: %[[NAN:.+]] = prim.compare %[[Y]], %[[Y]], predicate = ne
// CHECK: %[[R2:.+]] = prim.select %[[NAN]], %[[Y]], %[[R]]
// CHECK: prim.log %[[THREE]]
// CHECK: return %[[R2]]
func.func @xlogy(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = aten.call "aten.xlogy.Tensor"(self: %x, other: %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = aten.call "aten.xlogy.Scalar_Other"(self: %x) {other = 3.000000e+00 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// copysign(a, b) = |a| negated where b < 0 or b is -0.0 (1 / b < 0);
// heaviside(x, v) = v where x == 0, else 1 where x > 0, else 0.
// CHECK-LABEL: func.func @copysign_heaviside
// CHECK-SAME: (%[[A:.+]]: tensor<4xf32>, %[[B:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[MAG:.+]] = prim.abs %[[A]]
// CHECK: %[[LT:.+]] = prim.compare %[[B]], %[[ZERO]], predicate = lt
// CHECK: %[[EQ:.+]] = prim.compare %[[B]], %[[ZERO]], predicate = eq
// CHECK: %[[INV:.+]] = prim.div %[[ONE]], %[[B]]
// CHECK: %[[INVLT:.+]] = prim.compare %[[INV]], %[[ZERO]], predicate = lt
// CHECK: %[[NZ:.+]] = prim.and %[[EQ]], %[[INVLT]]
// CHECK: %[[NEG:.+]] = prim.or %[[LT]], %[[NZ]]
// CHECK: %[[MINUS:.+]] = prim.neg %[[MAG]]
// CHECK: %[[C:.+]] = prim.select %[[NEG]], %[[MINUS]], %[[MAG]]
// CHECK: %[[GT:.+]] = prim.compare %[[A]], %[[ZERO]], predicate = gt
// CHECK: %[[STEP:.+]] = prim.select %[[GT]], %[[ONE]], %[[ZERO]]
// CHECK: %[[AZ:.+]] = prim.compare %[[A]], %[[ZERO]], predicate = eq
// CHECK: %[[H:.+]] = prim.select %[[AZ]], %[[B]], %[[STEP]]
// CHECK: return %[[C]], %[[H]]
func.func @copysign_heaviside(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = aten.call "aten.copysign.Tensor"(self: %a, other: %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = aten.call "aten.heaviside.default"(self: %a, values: %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// fmax(a, b) = b where a is NaN, a where b is NaN, else max (fmin alike):
// a NaN loses to a number.
// CHECK-LABEL: func.func @fmax_fmin
// CHECK-SAME: (%[[A:.+]]: tensor<4xf32>, %[[B:.+]]: tensor<4xf32>)
// CHECK: %[[M:.+]] = prim.max %[[A]], %[[B]]
// CHECK: %[[AN:.+]] = prim.compare %[[A]], %[[A]], predicate = ne
// CHECK: %[[BN:.+]] = prim.compare %[[B]], %[[B]], predicate = ne
// CHECK: %[[R1:.+]] = prim.select %[[BN]], %[[A]], %[[M]]
// CHECK: %[[R:.+]] = prim.select %[[AN]], %[[B]], %[[R1]]
// CHECK: %[[N:.+]] = prim.min %[[A]], %[[B]]
// CHECK: return %[[R]], %{{.+}}
func.func @fmax_fmin(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = aten.call "aten.fmax.default"(self: %a, other: %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = aten.call "aten.fmin.default"(self: %a, other: %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// lerp(a, b, w) = a + w (b - a) where |w| < 0.5, else b - (b - a)(1 - w);
// a scalar weight (lerp.Scalar) is splatted.
// CHECK-LABEL: func.func @lerp
// CHECK-SAME: (%[[A:.+]]: tensor<4xf32>, %[[B:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[W:.+]] = prim.constant dense<7.500000e-01> : tensor<4xf32>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK: %[[D:.+]] = prim.sub %[[B]], %[[A]]
// CHECK: %[[WD:.+]] = prim.mul %[[W]], %[[D]]
// CHECK: %[[LOW:.+]] = prim.add %[[A]], %[[WD]]
// CHECK: %[[OMW:.+]] = prim.sub %[[ONE]], %[[W]]
// CHECK: %[[DW:.+]] = prim.mul %[[D]], %[[OMW]]
// CHECK: %[[HIGH:.+]] = prim.sub %[[B]], %[[DW]]
// CHECK: %[[AW:.+]] = prim.abs %[[W]]
// CHECK: %[[SMALL:.+]] = prim.compare %[[AW]], %[[HALF]], predicate = lt
// CHECK: %[[R:.+]] = prim.select %[[SMALL]], %[[LOW]], %[[HIGH]]
// CHECK: return %[[R]]
func.func @lerp(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.lerp.Scalar"(self: %a, end: %b) {weight = 7.500000e-01 : f64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// addcmul(s, t1, t2, value=2) = s + (2 * t1) * t2; addcdiv with value 1
// is s + t1 / t2 (no multiply by 1).
// CHECK-LABEL: func.func @addc
// CHECK-SAME: (%[[S:.+]]: tensor<4xf32>, %[[T1:.+]]: tensor<4xf32>, %[[T2:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[TWO:.+]] = prim.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK: %[[V:.+]] = prim.mul %[[TWO]], %[[T1]]
// CHECK: %[[P:.+]] = prim.mul %[[V]], %[[T2]]
// CHECK: %[[R:.+]] = prim.add %[[S]], %[[P]]
// CHECK: %[[Q:.+]] = prim.div %[[T1]], %[[T2]]
// CHECK: %[[R2:.+]] = prim.add %[[S]], %[[Q]]
// CHECK: return %[[R]], %[[R2]]
func.func @addc(%s: tensor<4xf32>, %t1: tensor<4xf32>, %t2: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = aten.call "aten.addcmul.default"(self: %s, tensor1: %t1, tensor2: %t2) {value = 2.000000e+00 : f64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = aten.call "aten.addcdiv.default"(self: %s, tensor1: %t1, tensor2: %t2) {value = 1 : i64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// nextafter of float16 in f64: the exponent from the log (corrected by
// one either way), the unit 2^(max(e, -14) - 10), halved toward zero from
// a normal power of two; from 0 the smallest subnormal 2^-24, from an
// infinity the largest finite value 65504; rounded back exactly.
// CHECK-LABEL: func.func @nextafter
// CHECK-DAG: prim.constant dense<6.550400e+04> : tensor<4xf64>
// CHECK-DAG: prim.constant dense<-2.400000e+01> : tensor<4xf64>
// CHECK-DAG: prim.constant dense<-1.400000e+01> : tensor<4xf64>
// CHECK-DAG: prim.constant dense<1.000000e+01> : tensor<4xf64>
// CHECK: %[[X:.*]] = prim.convert %arg0 : tensor<4xf16> -> tensor<4xf64>
// CHECK: prim.log
// CHECK: prim.floor
// CHECK: prim.max
// CHECK: %[[UNIT:.*]] = prim.pow
// CHECK: %[[UP:.*]] = prim.compare %{{.*}}, %[[X]], predicate = gt
// CHECK: prim.add %[[X]]
// CHECK: prim.sub %[[X]]
// CHECK: prim.convert %{{.*}} : tensor<4xf64> -> tensor<4xf16>
func.func @nextafter(%x: tensor<4xf16>, %y: tensor<4xf16>) -> tensor<4xf16> {
  %0 = aten.call "aten.nextafter.default"(self: %x, other: %y) : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
