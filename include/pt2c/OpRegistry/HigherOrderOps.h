//===- HigherOrderOps.h - The higher-order ops pt2c imports ---------------===//
//
// Higher-order ops have no ATen schema; the importer inlines these (see
// lib/Import/GraphImporter.cpp for when), and `pt2c inspect` counts them as
// known.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_OPREGISTRY_HIGHERORDEROPS_H
#define PT2C_OPREGISTRY_HIGHERORDEROPS_H

#include "llvm/ADT/StringRef.h"

namespace pt2c {

/// `target` without "torch.ops." ("higher_order.wrap_with_set_grad_enabled").
inline bool isInlinedHigherOrderOp(llvm::StringRef target) {
  return target == "higher_order.wrap_with_set_grad_enabled" ||
         target == "higher_order.wrap_with_autocast";
}

} // namespace pt2c

#endif // PT2C_OPREGISTRY_HIGHERORDEROPS_H
