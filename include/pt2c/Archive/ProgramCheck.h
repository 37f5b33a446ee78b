//===- ProgramCheck.h - Consistency checks of a parsed ExportedProgram
//-----===//
//
// The graph checks of docs/pt2-format.md ("Graph checks"), run by
// Pt2Archive::open and usable on their own (tests, tools). For the graph and,
// recursively, each as_graph subgraph (which has its own scope: its inputs may
// reuse outer names):
//  - every tensor a node or the graph output uses is a graph input or an
//    earlier node output, and has a tensor_values entry;
//  - every tensor a node defines has a tensor_values entry, and no name is
//    defined twice;
//  - every as_sym_int name used has a sym_int_values entry.
// For the top-level graph, graph.inputs/outputs match the signature's specs
// one for one (count, and the tensor name where the spec names one).
// A symbol without a range_constraints entry is unbounded, not an error.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_ARCHIVE_PROGRAMCHECK_H
#define PT2C_ARCHIVE_PROGRAMCHECK_H

#include "pt2c/Archive/ExportSchema.h"

#include "llvm/Support/Error.h"

namespace pt2c::archive {

/// Fails with "<JSON path>: <what>", e.g.
///   "$.graph_module.graph.nodes[7] (aten.linear.default 'linear_1'):
///    tensor 'foo' is used but never defined"
llvm::Error checkExportedProgram(const ExportedProgram &program);

} // namespace pt2c::archive

#endif // PT2C_ARCHIVE_PROGRAMCHECK_H
