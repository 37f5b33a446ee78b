/*===- KernelBundle.c - Choosing a kernel form for a GPU -----------------===*/

#include "KernelBundle.h"

#include "pt2c/model_abi.h"

#include <stdio.h>
#include <string.h>

static uint32_t read32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}

static uint64_t read64(const uint8_t *p) {
  return (uint64_t)read32(p) | (uint64_t)read32(p + 4) << 32;
}

enum { kHeaderBytes = 16, kEntryBytes = 24 };

int pt2crt_kernel_bundle_select(const void *bundle, uint64_t size, uint32_t sm,
                                pt2crt_kernel_image *out, char *forms,
                                size_t forms_size) {
  const uint8_t *bytes = bundle;
  if (forms && forms_size)
    forms[0] = '\0';
  if (!bytes || size < kHeaderBytes ||
      memcmp(bytes, PT2C_KERNEL_BUNDLE_MAGIC, 8) != 0)
    return PT2CRT_BUNDLE_MALFORMED;
  uint64_t count = read32(bytes + 8);
  /* An empty bundle would make "compiled for nothing" messages. */
  if (count == 0 || count > (size - kHeaderBytes) / kEntryBytes)
    return PT2CRT_BUNDLE_MALFORMED;
  int best_cubin = -1, best_ptx = -1;
  pt2crt_kernel_image images[2];
  for (uint64_t i = 0; i < count; ++i) {
    const uint8_t *entry = bytes + kHeaderBytes + i * kEntryBytes;
    pt2crt_kernel_image image = {read32(entry), read32(entry + 4), NULL,
                                 read64(entry + 16)};
    uint64_t offset = read64(entry + 8);
    if (offset > size || image.size > size - offset || image.size == 0)
      return PT2CRT_BUNDLE_MALFORMED;
    image.data = bytes + offset;
    if (image.kind == PT2C_KERNEL_PTX && image.data[image.size - 1] != '\0')
      return PT2CRT_BUNDLE_MALFORMED;
    if (image.kind != PT2C_KERNEL_PTX && image.kind != PT2C_KERNEL_CUBIN)
      return PT2CRT_BUNDLE_MALFORMED;
    if (forms && forms_size) {
      size_t used = strlen(forms);
      snprintf(forms + used, forms_size - used, "%s%s sm_%u", used ? ", " : "",
               image.kind == PT2C_KERNEL_CUBIN ? "cubin" : "ptx",
               (unsigned)image.sm);
    }
    if (image.kind == PT2C_KERNEL_CUBIN) {
      /* SASS runs on the same major at an equal or newer minor. */
      if (image.sm / 10 == sm / 10 && image.sm <= sm &&
          (best_cubin < 0 || image.sm > (uint32_t)best_cubin)) {
        best_cubin = (int)image.sm;
        images[0] = image;
      }
    } else if (image.sm <= sm && (best_ptx < 0 || image.sm > (uint32_t)best_ptx)) {
      best_ptx = (int)image.sm;
      images[1] = image;
    }
  }
  if (best_cubin >= 0) {
    *out = images[0];
    return PT2CRT_BUNDLE_OK;
  }
  if (best_ptx >= 0) {
    *out = images[1];
    return PT2CRT_BUNDLE_OK;
  }
  return PT2CRT_BUNDLE_NO_FIT;
}
