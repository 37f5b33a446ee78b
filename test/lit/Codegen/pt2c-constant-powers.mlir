// RUN: %pt2c-opt %s --pt2c-constant-powers | FileCheck %s

// powf with a constant exponent: x ** 3 (GPT-2's GELU) is two multiplies,
// x ** 0.5 a sqrt, x ** -1 a division; an exponent that is not a constant,
// or a constant without a special case, stays powf.
// CHECK-LABEL: func.func @powers
// CHECK-SAME: (%[[X:.+]]: f32, %[[Y:.+]]: f32)
// CHECK: %[[SQ:.+]] = arith.mulf %[[X]], %[[X]]
// CHECK: %[[CUBE:.+]] = arith.mulf %[[X]], %[[SQ]]
// CHECK: %[[ROOT:.+]] = math.sqrt %[[X]]
// CHECK: %[[INV:.+]] = arith.divf %{{.+}}, %[[X]]
// CHECK: %[[ODD:.+]] = math.powf %[[X]], %{{.+}}
// CHECK: %[[ANY:.+]] = math.powf %[[X]], %[[Y]]
// CHECK: return %[[CUBE]], %[[ROOT]], %[[INV]], %[[ODD]], %[[ANY]]
func.func @powers(%x: f32, %y: f32) -> (f32, f32, f32, f32, f32) {
  %three = arith.constant 3.0 : f32
  %half = arith.constant 0.5 : f32
  %minus_one = arith.constant -1.0 : f32
  %odd = arith.constant 1.7 : f32
  %cube = math.powf %x, %three : f32
  %root = math.powf %x, %half : f32
  %inv = math.powf %x, %minus_one : f32
  %other = math.powf %x, %odd : f32
  %any = math.powf %x, %y : f32
  return %cube, %root, %inv, %other, %any : f32, f32, f32, f32, f32
}

// bfloat16 as a GPU kernel holds it (gpt2's GELU in bfloat16): the cube
// in bfloat16 multiplies, no powf left for libdevice.
// CHECK-LABEL: func.func @bf16_cube
// CHECK-SAME: (%[[X:.+]]: bf16)
// CHECK-NOT: math.powf
// CHECK: %[[SQ:.+]] = arith.mulf %[[X]], %[[X]] : bf16
// CHECK: arith.mulf %[[X]], %[[SQ]] : bf16
func.func @bf16_cube(%x: bf16) -> bf16 {
  %three = arith.constant 3.0 : bf16
  %cube = math.powf %x, %three : bf16
  return %cube : bf16
}

// Vectors as the CPU's tiles hold them: a splat exponent.
// CHECK-LABEL: func.func @vector_square
// CHECK-SAME: (%[[X:.+]]: vector<16xf32>)
// CHECK-NOT: math.powf
// CHECK: arith.mulf %[[X]], %[[X]] : vector<16xf32>
func.func @vector_square(%x: vector<16xf32>) -> vector<16xf32> {
  %two = arith.constant dense<2.0> : vector<16xf32>
  %square = math.powf %x, %two : vector<16xf32>
  return %square : vector<16xf32>
}

// Inside a linalg body (where the GPU pipeline runs it, before each op
// becomes a kernel).
// CHECK-LABEL: func.func @in_generic
// CHECK: linalg.generic
// CHECK-NOT: math.powf
// CHECK: arith.mulf
// CHECK: linalg.yield
func.func @in_generic(%x: memref<8xbf16>, %y: memref<8xbf16>) {
  %three = arith.constant 3.0 : bf16
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%x : memref<8xbf16>) outs(%y : memref<8xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    %cube = math.powf %in, %three : bf16
    linalg.yield %cube : bf16
  }
  return
}
