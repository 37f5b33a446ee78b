//===- TensorViews.cpp - Weights and constants as views over the archive
//---===//

#include "TensorViews.h"

#include "llvm/ADT/StringMap.h"

namespace pt2c::archive::detail {
namespace {

llvm::Error fail(llvm::StringRef archivePath, llvm::StringRef where,
                 const llvm::Twine &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 archivePath + ": " + where + ": " + what);
}

/// The elements a view spans, computed without overflow.
struct Extent {
  int64_t numel = 0;
  uint64_t bytesNeeded = 0; // storage bytes up to the view's last element
};

/// Checks tensor_meta and fills the view's dtype and geometry. Returns the
/// problem as text, the caller adds where it is.
std::optional<std::string> readGeometry(const TensorMeta &meta,
                                        TensorView &view, Extent &extent) {
  if (elementSize(meta.dtype) == 0)
    return std::string("has dtype ") + scalarTypeName(meta.dtype) +
           ", which has no element size";
  if (meta.layout != Layout::Strided)
    return "has layout " + std::to_string(int(meta.layout)) +
           "; only strided (7) tensors can be stored as raw bytes";
  if (meta.sizes.size() != meta.strides.size())
    return "has " + std::to_string(meta.sizes.size()) + " sizes but " +
           std::to_string(meta.strides.size()) + " strides";
  auto concrete = [](const SymInt &value, const char *what,
                     int64_t &out) -> std::optional<std::string> {
    if (value.isExpr)
      return std::string(what) + " is symbolic ('" +
             formatSymExpr(value.expr.expr) +
             "'); weights need concrete (as_int) sizes, strides and "
             "storage_offset";
    if (value.value < 0)
      return std::string(what) + " is " + std::to_string(value.value) +
             "; sizes, strides and storage_offset must be non-negative";
    out = value.value;
    return std::nullopt;
  };
  view.dtype = meta.dtype;
  if (auto problem =
          concrete(meta.storageOffset, "storage_offset", view.storageOffset))
    return problem;
  size_t rank = meta.sizes.size();
  view.sizes.assign(rank, 0);
  view.strides.assign(rank, 0);
  for (size_t i = 0; i < rank; ++i) {
    std::string sizeName = "sizes[" + std::to_string(i) + "]";
    std::string strideName = "strides[" + std::to_string(i) + "]";
    if (auto problem = concrete(meta.sizes[i], sizeName.c_str(), view.sizes[i]))
      return problem;
    if (auto problem =
            concrete(meta.strides[i], strideName.c_str(), view.strides[i]))
      return problem;
  }

  // numel and the last element's index: storage_offset + sum((size-1)*stride).
  const std::string overflow = "sizes or strides overflow int64";
  int64_t numel = 1;
  for (int64_t size : view.sizes)
    if (__builtin_mul_overflow(numel, size, &numel))
      return overflow;
  int64_t elemSize = elementSize(meta.dtype);
  int64_t viewBytes;
  if (__builtin_mul_overflow(numel, elemSize, &viewBytes))
    return overflow;
  extent.numel = numel;
  extent.bytesNeeded = 0;
  if (numel == 0)
    return std::nullopt;
  int64_t last = view.storageOffset;
  for (size_t i = 0; i < rank; ++i) {
    int64_t step;
    if (__builtin_mul_overflow(view.sizes[i] - 1, view.strides[i], &step) ||
        __builtin_add_overflow(last, step, &last))
      return overflow;
  }
  int64_t needed;
  if (__builtin_add_overflow(last, int64_t(1), &needed) ||
      __builtin_mul_overflow(needed, elemSize, &needed))
    return overflow;
  extent.bytesNeeded = uint64_t(needed);
  return std::nullopt;
}

} // namespace

std::string describeTensorType(ScalarType dtype,
                               llvm::ArrayRef<int64_t> sizes) {
  std::string out = scalarTypeName(dtype);
  out += "[";
  for (size_t i = 0; i < sizes.size(); ++i)
    out += (i ? ", " : "") + std::to_string(sizes[i]);
  return out + "]";
}

llvm::Error appendTensorViews(const ZipReader &zip, llvm::StringRef archivePath,
                              llvm::StringRef rootPrefix, const PayloadSet &set,
                              std::vector<TensorView> &views) {
  // The first view of each file decides its dtype, as in torch's loader.
  llvm::StringMap<size_t> firstViewOfEntry;
  for (const auto &[fqn, meta] : set.config->entries) {
    if (meta.usePickle)
      return fail(
          archivePath, set.configName,
          "FQN '" + fqn +
              "' is stored as a torch.save pickle "
              "(use_pickle: true); pickled payloads (tensor subclasses, "
              "TorchBind custom objects) are not supported");
    if (!meta.tensorMeta)
      return fail(archivePath, set.configName,
                  "FQN '" + fqn + "' has no tensor_meta");

    TensorView view;
    view.fqn = fqn;
    view.entryName = (set.dataDir + meta.pathName).str();
    view.isParam = meta.isParam;
    view.isConstant = set.isConstant;
    Extent extent;
    if (auto problem = readGeometry(*meta.tensorMeta, view, extent))
      return fail(archivePath, set.configName,
                  "FQN '" + fqn + "': " + *problem);

    const ZipEntry *entry = zip.find((rootPrefix + view.entryName).str());
    if (meta.pathName.empty() || !entry)
      return fail(archivePath, set.configName,
                  "FQN '" + fqn + "' is stored in '" + meta.pathName +
                      "', but the archive has no entry " + view.entryName);
    auto data = zip.storedData(*entry);
    if (!data)
      return data.takeError();
    unsigned elemSize = elementSize(view.dtype);
    if (data->size() % elemSize != 0)
      return fail(archivePath, view.entryName,
                  "holds " + llvm::Twine(data->size()) +
                      " bytes, not a multiple of " + llvm::Twine(elemSize) +
                      ", the element size of " + scalarTypeName(view.dtype) +
                      " (FQN " + fqn + ")");

    auto [first, inserted] =
        firstViewOfEntry.try_emplace(view.entryName, views.size());
    if (!inserted && views[first->second].dtype != view.dtype)
      return fail(archivePath, set.configName,
                  "FQNs '" + views[first->second].fqn + "' and '" + fqn +
                      "' share entry " + view.entryName + " but read it as " +
                      scalarTypeName(views[first->second].dtype) + " and " +
                      scalarTypeName(view.dtype));

    if (data->empty()) {
      // A 0-byte payload: an empty tensor, or a graph-only archive.
      view.dataMissing = extent.numel > 0;
    } else {
      if (extent.bytesNeeded > data->size())
        return fail(archivePath, set.configName,
                    "weight file shorter than its views need: entry " +
                        view.entryName + " has " + llvm::Twine(data->size()) +
                        " bytes, FQN " + fqn + " needs " +
                        llvm::Twine(extent.bytesNeeded) + " bytes");
      view.storage = *data;
      view.storageFileOffset = entry->dataOffset;
    }
    views.push_back(std::move(view));
  }
  return llvm::Error::success();
}

} // namespace pt2c::archive::detail
