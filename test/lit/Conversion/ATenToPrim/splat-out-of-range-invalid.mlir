// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics

// A number that an integer tensor cannot hold is refused at the node, as
// torch refuses it ("value cannot be converted to type int64_t without
// overflow"), instead of being converted to the integer (undefined
// behaviour). Found by pt2c-fuzz-compile (2026-11-27, 6,219 executions
// in; UndefinedBehaviorSanitizer: "1e+30 is outside the range of
// representable values of type 'long'" in PrimBuilder::splat): the op
// corpus's add_scalar-f32 with its input, output and every tensor made
// int64 and the scalar `other` edited to 1e30.

func.func @other(%x: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{the number 1.000000e+30 does not fit the 'i64' elements of 'tensor<4xi64>'}}
  %0 = aten.call "aten.add.Scalar"(self: %x) {alpha = 1 : i64, other = 1.000000e+30 : f64} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// The first value past int32's range, as an alpha.
func.func @alpha(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{the number 2.147484e+09 does not fit the 'i32' elements of 'tensor<4xi32>'}}
  %0 = aten.call "aten.add.Tensor"(self: %x, other: %y) {alpha = 2147483648.0 : f64} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Infinity has no integer value either.
func.func @infinite(%x: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{the number INF does not fit the 'i64' elements of 'tensor<4xi64>'}}
  %0 = aten.call "aten.mul.Scalar"(self: %x) {other = 0x7FF0000000000000 : f64} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// int32's lowest value does fit, and still builds.
func.func @fits(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = aten.call "aten.add.Scalar"(self: %x) {alpha = 1 : i64, other = -2147483648.0 : f64} : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// A number compared with a tensor of an element type prims do not take
// (uint16) is refused at the node; prim.constant's builder aborted the
// compiler ("LLVM ERROR: Failed to infer result type(s)"). Found by
// pt2c-fuzz-compile (2026-11-27, 24,480 executions into run 11): the
// compare corpus's eq_scalar-f32 with its input's dtype edited to 28
// (torch's UINT16).
func.func @uint16(%x: tensor<3x5xui16>) -> tensor<3x5xi1> {
  // expected-error @+1 {{cannot make a constant of 'tensor<3x5xui16>': its element type is not one prims take}}
  %0 = aten.call "aten.eq.Scalar"(self: %x) {other = 1 : i64} : (tensor<3x5xui16>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}
