//===- NpzTest.cpp - pt2c-run's .npz reader on fixtures and broken files --===//

#include "Npz.h"
#include "NpzWriter.h"
#include "TestNpz.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>

#include <unistd.h>

using namespace pt2c::run;
using namespace pt2c::test;
using Catch::Matchers::Contains;

namespace {

std::string fixture(const std::string &name) {
  return std::string(PT2C_TEST_DATA) + "/" + name;
}

struct Expected {
  const char *name;
  DLDataType dtype;
  std::vector<int64_t> shape;
};

constexpr DLDataType kF32{kDLFloat, 32, 1}, kI64{kDLInt, 64, 1};

void checkArrays(const std::string &file, const std::vector<Expected> &want) {
  std::vector<NpyArray> arrays;
  std::string error;
  INFO(file);
  REQUIRE(readNpz(fixture(file), arrays, error));
  INFO(error);
  REQUIRE(arrays.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    const NpyArray &array = arrays[i];
    CHECK(array.name == want[i].name);
    CHECK(array.dtype.code == want[i].dtype.code);
    CHECK(array.dtype.bits == want[i].dtype.bits);
    CHECK(array.shape == want[i].shape);
    CHECK(array.data.size() ==
          size_t(array.numElements()) * array.elementBytes());
  }
}

/// Parses bytes that must be refused; returns the message.
std::string refuse(const std::string &bytes) {
  std::vector<NpyArray> arrays;
  std::string error;
  bool ok = parseNpz(reinterpret_cast<const uint8_t *>(bytes.data()),
                     bytes.size(), "t.npz", arrays, error);
  CHECK_FALSE(ok);
  return error;
}

std::vector<NpyArray> accept(const std::string &bytes) {
  std::vector<NpyArray> arrays;
  std::string error;
  bool ok = parseNpz(reinterpret_cast<const uint8_t *>(bytes.data()),
                     bytes.size(), "t.npz", arrays, error);
  INFO(error);
  CHECK(ok);
  return arrays;
}

std::string floats(size_t n) { return bytesOf(std::vector<float>(n, 1.5f)); }

/// The central directory's offset, from the end record.
size_t directoryOffset(const std::string &zip) {
  size_t end = zip.size() - 22;
  uint32_t offset;
  std::memcpy(&offset, zip.data() + end + 16, 4);
  return offset;
}

} // namespace

TEST_CASE("npz fixtures: names and dtypes and shapes", "[runtime][npz]") {
  checkArrays("mlp.io.npz", {{"in0", kF32, {4, 64}}, {"out0", kF32, {4, 10}}});
  checkArrays("mlp_dynamic.io.npz",
              {{"in0", kF32, {3, 64}}, {"out0", kF32, {3, 10}}});
  checkArrays("mlp_dynamic.io2.npz",
              {{"in0", kF32, {5, 64}}, {"out0", kF32, {5, 10}}});
  checkArrays("convnet.io.npz",
              {{"in0", kF32, {2, 3, 32, 32}}, {"out0", kF32, {2, 10}}});
  checkArrays("attention_block.io.npz",
              {{"in0", kF32, {2, 16, 64}}, {"out0", kF32, {2, 16, 64}}});
  checkArrays("tiny_unet.io.npz",
              {{"in0", kF32, {1, 3, 32, 32}}, {"out0", kF32, {1, 2, 32, 32}}});
  checkArrays("squeezenet1_1.io.npz",
              {{"in0", kF32, {1, 3, 96, 96}}, {"out0", kF32, {1, 1000}}});
  checkArrays("mobilenet_v3_small.io.npz",
              {{"in0", kF32, {2, 3, 96, 96}}, {"out0", kF32, {2, 1000}}});
  checkArrays("vit_tiny.io.npz",
              {{"in0", kF32, {2, 3, 32, 32}}, {"out0", kF32, {2, 10}}});
  checkArrays("bert_tiny.io.npz", {{"in0", kI64, {2, 16}},
                                   {"in1", kI64, {2, 16}},
                                   {"out0", kF32, {2, 16, 128}},
                                   {"out1", kF32, {2, 128}}});
  checkArrays("gpt2_tiny.io.npz",
              {{"in0", kI64, {2, 16}}, {"out0", kF32, {2, 16, 1024}}});
  checkArrays("llama_tiny.io.npz",
              {{"in0", kI64, {2, 16}}, {"out0", kF32, {2, 16, 1024}}});
}

