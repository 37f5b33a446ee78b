// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s
// Overloads added from the inventory of every ATen overload (issue #17);
// their values against eager are checked by the corpus's inventory family.

// all(x, dim) is an and-reduce of x != 0.
// CHECK-LABEL: func.func @all_dim
// CHECK: %[[NZ:.+]] = prim.compare %arg0, %{{.+}}, predicate = ne : tensor<3x5xf32>
// CHECK: prim.reduce and %[[NZ]], dims = [1] : tensor<3x5xi1> -> tensor<3xi1>
func.func @all_dim(%x: tensor<3x5xf32>) -> tensor<3xi1> {
  %0 = aten.call "aten.all.dim"(self: %x) {dim = 1 : i64, keepdim = false} : (tensor<3x5xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// rot90(x, 1, [0, 1]) reverses dim 1, then swaps dims 0 and 1.
// CHECK-LABEL: func.func @rot90
// CHECK: %[[R:.+]] = prim.reverse %arg0, dims = [1]
// CHECK: prim.transpose %[[R]], permutation = [1, 0, 2]
func.func @rot90(%x: tensor<3x4x5xf32>) -> tensor<4x3x5xf32> {
  %0 = aten.call "aten.rot90.default"(self: %x) {dims = array<i64: 0, 1>, k = 1 : i64} : (tensor<3x4x5xf32>) -> tensor<4x3x5xf32>
  return %0 : tensor<4x3x5xf32>
}

// -----

// pixel_shuffle(x, 2): [2, 8, 3, 4] as [2, 2, 2, 2, 3, 4], the two factors
// moved next to H and W, merged into [2, 2, 6, 8].
// CHECK-LABEL: func.func @pixel_shuffle
// CHECK: %[[S:.+]] = prim.reshape %arg0 : tensor<2x8x3x4xf32> -> tensor<2x2x2x2x3x4xf32>
// CHECK: %[[T:.+]] = prim.transpose %[[S]], permutation = [0, 1, 4, 2, 5, 3]
// CHECK: prim.reshape %[[T]] : tensor<2x2x3x2x4x2xf32> -> tensor<2x2x6x8xf32>
func.func @pixel_shuffle(%x: tensor<2x8x3x4xf32>) -> tensor<2x2x6x8xf32> {
  %0 = aten.call "aten.pixel_shuffle.default"(self: %x) {upscale_factor = 2 : i64} : (tensor<2x8x3x4xf32>) -> tensor<2x2x6x8xf32>
  return %0 : tensor<2x2x6x8xf32>
}

// -----

// linspace(-1, 3, 5): from the start for i < 2, from the end after (both
// ends exact), step 1.
// CHECK-LABEL: func.func @linspace
// CHECK-DAG: prim.constant dense<2.000000e+00> : tensor<5xf32>
// CHECK-DAG: prim.constant dense<-1.000000e+00> : tensor<5xf32>
// CHECK-DAG: prim.constant dense<3.000000e+00> : tensor<5xf32>
// CHECK: prim.iota dim = 0 : tensor<5xf32>
// CHECK: prim.compare %{{.+}}, %{{.+}}, predicate = lt : tensor<5xf32>
// CHECK: prim.select
func.func @linspace() -> tensor<5xf32> {
  %0 = aten.call "aten.linspace.default"() {device = "cpu", dtype = f32, end = 3.000000e+00 : f64, layout = #aten.none, pin_memory = false, start = -1.000000e+00 : f64, steps = 5 : i64} : () -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// _safe_softmax: 0 along a row that is -inf everywhere.
// CHECK-LABEL: func.func @safe_softmax
// CHECK: %[[NEG:.+]] = prim.compare %arg0, %{{.+}}, predicate = eq : tensor<6x5xf32>
// CHECK: %[[ROW:.+]] = prim.reduce and %[[NEG]], dims = [1]
// CHECK: %[[KEPT:.+]] = prim.reshape %[[ROW]]
// CHECK: %[[ALL:.+]] = prim.broadcast_in_dim %[[KEPT]]
// CHECK: prim.select %[[ALL]], %{{.+}}, %{{.+}} : tensor<6x5xi1>, tensor<6x5xf32>
func.func @safe_softmax(%x: tensor<6x5xf32>) -> tensor<6x5xf32> {
  %0 = aten.call "aten._safe_softmax.default"(self: %x) {dim = -1 : i64, dtype = #aten.none} : (tensor<6x5xf32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

// isin(elements, test_elements): each element against each test element,
// or-reduced over the tests.
// CHECK-LABEL: func.func @isin
// CHECK: %[[L:.+]] = prim.broadcast_in_dim %arg0, dims = [0, 1] : tensor<4x5xi64> -> tensor<4x5x4xi64>
// CHECK: %[[R:.+]] = prim.broadcast_in_dim %{{.+}}, dims = [2] : tensor<4xi64> -> tensor<4x5x4xi64>
// CHECK: %[[EQ:.+]] = prim.compare %[[L]], %[[R]], predicate = eq : tensor<4x5x4xi64>
// CHECK: prim.reduce or %[[EQ]], dims = [2] : tensor<4x5x4xi1> -> tensor<4x5xi1>
func.func @isin(%e: tensor<4x5xi64>, %t: tensor<4xi64>) -> tensor<4x5xi1> {
  %0 = aten.call "aten.isin.Tensor_Tensor"(elements: %e, test_elements: %t) {assume_unique = false, invert = false} : (tensor<4x5xi64>, tensor<4xi64>) -> tensor<4x5xi1>
  return %0 : tensor<4x5xi1>
}

// -----

// take(x, i): x flattened, read at i wrapped where negative.
// CHECK-LABEL: func.func @take
// CHECK-DAG: %[[N:.+]] = prim.constant dense<12> : tensor<2x3xi64>
// CHECK-DAG: %[[FLAT:.+]] = prim.reshape %arg0 : tensor<3x4xf32> -> tensor<12xf32>
// CHECK: %[[NEG:.+]] = prim.compare %arg1, %{{.+}}, predicate = lt : tensor<2x3xi64>
// CHECK: %[[UP:.+]] = prim.add %arg1, %[[N]]
// CHECK: %[[I:.+]] = prim.select %[[NEG]], %[[UP]], %arg1
// CHECK: prim.take %[[FLAT]], %[[I]], dim = 0
func.func @take(%x: tensor<3x4xf32>, %i: tensor<2x3xi64>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.take.default"(self: %x, index: %i) : (tensor<3x4xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// huber_loss with delta 0.5: 0.5 d^2 below delta, delta (d - delta / 2) above.
// CHECK-LABEL: func.func @huber
// CHECK: %[[D:.+]] = prim.abs
// CHECK: %[[SMALL:.+]] = prim.compare %[[D]], %{{.+}}, predicate = lt : tensor<4x6xf32>
// CHECK: prim.select %[[SMALL]]
func.func @huber(%x: tensor<4x6xf32>, %y: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = aten.call "aten.huber_loss.default"(self: %x, target: %y) {delta = 5.000000e-01 : f64, reduction = 0 : i64} : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// lgamma is summed in f64 (Lanczos' series) and rounded once.
// CHECK-LABEL: func.func @lgamma
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<4xf32> -> tensor<4xf64>
// CHECK: prim.sin
// CHECK: %[[R:.+]] = prim.convert %{{.+}} : tensor<4xf64> -> tensor<4xf32>
// CHECK-NEXT: return %[[R]]
func.func @lgamma(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.lgamma.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// masked_scatter: the k-th true position reads source's element k, through
// an inclusive cumsum of the mask.
// CHECK-LABEL: func.func @masked_scatter
// CHECK: %[[M:.+]] = prim.reshape %{{.+}} : tensor<2x3xi1> -> tensor<6xi1>
// CHECK: %[[C:.+]] = prim.cumsum %{{.+}}, dim = 0 : tensor<6xi64>
// CHECK: %[[SRC:.+]] = prim.reshape %arg2 : tensor<2x5xf32> -> tensor<10xf32>
// CHECK: prim.take %[[SRC]], %{{.+}}, dim = 0
func.func @masked_scatter(%x: tensor<2x3xf32>, %m: tensor<2x3xi1>, %s: tensor<2x5xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.masked_scatter.default"(self: %x, mask: %m, source: %s) : (tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x5xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// nll_loss_forward: ignored targets read class 0 and weigh 0.
// CHECK-LABEL: func.func @nll_loss
// CHECK: %[[T:.+]] = prim.reshape %arg1 : tensor<5xi64> -> tensor<5x1xi64>
// CHECK: %[[KEEP:.+]] = prim.compare %[[T]], %{{.+}}, predicate = ne : tensor<5x1xi64>
// CHECK: %[[SAFE:.+]] = prim.select %[[KEEP]], %[[T]], %{{.+}} : tensor<5x1xi1>, tensor<5x1xi64>
// CHECK: prim.take_along %arg0, %[[SAFE]], dim = 1
func.func @nll_loss(%x: tensor<5x6xf32>, %t: tensor<5xi64>) -> (tensor<f32>, tensor<f32>) {
  %0:2 = aten.call "aten.nll_loss_forward.default"(self: %x, target: %t) {ignore_index = -100 : i64, reduction = 1 : i64, weight = #aten.none} : (tensor<5x6xf32>, tensor<5xi64>) -> (tensor<f32>, tensor<f32>)
  return %0#0, %0#1 : tensor<f32>, tensor<f32>
}
