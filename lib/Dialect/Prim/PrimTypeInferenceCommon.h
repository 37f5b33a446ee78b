//===- PrimTypeInferenceCommon.h - Helpers of the prim checks (private) ---===//

#ifndef PT2C_LIB_DIALECT_PRIM_PRIMTYPEINFERENCECOMMON_H
#define PT2C_LIB_DIALECT_PRIM_PRIMTYPEINFERENCECOMMON_H

#include "pt2c/Dialect/Prim/PrimTypeInference.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace pt2c::prim::detail {

using mlir::emitOptionalError;
using mlir::failure;
using mlir::ShapedType;
using mlir::success;

constexpr int64_t kDynamic = ShapedType::kDynamic;

/// "4" or "?".
std::string dimStr(int64_t size);
/// "[4, ?, 2]" (a shape or any list of sizes).
std::string listStr(ArrayRef<int64_t> values);
/// The element classes of PrimTypeInference.h in words, for messages.
llvm::StringRef classText(ElementClass cls);

/// Equal, or one of them `?`.
inline bool compatible(int64_t a, int64_t b) {
  return a == b || a == kDynamic || b == kDynamic;
}
/// The static one of two compatible sizes, else `?`.
inline int64_t refine(int64_t a, int64_t b) { return a == kDynamic ? b : a; }

/// `type` as a ranked tensor of prim element types; null (and an error
/// naming `what`) otherwise. Op operands have been checked by ODS already,
/// so this only fires for direct calls.
RankedTensorType getTensor(OptLoc loc, Type type, llvm::StringRef what);

/// "<label>: <what> element type 'i1' is not <class>".
LogicalResult checkElementClass(OptLoc loc, llvm::StringRef label,
                                llvm::StringRef what, Type elementType,
                                ElementClass cls);
/// "<label>: dimension 3 is out of range [0, 2)".
LogicalResult checkDimension(OptLoc loc, llvm::StringRef label,
                             int64_t dimension, int64_t rank);
/// "<label>: 1 dynamic size(s) for 2 '?' dim(s) in result type ...".
LogicalResult checkDynamicSizes(OptLoc loc, llvm::StringRef label,
                                RankedTensorType result, size_t count);
/// `dims` are strictly increasing and within [0, rank).
LogicalResult checkSortedDims(OptLoc loc, llvm::StringRef label,
                              llvm::StringRef what, ArrayRef<int64_t> dims,
                              int64_t rank);
/// "<label>: the indices' element type 'f32' is not i32 or i64".
LogicalResult checkIndexElementType(OptLoc loc, llvm::StringRef label,
                                    RankedTensorType indices);

/// The number of elements of a windowed dim: the window (dilated to
/// (window - 1) * windowDilation + 1) slides by `stride` over `size`
/// dilated by `baseDilation` and padded by `low`/`high`. `?` stays `?`;
/// -1 when the window does not fit, kWindowOverflow when the dilated or
/// padded extent passes int64 (sizes from an archive may be anything).
constexpr int64_t kWindowOverflow = -2;
int64_t windowedSize(int64_t size, int64_t window, int64_t stride, int64_t low,
                     int64_t high, int64_t baseDilation,
                     int64_t windowDilation);

} // namespace pt2c::prim::detail

#endif // PT2C_LIB_DIALECT_PRIM_PRIMTYPEINFERENCECOMMON_H
