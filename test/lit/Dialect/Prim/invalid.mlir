// One negative case per labelled constraint of the non-elementwise prim ops
// (include/pt2c/Dialect/Prim/Prim{Shape,Compute}Ops.td), named after the label;
// a suffix tells apart two cases of one label. Elementwise ops: invalid-elementwise.mlir.
// RUN: %pt2c-opt %s -split-input-file -verify-diagnostics

func.func @constant_c1() {
  // expected-error @+1 {{C1: value dense<1.000000e+00> : vector<2xf32> is not a static tensor of a prim element type}}
  %0 = prim.constant dense<1.0> : vector<2xf32>
  return
}

// -----

func.func @constant_c2() {
  // expected-error @+1 {{C2: result type 'tensor<2xf16>' is not the inferred type 'tensor<2xf32>'}}
  %0 = "prim.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<2xf16>
  return
}

// -----

func.func @splat_c1(%s: f16) {
  // expected-error @+1 {{C1: scalar type 'f16' is not the result element type 'f32'}}
  %0 = prim.splat %s : f16 -> tensor<4xf32>
  return
}

// -----

func.func @splat_c2(%s: f32, %n: index) {
  // expected-error @+1 {{C2: 1 dynamic size(s) for 2 '?' dim(s) in result type 'tensor<?x?xf32>'}}
  %0 = prim.splat %s, dynamic_sizes(%n) : f32 -> tensor<?x?xf32>
  return
}

// -----

func.func @iota_c1() {
  // expected-error @+1 {{C1: dimension 2 is out of range [0, 2)}}
  %0 = prim.iota dim = 2 : tensor<4x4xi64>
  return
}

// -----

func.func @iota_c2() {
  // expected-error @+1 {{C2: result element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.iota dim = 0 : tensor<4xi1>
  return
}

// -----

func.func @iota_c3() {
  // expected-error @+1 {{C3: 0 dynamic size(s) for 1 '?' dim(s) in result type 'tensor<?xi64>'}}
  %0 = prim.iota dim = 0 : tensor<?xi64>
  return
}

// -----

func.func @broadcast_in_dim_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{C1: broadcast_dimensions [0, 1] has 2 entries for operand rank 1}}
  %0 = prim.broadcast_in_dim %x, dims = [0, 1] : tensor<4xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @broadcast_in_dim_c2(%x: tensor<4x4xf32>) {
  // expected-error @+1 {{C2: broadcast_dimensions [1, 0] must be strictly increasing within [0, 2)}}
  %0 = prim.broadcast_in_dim %x, dims = [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @broadcast_in_dim_c2_range(%x: tensor<4xf32>) {
  // expected-error @+1 {{C2: broadcast_dimensions [2] must be strictly increasing within [0, 2)}}
  %0 = prim.broadcast_in_dim %x, dims = [2] : tensor<4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @broadcast_in_dim_c3(%x: tensor<3xf32>) {
  // expected-error @+1 {{C3: operand dim 0 of size 3 cannot broadcast to result dim 1 of size 4}}
  %0 = prim.broadcast_in_dim %x, dims = [1] : tensor<3xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @broadcast_in_dim_c4(%x: tensor<4xf32>) {
  // expected-error @+1 {{C4: operand element type 'f32' and result element type 'f16' differ}}
  %0 = prim.broadcast_in_dim %x, dims = [1] : tensor<4xf32> -> tensor<2x4xf16>
  return
}

// -----

func.func @broadcast_in_dim_c5(%x: tensor<4xf32>, %n: index) {
  // expected-error @+1 {{C5: 1 dynamic size(s) for 0 '?' dim(s) in result type 'tensor<2x4xf32>'}}
  %0 = prim.broadcast_in_dim %x, dims = [1], dynamic_sizes(%n) : tensor<4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @reshape_c1(%x: tensor<8xf32>) {
  // expected-error @+1 {{C1: operand element type 'f32' and result element type 'i32' differ}}
  %0 = prim.reshape %x : tensor<8xf32> -> tensor<2x4xi32>
  return
}

// -----

func.func @reshape_c2(%x: tensor<8xf32>) {
  // expected-error @+1 {{C2: cannot reshape 'tensor<8xf32>' with 8 elements to 'tensor<3x3xf32>'}}
  %0 = prim.reshape %x : tensor<8xf32> -> tensor<3x3xf32>
  return
}

// -----

// A result shape whose element count overflows int64 (a shape from a
// hostile archive: pt2c-fuzz-compile) is an error, not an overflow.
func.func @reshape_c2_overflow(%y: tensor<20x20xf32>) {
  // expected-error @+1 {{C2: cannot reshape 'tensor<20x20xf32>' to 'tensor<4611686018427387903x20xf32>': the element count overflows int64}}
  %0 = prim.reshape %y : tensor<20x20xf32> -> tensor<4611686018427387903x20xf32>
  return
}

// -----

func.func @reshape_c2_dynamic(%x: tensor<8xf32>, %n: index) {
  // expected-error @+1 {{C2: cannot reshape 'tensor<8xf32>' with 8 elements to 'tensor<?x3xf32>'}}
  %0 = prim.reshape %x, dynamic_sizes(%n) : tensor<8xf32> -> tensor<?x3xf32>
  return
}

// -----

func.func @reshape_c3(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{C3: 0 dynamic size(s) for 1 '?' dim(s) in result type 'tensor<?xf32>'}}
  %0 = prim.reshape %x : tensor<?x4xf32> -> tensor<?xf32>
  return
}

// -----

func.func @transpose_c1(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C1: permutation [0, 0] is not a permutation of [0, 2)}}
  %0 = prim.transpose %x, permutation = [0, 0] : tensor<4x8xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @transpose_c2(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<4x8xf32>' is not the inferred type 'tensor<8x4xf32>'}}
  %0 = prim.transpose %x, permutation = [1, 0] : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @slice_c1(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C1: start_indices, limit_indices and strides have 1, 1 and 1 entries for operand rank 2}}
  %0 = prim.slice %x [0:4] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @slice_c2(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C2: stride 0 of dim 1 is not at least 1}}
  %0 = prim.slice %x [0:4, 0:8:0] : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @slice_c3(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C3: slice 2:9 of dim 1 is not within [0, 8] in increasing order}}
  %0 = prim.slice %x [0:4, 2:9] : tensor<4x8xf32> -> tensor<4x7xf32>
  return
}

