// Round trip of every prim op: custom form, custom form re-parsed, generic form re-parsed.
// Each line is written in the printed form, so the CHECK lines are the input lines.
// RUN: %pt2c-opt %s | FileCheck %s
// RUN: %pt2c-opt %s | %pt2c-opt | FileCheck %s
// RUN: %pt2c-opt %s -mlir-print-op-generic | %pt2c-opt | FileCheck %s

// Elementwise: float-only unary ops, on dynamic and static shapes and every float type.
// CHECK-LABEL: func.func @unary_float
func.func @unary_float(%x: tensor<4x?xf32>, %h: tensor<2xf16>, %b: tensor<2x3xbf16>, %d: tensor<f64>) {
  // CHECK: %{{.+}} = prim.exp %{{.+}} : tensor<4x?xf32>
  %0 = prim.exp %x : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.log %{{.+}} : tensor<4x?xf32>
  %1 = prim.log %x : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.log1p %{{.+}} : tensor<4x?xf32>
  %2 = prim.log1p %x : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.tanh %{{.+}} : tensor<4x?xf32>
  %3 = prim.tanh %x : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.erf %{{.+}} : tensor<4x?xf32>
  %4 = prim.erf %x : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.rsqrt %{{.+}} : tensor<4x?xf32>
  %5 = prim.rsqrt %x : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.sqrt %{{.+}} : tensor<4x?xf32>
  %6 = prim.sqrt %x : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.sin %{{.+}} : tensor<4x?xf32>
  %7 = prim.sin %x : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.cos %{{.+}} : tensor<4x?xf32>
  %8 = prim.cos %x : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.logistic %{{.+}} : tensor<2xf16>
  %9 = prim.logistic %h : tensor<2xf16>
  // CHECK: %{{.+}} = prim.floor %{{.+}} : tensor<2x3xbf16>
  %10 = prim.floor %b : tensor<2x3xbf16>
  // CHECK: %{{.+}} = prim.ceil %{{.+}} : tensor<2x3xbf16>
  %11 = prim.ceil %b : tensor<2x3xbf16>
  // CHECK: %{{.+}} = prim.round %{{.+}} : tensor<f64>
  %12 = prim.round %d : tensor<f64>
  return
}

// neg and abs take integers too; not takes integers and i1.
// CHECK-LABEL: func.func @unary_int
func.func @unary_int(%i: tensor<?x8xi32>, %u: tensor<4xui8>, %p: tensor<4xi1>, %f: tensor<3xf32>) {
  // CHECK: %{{.+}} = prim.neg %{{.+}} : tensor<?x8xi32>
  %0 = prim.neg %i : tensor<?x8xi32>
  // CHECK: %{{.+}} = prim.abs %{{.+}} : tensor<?x8xi32>
  %1 = prim.abs %i : tensor<?x8xi32>
  // CHECK: %{{.+}} = prim.neg %{{.+}} : tensor<3xf32>
  %2 = prim.neg %f : tensor<3xf32>
  // CHECK: %{{.+}} = prim.abs %{{.+}} : tensor<4xui8>
  %3 = prim.abs %u : tensor<4xui8>
  // CHECK: %{{.+}} = prim.not %{{.+}} : tensor<4xi1>
  %4 = prim.not %p : tensor<4xi1>
  // CHECK: %{{.+}} = prim.not %{{.+}} : tensor<4xui8>
  %5 = prim.not %u : tensor<4xui8>
  return
}

