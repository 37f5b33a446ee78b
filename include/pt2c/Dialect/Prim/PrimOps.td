//===- PrimOps.td - Ops of the prim dialect ---------------*- tablegen -*-===//
//
// The op set is closed (docs/prim-ops.md): a new op needs a reason written in
// its description, a verifier or type inference with labelled constraints,
// and round-trip and negative tests. The families live in their own files.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_PRIM_OPS
#define PT2C_PRIM_OPS

include "pt2c/Dialect/Prim/PrimBase.td"
include "pt2c/Dialect/Prim/PrimElementwiseOps.td"
include "pt2c/Dialect/Prim/PrimShapeOps.td"
include "pt2c/Dialect/Prim/PrimComputeOps.td"

#endif // PT2C_PRIM_OPS