// -----

func.func @slice_c3_decreasing(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C3: slice 3:1 of dim 0 is not within [0, 4] in increasing order}}
  %0 = prim.slice %x [3:1, 0:8] : tensor<4x8xf32> -> tensor<0x8xf32>
  return
}

// -----

func.func @slice_c4(%x: tensor<?x8xf32>) {
  // expected-error @+1 {{C4: dynamic dim 0 must be sliced whole (0:?), got 1:?:1}}
  %0 = prim.slice %x [1:?, 0:8] : tensor<?x8xf32> -> tensor<?x8xf32>
  return
}

// -----

func.func @slice_c5(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C5: result type 'tensor<4x4xf32>' is not the inferred type 'tensor<4x3xf32>'}}
  %0 = prim.slice %x [0:4, 0:8:3] : tensor<4x8xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @pad_c1(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{C1: low, high and interior have 1, 2 and 2 entries for operand rank 2}}
  %0 = prim.pad %x, low = [1], high = [0, 0], value = 0.0 : f32 : tensor<2x3xf32> -> tensor<3x3xf32>
  return
}

// -----

func.func @pad_c2(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{C2: padding of dim 1 (low 0, high -1, interior 0) is negative}}
  %0 = prim.pad %x, low = [0, 0], high = [0, -1], value = 0.0 : f32 : tensor<2x3xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @pad_c3(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{C3: padding value 0 : i32 is not a scalar of element type 'f32'}}
  %0 = prim.pad %x, low = [0, 0], high = [0, 1], value = 0 : i32 : tensor<2x3xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @pad_c4(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{C4: result type 'tensor<2x4xf32>' is not the inferred type 'tensor<2x5xf32>'}}
  %0 = prim.pad %x, low = [0, 0], high = [0, 0], interior = [0, 1], value = 0.0 : f32 : tensor<2x3xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @concatenate_c1() {
  // expected-error @+1 {{C1: no inputs}}
  %0 = prim.concatenate [], dim = 0 : () -> tensor<0xf32>
  return
}

// -----

