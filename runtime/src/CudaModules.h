/*===- CudaModules.h - The model's kernel bundles, loaded per device -----===*
 *
 * The generated code registers its kernel bundles from global constructors
 * (mgpuModuleLoad), when no driver may be touched; a model create loads
 * them into its device, choosing per bundle the form that device runs
 * (KernelBundle.h). Loaded modules live in the device's primary context
 * for the rest of the process (CudaDevice.h), so each device loads once.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDAMODULES_H
#define PT2C_RUNTIME_CUDAMODULES_H

#include "CudaDevice.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Remembers `bundle` (not copied: it is the library's constant data) and
 * returns the handle the generated code passes to mgpuModuleGetFunction.
 * Never fails: a registry overflow is reported by the next load instead. */
void *pt2crt_modules_register(const void *bundle, size_t size);

/* Loads every registered bundle into `device`, whose context is current.
 * PT2C_UNSUPPORTED when a bundle has no form for the device's architecture,
 * PT2C_DEVICE_ERROR when the driver rejects one, PT2C_INTERNAL for a
 * malformed bundle. Idempotent per device; thread-safe. */
pt2c_status *pt2crt_modules_load(const pt2crt_cuda_driver *driver,
                                 const pt2crt_cuda_device *device);

/* The module of `handle` loaded for device `index`, or NULL (not loaded,
 * or not a handle). */
CUmodule pt2crt_modules_get(const void *handle, int32_t index);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDAMODULES_H */
