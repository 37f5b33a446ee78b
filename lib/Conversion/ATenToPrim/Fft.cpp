//===- Fft.cpp - torch.fft (1-d, 2-d and n-d; c2c, r2c, c2r) and stft ------===//
//
// One complex DFT along the last dim, of any length n, in O(n log n) work
// (mixed radix Cooley-Tukey): n = p m with p its smallest prime factor, the
// input read as [.., p, m] (j = m j1 + j2): a length-p DFT along the p dim,
// the twiddles w_n^(k1 j2), a length-m DFT along the m dim (recursively),
// and the result [k1, k2] read as k = k1 + p k2. The length-p DFT of a
// prime up to kDirectPrime is direct (p^2 multiply-adds per column, cheap at
// that size); a length whose prime factors are all larger is Bluestein's:
// the DFT as the convolution of the input times a chirp with the conjugate
// chirp, done with power-of-two DFTs
// of M >= 2n - 1 points, the conjugate chirp's transform computed here in
// double. Twiddles and chirps are constants computed in double from exact
// integer angles (j k mod n), rounded once to the compute type.
//
// torch's forms on top: each transformed dim resized first (trimmed or
// zero-padded at the end) to its signal size; a real input is complex with
// imaginary part 0; r2c (rfft, ihfft) keeps the first n/2 + 1 bins; c2r
// (irfft, hfft) rebuilds the Hermitian full spectrum X[n-k] = conj X[k] from
// the first n/2 + 1 bins and keeps the real part (so the imaginary parts of
// X[0] and X[n/2] drop out, as in pocketfft). Forward transforms (fft,
// rfft, hfft) use e^(-2 pi i jk/n), inverse ones (ifft, irfft, ihfft)
// e^(+2 pi i jk/n); norm "backward" (the default) scales the inverse by 1/n,
// "forward" the forward one, "ortho" both by 1/sqrt(n). n-d: c2c over every
// dim; r2c along the last dim, then c2c over the others; c2c over the
// others, then c2r along the last dim (for hfftn the forward c2c keeps the
// last dim Hermitian, so this is the n-d transform of the full signal).
//
//===----------------------------------------------------------------------===//

#include "ComplexParts.h"
#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <cmath>
#include <complex>
#include <numeric>

using namespace mlir;

namespace pt2c {
namespace {

/// The largest prime length computed as a direct DFT; above, Bluestein's.
constexpr int64_t kDirectPrime = 16;

int64_t smallestPrimeFactor(int64_t n) {
  for (int64_t f = 2; f * f <= n; ++f)
    if (n % f == 0)
      return f;
  return n;
}

/// e^(i pi numerator / denominator): the angle reduced exactly, in
/// integers, to whole quarter turns (applied exactly) and a remainder in
/// [0, pi/2), so that w^(n/4) is i and not (6e-17, 1).
std::complex<double> unitRoot(int64_t numerator, int64_t denominator) {
  int64_t turn = 2 * denominator;
  int64_t reduced = ((numerator % turn) + turn) % turn; // [0, 2 denominator)
  int64_t quarters = 2 * reduced / denominator, rest = 2 * reduced % denominator;
  double angle = M_PI / 2 * double(rest) / double(denominator);
  std::complex<double> root = {std::cos(angle), std::sin(angle)};
  for (int64_t q = 0; q < quarters; ++q)
    root = {-root.imag(), root.real()}; // times i
  return root;
}

/// The forward DFT of a power-of-two length in double (radix 2): the
/// Bluestein chirp's transform, computed once at compile time.
void hostFft(std::vector<std::complex<double>> &x) {
  size_t n = x.size();
  if (n == 1)
    return;
  std::vector<std::complex<double>> even(n / 2), odd(n / 2);
  for (size_t j = 0; j < n / 2; ++j) {
    even[j] = x[2 * j];
    odd[j] = x[2 * j + 1];
  }
  hostFft(even);
  hostFft(odd);
  for (size_t k = 0; k < n / 2; ++k) {
    std::complex<double> t = unitRoot(-2 * int64_t(k), int64_t(n)) * odd[k];
    x[k] = even[k] + t;
    x[k + n / 2] = even[k] - t;
  }
}

/// Builds DFTs on complex values (their parts) of one real compute type.
class Dft {
public:
  Dft(PrimBuilder &p, Type element) : p_(p), element_(element) {}

