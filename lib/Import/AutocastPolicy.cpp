//===- AutocastPolicy.cpp - torch's CPU autocast op lists -----------------===//

#include "AutocastPolicy.h"

#include "llvm/ADT/StringSet.h"

namespace pt2c::import {

AutocastCast cpuAutocastCast(llvm::StringRef target) {
  // The overloads registered for AutocastCPU in torch 2.11; ops without a
  // registration fall through and run as written.
  static const llvm::StringSet<> lowerPrecision = {
      "aten.conv1d.default", "aten.conv1d.padding", "aten.conv2d.default",
      "aten.conv2d.padding", "aten.conv3d.default", "aten.conv3d.padding",
      "aten.bmm.default", "aten.mm.default", "aten.linalg_vecdot.default",
      "aten.baddbmm.default", "aten.addmm.default", "aten._addmm_activation.default",
      "aten.addbmm.default", "aten.linear.default", "aten._convolution.deprecated",
      "aten.matmul.default", "aten.conv_tbc.default", "aten.conv_transpose1d.default",
      "aten.conv_transpose2d.input", "aten.conv_transpose3d.input", "aten.prelu.default",
      "aten.scaled_dot_product_attention.default", "aten._native_multi_head_attention.default",
  };
  static const llvm::StringSet<> fp32 = {
      "aten.avg_pool3d.default", "aten.binary_cross_entropy.default",
      "aten.grid_sampler.default", "aten.polar.default", "aten.prod.default",
      "aten.prod.dim_int", "aten.quantile.default", "aten.quantile.scalar",
      "aten.nanquantile.default", "aten.nanquantile.scalar", "aten.stft.default",
      "aten.stft.center", "aten.cdist.default", "aten.grid_sampler_2d.default",
      "aten.grid_sampler_3d.default", "aten.trace.default", "aten.view_as_complex.default",
      "aten.cholesky.default", "aten.cholesky_inverse.default", "aten.cholesky_solve.default",
      "aten.inverse.default", "aten.lu_solve.default", "aten.orgqr.default",
      "aten.ormqr.default", "aten.pinverse.default", "aten.max_pool3d.default",
      "aten.max_unpool2d.default", "aten.max_unpool3d.default",
      "aten.adaptive_avg_pool3d.default", "aten.reflection_pad1d.default",
      "aten.reflection_pad2d.default", "aten.replication_pad1d.default",
      "aten.replication_pad2d.default", "aten.replication_pad3d.default",
      "aten.mse_loss.default", "aten.cosine_embedding_loss.default", "aten.nll_loss.default",
      "aten.nll_loss2d.default", "aten.hinge_embedding_loss.default",
      "aten.poisson_nll_loss.default", "aten.smooth_l1_loss.default",
      "aten.cross_entropy_loss.default", "aten.l1_loss.default", "aten.huber_loss.default",
      "aten.margin_ranking_loss.default", "aten.soft_margin_loss.default",
      "aten.triplet_margin_loss.default", "aten.multi_margin_loss.default",
      "aten.ctc_loss.IntList", "aten.ctc_loss.Tensor", "aten.kl_div.default",
      "aten.multilabel_margin_loss.default", "aten.binary_cross_entropy_with_logits.default",
      "aten.fft_fft.default", "aten.fft_ifft.default", "aten.fft_fft2.default",
      "aten.fft_ifft2.default", "aten.fft_fftn.default", "aten.fft_ifftn.default",
      "aten.fft_rfft.default", "aten.fft_irfft.default", "aten.fft_rfft2.default",
      "aten.fft_irfft2.default", "aten.fft_rfftn.default", "aten.fft_irfftn.default",
      "aten.fft_hfft.default", "aten.fft_ihfft.default", "aten.linalg_cond.default",
      "aten.linalg_cond.p_str", "aten.linalg_matrix_rank.default",
      "aten.linalg_matrix_rank.tol_tensor", "aten.linalg_matrix_rank.atol_rtol_tensor",
      "aten.linalg_matrix_rank.atol_rtol_float", "aten.linalg_solve.default",
      "aten.linalg_cholesky.default", "aten.linalg_svdvals.default",
      "aten.linalg_eigvals.default", "aten.linalg_eigvalsh.default", "aten.linalg_inv.default",
      "aten.linalg_householder_product.default", "aten.linalg_tensorinv.default",
      "aten.linalg_tensorsolve.default", "aten.fake_quantize_per_tensor_affine.default",
      "aten.geqrf.default", "aten._lu_with_info.default", "aten.qr.default", "aten.svd.default",
      "aten.triangular_solve.default", "aten.fractional_max_pool2d.default",
      "aten.fractional_max_pool3d.default", "aten.adaptive_max_pool3d.default",
      "aten.multilabel_margin_loss_forward.default", "aten.linalg_qr.default",
      "aten.linalg_cholesky_ex.default", "aten.linalg_svd.default", "aten.linalg_eig.default",
      "aten.linalg_eigh.default", "aten.linalg_lstsq.default", "aten.linalg_inv_ex.default",
  };
  if (lowerPrecision.contains(target))
    return AutocastCast::lowerPrecision;
  if (fp32.contains(target))
    return AutocastCast::fp32;
  return AutocastCast::none;
}

} // namespace pt2c::import
