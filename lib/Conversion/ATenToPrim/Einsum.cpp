//===- Einsum.cpp - einsum as transposes, sums and batched matmuls --------===//
//
// Operands are contracted left to right, two at a time. Before each
// contraction, letters neither operand's partner nor the rest of the
// equation needs are summed away; then the letters split into batch (in
// both, kept), contracted (in both, not kept) and each side's free letters,
// and the pair becomes one prim.matmul [B, M, K] x [B, K, N] (f16/bf16
// accumulate in f32 there). The result is transposed into the output's
// letter order.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <map>
#include <set>

using namespace mlir;

namespace pt2c {
namespace {

/// A tensor with one equation letter per dim.
struct Term {
  Value value;
  std::string letters;
};

class Contractor {
public:
  Contractor(PrimBuilder &p, Type element) : p_(p), b_(p.builder()), element_(element) {}

  /// Records each letter's size; false when a letter has two sizes.
  bool bind(const Term &term) {
    auto type = cast<RankedTensorType>(term.value.getType());
    for (auto [letter, size] : llvm::zip(term.letters, type.getShape())) {
      auto [it, inserted] = sizes_.try_emplace(letter, size);
      if (!inserted && it->second != size)
        return false;
    }
    return true;
  }

  /// `term` with the letters not in `keep` summed away.
  Term sumOut(Term term, StringRef keep) {
    SmallVector<int64_t> dims;
    std::string kept;
    for (auto [d, letter] : llvm::enumerate(term.letters)) {
      if (keep.contains(letter))
        kept.push_back(letter);
      else
        dims.push_back(d);
    }
    if (dims.empty())
      return term;
    return {p_.reduce(prim::ReduceKind::sum, term.value, dims, false), kept};
  }

  /// `term` transposed to `order` (a permutation of its letters).
  Term arrange(Term term, StringRef order) {
    if (term.letters == order)
      return term;
    SmallVector<int64_t> permutation;
    for (char letter : order)
      permutation.push_back(term.letters.find(letter));
    Value value = p_.create<prim::TransposeOp>(term.value, b_.getDenseI64ArrayAttr(permutation));
    return {value, order.str()};
  }

  Value reshape(Value value, ArrayRef<int64_t> shape) {
    auto type = RankedTensorType::get(shape, element_);
    if (!value || type == value.getType())
      return value; // null: an earlier step failed and said why
    return p_.build<prim::ReshapeOp>(type, value, ValueRange{});
  }

  int64_t product(StringRef letters) {
    int64_t result = 1;
    for (char letter : letters)
      result *= sizes_.lookup(letter);
    return result;
  }

  SmallVector<int64_t> shapeOf(StringRef letters) {
    SmallVector<int64_t> shape;
    for (char letter : letters)
      shape.push_back(sizes_.lookup(letter));
    return shape;
  }

