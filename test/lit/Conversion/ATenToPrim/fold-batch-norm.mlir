// RUN: %pt2c-opt %s --pt2c-decompose-aten --pt2c-fold-batch-norm --canonicalize --split-input-file | FileCheck %s

// conv2d then an inference batch_norm, all of whose tensors are weights:
// the multiply by the scale is gone (the filter will hold w * scale), beta's
// argument is read as the bias (it will hold beta - mean * scale), and both
// carry the recipe with the statistics' FQNs and eps (the f32 constant the
// decomposition adds, as torch adds it in float).
// CHECK-LABEL: func.func @conv_bn
// CHECK-SAME: %[[W:[^:]+]]: tensor<8x3x3x3xf32> {pt2c.weight = "conv.weight", pt2c.weight_fold = {eps = 0.0010000000474974513 : f64, gamma = "bn.weight", kind = "scale_filter", var = "bn.running_var"}}
// CHECK-SAME: %[[G:[^:]+]]: tensor<8xf32> {pt2c.weight = "bn.weight"}
// CHECK-SAME: %[[B:[^:]+]]: tensor<8xf32> {pt2c.weight = "bn.bias", pt2c.weight_fold = {eps = 0.0010000000474974513 : f64, gamma = "bn.weight", kind = "shift", mean = "bn.running_mean", var = "bn.running_var"}}
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3x10x10xf32> {pt2c.input = "x"}
// CHECK-NOT: prim.rsqrt
// CHECK-NOT: prim.mul
// CHECK: %[[C:.+]] = prim.convolution %[[X]], %[[W]]
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [1]
// CHECK: %[[R:.+]] = prim.add %[[C]], %[[BB]]
// CHECK: return %[[R]]
func.func @conv_bn(%w: tensor<8x3x3x3xf32> {pt2c.weight = "conv.weight"}, %g: tensor<8xf32> {pt2c.weight = "bn.weight"}, %b: tensor<8xf32> {pt2c.weight = "bn.bias"}, %m: tensor<8xf32> {pt2c.weight = "bn.running_mean"}, %v: tensor<8xf32> {pt2c.weight = "bn.running_var"}, %x: tensor<2x3x10x10xf32> {pt2c.input = "x"}) -> tensor<2x8x8x8xf32> {
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x3x10x10xf32>, tensor<8x3x3x3xf32>) -> tensor<2x8x8x8xf32>
  %1 = aten.call "aten.batch_norm.default"(input: %0, weight: %g, bias: %b, running_mean: %m, running_var: %v) {cudnn_enabled = false, eps = 1.000000e-03 : f64, momentum = 1.000000e-01 : f64, training = false} : (tensor<2x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf32>
  return %1 : tensor<2x8x8x8xf32>
}

// -----

