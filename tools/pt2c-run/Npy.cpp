//===- Npy.cpp - Parsing one NumPy .npy array -----------------------------===//
//
// Format: "\x93NUMPY", major, minor, a little-endian header length (2 bytes
// in 1.0, 4 in 2.0/3.0), then a Python dict literal such as
// {'descr': '<f4', 'fortran_order': False, 'shape': (4, 64), }
// padded with spaces and '\n', then the raw elements.
//
//===----------------------------------------------------------------------===//

#include "Npz.h"

#include <cstring>
#include <sstream>

namespace pt2c::run {
namespace {

/// The dtypes pt2c models use; bfloat16 arrives as float32 (docs/design.md).
struct Descr {
  const char *text;
  DLDataType dtype;
};
constexpr uint8_t kBool = 6; // PT2C_DL_BOOL
const Descr kDescrs[] = {
    {"<f4", {kDLFloat, 32, 1}}, {"<f8", {kDLFloat, 64, 1}},
    {"<c8", {kDLComplex, 64, 1}}, {"<c16", {kDLComplex, 128, 1}},
    {"<f2", {kDLFloat, 16, 1}}, {"<i8", {kDLInt, 64, 1}},
    {"<i4", {kDLInt, 32, 1}},   {"<i2", {kDLInt, 16, 1}},
    {"|i1", {kDLInt, 8, 1}},    {"|u1", {kDLUInt, 8, 1}},
    {"<u2", {kDLUInt, 16, 1}},  {"<u4", {kDLUInt, 32, 1}},
    {"<u8", {kDLUInt, 64, 1}},  {"|b1", {kBool, 8, 1}},
};

/// A cursor over the header dict. Just enough of Python's literal syntax
/// for what numpy writes: strings, True/False, tuples of integers.
class HeaderParser {
public:
  explicit HeaderParser(const std::string &text) : text(text) {}

  bool parse(NpyArray &array, bool &fortranOrder, std::string &error) {
    bool haveDescr = false, haveOrder = false, haveShape = false;
    if (!expect('{'))
      return fail(error, "expected '{'");
    while (true) {
      skipSpace();
      if (peek() == '}')
        break;
      std::string key;
      if (!parseString(key))
        return fail(error, "expected a quoted key");
      if (!expect(':'))
        return fail(error, "expected ':' after '" + key + "'");
      skipSpace();
      if (key == "descr") {
        if (peek() != '\'' && peek() != '"')
          return fail(error, "'descr' is not a string (structured dtypes "
                             "are not supported)");
        if (!parseString(array.descr))
          return fail(error, "bad 'descr' string");
        haveDescr = true;
      } else if (key == "fortran_order") {
        if (!parseBool(fortranOrder))
          return fail(error, "'fortran_order' is not True or False");
        haveOrder = true;
      } else if (key == "shape") {
        if (!parseShape(array.shape, error))
          return false;
        haveShape = true;
      } else {
        return fail(error, "unexpected key '" + key + "'");
      }
      skipSpace();
      if (peek() == ',')
        ++pos;
    }
    if (!haveDescr || !haveOrder || !haveShape)
      return fail(error, std::string("missing key '") +
                             (!haveDescr   ? "descr"
                              : !haveOrder ? "fortran_order"
                                           : "shape") +
                             "'");
    return true;
  }

private:
  const std::string &text;
  size_t pos = 0;

  char peek() const { return pos < text.size() ? text[pos] : '\0'; }
  void skipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t' ||
                                 text[pos] == '\n' || text[pos] == '\r'))
      ++pos;
  }
  bool expect(char c) {
    skipSpace();
    if (peek() != c)
      return false;
    ++pos;
    return true;
  }
  bool fail(std::string &error, const std::string &what) {
    error = "bad .npy header at offset " + std::to_string(pos) + ": " + what;
    return false;
  }
  bool parseString(std::string &out) {
    skipSpace();
    char quote = peek();
    if (quote != '\'' && quote != '"')
      return false;
    size_t end = text.find(quote, pos + 1);
    if (end == std::string::npos)
      return false;
    out = text.substr(pos + 1, end - pos - 1);
    pos = end + 1;
    return true;
  }
  bool parseBool(bool &out) {
    if (text.compare(pos, 4, "True") == 0) {
      out = true;
      pos += 4;
      return true;
    }
    if (text.compare(pos, 5, "False") == 0) {
      out = false;
      pos += 5;
      return true;
    }
    return false;
  }
  bool parseShape(std::vector<int64_t> &shape, std::string &error) {
    if (!expect('('))
      return fail(error, "'shape' is not a tuple");
    while (true) {
      skipSpace();
      if (peek() == ')') {
        ++pos;
        return true;
      }
      if (peek() < '0' || peek() > '9')
        return fail(error, "'shape' holds something other than sizes >= 0");
      int64_t value = 0;
      while (peek() >= '0' && peek() <= '9') {
        if (__builtin_mul_overflow(value, 10, &value) ||
            __builtin_add_overflow(value, peek() - '0', &value))
          return fail(error, "a size in 'shape' overflows int64");
        ++pos;
      }
      if (peek() == 'L') // Python 2's long suffix
        ++pos;
      shape.push_back(value);
      skipSpace();
      if (peek() == ',')
        ++pos;
      else if (peek() != ')')
        return fail(error, "expected ',' or ')' in 'shape'");
    }
  }
};

uint32_t readLE(const uint8_t *p, size_t bytes) {
  uint32_t value = 0;
  for (size_t i = 0; i < bytes; ++i)
    value |= uint32_t(p[i]) << (8 * i);
  return value;
}

