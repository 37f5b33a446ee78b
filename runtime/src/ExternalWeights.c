/*===- ExternalWeights.c - The weights blob, read from a .pt2 at create ---===*
 *
 * Two passes: first every entry the model needs is found and checked (from
 * the central directory and local headers only, so a wrong file is refused
 * before gigabytes are read), then each weight is read into place.
 * Contiguous weights are read straight into the blob; strided ones (a
 * transposed parameter, a view into a shared storage) read the span of
 * their storage they cover and are gathered from it.
 *===----------------------------------------------------------------------===*/

#include "ExternalWeights.h"
#include "Status.h"
#include "ZipFile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { kBlobAlignment = 64 };

/* One load: the file, its root folder, and per descriptor entry where its
 * data starts and the first weight read from it (to name in messages). */
typedef struct loader {
  const pt2c_model_desc *desc;
  const pt2c_external_weights_desc *external;
  pt2crt_zip zip;
  const char *root; /* "mlp/" or "": a prefix of some entry's name */
  size_t root_bytes;
  uint64_t *data_offsets;
  const char **entry_fqns;
} loader;

static pt2c_status *make_tables(loader *l) {
  size_t n = (size_t)l->external->n_entries + 1;
  l->data_offsets = calloc(n, sizeof(uint64_t));
  l->entry_fqns = calloc(n, sizeof(const char *));
  if (!l->data_offsets || !l->entry_fqns)
    return pt2crt_out_of_memory();
  for (int32_t w = l->desc->n_weights; w-- > 0;) {
    int32_t e = l->external->sources[w].entry;
    if (e >= 0)
      l->entry_fqns[e] = l->desc->weights[w].fqn ? l->desc->weights[w].fqn : "?";
  }
  return NULL;
}

/* torch.export.save puts every entry under one folder named after the file
 * (docs/pt2-format.md, "The root folder"), so copies of one export differ
 * there: the folder is whatever precedes the top-level `archive_format`
 * entry. */
static pt2c_status *find_root(loader *l) {
  for (size_t i = 0; i < l->zip.n_entries; ++i) {
    const char *name = l->zip.entries[i].name;
    const char *slash = strchr(name, '/');
    const char *last = slash ? slash + 1 : name;
    if (strcmp(last, "archive_format") == 0) {
      l->root = name;
      l->root_bytes = (size_t)(last - name);
      return NULL;
    }
  }
  return pt2crt_error(PT2C_INVALID_ARGUMENT,
                      "weights file '%s': not a .pt2 archive (it has no "
                      "archive_format entry); expected the archive the model "
                      "was compiled from (%s)",
                      l->zip.path, l->external->archive);
}

static pt2c_status *check_entry(loader *l, int32_t e) {
  const pt2c_archive_entry_desc *wanted = &l->external->entries[e];
  size_t name_bytes = strlen(wanted->name);
  char *full = malloc(l->root_bytes + name_bytes + 1);
  if (!full)
    return pt2crt_out_of_memory();
  memcpy(full, l->root, l->root_bytes);
  memcpy(full + l->root_bytes, wanted->name, name_bytes + 1);
  const pt2crt_zip_entry *entry = pt2crt_zip_find(&l->zip, full);
  pt2c_status *status = NULL;
  const char *path = l->zip.path, *fqn = l->entry_fqns[e] ? l->entry_fqns[e] : "?";
  if (!entry)
    status = pt2crt_error(
        PT2C_INVALID_ARGUMENT,
        "weights file '%s': no entry '%s' (weight '%s'); is it the archive "
        "the model was compiled from (%s)?",
        path, full, fqn, l->external->archive);
  else if (entry->method != 0 || (entry->flags & 1u))
    status = pt2crt_error(
        PT2C_UNSUPPORTED,
        "weights file '%s': entry '%s' (weight '%s') is %s (method %u); "
        "external weights must be STORED, as torch.export.save writes them "
        "(was the archive re-zipped?)",
        path, full, fqn, (entry->flags & 1u) ? "encrypted" : "compressed",
        (unsigned)entry->method);
  else if (entry->compressed_size != entry->size)
    status = pt2crt_error(
        PT2C_INVALID_ARGUMENT,
        "weights file '%s': entry '%s' (weight '%s') is STORED but its "
        "directory gives %" PRIu64 " stored and %" PRIu64 " actual bytes "
        "(a damaged archive?)",
        path, full, fqn, entry->compressed_size, entry->size);
  else if (wanted->exact && entry->size != wanted->bytes)
    status = pt2crt_error(
        PT2C_INVALID_ARGUMENT,
        "weights file '%s': entry '%s' (weight '%s') holds %" PRIu64
        " bytes, but %" PRIu64 " in the archive the model was compiled from "
        "(%s): another export?",
        path, full, fqn, entry->size, wanted->bytes, l->external->archive);
  else if (wanted->exact && entry->crc32 != wanted->crc32)
    status = pt2crt_error(
        PT2C_INVALID_ARGUMENT,
        "weights file '%s': entry '%s' (weight '%s') has CRC-32 0x%08" PRIx32
        ", but 0x%08" PRIx32 " in the archive the model was compiled from "
        "(%s): other weights of the same shapes?",
        path, full, fqn, entry->crc32, wanted->crc32, l->external->archive);
  else if (entry->size < wanted->min_bytes)
    status = pt2crt_error(
        PT2C_INVALID_ARGUMENT,
        "weights file '%s': entry '%s' (weight '%s') holds %" PRIu64
        " bytes; the model's weights need %" PRIu64
        " (a graph-only archive, or another export?)",
        path, full, fqn, entry->size, wanted->min_bytes);
  else
    status = pt2crt_zip_data_offset(&l->zip, entry, &l->data_offsets[e]);
  free(full);
  return status;
}

