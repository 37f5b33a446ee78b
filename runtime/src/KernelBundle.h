/*===- KernelBundle.h - Choosing a kernel form for a GPU -----------------===*
 *
 * A kernel bundle (model_abi.h) holds every compiled form of a model's GPU
 * module: cubins for the architectures it was compiled for, and their PTX.
 * Pure functions, no CUDA: they are unit-tested on machines without a GPU.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_KERNELBUNDLE_H
#define PT2C_RUNTIME_KERNELBUNDLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pt2crt_kernel_image {
  uint32_t kind; /* PT2C_KERNEL_CUBIN or PT2C_KERNEL_PTX */
  uint32_t sm;   /* 80, 90, ... */
  const uint8_t *data;
  uint64_t size;
} pt2crt_kernel_image;

enum {
  PT2CRT_BUNDLE_OK = 0,
  PT2CRT_BUNDLE_NO_FIT = 1,    /* well formed, but nothing runs there */
  PT2CRT_BUNDLE_MALFORMED = 2, /* never read past `size` to find out */
};

/* The image for a device of compute capability `sm` (major x 10 + minor):
 * the cubin with the device's major and the highest minor not above the
 * device's (SASS runs on later minors of its major); else the PTX with the
 * highest sm not above the device's (the driver compiles it). Returns
 * PT2CRT_BUNDLE_OK and fills *out; NO_FIT when nothing fits; MALFORMED for
 * a bad magic, a count or payload beyond `size`, an empty payload, an
 * unknown kind or PTX without its NUL. `forms` receives e.g. "cubin sm_80,
 * cubin sm_90, ptx sm_90" (for messages) when not NULL. */
int pt2crt_kernel_bundle_select(const void *bundle, uint64_t size, uint32_t sm,
                                pt2crt_kernel_image *out, char *forms,
                                size_t forms_size);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_KERNELBUNDLE_H */
