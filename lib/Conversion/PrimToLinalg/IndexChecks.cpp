//===- IndexChecks.cpp - Run-time bounds of gathered and scattered indices ===//
//
// Indices that come from the model's inputs or from computed values (token
// ids, torch.gather's index) are only known when the model runs. A read at
// an index outside its dim would read memory outside the tensor (a server
// taking an input_ids of 10^9 crashed), so:
//  - every gather reads at a clamped index (0 when out of range): nothing
//    outside the operand is ever read, on any target;
//  - before it, unless the indices are computed from floating-point values
//    (the taps of grid_sampler and resizes, which their decompositions keep
//    in range: checking them would only split the fused loops that compute
//    them), the indices' smallest and largest values are computed (a
//    reduction over the indices only, usually a few hundred values) and, if
//    either is outside [0, size), the runtime's pt2crt_index_out_of_range
//    is called with them and the node's name; the runtime fails the run
//    with PT2C_INVALID_ARGUMENT (runtime/src/RunFailure.c). The call sits
//    in an scf.if marked `pt2c.index_check`, which the CUDA pipeline turns
//    into a call of the runtime that reads the two values once the run has
//    waited (pt2c-device-index-checks; docs/runtime.md, "While running:
//    indices"). The clamp's compare names the check's site
//    (kIndexSiteAttr), so the CUDA pipeline can instead check in the
//    kernels that read the indices (pt2c-fold-index-checks).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "pt2c/Conversion/IndexChecks.h"
#include "pt2c/Dialect/Prim/PrimOps.h"
#include "pt2c/Import/NodeLocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/SymbolTable.h"

#include <limits>

using namespace mlir;

namespace pt2c::lowering {

Value clampedIndex(OpBuilder &b, Location loc, Value index, Value size,
                   FlatSymbolRefAttr site) {
  Value asIndex = arith::IndexCastOp::create(b, loc, b.getIndexType(), index);
  // Unsigned: a negative index is a huge one, so one compare covers both.
  auto inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, asIndex, size);
  if (site)
    inside->setAttr(kIndexSiteAttr, site);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  return arith::SelectOp::create(b, loc, inside, asIndex, zero);
}

namespace {

/// `void pt2crt_index_out_of_range(i64 lowest, i64 highest, i64 size, ptr
/// site)`, declared once per module.
func::FuncOp declareReport(OpBuilder &b, ModuleOp module) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(kIndexReportFunction))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  Type i64 = b.getI64Type();
  auto type = b.getFunctionType({i64, i64, i64, LLVM::LLVMPointerType::get(b.getContext())}, {});
  auto report = func::FuncOp::create(b, module.getLoc(), kIndexReportFunction, type);
  report.setPrivate();
  return report;
}

/// A private constant C string naming `loc`'s node for the report, with a
/// name of its own in `module`.
LLVM::GlobalOp siteName(OpBuilder &b, ModuleOp module, Location loc, StringRef what) {
  std::string node = describeNodeLocation(loc);
  std::string text = what.str() + (node.empty() ? std::string() : " at " + node);
  text.push_back('\0');
  // Made outside the module, then inserted by the symbol table, which
  // renames it if a site of that name exists already.
  OpBuilder detached(b.getContext());
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), text.size());
  auto global = LLVM::GlobalOp::create(detached, loc, type, /*isConstant=*/true,
                                       LLVM::Linkage::Private, kIndexSiteName,
                                       b.getStringAttr(text));
  SymbolTable(module).insert(global, module.getBody()->begin());
  return global;
}

} // namespace

bool computedFromFloats(Value indices) {
  // Producers are lowered first, so the chain may be prim ops or their
  // linalg form; a few dozen ops back is where such a conversion sits.
  constexpr int kMaxOps = 64;
  SmallVector<Value> work = {indices};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty() && int(seen.size()) < kMaxOps) {
    Operation *op = work.pop_back_val().getDefiningOp();
    if (!op || !seen.insert(op).second)
      continue;
    bool converts = false;
    op->walk([&](Operation *nested) {
      if (isa<arith::FPToSIOp, arith::FPToUIOp>(nested))
        converts = true;
    });
    if (auto convert = dyn_cast<prim::ConvertOp>(op))
      converts = isa<FloatType>(getElementTypeOrSelf(convert.getOperand().getType()));
    if (converts)
      return true;
    for (Value operand : op->getOperands())
      if (isa<TensorType>(operand.getType()))
        work.push_back(operand);
  }
  return false;
}

/// "input 'NAME'" when `indices` is a model input (`pt2c.input`), else
/// "computed indices".
static std::string describeIndices(Value indices) {
  auto argument = dyn_cast<BlockArgument>(indices);
  auto function =
      argument ? dyn_cast<func::FuncOp>(argument.getOwner()->getParentOp()) : func::FuncOp();
  if (function && argument.getOwner()->isEntryBlock())
    if (auto name = function.getArgAttrOfType<StringAttr>(argument.getArgNumber(), "pt2c.input"))
      return "input '" + name.str() + "'";
  return "computed indices";
}

