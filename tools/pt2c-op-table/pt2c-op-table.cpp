//===- pt2c-op-table.cpp - docs/op-coverage.md from the decomposition table ===//
//
//   pt2c-op-table GOAL.txt CORPUS_MANIFEST.json KNOWN_FAILURES.txt ATEN_OVERLOADS.tsv
//       > docs/op-coverage.md
//
// One row per op of the coverage goal (docs/op-goal.txt: Core ATen and what
// torch.export's default output holds) and per decomposition-table entry:
// its status, family and the prim ops it becomes, with the dtypes the op
// corpus checks it in and the corpus cases listed as known failures. Then
// the inventory: every aten overload torch knows (docs/aten-overloads.tsv)
// with its status (pt2c/Driver/OpInventory.h). The page is generated, never
// edited: `make op-table` rewrites it and the `op-table` test fails when it
// is stale.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Conversion/ATenToPrim/DecompositionTable.h"
#include "pt2c/Driver/Coverage.h"
#include "pt2c/Driver/OpInventory.h"
#include "pt2c/OpRegistry/DerivedForms.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>
#include <string>

namespace {

struct Row {
  const pt2c::Decomposition *decomposition = nullptr;
  bool inGoal = false;
  std::set<std::string> corpusDtypes;
  std::set<std::string> knownFailures; // "case-dtype"
};

std::unique_ptr<llvm::MemoryBuffer> readFile(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    llvm::errs() << "pt2c-op-table: " << path << ": " << buffer.getError().message() << "\n";
    return nullptr;
  }
  return std::move(*buffer);
}

/// Non-comment lines, trimmed.
std::vector<std::string> lines(llvm::StringRef text) {
  std::vector<std::string> result;
  llvm::SmallVector<llvm::StringRef> split;
  text.split(split, '\n');
  for (llvm::StringRef line : split) {
    line = line.split('#').first.trim();
    if (!line.empty())
      result.push_back(line.str());
  }
  return result;
}

/// The tags worth a reader's eye (torch has more: pt2_compliant_tag on
/// nearly every op, needs_fixed_stride_order, ...).
bool isShownTag(llvm::StringRef tag) {
  return tag == "core" || tag == "pointwise" || tag == "view_copy" ||
         tag == "inplace_view" || tag == "nondeterministic_seeded" ||
         tag == "data_dependent_output" || tag == "dynamic_output_shape";
}

