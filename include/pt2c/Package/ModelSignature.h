//===- ModelSignature.h - What the runtime must know about @forward -------===//
//
// Read from the aten-form function's attributes (docs/aten-form.md) before
// it is lowered: the user inputs and outputs with their dtypes and
// (symbolic) dims, the weights in argument order, and the symbols with their
// ranges. The packager turns it into the runtime's pt2c_model_desc.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_PACKAGE_MODELSIGNATURE_H
#define PT2C_PACKAGE_MODELSIGNATURE_H

#include "pt2c/Package/SizeExpression.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class Type;
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace pt2c {

/// DLPack's (code, bits) of an element type.
struct DTypeCode {
  uint8_t code = 0;
  uint8_t bits = 0;
};
/// Null error when `type` has no DLPack spelling.
llvm::Expected<DTypeCode> dtypeCodeOf(mlir::Type type);

struct SignatureSymbol {
  std::string name;
  int64_t min = INT64_MIN;
  int64_t max = INT64_MAX;
  /// A size no input dim gives (torch's unbacked `u0`: nonzero's row count,
  /// masked_select's length): the run computes it and returns it with the
  /// outputs, which are allocated for `max` (docs/runtime.md).
  bool dataDependent = false;
};

struct SignatureTensor {
  std::string name;
  DTypeCode dtype;
  std::vector<int64_t> sizes; // -1 for a dynamic dim
  std::vector<int32_t> symbols; // per dim: index into ModelSignature::symbols, -1,
                                // or kDerivedDim
  std::vector<SizeExpression> derived; // per dim: the expression of a kDerivedDim

  /// Whether some dim is a data-dependent symbol (outputs only).
  bool dataDependent(const std::vector<SignatureSymbol> &symbols) const;
};

/// An output dim computed from the symbols (model_abi.h's PT2C_DIM_DERIVED).
constexpr int32_t kDerivedDim = -2;

/// How the compiler rewrote a weight's values (pt2c-fold-batch-norm,
/// runtime/include/pt2c/weight_folds.h): a convolution's filter scaled by
/// its batch norm's gamma / sqrt(var + eps) per output channel, or that
/// batch norm's beta turned into the bias beta + (b - mean) * scale (b the
/// convolution's own bias, if any). The
/// statistics are other weights, named by FQN.
struct WeightFoldRecipe {
  enum Kind { ScaleFilter, Shift } kind = ScaleFilter;
  std::string gamma; // empty: no affine weight (scale 1)
  std::string var, mean;
  std::string bias; // the convolution's bias (Shift); empty: none
  double eps = 0;
};

struct SignatureWeight {
  std::string fqn;
  unsigned argument = 0;      // position among @forward's arguments
  std::vector<int64_t> shape; // static: weights never have symbolic sizes
  /// The order the blob stores the archive's dims in (stored dim i is the
  /// archive's dim permutation[i]; pt2c-permute-weights); empty: as stored.
  std::vector<int64_t> permutation = {};
  /// After the permutation, only columns [firstColumn, endColumn) of the
  /// [K, N] are stored (pt2c-pack-weight-panels: the panels hold the whole
  /// ones, a second weight argument the rest); endColumn 0: all of them.
  int64_t firstColumn = 0;
  int64_t endColumn = 0;
  /// After the permutation and the columns: the stored [K, N] as [N /
  /// panel, K, panel] column panels (pt2c-pack-weight-panels); 0: not packed.
  int64_t panel = 0;
  /// Set when the program reads the weight's values folded (above).
  std::optional<WeightFoldRecipe> fold = std::nullopt;
};

struct ModelSignature {
  std::vector<SignatureWeight> weights; // the leading arguments
  std::vector<SignatureTensor> inputs;  // the arguments after the weights
  std::vector<SignatureTensor> outputs; // the results
  std::vector<SignatureSymbol> symbols; // sorted by name; only those some dim uses

  bool hasDataDependentSizes() const;
};

/// Fails, naming the argument or result, on what the runtime cannot bind yet:
/// a dynamic input dim that is an expression rather than a symbol, a
/// non-tensor input, an output whose size depends on data other than
/// through data-dependent symbols with a finite upper bound and static dims
/// besides them.
llvm::Expected<ModelSignature> extractSignature(mlir::func::FuncOp forward);

/// Takes the `pt2c.weight_permutation`, `pt2c.weight_columns` and
/// `pt2c.weight_panel` that pt2c-permute-weights and pt2c-pack-weight-panels
/// left on weight arguments into `signature`'s weights (their layout, and
/// their shape as the code reads them), adding the weight arguments those
/// passes appended (a transposed copy of a weight also read as it is, the
/// columns past a packed weight's last whole panel).
void readWeightLayouts(mlir::func::FuncOp forward, ModelSignature &signature);

/// Takes the `pt2c.weight_fold` recipes pt2c-fold-batch-norm left on weight
/// arguments into every signature weight of the same FQN (a weight the
/// layout passes copied reads the folded values too). Fails on a recipe it
/// cannot read.
llvm::Error readWeightFolds(mlir::func::FuncOp forward, ModelSignature &signature);

} // namespace pt2c

#endif // PT2C_PACKAGE_MODELSIGNATURE_H
