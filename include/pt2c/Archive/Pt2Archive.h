//===- Pt2Archive.h - An opened, checked torch.export .pt2 archive --------===//
//
// Pt2Archive::open maps the file, reads the zip directory, parses
// models/<m>.json and the weights/constants configs, and runs every check of
// docs/pt2-format.md. Failures are llvm::Errors whose message names the
// file, the zip entry or JSON path, and what was expected, e.g.
//   "bad.pt2: models/model.json: $.graph_module.graph.nodes[3].inputs[1].arg:
//    unknown Argument variant 'as_foo'"
// Weight bytes are never copied: TensorView points into the mapped file.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_ARCHIVE_PT2ARCHIVE_H
#define PT2C_ARCHIVE_PT2ARCHIVE_H

#include "pt2c/Archive/ExportSchema.h"
#include "pt2c/Archive/ZipReader.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace pt2c::archive {

/// One weight or constant: a strided view over bytes of the mapped archive.
/// Sizes, strides and storageOffset count elements (as torch does).
struct TensorView {
  std::string fqn;        // "fc1.weight"
  std::string entryName;  // zip entry holding the storage, "data/weights/weight_3"
  bool isParam = false;   // nn.Parameter
  bool isConstant = false; // from the constants config (non-persistent buffers, lifted constants)
  ScalarType dtype = ScalarType::Unknown;
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;
  int64_t storageOffset = 0;
  /// The whole storage (shared by every view of the same entry); empty for a
  /// 0-byte payload (an empty tensor, or a graph-only archive).
  llvm::ArrayRef<uint8_t> storage;
  uint64_t storageFileOffset = 0; // where storage starts in the .pt2 file
  /// The payload file is 0 bytes although the view has elements: a
  /// graph-only archive (FakeTensors saved without data). torch's loader
  /// makes zeros; a compiler must get the values elsewhere.
  bool dataMissing = false;

  int64_t numel() const;      // product of sizes
  uint64_t nbytes() const;    // numel * element size
};

class Pt2Archive {
public:
  /// Opens and checks `path` and the program of `model` (a name under
  /// models/). With no `model`: "model" (what torch.export.save writes) or
  /// the only program; an archive of several others is an error naming
  /// them. Never aborts on bad input.
  static llvm::Expected<std::unique_ptr<Pt2Archive>> open(llvm::StringRef path,
                                                          llvm::StringRef model = "");

  llvm::StringRef path() const { return path_; }
  /// The root folder prefix of every entry ("mlp/"), possibly empty.
  llvm::StringRef rootPrefix() const { return rootPrefix_; }
  /// Names under models/ ("model").
  llvm::ArrayRef<std::string> modelNames() const { return modelNames_; }
  /// The model whose program, weights and constants were loaded.
  llvm::StringRef modelName() const { return modelName_; }
  /// The program of that model.
  const ExportedProgram &program() const { return program_; }
  /// Weights (parameters and persistent buffers), then constants, each in
  /// config key order. Every FQN the signature names is present.
  llvm::ArrayRef<TensorView> tensors() const { return tensors_; }
  /// nullptr when absent.
  const TensorView *findTensor(llvm::StringRef fqn) const;
  /// The dialect the program was saved in: "TRAINING" or "ATEN".
  llvm::StringRef dialect() const;
  const ZipReader &zip() const { return *zip_; }
  /// False when some weight or constant with elements has a 0-byte payload
  /// (see TensorView::dataMissing): the archive holds the graph only.
  bool hasWeightData() const { return hasWeightData_; }
  /// The range of a symbol ("s77"); unbounded on a side the program's
  /// range_constraints leave open, or for a symbol it does not list.
  RangeConstraint symbolRange(llvm::StringRef symbol) const;

private:
  Pt2Archive() = default;
  std::string path_;
  std::string rootPrefix_;
  std::vector<std::string> modelNames_;
  std::string modelName_;
  ExportedProgram program_;
  std::vector<TensorView> tensors_;
  llvm::StringMap<size_t> tensorIndex_; // fqn -> position in tensors_
  bool hasWeightData_ = true;
  std::unique_ptr<ZipReader> zip_;
  friend class Pt2ArchiveLoader;
};

} // namespace pt2c::archive

#endif // PT2C_ARCHIVE_PT2ARCHIVE_H