/// The smallest and largest of `indices` when the compiler knows them (a
/// constant table: a pooling window's or an upsampling's source positions),
/// read as the run-time check would (unsigned-like types zero-extended).
std::optional<std::pair<int64_t, int64_t>> constantRange(Value indices, bool isUnsigned) {
  DenseIntElementsAttr table;
  if (!matchPattern(indices, m_Constant(&table)) || table.empty())
    return std::nullopt;
  int64_t lowest = std::numeric_limits<int64_t>::max();
  int64_t highest = std::numeric_limits<int64_t>::min();
  for (const APInt &value : table.getValues<APInt>()) {
    int64_t v = !isUnsigned                 ? value.getSExtValue()
                : value.getActiveBits() < 64 ? int64_t(value.getZExtValue())
                                             : std::numeric_limits<int64_t>::max();
    lowest = std::min(lowest, v);
    highest = std::max(highest, v);
  }
  return std::make_pair(lowest, highest);
}

/// `size` when it is known when compiling: a constant, or the static dim
/// of a tensor (the table's own size, as the gathers pass it).
std::optional<int64_t> staticSize(Value size) {
  if (std::optional<int64_t> constant = getConstantIntValue(size))
    return constant;
  auto dim = size.getDefiningOp<tensor::DimOp>();
  std::optional<int64_t> index = dim ? dim.getConstantIndex() : std::nullopt;
  if (!index)
    return std::nullopt;
  auto type = cast<RankedTensorType>(dim.getSource().getType());
  if (*index < 0 || *index >= type.getRank() || type.isDynamicDim(*index))
    return std::nullopt;
  return type.getDimSize(*index);
}

FlatSymbolRefAttr checkIndexRange(OpBuilder &b, Operation *reader, Value indices, Value size) {
  if (reader->hasAttr(kIndicesInRangeAttr) || computedFromFloats(indices))
    return {};
  Location loc = reader->getLoc();
  auto module = b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  auto type = cast<RankedTensorType>(indices.getType());
  Type i64 = b.getI64Type();
  auto constant = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, i64, v); };
  bool isUnsigned = isUnsignedLike(type.getElementType());
  Value lowest, highest;
  if (std::optional<std::pair<int64_t, int64_t>> known = constantRange(indices, isUnsigned)) {
    // Indices the compiler knows need no reduction at run time (and none
    // on the GPU, where the table would be host memory): in range of a
    // static size, no check at all; otherwise the host compares the known
    // range with the size when the model runs.
    std::optional<int64_t> bound = staticSize(size);
    if (bound && known->first >= 0 && known->second < *bound)
      return {};
    lowest = constant(known->first);
    highest = constant(known->second);
  } else {
    auto scalar = RankedTensorType::get({}, i64);
    Value none = tensor::EmptyOp::create(b, loc, ArrayRef<int64_t>{}, i64);
    Value lowestInit =
        linalg::FillOp::create(b, loc, ValueRange{constant(std::numeric_limits<int64_t>::max())},
                               ValueRange{none})
            .getResult(0);
    Value highestInit =
        linalg::FillOp::create(b, loc, ValueRange{constant(std::numeric_limits<int64_t>::min())},
                               ValueRange{none})
            .getResult(0);
    int64_t rank = type.getRank();
    SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(rank),
                                   AffineMap::get(rank, 0, {}, b.getContext()),
                                   AffineMap::get(rank, 0, {}, b.getContext())};
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::reduction);
    auto range = linalg::GenericOp::create(
        b, loc, TypeRange{scalar, scalar}, ValueRange{indices},
        ValueRange{lowestInit, highestInit}, maps, iterators,
        [&](OpBuilder &nb, Location l, ValueRange args) {
          Value value = args[0];
          if (value.getType() != i64)
            value = isUnsigned ? arith::ExtUIOp::create(nb, l, i64, value).getResult()
                               : arith::ExtSIOp::create(nb, l, i64, value).getResult();
          linalg::YieldOp::create(nb, l,
                                  ValueRange{arith::MinSIOp::create(nb, l, args[1], value),
                                             arith::MaxSIOp::create(nb, l, args[2], value)});
        });
    lowest = tensor::ExtractOp::create(b, loc, range.getResult(0), ValueRange{});
    highest = tensor::ExtractOp::create(b, loc, range.getResult(1), ValueRange{});
  }
  Value bound = arith::IndexCastOp::create(b, loc, i64, size);
  Value below = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lowest, constant(0));
  Value above = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, highest, bound);
  Value outside = arith::OrIOp::create(b, loc, below, above);
  func::FuncOp report = declareReport(b, module);
  LLVM::GlobalOp site = siteName(b, module, loc, describeIndices(indices));
  auto check = scf::IfOp::create(b, loc, outside, /*withElseRegion=*/false);
  check->setAttr(kIndexCheckAttr, b.getUnitAttr());
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(check.thenBlock());
  Value name = LLVM::AddressOfOp::create(b, loc, site);
  func::CallOp::create(b, loc, report, ValueRange{lowest, highest, bound, name});
  // Known indices are compared on the host: nothing for a kernel to fold.
  if (matchPattern(lowest, m_Constant()))
    return {};
  return FlatSymbolRefAttr::get(site.getSymNameAttr());
}

} // namespace pt2c::lowering
