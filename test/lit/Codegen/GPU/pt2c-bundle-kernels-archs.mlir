// REQUIRES: ptxas
// RUN: %pt2c-opt %s --pt2c-bundle-kernels="ptxas=%ptxas archs=sm_80,sm_90" | FileCheck %s

// One PTX, made for the lowest architecture, assembled for each of `archs`
// (PTX runs on its architecture and every later one): a cubin for sm_80
// ('P') and one for sm_90 ('Z'), kind 0, then the PTX itself, kind 1, for
// sm_80: three entries.
// CHECK: bin = "PT2CKRN1\03\00\00\00\00\00\00\00\00\00\00\00P\00\00\00{{.*}}\00\00\00\00Z\00\00\00{{.*}}\01\00\00\00P\00\00\00{{.*}}\7FELF{{.*}}\7FELF{{.*}}.target sm_80
// CHECK-NOT: .target sm_90
module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = ".version 8.0\0A.target sm_80\0A.address_size 64\0A.visible .entry k() { ret; }\0A">]
}
