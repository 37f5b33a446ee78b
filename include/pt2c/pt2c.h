/*===- pt2c.h - The public C ABI of a pt2c model library -----------------===*
 *
 * Every model.so that pt2c produces exports exactly the functions declared
 * here (all named pt2c_*; everything else in the library is hidden). A
 * program loads the library with dlopen, looks these functions up with dlsym
 * (or links against it), creates a model and runs it on DLPack tensors.
 *
 * Version 1 of the ABI. C99; needs only <stdint.h>, <stddef.h> and
 * <dlpack/dlpack.h> (DLPack 0.6, whose DLTensor layout is the stable one).
 *
 * Conventions for every function below:
 *  - A function that can fail returns `pt2c_status*`: NULL means success;
 *    otherwise the caller owns the status and releases it with
 *    pt2c_status_free. Functions never abort, print or call exit().
 *  - Strings and arrays returned by the library are owned by the object they
 *    come from (a model, a status) and stay valid until it is destroyed.
 *  - "Thread safety" says which calls may run concurrently. Unless stated,
 *    a function does not block on other threads.
 *  - Statuses, options and tensors are released with the functions of the
 *    same library that produced them.
 *
 * The ABI grows by appending functions and enum values; a change that breaks
 * existing callers bumps PT2C_ABI_VERSION_MAJOR.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_PT2C_H
#define PT2C_PT2C_H

#include <stddef.h>
#include <stdint.h>

#include <dlpack/dlpack.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Symbols of the public ABI are the only ones a model library exports. */
#if defined(__GNUC__) || defined(__clang__)
#define PT2C_API __attribute__((visibility("default")))
#else
#define PT2C_API
#endif

/*===------------------------------ Version ------------------------------===*/

#define PT2C_ABI_VERSION_MAJOR 1
#define PT2C_ABI_VERSION_MINOR 4
/* The version this header describes, as pt2c_abi_version() encodes it. */
#define PT2C_ABI_VERSION                                                       \
  ((uint32_t)((PT2C_ABI_VERSION_MAJOR << 16) | PT2C_ABI_VERSION_MINOR))

/* DLPack 0.6 has no boolean type code; later DLPack calls code 6 kDLBool.
 * pt2c bool tensors are {PT2C_DL_BOOL, 8, 1}: one byte per element, 0 or 1.
 * Complex tensors are {kDLComplex, 64, 1} (complex64) and {kDLComplex, 128,
 * 1} (complex128): real and imaginary part interleaved, as torch and numpy
 * store them. */
#define PT2C_DL_BOOL 6

/* The ABI version the library implements: major << 16 | minor. A caller
 * built against this header may use the library when the majors are equal
 * and the library's minor is at least PT2C_ABI_VERSION_MINOR.
 * Thread safety: any thread, any time. */
PT2C_API uint32_t pt2c_abi_version(void);

/*===------------------------------ Status -------------------------------===*/

/* Error categories; the numbers are part of the ABI. */
typedef enum pt2c_code {
  PT2C_OK = 0,
  PT2C_INVALID_ARGUMENT = 1, /* a NULL pointer, a wrong count, dtype, device */
  PT2C_SHAPE_MISMATCH = 2,   /* rank, dims, symbol ranges or bindings */
  PT2C_UNSUPPORTED = 3,      /* valid, but not handled by this model/runtime */
  PT2C_OUT_OF_MEMORY = 4,
  PT2C_DEVICE_ERROR = 5,
  PT2C_INTERNAL = 6 /* a bug in pt2c: please report it */
} pt2c_code;

/* Opaque error object. NULL stands for success everywhere. */
typedef struct pt2c_status pt2c_status;

/* The status's code; PT2C_OK for NULL. Thread safety: any thread. */
PT2C_API pt2c_code pt2c_status_code(const pt2c_status *status);

/* A one-line, human-readable message (no trailing newline), owned by the
 * status and valid until pt2c_status_free. "" for NULL.
 * Thread safety: any thread. */
PT2C_API const char *pt2c_status_message(const pt2c_status *status);

/* Releases a status; NULL is a no-op. Out-of-memory errors may return a
 * preallocated status, for which this is also a no-op, so always call it.
 * Thread safety: any thread, once per status. */
PT2C_API void pt2c_status_free(pt2c_status *status);

/*===------------------------------ Options ------------------------------===*/

/* How to create a model. Opaque and grown by adding setters. */
typedef struct pt2c_options pt2c_options;

