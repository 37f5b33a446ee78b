// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s
// Bessel J/Y/K, Airy Ai, spherical j0 (Bessel.cpp), erfcx, log_ndtr, ndtri
// (NormalDistribution.cpp) and the Chebyshev polynomials
// (ChebyshevPolynomials.cpp): f64 series and closed forms, one rounding at
// the end. Their values against eager, on both sides of every switch between
// a series and its expansion, are checked by ctest's `op-corpus: special`
// (and the OpInfo samples by `opinfo:`).

// J1 is odd (negated below 0) and NaN at +-inf, as torch's float kernel.
// CHECK-LABEL: func.func @j1
// CHECK-DAG: %[[NAN:.+]] = prim.constant dense<0x7FF8000000000000> : tensor<4xf64>
// CHECK-DAG: %[[INF:.+]] = prim.constant dense<0x7FF0000000000000> : tensor<4xf64>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf64>
// CHECK-DAG: %[[LIMIT:.+]] = prim.constant dense<1.200000e+01> : tensor<4xf64>
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<4xf32> -> tensor<4xf64>
// CHECK: %[[A:.+]] = prim.abs %[[X]]
// CHECK: %[[FAR:.+]] = prim.compare %[[A]], %[[LIMIT]], predicate = gt
// CHECK: prim.cos
// CHECK: prim.sin
// CHECK: %[[M:.+]] = prim.select %[[FAR]]
// CHECK: %[[BELOW:.+]] = prim.compare %[[X]], %[[ZERO]], predicate = lt
// CHECK: %[[FLIP:.+]] = prim.neg %[[M]]
// CHECK: %[[S:.+]] = prim.select %[[BELOW]], %[[FLIP]], %[[M]]
// CHECK: %[[ATINF:.+]] = prim.compare %[[A]], %[[INF]], predicate = eq
// CHECK: %[[R:.+]] = prim.select %[[ATINF]], %[[NAN]], %[[S]]
// CHECK: prim.convert %[[R]] : tensor<4xf64> -> tensor<4xf32>
func.func @j1(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.special_bessel_j1.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Y0 of int64: -inf at 0; NaN below 0, at inf and at NaN.
// CHECK-LABEL: func.func @y0_int
// CHECK-DAG: %[[NAN:.+]] = prim.constant dense<0x7FF8000000000000> : tensor<3xf64>
// CHECK-DAG: %[[NEGINF:.+]] = prim.constant dense<0xFFF0000000000000> : tensor<3xf64>
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<3xi64> -> tensor<3xf64>
// CHECK: prim.log
// CHECK: %[[ATZERO:.+]] = prim.compare %[[X]], %{{.+}}, predicate = eq
// CHECK: prim.select %[[ATZERO]], %[[NEGINF]], %{{.+}}
// CHECK: %[[NEG:.+]] = prim.compare %[[X]], %{{.+}}, predicate = lt
// CHECK: %[[ATINF:.+]] = prim.compare %[[X]], %{{.+}}, predicate = eq
// CHECK: %[[BAD:.+]] = prim.or %[[NEG]], %[[ATINF]]
// CHECK: %[[ISNAN:.+]] = prim.compare %[[X]], %[[X]], predicate = ne
// CHECK: %[[INVALID:.+]] = prim.or %[[BAD]], %[[ISNAN]]
// CHECK: %[[R:.+]] = prim.select %[[INVALID]], %[[NAN]], %{{.+}}
// CHECK: prim.convert %[[R]] : tensor<3xf64> -> tensor<3xf32>
func.func @y0_int(%x: tensor<3xi64>) -> tensor<3xf32> {
  %0 = aten.call "aten.special_bessel_y0.default"(self: %x) : (tensor<3xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Scaled K0: the series side times e^x, the asymptotic side without e^-x;
// 0 at inf, inf at 0.
// CHECK-LABEL: func.func @k0e
// CHECK-DAG: %[[INF:.+]] = prim.constant dense<0x7FF0000000000000> : tensor<4xf64>
// CHECK-DAG: %[[LIMIT:.+]] = prim.constant dense<9.000000e+00> : tensor<4xf64>
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<4xf32> -> tensor<4xf64>
// CHECK: %[[LOW:.+]] = prim.compare %[[X]], %[[LIMIT]], predicate = le
// CHECK: %[[XS:.+]] = prim.select %[[LOW]]
// CHECK: prim.exp %[[XS]]
// CHECK-NOT: prim.neg
// CHECK: prim.select %[[LOW]]
// CHECK: prim.compare %[[X]], %[[INF]], predicate = eq
// CHECK: prim.select %{{.+}}, %[[INF]], %{{.+}}
func.func @k0e(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.special_scaled_modified_bessel_k0.default"(x: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Airy Ai takes its operand as `x`; NaN at +-inf.
// CHECK-LABEL: func.func @airy
// CHECK-DAG: %[[NAN:.+]] = prim.constant dense<0x7FF8000000000000> : tensor<2xf64>
// CHECK: prim.convert %arg0 : tensor<2xf32> -> tensor<2xf64>
// CHECK: prim.exp
// CHECK: prim.sin
// CHECK: %[[R:.+]] = prim.select %{{.+}}, %[[NAN]], %{{.+}}
// CHECK-NEXT: prim.convert %[[R]] : tensor<2xf64> -> tensor<2xf32>
func.func @airy(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = aten.call "aten.special_airy_ai.default"(x: %x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// ndtri of float16: -inf at 0, inf at 1, NaN outside [0, 1]; one rounding
// to float16 at the end.
// CHECK-LABEL: func.func @ndtri
// CHECK-DAG: %[[NAN:.+]] = prim.constant dense<0x7FF8000000000000> : tensor<4xf64>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4xf64>
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<4xf64>
// CHECK: %[[P:.+]] = prim.convert %arg0 : tensor<4xf16> -> tensor<4xf64>
// CHECK: prim.erf
// CHECK: %[[AT0:.+]] = prim.compare %[[P]], %[[ZERO]], predicate = eq
// CHECK: prim.select %[[AT0]]
// CHECK: %[[AT1:.+]] = prim.compare %[[P]], %[[ONE]], predicate = eq
// CHECK: %[[ENDS:.+]] = prim.select %[[AT1]]
// CHECK: %[[GE:.+]] = prim.compare %[[P]], %[[ZERO]], predicate = ge
// CHECK: %[[LE:.+]] = prim.compare %[[P]], %[[ONE]], predicate = le
// CHECK: %[[VALID:.+]] = prim.and %[[GE]], %[[LE]]
// CHECK: %[[R:.+]] = prim.select %[[VALID]], %[[ENDS]], %[[NAN]]
// CHECK: prim.convert %[[R]] : tensor<4xf64> -> tensor<4xf16>
func.func @ndtri(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = aten.call "aten.special_ndtri.default"(self: %x) : (tensor<4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// erfcx and log_ndtr: both tails through the continued fraction.
// CHECK-LABEL: func.func @tails
// CHECK: prim.erf
// CHECK: prim.exp
// CHECK: prim.log1p
// CHECK: return
func.func @tails(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = aten.call "aten.special_erfcx.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = aten.call "aten.special_log_ndtr.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// T_n(x): x and an int64 n broadcast together in f64, n truncated toward
// 0 as torch's cast to int64 (-0.5 is degree 0: floor of n clamped at 0),
// 0 for n <= -1 or NaN.
// CHECK-LABEL: func.func @chebyshev_t
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<2x3xf64>
// CHECK-DAG: %[[MINUS1:.+]] = prim.constant dense<-1.000000e+00> : tensor<2x3xf64>
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<2x3xf32> -> tensor<2x3xf64>
// CHECK: %[[NW:.+]] = prim.convert %arg1 : tensor<3xi64> -> tensor<3xf64>
// CHECK: %[[N:.+]] = prim.broadcast_in_dim %[[NW]]
// CHECK: %[[LE:.+]] = prim.compare %[[N]], %[[MINUS1]], predicate = le
// CHECK: %[[NAN:.+]] = prim.compare %[[N]], %[[N]], predicate = ne
// CHECK: %[[NEGN:.+]] = prim.or %[[LE]], %[[NAN]]
// CHECK: %[[BELOW:.+]] = prim.compare %[[N]], %[[ZERO]], predicate = lt
// CHECK: %[[CLAMPED:.+]] = prim.select %[[BELOW]], %[[ZERO]], %[[N]]
// CHECK: prim.floor %[[CLAMPED]]
// CHECK: prim.atan2
// CHECK: prim.cos
// CHECK: %[[R:.+]] = prim.select %[[NEGN]], %[[ZERO]], %{{.+}}
// CHECK: prim.convert %[[R]] : tensor<2x3xf64> -> tensor<2x3xf32>
func.func @chebyshev_t(%x: tensor<2x3xf32>, %n: tensor<3xi64>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.special_chebyshev_polynomial_t.default"(x: %x, n: %n) : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// The shifted W with a number n: the polynomial of 2x - 1.
// CHECK-LABEL: func.func @shifted_w_scalar
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[FOUR:.+]] = prim.constant dense<4.000000e+00> : tensor<3xf64>
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<3xf32> -> tensor<3xf64>
// CHECK: %[[TWICE:.+]] = prim.add %[[X]], %[[X]]
// CHECK: prim.sub %[[TWICE]], %[[ONE]]
// CHECK: prim.floor
// CHECK: prim.sin
// CHECK: return
func.func @shifted_w_scalar(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = aten.call "aten.special_shifted_chebyshev_polynomial_w.n_scalar"(x: %x) {n = 4 : i64} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