// CHECK-LABEL: func.func @binary
func.func @binary(%x: tensor<4x?xf32>, %y: tensor<4x?xf32>, %i: tensor<8xi64>, %j: tensor<8xi64>, %p: tensor<?xi1>, %q: tensor<?xi1>) {
  // CHECK: %{{.+}} = prim.add %{{.+}}, %{{.+}} : tensor<4x?xf32>
  %0 = prim.add %x, %y : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.sub %{{.+}}, %{{.+}} : tensor<4x?xf32>
  %1 = prim.sub %x, %y : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.mul %{{.+}}, %{{.+}} : tensor<8xi64>
  %2 = prim.mul %i, %j : tensor<8xi64>
  // CHECK: %{{.+}} = prim.div %{{.+}}, %{{.+}} : tensor<4x?xf32>
  %3 = prim.div %x, %y : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.div %{{.+}}, %{{.+}} : tensor<8xi64>
  %4 = prim.div %i, %j : tensor<8xi64>
  // CHECK: %{{.+}} = prim.rem %{{.+}}, %{{.+}} : tensor<4x?xf32>
  %5 = prim.rem %x, %y : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.pow %{{.+}}, %{{.+}} : tensor<4x?xf32>
  %6 = prim.pow %x, %y : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.max %{{.+}}, %{{.+}} : tensor<4x?xf32>
  %7 = prim.max %x, %y : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.min %{{.+}}, %{{.+}} : tensor<?xi1>
  %8 = prim.min %p, %q : tensor<?xi1>
  // CHECK: %{{.+}} = prim.and %{{.+}}, %{{.+}} : tensor<?xi1>
  %9 = prim.and %p, %q : tensor<?xi1>
  // CHECK: %{{.+}} = prim.or %{{.+}}, %{{.+}} : tensor<8xi64>
  %10 = prim.or %i, %j : tensor<8xi64>
  // CHECK: %{{.+}} = prim.xor %{{.+}}, %{{.+}} : tensor<?xi1>
  %11 = prim.xor %p, %q : tensor<?xi1>
  // CHECK: %{{.+}} = prim.atan2 %{{.+}}, %{{.+}} : tensor<4x?xf32>
  %12 = prim.atan2 %x, %y : tensor<4x?xf32>
  return
}

// CHECK-LABEL: func.func @compare_select_convert
func.func @compare_select_convert(%x: tensor<4x?xf32>, %y: tensor<4x?xf32>, %u: tensor<2xui8>) {
  // CHECK: %{{.+}} = prim.compare %{{.+}}, %{{.+}}, predicate = eq : tensor<4x?xf32>
  %0 = prim.compare %x, %y, predicate = eq : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.compare %{{.+}}, %{{.+}}, predicate = ne : tensor<4x?xf32>
  %1 = prim.compare %x, %y, predicate = ne : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.compare %{{.+}}, %{{.+}}, predicate = lt : tensor<4x?xf32>
  %2 = prim.compare %x, %y, predicate = lt : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.compare %{{.+}}, %{{.+}}, predicate = le : tensor<4x?xf32>
  %3 = prim.compare %x, %y, predicate = le : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.compare %{{.+}}, %{{.+}}, predicate = gt : tensor<4x?xf32>
  %4 = prim.compare %x, %y, predicate = gt : tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.compare %{{.+}}, %{{.+}}, predicate = ge : tensor<2xui8>
  %5 = prim.compare %u, %u, predicate = ge : tensor<2xui8>
  // CHECK: %{{.+}} = prim.select %{{.+}}, %{{.+}}, %{{.+}} : tensor<4x?xi1>, tensor<4x?xf32>
  %6 = prim.select %0, %x, %y : tensor<4x?xi1>, tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.convert %{{.+}} : tensor<4x?xf32> -> tensor<4x?xi64>
  %7 = prim.convert %x : tensor<4x?xf32> -> tensor<4x?xi64>
  // CHECK: %{{.+}} = prim.convert %{{.+}} : tensor<4x?xi1> -> tensor<4x?xbf16>
  %8 = prim.convert %0 : tensor<4x?xi1> -> tensor<4x?xbf16>
  // CHECK: %{{.+}} = prim.convert %{{.+}} : tensor<2xui8> -> tensor<2xf16>
  %9 = prim.convert %u : tensor<2xui8> -> tensor<2xf16>
  // CHECK: %{{.+}} = prim.bitcast_convert %{{.+}} : tensor<4x?xf32> -> tensor<4x?xi32>
  %10 = prim.bitcast_convert %x : tensor<4x?xf32> -> tensor<4x?xi32>
  // CHECK: %{{.+}} = prim.bitcast_convert %{{.+}} : tensor<4x?xi16> -> tensor<4x?xbf16>
  %11 = prim.convert %7 : tensor<4x?xi64> -> tensor<4x?xi16>
  %12 = prim.bitcast_convert %11 : tensor<4x?xi16> -> tensor<4x?xbf16>
  return
}