func.func @concatenate_c2(%x: tensor<2x3xf32>, %y: tensor<2x3xf16>) {
  // expected-error @+1 {{C2: input 1 of type 'tensor<2x3xf16>' does not have the rank and element type of 'tensor<2x3xf32>'}}
  %0 = prim.concatenate [%x, %y], dim = 0 : (tensor<2x3xf32>, tensor<2x3xf16>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concatenate_c3(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{C3: dimension 2 is out of range [0, 2)}}
  %0 = prim.concatenate [%x, %x], dim = 2 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @concatenate_c4(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) {
  // expected-error @+1 {{C4: input 1 has size 4 in dim 1 where 3 is expected}}
  %0 = prim.concatenate [%x, %y], dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concatenate_c5(%x: tensor<2x3xf32>, %y: tensor<?x3xf32>) {
  // expected-error @+1 {{C5: result type 'tensor<4x3xf32>' is not the inferred type 'tensor<?x3xf32>'}}
  %0 = prim.concatenate [%x, %y], dim = 0 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @reverse_c1(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{C1: dimensions [1, 1] are not distinct within [0, 2)}}
  %0 = prim.reverse %x, dims = [1, 1] : tensor<2x3xf32>
  return
}

// -----

func.func @reverse_c2(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{C2: result type 'tensor<2x3xf16>' is not the inferred type 'tensor<2x3xf32>'}}
  %0 = prim.reverse %x, dims = [0] : tensor<2x3xf32>, tensor<2x3xf16>
  return
}

// -----

func.func @take_c1(%t: tensor<10x4xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{C1: dimension 2 is out of range [0, 2)}}
  %0 = prim.take %t, %i, dim = 2 : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<10x4x3xf32>
  return
}

// -----

func.func @take_c2(%t: tensor<10x4xf32>, %i: tensor<3xf32>) {
  // expected-error @+1 {{C2: the indices' element type 'f32' is not i32 or i64}}
  %0 = prim.take %t, %i, dim = 0 : (tensor<10x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @take_c3(%t: tensor<10x4xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{C3: result type 'tensor<3x10xf32>' is not the inferred type 'tensor<10x3xf32>'}}
  %0 = prim.take %t, %i, dim = 1 : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x10xf32>
  return
}

// -----

func.func @take_along_c1(%x: tensor<4x8xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{C1: operand rank 2 and indices rank 1 differ}}
  %0 = prim.take_along %x, %i, dim = 0 : (tensor<4x8xf32>, tensor<4xi64>) -> tensor<4xf32>
  return
}

// -----

func.func @take_along_c2(%x: tensor<4x8xf32>, %i: tensor<4x2xi64>) {
  // expected-error @+1 {{C2: dimension -1 is out of range [0, 2)}}
  %0 = prim.take_along %x, %i, dim = -1 : (tensor<4x8xf32>, tensor<4x2xi64>) -> tensor<4x2xf32>
  return
}

// -----

func.func @take_along_c3(%x: tensor<4x8xf32>, %i: tensor<4x2xi16>) {
  // expected-error @+1 {{C3: the indices' element type 'i16' is not i32 or i64}}
  %0 = prim.take_along %x, %i, dim = 1 : (tensor<4x8xf32>, tensor<4x2xi16>) -> tensor<4x2xf32>
  return
}

// -----

func.func @take_along_c4(%x: tensor<4x8xf32>, %i: tensor<5x2xi64>) {
  // expected-error @+1 {{C4: indices size 5 in dim 0 exceeds operand size 4}}
  %0 = prim.take_along %x, %i, dim = 1 : (tensor<4x8xf32>, tensor<5x2xi64>) -> tensor<5x2xf32>
  return
}

// -----

func.func @take_along_c5(%x: tensor<4x8xf32>, %i: tensor<4x2xi64>) {
  // expected-error @+1 {{C5: result type 'tensor<4x2xf16>' is not the inferred type 'tensor<4x2xf32>'}}
  %0 = prim.take_along %x, %i, dim = 1 : (tensor<4x8xf32>, tensor<4x2xi64>) -> tensor<4x2xf16>
  return
}

// -----

func.func @scatter_c1(%x: tensor<8x4xf32>, %i: tensor<2xi64>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{C1: operand, indices and updates ranks 2, 1 and 2 differ}}
  %0 = prim.scatter add %x, %i, %u, dim = 0 : (tensor<8x4xf32>, tensor<2xi64>, tensor<2x4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @scatter_c2(%x: tensor<8x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{C2: dimension 3 is out of range [0, 2)}}
  %0 = prim.scatter assign %x, %i, %u, dim = 3 : (tensor<8x4xf32>, tensor<2x4xi64>, tensor<2x4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @scatter_c3(%x: tensor<8x4xf32>, %i: tensor<2x4xui8>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{C3: the indices' element type 'ui8' is not i32 or i64}}
  %0 = prim.scatter add %x, %i, %u, dim = 0 : (tensor<8x4xf32>, tensor<2x4xui8>, tensor<2x4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @scatter_c4(%x: tensor<8x4xf32>, %i: tensor<2x4xi64>, %u: tensor<3x4xf32>) {
  // expected-error @+1 {{C4: indices shape [2, 4] and updates shape [3, 4] are not compatible}}
  %0 = prim.scatter add %x, %i, %u, dim = 0 : (tensor<8x4xf32>, tensor<2x4xi64>, tensor<3x4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @scatter_c5(%x: tensor<8x4xf32>, %i: tensor<2x5xi64>, %u: tensor<2x5xf32>) {
  // expected-error @+1 {{C5: indices size 5 in dim 1 exceeds operand size 4}}
  %0 = prim.scatter add %x, %i, %u, dim = 0 : (tensor<8x4xf32>, tensor<2x5xi64>, tensor<2x5xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @scatter_c6(%x: tensor<8x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf16>) {
  // expected-error @+1 {{C6: updates element type 'f16' is not the operand element type 'f32'}}
  %0 = prim.scatter add %x, %i, %u, dim = 0 : (tensor<8x4xf32>, tensor<2x4xi64>, tensor<2x4xf16>) -> tensor<8x4xf32>
  return
}

// -----

func.func @scatter_c6_bool(%x: tensor<8x4xi1>, %i: tensor<2x4xi64>, %u: tensor<2x4xi1>) {
  // expected-error @+1 {{C6: operand element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.scatter mul %x, %i, %u, dim = 0 : (tensor<8x4xi1>, tensor<2x4xi64>, tensor<2x4xi1>) -> tensor<8x4xi1>
  return
}

// -----

func.func @scatter_kind(%x: tensor<8x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error @+2 {{expected ::pt2c::prim::ScatterKind to be one of: assign, add, mul, max, min}}
  // expected-error @+1 {{failed to parse Prim_ScatterKindAttr}}
  %0 = prim.scatter sum %x, %i, %u, dim = 0 : (tensor<8x4xf32>, tensor<2x4xi64>, tensor<2x4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @scatter_c7(%x: tensor<8x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{C7: result type 'tensor<2x4xf32>' is not the inferred type 'tensor<8x4xf32>'}}
  %0 = prim.scatter max %x, %i, %u, dim = 0 : (tensor<8x4xf32>, tensor<2x4xi64>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @reduce_c1(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C1: dimensions [1, 0] must be strictly increasing within [0, 2)}}
  %0 = prim.reduce sum %x, dims = [1, 0] : tensor<4x8xf32> -> tensor<f32>
  return
}

// -----

func.func @reduce_c2(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C2: and cannot combine element type 'f32' (needs an integer type)}}
  %0 = prim.reduce and %x, dims = [1] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_c2_sum_bool(%x: tensor<4x8xi1>) {
  // expected-error @+1 {{C2: sum cannot combine element type 'i1' (needs a float or an integer type other than i1)}}
  %0 = prim.reduce sum %x, dims = [1] : tensor<4x8xi1> -> tensor<4xi1>
  return
}

// -----

func.func @reduce_c3(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C3: result type 'tensor<4x1xf32>' is not the inferred type 'tensor<4xf32>'}}
  %0 = prim.reduce max %x, dims = [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  return
}

// -----

func.func @argmax_c1(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C1: dimension 2 is out of range [0, 2)}}
  %0 = prim.argmax %x, dim = 2 : tensor<4x8xf32> -> tensor<4xi64>
  return
}

// -----

func.func @argmax_c2(%x: tensor<4x8xi1>) {
  // expected-error @+1 {{C2: operand element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.argmax %x, dim = 1 : tensor<4x8xi1> -> tensor<4xi64>
  return
}

// -----

func.func @argmax_c3(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xi32>' is not the inferred type 'tensor<4xi64>'}}
  %0 = prim.argmax %x, dim = 1 : tensor<4x8xf32> -> tensor<4xi32>
  return
}

// -----

func.func @argmin_c1(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C1: dimension -1 is out of range [0, 2)}}
  %0 = prim.argmin %x, dim = -1 : tensor<4x8xf32> -> tensor<4xi64>
  return
}

// -----

func.func @argmin_c2(%x: tensor<4x8xi1>) {
  // expected-error @+1 {{C2: operand element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.argmin %x, dim = 0 : tensor<4x8xi1> -> tensor<8xi64>
  return
}

// -----

func.func @argmin_c3(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xi64>' is not the inferred type 'tensor<8xi64>'}}
  %0 = prim.argmin %x, dim = 0 : tensor<4x8xf32> -> tensor<4xi64>
  return
}

// -----

func.func @cumsum_c1(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C1: dimension 2 is out of range [0, 2)}}
  %0 = prim.cumsum %x, dim = 2 : tensor<4x8xf32>
  return
}

// -----

func.func @cumsum_c2(%x: tensor<4xi1>) {
  // expected-error @+1 {{C2: operand element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.cumsum %x, dim = 0 : tensor<4xi1>
  return
}

// -----

func.func @cumsum_c3(%x: tensor<4xi32>) {
  // expected-error @+1 {{C3: result type 'tensor<4xi64>' is not the inferred type 'tensor<4xi32>'}}
  %0 = prim.cumsum %x, dim = 0 : tensor<4xi32>, tensor<4xi64>
  return
}

// -----

func.func @cumprod_c1(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{C1: dimension -1 is out of range [0, 2)}}
  %0 = prim.cumprod %x, dim = -1 : tensor<4x8xf32>
  return
}

// -----

func.func @cumprod_c2(%x: tensor<4xi1>) {
  // expected-error @+1 {{C2: operand element type 'i1' is not a float or an integer type other than i1}}
  %0 = prim.cumprod %x, dim = 0 : tensor<4xi1>
  return
}

// -----

func.func @cumprod_c3(%x: tensor<4xf16>) {
  // expected-error @+1 {{C3: result type 'tensor<4xf32>' is not the inferred type 'tensor<4xf16>'}}
  %0 = prim.cumprod %x, dim = 0 : tensor<4xf16>, tensor<4xf32>
  return
}

// -----

func.func @matmul_c1(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{C1: lhs rank 1 and rhs rank 1 must be equal and at least 2}}
  %0 = prim.matmul %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  return
}

// -----

func.func @matmul_c1_ranks(%a: tensor<2x4x8xf32>, %b: tensor<8x4xf32>) {
  // expected-error @+1 {{C1: lhs rank 3 and rhs rank 2 must be equal and at least 2}}
  %0 = prim.matmul %a, %b : (tensor<2x4x8xf32>, tensor<8x4xf32>) -> tensor<2x4x4xf32>
  return
}

// -----

func.func @matmul_c2(%a: tensor<4x8xf32>, %b: tensor<8x4xf16>) {
  // expected-error @+1 {{C2: lhs element type 'f32' and rhs element type 'f16' differ}}
  %0 = prim.matmul %a, %b : (tensor<4x8xf32>, tensor<8x4xf16>) -> tensor<4x4xf32>
  return
}

// -----

func.func @matmul_c3(%a: tensor<2x4x8xf32>, %b: tensor<3x8x4xf32>) {
  // expected-error @+1 {{C3: batch dim 0 has size 2 in lhs and 3 in rhs}}
  %0 = prim.matmul %a, %b : (tensor<2x4x8xf32>, tensor<3x8x4xf32>) -> tensor<2x4x4xf32>
  return
}

// -----

func.func @matmul_c4(%a: tensor<4x8xf32>, %b: tensor<6x4xf32>) {
  // expected-error @+1 {{C4: contracting size 8 of lhs and 6 of rhs differ}}
  %0 = prim.matmul %a, %b : (tensor<4x8xf32>, tensor<6x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @matmul_c5(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>) {
  // expected-error @+1 {{C5: result type 'tensor<4x4xf32>' is not the inferred type 'tensor<?x4xf32>'}}
  %0 = prim.matmul %a, %b : (tensor<?x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @convolution_c1(%x: tensor<2x3x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{C1: input rank 3 and weight rank 4 must be equal and at least 3}}
  %0 = prim.convolution %x, %w : (tensor<2x3x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x6xf32>
  return
}

// -----

func.func @convolution_c2(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{C2: padding [1, 1] has 2 entries, expected 4}}
  %0 = prim.convolution %x, %w, padding = [[1, 1]] : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
  return
}

// -----

func.func @convolution_c3(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{C3: strides [1, 0] has an entry below 1}}
  %0 = prim.convolution %x, %w, strides = [1, 0] : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x6x6xf32>
  return
}

// -----

func.func @convolution_c4(%x: tensor<2x4x8x8xf32>, %w: tensor<6x2x3x3xf32>) {
  // expected-error @+1 {{C4: feature_group_count 4 is not a positive divisor of the 6 output features}}
  %0 = prim.convolution %x, %w, feature_group_count = 4 : (tensor<2x4x8x8xf32>, tensor<6x2x3x3xf32>) -> tensor<2x6x6x6xf32>
  return
}

// -----

func.func @convolution_c4_features(%x: tensor<2x4x8x8xf32>, %w: tensor<6x3x3x3xf32>) {
  // expected-error @+1 {{C4: input has 4 features, expected 3 x 1 (weight dim 1 x groups)}}
  %0 = prim.convolution %x, %w : (tensor<2x4x8x8xf32>, tensor<6x3x3x3xf32>) -> tensor<2x6x6x6xf32>
  return
}

// -----

func.func @convolution_c5(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf16>) {
  // expected-error @+1 {{C5: input element type 'f32' and weight element type 'f16' differ}}
  %0 = prim.convolution %x, %w : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf16>) -> tensor<2x4x6x6xf32>
  return
}

// -----

func.func @convolution_c6(%x: tensor<2x3x8x2xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{C6: kernel size 3 (dilation 1) does not fit in spatial dim 1 of size 2 padded by 0 and 0}}
  %0 = prim.convolution %x, %w : (tensor<2x3x8x2xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x6x1xf32>
  return
}

// -----

func.func @convolution_c7(%x: tensor<?x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{C7: result type 'tensor<2x4x6x6xf32>' is not the inferred type 'tensor<?x4x6x6xf32>'}}
  %0 = prim.convolution %x, %w : (tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x6x6xf32>
  return
}

// -----

func.func @convolution_syntax(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{unexpected keyword 'stride', expected one of: strides, padding, lhs_dilation, rhs_dilation, feature_group_count}}
  %0 = prim.convolution %x, %w, stride = [1, 1] : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x6x6xf32>
  return
}

// -----

func.func @convolution_syntax_twice(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'strides' appears twice}}
  %0 = prim.convolution %x, %w, strides = [1, 1], strides = [1, 1] : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x6x6xf32>
  return
}