/* Creates options holding the defaults: device cpu, device index 0, no CUDA
 * stream, as many CPU threads as online CPUs, embedded weights.
 * `abi_version` is the caller's PT2C_ABI_VERSION; pt2c_model_create rejects
 * options whose major version differs from the library's.
 * Ownership: *out_options belongs to the caller (pt2c_options_free).
 * Thread safety: any thread. */
PT2C_API pt2c_status *pt2c_options_create(uint32_t abi_version,
                                          pt2c_options **out_options);

/* Releases options; NULL is a no-op. Models created from them are unaffected.
 * Thread safety: not concurrently with other uses of the same options. */
PT2C_API void pt2c_options_free(pt2c_options *options);

/* The setters below copy what they are given; the options do not keep the
 * caller's pointers (except the CUDA stream, an opaque handle). They fail
 * with PT2C_INVALID_ARGUMENT on NULL options or an out-of-range value.
 * Thread safety: not concurrently with other uses of the same options. */

/* kDLCPU (default) or kDLCUDA. A model compiled for cpu only fails to
 * create with PT2C_UNSUPPORTED when asked for cuda, and one compiled for
 * cuda only when asked for cpu. cuda needs the NVIDIA driver at create
 * time, which the library opens with dlopen (libcuda.so.1, or the path in
 * the environment variable PT2C_CUDA_DRIVER); see pt2c_model_create.
 * Matmuls use cuBLASLt and convolutions cuDNN when they can be opened
 * (libcublasLt.so.13/.12, libcudnn.so.9/.8 on the loader's path, or the
 * paths in PT2C_CUBLASLT, PT2C_CUDNN; "off" there: never), else the
 * model's own kernels: neither library is required. */
PT2C_API pt2c_status *pt2c_options_set_device(pt2c_options *options,
                                              DLDeviceType device_type);

/* Which GPU, for cuda (>= 0). Ignored on cpu. */
PT2C_API pt2c_status *pt2c_options_set_device_index(pt2c_options *options,
                                                    int32_t device_index);

/* A CUDA stream (CUstream/cudaStream_t) to run on; NULL (default): each
 * concurrent run gets a stream of the model's own. Given one, every run of
 * the model is queued on it, behind whatever the caller queued there, and
 * still waits for it before returning. It must belong to the device's
 * primary context (as the CUDA runtime's and PyTorch's streams do).
 * Not owned: it must outlive the model. Ignored on cpu. */
PT2C_API pt2c_status *pt2c_options_set_cuda_stream(pt2c_options *options,
                                                   void *stream);

/* 1 (default): a CUDA model replays its kernels as CUDA graphs. Each
 * execution context captures, on the second successful run with the same
 * symbol values and the same device addresses of inputs and outputs
 * (host tensors are staged in buffers that stay put), everything the model
 * queues besides the copies of host tensors, and from then on launches
 * that graph at once; it keeps the graphs of the last 8 such keys. Results
 * are the same either way; graphs save the host the cost of launching
 * each kernel. 0 launches kernel by kernel. The environment variable
 * PT2C_CUDA_GRAPHS=0 also turns them off, for every model created while it
 * is set. Ignored on cpu. */
PT2C_API pt2c_status *pt2c_options_set_cuda_graphs(pt2c_options *options,
                                                   int32_t enabled);

/* 1: with the caller's stream (pt2c_options_set_cuda_stream), a run whose
 * outputs are all device memory (kDLCUDA, caller-allocated) returns once
 * its work is queued on that stream, without waiting for it, as CUDA
 * libraries do: the caller synchronizes the stream (or queues more work on
 * it) before reading the outputs, and keeps the inputs unchanged until
 * then. Host inputs are copied before the run returns. A failure of the
 * queued kernels then shows at the caller's synchronization, not in the
 * run's status. Runs that need to wait still do: host or model-allocated
 * outputs, and a shape's first run (its temporaries are laid out after
 * it, CudaScratch.h). 0 (default): every run waits. Ignored without a
 * caller's stream and on cpu. */
PT2C_API pt2c_status *pt2c_options_set_cuda_async(pt2c_options *options,
                                                  int32_t enabled);

/* Size of the model's CPU thread pool, counting the calling thread:
 * 1 runs everything on the calling thread; 0 (default) uses the number of
 * online CPUs. At most 1024. */
PT2C_API pt2c_status *pt2c_options_set_cpu_threads(pt2c_options *options,
                                                   int32_t threads);

/* Where to read the weights of a model compiled with `--weights external`:
 * the .pt2 it was compiled from, or a copy of it (another file name is
 * fine). pt2c_model_create reads them from there; such a model without a
 * path fails to create with PT2C_INVALID_ARGUMENT. Ignored for models with
 * embedded weights. NULL clears it. */