// CHECK-LABEL: func.func @makers
func.func @makers(%s: f32, %k: i64, %n: index, %m: index) {
  // CHECK: %{{.+}} = prim.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
  %0 = prim.constant dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
  // CHECK: %{{.+}} = prim.constant dense<0> : tensor<4xi64>
  %1 = prim.constant dense<0> : tensor<4xi64>
  // CHECK: %{{.+}} = prim.constant dense<true> : tensor<i1>
  %2 = prim.constant dense<true> : tensor<i1>
  // CHECK: %{{.+}} = prim.splat %{{.+}} : f32 -> tensor<2x3xf32>
  %3 = prim.splat %s : f32 -> tensor<2x3xf32>
  // CHECK: %{{.+}} = prim.splat %{{.+}}, dynamic_sizes(%{{.+}}, %{{.+}}) : i64 -> tensor<?x8x?xi64>
  %4 = prim.splat %k, dynamic_sizes(%n, %m) : i64 -> tensor<?x8x?xi64>
  // CHECK: %{{.+}} = prim.iota dim = 0 : tensor<16xi64>
  %5 = prim.iota dim = 0 : tensor<16xi64>
  // CHECK: %{{.+}} = prim.iota dim = 1, dynamic_sizes(%{{.+}}) : tensor<?x4xf32>
  %6 = prim.iota dim = 1, dynamic_sizes(%n) : tensor<?x4xf32>
  return
}

// CHECK-LABEL: func.func @broadcast_reshape
func.func @broadcast_reshape(%x: tensor<8xf32>, %one: tensor<1x4xf32>, %d: tensor<?x4x8xf32>, %s: tensor<f32>, %n: index, %m: index) {
  // CHECK: %{{.+}} = prim.broadcast_in_dim %{{.+}}, dims = [1] : tensor<8xf32> -> tensor<2x8xf32>
  %0 = prim.broadcast_in_dim %x, dims = [1] : tensor<8xf32> -> tensor<2x8xf32>
  // CHECK: %{{.+}} = prim.broadcast_in_dim %{{.+}}, dims = [1], dynamic_sizes(%{{.+}}) : tensor<8xf32> -> tensor<?x8xf32>
  %1 = prim.broadcast_in_dim %x, dims = [1], dynamic_sizes(%n) : tensor<8xf32> -> tensor<?x8xf32>
  // CHECK: %{{.+}} = prim.broadcast_in_dim %{{.+}}, dims = [0, 2] : tensor<1x4xf32> -> tensor<3x5x4xf32>
  %2 = prim.broadcast_in_dim %one, dims = [0, 2] : tensor<1x4xf32> -> tensor<3x5x4xf32>
  // CHECK: %{{.+}} = prim.broadcast_in_dim %{{.+}}, dims = [0, 1, 2], dynamic_sizes(%{{.+}}) : tensor<?x4x8xf32> -> tensor<?x4x8xf32>
  %3 = prim.broadcast_in_dim %d, dims = [0, 1, 2], dynamic_sizes(%n) : tensor<?x4x8xf32> -> tensor<?x4x8xf32>
  // CHECK: %{{.+}} = prim.broadcast_in_dim %{{.+}}, dims = [], dynamic_sizes(%{{.+}}, %{{.+}}) : tensor<f32> -> tensor<?x?xf32>
  %4 = prim.broadcast_in_dim %s, dims = [], dynamic_sizes(%n, %m) : tensor<f32> -> tensor<?x?xf32>
  // CHECK: %{{.+}} = prim.reshape %{{.+}} : tensor<8xf32> -> tensor<2x4xf32>
  %5 = prim.reshape %x : tensor<8xf32> -> tensor<2x4xf32>
  // CHECK: %{{.+}} = prim.reshape %{{.+}}, dynamic_sizes(%{{.+}}) : tensor<?x4x8xf32> -> tensor<?x32xf32>
  %6 = prim.reshape %d, dynamic_sizes(%n) : tensor<?x4x8xf32> -> tensor<?x32xf32>
  // CHECK: %{{.+}} = prim.reshape %{{.+}}, dynamic_sizes(%{{.+}}) : tensor<8xf32> -> tensor<?x2xf32>
  %7 = prim.reshape %x, dynamic_sizes(%n) : tensor<8xf32> -> tensor<?x2xf32>
  // CHECK: %{{.+}} = prim.reshape %{{.+}} : tensor<f32> -> tensor<1x1xf32>
  %8 = prim.reshape %s : tensor<f32> -> tensor<1x1xf32>
  return
}

