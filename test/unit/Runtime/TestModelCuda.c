/*===- TestModelCuda.c - The test double's --target cuda half -------------===*
 *
 * What pt2c's GPU pipeline generates for TestModel.c's program, by hand:
 * a kernel bundle (model_abi.h) registered from a global constructor, and a
 * run_cuda that calls the runtime exactly as MLIR's gpu-to-llvm host code
 * does (mgpuStreamCreate, mgpuModuleGetFunction before every launch,
 * mgpuLaunchKernel, device temporaries through _mlir_memref_to_llvm_alloc).
 * The PTX is real, so the same library runs on a GPU; FakeCuda.c runs the
 * same two kernels on the CPU.
 *
 * Rows == PT2C_TEST_MISSING_KERNEL_ROWS asks for a kernel the module does
 * not have, to test how a failed lookup is reported. Rows ==
 * PT2C_TEST_INDEX_CHECK_ROWS makes an index check as pt2c-device-index-checks
 * does: the runtime's scan of shift[0] and shift[1] (a [1, 1, 1, 2] view),
 * indices into a dim of PT2C_TEST_INDEX_SIZE. Rows ==
 * PT2C_TEST_KERNEL_CHECK_ROWS checks the same two as pt2c-fold-index-checks
 * does: a slot of the runtime (pt2crt_cuda_index_slot) that a kernel of
 * the model, pt2c_test_check, writes an index outside [0, size) into.
 * Rows == PT2C_TEST_SCALAR_READ_ROWS reads values back as the host code of
 * a data-dependent size does (pt2c-device-scalar-reads): after the last
 * kernel, the last element of y and positive and what they were computed
 * from, through pt2crt_cuda_read_scalar; the run fails (code 6) unless y
 * and positive are what the host computes from the inputs and weights read.
 *===----------------------------------------------------------------------===*/

#include "pt2c/model_abi.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define PT2C_TEST_MISSING_KERNEL_ROWS 63
#define PT2C_TEST_INDEX_CHECK_ROWS 61
#define PT2C_TEST_INDEX_SIZE 50
#define PT2C_TEST_KERNEL_CHECK_ROWS 59
#define PT2C_TEST_SCALAR_READ_ROWS 57

/* The runtime's entry points (hidden, in the same library). */
void *mgpuModuleLoad(void *bundle, size_t size);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                      intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                      int32_t sharedBytes, void *stream, void **params, void **extra,
                      size_t paramCount);
void *mgpuStreamCreate(void);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamDestroy(void *stream);
void *_mlir_memref_to_llvm_alloc(size_t size);
void _mlir_memref_to_llvm_free(void *ptr);
int32_t pt2crt_cuda_index_scan(int64_t address, int64_t bytes, int64_t n0, int64_t n1,
                               int64_t n2, int64_t n3, int64_t s0, int64_t s1, int64_t s2,
                               int64_t s3, int64_t size, int64_t site);
int64_t pt2crt_cuda_index_slot(int64_t size, int64_t site);
int64_t pt2crt_cuda_read_scalar(int64_t address, int64_t bytes);

static const char kIndexSite[] = "input 'shift' at test_index @ double.py:5";

/* nvcc -ptx of (i = blockIdx.x * blockDim.x + threadIdx.x, n elements):
 *   pt2c_test_scale(x, w, scaled, n):  scaled[i] = x[i] * w[i % 4]
 *   pt2c_test_finish(scaled, b, shift, y, positive, n):
 *     y[i] = (scaled[i] + b[i % 4]) + (float)shift[i / 4]; positive[i] = y[i] > 0
 *   pt2c_test_check(shift, slot, size), threads 0 and 1: if slot != 0 and
 *     (unsigned)shift[i] >= size: slot[0] = shift[i]; slot[1] = 1
 * with explicit rounding (mul.rn, add.rn: no contraction into an FMA, so the
 * GPU's floats equal the CPU's), lowered to PTX 6.0 / sm_60 so that any
 * driver since CUDA 9 can compile it for its GPU. */