/* Copies a strided view out of `span` (its storage from element
 * storage_offset on) row-major into `out`. The innermost dims that are
 * already contiguous are copied as one run. */
static pt2c_status *gather(const pt2c_weight_source *source, const uint8_t *span,
                           uint8_t *out) {
  int32_t inner = source->rank;
  int64_t run = 1;
  while (inner > 0 && (source->sizes[inner - 1] == 1 ||
                       source->strides[inner - 1] == run)) {
    run *= source->sizes[inner - 1];
    --inner;
  }
  int64_t *index = calloc(inner > 0 ? (size_t)inner : 1, sizeof(int64_t));
  if (!index)
    return pt2crt_out_of_memory();
  size_t run_bytes = (size_t)run * source->element_bytes;
  for (;;) {
    int64_t element = 0;
    for (int32_t d = 0; d < inner; ++d)
      element += index[d] * source->strides[d];
    memcpy(out, span + element * source->element_bytes, run_bytes);
    out += run_bytes;
    int32_t d = inner;
    while (d > 0 && ++index[d - 1] == source->sizes[d - 1])
      index[--d] = 0;
    if (d == 0)
      break;
  }
  free(index);
  return NULL;
}

static int is_contiguous(const pt2c_weight_source *source) {
  int64_t expected = 1;
  for (int32_t d = source->rank; d-- > 0;) {
    if (source->sizes[d] != 1 && source->strides[d] != expected)
      return 0;
    expected *= source->sizes[d];
  }
  return 1;
}

/* Bytes of storage from element storage_offset to the view's last element
 * (the descriptor check made sure this fits in the entry). */
static uint64_t span_bytes(const pt2c_weight_source *source) {
  int64_t last = 0;
  for (int32_t d = 0; d < source->rank; ++d)
    last += (source->sizes[d] - 1) * source->strides[d];
  return (uint64_t)(last + 1) * source->element_bytes;
}

static pt2c_status *read_weight(const loader *l, int32_t w, uint8_t *blob) {
  const pt2c_weight_desc *weight = &l->desc->weights[w];
  const pt2c_weight_source *source = &l->external->sources[w];
  if (source->entry < 0 || weight->nbytes == 0)
    return NULL;
  uint64_t start = l->data_offsets[source->entry] +
                   (uint64_t)source->storage_offset * source->element_bytes;
  uint8_t *out = blob + weight->offset;
  if (is_contiguous(source))
    return pt2crt_zip_read(&l->zip, start, out, weight->nbytes);
  uint64_t bytes = span_bytes(source);
  uint8_t *span = bytes <= SIZE_MAX ? malloc((size_t)bytes) : NULL;
  if (!span)
    return pt2crt_alloc_error("a strided weight's storage", bytes);
  pt2c_status *status = pt2crt_zip_read(&l->zip, start, span, bytes);
  if (!status)
    status = gather(source, span, out);
  free(span);
  return status;
}

/* The bytes between weights are never read; zeroing them keeps the blob
 * identical to the embedded one (and tools like valgrind quiet). The
 * compiler lays weights out in order, so the gaps are found in one pass. */
static void zero_padding(const pt2c_model_desc *desc, uint8_t *blob,
                         uint64_t rounded) {
  uint64_t end = 0;
  for (int32_t w = 0; w < desc->n_weights; ++w) {
    const pt2c_weight_desc *weight = &desc->weights[w];
    if (weight->offset > end)
      memset(blob + end, 0, (size_t)(weight->offset - end));
    if (weight->offset + weight->nbytes > end)
      end = weight->offset + weight->nbytes;
  }
  memset(blob + end, 0, (size_t)(rounded - end));
}

pt2c_status *pt2crt_load_external_weights(const pt2c_model_desc *desc,
                                          const char *path,
                                          uint8_t **out_blob) {
  loader l;
  memset(&l, 0, sizeof l);
  l.desc = desc;
  l.external = desc->external_weights;
  pt2c_status *status = pt2crt_zip_open(path, &l.zip);
  if (status)
    return status;
  status = find_root(&l);
  if (!status)
    status = make_tables(&l);
  for (int32_t e = 0; !status && e < l.external->n_entries; ++e)
    status = check_entry(&l, e);

  uint64_t rounded = (desc->weights_bytes + kBlobAlignment - 1) / kBlobAlignment *
                     kBlobAlignment;
  uint8_t *blob = NULL;
  if (!status) {
    blob = rounded <= SIZE_MAX && rounded > 0
               ? aligned_alloc(kBlobAlignment, (size_t)rounded)
               : NULL;
    if (!blob)
      status = pt2crt_alloc_error("the weights", desc->weights_bytes);
  }
  if (!status)
    zero_padding(desc, blob, rounded);
  for (int32_t w = 0; !status && w < desc->n_weights; ++w)
    status = read_weight(&l, w, blob);
  /* The batch norms the compiler folded into weights, as it did to an
   * embedded blob (the descriptor check validated them). */
  if (!status)
    pt2crt_apply_weight_folds(blob, l.external->n_folds, l.external->folds);
  free(l.data_offsets);
  free(l.entry_fqns);
  pt2crt_zip_close(&l.zip);
  if (status) {
    free(blob);
    return status;
  }
  *out_blob = blob;
  return NULL;
}