// CHECK-LABEL: func.func @transpose_slice
func.func @transpose_slice(%x: tensor<4x8xf32>, %d: tensor<?x8x3xf32>) {
  // CHECK: %{{.+}} = prim.transpose %{{.+}}, permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  %0 = prim.transpose %x, permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  // CHECK: %{{.+}} = prim.transpose %{{.+}}, permutation = [2, 0, 1] : tensor<?x8x3xf32> -> tensor<3x?x8xf32>
  %1 = prim.transpose %d, permutation = [2, 0, 1] : tensor<?x8x3xf32> -> tensor<3x?x8xf32>
  // CHECK: %{{.+}} = prim.slice %{{.+}} [0:4, 2:8:2] : tensor<4x8xf32> -> tensor<4x3xf32>
  %2 = prim.slice %x [0:4, 2:8:2] : tensor<4x8xf32> -> tensor<4x3xf32>
  // CHECK: %{{.+}} = prim.slice %{{.+}} [1:1, 7:8] : tensor<4x8xf32> -> tensor<0x1xf32>
  %3 = prim.slice %x [1:1, 7:8] : tensor<4x8xf32> -> tensor<0x1xf32>
  // CHECK: %{{.+}} = prim.slice %{{.+}} [0:?, 1:8:3, 0:3] : tensor<?x8x3xf32> -> tensor<?x3x3xf32>
  %4 = prim.slice %d [0:?, 1:8:3, 0:3] : tensor<?x8x3xf32> -> tensor<?x3x3xf32>
  return
}

