//===- Creation.cpp - arange, ones, zeros, full ----------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

using namespace mlir;

namespace pt2c {
namespace {

// arange(end) / arange(start, end, step) = iota * step + start, in the
// archive's result dtype (its length is in the result type).
LogicalResult arange(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type || type.getRank() != 1 || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "a static 1-d result only");
  double start = args.number("start").value_or(0.0);
  double step = args.number("step").value_or(1.0);
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Value result = prim::IotaOp::create(rewriter, loc, type, rewriter.getI64IntegerAttr(0),
                                      ValueRange{});
  if (step != 1.0)
    result = prim::MulOp::create(rewriter, loc, result, p.splat(step, type, {}));
  if (start != 0.0)
    result = prim::AddOp::create(rewriter, loc, result, p.splat(start, type, {}));
  rewriter.replaceOp(call, result);
  return success();
}

/// A filled tensor of the result type.
template <int value>
LogicalResult filledWith(aten::CallOp call, const CallArgs &, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "a static result only");
  PrimBuilder p(rewriter, call.getLoc());
  rewriter.replaceOp(call, p.splat(value, type, {}));
  return success();
}

LogicalResult full(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  std::optional<double> value = args.number("fill_value");
  if (!type || !type.hasStaticShape() || !value)
    return rewriter.notifyMatchFailure(call, "a static result and a numeric fill value");
  PrimBuilder p(rewriter, call.getLoc());
  rewriter.replaceOp(call, p.splat(*value, type, {}));
  return success();
}

} // namespace

void addCreationDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.arange.default", "creation", "iota, mul, add", arange},
      {"aten.arange.start", "creation", "iota, mul, add", arange},
      {"aten.arange.start_step", "creation", "iota, mul, add", arange},
      {"aten.new_ones.default", "creation", "constant", filledWith<1>},
      {"aten.new_zeros.default", "creation", "constant", filledWith<0>},
      {"aten.ones.default", "creation", "constant", filledWith<1>},
      {"aten.zeros.default", "creation", "constant", filledWith<0>},
      {"aten.full.default", "creation", "constant", full},
  });
}

} // namespace pt2c