// bfloat16: the batch norm runs in f32 between converts; the convolution's
// bf16 result is still widened, beta widened and added, the sum narrowed.
// CHECK-LABEL: func.func @conv_bn_bf16
// CHECK-SAME: %[[W:[^:]+]]: tensor<8x3x3x3xbf16> {pt2c.weight = "conv.weight", pt2c.weight_fold = {{{.*}}kind = "scale_filter"
// CHECK-SAME: %[[B:[^:]+]]: tensor<8xbf16> {pt2c.weight = "bn.bias", pt2c.weight_fold = {{{.*}}kind = "shift"
// CHECK-NOT: prim.rsqrt
// CHECK: %[[C:.+]] = prim.convolution %{{.+}}, %[[W]]
// CHECK-DAG: %[[CF:.+]] = prim.convert %[[C]] : tensor<2x8x8x8xbf16> -> tensor<2x8x8x8xf32>
// CHECK-DAG: %[[BF:.+]] = prim.convert %[[B]] : tensor<8xbf16> -> tensor<8xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[BF]], dims = [1]
// CHECK: %[[S:.+]] = prim.add %[[CF]], %[[BB]]
// CHECK: %[[R:.+]] = prim.convert %[[S]] : tensor<2x8x8x8xf32> -> tensor<2x8x8x8xbf16>
// CHECK: return %[[R]]
func.func @conv_bn_bf16(%w: tensor<8x3x3x3xbf16> {pt2c.weight = "conv.weight"}, %g: tensor<8xbf16> {pt2c.weight = "bn.weight"}, %b: tensor<8xbf16> {pt2c.weight = "bn.bias"}, %m: tensor<8xbf16> {pt2c.weight = "bn.running_mean"}, %v: tensor<8xbf16> {pt2c.weight = "bn.running_var"}, %x: tensor<2x3x10x10xbf16> {pt2c.input = "x"}) -> tensor<2x8x8x8xbf16> {
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x3x10x10xbf16>, tensor<8x3x3x3xbf16>) -> tensor<2x8x8x8xbf16>
  %1 = aten.call "aten.batch_norm.default"(input: %0, weight: %g, bias: %b, running_mean: %m, running_var: %v) {cudnn_enabled = false, eps = 1.000000e-05 : f64, momentum = 1.000000e-01 : f64, training = false} : (tensor<2x8x8x8xbf16>, tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16>) -> tensor<2x8x8x8xbf16>
  return %1 : tensor<2x8x8x8xbf16>
}

// -----

// The convolution's result is also returned: it must stay unscaled, so
// nothing is folded.
// CHECK-LABEL: func.func @conv_also_returned
// CHECK-NOT: pt2c.weight_fold
// CHECK: prim.rsqrt
// CHECK: prim.mul
func.func @conv_also_returned(%w: tensor<8x3x3x3xf32> {pt2c.weight = "conv.weight"}, %g: tensor<8xf32> {pt2c.weight = "bn.weight"}, %b: tensor<8xf32> {pt2c.weight = "bn.bias"}, %m: tensor<8xf32> {pt2c.weight = "bn.running_mean"}, %v: tensor<8xf32> {pt2c.weight = "bn.running_var"}, %x: tensor<2x3x10x10xf32> {pt2c.input = "x"}) -> (tensor<2x8x8x8xf32>, tensor<2x8x8x8xf32>) {
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x3x10x10xf32>, tensor<8x3x3x3xf32>) -> tensor<2x8x8x8xf32>
  %1 = aten.call "aten.batch_norm.default"(input: %0, weight: %g, bias: %b, running_mean: %m, running_var: %v) {cudnn_enabled = false, eps = 1.000000e-03 : f64, momentum = 1.000000e-01 : f64, training = false} : (tensor<2x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf32>
  return %0, %1 : tensor<2x8x8x8xf32>, tensor<2x8x8x8xf32>
}

// -----

// The filter is read by a second convolution: scaling it in place would
// change that one too.
// CHECK-LABEL: func.func @filter_shared
// CHECK-NOT: pt2c.weight_fold
// CHECK: prim.rsqrt
func.func @filter_shared(%w: tensor<8x3x3x3xf32> {pt2c.weight = "conv.weight"}, %g: tensor<8xf32> {pt2c.weight = "bn.weight"}, %b: tensor<8xf32> {pt2c.weight = "bn.bias"}, %m: tensor<8xf32> {pt2c.weight = "bn.running_mean"}, %v: tensor<8xf32> {pt2c.weight = "bn.running_var"}, %x: tensor<2x3x10x10xf32> {pt2c.input = "x"}, %x2: tensor<2x3x10x10xf32> {pt2c.input = "x2"}) -> (tensor<2x8x8x8xf32>, tensor<2x8x8x8xf32>) {
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x3x10x10xf32>, tensor<8x3x3x3xf32>) -> tensor<2x8x8x8xf32>
  %1 = aten.call "aten.batch_norm.default"(input: %0, weight: %g, bias: %b, running_mean: %m, running_var: %v) {cudnn_enabled = false, eps = 1.000000e-03 : f64, momentum = 1.000000e-01 : f64, training = false} : (tensor<2x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf32>
  %2 = aten.call "aten.conv2d.default"(input: %x2, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x3x10x10xf32>, tensor<8x3x3x3xf32>) -> tensor<2x8x8x8xf32>
  return %1, %2 : tensor<2x8x8x8xf32>, tensor<2x8x8x8xf32>
}