// CHECK-LABEL: func.func @pad_concatenate_reverse
func.func @pad_concatenate_reverse(%x: tensor<2x3xf32>, %d: tensor<?x4xi32>, %e: tensor<?x2xi32>) {
  // CHECK: %{{.+}} = prim.pad %{{.+}}, low = [0, 1], high = [1, 2], value = 0.000000e+00 : f32 : tensor<2x3xf32> -> tensor<3x6xf32>
  %0 = prim.pad %x, low = [0, 1], high = [1, 2], value = 0.000000e+00 : f32 : tensor<2x3xf32> -> tensor<3x6xf32>
  // CHECK: %{{.+}} = prim.pad %{{.+}}, low = [0, 0], high = [0, 0], interior = [1, 2], value = 0xFF800000 : f32 : tensor<2x3xf32> -> tensor<3x7xf32>
  %1 = prim.pad %x, low = [0, 0], high = [0, 0], interior = [1, 2], value = 0xFF800000 : f32 : tensor<2x3xf32> -> tensor<3x7xf32>
  // CHECK: %{{.+}} = prim.pad %{{.+}}, low = [1, 1], high = [1, 1], value = -1 : i32 : tensor<?x4xi32> -> tensor<?x6xi32>
  %2 = prim.pad %d, low = [1, 1], high = [1, 1], value = -1 : i32 : tensor<?x4xi32> -> tensor<?x6xi32>
  // CHECK: %{{.+}} = prim.concatenate [%{{.+}}, %{{.+}}], dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %3 = prim.concatenate [%x, %x], dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  // CHECK: %{{.+}} = prim.concatenate [%{{.+}}, %{{.+}}, %{{.+}}], dim = 1 : (tensor<?x4xi32>, tensor<?x2xi32>, tensor<?x4xi32>) -> tensor<?x10xi32>
  %4 = prim.concatenate [%d, %e, %d], dim = 1 : (tensor<?x4xi32>, tensor<?x2xi32>, tensor<?x4xi32>) -> tensor<?x10xi32>
  // CHECK: %{{.+}} = prim.concatenate [%{{.+}}, %{{.+}}], dim = 0 : (tensor<?x4xi32>, tensor<?x4xi32>) -> tensor<?x4xi32>
  %5 = prim.concatenate [%d, %d], dim = 0 : (tensor<?x4xi32>, tensor<?x4xi32>) -> tensor<?x4xi32>
  // CHECK: %{{.+}} = prim.concatenate [%{{.+}}], dim = 1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = prim.concatenate [%x], dim = 1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: %{{.+}} = prim.reverse %{{.+}}, dims = [0, 1] : tensor<2x3xf32>
  %7 = prim.reverse %x, dims = [0, 1] : tensor<2x3xf32>
  // CHECK: %{{.+}} = prim.reverse %{{.+}}, dims = [0] : tensor<?x4xi32>
  %8 = prim.reverse %d, dims = [0] : tensor<?x4xi32>
  return
}

