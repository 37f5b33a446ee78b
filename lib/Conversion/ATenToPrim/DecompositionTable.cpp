//===- DecompositionTable.cpp - All families' entries, in one table -------===//

#include "pt2c/Conversion/ATenToPrim/DecompositionTable.h"

#include <algorithm>
#include <cstring>

namespace pt2c {

std::vector<Decomposition> decompositionTable() {
  std::vector<Decomposition> table;
  addActivationDecompositions(table);
  addAttentionDecompositions(table);
  addBesselDecompositions(table);
  addChebyshevDecompositions(table);
  addCompareDecompositions(table);
  addCompositeDecompositions(table);
  addComplexDecompositions(table);
  addConvDecompositions(table);
  addConvTransposeDecompositions(table);
  addCreationDecompositions(table);
  addGatherDecompositions(table);
  addDistanceDecompositions(table);
  addEmbeddingBagDecompositions(table);
  addEinsumDecompositions(table);
  addElementwiseDecompositions(table);
  addFftDecompositions(table);
  addFractionalMaxPoolDecompositions(table);
  addGammaDecompositions(table);
  addGridSamplerDecompositions(table);
  addHistogramDecompositions(table);
  addLinearDecompositions(table);
  addLinearSolveDecompositions(table);
  addSpectralDecompositions(table);
  addMathDecompositions(table);
  addNormalDistributionDecompositions(table);
  addMatrixDecompositions(table);
  addLossDecompositions(table);
  addNormDecompositions(table);
  addPadDecompositions(table);
  addPointwiseDecompositions(table);
  addPoolDecompositions(table);
  addRandomDecompositions(table);
  addRearrangeDecompositions(table);
  addReductionDecompositions(table);
  addResizeDecompositions(table);
  addScanDecompositions(table);
  addScatterDecompositions(table);
  addDataDependentDecompositions(table);
  addShapeDecompositions(table);
  addSymDecompositions(table);
  addSortDecompositions(table);
  std::sort(table.begin(), table.end(), [](const Decomposition &a, const Decomposition &b) {
    return std::strcmp(a.target, b.target) < 0;
  });
  return table;
}

} // namespace pt2c
