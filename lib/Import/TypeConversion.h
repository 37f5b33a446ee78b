//===- TypeConversion.h - torch dtypes and tensor metas as MLIR types -----===//

#ifndef PT2C_LIB_IMPORT_TYPECONVERSION_H
#define PT2C_LIB_IMPORT_TYPECONVERSION_H

#include "pt2c/Archive/ExportSchema.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace pt2c::import {

/// float32 -> f32, int64 -> i64, bool -> i1, uint8 -> ui8 (the only unsigned
/// types torch has besides uint16). Null for Unknown.
mlir::Type convertScalarType(mlir::MLIRContext *context, archive::ScalarType type);

/// A ranked tensor type; symbolic sizes become `?`. Null for a dtype
/// without an MLIR type (UNKNOWN).
mlir::RankedTensorType convertTensorMeta(mlir::MLIRContext *context,
                                         const archive::TensorMeta &meta);

/// The symbolic sizes of `meta`: an array mixing i64 (static) and strings
/// (the expression, "s17", "2*s17"); null when every size is static.
mlir::ArrayAttr symbolicDims(mlir::Builder &builder, const archive::TensorMeta &meta);

} // namespace pt2c::import

#endif // PT2C_LIB_IMPORT_TYPECONVERSION_H
