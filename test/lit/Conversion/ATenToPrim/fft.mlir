// torch.fft and the complex tensors it gives (Fft.cpp, Complex.cpp,
// ComplexBoundary.cpp): complex values are pairs of real tensors, and
// @forward's complex arguments and results their interleaved [..., 2] form.
// RUN: %pt2c-opt %s --pt2c-decompose-aten -split-input-file | FileCheck %s

// Length 4 = 2 x 2: the radix-2 butterflies (a sum and a difference of the
// two halves) along the split dim, the twiddles w_4^(k1 j2) (-i at k1 = j2
// = 1, exact), then the length-2 DFT of the columns and the [k1, k2] ->
// k1 + 2 k2 transpose. The result is the interleaved form.
// CHECK-LABEL: func.func @fft_radix2
// CHECK-SAME: -> tensor<2x4x2xf32>
// CHECK-DAG: prim.constant dense<{{\[\[}}0.000000e+00, 0.000000e+00], [0.000000e+00, -1.000000e+00]]> : tensor<2x2xf32>
// CHECK-DAG: prim.constant dense<{{\[\[}}1.000000e+00, 1.000000e+00], [1.000000e+00, 0.000000e+00]]> : tensor<2x2xf32>
// CHECK: %[[X:.*]] = prim.reshape %arg0 : tensor<2x4xf32> -> tensor<2x2x2xf32>
// CHECK: %[[FIRST:.*]] = prim.slice %[[X]] [0:2, 0:1, 0:2]
// CHECK: %[[SECOND:.*]] = prim.slice %[[X]] [0:2, 1:2, 0:2]
// CHECK: prim.add %[[FIRST]], %[[SECOND]]
// CHECK: prim.sub %[[FIRST]], %[[SECOND]]
// CHECK: prim.transpose {{.*}} permutation = [0, 2, 1]
// CHECK: %[[PAIRS:.*]] = prim.concatenate {{.*}}, dim = 2 : (tensor<2x4x1xf32>, tensor<2x4x1xf32>) -> tensor<2x4x2xf32>
// CHECK: return %[[PAIRS]] : tensor<2x4x2xf32>
func.func @fft_radix2(%x: tensor<2x4xf32>) -> tensor<2x4xcomplex<f32>> {
  %0 = aten.call "aten.fft_fft.default"(self: %x) {dim = -1 : i64, n = #aten.none, norm = #aten.none} : (tensor<2x4xf32>) -> tensor<2x4xcomplex<f32>>
  return %0 : tensor<2x4xcomplex<f32>>
}

// -----

// A prime length up to 16 is a direct DFT: the input spread over [k, j] and
// summed over j. norm="ortho" scales by 1/sqrt(3).
// CHECK-LABEL: func.func @fft_direct_prime
// CHECK-DAG: prim.constant dense<0.577350259> : tensor<3xf32>
// CHECK-DAG: prim.broadcast_in_dim {{.*}} dims = [1, 2] : tensor<3x1xf32> -> tensor<3x3x1xf32>
// CHECK: prim.reduce sum {{.*}} dims = [1]
func.func @fft_direct_prime(%x: tensor<3xf32>) -> tensor<3xcomplex<f32>> {
  %0 = aten.call "aten.fft_fft.default"(self: %x) {dim = 0 : i64, n = #aten.none, norm = "ortho"} : (tensor<3xf32>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

// A prime length above 16 is Bluestein's: the input times the chirp,
// zero-padded to the power of two 64 >= 2 * 17 - 1, transformed, times the
// kernel's transform, transformed back, its first 17 points times the chirp.
// CHECK-LABEL: func.func @fft_bluestein
// CHECK: prim.pad {{.*}} high = [0, 47]
// CHECK-SAME: -> tensor<2x64xf32>
// CHECK: prim.slice {{.*}} [0:2, 0:17] : tensor<2x64xf32> -> tensor<2x17xf32>
// CHECK: return {{.*}} : tensor<2x17x2xf32>
func.func @fft_bluestein(%x: tensor<2x17xf32>) -> tensor<2x17xcomplex<f32>> {
  %0 = aten.call "aten.fft_fft.default"(self: %x) {dim = 1 : i64, n = #aten.none, norm = #aten.none} : (tensor<2x17xf32>) -> tensor<2x17xcomplex<f32>>
  return %0 : tensor<2x17xcomplex<f32>>
}

// -----

// irfft to 4 points from 3 bins: the full spectrum appends conj X[1] (bin 3
// = conj of bin 1: the slice [1:2] reversed, its imaginary part negated),
// the inverse DFT scaled by 1/4 (norm "backward"), the real part.
// CHECK-LABEL: func.func @irfft_hermitian
// CHECK-SAME: (%[[Z:.*]]: tensor<3x2xf32>) -> tensor<4xf32>
// CHECK-DAG: prim.constant dense<2.500000e-01> : tensor<4xf32>
// CHECK-DAG: prim.slice %[[Z]] [0:3, 1:2]
// CHECK: prim.reverse
// CHECK: %[[TAIL:.*]] = prim.slice {{.*}} [1:2] : tensor<3xf32> -> tensor<1xf32>
// CHECK: %[[REV:.*]] = prim.reverse %[[TAIL]], dims = [0]
// CHECK: prim.neg %[[REV]]
// CHECK-NOT: unrealized_conversion_cast
func.func @irfft_hermitian(%z: tensor<3xcomplex<f32>>) -> tensor<4xf32> {
  %0 = aten.call "aten.fft_irfft.default"(self: %z) {dim = -1 : i64, n = 4 : i64, norm = #aten.none} : (tensor<3xcomplex<f32>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A complex value between two ops is the casts of its interleaved form,
// folded away: view_as_real of an fft returns the fft's pairs.
// CHECK-LABEL: func.func @view_as_real_of_fft
// CHECK-SAME: -> tensor<2x2xf32>
// CHECK-NOT: unrealized_conversion_cast
// CHECK: %[[PAIRS:.*]] = prim.concatenate {{.*}} -> tensor<2x2xf32>
// CHECK-NEXT: return %[[PAIRS]] : tensor<2x2xf32>
func.func @view_as_real_of_fft(%x: tensor<2xf32>) -> tensor<2x2xf32> {
  %0 = aten.call "aten.fft_fft.default"(self: %x) {dim = -1 : i64, n = #aten.none, norm = #aten.none} : (tensor<2xf32>) -> tensor<2xcomplex<f32>>
  %1 = aten.call "aten.view_as_real.default"(self: %0) : (tensor<2xcomplex<f32>>) -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}

// -----

// view_as_complex of [..., 2] floats is the interleaved form itself.
// CHECK-LABEL: func.func @view_as_complex
// CHECK-SAME: (%[[P:.*]]: tensor<5x2xf32>) -> tensor<5x2xf32>
// CHECK-NEXT: return %[[P]] : tensor<5x2xf32>
func.func @view_as_complex(%p: tensor<5x2xf32>) -> tensor<5xcomplex<f32>> {
  %0 = aten.call "aten.view_as_complex.default"(self: %p) : (tensor<5x2xf32>) -> tensor<5xcomplex<f32>>
  return %0 : tensor<5xcomplex<f32>>
}

// -----

// complex(real, imag) broadcasts its parts; polar is abs cos + i abs sin;
// to(complex128) of f32 converts the real part, imaginary part 0.
// CHECK-LABEL: func.func @from_parts
// CHECK-SAME: -> (tensor<3x4x2xf32>, tensor<3x2xf32>, tensor<3x2xf64>)
// CHECK-DAG: prim.constant dense<0.000000e+00> : tensor<3x1xf64>
// CHECK-DAG: prim.broadcast_in_dim %arg0, dims = [0, 1] : tensor<3x1xf32> -> tensor<3x4xf32>
// CHECK: prim.broadcast_in_dim %arg1, dims = [1] : tensor<4xf32> -> tensor<3x4xf32>
// CHECK: prim.cos
// CHECK: prim.sin
// CHECK: prim.convert %arg2 : tensor<3xf32> -> tensor<3xf64>
func.func @from_parts(%re: tensor<3x1xf32>, %im: tensor<4xf32>, %r: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3x4xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f64>>) {
  %0 = aten.call "aten.complex.default"(real: %re, imag: %im) : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x4xcomplex<f32>>
  %1 = aten.call "aten.polar.default"(abs: %r, angle: %t) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xcomplex<f32>>
  %2 = aten.call "aten.to.dtype"(self: %r) {copy = false, dtype = complex<f64>, non_blocking = false, memory_format = #aten.none} : (tensor<3xf32>) -> tensor<3xcomplex<f64>>
  return %0, %1, %2 : tensor<3x4xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f64>>
}

// -----

// stft: frames of 8 every 2 (a constant gather of the [3, 8] start + offset
// table), transformed, the 5 one-sided bins, [bins, frames].
// CHECK-LABEL: func.func @stft
// CHECK: prim.take %arg0, {{.*}}, dim = 0 : (tensor<12xf32>, tensor<3x8xi64>) -> tensor<3x8xf32>
// CHECK: prim.slice {{.*}} [0:3, 0:5] : tensor<3x8xf32> -> tensor<3x5xf32>
// CHECK: prim.transpose {{.*}} permutation = [1, 0] : tensor<3x5xf32> -> tensor<5x3xf32>
// CHECK: return {{.*}} : tensor<5x3x2xf32>
func.func @stft(%x: tensor<12xf32>) -> tensor<5x3xcomplex<f32>> {
  %0 = aten.call "aten.stft.default"(self: %x) {n_fft = 8 : i64, hop_length = #aten.none, win_length = #aten.none, window = #aten.none, normalized = false, onesided = #aten.none, return_complex = true, align_to_window = #aten.none} : (tensor<12xf32>) -> tensor<5x3xcomplex<f32>>
  return %0 : tensor<5x3xcomplex<f32>>
}