// -----

func.func @reduce_window_c1(%x: tensor<2x3x8x8xf32>) {
  // expected-error @+1 {{C1: window_dimensions [2, 2] has 2 entries, expected 4}}
  %0 = prim.reduce_window max %x, window = [2, 2] : tensor<2x3x8x8xf32> -> tensor<2x3x4x4xf32>
  return
}

// -----

func.func @reduce_window_c2(%x: tensor<2x3x8x8xf32>) {
  // expected-error @+1 {{C2: padding [0, 0, 0, 0, 0, 0, -1, 0] has an entry below 0}}
  %0 = prim.reduce_window max %x, window = [1, 1, 2, 2], padding = [[0, 0], [0, 0], [0, 0], [-1, 0]] : tensor<2x3x8x8xf32> -> tensor<2x3x7x6xf32>
  return
}

// -----

func.func @reduce_window_c3(%x: tensor<2x3x8x8xf32>) {
  // expected-error @+1 {{C3: or cannot combine element type 'f32' (needs an integer type)}}
  %0 = prim.reduce_window or %x, window = [1, 1, 2, 2] : tensor<2x3x8x8xf32> -> tensor<2x3x7x7xf32>
  return
}

// -----

func.func @reduce_window_c4(%x: tensor<2x3x8x8xf32>) {
  // expected-error @+1 {{C4: window size 9 (dilation 1) does not fit in dim 3 of size 8 padded by 0 and 0}}
  %0 = prim.reduce_window max %x, window = [1, 1, 1, 9] : tensor<2x3x8x8xf32> -> tensor<2x3x8x1xf32>
  return
}

// -----

func.func @reduce_window_c5(%x: tensor<2x3x8x8xf32>) {
  // expected-error @+1 {{C5: result type 'tensor<2x3x4x4xf32>' is not the inferred type 'tensor<2x3x7x7xf32>'}}
  %0 = prim.reduce_window max %x, window = [1, 1, 2, 2] : tensor<2x3x8x8xf32> -> tensor<2x3x4x4xf32>
  return
}
