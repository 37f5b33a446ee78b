// --metadata parsing, the provenance pairs and the SHA-256 they record,
// and the .pt2c.metadata section's format as `pt2c inspect model.so` reads it.

#include "pt2c/Driver/InspectLibrary.h"
#include "pt2c/Driver/Metadata.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

using namespace pt2c;
using Catch::Matchers::Contains;

static std::string errorOf(llvm::Error error) { return llvm::toString(std::move(error)); }

TEST_CASE("metadata arguments split at the first '=' and keep the value as given", "[metadata]") {
  auto pair = parseMetadataArgument("build.id=run=42 (nightly)");
  REQUIRE(bool(pair));
  CHECK(pair->first == "build.id");
  CHECK(pair->second == "run=42 (nightly)");
  auto empty = parseMetadataArgument("Owner-2_x=");
  REQUIRE(bool(empty));
  CHECK(empty->second.empty());
  auto utf8 = parseMetadataArgument("note=caf\xc3\xa9");
  REQUIRE(bool(utf8));
}

TEST_CASE("metadata arguments: malformed pairs are refused, naming the argument and why", "[metadata]") {
  auto refused = [](const std::string &argument) {
    auto pair = parseMetadataArgument(argument);
    REQUIRE(!pair);
    std::string message = errorOf(pair.takeError());
    CHECK_THAT(message, Contains("--metadata '" + argument + "'"));
    return message;
  };
  CHECK_THAT(refused("novalue"), Contains("expected KEY=VALUE"));
  CHECK_THAT(refused("=x"), Contains("the key is empty"));
  CHECK_THAT(refused("1st=x"), Contains("must start with a letter"));
  CHECK_THAT(refused("a b=x"), Contains("found ' '"));
  CHECK_THAT(refused("k/v=x"), Contains("found '/'"));
  CHECK_THAT(refused("pt2c.version=9"), Contains("'pt2c.' are pt2c's own"));
  CHECK_THAT(refused("k=line\nbreak"), Contains("control character (byte 10)"));
  CHECK_THAT(refused("k=tab\there"), Contains("control character (byte 9)"));
  CHECK_THAT(refused("k=\xff\xfe"), Contains("not UTF-8"));
  CHECK_THAT(refused(std::string(129, 'k') + "=x"), Contains("longer than 128"));
  CHECK_THAT(refused("k=" + std::string(4097, 'v')), Contains("longer than 4096 bytes"));
  CHECK(bool(parseMetadataArgument(std::string(128, 'k') + "=" + std::string(4096, 'v'))));
}

TEST_CASE("metadata arguments keep their order, and a key given twice is refused", "[metadata]") {
  auto pairs = parseMetadataArguments({"z=1", "a=2"});
  REQUIRE(bool(pairs));
  REQUIRE(pairs->size() == 2);
  CHECK((*pairs)[0].first == "z");
  CHECK((*pairs)[1].first == "a");
  auto twice = parseMetadataArguments({"a=1", "b=2", "a=3"});
  REQUIRE(!twice);
  CHECK_THAT(errorOf(twice.takeError()), Contains("--metadata 'a=3': the key 'a' is given twice"));
}

TEST_CASE("SHA-256 of a file is FIPS 180-2's digest in lowercase hex", "[metadata]") {
  llvm::SmallString<128> path;
  int fd;
  REQUIRE(!llvm::sys::fs::createTemporaryFile("pt2c-sha", "bin", fd, path));
  {
    llvm::raw_fd_ostream file(fd, /*shouldClose=*/true);
    file << "abc"; // the standard's first example
  }
  auto digest = sha256OfFile(path);
  llvm::sys::fs::remove(path);
  REQUIRE(bool(digest));
  CHECK(*digest == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  auto missing = sha256OfFile("/nonexistent/model.pt2");
  REQUIRE(!missing);
  CHECK_THAT(errorOf(missing.takeError()), Contains("/nonexistent/model.pt2: cannot read it"));
}

TEST_CASE("SHA-256 of a file of several chunks is the digest of its whole bytes",
          "[metadata]") {
  // 40 MiB: three of sha256OfFile's 16 MiB chunks, the last one short.
  std::string bytes(size_t(40) << 20, '\0');
  for (size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<char>((i * 2654435761u) >> 13);
  llvm::SmallString<128> path;
  int fd;
  REQUIRE(!llvm::sys::fs::createTemporaryFile("pt2c-sha", "bin", fd, path));
  {
    llvm::raw_fd_ostream file(fd, /*shouldClose=*/true);
    file << bytes;
  }
  auto digest = sha256OfFile(path);
  llvm::sys::fs::remove(path);
  REQUIRE(bool(digest));
  CHECK(*digest == llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(bytes)),
                               /*LowerCase=*/true));
}

