// One negative case per labelled constraint of the elementwise prim ops
// (include/pt2c/Dialect/Prim/PrimElementwiseOps.td), named after the label. max and
// min accept every prim element type, so their C2 cannot fail.
// RUN: %pt2c-opt %s -split-input-file -verify-diagnostics

func.func @exp_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{C1: operand element type 'i32' is not a float type}}
  %0 = prim.exp %x : tensor<4xi32>
  return
}

// -----

func.func @log_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{C1: operand element type 'i32' is not a float type}}
  %0 = prim.log %x : tensor<4xi32>
  return
}

// -----

func.func @log1p_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{C1: operand element type 'i32' is not a float type}}
  %0 = prim.log1p %x : tensor<4xi32>
  return
}

// -----

func.func @tanh_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{C1: operand element type 'i32' is not a float type}}
  %0 = prim.tanh %x : tensor<4xi32>
  return
}

// -----

func.func @erf_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{C1: operand element type 'i32' is not a float type}}
  %0 = prim.erf %x : tensor<4xi32>
  return
}

// -----

func.func @rsqrt_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{C1: operand element type 'i32' is not a float type}}
  %0 = prim.rsqrt %x : tensor<4xi32>
  return
}

// -----

func.func @sqrt_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{C1: operand element type 'i32' is not a float type}}
  %0 = prim.sqrt %x : tensor<4xi32>
  return
}

// -----

func.func @sin_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{C1: operand element type 'i32' is not a float type}}
  %0 = prim.sin %x : tensor<4xi32>
  return
}

// -----

func.func @cos_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{C1: operand element type 'i32' is not a float type}}
  %0 = prim.cos %x : tensor<4xi32>
  return
}

// -----

func.func @logistic_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{C1: operand element type 'i32' is not a float type}}
  %0 = prim.logistic %x : tensor<4xi32>
  return
}

// -----

func.func @floor_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{C1: operand element type 'i32' is not a float type}}
  %0 = prim.floor %x : tensor<4xi32>
  return
}

// -----

func.func @ceil_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{C1: operand element type 'i32' is not a float type}}
  %0 = prim.ceil %x : tensor<4xi32>
  return
}

// -----

func.func @round_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{C1: operand element type 'i32' is not a float type}}
  %0 = prim.round %x : tensor<4xi32>
  return
}

// -----

func.func @neg_c1(%x: tensor<4xi1>) {
  // expected-error @+1 {{C1: operand element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.neg %x : tensor<4xi1>
  return
}

// -----

func.func @abs_c1(%x: tensor<4xi1>) {
  // expected-error @+1 {{C1: operand element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.abs %x : tensor<4xi1>
  return
}

// -----

func.func @not_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{C1: operand element type 'f32' is not an integer type}}
  %0 = prim.not %x : tensor<4xf32>
  return
}

// -----

func.func @exp_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.exp %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @log_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.log %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @log1p_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.log1p %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @tanh_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.tanh %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @erf_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.erf %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @rsqrt_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.rsqrt %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @sqrt_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.sqrt %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @sin_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.sin %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @cos_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.cos %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @logistic_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.logistic %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @floor_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.floor %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @ceil_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.ceil %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @round_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.round %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @neg_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.neg %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @abs_c2(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xf16>' is not the inferred type 'tensor<4x?xf32>'}}
  %0 = prim.abs %x : tensor<4x?xf32>, tensor<4x?xf16>
  return
}

// -----

func.func @not_c2(%x: tensor<4x?xi32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x?xi64>' is not the inferred type 'tensor<4x?xi32>'}}
  %0 = prim.not %x : tensor<4x?xi32>, tensor<4x?xi64>
  return
}

// -----

func.func @add_c1(%x: tensor<4xf32>, %y: tensor<?xf32>) {
  // expected-error @+1 {{C1: lhs type 'tensor<4xf32>' and rhs type 'tensor<?xf32>' differ}}
  %0 = prim.add %x, %y : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>
  return
}

// -----

func.func @add_c2(%x: tensor<4xi1>) {
  // expected-error @+1 {{C2: operand element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.add %x, %x : tensor<4xi1>
  return
}

// -----

func.func @add_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xf64>' is not the inferred type 'tensor<4xf32>'}}
  %0 = prim.add %x, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf64>
  return
}

// -----

func.func @sub_c1(%x: tensor<4xf32>, %y: tensor<?xf32>) {
  // expected-error @+1 {{C1: lhs type 'tensor<4xf32>' and rhs type 'tensor<?xf32>' differ}}
  %0 = prim.sub %x, %y : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>
  return
}

// -----

func.func @sub_c2(%x: tensor<4xi1>) {
  // expected-error @+1 {{C2: operand element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.sub %x, %x : tensor<4xi1>
  return
}

