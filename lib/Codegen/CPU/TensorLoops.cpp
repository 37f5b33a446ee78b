//===- TensorLoops.cpp - Loop nests on tensors, in chunks of rows ---------===//

#include "TensorLoops.h"

#include "Chunking.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace pt2c {

using namespace mlir;

cpu::TensorLoopNest cpu::loopsOver(OpBuilder &b, Location loc, Value extents, Value acc) {
  TensorLoopNest nest;
  int64_t rank = cast<RankedTensorType>(extents.getType()).getRank();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t r = 0; r < rank; ++r) {
    Value extent = tensor::DimOp::create(b, loc, extents, r);
    auto loop = scf::ForOp::create(b, loc, zero, extent, one, ValueRange{acc});
    if (!nest.loops.empty())
      scf::YieldOp::create(b, loc, loop.getResults());
    b.setInsertionPointToStart(loop.getBody());
    nest.position.push_back(loop.getInductionVar());
    acc = loop.getRegionIterArgs()[0];
    nest.loops.push_back(loop);
  }
  nest.acc = acc;
  return nest;
}

Value cpu::closeLoops(OpBuilder &b, Location loc, const TensorLoopNest &nest, Value next) {
  scf::YieldOp::create(b, loc, next);
  scf::ForOp outermost = nest.loops.front();
  b.setInsertionPointAfter(outermost);
  return outermost.getResult(0);
}

Value cpu::inRowChunks(OpBuilder &b, Location loc, int64_t rows, int64_t maxChunks,
                       ValueRange sources, Value acc, ChunkNest nest) {
  if (rows < 2 || maxChunks < 2)
    return Value();
  int64_t chunk = chunkSize(rows, maxChunks);
  int64_t chunks = llvm::divideCeil(rows, chunk);
  if (chunks < 2)
    return Value();
  SmallVector<OpFoldResult> counts = {b.getIndexAttr(chunks)};
  auto forall = scf::ForallOp::create(b, loc, counts, ValueRange{acc}, std::nullopt);
  OpBuilder::InsertionGuard hold(b);
  b.setInsertionPoint(forall.getTerminator());
  Value first = arith::MulIOp::create(b, loc, forall.getInductionVars()[0],
                                      arith::ConstantIndexOp::create(b, loc, chunk));
  OpFoldResult size = b.getIndexAttr(chunk);
  if (rows % chunk != 0) // the last chunk is shorter
    size = arith::MinSIOp::create(
               b, loc, arith::ConstantIndexOp::create(b, loc, chunk),
               arith::SubIOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, rows), first))
               .getResult();
  // Rows [first, first + size) of `whole`, every other dim whole.
  auto rowsOf = [&](Value whole, SmallVectorImpl<OpFoldResult> &offsets,
                    SmallVectorImpl<OpFoldResult> &sizes,
                    SmallVectorImpl<OpFoldResult> &strides) {
    int64_t rank = cast<RankedTensorType>(whole.getType()).getRank();
    offsets.assign(rank, b.getIndexAttr(0));
    strides.assign(rank, b.getIndexAttr(1));
    offsets[0] = first;
    sizes.assign({size});
    for (int64_t r = 1; r < rank; ++r)
      sizes.push_back(tensor::getMixedSize(b, loc, whole, r));
  };
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<Value> sourceRows;
  for (Value source : sources) {
    rowsOf(source, offsets, sizes, strides);
    sourceRows.push_back(tensor::ExtractSliceOp::create(b, loc, source, offsets, sizes, strides));
  }
  Value shared = forall.getRegionIterArgs()[0];
  rowsOf(shared, offsets, sizes, strides);
  Value accRows = tensor::ExtractSliceOp::create(b, loc, shared, offsets, sizes, strides);
  Value done = nest(b, sourceRows, accRows, first);
  b.setInsertionPointToStart(forall.getTerminator().getBody());
  tensor::ParallelInsertSliceOp::create(b, loc, done, shared, offsets, sizes, strides);
  return forall.getResult(0);
}

} // namespace pt2c
