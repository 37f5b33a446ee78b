/*===- model_abi.h - Contract between a compiled model and the runtime ----===*
 *
 * Not a public header. The compiler emits, into every model object, one
 * `pt2c_model_desc` named `pt2c_model_descriptor` (hidden visibility) that
 * describes the model and points at its generated code; the runtime (this
 * directory, linked into the same .so) implements the public C ABI of
 * include/pt2c/pt2c.h on top of it. Both sides are built from this header,
 * so changing a struct means bumping PT2C_MODEL_ABI_VERSION.
 *
 * C99, no dependencies beyond <stdint.h>/<stddef.h> and weight_folds.h (the
 * batch norms folded into weights, which the compiler applies too).
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_MODEL_ABI_H
#define PT2C_MODEL_ABI_H

#include <stddef.h>
#include <stdint.h>
#include "pt2c/weight_folds.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PT2C_MODEL_ABI_VERSION 7u

/* Element types, with DLPack's codes and bits so the runtime can compare
 * them with a caller's DLTensor directly. */
typedef struct pt2c_dtype_desc {
  uint8_t code; /* kDLInt 0, kDLUInt 1, kDLFloat 2, kDLBfloat 4, bool 6 */
  uint8_t bits; /* 1 (bool is stored in 8), 8, 16, 32, 64 */
} pt2c_dtype_desc;

/* One dimension of an input or output. */
typedef struct pt2c_dim_desc {
  int64_t size;   /* >= 0: static size; -1: dynamic */
  int32_t symbol; /* dynamic: index into pt2c_model_desc.symbols; else -1;
                     PT2C_DIM_DERIVED for an output dim computed from the
                     symbols (torch's "2*s0"): output_dims gives its size */
} pt2c_dim_desc;

#define PT2C_DIM_DERIVED (-2)

typedef struct pt2c_tensor_desc {
  const char *name; /* graph name of the user input / output ("x") */
  pt2c_dtype_desc dtype;
  int32_t rank;
  const pt2c_dim_desc *dims; /* rank entries */
} pt2c_tensor_desc;

/* A symbolic size (`s77`) and its range from the archive's range_constraints.
 * INT64_MIN / INT64_MAX when unbounded on that side.
 *
 * A data-dependent size (`u0`: nonzero's row count) is no input's dim: the
 * runtime sets it to `max` (finite) before computing the output dims, so
 * they give each output's largest size, which the code writes flat and
 * compact at the start of its buffer; `run` then stores the actual value
 * in its slot of `pt2c_run_args.symbols`, and output_dims gives the actual
 * shapes. */
typedef struct pt2c_symbol_desc {
  const char *name;
  int64_t min;
  int64_t max;
  int32_t data_dependent; /* 1: computed by the run; 0: bound from the inputs */
} pt2c_symbol_desc;

/* One weight, as the compiled code expects it: contiguous bytes at `offset`
 * of the weights blob (embedded, or read from the archive at create time). */
typedef struct pt2c_weight_desc {
  const char *fqn;        /* "fc1.weight" */
  uint64_t offset;        /* in the blob; a multiple of 64 */
  uint64_t nbytes;
} pt2c_weight_desc;

/* --weights external: the library holds no weight bytes, only where the
 * runtime finds them in the .pt2 named at create time
 * (pt2c_options_set_weights_path) to build the blob the code expects.
 *
 * One zip entry that some weight reads, named as in the archive but without
 * its root folder ("data/weights/weight_0"; the folder is the archive's file
 * name, so it differs from copy to copy). `min_bytes` is what the weights
 * read from it need. When the archive compiled from held the entry's bytes,
 * `exact` is 1 and `bytes` and `crc32` are that entry's size and CRC-32 from
 * its central directory: a file whose entry differs is another export and
 * is refused without reading a byte. A graph-only archive (0-byte payloads)
 * gives `exact` 0: only the size can be checked, against `min_bytes`. */
typedef struct pt2c_archive_entry_desc {
  const char *name;
  uint64_t min_bytes;
  uint64_t bytes;
  uint32_t crc32;
  uint32_t exact;
} pt2c_archive_entry_desc;

