//===- IndexChecks.h - The run-time index checks the lowering emits -------===//
//
// pt2c-lower-prim-to-linalg checks gathered and scattered indices at run
// time (lib/Conversion/PrimToLinalg/IndexChecks.cpp): an scf.if carrying
// kIndexCheckAttr calls the runtime's kIndexReportFunction when one is out
// of range. The CPU code keeps the checks; the CUDA pipeline turns each into
// a call of kDeviceIndexScanFunction or kDeviceIndexCheckFunction
// (pt2c-device-index-checks), which the runtime checks after the run has
// waited for its stream, and where the kernels that read the indices carry
// the check's site on their clamp (kIndexSiteAttr), replaces the scan by a
// store in those kernels (pt2c-fold-index-checks).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CONVERSION_INDEXCHECKS_H
#define PT2C_CONVERSION_INDEXCHECKS_H

namespace pt2c {

/// void pt2crt_index_out_of_range(int64_t lowest, int64_t highest,
/// int64_t size, const char *site): runtime/src/RunFailure.h.
inline constexpr char kIndexReportFunction[] = "pt2crt_index_out_of_range";

/// int32_t pt2crt_cuda_index_range(int64_t lowest_address, int64_t
/// highest_address, int64_t size, int64_t site): the device addresses of
/// the smallest and largest index, the dim's size, the site's name
/// (runtime/src/CudaIndexChecks.h).
inline constexpr char kDeviceIndexCheckFunction[] = "pt2crt_cuda_index_range";

/// int32_t pt2crt_cuda_index_scan(int64_t address, int64_t bytes, int64_t
/// n0..n3, int64_t s0..s3, int64_t size, int64_t site): the indices
/// themselves (i32 or i64, up to 4 dims, sizes and strides in elements),
/// which the runtime reduces in one kernel (runtime/src/CudaIndexChecks.h).
inline constexpr char kDeviceIndexScanFunction[] = "pt2crt_cuda_index_scan";

/// Dims the scan takes; more, and the generated reduction stays.
inline constexpr int kDeviceIndexScanRank = 4;

/// The name (made unique with a suffix) of each report's C string naming
/// the indices and the node: a private llvm.mlir.global.
inline constexpr char kIndexSiteName[] = "pt2c_index_site";

/// The unit attribute on the scf.if around a report.
inline constexpr char kIndexCheckAttr[] = "pt2c.index_check";

/// The attribute on a gather's clamp (the `arith.cmpi ult` of the index
/// against the dim's size) whose indices are checked at run time: the
/// symbol of the check's site (kIndexSiteName). It lets the CUDA pipeline
/// fold the check into the kernel that reads the index
/// (pt2c-fold-index-checks). A lowered scatter carries it on its generic
/// (ScatterMarker.h), and pt2c-scatter-atomics on its kernel's compare of
/// each update's index against the dim.
inline constexpr char kIndexSiteAttr[] = "pt2c.index_site";

/// The unit attribute on a prim.take, prim.take_along or prim.scatter whose
/// decomposition built the indices in range by construction (a radix
/// sort's permutation, the places it scatters to): the lowering checks
/// nothing at run time for them. Gathers still clamp and scatters still
/// guard every index, so a wrong mark gives wrong values, never an access
/// outside the tensor.
inline constexpr char kIndicesInRangeAttr[] = "pt2c.indices_in_range";

/// int64_t pt2crt_cuda_index_slot(int64_t size, int64_t site): the device
/// address of a pinned pair the kernels reading the indices write an
/// out-of-range index into, {value, 1} (runtime/src/CudaIndexChecks.h).
inline constexpr char kDeviceIndexSlotFunction[] = "pt2crt_cuda_index_slot";

} // namespace pt2c

#endif // PT2C_CONVERSION_INDEXCHECKS_H
