// The verifier's constraints (ATenOps.td, C1-C3), built through the generic form.
// RUN: %pt2c-opt %s -split-input-file -verify-diagnostics

func.func @call_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{C1: 1 operand names but 2 operand segments}}
  "aten.call"(%x) <{target = "aten.relu.default", operand_names = ["self"], operand_segments = array<i32: -1, -1>, args = {}}> : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @call_c2(%x: tensor<2xf32>) {
  // expected-error @+1 {{C2: operand segments cover 2 operands but the op has 1}}
  "aten.call"(%x) <{target = "aten.cat.default", operand_names = ["tensors"], operand_segments = array<i32: 2>, args = {}}> : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @call_c2_negative(%x: tensor<2xf32>) {
  // expected-error @+1 {{C2: operand segment -2 is negative}}
  "aten.call"(%x) <{target = "aten.cat.default", operand_names = ["tensors"], operand_segments = array<i32: -2>, args = {}}> : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @call_c3(%x: tensor<2xf32>) {
  // expected-error @+1 {{C3: target must not be empty}}
  aten.call ""(self: %x) : (tensor<2xf32>) -> ()
  return
}
