//===- VerifyMetadata.cpp - An aten.call against its tensors' metadata ----===//
//
// What the schema cannot say: whether a node's arguments fit the tensors
// the archive declares. Only rules that hold for every op they name, so
// that a well-formed archive never trips them; op-specific shape rules
// (a linear's features, a layer_norm's normalized_shape) stay with their
// decompositions, which know the op.
//
//===----------------------------------------------------------------------===//

#include "CallChecks.h"

#include "pt2c/Conversion/ATenToPrim/CallArgs.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringMap.h"

#include <limits>

using namespace mlir;

namespace pt2c {

std::string dimOutOfRange(aten::CallOp call) {
  // The decompositions index arrays with normalized dims (an unchecked
  // transpose dim of 99 wrote past a stack array), so a dim is checked once
  // here for every op: 'dim', 'dim0', 'dim1', 'dim2' and 'dims' of the op's
  // 'self' or 'input' tensor lie in [-rank, rank) (a 0-d tensor's dims as
  // for rank 1, as torch wraps them), or [-rank - 1, rank] where the op
  // inserts one (unsqueeze). Ops of a list of tensors (cat, stack) take
  // their dim in their result's rank: cat's is its inputs', stack's one
  // more, where its new dim may go.
  CallArgs args(call);
  Value tensor = args.value("self");
  if (!tensor)
    tensor = args.value("input");
  bool ofList = !tensor && !args.values("tensors").empty() && call->getNumResults() == 1;
  if (ofList)
    tensor = call->getResult(0);
  auto type = tensor ? dyn_cast<RankedTensorType>(tensor.getType()) : RankedTensorType();
  if (!type)
    return "";
  int64_t rank = std::max<int64_t>(type.getRank(), 1);
  if (call.getTarget().contains("unsqueeze"))
    rank += 1;
  // tile's `dims` are repeat counts, not dims.
  bool dimsAreCounts = call.getTarget() == "aten.tile.default";
  for (llvm::StringRef name : {"dim", "dim0", "dim1", "dim2", "dims"}) {
    std::optional<SmallVector<int64_t>> dims = args.integers(name);
    if (!dims || (name == "dims" && dimsAreCounts))
      continue;
    for (int64_t dim : *dims)
      if (dim < -rank || dim >= rank)
        return ("argument '" + name + "' = " + llvm::Twine(dim) +
                " is out of range for a " + (ofList ? "result" : "tensor") + " of rank " +
                llvm::Twine(type.getRank()))
            .str();
  }
  return "";
}

std::string dtypesDisagree(aten::CallOp call) {
  // Contractions: torch refuses operands of different dtypes ("expected
  // both ... to have the same dtype"), and their result has that dtype
  // (autocast regions insert their casts as calls of their own). A float
  // linear fed an int64 input reached prim.matmul's type inference.
  static const llvm::StringMap<std::vector<const char *>> operandsByTarget = {
      {"aten.linear.default", {"input", "weight", "bias"}},
      {"aten.mm.default", {"self", "mat2"}},
      {"aten.bmm.default", {"self", "mat2"}},
      {"aten.matmul.default", {"self", "other"}},
      {"aten.mv.default", {"self", "vec"}},
      {"aten.dot.default", {"self", "tensor"}},
      {"aten.addmm.default", {"self", "mat1", "mat2"}},
      {"aten.baddbmm.default", {"self", "batch1", "batch2"}},
      {"aten.conv1d.default", {"input", "weight", "bias"}},
      {"aten.conv2d.default", {"input", "weight", "bias"}},
      {"aten.conv2d.padding", {"input", "weight", "bias"}},
      {"aten.conv3d.default", {"input", "weight", "bias"}},
      {"aten.conv3d.padding", {"input", "weight", "bias"}},
      {"aten.conv_transpose1d.default", {"input", "weight", "bias"}},
      {"aten.conv_transpose2d.input", {"input", "weight", "bias"}},
      {"aten.conv_transpose3d.input", {"input", "weight", "bias"}},
      {"aten.convolution.default", {"input", "weight", "bias"}},
  };
  auto entry = operandsByTarget.find(call.getTarget());
  if (entry == operandsByTarget.end())
    return "";
  CallArgs args(call);
  Type first;
  std::string firstName;
  auto describe = [](Type type) {
    std::string text;
    llvm::raw_string_ostream(text) << type;
    return text;
  };
  auto check = [&](Type type, const std::string &name) -> std::string {
    if (!first) {
      first = type;
      firstName = name;
      return "";
    }
    if (type == first)
      return "";
    return name + " is " + describe(type) + " but " + firstName + " is " + describe(first) +
           ": they must have the same dtype";
  };
  for (const char *name : entry->second) {
    Value value = args.value(name);
    auto type = value ? dyn_cast<RankedTensorType>(value.getType()) : RankedTensorType();
    if (!type)
      continue;
    if (std::string bad = check(type.getElementType(), "'" + std::string(name) + "'");
        !bad.empty())
      return bad;
  }
  if (call->getNumResults() == 1)
    if (auto result = dyn_cast<RankedTensorType>(call->getResult(0).getType()))
      return check(result.getElementType(), "the result");
  return "";
}

std::string emptySymbolRange(func::FuncOp function) {
  auto symbols = function->getAttrOfType<DictionaryAttr>("pt2c.symbols");
  if (!symbols)
    return "";
  for (NamedAttribute symbol : symbols) {
    auto range = dyn_cast<DictionaryAttr>(symbol.getValue());
    if (!range)
      continue;
    auto bound = [&](llvm::StringRef key, int64_t unbounded) {
      auto value = range.getAs<IntegerAttr>(key);
      return value ? value.getInt() : unbounded;
    };
    int64_t min = bound("min", std::numeric_limits<int64_t>::min());
    int64_t max = bound("max", std::numeric_limits<int64_t>::max());
    if (min > max)
      return "symbol '" + symbol.getName().str() + "' has the empty range [" +
             std::to_string(min) + ", " + std::to_string(max) + "]";
  }
  return "";
}

} // namespace pt2c
