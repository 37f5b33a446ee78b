//===- RowGroup.h - Row reductions and their row-wise neighbours in one kernel -===//
//
// A layer norm reaches pt2c-map-to-gpu as consecutive ops over the same
// rows: often a residual add writing x, a reduction for the mean, one for
// the variance (reading x and the mean), and the normalization (reading x,
// the mean and the variance); RMS norm and softmax look alike. One kernel
// each means x travels through memory three or four times and a transformer
// layer pays two or three launches per norm. Here such a run of ops becomes
// one kernel with a warp (or a block, for long rows) per row, each member
// done for the row before the next starts: the row stays in L1 between
// them, reductions' results go from registers to the later members.
//
// Every member walks the row's columns with the same assignment of columns
// to threads (thread m of the group takes m, m + group size, ...), so an
// element one member writes and a later one reads is read by the thread
// that wrote it; a reduction's result, combined across the group, is
// written by every thread of the group and read back by each from its own
// write. That is what makes the fusion safe, and what the matcher checks:
// every access to memory that a member writes is at exactly the element
// that member writes at the same loop point.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_GPU_ROWGROUP_H
#define PT2C_LIB_CODEGEN_GPU_ROWGROUP_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace pt2c {

/// A generic on memrefs and the initial value of its output when a fill
/// was folded into it (FillFolding.h), else null.
struct GenericWithInitial {
  mlir::linalg::GenericOp op;
  mlir::Value initial;
};

/// Runs of consecutive generics (in program order, `ops` as the function
/// holds them) that one row kernel can do: at least two, at least one a
/// row reduction, all over the same static loop sizes with the row (the
/// reduction's dim, the elementwise ops' columns) last, nothing but
/// allocations, views and pure ops between them.
llvm::SmallVector<llvm::SmallVector<GenericWithInitial>>
findRowGroups(llvm::ArrayRef<GenericWithInitial> ops);

/// Replaces the group's generics by one gpu.launch at the last one's place.
void launchRowGroup(llvm::ArrayRef<GenericWithInitial> group, int64_t blockSize,
                    mlir::IRRewriter &rewriter);

} // namespace pt2c

#endif // PT2C_LIB_CODEGEN_GPU_ROWGROUP_H
