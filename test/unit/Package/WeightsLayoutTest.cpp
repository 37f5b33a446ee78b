// mergeLeadingDims: the view a convolution filter, permuted to
// [C, KH, KW, F], is packed from as the matrix [C * KH * KW, F]; inPanels:
// the view gathered row-major into column panels.

#include "../../../lib/Package/WeightsLayout.h"

#include <catch2/catch.hpp>

using pt2c::archive::TensorView;
using pt2c::detail::inPanels;
using pt2c::detail::mergeLeadingDims;

namespace {
TensorView view(std::vector<int64_t> sizes, std::vector<int64_t> strides) {
  TensorView v;
  v.sizes = std::move(sizes);
  v.strides = std::move(strides);
  return v;
}
} // namespace

TEST_CASE("A filter permuted to [C, KH, KW, F] is the matrix [C * KH * KW, F]", "[package]") {
  // [F=64, C=8, 3, 3] row-major, permuted by [1, 2, 3, 0].
  TensorView filter = view({8, 3, 3, 64}, {9, 3, 1, 72});
  REQUIRE(mergeLeadingDims(filter));
  CHECK(filter.sizes == std::vector<int64_t>{72, 64});
  CHECK(filter.strides == std::vector<int64_t>{1, 72});
}

TEST_CASE("Unit dims do not stop the leading dims from merging", "[package]") {
  // A 1x1 filter [F=32, C=16, 1, 1] permuted to [16, 1, 1, 32]: the unit
  // dims' strides say nothing.
  TensorView pointwise = view({16, 1, 1, 32}, {1, 1, 1, 16});
  REQUIRE(mergeLeadingDims(pointwise));
  CHECK(pointwise.sizes == std::vector<int64_t>{16, 32});
  CHECK(pointwise.strides == std::vector<int64_t>{1, 16});
  TensorView oddStrides = view({16, 1, 1, 32}, {1, 7, 5, 16});
  REQUIRE(mergeLeadingDims(oddStrides));
  CHECK(oddStrides.strides == std::vector<int64_t>{1, 16});
}

TEST_CASE("Leading dims that do not nest are refused and left as they were", "[package]") {
  // [C, KH, KW, F] permuted from [F, KH, KW, C] ([1, 0, ...] would not
  // nest): C steps by 1, KH by 24.
  TensorView crossed = view({8, 3, 3, 64}, {1, 24, 8, 72});
  TensorView before = crossed;
  CHECK_FALSE(mergeLeadingDims(crossed));
  CHECK(crossed.sizes == before.sizes);
  CHECK(crossed.strides == before.strides);
}

TEST_CASE("A matrix stays as it is", "[package]") {
  TensorView matrix = view({768, 3072}, {1, 768});
  REQUIRE(mergeLeadingDims(matrix));
  CHECK(matrix.sizes == std::vector<int64_t>{768, 3072});
  CHECK(matrix.strides == std::vector<int64_t>{1, 768});
}

TEST_CASE("A matrix-like filter packs as [F / panel, K, panel]", "[package]") {
  // [F=64, C=8, 3, 3] row-major, permuted to [C, KH, KW, F]: K = 72 rows.
  auto packed = inPanels(view({8, 3, 3, 64}, {9, 3, 1, 72}), 32);
  REQUIRE(packed);
  CHECK(packed->sizes == std::vector<int64_t>{2, 72, 32});
  // Panel p starts at filter 32 p (72 elements each); row k is element k
  // of a filter; column c is filter c of the panel.
  CHECK(packed->strides == std::vector<int64_t>{32 * 72, 1, 72});
}

TEST_CASE("Leading dims that do not nest are packed as they are", "[package]") {
  // [F=64, C=8, 3, 3] row-major, permuted by [2, 3, 1, 0] to [KH, KW, C,
  // F] (K ordered kh, kw, c: the windows a convolution along its filters
  // copies channels innermost): KH steps by 3, KW by 1, C by 9.
  auto packed = inPanels(view({3, 3, 8, 64}, {3, 1, 9, 72}), 32);
  REQUIRE(packed);
  CHECK(packed->sizes == std::vector<int64_t>{2, 3, 3, 8, 32});
  CHECK(packed->strides == std::vector<int64_t>{32 * 72, 3, 1, 9, 72});
}

TEST_CASE("Columns that are not whole panels are refused", "[package]") {
  CHECK_FALSE(inPanels(view({72, 40}, {1, 72}), 32));
  CHECK_FALSE(inPanels(view({64}, {1}), 32));
}