#define PT2C_TEST_PTX                                                          \
  ".version 6.0\n"                                                             \
  ".target sm_60\n"                                                            \
  ".address_size 64\n"                                                         \
  ".visible .entry pt2c_test_scale(.param .u64 p0, .param .u64 p1,\n"          \
  "    .param .u64 p2, .param .u64 p3)\n"                                      \
  "{\n"                                                                        \
  "  .reg .pred %p<2>; .reg .f32 %f<4>; .reg .b32 %r<4>; .reg .b64 %rd<16>;\n" \
  "  ld.param.u64 %rd2, [p0]; ld.param.u64 %rd3, [p1];\n"                      \
  "  ld.param.u64 %rd4, [p2]; ld.param.u64 %rd5, [p3];\n"                      \
  "  mov.u32 %r1, %ctaid.x; mov.u32 %r2, %ntid.x; mul.wide.u32 %rd6, %r1, %r2;\n" \
  "  mov.u32 %r3, %tid.x; cvt.u64.u32 %rd7, %r3; add.s64 %rd1, %rd6, %rd7;\n"  \
  "  setp.ge.s64 %p1, %rd1, %rd5;\n"                                           \
  "  @%p1 bra DONE;\n"                                                         \
  "  cvta.to.global.u64 %rd8, %rd2; shl.b64 %rd9, %rd1, 2;\n"                  \
  "  add.s64 %rd10, %rd8, %rd9;\n"                                             \
  "  cvta.to.global.u64 %rd11, %rd3; and.b64 %rd12, %rd9, 12;\n"               \
  "  add.s64 %rd13, %rd11, %rd12;\n"                                           \
  "  ld.global.f32 %f1, [%rd13]; ld.global.f32 %f2, [%rd10];\n"                \
  "  mul.rn.f32 %f3, %f2, %f1;\n"                                              \
  "  cvta.to.global.u64 %rd14, %rd4; add.s64 %rd15, %rd14, %rd9;\n"            \
  "  st.global.f32 [%rd15], %f3;\n"                                            \
  "DONE:\n"                                                                    \
  "  ret;\n"                                                                   \
  "}\n"                                                                        \
  ".visible .entry pt2c_test_finish(.param .u64 p0, .param .u64 p1,\n"         \
  "    .param .u64 p2, .param .u64 p3, .param .u64 p4, .param .u64 p5)\n"      \
  "{\n"                                                                        \
  "  .reg .pred %p<3>; .reg .b16 %rs<2>; .reg .f32 %f<6>; .reg .b32 %r<4>;\n"  \
  "  .reg .b64 %rd<25>;\n"                                                     \
  "  ld.param.u64 %rd2, [p0]; ld.param.u64 %rd3, [p1]; ld.param.u64 %rd4, [p2];\n" \
  "  ld.param.u64 %rd5, [p3]; ld.param.u64 %rd6, [p4]; ld.param.u64 %rd7, [p5];\n" \
  "  mov.u32 %r1, %ctaid.x; mov.u32 %r2, %ntid.x; mul.wide.u32 %rd8, %r1, %r2;\n" \
  "  mov.u32 %r3, %tid.x; cvt.u64.u32 %rd9, %r3; add.s64 %rd1, %rd8, %rd9;\n"  \
  "  setp.ge.s64 %p1, %rd1, %rd7;\n"                                           \
  "  @%p1 bra DONE;\n"                                                         \
  "  cvta.to.global.u64 %rd10, %rd2; shl.b64 %rd11, %rd1, 2;\n"                \
  "  add.s64 %rd12, %rd10, %rd11;\n"                                           \
  "  cvta.to.global.u64 %rd13, %rd3; and.b64 %rd14, %rd11, 12;\n"              \
  "  add.s64 %rd15, %rd13, %rd14;\n"                                           \
  "  ld.global.f32 %f1, [%rd15]; ld.global.f32 %f2, [%rd12];\n"                \
  "  add.rn.f32 %f3, %f2, %f1;\n"                                              \
  "  cvta.to.global.u64 %rd16, %rd4; shl.b64 %rd17, %rd1, 1;\n"                \
  "  and.b64 %rd18, %rd17, -8; add.s64 %rd19, %rd16, %rd18;\n"                 \
  "  ld.global.u64 %rd20, [%rd19]; cvt.rn.f32.s64 %f4, %rd20;\n"               \
  "  add.rn.f32 %f5, %f3, %f4;\n"                                              \
  "  cvta.to.global.u64 %rd21, %rd5; add.s64 %rd22, %rd21, %rd11;\n"           \
  "  st.global.f32 [%rd22], %f5;\n"                                            \
  "  setp.gt.f32 %p2, %f5, 0f00000000; selp.u16 %rs1, 1, 0, %p2;\n"            \
  "  cvta.to.global.u64 %rd23, %rd6; add.s64 %rd24, %rd23, %rd1;\n"            \
  "  st.global.u8 [%rd24], %rs1;\n"                                            \
  "DONE:\n"                                                                    \
  "  ret;\n"                                                                   \
  "}\n"                                                                        \
  ".visible .entry pt2c_test_check(.param .u64 p0, .param .u64 p1,\n"          \
  "    .param .u64 p2)\n"                                                      \
  "{\n"                                                                        \
  "  .reg .pred %p<3>; .reg .b32 %r<2>; .reg .b64 %rd<9>;\n"                   \
  "  ld.param.u64 %rd1, [p0]; ld.param.u64 %rd2, [p1]; ld.param.u64 %rd3, [p2];\n" \
  "  mov.u32 %r1, %tid.x; setp.gt.u32 %p1, %r1, 1; @%p1 bra SKIP;\n"          \
  "  setp.eq.s64 %p2, %rd2, 0; @%p2 bra SKIP;\n"                               \
  "  cvta.to.global.u64 %rd4, %rd1; mul.wide.u32 %rd5, %r1, 8;\n"              \
  "  add.s64 %rd6, %rd4, %rd5; ld.global.u64 %rd7, [%rd6];\n"                  \
  "  setp.lt.u64 %p1, %rd7, %rd3; @%p1 bra SKIP;\n"                            \
  "  mov.u64 %rd8, 1; st.u64 [%rd2], %rd7; st.u64 [%rd2+8], %rd8;\n"          \
  "SKIP:\n"                                                                    \
  "  ret;\n"                                                                   \
  "}\n"