TEST_CASE("the background hash is sha256OfFile's, and stops when dropped", "[metadata]") {
  std::string archive = std::string(PT2C_TEST_DATA) + "/bert_tiny.pt2";
  BackgroundSha256 hash(archive);
  auto digest = hash.get();
  REQUIRE(bool(digest));
  CHECK(*digest == *sha256OfFile(archive));
  { BackgroundSha256 dropped(archive); } // cancelled, joined, its result consumed
  BackgroundSha256 missing("/nonexistent/model.pt2");
  auto error = missing.get();
  REQUIRE(!error);
  CHECK_THAT(errorOf(error.takeError()), Contains("/nonexistent/model.pt2"));
  std::atomic<bool> cancelled{true};
  auto stopped = sha256OfFile(archive, &cancelled);
  REQUIRE(!stopped);
  CHECK_THAT(errorOf(stopped.takeError()), Contains("cancelled"));
}

TEST_CASE("provenance records pt2c.h's keys in order", "[metadata]") {
  std::string digest(64, 'a');
  std::vector<MetadataPair> pairs = provenance(digest, "2.11.0\n+cu130", "--target cpu");
  std::vector<std::string> keys;
  for (const MetadataPair &pair : pairs)
    keys.push_back(pair.first);
  CHECK(keys == std::vector<std::string>{"pt2c.version", "pt2c.commit", "pt2c.llvm_version",
                                         "pt2c.torch_version", "pt2c.archive_sha256",
                                         "pt2c.compile_options"});
  CHECK(pairs[2].second.rfind("22.", 0) == 0);
  CHECK(pairs[3].second == "2.11.0?+cu130"); // a control character from the archive
  CHECK(pairs[4].second == digest);
  CHECK(pairs[5].second == "--target cpu");
  for (const MetadataPair &pair : pairs)
    CHECK(pair.first.rfind(kReservedMetadataPrefix.str(), 0) == 0);
}

TEST_CASE("the metadata section is pairs of NUL-terminated strings", "[metadata]") {
  auto pairs = parseMetadataSection(llvm::StringRef("a\0one\0b\0\0", 9));
  REQUIRE(bool(pairs));
  REQUIRE(pairs->size() == 2);
  CHECK((*pairs)[0] == MetadataPair{"a", "one"});
  CHECK((*pairs)[1] == MetadataPair{"b", ""});
  auto none = parseMetadataSection("");
  REQUIRE(bool(none));
  CHECK(none->empty());
  auto unterminated = parseMetadataSection(llvm::StringRef("a\0one", 5));
  REQUIRE(!unterminated);
  CHECK_THAT(errorOf(unterminated.takeError()), Contains("ends inside a string"));
  auto odd = parseMetadataSection(llvm::StringRef("a\0one\0b\0", 8));
  REQUIRE(!odd);
  CHECK_THAT(errorOf(odd.takeError()), Contains("a key ('b') without a value"));
}

TEST_CASE("inspect tells libraries from archives by their first bytes", "[metadata]") {
  CHECK(!isELFFile(std::string(PT2C_TEST_DATA) + "/mlp.pt2"));
  CHECK(!isELFFile("/nonexistent"));
  // The test binary itself is ELF but no model library.
  std::string self = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  CHECK(isELFFile(self));
  auto report = readLibraryReport(self);
  REQUIRE(!report);
  CHECK_THAT(errorOf(report.takeError()), Contains("not a pt2c model library: it has no "
                                                   ".pt2c.metadata section"));
}