TEST_CASE("npz fixtures: element values", "[runtime][npz]") {
  // Values read with python3's zipfile + struct from the same files.
  std::vector<NpyArray> arrays;
  std::string error;
  REQUIRE(readNpz(fixture("mlp.io.npz"), arrays, error));
  const NpyArray *in0 = findArray(arrays, "in0");
  const NpyArray *out0 = findArray(arrays, "out0");
  REQUIRE(in0);
  REQUIRE(out0);
  float first, last;
  std::memcpy(&first, in0->data.data(), 4);
  std::memcpy(&last, out0->data.data() + out0->data.size() - 4, 4);
  CHECK(first == 0.3298567533493042f);
  CHECK(last == 0.06468185037374496f);
  CHECK(findArray(arrays, "in1") == nullptr);

  arrays.clear();
  REQUIRE(readNpz(fixture("bert_tiny.io.npz"), arrays, error));
  int64_t token;
  std::memcpy(&token, arrays[0].data.data() + 8, 8);
  CHECK(token == 497);
}

TEST_CASE("npz: every supported dtype and npy versions 1 to 3 and deflate",
          "[runtime][npz]") {
  std::vector<TestMember> members = {
      {"f4.npy", makeNpy(npyHeader("<f4", "(2, 3)"), floats(6))},
      {"f8.npy", makeNpy(npyHeader("<f8", "(2,)"), std::string(16, '\0'))},
      {"f2.npy", makeNpy(npyHeader("<f2", "(3,)"), std::string(6, '\0'))},
      {"i8.npy", makeNpy(npyHeader("<i8", "()"), std::string(8, '\0'))},
      {"i4.npy", makeNpy(npyHeader("<i4", "(1, 1)"), std::string(4, '\0'))},
      {"i2.npy", makeNpy(npyHeader("<i2", "(2,)"), std::string(4, '\0'))},
      {"i1.npy", makeNpy(npyHeader("|i1", "(5,)"), std::string(5, '\0'))},
      {"u1.npy", makeNpy(npyHeader("|u1", "(0, 4)"), "")},
      {"b1.npy", makeNpy(npyHeader("|b1", "(2,)"), std::string("\1\0", 2))},
      {"v2.npy", makeNpy(npyHeader("<f4", "(4,)"), floats(4), 2)},
      {"v3.npy", makeNpy(npyHeader("<f4", "(4,)"), floats(4), 3), true},
      {"big.npy", makeNpy(npyHeader("<f4", "(1000,)"), floats(1000)), true},
  };
  std::vector<NpyArray> arrays = accept(makeZip(members));
  REQUIRE(arrays.size() == members.size());
  auto dtype = [&](size_t i) {
    return std::make_pair(int(arrays[i].dtype.code), int(arrays[i].dtype.bits));
  };
  CHECK(dtype(0) == std::make_pair(2, 32));
  CHECK(dtype(1) == std::make_pair(2, 64));
  CHECK(dtype(2) == std::make_pair(2, 16));
  CHECK(dtype(3) == std::make_pair(0, 64));
  CHECK(dtype(6) == std::make_pair(0, 8));
  CHECK(dtype(7) == std::make_pair(1, 8));
  CHECK(dtype(8) == std::make_pair(6, 8));
  CHECK(arrays[0].shape == std::vector<int64_t>{2, 3});
  CHECK(arrays[3].shape.empty()); // a scalar
  CHECK(arrays[3].numElements() == 1);
  CHECK(arrays[7].numElements() == 0);
  CHECK(arrays[8].data == std::vector<uint8_t>{1, 0});
  float value;
  std::memcpy(&value, arrays[11].data.data() + 4 * 999, 4);
  CHECK(value == 1.5f);
  CHECK(arrays[11].name == "big");
}

TEST_CASE("npz: a Fortran-order array is read into C order", "[runtime][npz]") {
  // numpy.save(np.arange(6, dtype=np.float32).reshape(2, 3).T): shape
  // (3, 2), stored column by column: 0 1 2 3 4 5 in memory are the C-order
  // [[0, 3], [1, 4], [2, 5]].
  std::vector<TestMember> members = {
      {"t.npy", makeNpy(npyHeader("<f4", "(3, 2)", true),
                        bytesOf(std::vector<float>{0, 1, 2, 3, 4, 5}))},
      {"v.npy", makeNpy(npyHeader("<f4", "(3,)", true), bytesOf(std::vector<float>{7, 8, 9}))},
  };
  std::vector<NpyArray> arrays = accept(makeZip(members));
  REQUIRE(arrays.size() == 2);
  CHECK(arrays[0].shape == std::vector<int64_t>{3, 2});
  std::vector<float> values(6);
  std::memcpy(values.data(), arrays[0].data.data(), 24);
  CHECK(values == std::vector<float>{0, 3, 1, 4, 2, 5});
  std::vector<float> vector(3);
  std::memcpy(vector.data(), arrays[1].data.data(), 12);
  CHECK(vector == std::vector<float>{7, 8, 9});
}