std::string supportedDescrs() {
  std::string list;
  for (const Descr &d : kDescrs)
    list += (list.empty() ? "" : " ") + std::string(d.text);
  return list;
}

} // namespace

const char *npyDescrOf(DLDataType dtype) {
  for (const Descr &descr : kDescrs)
    if (descr.dtype.code == dtype.code && descr.dtype.bits == dtype.bits &&
        descr.dtype.lanes == dtype.lanes)
      return descr.text;
  return nullptr;
}

int64_t NpyArray::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::string dtypeName(DLDataType dtype) {
  if (dtype.code == kBool && dtype.bits == 8)
    return "bool";
  const char *base = dtype.code == kDLInt      ? "int"
                     : dtype.code == kDLUInt   ? "uint"
                     : dtype.code == kDLFloat  ? "float"
                     : dtype.code == kDLBfloat ? "bfloat"
                     : dtype.code == kDLComplex ? "complex"
                                               : nullptr;
  if (!base)
    return "dtype(code " + std::to_string(dtype.code) + ", bits " +
           std::to_string(dtype.bits) + ")";
  std::string name = base + std::to_string(dtype.bits);
  if (dtype.lanes != 1)
    name += "x" + std::to_string(dtype.lanes);
  return name;
}

std::string shapeText(const int64_t *dims, size_t rank) {
  std::ostringstream out;
  out << "[";
  for (size_t d = 0; d < rank; ++d)
    out << (d ? ", " : "") << dims[d];
  out << "]";
  return out.str();
}

/// The elements of a Fortran-order (first index fastest) array of `shape`
/// in C order (last index fastest).
static std::vector<uint8_t> fortranToC(const std::vector<uint8_t> &fortran,
                                       const std::vector<int64_t> &shape, size_t elementBytes) {
  std::vector<uint8_t> c(fortran.size());
  size_t rank = shape.size();
  std::vector<int64_t> index(rank, 0), fortranStride(rank, 1);
  for (size_t d = 1; d < rank; ++d)
    fortranStride[d] = fortranStride[d - 1] * shape[d - 1];
  size_t elements = elementBytes ? fortran.size() / elementBytes : 0;
  for (size_t k = 0; k < elements; ++k) {
    int64_t from = 0;
    for (size_t d = 0; d < rank; ++d)
      from += index[d] * fortranStride[d];
    std::memcpy(c.data() + k * elementBytes, fortran.data() + size_t(from) * elementBytes,
                elementBytes);
    for (size_t d = rank; d-- > 0;) // the next C-order index
      if (++index[d] < shape[d])
        break;
      else
        index[d] = 0;
  }
  return c;
}

bool parseNpy(const uint8_t *bytes, size_t size, const std::string &what,
              NpyArray &array, std::string &error) {
  auto fail = [&](const std::string &message) {
    error = what + ": " + message;
    return false;
  };
  static const uint8_t kMagic[] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
  if (size < 10 || std::memcmp(bytes, kMagic, sizeof(kMagic)) != 0)
    return fail("not an .npy file (no \\x93NUMPY magic)");
  unsigned major = bytes[6];
  if (major < 1 || major > 3)
    return fail("unsupported .npy format version " + std::to_string(major) +
                "." + std::to_string(bytes[7]));
  size_t lengthBytes = major == 1 ? 2 : 4;
  size_t headerStart = 8 + lengthBytes;
  if (size < headerStart)
    return fail("truncated .npy header");
  size_t headerLength = readLE(bytes + 8, lengthBytes);
  if (headerLength > size - headerStart)
    return fail("the .npy header (" + std::to_string(headerLength) +
                " bytes) runs past the end of the data (" +
                std::to_string(size) + " bytes)");
  std::string header(reinterpret_cast<const char *>(bytes + headerStart),
                     headerLength);

  bool fortranOrder = false;
  std::string headerError;
  if (!HeaderParser(header).parse(array, fortranOrder, headerError))
    return fail(headerError);

  const Descr *descr = nullptr;
  for (const Descr &d : kDescrs)
    if (array.descr == d.text)
      descr = &d;
  if (!descr && array.descr.size() == 3 && array.descr[0] == '>')
    return fail("big-endian dtype '" + array.descr +
                "' is not supported (save as little-endian)");
  if (!descr)
    return fail("dtype '" + array.descr +
                "' is not supported (supported: " + supportedDescrs() + ")");
  array.dtype = descr->dtype;

  uint64_t bytesNeeded = array.elementBytes();
  for (int64_t d : array.shape)
    if (__builtin_mul_overflow(bytesNeeded, uint64_t(d), &bytesNeeded))
      return fail("shape " + shapeText(array.shape.data(), array.shape.size()) +
                  " is too large");
  size_t dataStart = headerStart + headerLength;
  uint64_t bytesGiven = size - dataStart;
  if (bytesGiven != bytesNeeded)
    return fail("holds " + std::to_string(bytesGiven) + " bytes of data, but " +
                array.descr + " " +
                shapeText(array.shape.data(), array.shape.size()) + " needs " +
                std::to_string(bytesNeeded));
  array.data.assign(bytes + dataStart, bytes + size);
  // numpy saves a transposed (Fortran-order) array as it lies in memory:
  // reorder it into the C order the model reads.
  if (fortranOrder && array.shape.size() > 1)
    array.data = fortranToC(array.data, array.shape, array.elementBytes());
  return true;
}

} // namespace pt2c::run
