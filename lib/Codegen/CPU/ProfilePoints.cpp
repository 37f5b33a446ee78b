//===- ProfilePoints.cpp - The pt2c-profile-points pass -------------------===//
//
// Brackets every piece of work of a bufferized function (a loop nest, a
// parallel loop, a copy, a kernel launch, a library call) with calls of
// the runtime's profiler and names it after the graph nodes it came from
// (see Passes.td). The names come from the locations the importer gave each
// node (NameLoc of the node around its source line); fusion keeps the
// producer's body ops with their own locations, so walking the nested ops
// finds every node a fused loop computes.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"
#include "pt2c/Conversion/IndexChecks.h"
#include "pt2c/Import/NodeLocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Path.h"

namespace pt2c {

#define GEN_PASS_DEF_PROFILEPOINTS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

constexpr const char *kBegin = "pt2crt_profile_begin";
constexpr const char *kEnd = "pt2crt_profile_end";
constexpr const char *kTable = "pt2c_profile_points";
// Names beyond this many are counted, not listed: a fused layer-norm loop
// names a dozen nodes, and the profile is read by people.
constexpr size_t kMaxNodes = 4;

/// Whether `op` is a piece of work the profile times on its own; ops with
/// regions that are not (scf.if around a library call's fallback) are
/// looked into instead.
bool isWork(Operation *op) {
  // An index check's slot is handed out on the host, with no device work.
  if (auto call = dyn_cast<func::CallOp>(op))
    return call.getCallee() != kDeviceIndexSlotFunction;
  return isa<func::CallOp, linalg::LinalgOp, memref::CopyOp, gpu::LaunchFuncOp, scf::ForallOp,
             scf::ParallelOp, scf::ForOp, scf::WhileOp, omp::ParallelOp, omp::WsloopOp>(op);
}

/// What kind of work `op` is, in the words of its profile line.
std::string kindOf(Operation *op) {
  if (auto call = dyn_cast<func::CallOp>(op)) {
    StringRef callee = call.getCallee();
    if (callee == "pt2crt_cuda_gemm")
      return "cuBLASLt gemm";
    if (callee == "pt2crt_cuda_conv")
      return "cuDNN convolution";
    return ("call " + callee).str();
  }
  if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op))
    return ("kernel " + launch.getKernelName().getValue()).str();
  if (isa<memref::CopyOp, linalg::CopyOp>(op))
    return "copy";
  if (isa<linalg::FillOp>(op))
    return "fill";
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    if (linalg::isaContractionOpInterface(linalgOp) || isa<linalg::MatmulOp>(op))
      return "matmul";
    if (linalgOp.getNumReductionLoops() == 0)
      return "elementwise";
    // A reduction whose body multiplies two inputs is a contraction
    // (matmul or convolution as PrimToLinalg writes them).
    if (linalgOp.getNumDpsInputs() == 2) {
      bool multiplies = false;
      linalgOp.getBlock()->walk([&](Operation *inner) {
        multiplies |= isa<arith::MulFOp, arith::MulIOp>(inner);
      });
      if (multiplies)
        return "contraction";
    }
    return "reduction";
  }
  // A loop nest: what it computes. Register-tiled contractions are
  // vector.contracts by now (pt2c-tile-contractions); otherwise the first
  // linalg op inside says.
  std::string inner = "loop";
  op->walk([&](Operation *nested) {
    if (isa<vector::ContractionOp>(nested)) {
      inner = "matmul";
      return WalkResult::interrupt();
    }
    if (isa<linalg::LinalgOp, memref::CopyOp>(nested) && inner == "loop")
      inner = kindOf(nested);
    return WalkResult::advance();
  });
  if (isa<scf::ForallOp, scf::ParallelOp, omp::ParallelOp, omp::WsloopOp>(op))
    return "parallel " + inner;
  return inner;
}

