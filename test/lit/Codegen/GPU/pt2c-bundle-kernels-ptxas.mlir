// REQUIRES: ptxas
// RUN: %pt2c-opt %s --pt2c-bundle-kernels=ptxas=%ptxas | FileCheck %s

// With ptxas: the cubin (an ELF file) for each target first, kind 0, then
// the PTX: four entries.
// CHECK: bin = "PT2CKRN1\04\00\00\00\00\00\00\00\00\00\00\00P\00\00\00{{.*}}\00\00\00\00Z\00\00\00{{.*}}\01\00\00\00P\00\00\00{{.*}}\01\00\00\00Z\00\00\00{{.*}}\7FELF{{.*}}\7FELF{{.*}}.target sm_80{{.*}}.target sm_90
module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = ".version 8.0\0A.target sm_80\0A.address_size 64\0A.visible .entry k() { ret; }\0A">, #gpu.object<#nvvm.target<chip = "sm_90">, assembly = ".version 8.0\0A.target sm_90\0A.address_size 64\0A.visible .entry k() { ret; }\0A">]
}
