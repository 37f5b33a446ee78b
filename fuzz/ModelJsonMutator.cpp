//===- ModelJsonMutator.cpp - Structure-aware mutations of the model JSON ===//
//
// LLVMFuzzerCustomMutator for pt2c-fuzz-compile. Byte flips almost never
// get past the zip's CRC and the JSON parser, so most mutations here edit
// the parsed models/<m>.json and write the archive back (ZipWriter):
//
//   - an integer anywhere (a size, a stride, a dtype code, an `as_int`
//     literal, a symbol's min/max) becomes 0, 1, -1, its neighbour, twice
//     it, 99 or a huge value;
//   - a list (sizes: the rank; `as_ints` literals; a node's inputs) loses,
//     repeats or swaps an element;
//   - a tensor reference is rewired to another tensor of the graph;
//   - a node's target is swapped for another node's;
//   - a bool flips, a float becomes 0, -1 or huge.
//
// Every edit keeps the JSON well-formed and of the types the schema reader
// expects in most places, so the run reaches the importer and the
// decompositions with metadata that disagrees with itself (issue #18).
// One mutation in eight is libFuzzer's own byte mutation of the whole
// input, which keeps the zip and JSON layers in play.
//
//===----------------------------------------------------------------------===//

#include "ZipWriter.h"

#include "pt2c/Archive/ZipReader.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstring>
#include <limits>
#include <random>

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

/// The places a mutation can edit, found by one walk of the JSON.
struct Slots {
  std::vector<Value *> integers, floats, bools;
  std::vector<Array *> arrays;
  std::vector<Value *> tensorRefs, targets;
  std::vector<std::string> tensorNames, targetNames;
};

void collect(Value &value, llvm::StringRef key, const llvm::StringSet<> &tensors, Slots &slots) {
  if (Object *object = value.getAsObject()) {
    for (auto &[name, member] : *object)
      collect(member, name, tensors, slots);
  } else if (Array *array = value.getAsArray()) {
    slots.arrays.push_back(array);
    for (Value &element : *array)
      collect(element, key, tensors, slots);
  } else if (auto text = value.getAsString()) {
    if (key == "target") {
      slots.targets.push_back(&value);
      slots.targetNames.push_back(text->str());
    } else if (key == "name" && tensors.contains(*text)) {
      slots.tensorRefs.push_back(&value);
    }
  } else if (value.getAsBoolean()) {
    slots.bools.push_back(&value);
  } else if (value.getAsInteger()) {
    slots.integers.push_back(&value);
  } else if (value.getAsNumber()) {
    slots.floats.push_back(&value);
  }
}

template <typename T> T &pick(std::vector<T> &items, std::minstd_rand &rng) {
  return items[rng() % items.size()];
}

int64_t interestingInteger(int64_t old, std::minstd_rand &rng) {
  // Neighbours and doubles wrap (in uint64_t): an earlier edit may have left
  // a huge value, and signed overflow here is UB (UBSan stopped a run).
  auto wrap = [](uint64_t value) { return static_cast<int64_t>(value); };
  const int64_t choices[] = {0,
                             1,
                             -1,
                             wrap(uint64_t(old) + 1),
                             wrap(uint64_t(old) - 1),
                             wrap(uint64_t(old) * 2),
                             99,
                             -99,
                             int64_t(1) << 31,
                             int64_t(1) << 40, std::numeric_limits<int64_t>::max() / 2};
  return choices[rng() % (sizeof choices / sizeof *choices)];
}