/// docs/op-coverage.md's second part: every overload with its status.
void writeInventory(llvm::raw_ostream &os, const std::vector<pt2c::AtenOverload> &overloads,
                    const pt2c::OpRegistry &registry) {
  std::vector<pt2c::OverloadClass> classes;
  std::map<pt2c::OverloadStatus, size_t> byStatus;
  std::map<std::string, size_t> byReason;
  for (const pt2c::AtenOverload &overload : overloads) {
    classes.push_back(pt2c::classifyOverload(overload, registry));
    ++byStatus[classes.back().status];
    if (classes.back().status == pt2c::OverloadStatus::Excluded)
      ++byReason[classes.back().detail];
  }
  using pt2c::OverloadStatus;
  size_t compiled = byStatus[OverloadStatus::Covered] + byStatus[OverloadStatus::Derived];
  size_t candidates = overloads.size() - byStatus[OverloadStatus::Excluded];
  os << "\n## Every ATen overload of torch 2.11\n\n"
     << "`docs/aten-overloads.tsv` lists every `aten::` overload torch 2.11 knows, "
        "as `tools/print_op_inventory.py` printed it (target, tags, kind, schema); "
        "each gets its status here (`include/pt2c/Driver/OpInventory.h`): "
        "*covered* (a decomposition), *derived* (an in-place, `_copy` or alias form "
        "the importer rewrites to a covered twin), *composite* "
        "(CompositeImplicitAutograd: `torch.export` decomposes it unless asked to keep "
        "it; not compiled as itself), *excluded* (cannot appear in an exported "
        "inference program pt2c takes, reason below), *missing*.\n\n"
     << "Overloads: **" << overloads.size() << "**. Compiled: **" << compiled
     << "** (covered " << byStatus[OverloadStatus::Covered] << ", derived "
     << byStatus[OverloadStatus::Derived] << "), " << compiled << " of the " << candidates
     << " not excluded; composite " << byStatus[OverloadStatus::Composite] << "; missing "
     << byStatus[OverloadStatus::Missing] << "; excluded "
     << byStatus[OverloadStatus::Excluded] << ":\n\n";
  for (const pt2c::ExclusionReason &reason : pt2c::exclusionReasons())
    os << "- `" << reason.name << "` (" << byReason[reason.name.str()] << "): "
       << reason.meaning << "\n";
  os << "\n| overload | status | twin or reason | tags |\n|---|---|---|---|\n";
  for (auto [overload, klass] : llvm::zip(overloads, classes)) {
    std::string tags;
    for (const std::string &tag : overload.tags)
      if (isShownTag(tag))
        tags += (tags.empty() ? "" : " ") + tag;
    std::string detail = klass.detail.empty()                             ? ""
                         : klass.status == OverloadStatus::Derived ? "-> `" + klass.detail + "`"
                                                                   : "`" + klass.detail + "`";
    os << "| `" << overload.target << "` | " << pt2c::statusName(klass.status) << " | "
       << detail << " | " << tags << " |\n";
  }
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 5) {
    llvm::errs() << "usage: pt2c-op-table GOAL.txt CORPUS_MANIFEST.json KNOWN_FAILURES.txt "
                    "ATEN_OVERLOADS.tsv\n";
    return 2;
  }
  auto goal = readFile(argv[1]);
  auto manifestText = readFile(argv[2]);
  auto knownText = readFile(argv[3]);
  auto overloadText = readFile(argv[4]);
  if (!goal || !manifestText || !knownText || !overloadText)
    return 2;
  auto overloads = pt2c::parseOverloadList(overloadText->getBuffer());
  if (!overloads) {
    llvm::errs() << "pt2c-op-table: " << argv[4] << ": " << llvm::toString(overloads.takeError())
                 << "\n";
    return 2;
  }
  auto registry = pt2c::OpRegistry::createBuiltin();
  if (!registry) {
    llvm::errs() << "pt2c-op-table: " << llvm::toString(registry.takeError()) << "\n";
    return 3;
  }

  std::vector<pt2c::Decomposition> table = pt2c::decompositionTable();
  std::map<std::string, Row> rows;
  for (const pt2c::Decomposition &entry : table)
    rows[entry.target].decomposition = &entry;
  for (const std::string &target : lines(goal->getBuffer()))
    rows[target].inGoal = true;

  // The corpus: model "family/case-dtype" -> its targets.
  auto manifest = llvm::json::parse(manifestText->getBuffer());
  if (!manifest) {
    llvm::errs() << "pt2c-op-table: " << argv[2] << ": " << llvm::toString(manifest.takeError())
                 << "\n";
    return 2;
  }
  std::map<std::string, std::vector<std::string>> modelTargets;
  if (const llvm::json::Object *models = manifest->getAsObject()->getObject("models")) {
    for (const auto &[key, value] : *models) {
      const llvm::json::Object *model = value.getAsObject();
      llvm::StringRef dtype = model->getString("dtype").value_or("?");
      if (const llvm::json::Array *targets = model->getArray("targets")) {
        for (const llvm::json::Value &target : *targets) {
          // As serialized: an in-place op's row shows the cases that use it.
          std::string bare = pt2c::OpRegistry::stripTorchOpsPrefix(*target.getAsString()).str();
          rows[bare].corpusDtypes.insert(dtype.str());
          modelTargets[key.str()].push_back(bare);
        }
      }
    }
  }
  for (const std::string &line : lines(knownText->getBuffer())) {
    std::string key = llvm::StringRef(line).split(' ').first.str();
    for (const std::string &target : modelTargets[key])
      rows[target].knownFailures.insert(llvm::StringRef(key).split('/').second.str());
  }

  size_t goalCount = 0, goalCovered = 0;
  for (const auto &[target, row] : rows) {
    goalCount += row.inGoal;
    goalCovered += row.inGoal && (row.decomposition || pt2c::isOpCovered(target, *registry));
  }

  llvm::raw_ostream &os = llvm::outs();
  os << "# Op coverage\n\n"
     << "<!-- Generated by pt2c-op-table (`make op-table`); do not edit. -->\n\n"
     << "What `pt2c` compiles, from the decomposition table "
        "(`include/pt2c/Conversion/ATenToPrim/DecompositionTable.h`). The goal "
        "(`docs/op-goal.txt`) is Core ATen (without the backward, random and "
        "data-dependent ops) and what `torch.export.export()` leaves in its "
        "default output. In-place, `_copy` and alias overloads (`relu_`, "
        "`expand_copy`, `swapaxes`) are *derived*: the importer rewrites them "
        "to their functional twin, named in the family column "
        "(docs/op-registry.md, \"Derived forms\"). *corpus* lists "
        "the dtypes the op corpus (`test/data/corpus`, exported by PyTorch "
        "2.11) checks the op in on the CPU, through cases that may combine it "
        "with other ops; *known failures* are corpus cases still wrong "
        "(`test/data/corpus/known-failures.txt` says why).\n\n"
     << "Goal covered: **" << goalCovered << " of " << goalCount << "** ops.\n\n"
     << "| op | status | family | prims | corpus | known failures |\n"
     << "|---|---|---|---|---|---|\n";
  for (const auto &[target, row] : rows) {
    bool covered = row.decomposition || pt2c::isOpCovered(target, *registry);
    std::optional<pt2c::DerivedForm> derived =
        row.decomposition ? std::nullopt : pt2c::derivedForm(target, *registry);
    std::string status = !covered ? "**missing**" : derived ? "derived" : "covered";
    std::string family = row.decomposition ? row.decomposition->family
                         : derived         ? "-> `" + derived->twin->target() + "`"
                                           : "";
    std::string dtypes, failures;
    for (const std::string &dtype : row.corpusDtypes)
      dtypes += (dtypes.empty() ? "" : " ") + dtype;
    for (const std::string &name : row.knownFailures)
      failures += (failures.empty() ? "" : ", ") + name;
    os << "| `" << target << "` | " << status << " | " << family << " | "
       << (row.decomposition ? row.decomposition->prims : "") << " | " << dtypes << " | "
       << failures << " |\n";
  }
  writeInventory(os, *overloads, *registry);
  return 0;
}