TEST_CASE("npz: broken zips are refused with a message", "[runtime][npz]") {
  CHECK_THAT(refuse("hello"), Contains("not a zip file (too short)"));
  CHECK_THAT(refuse(std::string(100, 'x')),
             Contains("no end of central directory record"));

  std::string good =
      makeZip({{"in0.npy", makeNpy(npyHeader("<f4", "(4,)"), floats(4))}});
  CHECK_THAT(refuse(good.substr(0, good.size() / 2)),
             Contains("no end of central directory record"));

  std::string zip = good;
  zip[directoryOffset(zip) + 10] = 12; // method: bzip2
  CHECK_THAT(refuse(zip),
             Contains("member 'in0.npy' uses compression method 12 (only "
                      "stored and deflate are supported)"));

  zip = good;
  zip[directoryOffset(zip) + 42] = char(0xf0); // local offset far away
  CHECK_THAT(refuse(zip), Contains("local header missing or out of bounds"));

  zip = good;
  zip[30 + 7 + 64 + 6] ^= 0x40; // a byte of the floats
  CHECK_THAT(refuse(zip), Contains("CRC-32 mismatch"));

  zip = good;
  zip[directoryOffset(zip) + 20] = char(0xff); // compressed size
  CHECK_THAT(refuse(zip), Contains("data runs past the end of the file"));

  zip = good;
  zip[directoryOffset(zip) + 8] = 1; // encrypted
  CHECK_THAT(refuse(zip), Contains("is encrypted"));

  std::string deflated = makeZip(
      {{"in0.npy", makeNpy(npyHeader("<f4", "(400,)"), floats(400)), true}});
  std::string oversized = deflated;
  for (int i = 0; i < 4; ++i) // plain size 0x7fffffff, refused unallocated
    oversized[directoryOffset(oversized) + 24 + i] = i == 3 ? 0x7f : char(0xff);
  CHECK_THAT(refuse(oversized),
             Contains("member 'in0.npy' claims 2147483647 bytes from"));
  deflated[30 + 7 + 3] ^= 0x5a;
  CHECK_THAT(refuse(deflated), Contains("member 'in0.npy'"));

  CHECK_THAT(refuse(makeZip({{"notes.txt", "hello"}})),
             Contains("member 'notes.txt' is not an .npy file"));
  std::string npy = makeNpy(npyHeader("<f4", "(1,)"), floats(1));
  CHECK_THAT(refuse(makeZip({{"a.npy", npy}, {"a.npy", npy}})),
             Contains("member 'a.npy' appears twice"));

  std::vector<NpyArray> arrays;
  std::string error;
  CHECK_FALSE(readNpz("/nonexistent/x.npz", arrays, error));
  CHECK_THAT(error, Contains("/nonexistent/x.npz: cannot open the file"));
  // A directory opens as a stream and used to throw on the first read.
  CHECK_FALSE(readNpz("/tmp", arrays, error));
  CHECK_THAT(error, Contains("/tmp: is a directory, not an .npz file"));
}

TEST_CASE("npz: broken npy members are refused with a message",
          "[runtime][npz]") {
  auto refuseNpy = [](const std::string &npy) {
    return refuse(makeZip({{"in0.npy", npy}}));
  };
  CHECK_THAT(refuseNpy("NUMPY......"), Contains("t.npz: member 'in0.npy': "
                                                "not an .npy file"));
  CHECK_THAT(refuseNpy(makeNpy(npyHeader("<c32", "(2,)"), floats(16))),
             Contains("dtype '<c32' is not supported (supported: <f4"));
  CHECK_THAT(refuseNpy(makeNpy(npyHeader(">f4", "(2,)"), floats(2))),
             Contains("big-endian dtype '>f4' is not supported"));
  CHECK_THAT(refuseNpy(makeNpy(npyHeader("<f4", "(3,)"), floats(2))),
             Contains("holds 8 bytes of data, but <f4 [3] needs 12"));
  CHECK_THAT(refuseNpy(makeNpy(npyHeader("<f4", "(3,)"), floats(4))),
             Contains("holds 16 bytes of data, but <f4 [3] needs 12"));
  CHECK_THAT(refuseNpy(makeNpy(npyHeader("<f4", "(-1,)"), "")),
             Contains("'shape' holds something other than sizes >= 0"));
  CHECK_THAT(
      refuseNpy(makeNpy(npyHeader("<f4", "(99999999999999999999,)"), "")),
      Contains("overflows int64"));
  CHECK_THAT(
      refuseNpy(makeNpy(npyHeader("<f4", "(4294967296, 4294967296, 16)"), "")),
      Contains("is too large"));
  CHECK_THAT(refuseNpy(makeNpy("{'descr': '<f4', 'shape': (1,)}", floats(1))),
             Contains("missing key 'fortran_order'"));
  CHECK_THAT(refuseNpy(makeNpy("{'descr': [('a', '<f4')], "
                               "'fortran_order': False, 'shape': (1,)}",
                               floats(1))),
             Contains("structured dtypes are not supported"));
  CHECK_THAT(refuseNpy(makeNpy("not a dict", floats(1))),
             Contains("bad .npy header at offset 0: expected '{'"));

  std::string npy = makeNpy(npyHeader("<f4", "(2,)"), floats(2));
  std::string wrongVersion = npy;
  wrongVersion[6] = 9;
  CHECK_THAT(refuseNpy(wrongVersion),
             Contains("unsupported .npy format version 9.0"));
  std::string longHeader = npy;
  longHeader[8] = char(0xff);
  longHeader[9] = char(0xff);
  CHECK_THAT(refuseNpy(longHeader), Contains("runs past the end of the data"));
}

