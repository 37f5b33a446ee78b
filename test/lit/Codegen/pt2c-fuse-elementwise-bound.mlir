// RUN: %python %inputs/elementwise_chain.py 4 10 | %pt2c-opt --pt2c-fuse-elementwise | FileCheck %s --check-prefix=SHORT
// RUN: %python %inputs/elementwise_chain.py 8 100 | %pt2c-opt --pt2c-fuse-elementwise | FileCheck %s --check-prefix=LONG

// A chain of elementwise generics fuses into one loop while the fused body
// stays within 256 ops: 4 links of 10 adds become one generic; 8 links of
// 100 adds become 4 generics of 2 links each (200 ops; a third link would
// make 300). Without the bound, fusing a chain of N ops copies N^2 ops and
// hands LLVM one loop body of N ops (bench/compile_time_chain.py: 2,000
// GELUs took 90 s to compile).
// SHORT-COUNT-1: linalg.generic
// SHORT-NOT: linalg.generic
// LONG-COUNT-4: linalg.generic
// LONG-NOT: linalg.generic