/* Where one weight's elements are in its entry, as torch stored them: a
 * strided view (sizes, strides and storage_offset count elements). The
 * runtime copies it row-major and contiguous to the weight's blob offset,
 * which is what the embedded blob holds. */
typedef struct pt2c_weight_source {
  int32_t entry; /* index into pt2c_external_weights_desc.entries; -1: no
                    bytes to read (an empty tensor) */
  int32_t rank;
  const int64_t *sizes;   /* rank entries */
  const int64_t *strides; /* rank entries */
  int64_t storage_offset;
  uint32_t element_bytes;
} pt2c_weight_source;

typedef struct pt2c_external_weights_desc {
  const char *archive; /* file name compiled from ("mlp.pt2"), for messages */
  int32_t n_entries;
  const pt2c_archive_entry_desc *entries;
  const pt2c_weight_source *sources; /* n_weights, parallel to desc->weights */
  /* Batch norms folded into weights (weight_folds.h), applied once every
   * weight is read; an embedded blob had them applied by the compiler. */
  int32_t n_folds;
  const pt2c_weight_fold *folds;
} pt2c_external_weights_desc;

/* The runtime's thread pool, handed to generated code for large loops.
 * `body(ctx, begin, end)` is called on disjoint ranges covering [0, n);
 * parallel_for returns when all of them have finished. */
typedef void (*pt2c_parallel_body)(void *ctx, int64_t begin, int64_t end);
typedef void (*pt2c_parallel_for_fn)(void *pool, int64_t n, int64_t grain,
                                     pt2c_parallel_body body, void *ctx);

/* Everything one execution of the model needs. The runtime has validated the
 * inputs against the descriptor before calling `run`. */
typedef struct pt2c_run_args {
  void *const *inputs;    /* n_inputs data pointers, contiguous, in order */
  void *const *outputs;   /* n_outputs data pointers, allocated by the runtime */
  int64_t *symbols;       /* n_symbols values, bound from the inputs' dims;
                             the run writes the data-dependent ones */
  const uint8_t *weights; /* the weights blob (64-byte aligned) */
  uint8_t *arena;         /* arena_bytes(symbols) bytes, 64-byte aligned */
  void *pool;             /* for parallel_for; may be NULL (run serially) */
  pt2c_parallel_for_fn parallel_for;
} pt2c_run_args;

/* x86-64 microarchitecture levels (as LLVM and the psABI name them) that a
 * CPU entry's code needs; pt2crt checks them with cpuid when the model is
 * created. Each level includes the ones below. */
#define PT2C_CPU_X86_64_V2 1u /* SSE4.2, POPCNT, SSSE3, CX16 */
#define PT2C_CPU_X86_64_V3 2u /* AVX, AVX2, FMA, BMI1/2, F16C, LZCNT, MOVBE */
#define PT2C_CPU_X86_64_V4 4u /* AVX-512 F, BW, CD, DQ, VL */

/* One pair of the model's metadata (pt2c.h, "Provenance"): pt2c's own
 * keys ("pt2c.version", ...) first, then the user's --metadata pairs.
 * Both strings point into the section below. */
typedef struct pt2c_metadata_desc {
  const char *key;
  const char *value;
} pt2c_metadata_desc;

/* The same pairs as bytes, in an allocated section of this name, so a tool
 * can read them from the file without loading the library (`pt2c inspect
 * model.so`): key NUL value NUL, pair after pair, nothing else. */
#define PT2C_METADATA_SECTION ".pt2c.metadata"

/* One compiled form of the CPU entry point. */
typedef struct pt2c_cpu_entry {
  uint32_t features; /* PT2C_CPU_* levels the code needs */
  int32_t (*run)(const pt2c_run_args *args);
} pt2c_cpu_entry;

