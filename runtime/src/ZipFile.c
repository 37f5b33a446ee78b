/*===- ZipFile.c - The central directory of a zip file, read with pread ---===*
 *
 * The layout is the zip APPNOTE's; docs/pt2-format.md ("The zip container")
 * says which parts torch uses. Little-endian fields are assembled byte by
 * byte, so nothing depends on the host's alignment or byte order.
 *===----------------------------------------------------------------------===*/

#include "ZipFile.h"
#include "Status.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
  kEndRecordBytes = 22,        /* classic end of central directory */
  kMaxCommentBytes = 0xFFFF,
  kZip64LocatorBytes = 20,
  kZip64EndRecordBytes = 56,
  kDirectoryHeaderBytes = 46,
  kLocalHeaderBytes = 30,
};

static const uint32_t kEndRecordSig = 0x06054b50;
static const uint32_t kZip64LocatorSig = 0x07064b50;
static const uint32_t kZip64EndRecordSig = 0x06064b50;
static const uint32_t kDirectoryHeaderSig = 0x02014b50;
static const uint32_t kLocalHeaderSig = 0x04034b50;

static uint16_t get16(const uint8_t *p) {
  return (uint16_t)(p[0] | (p[1] << 8));
}
static uint32_t get32(const uint8_t *p) {
  return (uint32_t)get16(p) | ((uint32_t)get16(p + 2) << 16);
}
static uint64_t get64(const uint8_t *p) {
  return (uint64_t)get32(p) | ((uint64_t)get32(p + 4) << 32);
}

/* PT2C_INVALID_ARGUMENT, "weights file 'PATH': " then the formatted text. */
static pt2c_status *zip_error(const pt2crt_zip *zip, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
static pt2c_status *zip_error(const pt2crt_zip *zip, const char *format, ...) {
  va_list args, again;
  va_start(args, format);
  va_copy(again, args);
  int length = vsnprintf(NULL, 0, format, args);
  va_end(args);
  char *text = length >= 0 ? malloc((size_t)length + 1) : NULL;
  if (text)
    vsnprintf(text, (size_t)length + 1, format, again);
  va_end(again);
  if (!text)
    return pt2crt_out_of_memory();
  pt2c_status *status = pt2crt_error(PT2C_INVALID_ARGUMENT,
                                     "weights file '%s': %s", zip->path, text);
  free(text);
  return status;
}

pt2c_status *pt2crt_zip_read(const pt2crt_zip *zip, uint64_t offset,
                             void *out, uint64_t bytes) {
  if (offset > zip->file_size || bytes > zip->file_size - offset)
    return zip_error(zip,
                     "the file ends at byte %" PRIu64 ", before the %" PRIu64
                     " bytes at offset %" PRIu64 " it should hold (truncated?)",
                     zip->file_size, bytes, offset);
  uint8_t *cursor = out;
  while (bytes > 0) {
    /* Linux reads at most about 2 GiB per call. */
    size_t chunk = bytes > ((uint64_t)1 << 30) ? (size_t)1 << 30 : (size_t)bytes;
    ssize_t got = pread(zip->fd, cursor, chunk, (off_t)offset);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0) {
      char reason[128] = "unknown error";
      strerror_r(errno, reason, sizeof reason);
      return zip_error(zip, "reading %zu bytes at offset %" PRIu64 ": %s",
                       chunk, offset, reason);
    }
    if (got == 0)
      return zip_error(zip, "the file ended at offset %" PRIu64
                            " while reading it (was it truncated?)",
                       offset);
    cursor += got;
    offset += (uint64_t)got;
    bytes -= (uint64_t)got;
  }
  return NULL;
}

/* Where the directory is and how many entries it has. */
typedef struct directory_span {
  uint64_t offset, size, count;
} directory_span;

/* The classic end record, found by scanning back over a possible comment,
 * then the zip64 end record if a locator precedes it (torch always writes
 * one; its values win over the classic ones, which saturate at 0xFFFF...). */
