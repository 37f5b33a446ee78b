//===- DecompositionTable.h - aten target -> its rewrite into prim --------===//
//
// The single source of truth for what pt2c can compile: one entry per ATen
// overload, each pointing at a small rewrite of its aten.call into prim ops.
// The decomposition pass, `pt2c inspect --coverage` and the op table in the
// docs are all derived from it; there is no second list to keep in sync.
//
// Entries are grouped by family (Activation.cpp, Linear.cpp, ...); adding an
// op is: its schema line in ATenSchemas.def, one entry and one rewrite here,
// and lit cases in test/lit/Conversion/ATenToPrim/<family>.mlir.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CONVERSION_ATENTOPRIM_DECOMPOSITIONTABLE_H
#define PT2C_CONVERSION_ATENTOPRIM_DECOMPOSITIONTABLE_H

#include "pt2c/Conversion/ATenToPrim/CallArgs.h"

#include "mlir/IR/PatternMatch.h"

#include <vector>

namespace pt2c {

/// Rewrites `call` (replacing it) or returns failure with a reason given to
/// rewriter.notifyMatchFailure.
using DecomposeFn = mlir::LogicalResult (*)(aten::CallOp call, const CallArgs &args,
                                            mlir::PatternRewriter &rewriter);

struct Decomposition {
  const char *target; // as in aten.call: "aten.linear.default"
  const char *family; // "linear"
  const char *prims;  // the prim ops it produces, for the docs' table
  DecomposeFn rewrite;
  /// Whether the rewrite takes and gives complex tensors (as their parts,
  /// ComplexParts.h). pt2c-decompose-aten refuses a node with a complex
  /// operand or result whose entry does not, rather than let a
  /// decomposition written for real numbers build prims on them.
  bool takesComplex = false;
};

/// The attribute pt2c-decompose-aten gives each node of the "random" family
/// before decomposing: array<i64: seed, stream> (Random.cpp).
extern const char *const kRandomAttr;

/// Every entry of every family, sorted by target.
std::vector<Decomposition> decompositionTable();

/// The families' entries (one function per family file).
void addActivationDecompositions(std::vector<Decomposition> &table);
void addAttentionDecompositions(std::vector<Decomposition> &table);
void addBesselDecompositions(std::vector<Decomposition> &table);
void addChebyshevDecompositions(std::vector<Decomposition> &table);
void addCompareDecompositions(std::vector<Decomposition> &table);
void addCompositeDecompositions(std::vector<Decomposition> &table);
void addConvDecompositions(std::vector<Decomposition> &table);
void addConvTransposeDecompositions(std::vector<Decomposition> &table);
void addCreationDecompositions(std::vector<Decomposition> &table);
void addGatherDecompositions(std::vector<Decomposition> &table);
void addDistanceDecompositions(std::vector<Decomposition> &table);
void addComplexDecompositions(std::vector<Decomposition> &table);
void addEmbeddingBagDecompositions(std::vector<Decomposition> &table);
void addEinsumDecompositions(std::vector<Decomposition> &table);
void addElementwiseDecompositions(std::vector<Decomposition> &table);
void addFftDecompositions(std::vector<Decomposition> &table);
void addGammaDecompositions(std::vector<Decomposition> &table);
void addLinearDecompositions(std::vector<Decomposition> &table);
void addLinearSolveDecompositions(std::vector<Decomposition> &table);
void addSpectralDecompositions(std::vector<Decomposition> &table);
void addMathDecompositions(std::vector<Decomposition> &table);
void addNormalDistributionDecompositions(std::vector<Decomposition> &table);
void addMatrixDecompositions(std::vector<Decomposition> &table);
void addLossDecompositions(std::vector<Decomposition> &table);
void addNormDecompositions(std::vector<Decomposition> &table);
void addPadDecompositions(std::vector<Decomposition> &table);
void addPointwiseDecompositions(std::vector<Decomposition> &table);
void addRandomDecompositions(std::vector<Decomposition> &table);
void addPoolDecompositions(std::vector<Decomposition> &table);
void addFractionalMaxPoolDecompositions(std::vector<Decomposition> &table);
void addHistogramDecompositions(std::vector<Decomposition> &table);
void addGridSamplerDecompositions(std::vector<Decomposition> &table);
void addRearrangeDecompositions(std::vector<Decomposition> &table);
void addReductionDecompositions(std::vector<Decomposition> &table);
void addResizeDecompositions(std::vector<Decomposition> &table);
void addScanDecompositions(std::vector<Decomposition> &table);
void addScatterDecompositions(std::vector<Decomposition> &table);
void addDataDependentDecompositions(std::vector<Decomposition> &table);
void addShapeDecompositions(std::vector<Decomposition> &table);
void addSymDecompositions(std::vector<Decomposition> &table);
void addSortDecompositions(std::vector<Decomposition> &table);

} // namespace pt2c

#endif // PT2C_CONVERSION_ATENTOPRIM_DECOMPOSITIONTABLE_H
