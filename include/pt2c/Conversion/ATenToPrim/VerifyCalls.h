//===- VerifyCalls.h - The aten form checked against schemas and metadata -===//
//
// The one check between import and decomposition (issue #18 item 1). An
// archive comes from anywhere; its nodes may disagree with their op's
// schema (an argument of another kind, one too many, a required one
// missing) or with their own tensor metadata (a dim outside its tensor, a
// float linear fed int64, a symbol whose range is empty). Every such node
// is refused here, at its location (the node's name and source line) and
// naming its target, before any decomposition reads it: decompositions may
// then assume what is checked here (docs/aten-form.md, "Verification").
//
// pt2c-decompose-aten runs it first, so every route into the
// decompositions (the compiler, pt2c-opt, the fuzz targets) is covered;
// pt2c-verify-aten runs it alone.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CONVERSION_ATENTOPRIM_VERIFYCALLS_H
#define PT2C_CONVERSION_ATENTOPRIM_VERIFYCALLS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"

namespace pt2c {

class OpRegistry;

/// Checks every aten.call of `module` against its schema in `registry`
/// (calls of targets the registry does not know only against their
/// metadata) and every function's symbol ranges. Emits one error per bad
/// call or function at its location and fails if there was any.
mlir::LogicalResult verifyATenCalls(mlir::ModuleOp module, const OpRegistry &registry);

/// The same against the builtin registry (ATenSchemas.def), parsed once per
/// process.
mlir::LogicalResult verifyATenCalls(mlir::ModuleOp module);

} // namespace pt2c

#endif // PT2C_CONVERSION_ATENTOPRIM_VERIFYCALLS_H