typedef struct pt2c_model_desc {
  uint32_t abi_version; /* PT2C_MODEL_ABI_VERSION */
  const char *model_name;
  const char *compile_options; /* the flags it was compiled with, for reproducing */

  int32_t n_inputs;
  const pt2c_tensor_desc *inputs;
  int32_t n_outputs;
  const pt2c_tensor_desc *outputs;
  int32_t n_symbols;
  const pt2c_symbol_desc *symbols;

  int32_t n_weights;
  const pt2c_weight_desc *weights;
  /* The embedded blob, or NULL when compiled with --weights external; its
   * size either way (what the runtime allocates for external weights). */
  const uint8_t *weights_blob;
  uint64_t weights_bytes;

  /* Output shapes for the given symbol values: writes the dims of every
   * output, in order, rank entries each. */
  void (*output_dims)(const int64_t *symbols, int64_t *dims);
  /* Scratch bytes one execution needs for the given symbol values. */
  uint64_t (*arena_bytes)(const int64_t *symbols);
  /* Runs the model on the CPU; 0 on success, otherwise a pt2c_status_code.
   * NULL when the model was not compiled for the CPU (--target cuda). */
  int32_t (*run)(const pt2c_run_args *args);
  /* The same entry compiled for NVIDIA GPUs (--target cuda); NULL when the
   * model was compiled for the CPU only. Every data pointer in `args`
   * (inputs, outputs, weights) is a device pointer of the model's device;
   * `pool`, `parallel_for` and `arena` are unused. It launches its kernels
   * through the `mgpu*` entry points below, on the stream of the run that is
   * current on the calling thread, and allocates its temporaries through
   * `_mlir_memref_to_llvm_alloc/free` (device memory while a CUDA run is
   * current). It returns when all work is queued, not finished. */
  int32_t (*run_cuda)(const pt2c_run_args *args);
  /* NULL when the weights are embedded (or there are none). */
  const pt2c_external_weights_desc *external_weights;
  /* The CPU forms of `run`, best first (AVX-512, then the --cpu baseline,
   * which is `run` itself): the model runs the first whose features its
   * CPU has. 0 entries: `run`, with no check. */
  int32_t n_cpu_entries;
  const pt2c_cpu_entry *cpu_entries;
  /* Provenance and user metadata, in order (PT2C_METADATA_SECTION). */
  int32_t n_metadata;
  const pt2c_metadata_desc *metadata;
} pt2c_model_desc;

/* ---- CUDA: what the generated host code of a CUDA model calls ----------
 *
 * MLIR's gpu-to-llvm lowering emits these calls (the signatures of MLIR's
 * CudaRuntimeWrappers); the runtime implements them (hidden symbols) over
 * the CUDA driver it opens with dlopen.
 *
 *   void *mgpuModuleLoad(void *bundle, size_t size);   from a global ctor at
 *       dlopen time: must not touch CUDA, only remember `bundle`.
 *   void  mgpuModuleUnload(void *module);              from a global dtor
 *   void *mgpuModuleGetFunction(void *module, const char *name);
 *   void  mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
 *                          intptr_t gridZ, intptr_t blockX, intptr_t blockY,
 *                          intptr_t blockZ, int32_t sharedBytes, void *stream,
 *                          void **params, void **extra, size_t paramCount);
 *   void *mgpuStreamCreate(void);     the current run's stream
 *   void  mgpuStreamSynchronize(void *stream);
 *   void  mgpuStreamDestroy(void *stream);
 *
 * `bundle` is a kernel bundle: every compiled form of one GPU module, from
 * which the runtime picks the one for the device at hand. Little-endian:
 *
 *   char     magic[8] = "PT2CKRN1";
 *   uint32_t count;  uint32_t reserved (0);
 *   count x { uint32_t kind;   PT2C_KERNEL_CUBIN or PT2C_KERNEL_PTX
 *             uint32_t sm;     compute capability x 10 + minor: 80, 90
 *             uint64_t offset; from the start of the bundle
 *             uint64_t size; } in bytes; PTX text ends with a NUL in size
 *   payloads.
 *
 * Choice: the cubin of the highest `sm` with the device's major and a minor
 * at most the device's; else the PTX of the highest `sm` at most the
 * device's (the driver compiles it); else the model cannot run there. */
#define PT2C_KERNEL_BUNDLE_MAGIC "PT2CKRN1"
#define PT2C_KERNEL_CUBIN 0u
#define PT2C_KERNEL_PTX 1u

#ifdef __cplusplus
}
#endif

#endif /* PT2C_MODEL_ABI_H */
