// RUN: %pt2c-opt %s --pt2c-expand-arith | FileCheck %s

// Maximum and minimum stay (LLVM vectorizes a reduction through
// llvm.maximum, not through the compares and selects arith-expand makes of
// them); integer ceiling/floor divisions and bfloat16 casts are expanded.
// CHECK-LABEL: func.func @expand
// CHECK-DAG: arith.maximumf %arg0, %arg1 : f32
// CHECK-DAG: arith.minimumf %arg0, %arg1 : f32
// CHECK-DAG: arith.maxnumf %arg0, %arg1 : f32
// CHECK-DAG: arith.minnumf %arg0, %arg1 : f32
// CHECK-NOT: arith.ceildivsi
// CHECK-NOT: arith.floordivsi
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
// CHECK: return
func.func @expand(%a: f32, %b: f32, %i: index, %j: index, %h: bf16)
    -> (f32, f32, f32, f32, index, index, f32, bf16) {
  %0 = arith.maximumf %a, %b : f32
  %1 = arith.minimumf %a, %b : f32
  %2 = arith.maxnumf %a, %b : f32
  %3 = arith.minnumf %a, %b : f32
  %4 = arith.ceildivsi %i, %j : index
  %5 = arith.floordivsi %i, %j : index
  %6 = arith.extf %h : bf16 to f32
  %7 = arith.truncf %a : f32 to bf16
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, index, index, f32, bf16
}
