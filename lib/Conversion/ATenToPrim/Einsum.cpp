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
    Value value = prim::TransposeOp::create(b_, p_.loc(), term.value,
                                            b_.getDenseI64ArrayAttr(permutation));
    return {value, order.str()};
  }

  Value reshape(Value value, ArrayRef<int64_t> shape) {
    auto type = RankedTensorType::get(shape, element_);
    if (type == value.getType())
      return value;
    return prim::ReshapeOp::create(b_, p_.loc(), type, value, ValueRange{});
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
    Value product = prim::MatmulOp::create(b_, p_.loc(), a, c);
    std::string letters = batch + freeLhs + freeRhs;
    return {reshape(product, shapeOf(letters)), letters};
  }

private:
  PrimBuilder &p_;
  OpBuilder &b_;
  Type element_;
  llvm::DenseMap<char, int64_t> sizes_;
};

// einsum(equation, tensors, path): static shapes, one letter per dim (no
// `...`, no letter twice in one operand).
LogicalResult einsum(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  auto equation = args.string("equation");
  OperandRange tensors = args.values("tensors");
  if (!type || !equation || tensors.empty() || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects an equation, tensors and a static result");
  std::string text;
  for (char c : *equation)
    if (c != ' ')
      text.push_back(c);
  if (StringRef(text).contains("..."))
    return rewriter.notifyMatchFailure(call, "einsum with '...' is not supported yet");
  auto [inputs, output] = StringRef(text).split("->");
  SmallVector<StringRef> operands;
  inputs.split(operands, ',');
  if (operands.size() != tensors.size())
    return rewriter.notifyMatchFailure(call, "one subscript per tensor");
  std::string result = output.str();
  if (!StringRef(text).contains("->")) {
    // Implicit output: the letters used once, in alphabetical order.
    std::map<char, int> counts;
    for (StringRef operand : operands)
      for (char letter : operand)
        ++counts[letter];
    for (auto [letter, count] : counts)
      if (count == 1)
        result.push_back(letter);
  }
  PrimBuilder p(rewriter, call.getLoc());
  Type element = type.getElementType();
  Contractor contractor(p, element);
  SmallVector<Term> terms;
  for (auto [subscript, tensor] : llvm::zip(operands, tensors)) {
    auto tensorType = dyn_cast<RankedTensorType>(tensor.getType());
    if (!tensorType || !tensorType.hasStaticShape() ||
        tensorType.getRank() != static_cast<int64_t>(subscript.size()))
      return rewriter.notifyMatchFailure(call, "static tensors of the subscripts' ranks");
    std::string letters = subscript.str();
    if (std::set<char>(letters.begin(), letters.end()).size() != letters.size())
      return rewriter.notifyMatchFailure(call, "a letter twice in one operand (a diagonal)");
    Term term{p.convert(tensor, element), letters};
    if (!contractor.bind(term))
      return rewriter.notifyMatchFailure(call, "a letter with two sizes (broadcasting)");
    terms.push_back(term);
  }
  Term acc = terms.front();
  for (size_t i = 1; i < terms.size(); ++i) {
    std::string keep = result;
    for (size_t j = i + 1; j < terms.size(); ++j)
      keep += terms[j].letters;
    acc = contractor.contract(acc, terms[i], keep);
  }
  acc = contractor.arrange(contractor.sumOut(acc, result), result);
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
