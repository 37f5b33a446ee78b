//===- PrimOpsAsm.cpp - Custom directives of the prim assembly ------------===//

#include "PrimOpsAsm.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace pt2c::prim;

//===----------------------------------------------------------------------===//
// SameTypes
//===----------------------------------------------------------------------===//

ParseResult pt2c::prim::parseSameTypesImpl(OpAsmParser &parser,
                                           ArrayRef<Type *> types) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> parsed;
  if (parser.parseCommaSeparatedList(
          [&] { return parser.parseType(parsed.emplace_back()); }))
    return failure();
  if (parsed.size() != 1 && parsed.size() != types.size())
    return parser.emitError(loc, "expected 1 or ")
           << types.size() << " types, got " << parsed.size();
  for (auto [index, type] : llvm::enumerate(types))
    *type = parsed[parsed.size() == 1 ? 0 : index];
  return success();
}

void pt2c::prim::printSameTypesImpl(OpAsmPrinter &printer,
                                    ArrayRef<Type> types) {
  if (llvm::all_equal(types))
    printer << types.front();
  else
    llvm::interleaveComma(types, printer);
}

//===----------------------------------------------------------------------===//
// Integer lists
//===----------------------------------------------------------------------===//

static ParseResult parseIntList(OpAsmParser &parser,
                                SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, [&] {
    return parser.parseInteger(values.emplace_back());
  });
}

static void printIntList(OpAsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

/// `[[lo, hi], ...]` into [lo0, hi0, lo1, hi1, ...].
static ParseResult parsePairList(OpAsmParser &parser,
                                 SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        size_t before = values.size();
        if (parseIntList(parser, values))
          return failure();
        if (values.size() - before != 2)
          return parser.emitError(loc, "expected a [low, high] pair");
        return success();
      });
}

static void printPairList(OpAsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  for (size_t i = 0; i + 1 < values.size(); i += 2) {
    if (i)
      printer << ", ";
    printIntList(printer, values.slice(i, 2));
  }
  printer << ']';
}

//===----------------------------------------------------------------------===//
// Keyword attribute lists (convolution, reduce_window)
//===----------------------------------------------------------------------===//

namespace {
/// One optional attribute written `, keyword = value`.
struct KeywordAttr {
  enum Kind { List, Pairs, Integer };
  StringRef keyword;
  Kind kind;
  Attribute value = {};
};
} // namespace

/// Parses `(, keyword = value)*` in any order, each keyword at most once.
/// The list ends at the first token that is not a comma.
static ParseResult parseKeywordAttrs(OpAsmParser &parser,
                                     MutableArrayRef<KeywordAttr> entries) {
  MLIRContext *context = parser.getContext();
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword) || parser.parseEqual())
      return failure();
    auto *entry = llvm::find_if(
        entries, [&](const KeywordAttr &e) { return e.keyword == keyword; });
    if (entry == entries.end()) {
      InFlightDiagnostic diag = parser.emitError(loc, "unexpected keyword '")
                                << keyword << "', expected one of: ";
      llvm::interleaveComma(entries, diag,
                            [&](const KeywordAttr &e) { diag << e.keyword; });
      return diag;
    }
    if (entry->value)
      return parser.emitError(loc, "'") << keyword << "' appears twice";
    SmallVector<int64_t> values;
    switch (entry->kind) {
    case KeywordAttr::List:
      if (parseIntList(parser, values))
        return failure();
      entry->value = DenseI64ArrayAttr::get(context, values);
      break;
    case KeywordAttr::Pairs:
      if (parsePairList(parser, values))
        return failure();
      entry->value = DenseI64ArrayAttr::get(context, values);
      break;
    case KeywordAttr::Integer: {
      int64_t value;
      if (parser.parseInteger(value))
        return failure();
      entry->value = IntegerAttr::get(IntegerType::get(context, 64), value);
      break;
    }
    }
  }
  return success();
}

/// Prints the present entries in order.
static void printKeywordAttrs(OpAsmPrinter &printer,
                              ArrayRef<KeywordAttr> entries) {
  for (const KeywordAttr &entry : entries) {
    if (!entry.value)
      continue;
    printer << ", " << entry.keyword << " = ";
    switch (entry.kind) {
    case KeywordAttr::List:
      printIntList(printer, cast<DenseI64ArrayAttr>(entry.value).asArrayRef());
      break;
    case KeywordAttr::Pairs:
      printPairList(printer, cast<DenseI64ArrayAttr>(entry.value).asArrayRef());
      break;
    case KeywordAttr::Integer:
      printer << cast<IntegerAttr>(entry.value).getInt();
      break;
    }
  }
}

