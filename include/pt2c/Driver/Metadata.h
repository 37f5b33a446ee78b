//===- Metadata.h - What a model library records about its making ---------===//
//
// Every library carries key/value pairs (pt2c.h, "Provenance"): pt2c's own
// (its version and commit, LLVM's, torch's from the archive, the archive's
// SHA-256, the compile options) and the user's `--metadata KEY=VALUE`.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_DRIVER_METADATA_H
#define PT2C_DRIVER_METADATA_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace pt2c {

using MetadataPair = std::pair<std::string, std::string>;

/// Keys starting with this are pt2c's own; users may not set them.
inline constexpr llvm::StringLiteral kReservedMetadataPrefix = "pt2c.";

/// One `--metadata` argument, "KEY=VALUE" (split at the first '='). The key
/// is 1 to 128 letters, digits, '_', '.' or '-', starting with a letter, and
/// not reserved; the value is at most 4096 bytes of UTF-8 without control
/// characters (it is printed one pair a line). Errors name the argument.
llvm::Expected<MetadataPair> parseMetadataArgument(llvm::StringRef argument);

/// Every `--metadata` argument, in order; also refuses a key given twice.
llvm::Expected<std::vector<MetadataPair>>
parseMetadataArguments(const std::vector<std::string> &arguments);

/// SHA-256 of the file at `path` as 64 lowercase hex digits.
llvm::Expected<std::string> sha256OfFile(llvm::StringRef path);

/// pt2c's own pairs for a library compiled from `archivePath` (whose
/// program was exported by torch `torchVersion`) with `compileOptions`, in
/// pt2c.h's order.
llvm::Expected<std::vector<MetadataPair>> provenance(llvm::StringRef archivePath,
                                                     llvm::StringRef torchVersion,
                                                     llvm::StringRef compileOptions);

} // namespace pt2c

#endif // PT2C_DRIVER_METADATA_H
