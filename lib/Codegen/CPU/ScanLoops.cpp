//===- ScanLoops.cpp - The pt2c-scan-loops pass ---------------------------===//
//
// A lowered cumsum/cumprod (ScanMarker.h) reduces, for every output, over
// its row up to it: O(n^2) per row, and on the CPU each output a scalar
// reduction (60% of a 1000-long sort's time, bench/README.md). This pass
// makes each marked generic a loop along the row that combines the running
// value at k - 1 with the input at k: O(n), the inner dims innermost so
// that LLVM vectorizes across them, and cut by the first dim into chunks
// for the thread pool when the scan is large (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Chunking.h"
#include "TensorLoops.h"

#include "pt2c/Codegen/Passes.h"
#include "pt2c/Conversion/ScanMarker.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

namespace pt2c {

#define GEN_PASS_DEF_SCANLOOPS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// Whether `generic` is a marked scan of the form ScanMarker.h describes:
/// tensors, one input and one init of the result's rank r, r + 1 loops of
/// which only the last is a reduction, the input read at loop r in place of
/// the scanned dim, the output at the identity, and no linalg.index but
/// the row's two.
bool isScan(linalg::GenericOp generic, int64_t &dim) {
  auto mark = generic->getAttrOfType<IntegerAttr>(kScanDimAttr);
  if (!mark || !generic.hasPureTensorSemantics() || generic.getNumDpsInits() != 1 ||
      generic.getNumDpsInputs() != 1)
    return false;
  auto type = cast<RankedTensorType>(generic.getResult(0).getType());
  int64_t rank = type.getRank();
  dim = mark.getInt();
  auto iterators = generic.getIteratorTypesArray();
  if (dim < 0 || dim >= rank || static_cast<int64_t>(iterators.size()) != rank + 1 ||
      iterators.back() != utils::IteratorType::reduction ||
      llvm::count(iterators, utils::IteratorType::reduction) != 1)
    return false;
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  SmallVector<unsigned> inputDims, outputDims;
  for (int64_t r = 0; r < rank; ++r) {
    inputDims.push_back(r == dim ? rank : r);
    outputDims.push_back(r);
  }
  MLIRContext *context = generic.getContext();
  AffineMap input = AffineMap::getMultiDimMapWithTargets(rank + 1, inputDims, context);
  AffineMap output = AffineMap::getMultiDimMapWithTargets(rank + 1, outputDims, context);
  if (maps[0] != input || maps[1] != output)
    return false;
  // The body reads no position but the row's (a chunk's loops count its
  // rows from 0).
  WalkResult positions = generic.getRegion().walk([&](linalg::IndexOp at) {
    return static_cast<int64_t>(at.getDim()) == dim || static_cast<int64_t>(at.getDim()) == rank
               ? WalkResult::advance()
               : WalkResult::interrupt();
  });
  return !positions.wasInterrupted();
}

/// Loops over every position p of `source` (the row's dim included, in
/// order, so the inner dims are innermost) that write into `acc` the
/// generic's body applied to source[p] and acc[p with p[dim] - 1] (acc[p]
/// itself, the identity, at p[dim] = 0).
Value scanNest(OpBuilder &b, Location loc, linalg::GenericOp generic, int64_t dim, Value source,
               Value acc) {
  cpu::TensorLoopNest nest = cpu::loopsOver(b, loc, source, acc);
  SmallVector<Value> &position = nest.position;
  acc = nest.acc;
  // The loops' own bounds: every loop runs from 0 by 1.
  Value zero = nest.loops.front().getLowerBound();
  Value one = nest.loops.front().getStep();
  Value k = position[dim];
  Value atStart = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, k, zero);
  Value before = arith::SubIOp::create(b, loc, k, one);
  SmallVector<Value> previous(position);
  previous[dim] = arith::SelectOp::create(b, loc, atStart, k, before);
  Value running = tensor::ExtractOp::create(b, loc, acc, previous);
  Value element = tensor::ExtractOp::create(b, loc, source, position);

  Block &body = generic.getRegion().front();
  IRMapping map;
  map.map(body.getArgument(0), element);
  map.map(body.getArgument(1), running);
  for (Operation &op : body.without_terminator()) {
    if (auto at = dyn_cast<linalg::IndexOp>(op)) {
      // Both the output's and the term's position along the row are k:
      // the body's "k <= i" holds, and it takes the input.
      map.map(at.getResult(), k);
      continue;
    }
    b.clone(op, map);
  }
  Value next = map.lookup(body.getTerminator()->getOperand(0));
  return cpu::closeLoops(b, loc, nest, tensor::InsertOp::create(b, loc, next, acc, position));
}

/// The marked generic as loops (scanNest); in chunks of rows of its first
/// dim when they are there to share (dim > 0, a static first dim that makes
/// 2 chunks or more) and the scan has `minWork` elements or more.
void rewriteAsLoops(linalg::GenericOp generic, int64_t dim, int64_t minWork,
                    int64_t maxChunks) {
  OpBuilder b(generic);
  Location loc = generic.getLoc();
  Value source = generic.getDpsInputs()[0];
  Value init = generic.getDpsInits()[0];
  auto type = cast<RankedTensorType>(init.getType());
  int64_t rows = type.getDimSize(0);
  Value result;
  if (dim > 0 && !ShapedType::isDynamic(rows) && cpu::iterationPoints(type.getShape()) >= minWork)
    result = cpu::inRowChunks(b, loc, rows, maxChunks, source, init,
                              [&](OpBuilder &inner, ValueRange sourceRows, Value accRows, Value) {
                                return scanNest(inner, loc, generic, dim, sourceRows[0], accRows);
                              });
  if (!result)
    result = scanNest(b, loc, generic, dim, source, init);
  generic.getResult(0).replaceAllUsesWith(result);
  generic.erase();
}

struct ScanLoops : impl::ScanLoopsBase<ScanLoops> {
  using ScanLoopsBase::ScanLoopsBase;
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, int64_t>> scans;
    getOperation().walk([&](linalg::GenericOp generic) {
      int64_t dim = 0;
      if (isScan(generic, dim))
        scans.emplace_back(generic, dim);
    });
    for (auto [generic, dim] : scans)
      rewriteAsLoops(generic, dim, minWork, maxChunks);
  }
};

} // namespace
} // namespace pt2c