ParseResult pt2c::prim::parseConvAttrs(OpAsmParser &parser,
                                       DenseI64ArrayAttr &strides,
                                       DenseI64ArrayAttr &padding,
                                       DenseI64ArrayAttr &lhsDilation,
                                       DenseI64ArrayAttr &rhsDilation,
                                       IntegerAttr &featureGroupCount) {
  KeywordAttr entries[] = {{"strides", KeywordAttr::List},
                           {"padding", KeywordAttr::Pairs},
                           {"lhs_dilation", KeywordAttr::List},
                           {"rhs_dilation", KeywordAttr::List},
                           {"feature_group_count", KeywordAttr::Integer}};
  if (parseKeywordAttrs(parser, entries))
    return failure();
  strides = dyn_cast_or_null<DenseI64ArrayAttr>(entries[0].value);
  padding = dyn_cast_or_null<DenseI64ArrayAttr>(entries[1].value);
  lhsDilation = dyn_cast_or_null<DenseI64ArrayAttr>(entries[2].value);
  rhsDilation = dyn_cast_or_null<DenseI64ArrayAttr>(entries[3].value);
  featureGroupCount = dyn_cast_or_null<IntegerAttr>(entries[4].value);
  return success();
}

void pt2c::prim::printConvAttrs(OpAsmPrinter &printer, Operation *,
                                DenseI64ArrayAttr strides,
                                DenseI64ArrayAttr padding,
                                DenseI64ArrayAttr lhsDilation,
                                DenseI64ArrayAttr rhsDilation,
                                IntegerAttr featureGroupCount) {
  printKeywordAttrs(printer, {{"strides", KeywordAttr::List, strides},
                              {"padding", KeywordAttr::Pairs, padding},
                              {"lhs_dilation", KeywordAttr::List, lhsDilation},
                              {"rhs_dilation", KeywordAttr::List, rhsDilation},
                              {"feature_group_count", KeywordAttr::Integer,
                               featureGroupCount}});
}

ParseResult pt2c::prim::parseWindowAttrs(OpAsmParser &parser,
                                         DenseI64ArrayAttr &strides,
                                         DenseI64ArrayAttr &windowDilations,
                                         DenseI64ArrayAttr &padding) {
  KeywordAttr entries[] = {{"strides", KeywordAttr::List},
                           {"window_dilations", KeywordAttr::List},
                           {"padding", KeywordAttr::Pairs}};
  if (parseKeywordAttrs(parser, entries))
    return failure();
  strides = dyn_cast_or_null<DenseI64ArrayAttr>(entries[0].value);
  windowDilations = dyn_cast_or_null<DenseI64ArrayAttr>(entries[1].value);
  padding = dyn_cast_or_null<DenseI64ArrayAttr>(entries[2].value);
  return success();
}

void pt2c::prim::printWindowAttrs(OpAsmPrinter &printer, Operation *,
                                  DenseI64ArrayAttr strides,
                                  DenseI64ArrayAttr windowDilations,
                                  DenseI64ArrayAttr padding) {
  printKeywordAttrs(printer,
                    {{"strides", KeywordAttr::List, strides},
                     {"window_dilations", KeywordAttr::List, windowDilations},
                     {"padding", KeywordAttr::Pairs, padding}});
}

//===----------------------------------------------------------------------===//
// SliceRanges
//===----------------------------------------------------------------------===//

ParseResult pt2c::prim::parseSliceRanges(OpAsmParser &parser,
                                         DenseI64ArrayAttr &start,
                                         DenseI64ArrayAttr &limit,
                                         DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> starts, limits, steps;
  auto parseRange = [&]() -> ParseResult {
    int64_t first, last = ShapedType::kDynamic, step = 1;
    if (parser.parseInteger(first) || parser.parseColon())
      return failure();
    if (failed(parser.parseOptionalQuestion()) && parser.parseInteger(last))
      return failure();
    if (succeeded(parser.parseOptionalColon()) && parser.parseInteger(step))
      return failure();
    starts.push_back(first);
    limits.push_back(last);
    steps.push_back(step);
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square,
                                     parseRange))
    return failure();
  MLIRContext *context = parser.getContext();
  start = DenseI64ArrayAttr::get(context, starts);
  limit = DenseI64ArrayAttr::get(context, limits);
  strides = DenseI64ArrayAttr::get(context, steps);
  return success();
}

void pt2c::prim::printSliceRanges(OpAsmPrinter &printer, Operation *,
                                  DenseI64ArrayAttr start,
                                  DenseI64ArrayAttr limit,
                                  DenseI64ArrayAttr strides) {
  // The verifier reports arrays of different lengths; print what lines up.
  size_t count = std::min({start.size(), limit.size(), strides.size()});
  printer << '[';
  for (size_t i = 0; i < count; ++i) {
    if (i)
      printer << ", ";
    printer << start[i] << ':';
    if (ShapedType::isDynamic(limit[i]))
      printer << '?';
    else
      printer << limit[i];
    if (strides[i] != 1)
      printer << ':' << strides[i];
  }
  printer << ']';
}
