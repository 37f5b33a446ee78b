//===- Passes.td - pt2c's codegen passes -------------------*- tablegen -*-===//

#ifndef PT2C_CODEGEN_PASSES
#define PT2C_CODEGEN_PASSES

include "mlir/Pass/PassBase.td"

def FuseElementwise : Pass<"pt2c-fuse-elementwise", "mlir::ModuleOp"> {
  let summary = "Fuse elementwise linalg chains, without undoing the im2col form";
  let description = [{
    linalg's elementwise fusion and reshape propagation (as
    `linalg-fuse-elementwise-ops`), with one policy change: nothing is fused
    into or reshaped through a linalg op with reduction loops unless the
    fused producer is a plain elementwise/broadcast op. Upstream's policy
    pushes the window copy of an im2col convolution back into the
    contraction and expands its flat output positions into (oh, ow): the
    result is a direct convolution whose innermost loop is as short as OW.

    ```mlir
    %a = linalg.generic {all parallel} ins(%x) ...      // exp
    %b = linalg.generic {all parallel} ins(%a, %y) ...  // add
    // => one linalg.generic computing exp and add
    ```

    A producer that computes something is not fused into a linalg op
    with reduction loops that reads it broadcast (its map omits one of the
    consumer's parallel loops, as a matmul's A omits the columns): each
    output would recompute it (a GPU thread per output; on the CPU the
    register tile's loop), and the contraction would no longer be the
    plain multiply-add that pt2c-tile-contractions register-tiles and
    pt2c-gemm-to-library hands to cuBLASLt (llama's rotary embedding fused
    into q·kᵀ left that contraction in scalar loops: 0.5 ms per layer on
    two cores of the build machine). Producers that only move data (a
    transpose) still fuse: they change the contraction's maps, not its
    body. `broadcast-into-contractions=true` fuses them anyway.

    With `generalize-reductions` (the GPU pipeline), `linalg.reduce` ops are
    first written as `linalg.generic`, which elementwise fusion can fuse
    into: a layer norm's squares are then summed as they are computed, in
    the reduction's kernel, instead of written out by one kernel and read
    back by the next.

    With `generalize-transposes` (the GPU pipeline), `linalg.transpose` ops
    are written as `linalg.generic` first, so the data-moving fusion above
    applies to them: a linear layer's weight transpose becomes the
    matmul's indexing map (cuBLASLt reads the weight transposed) instead of
    a copy of the weight made on every run.

    With `recompute-cheap-producers` (the GPU pipeline), a producer with
    several users is fused into each that can take it when recomputing it
    is cheap and reads no more memory than reading its result would: an
    elementwise op of a few adds, multiplies, compares, selects and casts
    whose full-size inputs are no wider than its result (a widening cast,
    x - mean). With it, a producer that reads a row statistic kept as
    [rows, 1] (a size-1 dim read at index 0) also counts as a broadcast and
    fuses into reductions. A 16-bit layer norm then reads its bfloat16
    input in each of its three kernels instead of writing and re-reading a
    float32 copy and a float32 centred copy (five kernels).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect",
                           "::mlir::affine::AffineDialect"];
  let options = [
    Option<"broadcastIntoContractions", "broadcast-into-contractions", "bool",
           /*default=*/"false",
           "Fuse computing producers into contractions that read them broadcast too "
           "(they then recompute them for every output)">,
    Option<"generalizeReductions", "generalize-reductions", "bool",
           /*default=*/"false",
           "Write linalg.reduce as linalg.generic first, so producers fuse into it">,
    Option<"generalizeTransposes", "generalize-transposes", "bool", /*default=*/"false",
           "Write linalg.transpose ops as generics before fusing, so they fuse into "
           "their consumers' indexing maps (the GPU pipeline)">,
    Option<"recomputeCheapProducers", "recompute-cheap-producers", "bool", /*default=*/"false",
           "Fuse a cheap elementwise producer with several users into each of them when it "
           "reads no more memory than its result (the GPU pipeline)">
  ];
}

def FuseRows : Pass<"pt2c-fuse-rows", "mlir::func::FuncOp"> {
  let summary = "Compute a layer norm's or a softmax's rows in one chunked loop";
  let description = [{
    A row group is a linalg op on static tensors (the root) and the
    reductions, elementwise ops and fills it reads, directly or through
    each other, that nothing outside the group uses, with at least one
    reduction among them: a layer norm (mean, centred values, their
    squares, variance, output), a softmax, an RMS norm. The root is tiled
    into an `scf.forall` of chunks of rows and the group's ops are computed
    inside each chunk, on its rows only. The chunks: the outermost parallel
    loop with 2 or more iterations that is not the innermost, in at most
    `max-chunks` chunks that divide it exactly (197 rows: chunks of 1), and
    the next such loop too when that gives fewer than half of them (a
    softmax over 12 heads); exact chunks keep every buffer of a chunk
    static, so pt2c-chunk-buffers-on-stack can put it on the stack. An op
    the chunk would need whole (a reduction along the chunked loop) stays
    outside; when nothing fuses, the root is left to pt2c-parallelize.
    Roots with fewer than `min-work` iteration points stay as they are.

    Without it each op was its own parallel loop over the whole tensor,
    reading what the previous one wrote: a layer norm five loops. First,
    a `tensor.reshape` that only inserts size-1 dims (a row statistic kept
    as [rows, 1]) and that a generic reads at 0 along them is folded into
    the generic's indexing map, so the group is not cut at it.

    ```mlir
    %sum = linalg.reduce ins(%x : tensor<64x768xf32>) ... dimensions = [1]
    %y = linalg.generic ins(%x, %sum) ...           // x - mean, ...
    // =>
    %y = scf.forall (%i) = (0) to (64) step (4) shared_outs(%o = %init) {
      %s = linalg.reduce ins(slice of %x : tensor<4x768xf32>) ...
      %t = linalg.generic ins(slice of %x, %s) ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
                           "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect"];
  let options = [
    Option<"minWork", "min-work", "int64_t", /*default=*/"32768",
           "Iteration points of a root below which its group stays as it is">,
    Option<"maxChunks", "max-chunks", "int64_t", /*default=*/"64",
           "The most chunks a group is cut into">,
  ];
}

def FuseAttention : Pass<"pt2c-fuse-attention", "mlir::func::FuncOp"> {
  let summary = "Compute attention's two batched matmuls and its softmax in one chunked loop";
  let description = [{
    Attention written out is q·kᵀ, a scale and mask, a softmax and p·v:
    after elementwise fusion about six parallel loops per layer, each
    writing or reading the [heads, L, S] scores whole (bert-base: 786 KB
    per layer at batch 1, sequence 128), which then stream through memory
    three times. This pass computes it as one `scf.forall` over chunks of
    (batch, head, rows): each chunk computes its rows' scores, their
    softmax and their product with v, and the scores never leave the
    chunk (a few KB on its stack, pt2c-chunk-buffers-on-stack).

    The root is a row-major f32 contraction of two activations (a batch
    loop that lhs, rhs and output all read: lib/Codegen/CPU/Contraction.h)
    whose lhs is computed, through row ops that nothing else reads, from
    another such contraction, with a row reduction among them: p·v after
    softmax(q·kᵀ). The group (lib/Codegen/CPU/RowGroups.h) is the row ops
    (the softmax's reductions and elementwise ops, the scale, the mask, q's
    transpose, the fills), q·kᵀ, and the fill starting the root's
    accumulator. The chunks: the batch loops, outermost first, in exact
    divisors until there are half of `max-chunks`, then the rows in whole
    register tiles (8 rows for 512-bit vectors, 6 for 256) so that
    pt2c-tile-contractions tiles both contractions in the chunk fully (the
    rows past the last whole chunk, vit_b_16's 197 = 6 x 32 + 5, are split
    off and chunked along the batch loops only). An op a chunk would need
    more of than its share (kᵀ and v, read whole by every chunk of rows of
    a head) stays outside, computed once. Roots with fewer than `min-work`
    iteration points stay as they are.

    ```mlir
    %s = linalg.generic (q·kᵀ) ...            // [1, 12, 128, 128]
    %p = ... softmax of %s ...
    %o = linalg.generic (p·v) ins(%p, %v) ...  // [1, 12, 128, 64]
    // =>
    %o = scf.forall (%h, %r) = (0, 0) to (12, 128) step (1, 16) ... {
      %s = linalg.generic (q·kᵀ) ... -> tensor<1x1x16x128xf32>
      ... softmax of %s ...
      %o = linalg.generic (p·v) ... -> tensor<1x1x16x64xf32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
                           "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect"];
  let options = [
    Option<"minWork", "min-work", "int64_t", /*default=*/"32768",
           "Iteration points of a root below which its attention stays as it is">,
    Option<"maxChunks", "max-chunks", "int64_t", /*default=*/"64",
           "The chunk count the batch loops and rows are cut towards">,
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"256",
           "Vector width the register tiles are made for (256: AVX2, 512: AVX-512)">,
  ];
}

def ChunkBuffersOnStack : Pass<"pt2c-chunk-buffers-on-stack", "mlir::ModuleOp"> {
  let summary = "Buffers of one chunk of a parallel loop on the stack";
  let description = [{
    Each static, identity-layout `memref.alloc` of at most `max-bytes`
    inside an iteration of an `scf.parallel` (not inside a loop nested in
    it that is parallel itself) becomes a `memref.alloca` at the top of the
    iteration's body. Runs after bufferization and before the deallocation
    pipeline (which then adds nothing for them); pt2c-thread-buffers then
    moves them out of the loop after the OpenMP lowering.

    A row group's chunk (pt2c-fuse-rows) keeps its intermediates in
    buffers of its own; from the heap, every chunk allocated and freed them
    through the run's scratch cache, whose mutex 16 threads queue on.

    Larger ones (a convolution chunk's windows, pt2c-chunk-convolutions)
    get a slot in one i8 buffer allocated before the loop (constant
    bounds, a slot per iteration; at most `max-slot-bytes` in all), seen
    through `memref.view` at the slots' bytes times the team member that
    runs the iteration (`pt2crt_team_member()`, declared in the module):
    one allocation per loop, no two members sharing memory, and each
    member's chunks reusing the slot its cache holds. The runtime shares
    iterations out statically, so a member that runs any is below the
    iteration count.

    ```mlir
    scf.parallel (%i) = ... {
      ...
      %b = memref.alloc() : memref<4x768xf32>
    }
    // =>
    scf.parallel (%i) = ... {
      %b = memref.alloca() : memref<4x768xf32>
      ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
                           "::mlir::memref::MemRefDialect"];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t", /*default=*/"32768",
           "The largest buffer moved to the stack">,
    Option<"maxSlotBytes", "max-slot-bytes", "int64_t", /*default=*/"268435456",
           "The largest buffer of slots made for the larger ones">,
  ];
}

def VectorizeCopies : Pass<"pt2c-vectorize-copies", "mlir::func::FuncOp"> {
  let summary = "Copies on buffers whose rows are contiguous, copied a row at a time as vectors";
  let description = [{
    A linalg op on buffers that only copies (`linalg.copy`, or a generic
    whose body yields its input) becomes loops over every dim but the last,
    each iteration one `vector.load` and one `vector.store` of a whole row
    (pieces of 64 elements where the row is longer), when
    - the output is indexed by the identity and the input's last index is
      the last loop plus terms of the other loops (a row of the input,
      shifted: a convolution's window copy reads `x[c, oh + kh, ow + kw]`),
    - the last dim is static and both buffers have a unit last stride.

    With `vector-bits=512`, a transposing copy of 32-bit elements (a
    `linalg.transpose`: the input's rows run along another loop than the
    output's) is copied in 16 x 16 blocks instead: 16 input rows loaded, the
    block transposed in registers (`vector.transpose`, lowered here to
    AVX-512 shuffles), 16 output rows stored; blocks at the edges, and
    transposes narrower than 16 (at least 4 either way: a convolution's
    channels-last transpose chunked 4 channels wide), have the remaining
    static sizes.

    Why: convert-linalg-to-loops leaves a scalar loop that LLVM vectorizes
    8 wide with a scalar remainder, behind a run-time overlap check: a row
    of 28 floats (resnet50's 28x28 window copies) took three 8-wide copies
    and four scalar ones, 12% of that convolution's time on one core. A
    `vector<28xf32>` load lowers to 16-, 8- and 4-wide pieces, no remainder
    and no check (the copy's operands are distinct buffers, as linalg
    assumes of any op on buffers). A transpose's loop became gathers or
    scalar stores, about 1 ns an element (7% of resnet50's 3x3 14x14
    layer, whose input and output are transposed to and from channels-last).

    ```mlir
    linalg.generic {indexing_maps = [affine_map<(c, kh, kw, h, w) -> (c, h + kh, w + kw)>,
                                     affine_map<(c, kh, kw, h, w) -> (c, kh, kw, h, w)>], ...}
        ins(%x : memref<128x6x30xf32>) outs(%win : memref<128x3x3x4x28xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
    }
    // =>
    scf.for %c ... scf.for %kh ... scf.for %kw ... scf.for %h ... {
      %row = vector.load %x[%c, %h + %kh, %kw] : memref<128x6x30xf32>, vector<28xf32>
      vector.store %row, %win[%c, %kh, %kw, %h, %c0] : memref<128x3x3x4x28xf32>, vector<28xf32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
                           "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
                           "::mlir::ub::UBDialect"];
  let options = [
    Option<"maxVectorElements", "max-vector-elements", "int64_t", /*default=*/"64",
           "The longest piece of a row one vector.load copies">,
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"256",
           "The target's vector width: 512 also copies transposes in 16 x 16 blocks">,
  ];
}

def OutlineParallelLoops : Pass<"pt2c-outline-parallel-loops", "mlir::ModuleOp"> {
  let summary = "Each outermost parallel loop of a function in a private function of its own";
  let description = [{
    Where a function holds two or more outermost `scf.parallel` loops, each
    moves into a new private function (`<function>_parallel_<i>`, its
    arguments the values the loop uses from outside) called in its place.
    Constants the loop uses are cloned into it, not passed: as arguments
    they hid loop bounds, splat vectors and GELU's `pow(x, 3.0)` exponent
    from what follows (pt2c-approximate-math turns a constant exponent into
    multiplies; with the exponent an argument, gpt2_tiny spent 35% of its
    time in libm's powf and ran at half its speed).

    Why: convert-scf-to-openmp makes each loop an `omp.parallel` region,
    and the translation to LLVM IR outlines every region with LLVM's
    CodeExtractor, which builds an analysis of the *whole* enclosing
    function for each region it extracts. With every loop of a model in
    one `forward`, that is regions x function size: a 32-layer llama-style
    graph (2036 nodes, about 500 parallel loops) took 229 s to compile on
    2 cores, 7.2 s a layer against 2.3 s at 4 layers, and `perf` put the
    CodeExtractor's analysis and alloca search at the top. In functions of
    their own each extraction sees one loop. The calls cost a few
    nanoseconds against loops of microseconds, and LLVM may inline them
    back after the translation.

    Where a function holds more than `sequential-above` outermost
    `scf.for` loops (its own, outside any parallel one), each of those
    moves out too (`<function>_loop_<i>`), marked `noinline` (LLVM would
    inline a function called once straight back). LLVM's register
    allocation is superlinear in a function's size: a chain of 8,000 GELU
    nodes (about 250 sequential loops in one `forward`) took 12.7x the
    1,000-node chain's time to compile, `perf` putting
    SlotIndexes::renumberIndexes and the live-interval maps at the top. A
    model with fewer loops keeps its code as it was.

    ```mlir
    func.func @forward(%a: memref<64xf32>, %b: memref<64xf32>) {
      scf.parallel (%i) = ... { ... %a ... }
      scf.parallel (%j) = ... { ... %b ... }
    }
    // =>
    func.func private @forward_parallel_0(%a: memref<64xf32>) { scf.parallel ... }
    func.func private @forward_parallel_1(%b: memref<64xf32>) { scf.parallel ... }
    func.func @forward(%a: memref<64xf32>, %b: memref<64xf32>) {
      call @forward_parallel_0(%a) : (memref<64xf32>) -> ()
      call @forward_parallel_1(%b) : (memref<64xf32>) -> ()
    }
    ```
  }];
  let options = [
    Option<"sequentialAbove", "sequential-above", "int64_t", /*default=*/"64",
           "A function with more outermost scf.for loops than this has each of them "
           "moved into a private noinline function too (0: never)">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect", "::mlir::scf::SCFDialect"];
}

def MergeIdenticalFunctions : Pass<"pt2c-merge-identical-functions", "mlir::ModuleOp"> {
  let summary = "Private functions, and GPU kernels, with the same body become one";
  let description = [{
    Private functions (with bodies) whose types, argument and result
    attributes, other attributes and bodies are equal, op for op
    (locations aside), are merged: every call to one of them calls the
    first in module order, and the others are erased. Public functions are
    entry points and stay. The kernels of each `gpu.module` are merged the
    same way (only this module's `gpu.launch_func` ops name them), within
    their gpu.module.

    Why: a deep model repeats its layers, and pt2c-outline-parallel-loops
    moves each layer's loops into functions of their own, whose bodies are
    the same from layer to layer (the weights and activations they read
    are their arguments). A 32-layer llama-style graph has 1,406
    functions in its AVX2 form after the outlining, 1,348 of them copies
    of another; unmerged, the rest of
    the lowering and LLVM's optimisation and code generation worked on
    every copy, and the compile took 55-64 s on 2 cores, about 2.5 s a
    layer. On the GPU, bert-base's 201 kernels are 17 different ones: 12
    layers of the same fallback and elementwise kernels; unmerged, LLVM's
    PTX generation and ptxas took 6 s of its 12 s compile.

    ```mlir
    func.func private @forward_loop_0(%a: memref<64xf32>) { ... }
    func.func private @forward_loop_1(%a: memref<64xf32>) { ... same ... }
    func.func @forward(%x: memref<64xf32>, %y: memref<64xf32>) {
      call @forward_loop_0(%x) : (memref<64xf32>) -> ()
      call @forward_loop_1(%y) : (memref<64xf32>) -> ()
    }
    // =>
    func.func private @forward_loop_0(%a: memref<64xf32>) { ... }
    func.func @forward(%x: memref<64xf32>, %y: memref<64xf32>) {
      call @forward_loop_0(%x) : (memref<64xf32>) -> ()
      call @forward_loop_0(%y) : (memref<64xf32>) -> ()
    }
    ```
  }];
  let statistics = [
    Statistic<"numMerged", "merged", "Private functions and kernels merged into an identical one">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect", "::mlir::gpu::GPUDialect"];
}

def ThreadBuffers : Pass<"pt2c-thread-buffers", "mlir::func::FuncOp"> {
  let summary = "Static stack buffers of a parallel loop's body made once per thread";
  let description = [{
    Moves each `memref.alloca` without operands at the top of an
    `omp.loop_nest` body (pt2c-chunk-buffers-on-stack put them there) to
    the start of the enclosing `omp.parallel` region: each thread of the
    team makes them once and reuses them for every chunk it runs, which is
    safe because a chunk never reads what an earlier one left in them. In
    the loop body, each chunk would grow the stack by their size.

    ```mlir
    omp.parallel { omp.wsloop { omp.loop_nest (%i) ... {
      %b = memref.alloca() : memref<4x768xf32>
      ...
    } } }
    // =>
    omp.parallel {
      %b = memref.alloca() : memref<4x768xf32>
      omp.wsloop { omp.loop_nest (%i) ... { ... } }
    }
    ```
  }];
}

def ParallelizeLoops : Pass<"pt2c-parallelize", "mlir::ModuleOp"> {
  let summary = "Split large linalg ops into scf.forall chunks for the thread pool";
  let description = [{
    Tiles each linalg op on tensors whose iteration space holds at least
    `min-work` points along one parallel loop into an `scf.forall` of
    chunks (at most `max-chunks`). The loop chosen is the outermost parallel
    loop with a static extent of at least 2 that is not the innermost loop
    (which LLVM vectorizes); the innermost only when it is the only choice.
    When that loop gives fewer than half of `max-chunks` chunks (vit_b_16's
    q, k and v split off in 3, its heads transposed in 12), the next such
    loop is cut too (a 2-d forall).
    After bufferization the forall becomes scf.parallel, then an OpenMP
    region whose `__kmpc_*` calls the pt2c runtime implements on the
    model's own thread pool (runtime/src/OpenMPShim.c): no libomp.

    A row-major contraction (lib/Codegen/CPU/Contraction.h) is cut in whole
    register tiles. Where both its rows and a packed weight's panels (its
    columns; pt2c-pack-weight-panels) have 2 or more, the cut is the one
    that reads the least among those into half of `max-chunks` to
    `max-chunks` chunks (equal ones unless a cut with a smaller last chunk
    reads less than 4/5 of that): each chunk reads its rows of lhs and its
    columns of rhs down all of K, so a cut reads K x chunks x (rows +
    columns of a chunk) (vit_b_16's 3072 -> 768 projections: 36 chunks of
    64 rows x 64 columns instead of 72 of 64 x 32; profiled matmul time on
    the 16-core Xeon: bert-base -17%, vit_b_16 -7%). Among equal cuts, a
    chunk count that 16 threads (and 2, 4, 8) share evenly wins unless it
    reads more than a tenth more (those 36 chunks became 32 of 48 x 96,
    which read as much: 36 take three rounds on 16 threads, 32 two). Otherwise (a
    convolution: resnet50's were 6% slower cut that way) it is cut along the
    loop with the most tiles, and along a second one when that gives fewer
    than half of `max-chunks`.
    A loop that is cut is first split where its last whole tile ends (the
    rest is another op, chunked on its own), so every chunk is static.

    A contraction's chunks also do what would otherwise be a parallel loop
    of its own before and after it (lib/Codegen/CPU/ChunkFusion.h): what
    starts its accumulator (its zero fill, or the bias that
    pt2c-add-into-accumulator broadcast into it: each chunk computes its
    slice in place) and, with `fuse-epilogues`, the elementwise op that is
    the only reader of its result (a batch norm's scale and shift with its
    ReLU, a residual add, a linear layer's GELU), computed on the chunk's
    tile while it is in cache; the product then lives in the chunk, never
    written out whole. A consumer that reads the result through reshapes
    (a convolution's positions [OH * OW] as [OH, OW]; a packed linear
    layer's panels collapsed into its columns, then given a batch dim) is
    rewritten to iterate over the result's own shape first; what it reads
    besides (the batch norm's per-channel vectors) moves above the loop.
    On the 16-core Xeon this took resnet50 from 17.9 to 16.4 ms and
    mobilenet_v3_large from 4.9 to 4.0 (bench/README.md).

    ```mlir
    %r = linalg.generic ... outs(%init : tensor<64x1024xf32>)
    // =>
    %r = scf.forall (%i) in (64) shared_outs(%o = %init) { ... linalg.generic on a 1x1024 slice ... }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
                           "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect"];
  let options = [
    Option<"minWork", "min-work", "int64_t", /*default=*/"32768",
           "Iteration points below which an op stays on one thread">,
    Option<"maxChunks", "max-chunks", "int64_t", /*default=*/"64",
           "The most chunks one op is split into">,
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"256",
           "Vector register width of the CPU (256: AVX2, 512: AVX-512): contractions are cut in whole register tiles of it">,
    Option<"fuseEpilogues", "fuse-epilogues", "bool", /*default=*/"true",
           "Compute a contraction's elementwise consumer in its chunks">,
  ];
}

def DistinctResults : Pass<"pt2c-distinct-results", "mlir::func::FuncOp"> {
  let summary = "Give every returned tensor a buffer of its own";
  let description = [{
    The runtime hands `forward` one output buffer per result
    (buffer-results-to-out-params). A result that is another result (CSE
    merged two equal outputs, e.g. `embedding(i, w)` and
    `embedding(i, w, padding_idx=0)`), a function argument or a constant has
    no allocation of its own to write there, and MLIR's out-params pass
    crashes on the duplicate. Each such result becomes a `linalg.copy` into
    a fresh `tensor.empty`; results computed by an op are left alone.

    ```mlir
    return %r, %r : tensor<4xf32>, tensor<4xf32>
    // =>
    %e = tensor.empty() : tensor<4xf32>
    %c = linalg.copy ins(%r : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    return %r, %c : tensor<4xf32>, tensor<4xf32>
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"];
}

def PackWeightPanels : Pass<"pt2c-pack-weight-panels", "mlir::func::FuncOp"> {
  let summary = "Store a matmul weight as the column panels the CPU register tiles read";
  let description = [{
    A CPU register tile (pt2c-tile-contractions) reads a `panel`-column
    strip of its rhs [K, N] down all K rows. Row-major, consecutive rows of
    that strip are N floats apart: at N = 768 or 3072 the strip's lines fall
    into a handful of cache sets, so it never stays in L1/L2 and every row
    tile streams it again from memory (measured on a Xeon with 2 MB of L2:
    bert-base ran at a quarter of the speed of the same code on a CPU whose
    L3 hides it). Packed, each strip is one contiguous run of K x `panel`
    floats that a tile walks front to back.

    So for each weight argument (`pt2c.weight`) of static type [K, N],
    f32, with at least 2 whole panels, whose every use is the rhs of a
    row-major contraction (lib/Codegen/CPU/Contraction.h) reading it as (k,
    n): the argument becomes [N / panel, K, panel] and records
    `pt2c.weight_panel = panel`, which the packager applies to the weight's
    view (after any `pt2c.weight_permutation`); each contraction gets a
    loop over panels: its output is viewed as [.., N / panel, panel]
    (tensor.expand_shape; collapsed back after), its rhs read as (panel, k,
    column).

    A weight of more dims read only as the matrix of its last dim against
    all the others (collapse_shapes: a convolution filter stored as [C, KH,
    KW, F], pt2c-convolutions-along-filters) is packed as that matrix,
    [F / panel, C * KH * KW, panel], if F is whole panels.

    Columns past the last whole panel (gpt2's tied LM head: 50257 = 1570 x
    32 + 17; unpacked, each of its tiles strided 201 KB a row and it ran at
    half the packed projections' speed) become a weight argument of their
    own, [K, N % panel] row-major, appended after the last weight with the
    same `pt2c.weight` (and permutation); the two arguments record the
    columns they store as `pt2c.weight_columns = [first, end]`. Each
    contraction is then split in two along its output columns (an
    extract_slice of the output, the contraction, an insert_slice back,
    the second slice taken from the first's result so bufferization keeps
    both in the output's buffer): the whole panels packed, the tail read
    from its argument.

    The layout is decided here, at compile time, and applied once:
    when the library is built (embedded weights) or the model is created
    (`--weights external`). CPU-only builds run it (the blob's layout is
    shared by every target of a library).

    ```mlir
    %r = linalg.generic {(m, k, n): out[m, n] += a[m, k] * w[k, n]}
        ins(%a, %w : tensor<128x64xf32>, tensor<64x32xf32>) outs(%c : tensor<128x32xf32>)
    // =>  %w : tensor<2x64x16xf32> {pt2c.weight_panel = 16}
    %c3 = tensor.expand_shape %c [[0], [1, 2]] : tensor<128x2x16xf32>
    %r3 = linalg.generic {(m, k, p, n): out[m, p, n] += a[m, k] * w[p, k, n]}
        ins(%a, %w : tensor<128x64xf32>, tensor<2x64x16xf32>) outs(%c3 : tensor<128x2x16xf32>)
    %r = tensor.collapse_shape %r3 [[0], [1, 2]] : tensor<128x32xf32>
    ```
  }];
  let options = [
    Option<"panel", "panel", "int64_t", /*default=*/"16",
           "Columns of one panel: the register tile's width">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"];
}

def ConvolutionsAlongFilters
    : Pass<"pt2c-convolutions-along-filters", "mlir::func::FuncOp"> {
  let summary = "Vectorize a CPU convolution over few output positions along its filters";
  let description = [{
    PrimToLinalg's convolution is `out[n, g, f, p] += w[g, f, r] *
    windows[n, g, r, p]`: a CPU register tile (pt2c-tile-contractions)
    vectorizes it along the output positions p. Where a layer has few
    positions that wastes most of a tile: resnet50's 7x7 layers have 49,
    i.e. a 32-column tile, a 16-column one and a 1-column scalar tail,
    whose eight FMAs per k step compute 1 column instead of 16 (on one core
    of the build machine the tail took 16% of the 3x3 512-filter layer's
    time for 2% of its work, and the layer ran at 0.72 of oneDNN's).

    For each such groups-1 convolution whose filter is a weight argument
    [F, C, KH, KW], f32, with F a multiple of `panel`, and whose register
    tiles of `vector-bits` waste at least a tenth less along the filters
    (costed as tile rows x column vectors, a partial vector as a whole one,
    a last tile under half the rows as half a tile), the contraction
    becomes `out_t[n, g, p, f] += windows_t[n, g, p, r] * w_t[r, f]`: the
    windows copied position by position, so a tile's rows each stream
    their K values front to back: the window copy rebuilt to write [N, G,
    OH, OW, KH, KW, C] from a channels-last copy of its input (a
    linalg.transpose, left unfused on the CPU), so each (kh, kw) copies C
    contiguous values as vectors (written [.., C, KH, KW], kw's 3 values
    were the innermost run, a scalar loop that took a tenth of the 3x3
    256-filter layer at 14x14); a 1x1 convolution's input transposed. The
    filter is read transposed to match, as [KH * KW * C, F] (or [C, F]):
    pt2c-permute-weights then stores it as [KH, KW, C, F] and
    pt2c-pack-weight-panels packs it in panels, as a linear layer's
    weight. The result is transposed back to [N, G, F, P] by an
    elementwise generic that pt2c-fuse-elementwise fuses with what reads it
    (a batch norm, the activation). It runs before the weights are laid
    out, in CPU-only builds. It needs the tiles to waste a twentieth less
    along the filters where the window copy is rebuilt anyway (the 3x3
    256-filter layer at 14x14, costed 6% less: 1.95 -> 1.46 ms on one Zen 5
    core), a tenth less where a 1x1 convolution's input must be transposed
    (at 14x14 the 1x1 1024 -> 256 layer ran 10-15% slower along its
    filters).

    ```mlir
    %r = linalg.generic {(n, g, f, r, p): out[n, g, f, p] += w[g, f, r] * x[n, g, r, p]}
    // =>
    %wt = linalg.transpose ins(%w4 : tensor<512x512x3x3xf32>) permutation = [2, 3, 1, 0]
    %wk = tensor.collapse_shape %wt [[0, 1, 2], [3]] : tensor<4608x512xf32>
    %xc = linalg.transpose ins(%x : tensor<1x512x9x9xf32>) permutation = [0, 2, 3, 1]
    %xt = linalg.generic {(n, g, y, x, i, j, c): windows position by position} -> [1, 1, 49, 4608]
    %t = linalg.generic {(n, g, p, r, f): out[n, g, p, f] += xt[n, g, p, r] * wk[r, f]}
    %r = linalg.generic {(n, g, f, p): out[n, g, f, p] = t[n, g, p, f]}
    ```
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Register width of the widest CPU form (the tiles the cost is counted in)">,
    Option<"panel", "panel", "int64_t", /*default=*/"32",
           "Columns of a packed weight panel: F must be a multiple of it">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"];
}

def ChunkConvolutions : Pass<"pt2c-chunk-convolutions", "mlir::func::FuncOp"> {
  let summary = "Cut a convolution into chunks of whole output rows, each copying its own windows";
  let description = [{
    A convolution is lowered as a window copy (im2col, [.., C*KH*KW, OH*OW])
    and a row-major contraction reading it as its rhs. Copied whole, the
    windows go to memory and come back, and each k step of a register tile
    loads a row OH*OW*4 bytes after the last (12.5 KB at 56x56): on one core
    of the GPU machine's Xeon the 3x3 56x56 layer's matmul ran at 68-100
    GFLOP/s reading them so, 141-146 with a packed rhs.

    So a contraction whose rhs is a collapse_shape of [.., OH, OW] (its
    output positions as rows and columns: a window copy, or a pointwise
    convolution's input) with at least `min-rows` filters and rows of at
    least `min-row-bytes` becomes an `scf.forall` over blocks of whole
    output rows (the fewest whose positions are whole register tiles, at
    least two; else three tiles' worth) and, where that gives fewer than
    `min-chunks` chunks, blocks of filters (halved, at most 4, each block
    copying the windows again). Each chunk computes its rows' windows into
    a tensor of its own (the window copy's tile, or a copy of the input's
    rows), [.., R, rows * OW] contiguous, and multiplies it: the windows
    are written and read in L2, never in memory, and the tiles walk rows a
    few hundred bytes apart. pt2c-parallelize leaves the chunks as they
    are; pt2c-tile-contractions register-tiles the product in each.

    With `fuse-epilogues`, the elementwise op that is the only reader of
    the product (a batch norm's scale and shift and ReLU) is computed in
    the chunks too, on each chunk's tile (as pt2c-parallelize does for the
    contractions it cuts, lib/Codegen/CPU/ChunkFusion.h), unless it is the
    window copy of a convolution chunked here (a pointwise convolution
    computes its input's batch norm in its own chunks).
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"256",
           "Register width the tiles are made for (pt2c-tile-contractions)">,
    Option<"minRows", "min-rows", "int64_t", /*default=*/"16",
           "Fewer filters than this (depthwise convolutions) stay as they are">,
    Option<"minRowBytes", "min-row-bytes", "int64_t", /*default=*/"1024",
           "Output positions x 4 below which a convolution stays as it is "
           "(its window rows share pages and prefetch streams)">,
    Option<"minChunks", "min-chunks", "int64_t", /*default=*/"12",
           "Chunks below which the filters are cut in blocks too">,
    Option<"fuseEpilogues", "fuse-epilogues", "bool", /*default=*/"true",
           "Compute a convolution's elementwise consumer in its chunks">,
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect", "::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect"];
}

def PermuteWeights : Pass<"pt2c-permute-weights", "mlir::func::FuncOp"> {
  let summary = "Store a weight that is only read transposed in its transposed layout";
  let description = [{
    A linear layer reads its weight W [out, in] as Wᵀ: PrimToLinalg writes a
    `linalg.transpose` of the weight argument, which would copy every
    weight on every run. Weights are laid out once, when the library is
    built (embedded) or the model is created (`--weights external`), by
    gathering each weight's strided view of the archive row-major
    (lib/Package/WeightsLayout.h): a permuted view costs nothing more there.
    So for each weight argument (`pt2c.weight`) whose every use is a
    `linalg.transpose` with one permutation, the argument takes the
    transposed type, the transposes go, and the argument records
    `pt2c.weight_permutation` (stored dim i is the archive's dim
    permutation[i]), which the packager applies to the view.

    ```mlir
    func.func @forward(%w: tensor<16x8xf32> {pt2c.weight = "fc.weight"}, ...)
      %t = linalg.transpose ins(%w : tensor<16x8xf32>) outs(%e : tensor<8x16xf32>) permutation = [1, 0]
    // =>
    func.func @forward(%w: tensor<8x16xf32> {pt2c.weight = "fc.weight",
                                             pt2c.weight_permutation = array<i64: 1, 0>}, ...)
    ```

    With `duplicate-shared` (CPU-only libraries), a weight that is also read
    another way (a tied embedding: gathered by the embedding, transposed by
    the LM head) gets a second weight argument after the last one, the same
    archive tensor stored transposed, for its transposes: the blob holds it
    twice instead of every run copying it transposed (gpt2: 50257 x 768
    floats). The GPU fuses such transposes into its matmuls.
  }];
  let options = [
    Option<"duplicateShared", "duplicate-shared", "bool", /*default=*/"false",
           "Store a transposed copy of a weight that is also read untransposed">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def ConvolutionsChannelsLast
    : Pass<"pt2c-convolutions-channels-last", "mlir::func::FuncOp"> {
  let summary = "Run 2-d convolutions on channels-last (NHWC) activations";
  let description = [{
    torch's graph is channels-first (NCHW), and PrimToLinalg lowers each
    convolution in that layout. cuDNN's tensor-core kernels for float16 and
    bfloat16 want NHWC activations and [F, KH, KW, C] filters: given NCHW it
    converts both on every call, or falls back to slower kernels, and a 1x1
    convolution over a 7x7 map is a GEMM with 49-element rows that no
    16-byte-aligned kernel takes. This pass rewrites each eligible 2-d
    convolution chain (the windows copy, the batched matmul and the reshape
    to [N, F, OH, OW]) into its channels-last form: the input transposed to
    NHWC (and padded there), windows [N, OH, OW, G, KH, KW, C/G], the
    filter transposed to [F, KH, KW, C/G] (pt2c-permute-weights then stores
    it so), the matmul over (n, p, g, f, r), and the result transposed back
    to NCHW. Then the transposes move down through elementwise generics and
    tensor.pad, and a transpose to NHWC meeting one back cancels: between
    two convolutions, batch norm, activations and residual adds run on NHWC
    tensors, and only the graph's first input and last NCHW use pay a
    transpose. Only the transposes this pass made are moved (attention and
    other graphs keep theirs).

    Eligible: float16/bfloat16 convolutions (every float type with
    `all-types`), groups 1 with a multiple of 8 filters, or depthwise with
    a multiple of 8 channels (what cuDNN's NHWC tensor-core kernels need).
    Input channels that are not a multiple of 8 (an RGB image) are padded
    with zeros, in the input and the filter. A depthwise convolution, and
    every max/sum pooling of the function once a convolution was rewritten,
    become one generic over (n, y, x, c, i, j) reading the NHWC input in
    place: no windows copy, neighbouring threads on neighbouring channels;
    their padding (zeros, max-pool's -inf) is folded into the reads (a
    bounds check and a clamped load) instead of a padded copy.

    ```mlir
    // a 3x3 convolution's windows over a padded NCHW input
    %w = linalg.generic {(n, g, c, i, j, y, x) -> (n, g*C + c, y + i, x + j)} ins(%padded)
    // =>
    %t = linalg.transpose ins(%x) permutation = [0, 2, 3, 1]
    %w = linalg.generic {(n, y, x, g, i, j, c) -> (n, y + i, x + j, g*C + c)} ins(%padded_t)
    ```
  }];
  let options = [
    Option<"allTypes", "all-types", "bool", /*default=*/"false",
           "also float32 (and float64) convolutions">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def ConstantPowers : Pass<"pt2c-constant-powers"> {
  let summary = "powf with a constant exponent as multiplies, sqrt, rsqrt or a division";
  let description = [{
    `x ** c` for a constant c in the graph (GPT-2's GELU cubes its input)
    reaches the math dialect as `math.powf`, which the CPU lowers to a libm
    call per element (kept the whole fused GELU loop scalar: 0.51 ms per
    layer on gpt2's [128, 3072] at 16 threads, 35% of gpt2_tiny's time) and
    the GPU to libdevice's general powf (log, exp and their special cases:
    gpt2's GELU kernel in bfloat16 took 17 us where its memory traffic
    needs about 5). MLIR's algebraic simplification writes c = 2 and 3 as
    multiplies (x * x * x), 0.5 and -0.5 as sqrt and rsqrt, -1 and -2 as
    divisions, 0.75 as sqrt(x) * sqrt(sqrt(x)): the special cases ATen's
    own pow kernels take for a scalar exponent. Any other exponent, or one
    that is not a constant, stays powf. Both pipelines run it, on any op.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::vector::VectorDialect"];
}

def ApproximateMath : Pass<"pt2c-approximate-math", "mlir::ModuleOp"> {
  let summary = "erf, tanh and exp as arithmetic, so the loops around them vectorize";
  let description = [{
    The CPU pipeline lowers math ops without an LLVM intrinsic to libm
    calls: `erff` for GELU, `tanhf` for GPT-2's GELU, `expf` for softmax
    and sigmoid, one scalar call per element, and a loop with a call in it
    is not vectorized. (exp's approximation clamps its argument to [-87.8,
    88.8]: exp(-inf) is ~6e-39, not 0; exp(+inf) ~3.6e38, not inf.) MLIR's
    polynomial approximations (float32; Math/Transforms/Approximation)
    write them as arithmetic instead, which LLVM vectorizes with the rest
    of the loop (constant powers go first: pt2c-constant-powers). Runs
    after float16/bfloat16 math was extended to float32.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::vector::VectorDialect"];
}

def ExpandArith : Pass<"pt2c-expand-arith", "mlir::ModuleOp"> {
  let summary = "Expand the arith ops LLVM has no instruction for, keeping max and min";
  let description = [{
    MLIR's `arith-expand` with the bfloat16 patterns, less its expansion of
    `maximumf`, `minimumf`, `maxnumf` and `minnumf` into compares and
    selects: LLVM's loop vectorizer recognizes a reduction through
    `llvm.maximum` (what the arith-to-LLVM conversion makes of
    `arith.maximumf`) but not through the select chain with its NaN
    checks, so every softmax's row maximum stayed a scalar loop (a third of
    the samples of llama's fused attention on the build machine). Integer
    ceiling and floor divisions, bfloat16 extensions and truncations (as
    integer ops: x86-64-v3 has no instruction for them, and LLVM would call
    compiler-rt helpers that no model links) and scaling casts are expanded
    as `arith-expand{include-bf16}` does.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::vector::VectorDialect"];
}

def TileContractions : Pass<"pt2c-tile-contractions", "mlir::ModuleOp"> {
  let summary = "Register-tile and vectorize row-major f32 matmul/convolution contractions";
  let description = [{
    Takes each linalg.generic that accumulates `lhs * rhs` into an output
    whose contiguous column loop n is innermost (PrimToLinalg's matmul and
    im2col convolution form, lib/Codegen/CPU/Contraction.h) and, on tensors:
    tiles it into register tiles (6x16 for AVX2, 8x32 for AVX-512,
    `vector-bits`; batch loops 1, k 1; loops ordered
    batch, columns, rows, k), peels the row and column loops so the main
    loops see only full static tiles (static columns are split first into
    whole tiles, one part of one vector where that many are left, and a
    tail narrower than a vector, each tiled on its own), vectorizes every static tile into
    a `vector.contract`, and hoists each tile's accumulator out of its k
    loop as a loop-carried vector. Remainders of dynamic size (rows of a
    dynamic batch, the last chunk's columns) stay linalg ops. The pipeline
    lowers the contracts to outer products (FMAs of a broadcast lhs element
    with rhs vectors).

    A reduction longer than `k-block` is first cut into equal blocks of at
    most that many (an scf.for over blocks around the whole tiling, the
    output carried through it): a chunk's tiles walk its panels one after
    the other, each down every row tile, so the rows x K of lhs they share
    must stay in L2 between panels; at K = 3072 (vit_b_16's and
    bert-base's second MLP projections, 197 or 128 rows) it did not, and
    that projection ran at two thirds of the speed of the first (K = 768).

    ```mlir
    %r = linalg.generic {(m, k, n): out[m, n] += a[m, k] * b[k, n]}
        ins(%a, %b : tensor<12x64xf32>, tensor<64x32xf32>) outs(%c : tensor<12x32xf32>)
    // =>
    scf.for %n = 0 to 32 step 16 { scf.for %m = 0 to 12 step 6 {
      %acc = vector.transfer_read %c[%m, %n] : vector<6x16xf32>
      %s = scf.for %k = 0 to 64 iter_args(%v = %acc) -> vector<6x16xf32> {
        vector.contract (vector<6x1xf32> from %a, vector<1x16xf32> from %b, %v) }
      vector.transfer_write %s, %c[%m, %n] } }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
                           "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect", "::mlir::ub::UBDialect"];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"256",
           "Vector register width of the CPU: 256 (AVX2, 6x16 tiles) or 512 (AVX-512, 8x32 tiles)">,
    Option<"kBlock", "k-block", "int64_t", /*default=*/"768",
           "Longest reduction a register tile walks in one go; longer ones are cut into "
           "equal blocks (0: never)">,
  ];
}

def ProfilePoints : Pass<"pt2c-profile-points", "mlir::ModuleOp"> {
  let summary = "Bracket each piece of work with the runtime's profiler, named after its graph nodes";
  let description = [{
    `pt2c-run bench --profile` (and pt2c_options_set_profiling) times every
    piece of work of a run: on the CPU each loop nest, parallel loop or
    copy; on the GPU each kernel launch and library call. This pass, run on
    bufferized code (CPU: before the loops are lowered; GPU: on the host
    code once kernels are outlined), puts

    ```mlir
    %c3 = arith.constant 3 : i32
    llvm.call @pt2crt_profile_begin(%table, %c3) : (!llvm.ptr, i32) -> ()
    <the op>
    llvm.call @pt2crt_profile_end(%table, %c3) : (!llvm.ptr, i32) -> ()
    ```

    around each such op at the top of a function's body (looking into
    scf.if and other region ops that are not work themselves), and writes
    the names of all of them into one private constant
    `@pt2c_profile_points`: "kind: node, node (+n) @ file.py:line", NUL
    separated, an empty name last. The nodes are the NameLoc names found in
    the op's and its nested ops' locations (the importer names each op
    after its graph node; a fused loop keeps its producers' body ops and
    their locations), at most four listed. The hooks are declared as
    touching only memory the model cannot see (`memory_effects`
    inaccessibleMem only, no_unwind, will_return), so LLVM optimizes the
    code between them as it would without them. When profiling is off the
    runtime's hooks return at once (a thread-local load); CUDA graphs
    replay without them.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect"];
}

def AddIntoAccumulator : Pass<"pt2c-add-into-accumulator", "mlir::func::FuncOp"> {
  let summary = "Start a matmul's accumulator from the tensor added to its result";
  let description = [{
    A linear layer lowers to a contraction into a zero-filled accumulator
    and then an elementwise add of the broadcast bias; a residual adds
    another tensor after that. Each add is one more pass over the output
    (read two tensors, write one) and one more parallel loop: on bert-base
    at 16 threads the elementwise ops were 23% of the time, with 8 of each
    layer's adds right after a matmul. Accumulation is associative enough
    for a float sum (torch's addmm does the same: the bias copied into the
    output, then the product accumulated with beta = 1), so the add's other
    operand can be the accumulator's starting value instead.

    So for each f32 elementwise add (`out = a + b`, identity output, every
    loop parallel) one of whose operands is, read with an identity map, the
    only use of a row-major contraction's result (lib/Codegen/CPU/
    Contraction.h; through the collapse_shape of a packed contraction,
    pt2c-pack-weight-panels, whose init is then the matching expand_shape):
    the contraction's init becomes a new elementwise op writing the other
    operand (broadcast as the add read it), plus the old init unless that
    was a fill of +0.0; the contraction accumulates into it and replaces the
    add. Adds are taken in program order, so a residual add after a folded
    bias add folds too (init = bias + residual, which pt2c-fuse-elementwise
    fuses into one loop). The new ops carry both ops' locations, so the
    profiler names the matmul and the add.

    ```mlir
    %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<128x768xf32>)
    %m = linalg.generic {(m, k, n): out[m, n] += x[m, k] * w[k, n]} outs(%z)
    %r = linalg.generic {out[m, n] = m_[m, n] + bias[n]} ins(%m, %bias)
    // =>
    %b = linalg.generic {out[m, n] = bias[n]} ins(%bias)
    %r = linalg.generic {(m, k, n): out[m, n] += x[m, k] * w[k, n]} outs(%b)
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def ScatterLoops : Pass<"pt2c-scatter-loops", "mlir::func::FuncOp"> {
  let summary = "Scatter as a loop over the updates, O(updates)";
  let description = [{
    pt2c-lower-prim-to-linalg lowers prim.scatter (scatter, scatter_add,
    scatter_reduce, index_put, index_add, index_copy, put, ...) to one
    generic over the result that folds, at each position, every update of
    its row that could land there (include/pt2c/Conversion/ScatterMarker.h):
    O(size(dim) x updates) per row (the GPU's counterpart of this pass is
    pt2c-scatter-atomics). A kv-cache write of one token into 2048 positions of 6144
    rows is 12.6M steps that way for 6144 updates. On the CPU this pass
    rewrites each marked generic, before fusion, into loops over the
    updates' positions u that combine each update into the one position
    its index names (u with u[dim] = index), reusing the generic's body for
    the combination, so kinds, accumulator types and the guarded form of
    indices smaller than the result need nothing new. Updates are combined
    in the same order (row-major over u: the last of equal indices wins for
    assign, as torch's CPU loop). An index outside the dim writes nothing
    (the index check before the scatter fails the run). O(updates). A
    scatter along a dim other than the first, with min-work updates or
    more, runs in chunks of the indices' rows (each row's updates land in
    its own row) as an scf.forall for the thread pool; others sequentially.

    ```mlir
    %r = linalg.generic {pt2c.scatter_dim = 0 : i64, iterator_types = [parallel, parallel, reduction]}
           ins(%idx, %upd) outs(%copy) { select(index == linalg.index 0, combine(acc, u), acc) }
    // =>
    %r = scf.for %u0 ... iter_args(%a = %copy) { scf.for %u1 ... {
           %i = tensor.extract %idx[%u0, %u1]  ... %t = index_cast %i
           scf.if %t < dim size { tensor.insert combine(%a[%t, %u1], %upd[%u0, %u1]) into %a[%t, %u1] } } }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"minWork", "min-work", "int64_t", /*default=*/"32768",
           "Updates below which a scatter stays on one thread">,
    Option<"maxChunks", "max-chunks", "int64_t", /*default=*/"64",
           "The most chunks one scatter is split into">,
  ];
}

def ScanLoops : Pass<"pt2c-scan-loops", "mlir::func::FuncOp"> {
  let summary = "cumsum/cumprod as a loop along the row, O(n)";
  let description = [{
    pt2c-lower-prim-to-linalg lowers a scan (cumsum, cumprod, the running
    counts of nonzero, masked_select, unique and the radix sort, and each
    level of a long row's blocked scan) to a generic in which every output
    reduces over its row up to itself (include/pt2c/Conversion/ScanMarker.h):
    O(n^2) per row, each output a scalar reduction on the CPU. This pass
    rewrites each marked generic, before fusion, into loops over every
    position p, in order, the row's dim included, that combine the running
    value at p[dim] - 1 with the input at p (the init's identity at
    p[dim] = 0), reusing the generic's body for the combination, so sums,
    products and float32 accumulators of float16/bfloat16 need nothing
    new. The dims after the row's are innermost: LLVM vectorizes across
    them. Terms are combined left to right, as torch's CPU kernels do.
    When the scan has min-work elements or more and its first dim (not the
    row's) is static, the loops run as an scf.forall over chunks of the
    first dim, at most max-chunks of them (the runtime's thread pool).
    Measured in bench/README.md (sort_rows, cumsum_rows).

    ```mlir
    %r = linalg.generic {pt2c.scan_dim = 1 : i64, iterator_types = [parallel, parallel, reduction]}
           ins(%x) outs(%zeros) { %a + select(d2 <= d1, %x, 0) }
    // =>
    %r = scf.for %p0 ... iter_args(%a0 = %zeros) { scf.for %p1 ... {
           %prev = tensor.extract %a1[%p0, max(%p1 - 1, 0)] ...
           tensor.insert (%prev + %x[%p0, %p1]) into %a1[%p0, %p1] } }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"minWork", "min-work", "int64_t", /*default=*/"32768",
           "Elements below which a scan stays on one thread">,
    Option<"maxChunks", "max-chunks", "int64_t", /*default=*/"64",
           "The most chunks one scan is split into">,
  ];
}

def PrivateFills : Pass<"pt2c-private-fills", "mlir::func::FuncOp"> {
  let summary = "Give every user of a shared linalg.fill a fill of its own";
  let description = [{
    CSE merges equal fills: every matmul of bert-base whose output is
    128x3072 starts from the same zero-filled tensor. Bufferization then
    fills one buffer once and copies it into each matmul's output (one
    read and one write of the whole output, on one thread: 11% of
    bert-base's time on 16 cores, 16% of gpt2's). A fill of its own per
    user bufferizes in place: one write, which pt2c-parallelize splits
    into chunks like any large op. The first user keeps the original; each
    other one gets a clone placed right before it (with its own
    tensor.empty when the original fills one).

    ```mlir
    %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<128x768xf32>) -> tensor<128x768xf32>
    %a = linalg.generic ... outs(%z ...)
    %b = linalg.generic ... outs(%z ...)
    // =>
    %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<128x768xf32>) -> tensor<128x768xf32>
    %a = linalg.generic ... outs(%z ...)
    %e2 = tensor.empty() : tensor<128x768xf32>
    %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<128x768xf32>) -> tensor<128x768xf32>
    %b = linalg.generic ... outs(%z2 ...)
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"];
}

def ParallelizeBuffers : Pass<"pt2c-parallelize-buffers", "mlir::ModuleOp"> {
  let summary = "Split the large copies and loops bufferization adds into chunks for the thread pool";
  let description = [{
    pt2c-parallelize chunks linalg ops on tensors; bufferization and the
    out-parameter rewrite then add work of their own, each on one thread:
    `memref.copy` ops (a result reshaped on its way out, a tensor written
    into a slice of a larger one: gpt2's 25 MB logits copied into the
    caller's buffer took 3.6 ms on one Xeon core) and the `linalg.map` that
    fills a pad (resnet50's max-pool padding, 0.47 ms). 16 cores share more
    memory bandwidth than one uses. Runs after bufferization, on ops not
    already inside a parallel loop:
    - a copy of at least `min-work` elements with static shapes becomes an
      `scf.parallel` over chunks of its outermost dim with 2 or more
      elements (at most `max-chunks`, cut as pt2c-parallelize cuts), each
      chunk copying its subviews;
    - a linalg op on buffers of at least `min-work` iteration points is
      tiled along the loop pt2c-parallelize would choose into an
      `scf.parallel` of chunks.
    A chunk's copy, like any copy between views that are not both
    contiguous, is a `linalg.copy` whose loops LLVM vectorizes:
    `memref.copy` of strided views calls a generic element-by-element copy.
    A contiguous copy of static shape stays a `memref.copy` (a memcpy).

    ```mlir
    memref.copy %a, %b : memref<128x768xf32> to memref<128x768xf32>
    // =>
    scf.parallel (%i) = (%c0) to (%c128) step (%c2) {
      %s = memref.subview %a[%i, 0] [2, 768] [1, 1] : ...
      %t = memref.subview %b[%i, 0] [2, 768] [1, 1] : ...
      memref.copy %s, %t : ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::linalg::LinalgDialect",
                           "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
  let options = [
    Option<"minWork", "min-work", "int64_t", /*default=*/"32768",
           "Elements (iteration points) below which a copy (op) stays on one thread">,
    Option<"maxChunks", "max-chunks", "int64_t", /*default=*/"64",
           "The most chunks one copy or op is split into">,
  ];
}

def ResultsInPlace : Pass<"pt2c-results-in-place", "mlir::func::FuncOp"> {
  let summary = "Write a result reshaped on its way out straight into its out-param";
  let description = [{
    buffer-results-to-out-params writes a function result into its out-param
    in place when the result is an allocation; a result that is a reshape of
    one (gpt2's logits computed as [1024, 50257] and returned as [8, 128,
    50257]; a stem convolution's [1, 1, 64, 12544] through two reshapes as
    [1, 64, 112, 112]) is copied instead: 206 MB of traffic there, after the
    padded GEMM output was compacted into that allocation already. When an
    allocation's only way out is such a copy, after a chain of reshapes each
    used only by the next, into an out-param that nothing else touches, the
    allocation becomes that out-param seen through the inverse reshape (a
    collapse or expand of contiguous dims, or else flattened and expanded
    again), and the copy, the reshapes and the deallocation go. Runs on memrefs: in the GPU
    pipeline before pt2c-map-to-gpu, in the CPU pipeline after the
    deallocations (gpt2's 25 MB logits copy on 16 Xeon cores: 0.65 ms).

    ```mlir
    %b = memref.alloc() : memref<1024x50257xbf16>
    ... writes %b ...
    %r = memref.expand_shape %b [[0, 1], [2]] output_shape [8, 128, 50257] : ...
    memref.copy %r, %out : memref<8x128x50257xbf16> to memref<8x128x50257xbf16>
    memref.dealloc %b : memref<1024x50257xbf16>
    // =>
    %b = memref.collapse_shape %out [[0, 1], [2]] : memref<8x128x50257xbf16> into memref<1024x50257xbf16>
    ... writes %b ...
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

#endif // PT2C_CODEGEN_PASSES
