// RUN: %pt2c-opt %s --pt2c-device-scalar-reads --verify-diagnostics

// A bool is one bit in the IR and a byte in memory: no data-dependent size
// is one, so the pass refuses a host read of one rather than guess.
func.func @flag(%t: tensor<4xi1>, %i: index) -> i1 {
  // expected-error @+1 {{the host reads a 'i1' from device memory}}
  %v = tensor.extract %t[%i] : tensor<4xi1>
  return %v : i1
}
