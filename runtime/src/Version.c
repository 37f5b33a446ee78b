/*===- Version.c - pt2c_abi_version ---------------------------------------===*/

#include "pt2c/pt2c.h"

#include <assert.h>

/* The DLPack 0.6 layout the ABI promises (x86-64 and other LP64 targets). */
static_assert(sizeof(DLDataType) == 4, "DLDataType layout");
static_assert(sizeof(DLDevice) == 8, "DLDevice layout");
static_assert(sizeof(DLTensor) == 48, "DLTensor layout");
static_assert(offsetof(DLTensor, byte_offset) == 40, "DLTensor layout");
static_assert(sizeof(pt2c_code) == 4, "pt2c_code is int-sized");

PT2C_API uint32_t pt2c_abi_version(void) { return PT2C_ABI_VERSION; }