TEST_CASE("npz writer: outputs written are read back alike", "[runtime][npz]") {
  // float32 [2, 3], int64 [4], a bfloat16 scalar (written as float32), bool [1, 2].
  std::vector<float> f32 = {1.5f, -2.0f, 0.25f, 3.0f, 1e-3f, -7.5f};
  std::vector<int64_t> i64 = {1, -2, 1LL << 40, 0};
  uint16_t bf16 = 0x3fc0; // 1.5
  std::vector<uint8_t> flags = {1, 0};
  int64_t s23[] = {2, 3}, s4[] = {4}, s12[] = {1, 2};
  DLTensor tensors[4] = {};
  tensors[0].data = f32.data(), tensors[0].ndim = 2, tensors[0].shape = s23;
  tensors[0].dtype = {kDLFloat, 32, 1};
  tensors[1].data = i64.data(), tensors[1].ndim = 1, tensors[1].shape = s4;
  tensors[1].dtype = {kDLInt, 64, 1};
  tensors[2].data = &bf16, tensors[2].ndim = 0, tensors[2].dtype = {kDLBfloat, 16, 1};
  tensors[3].data = flags.data(), tensors[3].ndim = 2, tensors[3].shape = s12;
  tensors[3].dtype = {6, 8, 1}; // bool (PT2C_DL_BOOL)
  std::vector<std::pair<std::string, std::vector<uint8_t>>> members;
  std::string error;
  for (int i = 0; i < 4; ++i) {
    members.push_back({"out" + std::to_string(i), {}});
    REQUIRE(encodeNpy(tensors[i], members.back().second, error));
  }
  std::string path = (std::filesystem::temp_directory_path() /
                      ("pt2c-npz-writer-" + std::to_string(getpid()) + ".npz"))
                         .string();
  REQUIRE(writeNpz(path, members, error));
  std::vector<NpyArray> arrays;
  REQUIRE(readNpz(path, arrays, error));
  REQUIRE(arrays.size() == 4);
  CHECK(arrays[0].shape == std::vector<int64_t>{2, 3});
  CHECK(std::memcmp(arrays[0].data.data(), f32.data(), 24) == 0);
  CHECK(arrays[1].shape == std::vector<int64_t>{4});
  CHECK(std::memcmp(arrays[1].data.data(), i64.data(), 32) == 0);
  CHECK(arrays[2].shape.empty());
  CHECK(arrays[2].dtype.code == kDLFloat);
  float scalar;
  std::memcpy(&scalar, arrays[2].data.data(), 4);
  CHECK(scalar == 1.5f);
  CHECK(arrays[3].dtype.code == 6);
  CHECK(arrays[3].data == flags);
  std::filesystem::remove(path);
  // complex64 is numpy's <c8 (the interleaved parts as they are): the six
  // floats as three complex numbers.
  int64_t s3[] = {3};
  DLTensor complex = tensors[0];
  complex.ndim = 1, complex.shape = s3;
  complex.dtype = {kDLComplex, 64, 1};
  std::vector<uint8_t> bytes;
  CHECK(encodeNpy(complex, bytes, error));
  CHECK(std::string(bytes.begin(), bytes.end()).find("'descr': '<c8'") != std::string::npos);
  // A dtype NumPy has no name for is refused by name, a bad path too.
  DLTensor opaque = tensors[0];
  opaque.dtype = {kDLOpaqueHandle, 64, 1};
  CHECK_FALSE(encodeNpy(opaque, bytes, error));
  CHECK_FALSE(writeNpz("/nonexistent-dir/x.npz", members, error));
  CHECK_THAT(error, Contains("/nonexistent-dir/x.npz"));
}