/// "kind: node_a, node_b (+3) @ model.py:41".
std::string describe(Operation *op) {
  llvm::SetVector<StringRef> nodes;
  std::string source;
  op->walk([&](Operation *nested) { collectNodeLocation(nested->getLoc(), nodes, source); });
  std::string where = formatNodeLocation(nodes, source, kMaxNodes);
  std::string text = kindOf(op);
  if (!where.empty())
    text += (nodes.empty() ? " " : ": ") + where;
  // The table separates names with NULs.
  std::replace(text.begin(), text.end(), '\0', ' ');
  return text;
}

struct ProfilePoints : impl::ProfilePointsBase<ProfilePoints> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (module.lookupSymbol(kTable))
      return; // already instrumented
    MLIRContext *context = module.getContext();
    auto ptrType = LLVM::LLVMPointerType::get(context);
    OpBuilder builder(context);
    builder.setInsertionPointToEnd(module.getBody());
    LLVM::LLVMFuncOp begin = declareHook(builder, module, kBegin);
    LLVM::LLVMFuncOp end = declareHook(builder, module, kEnd);

    std::string table;
    int32_t next = 0;
    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      SmallVector<Operation *> points;
      collectPoints(function.getBody(), points);
      if (points.empty())
        continue;
      OpBuilder entry = OpBuilder::atBlockBegin(&function.getBody().front());
      Value tableAddress = LLVM::AddressOfOp::create(entry, function.getLoc(), ptrType, kTable);
      for (Operation *op : points) {
        table += describe(op);
        table.push_back('\0');
        OpBuilder around(op);
        Value id = arith::ConstantIntOp::create(around, op->getLoc(), next++, 32);
        LLVM::CallOp::create(around, op->getLoc(), begin, ValueRange{tableAddress, id});
        around.setInsertionPointAfter(op);
        LLVM::CallOp::create(around, op->getLoc(), end, ValueRange{tableAddress, id});
      }
    }
    // "name\0name\0...\0\0": the runtime counts the names up to the empty one.
    table.push_back('\0');
    auto tableType = LLVM::LLVMArrayType::get(builder.getI8Type(), table.size());
    LLVM::GlobalOp::create(builder, module.getLoc(), tableType, /*isConstant=*/true,
                           LLVM::Linkage::Private, kTable, builder.getStringAttr(table));
  }

  /// `void name(ptr, i32)` of the runtime. It touches no memory the model
  /// can see (only the runtime's own state), does not unwind and returns:
  /// LLVM may keep values in registers and forward stores across the calls,
  /// so the code between them optimizes as it does without profile points
  /// (an opaque call had kept a broadcast fill's bfloat16 round trip from
  /// folding, leaving a compiler-rt call no model links).
  static LLVM::LLVMFuncOp declareHook(OpBuilder &builder, ModuleOp module, StringRef name) {
    if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
      return existing;
    MLIRContext *context = builder.getContext();
    auto type = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(context),
        {LLVM::LLVMPointerType::get(context), builder.getI32Type()});
    auto hook = LLVM::LLVMFuncOp::create(builder, module.getLoc(), name, type);
    using LLVM::ModRefInfo;
    hook.setMemoryEffectsAttr(LLVM::MemoryEffectsAttr::get(
        context, {/*other=*/ModRefInfo::NoModRef, /*argMem=*/ModRefInfo::NoModRef,
                  /*inaccessibleMem=*/ModRefInfo::ModRef, /*errnoMem=*/ModRefInfo::NoModRef,
                  /*targetMem0=*/ModRefInfo::NoModRef, /*targetMem1=*/ModRefInfo::NoModRef}));
    hook.setNoUnwind(true);
    hook.setWillReturn(true);
    return hook;
  }

  /// The work ops of `region`'s blocks, looking into ops with regions that
  /// are not work themselves (an scf.if choosing between a library call's
  /// answer and its fallback kernels).
  static void collectPoints(Region &region, SmallVectorImpl<Operation *> &points) {
    for (Block &block : region)
      for (Operation &op : block) {
        if (isWork(&op))
          points.push_back(&op);
        else
          for (Region &nested : op.getRegions())
            collectPoints(nested, points);
      }
  }
};

} // namespace
} // namespace pt2c