/* A one-entry bundle, laid out as model_abi.h says (x86-64 is
 * little-endian, and the fields are naturally aligned, so a struct does). */
static const struct {
  char magic[8];
  uint32_t count, reserved;
  uint32_t kind, sm;
  uint64_t offset, size;
  char ptx[sizeof PT2C_TEST_PTX];
} kBundle = {
    {'P', 'T', '2', 'C', 'K', 'R', 'N', '1'},
    1,
    0,
    PT2C_KERNEL_PTX,
    60,
    40, /* offsetof(ptx) */
    sizeof PT2C_TEST_PTX,
    PT2C_TEST_PTX,
};
_Static_assert(offsetof(__typeof__(kBundle), ptx) == 40, "bundle layout");

static void *module;

__attribute__((constructor)) static void register_kernels(void) {
  module = mgpuModuleLoad((void *)&kBundle, sizeof kBundle);
}

__attribute__((destructor)) static void unregister_kernels(void) {
  mgpuModuleUnload(module);
}

void pt2crt_profile_begin(const char *table, int32_t id);
void pt2crt_profile_end(const char *table, int32_t id);
/* The host code's profile points (pt2c-profile-points): the three launches. */
static const char kProfileTable[] = "kernel pt2c_test_scale: mul_1 @ double.py:3\0"
                                    "kernel pt2c_test_scale: empty_4\0"
                                    "kernel pt2c_test_finish: add_2, gt_3 @ double.py:4\0";

enum { kBlock = 128 };