  /// lhs x rhs keeping the letters in `keep` (plus what both share).
  Term contract(Term lhs, Term rhs, StringRef keep) {
    lhs = sumOut(lhs, keep.str() + rhs.letters);
    rhs = sumOut(rhs, keep.str() + lhs.letters);
    std::string batch, contracted, freeLhs, freeRhs;
    for (char letter : lhs.letters) {
      bool shared = rhs.letters.find(letter) != std::string::npos;
      if (!shared)
        freeLhs.push_back(letter);
      else if (keep.contains(letter))
        batch.push_back(letter);
      else
        contracted.push_back(letter);
    }
    for (char letter : rhs.letters)
      if (lhs.letters.find(letter) == std::string::npos)
        freeRhs.push_back(letter);
    int64_t b = product(batch), m = product(freeLhs), k = product(contracted),
            n = product(freeRhs);
    Value a = reshape(arrange(lhs, batch + freeLhs + contracted).value, {b, m, k});
    Value c = reshape(arrange(rhs, batch + contracted + freeRhs).value, {b, k, n});
    Value product = p_.create<prim::MatmulOp>(a, c);
    std::string letters = batch + freeLhs + freeRhs;
    return {reshape(product, shapeOf(letters)), letters};
  }

private:
  PrimBuilder &p_;
  OpBuilder &b_;
  Type element_;
  llvm::DenseMap<char, int64_t> sizes_;
};

/// The parsed equation: each operand's letters, one per dim, and the
/// output's. The dims an ellipsis stands for get the placeholder letters
/// '\x01', '\x02', ... (right-aligned: an operand with fewer such dims has
/// the last ones), so that the rest of the code treats them as letters.
struct Equation {
  SmallVector<std::string> operands;
  std::string output;
};

bool isLabel(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/// `subscript` with its `...` replaced by the last `count` of the
/// `total` placeholders; null when it is malformed.
std::optional<std::string> expandEllipsis(StringRef subscript, int64_t count, int64_t total) {
  size_t at = subscript.find("...");
  if (at == StringRef::npos)
    return count == 0 ? std::optional(subscript.str()) : std::nullopt;
  StringRef before = subscript.take_front(at), after = subscript.drop_front(at + 3);
  if (after.contains('.') || count < 0)
    return std::nullopt;
  std::string letters = before.str();
  for (int64_t i = total - count; i < total; ++i)
    letters.push_back(static_cast<char>(1 + i));
  letters += after.str();
  return letters;
}

/// The number of letters of `subscript` besides its ellipsis.
int64_t labelCount(StringRef subscript) {
  return llvm::count_if(subscript, isLabel);
}

std::optional<Equation> parseEquation(StringRef equation, ArrayRef<int64_t> ranks) {
  std::string text;
  for (char c : equation)
    if (c != ' ')
      text.push_back(c);
  auto [inputs, output] = StringRef(text).split("->");
  bool explicitOutput = StringRef(text).contains("->");
  SmallVector<StringRef> subscripts;
  inputs.split(subscripts, ',');
  if (subscripts.size() != ranks.size())
    return std::nullopt;
  SmallVector<StringRef> all(subscripts);
  all.push_back(output);
  for (StringRef subscript : all)
    for (char c : subscript)
      if (!isLabel(c) && c != '.')
        return std::nullopt;
  // The ellipsis spans the most dims any operand gives it.
  int64_t total = 0;
  for (auto [subscript, rank] : llvm::zip(subscripts, ranks))
    if (subscript.contains("..."))
      total = std::max(total, rank - labelCount(subscript));
  if (total > 31)
    return std::nullopt;
  Equation result;
  for (auto [subscript, rank] : llvm::zip(subscripts, ranks)) {
    int64_t count = subscript.contains("...") ? rank - labelCount(subscript) : 0;
    auto letters = expandEllipsis(subscript, count, total);
    if (!letters || static_cast<int64_t>(letters->size()) != rank)
      return std::nullopt;
    result.operands.push_back(*letters);
  }
  if (explicitOutput) {
    auto letters = expandEllipsis(output, output.contains("...") ? total : 0, total);
    if (!letters)
      return std::nullopt;
    result.output = *letters;
  } else {
    // Implicit output: the ellipsis dims, then the letters used once, in
    // alphabetical order (upper case first, as torch orders them).
    for (int64_t i = 0; i < total; ++i)
      result.output.push_back(static_cast<char>(1 + i));
    std::map<char, int> counts;
    for (StringRef operand : subscripts)
      for (char letter : operand)
        if (isLabel(letter))
          ++counts[letter];
    for (auto [letter, count] : counts)
      if (count == 1)
        result.output.push_back(letter);
  }
  // Each output letter once, and only letters some operand has.
  std::set<char> seen;
  for (char letter : result.output) {
    if (!seen.insert(letter).second)
      return std::nullopt;
    if (llvm::none_of(result.operands,
                      [&](const std::string &o) { return o.find(letter) != std::string::npos; }))
      return std::nullopt;
  }
  return result;
}

Value flatTake(PrimBuilder &p, Value x, ArrayRef<int64_t> shape, ArrayRef<int64_t> indices) {
  OpBuilder &b = p.builder();
  auto type = cast<RankedTensorType>(x.getType());
  auto flatType = RankedTensorType::get({type.getNumElements()}, type.getElementType());
  Value flat = p.build<prim::ReshapeOp>(flatType, x, ValueRange{});
  auto indexType = RankedTensorType::get(shape, b.getI64Type());
  Value index = p.create<prim::ConstantOp>(DenseElementsAttr::get(indexType, indices));
  return p.create<prim::TakeOp>(flat, index, b.getI64IntegerAttr(0));
}

/// A letter repeated within one operand ("ii", "bii") reads its diagonal:
/// the term keeps each letter once, at its first position. Null when the
/// repeated dims differ in size or the tensor is empty.
std::optional<Term> takeDiagonals(PrimBuilder &p, Term term) {
  auto type = cast<RankedTensorType>(term.value.getType());
  std::string unique;
  SmallVector<int64_t> shape;
  for (auto [letter, size] : llvm::zip(term.letters, type.getShape())) {
    size_t at = unique.find(letter);
    if (at == std::string::npos) {
      unique.push_back(letter);
      shape.push_back(size);
    } else if (shape[at] != size) {
      return std::nullopt;
    }
  }
  if (unique.size() == term.letters.size())
    return term;
  if (type.getNumElements() == 0 || !indexTableFits(p.loc(), shape, "einsum's diagonal indices"))
    return std::nullopt;
  // Each input dim's row-major stride, added into the stride of its letter.
  SmallVector<int64_t> letterStride(unique.size(), 0);
  int64_t stride = 1;
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    letterStride[unique.find(term.letters[d])] += stride;
    stride *= type.getDimSize(d);
  }
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  SmallVector<int64_t> indices;
  for (int64_t linear = 0; linear < count; ++linear) {
    int64_t rest = linear, flat = 0;
    for (int64_t k = shape.size() - 1; k >= 0; --k) {
      flat += (rest % shape[k]) * letterStride[k];
      rest /= shape[k];
    }
    indices.push_back(flat);
  }
  return Term{flatTake(p, term.value, shape, indices), unique};
}

/// The size of each letter over all terms, a size 1 broadcasting against
/// any other (torch's einsum broadcasting); null when two sizes clash.
std::optional<std::map<char, int64_t>> letterSizes(ArrayRef<Term> terms) {
  std::map<char, int64_t> sizes;
  for (const Term &term : terms) {
    auto type = cast<RankedTensorType>(term.value.getType());
    for (auto [letter, size] : llvm::zip(term.letters, type.getShape())) {
      auto [it, inserted] = sizes.try_emplace(letter, size);
      if (inserted || it->second == size || size == 1)
        continue;
      if (it->second != 1)
        return std::nullopt;
      it->second = size;
    }
  }
  return sizes;
}

/// `term` without the size-1 dims whose letter is larger elsewhere: the
/// letter is then absent from the term, which broadcasts it.
Term dropBroadcastDims(PrimBuilder &p, Term term, const std::map<char, int64_t> &sizes) {
  auto type = cast<RankedTensorType>(term.value.getType());
  std::string kept;
  SmallVector<int64_t> shape;
  for (auto [letter, size] : llvm::zip(term.letters, type.getShape())) {
    if (size == 1 && sizes.at(letter) != 1)
      continue;
    kept.push_back(letter);
    shape.push_back(size);
  }
  if (kept.size() == term.letters.size())
    return term;
  auto squeezed = RankedTensorType::get(shape, type.getElementType());
  return {p.build<prim::ReshapeOp>(squeezed, term.value, ValueRange{}), kept};
}

// einsum(equation, tensors, path): static shapes; `...`, repeated letters
// (diagonals) and size-1 broadcasting as torch has them. The path is
// ignored: operands are contracted left to right.
LogicalResult einsum(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  auto text = args.string("equation");
  OperandRange tensors = args.values("tensors");
  if (!type || !text || tensors.empty() || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects an equation, tensors and a static result");
  SmallVector<int64_t> ranks;
  for (Value tensor : tensors) {
    auto tensorType = dyn_cast<RankedTensorType>(tensor.getType());
    if (!tensorType || !tensorType.hasStaticShape())
      return rewriter.notifyMatchFailure(call, "static tensors only");
    ranks.push_back(tensorType.getRank());
  }
  std::optional<Equation> equation = parseEquation(*text, ranks);
  if (!equation)
    return rewriter.notifyMatchFailure(
        call, "an equation whose subscripts do not match the tensors' ranks, or malformed");
  PrimBuilder p(rewriter, call.getLoc());
  Type element = type.getElementType();
  SmallVector<Term> terms;
  for (auto [letters, tensor] : llvm::zip(equation->operands, tensors)) {
    auto term = takeDiagonals(p, Term{p.convert(tensor, element), letters});
    if (!term)
      return rewriter.notifyMatchFailure(
          call, "a repeated letter over dims of different sizes, or an empty operand");
    if (!term->value)
      return failure(); // p said why
    terms.push_back(*term);
  }
  auto sizes = letterSizes(terms);
  if (!sizes)
    return rewriter.notifyMatchFailure(call, "a letter with two sizes that do not broadcast");
  Contractor contractor(p, element);
  for (Term &term : terms) {
    term = dropBroadcastDims(p, term, *sizes);
    if (!term.value)
      return failure(); // p said why
    if (!contractor.bind(term))
      return rewriter.notifyMatchFailure(call, "a letter with two sizes");
  }
  const std::string &result = equation->output;
  Term acc = terms.front();
  for (size_t i = 1; i < terms.size(); ++i) {
    std::string keep = result;
    for (size_t j = i + 1; j < terms.size(); ++j)
      keep += terms[j].letters;
    acc = contractor.contract(acc, terms[i], keep);
  }
  acc = contractor.arrange(contractor.sumOut(acc, result), result);
  if (!acc.value)
    return failure(); // p said why
  if (acc.value.getType() != type)
    return rewriter.notifyMatchFailure(call, "the contraction's shape is not the result's");
  rewriter.replaceOp(call, acc.value);
  return success();
}

} // namespace

void addEinsumDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.einsum.default", "linear", "reduce, transpose, reshape, matmul", einsum},
  });
}

} // namespace pt2c
