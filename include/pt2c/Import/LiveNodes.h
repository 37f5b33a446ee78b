//===- LiveNodes.h - Which nodes of a graph the program needs -------------===//
//
// torch.export keeps nodes whose result nothing uses: a layer-drop draw
// (`aten.rand`) in eval mode, a shape read whose user was folded away. Such
// a node must not stop pt2c (no decomposition for it, or one that fails),
// so the importer and `pt2c inspect --coverage` both skip it, from this one
// answer.
//
// A node is live when one of its results is a graph output or is read by a
// live node, or when it may have an effect besides its results: its schema
// mutates an argument (in-place and out= forms), it names no result (an
// assertion), or the op registry does not know it (a custom op, a
// higher-order op), which is kept since nothing says it is pure. Python's
// `_operator` functions on symbolic ints are pure.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_IMPORT_LIVENODES_H
#define PT2C_IMPORT_LIVENODES_H

#include "pt2c/Archive/ExportSchema.h"

#include <vector>

namespace pt2c {
class OpRegistry;

/// One flag per node of `graph.nodes` (not of its subgraphs, which are
/// judged with their own outputs when they are imported): true when live.
std::vector<bool> liveNodes(const archive::Graph &graph, const OpRegistry &registry);

} // namespace pt2c

#endif // PT2C_IMPORT_LIVENODES_H
