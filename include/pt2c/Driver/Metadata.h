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

#include <atomic>
#include <future>
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

/// SHA-256 of the file at `path` as 64 lowercase hex digits. Stops with an
/// error once `cancel` (if given) becomes true.
llvm::Expected<std::string> sha256OfFile(llvm::StringRef path,
                                         const std::atomic<bool> *cancel = nullptr);

/// sha256OfFile on a thread of its own, started at construction: hashing
/// runs at about 200 MB/s, seconds for a large model's archive, which the
/// compile hides this way. Destroyed before get(), it stops the hash and
/// waits for the thread (a compile that fails early returns at once).
class BackgroundSha256 {
public:
  explicit BackgroundSha256(std::string path);
  ~BackgroundSha256();
  BackgroundSha256(const BackgroundSha256 &) = delete;
  BackgroundSha256 &operator=(const BackgroundSha256 &) = delete;
  /// Waits for the digest; call once.
  llvm::Expected<std::string> get();

private:
  std::atomic<bool> cancel_{false}; // before result_: the thread reads it
  std::future<llvm::Expected<std::string>> result_;
};

/// pt2c's own pairs for a library compiled from an archive whose SHA-256
/// is `archiveSha256` and whose program torch `torchVersion` exported,
/// with `compileOptions`, in pt2c.h's order.
std::vector<MetadataPair> provenance(llvm::StringRef archiveSha256,
                                     llvm::StringRef torchVersion,
                                     llvm::StringRef compileOptions);

} // namespace pt2c

#endif // PT2C_DRIVER_METADATA_H
