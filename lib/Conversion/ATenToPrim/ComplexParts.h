//===- ComplexParts.h - Complex tensors as their real and imaginary parts -===//
//
// The decompositions that take or give complex tensors (Fft.cpp,
// Complex.cpp, conversions) compute on a pair of real tensors. A complex
// operand is read through its interleaved form (ComplexBoundary.h); a
// complex result is written as one.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CONVERSION_ATENTOPRIM_COMPLEXPARTS_H
#define PT2C_LIB_CONVERSION_ATENTOPRIM_COMPLEXPARTS_H

#include "pt2c/Conversion/ATenToPrim/PrimBuilder.h"

namespace pt2c {

/// A complex tensor as two real tensors of one shape and element type.
struct Cx {
  mlir::Value re, im;
};

/// Whether `type` is a ranked tensor of complex elements.
bool isComplexTensor(mlir::Type type);

/// tensor<S x complex<fN>> -> tensor<S x 2 x fN>, its interleaved form.
mlir::RankedTensorType interleavedType(mlir::RankedTensorType complexType);

/// The parts of `value` as `partElement` tensors: a complex tensor's real
/// and imaginary parts, or a real tensor converted, with imaginary part 0.
/// Null parts (after an error) where they cannot be built; static shapes only.
Cx complexParts(PrimBuilder &p, mlir::Value value, mlir::Type partElement);

/// The complex tensor of `complexType` whose parts are `parts` (converted
/// to its element type's part type).
mlir::Value complexOfParts(PrimBuilder &p, Cx parts, mlir::RankedTensorType complexType);

} // namespace pt2c

#endif // PT2C_LIB_CONVERSION_ATENTOPRIM_COMPLEXPARTS_H