  /// The DFT of x along its last dim, e^(sign 2 pi i jk/n), unscaled.
  Cx along(Cx x, int sign) {
    if (!x.re || !x.im)
      return {};
    SmallVector<int64_t> shape(shapeOf(x.re));
    int64_t n = shape.back();
    if (n == 1)
      return x;
    // Every factor above kDirectPrime: Bluestein's on the whole length
    // (a direct DFT of such a factor would cost n p).
    int64_t radix = smallestPrimeFactor(n);
    if (radix > kDirectPrime)
      return bluestein(x, sign);
    int64_t m = n / radix;
    SmallVector<int64_t> split(shape.begin(), shape.end() - 1);
    split.append({radix, m});
    Cx y = reshape(x, split);
    y = direct(y, sign);
    if (m > 1) {
      y = twiddled(y, n, sign);
      y = along(y, sign);
      // [.., k1, k2] -> [.., k2, k1]: k = k1 + radix k2 in row-major order.
      SmallVector<int64_t> swapLast = llvm::to_vector(llvm::seq<int64_t>(0, split.size()));
      std::swap(swapLast[split.size() - 2], swapLast[split.size() - 1]);
      y = transpose(y, swapLast);
    }
    return reshape(y, shape);
  }

  /// x * (re, im) elementwise (the constant broadcast from the right).
  Cx mul(Cx x, Cx factor) {
    RankedTensorType type = typeOf(shapeOf(x.re));
    Value fr = p_.broadcastTo(factor.re, type, {}), fi = p_.broadcastTo(factor.im, type, {});
    return {sub(mulv(x.re, fr), mulv(x.im, fi)), add(mulv(x.re, fi), mulv(x.im, fr))};
  }

  /// Both parts times the real number `factor`.
  Cx scaled(Cx x, double factor) {
    if (factor == 1.0 || !x.re)
      return x;
    Value c = p_.splat(factor, typeOf(shapeOf(x.re)), {x.re});
    return {mulv(x.re, c), mulv(x.im, c)};
  }

  /// A constant complex tensor of `shape` from `values` (row-major).
  Cx constant(ArrayRef<int64_t> shape, ArrayRef<std::complex<double>> values) {
    SmallVector<double> re, im;
    for (std::complex<double> value : values) {
      re.push_back(value.real());
      im.push_back(value.imag());
    }
    return {realConstant(shape, re), realConstant(shape, im)};
  }

  Cx transpose(Cx x, ArrayRef<int64_t> permutation) {
    auto attr = p_.builder().getDenseI64ArrayAttr(permutation);
    return {p_.create<prim::TransposeOp>(x.re, attr), p_.create<prim::TransposeOp>(x.im, attr)};
  }

  Cx reshape(Cx x, ArrayRef<int64_t> shape) {
    return {p_.reshape(typeOf(shape), x.re), p_.reshape(typeOf(shape), x.im)};
  }

  static ArrayRef<int64_t> shapeOf(Value value) {
    return cast<RankedTensorType>(value.getType()).getShape();
  }
  RankedTensorType typeOf(ArrayRef<int64_t> shape) const {
    return RankedTensorType::get(shape, element_);
  }

private:
  Value add(Value a, Value b) { return p_.create<prim::AddOp>(a, b); }
  Value sub(Value a, Value b) { return p_.create<prim::SubOp>(a, b); }
  Value mulv(Value a, Value b) { return p_.create<prim::MulOp>(a, b); }

  Value realConstant(ArrayRef<int64_t> shape, ArrayRef<double> values) {
    RankedTensorType type = typeOf(shape);
    if (element_.isF64())
      return p_.create<prim::ConstantOp>(DenseElementsAttr::get(type, values));
    SmallVector<float> rounded(values.begin(), values.end());
    return p_.create<prim::ConstantOp>(DenseElementsAttr::get(type, ArrayRef<float>(rounded)));
  }

