//===- Metadata.cpp - The user's --metadata KEY=VALUE pairs ---------------===//

#include "pt2c/Driver/Metadata.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/JSON.h"

namespace pt2c {

static constexpr size_t kMaxKeyBytes = 128;
static constexpr size_t kMaxValueBytes = 4096;

static llvm::Error invalid(llvm::StringRef argument, const llvm::Twine &why) {
  return llvm::createStringError("--metadata '" + argument + "': " + why);
}

static bool isKeyCharacter(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '-';
}

llvm::Expected<MetadataPair> parseMetadataArgument(llvm::StringRef argument) {
  auto [key, value] = argument.split('=');
  if (key.size() == argument.size())
    return invalid(argument, "expected KEY=VALUE");
  if (key.empty())
    return invalid(argument, "the key is empty");
  if (key.size() > kMaxKeyBytes)
    return invalid(argument, "the key is longer than " + llvm::Twine(kMaxKeyBytes) +
                                 " characters");
  if (!llvm::isAlpha(key.front()))
    return invalid(argument, "the key must start with a letter");
  for (char c : key)
    if (!isKeyCharacter(c))
      return invalid(argument, "the key may hold only letters, digits, '_', '.' and '-' "
                               "(found '" + llvm::Twine(c) + "')");
  if (key.starts_with(kReservedMetadataPrefix))
    return invalid(argument, "keys starting with '" + kReservedMetadataPrefix +
                                 "' are pt2c's own");
  if (value.size() > kMaxValueBytes)
    return invalid(argument, "the value is longer than " + llvm::Twine(kMaxValueBytes) +
                                 " bytes");
  if (!llvm::json::isUTF8(value))
    return invalid(argument, "the value is not UTF-8 text");
  for (char c : value)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      return invalid(argument, "the value holds a control character (byte " +
                                   llvm::Twine(static_cast<unsigned>(
                                       static_cast<unsigned char>(c))) +
                                   ")");
  return MetadataPair{key.str(), value.str()};
}

llvm::Expected<std::vector<MetadataPair>>
parseMetadataArguments(const std::vector<std::string> &arguments) {
  std::vector<MetadataPair> pairs;
  llvm::StringSet<> keys;
  for (const std::string &argument : arguments) {
    auto pair = parseMetadataArgument(argument);
    if (!pair)
      return pair.takeError();
    if (!keys.insert(pair->first).second)
      return invalid(argument, "the key '" + pair->first + "' is given twice");
    pairs.push_back(std::move(*pair));
  }
  return pairs;
}

} // namespace pt2c
