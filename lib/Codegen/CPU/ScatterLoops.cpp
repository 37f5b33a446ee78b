//===- ScatterLoops.cpp - The pt2c-scatter-loops pass ---------------------===//
//
// A lowered prim.scatter (ScatterMarker.h) computes every result position
// by folding every update of its row that could land on it: O(size(dim) x
// updates) per row. On the CPU a loop over the updates, each combined into
// the one position its index names, is O(updates) (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Chunking.h"
#include "TensorLoops.h"

#include "pt2c/Codegen/Passes.h"
#include "pt2c/Conversion/ScatterMarker.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

namespace pt2c {

#define GEN_PASS_DEF_SCATTERLOOPS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// Whether `generic` is a marked scatter this pass understands: tensors,
/// one result of rank r, r + 1 loops of which the last is the only
/// reduction, the indices (first input) of rank r.
bool isScatter(linalg::GenericOp generic, int64_t &dim) {
  auto mark = generic->getAttrOfType<IntegerAttr>(kScatterDimAttr);
  if (!mark || !generic.hasPureTensorSemantics() || generic.getNumDpsInits() != 1 ||
      generic.getNumDpsInputs() < 1 || generic.getNumDpsInputs() > 2)
    return false;
  auto type = cast<RankedTensorType>(generic.getResult(0).getType());
  auto indices = dyn_cast<RankedTensorType>(generic.getDpsInputs()[0].getType());
  int64_t rank = type.getRank();
  dim = mark.getInt();
  auto iterators = generic.getIteratorTypesArray();
  return indices && indices.getRank() == rank && dim >= 0 && dim < rank &&
         static_cast<int64_t>(iterators.size()) == rank + 1 &&
         iterators.back() == utils::IteratorType::reduction &&
         llvm::count(iterators, utils::IteratorType::reduction) == 1;
}

/// Loops over the positions u of `indices` that combine the update at u
/// into `acc` at u with u[dim] replaced by indices[u], when that is inside
/// the dim (one outside fails the run through the index check placed
/// before; meanwhile it writes nothing). The generic's body computes the
/// new value, with linalg.index(k) read as that position (its row offset by
/// `firstRow` when the tensors are a chunk of rows) and linalg.index(r) as
/// u[dim]. Returns `acc` after the loops.
Value scatterNest(OpBuilder &b, Location loc, linalg::GenericOp generic, int64_t dim,
                  Value indices, Value updates, Value acc, Value firstRow) {
  int64_t rank = cast<RankedTensorType>(acc.getType()).getRank();
  Value dimSize = tensor::DimOp::create(b, loc, acc, dim);
  cpu::TensorLoopNest nest = cpu::loopsOver(b, loc, indices, acc); // over u
  SmallVector<Value> &position = nest.position;
  acc = nest.acc;
  Value index = tensor::ExtractOp::create(b, loc, indices, position);
  Value target = arith::IndexCastOp::create(b, loc, b.getIndexType(), index);
  Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, target, dimSize);
  auto guard = scf::IfOp::create(b, loc, TypeRange{acc.getType()}, inside, true);
  {
    OpBuilder::InsertionGuard hold(b);
    b.setInsertionPointToStart(guard.elseBlock());
    scf::YieldOp::create(b, loc, acc);
    b.setInsertionPointToStart(guard.thenBlock());
    SmallVector<Value> destination(position);
    destination[dim] = target;
    Value current = tensor::ExtractOp::create(b, loc, acc, destination);
    Block &body = generic.getRegion().front();
    IRMapping map;
    map.map(body.getArgument(0), index);
    if (updates)
      map.map(body.getArgument(1), tensor::ExtractOp::create(b, loc, updates, position));
    map.map(body.getArguments().back(), current);
    for (Operation &op : body.without_terminator()) {
      if (auto at = dyn_cast<linalg::IndexOp>(op)) {
        int64_t k = at.getDim();
        Value read = k < rank ? destination[k] : position[dim];
        if (k == 0 && dim != 0 && firstRow)
          read = arith::AddIOp::create(b, loc, firstRow, read);
        map.map(at.getResult(), read);
        continue;
      }
      b.clone(op, map);
    }
    Value next = map.lookup(body.getTerminator()->getOperand(0));
    scf::YieldOp::create(b, loc, tensor::InsertOp::create(b, loc, next, acc, destination).getResult());
  }
  b.setInsertionPointAfter(guard);
  return cpu::closeLoops(b, loc, nest, guard.getResult(0));
}

/// The marked generic as loops (scatterNest); in chunks of rows of the
/// indices' first dim when the scatter is along another dim (each row's
/// updates land in that row), the indices' first dim is static and they
/// have `minWork` elements or more.
void rewriteAsLoops(linalg::GenericOp generic, int64_t dim, int64_t minWork,
                    int64_t maxChunks) {
  OpBuilder b(generic);
  Location loc = generic.getLoc();
  Value indices = generic.getDpsInputs()[0];
  Value updates = generic.getNumDpsInputs() == 2 ? generic.getDpsInputs()[1] : Value();
  Value init = generic.getDpsInits()[0];
  auto indicesType = cast<RankedTensorType>(indices.getType());
  int64_t rows = indicesType.getDimSize(0);
  Value result;
  if (dim > 0 && !ShapedType::isDynamic(rows) &&
      cpu::iterationPoints(indicesType.getShape()) >= minWork) {
    SmallVector<Value> sources = {indices};
    if (updates)
      sources.push_back(updates);
    result = cpu::inRowChunks(
        b, loc, rows, maxChunks, sources, init,
        [&](OpBuilder &inner, ValueRange sourceRows, Value accRows, Value firstRow) {
          return scatterNest(inner, loc, generic, dim, sourceRows[0],
                             updates ? sourceRows[1] : Value(), accRows, firstRow);
        });
  }
  if (!result)
    result = scatterNest(b, loc, generic, dim, indices, updates, init, Value());
  generic.getResult(0).replaceAllUsesWith(result);
  generic.erase();
}

struct ScatterLoops : impl::ScatterLoopsBase<ScatterLoops> {
  using ScatterLoopsBase::ScatterLoopsBase;
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, int64_t>> scatters;
    getOperation().walk([&](linalg::GenericOp generic) {
      int64_t dim = 0;
      if (isScatter(generic, dim))
        scatters.emplace_back(generic, dim);
    });
    for (auto [generic, dim] : scatters)
      rewriteAsLoops(generic, dim, minWork, maxChunks);
  }
};

} // namespace
} // namespace pt2c