PT2C_API pt2c_status *pt2c_options_set_weights_path(pt2c_options *options,
                                                    const char *path);

/* 1: the model times every piece of work of each run, named after the
 * graph nodes it came from (pt2c_model_profile_*): on the CPU each loop
 * nest, parallel loop and copy (wall time on the calling thread), on cuda
 * each kernel and cuBLASLt/cuDNN call (CUDA events around each, recorded
 * into a CUDA graph captured anew for every run, so the GPU never waits
 * for the host between them; with graphs off, launched one by one). A
 * profiled run costs more on the host (two clock reads per point on the
 * CPU; a capture per run on cuda) and always waits for its results.
 * 0 (default): the hooks return at once. Since ABI 1.2. */
PT2C_API pt2c_status *pt2c_options_set_profiling(pt2c_options *options,
                                                 int32_t enabled);

/*===------------------------------- Model -------------------------------===*/

/* A loaded model: its weights, thread pool and scratch arenas. Opaque. */
typedef struct pt2c_model pt2c_model;

/* Creates the model of this library. `options` may be NULL for the defaults
 * (and no version check); it is not retained.
 * Fails with PT2C_UNSUPPORTED on an ABI major mismatch or an unsupported
 * device. A model compiled with `--weights external` reads its weights
 * from the options' weights path into memory it owns: PT2C_INVALID_ARGUMENT
 * when no path is set or the file is missing, not a .pt2, or not the
 * export it was compiled from (an entry absent, or of another size or
 * CRC-32), PT2C_UNSUPPORTED for a compressed entry; every message names the
 * file and the entry. PT2C_INTERNAL when the compiled model's
 * descriptor is inconsistent. On cuda also: PT2C_DEVICE_ERROR when the
 * NVIDIA driver cannot be loaded or initialised (the message names every
 * path tried) or fails; PT2C_INVALID_ARGUMENT when there is no GPU of that
 * index; PT2C_UNSUPPORTED when the model has no kernels for its
 * architecture (the message says which it has); PT2C_OUT_OF_MEMORY.
 * Ownership: *out_model belongs to the caller (pt2c_model_destroy); it is
 * left untouched on failure.
 * Blocking: reads external weights from their file; starts the CPU worker
 * threads; on cuda, loads the kernels and copies the weights to the GPU. The thread's current CUDA context is left
 * as it was. Thread safety: any thread. */
PT2C_API pt2c_status *pt2c_model_create(const pt2c_options *options,
                                        pt2c_model **out_model);

/* Stops the worker threads and frees everything the model owns (on cuda:
 * its device memory and streams; the device's primary context and the
 * kernels loaded into it stay for the rest of the process, as with the
 * CUDA runtime); NULL is a no-op. Tensors allocated by pt2c_model_run stay
 * valid.
 * Blocking: joins the worker threads. Thread safety: no other call on this
 * model may be in progress or follow. */
PT2C_API void pt2c_model_destroy(pt2c_model *model);

/* Introspection. Every function here only reads the model and may be called
 * from any thread at any time during the model's life. Returned strings and
 * arrays are owned by the model. An out-of-range index or a NULL model gives
 * the value named in the comment. */

/* The model's name and the compiler flags it was built with ("" if none). */
PT2C_API const char *pt2c_model_name(const pt2c_model *model);
PT2C_API const char *pt2c_model_compile_options(const pt2c_model *model);

/* Provenance: what built the library and from what, as key/value pairs
 * (since ABI 1.3). pt2c records, in this order:
 *   pt2c.version          pt2c's version ("0.1.0")
 *   pt2c.commit           the git commit pt2c was built from, 12 hex
 *                         digits, "-modified" with uncommitted changes
 *                         ("unknown" when built outside a checkout)
 *   pt2c.llvm_version     the LLVM pt2c was built with ("22.1.0")
 *   pt2c.torch_version    the torch version that exported the archive, as
 *                         the archive records it ("2.11.0+cu130")
 *   pt2c.archive_sha256   SHA-256 of the .pt2 file compiled, 64 lowercase
 *                         hex digits
 *   pt2c.compile_options  as pt2c_model_compile_options
 * then the pairs given with `pt2c --metadata KEY=VALUE`, in command-line
 * order: keys of letters, digits, '_', '.' and '-', starting with a letter
 * (never "pt2c."), unique; values of UTF-8 text without control
 * characters. `pt2c inspect model.so` prints the same pairs without
 * loading the library. Strings are owned by the model (the library's
 * read-only data). */

