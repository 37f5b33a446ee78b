//===- DoubleArchive.h - A .pt2 holding the test double's weights ---------===//
//
// What the external test double (TestModel.c, PT2C_TEST_EXTERNAL_WEIGHTS)
// reads its weights from: w contiguous in weight_0, b a transposed view
// from element 1 of weight_1, under a root folder, written as torch writes
// (aligned data, data descriptors, zip64 records). Fields can be changed to
// make wrong archives.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TEST_UNIT_RUNTIME_DOUBLEARCHIVE_H
#define PT2C_TEST_UNIT_RUNTIME_DOUBLEARCHIVE_H

#include "TestNpz.h"
#include "ZipBuilder.h"

#include <string>
#include <vector>

namespace pt2c::test {

inline std::string floats(std::vector<float> values) { return bytesOf(values); }

struct DoubleArchive {
  std::string root = "test_double/";
  std::string weight0 = floats({0.5f, -1.0f, 2.0f, 0.25f});
  std::string weight1 = floats({9.0f, 1.0f, -0.5f, 0.0f, 3.0f});
  uint16_t method = 0;
  bool withArchiveFormat = true;
  bool withWeight1 = true;
  ZipWriteOptions zip = [] {
    ZipWriteOptions options;
    options.dataDescriptor = true;
    options.align = 64;
    options.zip64 = true;
    return options;
  }();

  std::string bytes() const {
    std::vector<ZipMember> members;
    members.push_back({root + "data/weights/weight_0", weight0, method});
    if (withWeight1)
      members.push_back({root + "data/weights/weight_1", weight1, method});
    members.push_back({root + "models/model.json", "{}"});
    if (withArchiveFormat)
      members.push_back({root + "archive_format", "pt2"});
    return buildZip(members, zip);
  }
};

} // namespace pt2c::test

#endif // PT2C_TEST_UNIT_RUNTIME_DOUBLEARCHIVE_H