static void launch(const char *name, int64_t n, void **params, size_t count) {
  void *stream = mgpuStreamCreate();
  void *function = mgpuModuleGetFunction(module, name);
  mgpuLaunchKernel(function, (n + kBlock - 1) / kBlock, 1, 1, kBlock, 1, 1, 0, stream,
                   params, NULL, count);
  mgpuStreamDestroy(stream);
}

/* Element `i` of `bytes` bytes at device address `base`, read back. */
static int64_t read_back(const void *base, int64_t i, int64_t bytes) {
  return pt2crt_cuda_read_scalar((int64_t)(uintptr_t)base + i * bytes, bytes);
}

static float read_float(const void *base, int64_t i) {
  uint32_t bits = (uint32_t)read_back(base, i, 4);
  float value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

/* Whether y and positive's last element are what the double computes from
 * the inputs and weights read back (the same float operations as the
 * kernels: separate statements, so nothing contracts into an FMA). */
static int last_element_read_back(const void *x, const void *w, const void *b,
                                  const void *shift, const void *y, const void *positive,
                                  int64_t n) {
  int64_t i = n - 1;
  float scaled = read_float(x, i) * read_float(w, i % 4);
  float sum = scaled + read_float(b, i % 4);
  float expected = sum + (float)read_back(shift, i / 4, 8);
  return read_float(y, i) == expected && read_back(positive, i, 1) == (expected > 0);
}

__attribute__((visibility("hidden"))) int32_t pt2c_test_run_cuda(const pt2c_run_args *args) {
  int64_t rows = args->symbols[0], n = rows * 4;
  const void *x = args->inputs[0], *shift = args->inputs[1];
  const void *w = args->weights, *b = args->weights + 64;
  void *y = args->outputs[0], *positive = args->outputs[1];
  /* A temporary of another size first, freed at once: its block must not
   * be confused with `scaled`'s. */
  _mlir_memref_to_llvm_free(_mlir_memref_to_llvm_alloc(8));
  void *scaled = _mlir_memref_to_llvm_alloc((size_t)n * 4);

  void *scale_params[] = {&x, &w, &scaled, &n};
  pt2crt_profile_begin(kProfileTable, 0);
  launch("pt2c_test_scale", n, scale_params, 4);
  pt2crt_profile_end(kProfileTable, 0);
  /* Zero-size tensors give empty grids: a launch of nothing. */
  pt2crt_profile_begin(kProfileTable, 1);
  launch("pt2c_test_scale", 0, scale_params, 4);
  pt2crt_profile_end(kProfileTable, 1);
  if (rows == PT2C_TEST_MISSING_KERNEL_ROWS)
    launch("pt2c_test_missing", n, scale_params, 4);
  if (rows == PT2C_TEST_INDEX_CHECK_ROWS)
    pt2crt_cuda_index_scan((int64_t)(uintptr_t)shift, 8, 1, 1, 1, 2, 0, 0, 0, 1,
                           PT2C_TEST_INDEX_SIZE, (int64_t)(uintptr_t)kIndexSite);
  if (rows == PT2C_TEST_KERNEL_CHECK_ROWS) {
    int64_t slot = pt2crt_cuda_index_slot(PT2C_TEST_INDEX_SIZE, (int64_t)(uintptr_t)kIndexSite);
    int64_t size = PT2C_TEST_INDEX_SIZE;
    void *check_params[] = {&shift, &slot, &size};
    launch("pt2c_test_check", 2, check_params, 3);
  }
  void *finish_params[] = {&scaled, &b, &shift, &y, &positive, &n};
  pt2crt_profile_begin(kProfileTable, 2);
  launch("pt2c_test_finish", n, finish_params, 6);
  pt2crt_profile_end(kProfileTable, 2);

  if (rows == PT2C_TEST_SCALAR_READ_ROWS &&
      !last_element_read_back(x, w, b, shift, y, positive, n)) {
    _mlir_memref_to_llvm_free(scaled);
    return 6;
  }
  _mlir_memref_to_llvm_free(scaled);
  void *stream = mgpuStreamCreate();
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  return 0;
}
