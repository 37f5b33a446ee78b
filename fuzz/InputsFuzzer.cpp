//===- InputsFuzzer.cpp - libFuzzer target: a model's input checks --------===//
//
// What a server running a model takes from a request: an .npz of inputs
// (pt2c-run's reader, tools/pt2c-run/Npz.h) turned into DLTensors and run
// through pt2c_model_run of the runtime's test-double model
// (test/unit/Runtime/TestModel.c: x float32[s0, 4], shift int64[s0],
// s0 in [1, 64]), linked into this binary with the runtime so both are
// instrumented. The first input byte spoils the tensors the way a careless
// caller does (a wrong count, strides, a byte offset, another device, a
// rank off by one, caller-allocated outputs of the wrong size); the rest
// is the .npz. Refusals are expected; a crash or a sanitizer report is a
// finding, and so is a run that accepts inputs the model cannot read
// within their buffers (AddressSanitizer sees the read).
//
//===----------------------------------------------------------------------===//

#include "Npz.h"

#include "pt2c/pt2c.h"

#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

enum Spoil : uint8_t {
  kCompactStrides = 1 << 0,  // strides given, row-major
  kSkewedStrides = 1 << 1,   // the first stride one element off
  kAlignedOffset = 1 << 2,   // byte_offset of one element (data moved along)
  kMisalignedOffset = 1 << 3, // byte_offset 1
  kOneInput = 1 << 4,        // n_inputs 1
  kCudaDevice = 1 << 5,      // input 0 on kDLCUDA
  kRankPlusOne = 1 << 6,     // ndim one more (the extra dim of size 1)
  kCallerOutputs = 1 << 7,   // outputs allocated here, s0 rows (+1 with kRankPlusOne)
};

pt2c_model *model() {
  static pt2c_model *created = [] {
    pt2c_options *options = nullptr;
    pt2c_model *result = nullptr;
    if (pt2c_options_create(PT2C_ABI_VERSION, &options) ||
        pt2c_options_set_cpu_threads(options, 1) || pt2c_model_create(options, &result))
      std::abort(); // the test double itself must load
    pt2c_options_free(options);
    return result;
  }();
  return created;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  uint8_t spoil = data[0];
  std::vector<pt2c::run::NpyArray> arrays;
  std::string error;
  if (!pt2c::run::parseNpz(data + 1, size - 1, "fuzz.npz", arrays, error) || arrays.size() > 4)
    return 0;

  // Each input owns its shape (with room for one more dim of size 1), its
  // strides and a copy of its data with room for a byte_offset.
  struct Owned {
    std::vector<int64_t> shape, strides;
    std::vector<uint8_t> bytes;
  };
  std::vector<Owned> owned(arrays.size());
  std::vector<DLTensor> inputs(arrays.size());
  for (size_t i = 0; i < arrays.size(); ++i) {
    const pt2c::run::NpyArray &array = arrays[i];
    Owned &o = owned[i];
    o.shape = array.shape;
    if (spoil & kRankPlusOne)
      o.shape.push_back(1);
    o.strides.assign(o.shape.size(), 1);
    for (int d = static_cast<int>(o.shape.size()) - 2; d >= 0; --d)
      o.strides[d] = o.strides[d + 1] * o.shape[d + 1];
    if ((spoil & kSkewedStrides) && !o.strides.empty())
      o.strides[0] += 1;
    size_t offset = (spoil & kMisalignedOffset) ? 1 : (spoil & kAlignedOffset) ? array.elementBytes() : 0;
    o.bytes.assign(array.data.size() + 64, 0);
    std::memcpy(o.bytes.data() + offset, array.data.data(), array.data.size());
    DLTensor &t = inputs[i];
    t.data = o.bytes.data();
    t.byte_offset = offset;
    t.device = {(i == 0 && (spoil & kCudaDevice)) ? kDLCUDA : kDLCPU, 0};
    t.ndim = static_cast<int32_t>(o.shape.size());
    t.dtype = array.dtype;
    t.shape = o.shape.data();
    t.strides = (spoil & (kCompactStrides | kSkewedStrides)) ? o.strides.data() : nullptr;
  }

  // Outputs: y float32[s0, 4] and positive bool[s0, 4], either left to the
  // model or allocated here with s0 from x's first dim (one row more with
  // kRankPlusOne), so a wrong size must be refused, never written past.
  int64_t rows = !arrays.empty() && !arrays[0].shape.empty() ? arrays[0].shape[0] : 1;
  if (spoil & kRankPlusOne)
    rows += 1;
  if (rows < 0 || rows > 1024)
    return 0;
  int64_t outShape[2][2] = {{rows, 4}, {rows, 4}};
  std::vector<float> y(rows * 4);
  std::vector<uint8_t> positive(rows * 4);
  DLTensor outputs[2] = {};
  if (spoil & kCallerOutputs) {
    outputs[0] = {y.data(), {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, outShape[0], nullptr, 0};
    outputs[1] = {positive.data(), {kDLCPU, 0}, 2, {PT2C_DL_BOOL, 8, 1}, outShape[1], nullptr, 0};
  }
  size_t nInputs = (spoil & kOneInput) ? std::min<size_t>(1, inputs.size()) : inputs.size();
  pt2c_status *status = pt2c_model_run(model(), inputs.data(), nInputs, outputs, 2);
  if (status) {
    // A refused run allocates nothing and says why.
    if (!(spoil & kCallerOutputs) && (outputs[0].data || outputs[1].data))
      std::abort();
    if (pt2c_status_message(status)[0] == '\0')
      std::abort();
    pt2c_status_free(status);
  } else if (!(spoil & kCallerOutputs)) {
    pt2c_tensor_free(&outputs[0]);
    pt2c_tensor_free(&outputs[1]);
  }
  return 0;
}
