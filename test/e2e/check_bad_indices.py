#!/usr/bin/env python3
"""A bad request cannot crash a model: token ids out of range.

usage: check_bad_indices.py PT2C PT2C_RUN DATA_DIR WORK_DIR FIXTURE

Compiles FIXTURE (its first input: token ids) for the CPU, then runs it on
its stored sample with one id replaced by 10^9, by -5 and by the table's
size: each run must fail with exit 2 and a message naming the input, the
node and the value (the index checks of pt2c-lower-prim-to-linalg), never
crash or read outside the embedding table; the unmodified sample must
still match eager PyTorch. No numpy: the .npy inside the sample is edited
in place.
"""
import os
import re
import struct
import subprocess
import sys
import zipfile


def npy_data_start(npy):
    """Offset of the array's bytes in a version 1 .npy file."""
    assert npy[:6] == b"\x93NUMPY" and npy[6] == 1, "expected a version 1 .npy"
    return 10 + struct.unpack("<H", npy[8:10])[0]


def write_sample(source, target, position, value):
    """`source` with element `position` of in0 (int64) set to `value`."""
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(target, "w") as out:
        for name in original.namelist():
            data = original.read(name)
            if name == "in0.npy":
                header = data[:npy_data_start(data)].decode("latin1")
                assert "'<i8'" in header, f"in0 is not int64: {header}"
                offset = npy_data_start(data) + 8 * position
                data = data[:offset] + struct.pack("<q", value) + data[offset + 8:]
            out.writestr(name, data)


def main():
    pt2c, runner, data, work, fixture = sys.argv[1:6]
    os.makedirs(work, exist_ok=True)
    library = os.path.join(work, fixture + ".bad-indices.so")
    sample = os.path.join(data, fixture + ".io.npz")
    subprocess.run([pt2c, os.path.join(data, fixture + ".pt2"), "-o", library], check=True)
    good = subprocess.run([runner, "run", library, "--inputs", sample, "--expect", sample],
                          capture_output=True, text=True)
    if good.returncode != 0:
        print(f"{fixture}: FAIL: the stored sample did not pass:\n{good.stdout}{good.stderr}")
        return 1
    vocabulary = None
    failures = 0
    for value in (10**9, -5, "size"):
        bad = os.path.join(work, f"{fixture}.bad-{value}.npz")
        # The size is learned from the first message ("a dimension of size N").
        write_sample(sample, bad, 3, vocabulary if value == "size" else value)
        result = subprocess.run([runner, "run", library, "--inputs", bad],
                                capture_output=True, text=True)
        message = result.stderr.strip()
        shown = vocabulary if value == "size" else value
        expected = [f"index {shown} is out of range", "input 'input_ids'", "embedding"]
        if result.returncode != 2 or not all(part in message for part in expected):
            print(f"{fixture}: FAIL: id {shown}: exit {result.returncode}, expected 2 and "
                  f"{expected} in: {message}")
            failures += 1
        if vocabulary is None:
            found = re.search(r"a dimension of size (\d+)", message)
            vocabulary = int(found.group(1)) if found else 0
        print(f"{fixture}: id {shown}: {message}")
    print(f"{fixture}: {'FAIL' if failures else 'PASS'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