static pt2c_status *find_directory(const pt2crt_zip *zip, directory_span *span) {
  if (zip->file_size < kEndRecordBytes)
    return zip_error(zip, "not a zip archive (%" PRIu64
                          " bytes, too short for a zip end record); expected "
                          "the .pt2 the model was compiled from",
                     zip->file_size);
  uint64_t tail_bytes = zip->file_size < kEndRecordBytes + kMaxCommentBytes
                            ? zip->file_size
                            : kEndRecordBytes + kMaxCommentBytes;
  uint64_t tail_offset = zip->file_size - tail_bytes;
  uint8_t *tail = malloc((size_t)tail_bytes);
  if (!tail)
    return pt2crt_out_of_memory();
  pt2c_status *status = pt2crt_zip_read(zip, tail_offset, tail, tail_bytes);
  if (status) {
    free(tail);
    return status;
  }
  int64_t found = -1;
  for (int64_t at = (int64_t)(tail_bytes - kEndRecordBytes); at >= 0; --at) {
    const uint8_t *p = tail + at;
    if (get32(p) == kEndRecordSig &&
        (uint64_t)at + kEndRecordBytes + get16(p + 20) <= tail_bytes) {
      found = at;
      break;
    }
  }
  if (found < 0) {
    free(tail);
    return zip_error(zip, "not a zip archive (no end of central directory "
                          "record); expected the .pt2 the model was "
                          "compiled from");
  }
  const uint8_t *end = tail + found;
  uint64_t end_offset = tail_offset + (uint64_t)found;
  uint16_t disk = get16(end + 4), directory_disk = get16(end + 6);
  span->count = get16(end + 10);
  span->size = get32(end + 12);
  span->offset = get32(end + 16);
  int saturated = span->count == 0xFFFF || span->size == 0xFFFFFFFFu ||
                  span->offset == 0xFFFFFFFFu;
  free(tail);

  uint8_t locator[kZip64LocatorBytes];
  int has_locator = 0;
  if (end_offset >= kZip64LocatorBytes) {
    if ((status = pt2crt_zip_read(zip, end_offset - kZip64LocatorBytes,
                                  locator, kZip64LocatorBytes)))
      return status;
    has_locator = get32(locator) == kZip64LocatorSig;
  }
  if (has_locator) {
    uint64_t record_offset = get64(locator + 8);
    uint8_t record[kZip64EndRecordBytes];
    if (record_offset > end_offset ||
        end_offset - record_offset < kZip64EndRecordBytes)
      return zip_error(zip, "the zip64 end-record locator points at offset %" PRIu64
                            ", which is not before the end record at %" PRIu64,
                       record_offset, end_offset);
    if ((status = pt2crt_zip_read(zip, record_offset, record,
                                  kZip64EndRecordBytes)))
      return status;
    if (get32(record) != kZip64EndRecordSig)
      return zip_error(zip, "no zip64 end record at offset %" PRIu64
                            ", where its locator points",
                       record_offset);
    disk = (uint16_t)(get32(record + 16) != 0);
    directory_disk = (uint16_t)(get32(record + 20) != 0);
    span->count = get64(record + 32);
    span->size = get64(record + 40);
    span->offset = get64(record + 48);
    end_offset = record_offset;
  } else if (saturated) {
    return zip_error(zip, "the end record's counts are saturated (zip64) but "
                          "there is no zip64 end record");
  }
  if (disk != 0 || directory_disk != 0)
    return zip_error(zip, "split over several disks, which is not supported");
  if (span->offset > end_offset || span->size > end_offset - span->offset)
    return zip_error(zip, "the central directory [%" PRIu64 ", +%" PRIu64
                          ") does not end before the end record at %" PRIu64
                          " (truncated or not a zip?)",
                     span->offset, span->size, end_offset);
  if (span->count > span->size / kDirectoryHeaderBytes)
    return zip_error(zip, "%" PRIu64 " entries cannot fit in a central "
                          "directory of %" PRIu64 " bytes",
                     span->count, span->size);
  return NULL;
}

/* The 64-bit values of a zip64 extra field (id 1) for the 32-bit fields of
 * the directory header that hold 0xFFFFFFFF, in the APPNOTE's order. */
static int read_zip64_extra(const uint8_t *extra, uint16_t extra_bytes,
                            pt2crt_zip_entry *entry, uint32_t size32,
                            uint32_t csize32, uint32_t offset32) {
  for (uint32_t at = 0; at + 4 <= extra_bytes;) {
    uint16_t id = get16(extra + at), length = get16(extra + at + 2);
    if (at + 4 + length > extra_bytes)
      return 0;
    if (id == 0x0001) {
      const uint8_t *p = extra + at + 4;
      uint32_t left = length;
      uint64_t *fields[3] = {&entry->size, &entry->compressed_size,
                             &entry->local_header_offset};
      uint32_t narrow[3] = {size32, csize32, offset32};
      for (int f = 0; f < 3; ++f) {
        if (narrow[f] != 0xFFFFFFFFu)
          continue;
        if (left < 8)
          return 0;
        *fields[f] = get64(p);
        p += 8;
        left -= 8;
      }
      return 1;
    }
    at += 4u + length;
  }
  /* No zip64 field: every saturated value would be wrong. */
  return size32 != 0xFFFFFFFFu && csize32 != 0xFFFFFFFFu &&
         offset32 != 0xFFFFFFFFu;
}

static int compare_entries(const void *a, const void *b) {
  return strcmp(((const pt2crt_zip_entry *)a)->name,
                ((const pt2crt_zip_entry *)b)->name);
}

