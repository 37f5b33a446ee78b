// RUN: %pt2c-opt %s --pt2c-device-scalar-reads | FileCheck %s

// nonzero's count as pt2c-lower-prim-to-linalg leaves it: a reduction into
// a 0-d tensor (device memory in CUDA code) the host code extracts, to
// size the result and return it as the symbol's value. The extract becomes
// the runtime's read of the count's device address (its view's offset in
// bytes added), 8 bytes, answering an i64.
// CHECK-LABEL: func.func @count
// CHECK: %[[R:.+]] = linalg.reduce
// CHECK: %[[BUF:.+]] = bufferization.to_buffer %[[R]] read_only : tensor<i64> to memref<i64, strided<[], offset: ?>>
// CHECK: %{{.+}}, %[[OFFSET:.+]] = memref.extract_strided_metadata %[[BUF]]
// CHECK: %[[ALIGNED:.+]] = memref.extract_aligned_pointer_as_index %[[BUF]]
// CHECK: %[[BYTES:.+]] = arith.muli %[[OFFSET]], %c8
// CHECK: %[[FIRST:.+]] = arith.addi %[[ALIGNED]], %[[BYTES]]
// CHECK: %[[ADDRESS:.+]] = arith.index_cast %[[FIRST]] : index to i64
// CHECK: %[[N:.+]] = call @pt2crt_cuda_read_scalar(%[[ADDRESS]], %c8_i64) : (i64, i64) -> i64
// CHECK-NOT: tensor.extract
// CHECK: %[[SIZE:.+]] = arith.index_cast %[[N]] : i64 to index
// CHECK: tensor.empty(%[[SIZE]]) : tensor<?xi64>
// CHECK: tensor.from_elements %[[N]] : tensor<i64>
func.func @count(%mask: tensor<16xi64>) -> (tensor<?xi64>, tensor<i64>) {
  %c0 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<i64>
  %z = linalg.fill ins(%c0 : i64) outs(%e : tensor<i64>) -> tensor<i64>
  %r = linalg.reduce ins(%mask : tensor<16xi64>) outs(%z : tensor<i64>) dimensions = [0]
    (%in: i64, %acc: i64) {
      %s = arith.addi %in, %acc : i64
      linalg.yield %s : i64
    }
  %n = tensor.extract %r[] : tensor<i64>
  %size = arith.index_cast %n : i64 to index
  %out = tensor.empty(%size) : tensor<?xi64>
  %ret = tensor.from_elements %n : tensor<i64>
  return %out, %ret : tensor<?xi64>, tensor<i64>
}

// An element at a position of a 2-d f16 tensor: its address adds the
// position times the strides in bytes; the read's low 16 bits are the
// element's. Extracts in a linalg body (a kernel's load) and extracts of
// a tensor the host holds (from_elements) stay; an unused one goes.
// CHECK-LABEL: func.func @element
// CHECK: %[[BUF:.+]] = bufferization.to_buffer %arg0 read_only
// CHECK: %{{.+}}, %{{.+}}, %{{.+}}:2, %[[STRIDES:.+]]:2 = memref.extract_strided_metadata %[[BUF]]
// CHECK-DAG: %[[S0:.+]] = arith.index_cast %[[STRIDES]]#0 : index to i64
// CHECK-DAG: %[[S1:.+]] = arith.index_cast %[[STRIDES]]#1 : index to i64
// CHECK: %[[I:.+]] = arith.index_cast %arg1 : index to i64
// CHECK: %[[O0:.+]] = arith.muli %[[I]], %[[S0]] : i64
// CHECK: %[[B0:.+]] = arith.muli %[[O0]], %c2_i64 : i64
// CHECK: %[[A0:.+]] = arith.addi %{{.+}}, %[[B0]] : i64
// CHECK: %[[J:.+]] = arith.index_cast %c3 : index to i64
// CHECK: %[[O1:.+]] = arith.muli %[[J]], %[[S1]] : i64
// CHECK: %[[B1:.+]] = arith.muli %[[O1]], %c2_i64 : i64
// CHECK: %[[A1:.+]] = arith.addi %[[A0]], %[[B1]] : i64
// CHECK: %[[BITS:.+]] = call @pt2crt_cuda_read_scalar(%[[A1]], %c2_i64)
// CHECK: %[[LOW:.+]] = arith.trunci %[[BITS]] : i64 to i16
// CHECK: %[[VALUE:.+]] = arith.bitcast %[[LOW]] : i16 to f16
// CHECK: linalg.generic
// CHECK: tensor.extract %arg0[%{{.+}}, %{{.+}}] : tensor<4x8xf16>
// CHECK: tensor.extract %{{.+}}[%c0] : tensor<2xf16>
// CHECK-NOT: call @pt2crt_cuda_read_scalar
// CHECK: return %[[VALUE]]
// CHECK: func.func private @pt2crt_cuda_read_scalar(i64, i64) -> i64
func.func @element(%t: tensor<4x8xf16>, %i: index, %j: tensor<2xindex>) -> (f16, tensor<2xf16>, f16) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = tensor.extract %t[%i, %c3] : tensor<4x8xf16>
  %unused = tensor.extract %t[%c0, %c0] : tensor<4x8xf16>
  %e = tensor.empty() : tensor<2xf16>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%j : tensor<2xindex>) outs(%e : tensor<2xf16>) {
  ^bb0(%k: index, %o: f16):
    %x = tensor.extract %t[%k, %k] : tensor<4x8xf16>
    linalg.yield %x : f16
  } -> tensor<2xf16>
  %h = tensor.from_elements %v, %v : tensor<2xf16>
  %w = tensor.extract %h[%c0] : tensor<2xf16>
  return %v, %g, %w : f16, tensor<2xf16>, f16
}