// -----

func.func @sub_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xf64>' is not the inferred type 'tensor<4xf32>'}}
  %0 = prim.sub %x, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf64>
  return
}

// -----

func.func @mul_c1(%x: tensor<4xf32>, %y: tensor<?xf32>) {
  // expected-error @+1 {{C1: lhs type 'tensor<4xf32>' and rhs type 'tensor<?xf32>' differ}}
  %0 = prim.mul %x, %y : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>
  return
}

// -----

func.func @mul_c2(%x: tensor<4xi1>) {
  // expected-error @+1 {{C2: operand element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.mul %x, %x : tensor<4xi1>
  return
}

// -----

func.func @mul_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xf64>' is not the inferred type 'tensor<4xf32>'}}
  %0 = prim.mul %x, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf64>
  return
}

// -----

func.func @div_c1(%x: tensor<4xf32>, %y: tensor<?xf32>) {
  // expected-error @+1 {{C1: lhs type 'tensor<4xf32>' and rhs type 'tensor<?xf32>' differ}}
  %0 = prim.div %x, %y : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>
  return
}

// -----

func.func @div_c2(%x: tensor<4xi1>) {
  // expected-error @+1 {{C2: operand element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.div %x, %x : tensor<4xi1>
  return
}

// -----

func.func @div_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xf64>' is not the inferred type 'tensor<4xf32>'}}
  %0 = prim.div %x, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf64>
  return
}

// -----

func.func @rem_c1(%x: tensor<4xf32>, %y: tensor<?xf32>) {
  // expected-error @+1 {{C1: lhs type 'tensor<4xf32>' and rhs type 'tensor<?xf32>' differ}}
  %0 = prim.rem %x, %y : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>
  return
}

// -----

func.func @rem_c2(%x: tensor<4xi1>) {
  // expected-error @+1 {{C2: operand element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.rem %x, %x : tensor<4xi1>
  return
}

// -----

func.func @rem_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xf64>' is not the inferred type 'tensor<4xf32>'}}
  %0 = prim.rem %x, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf64>
  return
}

// -----

func.func @pow_c1(%x: tensor<4xf32>, %y: tensor<?xf32>) {
  // expected-error @+1 {{C1: lhs type 'tensor<4xf32>' and rhs type 'tensor<?xf32>' differ}}
  %0 = prim.pow %x, %y : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>
  return
}

// -----

func.func @pow_c2(%x: tensor<4xi1>) {
  // expected-error @+1 {{C2: operand element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.pow %x, %x : tensor<4xi1>
  return
}

// -----

func.func @pow_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xf64>' is not the inferred type 'tensor<4xf32>'}}
  %0 = prim.pow %x, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf64>
  return
}

// -----

func.func @max_c1(%x: tensor<4xf32>, %y: tensor<?xf32>) {
  // expected-error @+1 {{C1: lhs type 'tensor<4xf32>' and rhs type 'tensor<?xf32>' differ}}
  %0 = prim.max %x, %y : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>
  return
}

// -----

func.func @max_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xf64>' is not the inferred type 'tensor<4xf32>'}}
  %0 = prim.max %x, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf64>
  return
}

// -----

func.func @min_c1(%x: tensor<4xf32>, %y: tensor<?xf32>) {
  // expected-error @+1 {{C1: lhs type 'tensor<4xf32>' and rhs type 'tensor<?xf32>' differ}}
  %0 = prim.min %x, %y : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>
  return
}

// -----

func.func @min_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xf64>' is not the inferred type 'tensor<4xf32>'}}
  %0 = prim.min %x, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf64>
  return
}

// -----

func.func @and_c1(%x: tensor<4xi32>, %y: tensor<?xi32>) {
  // expected-error @+1 {{C1: lhs type 'tensor<4xi32>' and rhs type 'tensor<?xi32>' differ}}
  %0 = prim.and %x, %y : tensor<4xi32>, tensor<?xi32>, tensor<4xi32>
  return
}

// -----

func.func @and_c2(%x: tensor<4xbf16>) {
  // expected-error @+1 {{C2: operand element type 'bf16' is not an integer type}}
  %0 = prim.and %x, %x : tensor<4xbf16>
  return
}

// -----

func.func @and_c3(%x: tensor<4xi32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xi64>' is not the inferred type 'tensor<4xi32>'}}
  %0 = prim.and %x, %x : tensor<4xi32>, tensor<4xi32>, tensor<4xi64>
  return
}

// -----

func.func @or_c1(%x: tensor<4xi32>, %y: tensor<?xi32>) {
  // expected-error @+1 {{C1: lhs type 'tensor<4xi32>' and rhs type 'tensor<?xi32>' differ}}
  %0 = prim.or %x, %y : tensor<4xi32>, tensor<?xi32>, tensor<4xi32>
  return
}

