//===- IndexChecks.h - The run-time index checks the lowering emits -------===//
//
// pt2c-lower-prim-to-linalg checks gathered and scattered indices at run
// time (lib/Conversion/PrimToLinalg/IndexChecks.cpp): an scf.if carrying
// kIndexCheckAttr calls the runtime's kIndexReportFunction when one is out
// of range. The CPU code keeps the checks; the CUDA pipeline turns each into
// a call of kDeviceIndexScanFunction or kDeviceIndexCheckFunction
// (pt2c-device-index-checks), which the runtime checks after the run has
// waited for its stream.
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

} // namespace pt2c

#endif // PT2C_CONVERSION_INDEXCHECKS_H
