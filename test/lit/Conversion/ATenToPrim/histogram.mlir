// histogram and histogramdd (Histogram.cpp): a point's bin is the count of
// edges at or below it, minus 1 (the last edge in the last bin); points
// outside the edges weigh 0; the weights are scattered into the flattened
// bins in f64.
// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// Edges given as a tensor: [6, 4] comparisons of the points with the 4
// edges, counted per point; the 3 bins filled by a scatter of the weights.
// CHECK-LABEL: func.func @histogram_edges
// CHECK: %[[GE:.+]] = prim.compare %{{.+}}, %{{.+}}, predicate = ge : tensor<6x4xf32>
// CHECK: %[[COUNT:.+]] = prim.convert %[[GE]] : tensor<6x4xi1> -> tensor<6x4xi64>
// CHECK: prim.reduce sum %[[COUNT]], dims = [1] : tensor<6x4xi64> -> tensor<6xi64>
// CHECK: prim.min
// CHECK: %[[HIST:.+]] = prim.scatter add %{{.+}}, %{{.+}}, %{{.+}}, dim = 0 : (tensor<3xf64>, tensor<6xi64>, tensor<6xf64>) -> tensor<3xf64>
// CHECK: prim.convert %{{.+}} : tensor<3xf64> -> tensor<3xf32>
// CHECK: return %{{.+}}, %arg1
func.func @histogram_edges(%x: tensor<2x3xf32>, %edges: tensor<4xf32>, %w: tensor<2x3xf32>) -> (tensor<3xf32>, tensor<4xf32>) {
  %0:2 = aten.call "aten.histogram.bins_tensor"(self: %x, bins: %edges, weight: %w) : (tensor<2x3xf32>, tensor<4xf32>, tensor<2x3xf32>) -> (tensor<3xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<4xf32>
}

// -----

// A bin count without a range: the edges are linspace(min, max, 5) of the
// data (an empty range widened by 0.5), from the start for the first half
// and from the end for the rest; density divides by the total and by the
// widths.
// CHECK-LABEL: func.func @histogram_count_density
// CHECK: %[[LOW:.+]] = prim.reduce min %{{.+}}, dims = [0] : tensor<6xf32> -> tensor<f32>
// CHECK: %[[HIGH:.+]] = prim.reduce max %{{.+}}, dims = [0] : tensor<6xf32> -> tensor<f32>
// CHECK: prim.compare %[[LOW]], %[[HIGH]], predicate = eq : tensor<f32>
// CHECK: prim.iota dim = 0 : tensor<5xf32>
// CHECK: prim.compare %{{.+}}, %{{.+}}, predicate = lt : tensor<5xf32>
// CHECK: prim.scatter add
// CHECK: %[[TOTAL:.+]] = prim.reduce sum %{{.+}}, dims = [0] : tensor<4xf64> -> tensor<f64>
// CHECK: prim.sub %{{.+}}, %{{.+}} : tensor<4xf64>
func.func @histogram_count_density(%x: tensor<6xf32>) -> (tensor<4xf32>, tensor<5xf32>) {
  %0:2 = aten.call "aten.histogram.bin_ct"(self: %x) {bins = 4 : i64, density = true} : (tensor<6xf32>) -> (tensor<4xf32>, tensor<5xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<5xf32>
}

// -----

// histogramdd of [4, 2] points into 2 x 3 bins within a range: each column
// finds its bin, the flat bin is row-major (x bin * 3 + y bin), and a point
// must be inside in both dims.
// CHECK-LABEL: func.func @histogramdd_range
// CHECK: prim.compare %{{.+}}, %{{.+}}, predicate = ge : tensor<4x4xf32>
// CHECK: prim.compare %{{.+}}, %{{.+}}, predicate = ge : tensor<4x3xf32>
// CHECK: prim.and %{{.+}}, %{{.+}} : tensor<4xi1>
// CHECK: prim.scatter add %{{.+}}, %{{.+}}, %{{.+}}, dim = 0 : (tensor<6xf64>, tensor<4xi64>, tensor<4xf64>) -> tensor<6xf64>
// CHECK: prim.reshape %{{.+}} : tensor<6xf64> -> tensor<2x3xf64>
func.func @histogramdd_range(%x: tensor<4x2xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>) {
  %0:3 = aten.call "aten.histogramdd.default"(self: %x) {bins = array<i64: 2, 3>, range = array<f64: 0.0, 1.0, -1.0, 1.0>} : (tensor<4x2xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>
}
