//===- ArchiveFuzzer.cpp - libFuzzer target: the archive reader -----------===//
//
// Any bytes through Pt2Archive::open, the reader every command starts with:
// the zip directory, the JSON reader, the program checks and the weights
// configs. A refusal (an llvm::Error) is the expected outcome for most
// inputs; a crash, a sanitizer report or a hang is a finding. What open
// accepts is then read as the compiler would: every weight view's bytes
// (each view must lie inside the mapped file) and every node's arguments.
//
//===----------------------------------------------------------------------===//

#include "MemoryFile.h"

#include "pt2c/Archive/Pt2Archive.h"

#include "llvm/Support/Error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pt2c::fuzz::MemoryFile file(data, size);
  if (file.path().empty())
    return 0;
  auto opened = pt2c::archive::Pt2Archive::open(file.path());
  if (!opened) {
    llvm::consumeError(opened.takeError());
    return 0;
  }
  // The compiler reads each view's elements from its storage: a view that
  // open accepted must lie inside it (sizes, strides and the storage offset
  // checked against the payload), or embedding it would read out of bounds.
  volatile uint8_t sink = 0;
  for (const pt2c::archive::TensorView &view : (*opened)->tensors()) {
    if (view.dataMissing || view.numel() == 0)
      continue;
    __int128 last = view.storageOffset, first = view.storageOffset;
    for (size_t d = 0; d < view.sizes.size() && d < view.strides.size(); ++d) {
      __int128 span = static_cast<__int128>(view.sizes[d] - 1) * view.strides[d];
      (span < 0 ? first : last) += span;
    }
    __int128 elementBytes = view.nbytes() / static_cast<uint64_t>(view.numel());
    if (first < 0 || (last + 1) * elementBytes > static_cast<__int128>(view.storage.size()))
      __builtin_trap(); // a finding: an accepted view outside its storage
    for (uint8_t byte : view.storage)
      sink = sink ^ byte;
  }
  (void)sink;
  return 0;
}
