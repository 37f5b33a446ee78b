//===- Importer.h - ExportedProgram -> MLIR in the aten form --------------===//
//
// Builds `func.func @forward` from an opened archive (docs/aten-form.md):
//  - weights, buffers and constants are the leading arguments, each carrying
//    its FQN ({pt2c.weight = "fc1.weight", pt2c.kind = "parameter"}); user
//    inputs follow ({pt2c.input = "x"}), in signature order;
//  - one `aten.call` per node, every schema argument present (defaults from
//    the op registry), located at the node name and its source line;
//  - symbolic dims are `?`; their symbols are kept in `pt2c.dims` on
//    arguments and `pt2c.result_dims` on ops, ranges in `pt2c.symbols`;
//  - wrap_with_set_grad_enabled is inlined, and so is wrap_with_autocast,
//    with the input casts of torch's CPU autocast policy made explicit as
//    aten._to_copy calls (lib/Import/AutocastPolicy.h); in-place ops become functional
//    and mutated inputs are returned as extra results
//    ({pt2c.buffer_mutation = "name"} / {pt2c.input_mutation = "name"}).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_IMPORT_IMPORTER_H
#define PT2C_IMPORT_IMPORTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace pt2c {
class OpRegistry;
namespace archive {
class Pt2Archive;
} // namespace archive

/// The dialects the aten form uses (aten, func, arith).
void registerImportDialects(mlir::DialectRegistry &registry);

/// Imports the archive's program. Errors name the archive, the JSON path of
/// the node and what is not supported.
llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
importArchive(mlir::MLIRContext &context, const archive::Pt2Archive &archive,
              const OpRegistry &registry);

} // namespace pt2c

#endif // PT2C_IMPORT_IMPORTER_H