  /// The length-p DFT along dim rank-2 of x [.., p, m], each of the m
  /// columns on its own: radix 2 as a sum and a difference, a larger p as
  /// sum_j w[k, j] x[.., j, :] over a broadcast [.., p(k), p(j), m].
  Cx direct(Cx x, int sign) {
    SmallVector<int64_t> shape(shapeOf(x.re));
    int64_t rank = shape.size(), radix = shape[rank - 2];
    if (radix == 2) {
      Cx first = {sliceDim(p_, x.re, rank - 2, 0, 1, 1), sliceDim(p_, x.im, rank - 2, 0, 1, 1)};
      Cx second = {sliceDim(p_, x.re, rank - 2, 1, 2, 1), sliceDim(p_, x.im, rank - 2, 1, 2, 1)};
      auto join = [&](Value a, Value b) {
        return p_.create<prim::ConcatenateOp>(ValueRange{a, b},
                                              p_.builder().getI64IntegerAttr(rank - 2));
      };
      return {join(add(first.re, second.re), sub(first.re, second.re)),
              join(add(first.im, second.im), sub(first.im, second.im))};
    }
    SmallVector<std::complex<double>> roots;
    for (int64_t k = 0; k < radix; ++k)
      for (int64_t j = 0; j < radix; ++j)
        roots.push_back(unitRoot(sign * 2 * ((j * k) % radix), radix));
    Cx w = constant({radix, radix}, roots);
    SmallVector<int64_t> wide(shape.begin(), shape.end() - 1);
    wide.append({radix, shape.back()});
    RankedTensorType wideType = typeOf(wide);
    // x's j dim and columns at the wide dims rank-1 and rank; w's [k, j] at
    // rank-2 and rank-1.
    SmallVector<int64_t> xDims = llvm::to_vector(llvm::seq<int64_t>(0, rank - 2));
    xDims.append({rank - 1, rank});
    SmallVector<int64_t> wDims = {rank - 2, rank - 1};
    auto spread = [&](Value v, ArrayRef<int64_t> dims) {
      return p_.broadcastInDim(v, wideType, dims, {});
    };
    Cx terms = {spread(x.re, xDims), spread(x.im, xDims)};
    Cx product = mulWide(terms, {spread(w.re, wDims), spread(w.im, wDims)});
    return {p_.reduce(prim::ReduceKind::sum, product.re, {rank - 1}, false),
            p_.reduce(prim::ReduceKind::sum, product.im, {rank - 1}, false)};
  }

  Cx mulWide(Cx a, Cx b) {
    return {sub(mulv(a.re, b.re), mulv(a.im, b.im)), add(mulv(a.re, b.im), mulv(a.im, b.re))};
  }

  /// y [.., p, m] times w_n^(sign k1 j2).
  Cx twiddled(Cx y, int64_t n, int sign) {
    ArrayRef<int64_t> shape = shapeOf(y.re);
    int64_t radix = shape[shape.size() - 2], m = shape.back();
    SmallVector<std::complex<double>> factors;
    for (int64_t k1 = 0; k1 < radix; ++k1)
      for (int64_t j2 = 0; j2 < m; ++j2)
        factors.push_back(unitRoot(sign * 2 * ((k1 * j2) % n), n));
    return mul(y, constant({radix, m}, factors));
  }

