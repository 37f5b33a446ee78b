//===- ComplexBoundary.h - @forward's complex tensors as real pairs -------===//
//
// pt2c computes on a complex tensor as its real and imaginary parts. The
// decompositions that take or give complex tensors (ComplexParts.h) meet
// the aten form's tensor<...xcomplex<fN>> through casts to and from its
// interleaved form tensor<...x2xfN> (builtin.unrealized_conversion_cast):
// real, imaginary, real, ... is the memory layout of torch's, numpy's and
// DLPack's complex tensors, so the runtime passes a complex64 buffer where
// the code reads float32 [..., 2].
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CONVERSION_ATENTOPRIM_COMPLEXBOUNDARY_H
#define PT2C_CONVERSION_ATENTOPRIM_COMPLEXBOUNDARY_H

#include "mlir/IR/BuiltinOps.h"

namespace pt2c {

/// After decomposition: gives every function's complex arguments and
/// results their interleaved type, folds each cast to the interleaved form
/// of a cast from it, and fails with an error at the op where a complex
/// tensor is left (an op that would compute on complex values as reals).
mlir::LogicalResult complexTensorsAsPairs(mlir::ModuleOp module);

} // namespace pt2c

#endif // PT2C_CONVERSION_ATENTOPRIM_COMPLEXBOUNDARY_H
