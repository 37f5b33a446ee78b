//===- Pt2Archive.cpp - Open and check a torch.export .pt2 archive
//---------===//
//
// Pt2Archive::open runs the checks of docs/pt2-format.md in order; each
// failure says where (zip entry, JSON path) and what was expected:
//   1. zip directory; the root prefix (the folder holding archive_format);
//   2. archive_format == "pt2", archive_version == "0", byteorder little;
//   3. models/<m>.json: schema major 8, then graph consistency;
//   4. weights/constants configs: present (2.9+ layout), no pickles, every
//      view within its payload, every FQN of the signature covered.
// Older layouts (<= 2.7 zip, 2.8 pickled weights) are recognised and refused.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Archive/Pt2Archive.h"

#include "TensorViews.h"

#include "pt2c/Archive/ProgramCheck.h"
#include "pt2c/Archive/SchemaJson.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2c::archive {
namespace {

/// JSON documents larger than this are refused before they are inflated or
/// copied; real programs are a few MB.
constexpr uint64_t kMaxJsonBytes = uint64_t(1) << 30;
/// Small text entries (archive_format, archive_version, byteorder).
constexpr uint64_t kMaxTagBytes = 4096;

llvm::StringRef lastComponent(llvm::StringRef name) {
  size_t slash = name.rfind('/');
  return slash == llvm::StringRef::npos ? name : name.substr(slash + 1);
}

} // namespace

int64_t TensorView::numel() const {
  int64_t n = 1;
  for (int64_t size : sizes)
    n *= size; // checked against overflow when the archive was opened
  return n;
}

uint64_t TensorView::nbytes() const {
  return uint64_t(numel()) * elementSize(dtype);
}

/// Fills a Pt2Archive step by step. A friend of Pt2Archive.
class Pt2ArchiveLoader {
public:
  Pt2ArchiveLoader(llvm::StringRef path, llvm::StringRef wantedModel)
      : archive(new Pt2Archive()), wantedModel(wantedModel.str()) {
    archive->path_ = path.str();
  }

  llvm::Expected<std::unique_ptr<Pt2Archive>> load() {
    auto zip = ZipReader::open(archive->path_);
    if (!zip)
      return zip.takeError();
    archive->zip_ = std::move(*zip);
    if (llvm::Error err = findRoot())
      return std::move(err);
    if (llvm::Error err = checkTags())
      return std::move(err);
    if (llvm::Error err = findModels())
      return std::move(err);
    if (llvm::Error err = loadProgram())
      return std::move(err);
    if (llvm::Error err = loadPayloads())
      return std::move(err);
    return std::move(archive);
  }

private:
  std::unique_ptr<Pt2Archive> archive;
  std::string wantedModel; // empty: the archive's only (or "model") program
  std::string modelName;

  const ZipReader &zip() const { return *archive->zip_; }