static pt2c_status *read_directory(pt2crt_zip *zip, const directory_span *span) {
  uint8_t *directory = malloc(span->size ? (size_t)span->size : 1);
  zip->entries = calloc(span->count ? (size_t)span->count : 1,
                        sizeof(pt2crt_zip_entry));
  /* Every name is shorter than its header, so size + count holds them all
   * with their NULs. */
  zip->names = malloc((size_t)(span->size + span->count + 1));
  if (!directory || !zip->entries || !zip->names) {
    free(directory);
    return pt2crt_alloc_error("a zip central directory", span->size);
  }
  pt2c_status *status =
      pt2crt_zip_read(zip, span->offset, directory, span->size);
  char *names = zip->names;
  uint64_t at = 0;
  for (uint64_t i = 0; !status && i < span->count; ++i) {
    const uint8_t *h = directory + at;
    if (span->size - at < kDirectoryHeaderBytes ||
        get32(h) != kDirectoryHeaderSig) {
      status = zip_error(zip, "central directory entry %" PRIu64
                              " at offset %" PRIu64 " is not a directory header",
                         i, span->offset + at);
      break;
    }
    uint16_t name_bytes = get16(h + 28), extra_bytes = get16(h + 30),
             comment_bytes = get16(h + 32);
    uint64_t header_bytes =
        (uint64_t)kDirectoryHeaderBytes + name_bytes + extra_bytes + comment_bytes;
    if (span->size - at < header_bytes) {
      status = zip_error(zip, "central directory entry %" PRIu64
                              " runs past the end of the directory",
                         i);
      break;
    }
    pt2crt_zip_entry *entry = &zip->entries[i];
    entry->flags = get16(h + 8);
    entry->method = get16(h + 10);
    entry->crc32 = get32(h + 16);
    entry->compressed_size = get32(h + 20);
    entry->size = get32(h + 24);
    entry->local_header_offset = get32(h + 42);
    memcpy(names, h + kDirectoryHeaderBytes, name_bytes);
    names[name_bytes] = '\0';
    entry->name = names;
    names += name_bytes + 1;
    if (!read_zip64_extra(h + kDirectoryHeaderBytes + name_bytes, extra_bytes,
                          entry, get32(h + 24), get32(h + 20), get32(h + 42))) {
      status = zip_error(zip, "entry '%s' needs a zip64 extra field for its "
                              "sizes or offset, and has none (or a short one)",
                         entry->name);
      break;
    }
    at += header_bytes;
  }
  free(directory);
  if (status)
    return status;
  zip->n_entries = (size_t)span->count;
  qsort(zip->entries, zip->n_entries, sizeof(pt2crt_zip_entry), compare_entries);
  return NULL;
}

pt2c_status *pt2crt_zip_open(const char *path, pt2crt_zip *zip) {
  memset(zip, 0, sizeof *zip);
  zip->fd = -1;
  zip->path = path;
  zip->fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat info;
  /* fstat as glibc 2.28 exports it (GlibcBaseline.h, force-included). */
  if (zip->fd < 0 || pt2crt_fstat(zip->fd, &info) != 0) {
    char reason[128] = "unknown error";
    strerror_r(errno, reason, sizeof reason);
    pt2crt_zip_close(zip);
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "weights file '%s': cannot open it: %s", path, reason);
  }
  if (!S_ISREG(info.st_mode)) {
    pt2crt_zip_close(zip);
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "weights file '%s': not a regular file", path);
  }
  zip->file_size = (uint64_t)info.st_size;
  directory_span span;
  pt2c_status *status = find_directory(zip, &span);
  if (!status)
    status = read_directory(zip, &span);
  if (status)
    pt2crt_zip_close(zip);
  return status;
}

void pt2crt_zip_close(pt2crt_zip *zip) {
  if (zip->fd >= 0)
    close(zip->fd);
  free(zip->entries);
  free(zip->names);
  zip->fd = -1;
  zip->entries = NULL;
  zip->names = NULL;
  zip->n_entries = 0;
}

const pt2crt_zip_entry *pt2crt_zip_find(const pt2crt_zip *zip,
                                        const char *name) {
  pt2crt_zip_entry key;
  memset(&key, 0, sizeof key);
  key.name = name;
  if (zip->n_entries == 0)
    return NULL;
  return bsearch(&key, zip->entries, zip->n_entries, sizeof(pt2crt_zip_entry),
                 compare_entries);
}

pt2c_status *pt2crt_zip_data_offset(const pt2crt_zip *zip,
                                    const pt2crt_zip_entry *entry,
                                    uint64_t *out_offset) {
  uint8_t header[kLocalHeaderBytes];
  pt2c_status *status = pt2crt_zip_read(zip, entry->local_header_offset,
                                        header, kLocalHeaderBytes);
  if (status)
    return status;
  if (get32(header) != kLocalHeaderSig)
    return zip_error(zip, "entry '%s': no local header at offset %" PRIu64,
                     entry->name, entry->local_header_offset);
  uint64_t data = entry->local_header_offset + kLocalHeaderBytes +
                  get16(header + 26) + get16(header + 28);
  if (data > zip->file_size || entry->compressed_size > zip->file_size - data)
    return zip_error(zip, "entry '%s': its %" PRIu64 " bytes at offset %" PRIu64
                          " run past the end of the file (%" PRIu64
                          " bytes; truncated?)",
                     entry->name, entry->compressed_size, data, zip->file_size);
  *out_offset = data;
  return NULL;
}