/* The number of pairs (0). */
PT2C_API size_t pt2c_model_num_metadata(const pt2c_model *model);
/* Pair `index`'s key and value (NULL). */
PT2C_API const char *pt2c_model_metadata_key(const pt2c_model *model,
                                             size_t index);
PT2C_API const char *pt2c_model_metadata_value(const pt2c_model *model,
                                               size_t index);
/* The value of `key` ("pt2c.torch_version"); NULL when the model has no
 * such key, or for a NULL model or key. */
PT2C_API const char *pt2c_model_metadata(const pt2c_model *model,
                                         const char *key);

/* The number of threads of its CPU pool, counting the caller (0). */
PT2C_API int32_t pt2c_model_cpu_threads(const pt2c_model *model);

/* The flat user inputs and outputs, in signature order (0). */
PT2C_API size_t pt2c_model_num_inputs(const pt2c_model *model);
PT2C_API size_t pt2c_model_num_outputs(const pt2c_model *model);

/* The graph name of input/output `index` (NULL). */
PT2C_API const char *pt2c_model_input_name(const pt2c_model *model,
                                           size_t index);
PT2C_API const char *pt2c_model_output_name(const pt2c_model *model,
                                            size_t index);

/* Element type, lanes 1; bool is {PT2C_DL_BOOL, 8, 1} ({0, 0, 0}). */
PT2C_API DLDataType pt2c_model_input_dtype(const pt2c_model *model,
                                           size_t index);
PT2C_API DLDataType pt2c_model_output_dtype(const pt2c_model *model,
                                            size_t index);

/* Number of dimensions (-1). */
PT2C_API int32_t pt2c_model_input_rank(const pt2c_model *model, size_t index);
PT2C_API int32_t pt2c_model_output_rank(const pt2c_model *model, size_t index);

/* `rank` sizes, -1 for a dynamic dim (NULL; never NULL for a valid index,
 * even of rank 0). */
PT2C_API const int64_t *pt2c_model_input_shape(const pt2c_model *model,
                                               size_t index);
PT2C_API const int64_t *pt2c_model_output_shape(const pt2c_model *model,
                                                size_t index);

/* For a dynamic dim, the index of its symbol (see below); -1 for a static
 * dim or an out-of-range index; -2 for an output dim computed from the
 * symbols (torch's "2*s0"): its size is known once the inputs bind them,
 * as pt2c_run's outputs (or pt2c_model_output_shape's -1 until then) show. */
PT2C_API int32_t pt2c_model_input_dim_symbol(const pt2c_model *model,
                                             size_t index, int32_t dim);
PT2C_API int32_t pt2c_model_output_dim_symbol(const pt2c_model *model,
                                              size_t index, int32_t dim);

/* Symbolic sizes: one per distinct dynamic dim of the exported program
 * ("s77"). A symbol used by several dims must get the same size in all. */
PT2C_API size_t pt2c_model_num_symbols(const pt2c_model *model);
PT2C_API const char *pt2c_model_symbol_name(const pt2c_model *model,
                                            size_t symbol); /* (NULL) */
/* The inclusive range [*min, *max] of a symbol; INT64_MIN / INT64_MAX when
 * unbounded on that side. PT2C_INVALID_ARGUMENT for a bad index or NULL. */
PT2C_API pt2c_status *pt2c_model_symbol_range(const pt2c_model *model,
                                              size_t symbol, int64_t *min,
                                              int64_t *max);

/* 1 when the symbol is a data-dependent size (torch's unbacked "u0": the
 * row count of nonzero, masked_select, unique, x[mask]), which no input
 * gives and the run computes; 0 for a size the inputs bind; -1 for a NULL
 * model or an index out of range. Its range's max is finite: the most it
 * may reach. An output with such a dim (pt2c_model_output_dim_symbol) is
 * sized by the run: model-allocated, it gets its actual shape; caller-
 * allocated, its dim must be at least the max (room for the largest
 * result), and a successful run writes the actual size into the caller's
 * `shape[dim]`, the elements compact and row-major from `data`. Since ABI
 * 1.4. */
PT2C_API int32_t pt2c_model_symbol_is_data_dependent(const pt2c_model *model,
                                                     size_t symbol);

/*===------------------------------ Profile ------------------------------===*/

/* The profile of a model created with pt2c_options_set_profiling(o, 1):
 * one point per piece of work of its compiled code, in the order the code
 * runs them, each with its name, the number of times it ran and its total
 * time over the successful runs since creation or the last reset. A name
 * reads "kind: node, node (+n) @ file.py:line": the kind ("parallel
 * contraction", "elementwise", "copy", "kernel forward_kernel_3", "cuBLASLt
 * gemm", ...), the graph nodes it computes (at most four named, then how
 * many more) and the first source line recorded for them in the archive.
 * Names live as long as the model. Without profiling: size 0, runs 0.
 * Since ABI 1.2. Thread safety: any thread, also while runs are going on
 * (a point read between two runs' updates may mix them). */