// -----

// beta is also read elsewhere (added to the output): its storage cannot
// hold the shift.
// CHECK-LABEL: func.func @beta_shared
// CHECK-NOT: pt2c.weight_fold
// CHECK: prim.rsqrt
func.func @beta_shared(%w: tensor<8x3x3x3xf32> {pt2c.weight = "conv.weight"}, %g: tensor<8xf32> {pt2c.weight = "bn.weight"}, %b: tensor<8xf32> {pt2c.weight = "bn.bias"}, %m: tensor<8xf32> {pt2c.weight = "bn.running_mean"}, %v: tensor<8xf32> {pt2c.weight = "bn.running_var"}, %x: tensor<2x3x10x10xf32> {pt2c.input = "x"}) -> (tensor<2x8x8x8xf32>, tensor<8xf32>) {
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x3x10x10xf32>, tensor<8x3x3x3xf32>) -> tensor<2x8x8x8xf32>
  %1 = aten.call "aten.batch_norm.default"(input: %0, weight: %g, bias: %b, running_mean: %m, running_var: %v) {cudnn_enabled = false, eps = 1.000000e-03 : f64, momentum = 1.000000e-01 : f64, training = false} : (tensor<2x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf32>
  %2 = aten.call "aten.neg.default"(self: %b) : (tensor<8xf32>) -> tensor<8xf32>
  return %1, %2 : tensor<2x8x8x8xf32>, tensor<8xf32>
}

// -----

// The filter is a user input, not a weight: nothing to fold at compile time.
// CHECK-LABEL: func.func @filter_is_input
// CHECK-NOT: pt2c.weight_fold
// CHECK: prim.rsqrt
func.func @filter_is_input(%g: tensor<8xf32> {pt2c.weight = "bn.weight"}, %b: tensor<8xf32> {pt2c.weight = "bn.bias"}, %m: tensor<8xf32> {pt2c.weight = "bn.running_mean"}, %v: tensor<8xf32> {pt2c.weight = "bn.running_var"}, %x: tensor<2x3x10x10xf32> {pt2c.input = "x"}, %w: tensor<8x3x3x3xf32> {pt2c.input = "w"}) -> tensor<2x8x8x8xf32> {
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x3x10x10xf32>, tensor<8x3x3x3xf32>) -> tensor<2x8x8x8xf32>
  %1 = aten.call "aten.batch_norm.default"(input: %0, weight: %g, bias: %b, running_mean: %m, running_var: %v) {cudnn_enabled = false, eps = 1.000000e-03 : f64, momentum = 1.000000e-01 : f64, training = false} : (tensor<2x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf32>
  return %1 : tensor<2x8x8x8xf32>
}

// -----

// No affine parameters: there is no beta whose storage could hold the
// shift, so nothing is folded (yet).
// CHECK-LABEL: func.func @no_affine
// CHECK-NOT: pt2c.weight_fold
// CHECK: prim.rsqrt
func.func @no_affine(%w: tensor<8x3x3x3xf32> {pt2c.weight = "conv.weight"}, %m: tensor<8xf32> {pt2c.weight = "bn.running_mean"}, %v: tensor<8xf32> {pt2c.weight = "bn.running_var"}, %x: tensor<2x3x10x10xf32> {pt2c.input = "x"}) -> tensor<2x8x8x8xf32> {
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x3x10x10xf32>, tensor<8x3x3x3xf32>) -> tensor<2x8x8x8xf32>
  %1 = aten.call "aten.batch_norm.default"(input: %0, running_mean: %m, running_var: %v) {bias = #aten.none, cudnn_enabled = false, eps = 1.000000e-05 : f64, momentum = 1.000000e-01 : f64, training = false, weight = #aten.none} : (tensor<2x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf32>
  return %1 : tensor<2x8x8x8xf32>
}

