// RUN: %pt2c-opt %s --split-input-file --pt2c-verify-aten -verify-diagnostics

// pt2c-verify-aten (VerifyCalls.h): one error per node that disagrees with
// its schema or its tensors, at the node, naming its target. Each case is
// one edit of a well-formed call (verify-aten.mlir has them unedited).

// An argument the schema does not have (a linear with a 4th argument).
func.func @unknown_argument(%x: tensor<4x8xf32>, %w: tensor<2x8xf32>, %b: tensor<2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'aten.linear.default': there is no argument named 'scale' (schema: aten::linear(}}
  %0 = aten.call "aten.linear.default"(input: %x, weight: %w, bias: %b) {scale = 2.0 : f64} : (tensor<4x8xf32>, tensor<2x8xf32>, tensor<2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// A required argument (no default) left out.
func.func @missing_required(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'aten.softmax.int': required argument 'dim' is missing}}
  %0 = aten.call "aten.softmax.int"(self: %x) {dtype = #aten.none} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A list where one int goes (softmax's dim as [1, 0]).
func.func @list_for_int(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'aten.softmax.int': argument 'dim' (int) is a list, expected one int}}
  %0 = aten.call "aten.softmax.int"(self: %x) {dim = array<i64: 1, 0>, dtype = #aten.none} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A string where a float goes.
func.func @string_for_float(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'aten.layer_norm.default': argument 'eps' (float) is not a float}}
  %0 = aten.call "aten.layer_norm.default"(input: %x) {normalized_shape = array<i64: 8>, weight = #aten.none, bias = #aten.none, eps = "tiny", cudnn_enable = false} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// None for an argument that is not optional.
func.func @none_not_optional(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'aten.softmax.int': argument 'dim' (int) is None, and the argument is not optional}}
  %0 = aten.call "aten.softmax.int"(self: %x) {dim = #aten.none, dtype = #aten.none} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A tensor where the schema takes an int (sym_size's dim).
func.func @tensor_for_int(%x: tensor<4x8xf32>, %d: tensor<i64>) -> i64 {
  // expected-error @+1 {{'aten.sym_size.int': argument 'dim' (int) is not an integer}}
  %0 = aten.call "aten.sym_size.int"(self: %x, dim: %d) : (tensor<4x8xf32>, tensor<i64>) -> i64
  return %0 : i64
}

// -----

// A fixed-size list of another length: a 2-d pool with 3 strides.
func.func @fixed_list_length(%x: tensor<1x1x8x8xf32>) -> tensor<1x1x4x4xf32> {
  // expected-error @+1 {{'aten.max_pool2d.default': argument 'stride' (int[2]) has 3 entries, expected 1 or 2}}
  %0 = aten.call "aten.max_pool2d.default"(self: %x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x8x8xf32>) -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

// A non-tensor constant where a list of tensors goes.
func.func @tensor_list_attr(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'aten.cat.default': argument 'tensors' (Tensor[]) is not a list of tensors}}
  %0 = aten.call "aten.cat.default"() {tensors = array<i64: 1, 2>, dim = 0} : () -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// More results than the schema returns.
func.func @extra_result(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'aten.relu.default': declares 2 results, the schema returns 1}}
  %0:2 = aten.call "aten.relu.default"(self: %x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4xf32>
}

// -----

// A tensor declared where the schema returns an int.
func.func @tensor_for_symint(%x: tensor<4x8xf32>) -> tensor<i64> {
  // expected-error @+1 {{'aten.sym_size.int': result 0 is a tensor, the schema returns a SymInt}}
  %0 = aten.call "aten.sym_size.int"(self: %x) {dim = 0} : (tensor<4x8xf32>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

// An int64 input fed to a float linear (issue #18: silently accepted, then
// prim.matmul's type inference).
func.func @linear_dtypes(%x: tensor<4x8xi64>, %w: tensor<2x8xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'aten.linear.default': 'weight' is f32 but 'input' is i64: they must have the same dtype}}
  %0 = aten.call "aten.linear.default"(input: %x, weight: %w) {bias = #aten.none} : (tensor<4x8xi64>, tensor<2x8xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// A contraction whose declared result has another dtype than its operands.
func.func @mm_result_dtype(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) -> tensor<4x2xf16> {
  // expected-error @+1 {{'aten.mm.default': the result is f16 but 'self' is f32: they must have the same dtype}}
  %0 = aten.call "aten.mm.default"(self: %a, mat2: %b) : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf16>
  return %0 : tensor<4x2xf16>
}

// -----

// A dim outside its tensor (checked for every op; dims-invalid.mlir has
// more forms).
func.func @dim_out_of_range(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'aten.softmax.int': argument 'dim' = 2 is out of range for a tensor of rank 2}}
  %0 = aten.call "aten.softmax.int"(self: %x) {dim = 2, dtype = #aten.none} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// cat and stack take their dim in their result's rank.
func.func @cat_dim(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'aten.cat.default': argument 'dim' = 2 is out of range for a result of rank 2}}
  %0 = aten.call "aten.cat.default"(tensors: [%a, %b]) {dim = 2} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @stack_dim(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3x2xf32> {
  // expected-error @+1 {{'aten.stack.default': argument 'dim' = -4 is out of range for a result of rank 3}}
  %0 = aten.call "aten.stack.default"(tensors: [%a, %b]) {dim = -4} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x2xf32>
  return %0 : tensor<2x3x2xf32>
}

// -----

// A symbol whose range is empty (the reader refuses it in an archive; an
// aten form from elsewhere is checked here).
// expected-error @+1 {{function 'forward': symbol 's0' has the empty range [8, 2]}}
func.func @forward(%x: tensor<?x8xf32>) -> tensor<?x8xf32> attributes {pt2c.symbols = {s0 = {max = 2 : i64, min = 8 : i64}}} {
  return %x : tensor<?x8xf32>
}

// -----

// Every bad node gets its error, not only the first.
func.func @two_bad(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'aten.softmax.int': argument 'dim' = 5}}
  %0 = aten.call "aten.softmax.int"(self: %x) {dim = 5, dtype = #aten.none} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // expected-error @+1 {{'aten.softmax.int': argument 'dim' = -9}}
  %1 = aten.call "aten.softmax.int"(self: %0) {dim = -9, dtype = #aten.none} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
