/*===- MemrefCopy.c - The strided copy MLIR-generated code calls ----------===*
 *
 * MLIR lowers a memref.copy between non-contiguous memrefs (a slice of a
 * tensor, for instance) to a call of `memrefCopy(elementSize, src, dst)`,
 * whose arguments are unranked memref descriptors. MLIR's own implementation
 * lives in its runner library, which models must not depend on, so the
 * runtime provides this one. Hidden: only the model's code in the same .so
 * calls it.
 *===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <string.h>

/* MLIR's unranked memref: the rank and a pointer to the ranked descriptor
 * { allocated, aligned, offset, sizes[rank], strides[rank] }. */
typedef struct pt2c_unranked_memref {
  int64_t rank;
  void *descriptor;
} pt2c_unranked_memref;

typedef struct pt2c_memref_header {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t shape_and_strides[]; /* sizes[rank], then strides[rank] */
} pt2c_memref_header;

/* Copies one element of `size` bytes at a time, walking the index space
 * row-major; contiguous innermost runs are copied with one memcpy. */
void memrefCopy(int64_t elementSize, pt2c_unranked_memref *source,
                pt2c_unranked_memref *destination) {
  int64_t rank = source->rank;
  pt2c_memref_header *src = (pt2c_memref_header *)source->descriptor;
  pt2c_memref_header *dst = (pt2c_memref_header *)destination->descriptor;
  const int64_t *sizes = src->shape_and_strides;
  const int64_t *srcStrides = src->shape_and_strides + rank;
  const int64_t *dstStrides = dst->shape_and_strides + rank;
  char *srcBase = src->aligned + src->offset * elementSize;
  char *dstBase = dst->aligned + dst->offset * elementSize;

  for (int64_t d = 0; d < rank; ++d)
    if (sizes[d] == 0)
      return;
  if (rank == 0) {
    memcpy(dstBase, srcBase, (size_t)elementSize);
    return;
  }
  /* The innermost dim in one memcpy when both sides are unit-stride there. */
  int64_t inner = sizes[rank - 1];
  int contiguous = srcStrides[rank - 1] == 1 && dstStrides[rank - 1] == 1;
  int64_t index[64] = {0}; /* MLIR ranks are small; beyond 64 dims is not a tensor */
  if (rank > 64)
    return;
  for (;;) {
    int64_t srcOffset = 0, dstOffset = 0;
    for (int64_t d = 0; d < rank - 1; ++d) {
      srcOffset += index[d] * srcStrides[d];
      dstOffset += index[d] * dstStrides[d];
    }
    if (contiguous) {
      memcpy(dstBase + dstOffset * elementSize, srcBase + srcOffset * elementSize,
             (size_t)(inner * elementSize));
    } else {
      for (int64_t i = 0; i < inner; ++i)
        memcpy(dstBase + (dstOffset + i * dstStrides[rank - 1]) * elementSize,
               srcBase + (srcOffset + i * srcStrides[rank - 1]) * elementSize,
               (size_t)elementSize);
    }
    /* Next index over the outer dims. */
    int64_t d = rank - 2;
    for (; d >= 0; --d) {
      if (++index[d] < sizes[d])
        break;
      index[d] = 0;
    }
    if (d < 0)
      return;
  }
}