/// One edit of the model JSON; false when it had nothing to edit.
bool mutateOnce(Value &root, std::minstd_rand &rng) {
  llvm::StringSet<> tensors;
  if (Object *object = root.getAsObject())
    if (Object *module = object->getObject("graph_module"))
      if (Object *graph = module->getObject("graph"))
        if (Object *values = graph->getObject("tensor_values"))
          for (auto &entry : *values)
            tensors.insert(entry.first.str());
  Slots slots;
  for (auto &entry : tensors)
    slots.tensorNames.push_back(entry.getKey().str());
  collect(root, "", tensors, slots);
  for (int attempt = 0; attempt < 8; ++attempt) {
    switch (rng() % 8) {
    case 0:
    case 1:
    case 2: // integers are most of what the metadata is made of
      if (slots.integers.empty())
        break;
      {
        Value &slot = *pick(slots.integers, rng);
        slot = interestingInteger(*slot.getAsInteger(), rng);
      }
      return true;
    case 3: {
      if (slots.arrays.empty())
        break;
      Array &array = *pick(slots.arrays, rng);
      if (array.empty())
        break;
      size_t at = rng() % array.size();
      switch (rng() % 3) {
      case 0:
        array.erase(array.begin() + at);
        break;
      case 1:
        array.insert(array.begin() + at, Value(array[at]));
        break;
      default:
        std::swap(array[at], array[rng() % array.size()]);
      }
      return true;
    }
    case 4:
      if (slots.tensorRefs.empty() || slots.tensorNames.empty())
        break;
      *pick(slots.tensorRefs, rng) = pick(slots.tensorNames, rng);
      return true;
    case 5:
      if (slots.targets.empty())
        break;
      *pick(slots.targets, rng) = pick(slots.targetNames, rng);
      return true;
    case 6:
      if (slots.bools.empty())
        break;
      {
        Value &slot = *pick(slots.bools, rng);
        slot = !*slot.getAsBoolean();
      }
      return true;
    default: {
      if (slots.floats.empty())
        break;
      const double choices[] = {0.0, -1.0, 1e30, 1e-30};
      *pick(slots.floats, rng) = choices[rng() % 4];
      return true;
    }
    }
  }
  return false;
}

/// The archive of `data` with its model JSON edited; empty when `data` is
/// not an archive with a parseable model JSON.
std::vector<uint8_t> mutateArchive(const uint8_t *data, size_t size, std::minstd_rand &rng) {
  auto buffer = llvm::MemoryBuffer::getMemBuffer(
      llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz-input",
      /*RequiresNullTerminator=*/false);
  auto zip = pt2c::archive::ZipReader::openBuffer(std::move(buffer), "fuzz-input");
  if (!zip) {
    llvm::consumeError(zip.takeError());
    return {};
  }
  std::vector<pt2c::fuzz::ZipFile> files;
  int model = -1;
  for (const pt2c::archive::ZipEntry &entry : (*zip)->entries()) {
    auto text = (*zip)->readText(entry, uint64_t(64) << 20);
    if (!text) {
      llvm::consumeError(text.takeError());
      return {};
    }
    llvm::StringRef name(entry.name);
    if (model < 0 && name.contains("models/") && name.ends_with(".json"))
      model = files.size();
    files.push_back({entry.name, std::move(*text)});
  }
  if (model < 0)
    return {};
  auto json = llvm::json::parse(files[model].data);
  if (!json) {
    llvm::consumeError(json.takeError());
    return {};
  }
  int edits = 1 + rng() % 3;
  bool edited = false;
  for (int i = 0; i < edits; ++i)
    edited |= mutateOnce(*json, rng);
  if (!edited)
    return {};
  std::string text;
  llvm::raw_string_ostream(text) << *json;
  files[model].data = std::move(text);
  return pt2c::fuzz::writeZip(files);
}

/// How many mutations took each path, printed when the fuzzer exits (the
/// campaign's note reports them): a JSON edit, the byte mutation chosen
/// (one in eight), or the byte mutation because the input was no archive
/// with an editable model JSON (a byte mutation broke its zip or JSON).
struct PathCounts {
  uint64_t json = 0, byteChosen = 0, byteFallback = 0;
  ~PathCounts() {
    std::fprintf(stderr,
                 "ModelJsonMutator: %llu mutations: %llu JSON edits, %llu byte mutations "
                 "chosen, %llu byte mutations on inputs without an editable model JSON\n",
                 (unsigned long long)(json + byteChosen + byteFallback),
                 (unsigned long long)json, (unsigned long long)byteChosen,
                 (unsigned long long)byteFallback);
  }
};
PathCounts pathCounts;

} // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t maxSize,
                                          unsigned int seed) {
  std::minstd_rand rng(seed);
  if (rng() % 8 != 0) {
    std::vector<uint8_t> mutated = mutateArchive(data, size, rng);
    if (!mutated.empty() && mutated.size() <= maxSize) {
      std::memcpy(data, mutated.data(), mutated.size());
      ++pathCounts.json;
      return mutated.size();
    }
    ++pathCounts.byteFallback;
  } else {
    ++pathCounts.byteChosen;
  }
  return LLVMFuzzerMutate(data, size, maxSize);
}
