// RUN: %pt2c-opt %s --pt2c-bundle-kernels --split-input-file --verify-diagnostics | FileCheck %s

// Without ptxas: a bundle (model_abi.h) of the two PTX texts. Header: magic,
// count 2, reserved 0; entries {kind 1 = PTX, sm 80 ('P'), offset 0x40, size
// 0x4A} and {1, 90 ('Z'), offset 0x8A, 0x4A}; then the PTX, each ending in
// a NUL. One `bin` object replaces the two PTX objects.
// CHECK: gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_80">, bin = "PT2CKRN1\02\00\00\00\00\00\00\00\01\00\00\00P\00\00\00@\00\00\00\00\00\00\00J\00\00\00\00\00\00\00\01\00\00\00Z\00\00\00\8A\00\00\00\00\00\00\00J\00\00\00\00\00\00\00.version 8.0\0A.target sm_80{{.*}}\0A\00.version 8.0\0A.target sm_90{{.*}}\0A\00">]
// CHECK-NOT: assembly
module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = ".version 8.0\0A.target sm_80\0A.address_size 64\0A.visible .entry k() { ret; }\0A">, #gpu.object<#nvvm.target<chip = "sm_90">, assembly = ".version 8.0\0A.target sm_90\0A.address_size 64\0A.visible .entry k() { ret; }\0A">]
}

// -----

// A kernel calling a libdevice function that was not linked would fail
// only when the driver loads it: refused at compile time.
module attributes {gpu.container_module} {
  // expected-error @below {{kernels call functions that were not linked (.extern .func (.param .b32 func_retval0) __nv_expf}}
  gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = ".version 8.0\0A.target sm_80\0A.address_size 64\0A.extern .func (.param .b32 func_retval0) __nv_expf\0A">]
}
