//===- Contraction.h - Row-major f32 contractions and their register tile -===//
//
// PrimToLinalg lowers matmuls and convolutions to linalg.generic ops that
// accumulate lhs * rhs into the output with the contiguous output column n
// as the innermost loop (matmul: (b.., m, k, n); im2col convolution:
// (n, g, f, r, p)). pt2c-tile-contractions turns each into register tiles
// and pt2c-parallelize cuts its chunks along whole tiles; both recognize the
// op here.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_CPU_CONTRACTION_H
#define PT2C_LIB_CODEGEN_CPU_CONTRACTION_H

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace mlir::linalg {
class LinalgOp;
} // namespace mlir::linalg

namespace pt2c::cpu {

/// The register tile of one output block, in f32 elements: `rows` output
/// rows x `columns` columns stay in vector registers across the whole k
/// loop while each k step broadcasts one lhs element per row and loads
/// columns / lanes rhs vectors.
struct RegisterTile {
  int64_t rows;
  int64_t columns;
  /// f32 lanes of one vector register: column tiles narrower than the main
  /// one are vectorized only in multiples of it.
  int64_t lanes;
};

/// The tile for registers of `vectorBits` (256: AVX2, 512: AVX-512).
/// 256: 6 x 16, 12 of the 16 ymm registers, 15 in all with the 2 rhs
/// vectors and the broadcast; measured (one core of the build machine,
/// x86-64-v3 code, GFLOP/s) on 62x144x3025 / 62x576x729 matmuls: 6x16
/// 101 / 93, 4x16 87 / 80, 8x8 77 / 83, 4x24 8 / 8 (a vector<24xf32> does
/// not lower well); the loops before pt2c-tile-contractions reach 31.
/// 512: 8 x 32, 16 of the 32 zmm registers: twice the FMAs' latency x
/// throughput (4 cycles x 2 ports) of independent accumulators.
RegisterTile registerTile(int64_t vectorBits);

/// Rows of the register tiles over `rows` output rows: the tile's, unless
/// those would leave a last tile of one or two rows and a tile one row
/// shorter divides them (no shorter: fewer rows share each rhs load, and on
/// AVX2 4x16 tiles ran 14% slower than 6x16). A last tile of a row or two
/// is a chain of dependent FMAs streaming the rhs for little work: the 49th row of resnet50's 7x7 layers along their
/// filters (pt2c-convolutions-along-filters) took 11% of the layer's time
/// on one core; 7 tiles of 7 rows leave none. pt2c-parallelize cuts rows
/// in these tiles, pt2c-tile-contractions tiles them so.
int64_t rowsPerTile(int64_t rows, const RegisterTile &tile);

/// The loops of a row-major contraction `out[.., m, n] += lhs[..m..k..] *
/// rhs[..k.., n]`, by position in the op's iteration space.
struct ContractionLoops {
  unsigned m;                         // output rows: in lhs and out, not rhs
  unsigned n;                         // output columns: innermost loop, last dim of rhs and out
  unsigned k;                         // the one reduction loop
  llvm::SmallVector<unsigned> batch;  // every other (parallel) loop
};

/// `op` as a row-major f32 contraction on tensors: a linalg.generic whose
/// body is `out + lhs * rhs` and whose maps are plain dims with n the
/// innermost loop and the last dim of rhs and out, and m the innermost
/// other dim of out that lhs reads and rhs does not (the second to last, or
/// the third to last with a packed rhs's panel loop in between). Anything else (reassociable dot products, pooling, integer
/// matmuls) is std::nullopt and keeps its scalar loops.
std::optional<ContractionLoops> matchRowMajorContraction(mlir::linalg::LinalgOp op);

/// Whether `op` has the maps of PrimToLinalg's im2col convolution over
/// loops (n, g, f, r, p): out[n, g, f, p] += w[g, f, r] * windows[n, g, r,
/// p], r the reduction (the body is not checked).
bool hasConvolutionMaps(mlir::linalg::LinalgOp op);

} // namespace pt2c::cpu

#endif // PT2C_LIB_CODEGEN_CPU_CONTRACTION_H
