//===- DataDependentOutputs.h - outputs whose size the run computes -------===//
//
// nonzero, masked_select, unique and x[mask] give tensors whose size
// depends on the values of their inputs: the export names such a size with
// an unbacked symbol (`u0`), bounded by its range constraint. The runtime
// cannot size these outputs before the run, so @forward returns each one
// flat and compact at the start of a buffer of its largest size, and
// returns every data-dependent size as a rank-0 i64 tensor after the
// outputs; the runtime then reports the actual shapes (docs/runtime.md,
// "Outputs of data-dependent size").
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CONVERSION_ATENTOPRIM_DATADEPENDENTOUTPUTS_H
#define PT2C_CONVERSION_ATENTOPRIM_DATADEPENDENTOUTPUTS_H

#include "mlir/IR/BuiltinOps.h"

namespace pt2c {

/// The attribute of @forward's results (then, bufferized, its out-params)
/// that carry a data-dependent size: the symbol's name. The runtime passes
/// host memory for them (the execution context's symbol slots).
inline constexpr char kSymbolValueAttr[] = "pt2c.symbol_value";

/// After decomposition, on @forward: a result whose `pt2c.dims` name a
/// symbol that no argument's `pt2c.dims` name (a data-dependent size)
/// becomes a 1-d tensor of the largest element count the symbols' ranges
/// allow (`pt2c.capacity`), holding the result's elements first; one
/// `tensor<i64>` result per such symbol, in name order
/// (`pt2c.symbol_value`), follows the outputs. Fails with an error at the
/// function when such a result has another dynamic dim or its symbol no
/// finite upper bound.
mlir::LogicalResult returnDataDependentSizes(mlir::ModuleOp module);

} // namespace pt2c

#endif // PT2C_CONVERSION_ATENTOPRIM_DATADEPENDENTOUTPUTS_H
