// What the complex and FFT decompositions refuse, named at the op (never a
// program that computes on complex numbers as if they were reals).
// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// A complex operand of an op whose decomposition is written for reals.
func.func @add_complex(%x: tensor<4xf32>) -> tensor<4xcomplex<f32>> {
  %0 = aten.call "aten.fft_fft.default"(self: %x) {dim = -1 : i64, n = #aten.none, norm = #aten.none} : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  // expected-error @+1 {{no decomposition of 'aten.add.Tensor' applies: its decomposition takes no complex tensors}}
  %1 = aten.call "aten.add.Tensor"(self: %0, other: %0) {alpha = 1 : i64} : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %1 : tensor<4xcomplex<f32>>
}

// -----

// An FFT along a dim of dynamic size.
func.func @fft_dynamic(%x: tensor<?xf32>) -> tensor<?xcomplex<f32>> {
  // expected-error @+1 {{no decomposition of 'aten.fft_fft.default' applies}}
  %0 = aten.call "aten.fft_fft.default"(self: %x) {dim = -1 : i64, n = #aten.none, norm = #aten.none} : (tensor<?xf32>) -> tensor<?xcomplex<f32>>
  return %0 : tensor<?xcomplex<f32>>
}

// -----

// A norm torch does not have.
func.func @fft_bad_norm(%x: tensor<4xf32>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{no decomposition of 'aten.fft_fft.default' applies}}
  %0 = aten.call "aten.fft_fft.default"(self: %x) {dim = -1 : i64, n = #aten.none, norm = "sideways"} : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// The same dim twice.
func.func @fft2_repeated_dim(%x: tensor<4x4xf32>) -> tensor<4x4xcomplex<f32>> {
  // expected-error @+1 {{no decomposition of 'aten.fft_fft2.default' applies}}
  %0 = aten.call "aten.fft_fft2.default"(self: %x) {dim = array<i64: 1, -1>, s = #aten.none, norm = #aten.none} : (tensor<4x4xf32>) -> tensor<4x4xcomplex<f32>>
  return %0 : tensor<4x4xcomplex<f32>>
}

// -----

// A declared result whose shape is not the transform's (rfft of 8 points
// has 5 bins).
func.func @rfft_wrong_bins(%x: tensor<8xf32>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{no decomposition of 'aten.fft_rfft.default' applies}}
  %0 = aten.call "aten.fft_rfft.default"(self: %x) {dim = -1 : i64, n = #aten.none, norm = #aten.none} : (tensor<8xf32>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// An stft window that is not win_length long.
func.func @stft_window(%x: tensor<12xf32>, %w: tensor<5xf32>) -> tensor<5x3xcomplex<f32>> {
  // expected-error @+1 {{no decomposition of 'aten.stft.default' applies}}
  %0 = aten.call "aten.stft.default"(self: %x, window: %w) {n_fft = 8 : i64, hop_length = #aten.none, win_length = #aten.none, normalized = false, onesided = #aten.none, return_complex = true, align_to_window = #aten.none} : (tensor<12xf32>, tensor<5xf32>) -> tensor<5x3xcomplex<f32>>
  return %0 : tensor<5x3xcomplex<f32>>
}

// -----

// view_as_complex of a tensor whose last dim is not the 2 parts.
func.func @view_as_complex_three(%p: tensor<5x3xf32>) -> tensor<5xcomplex<f32>> {
  // expected-error @+1 {{no decomposition of 'aten.view_as_complex.default' applies}}
  %0 = aten.call "aten.view_as_complex.default"(self: %p) : (tensor<5x3xf32>) -> tensor<5xcomplex<f32>>
  return %0 : tensor<5xcomplex<f32>>
}

// -----

// A signal size whose twiddle tables would not fit pt2c's compile-time limit
// (found by the mutation fuzzer: the compiler ran for good).
func.func @irfft_huge(%z: tensor<3xcomplex<f32>>) -> tensor<1099511627776xf32> {
  // expected-error @+1 {{no decomposition of 'aten.fft_irfft.default' applies: an FFT's twiddle tables of sizes [4, 1099511627776] needs more than 67108864 table entries}}
  %0 = aten.call "aten.fft_irfft.default"(self: %z) {dim = -1 : i64, n = 1099511627776 : i64, norm = #aten.none} : (tensor<3xcomplex<f32>>) -> tensor<1099511627776xf32>
  return %0 : tensor<1099511627776xf32>
}
