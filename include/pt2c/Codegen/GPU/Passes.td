//===- Passes.td - pt2c's GPU codegen passes ---------------*- tablegen -*-===//

#ifndef PT2C_CODEGEN_GPU_PASSES
#define PT2C_CODEGEN_GPU_PASSES

include "mlir/Pass/PassBase.td"

def MapToGPU : Pass<"pt2c-map-to-gpu", "mlir::func::FuncOp"> {
  let summary = "Turn every linalg op and copy on memrefs into a gpu.launch";
  let description = [{
    After bufferization, every linalg op (and `memref.copy`, as a
    `linalg.copy`) of the function becomes one `gpu.launch`: the op is
    generalized, its parallel loops are moved outermost, and the parallel
    iteration space is linearized over one-dimensional blocks of
    `block-size` threads, one thread per point, the innermost loop varying
    fastest (consecutive threads touch consecutive elements of contiguous
    operands). Reduction loops run inside the thread, in order. An op
    without parallel loops runs on one thread. A large elementwise op (no
    reduction loops, a static space of at least 2^20 points) gives each
    thread 4 points a block apart instead, all loaded before any is
    computed: one 2-byte load per thread keeps too few bytes in flight to
    fill the memory pipe.

    Constant fills are folded first (FillFolding.h): a copy out of a buffer
    that holds only a fill becomes a fill of its destination, and a fill
    right before an op that writes every element of that buffer becomes
    that op's initial value, so a reduction is one kernel, not a fill, a
    copy and the reduction.

    Row reductions get a group of threads per output point instead
    (`warp-reductions`):
    one reduction loop of at least 32 iterations, read contiguously by
    every input that uses it (the loop indexes the last, unit-stride dim),
    one output, and a body ending in one associative, commutative combiner
    of the accumulator (addf, mulf, maximumf, minimumf, maxnumf, minnumf,
    addi, muli, the min/max and bitwise integer ops) on 32- or 64-bit
    floats or integers (a count's i64 sum too). The 32 lanes stride
    through the row from the combiner's identity, the partials are combined
    with `gpu.shuffle xor` in 5 steps (a 64-bit partial as its two 32-bit
    halves: NVVM's shuffle moves 32 bits), and lane 0 combines the
    result into the output. Long rows (static, at least 1024 with at most
    8192 rows or a dynamic count of them, or at least 8192) get the whole
    block instead: the warps' results meet in shared memory (a workgroup
    attribution), and after a `gpu.barrier` warp 0 combines them. Softmax's and the norms' row sums, maxima and
    means read coalesced that way; a matmul's reduction (one operand read
    across rows) keeps a thread per output.

    Before that, runs of consecutive ops over the same rows (`row-groups`,
    RowGroup.h) become one kernel: at least two generics, at least one a
    row reduction over its last loop, the others elementwise, all with the
    same static rows and row length (their loop nests may split the rows
    differently), nothing between them but allocations, views and pure
    ops. A layer norm (residual add, mean, variance, normalization), an
    RMS norm or a softmax is then one launch: a block per row (enough
    threads per row for about 2^18 in all) or, with 8192 rows or more, a
    warp per row; the members run one after the other for the row, every
    thread taking the same columns in each, and each reduction's result is
    stored by every thread of the row, so each later read of memory the
    group wrote is a thread reading its own write. Any other access to such
    memory (another row's result, a transposed read) keeps the ops apart.
    What stays on the host is descriptor arithmetic (reshapes, views,
    allocations, deallocations).

    An op that keeps a thread per output point and has reduction loops (a
    direct depthwise convolution or pooling window) also does the
    elementwise op right after it (`point-epilogues`, PointEpilogue.h)
    when that op reads its result only at the point the thread computed
    (at one permutation of its loops; no other view of the buffer) and
    writes nothing the reduction reads: the thread runs the op's body on
    the result in registers, loading the op's other operands at that
    point, and stores the result itself only if something else reads it.
    mobilenet_v3_large in bfloat16: each depthwise convolution and its
    bias, activation and rounding were two launches and a float32 round
    trip through memory.

    ```mlir
    linalg.generic {iterator_types = ["parallel", "parallel"]} ins(%a : memref<4x256xf32>) ...
    // =>
    gpu.launch blocks(...) in (%gx = 4, ...) threads(...) in (%bx = 256, ...) {
      // i = id / 256, j = id % 256, guarded by id < 1024; the body at (i, j)
    }
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect", "::mlir::linalg::LinalgDialect",
                           "::mlir::affine::AffineDialect"];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block">,
    Option<"warpReductions", "warp-reductions", "bool", /*default=*/"true",
           "A warp (or, for long rows, a block) per output point for row "
           "reductions">,
    Option<"rowGroups", "row-groups", "bool", /*default=*/"true",
           "With warp-reductions: consecutive ops over the same rows, at least "
           "one a row reduction (a norm, a softmax), as one kernel of a warp or "
           "block per row (RowGroup.h)">,
    Option<"pointEpilogues", "point-epilogues", "bool", /*default=*/"true",
           "A reduction with a thread per output point also does the "
           "elementwise op after it that reads its result at that point "
           "(PointEpilogue.h)">,
  ];
}

def ScatterAtomics : Pass<"pt2c-scatter-atomics", "mlir::func::FuncOp"> {
  let summary = "Scatters as a thread per update combining it atomically";
  let description = [{
    pt2c-lower-prim-to-linalg lowers prim.scatter (scatter, scatter_add,
    scatter_reduce, index_put, index_add, index_copy, put, ...) to one
    generic over the result that folds, at each position, every update of
    its row that could land there (include/pt2c/Conversion/ScatterMarker.h):
    a thread per position and O(size(dim) x updates) per row. A kv-cache
    write of one token into 2048 positions of 6144 rows is 12.6M steps that
    way for 6144 updates. On bufferized functions, right before
    pt2c-map-to-gpu, this pass replaces each marked generic by a
    `gpu.launch` with a thread per update (every loop but the result's
    scattered one, linearized as pt2c-map-to-gpu does). The thread runs the
    generic's body without the accumulator: the body's compare of the
    update's target with the result position becomes "the target is inside
    the dim" (the other guards of the body stay), and when that holds the
    update goes to its position:
    - add, max and min of f32/f64/i32/i64 results: `memref.atomic_rmw`
      (addf, addi, maximumf, minimumf, maxs, mins, maxu, minu; NaN wins the
      float max/min as in the generic; f16/bf16 scatters already
      accumulate in f32). The order of additions varies from run to run,
      as in torch's CUDA scatter_add.
    - an update that replaces the element (scatter, index_put,
      index_copy): a plain store; of several updates of one position any
      may land last, as torch's CUDA kernels document.
    - anything else (mul, other widths, a body fusion changed): the
      generic stays and pt2c-map-to-gpu runs it as before.
    The starting copy of the operand stays its own kernel before the
    launch, on the same stream. Before pt2c-map-to-gpu because there a
    fill right before the generic would fold into it (the kernel would
    start from the constant instead of the copy the atomics add to) and
    the elementwise op after it could become its point epilogue, run
    before the other threads' updates land. An index outside the dim
    writes nothing; the compare that finds it carries the site of the
    indices' run-time check, which pt2c-fold-index-checks then does there
    instead of the runtime's scan of the indices.

    ```mlir
    linalg.generic {pt2c.scatter_dim = 0 : i64, iterator_types = [parallel, parallel, reduction]}
        ins(%idx, %upd : memref<2x3xi64>, memref<2x3xf32>) outs(%acc : memref<5x3xf32>)
        { select(index_cast(i) == linalg.index 0, addf(acc, u), acc) }
    // =>
    gpu.launch blocks(%b, ...) in (%gx = 1, ...) threads(%t, ...) in (%bx = 256, ...) {
      // u1 = id % 3, j = id / 3 (id < 6), t = index_cast idx[j, u1]
      scf.if t < 5 { memref.atomic_rmw addf %upd[j, u1], %acc[t, u1] }
    }
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
                           "::mlir::affine::AffineDialect"];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block">,
  ];
}

def GemmToLibrary : Pass<"pt2c-gemm-to-library", "mlir::ModuleOp"> {
  let summary = "Hand matmul-shaped linalg ops on memrefs to the runtime's cuBLASLt call";
  let description = [{
    A `linalg.generic` on memrefs that computes C += A·B (a body of
    `out + a * b`, with `arith.extf` on f16/bf16 inputs; exactly one
    reduction loop; every other loop indexes C and at most two of them
    besides the matrices' rows and columns, which the runtime repeats the
    matmul over) is preceded by a call of
    the runtime's `pt2crt_cuda_gemm` with the operands' addresses, sizes and
    strides. The generic itself moves into an `scf.if` taken when the call
    returns 0: the runtime declines when cuBLASLt cannot be opened or when
    an operand's layout is not one cuBLASLt expresses (neither dimension
    contiguous), and then the generic runs as a kernel like every other op
    (pt2c-map-to-gpu). Element types: f32 x f32 -> f32, f16 x f16 -> f32,
    bf16 x bf16 -> f32 (f16/bf16 accumulate in f32, as the CPU does).
    The op after the matmul is offered as the call's epilogue: the bias
    (and a ReLU) in place, or for 16-bit operands the rounding of the
    float32 result to their type (and the bias), D, which the call writes
    itself; when the op after that maps D through the tanh form of GELU
    (GPT-2's), the call writes the GELU's output instead
    (lib/Codegen/GPU/GeluEpilogue.h). Epilogue ops stay behind the
    answer that the call did not do them.

    ```mlir
    linalg.generic {..., iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
    // =>
    %done = func.call @pt2crt_cuda_gemm(%type, %m, %n, %k, %pa, ...) : (...) -> i32
    %declined = arith.cmpi eq, %done, %c0_i32 : i32
    scf.if %declined { linalg.generic ... }
    ```
  }];
  let options = [
    Option<"allowTF32", "allow-tf32", "bool", /*default=*/"false",
           "let float32 products run on TF32 tensor cores (pt2c --allow-tf32)">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect", "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect"];
}

def ConvolutionEpilogue : Pass<"pt2c-convolution-epilogue", "mlir::ModuleOp"> {
  let summary = "Offer the bias, residual and ReLU after a cuDNN convolution to its call";
  let description = [{
    After bufferization, a `pt2crt_cuda_conv` call (pt2c-convolution-to-library)
    whose result y is read only by the next op with memory effects after
    its fallback, an elementwise `linalg.generic` computing
    `out = act(y + bias[channel] (+ z))` (the adds in any order, `extf` and
    `truncf` between the convolution's type and f32 allowed, act a
    `maximumf` with 0 or nothing), is given the bias, z and out addresses
    and the flags PT2CRT_CONV_BIAS, _RESIDUAL, _RELU
    (runtime/include/pt2c/library_calls.h): the runtime may then write out
    itself with cuDNN's fused convolution (cudnnConvolutionBiasActivationForward,
    float32 sums rounded once) and answer PT2CRT_CONV_DONE_WITH_EPILOGUE. The
    generic moves behind an `scf.if` taken on any other answer, so a
    declined or plain convolution still gets its epilogue.

    out, z and the view of y the generic reads must be contiguous row-major
    buffers of one shape, read and written at the same points, so that out
    and z share y's strides; the bias must be read at y's output channel
    (found from the strides of y's view and the call's own strides) and hold
    the f channels contiguously. out must be a fresh allocation no one
    touches before the generic (it is written earlier, at the call), y must
    have no reader besides the generic.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect", "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect"];
}

def DeviceScalarReads : Pass<"pt2c-device-scalar-reads", "mlir::ModuleOp"> {
  let summary = "Read the scalars the host code needs from device memory through the runtime";
  let description = [{
    A data-dependent size (nonzero's row count, masked_select's length,
    unique's number of values) is a 0-d tensor a kernel computes, and the
    host code needs it as a value: it sizes the allocations after it and is
    the `pt2c.symbol_value` result the runtime reports. In CUDA code that
    tensor is in device memory, which pt2c-map-to-gpu refuses to let the
    host read. So each `tensor.extract` of the host code (a function's own
    block, not a linalg body) of a tensor the host does not hold itself
    becomes `pt2crt_cuda_read_scalar(address, bytes)`: the element's device
    address (the view's offset and the position times the strides, in
    bytes) and its size, both i64, answering its bits zero-extended to an
    i64, which a truncation and bitcast turn back into the element. The
    runtime copies the element to pinned host memory on the run's stream
    and waits for it, so the work before it has finished; such a run cannot
    be captured into a CUDA graph (runtime/src/CudaScalarReads.h). Extracts
    of `tensor.from_elements` and constants stay: the host holds them.
    Unused extracts are erased. Runs on tensors, after canonicalization has
    removed the index checks' unused extracts, so the call's buffer is
    resolved by bufferization like a library call's.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect",
                           "::mlir::func::FuncDialect", "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def DeviceIndexChecks : Pass<"pt2c-device-index-checks", "mlir::ModuleOp"> {
  let summary = "Turn the run-time index checks into checks the CUDA runtime reads";
  let description = [{
    pt2c-lower-prim-to-linalg checks gathered and scattered indices at run
    time: a reduction to their smallest and largest value, then an scf.if
    (`pt2c.index_check`) calling the runtime's report
    (include/pt2c/Conversion/IndexChecks.h). In CUDA code the reduction is a
    kernel whose results stay in device memory, where the host cannot read
    them without waiting. So where the runtime's scan kernel can read the
    indices (i32 or i64, up to 4 dims) the check and its reduction become
    one call `pt2crt_cuda_index_scan(address, bytes, n0..n3, s0..s3, size,
    site)`: the indices' device address, element bytes, sizes and strides
    (missing leading dims of size 1), the dim's size and the address of the
    site's name, all i64; the reduction and its fills, unused then, go with
    canonicalization, so a check costs one launch. Other checks become
    `pt2crt_cuda_index_range(lowest, highest, size, site)` with the device
    addresses of the reduction's two 0-d results. Either way the runtime
    queues one kernel on the run's stream (a node of a captured graph) that
    stores the smallest and largest index into pinned host memory of the
    execution context, and compares them once the run has waited
    (runtime/src/CudaIndexChecks.h); the gathers meanwhile read clamped
    indices, as on the CPU. Runs on tensors, first in the CUDA pipeline, so
    the call's buffers are resolved by bufferization like a library call's.
    Once the kernels are formed, pt2c-fold-index-checks replaces each scan
    whose gathers all became kernels by checks in those kernels.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect",
                           "::mlir::func::FuncDialect", "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect", "::mlir::LLVM::LLVMDialect"];
}

def FoldIndexChecks : Pass<"pt2c-fold-index-checks", "mlir::ModuleOp"> {
  let summary = "Check gathered indices inside the kernels that read them";
  let description = [{
    After pt2c-map-to-gpu. pt2c-device-index-checks left each run-time
    index check of i32/i64 indices as a call of the runtime's scan
    (`pt2crt_cuda_index_scan`: one more kernel over the indices), and the
    gathers' clamps (the `arith.cmpi ult` of an index against its dim's
    size) carry the check's site (`pt2c.index_site`), as do the scatter
    kernels' compares of each update's index (pt2c-scatter-atomics: the
    scan of an index_add's indices broadcast to its 65536 x 32 updates
    took 10.9 ms of gnn_scatter's 11.0 on an H200, one block of the
    runtime's). Where every clamp of
    a site sits inside a `gpu.launch` of the scan's function, the scan is
    not needed: before each such launch the host asks the runtime for a
    slot (`%slot = pt2crt_cuda_index_slot(size, site)`: the device address
    of a pinned pair it has zeroed), and the kernel, where its clamp finds
    an index outside, stores the index and a 1 there. The runtime compares
    the slot once the run has waited, like the scan's range
    (runtime/src/CudaIndexChecks.h). A clamp only computed for some of the
    indices (a consumer reading part of a gather) checks those it reads,
    which are the ones that could read outside. Checks whose clamps are
    gone, or also outside kernels, keep their scan. The site marks are
    removed from every compare.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect", "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect", "::mlir::LLVM::LLVMDialect"];
}

def ConvolutionToLibrary : Pass<"pt2c-convolution-to-library", "mlir::ModuleOp"> {
  let summary = "Hand 2-d convolutions on tensors to the runtime's cuDNN call";
  let description = [{
    PrimToLinalg writes a 2-d convolution as its windows copied out (an
    im2col `linalg.generic` reading `input[n, g*C + c, y*sh + i*dh, x*sw +
    j*dw]` into `[N, G, C, KH, KW, OH, OW]`) and a batched matmul of the
    weights `[G, F/G, C*KH*KW]` with them into a zero-filled `[N, G, F/G,
    OH*OW]`, the input often behind a zero `tensor.pad`. On tensors, before
    any fusion, this pass finds that chain (float32) and calls the
    runtime's `pt2crt_cuda_conv` in its place with the input (the pad
    looked through when it is symmetric: cuDNN pads itself), the weights
    and a fresh result buffer, their sizes and strides and the geometry.
    The chain stays behind an `scf.if` taken when the call returns 0 (no
    cuDNN, or a layout it cannot take), writing into the same buffer.

    ```mlir
    %w = linalg.generic {...im2col...} ins(%padded) ...
    %r = linalg.generic {...matmul...} ins(%weights, %windows) outs(%zeros)
    // =>
    %x = bufferization.to_buffer %input read_only
    %y = memref.alloc() : memref<2x1x16x1024xf32>
    %done = func.call @pt2crt_cuda_conv(%c0_i64, %x_address, ...) : (...) -> i32
    scf.if %declined { <the chain>; bufferization.materialize_in_destination %r in writable %y }
    %r2 = bufferization.to_tensor %y restrict writable
    ```
  }];
  let options = [
    Option<"allowTF32", "allow-tf32", "bool", /*default=*/"false",
           "let float32 convolutions run on TF32 tensor cores (pt2c --allow-tf32)">,
  ];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect",
                           "::mlir::func::FuncDialect", "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
                           "::mlir::tensor::TensorDialect"];
}

def AttentionToKernel : Pass<"pt2c-attention-to-kernel", "mlir::ModuleOp"> {
  let summary = "Replace decomposed scaled_dot_product_attention by one flash-attention kernel";
  let description = [{
    Finds, on tensors and before any fusion, the chain that
    scaled_dot_product_attention decomposes into: a batched matmul q·kᵀ
    into zeros, a multiply by a splat scale, masks (`select(keep, s, -inf)`
    or `s + bias`), softmax along the last dim (a max reduce broadcast back,
    subtract, exp, a sum reduce broadcast back, divide) and a batched
    matmul with v into zeros; float32 result, static L, S, E, Ev with E and
    Ev at most 128 (256 with `tensor-cores` when q, k and v are all float16
    or all bfloat16: the tensor-core kernel's limit). The second matmul's result is replaced by a fresh
    buffer that one flash-attention kernel (FlashAttention.h) fills: query
    tiles and key/value tiles in shared memory, an online softmax per query
    row, the scores never written to memory. q, k, v and the masks are read
    through transposes, broadcasts and widenings (f16/bf16 to f32) by an
    affine map each, so those copies disappear with the chain. Until
    buffers are placed, a call of a bodiless `pt2c_flash_attention_N`
    carrying a `pt2c.flash_attention` dictionary (sizes, scale, maps)
    stands for the kernel; pt2c-emit-flash-attention emits it.

    ```mlir
    %s = linalg.generic {...q·kᵀ...}   %p = <softmax of %s * 0.25>
    %o = linalg.generic {...p·v...}
    // =>
    %q = bufferization.to_buffer %query read_only   (k, v likewise)
    %out = memref.alloc() : memref<2x4x16x16xf32>
    call @pt2c_flash_attention_0(%q, %k, %v, %out) {pt2c.flash_attention = {...}}
    %o = bufferization.to_tensor %out restrict writable
    ```
  }];
  let options = [
    Option<"tensorCores", "tensor-cores", "bool", /*default=*/"false",
           "accept the head dims (up to 256) of pt2c-emit-flash-attention's tensor-core "
           "kernel; give both passes the same setting">,
  ];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect",
                           "::mlir::func::FuncDialect", "::mlir::memref::MemRefDialect",
                           "::mlir::tensor::TensorDialect"];
}

def EmitFlashAttention : Pass<"pt2c-emit-flash-attention", "mlir::ModuleOp"> {
  let summary = "Replace flash-attention calls on buffers by the kernel";
  let description = [{
    Each call carrying a `pt2c.flash_attention` dictionary (made by
    pt2c-attention-to-kernel) becomes one `gpu.launch` that keeps per query
    row a running maximum, sum and output (online softmax). float32: blocks
    of 4 warps take 16 query rows of one batch point and stage keys and
    values through shared memory 32 at a time, on CUDA cores. With
    `tensor-cores` (every target sm_80 or later), float16/bfloat16 query,
    key and value: blocks of 4 warps take 64 rows, stage 64 keys at a time
    (32 for head dims over 128, up to 256), and both products are `nvvm.mma.sync` m16n8k16 with float32
    accumulators. Runs after buffer deallocation (which refuses the
    kernels' barriers), before pt2c-map-to-gpu. The bodiless functions
    called are erased.
  }];
  let options = [
    Option<"tensorCores", "tensor-cores", "bool", /*default=*/"false",
           "16-bit attention on tensor cores (mma.sync: every target sm_80 or later)">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
                           "::mlir::memref::MemRefDialect", "::mlir::affine::AffineDialect",
                           "::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect",
                           "::mlir::vector::VectorDialect"];
}

def ConcatenationsToGenerics : Pass<"pt2c-concatenations-to-generics", "mlir::func::FuncOp"> {
  let summary = "A concatenation (insert_slices into an empty tensor) becomes one fusable generic";
  let description = [{
    The prim -> linalg lowering writes a concatenation as `tensor.insert_slice`
    ops, one per piece, into a `tensor.empty`. Nothing fuses through them: on
    the GPU each piece's producer is a kernel of its own and the inserts are
    copies. A llama layer's rotary embedding (`cat((-x2, x1)) * sin + x * cos`
    for q and k) was 10 kernels.

    Here a chain of 2 to 4 inserts that exactly tiles a static destination
    along one dim `d` (each piece full along the other dims, unit strides)
    becomes one all-parallel `linalg.generic`: piece `k`, at offset `o_k`
    with size `n_k` along `d`, is read at `(d - o_k) mod n_k`, always in
    bounds, and the body selects by `linalg.index d` the piece whose range
    holds the point. Producers and consumers then fuse with it like with any
    elementwise op. Each point reads every piece once (a 2-piece
    concatenation reads twice what the copies read, through the cache), so
    longer chains are left alone.

    ```mlir
    %e = tensor.empty() : tensor<4x64xf32>
    %0 = tensor.insert_slice %a into %e[0, 0] [4, 32] [1, 1] : tensor<4x32xf32> into tensor<4x64xf32>
    %1 = tensor.insert_slice %b into %0[0, 32] [4, 32] [1, 1] : tensor<4x32xf32> into tensor<4x64xf32>
    // =>
    %1 = linalg.generic {indexing_maps = [(i, j) -> (i, j mod 32), (i, j) -> (i, (j - 32) mod 32),
                                          (i, j) -> (i, j)], ...} ins(%a, %b) outs(%e) {
      %j = linalg.index 1 : index
      %second = arith.cmpi uge, %j, %c32 : index
      %v = arith.select %second, %in_b, %in_a : f32
      linalg.yield %v : f32
    }
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::arith::ArithDialect"];
}

def SlicesBeforeTransposes : Pass<"pt2c-slices-before-transposes", "mlir::func::FuncOp"> {
  let summary = "A slice of a transpose becomes a transpose of a slice of its input";
  let description = [{
    A transposed value read whole by an elementwise op and in slices by
    others (llama's q and k: `q * cos` reads the transpose, rotate_half its
    two halves) cannot be fused away: a slice is a view, so the transpose is
    materialized by a kernel of its own for the slices to read. Slicing the
    input instead (result dim `i` is input dim `perm[i]`, so the input's
    slice takes dim `i`'s offset, size and stride along `perm[i]`) leaves a
    transpose of the slice, which fuses into its reader like any other;
    once nothing else reads the whole transpose it is gone. A transpose is
    data movement, so the slice's transpose reads no more than the slice.

    ```mlir
    %t = linalg.transpose ins(%x : tensor<8x128x8x64xbf16>) outs(%e : tensor<8x8x128x64xbf16>)
           permutation = [0, 2, 1, 3]
    %s = tensor.extract_slice %t[0, 0, 0, 32] [8, 8, 128, 32] [1, 1, 1, 1]
    // =>
    %xs = tensor.extract_slice %x[0, 0, 0, 32] [8, 128, 8, 32] [1, 1, 1, 1]
    %s = linalg.transpose ins(%xs) outs(%e2 : tensor<8x8x128x32xbf16>) permutation = [0, 2, 1, 3]
    ```

    Rank-reducing slices are left alone.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"];
}

def HostShapeBuffers : Pass<"pt2c-host-shape-buffers", "mlir::func::FuncOp"> {
  let summary = "Keep shape buffers that only the host reads on the host stack";
  let description = [{
    A dynamic `tensor.reshape` reads its shape from a buffer the host fills
    with `memref.store`. Allocated with `memref.alloc`, that buffer would be
    device memory while a CUDA run is current; as a `memref.alloca` it is
    host stack. Runs after bufferization, before deallocations are placed.

    ```mlir
    %s = memref.alloc() : memref<2xindex>
    memref.store %n, %s[%c0] : memref<2xindex>
    %v = memref.reshape %x(%s) : (memref<?xf32>, memref<2xindex>) -> memref<?x1xf32>
    // => %s = memref.alloca() : memref<2xindex>
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def MergeGPUModules : Pass<"pt2c-merge-gpu-modules", "mlir::ModuleOp"> {
  let summary = "Move every outlined kernel into one gpu.module";
  let description = [{
    gpu-kernel-outlining gives each kernel its own gpu.module, so each
    would be compiled, assembled by ptxas and loaded by the driver on its
    own. One module per model makes that once per architecture.
  }];
}

def BundleKernels : Pass<"pt2c-bundle-kernels", "mlir::ModuleOp"> {
  let summary = "Replace each gpu.binary's PTX objects by one pt2c kernel bundle";
  let description = [{
    Expects every `gpu.binary` to hold PTX (`format = isa`) objects, one per
    NVVM target. Assembles each PTX into a cubin with `ptxas` when `ptxas`
    names one, and replaces the objects by a single `bin` object holding a
    kernel bundle (runtime/include/pt2c/model_abi.h): the cubins and the
    PTX, from which the runtime picks the form that suits the device.
    With `archs`, each PTX is also assembled for those architectures (PTX
    runs on its own architecture and every later one), so one PTX made for
    the lowest architecture serves them all.
    The host code then loads it with `mgpuModuleLoad(bundle, size)`.
  }];
  let options = [
    Option<"ptxas", "ptxas", "std::string", /*default=*/"\"\"",
           "Path of ptxas; empty: PTX only (the driver compiles it at load)">,
    ListOption<"archs", "archs", "std::string",
               "With ptxas: also assemble each PTX object for these architectures "
               "(each at or after the object's own, which must not be an `a` target); "
               "the ptxas runs go in parallel">,
  ];
}

#endif // PT2C_CODEGEN_GPU_PASSES
