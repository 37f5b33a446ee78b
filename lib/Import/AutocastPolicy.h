//===- AutocastPolicy.h - What torch.autocast does to an op's inputs ------===//
//
// A traced region under torch.autocast (higher_order.wrap_with_autocast)
// holds the ops as the user wrote them, with their f32 inputs: autocast is a
// dispatch key that casts the inputs at run time, so the graph has no
// explicit casts; only the recorded result dtypes show it. The importer
// inserts those casts itself, from torch's per-op policy.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_IMPORT_AUTOCASTPOLICY_H
#define PT2C_LIB_IMPORT_AUTOCASTPOLICY_H

#include "llvm/ADT/StringRef.h"

namespace pt2c::import {

/// How autocast casts an op's floating-point tensor inputs.
enum class AutocastCast {
  none,           // runs as written (most ops; promote ops promote anyway)
  lowerPrecision, // to the region's dtype (matmul, linear, conv, ...)
  fp32,           // to float32 (losses, prod, norms of solvers, ...)
};

/// torch's CPU autocast policy (aten/src/ATen/autocast_mode.cpp,
/// TORCH_LIBRARY_IMPL(aten, AutocastCPU)) for `target`, an ATen overload
/// as in aten.call ("aten.matmul.default").
AutocastCast cpuAutocastCast(llvm::StringRef target);

} // namespace pt2c::import

#endif // PT2C_LIB_IMPORT_AUTOCASTPOLICY_H
