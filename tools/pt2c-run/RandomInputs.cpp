//===- RandomInputs.cpp - Inputs drawn from a model's signature -----------===//

#include "RandomInputs.h"

#include <cstring>
#include <limits>
#include <random>
#include <sstream>

namespace pt2c::run {

bool parseShapes(const std::vector<std::string> &items,
                 std::map<std::string, std::vector<int64_t>> &shapes, std::string &error) {
  for (const std::string &list : items) {
    std::stringstream entries(list);
    std::string item;
    while (std::getline(entries, item, ',')) {
      size_t equals = item.find('=');
      if (equals == std::string::npos || equals == 0 || equals + 1 == item.size()) {
        error = "--shapes: '" + item + "' is not NAME=DIMxDIMx... (for example input_ids=2x128)";
        return false;
      }
      std::vector<int64_t> shape;
      std::stringstream dims(item.substr(equals + 1));
      std::string dim;
      while (std::getline(dims, dim, 'x')) {
        if (dim.empty() || dim.size() > 18 || dim.find_first_not_of("0123456789") != std::string::npos) {
          error = "--shapes: '" + item + "': '" + dim + "' is not a size";
          return false;
        }
        shape.push_back(std::stoll(dim));
      }
      shapes[item.substr(0, equals)] = shape;
    }
  }
  return true;
}

namespace {

std::string shapeText(const std::vector<int64_t> &shape) {
  std::string text;
  for (int64_t dim : shape)
    text += (text.empty() ? "" : "x") + std::to_string(dim);
  return text.empty() ? "a scalar" : text;
}

/// The npy descr and the element bytes of what the array holds for `dtype`
/// (bfloat16: float32); false for a dtype this cannot make.
bool arrayType(DLDataType dtype, DLDataType &held, std::string &descr) {
  held = dtype;
  if (dtype.lanes != 1)
    return false;
  switch (int(dtype.code)) {
  case kDLFloat:
    if (dtype.bits != 16 && dtype.bits != 32 && dtype.bits != 64)
      return false;
    descr = "<f" + std::to_string(dtype.bits / 8);
    return true;
  case kDLComplex:
    descr = dtype.bits == 64 ? "<c8" : "<c16";
    return dtype.bits == 64 || dtype.bits == 128;
  case kDLBfloat:
    held = {kDLFloat, 32, 1};
    descr = "<f4";
    return dtype.bits == 16;
  case kDLInt:
    descr = (dtype.bits == 8 ? "|i" : "<i") + std::to_string(dtype.bits / 8);
    return dtype.bits == 8 || dtype.bits == 16 || dtype.bits == 32 || dtype.bits == 64;
  case kDLUInt:
    descr = "|u1";
    return dtype.bits == 8;
  case PT2C_DL_BOOL:
    descr = "|b1";
    return dtype.bits == 8;
  default:
    return false;
  }
}

void fill(NpyArray &array, std::mt19937_64 &generator) {
  std::uniform_real_distribution<float> real(-1.0f, 1.0f);
  std::uniform_int_distribution<int> bit(0, 1);
  int64_t n = array.numElements();
  size_t bytes = array.elementBytes();
  array.data.assign(size_t(n) * bytes, 0);
  for (int64_t k = 0; k < n; ++k) {
    uint8_t *at = array.data.data() + size_t(k) * bytes;
    if (array.dtype.code == kDLComplex) {
      // Both parts, each drawn as a float of the part's width.
      for (size_t part = 0; part < 2; ++part) {
        float value = real(generator);
        if (array.dtype.bits == 128) {
          double wide = value;
          std::memcpy(at + part * 8, &wide, 8);
        } else {
          std::memcpy(at + part * 4, &value, 4);
        }
      }
    } else if (array.dtype.code == kDLFloat) {
      float value = real(generator);
      if (array.dtype.bits == 64) {
        double wide = value;
        std::memcpy(at, &wide, 8);
      } else if (array.dtype.bits == 16) {
        _Float16 half = static_cast<_Float16>(value);
        std::memcpy(at, &half, 2);
      } else {
        std::memcpy(at, &value, 4);
      }
    } else {
      // Little-endian: the low byte alone makes 0 or 1 in any width.
      at[0] = uint8_t(bit(generator));
    }
  }
}

} // namespace

bool randomInputs(const Pt2cApi &api, pt2c_model *model, uint64_t seed,
                  const std::map<std::string, std::vector<int64_t>> &shapes,
                  std::vector<NpyArray> &arrays, std::string &error) {
  size_t count = api.pt2c_model_num_inputs(model);
  for (const auto &[name, shape] : shapes) {
    bool known = false;
    for (size_t i = 0; i < count && !known; ++i)
      known = name == api.pt2c_model_input_name(model, i);
    if (!known) {
      error = "--shapes names '" + name + "', which is no input of the model";
      return false;
    }
  }
  // The symbols' sizes: from the shapes given first, then their least size.
  std::map<int32_t, int64_t> symbols;
  for (size_t i = 0; i < count; ++i) {
    std::string name = api.pt2c_model_input_name(model, i);
    auto given = shapes.find(name);
    int32_t rank = api.pt2c_model_input_rank(model, i);
    const int64_t *compiled = api.pt2c_model_input_shape(model, i);
    if (given == shapes.end())
      continue;
    if (int32_t(given->second.size()) != rank) {
      error = "--shapes gives input '" + name + "' " + shapeText(given->second) +
              ", but it has rank " + std::to_string(rank);
      return false;
    }
    for (int32_t d = 0; d < rank; ++d) {
      int64_t size = given->second[size_t(d)];
      if (compiled[d] >= 0 && compiled[d] != size) {
        error = "--shapes gives input '" + name + "' size " + std::to_string(size) +
                " in dim " + std::to_string(d) + ", which the model compiled as " +
                std::to_string(compiled[d]);
        return false;
      }
      int32_t symbol = api.pt2c_model_input_dim_symbol(model, i, d);
      if (symbol >= 0 && !symbols.emplace(symbol, size).second && symbols[symbol] != size) {
        error = "--shapes gives symbol '" +
                std::string(api.pt2c_model_symbol_name(model, size_t(symbol))) +
                "' two sizes, " + std::to_string(symbols[symbol]) + " and " +
                std::to_string(size);
        return false;
      }
    }
  }
  std::mt19937_64 generator(seed);
  arrays.clear();
  for (size_t i = 0; i < count; ++i) {
    NpyArray array;
    array.name = "in" + std::to_string(i);
    DLDataType dtype = api.pt2c_model_input_dtype(model, i);
    if (!arrayType(dtype, array.dtype, array.descr)) {
      error = "--random-inputs cannot make input '" +
              std::string(api.pt2c_model_input_name(model, i)) + "' (dtype code " +
              std::to_string(dtype.code) + ", " + std::to_string(dtype.bits) + " bits)";
      return false;
    }
    int32_t rank = api.pt2c_model_input_rank(model, i);
    const int64_t *compiled = api.pt2c_model_input_shape(model, i);
    for (int32_t d = 0; d < rank; ++d) {
      int64_t size = compiled[d];
      if (size < 0) {
        int32_t symbol = api.pt2c_model_input_dim_symbol(model, i, d);
        auto known = symbols.find(symbol);
        if (known == symbols.end()) {
          int64_t least = 1, most = std::numeric_limits<int64_t>::max();
          pt2c_status *status = api.pt2c_model_symbol_range(model, size_t(symbol), &least, &most);
          if (status)
            api.pt2c_status_free(status);
          known = symbols.emplace(symbol, least < 1 ? 1 : least).first;
        }
        size = known->second;
      }
      array.shape.push_back(size);
    }
    fill(array, generator);
    arrays.push_back(std::move(array));
  }
  return true;
}

} // namespace pt2c::run