// Embedding lookup, index_select on dim 1, torch.gather, scatters of each
// kind (assign and max on booleans too).
// CHECK-LABEL: func.func @gather_scatter
func.func @gather_scatter(%table: tensor<1000x64xf32>, %ids: tensor<?x16xi64>, %x: tensor<4x?xf32>, %i32: tensor<3xi32>, %idx: tensor<4x3xi64>, %upd: tensor<4x3xf32>, %b: tensor<4x5xi1>, %bu: tensor<2x3xi1>, %bi: tensor<2x3xi32>) {
  // CHECK: %{{.+}} = prim.take %{{.+}}, %{{.+}}, dim = 0 : (tensor<1000x64xf32>, tensor<?x16xi64>) -> tensor<?x16x64xf32>
  %0 = prim.take %table, %ids, dim = 0 : (tensor<1000x64xf32>, tensor<?x16xi64>) -> tensor<?x16x64xf32>
  // CHECK: %{{.+}} = prim.take %{{.+}}, %{{.+}}, dim = 1 : (tensor<4x?xf32>, tensor<3xi32>) -> tensor<4x3xf32>
  %1 = prim.take %x, %i32, dim = 1 : (tensor<4x?xf32>, tensor<3xi32>) -> tensor<4x3xf32>
  // CHECK: %{{.+}} = prim.take_along %{{.+}}, %{{.+}}, dim = 1 : (tensor<4x?xf32>, tensor<4x3xi64>) -> tensor<4x3xf32>
  %2 = prim.take_along %x, %idx, dim = 1 : (tensor<4x?xf32>, tensor<4x3xi64>) -> tensor<4x3xf32>
  // CHECK: %{{.+}} = prim.scatter add %{{.+}}, %{{.+}}, %{{.+}}, dim = 1 : (tensor<4x?xf32>, tensor<4x3xi64>, tensor<4x3xf32>) -> tensor<4x?xf32>
  %3 = prim.scatter add %x, %idx, %upd, dim = 1 : (tensor<4x?xf32>, tensor<4x3xi64>, tensor<4x3xf32>) -> tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.scatter mul %{{.+}}, dim = 1
  %4 = prim.scatter mul %x, %idx, %upd, dim = 1 : (tensor<4x?xf32>, tensor<4x3xi64>, tensor<4x3xf32>) -> tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.scatter min %{{.+}}, dim = 1
  %5 = prim.scatter min %x, %idx, %upd, dim = 1 : (tensor<4x?xf32>, tensor<4x3xi64>, tensor<4x3xf32>) -> tensor<4x?xf32>
  // CHECK: %{{.+}} = prim.scatter assign %{{.+}}, %{{.+}}, %{{.+}}, dim = 0 : (tensor<4x5xi1>, tensor<2x3xi32>, tensor<2x3xi1>) -> tensor<4x5xi1>
  %6 = prim.scatter assign %b, %bi, %bu, dim = 0 : (tensor<4x5xi1>, tensor<2x3xi32>, tensor<2x3xi1>) -> tensor<4x5xi1>
  // CHECK: %{{.+}} = prim.scatter max %{{.+}}, dim = 1
  %7 = prim.scatter max %b, %bi, %bu, dim = 1 : (tensor<4x5xi1>, tensor<2x3xi32>, tensor<2x3xi1>) -> tensor<4x5xi1>
  return
}

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<?x8x4xf32>, %p: tensor<4x?xi1>, %i: tensor<6xi32>) {
  // CHECK: %{{.+}} = prim.reduce sum %{{.+}}, dims = [1] : tensor<?x8x4xf32> -> tensor<?x4xf32>
  %0 = prim.reduce sum %x, dims = [1] : tensor<?x8x4xf32> -> tensor<?x4xf32>
  // CHECK: %{{.+}} = prim.reduce max %{{.+}}, dims = [0, 2] : tensor<?x8x4xf32> -> tensor<8xf32>
  %1 = prim.reduce max %x, dims = [0, 2] : tensor<?x8x4xf32> -> tensor<8xf32>
  // CHECK: %{{.+}} = prim.reduce min %{{.+}}, dims = [] : tensor<?x8x4xf32> -> tensor<?x8x4xf32>
  %2 = prim.reduce min %x, dims = [] : tensor<?x8x4xf32> -> tensor<?x8x4xf32>
  // CHECK: %{{.+}} = prim.reduce prod %{{.+}}, dims = [0] : tensor<6xi32> -> tensor<i32>
  %3 = prim.reduce prod %i, dims = [0] : tensor<6xi32> -> tensor<i32>
  // CHECK: %{{.+}} = prim.reduce and %{{.+}}, dims = [0, 1] : tensor<4x?xi1> -> tensor<i1>
  %4 = prim.reduce and %p, dims = [0, 1] : tensor<4x?xi1> -> tensor<i1>
  // CHECK: %{{.+}} = prim.reduce or %{{.+}}, dims = [1] : tensor<4x?xi1> -> tensor<4xi1>
  %5 = prim.reduce or %p, dims = [1] : tensor<4x?xi1> -> tensor<4xi1>
  // CHECK: %{{.+}} = prim.argmax %{{.+}}, dim = 1 : tensor<?x8x4xf32> -> tensor<?x4xi64>
  %6 = prim.argmax %x, dim = 1 : tensor<?x8x4xf32> -> tensor<?x4xi64>
  // CHECK: %{{.+}} = prim.argmin %{{.+}}, dim = 0 : tensor<6xi32> -> tensor<i64>
  %7 = prim.argmin %i, dim = 0 : tensor<6xi32> -> tensor<i64>
  // CHECK: %{{.+}} = prim.cumsum %{{.+}}, dim = 2 : tensor<?x8x4xf32>
  %8 = prim.cumsum %x, dim = 2 : tensor<?x8x4xf32>
  // CHECK: %{{.+}} = prim.cumsum %{{.+}}, dim = 0 : tensor<6xi32>
  %9 = prim.cumsum %i, dim = 0 : tensor<6xi32>
  // CHECK: %{{.+}} = prim.cumprod %{{.+}}, dim = 2 : tensor<?x8x4xf32>
  %10 = prim.cumprod %x, dim = 2 : tensor<?x8x4xf32>
  // CHECK: %{{.+}} = prim.cumprod %{{.+}}, dim = 0 : tensor<6xi32>
  %11 = prim.cumprod %i, dim = 0 : tensor<6xi32>
  return
}

