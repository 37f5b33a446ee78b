//===- NodeSource.cpp - Where in the user's code a graph node came from ---===//

#include "pt2c/Archive/NodeSource.h"

#include "pt2c/Archive/ExportSchema.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Regex.h"

namespace pt2c::archive {

std::pair<std::string, unsigned> sourceLineOf(const Node &node) {
  auto it = node.metadata.find("stack_trace");
  if (it == node.metadata.end())
    return {"", 0};
  // Frames are outermost first. The innermost frame outside torch itself is
  // the line the user wrote (or the library model code they called).
  static const llvm::Regex frame("File \"([^\"]*)\", line ([0-9]+)");
  std::pair<std::string, unsigned> best{"", 0};
  llvm::StringRef rest = it->second;
  llvm::SmallVector<llvm::StringRef, 3> match;
  while (frame.match(rest, &match)) {
    unsigned line = 0;
    match[2].getAsInteger(10, line);
    bool insideTorch = match[1].contains("/site-packages/torch/") ||
                       match[1].contains("/torch/nn/");
    if (!insideTorch || best.first.empty())
      best = {match[1].str(), line};
    rest = rest.substr(match[0].data() - rest.data() + match[0].size());
  }
  return best;
}

} // namespace pt2c::archive
