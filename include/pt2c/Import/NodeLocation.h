//===- NodeLocation.h - The graph nodes and source line of a location -----===//
//
// The importer gives every op the location NameLoc(node name,
// FileLineColLoc(user's file, line)) of its graph node; fusion and
// rewrites keep or fuse those locations. This reads them back for messages
// and profiles that name what the user wrote.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_IMPORT_NODELOCATION_H
#define PT2C_IMPORT_NODELOCATION_H

#include "mlir/IR/Location.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Path.h"

#include <string>

namespace pt2c {

/// Adds the graph nodes in `loc` (NameLoc names, in order of appearance) to
/// `nodes`, and sets `source` to the first node's source line ("file.py:41",
/// the file's name only) unless it is set already. A file location outside
/// a NameLoc is the op's own position in some file (the archive, an .mlir
/// file), not the user's source, and is ignored.
inline void collectNodeLocation(mlir::Location loc, llvm::SetVector<llvm::StringRef> &nodes,
                                std::string &source) {
  loc->walk([&](mlir::Location inner) {
    auto name = llvm::dyn_cast<mlir::NameLoc>(inner);
    if (!name)
      return mlir::WalkResult::advance();
    nodes.insert(name.getName().getValue());
    auto line = llvm::dyn_cast<mlir::FileLineColLoc>(name.getChildLoc());
    if (line && source.empty() && line.getLine())
      source = (llvm::sys::path::filename(line.getFilename().getValue()) + ":" +
                llvm::Twine(line.getLine()))
                   .str();
    return mlir::WalkResult::advance();
  });
}

/// "node_a, node_b (+n) @ model.py:41": at most `maxNodes` of `nodes`
/// named, then how many more; "" when there is nothing to say.
inline std::string formatNodeLocation(const llvm::SetVector<llvm::StringRef> &nodes,
                                      const std::string &source, size_t maxNodes = 3) {
  std::string text;
  for (size_t i = 0; i < nodes.size() && i < maxNodes; ++i)
    text += (i ? ", " : "") + nodes[i].str();
  if (nodes.size() > maxNodes)
    text += " (+" + std::to_string(nodes.size() - maxNodes) + ")";
  if (!source.empty())
    text += (text.empty() ? "@ " : " @ ") + source;
  return text;
}

/// formatNodeLocation of the nodes in `loc`.
inline std::string describeNodeLocation(mlir::Location loc, size_t maxNodes = 3) {
  llvm::SetVector<llvm::StringRef> nodes;
  std::string source;
  collectNodeLocation(loc, nodes, source);
  return formatNodeLocation(nodes, source, maxNodes);
}

} // namespace pt2c

#endif // PT2C_IMPORT_NODELOCATION_H
