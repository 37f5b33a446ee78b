#!/usr/bin/env python3
"""Rewrites .pt2 archives and .npz files smaller, in place, readable as before.

torch.export.save and numpy.savez write every zip member STORED. The test
data's archives are mostly program JSON (the OpInfo and op-corpus families
hold hundreds of programs each) and their .npz files compress too, so they
are rewritten with DEFLATE where it pays:

  .pt2: every member except tensor payloads (`<archive>/data/...` other than
        JSON) is deflated; payloads stay STORED and 64-byte aligned, as
        torch writes them, because pt2c uses them in place.
  .npz: every member is deflated (numpy and pt2c-run read both forms).

A member that would not shrink stays STORED. Run it on what
tools/export_*.py wrote before committing (test/data/README.md); a second
run changes nothing.

  python3 tools/compact_archives.py test/data/opinfo/*.pt2 test/data/opinfo/*.npz
"""

import argparse
import os
import sys
import tempfile
import zipfile
import zlib

ALIGNMENT = 64  # torch's PyTorchStreamWriter aligns each payload to 64 bytes
PADDING_ID = b"FB"  # the extra-field id torch's writer pads with
LOCAL_HEADER_BYTES = 30


def is_payload(name):
    parts = name.split("/")
    return len(parts) > 2 and parts[1] == "data" and not name.endswith(".json")


def deflates_smaller(data):
    return len(data) >= 64 and len(zlib.compress(data, 9)) < len(data) * 0.9


def aligned_extra(header_offset, name):
    """An extra field that puts the member's data on a 64-byte boundary."""
    start = header_offset + LOCAL_HEADER_BYTES + len(name.encode("utf-8"))
    pad = -start % ALIGNMENT
    if pad == 0:
        return b""
    if pad < 4:  # an extra field is at least its id and size
        pad += ALIGNMENT
    return PADDING_ID + (pad - 4).to_bytes(2, "little") + b"Z" * (pad - 4)


def compact(path):
    archive = path.endswith(".pt2")
    with zipfile.ZipFile(path) as source:
        members = [(info, source.read(info)) for info in source.infolist()]
    directory = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(dir=directory, suffix=".tmp")
    os.close(handle)
    try:
        with zipfile.ZipFile(temporary, "w") as target:
            for info, data in members:
                out = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                out.external_attr = info.external_attr
                keep_stored = archive and is_payload(info.filename)
                if not keep_stored and deflates_smaller(data):
                    out.compress_type = zipfile.ZIP_DEFLATED
                    target.writestr(out, data, compresslevel=9)
                    continue
                out.compress_type = zipfile.ZIP_STORED
                if archive:
                    out.extra = aligned_extra(target.fp.tell(), info.filename)
                target.writestr(out, data)
        before, after = os.path.getsize(path), os.path.getsize(temporary)
        if after >= before:
            os.remove(temporary)
            return before, before
        os.replace(temporary, path)
        return before, after
    except BaseException:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help=".pt2 and .npz files, rewritten in place")
    args = parser.parse_args()
    total_before = total_after = 0
    for path in args.files:
        if not path.endswith((".pt2", ".npz")):
            sys.exit(f"{path}: not a .pt2 or .npz file")
        before, after = compact(path)
        total_before += before
        total_after += after
        print(f"{path}: {before} -> {after} bytes")
    print(f"all: {total_before} -> {total_after} bytes")


if __name__ == "__main__":
    main()
