/*===- ZipFile.h - The central directory of a zip file, read with pread ---===*
 *
 * What the runtime needs to load external weights from a .pt2: the entries of
 * a zip (docs/pt2-format.md, "The zip container": zip64 end records and extra
 * fields, data descriptors, local extra fields that align the data) and the
 * bytes of STORED ones. Nothing is mapped: the file is read with pread, so a
 * file that shrinks under us gives an error, never SIGBUS. Every offset and
 * size read from the file is checked against its size before it is used.
 * Errors are PT2C_INVALID_ARGUMENT statuses that start with "weights file
 * 'PATH': ".
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_ZIPFILE_H
#define PT2C_RUNTIME_ZIPFILE_H

#include "pt2c/pt2c.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pt2crt_zip_entry {
  const char *name; /* NUL-terminated copy, owned by the pt2crt_zip */
  uint16_t method;  /* 0 STORED, 8 DEFLATE, ... */
  uint16_t flags;   /* general-purpose flags; bit 0: encrypted */
  uint32_t crc32;
  uint64_t compressed_size;
  uint64_t size; /* uncompressed */
  uint64_t local_header_offset;
} pt2crt_zip_entry;

typedef struct pt2crt_zip {
  int fd;
  const char *path; /* borrowed, for messages */
  uint64_t file_size;
  size_t n_entries;
  pt2crt_zip_entry *entries; /* sorted by name, for pt2crt_zip_find */
  char *names;
} pt2crt_zip;

/* Opens `path` and reads its central directory. On failure `zip` needs no
 * close. */
pt2c_status *pt2crt_zip_open(const char *path, pt2crt_zip *zip);
void pt2crt_zip_close(pt2crt_zip *zip);

/* The entry named exactly `name`, or NULL. */
const pt2crt_zip_entry *pt2crt_zip_find(const pt2crt_zip *zip,
                                        const char *name);

/* Where the data of a STORED entry starts in the file, from its local
 * header (whose extra field may differ from the central one), checked to
 * lie inside the file with all `entry->size` bytes. */
pt2c_status *pt2crt_zip_data_offset(const pt2crt_zip *zip,
                                    const pt2crt_zip_entry *entry,
                                    uint64_t *out_offset);

/* Reads `bytes` bytes at `offset` of the file into `out`; an error if the
 * file ends first. */
pt2c_status *pt2crt_zip_read(const pt2crt_zip *zip, uint64_t offset,
                             void *out, uint64_t bytes);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_ZIPFILE_H */
