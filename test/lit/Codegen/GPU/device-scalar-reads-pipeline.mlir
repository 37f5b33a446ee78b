// RUN: %pt2c-opt %s --pass-pipeline='builtin.module(pt2c-gpu-kernels)' | FileCheck %s

// nonzero of a 1-d mask, as the prim lowering and pt2c-decompose-aten
// leave it: the count is a reduction the host code needs. Through the GPU
// kernel formation the count stays a kernel's result in device memory, the
// host reads it through the runtime once the kernels before it are done,
// sizes the positions' kernel with it and stores it into the symbol's
// out-param, host memory the runtime passes (pt2c-map-to-gpu lets that
// store be; any other host access of a buffer is an error there).
// CHECK: func.func @forward(%{{.+}}: memref<16xi1> {pt2c.input = "m"}, %[[OUT:.+]]: memref<16xi64> {{.+}}, %[[SLOT:.+]]: memref<i64> {pt2c.symbol_value = "u0"})
// CHECK: gpu.launch_func
// CHECK: %[[N:.+]] = call @pt2crt_cuda_read_scalar(%{{.+}}, %c8_i64) : (i64, i64) -> i64
// CHECK: %[[SIZE:.+]] = arith.index_cast %[[N]] : i64 to index
// CHECK: gpu.launch_func
// CHECK: memref.store %[[N]], %[[SLOT]][] : memref<i64>
#id = affine_map<(d0) -> (d0)>
func.func @forward(%m: tensor<16xi1> {pt2c.input = "m"})
    -> (tensor<16xi64> {pt2c.capacity = 16 : i64, pt2c.dims = ["u0"], pt2c.output = "nonzero"},
        tensor<i64> {pt2c.symbol_value = "u0"}) {
  %c0 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<16xi64>
  %ones = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%m : tensor<16xi1>) outs(%e : tensor<16xi64>) {
  ^bb0(%in: i1, %o: i64):
    %x = arith.extui %in : i1 to i64
    linalg.yield %x : i64
  } -> tensor<16xi64>
  %e0 = tensor.empty() : tensor<i64>
  %z = linalg.fill ins(%c0 : i64) outs(%e0 : tensor<i64>) -> tensor<i64>
  %count = linalg.reduce ins(%ones : tensor<16xi64>) outs(%z : tensor<i64>) dimensions = [0]
    (%in: i64, %acc: i64) {
      %s = arith.addi %in, %acc : i64
      linalg.yield %s : i64
    }
  %n = tensor.extract %count[] : tensor<i64>
  %size = arith.index_cast %n : i64 to index
  %ep = tensor.empty(%size) : tensor<?xi64>
  %positions = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%ep : tensor<?xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i64
    linalg.yield %v : i64
  } -> tensor<?xi64>
  %zeros = linalg.fill ins(%c0 : i64) outs(%e : tensor<16xi64>) -> tensor<16xi64>
  %out = tensor.insert_slice %positions into %zeros[0] [%size] [1] : tensor<?xi64> into tensor<16xi64>
  %slot = tensor.from_elements %n : tensor<i64>
  return %out, %slot : tensor<16xi64>, tensor<i64>
}