  /// Bluestein: X[k] = c[k] sum_j (x[j] c[j]) conj(c[k-j]), c[j] =
  /// e^(sign i pi j^2/n), the convolution by power-of-two DFTs.
  Cx bluestein(Cx x, int sign) {
    SmallVector<int64_t> shape(shapeOf(x.re));
    int64_t rank = shape.size(), n = shape.back();
    int64_t size = 1;
    while (size < 2 * n - 1)
      size *= 2;
    SmallVector<std::complex<double>> chirp;
    for (int64_t j = 0; j < n; ++j)
      chirp.push_back(unitRoot(sign * ((j * j) % (2 * n)), n));
    std::vector<std::complex<double>> kernel(size, 0.0);
    for (int64_t j = 0; j < n; ++j) {
      kernel[j] = std::conj(chirp[j]);
      if (j > 0)
        kernel[size - j] = std::conj(chirp[j]);
    }
    hostFft(kernel);
    for (std::complex<double> &value : kernel)
      value /= double(size); // the inverse DFT's 1/size, folded in
    Cx c = constant({n}, chirp);
    Cx a = mul(x, c);
    SmallVector<std::pair<int64_t, int64_t>> pads(rank, {0, 0});
    pads.back() = {0, size - n};
    a = {paddedWith(p_, a.re, pads, 0.0), paddedWith(p_, a.im, pads, 0.0)};
    Cx spectrum = mul(along(a, -1), constant({size}, kernel));
    Cx convolved = along(spectrum, +1);
    Cx first = {sliceDim(p_, convolved.re, rank - 1, 0, n, 1),
                sliceDim(p_, convolved.im, rank - 1, 0, n, 1)};
    return mul(first, c);
  }