// -----

func.func @or_c2(%x: tensor<4xbf16>) {
  // expected-error @+1 {{C2: operand element type 'bf16' is not an integer type}}
  %0 = prim.or %x, %x : tensor<4xbf16>
  return
}

// -----

func.func @or_c3(%x: tensor<4xi32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xi64>' is not the inferred type 'tensor<4xi32>'}}
  %0 = prim.or %x, %x : tensor<4xi32>, tensor<4xi32>, tensor<4xi64>
  return
}

// -----

func.func @xor_c1(%x: tensor<4xi32>, %y: tensor<?xi32>) {
  // expected-error @+1 {{C1: lhs type 'tensor<4xi32>' and rhs type 'tensor<?xi32>' differ}}
  %0 = prim.xor %x, %y : tensor<4xi32>, tensor<?xi32>, tensor<4xi32>
  return
}

// -----

func.func @xor_c2(%x: tensor<4xbf16>) {
  // expected-error @+1 {{C2: operand element type 'bf16' is not an integer type}}
  %0 = prim.xor %x, %x : tensor<4xbf16>
  return
}

// -----

func.func @xor_c3(%x: tensor<4xi32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xi64>' is not the inferred type 'tensor<4xi32>'}}
  %0 = prim.xor %x, %x : tensor<4xi32>, tensor<4xi32>, tensor<4xi64>
  return
}

// -----

func.func @atan2_c1(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{C1: lhs type 'tensor<4xf32>' and rhs type 'tensor<4xf16>' differ}}
  %0 = prim.atan2 %x, %y : tensor<4xf32>, tensor<4xf16>, tensor<4xf32>
  return
}

// -----

func.func @atan2_c2(%x: tensor<4xi32>) {
  // expected-error @+1 {{C2: operand element type 'i32' is not a float type}}
  %0 = prim.atan2 %x, %x : tensor<4xi32>
  return
}

// -----

func.func @atan2_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xf16>' is not the inferred type 'tensor<4xf32>'}}
  %0 = prim.atan2 %x, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf16>
  return
}

// -----

func.func @compare_c1(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{C1: lhs type 'tensor<4xf32>' and rhs type 'tensor<4xf16>' differ}}
  %0 = prim.compare %x, %y, predicate = eq : tensor<4xf32>, tensor<4xf16>
  return
}

// -----

func.func @compare_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4xf32>' is not the inferred type 'tensor<4xi1>'}}
  %0 = "prim.compare"(%x, %x) <{predicate = #prim<compare_predicate lt>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @select_c1(%p: tensor<4xi1>, %x: tensor<4xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{C1: on_true type 'tensor<4xf32>' and on_false type 'tensor<4xi32>' differ}}
  %0 = prim.select %p, %x, %y : tensor<4xi1>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>
  return
}

// -----

func.func @select_c2(%p: tensor<4xi8>, %x: tensor<4xf32>) {
  // expected-error @+1 {{C2: pred type 'tensor<4xi8>' is not an i1 tensor of shape [4]}}
  %0 = prim.select %p, %x, %x : tensor<4xi8>, tensor<4xf32>
  return
}

// -----

func.func @select_c2_shape(%p: tensor<?xi1>, %x: tensor<4xf32>) {
  // expected-error @+1 {{C2: pred type 'tensor<?xi1>' is not an i1 tensor of shape [4]}}
  %0 = prim.select %p, %x, %x : tensor<?xi1>, tensor<4xf32>
  return
}

// -----

func.func @select_c3(%p: tensor<4xi1>, %x: tensor<4xf32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xf16>' is not the inferred type 'tensor<4xf32>'}}
  %0 = prim.select %p, %x, %x : tensor<4xi1>, tensor<4xf32>, tensor<4xf32>, tensor<4xf16>
  return
}

// -----

func.func @convert_c1(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C1: operand shape [4, ?] and result shape [4, 4] differ}}
  %0 = prim.convert %x : tensor<4x?xf32> -> tensor<4x4xi32>
  return
}

// -----

func.func @bitcast_convert_c1(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{C1: operand shape [4, ?] and result shape [4, 4] differ}}
  %0 = prim.bitcast_convert %x : tensor<4x?xf32> -> tensor<4x4xi32>
  return
}

// -----

func.func @bitcast_convert_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{C2: element types 'f32' and 'i64' are not of one width}}
  %0 = prim.bitcast_convert %x : tensor<4xf32> -> tensor<4xi64>
  return
}

// -----

func.func @bitcast_convert_c2_bool(%x: tensor<4xi1>) {
  // expected-error @+1 {{C2: element types 'i1' and 'i1' are not of one width}}
  %0 = prim.bitcast_convert %x : tensor<4xi1> -> tensor<4xi1>
  return
}