// CHECK-LABEL: func.func @matmul
func.func @matmul(%a: tensor<4x64xf32>, %b: tensor<64x32xf32>, %c: tensor<?x4x?xbf16>, %d: tensor<?x?x32xbf16>, %e: tensor<2x3x5x7xi8>, %f: tensor<2x3x7x1xi8>) {
  // CHECK: %{{.+}} = prim.matmul %{{.+}}, %{{.+}} : (tensor<4x64xf32>, tensor<64x32xf32>) -> tensor<4x32xf32>
  %0 = prim.matmul %a, %b : (tensor<4x64xf32>, tensor<64x32xf32>) -> tensor<4x32xf32>
  // CHECK: %{{.+}} = prim.matmul %{{.+}}, %{{.+}} : (tensor<?x4x?xbf16>, tensor<?x?x32xbf16>) -> tensor<?x4x32xbf16>
  %1 = prim.matmul %c, %d : (tensor<?x4x?xbf16>, tensor<?x?x32xbf16>) -> tensor<?x4x32xbf16>
  // CHECK: %{{.+}} = prim.matmul %{{.+}}, %{{.+}} : (tensor<2x3x5x7xi8>, tensor<2x3x7x1xi8>) -> tensor<2x3x5x1xi8>
  %2 = prim.matmul %e, %f : (tensor<2x3x5x7xi8>, tensor<2x3x7x1xi8>) -> tensor<2x3x5x1xi8>
  return
}