  PrimBuilder &p_;
  Type element_;
};

/// x trimmed or zero-padded at the end of `dim` to `size`.
Value resizedAlong(PrimBuilder &p, Value x, int64_t dim, int64_t size) {
  if (!x)
    return x;
  int64_t current = cast<RankedTensorType>(x.getType()).getDimSize(dim);
  if (size == current)
    return x;
  if (size < current)
    return sliceDim(p, x, dim, 0, size, 1);
  SmallVector<std::pair<int64_t, int64_t>> pads(cast<RankedTensorType>(x.getType()).getRank(),
                                                {0, 0});
  pads[dim] = {0, size - current};
  return paddedWith(p, x, pads, 0.0);
}

Cx resizedAlong(PrimBuilder &p, Cx x, int64_t dim, int64_t size) {
  return {resizedAlong(p, x.re, dim, size), resizedAlong(p, x.im, dim, size)};
}

/// The DFT along `dim` (moved last and back).
Cx transformAlong(Dft &dft, Cx x, int64_t dim, int sign) {
  if (!x.re || !x.im)
    return {};
  int64_t rank = Dft::shapeOf(x.re).size();
  if (dim == rank - 1)
    return dft.along(x, sign);
  SmallVector<int64_t> toLast, back(rank);
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim)
      toLast.push_back(d);
  toLast.push_back(dim);
  for (int64_t d = 0; d < rank; ++d)
    back[toLast[d]] = d;
  return dft.transpose(dft.along(dft.transpose(x, toLast), sign), back);
}

/// The scale norm gives a transform of signal size n in this direction.
std::optional<double> scaleOf(std::optional<StringRef> norm, int64_t n, bool forward) {
  StringRef mode = norm.value_or("backward");
  if (mode == "ortho")
    return 1.0 / std::sqrt(double(n));
  if (mode == "backward")
    return forward ? 1.0 : 1.0 / double(n);
  if (mode == "forward")
    return forward ? 1.0 / double(n) : 1.0;
  return std::nullopt;
}

enum class Form { c2c, r2c, c2r };
enum class Dims { one, two, n };

/// The transformed dims (normalized) and their signal sizes.
struct Plan {
  SmallVector<int64_t> dims, sizes;
};

/// Reads n/dim (1-d) or s/dim (2-d, n-d) as torch does; the c2r default
/// for the last dim is 2 (m - 1) of its m input bins.
std::optional<Plan> planOf(const CallArgs &args, RankedTensorType self, Dims kind, Form form) {
  int64_t rank = self.getRank();
  Plan plan;
  std::optional<SmallVector<int64_t>> sizes;
  if (kind == Dims::one) {
    plan.dims = {args.integer("dim").value_or(-1)};
    if (!args.isNone("n")) {
      auto n = args.integer("n");
      if (!n)
        return std::nullopt;
      sizes = SmallVector<int64_t>{*n};
    }
  } else {
    if (!args.isNone("s")) {
      sizes = args.integers("s");
      if (!sizes)
        return std::nullopt;
    }
    if (!args.isNone("dim")) {
      auto dims = args.integers("dim");
      if (!dims)
        return std::nullopt;
      plan.dims = *dims;
    } else if (kind == Dims::two) {
      plan.dims = {-2, -1};
    } else {
      int64_t count = sizes ? int64_t(sizes->size()) : rank;
      for (int64_t d = rank - count; d < rank; ++d)
        plan.dims.push_back(d);
    }
  }
  if (plan.dims.empty() || (sizes && sizes->size() != plan.dims.size()))
    return std::nullopt;
  for (size_t index = 0; index < plan.dims.size(); ++index) {
    int64_t &dim = plan.dims[index];
    std::optional<int64_t> shaped = shapeDim(dim, self);
    if (!shaped || self.isDynamicDim(*shaped) ||
        llvm::is_contained(ArrayRef<int64_t>(plan.dims).take_front(index), *shaped))
      return std::nullopt;
    dim = *shaped;
    int64_t size = self.getDimSize(dim);
    bool last = index + 1 == plan.dims.size();
    int64_t signal = sizes && (*sizes)[index] != -1 ? (*sizes)[index]
                     : form == Form::c2r && last   ? 2 * (size - 1)
                                                   : size;
    if (signal < 1)
      return std::nullopt;
    plan.sizes.push_back(signal);
  }
  return plan;
}

/// fft_{fft,ifft,rfft,irfft,hfft,ihfft}{,2,n}: `sign` -1 for the forward
/// transforms, +1 for the inverse ones.
template <Form form, int sign, Dims kind>
LogicalResult fftOp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  RankedTensorType type = resultType(call);
  if (!self || !type)
    return rewriter.notifyMatchFailure(call, "expects a tensor");
  auto selfType = cast<RankedTensorType>(self.getType());
  if (form == Form::r2c && isComplexTensor(selfType))
    return rewriter.notifyMatchFailure(call, "rfft and ihfft take a real tensor");
  if (!selfType.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "FFTs of a dynamic shape are not supported yet");
  std::optional<Plan> plan = planOf(args, selfType, kind, form);
  if (!plan)
    return rewriter.notifyMatchFailure(call, "expects distinct static dims and sizes >= 1");
  // The twiddle and chirp tables are built here, up to 4 n entries (a
  // Bluestein length's power of two): a length of 2^40 (pt2c's mutation
  // fuzzer) kept the compiler busy for good.
  for (int64_t size : plan->sizes)
    if (!indexTableFits(call.getLoc(), {4, size}, "an FFT's twiddle tables"))
      return failure();
  Type element = isComplexTensor(type) ? cast<ComplexType>(type.getElementType()).getElementType()
                                       : type.getElementType();
  if (!isa<FloatType>(element))
    return rewriter.notifyMatchFailure(call, "expects a float or complex result");
  Type compute = computeType(RankedTensorType::get({}, element)).getElementType();
  PrimBuilder p(rewriter, call.getLoc());
  Dft dft(p, compute);
  Cx x = complexParts(p, self, compute);
  bool forward = sign < 0;
  double scale = 1.0;
  for (int64_t size : plan->sizes) {
    std::optional<double> factor = scaleOf(args.string("norm"), size, forward);
    if (!factor)
      return rewriter.notifyMatchFailure(call, "norm must be backward, forward or ortho");
    scale *= *factor;
  }
  int64_t last = plan->dims.back(), lastSize = plan->sizes.back();
  for (auto [dim, size] : llvm::zip(plan->dims, plan->sizes))
    x = resizedAlong(p, x, dim, form == Form::c2r && dim == last ? lastSize / 2 + 1 : size);
  if (form == Form::r2c) {
    x = transformAlong(dft, x, last, sign);
    x = {sliceDim(p, x.re, last, 0, lastSize / 2 + 1, 1),
         sliceDim(p, x.im, last, 0, lastSize / 2 + 1, 1)};
  }
  for (int64_t dim : plan->dims)
    if (form == Form::c2c || dim != last)
      x = transformAlong(dft, x, dim, sign);
  if (form == Form::c2r) {
    // The full spectrum: bins [0, h) as given, then conj X[n-k] for k in
    // [h, n), i.e. bins n-h, ..., 1 reversed.
    int64_t half = lastSize / 2 + 1, mirrored = lastSize - half;
    if (mirrored > 0) {
      auto dims = rewriter.getDenseI64ArrayAttr({last});
      Value tailRe = p.create<prim::ReverseOp>(sliceDim(p, x.re, last, 1, mirrored + 1, 1), dims);
      Value tailIm = p.create<prim::ReverseOp>(sliceDim(p, x.im, last, 1, mirrored + 1, 1), dims);
      auto join = [&](Value a, Value b) {
        return p.create<prim::ConcatenateOp>(ValueRange{a, b}, rewriter.getI64IntegerAttr(last));
      };
      x = {join(x.re, tailRe), join(x.im, p.create<prim::NegOp>(tailIm))};
    }
    x = transformAlong(dft, x, last, sign);
  }
  x = dft.scaled(x, scale);
  if (isComplexTensor(type))
    return replaceChecked(call, complexOfParts(p, x, type), rewriter);
  return replaceChecked(call, p.convert(x.re, type.getElementType()), rewriter);
}

