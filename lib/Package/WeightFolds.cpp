//===- WeightFolds.cpp - The batch norms folded into weights, as records --===//
//
// Turns the signature's fold recipes (pt2c-fold-batch-norm) into the blob
// offsets and filter layouts of runtime/include/pt2c/weight_folds.h, and
// applies them to an embedded blob with the runtime's own code, so both
// modes hold the same bytes.
//
//===----------------------------------------------------------------------===//

#include "WeightsLayout.h"

#include "pt2c/weight_folds.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

namespace pt2c::detail {

static std::optional<DTypeCode> floatCode(archive::ScalarType type) {
  switch (type) {
  case archive::ScalarType::Float:
    return DTypeCode{2, 32};
  case archive::ScalarType::Double:
    return DTypeCode{2, 64};
  case archive::ScalarType::Half:
    return DTypeCode{2, 16};
  case archive::ScalarType::BFloat16:
    return DTypeCode{4, 16};
  default:
    return std::nullopt;
  }
}

/// Whether the view's elements fill a block of storage once each: its
/// strides, in increasing order, are those of a row-major tensor of some
/// order of its dims (size-1 dims step nowhere).
static bool isDense(const archive::TensorView &view) {
  std::vector<std::pair<int64_t, int64_t>> steps; // (stride, size)
  for (size_t d = 0; d < view.sizes.size(); ++d)
    if (view.sizes[d] != 1)
      steps.push_back({view.strides[d], view.sizes[d]});
  llvm::sort(steps);
  int64_t expected = 1;
  for (auto [stride, size] : steps) {
    if (stride != expected)
      return false;
    expected *= size;
  }
  return true;
}

llvm::Error describeFolds(const archive::Pt2Archive &archive, const ModelSignature &signature,
                          const std::vector<archive::TensorView> &views, WeightsBlob &blob) {
  // The statistics are read from their own slots: the first of each FQN
  // (a 1-d weight is stored as it is).
  llvm::StringMap<size_t> slotOf;
  for (auto [index, weight] : llvm::enumerate(signature.weights))
    slotOf.try_emplace(weight.fqn, index);
  for (size_t index = 0; index < signature.weights.size(); ++index) {
    const SignatureWeight &weight = signature.weights[index];
    if (!weight.fold)
      continue;
    const WeightFoldRecipe &recipe = *weight.fold;
    auto fail = [&](const llvm::Twine &why) {
      return llvm::createStringError(archive.path() + ": cannot fold batch norm into weight '" +
                                     weight.fqn + "': " + why);
    };
    const archive::TensorView *original = archive.findTensor(weight.fqn);
    const archive::TensorView &stored = views[index];
    auto targetCode = floatCode(stored.dtype);
    if (!original || !targetCode)
      return fail("not a floating-point weight of the archive");
    WeightFold fold;
    fold.kind = recipe.kind == WeightFoldRecipe::Shift ? PT2C_FOLD_SHIFT : PT2C_FOLD_SCALE_FILTER;
    fold.target = *targetCode;
    fold.targetOffset = blob.offsets[index];
    fold.channels = original->sizes.empty() ? 0 : original->sizes[0];
    fold.eps = recipe.eps;
    std::optional<DTypeCode> statsCode;
    auto statistic = [&](const std::string &fqn, uint64_t &offset) -> llvm::Error {
      auto slot = slotOf.find(fqn);
      if (slot == slotOf.end())
        return fail("no weight '" + fqn + "'");
      const archive::TensorView &view = views[slot->second];
      auto code = floatCode(view.dtype);
      if (view.sizes.size() != 1 || view.sizes[0] != fold.channels || !code)
        return fail("'" + fqn + "' is not a floating-point vector of " +
                    llvm::Twine(fold.channels));
      if (statsCode && (statsCode->code != code->code || statsCode->bits != code->bits))
        return fail("the statistics are of different types");
      if (slot->second == index || signature.weights[slot->second].fold)
        return fail("'" + fqn + "' is itself folded");
      statsCode = code;
      offset = blob.offsets[slot->second];
      return llvm::Error::success();
    };
    fold.gammaOffset = PT2C_FOLD_NO_GAMMA;
    if (!recipe.gamma.empty())
      if (llvm::Error error = statistic(recipe.gamma, fold.gammaOffset))
        return error;
    if (llvm::Error error = statistic(recipe.var, fold.varOffset))
      return error;
    fold.biasOffset = PT2C_FOLD_NO_BIAS;
    if (fold.kind == PT2C_FOLD_SHIFT)
      if (llvm::Error error = statistic(recipe.mean, fold.meanOffset))
        return error;
    if (fold.kind == PT2C_FOLD_SHIFT && !recipe.bias.empty())
      if (llvm::Error error = statistic(recipe.bias, fold.biasOffset))
        return error;
    fold.stats = *statsCode;
    if (fold.kind == PT2C_FOLD_SCALE_FILTER) {
      // A stored element's channel is found from its place in the archive's
      // storage, which needs the filter dense there, its dims in any order
      // (torch saves parameters contiguous, or channels-last).
      if (!isDense(*original) || original->sizes.size() < 2)
        return fail("the filter is not dense in the archive (it overlaps itself or has gaps)");
      fold.sizes = stored.sizes;
      fold.strides = stored.strides;
      fold.base = stored.storageOffset - original->storageOffset;
      fold.channelStride = fold.channels > 1 ? original->strides[0] : 1;
    } else if (original->sizes.size() != 1) {
      return fail("a folded bias must be a vector");
    }
    blob.folds.push_back(std::move(fold));
  }
  return llvm::Error::success();
}

std::vector<pt2c_weight_fold> foldTable(const std::vector<WeightFold> &folds) {
  std::vector<pt2c_weight_fold> table;
  for (const WeightFold &fold : folds) {
    pt2c_weight_fold entry = {};
    entry.kind = fold.kind;
    entry.target_code = fold.target.code;
    entry.target_bits = fold.target.bits;
    entry.stats_code = fold.stats.code;
    entry.stats_bits = fold.stats.bits;
    entry.target = fold.targetOffset;
    entry.gamma = fold.gammaOffset;
    entry.var = fold.varOffset;
    entry.mean = fold.meanOffset;
    entry.bias = fold.biasOffset;
    entry.channels = fold.channels;
    entry.eps = fold.eps;
    entry.rank = int32_t(fold.sizes.size());
    entry.sizes = fold.sizes.data();
    entry.strides = fold.strides.data();
    entry.base = fold.base;
    entry.channel_stride = fold.channelStride;
    table.push_back(entry);
  }
  return table;
}

llvm::Error applyFolds(WeightsBlob &blob) {
  std::vector<pt2c_weight_fold> table = foldTable(blob.folds);
  for (const pt2c_weight_fold &fold : table)
    if (const char *why = pt2crt_check_weight_fold(&fold, blob.bytes.size()))
      return llvm::createStringError(llvm::Twine("internal error: folding batch norms: ") + why);
  pt2crt_apply_weight_folds(blob.bytes.data(), int32_t(table.size()), table.data());
  return llvm::Error::success();
}

} // namespace pt2c::detail