  llvm::Error fail(llvm::StringRef where, const llvm::Twine &what) const {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   archive->path_ + ": " + where + ": " + what);
  }

  /// An entry by its name under the root folder.
  const ZipEntry *find(llvm::StringRef relative) const {
    return zip().find((archive->rootPrefix_ + relative).str());
  }

  llvm::Expected<std::string> readText(const ZipEntry &entry,
                                       uint64_t maxBytes) const {
    return zip().readText(entry, maxBytes);
  }

  /// The root is the folder of archive_format (docs/pt2-format.md, "The
  /// root folder"): the file name when saved to a path, "archive" for a
  /// buffer, or none.
  llvm::Error findRoot() {
    const ZipEntry *best = nullptr, *legacy = nullptr;
    for (const ZipEntry &entry : zip().entries()) {
      llvm::StringRef last = lastComponent(entry.name);
      if (last == "archive_format") {
        if (!best || entry.name.size() < best->name.size())
          best = &entry;
      } else if (last == "serialized_exported_program.json") {
        legacy = &entry;
      }
    }
    if (!best) {
      if (legacy)
        return fail(legacy->name,
                    "PyTorch <= 2.7 archive layout (pickled weights) is not "
                    "supported; re-export with torch >= 2.9");
      return fail("archive_format",
                  "no such entry, at the zip root or in one folder; this is "
                  "not a torch.export .pt2 archive (expected an entry "
                  "'<root>/archive_format' containing 'pt2')");
    }
    llvm::StringRef name = best->name;
    archive->rootPrefix_ =
        name.drop_back(llvm::StringRef("archive_format").size()).str();
    return llvm::Error::success();
  }

  /// archive_format, archive_version and byteorder.
  llvm::Error checkTags() {
    auto format = readText(*find("archive_format"), kMaxTagBytes);
    if (!format)
      return format.takeError();
    if (llvm::StringRef(*format).trim() != "pt2")
      return fail("archive_format", "found '" + *format + "', expected 'pt2'");

    // A missing archive_version means 0 (PT2ArchiveReader.archive_version).
    if (const ZipEntry *version = find("archive_version")) {
      auto text = readText(*version, kMaxTagBytes);
      if (!text)
        return text.takeError();
      if (llvm::StringRef(*text).trim() != "0")
        return fail("archive_version",
                    "found '" + *text +
                        "', expected '0'; a newer archive layout is not "
                        "supported");
    }
    // Payloads are raw bytes in the writer's order; pt2c targets
    // little-endian hosts only.
    if (const ZipEntry *order = find("byteorder")) {
      auto text = readText(*order, kMaxTagBytes);
      if (!text)
        return text.takeError();
      if (llvm::StringRef(*text).trim() != "little")
        return fail("byteorder",
                    "found '" + *text +
                        "', expected 'little'; big-endian payloads are not "
                        "supported");
    }
    return llvm::Error::success();
  }

  /// Every models/<m>.json; "model" (what torch.export.save writes) first.
  llvm::Error findModels() {
    std::string dir = archive->rootPrefix_ + "models/";
    for (const ZipEntry &entry : zip().entries()) {
      llvm::StringRef name = entry.name;
      if (!name.consume_front(dir) || !name.consume_back(".json") ||
          name.empty() || name.contains('/'))
        continue;
      archive->modelNames_.push_back(name.str());
    }
    if (archive->modelNames_.empty())
      return fail("models/",
                  "no models/<name>.json entry; the archive holds no exported "
                  "program (an AOTInductor-only package?)");
    llvm::sort(archive->modelNames_);
    auto it = llvm::find(archive->modelNames_, "model");
    if (it != archive->modelNames_.end())
      std::rotate(archive->modelNames_.begin(), it, it + 1);
    auto listed = [&] {
      // Enough to recognise the archive without flooding the terminal.
      constexpr size_t kShown = 12;
      std::string names;
      for (const std::string &name : llvm::ArrayRef(archive->modelNames_).take_front(kShown))
        names += (names.empty() ? "" : ", ") + name;
      if (archive->modelNames_.size() > kShown)
        names += ", and " + std::to_string(archive->modelNames_.size() - kShown) +
                 " more";
      return names;
    };
    if (!wantedModel.empty()) {
      if (!llvm::is_contained(archive->modelNames_, wantedModel))
        return fail("models/" + wantedModel + ".json",
                    "no such model; the archive holds: " + listed());
      modelName = wantedModel;
    } else if (it == archive->modelNames_.end() &&
               archive->modelNames_.size() > 1) {
      // Several programs (package_pt2 with a dict) and none is the default:
      // picking one silently would compile the wrong model.
      return fail("models/", "the archive holds " +
                                 llvm::Twine(archive->modelNames_.size()) +
                                 " models (" + listed() +
                                 "); choose one (pt2c --model NAME)");
    } else {
      modelName = archive->modelNames_.front();
    }
    archive->modelName_ = modelName;
    return llvm::Error::success();
  }

  llvm::Error loadProgram() {
    std::string entryName = "models/" + modelName + ".json";
    auto text = readText(*find(entryName), kMaxJsonBytes);
    if (!text)
      return text.takeError();
    auto program = parseExportedProgram(*text);
    if (!program)
      return fail(entryName, llvm::toString(program.takeError()));
    if (llvm::Error err = checkExportedProgram(*program))
      return fail(entryName, llvm::toString(std::move(err)));
    archive->program_ = std::move(*program);
    return llvm::Error::success();
  }

  /// Reads a config; refuses the 2.8 layout (one pickled dict) clearly.
  llvm::Expected<PayloadConfig> readConfig(llvm::StringRef name,
                                           llvm::StringRef legacyName) {
    const ZipEntry *entry = find(name);
    if (!entry) {
      if (find(legacyName))
        return fail(name, "missing, and " + legacyName +
                              " exists: the PyTorch 2.8 layout (pickled "
                              "weights) is not supported; re-export with "
                              "torch >= 2.9");
      return fail(name, "missing; torch >= 2.9 writes it for every model "
                        "(docs/pt2-format.md, \"Entries pt2c reads\")");
    }
    auto text = readText(*entry, kMaxJsonBytes);
    if (!text)
      return text.takeError();
    auto config = parsePayloadConfig(*text);
    if (!config)
      return fail(name, llvm::toString(config.takeError()));
    return config;
  }

  llvm::Error loadPayloads() {
    std::string weightsName =
        "data/weights/" + modelName + "_weights_config.json";
    std::string constantsName =
        "data/constants/" + modelName + "_constants_config.json";
    auto weights = readConfig(weightsName, "data/weights/" + modelName + ".pt");
    if (!weights)
      return weights.takeError();
    auto constants =
        readConfig(constantsName, "data/constants/" + modelName + ".pt");
    if (!constants)
      return constants.takeError();

    detail::PayloadSet sets[] = {
        {weightsName, "data/weights/", &*weights, /*isConstant=*/false},
        {constantsName, "data/constants/", &*constants, /*isConstant=*/true}};
    for (const detail::PayloadSet &set : sets)
      if (llvm::Error err = detail::appendTensorViews(zip(), archive->path_,
                                                      archive->rootPrefix_, set,
                                                      archive->tensors_))
        return err;
    for (size_t i = 0; i < archive->tensors_.size(); ++i) {
      const TensorView &view = archive->tensors_[i];
      archive->tensorIndex_.try_emplace(view.fqn, i);
      if (view.dataMissing)
        archive->hasWeightData_ = false;
    }
    return checkSignatureCoverage(weightsName, constantsName);
  }

  /// Every parameter, buffer and tensor constant of the signature has a
  /// view from the right config, with the placeholder's dtype and shape.
  llvm::Error checkSignatureCoverage(llvm::StringRef weightsName,
                                     llvm::StringRef constantsName) const {
    const ExportedProgram &program = archive->program_;
    const auto &specs = program.graphModule.signature.inputSpecs;
    for (size_t i = 0; i < specs.size(); ++i) {
      const InputSpec &spec = specs[i];
      const char *what = nullptr;
      bool inConstants = false;
      switch (spec.kind) {
      case InputSpec::Kind::Parameter:
        what = "parameter";
        break;
      case InputSpec::Kind::Buffer:
        what = spec.persistent ? "persistent buffer" : "non-persistent buffer";
        inConstants = !spec.persistent;
        break;
      case InputSpec::Kind::TensorConstant:
        what = "tensor constant";
        inConstants = true;
        break;
      case InputSpec::Kind::CustomObj:
        return fail(constantsName,
                    "custom object '" + spec.targetName + "' (input_specs[" +
                        llvm::Twine(i) +
                        "]): TorchBind objects are not supported");
      default:
        continue;
      }
      llvm::StringRef configName = inConstants ? constantsName : weightsName;
      const TensorView *view = archive->findTensor(spec.targetName);
      if (!view || view->isConstant != inConstants) {
        std::string hint = view ? std::string(" (it is in the ") +
                                      (inConstants ? "weights" : "constants") +
                                      " config instead)"
                                : std::string();
        return fail(configName, "no entry for " + llvm::Twine(what) + " '" +
                                    spec.targetName +
                                    "', which the graph signature's "
                                    "input_specs[" +
                                    llvm::Twine(i) + "] needs" + hint);
      }
      auto meta = program.graphModule.graph.tensorValues.find(spec.arg.str);
      if (meta == program.graphModule.graph.tensorValues.end())
        continue; // checkExportedProgram reported a missing entry already
      if (llvm::Error err = checkPlaceholderMatches(*view, spec.arg.str,
                                                    meta->second, configName))
        return err;
    }
    return llvm::Error::success();
  }

  llvm::Error checkPlaceholderMatches(const TensorView &view,
                                      llvm::StringRef placeholder,
                                      const TensorMeta &meta,
                                      llvm::StringRef configName) const {
    bool same =
        meta.dtype == view.dtype && meta.sizes.size() == view.sizes.size();
    std::vector<int64_t> sizes;
    for (size_t d = 0; d < meta.sizes.size(); ++d) {
      const SymInt &size = meta.sizes[d];
      sizes.push_back(size.isExpr ? -1 : size.value);
      if (size.isExpr || (same && size.value != view.sizes[d]))
        same = false;
    }
    if (same)
      return llvm::Error::success();
    return fail(configName,
                "FQN '" + view.fqn + "' is " +
                    detail::describeTensorType(view.dtype, view.sizes) +
                    ", but the graph's placeholder '" + placeholder + "' is " +
                    detail::describeTensorType(meta.dtype, sizes));
  }
};

llvm::Expected<std::unique_ptr<Pt2Archive>>
Pt2Archive::open(llvm::StringRef path, llvm::StringRef model) {
  return Pt2ArchiveLoader(path, model).load();
}

const TensorView *Pt2Archive::findTensor(llvm::StringRef fqn) const {
  auto it = tensorIndex_.find(fqn);
  return it == tensorIndex_.end() ? nullptr : &tensors_[it->second];
}

llvm::StringRef Pt2Archive::dialect() const {
  // An empty list is what older writers produced for the ATen dialect.
  if (program_.verifiers.empty())
    return "ATEN";
  return program_.verifiers.front();
}

RangeConstraint Pt2Archive::symbolRange(llvm::StringRef symbol) const {
  auto it = program_.rangeConstraints.find(symbol.str());
  if (it == program_.rangeConstraints.end())
    return RangeConstraint();
  return it->second;
}

} // namespace pt2c::archive