// stft(self, n_fft, hop_length, win_length, window, normalized, onesided,
// return_complex): frames of n_fft samples every hop_length (n_fft / 4 by
// default), times the window (ones of win_length by default, zero-padded
// on both sides to n_fft), each transformed; [.., bins, frames]. (center
// and its padding are applied before the node, in the exported graph.)
LogicalResult stft(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  RankedTensorType type = resultType(call);
  auto nFft = args.integer("n_fft");
  if (!self || !type || !nFft || !isComplexTensor(type))
    return rewriter.notifyMatchFailure(call, "expects a tensor, n_fft and a complex result");
  auto selfType = cast<RankedTensorType>(self.getType());
  if (isComplexTensor(selfType) || !selfType.hasStaticShape() ||
      (selfType.getRank() != 1 && selfType.getRank() != 2))
    return rewriter.notifyMatchFailure(call, "expects a real 1-d or 2-d tensor of static shape");
  if (args.boolean("align_to_window").value_or(false))
    return rewriter.notifyMatchFailure(call, "align_to_window is not supported");
  int64_t hop = args.isNone("hop_length") ? *nFft / 4 : args.integer("hop_length").value_or(0);
  int64_t window = args.isNone("win_length") ? *nFft : args.integer("win_length").value_or(0);
  int64_t length = selfType.getShape().back(), rank = selfType.getRank();
  if (*nFft < 1 || *nFft > length || hop < 1 || window < 1 || window > *nFft)
    return rewriter.notifyMatchFailure(call, "expects 0 < win_length <= n_fft <= the length, hop > 0");
  bool onesided = args.boolean("onesided").value_or(true);
  int64_t frames = 1 + (length - *nFft) / hop, bins = onesided ? *nFft / 2 + 1 : *nFft;
  if (!indexTableFits(call.getLoc(), {frames, *nFft}, "stft's frames"))
    return failure();
  Type part = cast<ComplexType>(type.getElementType()).getElementType();
  Type compute = computeType(RankedTensorType::get({}, part)).getElementType();
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<int64_t> starts;
  for (int64_t t = 0; t < frames; ++t)
    for (int64_t f = 0; f < *nFft; ++f)
      starts.push_back(t * hop + f);
  auto indexType = RankedTensorType::get({frames, *nFft}, rewriter.getI64Type());
  Value index = p.create<prim::ConstantOp>(DenseElementsAttr::get(indexType, ArrayRef<int64_t>(starts)));
  Value framed = p.create<prim::TakeOp>(p.convert(self, compute), index,
                                        rewriter.getI64IntegerAttr(rank - 1));
  if (Value given = tensorArg(args, "window")) {
    auto givenType = cast<RankedTensorType>(given.getType());
    if (givenType.getRank() != 1 || givenType.getDimSize(0) != window)
      return rewriter.notifyMatchFailure(call, "expects a 1-d window of win_length");
    int64_t left = (*nFft - window) / 2;
    Value padded = paddedWith(p, p.convert(given, compute), {{left, *nFft - window - left}}, 0.0);
    framed = p.create<prim::MulOp>(
        framed, p.broadcastTo(padded, cast<RankedTensorType>(framed.getType()), {}));
  } else if (window < *nFft) {
    int64_t left = (*nFft - window) / 2;
    Value rect = paddedWith(p, p.splat(1.0, RankedTensorType::get({window}, compute), {}),
                            {{left, *nFft - window - left}}, 0.0);
    framed = p.create<prim::MulOp>(
        framed, p.broadcastTo(rect, cast<RankedTensorType>(framed.getType()), {}));
  }
  Dft dft(p, compute);
  Cx x = complexParts(p, framed, compute);
  int64_t frameDim = rank; // framed: [.., frames, n_fft]
  x = dft.along(x, -1);
  x = {sliceDim(p, x.re, frameDim, 0, bins, 1), sliceDim(p, x.im, frameDim, 0, bins, 1)};
  if (args.boolean("normalized").value_or(false))
    x = dft.scaled(x, 1.0 / std::sqrt(double(*nFft)));
  SmallVector<int64_t> swapLast = llvm::to_vector(llvm::seq<int64_t>(0, rank + 1));
  std::swap(swapLast[rank - 1], swapLast[rank]);
  return replaceChecked(call, complexOfParts(p, dft.transpose(x, swapLast), type), rewriter);
}

