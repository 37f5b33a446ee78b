//===- NodeSource.h - Where in the user's code a graph node came from -----===//
//
// torch.export keeps each node's Python stack in its `stack_trace` metadata.
// Error messages, locations and `pt2c inspect --coverage` name the line the
// user wrote, not a frame inside torch.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_ARCHIVE_NODESOURCE_H
#define PT2C_ARCHIVE_NODESOURCE_H

#include <string>
#include <utility>

namespace pt2c::archive {

struct Node;

/// The node's innermost frame outside torch ("model.py", 41) from its
/// stack_trace metadata; line 0 when it has none.
std::pair<std::string, unsigned> sourceLineOf(const Node &node);

} // namespace pt2c::archive

#endif // PT2C_ARCHIVE_NODESOURCE_H
