// RUN: %pt2c-opt %s --split-input-file --pt2c-lower-prim-to-linalg -verify-diagnostics

// ui8 (torch.uint8) tensors are refused by the linalg lowering, named at the
// op, rather than lowered to arith ops on ui8 (arith takes signless integers
// only). Found by pt2c-fuzz-compile (2026-11-27): the linear corpus's
// einsum-f32 with input args_0's dtype code 7 (float32) edited to 1 (uint8);
// einsum converts it to f32 (prim.convert), which was lowered to an
// arith.uitofp of ui8, and pt2c-lower-prim-to-linalg succeeded on a module
// that does not verify (`pt2c --emit linalg`: "'arith.uitofp' op operand
// #0 must be signless-fixed-width-integer-like, but got 'ui8'").

// The finding, minimized.
func.func @convert(%a: tensor<2x3x4xui8>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'prim.convert' on 'tensor<2x3x4xui8>': the linalg lowering takes no unsigned integer (torch.uint8) tensors in this version}}
  %0 = prim.convert %a : tensor<2x3x4xui8> -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// The same for every op: a comparison became an arith.cmpi of ui8.
func.func @compare(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xi1> {
  // expected-error @+1 {{'prim.compare' on 'tensor<4xui8>'}}
  %0 = prim.compare %a, %b, predicate = lt : tensor<4xui8>
  return %0 : tensor<4xi1>
}
