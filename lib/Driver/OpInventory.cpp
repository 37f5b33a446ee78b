//===- OpInventory.cpp - Every ATen overload of torch, with pt2c's status -===//

#include "pt2c/Driver/OpInventory.h"

#include "pt2c/Driver/Coverage.h"
#include "pt2c/OpRegistry/DerivedForms.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Regex.h"

namespace pt2c {

namespace {

constexpr ExclusionReason kReasons[] = {
    {"torchscript",
     "a TorchScript builtin the dispatcher does not know (kind `jit`): never in an exported "
     "program"},
    {"out=", "an out= form: torch.export writes the functional overload instead"},
    {"training",
     "backward and optimizer ops (`*_backward*`, `_foreach_*`, `_fused_*`, `_amp_*`): pt2c "
     "compiles inference"},
    {"layout",
     "sparse, quantized, nested, MKL-DNN/cuDNN/MIOpen/Vulkan/MPS/FBGEMM ops, or the lazy "
     "conjugate and negative views of complex tensors: pt2c's tensors are dense"},
    {"testing", "PyTorch's own test ops (`_test_*`, `_foobar`)"},
};

/// Whether the overload writes a keyword-only tensor argument (`*, Tensor(a!)
/// out`, `*, Tensor(a!) values, Tensor(b!) indices`): an out= form. In-place
/// ops write `self`, before the `*`.
bool isOutForm(const AtenOverload &overload) {
  llvm::StringRef arguments = llvm::StringRef(overload.schema).split(" -> ").first;
  size_t keywords = arguments.find("*,");
  static const llvm::Regex writes(R"(Tensor\([a-z]+!\))");
  return keywords != llvm::StringRef::npos && writes.match(arguments.substr(keywords));
}

bool isTraining(llvm::StringRef name) {
  return name.contains("backward") || name.starts_with("_foreach_") ||
         name.starts_with("_fused_") || name.starts_with("_amp_");
}

bool isOtherLayout(llvm::StringRef name) {
  static constexpr llvm::StringLiteral kWords[] = {
      "sparse", "quantize", "quantized", "mkldnn", "cudnn",     "miopen",  "vulkan",
      "_mps",   "fbgemm",   "nested",    "xnnpack", "_cslt",    "coalesce", "to_dense",
      "_conj", "conj_physical", "_neg_view"};
  for (llvm::StringRef word : kWords)
    if (name.contains(word))
      return true;
  // Quantized tensors' accessors: q_scale, q_zero_point, q_per_channel_*.
  return name.starts_with("q_") || name.starts_with("int_repr");
}

} // namespace

llvm::ArrayRef<ExclusionReason> exclusionReasons() { return kReasons; }

llvm::StringRef statusName(OverloadStatus status) {
  switch (status) {
  case OverloadStatus::Covered:
    return "covered";
  case OverloadStatus::Derived:
    return "derived";
  case OverloadStatus::Composite:
    return "composite";
  case OverloadStatus::Excluded:
    return "excluded";
  case OverloadStatus::Missing:
    return "**missing**";
  }
  return "";
}

llvm::Expected<std::vector<AtenOverload>> parseOverloadList(llvm::StringRef text) {
  std::vector<AtenOverload> overloads;
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  for (auto [number, line] : llvm::enumerate(lines)) {
    line = line.rtrim("\r");
    if (line.empty() || line.starts_with("#"))
      continue;
    llvm::SmallVector<llvm::StringRef, 4> fields;
    line.split(fields, '\t', /*MaxSplit=*/3);
    if (fields.size() != 4 || !fields[0].starts_with("aten.") ||
        (fields[2] != "composite" && fields[2] != "kernel" && fields[2] != "jit"))
      return llvm::createStringError(
          "line %zu: expected TARGET<TAB>TAGS<TAB>composite|kernel|jit<TAB>SCHEMA, got '%s'",
          number + 1, line.str().c_str());
    AtenOverload overload;
    overload.target = fields[0].str();
    if (fields[1] != "-") {
      llvm::SmallVector<llvm::StringRef> tags;
      fields[1].split(tags, ',', -1, /*KeepEmpty=*/false);
      for (llvm::StringRef tag : tags)
        overload.tags.push_back(tag.str());
    }
    overload.kind = fields[2].str();
    overload.schema = fields[3].str();
    overloads.push_back(std::move(overload));
  }
  return overloads;
}

OverloadClass classifyOverload(const AtenOverload &overload, const OpRegistry &registry) {
  OverloadClass result;
  llvm::StringRef target = overload.target;
  if (isOpCovered(target, registry)) {
    std::optional<DerivedForm> derived = derivedForm(target, registry);
    if (derived && derived->twin->target() != target) {
      result.status = OverloadStatus::Derived;
      result.detail = derived->twin->target();
    } else {
      result.status = OverloadStatus::Covered;
    }
    return result;
  }
  llvm::StringRef name = target.drop_front(llvm::StringRef("aten.").size()).rsplit('.').first;
  result.status = OverloadStatus::Excluded;
  if (overload.kind == "jit")
    result.detail = "torchscript";
  else if (isOutForm(overload))
    result.detail = "out=";
  else if (isTraining(name))
    result.detail = "training";
  else if (isOtherLayout(name))
    result.detail = "layout";
  else if (name.starts_with("_test_") || name == "_foobar")
    result.detail = "testing";
  else
    result.status = overload.kind == "composite" ? OverloadStatus::Composite
                                                 : OverloadStatus::Missing;
  return result;
}

} // namespace pt2c
