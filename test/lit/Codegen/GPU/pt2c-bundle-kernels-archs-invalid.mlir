// RUN: %pt2c-opt %s --split-input-file --verify-diagnostics --pt2c-bundle-kernels="ptxas=/nonexistent/ptxas archs=sm_90,sm_100"

// PTX runs on its architecture and later ones only: sm_100 PTX cannot be
// assembled for sm_90 (refused before ptxas would be run).
module attributes {gpu.container_module} {
  // expected-error @below {{PTX for sm_100 cannot be assembled for sm_90}}
  gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_100">, assembly = ".version 8.0\0A.target sm_100\0A.address_size 64\0A.visible .entry k() { ret; }\0A">]
}

// -----

// Nor the PTX of an architecture-specific target (sm_90a) for any other
// one, sm_90 included.
module attributes {gpu.container_module} {
  // expected-error @below {{PTX for sm_90a cannot be assembled for sm_90}}
  gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0\0A.target sm_90a\0A.address_size 64\0A.visible .entry k() { ret; }\0A">]
}