// -----

// A convolution with its own bias b: the add of b is dropped too, and the
// shift's recipe names b (beta + (b - mean) * scale).
// CHECK-LABEL: func.func @conv_bias_bn
// CHECK-SAME: %[[W:[^:]+]]: tensor<8x3x3x3xf32> {pt2c.weight = "conv.weight", pt2c.weight_fold = {{{.*}}kind = "scale_filter"
// CHECK-SAME: %[[CB:[^:]+]]: tensor<8xf32> {pt2c.weight = "conv.bias"}
// CHECK-SAME: %[[B:[^:]+]]: tensor<8xf32> {pt2c.weight = "bn.bias", pt2c.weight_fold = {bias = "conv.bias", eps = 0.0010000000474974513 : f64, gamma = "bn.weight", kind = "shift", mean = "bn.running_mean", var = "bn.running_var"}}
// CHECK: %[[C:.+]] = prim.convolution %{{.+}}, %[[W]]
// CHECK-NEXT: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [1]
// CHECK-NEXT: %[[R:.+]] = prim.add %[[C]], %[[BB]]
// CHECK-NEXT: return %[[R]]
func.func @conv_bias_bn(%w: tensor<8x3x3x3xf32> {pt2c.weight = "conv.weight"}, %cb: tensor<8xf32> {pt2c.weight = "conv.bias"}, %g: tensor<8xf32> {pt2c.weight = "bn.weight"}, %b: tensor<8xf32> {pt2c.weight = "bn.bias"}, %m: tensor<8xf32> {pt2c.weight = "bn.running_mean"}, %v: tensor<8xf32> {pt2c.weight = "bn.running_var"}, %x: tensor<2x3x10x10xf32> {pt2c.input = "x"}) -> tensor<2x8x8x8xf32> {
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w, bias: %cb) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x3x10x10xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf32>
  %1 = aten.call "aten.batch_norm.default"(input: %0, weight: %g, bias: %b, running_mean: %m, running_var: %v) {cudnn_enabled = false, eps = 1.000000e-03 : f64, momentum = 1.000000e-01 : f64, training = false} : (tensor<2x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf32>
  return %1 : tensor<2x8x8x8xf32>
}

// -----

// The running statistics in float32, the affine weight in float16: the folds
// read all statistics as one type, so nothing is folded.
// CHECK-LABEL: func.func @mixed_statistics
// CHECK-NOT: pt2c.weight_fold
// CHECK: prim.rsqrt
func.func @mixed_statistics(%w: tensor<8x3x3x3xf16> {pt2c.weight = "conv.weight"}, %g: tensor<8xf16> {pt2c.weight = "bn.weight"}, %b: tensor<8xf16> {pt2c.weight = "bn.bias"}, %m: tensor<8xf32> {pt2c.weight = "bn.running_mean"}, %v: tensor<8xf32> {pt2c.weight = "bn.running_var"}, %x: tensor<2x3x10x10xf16> {pt2c.input = "x"}) -> tensor<2x8x8x8xf16> {
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x3x10x10xf16>, tensor<8x3x3x3xf16>) -> tensor<2x8x8x8xf16>
  %1 = aten.call "aten.batch_norm.default"(input: %0, weight: %g, bias: %b, running_mean: %m, running_var: %v) {cudnn_enabled = false, eps = 1.000000e-05 : f64, momentum = 1.000000e-01 : f64, training = false} : (tensor<2x8x8x8xf16>, tensor<8xf16>, tensor<8xf16>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf16>
  return %1 : tensor<2x8x8x8xf16>
}