// CHECK-LABEL: func.func @convolution
func.func @convolution(%x: tensor<?x3x32x32xf32>, %w: tensor<8x3x3x3xf32>, %dw: tensor<3x1x3x3xf32>, %x1: tensor<2x4x10xf16>, %w1: tensor<6x4x3xf16>, %x3: tensor<1x2x4x8x8xf32>, %w3: tensor<4x2x2x3x3xf32>, %dyn: tensor<?x3x?x?xf32>) {
  // CHECK: %{{.+}} = prim.convolution %{{.+}}, %{{.+}}, strides = [1, 1], padding = {{\[\[}}1, 1], [1, 1]] : (tensor<?x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<?x8x32x32xf32>
  %0 = prim.convolution %x, %w, strides = [1, 1], padding = [[1, 1], [1, 1]] : (tensor<?x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<?x8x32x32xf32>
  // CHECK: %{{.+}} = prim.convolution %{{.+}}, %{{.+}}, strides = [2, 2] : (tensor<?x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<?x8x15x15xf32>
  %1 = prim.convolution %x, %w, strides = [2, 2] : (tensor<?x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<?x8x15x15xf32>
  // CHECK: %{{.+}} = prim.convolution %{{.+}}, %{{.+}}, padding = {{\[\[}}1, 1], [1, 1]], feature_group_count = 3 : (tensor<?x3x32x32xf32>, tensor<3x1x3x3xf32>) -> tensor<?x3x32x32xf32>
  %2 = prim.convolution %x, %dw, padding = [[1, 1], [1, 1]], feature_group_count = 3 : (tensor<?x3x32x32xf32>, tensor<3x1x3x3xf32>) -> tensor<?x3x32x32xf32>
  // CHECK: %{{.+}} = prim.convolution %{{.+}}, %{{.+}}, rhs_dilation = [2, 2] : (tensor<?x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<?x8x28x28xf32>
  %3 = prim.convolution %x, %w, rhs_dilation = [2, 2] : (tensor<?x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<?x8x28x28xf32>
  // CHECK: %{{.+}} = prim.convolution %{{.+}}, %{{.+}}, padding = {{\[\[}}2, 3], [2, 3]], lhs_dilation = [2, 2] : (tensor<?x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<?x8x66x66xf32>
  %4 = prim.convolution %x, %w, padding = [[2, 3], [2, 3]], lhs_dilation = [2, 2] : (tensor<?x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<?x8x66x66xf32>
  // CHECK: %{{.+}} = prim.convolution %{{.+}}, %{{.+}}, strides = [3], padding = {{\[\[}}0, 2]] : (tensor<2x4x10xf16>, tensor<6x4x3xf16>) -> tensor<2x6x4xf16>
  %5 = prim.convolution %x1, %w1, strides = [3], padding = [[0, 2]] : (tensor<2x4x10xf16>, tensor<6x4x3xf16>) -> tensor<2x6x4xf16>
  // CHECK: %{{.+}} = prim.convolution %{{.+}}, %{{.+}}, strides = [2, 1, 1] : (tensor<1x2x4x8x8xf32>, tensor<4x2x2x3x3xf32>) -> tensor<1x4x2x6x6xf32>
  %6 = prim.convolution %x3, %w3, strides = [2, 1, 1] : (tensor<1x2x4x8x8xf32>, tensor<4x2x2x3x3xf32>) -> tensor<1x4x2x6x6xf32>
  // CHECK: %{{.+}} = prim.convolution %{{.+}}, %{{.+}} : (tensor<?x3x?x?xf32>, tensor<8x3x3x3xf32>) -> tensor<?x8x?x?xf32>
  %7 = prim.convolution %dyn, %w : (tensor<?x3x?x?xf32>, tensor<8x3x3x3xf32>) -> tensor<?x8x?x?xf32>
  return
}

// CHECK-LABEL: func.func @reduce_window
func.func @reduce_window(%x: tensor<?x8x32x32xf32>, %i: tensor<2x7xi32>) {
  // CHECK: %{{.+}} = prim.reduce_window max %{{.+}}, window = [1, 1, 2, 2], strides = [1, 1, 2, 2] : tensor<?x8x32x32xf32> -> tensor<?x8x16x16xf32>
  %0 = prim.reduce_window max %x, window = [1, 1, 2, 2], strides = [1, 1, 2, 2] : tensor<?x8x32x32xf32> -> tensor<?x8x16x16xf32>
  // CHECK: %{{.+}} = prim.reduce_window sum %{{.+}}, window = [1, 1, 3, 3], strides = [1, 1, 2, 2], padding = {{\[\[}}0, 0], [0, 0], [1, 1], [1, 1]] : tensor<?x8x32x32xf32> -> tensor<?x8x16x16xf32>
  %1 = prim.reduce_window sum %x, window = [1, 1, 3, 3], strides = [1, 1, 2, 2], padding = [[0, 0], [0, 0], [1, 1], [1, 1]] : tensor<?x8x32x32xf32> -> tensor<?x8x16x16xf32>
  // CHECK: %{{.+}} = prim.reduce_window max %{{.+}}, window = [1, 1, 3, 3], window_dilations = [1, 1, 2, 2] : tensor<?x8x32x32xf32> -> tensor<?x8x28x28xf32>
  %2 = prim.reduce_window max %x, window = [1, 1, 3, 3], window_dilations = [1, 1, 2, 2] : tensor<?x8x32x32xf32> -> tensor<?x8x28x28xf32>
  // CHECK: %{{.+}} = prim.reduce_window min %{{.+}}, window = [1, 7] : tensor<2x7xi32> -> tensor<2x1xi32>
  %3 = prim.reduce_window min %i, window = [1, 7] : tensor<2x7xi32> -> tensor<2x1xi32>
  return
}