constexpr const char *kPrims =
    "reshape, transpose, slice, pad, concatenate, reverse, broadcast_in_dim, mul, add, sub, "
    "neg, reduce, constant";
constexpr const char *kStftPrims =
    "take, reshape, transpose, slice, pad, concatenate, broadcast_in_dim, mul, add, sub, reduce, "
    "constant";

} // namespace

void addFftDecompositions(std::vector<Decomposition> &table) {
  table.insert(
      table.end(),
      {
          {"aten.fft_fft.default", "fft", kPrims, fftOp<Form::c2c, -1, Dims::one>, true},
          {"aten.fft_ifft.default", "fft", kPrims, fftOp<Form::c2c, +1, Dims::one>, true},
          {"aten.fft_rfft.default", "fft", kPrims, fftOp<Form::r2c, -1, Dims::one>, true},
          {"aten.fft_ihfft.default", "fft", kPrims, fftOp<Form::r2c, +1, Dims::one>, true},
          {"aten.fft_irfft.default", "fft", kPrims, fftOp<Form::c2r, +1, Dims::one>, true},
          {"aten.fft_hfft.default", "fft", kPrims, fftOp<Form::c2r, -1, Dims::one>, true},
          {"aten.fft_fft2.default", "fft", kPrims, fftOp<Form::c2c, -1, Dims::two>, true},
          {"aten.fft_ifft2.default", "fft", kPrims, fftOp<Form::c2c, +1, Dims::two>, true},
          {"aten.fft_rfft2.default", "fft", kPrims, fftOp<Form::r2c, -1, Dims::two>, true},
          {"aten.fft_ihfft2.default", "fft", kPrims, fftOp<Form::r2c, +1, Dims::two>, true},
          {"aten.fft_irfft2.default", "fft", kPrims, fftOp<Form::c2r, +1, Dims::two>, true},
          {"aten.fft_hfft2.default", "fft", kPrims, fftOp<Form::c2r, -1, Dims::two>, true},
          {"aten.fft_fftn.default", "fft", kPrims, fftOp<Form::c2c, -1, Dims::n>, true},
          {"aten.fft_ifftn.default", "fft", kPrims, fftOp<Form::c2c, +1, Dims::n>, true},
          {"aten.fft_rfftn.default", "fft", kPrims, fftOp<Form::r2c, -1, Dims::n>, true},
          {"aten.fft_ihfftn.default", "fft", kPrims, fftOp<Form::r2c, +1, Dims::n>, true},
          {"aten.fft_irfftn.default", "fft", kPrims, fftOp<Form::c2r, +1, Dims::n>, true},
          {"aten.fft_hfftn.default", "fft", kPrims, fftOp<Form::c2r, -1, Dims::n>, true},
          {"aten.stft.default", "fft", kStftPrims, stft, true},
      });
}

} // namespace pt2c