PT2C_API size_t pt2c_model_profile_size(const pt2c_model *model);

/* Point `index`'s name, calls and total nanoseconds (each out-parameter
 * may be NULL). PT2C_INVALID_ARGUMENT for a NULL model, a model without
 * profiling or an index out of range. */
PT2C_API pt2c_status *pt2c_model_profile_point(const pt2c_model *model,
                                               size_t index, const char **name,
                                               uint64_t *calls,
                                               uint64_t *total_ns);

/* How many successful runs the profile holds; *wall_ns (may be NULL) gets
 * their total time from the start of execution (inputs validated) to its
 * end, of which the points' times are the part the compiled code spent in
 * its loops, kernels and library calls. */
PT2C_API uint64_t pt2c_model_profile_runs(const pt2c_model *model,
                                          uint64_t *wall_ns);

/* Clears the profile's times and runs (after warm-up runs, say). */
PT2C_API void pt2c_model_profile_reset(pt2c_model *model);

/*===-------------------------------- Run --------------------------------===*/

/* Runs the model once.
 *
 * inputs: `n_inputs` tensors, in signature order. Each must match the
 *   model: dtype (lanes 1), device kDLCPU (a CUDA model also takes
 *   kDLCUDAHost, and kDLCUDA memory of its own GPU: see below), rank,
 *   static dims; dynamic dims
 *   within their symbol's range and equal wherever the same symbol appears;
 *   strides NULL or compact row-major (dims of size 1 may have any stride);
 *   data non-NULL (unless it has no elements) and `data + byte_offset`
 *   aligned to the element size. Everything is checked before anything runs;
 *   the message names the tensor by index and name, with what was expected
 *   and what was given. Inputs are only read.
 * outputs: `n_outputs` tensors, each either
 *   - caller-allocated (`data != NULL`): checked like an input against the
 *     shape the model computes from the inputs (a data-dependent dim: at
 *     least its symbol's max; on success it holds the actual size, see
 *     pt2c_model_symbol_is_data_dependent); written in place; or
 *   - model-allocated (`data == NULL`): on success the model sets every
 *     field: `data` (64-byte aligned) and `shape` (an array of `ndim`) are
 *     owned by the caller and released with pt2c_tensor_free; strides NULL,
 *     byte_offset 0, device kDLCPU (host memory, for CUDA models too). On
 *     failure `data` stays NULL and nothing needs releasing.
 *   Outputs must not overlap the inputs or each other.
 * CUDA models: host tensors (kDLCPU, kDLCUDAHost) are copied to or from the
 *   GPU on the run's stream; kDLCUDA tensors of the model's device index are
 *   read and written in place; another GPU's are refused.
 * Errors: PT2C_INVALID_ARGUMENT, PT2C_SHAPE_MISMATCH or PT2C_UNSUPPORTED for
 *   bad tensors; PT2C_OUT_OF_MEMORY; whatever the compiled code reports;
 *   on cuda, PT2C_DEVICE_ERROR naming the first failed copy or kernel.
 *   Values only known while running are checked by the compiled CPU code:
 *   an index out of range (a token id past an embedding table, a gather or
 *   scatter index) fails the run with PT2C_INVALID_ARGUMENT naming the
 *   value, the input (or "computed indices") and the graph node; nothing
 *   outside a tensor is read or written meanwhile. On cuda such an index
 *   reads element 0 of its dimension instead and is not reported yet.
 *   After any failure, caller-allocated outputs hold unspecified values;
 *   the model stays usable.
 * Blocking: returns when the outputs are written (on cuda: after waiting
 *   for the run's stream); uses the model's thread pool. Thread safety: any
 *   number of threads may run the same model at once (each run gets its own
 *   scratch arena, and on cuda its own stream), with distinct outputs. */
PT2C_API pt2c_status *pt2c_model_run(pt2c_model *model, const DLTensor *inputs,
                                     size_t n_inputs, DLTensor *outputs,
                                     size_t n_outputs);

/* Releases the `data` and `shape` of a tensor that pt2c_model_run allocated
 * and sets both to NULL (ndim to 0). NULL, or a tensor whose data is
 * already NULL, is a no-op. Never pass a caller-allocated tensor.
 * Thread safety: any thread, once per tensor; the model may be gone. */
PT2C_API void pt2c_tensor_free(DLTensor *tensor);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_PT2C_H */
